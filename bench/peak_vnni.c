/* Raw 512-bit vpdpbusd ceiling in simde intrinsics (built with AVX-512 VNNI flags; run only where
 * the CPU has AVX512_VNNI and the OS saves ZMM state): the bound of dp4a on AVX-512. */
#include "peak.h"

#include <simde/x86/avx512.h>

/* 16 independent accumulators cover vpdpbusd latency (5 cycles) on two ports. gcc 12 copies a
 * vpdpbusd accumulator through two register moves per instruction (raw intrinsics too); the empty
 * asm that pins each accumulator in its register (no instruction) removes them: without it the
 * ceiling came out 25-40% low and varied from run to run. */
#if defined(__GNUC__)
#define PIN_(x) __asm__("" : "+v"(x))
#else
#define PIN_(x) (void)0
#endif
#define DOT_ACCS_(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)
double peak_dot_zmm(uint64_t iters)
{
    const simde__m512i a = simde_mm512_set1_epi32(0x01020304), b = simde_mm512_set1_epi32(0x05060708);
#define DOT_INIT_(i) simde__m512i acc##i = simde_mm512_set1_epi32(i);
#define DOT_STEP_(i) acc##i = simde_mm512_dpbusd_epi32(acc##i, a, b); PIN_(acc##i);
#define DOT_SUM_(i) s = simde_mm512_add_epi32(s, acc##i);
    DOT_ACCS_(DOT_INIT_)
    for (uint64_t n = 0; n < iters; n++) {
        DOT_ACCS_(DOT_STEP_)
    }
    simde__m512i s = simde_mm512_setzero_si512();
    DOT_ACCS_(DOT_SUM_)
    int32_t lanes[16];
    simde_mm512_storeu_si512(lanes, s);
    volatile uint32_t sink = (uint32_t)lanes[0] + (uint32_t)lanes[15]; /* wraps: no signed overflow */
    (void)sink;
    return (double)iters * 16 * 16;
}
