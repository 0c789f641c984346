/* Raw 256-bit ceilings in simde intrinsics (built with -mavx2 -mfma, so they are native
 * instructions): independent FMA accumulators, byte dot products, an L1 stream. */
#include "peak.h"

#include <simde/x86/avx2.h>
#include <simde/x86/fma.h>

/* 12 independent accumulators cover FMA latency (4-5 cycles) on two ports. */
double peak_fma_ymm(uint64_t iters)
{
    simde__m256 acc[12];
    const simde__m256 m = simde_mm256_set1_ps(0.999999f), c = simde_mm256_set1_ps(1e-7f);
    for (int i = 0; i < 12; i++)
        acc[i] = simde_mm256_set1_ps((float)i);
    for (uint64_t n = 0; n < iters; n++)
        for (int i = 0; i < 12; i++)
            acc[i] = simde_mm256_fmadd_ps(acc[i], m, c);
    simde__m256 s = acc[0];
    for (int i = 1; i < 12; i++)
        s = simde_mm256_add_ps(s, acc[i]);
    volatile float sink = simde_mm256_cvtss_f32(s);
    (void)sink;
    return (double)iters * 12 * 8;
}

/* dp4a without VNNI: vpmaddubsw (u8*s8 pairs -> s16), vpmaddwd with ones (-> s32), vpaddd. */
double peak_dot_ymm(uint64_t iters)
{
    simde__m256i acc[8];
    const simde__m256i a = simde_mm256_set1_epi32(0x01020304), b = simde_mm256_set1_epi32(0x05060708);
    const simde__m256i ones = simde_mm256_set1_epi16(1);
    for (int i = 0; i < 8; i++)
        acc[i] = simde_mm256_set1_epi32(i);
    for (uint64_t n = 0; n < iters; n++)
        for (int i = 0; i < 8; i++) {
            simde__m256i p = simde_mm256_maddubs_epi16(simde_mm256_xor_si256(a, acc[i]), b);
            acc[i] = simde_mm256_add_epi32(acc[i], simde_mm256_madd_epi16(p, ones));
        }
    simde__m256i s = acc[0];
    for (int i = 1; i < 8; i++)
        s = simde_mm256_add_epi32(s, acc[i]);
    volatile int sink = simde_mm256_extract_epi32(s, 0);
    (void)sink;
    return (double)iters * 8 * 8;
}

/* d[i] = a[i] + b[i] over 3 x 4 KiB arrays: 2 loads and 1 store of 32 bytes per step. */
double peak_stream_ymm(uint64_t iters, void *buf)
{
    enum { N = 4096 / 32 };
    simde__m256i *a = buf, *b = a + N, *d = b + N;
    for (uint64_t n = 0; n < iters; n++) {
        for (int i = 0; i < N; i++)
            simde_mm256_store_si256(&d[i], simde_mm256_add_epi32(simde_mm256_load_si256(&a[i]),
                                                                simde_mm256_load_si256(&b[i])));
        __asm__ volatile("" ::: "memory");
    }
    return (double)iters * N * 96;
}
