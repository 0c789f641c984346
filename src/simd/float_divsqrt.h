/* div / rcp / sqrt with IEEE rounding (9.7.3.8, .13, .15) on the vector layer: the native
 * divide and square root under the row's rounding mode (set per batch by the kernel), then the
 * bit fixups of src/scalar/float_divsqrt.h: .ftz flushes inputs and subnormal results (a result of
 * exactly +-2^-126 may be tiny or not, by its unbounded-exponent rounding: those rare lanes go to
 * the scalar reference), f32 NaNs become 0x7fffffff, f64 NaNs keep an input's payload (div: a's
 * first), and a NaN made from numbers is 0x7fffffffffffffff, for sqrt 0xfff8000000000000, as an
 * H100 returns them (the native NaNs differ: x86 makes 0xfff8..., Arm 0x7ff8..., and x86 picks the
 * first operand, Arm a signalling one). */
#ifndef PTXCPU_SIMD_FLOAT_DIVSQRT_H
#define PTXCPU_SIMD_FLOAT_DIVSQRT_H

#include "simd/f64_rules.h"

/* ---- f32: d = r (computed from flushed inputs under .ftz), then finished -------------------- */
#define FDIV_F32_FTZ_IN(m, x) (((m) & M_FTZ) ? f32_flush(x) : (x))
/* r from the native op; lanes of |r| == 2^-126 under .ftz are recomputed by the scalar lanes L. */
#define FDIV_F32_FINISH(SEM, r)                                                                  \
    do {                                                                                         \
        if (m & M_FTZ) {                                                                         \
            vm edge_ = v32_cmpeq(v32_and(r, v32_set1(0x7fffffff)), v32_set1(0x00800000));     \
            r = f32_finish(m, r);                                                                \
            if (vm_any(edge_))                                                                   \
                r = v32_sel(edge_, simd_lanes_##SEM(ty, ty2, m, rnd, a, b, c, e, cf), r);       \
            return r;                                                                            \
        }                                                                                        \
        return f32_finish(m, r);                                                                 \
    } while (0)

SIMD_BODY(FDIV, 32, 32, 32, 0, 0)
{
    v32 r = v32_fdiv_f32(FDIV_F32_FTZ_IN(m, a), FDIV_F32_FTZ_IN(m, b));
    FDIV_F32_FINISH(FDIV_32_32, r);
}
SIMD_BODY(FRCP, 32, 32, 0, 0, 0)
{
    v32 r = v32_fdiv_f32(v32_set1(0x3f800000), FDIV_F32_FTZ_IN(m, a));
    FDIV_F32_FINISH(FRCP_32_32, r);
}
/* A square root is never subnormal (sqrt of the least subnormal is 2^-74.5): only the input
 * flushes, and sqrt(-0) is -0 natively. */
SIMD_BODY(FSQRT, 32, 32, 0, 0, 0)
{
    return f32_canon(v32_fsqrt_f32(FDIV_F32_FTZ_IN(m, a)));
}

/* ---- f64: a NaN input's payload, quieted (p preferred over q), else the NaN `made` --------- */
VINL vm f64_isnan_bits(v64 x)
{
    return v64_cmpgt_s(v64_and(x, v64_set1(0x7fffffffffffffffull)),
                       v64_set1(0x7ff0000000000000ull));
}
F64_RULES(f64, v64, vm, f64_isnan_bits) /* f64_nan_from; f64_hi_in/_out: float_approx_alg.h */
SIMD_BODY(FDIV, 64, 64, 64, 0, 0)
{
    return f64_nan_from(v64_fdiv_f64(a, b), a, b, 0x7fffffffffffffffull);
}
SIMD_BODY(FRCP, 64, 64, 0, 0, 0)
{
    return f64_nan_from(v64_fdiv_f64(v64_set1(0x3ff0000000000000ull), a), a, a,
                        0x7fffffffffffffffull); /* (never made: 1 / a is NaN only for NaN a) */
}
SIMD_BODY(FSQRT, 64, 64, 0, 0, 0)
{
    return f64_nan_from(v64_fsqrt_f64(a), a, a, FSQRT_F64_NEG_NAN);
}

#endif
