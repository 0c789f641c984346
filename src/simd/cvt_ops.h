/* SIMD body of cvt with a float type (9.7.9.21): the conversions the vector units have (listed in
 * simd_cvtf_vec_*) run as vectors, every other row lane by lane through the scalar reference. */
#ifndef PTXCPU_SIMD_CVT_OPS_H
#define PTXCPU_SIMD_CVT_OPS_H

#include "simd/fallback.h"
#include "simd/lane_bits.h" /* v32_trunc_bits: the rounding shift */

#define SIMD_CVTF_WIDTHS(X) X(16, 16) X(16, 32) X(16, 64) X(32, 16) X(32, 32) X(32, 64) X(64, 16) X(64, 32) X(64, 64)

/* ---- lane helpers on f32 bits ---- */
#define SIMD_CVTF_CANON32 0x7fffffffu
VINL vm simd_cvtf_isnan32(v32 a)
{
    return v32_cmpgt_s(v32_and(a, v32_set1(0x7fffffff)), v32_set1(0x7f800000));
}
VINL v32 simd_cvtf_canon32(v32 r) /* a NaN lane (r is NaN iff a was) to the canonical NaN */
{
    return v32_sel(simd_cvtf_isnan32(r), v32_set1(SIMD_CVTF_CANON32), r);
}
VINL v32 simd_cvtf_ftz32(unsigned m, v32 a) /* .ftz: a subnormal to a zero of its sign */
{
    return (m & M_FTZ) ? v32_clear_where_none(a, v32_set1(0x7f800000), v32_set1(0x7fffffff)) : a;
}

/* f32 -> tf32 on the bits, like bf16: the increment of the mode (.rn: 0xfff + the kept lsb; .rna:
 * 0x1000, ties away; .rz: none) carries into the exponent and to Inf exactly where the value does;
 * the low 13 bits cleared; NaN 0x7fffe000; .satfinite: Inf to 0x7f7fe000; .relu: negative to +0 */
VINL v32 simd_cvtf_tf32_f32(unsigned m, int rnd, v32 a)
{
    v32 up = v32_zero();
    if (m & M_RNA)
        up = v32_set1(0x1000);
    else if (rnd == RND_RN)
        up = v32_add(v32_set1(0xfff), v32_and(v32_srli(a, 13), v32_set1(1)));
    v32 r = v32_and(v32_add(a, up), v32_set1(0xffffe000));
    if (m & M_SATFINITE) /* (an Inf r, exponent all ones with a zero fraction, is one compare) */
        r = v32_sel(v32_cmpeq(v32_and(r, v32_set1(0x7fffffff)), v32_set1(0x7f800000)),
                    v32_or(v32_and(r, v32_set1(0x80000000)), v32_set1(0x7f7fe000)), r);
    if (m & M_RELU)
        r = v32_sel(v32_cmplt_s(r, v32_zero()), v32_zero(), r);
    return v32_sel(simd_cvtf_isnan32(a), v32_set1(0x7fffe000), r);
}

/* u32 -> f32 as hi * 2^16 + lo: both halves and the product exact, one rounding in the sum */
VINL v32 simd_cvtf_f32_u32(v32 a)
{
    const v32 hi = v32_cvt_f32_s32(v32_srli(a, 16)), lo = v32_cvt_f32_s32(v32_and(a, v32_set1(0xffff)));
    return v32_fadd_f32(v32_fmul_f32(hi, v32_set1(0x47800000) /* 65536.0f */), lo);
}

/* f32 -> s32 rounded by the mode: |a| >= 2^31 (NaN too) never reaches the conversion; such lanes
 * clamp by their sign, NaN gives 0 */
VINL v32 simd_cvtf_s32_f32(v32 a)
{
    const vm big = v32_cmpgt_s(v32_and(a, v32_set1(0x7fffffff)), v32_set1(0x4effffff));
    const v32 r = v32_cvt_s32_f32(v32_sel(big, v32_zero(), a));
    const v32 end = v32_xor(v32_set1(0x7fffffff), v32_srai(a, 31)); /* INT_MAX, or INT_MIN */
    return v32_sel(simd_cvtf_isnan32(a), v32_zero(), v32_sel(big, end, r));
}

/* f32 -> u32: below 2^31 as s32 (a negative result clamps to 0), [2^31, 2^32) less 2^31 (exact),
 * from 2^32 (and +Inf) 0xffffffff, NaN 0 */
VINL v32 simd_cvtf_u32_f32(v32 a)
{
    const vm big = v32_cmpgt_s(v32_and(a, v32_set1(0x7fffffff)), v32_set1(0x4effffff));
    const vm upper = v32_cmpgt_s(a, v32_set1(0x4effffff)), over = v32_cmpgt_s(a, v32_set1(0x4f7fffff));
    const v32 low = v32_max_s(v32_cvt_s32_f32(v32_sel(big, v32_zero(), a)), v32_zero());
    const v32 less = v32_fsub_f32(v32_sel(upper, a, v32_set1(0x4f000000)), v32_set1(0x4f000000));
    const v32 high = v32_xor(v32_cvt_s32_f32(v32_sel(over, v32_zero(), less)), v32_set1(0x80000000));
    const v32 r = v32_sel(over, v32_set1(0xffffffff), v32_sel(upper, high, low));
    return v32_sel(simd_cvtf_isnan32(a), v32_zero(), r);
}

