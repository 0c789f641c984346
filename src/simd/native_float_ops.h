/* abs, neg, div, rcp, sqrt and the rsqrt .approx forms of 64-bit registers (9.7.3.8-10, .13,
 * .15-17) on native f64 vectors: float_sign_ops.h's, float_divsqrt.h's and float_approx_alg.h's
 * f64 bodies, one n64 per NL64 lanes instead of {lo, hi} pairs whose masks are joined and split
 * again (in the pair form AVX2 `neg.f64` and `rcp.approx.ftz.f64` were behind the plain C loop:
 * docs/PERFORMANCE.md, "Figures behind design choices in the source"; `rcp.approx.ftz.f64` now
 * computes in f32 on the upper words, float_approx_alg.h). */
#ifndef PTXCPU_SIMD_NATIVE_FLOAT_OPS_H
#define PTXCPU_SIMD_NATIVE_FLOAT_OPS_H

#define SIMD_NATIVE_N64_FABS ~, N64
#define SIMD_NATIVE_N64_FNEG ~, N64
#define SIMD_NATIVE_N64_FDIV ~, N64
#define SIMD_NATIVE_N64_FRCP ~, N64
#define SIMD_NATIVE_N64_FSQRT ~, N64
#define SIMD_NATIVE_N64_FRSQRT ~, N64

#define N64F_MAG 0x7fffffffffffffffull
#define N64F_EXP 0x7ff0000000000000ull
#define N64F_QUIET (1ull << 51)

/* NaN lanes by their bits: abs runs under the caller's MXCSR (no FP environment of its own),
 * where an unordered compare would raise on a signalling NaN. */
VINL n64m n64_isnan_bits(n64 x)
{
    return n64_cmpgt_s(n64_and(x, n64_set1(N64F_MAG)), n64_set1(N64F_EXP));
}

/* abs passes a NaN unchanged; neg quiets it and keeps its sign. neg is a row of the FP
 * environment (exceptions masked) only so that it can find NaNs as the compiler's loop does, by
 * one unordered compare: three operations with the masked or, where the bit test takes five. */
NATIVE_BODY(64, n64m, FABS)
{
    n64 mag = n64_and(a, n64_set1(N64F_MAG));
    return n64_sel(n64_cmpgt_s(mag, n64_set1(N64F_EXP)), a, mag);
}
NATIVE_BODY(64, n64m, FNEG)
{
    return n64_or_where(n64_isnan_f64(a), n64_xor(a, n64_set1(1ull << 63)), a,
                        n64_set1(N64F_QUIET));
}

/* n64_nan_from, n64_hi_in, n64_hi_out: float_divsqrt.h's rules on n64 (simd/f64_rules.h) */
F64_RULES(n64, n64, n64m, n64_isnan_bits)
NATIVE_BODY(64, n64m, FDIV) { return n64_nan_from(n64_fdiv_f64(a, b), a, b, N64F_MAG); }
NATIVE_BODY(64, n64m, FRCP)
{
    return n64_nan_from(n64_fdiv_f64(n64_set1(APX_ONE64), a), a, a, N64F_MAG);
}
NATIVE_BODY(64, n64m, FSQRT) { return n64_nan_from(n64_fsqrt_f64(a), a, a, FSQRT_F64_NEG_NAN); }

NATIVE_BODY(64, n64m, FRSQRT)
{
    n64 one = n64_set1(APX_ONE64);
    if (m & M_FTZ)
        return n64_hi_out(n64_fdiv_f64(one, n64_fsqrt_f64(n64_hi_in(a))));
    return n64_nan_from(n64_fdiv_f64(one, n64_fsqrt_f64(a)), a, a, FSQRT_F64_NEG_NAN);
}

#endif
