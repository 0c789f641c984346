/* Scalar reference semantics of copysign (9.7.3.2), float sub (9.7.3.4), float mad (9.7.3.7) and
 * half add (9.7.4.1), on the exact integer arithmetic of softfloat.h: every rounding mode exact.
 * add, mul, fma (9.7.3.3, 9.7.3.5, 9.7.3.6) and the f64 NaN rule: float_arith.h. */
#ifndef PTXCPU_SCALAR_FLOAT_OPS_H
#define PTXCPU_SCALAR_FLOAT_OPS_H

#include "int_ops.h"
#include "softfloat.h"
#include "float_arith.h"

#include <string.h>

static inline sf_fmt fmt_of(int ty)
{
    switch (ty) {
    case TY_F16: case TY_F16X2: return SF_F16;
    case TY_BF16: case TY_BF16X2: return SF_BF16;
    case TY_F64: return SF_F64;
    default: return SF_F32;
    }
}

/* One element of sub{.rnd}{.ftz}{.sat}: a - b is a + (-b); flipping b's sign bit flips a NaN's
 * sign only, and an f64 NaN result then takes b's own bits (the NaN rule reads the operands as
 * given). */
static inline uint64_t fsub_elem(sf_fmt f, unsigned m, int rnd, uint64_t a, uint64_t b)
{
    uint64_t r = sf_add(f, a, b ^ sf_signbit(f), rnd, (m & M_FTZ) != 0);
    if (m & M_SAT)
        return sf_saturate(f, r);
    return f.p == 53 ? f64_nan_rule(r, 2, a, b, 0) : r;
}

static inline uint64_t ptx_lane_FSUB(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)c; (void)e; (void)cf;
    sf_fmt f = fmt_of(ty);
    if (ty == TY_F32X2) /* element 0 in bits 0..31, element 1 in bits 32..63 */
        return fsub_elem(f, m, rnd, a & 0xffffffff, b & 0xffffffff) |
               fsub_elem(f, m, rnd, a >> 32, b >> 32) << 32;
    return fsub_elem(f, m, rnd, a, b);
}

/* copysign.f32/.f64 (9.7.3.2): b's magnitude with a's sign bit, a bit operation on every input
 * (no .ftz: subnormals pass; a NaN b keeps its payload, not quieted), as an H100 does for both
 * types (docs/SEMANTICS.md). */
static inline uint64_t ptx_lane_COPYSIGN(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                         uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)m; (void)rnd; (void)c; (void)e; (void)cf;
    sf_fmt f = fmt_of(ty);
    uint64_t sign = sf_signbit(f);
    return (a & sign) | (b & (sign - 1));
}

static inline uint64_t ptx_lane_FMAD(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)e; (void)cf;
    sf_fmt f = fmt_of(ty);
    uint64_t r = sf_fma(f, a, b, c, rnd, (m & M_FTZ) != 0, (m & M_LEGACY) != 0);
    if (m & M_SAT)
        return sf_saturate(f, r);
    return ty == TY_F64 ? f64_nan_rule(r, 3, a, b, c) : r;
}

/* add{.rn}{.ftz}{.sat}.f16/f16x2, add{.rn}.bf16/bf16x2: round to nearest even only.
 * Fast, exact, and blind to the caller's floating-point environment: both operands are normal
 * binary64 values, and so is their sum, which is exact for f16 (at most 40 significant bits) and
 * for bf16 unless the exponents lie more than 45 apart, where any rounding of the binary64 sum
 * leaves it within far less than half a bf16 ulp of the larger operand, which is then the result
 * either way. So neither the caller's rounding mode nor FTZ/DAZ can change the binary64 sum, and
 * the rounding to 16 bits is done in integer arithmetic (a binary32 sum, as before, lost bf16
 * subnormals under DAZ and rounded by the caller's mode). */
static inline double half_to_double(sf_fmt f, uint64_t h)
{
    int sign = (h >> (f.p + f.ebits - 1)) & 1, e = (int)((h >> (f.p - 1)) & ((1u << f.ebits) - 1));
    uint64_t frac = h & sf_fracmask(f);
    double v;
    if (e == (1 << f.ebits) - 1) {
        v = __builtin_inf(); /* (NaNs never reach here) */
    } else {
        uint64_t sig = e ? frac | (1ull << (f.p - 1)) : frac; /* sig * 2^scale, exact */
        int scale = (e ? e : 1) - sf_bias(f) - (f.p - 1);
        uint64_t pow2_bits = (uint64_t)(scale + 1023) << 52; /* a normal binary64: no libm */
        double pow2;
        memcpy(&pow2, &pow2_bits, 8);
        /* through int64_t: clang lowers uint64_t -> double with a magic-number subtraction
         * that gives -0 for 0 when the caller rounds downward; cvtsi2sd of 0 is +0 always */
        v = (double)(int64_t)sig * pow2;
    }
    return sign ? -v : v;
}