/* f32 -> f32: a copy, or rounded to an integral value by the mode (vroundps, frinti); NaN
 * canonical */
VINL v32 simd_cvtf_f32_f32(int integral, v32 a)
{
    return simd_cvtf_canon32(integral ? v32_rint_f32(a) : a);
}

/* f32 -> bf16 by the mode on the bits: the high half, plus one where the mode rounds the low
 * half away (RN: above half, or half with the kept half odd); a carry reaches Inf exactly where
 * the value overflows. NaN: the canonical 0x7fff. */
VINL v16 simd_cvtf_bf16_f32(int rnd, v32 a)
{
    v32 up;
    if (rnd == RND_RN || rnd == RND_NONE)
        up = v32_add(v32_set1(0x7fff), v32_and(v32_srli(a, 16), v32_set1(1)));
    else if (rnd == RND_RZ)
        up = v32_zero();
    else /* RM rounds a negative away, RP a positive: add 0xffff to those */
        up = v32_and(v32_xor(v32_srai(a, 31), v32_set1(rnd == RND_RM ? 0 : 0xffff)), v32_set1(0xffff));
    const v32 r = v32_srli(v32_add(a, up), 16);
    return v16_from32(v32_sel(simd_cvtf_isnan32(a), v32_set1(0x7fff), r));
}

/* f32 -> f16 to nearest: an f32 subnormal gives a zero of its sign, flushed or not; a NaN enters
 * as 0x7fffffff, which every layer narrows to 0x7fff (sign 0, the fraction's top 10 bits set) */
VINL v16 simd_cvtf_f16_f32_rn(v32 a)
{
    const vm nan = simd_cvtf_isnan32(a);
    const v16 r = v16_to_f16_rn(v32_sel(nan, v32_set1(SIMD_CVTF_CANON32), a));
    return v16_or(r, v16_from32(v32_sel(nan, v32_set1(0x7fff), v32_zero())));
}

/* f32 -> f16 in any mode on the integer bits: the magnitude truncated to f16's grid (normals drop
 * f32's low 13 bits; below 2^-14 the 2^-24 grid, at most 26 bits dropped: all of a 24-bit
 * significand), plus one where the mode rounds the discarded bits away (a carry moves to the next
 * binade, past 0x7bff to Inf); from 2^16 up, the value is past f16's range: Inf, or 0x7bff where
 * the mode rounds toward zero (Inf itself stays Inf); NaN 0x7fff. The result in each lane's low
 * 16 bits, sign included. */
VINL v32 simd_cvtf_f16_f32_bits(int rnd, v32 a)
{
    const v32 ax = v32_and(a, v32_set1(0x7fffffffu)), e = v32_srli(ax, 23);
    const vm neg = v32_cmpgt_u(a, ax), normal = v32_cmpgt_u(e, v32_set1(112));
    const v32 sig = v32_or(v32_and(ax, v32_set1(0x7fffff)),
                           v32_sel(v32_cmpeq(e, v32_zero()), v32_zero(), v32_set1(0x800000)));
    const v32 drop = v32_sel(normal, v32_set1(13),
                             v32_min_u(v32_sub(v32_set1(126), v32_max_u(e, v32_set1(1))), v32_set1(26)));
    const v32_trunc t = v32_trunc_bits(sig, drop); /* (the exponent added leaves t.q's parity) */
    const v32 q = v32_add(t.q, v32_sel(normal, v32_slli(v32_sub(e, v32_set1(113)), 10), v32_zero()));
    const vm inexact = vm_not(v32_cmpeq(t.rem, v32_zero()));
    vm up, to_inf; /* (to_inf: where a value past the range goes to Inf) */
    if (rnd == RND_RN || rnd == RND_NONE) {
        up = v32_trunc_rne_up(t);
        to_inf = vm_not(vm_none());
    } else if (rnd == RND_RZ) {
        up = to_inf = vm_none();
    } else { /* .rp rounds a positive value away, .rm a negative one */
        to_inf = rnd == RND_RP ? vm_not(neg) : neg;
        up = vm_and(inexact, to_inf);
    }
    const vm big = v32_cmpgt_u(e, v32_set1(142)), inf = v32_cmpeq(ax, v32_set1(0x7f800000u));
    v32 r = v32_inc_where(q, up);
    r = v32_sel(big, v32_sel(vm_or(to_inf, inf), v32_set1(0x7c00), v32_set1(0x7bff)), r);
    r = v32_sel(neg, v32_or(r, v32_set1(0x8000)), r);
    return v32_sel(v32_cmpgt_u(ax, v32_set1(0x7f800000u)), v32_set1(0x7fff), r);
}

/* .sat on an f32 / f64 result, last: NaN, negatives and -0 to +0, above 1.0 to 1.0 (positive
 * floats order as their bits) */
