/* Scalar reference of the IEEE-rounded div (9.7.3.8), rcp (9.7.3.13) and sqrt (9.7.3.15): exact
 * integer division / square root (softfloat_divsqrt.h), with the NaN rules of docs/SEMANTICS.md,
 * as an H100 returns them: an f32 NaN result is 0x7fffffff; an f64 one is the NaN input quieted
 * (div: a's before b's), else sqrt of a negative gives 0xfff8000000000000 and div's 0/0, inf/inf
 * 0x7fffffffffffffff. */
#ifndef PTXCPU_SCALAR_FLOAT_DIVSQRT_H
#define PTXCPU_SCALAR_FLOAT_DIVSQRT_H

#include "softfloat_divsqrt.h"

/* The NaN result given the (up to two) inputs, in order of preference, and the NaN the f64 form
 * makes from numbers. */
#define FSQRT_F64_NEG_NAN 0xfff8000000000000ull
static inline uint64_t fdiv_nan(sf_fmt f, uint64_t first, int first_nan, uint64_t second,
                                int second_nan, uint64_t made)
{
    if (f.p != 53)
        return sf_nan(f);
    uint64_t quiet = 1ull << (f.p - 2);
    if (first_nan)
        return first | quiet;
    if (second_nan)
        return second | quiet;
    return made;
}

static inline uint64_t sf_div(sf_fmt f, uint64_t ab, uint64_t bb, int rnd, int ftz)
{
    sf_val x = sf_decode(f, ab, ftz), y = sf_decode(f, bb, ftz);
    int s = x.sign ^ y.sign;
    if (x.cls == SF_NAN || y.cls == SF_NAN)
        return fdiv_nan(f, ab, x.cls == SF_NAN, bb, y.cls == SF_NAN, 0);
    if ((x.cls == SF_ZERO && y.cls == SF_ZERO) || (x.cls == SF_INF && y.cls == SF_INF))
        return sf_nan(f);
    if (x.cls == SF_INF || y.cls == SF_ZERO)
        return sf_inf(f, s);
    if (x.cls == SF_ZERO || y.cls == SF_INF)
        return sf_zero(f, s);
    return sf_div_finite(f, x, y, rnd, ftz);
}

static inline uint64_t sf_sqrt(sf_fmt f, uint64_t ab, int rnd, int ftz)
{
    sf_val x = sf_decode(f, ab, ftz);
    if (x.cls == SF_NAN)
        return fdiv_nan(f, ab, 1, 0, 0, 0);
    if (x.cls == SF_ZERO)
        return sf_zero(f, x.sign); /* sqrt(-0) = -0 (a flushed -subnormal too) */
    if (x.sign)
        return fdiv_nan(f, 0, 0, 0, 0, FSQRT_F64_NEG_NAN);
    if (x.cls == SF_INF)
        return ab;
    return sf_sqrt_finite(f, x, rnd, ftz);
}

static inline uint64_t ptx_lane_FDIV(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)c; (void)e; (void)cf;
    return sf_div(fmt_of(ty), a, b, rnd, (m & M_FTZ) != 0);
}

/* rcp.rnd is 1 / a correctly rounded: a division with the dividend 1.0. */
static inline uint64_t ptx_lane_FRCP(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)b; (void)c; (void)e; (void)cf;
    sf_fmt f = fmt_of(ty);
    return sf_div(f, sf_one(f), a, rnd, (m & M_FTZ) != 0);
}

static inline uint64_t ptx_lane_FSQRT(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                      uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)b; (void)c; (void)e; (void)cf;
    return sf_sqrt(fmt_of(ty), a, rnd, (m & M_FTZ) != 0);
}

#endif
