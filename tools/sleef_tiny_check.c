/* Checks, over every f32 input with |x| < 2^-12 (both signs, 2^31 - 2^28.9 patterns), that SLEEF's
 * deterministic sinf (Sleef_finz_sinf16_u35avx512f) returns x itself: the fact that lets the
 * vector kernels of sin.approx.f32 skip the call there (src/simd/float_approx.h). Also reports,
 * for comparison, how often tanhf differs from x and cosf from 1 on the same inputs (the reason
 * those two have no such bypass). Needs an AVX-512F CPU. Build and run (about 15 s):
 *   cc -O2 -mavx512f -mfma tools/sleef_tiny_check.c -o /tmp/tiny -lsleef && /tmp/tiny
 * Exit status 0 when sinf returned x everywhere. */
#include <immintrin.h>
#include <sleef.h>
#include <stdint.h>
#include <stdio.h>

#define TINY_EXP 115u /* biased exponent of 2^-12 */

typedef struct tally {
    const char *what;
    unsigned long n;
    uint32_t first;
} tally;

static void count(tally *t, __mmask16 differs, uint32_t base)
{
    if (!differs)
        return;
    if (!t->n)
        t->first = base + (uint32_t)__builtin_ctz(differs);
    t->n += (unsigned long)__builtin_popcount(differs);
}

int main(void)
{
    tally sin_t = {"sinf(x) != x", 0, 0}, tanh_t = {"tanhf(x) != x", 0, 0},
          cos_t = {"cosf(x) != 1", 0, 0};
    const __m512i step = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i one = _mm512_set1_epi32(0x3f800000);
    for (uint32_t sign = 0; sign < 2; sign++)
        for (uint32_t m = 0; m < TINY_EXP << 23; m += 16) {
            uint32_t base = m | sign << 31;
            __m512i bits = _mm512_add_epi32(_mm512_set1_epi32((int)base), step);
            __m512 x = _mm512_castsi512_ps(bits);
            count(&sin_t, _mm512_cmpneq_epi32_mask(
                              _mm512_castps_si512(Sleef_finz_sinf16_u35avx512f(x)), bits), base);
            count(&tanh_t, _mm512_cmpneq_epi32_mask(
                               _mm512_castps_si512(Sleef_finz_tanhf16_u35avx512f(x)), bits), base);
            count(&cos_t, _mm512_cmpneq_epi32_mask(
                              _mm512_castps_si512(Sleef_finz_cosf16_u35avx512f(x)), one), base);
        }
    const tally *all[] = {&sin_t, &tanh_t, &cos_t};
    for (int i = 0; i < 3; i++)
        printf("%-14s on %lu of the inputs (first at 0x%08x)\n", all[i]->what, all[i]->n,
               all[i]->first);
    return sin_t.n != 0;
}