VINL v32 simd_cvtf_sat32(unsigned m, v32 r)
{
    if (!(m & M_SAT))
        return r;
    const vm zero = vm_or(v32_cmpgt_u(r, v32_set1(0x7fffffffu)), simd_cvtf_isnan32(r));
    return v32_sel(zero, v32_zero(), v32_min_u(r, v32_set1(0x3f800000u)));
}
VINL v64 simd_cvtf_sat64(unsigned m, v64 r)
{
    if (!(m & M_SAT))
        return r;
    const v64 one = v64_set1(0x3ff0000000000000ull);
    const vm zero = vm_or(v64_cmpgt_u(r, v64_set1(0x7fffffffffffffffull)),
                          v64_cmpgt_u(v64_and(r, v64_set1(0x7fffffffffffffffull)),
                                      v64_set1(0x7ff0000000000000ull)));
    return v64_sel(zero, v64_set1(0), v64_sel(v64_cmpgt_u(r, one), one, r));
}

/* .satfinite, .relu, .sat on a rounded f16 / bf16 (f16: its Inf and 1.0 differ) in each lane's
 * low 16 bits, NaN already 0x7fff: ±Inf to ±MAX; then a negative result (-0 too) to +0; .sat
 * clamps to [+0, 1.0], NaN to +0 */
VINL v32 simd_cvtf_half_mods(int f16, unsigned m, v32 r)
{
    const v32 inf = v32_set1(f16 ? 0x7c00 : 0x7f80);
    const vm neg = v32_cmpgt_u(r, v32_set1(0x7fff));
    if (m & M_SATFINITE)
        r = v32_sel(v32_cmpeq(v32_and(r, v32_set1(0x7fff)), inf), v32_sub(r, v32_set1(1)), r);
    if (m & (M_RELU | M_SAT))
        r = v32_sel(neg, v32_zero(), r);
    if (m & M_SAT) {
        const vm nan = v32_cmpgt_u(r, inf); /* (r is positive now) */
        r = v32_sel(nan, v32_zero(), v32_min_u(r, v32_set1(f16 ? 0x3c00 : 0x3f80)));
    }
    return r;
}

/* f32 -> f16 or bf16 (ty) in the row's mode with its modifiers, in each lane's low 16 bits */
VINL v32 simd_cvtf_half_of_f32(int f16, unsigned m, int rnd, v32 a)
{
    a = simd_cvtf_ftz32(m, a);
    const v32 r = f16 ? simd_cvtf_f16_f32_bits(rnd, a) : v32_from16_u(simd_cvtf_bf16_f32(rnd, a));
    return simd_cvtf_half_mods(f16, m, r);
}

/* u32 -> f64 (exact): 2^52 + a in f64's bits, less 2^52; a zero a is +0 (the subtraction gives -0
 * when rounding down) */
VINL v64 simd_cvtf_f64_u32(v32 a)
{
    const v64 base = v64_set1(0x4330000000000000ull), w = v64_or(v64_from32_u(a), base);
    return v64_sel(v64_cmpeq(w, base), v64_set1(0), v64_fsub_f64(w, base));
}

/* f64 -> f32 rounded to odd, on the integer bits: the magnitude truncated to f32's grid
 * (subnormals included), its last bit set where bits were dropped; past f32's range FLT_MAX (odd
 * already). f16 and bf16 are at least 2 bits coarser than that grid at every magnitude, so a
 * second rounding to them in any mode is the once-rounded result. Inf stays Inf, NaN is a NaN. */
VINL v32 simd_cvtf_f32_odd_f64(v64 a)
{
    const v64 ax = v64_and(a, v64_set1(0x7fffffffffffffffull)), e = v64_srli(ax, 52);
    const vm zero_e = v64_cmpeq(e, v64_set1(0)), normal = v64_cmpgt_u(e, v64_set1(896));
    const v64 e1 = v64_sel(zero_e, v64_set1(1), e); /* (a subnormal's exponent is 1's) */
    const v64 sig = v64_or(v64_and(ax, v64_set1(0xfffffffffffffull)),
                           v64_sel(zero_e, v64_set1(0), v64_set1(1ull << 52)));
    /* bits dropped: 29 for f32's normals, 926 - e below them (63 and more: all of sig) */
    const v64 shift = v64_sel(normal, v64_set1(29),
                              v64_sel(v64_cmpgt_u(e1, v64_set1(863)),
                                      v64_sub(v64_set1(926), e1), v64_set1(63)));
    const v64 dropped = v64_andnot(v64_sllv(v64_set1(~0ull), shift), sig);
    v64 bits = v64_add(v64_srlv(sig, shift),
                       v64_sel(normal, v64_slli(v64_sub(e1, v64_set1(897)), 23), v64_set1(0)));
    bits = v64_sel(v64_cmpgt_u(e1, v64_set1(1150)), v64_set1(0x7f7fffff), bits);
    bits = v64_or(bits, v64_sel(v64_cmpeq(dropped, v64_set1(0)), v64_set1(0), v64_set1(1)));
    const vm special = v64_cmpeq(e, v64_set1(2047)); /* Inf, or a NaN (quiet) */
    bits = v64_sel(special, v64_sel(v64_cmpeq(ax, v64_set1(0x7ff0000000000000ull)),
                                    v64_set1(0x7f800000), v64_set1(0x7fc00000)), bits);
    return v32_from64(v64_or(bits, v64_sel(v64_cmpgt_u(a, ax), v64_set1(0x80000000u), v64_set1(0))));
}

