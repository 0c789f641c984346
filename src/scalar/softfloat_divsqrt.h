/* Exact division and square root on integers (softfloat.h's decode and rounding): a quotient or
 * root of at least p + 2 bits with a sticky bit for a nonzero remainder, rounded once. */
#ifndef PTXCPU_SCALAR_SOFTFLOAT_DIVSQRT_H
#define PTXCPU_SCALAR_SOFTFLOAT_DIVSQRT_H

#include "softfloat.h"

/* A finite nonzero significand shifted so that its leading bit is bit 52 (exponent adjusted). */
static inline void sf_norm53(sf_val *v)
{
    int sh = 52 - (63 - __builtin_clzll(v->sig));
    v->sig <<= sh;
    v->exp -= sh;
}

/* x / y of two finite nonzero values: both significands in [2^52, 2^53), so
 * q = (x.sig << 64) / y.sig lies in (2^63, 2^65): >= 64 bits, with the remainder ORed into bit 0
 * (a sticky bit below p + 2 <= 55 bits rounds as the exact quotient would, in every mode). */
static inline uint64_t sf_div_finite(sf_fmt f, sf_val x, sf_val y, int rnd, int ftz)
{
    sf_norm53(&x);
    sf_norm53(&y);
    sf_u128 num = (sf_u128)x.sig << 64;
    sf_u128 q = num / y.sig, rem = num % y.sig;
    return sf_round(f, x.sign ^ y.sign, q | (rem != 0), x.exp - 64 - y.exp, rnd, ftz);
}

/* Integer square root floor(sqrt(n)) of n < 2^120 and whether it was exact, bit by bit. */
static inline uint64_t sf_isqrt128(sf_u128 n, int *exact)
{
    sf_u128 r = 0, bit = (sf_u128)1 << 118; /* the highest power of 4 <= 2^120 */
    while (bit > n)
        bit >>= 2;
    while (bit) {
        if (n >= r + bit) {
            n -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    *exact = n == 0;
    return (uint64_t)r;
}

/* sqrt of a finite positive value: the significand (bit 52 leading) shifted left by 64 or 65 so
 * that the exponent is even, n in [2^116, 2^118): its root has 59 bits, plus a sticky bit. */
static inline uint64_t sf_sqrt_finite(sf_fmt f, sf_val x, int rnd, int ftz)
{
    sf_norm53(&x);
    int sh = ((x.exp - 64) & 1) ? 65 : 64;
    int exact;
    uint64_t r = sf_isqrt128((sf_u128)x.sig << sh, &exact);
    sf_u128 mag = ((sf_u128)r << 1) | !exact;
    return sf_round(f, 0, mag, (x.exp - sh) / 2 - 1, rnd, ftz);
}

#endif
