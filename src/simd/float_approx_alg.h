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

/* The 1.11.20 forms: f64_hi_in / f64_hi_out (simd/f64_rules.h, instantiated in float_divsqrt.h). */

/* rsqrt.approx.f64: RN(1 / RN(sqrt(a))), the f64 NaN rule (a negative a: sqrt.f64's NaN);
 * rsqrt.approx.ftz.f64: the 1.11.20 form. */
SIMD_BODY(FRSQRT, 64, 64, 0, 0, 0)
{
    if (m & M_FTZ)
        return f64_hi_out(v64_fdiv_f64(v64_set1(APX_ONE64), v64_fsqrt_f64(f64_hi_in(a))));
    return f64_nan_from(v64_fdiv_f64(v64_set1(APX_ONE64), v64_fsqrt_f64(a)), a, a,
                        FSQRT_F64_NEG_NAN);
}

/* rcp.approx.ftz.f64: the 1.11.20 form of 1/t, computed in f32 on the upper words alone (a
 * vdivps does twice the lanes of a vdivpd, at least as often; the f64 body was bound by vdivpd as
 * the compiler's loop is, and no faster than it: docs/PERFORMANCE.md, "Figures behind design
 * choices in the source"). t = 1.f x 2^(ex-1023) with 20 fraction bits; s = 1.f is
 * exact in f32, and q = RN24(1/s) lies in (0.5, 1]. Rounding q to 21 bits again could go the
 * wrong way from a q on a 21-bit tie (1/s itself never is one), so the side of q that 1/s lies
 * on goes in as a bit below q's last: 2q - 1 where the residual 1 - s q (exact in sign from an
 * FMA) is negative, else 2q + 1, then rounded at its fourth bit. The exponent 1919 - ex goes
 * into the bits (q's own, 126 or 127, stays); a result below 2^-1022 flushes; ex = 0 (zero or
 * subnormal t) gives inf, ex = 0x7ff zero or the NaN, all with t's sign but the NaN
 * 0x7fffffff00000000 (the spec's tables). */
SIMD_BODY(FRCPH, 64, 64, 0, 0, 0)
{
    const v32 one = v32_set1(0x3f800000u), sgn = v32_set1(0x80000000u);
    v32 u = v32_hi_words(a);
    v32 ex = v32_and(v32_srli(u, 20), v32_set1(0x7ff));
    v32 sig = v32_or(v32_slli(v32_and(u, v32_set1(0xfffff)), 3), one);
    v32 q = v32_fdiv_f32(one, sig);
    v32 below = v32_srai(v32_fma_f32(v32_xor(sig, sgn), q, one), 31); /* -1: 1/s < q */
    v32 q21 = v32_srli(v32_add(v32_slli(v32_add(q, below), 1), v32_set1(9)), 4);
    v32 r = v32_sub(v32_add(q21, v32_set1(1919u << 20)), v32_slli(ex, 20));
    r = v32_sel(v32_cmpgt_s(v32_set1(1u << 20), r), v32_zero(), r); /* below 2^-1022 */
    r = v32_sel(v32_cmpeq(ex, v32_zero()), v32_set1(0x7ff00000u), r);
    r = v32_sel(v32_cmpeq(ex, v32_set1(0x7ff)), v32_zero(), r);
    r = v32_or(r, v32_and(u, sgn));
    vm nan = v32_cmpgt_s(v32_and(u, v32_set1(0x7fffffffu)), v32_set1(0x7ff00000u));
    return v64_of_hi_words(v32_sel(nan, v32_set1(0x7fffffffu), r));
}

#endif