/* A 64-bit integer magnitude rounded to odd at 52 or 53 bits, as an f64 (exact): the bits below
 * where f64 rounds it ORed into the last bit kept (where f64 of m rounded up into the next binade,
 * one bit more is dropped: still at least 26 bits, which f32's rounding to odd after it needs).
 * Zero is +0 (the layers' u64 -> f64 from halves gives -0 when rounding down). */
VINL v64 simd_cvtf_f64_odd_u64(v64 m)
{
    const v64 e = v64_and(v64_srli(v64_cvt_f64_u64(m), 52), v64_set1(0x7ff));
    const v64 k = v64_sel(v64_cmpgt_u(e, v64_set1(1023 + 52)), v64_sub(e, v64_set1(1023 + 52)),
                          v64_set1(0));
    const v64 low = v64_andnot(v64_sllv(v64_set1(~0ull), k), m);
    const v64 odd = v64_sel(v64_cmpeq(low, v64_set1(0)), v64_set1(0), v64_sllv(v64_set1(1), k));
    const v64 f = v64_cvt_f64_u64(v64_or(v64_sub(m, low), odd));
    return v64_sel(v64_cmpeq(m, v64_set1(0)), v64_set1(0), f);
}

/* f64 -> s32 rounded by the mode: above 2^31 - 1 (+Inf too) INT_MAX, below -2^31 (-Inf too)
 * INT_MIN, NaN 1 << 31 (an .f64 a: the Integer Notes); only the others are converted */
VINL v32 simd_cvtf_s32_f64(v64 a)
{
    const v64 abs = v64_and(a, v64_set1(0x7fffffffffffffffull));
    const vm above = v64_cmpgt_s(a, v64_set1(0x41dfffffffc00000ull)); /* 2147483647.0 */
    const vm below = v64_cmpgt_u(a, v64_set1(0xc1e0000000000000ull)); /* -2147483648.0 */
    const vm nan = v64_cmpgt_s(abs, v64_set1(0x7ff0000000000000ull));
    const vm out = vm_or(above, below);
    const v64 r = v64_from32_s(v32_cvt_s32_f64(v64_sel(out, v64_set1(0), a)));
    const v64 end = v64_sel(above, v64_set1(0x7fffffff), v64_set1(0x80000000));
    return v32_from64(v64_sel(vm_andnot(nan, out), end, v64_sel(nan, v64_set1(0x80000000), r)));
}

/* ---- sources and destinations of 16 bits, through 32-bit lanes ---- */
/* an 8- or 16-bit integer a's value (an 8-bit type reads its register's low byte) */
VINL v32 simd_cvtf_int16_value(int ty2, v16 a)
{
    const v32 w = v32_from16_u(a);
    switch (ty2) {
    case TY_S16: return v32_from16_s(a);
    case TY_U8: return v32_and(w, v32_set1(0xff));
    case TY_S8: return v32_srai(v32_slli(w, 24), 24);
    default: return w;
    }
}
/* an f16 or bf16 a as f32 bits, exactly */
VINL v32 simd_cvtf_half_bits(int ty2, v16 a)
{
    return ty2 == TY_BF16 ? v32_slli(v32_from16_u(a), 16) : v32_from_f16(a);
}
/* f32 bits to an integer d of at most 32 bits (rounded by the mode): s32 / u32 as above, a
 * narrower d clamped from s32's (its range lies inside) */
VINL v32 simd_cvtf_int_of_f32(int ty, v32 x)
{
    if (ty == TY_U32)
        return simd_cvtf_u32_f32(x);
    const v32 s = simd_cvtf_s32_f32(x);
    switch (ty) {
    case TY_S16: return v32_min_s(v32_max_s(s, v32_set1(0xffff8000)), v32_set1(0x7fff));
    case TY_U16: return v32_min_s(v32_max_s(s, v32_zero()), v32_set1(0xffff));
    case TY_S8: return v32_min_s(v32_max_s(s, v32_set1(0xffffff80)), v32_set1(0x7f));
    case TY_U8: return v32_min_s(v32_max_s(s, v32_zero()), v32_set1(0xff));
    default: return s;
    }
}
static inline int simd_cvtf_int_le32(int ty)
{
    return ty == TY_S32 || ty == TY_U32 || ty == TY_S16 || ty == TY_U16 || ty == TY_S8 || ty == TY_U8;
}
static inline int simd_cvtf_int16(int ty)
{
    return ty == TY_S16 || ty == TY_U16 || ty == TY_S8 || ty == TY_U8;
}
static inline int simd_cvtf_int(int ty) { return simd_cvtf_int_le32(ty) || ty == TY_S64 || ty == TY_U64; }

/* .sat of an integer a into a float d: 1.0 where a > 0, else +0 (whatever the rounding: an
 * integer's value is 0 or at least 1 in magnitude) */
