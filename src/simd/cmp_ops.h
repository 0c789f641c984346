/* SIMD bodies of the comparisons (setp, set: 9.7.6.1-2): the lanes of a chunk where one of five
 * tests holds, a < b, a <= b, a == b, a <> b (floats: ordered, false on NaN) or unordered; every
 * operator is one of them on (a, b) or (b, a), negated or not (simd_cmp_plan_of), which the
 * compare kernel (simd/kernels_pred.h) decides once a call from its context. */
#ifndef PTXCPU_SIMD_CMP_OPS_H
#define PTXCPU_SIMD_CMP_OPS_H

enum simd_cmp_kind { CK_LT, CK_LE, CK_EQ, CK_LG, CK_UN };

typedef struct simd_cmp_plan {
    int kind, swap;       /* the test, and whether it reads (b, a) */
    ptxcpu_lanemask neg;  /* all ones: the operator is the test's negation */
} simd_cmp_plan;

/* Integers need only lt and eq (le is !(b < a)); floats have the ordered le and lg, so that the
 * negations give the unordered operators: ltu = !(b <= a), leu = !(b < a), gtu = !(a <= b),
 * geu = !(a < b), equ = !(a <> b), neu = !(a == b), num = !unordered. One byte an operator (test,
 * swap << 3, negation << 4), integers' and floats': a call's plan is one load, where a switch
 * became three tables behind a bounds check (the compare kernels' fixed cost is a share of a
 * 32-warp call). */
#define CMP_PLAN_(kind, swap, neg) (uint8_t)((kind) | (swap) << 3 | (neg) << 4)
static const uint8_t simd_cmp_plans[2][CMP_NAN + 1] = {
    { /* integers */
     [CMP_EQ] = CMP_PLAN_(CK_EQ, 0, 0), [CMP_NE] = CMP_PLAN_(CK_EQ, 0, 1),
     [CMP_LT] = CMP_PLAN_(CK_LT, 0, 0), [CMP_LO] = CMP_PLAN_(CK_LT, 0, 0),
     [CMP_GT] = CMP_PLAN_(CK_LT, 1, 0), [CMP_HI] = CMP_PLAN_(CK_LT, 1, 0),
     [CMP_LE] = CMP_PLAN_(CK_LT, 1, 1), [CMP_LS] = CMP_PLAN_(CK_LT, 1, 1),
     [CMP_GE] = CMP_PLAN_(CK_LT, 0, 1), [CMP_HS] = CMP_PLAN_(CK_LT, 0, 1)},
    { /* floats */
     [CMP_EQ] = CMP_PLAN_(CK_EQ, 0, 0), [CMP_NE] = CMP_PLAN_(CK_LG, 0, 0),
     [CMP_LT] = CMP_PLAN_(CK_LT, 0, 0), [CMP_GT] = CMP_PLAN_(CK_LT, 1, 0),
     [CMP_LE] = CMP_PLAN_(CK_LE, 0, 0), [CMP_GE] = CMP_PLAN_(CK_LE, 1, 0),
     [CMP_EQU] = CMP_PLAN_(CK_LG, 0, 1), [CMP_NEU] = CMP_PLAN_(CK_EQ, 0, 1),
     [CMP_LTU] = CMP_PLAN_(CK_LE, 1, 1), [CMP_LEU] = CMP_PLAN_(CK_LT, 1, 1),
     [CMP_GTU] = CMP_PLAN_(CK_LE, 0, 1), [CMP_GEU] = CMP_PLAN_(CK_LT, 0, 1),
     [CMP_NUM] = CMP_PLAN_(CK_UN, 0, 1), [CMP_NAN] = CMP_PLAN_(CK_UN, 0, 0)}};
#undef CMP_PLAN_
VINL simd_cmp_plan simd_cmp_plan_of(unsigned cmp, int is_float)
{
    const unsigned p = simd_cmp_plans[is_float != 0][cmp];
    return (simd_cmp_plan){(int)(p & 7), (int)(p >> 3 & 1), (ptxcpu_lanemask)0 - (p >> 4)};
}

#define SIMD_CMP_BODY(SEM, W)                                                                    \
    VINL vm simd_cmp_##SEM##_##W(int ty, unsigned m, int kind, VT(W) a, VT(W) b)

/* Floats on their bits, as the scalar reference reads them (ptx_cmp_outcome): a magnitude above
 * inf is a NaN; .ftz zeroes a subnormal's magnitude; the magnitude negated where the sign is set
 * orders the others as signed integers, -0 and +0 both 0. No FP environment reaches integer
 * compares. Written once for the 32- and 64-bit widths: the f64 rows' (and the f32 ones' on a
 * layer without float compares); the halves' below, the same steps in 16-bit lane masks. */
