/* SIMD bodies of testp (9.7.3.1): integer compares on the bits of a, one lane flag each; the
 * predicate kernel (simd/kernels_pred.h) gathers the flags into the warp's mask. */
#ifndef PTXCPU_SIMD_FLOAT_TEST_OPS_H
#define PTXCPU_SIMD_FLOAT_TEST_OPS_H

/* The parameters of a body whose d is a predicate: those of SIMD_BODY, without CC.CF; it returns
 * the chunk's lane flags. */
#define SIMD_PRED_BODY(SEM, AW, BW, CW, EW)                                                      \
    VINL vm simd_pred_##SEM##_##AW(int ty, int ty2, unsigned m, int rnd, VT(AW) a, VT(BW) b,   \
                                   VT(CW) c, VT(EW) e)

/* On |a| (sign cleared), as the scalar reference reads the fields: inf = the exponent field all
 * ones; subnormal = |a| in [1, smallest normal - 1] (|a| - 1 below it, unsigned); zero is normal
 * (the spec's special case). Written once for both widths. |a| is non-negative as a signed
 * integer, so its compares against inf are signed: one instruction on AVX2, which has no
 * unsigned compare (two there, and a third for the negation .number took, which left those rows
 * behind the plain C loop: docs/PERFORMANCE.md, "Figures behind design choices in the source"). */
/* .number / .notanumber of f32 by one ordered / unordered float compare where the layer has it
 * (testp runs in the FP environment, exceptions masked, so that a signalling NaN raises nothing
 * that traps); else, and for f64 (the pair form), the integer compare `alt`. */
/* Finite f32 (|a| < inf) by an ordered float compare too: GCC turns the signed integer compare
 * with a constant into vpminsd + vpcmpeqd, behind the plain C loop on AVX2 (docs/PERFORMANCE.md,
 * "Figures behind design choices in the source"). */
#ifdef VEC_HAS_ISNAN_F32
#define TESTP_ISNUM_32(a, alt) v32_isnum_f32(a)
#define TESTP_ISNAN_32(a, alt) v32_isnan_f32(a)
#define TESTP_ISFIN_32(x, alt) v32_ltinf_f32(x)
#else
#define TESTP_ISNUM_32(a, alt) (alt)
#define TESTP_ISNAN_32(a, alt) (alt)
#define TESTP_ISFIN_32(x, alt) (alt)
#endif
#define TESTP_ISNUM_64(a, alt) (alt)
#define TESTP_ISNAN_64(a, alt) (alt)
#define TESTP_ISFIN_64(x, alt) (alt)
#define SIMD_TESTP_DEF(W, ABS, INF, SUBMAX)                                                      \
    SIMD_PRED_BODY(TESTP, W, 0, 0, 0)                                                          \
    {                                                                                          \
        const v##W x = v##W##_and(a, v##W##_set1(ABS)), inf = v##W##_set1(INF);                \
        if (m & M_FINITE) return TESTP_ISFIN_##W(x, v##W##_cmpgt_s(inf, x));                   \
        if (m & M_INFINITE) return v##W##_cmpeq(x, inf);                                       \
        if (m & M_NUMBER) return TESTP_ISNUM_##W(a, v##W##_cmpgt_s(v##W##_set1(INF + 1), x));   \
        if (m & M_NOTANUMBER) return TESTP_ISNAN_##W(a, v##W##_cmpgt_s(x, inf));               \
        const vm sub = v##W##_cmpgt_u(v##W##_set1(SUBMAX), v##W##_sub(x, v##W##_set1(1)));     \
        if (m & M_SUBNORMAL) return sub;                                                       \
        /* M_NORMAL: finite, not subnormal */                                                  \
        return vm_andnot(sub, TESTP_ISFIN_##W(x, v##W##_cmpgt_s(inf, x)));                     \
    }
SIMD_TESTP_DEF(32, 0x7fffffffu, 0x7f800000u, 0x007fffffu)
SIMD_TESTP_DEF(64, 0x7fffffffffffffffull, 0x7ff0000000000000ull, 0x000fffffffffffffull)
#undef SIMD_TESTP_DEF

#endif
