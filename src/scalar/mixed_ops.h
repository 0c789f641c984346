/* Scalar reference semantics of the mixed-precision add, sub and fma (9.7.5): f32 d and c, f16 or
 * bf16 a (and b) converted exactly to f32, then softfloat.h's f32 operation in the row's mode. */
#ifndef PTXCPU_SCALAR_MIXED_OPS_H
#define PTXCPU_SCALAR_MIXED_OPS_H

#include "softfloat.h"

/* The f32 encoding of a half (ty2: TY_F16 or TY_BF16) of the same value: bf16 is f32's top half;
 * an f16 (subnormals too) is a normal f32. A NaN gives some f32 NaN (results are canonical). */
static inline uint64_t mixed_widen(int ty2, uint64_t h)
{
    if (ty2 == TY_BF16)
        return (h & 0xffff) << 16;
    sf_val v = sf_decode(SF_F16, h & 0xffff, 0);
    switch (v.cls) {
    case SF_NAN: return sf_nan(SF_F32);
    case SF_INF: return sf_inf(SF_F32, v.sign);
    case SF_ZERO: return sf_zero(SF_F32, v.sign);
    default: return sf_round(SF_F32, v.sign, v.sig, v.exp, RND_RN, 0); /* exact */
    }
}

/* add: d = a + c, sub: d = a - c (the spec's operand names: c is the second source here), fma:
 * d = a * b + c with one rounding; .sat clamps the rounded f32. */
static inline uint64_t ptx_lane_MXADD(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                      uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)c; (void)e; (void)cf;
    uint64_t r = sf_add(SF_F32, mixed_widen(ty2, a), b, rnd, 0);
    return (m & M_SAT) ? sf_saturate(SF_F32, r) : r;
}
static inline uint64_t ptx_lane_MXSUB(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                      uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)c; (void)e; (void)cf;
    uint64_t r = sf_add(SF_F32, mixed_widen(ty2, a), b ^ sf_signbit(SF_F32), rnd, 0);
    return (m & M_SAT) ? sf_saturate(SF_F32, r) : r;
}
static inline uint64_t ptx_lane_MXFMA(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                      uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)e; (void)cf;
    uint64_t r = sf_fma(SF_F32, mixed_widen(ty2, a), mixed_widen(ty2, b), c, rnd, 0, 0);
    return (m & M_SAT) ? sf_saturate(SF_F32, r) : r;
}

#endif
