/* Scalar reference of cvt with a float type (9.7.9.21): int to float, float to int, float to
 * float, on the exact arithmetic of softfloat.h. docs/SEMANTICS.md ("cvt with a float type")
 * records the readings: NaNs, saturation, .ftz, .relu and .satfinite. */
#ifndef PTXCPU_SCALAR_CVT_OPS_H
#define PTXCPU_SCALAR_CVT_OPS_H

#include "int_ops.h"
#include "softfloat.h"

static inline int cvt_is_int(int ty)
{
    return ty != TY_F16 && ty != TY_BF16 && ty != TY_F32 && ty != TY_F64 && ty != TY_F16X2 &&
           ty != TY_BF16X2 && ty != TY_TF32;
}

/* a as sign * sig * 2^exp: an integer of type ty, or a float (a .f32 subnormal flushed by ftz) */
static inline sf_val cvt_source(int ty, uint64_t a, int ftz)
{
    if (!cvt_is_int(ty))
        return sf_decode(fmt_of(ty), a, ftz && ty == TY_F32);
    const s128 v = ival(ty, a, ty_bits(ty));
    sf_val x = {v == 0 ? SF_ZERO : SF_FINITE, v < 0, 0, 0};
    x.sig = (uint64_t)(v < 0 ? -v : v); /* |INT64_MIN| fits in 64 bits */
    return x;
}

/* |x| rounded to an integer by rnd (the .irnd modes as RN/RZ/RM/RP), at most 2^80 (beyond every
 * range end: callers clamp) */
static inline sf_u128 cvt_round_integral(sf_val x, int rnd)
{
    if (x.cls != SF_FINITE)
        return 0;
    if (x.exp >= 0) /* integral already */
        return x.exp + 63 - __builtin_clzll(x.sig) >= 80 ? (sf_u128)1 << 80 : (sf_u128)x.sig << x.exp;
    const int drop = -x.exp;
    const uint64_t q = drop >= 64 ? 0 : x.sig >> drop;
    const uint64_t rem = drop >= 64 ? x.sig : x.sig & ((1ull << drop) - 1);
    const int above_half = drop < 64 && rem > (1ull << (drop - 1)); /* sig < 2^63: never at 64 */
    const int at_half = drop < 64 && rem == (1ull << (drop - 1));
    int up;
    switch (rnd) {
    case RND_RZ: up = 0; break;
    case RND_RM: up = x.sign && rem != 0; break;
    case RND_RP: up = !x.sign && rem != 0; break;
    default: up = above_half || (at_half && (q & 1)); break;
    }
    return (sf_u128)q + (unsigned)up;
}

/* float to integer: rounded by the .irnd mode, clamped to d's range (±Inf too); NaN is 0, or
 * 1 << (width - 1) where a is .f64 or d is 64 bits (the Integer Notes); then d's register as in
 * the integer cvt (an 8-bit d extended over 16 bits by its signedness) */
static inline uint64_t cvt_to_int(int ty, int ty2, sf_val x, int rnd)
{
    const unsigned nd = ty_bits(ty), reg = nd < 16 ? 16 : nd;
    const s128 lo = ty_signed(ty) ? -((s128)1 << (nd - 1)) : 0;
    const s128 hi = ((s128)1 << (nd - ty_signed(ty))) - 1;
    s128 v;
    if (x.cls == SF_NAN)
        v = (ty2 == TY_F64 || nd == 64) ? (s128)((u128)1 << (nd - 1)) : 0;
    else if (x.cls == SF_INF)
        v = x.sign ? lo : hi;
    else {
        const s128 q = (s128)cvt_round_integral(x, rnd);
        v = x.sign ? -q : q;
        v = v < lo ? lo : v > hi ? hi : v;
    }
    return (uint64_t)ival(ty, (uint64_t)v, nd) & mask_bits(reg);
}

/* A float d's format: f16, bf16, f32, f64, or tf32 (1 + 8 + 10 bits; shifted up by 13 at the end) */
#define SF_TF32 ((sf_fmt){11, 8})
static inline sf_fmt cvt_fmt(int ty) { return ty == TY_TF32 ? SF_TF32 : fmt_of(ty); }

