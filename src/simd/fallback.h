/* The one place that says what is NOT vectorized yet: families computed lane by lane through the
 * scalar reference (ptx_lane_<SEM>), compiled in the ISA's translation unit, and the helpers that
 * let a vectorized body hand some lanes or modifiers to the scalar reference. */
#ifndef PTXCPU_SIMD_FALLBACK_H
#define PTXCPU_SIMD_FALLBACK_H

#include "simd/vec_contract.h" /* VT, SIMD_LT, SIMD_VLD, SIMD_VST, SIMD_BODY */

/* simd_lanes_<SEM>_<DW>_<AW>: every lane of the chunk through the scalar reference. */
#define SIMD_DEFINE_LANES(SEM, DW, AW, BW, CW, EW)                                               \
    VINL VT(DW) simd_lanes_##SEM##_##DW##_##AW(int ty, int ty2, unsigned m, int rnd, VT(AW) a, \
                                               VT(BW) b, VT(CW) c, VT(EW) e, vm *cf)            \
    {                                                                                          \
        SIMD_LT(AW) la[VL];                                                                    \
        SIMD_LT(BW) lb[VL];                                                                    \
        SIMD_LT(CW) lc[VL];                                                                    \
        SIMD_LT(EW) le[VL];                                                                    \
        SIMD_LT(DW) ld[VL];                                                                    \
        SIMD_VST(AW)(la, a);                                                                   \
        SIMD_VST(BW)(lb, b);                                                                   \
        SIMD_VST(CW)(lc, c);                                                                   \
        SIMD_VST(EW)(le, e);                                                                   \
        uint32_t cc = vm_to_bits(*cf);                                                         \
        for (unsigned i = 0; i < VL; i++) {                                                    \
            unsigned f = (cc >> i) & 1;                                                        \
            ld[i] = (SIMD_LT(DW))ptx_lane_##SEM(ty, ty2, m, rnd, la[i], lb[i], lc[i], le[i],   \
                                                &f);                                           \
            cc = (cc & ~(1u << i)) | (f << i);                                                 \
        }                                                                                      \
        *cf = vm_from_bits(cc);                                                                \
        return SIMD_VLD(DW)(ld);                                                               \
    }

/* A whole family left to the scalar reference: its body is the lane loop. */
#define SIMD_DEFINE_FALLBACK(SEM, DW, AW, BW, CW, EW)                                            \
    SIMD_BODY(SEM, DW, AW, BW, CW, EW)                                                         \
    {                                                                                          \
        return simd_lanes_##SEM##_##DW##_##AW(ty, ty2, m, rnd, a, b, c, e, cf);                \
    }

/* ==== What remains: (family, d bits, a bits, b bits, c bits, e bits) ========================= */
#define SIMD_FALLBACK(X) /* none: every family has a vector body */

/* Vectorized families that still send some cases to the scalar reference:
 *   FMAD f32 (and fma, f32x2 included): .ftz lanes whose rounded result is exactly +-2^-126
 *             (tiny or not depends on the unbounded-exponent rounding), rare enough to leave there;
 *   FMUL f32 (f32x2 included), FDIV, FRCP f32, FDIVA: the same lanes of mul.ftz, div.ftz,
 *             rcp.ftz, div.approx.ftz;
 *   HFMA bf16: lanes whose product a * b (both finite, nonzero) is below 2^-126 or overflows f32
 *             (src/simd/half_ops.h). */
#define SIMD_PARTIAL(X)                                                                          \
    X(FMAD, 32, 32, 32, 32, 0)                                                                   \
    X(FMUL, 32, 32, 32, 0, 0)                                                                    \
    X(HFMA, 16, 16, 16, 16, 0)                                                                   \
    X(HFMA, 32, 32, 32, 32, 0)                                                                   \
    X(FDIV, 32, 32, 32, 0, 0)                                                                    \
    X(FRCP, 32, 32, 0, 0, 0)                                                                     \
    X(FDIVA, 32, 32, 32, 0, 0)

SIMD_FALLBACK(SIMD_DEFINE_LANES)
SIMD_PARTIAL(SIMD_DEFINE_LANES)
SIMD_FALLBACK(SIMD_DEFINE_FALLBACK)

#endif