VINL vm simd_cvtf_positive_16(int ty2, v16 a) { return v32_cmpgt_s(simd_cvtf_int16_value(ty2, a), v32_zero()); }
VINL vm simd_cvtf_positive_32(int ty2, v32 a)
{
    return ty2 == TY_S32 ? v32_cmpgt_s(a, v32_zero()) : vm_not(v32_cmpeq(a, v32_zero()));
}
VINL vm simd_cvtf_positive_64(int ty2, v64 a)
{
    return ty2 == TY_S64 ? v64_cmpgt_s(a, v64_set1(0)) : vm_not(v64_cmpeq(a, v64_set1(0)));
}
VINL v16 simd_cvtf_unit_16(vm pos) { return v16_from32(v32_sel(pos, v32_set1(0x3c00), v32_zero())); }
VINL v32 simd_cvtf_unit_32(vm pos) { return v32_sel(pos, v32_set1(0x3f800000), v32_zero()); }
VINL v64 simd_cvtf_unit_64(vm pos) { return v64_sel(pos, v64_set1(0x3ff0000000000000ull), v64_set1(0)); }
#define SIMD_CVTF_INT_SAT(DW, AW)                                                                  \
    if (simd_cvtf_int(ty2) && (m & M_SAT))                                                     \
        return *r = simd_cvtf_unit_##DW(simd_cvtf_positive_##AW(ty2, a)), 1;

/* ---- conversions no vector unit has (64-bit integers, f64 to an unsigned d): lane by lane on
 * the CPU's own scalar conversions, rounded by the mode the kernel set (the TUs are built with
 * -frounding-math: nothing is folded or reordered across it); NaN lanes by the reference ---- */
static inline int simd_cvtf_native_row(int ty, int ty2, unsigned m)
{
    if ((ty == TY_F32 || ty == TY_F64) && (ty2 == TY_S64 || ty2 == TY_U64))
        return !(m & M_SAT);
    if (ty2 != TY_F32 && ty2 != TY_F64)
        return 0;
    return ty == TY_S64 || ty == TY_U64 || (ty2 == TY_F64 && (ty == TY_U32 || ty == TY_U16 || ty == TY_U8));
}
static inline uint64_t simd_cvtf_int_bits(int ty, double r) /* r integral, not NaN: clamped */
{
    const unsigned n = ty_bits(ty), reg = n < 16 ? 16 : n;
    if (!ty_signed(ty)) {
        const double top = n == 64 ? 0x1p64 : (double)(1ull << n);
        return r <= 0 ? 0 : r >= top ? mask_bits(n) : (uint64_t)r;
    }
    const double top = n == 64 ? 0x1p63 : (double)(1ull << (n - 1));
    const int64_t v = r >= top ? (int64_t)(mask_bits(n) >> 1) : r < -top ? -(int64_t)(mask_bits(n) >> 1) - 1
                                                                           : (int64_t)r;
    return (uint64_t)v & mask_bits(reg);
}
static inline uint64_t ptx_lane_CVTF_NATIVE(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                            uint64_t c, uint64_t e, unsigned *cf)
{
    if (ty2 == TY_S64 || ty2 == TY_U64) { /* to f32 / f64: one rounding, the conversion's */
        uint64_t bits = 0;
        if (ty == TY_F32) {
            const float f = ty2 == TY_S64 ? (float)(int64_t)a : (float)a;
            uint32_t w;
            memcpy(&w, &f, 4);
            bits = w;
        } else {
            const double d = ty2 == TY_S64 ? (double)(int64_t)a : (double)a;
            memcpy(&bits, &d, 8);
        }
        return bits;
    }
    double x;
    if (ty2 == TY_F32) {
        uint32_t w = (uint32_t)a;
        if ((m & M_FTZ) && !(w & 0x7f800000))
            w &= 0x80000000u;
        float f;
        memcpy(&f, &w, 4);
        x = f; /* exact */
    } else
        memcpy(&x, &a, 8);
    if (x != x)
        return ptx_lane_CVTF(ty, ty2, m, rnd, a, b, c, e, cf);
    return simd_cvtf_int_bits(ty, __builtin_nearbyint(x));
}
#define SIMD_CVTF_NATIVE_LANES(DW, AW) SIMD_DEFINE_LANES(CVTF_NATIVE, DW, AW, 0, 0, 0)
SIMD_CVTF_WIDTHS(SIMD_CVTF_NATIVE_LANES)
#undef SIMD_CVTF_NATIVE_LANES
#define SIMD_CVTF_NATIVE(DW, AW)                                                                   \
    if (simd_cvtf_native_row(ty, ty2, m)) {                                                    \
        vm cf = vm_none();                                                                     \
        return *r = simd_lanes_CVTF_NATIVE_##DW##_##AW(ty, ty2, m, rnd, a, v32_zero(),         \
                                                       v32_zero(), v32_zero(), &cf), 1;        \
    }

/* The vector paths: 1 (and *r) where the row's conversion has one, 0 to take the lanes' path.
 * ty, ty2 and m are constants of each kernel, so each reduces to one path or none. */
