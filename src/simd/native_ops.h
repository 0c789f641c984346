/* Op bodies of the native geometries (vec_contract.h: n16, n64), written once per family on the
 * layer's n16_* / n64_* primitives: simd_n<W>_<SEM> takes SIMD_BODY's parameters with every
 * operand an n<W> (absent ones zero) and CC.CF as an n64m (n16 rows have no carry: a vm, unused).
 * SIMD_NATIVE_N<W>_<SEM> names the families that have one (simd/kernels.h probes it); the other
 * families, and every row of mixed widths but mul.wide / mad.wide .16 (W16, at the end), keep the
 * VL-lane chunks of simd/int_ops.h. The scalar functions in src/scalar/int_ops.h are the
 * reference, as for int_ops.h. */
#ifndef PTXCPU_SIMD_NATIVE_OPS_H
#define PTXCPU_SIMD_NATIVE_OPS_H

#define NATIVE_BODY(W, CF, SEM)                                                                  \
    VINL n##W simd_n##W##_##SEM(int ty, int ty2, unsigned m, int rnd, n##W a, n##W b, n##W c,  \
                                n##W e, CF *cf)

#ifdef VEC_HAS_NATIVE16
#define SIMD_NATIVE_N16_ADD ~, N16
#define SIMD_NATIVE_N16_SUB ~, N16
#define SIMD_NATIVE_N16_MUL ~, N16
#define SIMD_NATIVE_N16_MAD ~, N16
#define SIMD_NATIVE_N16_SAD ~, N16
#define SIMD_NATIVE_N16_ABS ~, N16
#define SIMD_NATIVE_N16_NEG ~, N16
#define SIMD_NATIVE_N16_MIN ~, N16
#define SIMD_NATIVE_N16_MAX ~, N16

VINL n16 n16_prod(int ty, unsigned m, n16 a, n16 b)
{
    if (m & M_HI)
        return ty_signed(ty) ? n16_mulhi_s(a, b) : n16_mulhi_u(a, b);
    return n16_mullo(a, b);
}
VINL n16 n16_minmax(int ty, int want_max, n16 a, n16 b)
{
    if (ty_signed(ty))
        return want_max ? n16_max_s(a, b) : n16_min_s(a, b);
    return want_max ? n16_max_u(a, b) : n16_min_u(a, b);
}
NATIVE_BODY(16, vm, ADD) { return n16_add(a, b); }
NATIVE_BODY(16, vm, SUB) { return n16_sub(a, b); }
NATIVE_BODY(16, vm, MUL) { return n16_prod(ty, m, a, b); }
NATIVE_BODY(16, vm, MAD) { return n16_add(n16_prod(ty, m, a, b), c); }
/* c + |a - b|: the difference of max and min never wraps */
NATIVE_BODY(16, vm, SAD)
{
    return n16_add(c, n16_sub(n16_minmax(ty, 1, a, b), n16_minmax(ty, 0, a, b)));
}
NATIVE_BODY(16, vm, ABS) { return n16_abs_s(a); }
NATIVE_BODY(16, vm, NEG) { return n16_sub(n16_zero(), a); }
NATIVE_BODY(16, vm, MIN) { return n16_minmax(ty, 0, a, b); }
NATIVE_BODY(16, vm, MAX) { return n16_minmax(ty, 1, a, b); }
/* the bitwise logic of 9.7.8 on .b16: full vectors, no lane widened */
#define SIMD_NATIVE_N16_AND ~, N16
#define SIMD_NATIVE_N16_OR ~, N16
#define SIMD_NATIVE_N16_XOR ~, N16
#define SIMD_NATIVE_N16_NOT ~, N16
NATIVE_BODY(16, vm, AND) { return n16_and(a, b); }
NATIVE_BODY(16, vm, OR) { return n16_or(a, b); }
NATIVE_BODY(16, vm, XOR) { return n16_xor(a, b); }
NATIVE_BODY(16, vm, NOT) { return n16_not(a); }
#endif /* VEC_HAS_NATIVE16 */

/* ---- the widening geometry (W16): mul.wide / mad.wide .u16 / .s16, n16 sources, w32 results -- */
#ifdef VEC_HAS_WIDEN16
#define SIMD_NATIVE_W16_MUL ~, W16
#define SIMD_NATIVE_W16_MAD ~, W16
#define WIDEN16_BODY(SEM, CT)                                                                    \
    VINL w32 simd_w16_##SEM(int ty, int ty2, unsigned m, int rnd, n16 a, n16 b, CT c, n16 e,   \
                            vm *cf)
