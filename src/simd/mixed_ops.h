/* Mixed-precision add, sub and fma bodies (9.7.5) on the vector layer; the reference is
 * src/scalar/mixed_ops.h. f16 and bf16 widen exactly to f32 (vcvtph2ps, a shift), and then the
 * f32 operation itself, in the rounding mode the kernel set for the row (FTZ/DAZ off), is the one
 * rounding of the exact result: fma's product of two widened halves is formed exactly inside the
 * fused operation whatever its range. Canonical NaN and .sat (NaN and -0 to +0) by float_ops.h. */
#ifndef PTXCPU_SIMD_MIXED_OPS_H
#define PTXCPU_SIMD_MIXED_OPS_H

VINL v32 mixed_widen_v(int ty2, v16 h)
{
    return ty2 == TY_BF16 ? v32_slli(v32_from16_u(h), 16) : v32_from_f16(h);
}

SIMD_BODY(MXADD, 32, 16, 32, 0, 0)
{
    return f32_finish(m, v32_fadd_f32(mixed_widen_v(ty2, a), b));
}
SIMD_BODY(MXSUB, 32, 16, 32, 0, 0)
{
    return f32_finish(m, v32_fsub_f32(mixed_widen_v(ty2, a), b));
}
SIMD_BODY(MXFMA, 32, 16, 16, 32, 0)
{
    return f32_finish(m, v32_fma_f32(mixed_widen_v(ty2, a), mixed_widen_v(ty2, b), c));
}

#endif
