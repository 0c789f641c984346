/* Scalar reference of the approximate algebraic instructions that have no IEEE twin in the table:
 * div.approx.f32 (9.7.3.8), rsqrt.approx (9.7.3.16, 9.7.3.17) and rcp.approx.ftz.f64 (9.7.3.14),
 * in exact integer arithmetic; the methods and their bounds are in docs/SEMANTICS.md. */
#ifndef PTXCPU_SCALAR_FLOAT_APPROX_ALG_H
#define PTXCPU_SCALAR_FLOAT_APPROX_ALG_H

#include "float_arith.h"
#include "float_divsqrt.h"

/* The upper word of an f64 read as a float of its own (1.11.20): 21-bit significand, the f64
 * exponent. Its canonical NaN (sf_nan) is 0x7fffffff, the spec's 0x7fffffff00000000 once shifted
 * back into the upper word. */
#define SF_F64HI ((sf_fmt){21, 11})

/* 1/sqrt(x) of a finite positive x, rounded once to nearest: x = S 2^E with S's leading bit at 52
 * or 53 and E even, so 1/sqrt(x) = sqrt(2^126 / S) 2^(-63 - E/2); floor(sqrt(floor(2^126 / S)))
 * is floor(sqrt(2^126 / S)), a root of 36 or 37 bits, exact only when both steps are: enough with
 * a sticky bit for formats of up to 34 bits. */
static inline uint64_t sf_rsqrt_finite(sf_fmt f, sf_val x, int ftz)
{
    sf_norm53(&x);
    if (x.exp & 1) {
        x.sig <<= 1;
        x.exp -= 1;
    }
    sf_u128 num = (sf_u128)1 << 126, n = num / x.sig;
    int exact;
    uint64_t r = sf_isqrt128(n, &exact);
    exact = exact && num % x.sig == 0;
    return sf_round(f, 0, ((sf_u128)r << 1) | !exact, -63 - x.exp / 2 - 1, RND_RN, ftz);
}

/* rsqrt of format f: NaN -> canonical, +-0 -> +-inf, other negatives -> NaN (made, f64),
 * +inf -> +0. */
static inline uint64_t sf_rsqrt(sf_fmt f, uint64_t ab, int ftz, uint64_t neg_nan)
{
    sf_val x = sf_decode(f, ab, ftz);
    if (x.cls == SF_NAN)
        return sf_nan(f);
    if (x.cls == SF_ZERO)
        return sf_inf(f, x.sign);
    if (x.sign)
        return neg_nan;
    if (x.cls == SF_INF)
        return sf_zero(f, 0);
    return sf_rsqrt_finite(f, x, ftz);
}

/* rsqrt.approx{.ftz}.f32: 1/sqrt(a) correctly rounded (RN). rsqrt.approx.f64: RN(1 / RN(sqrt(a))),
 * two IEEE operations (a NaN input quieted, a negative one 0xfff8000000000000 as sqrt.f64).
 * rsqrt.approx.ftz.f64: 1/sqrt of a's upper word (1.11.20), rounded to nearest in that format,
 * the lower word zero; inputs and results flushed, NaN 0x7fffffff00000000 (9.7.3.17). */
static inline uint64_t ptx_lane_FRSQRT(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                       uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)b; (void)c; (void)e; (void)cf;
    if (ty != TY_F64)
        return sf_rsqrt(SF_F32, a, (m & M_FTZ) != 0, sf_nan(SF_F32));
    if (m & M_FTZ)
        return sf_rsqrt(SF_F64HI, a >> 32, 1, sf_nan(SF_F64HI)) << 32;
    sf_val x = sf_decode(SF_F64, a, 0);
    if (x.cls == SF_NAN)
        return a | (1ull << 51);
    if (x.cls == SF_FINITE && !x.sign)
        return sf_div(SF_F64, sf_one(SF_F64), sf_sqrt_finite(SF_F64, x, RND_RN, 0), RND_RN, 0);
    return sf_rsqrt(SF_F64, a, 0, FSQRT_F64_NEG_NAN);
}

/* rcp.approx.ftz.f64 (9.7.3.14): 1 / (a's upper word), rounded to nearest in 1.11.20, in the
 * upper word; inputs and results flushed; NaN 0x7fffffff00000000. */
static inline uint64_t ptx_lane_FRCPH(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                      uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)ty2; (void)m; (void)rnd; (void)b; (void)c; (void)e; (void)cf;
    return sf_div(SF_F64HI, sf_one(SF_F64HI), a >> 32, RND_RN, 1) << 32;
}

/* div.approx{.ftz}.f32 (9.7.3.8): "d = a * (1/b)": the reciprocal rounded to nearest, a subnormal
 * one flushed to zero (so |b| in (2^126, 2^128) gives a signed zero, inf / b NaN, as the spec
 * says), then the product rounded to nearest; .ftz flushes a, b and the product. Without .ftz a
 * subnormal b is scaled by 2^24 first and the product by 2^24 after (both exact: that product
 * is normal or infinite), as an H100 does (2^-23 / 2^-148 = 2^125, 0 / -2^-149 = -0). */
#define FDIVA_2P24 0x4b800000u
static inline uint64_t ptx_lane_FDIVA(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                      uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)ty2; (void)rnd; (void)c; (void)e; (void)cf;
    int ftz = (m & M_FTZ) != 0, scale = 0;
    if ((b & sf_expmask(SF_F32)) == 0) {
        if (ftz)
            b &= sf_signbit(SF_F32);
        else if ((scale = (b & sf_fracmask(SF_F32)) != 0))
            b = sf_mul(SF_F32, b, FDIVA_2P24, RND_RN, 0);
    }
    uint64_t r = sf_div(SF_F32, sf_one(SF_F32), b, RND_RN, 0);
    if ((r & sf_expmask(SF_F32)) == 0)
        r &= sf_signbit(SF_F32);
    uint64_t d = sf_mul(SF_F32, a, r, RND_RN, ftz);
    return scale ? sf_mul(SF_F32, d, FDIVA_2P24, RND_RN, 0) : d;
}

#endif
