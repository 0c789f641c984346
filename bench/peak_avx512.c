/* Raw 512-bit FMA ceiling in simde intrinsics (built with AVX-512 flags; run only where the CPU
 * has AVX-512F and the OS saves ZMM state). */
#include "peak.h"

#include <simde/x86/avx512.h>

double peak_fma_zmm(uint64_t iters)
{
    simde__m512 acc[16];
    const simde__m512 m = simde_mm512_set1_ps(0.999999f), c = simde_mm512_set1_ps(1e-7f);
    for (int i = 0; i < 16; i++)
        acc[i] = simde_mm512_set1_ps((float)i);
    for (uint64_t n = 0; n < iters; n++)
        for (int i = 0; i < 16; i++)
            acc[i] = simde_mm512_fmadd_ps(acc[i], m, c);
    simde__m512 s = acc[0];
    for (int i = 1; i < 16; i++)
        s = simde_mm512_add_ps(s, acc[i]);
    float lanes[16];
    simde_mm512_storeu_ps(lanes, s);
    volatile float sink = lanes[0] + lanes[15];
    (void)sink;
    return (double)iters * 16 * 16;
}