VINL w32 w16_prod(int ty, n16 a, n16 b)
{
    return ty_signed(ty) ? w32_mul16_s(a, b) : w32_mul16_u(a, b);
}
WIDEN16_BODY(MUL, n16) { return w16_prod(ty, a, b); }
WIDEN16_BODY(MAD, w32) { return w32_add(w16_prod(ty, a, b), c); }
#endif /* VEC_HAS_WIDEN16 */

/* ---- rows a layer runs lane by lane on the scalar unit (geometry L64, simd/kernels.h) ------- */
#ifdef VEC_LANE_MULHI_S64
#define SIMD_ROWGEO_mul_hi_s64 ~, L64
#endif
#ifdef VEC_LANE_MULHI_U64
#define SIMD_ROWGEO_mul_hi_u64 ~, L64
#endif

#ifdef VEC_HAS_NATIVE64
#define SIMD_NATIVE_N64_ADD ~, N64
#define SIMD_NATIVE_N64_SUB ~, N64
#define SIMD_NATIVE_N64_MUL ~, N64
#define SIMD_NATIVE_N64_MAD ~, N64
#define SIMD_NATIVE_N64_SAD ~, N64
#define SIMD_NATIVE_N64_ABS ~, N64
#define SIMD_NATIVE_N64_NEG ~, N64
#define SIMD_NATIVE_N64_MIN ~, N64
#define SIMD_NATIVE_N64_MAX ~, N64

/* d = a + b (+ CF); CF = carry out of the unsigned sum (int_ops.h's v64_addc, on one mask) */
VINL n64 n64_addc(n64 a, n64 b, unsigned m, n64m *cf)
{
    n64 s = n64_add(a, b), r = s;
    n64m carry = n64_cmpgt_u(a, s);
    if (m & M_CCIN) {
        r = n64_inc_where(s, *cf);
        carry = n64m_or(carry, n64m_and(*cf, n64_cmpeq(r, n64_zero())));
    }
    if (m & M_CCOUT)
        *cf = carry;
    return r;
}
/* d = a - (b + CF); CF = borrow out */
VINL n64 n64_subc(n64 a, n64 b, unsigned m, n64m *cf)
{
    n64 r = n64_sub(a, b);
    n64m borrow = n64_cmpgt_u(b, a);
    if (m & M_CCIN) {
        r = n64_dec_where(r, *cf);
        borrow = n64m_or(borrow, n64m_and(*cf, n64_cmpeq(a, b)));
    }
    if (m & M_CCOUT)
        *cf = borrow;
    return r;
}
#ifndef VEC_HAS_N64_MULLO /* 64 x 64 -> low 64 from 32-bit partial products */
MUL64_LO_FROM32(n64, n64_hi32)
#endif
MUL64_HI_FROM32(n64, n64_hi32, n64_sub_ifneg)
VINL n64 n64_prod(int ty, unsigned m, n64 a, n64 b)
{
    if (m & M_HI)
        return ty_signed(ty) ? n64_mulhi_s(a, b) : n64_mulhi_u(a, b);
    return n64_mullo(a, b);
}
VINL n64 n64_minmax(int ty, int want_max, n64 a, n64 b)
{
    if (ty_signed(ty))
        return want_max ? n64_max_s(a, b) : n64_min_s(a, b);
    return want_max ? n64_max_u(a, b) : n64_min_u(a, b);
}
NATIVE_BODY(64, n64m, ADD)
{
    if (m & (M_CCIN | M_CCOUT))
        return n64_addc(a, b, m, cf);
    return n64_add(a, b);
}
NATIVE_BODY(64, n64m, SUB)
{
    if (m & (M_CCIN | M_CCOUT))
        return n64_subc(a, b, m, cf);
    return n64_sub(a, b);
}
NATIVE_BODY(64, n64m, MUL) { return n64_prod(ty, m, a, b); }
NATIVE_BODY(64, n64m, MAD)
{
    n64 t = n64_prod(ty, m, a, b);
    if (m & (M_CCIN | M_CCOUT))
        return n64_addc(t, c, m, cf);
    return n64_add(t, c);
}
/* c + |a - b| (as a - b or b - a by the order: max - min costs AVX2 two compares) */
NATIVE_BODY(64, n64m, SAD)
{
    n64m gt = ty_signed(ty) ? n64_cmpgt_s(a, b) : n64_cmpgt_u(a, b);
    return n64_add(c, n64_sel(gt, n64_sub(a, b), n64_sub(b, a)));
}
NATIVE_BODY(64, n64m, ABS) { return n64_abs_s(a); }
NATIVE_BODY(64, n64m, NEG) { return n64_sub(n64_zero(), a); }
NATIVE_BODY(64, n64m, MIN) { return n64_minmax(ty, 0, a, b); }
NATIVE_BODY(64, n64m, MAX) { return n64_minmax(ty, 1, a, b); }

