/* div.approx, rsqrt.approx and rcp.approx.ftz.f64 (9.7.3.8, 9.7.3.14, 9.7.3.16-17) on the vector
 * layer: IEEE division and square root (round to nearest, set per batch by the kernel) in the
 * order the scalar reference src/scalar/float_approx_alg.h defines, with its fixups. The f64
 * steps that stand for the reference's single rounding are exact, or shown equal over every
 * input by the sweeps docs/SEMANTICS.md names. */
#ifndef PTXCPU_SIMD_FLOAT_APPROX_ALG_H
#define PTXCPU_SIMD_FLOAT_APPROX_ALG_H

#define APX_ONE64 0x3ff0000000000000ull

/* div.approx: a * RN(1/b), the reciprocal's subnormals flushed; without .ftz a subnormal b scaled
 * by 2^24 and the product back; .ftz: FDIV's finish (its +-2^-126 edge lanes to the scalar
 * reference). */
SIMD_BODY(FDIVA, 32, 32, 32, 0, 0)
{
    v32 two24 = v32_set1(FDIVA_2P24), bs = b;
    vm sub = vm_none();
    if (!(m & M_FTZ)) {
        sub = vm_andnot(v32_cmpeq(v32_and(b, v32_set1(0x7fffffff)), v32_zero()),
                        v32_cmpeq(v32_and(b, v32_set1(0x7f800000)), v32_zero()));
        bs = v32_sel(sub, v32_fmul_f32(b, two24), b);
    }
    v32 y = v32_fdiv_f32(v32_set1(0x3f800000), FDIV_F32_FTZ_IN(m, bs));
    v32 r = v32_fmul_f32(FDIV_F32_FTZ_IN(m, a), f32_flush(y));
    if (!(m & M_FTZ))
        r = v32_sel(sub, v32_fmul_f32(r, two24), r);
    FDIV_F32_FINISH(FDIVA_32_32, r);
}

/* rsqrt.approx.f32: RN_f32(RN(1 / RN(sqrt(x)))) in f64, equal to the correctly rounded 1/sqrt(x)
 * for every f32 x (the exhaustive sweep proves it); never subnormal, so only the input flushes. */
SIMD_BODY(FRSQRT, 32, 32, 0, 0, 0)
{
    v64 x = v64_from_f32(FDIV_F32_FTZ_IN(m, a));
    return f32_canon(v32_from_f64(v64_fdiv_f64(v64_set1(APX_ONE64), v64_fsqrt_f64(x))));
}

/* The 1.11.20 forms: a's upper word as an f64 t (lower word zero; exponent field 0: a zero of its
 * sign), and q = 1/t or 1/sqrt(t) rounded to 53 bits turned into the result: rounded to 21 bits
 * by adding half the dropped unit (no 1.11.20 value is a tie of either: docs/SEMANTICS.md), a
 * subnormal q flushed (tininess cannot differ after rounding there), a NaN q (t NaN, or
 * negative for rsqrt) the spec's 0x7fffffff00000000. */
VINL v64 f64hi_in(v64 a)
{
    vm sub = v64_cmpeq(v64_and(a, v64_set1(0x7ff0000000000000ull)), v64_set1(0));
    return v64_sel(sub, v64_and(a, v64_set1(1ull << 63)),
                   v64_and(a, v64_set1(0xffffffff00000000ull)));
}
VINL v64 f64hi_out(v64 q)
{
    v64 r = v64_and(v64_add(q, v64_set1(0x80000000ull)), v64_set1(0xffffffff00000000ull));
    vm tiny = v64_cmpeq(v64_and(q, v64_set1(0x7ff0000000000000ull)), v64_set1(0));
    r = v64_sel(tiny, v64_and(q, v64_set1(1ull << 63)), r);
    return v64_sel(f64_isnan_bits(q), v64_set1(0x7fffffff00000000ull), r);
}

/* rsqrt.approx.f64: RN(1 / RN(sqrt(a))), the f64 NaN rule (a negative a: sqrt.f64's NaN);
 * rsqrt.approx.ftz.f64: the 1.11.20 form. */
SIMD_BODY(FRSQRT, 64, 64, 0, 0, 0)
{
    if (m & M_FTZ)
        return f64hi_out(v64_fdiv_f64(v64_set1(APX_ONE64), v64_fsqrt_f64(f64hi_in(a))));
    return f64_nan_from(v64_fdiv_f64(v64_set1(APX_ONE64), v64_fsqrt_f64(a)), a, a,
                        FSQRT_F64_NEG_NAN);
}

/* rcp.approx.ftz.f64: the 1.11.20 form of 1/t. */
SIMD_BODY(FRCPH, 64, 64, 0, 0, 0)
{
    return f64hi_out(v64_fdiv_f64(v64_set1(APX_ONE64), f64hi_in(a)));
}

#endif
