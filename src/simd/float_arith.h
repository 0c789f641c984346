/* Float add (9.7.3.3), mul (9.7.3.5) and fma (9.7.3.6) bodies of .f32, .f32x2 and .f64 in the
 * chunk geometry, on float_ops.h's helpers; the reference is src/scalar/float_arith.h. */
#ifndef PTXCPU_SIMD_FLOAT_ARITH_H
#define PTXCPU_SIMD_FLOAT_ARITH_H

/* add{.rnd}{.ftz}{.sat} on f32 lanes: a subnormal sum of (flushed) inputs is exact, so flushing
 * it after the native rounding is right. */
VINL v32 fadd_f32(unsigned m, v32 a, v32 b)
{
    if (m & M_FTZ) {
        a = f32_flush(a);
        b = f32_flush(b);
    }
    v32 r = v32_fadd_f32(a, b);
    if (m & M_RAWNAN)
        return r;
    return f32_finish(m, r);
}
/* mul{.rnd}{.ftz}{.sat} on f32 lanes. Under .ftz a product rounded to exactly +-2^-126 may be
 * tiny after rounding with an unbounded exponent (docs/SEMANTICS.md): those lanes go to the
 * scalar reference, as mad's do; every other subnormal or normal result is decided by its own
 * bits. */
VINL v32 fmul_f32(unsigned m, int rnd, v32 a, v32 b)
{
    v32 fa = a, fb = b;
    if (m & M_FTZ) {
        fa = f32_flush(a);
        fb = f32_flush(b);
    }
    v32 r = v32_fmul_f32(fa, fb);
    if (m & M_FTZ) {
        vm edge = v32_cmpeq(v32_and(r, v32_set1(0x7fffffff)), v32_set1(0x00800000));
        r = f32_finish(m, r);
        if (vm_any(edge)) {
            vm none = vm_none();
            r = v32_sel(edge, simd_lanes_FMUL_32_32(TY_F32, TY_NONE, m, rnd, a, b, v32_zero(),
                                                    v32_zero(), &none), r);
        }
        return r;
    }
    if (m & M_RAWNAN)
        return r;
    return f32_finish(m, r);
}

SIMD_BODY(FADD, 32, 32, 32, 0, 0)
{
    return fadd_f32(m, a, b);
}
SIMD_BODY(FADD, 64, 64, 64, 0, 0)
{
    if (ty == TY_F32X2) /* two f32 per lane: the f32 body on both halves of the chunk */
        return (v64){fadd_f32(m, a.lo, b.lo), fadd_f32(m, a.hi, b.hi)};
    return f64_nan_rule_v(m, v64_fadd_f64(a, b), 2, a, b, b);
}
SIMD_BODY(FMUL, 32, 32, 32, 0, 0)
{
    return fmul_f32(m, rnd, a, b);
}
SIMD_BODY(FMUL, 64, 64, 64, 0, 0)
{
    if (ty == TY_F32X2)
        return (v64){fmul_f32(m, rnd, a.lo, b.lo), fmul_f32(m, rnd, a.hi, b.hi)};
    return f64_nan_rule_v(m, v64_fmul_f64(a, b), 2, a, b, b);
}
SIMD_BODY(FFMA, 32, 32, 32, 32, 0)
{
    return ffma_f32(m, rnd, a, b, c);
}
SIMD_BODY(FFMA, 64, 64, 64, 64, 0)
{
    if (ty == TY_F32X2)
        return (v64){ffma_f32(m, rnd, a.lo, b.lo, c.lo), ffma_f32(m, rnd, a.hi, b.hi, c.hi)};
    return f64_nan_rule_v(m, v64_fma_f64(a, b, c), 3, a, b, c);
}

#endif