/* ---- float: add, sub, mul, mad, fma of 64-bit registers (float_ops.h's bodies on full vectors) */
#ifdef VEC_HAS_N64_FLOAT
#define SIMD_NATIVE_N64_FSUB ~, N64
#define SIMD_NATIVE_N64_FMAD ~, N64
#define SIMD_NATIVE_N64_FADD ~, N64
#define SIMD_NATIVE_N64_FMUL ~, N64
#define SIMD_NATIVE_N64_FFMA ~, N64
/* The f64 NaN rule (float_ops.h's f64_nan_rule_v): one unordered compare and a test per vector;
 * the fix-up, only where some result is NaN, out of line and cold, so that its constants take no
 * registers from a chain's accumulators. */
__attribute__((noinline, cold, unused)) static n64 n64_f64_nan_fix(n64m nan, n64 r, unsigned n,
                                                                   n64 a, n64 b, n64 c)
{
    n64 quiet = n64_set1(1ull << 51), pick = n64_set1(0x7fffffffffffffffull);
    pick = n64_sel(n64_isnan_f64(a), n64_or(a, quiet), pick); /* lowest priority first */
    if (n == 3)
        pick = n64_sel(n64_isnan_f64(c), n64_or(c, quiet), pick);
    pick = n64_sel(n64_isnan_f64(b), n64_or(b, quiet), pick);
    return n64_sel(nan, pick, r);
}
VINL n64 n64_f64_nan_rule(unsigned m, n64 r, unsigned n, n64 a, n64 b, n64 c)
{
    if (m & M_RAWNAN) /* a chain step (see float_ops.h's SIMD_DEFERS_CANON) */
        return r;
    n64m nan = n64_isnan_f64(r);
    if (__builtin_expect(n64m_to_bits(nan) != 0, 0))
        return n64_f64_nan_fix(nan, r, n, a, b, c);
    return r;
}
/* A chain's deferred canonicalization (SIMD_DEFERS_CANON), as simd_canon_64: f32x2 only */
VINL n64 simd_n64_canon(int ty, n64 x)
{
    if (ty == TY_F32X2)
        return v32_as_n64(f32_canon(n64_as_v32(x)));
    return x;
}
VINL int simd_n64_anynan(n64 x) { return n64m_to_bits(n64_isnan_f64(x)) != 0; }
/* two f32 per lane: elementwise, so the f32 bodies run on the same bits */
NATIVE_BODY(64, n64m, FSUB)
{
    if (ty == TY_F32X2)
        return v32_as_n64(fsub_f32(m, n64_as_v32(a), n64_as_v32(b)));
    return n64_f64_nan_rule(m, n64_fsub_f64(a, b), 2, a, b, b);
}
NATIVE_BODY(64, n64m, FMAD)
{
    return n64_f64_nan_rule(m, n64_fma_f64(a, b, c), 3, a, b, c);
}
NATIVE_BODY(64, n64m, FADD)
{
    if (ty == TY_F32X2)
        return v32_as_n64(fadd_f32(m, n64_as_v32(a), n64_as_v32(b)));
    return n64_f64_nan_rule(m, n64_fadd_f64(a, b), 2, a, b, b);
}
NATIVE_BODY(64, n64m, FMUL)
{
    if (ty == TY_F32X2)
        return v32_as_n64(fmul_f32(m, rnd, n64_as_v32(a), n64_as_v32(b)));
    return n64_f64_nan_rule(m, n64_fmul_f64(a, b), 2, a, b, b);
}
NATIVE_BODY(64, n64m, FFMA)
{
    if (ty == TY_F32X2)
        return v32_as_n64(ffma_f32(m, rnd, n64_as_v32(a), n64_as_v32(b), n64_as_v32(c)));
    return n64_f64_nan_rule(m, n64_fma_f64(a, b, c), 3, a, b, c);
}
#include "simd/native_float_ops.h" /* abs, neg, div, rcp, sqrt, rsqrt .f64 */
#else
VINL n64 simd_n64_canon(int ty, n64 x) { return x; } /* (no native row defers it then) */
VINL int simd_n64_anynan(n64 x) { return (void)x, 0; }
#endif /* VEC_HAS_N64_FLOAT */
#endif /* VEC_HAS_NATIVE64 */

#endif
