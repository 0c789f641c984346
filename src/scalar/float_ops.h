/* Scalar reference semantics of float sub (9.7.3.4), float mad (9.7.3.7) and half add (9.7.4.1),
 * on the exact integer arithmetic of softfloat.h: every rounding mode is exact by construction. */
#ifndef PTXCPU_SCALAR_FLOAT_OPS_H
#define PTXCPU_SCALAR_FLOAT_OPS_H

#include "int_ops.h"
#include "softfloat.h"

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
 * sign only, and NaN results are canonical anyway. */
static inline uint64_t fsub_elem(sf_fmt f, unsigned m, int rnd, uint64_t a, uint64_t b)
{
    uint64_t r = sf_add(f, a, b ^ sf_signbit(f), rnd, (m & M_FTZ) != 0);
    return (m & M_SAT) ? sf_saturate(f, r) : r;
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

static inline uint64_t ptx_lane_FMAD(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)e; (void)cf;
    sf_fmt f = fmt_of(ty);
    uint64_t r = sf_fma(f, a, b, c, rnd, (m & M_FTZ) != 0, (m & M_LEGACY) != 0);
    return (m & M_SAT) ? sf_saturate(f, r) : r;
}

/* add{.rn}{.ftz}{.sat}.f16/f16x2, add{.rn}.bf16/bf16x2: round to nearest even only. */
static inline uint64_t hadd_elem(sf_fmt f, unsigned m, uint64_t a, uint64_t b)
{
    uint64_t r = sf_add(f, a, b, RND_RN, (m & M_FTZ) != 0);
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

#endif