#define SIMD_FCMP_BITS_DEF(NAME, W, ABS, INF, MIN_NORMAL)                                        \
    VINL vm simd_fcmp_bits_##NAME(unsigned m, int kind, v##W a, v##W b)                        \
    {                                                                                          \
        const v##W zero = v##W##_set1(0), inf = v##W##_set1(INF);                             \
        v##W xa = v##W##_and(a, v##W##_set1(ABS)), xb = v##W##_and(b, v##W##_set1(ABS));      \
        const vm un = vm_or(v##W##_cmpgt_s(xa, inf), v##W##_cmpgt_s(xb, inf));                 \
        if (kind == CK_UN)                                                                     \
            return un;                                                                         \
        if (m & M_FTZ) {                                                                       \
            const v##W min_normal = v##W##_set1(MIN_NORMAL);                                   \
            xa = v##W##_sel(v##W##_cmpgt_s(min_normal, xa), zero, xa);                         \
            xb = v##W##_sel(v##W##_cmpgt_s(min_normal, xb), zero, xb);                         \
        }                                                                                      \
        const v##W ka = v##W##_sel(v##W##_cmpgt_s(zero, a), v##W##_sub(zero, xa), xa);         \
        const v##W kb = v##W##_sel(v##W##_cmpgt_s(zero, b), v##W##_sub(zero, xb), xb);         \
        const vm r = kind == CK_LT   ? v##W##_cmpgt_s(kb, ka)                                  \
                     : kind == CK_LE ? vm_not(v##W##_cmpgt_s(ka, kb))                          \
                     : kind == CK_EQ ? v##W##_cmpeq(ka, kb)                                    \
                                     : vm_not(v##W##_cmpeq(ka, kb));                           \
        return vm_andnot(un, r);                                                               \
    }
SIMD_FCMP_BITS_DEF(32, 32, 0x7fffffffu, 0x7f800000u, 0x00800000u)
SIMD_FCMP_BITS_DEF(64, 64, 0x7fffffffffffffffull, 0x7ff0000000000000ull, 0x0010000000000000ull)
#undef SIMD_FCMP_BITS_DEF

/* The layer's float compare of W-bit lanes for test `kind` */
#define SIMD_FCMP_BY_KIND(W, kind, a, b)                                                         \
    ((kind) == CK_LT   ? v##W##_fcmp_lt_f##W(a, b)                                             \
     : (kind) == CK_LE ? v##W##_fcmp_le_f##W(a, b)                                             \
     : (kind) == CK_EQ ? v##W##_fcmp_eq_f##W(a, b)                                             \
     : (kind) == CK_LG ? v##W##_fcmp_lg_f##W(a, b)                                             \
                       : v##W##_fcmp_un_f##W(a, b))

/* f32 by the layer's float compares where it has them (VEC_HAS_FCMP_F32; the kernel runs them
 * with DAZ clear: simd/kernels_pred.h), .ftz as a subnormal magnitude made zero first */
#ifdef VEC_HAS_FCMP_F32
VINL vm simd_fcmp_32(unsigned m, int kind, v32 a, v32 b)
{
    if (m & M_FTZ) {
        const v32 min_normal = v32_set1(0x00800000u), abs = v32_set1(0x7fffffffu);
        a = v32_sel(v32_cmpgt_s(min_normal, v32_and(a, abs)), v32_zero(), a);
        b = v32_sel(v32_cmpgt_s(min_normal, v32_and(b, abs)), v32_zero(), b);
    }
    return SIMD_FCMP_BY_KIND(32, kind, a, b);
}
#else
#define simd_fcmp_32 simd_fcmp_bits_32
#endif
#ifdef VEC_HAS_FCMP_F64
VINL vm simd_fcmp_64(unsigned m, int kind, v64 a, v64 b)
{
    if (m & M_FTZ) { /* (9.7.7.1's set.ftz.f16.f64: an f64 source flushed too) */
        const v64 min_normal = v64_set1(0x0010000000000000ull), abs = v64_set1(~0ull >> 1);
        a = v64_sel(v64_cmpgt_s(min_normal, v64_and(a, abs)), v64_set1(0), a);
        b = v64_sel(v64_cmpgt_s(min_normal, v64_and(b, abs)), v64_set1(0), b);
    }
    return SIMD_FCMP_BY_KIND(64, kind, a, b);
}
#else
#define simd_fcmp_64 simd_fcmp_bits_64
#endif

/* 16-bit tests in 16-bit lane masks (0xffff or 0 a lane: v16_eqm, v16_gtm_s), so that a test
 * stays in its lanes until vm_of_m16 makes its one vm, or set's 16-bit d takes it as it is (as
 * vm, each compare and select of a half's bits widened or narrowed the mask on AVX2 and NEON:
 * set.lt.f16.u16 ran at 0.2x the plain loop there). */
VINL v16 simd_m16_not(v16 m) { return v16_xor(m, v16_set1(0xffff)); }
VINL v16 simd_m16_sel(v16 m, v16 a, v16 b) { return v16_xor(b, v16_and(m, v16_xor(a, b))); }
/* The halves on their bits: the steps of SIMD_FCMP_BITS_DEF */
#define SIMD_FCMP_M16_DEF(NAME, INF, MIN_NORMAL)                                                 \
    VINL v16 simd_fcmp_m16_##NAME(unsigned m, int kind, v16 a, v16 b)                          \
    {                                                                                          \
        const v16 zero = v16_set1(0), inf = v16_set1(INF), abs = v16_set1(0x7fff);             \
        v16 xa = v16_and(a, abs), xb = v16_and(b, abs);                                        \
        const v16 un = v16_or(v16_gtm_s(xa, inf), v16_gtm_s(xb, inf));                         \
        if (kind == CK_UN)                                                                     \
            return un;                                                                         \
        if (m & M_FTZ) {                                                                       \
            const v16 min_normal = v16_set1(MIN_NORMAL);                                       \
            xa = v16_and(xa, simd_m16_not(v16_gtm_s(min_normal, xa)));                         \
            xb = v16_and(xb, simd_m16_not(v16_gtm_s(min_normal, xb)));                         \
        }                                                                                      \
        const v16 ka = simd_m16_sel(v16_gtm_s(zero, a), v16_sub(zero, xa), xa);                \
        const v16 kb = simd_m16_sel(v16_gtm_s(zero, b), v16_sub(zero, xb), xb);                \
        const v16 r = kind == CK_LT   ? v16_gtm_s(kb, ka)                                      \
                      : kind == CK_LE ? simd_m16_not(v16_gtm_s(ka, kb))                        \
                      : kind == CK_EQ ? v16_eqm(ka, kb)                                        \
                                      : simd_m16_not(v16_eqm(ka, kb));                         \
        return v16_and(r, simd_m16_not(un));                                                   \
    }
SIMD_FCMP_M16_DEF(f16, 0x7c00, 0x0400)
SIMD_FCMP_M16_DEF(bf16, 0x7f80, 0x0080) /* (bf16 rows have no .ftz) */
#undef SIMD_FCMP_M16_DEF

/* A 16-bit test as lane masks. 16-bit lanes have a signed compare only: unsigned a < b is the
 * signed compare with both sign bits flipped (min(a, b) == a without a == b took two compares).
 * A packed source's halves come here one at a time (simd/kernels_pred.h). */
VINL v16 simd_cmp_m16(int ty, unsigned m, int kind, v16 a, v16 b)
{
    if (ty == TY_F16 || ty == TY_F16X2)
        return simd_fcmp_m16_f16(m, kind, a, b);
    if (ty == TY_BF16 || ty == TY_BF16X2)
        return simd_fcmp_m16_bf16(m, kind, a, b);
    if (kind == CK_EQ)
        return v16_eqm(a, b);
    if (ty == TY_S16)
        return v16_gtm_s(b, a);
    const v16 sign = v16_set1(0x8000);
    return v16_gtm_s(v16_xor(b, sign), v16_xor(a, sign));
}
/* bf16 is the f32 of its bits at the top, exactly: where the layer has float compares (which
 * the kernel runs with DAZ clear: simd/kernels_pred.h's SIMD_CMP_FP), two widenings and one
 * compare replace the bits' dozen steps (bf16 has no .ftz, and its subnormals stay subnormal) */
#ifdef VEC_HAS_FCMP_F32
#define SIMD_BF16_BY_F32 1
VINL vm simd_fcmp_bf16_as_f32(int kind, v16 a, v16 b)
{
    return SIMD_FCMP_BY_KIND(32, kind, v32_slli(v32_from16_u(a), 16), v32_slli(v32_from16_u(b), 16));
}
#else
#define SIMD_BF16_BY_F32 0
#endif
/* A bf16x2 register's halves as the f32 they are, the low one shifted up and the high one
 * masked, compared in 32-bit lanes (no split into 16-bit halves and widening back) */
VINL vm simd_fcmp_bf16x2_lo(int kind, v32 a, v32 b)
{
    return simd_fcmp_32(0, kind, v32_slli(a, 16), v32_slli(b, 16));
}
VINL vm simd_fcmp_bf16x2_hi(int kind, v32 a, v32 b)
{
    const v32 high = v32_set1(0xffff0000u);
    return simd_fcmp_32(0, kind, v32_and(a, high), v32_and(b, high));
}
SIMD_CMP_BODY(SETP, 16)
{
#if SIMD_BF16_BY_F32
    if (ty == TY_BF16 || ty == TY_BF16X2)
        return simd_fcmp_bf16_as_f32(kind, a, b);
#endif
    return vm_of_m16(simd_cmp_m16(ty, m, kind, a, b));
}
SIMD_CMP_BODY(SETP, 32)
{
    if (ty == TY_F32)
        return simd_fcmp_32(m, kind, a, b);
    if (kind == CK_EQ)
        return v32_cmpeq(a, b);
    return ty == TY_S32 ? v32_cmplt_s(a, b) : v32_cmplt_u(a, b);
}
SIMD_CMP_BODY(SETP, 64)
{
    if (ty == TY_F64)
        return simd_fcmp_64(m, kind, a, b);
    if (kind == CK_EQ)
        return v64_cmpeq(a, b);
    return ty == TY_S64 ? v64_cmpgt_s(b, a) : v64_cmpgt_u(b, a);
}
/* set (9.7.6.1) compares as setp does */
#define simd_cmp_SET_16 simd_cmp_SETP_16
#define simd_cmp_SET_32 simd_cmp_SETP_32
#define simd_cmp_SET_64 simd_cmp_SETP_64

#endif
