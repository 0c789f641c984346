/* Integer and extended-precision op bodies, written once on the vector layer (vec.h of the ISA):
 * simd_<SEM>_<d bits>_<a bits>, the same parameters and semantics as ptx_lane_<SEM> in
 * src/scalar/int_ops.h, which is the reference. ty, m, rnd are constants, so branches fold. */
#ifndef PTXCPU_SIMD_INT_OPS_H
#define PTXCPU_SIMD_INT_OPS_H

/* ---- shared helpers ------------------------------------------------------------------------- */
VINL v32 v32_lowmask(v32 k) /* (1 << k) - 1, all ones for k >= 32 */
{
    return v32_not(v32_sllv(v32_set1(~0u), k));
}
VINL v64 v64_lowmask(v64 k) { return v64_not(v64_sllv(v64_set1(~0ull), k)); }
VINL v64 v64_neg(v64 a) { return v64_sub(v64_set1(0), a); }
/* All ones in lanes where a is negative. */
VINL v64 v64_signfill(v64 a) { return v64_neg(v64_srli(a, 63)); }
VINL v32 v32_signfill(v32 a) { return v32_srai(a, 31); }

/* Signed 32-bit saturation of a + b or a - b (r is the wrapped result). */
VINL v32 sat32_fix(v32 a, v32 r, v32 ovf_sign)
{
    v32 lim = v32_xor(v32_signfill(a), v32_set1(0x7fffffff)); /* a < 0: INT_MIN, else INT_MAX */
    return v32_sel(v32_cmplt_s(ovf_sign, v32_zero()), lim, r);
}
VINL v32 v32_add_sat_s(v32 a, v32 b)
{
    v32 r = v32_add(a, b);
    return sat32_fix(a, r, v32_and(v32_xor(a, r), v32_xor(b, r)));
}
VINL v32 v32_sub_sat_s(v32 a, v32 b)
{
    v32 r = v32_sub(a, b);
    return sat32_fix(a, r, v32_and(v32_xor(a, b), v32_xor(a, r)));
}

/* d = a + b (+ CF); CF = carry out of the unsigned sum. Also for mad's final addition. Where the
 * layer reads lane masks from sign bits (VEC_CARRY_BY_SIGN), the carry out of bit 31 is bit 31
 * of (a & b) | ((a | b) & ~d), with or without a carry in; elsewhere unsigned compares. */
VINL v32 v32_addc(v32 a, v32 b, unsigned m, vm *cf)
{
    v32 s = v32_add(a, b), r = s;
    if (m & M_CCIN)
        r = v32_inc_where(s, *cf);
#ifdef VEC_CARRY_BY_SIGN
    if (m & M_CCOUT)
        *cf = v32_cmplt_s(v32_or(v32_and(a, b), v32_andnot(r, v32_or(a, b))), v32_zero());
#else
    if (m & M_CCOUT) /* s wrapped, or the carry in wrapped it to 0 */
        *cf = (m & M_CCIN) ? vm_or(v32_cmplt_u(s, a), vm_and(*cf, v32_cmpeq(r, v32_zero())))
                           : v32_cmplt_u(s, a);
#endif
    return r;
}
/* d = a - (b + CF); CF = borrow out (the unsigned subtraction wrapped): bit 31 of
 * (~a & b) | (~(a ^ b) & d), or a compare of a with b (with a carry in, a == b borrows too). */
VINL v32 v32_subc(v32 a, v32 b, unsigned m, vm *cf)
{
    v32 r = v32_sub(a, b);
    if (m & M_CCIN)
        r = v32_dec_where(r, *cf);
#ifdef VEC_CARRY_BY_SIGN
    if (m & M_CCOUT)
        *cf = v32_cmplt_s(v32_or(v32_andnot(a, b), v32_andnot(v32_xor(a, b), r)), v32_zero());
#else
    if (m & M_CCOUT)
        *cf = (m & M_CCIN) ? vm_or(v32_cmplt_u(a, b), vm_and(*cf, v32_cmpeq(a, b)))
                           : v32_cmplt_u(a, b);
#endif
    return r;
}
VINL v64 v64_addc(v64 a, v64 b, unsigned m, vm *cf)
{
    v64 s = v64_add(a, b), r = s;
    vm carry = v64_cmpgt_u(a, s);
    if (m & M_CCIN) {
        r = v64_sub(s, v64_sel(*cf, v64_set1(~0ull), v64_set1(0)));
        carry = vm_or(carry, vm_and(*cf, v64_cmpeq(r, v64_set1(0))));
    }
    if (m & M_CCOUT)
        *cf = carry;
    return r;
}
VINL v64 v64_subc(v64 a, v64 b, unsigned m, vm *cf)
{
    v64 r = v64_sub(a, b);
    vm borrow = v64_cmpgt_u(b, a);
    if (m & M_CCIN) {
        r = v64_add(r, v64_sel(*cf, v64_set1(~0ull), v64_set1(0)));
        borrow = vm_or(borrow, vm_and(*cf, v64_cmpeq(a, b)));
    }
    if (m & M_CCOUT)
        *cf = borrow;
    return r;
}

/* 64 x 64-bit products from 32-bit partial products, for a 64-bit lane type T (v64 here, the
 * native n64 in simd/native_ops.h): T##_mullo, T##_mulhi_u, T##_mulhi_s. HI32(x) puts each lane's
 * high 32 bits in its low half (the high half is left as the layer likes: mul32 reads only the
 * low one); SUB_IFNEG(r, s, x) is r - x in the lanes where s is negative, r elsewhere. */