/* a NaN into float type ty: the canonical NaN, but f64 keeps a's sign and payload, quieted */
static inline uint64_t cvt_nan(int ty, int ty2, uint64_t a)
{
    if (ty != TY_F64 || cvt_is_int(ty2))
        return sf_nan(cvt_fmt(ty));
    const sf_fmt fa = fmt_of(ty2);
    const uint64_t payload = (a & sf_fracmask(fa)) << (52 - (fa.p - 1));
    return ((a & sf_signbit(fa)) ? 1ull << 63 : 0) | 0x7ff8000000000000ull | payload;
}

/* a finite nonzero x to float type ty: to an integral value (irnd: ty is a's type) or rounded to
 * ty's precision (RND_NONE: exact or to nearest; SF_RND_RNA: .rna); .ftz flushes an .f32 d tiny
 * after rounding */
static inline uint64_t cvt_round_float(int ty, sf_val x, int rnd, int integral, int ftz)
{
    const sf_fmt f = cvt_fmt(ty);
    if (!integral || x.exp >= 0) /* x.exp >= 0: integral already, exact */
        return sf_round(f, x.sign, x.sig, x.exp, integral ? RND_RN : rnd, ftz && ty == TY_F32);
    const sf_u128 q = cvt_round_integral(x, rnd);
    return q == 0 ? sf_zero(f, x.sign) : sf_round(f, x.sign, q, 0, RND_RN, 0); /* exact */
}

/* .sat (to [+0, 1]), .relu (a negative or -0 to +0; NaN stays canonical), .satfinite (±Inf to
 * ±MAX_NORM, NaN stays canonical) on a d of format f */
static inline uint64_t cvt_clamp_float(sf_fmt f, unsigned m, uint64_t r)
{
    const sf_val v = sf_decode(f, r, 0);
    if (m & M_SAT)
        return sf_saturate(f, r);
    if ((m & M_SATFINITE) && v.cls == SF_INF)
        r = sf_maxfinite(f, v.sign);
    if ((m & M_RELU) && v.cls != SF_NAN && (r & sf_signbit(f)))
        r = 0;
    return r;
}

/* a (of type ty2) to float type ty: one element of d */
static inline uint64_t cvt_float_elem(int ty, int ty2, unsigned m, int rnd, uint64_t a)
{
    const int ftz = (m & M_FTZ) != 0;
    const sf_val x = cvt_source(ty2, a, ftz);
    const sf_fmt f = cvt_fmt(ty);
    uint64_t r;
    switch (x.cls) {
    case SF_NAN: r = cvt_nan(ty, ty2, a); break;
    case SF_INF: r = sf_inf(f, x.sign); break;
    case SF_ZERO: r = sf_zero(f, x.sign); break;
    default:
        r = cvt_round_float(ty, x, (m & M_RNA) ? SF_RND_RNA : rnd, ty == ty2 && rnd != RND_NONE, ftz);
        break;
    }
    return cvt_clamp_float(f, m, r);
}

/* 9.7.9.21 cvt d, a (and b) with a float .dtype (ty) or .atype (ty2); rnd the row's rounding,
 * whose token is .irnd for a float to integer or float to the same float type, else .frnd. The
 * packed d of two .f32: a's element in the high half, b's in the low one; .tf32: the top 19 bits
 * of d. */
static inline uint64_t ptx_lane_CVTF(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                     uint64_t c, uint64_t e, unsigned *cf)
{
    (void)c; (void)e; (void)cf;
    if (cvt_is_int(ty))
        return cvt_to_int(ty, ty2, cvt_source(ty2, a, (m & M_FTZ) != 0), rnd);
    if (ty == TY_F16X2 || ty == TY_BF16X2) {
        const int half = ty == TY_F16X2 ? TY_F16 : TY_BF16;
        return cvt_float_elem(half, ty2, m, rnd, a) << 16 | cvt_float_elem(half, ty2, m, rnd, b);
    }
    if (ty == TY_TF32)
        return cvt_float_elem(ty, ty2, m, rnd, a) << 13;
    return cvt_float_elem(ty, ty2, m, rnd, a);
}

#endif