#define SIMD_CVTF_NOT(M) (!(m & (M)))
VINL v32 simd_cvtf_pack(v16 hi, v16 lo) { return v32_or(v32_slli(v32_from16_u(hi), 16), v32_from16_u(lo)); }
VINL int simd_cvtf_vec_32_32(int ty, int ty2, unsigned m, int rnd, v32 a, v32 b, v32 *r)
{
    SIMD_CVTF_INT_SAT(32, 32)
    if (ty == TY_BF16X2 && SIMD_CVTF_NOT(M_RELU | M_SATFINITE)) /* a's half on top */
        return *r = simd_cvtf_pack(simd_cvtf_bf16_f32(rnd, a), simd_cvtf_bf16_f32(rnd, b)), 1;
    if (ty == TY_F16X2 && rnd == RND_RN && SIMD_CVTF_NOT(M_RELU | M_SATFINITE))
        return *r = simd_cvtf_pack(simd_cvtf_f16_f32_rn(a), simd_cvtf_f16_f32_rn(b)), 1;
    if ((ty == TY_F16X2 || ty == TY_BF16X2) && ty2 == TY_F32) /* the other modes and modifiers */
        return *r = v32_or(v32_slli(simd_cvtf_half_of_f32(ty == TY_F16X2, m, rnd, a), 16),
                           simd_cvtf_half_of_f32(ty == TY_F16X2, m, rnd, b)), 1;
    if (ty == TY_TF32 && (rnd == RND_RN || rnd == RND_RZ || (m & M_RNA)))
        return *r = simd_cvtf_tf32_f32(m, rnd, a), 1;
    if (ty == TY_F32 && ty2 == TY_S32 && SIMD_CVTF_NOT(M_SAT))
        return *r = v32_cvt_f32_s32(a), 1;
    if (ty == TY_F32 && ty2 == TY_U32 && SIMD_CVTF_NOT(M_SAT))
        return *r = simd_cvtf_f32_u32(a), 1;
    if (simd_cvtf_int_le32(ty) && ty2 == TY_F32)
        return *r = simd_cvtf_int_of_f32(ty, simd_cvtf_ftz32(m, a)), 1;
    if (ty == TY_F32 && ty2 == TY_F32)
        return *r = simd_cvtf_sat32(m, simd_cvtf_f32_f32(rnd != RND_NONE, simd_cvtf_ftz32(m, a))), 1;
    return 0;
}
VINL int simd_cvtf_vec_32_16(int ty, int ty2, unsigned m, int rnd, v16 a, v32 *r)
{
    (void)rnd;
    SIMD_CVTF_INT_SAT(32, 16)
    if (ty == TY_F32 && simd_cvtf_int16(ty2)) /* exact in f32 */
        return *r = v32_cvt_f32_s32(simd_cvtf_int16_value(ty2, a)), 1;
    if (simd_cvtf_int_le32(ty) && (ty2 == TY_F16 || ty2 == TY_BF16))
        return *r = simd_cvtf_int_of_f32(ty, simd_cvtf_half_bits(ty2, a)), 1;
    if (ty == TY_F32 && ty2 == TY_F16) /* f16 values are f32 normals */
        return *r = simd_cvtf_sat32(m, simd_cvtf_canon32(v32_from_f16(a))), 1;
    if (ty == TY_F32 && ty2 == TY_BF16) /* bf16's bits on top of f32's */
        return *r = simd_cvtf_sat32(m, simd_cvtf_canon32(simd_cvtf_ftz32(m, v32_slli(v32_from16_u(a), 16)))), 1;
    return 0;
}
VINL int simd_cvtf_vec_16_32(int ty, int ty2, unsigned m, int rnd, v32 a, v16 *r)
{
    SIMD_CVTF_INT_SAT(16, 32)
    if (simd_cvtf_int16(ty) && ty2 == TY_F32) /* the 16-bit register of an 8-bit d: extended */
        return *r = v16_from32(simd_cvtf_int_of_f32(ty, simd_cvtf_ftz32(m, a))), 1;
    if (ty == TY_BF16 && ty2 == TY_F32 && SIMD_CVTF_NOT(M_RELU | M_SATFINITE))
        return *r = simd_cvtf_bf16_f32(rnd, simd_cvtf_ftz32(m, a)), 1;
    if (ty == TY_F16 && ty2 == TY_F32 && rnd == RND_RN && SIMD_CVTF_NOT(M_SAT | M_RELU | M_SATFINITE))
        return *r = simd_cvtf_f16_f32_rn(a), 1;
    if ((ty == TY_F16 || ty == TY_BF16) && ty2 == TY_F32) /* the other modes and modifiers */
        return *r = v16_from32(simd_cvtf_half_of_f32(ty == TY_F16, m, rnd, a)), 1;
    if (ty == TY_F16 && (ty2 == TY_S32 || ty2 == TY_U32)) /* (.sat: above) exact in f32 below 2^24;
                                                             from there past f16's range, however f32 rounds */
        return *r = v16_from32(simd_cvtf_f16_f32_bits(rnd, ty2 == TY_S32 ? v32_cvt_f32_s32(a) : simd_cvtf_f32_u32(a))), 1;
    if (ty == TY_BF16 && (ty2 == TY_S32 || ty2 == TY_U32)) /* exact in f64, to odd in f32, once to bf16 */
        return *r = v16_from32(simd_cvtf_half_of_f32(0, m, rnd, simd_cvtf_f32_odd_f64(
                        ty2 == TY_S32 ? v64_cvt_f64_s32(a) : simd_cvtf_f64_u32(a)))), 1;
    return 0;
}
VINL int simd_cvtf_vec_64_32(int ty, int ty2, unsigned m, int rnd, v32 a, v64 *r)
{
    (void)rnd;
    SIMD_CVTF_INT_SAT(64, 32)
    if (ty == TY_F64 && ty2 == TY_F32) /* NaN: sign, payload, quieted */
        return *r = simd_cvtf_sat64(m, v64_from_f32(simd_cvtf_ftz32(m, a))), 1;
    if (ty == TY_F64 && ty2 == TY_S32 && SIMD_CVTF_NOT(M_SAT))
        return *r = v64_cvt_f64_s32(a), 1;
    if (ty == TY_F64 && ty2 == TY_U32 && SIMD_CVTF_NOT(M_SAT))
        return *r = simd_cvtf_f64_u32(a), 1;
    SIMD_CVTF_NATIVE(64, 32)
    return 0;
}
VINL int simd_cvtf_vec_32_64(int ty, int ty2, unsigned m, int rnd, v64 a, v32 *r)
{
    (void)rnd; /* the mode is the kernel's; .ftz results (tiny after rounding) go lane by lane */
    if (ty == TY_F32 && ty2 == TY_F64 && SIMD_CVTF_NOT(M_SAT | M_FTZ))
        return *r = simd_cvtf_canon32(v32_from_f64(a)), 1;
    if (ty == TY_S32 && ty2 == TY_F64)
        return *r = simd_cvtf_s32_f64(a), 1;
    SIMD_CVTF_INT_SAT(32, 64)
    SIMD_CVTF_NATIVE(32, 64)
    return 0;
}
/* 16-bit d: an integer a's .sat, 8/16-bit integers to f16 (to nearest) and bf16 (any mode) through
 * f32 (exact there), f16/bf16 to 8/16-bit integers through f32; 64-bit a: .sat, and f64 to
 * .s16/.s8 (s32's clamp, NaN's 1 << 31 clamping to 1 << (width - 1) as the Integer Notes want) */