#define MUL64_LO_FROM32(T, HI32)                                                                 \
    VINL T T##_mullo(T a, T b)                                                                 \
    {                                                                                          \
        T cross = T##_add(T##_mul32_u(HI32(a), b), T##_mul32_u(a, HI32(b)));                   \
        return T##_add(T##_mul32_u(a, b), T##_slli(cross, 32));                                \
    }
/* a b = hh 2^64 + (lh + hl) 2^32 + ll. No sum below wraps: (2^32 - 1)^2 + 2 (2^32 - 1) is
 * 2^64 - 1. t = lh + ll's high half, u = hl + t's low half; then the high part is hh + the high
 * halves of t and u (14 operations where summing the four middle halves took 17). */
#define MUL64_HI_FROM32(T, HI32, SUB_IFNEG)                                                      \
    VINL T T##_mulhi_u(T a, T b)                                                               \
    {                                                                                          \
        T ah = HI32(a), bh = HI32(b);                                                          \
        T ll = T##_mul32_u(a, b), lh = T##_mul32_u(a, bh), hl = T##_mul32_u(ah, b);            \
        T hh = T##_mul32_u(ah, bh);                                                            \
        T t = T##_add(lh, T##_srli(ll, 32));                                                   \
        T u = T##_add(hl, T##_and(t, T##_set1(0xffffffffull)));                                \
        return T##_add(hh, T##_add(T##_srli(t, 32), T##_srli(u, 32)));                         \
    }                                                                                          \
    /* unsigned high part minus the two's-complement terms */                                  \
    VINL T T##_mulhi_s(T a, T b)                                                               \
    {                                                                                          \
        return SUB_IFNEG(SUB_IFNEG(T##_mulhi_u(a, b), a, b), b, a);                            \
    }
#define V64_HI32_(a) v64_srli((a), 32)
VINL v64 v64_sub_ifneg_(v64 r, v64 s, v64 x) { return v64_sub(r, v64_and(v64_signfill(s), x)); }
MUL64_LO_FROM32(v64, V64_HI32_)
MUL64_HI_FROM32(v64, V64_HI32_, v64_sub_ifneg_)

/* ---- add, sub ------------------------------------------------------------------------------- */
SIMD_BODY(ADD, 16, 16, 16, 0, 0)
{
    return v16_add(a, b);
}
SIMD_BODY(ADD, 32, 32, 32, 0, 0)
{
    if (ty_x2(ty))
        return v32_add16(a, b);
    if (m & M_SAT)
        return v32_add_sat_s(a, b);
    if (m & (M_CCIN | M_CCOUT))
        return v32_addc(a, b, m, cf);
    return v32_add(a, b);
}
SIMD_BODY(ADD, 64, 64, 64, 0, 0)
{
    if (m & (M_CCIN | M_CCOUT))
        return v64_addc(a, b, m, cf);
    return v64_add(a, b);
}
SIMD_BODY(SUB, 16, 16, 16, 0, 0)
{
    return v16_sub(a, b);
}
SIMD_BODY(SUB, 32, 32, 32, 0, 0)
{
    if (m & M_SAT)
        return v32_sub_sat_s(a, b);
    if (m & (M_CCIN | M_CCOUT))
        return v32_subc(a, b, m, cf);
    return v32_sub(a, b);
}
SIMD_BODY(SUB, 64, 64, 64, 0, 0)
{
    if (m & (M_CCIN | M_CCOUT))
        return v64_subc(a, b, m, cf);
    return v64_sub(a, b);
}

/* ---- min, max (.relu clamps negative results to 0) ------------------------------------------ */
VINL v16 minmax16(int ty, int want_max, v16 a, v16 b)
{
    if (ty_signed(ty))
        return want_max ? v16_max_s(a, b) : v16_min_s(a, b);
    return want_max ? v16_max_u(a, b) : v16_min_u(a, b);
}
VINL v32 minmax32(int ty, unsigned m, int want_max, v32 a, v32 b)
{
    v32 r;
    if (ty_x2(ty)) {
        if (ty_signed(ty))
            r = want_max ? v32_max16_s(a, b) : v32_min16_s(a, b);
        else
            r = want_max ? v32_max16_u(a, b) : v32_min16_u(a, b);
        return (m & M_RELU) ? v32_max16_s(r, v32_zero()) : r;
    }
    if (ty_signed(ty))
        r = want_max ? v32_max_s(a, b) : v32_min_s(a, b);
    else
        r = want_max ? v32_max_u(a, b) : v32_min_u(a, b);
    return (m & M_RELU) ? v32_max_s(r, v32_zero()) : r;
}
VINL v64 minmax64(int ty, int want_max, v64 a, v64 b)
{
    vm gt = ty_signed(ty) ? v64_cmpgt_s(a, b) : v64_cmpgt_u(a, b);
    return want_max ? v64_sel(gt, a, b) : v64_sel(gt, b, a);
}
#define SIMD_MINMAX(SEM, WANT_MAX)                                                               \
    SIMD_BODY(SEM, 16, 16, 16, 0, 0)                                                           \
    {                                                                                          \
        return minmax16(ty, WANT_MAX, a, b);                                                   \
    }                                                                                          \
    SIMD_BODY(SEM, 32, 32, 32, 0, 0)                                                           \
    {                                                                                          \
        return minmax32(ty, m, WANT_MAX, a, b);                                                \
    }                                                                                          \
    SIMD_BODY(SEM, 64, 64, 64, 0, 0)                                                           \
    {                                                                                          \
        return minmax64(ty, WANT_MAX, a, b);                                                   \
    }
SIMD_MINMAX(MIN, 0)
SIMD_MINMAX(MAX, 1)

/* ---- div, rem (16, 32 bits): by zero all ones, INT_MIN / -1 = INT_MIN, rem sign of a ------- */
VINL v32 divrem32(int sgn, int want_rem, v32 a, v32 b)
{
    vm z = v32_cmpeq(b, v32_zero());
    v32 bb = v32_sel(z, v32_set1(1), b);
    v32 q = v32_divq(a, bb, sgn);
    if (sgn) /* the one quotient that does not fit */
        q = v32_sel(vm_and(v32_cmpeq(a, v32_set1(0x80000000u)), v32_cmpeq(b, v32_set1(~0u))),
                    v32_set1(0x80000000u), q);
    v32 r = want_rem ? v32_sub(a, v32_mullo(q, bb)) : q;
    return v32_sel(z, v32_set1(~0u), r);
}
VINL v16 divrem16(int sgn, int want_rem, v16 a, v16 b)
{
    v32 wa = sgn ? v32_from16_s(a) : v32_from16_u(a), wb = sgn ? v32_from16_s(b) : v32_from16_u(b);
    return v16_from32(divrem32(sgn, want_rem, wa, wb)); /* -32768 / -1 = 32768 wraps right */
}

/* ---- div, rem (64 bits) through f64, exact in any rounding mode ---------------------------- *
 * The layer converts u64 <-> f64 natively where it can (AVX-512 DQ, Arm ucvtf/fcvtzu); else from
 * 32-bit halves placed in the significands of 2^84 and 2^52 (exact; one rounding in the sum), and
 * back by shifting the significand by the exponent (truncates; shift counts past 63 give 0). */
#ifndef VEC_HAS_CVT_U64_F64
VINL v64 v64_cvt_f64_u64(v64 a)
{
    v64 hi = v64_or(v64_srli(a, 32), v64_set1(0x4530000000000000ull)); /* 2^84 + hi 2^32 */
    v64 lo = v64_or(v64_and(a, v64_set1(0xffffffffull)), v64_set1(0x4330000000000000ull)); /* 2^52 + lo */
    return v64_fadd_f64(v64_fsub_f64(hi, v64_set1(0x4530000000100000ull) /* 2^84 + 2^52 */), lo);
}
VINL v64 v64_cvtt_u64_f64(v64 x) /* x in [0, 2^64) */
{
    v64 e = v64_srli(x, 52);
    v64 m = v64_or(v64_and(x, v64_set1(0xfffffffffffffull)), v64_set1(1ull << 52));
    return v64_or(v64_sllv(m, v64_sub(e, v64_set1(1075))), v64_srlv(m, v64_sub(v64_set1(1075), e)));
}
#endif
/* q = a / b, *rem = a % b, unsigned, b != 0. rb = (1 - 2^-48) / b and the estimate e = a rb carry
 * four roundings of at most 2^-52 (relative, whatever the rounding mode), so e lies in
 * ((a/b)(1 - 2^-47), a/b): its truncation q0 never exceeds the quotient, and r = a - q0 b is in
 * [0, a 2^-47 + b) = [0, b ((a/b) 2^-47 + 1)). Where e < 2^46 in every lane (a/b below
 * 2^46 (1 + 2^-46)), that is below 2b, and one conditional subtraction ends it; else the same step
 * on r leaves [0, r 2^-47 + b), below 2b in every case (r < 2^17 + b). All values are normal
 * (|rb| >= 2^-64): FTZ/DAZ change nothing. */
#ifndef VEC_HAS_CVT_U64_F64
VINL v64 v64_cvtt_u64_f64_small(v64 x) /* x in [0, 2^52): the significand shifted right */
{
    v64 m = v64_or(v64_and(x, v64_set1(0xfffffffffffffull)), v64_set1(1ull << 52));
    return v64_srlv(m, v64_sub(v64_set1(1075), v64_srli(x, 52))); /* counts past 63 give 0 */
}
#else
#define v64_cvtt_u64_f64_small v64_cvtt_u64_f64
#endif
VINL v64 udivrem64(v64 a, v64 b, v64 *rem)
{
    v64 rb = v64_fdiv_f64(v64_set1(0x3fefffffffffffe0ull) /* 1 - 2^-48 */, v64_cvt_f64_u64(b));
    v64 e = v64_fmul_f64(v64_cvt_f64_u64(a), rb);
    v64 q, r;
    if (!vm_any(v64_cmpgt_s(e, v64_set1(0x42cfffffffffffffull)))) { /* e < 2^46 (e >= +0) */
        q = v64_cvtt_u64_f64_small(e);
        r = v64_sub(a, v64_mullo(q, b));
    } else {
        q = v64_cvtt_u64_f64(e);
        r = v64_sub(a, v64_mullo(q, b));
        v64 q1 = v64_cvtt_u64_f64(v64_fmul_f64(v64_cvt_f64_u64(r), rb));
        q = v64_add(q, q1);
        r = v64_sub(r, v64_mullo(q1, b));
    }
    vm below = v64_cmpgt_u(b, r);
    *rem = v64_sel(below, r, v64_sub(r, b));
    return v64_sel(below, q, v64_add(q, v64_set1(1)));
}
/* Signed: magnitudes divided (INT_MIN's is 2^63), the quotient negated when the signs differ, the
 * remainder given a's sign; INT_MIN / -1 = 2^63 negated = INT_MIN, its remainder 0. */
VINL v64 divrem64(int sgn, int want_rem, v64 a, v64 b)
{
    vm z = v64_cmpeq(b, v64_set1(0));
    v64 sa = sgn ? v64_signfill(a) : v64_set1(0), sb = sgn ? v64_signfill(b) : v64_set1(0);
    v64 ua = v64_sub(v64_xor(a, sa), sa);
    v64 ub = v64_sel(z, v64_set1(1), v64_sub(v64_xor(b, sb), sb));
    v64 r, q = udivrem64(ua, ub, &r);
    v64 res;
    if (want_rem) {
        res = v64_sub(v64_xor(r, sa), sa);
    } else {
        v64 sq = v64_xor(sa, sb);
        res = v64_sub(v64_xor(q, sq), sq);
    }
    return v64_sel(z, v64_set1(~0ull), res);
}
#define SIMD_DIVREM(SEM, WANT_REM)                                                               \
    SIMD_BODY(SEM, 64, 64, 64, 0, 0)                                                           \
    {                                                                                          \
        return divrem64(ty_signed(ty), WANT_REM, a, b);                                        \
    }                                                                                          \
    SIMD_BODY(SEM, 16, 16, 16, 0, 0)                                                           \
    {                                                                                          \
        return divrem16(ty_signed(ty), WANT_REM, a, b);                                        \
    }                                                                                          \
    SIMD_BODY(SEM, 32, 32, 32, 0, 0)                                                           \
    {                                                                                          \
        return divrem32(ty_signed(ty), WANT_REM, a, b);                                        \
    }
SIMD_DIVREM(DIV, 0)
SIMD_DIVREM(REM, 1)

/* ---- abs, neg ------------------------------------------------------------------------------- */
SIMD_BODY(ABS, 16, 16, 0, 0, 0) { return v16_abs_s(a); }
SIMD_BODY(ABS, 32, 32, 0, 0, 0) { return v32_abs_s(a); }
SIMD_BODY(ABS, 64, 64, 0, 0, 0)
{
    v64 s = v64_signfill(a);
    return v64_sub(v64_xor(a, s), s);
}
SIMD_BODY(NEG, 16, 16, 0, 0, 0) { return v16_sub(v16_set1(0), a); }
SIMD_BODY(NEG, 32, 32, 0, 0, 0) { return v32_sub(v32_zero(), a); }
SIMD_BODY(NEG, 64, 64, 0, 0, 0) { return v64_neg(a); }

/* ---- mul, mad (.lo, .hi, .wide; .cc/madc; .hi.sat.s32) -------------------------------------- */
VINL v16 prod16(int ty, unsigned m, v16 a, v16 b)
{
    if (m & M_HI)
        return ty_signed(ty) ? v16_mulhi_s(a, b) : v16_mulhi_u(a, b);
    return v16_mullo(a, b);
}
VINL v32 prod16_wide(int ty, v16 a, v16 b) /* exact in 32 bits */
{
    if (ty_signed(ty))
        return v32_mullo(v32_from16_s(a), v32_from16_s(b));
    return v32_mullo(v32_from16_u(a), v32_from16_u(b));
}
VINL v32 prod32(int ty, unsigned m, v32 a, v32 b)
{
    if (m & M_HI)
        return ty_signed(ty) ? v32_mulhi_s(a, b) : v32_mulhi_u(a, b);
    return v32_mullo(a, b);
}
VINL v64 prod32_wide(int ty, v32 a, v32 b)
{
    v64 wa = v64_from32_u(a), wb = v64_from32_u(b);
    return ty_signed(ty) ? v64_mul32_s(wa, wb) : v64_mul32_u(wa, wb);
}
VINL v64 prod64(int ty, unsigned m, v64 a, v64 b)
{
    if (m & M_HI)
        return ty_signed(ty) ? v64_mulhi_s(a, b) : v64_mulhi_u(a, b);
    return v64_mullo(a, b);
}

SIMD_BODY(MUL, 16, 16, 16, 0, 0)
{
    return prod16(ty, m, a, b);
}
SIMD_BODY(MUL, 32, 16, 16, 0, 0)
{
    return prod16_wide(ty, a, b);
}
SIMD_BODY(MUL, 32, 32, 32, 0, 0)
{
    return prod32(ty, m, a, b);
}
SIMD_BODY(MUL, 64, 32, 32, 0, 0)
{
    return prod32_wide(ty, a, b);
}
SIMD_BODY(MUL, 64, 64, 64, 0, 0)
{
    return prod64(ty, m, a, b);
}
SIMD_BODY(MAD, 16, 16, 16, 16, 0)
{
    return v16_add(prod16(ty, m, a, b), c);
}
SIMD_BODY(MAD, 32, 16, 16, 32, 0)
{
    return v32_add(prod16_wide(ty, a, b), c);
}
SIMD_BODY(MAD, 32, 32, 32, 32, 0)
{
    v32 t = prod32(ty, m, a, b);
    if (m & M_SAT)
        return v32_add_sat_s(t, c);
    if (m & (M_CCIN | M_CCOUT))
        return v32_addc(t, c, m, cf);
    return v32_add(t, c);
}
SIMD_BODY(MAD, 64, 32, 32, 64, 0)
{
    return v64_add(prod32_wide(ty, a, b), c);
}
SIMD_BODY(MAD, 64, 64, 64, 64, 0)
{
    v64 t = prod64(ty, m, a, b);
    if (m & (M_CCIN | M_CCOUT))
        return v64_addc(t, c, m, cf);
    return v64_add(t, c);
}

/* ---- mul24, mad24: low 24 bits of a and b, sign- or zero-extended; .hi is bits 16..47 ------- */
VINL v32 prod24(int ty, unsigned m, v32 a, v32 b)
{
    if (ty_signed(ty)) {
        a = v32_srai(v32_slli(a, 8), 8);
        b = v32_srai(v32_slli(b, 8), 8);
    } else {
        a = v32_and(a, v32_set1(0xffffff));
        b = v32_and(b, v32_set1(0xffffff));
    }
    v32 lo = v32_mullo(a, b);
    if (!(m & M_HI))
        return lo;
    v32 hi = ty_signed(ty) ? v32_mulhi_s(a, b) : v32_mulhi_u(a, b);
    return v32_or(v32_slli(hi, 16), v32_srli(lo, 16));
}
SIMD_BODY(MUL24, 32, 32, 32, 0, 0)
{
    return prod24(ty, m, a, b);
}
SIMD_BODY(MAD24, 32, 32, 32, 32, 0)
{
    v32 t = prod24(ty, m, a, b);
    return (m & M_SAT) ? v32_add_sat_s(t, c) : v32_add(t, c);
}

/* ---- sad: c + |a - b| (the difference of max and min never wraps) -------------------------- */
SIMD_BODY(SAD, 16, 16, 16, 16, 0)
{
    v16 d = ty_signed(ty) ? v16_sub(v16_max_s(a, b), v16_min_s(a, b))
                          : v16_sub(v16_max_u(a, b), v16_min_u(a, b));
    return v16_add(c, d);
}
SIMD_BODY(SAD, 32, 32, 32, 32, 0)
{
    v32 d = ty_signed(ty) ? v32_sub(v32_max_s(a, b), v32_min_s(a, b))
                          : v32_sub(v32_max_u(a, b), v32_min_u(a, b));
    return v32_add(c, d);
}
SIMD_BODY(SAD, 64, 64, 64, 64, 0)
{
    vm gt = ty_signed(ty) ? v64_cmpgt_s(a, b) : v64_cmpgt_u(a, b);
    return v64_add(c, v64_sel(gt, v64_sub(a, b), v64_sub(b, a)));
}

#ifndef VEC_HAS_MADD16_ACC /* c + pmaddwd(a, b), fused where the layer can (VNNI vpdpwssd) */
VINL v32 v32_madd16_acc(v32 c, v32 a, v32 b) { return v32_add(c, v32_madd16(a, b)); }
#endif

/* ---- dp4a, dp2a: bytes / halves widened to 16-bit lanes, pmaddwd pairs, wrapping sums ------- */
#ifdef VEC_HAS_DPBUSD /* VNNI vpdpbusd (AVX-512 VNNI, AVX-VNNI): c + sum of u8 x s8 products */
#define VEC_HAS_DOT4 1
/* vpdpbusd multiplies unsigned bytes of its first operand by signed bytes of its second; the
 * other signedness pairs are rebased exactly: a signed byte x is (x ^ 0x80) - 128 as unsigned,
 * an unsigned byte y is (y ^ 0x80) + 128 as signed, and the 128 * sum terms are one more
 * vpdpbusd against 0x80 bytes. That term depends on b alone and is taken from c before the
 * main product, so a chain feeding back a (b, c fixed) hoists it: one xor and one vpdpbusd a
 * step. All sums wrap. */
VINL v32 v32_dot4_acc(v32 c, v32 a, v32 b, int sa, int sb)
{
    const v32 k80 = v32_set1(0x80808080u);
    if (!sa && sb)
        return v32_dpbusd(c, a, b);
    if (sa && !sb)
        return v32_dpbusd(c, b, a);
    if (sa && sb) /* sum (a + 128) b - 128 sum b */
        return v32_dpbusd(v32_sub(c, v32_dpbusd(v32_zero(), k80, b)), v32_xor(a, k80), b);
    /* u8 x u8: b unsigned against (a - 128) signed: sum b a - 128 sum b, and the vpdpbusd of b
     * against 0x80 bytes (-128 as signed) is -128 sum b */
    return v32_dpbusd(v32_sub(c, v32_dpbusd(v32_zero(), b, k80)), b, v32_xor(a, k80));
}
#define DOT4_REBASES 1
#else
#define DOT4_REBASES 0
#endif
/* Chains feeding back a through a rebased pair (dp4a .s32.s32 and .u32.u32 on vpdpbusd) wait for
 * the xor and the multiply-add each step, longer than vpdpbusd alone, so 8 vectors in flight do
 * not fill its ports: tools/gen_ops.py's CHAIN_ROWS gives them 16 where DOT4_REBASES and the layer
 * has 32 registers (docs/PERFORMANCE.md, "Chain tuning"). */
VINL v32 bytes_even16(v32 x, int sgn) /* bytes 0 and 2 of each lane as 16-bit values */
{
    return sgn ? v32_srai16(v32_slli16(x, 8), 8) : v32_and(x, v32_set1(0x00ff00ff));
}
VINL v32 bytes_odd16(v32 x, int sgn) /* bytes 1 and 3 */
{
    return sgn ? v32_srai16(x, 8) : v32_srli16(x, 8);
}
SIMD_BODY(DP4A, 32, 32, 32, 32, 0)
{
    int sa = ty == TY_S32, sb = ty2 == TY_S32;
#ifdef VEC_HAS_DOT4 /* the layer has a 4-way byte dot product (VNNI vpdpbusd, Arm sdot/udot) */
    return v32_dot4_acc(c, a, b, sa, sb);
#else
    v32 ev = v32_madd16(bytes_even16(a, sa), bytes_even16(b, sb));
    v32 od = v32_madd16(bytes_odd16(a, sa), bytes_odd16(b, sb));
    return v32_add(c, v32_add(ev, od));
#endif
}
SIMD_BODY(DP2A, 32, 32, 32, 32, 0)
{
    static const uint8_t pick_lo[16] = {0, 0x80, 1, 0x80, 4, 0x80, 5, 0x80,
                                        8, 0x80, 9, 0x80, 12, 0x80, 13, 0x80};
    static const uint8_t pick_hi[16] = {2, 0x80, 3, 0x80, 6, 0x80, 7, 0x80,
                                        10, 0x80, 11, 0x80, 14, 0x80, 15, 0x80};
    v32 bb = v32_shuffle8(b, v32_bcast16b((m & M_LO) ? pick_lo : pick_hi));
    if (ty2 == TY_S32)
        bb = v32_srai16(v32_slli16(bb, 8), 8);
    if (ty == TY_S32) /* pmaddwd reads a's halves as signed */
        return v32_madd16_acc(c, a, bb);
    /* u16 halves rebased: x ^ 0x8000 read as signed is x - 32768, and the pmaddwd of 0x8000 halves
     * and bb is -32768 (b0 + b1), taken off c first (b alone: a chain feeding back a hoists it) */
    const v32 k8000 = v32_set1(0x80008000u);
    return v32_madd16_acc(v32_sub(c, v32_madd16(k8000, bb)), v32_xor(a, k8000), bb);
}

/* ---- popc, clz, bfind, brev ----------------------------------------------------------------- */
#ifdef VEC_HAS_POPC /* the layer counts the bits of 32- and 64-bit lanes (VPOPCNTDQ) */
VINL v32 popc32(v32 a) { return v32_popc(a); }
VINL v32 popc64(v64 a) { return v64_popc(a); }
#else
VINL v32 popc32(v32 a)
{
    v32 x = v32_popc8(a);
    x = v32_add(x, v32_srli16(x, 8));
    x = v32_add(x, v32_srli(x, 16));
    return v32_and(x, v32_set1(0x3f));
}
VINL v32 popc64(v64 a) { return v32_from64((v64){v32_sum8x8(v32_popc8(a.lo)), v32_sum8x8(v32_popc8(a.hi))}); }
#endif
#ifdef VEC_HAS_CLZ /* the layer counts leading zeros of 32- and 64-bit lanes (Arm clz) */
VINL v32 clz32(v32 x) { return v32_clz(x); }
VINL v32 clz64(v64 x) { return v64_clz(x); }
#else
VINL v32 clz32(v32 x)
{
    x = v32_or(x, v32_srli(x, 1));
    x = v32_or(x, v32_srli(x, 2));
    x = v32_or(x, v32_srli(x, 4));
    x = v32_or(x, v32_srli(x, 8));
    x = v32_or(x, v32_srli(x, 16));
    return v32_sub(v32_set1(32), popc32(x));
}
VINL v32 clz64(v64 x)
{
    x = v64_or(x, v64_srli(x, 1));
    x = v64_or(x, v64_srli(x, 2));
    x = v64_or(x, v64_srli(x, 4));
    x = v64_or(x, v64_srli(x, 8));
    x = v64_or(x, v64_srli(x, 16));
    x = v64_or(x, v64_srli(x, 32));
    return v32_sub(v32_set1(64), popc64(x));
}
#endif
SIMD_BODY(POPC, 32, 32, 0, 0, 0) { return popc32(a); }
SIMD_BODY(POPC, 32, 64, 0, 0, 0) { return popc64(a); }
SIMD_BODY(CLZ, 32, 32, 0, 0, 0) { return clz32(a); }
SIMD_BODY(CLZ, 32, 64, 0, 0, 0) { return clz64(a); }
/* bfind: msb index of a (of ~a for negative signed a), 0xffffffff if none; .shiftamt: 31 - it.
 * The leading-zero count lz is the width exactly when there is none. */
VINL v32 bfind_finish(unsigned m, unsigned width, v32 lz)
{
    vm none = v32_cmpeq(lz, v32_set1(width));
    v32 d = (m & M_SHIFTAMT) ? lz : v32_sub(v32_set1(width - 1), lz);
    return v32_sel(none, v32_set1(~0u), d);
}
SIMD_BODY(BFIND, 32, 32, 0, 0, 0)
{
    v32 x = ty_signed(ty) ? v32_xor(a, v32_signfill(a)) : a;
    return bfind_finish(m, 32, clz32(x));
}
SIMD_BODY(BFIND, 32, 64, 0, 0, 0)
{
    v64 x = ty_signed(ty) ? v64_xor(a, v64_signfill(a)) : a;
    return bfind_finish(m, 64, clz64(x));
}
#ifdef VEC_HAS_REVBITS8 /* the layer reverses the bits of every byte (GFNI affine, Arm rbit) */
VINL v32 rev_bits_in_bytes(v32 a) { return v32_revbits8(a); }
#else
VINL v32 rev_bits_in_bytes(v32 a)
{
    static const uint8_t lo_lut[16] = {0x00, 0x80, 0x40, 0xc0, 0x20, 0xa0, 0x60, 0xe0,
                                       0x10, 0x90, 0x50, 0xd0, 0x30, 0xb0, 0x70, 0xf0};
    static const uint8_t hi_lut[16] = {0x0, 0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe,
                                       0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf};
    v32 nib = v32_set1(0x0f0f0f0f);
    v32 lo = v32_and(a, nib), hi = v32_and(v32_srli(a, 4), nib);
    return v32_or(v32_shuffle8(v32_bcast16b(lo_lut), lo), v32_shuffle8(v32_bcast16b(hi_lut), hi));
}
#endif
VINL v32 brev32(v32 a)
{
    static const uint8_t rev4[16] = {3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12};
    return v32_shuffle8(rev_bits_in_bytes(a), v32_bcast16b(rev4));
}
SIMD_BODY(BREV, 32, 32, 0, 0, 0) { return brev32(a); }
SIMD_BODY(BREV, 64, 64, 0, 0, 0)
{
    static const uint8_t rev8[16] = {7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8};
    v32 p = v32_bcast16b(rev8);
    return (v64){v32_shuffle8(rev_bits_in_bytes(a.lo), p), v32_shuffle8(rev_bits_in_bytes(a.hi), p)};
}

/* ---- fns: the |offset|-th set bit of mask counting from base, upwards for offset > 0, downwards
 * for offset < 0 (offset 0: base itself if set); 0xffffffff if there is none or base > 31.
 * The bits on the searched side of base (base included) are kept in x; the n-th set bit
 * downwards is the (popc(x) + 1 - n)-th upwards, so both directions select the set bit of
 * 0-based rank r from bit 0: the prefix sums of the byte counts (one multiply) find its byte,
 * a nibble count its nibble, and a table of each nibble's set-bit positions the bit. The scalar
 * reference walks bit by bit. */
VINL v32 v32_prefix8(v32 x) /* byte j of each lane: the sum of its bytes 0..j (no carries) */
{
    x = v32_add(x, v32_slli(x, 8));
    return v32_add(x, v32_slli(x, 16));
}
/* The position of the set bit of rank r (0-based, from bit 0) in x, given r < popc(x), x's byte
 * counts p8 and their prefix sums; other lanes get some value. */
VINL v32 select_set_bit(v32 x, v32 prefix, v32 r)
{
    /* nibble t: its set bits' positions, 2 bits each, the lowest set bit's in bits 0..1 */
    static const uint8_t nib_pos[16] = {0x00, 0x00, 0x01, 0x04, 0x02, 0x08, 0x09, 0x24,
                                        0x03, 0x0c, 0x0d, 0x34, 0x0e, 0x38, 0x39, 0xe4};
    static const uint8_t nib_cnt[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    static const uint8_t byte0[16] = {0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12};
    const v32 lsb8 = v32_set1(0xff), top8 = v32_set1(0x80808080u);
    /* byte j of 0x80808080 + (r in every byte) - prefix: 0x80 + r - P_j, never borrowing (r,
     * P_j <= 32); its top bit is set for the bytes wholly below the bit, a run from byte 0 of
     * some length j. Its 0x08s summed by pmaddwd against 0x0101 pairs: 8j in bits 8..15. */
    v32 below = v32_and(v32_sub(v32_add(v32_shuffle8(r, v32_bcast16b(byte0)), top8), prefix), top8);
    v32 sh = v32_and(v32_srli(v32_madd16(v32_srli(below, 4), v32_set1(0x01010101)), 8), lsb8);
    v32 xb = v32_and(v32_srlv(x, sh), lsb8);
    v32 rb = v32_sub(r, v32_and(v32_srlv(v32_slli(prefix, 8), sh), lsb8)); /* < popc(xb) */
    v32 n0 = v32_and(xb, v32_set1(15));
    v32 c0 = v32_shuffle8(v32_bcast16b(nib_cnt), n0); /* (bytes 1..3 of n0 are 0: count 0) */
    vm in_lo = v32_cmpgt_s(c0, rb);
    v32 t = v32_sel(in_lo, n0, v32_srli(xb, 4));
    v32 rt = v32_sel(in_lo, rb, v32_sub(rb, c0)); /* < popc(t) */
    v32 pos = v32_shuffle8(v32_bcast16b(nib_pos), t);
    pos = v32_and(v32_srlv(pos, v32_add(rt, rt)), v32_set1(3));
    return v32_add(v32_add(sh, pos), v32_sel(in_lo, v32_zero(), v32_set1(4)));
}
SIMD_BODY(FNS, 32, 32, 32, 32, 0)
{
    const v32 ones = v32_set1(~0u), b31 = v32_set1(31);
    v32 base = v32_min_u(b, b31);
    vm good_base = v32_cmpeq(base, b);
    vm down = v32_cmplt_s(c, v32_zero()), zero = v32_cmpeq(c, v32_zero());
    v32 keep = v32_sel(down, v32_srlv(ones, v32_sub(b31, base)),
                       v32_sllv(v32_sel(zero, v32_set1(1), ones), base));
    v32 x = v32_and(a, keep);
    v32 prefix = v32_prefix8(v32_popc8(x));
    v32 total = v32_srli(prefix, 24);
    /* n - 1 = |offset| - 1, 0 for offset 0: ~offset downwards (below 2^31, so signed compares
     * hold) */
    v32 nm1 = v32_sel(down, v32_not(c), v32_max_s(v32_sub(c, v32_set1(1)), v32_zero()));
    vm found = vm_and(good_base, v32_cmpgt_s(total, nm1));
    v32 r = v32_sel(down, v32_add(total, c), nm1); /* downwards total - 1 - ~offset */
    return v32_sel(found, select_set_bit(x, prefix, r), ones);
}

/* ---- bfe, bfi: the field is bits pos .. pos+k-1 with k = clamp(min(len, n - pos), 0) -------- */
VINL v32 field_len(v32 pos, v32 len, unsigned n)
{
    return v32_max_s(v32_min_s(len, v32_sub(v32_set1(n), pos)), v32_zero());
}
SIMD_BODY(BFE, 32, 32, 32, 32, 0)
{
    v32 pos = v32_and(b, v32_set1(0xff)), len = v32_and(c, v32_set1(0xff));
    v32 low = v32_lowmask(field_len(pos, len, 32));
    v32 r = v32_and(v32_srlv(a, pos), low);
    if (!ty_signed(ty))
        return r;
    v32 sidx = v32_min_u(v32_sub(v32_add(pos, len), v32_set1(1)), v32_set1(31));
    v32 sbit = v32_and(v32_srlv(a, sidx), v32_min_u(len, v32_set1(1))); /* 0 when len == 0 */
    return v32_or(r, v32_andnot(low, v32_sub(v32_zero(), sbit)));
}
SIMD_BODY(BFE, 64, 64, 32, 32, 0)
{
    v32 pos = v32_and(b, v32_set1(0xff)), len = v32_and(c, v32_set1(0xff));
    v64 low = v64_lowmask(v64_from32_u(field_len(pos, len, 64)));
    v64 r = v64_and(v64_srlv(a, v64_from32_u(pos)), low);
    if (!ty_signed(ty))
        return r;
    v32 sidx = v32_min_u(v32_sub(v32_add(pos, len), v32_set1(1)), v32_set1(63));
    v64 sbit = v64_and(v64_srlv(a, v64_from32_u(sidx)), v64_from32_u(v32_min_u(len, v32_set1(1))));
    return v64_or(r, v64_andnot(low, v64_neg(sbit)));
}
SIMD_BODY(BFI, 32, 32, 32, 32, 32)
{
    v32 pos = v32_and(c, v32_set1(0xff)), len = v32_and(e, v32_set1(0xff));
    v32 fm = v32_sllv(v32_lowmask(field_len(pos, len, 32)), pos);
    return v32_or(v32_andnot(fm, b), v32_and(v32_sllv(a, pos), fm));
}
SIMD_BODY(BFI, 64, 64, 64, 32, 32)
{
    v32 pos = v32_and(c, v32_set1(0xff)), len = v32_and(e, v32_set1(0xff));
    v64 p64 = v64_from32_u(pos);
    v64 fm = v64_sllv(v64_lowmask(v64_from32_u(field_len(pos, len, 64))), p64);
    return v64_or(v64_andnot(fm, b), v64_and(v64_sllv(a, p64), fm));
}

/* ---- bmsk, szext: on v32_sllv's n >= 32 giving 0 ---------------------------------------------- */
SIMD_BODY(BMSK, 32, 32, 32, 0, 0)
{
    /* ones << pos with the bits from pos + width up cleared; .wrap takes both mod 32, .clamp
     * gives 0 for pos >= 32 (its shift) and stops the field at bit 31 (pos + width >= 32: the
     * second shift gives 0; pos < 32 there, so the sum does not wrap) */
    v32 pos = a, end;
    if (m & M_CLAMP) {
        end = v32_add(a, v32_min_u(b, v32_set1(32)));
    } else {
        v32 k31 = v32_set1(31);
        pos = v32_and(a, k31);
        end = v32_add(pos, v32_and(b, k31));
    }
    const v32 ones = v32_set1(~0u);
    return v32_andnot(v32_sllv(ones, end), v32_sllv(ones, pos));
}
SIMD_BODY(SZEXT, 32, 32, 32, 0, 0)
{
    /* the low w bits of a (w = b mod 32, or min(b, 32)), sign-extended from bit w - 1 by
     * (y ^ s) - s with s that bit alone (w = 0: the shift by 2^32 - 1 gives s = 0) */
    v32 w = (m & M_CLAMP) ? v32_min_u(b, v32_set1(32)) : v32_and(b, v32_set1(31));
    v32 y = v32_andnot(v32_sllv(v32_set1(~0u), w), a);
    if (ty != TY_S32)
        return y;
    v32 s = v32_sllv(v32_set1(1), v32_sub(w, v32_set1(1)));
    return v32_sub(v32_xor(y, s), s);
}

/* selp (9.7.6.3): the predicate source c arrives as the chunk's lane mask */
SIMD_BODY(SELP, 16, 16, 16, 1, 0) { return v16_sel(c, a, b); }
SIMD_BODY(SELP, 32, 32, 32, 1, 0) { return v32_sel(c, a, b); }
SIMD_BODY(SELP, 64, 64, 64, 1, 0) { return v64_sel(c, a, b); }

/* slct (9.7.6.4): the lanes where c >= 0 take a, as the scalar reference reads c's bits (an f32 c:
 * NaN is false, either zero true, .ftz makes a subnormal a zero) */
VINL vm simd_slct_ge0(int ty2, unsigned m, v32 c)
{
    const v32 zero = v32_zero();
    const vm sign_clear = vm_not(v32_cmpgt_s(zero, c));
    if (ty2 != TY_F32)
        return sign_clear;
    const v32 mag = v32_and(c, v32_set1(0x7fffffffu));
    const vm zeroish = (m & M_FTZ) ? v32_cmpgt_s(v32_set1(0x00800000u), mag) : v32_cmpeq(mag, zero);
    return vm_andnot(v32_cmpgt_s(mag, v32_set1(0x7f800000u)), vm_or(zeroish, sign_clear));
}
SIMD_BODY(SLCT, 16, 16, 16, 32, 0) { return v16_sel(simd_slct_ge0(ty2, m, c), a, b); }
SIMD_BODY(SLCT, 32, 32, 32, 32, 0) { return v32_sel(simd_slct_ge0(ty2, m, c), a, b); }
SIMD_BODY(SLCT, 64, 64, 64, 32, 0) { return v64_sel(simd_slct_ge0(ty2, m, c), a, b); }

#endif
