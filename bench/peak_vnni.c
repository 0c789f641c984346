/* Raw 512-bit vpdpbusd ceiling in simde intrinsics (built with AVX-512 VNNI flags; run only where
 * the CPU has AVX512_VNNI and the OS saves ZMM state): the bound of dp4a on AVX-512. */
#include "peak.h"

#include <simde/x86/avx512.h>

/* 16 independent accumulators cover vpdpbusd latency (5 cycles) on two ports. */
double peak_dot_zmm(uint64_t iters)
{
    simde__m512i acc[16];
    const simde__m512i a = simde_mm512_set1_epi32(0x01020304), b = simde_mm512_set1_epi32(0x05060708);
    for (int i = 0; i < 16; i++)
        acc[i] = simde_mm512_set1_epi32(i);
    for (uint64_t n = 0; n < iters; n++)
        for (int i = 0; i < 16; i++)
            acc[i] = simde_mm512_dpbusd_epi32(acc[i], a, b);
    simde__m512i s = acc[0];
    for (int i = 1; i < 16; i++)
        s = simde_mm512_add_epi32(s, acc[i]);
    int32_t lanes[16];
    simde_mm512_storeu_si512(lanes, s);
    volatile int32_t sink = lanes[0] + lanes[15];
    (void)sink;
    return (double)iters * 16 * 16;
}