/* Rounds a binary64 (finite or infinite) to the 16-bit format f, to nearest even, with integer
 * operations only (overflow gives infinity). */
static inline uint64_t double_to_half_rne(sf_fmt f, double v)
{
    uint64_t u;
    memcpy(&u, &v, 8);
    uint64_t sign = (u >> 63) ? sf_signbit(f) : 0;
    int e = (int)((u >> 52) & 0x7ff);
    if (e == 0x7ff)
        return sign | sf_expmask(f);
    if (e == 0)
        return sign; /* zero (the sum of two 16-bit values is never a binary64 subnormal) */
    uint64_t sig = (u & ((1ull << 52) - 1)) | (1ull << 52); /* sig * 2^(e - 1075) */
    int emin = sf_emin(f), ue = e - 1023;                      /* unbiased exponent */
    int shift = 52 - (f.p - 1) + (ue < emin ? emin - ue : 0);  /* drops to the target's grid */
    if (shift > 63)
        shift = 63;
    uint64_t q = sig >> shift, rem = sig & ((1ull << shift) - 1), half = 1ull << (shift - 1);
    q += rem > half || (rem == half && (q & 1));
    /* normal: the exponent field plus the significand with its leading one, so that a carry out
     * of the significand bumps the exponent; subnormal: q is the encoding itself */
    uint64_t r = ue < emin ? q : ((uint64_t)(ue + sf_bias(f) - 1) << (f.p - 1)) + q;
    return sign | (r >= sf_expmask(f) ? sf_expmask(f) : r);
}

static inline uint64_t hadd_elem(sf_fmt f, unsigned m, uint64_t a, uint64_t b)
{
    int ftz = (m & M_FTZ) != 0;
    sf_val x = sf_decode(f, a, ftz), y = sf_decode(f, b, ftz);
    uint64_t r;
    if (x.cls == SF_NAN || y.cls == SF_NAN) {
        r = sf_nan(f);
    } else {
        if (x.cls == SF_ZERO) a &= sf_signbit(f); /* flushed subnormal: signed zero */
        if (y.cls == SF_ZERO) b &= sf_signbit(f);
        double s = half_to_double(f, a) + half_to_double(f, b);
        if (s != s)
            r = sf_nan(f); /* inf - inf */
        else if (s == 0) /* to nearest: x + -x is +0, -0 + -0 is -0, whatever the caller's mode */
            r = a & b & sf_signbit(f);
        else
            r = double_to_half_rne(f, s);
        if (ftz && (r & sf_expmask(f)) == 0) /* subnormal results (exact for add) flush */
            r &= sf_signbit(f);
    }
    return (m & M_SAT) ? sf_saturate(f, r) : r;
}

static inline uint64_t ptx_lane_HADD(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)c; (void)e; (void)cf;
    sf_fmt f = fmt_of(ty);
    if (ty_x2(ty))
        return hadd_elem(f, m, a & 0xffff, b & 0xffff) |
               hadd_elem(f, m, (a >> 16) & 0xffff, (b >> 16) & 0xffff) << 16;
    return hadd_elem(f, m, a & 0xffff, b & 0xffff);
}

#include "float_sign_ops.h" /* abs, neg, min, max (9.7.3.9-12, 9.7.4.5-8) */
#include "half_ops.h" /* half sub, mul, fma (9.7.4.2-9.7.4.4) */
#include "float_divsqrt.h" /* div, rcp, sqrt (IEEE-rounded) */
#include "float_test_ops.h" /* testp (9.7.3.1) */
#include "float_approx_alg.h" /* div.approx, rsqrt.approx, rcp.approx.ftz.f64 */
#include "float_approx.h" /* sin, cos, lg2, ex2, tanh .approx (SLEEF) */

#include "mixed_ops.h" /* mixed-precision add, sub, fma (9.7.5) */
#include "cvt_ops.h" /* cvt with a float type (9.7.9.21) */
#include "cvt_mx.h" /* cvt with the OCP MX formats (9.7.9.21) */
#include "cvt_rs.h" /* cvt.rs, stochastic rounding (9.7.9.21) */

#endif
