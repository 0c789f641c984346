/* The f64 NaN rule of div/rcp/sqrt and the 1.11.20 form of rsqrt.approx.ftz.f64, written
 * once for a vector of 64-bit lanes: the {lo, hi} pairs v64 (float_divsqrt.h, float_approx_alg.h)
 * and the native n64 (native_float_ops.h) each instantiate them with F64_RULES. */
#ifndef PTXCPU_SIMD_F64_RULES_H
#define PTXCPU_SIMD_F64_RULES_H

/* P: the prefix of the functions defined (P##_nan_from, P##_hi_in, P##_hi_out); T, TM: the
 * vector and lane-mask types, whose operations are T##_and, T##_or, ...; ISNAN(x): its NaN test
 * on the bits (ordered compares are not used: these run under any MXCSR/FPCR).
 *  - nan_from(r, p, q, made): a NaN r becomes p's payload, else q's, quieted, else `made`.
 *  - hi_in(a): a's upper word as an f64 t (lower word zero; exponent field 0: a zero of its sign).
 *  - hi_out(q): q = 1/sqrt(t), rounded to 53 bits, made the 1.11.20 result: rounded to 21
 *    bits by adding half the dropped unit (no 1.11.20 value is a tie: docs/SEMANTICS.md),
 *    a subnormal q flushed (tininess cannot differ after rounding there), a NaN q (t NaN, or
 *    negative for rsqrt) the spec's 0x7fffffff00000000. */
#define F64_RULES(P, T, TM, ISNAN)                                                               \
    VINL T P##_nan_from(T r, T p, T q, uint64_t made)                                          \
    {                                                                                          \
        T quiet = T##_set1(1ull << 51);                                                        \
        r = T##_sel(ISNAN(r), T##_set1(made), r);                                              \
        r = T##_sel(ISNAN(q), T##_or(q, quiet), r);                                            \
        return T##_sel(ISNAN(p), T##_or(p, quiet), r);                                         \
    }                                                                                          \
    VINL T P##_hi_in(T a)                                                                      \
    {                                                                                          \
        TM sub = T##_cmpeq(T##_and(a, T##_set1(0x7ff0000000000000ull)), T##_set1(0));          \
        return T##_sel(sub, T##_and(a, T##_set1(1ull << 63)),                                  \
                       T##_and(a, T##_set1(0xffffffff00000000ull)));                           \
    }                                                                                          \
    VINL T P##_hi_out(T q)                                                                     \
    {                                                                                          \
        T r = T##_and(T##_add(q, T##_set1(0x80000000ull)), T##_set1(0xffffffff00000000ull));   \
        TM tiny = T##_cmpeq(T##_and(q, T##_set1(0x7ff0000000000000ull)), T##_set1(0));         \
        r = T##_sel(tiny, T##_and(q, T##_set1(1ull << 63)), r);                                \
        return T##_sel(ISNAN(q), T##_set1(0x7fffffff00000000ull), r);                          \
    }

#endif
