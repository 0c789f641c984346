/* Checks the facts that let the vector kernels of sin, cos and tanh .approx.f32 skip SLEEF on tiny
 * inputs (src/simd/float_approx.h): over every f32 below each function's threshold, both signs,
 * SLEEF's deterministic function (the AVX-512F build, which equals every other ISA's) returns
 * sinf(x) = x for |x| < 2^-12, tanhf(x) = x for |x| < 2^-25, cosf(x) = 1 for |x| < 2^-24.
 * Needs an AVX-512F CPU. Build and run (about 20 s):
 *   cc -O2 -mavx512f -mfma tools/sleef_tiny_check.c -o /tmp/tiny -lsleef && /tmp/tiny
 * Exit status 0 when every input gave the stated result. */
#include "../src/approx_tiny.h" /* the thresholds the kernels use */

#include <immintrin.h>
#include <sleef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct fact {
    const char *name;
    __m512 (*fn)(__m512);
    uint32_t below; /* |x| below this bit pattern */
    int one;        /* the result is 1.0f (else x itself) */
    unsigned long wrong;
    uint32_t first;
} fact;

static void check(fact *f)
{
    const __m512i step = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (uint32_t sign = 0; sign < 2; sign++)
        for (uint32_t m = 0; m < f->below; m += 16) { /* the thresholds are multiples of 16 */
            uint32_t base = m | sign << 31;
            __m512i bits = _mm512_add_epi32(_mm512_set1_epi32((int)base), step);
            __m512i want = f->one ? _mm512_set1_epi32(0x3f800000) : bits;
            __m512i got = _mm512_castps_si512(f->fn(_mm512_castsi512_ps(bits)));
            __mmask16 bad = _mm512_cmpneq_epi32_mask(got, want);
            if (bad && !f->wrong)
                f->first = base + (uint32_t)__builtin_ctz(bad);
            f->wrong += (unsigned long)__builtin_popcount(bad);
        }
}

int main(void)
{
    fact facts[] = {
        {"sinf(x) = x", Sleef_finz_sinf16_u35avx512f, APPROX_TINY_SIN, 0, 0, 0},
        {"tanhf(x) = x", Sleef_finz_tanhf16_u35avx512f, APPROX_TINY_TANH, 0, 0, 0},
        {"cosf(x) = 1", Sleef_finz_cosf16_u35avx512f, APPROX_TINY_COS, 1, 0, 0},
    };
    int failed = 0;
    for (size_t i = 0; i < sizeof facts / sizeof *facts; i++) {
        fact *f = &facts[i];
        check(f);
        printf("%-13s for |x| < 0x%08x: %s", f->name, f->below, f->wrong ? "WRONG" : "holds");
        if (f->wrong)
            printf(" on %lu inputs, first 0x%08x", f->wrong, f->first);
        printf(" (%lu inputs)\n", 2ul * f->below);
        failed |= f->wrong != 0;
    }
    return failed;
}