VINL int simd_cvtf_vec_16_16(int ty, int ty2, unsigned m, int rnd, v16 a, v16 *r)
{
    SIMD_CVTF_INT_SAT(16, 16)
    if (ty == TY_F16 && simd_cvtf_int16(ty2) && rnd == RND_RN)
        return *r = simd_cvtf_f16_f32_rn(v32_cvt_f32_s32(simd_cvtf_int16_value(ty2, a))), 1;
    if (ty == TY_F16 && simd_cvtf_int16(ty2)) /* the directed modes: exact in f32, rounded once */
        return *r = v16_from32(simd_cvtf_f16_f32_bits(rnd, v32_cvt_f32_s32(simd_cvtf_int16_value(ty2, a)))), 1;
    if ((ty == TY_F16 || ty == TY_BF16) && (ty2 == TY_F16 || ty2 == TY_BF16)) {
        /* through f32, where a half is exact: f16 <-> bf16 rounded once in the mode; .irnd on the
         * same type an integral f32, exact in the half again */
        const v32 x = ty2 == TY_F16 ? v32_from_f16(a) : v32_slli(v32_from16_u(a), 16);
        const int integral = ty == ty2 && rnd != RND_NONE;
        return *r = v16_from32(simd_cvtf_half_of_f32(ty == TY_F16, m, integral ? RND_RN : rnd,
                                                     integral ? v32_rint_f32(x) : x)), 1;
    }
    if (ty == TY_BF16 && simd_cvtf_int16(ty2))
        return *r = simd_cvtf_bf16_f32(rnd, v32_cvt_f32_s32(simd_cvtf_int16_value(ty2, a))), 1;
    if (simd_cvtf_int16(ty) && (ty2 == TY_F16 || ty2 == TY_BF16))
        return *r = v16_from32(simd_cvtf_int_of_f32(ty, simd_cvtf_half_bits(ty2, a))), 1;
    return 0;
}
VINL int simd_cvtf_vec_16_64(int ty, int ty2, unsigned m, int rnd, v64 a, v16 *r)
{
    SIMD_CVTF_INT_SAT(16, 64)
    if ((ty == TY_F16 || ty == TY_BF16) && ty2 == TY_F64) /* to odd in f32, then once in the mode */
        return *r = v16_from32(simd_cvtf_half_of_f32(ty == TY_F16, m, rnd, simd_cvtf_f32_odd_f64(a))), 1;
    if (ty == TY_F16 && (ty2 == TY_S64 || ty2 == TY_U64)) { /* (.sat: above) clamped to +-2^24, past
                                                               f16's range alike in every mode, then exact in f32 */
        const v64 lim = v64_set1(1u << 24), neg_lim = v64_set1((uint64_t)-(int64_t)(1u << 24));
        v64 c = v64_sel(ty2 == TY_S64 ? v64_cmpgt_s(a, lim) : v64_cmpgt_u(a, lim), lim, a);
        if (ty2 == TY_S64)
            c = v64_sel(v64_cmpgt_s(neg_lim, c), neg_lim, c);
        return *r = v16_from32(simd_cvtf_f16_f32_bits(rnd, v32_cvt_f32_s32(v32_from64(c)))), 1;
    }
    if (ty == TY_BF16 && (ty2 == TY_S64 || ty2 == TY_U64)) { /* to odd in f64, in f32, once to bf16 */
        const vm neg = ty2 == TY_S64 ? v64_cmpgt_s(v64_set1(0), a) : vm_none();
        const v64 f = simd_cvtf_f64_odd_u64(v64_sel(neg, v64_sub(v64_set1(0), a), a));
        const v64 x = v64_sel(neg, v64_or(f, v64_set1(1ull << 63)), f);
        return *r = v16_from32(simd_cvtf_half_of_f32(0, m, rnd, simd_cvtf_f32_odd_f64(x))), 1;
    }
    if ((ty == TY_S16 || ty == TY_S8) && ty2 == TY_F64) {
        const v32 s = simd_cvtf_s32_f64(a), lo = v32_set1(ty == TY_S16 ? 0xffff8000 : 0xffffff80);
        return *r = v16_from32(v32_min_s(v32_max_s(s, lo), v32_set1(ty == TY_S16 ? 0x7fff : 0x7f))), 1;
    }
    SIMD_CVTF_NATIVE(16, 64)
    return 0;
}
VINL int simd_cvtf_vec_64_16(int ty, int ty2, unsigned m, int rnd, v16 a, v64 *r)
{
    (void)rnd; (void)m;
    SIMD_CVTF_INT_SAT(64, 16)
    if (ty == TY_F64 && simd_cvtf_int16(ty2)) /* exact: the value as s32 */
        return *r = v64_cvt_f64_s32(simd_cvtf_int16_value(ty2, a)), 1;
    if (ty == TY_F64 && (ty2 == TY_F16 || ty2 == TY_BF16)) /* exact, via f32 (a NaN quieted, its payload kept, as f32 -> f64) */
        return *r = simd_cvtf_sat64(m, v64_from_f32(ty2 == TY_F16 ? v32_from_f16(a) : v32_slli(v32_from16_u(a), 16))), 1;
    return 0;
}
VINL int simd_cvtf_vec_64_64(int ty, int ty2, unsigned m, int rnd, v64 a, v64 *r)
{
    (void)rnd;
    SIMD_CVTF_INT_SAT(64, 64)
    SIMD_CVTF_NATIVE(64, 64)
    return 0;
}
#undef SIMD_CVTF_NOT
#undef SIMD_CVTF_INT_SAT
#undef SIMD_CVTF_NATIVE
/* (only 32 <- 32 has a b: the packed .f16x2/.bf16x2 d of two .f32) */
#define SIMD_CVTF_VEC_32_32(ty, ty2, m, rnd, a, b, r) simd_cvtf_vec_32_32(ty, ty2, m, rnd, a, b, r)
#define SIMD_CVTF_VEC_16_16(ty, ty2, m, rnd, a, b, r) simd_cvtf_vec_16_16(ty, ty2, m, rnd, a, r)
#define SIMD_CVTF_VEC_16_32(ty, ty2, m, rnd, a, b, r) simd_cvtf_vec_16_32(ty, ty2, m, rnd, a, r)
#define SIMD_CVTF_VEC_16_64(ty, ty2, m, rnd, a, b, r) simd_cvtf_vec_16_64(ty, ty2, m, rnd, a, r)
#define SIMD_CVTF_VEC_32_16(ty, ty2, m, rnd, a, b, r) simd_cvtf_vec_32_16(ty, ty2, m, rnd, a, r)
#define SIMD_CVTF_VEC_32_64(ty, ty2, m, rnd, a, b, r) simd_cvtf_vec_32_64(ty, ty2, m, rnd, a, r)
#define SIMD_CVTF_VEC_64_16(ty, ty2, m, rnd, a, b, r) simd_cvtf_vec_64_16(ty, ty2, m, rnd, a, r)
#define SIMD_CVTF_VEC_64_32(ty, ty2, m, rnd, a, b, r) simd_cvtf_vec_64_32(ty, ty2, m, rnd, a, r)
#define SIMD_CVTF_VEC_64_64(ty, ty2, m, rnd, a, b, r) simd_cvtf_vec_64_64(ty, ty2, m, rnd, a, r)

#define SIMD_CVTF_LANES(DW, AW) SIMD_DEFINE_LANES(CVTF, DW, AW, 0, 0, 0)
SIMD_CVTF_WIDTHS(SIMD_CVTF_LANES)
#undef SIMD_CVTF_LANES

#define SIMD_CVTF_DEF(DW, AW)                                                                      \
    SIMD_BODY(CVTF, DW, AW, 0, 0, 0)                                                           \
    {                                                                                          \
        VT(DW) r;                                                                              \
        if (SIMD_CVTF_VEC_##DW##_##AW(ty, ty2, m, rnd, a, b, &r))                              \
            return r;                                                                          \
        return simd_lanes_CVTF_##DW##_##AW(ty, ty2, m, rnd, a, b, c, e, cf);                   \
    }
SIMD_CVTF_WIDTHS(SIMD_CVTF_DEF)
#undef SIMD_CVTF_DEF

#endif
