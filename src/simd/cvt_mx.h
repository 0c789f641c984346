/* SIMD bodies of cvt with the OCP MX formats (9.7.9.21): each element in a 32-bit lane, on
 * integers (no FP environment, Arm's FPCR.AHP included, changes a result). To a format: the f32,
 * f16 or bf16 bits rounded to nearest even, the shift set by the exponent; from one: the element's
 * exponent rebiased and fraction moved into f16's or f32's (bf16's) place. The .scaled forms
 * (CVTMXS) multiply that exact f32 by the scale (exact, or overflowing) and round once to bf16,
 * in the FP environment the kernels set. */
#ifndef PTXCPU_SIMD_CVT_MX_H
#define PTXCPU_SIMD_CVT_MX_H

#include "simd/lane_bits.h" /* v32_trunc_bits: the rounding shift */

/* A source element format, as bits in a 32-bit lane: .f32, or an .f16 (a .bf16 is read as the
 * f32 of its bits << 16): fraction bits, bias, sign and infinity's bits. On integers only, so no
 * FP environment (Arm's FPCR.AHP included) changes a result. */
typedef struct mx_src {
    int ms, bs;
    uint32_t sign, inf;
} mx_src;
#define MX_SRC_F32 ((mx_src){23, 127, 0x80000000u, 0x7f800000u})
#define MX_SRC_F16 ((mx_src){10, 15, 0x8000u, 0x7c00u})

/* |x| (source bits, sign cleared; Inf clamped to the largest finite value, past every format's
 * range) rounded to nearest even on f's grid and saturated, as the element's magnitude bits. With
 * eb the biased exponent held at f's emin and above (its grid's), q = sig >> (ms - m + eb' - eb)
 * rounded, and the bits are (the held exponent in f's bias - 1) << m plus q: q's hidden bit adds
 * the one, a carry the next binade. */
VINL v32 simd_mx_round(mx_fmt f, mx_src sr, v32 ax)
{
    const int m = f.p - 1, bias = (1 << (f.ebits - 1)) - 1, emin_b = 1 - bias + sr.bs;
    const v32 biased = v32_srli(ax, sr.ms);
    const v32 hidden = v32_sel(v32_cmpeq(biased, v32_zero()), v32_zero(), v32_set1(1u << sr.ms));
    const v32 sig = v32_or(v32_and(ax, v32_set1((1u << sr.ms) - 1)), hidden);
    const v32 eb = v32_max_s(biased, v32_set1(1)); /* (a subnormal's exponent is emin's) */
    const v32 held = v32_max_s(eb, v32_set1((uint32_t)emin_b));
    const v32 shift = v32_min_u(v32_sub(v32_add(held, v32_set1((uint32_t)(sr.ms - m))), eb),
                                v32_set1((uint32_t)sr.ms + 2));
    const v32_trunc t = v32_trunc_bits(sig, shift);
    const v32 q = v32_inc_where(t.q, v32_trunc_rne_up(t)); /* (shift >= 7: a rounding bit always exists) */
    const v32 base = v32_sllv(v32_sub(held, v32_set1((uint32_t)emin_b)), v32_set1((uint32_t)m));
    return v32_min_u(v32_add(base, q), v32_set1(f.max));
}

/* a source lane to f's element: NaN to f's NaN (or +max), sign kept (a zero's too), .relu */
VINL v32 simd_mx_from_bits(mx_fmt f, mx_src sr, unsigned m, v32 x)
{
    const v32 ax = v32_and(x, v32_set1(sr.sign - 1));
    const vm nan = v32_cmpgt_u(ax, v32_set1(sr.inf)), neg = v32_cmpgt_u(x, ax);
    v32 r = simd_mx_round(f, sr, v32_min_u(ax, v32_set1(sr.inf - 1)));
    r = v32_sel(neg, v32_or(r, v32_set1(mx_signbit(f))), r);
    if (m & M_RELU)
        r = v32_sel(neg, v32_zero(), r);
    return v32_sel(nan, v32_set1(f.nan ? f.nan : f.max), r);
}

/* the upper (hi) or lower half of each lane of a packed .f16x2 / .bf16x2: an f16's bits, or a
 * bf16's as f32 bits (exact) */
VINL v32 simd_mx_half(int ty2, v32 a, int hi)
{
    const v32 h = hi ? v32_srli(a, 16) : v32_and(a, v32_set1(0xffff));
    return ty2 == TY_BF16X2 ? v32_slli(h, 16) : h;
}

/* to .ue8m0 by .rz/.rp (rnd): the magnitude's exponent, one up under .rp when it is no power of
 * two; 0 at and below 2^-127; past 2^127 0xff, or 0xfe under .satfinite; NaN 0xff */
VINL v32 simd_mx_to_ue8m0(unsigned m, int rnd, v32 x)
{
    const v32 ax = v32_and(x, v32_set1(0x7fffffffu)), e = v32_srli(ax, 23);
    const v32 mant = v32_and(ax, v32_set1(0x7fffff));
    v32 r = e;
    if (rnd == RND_RP) { /* (a subnormal above 2^-127: 1) */
        const vm inexact = vm_not(v32_cmpeq(mant, v32_zero()));
        const vm sub_up = vm_and(v32_cmpeq(e, v32_zero()), v32_cmpgt_u(mant, v32_set1(0x400000)));
        r = v32_inc_where(r, vm_and(inexact, vm_not(v32_cmpeq(e, v32_zero()))));
        r = v32_inc_where(r, sub_up);
    }
    const v32 over = v32_set1((m & M_SATFINITE) ? 0xfe : 0xff);
    r = v32_sel(v32_cmpgt_u(r, v32_set1(254)), over, r);
    return v32_sel(v32_cmpgt_u(ax, v32_set1(0x7f800000u)), v32_set1(0xff), r);
}

/* x (f32 bits; a bf16's << 16) divided by 2^(s-127) to .s2f6 (s8 * 2^-6): q = sig * 2^(e-s-17)
 * rounded to nearest even, its magnitude saturated at 128 / 127; NaN and s = 0xff give 0x7f */
VINL v32 simd_s2f6_from_bits(unsigned m, v32 x, v32 s)
{
    const v32 ax = v32_and(x, v32_set1(0x7fffffffu)), e = v32_srli(ax, 23);
    const vm neg = v32_cmpgt_u(x, ax), nan = vm_or(v32_cmpgt_u(ax, v32_set1(0x7f800000u)),
                                                   v32_cmpeq(s, v32_set1(0xff)));
    const v32 sig = v32_or(v32_and(ax, v32_set1(0x7fffff)),
                           v32_sel(v32_cmpeq(e, v32_zero()), v32_zero(), v32_set1(0x800000)));
    const v32 shift = v32_sub(v32_add(s, v32_set1(17)), v32_max_u(e, v32_set1(1)));
    const vm big = vm_or(v32_cmplt_s(shift, v32_set1(1)), v32_cmpeq(e, v32_set1(0xff)));
    const v32 sh = v32_min_s(v32_max_s(shift, v32_set1(1)), v32_set1(26)); /* (26: q = 0) */
    const v32_trunc t = v32_trunc_bits(sig, sh);
    const v32 q = v32_sel(big, v32_set1(256), v32_inc_where(t.q, v32_trunc_rne_up(t)));
    const v32 pos = v32_min_u(q, v32_set1(127)), negv = v32_sub(v32_zero(), v32_min_u(q, v32_set1(128)));
    v32 r = v32_and(v32_sel(neg, negv, pos), v32_set1(0xff));
    if (m & M_RELU)
        r = v32_sel(neg, v32_zero(), r);
    return v32_sel(nan, v32_set1(0x7f), r);
}

/* d from two .f32 (a's element on top) or a packed .f16x2/.bf16x2, to an MX pair, .ue8m0x2 or
 * .s2f6x2 (unscaled) */
SIMD_BODY(CVTMX, 16, 32, 0, 0, 0)
{
    (void)c; (void)e; (void)cf;
    const v32 hi = ty2 == TY_F32 ? a : simd_mx_half(ty2, a, 1);
    const v32 lo = ty2 == TY_F32 ? b : simd_mx_half(ty2, a, 0);
    if (ty == TY_S2F6X2) {
        const v32 one = v32_set1(127);
        return v16_from32(v32_or(v32_slli(simd_s2f6_from_bits(m, hi, one), 8), simd_s2f6_from_bits(m, lo, one)));
    }
    if (ty == TY_UE8M0X2) /* (from .f32 or .bf16x2: f32 bits either way) */
        return v16_from32(v32_or(v32_slli(simd_mx_to_ue8m0(m, rnd, hi), 8), simd_mx_to_ue8m0(m, rnd, lo)));
    const mx_fmt f = mx_format(ty);
    const mx_src sr = ty2 == TY_F16X2 ? MX_SRC_F16 : MX_SRC_F32;
    const v32 rh = simd_mx_from_bits(f, sr, m, hi), rl = simd_mx_from_bits(f, sr, m, lo);
    return v16_from32(v32_or(f.width == 8 ? v32_slli(rh, 8) : v32_slli(rh, 4), rl));
}

/* an element (the low bits of each lane) of f as the bits of a wider format (mt fraction bits,
 * bias bt: f32, or f16 for every format but e5m2), exact, on integers: a normal one's exponent
 * rebiased and fraction moved up; a subnormal one (E = 0, fraction M of m <= 3 bits) normalized
 * at its leading bit k; NaN lanes and e5m2's infinities are the caller's */
VINL v32 simd_mx_elem_wide(mx_fmt f, int mt, int bt, v32 x)
{
    const int mb = f.p - 1, bias = (1 << (f.ebits - 1)) - 1;
    const v32 mag = v32_and(x, v32_set1(mx_signbit(f) - 1)), e = v32_srli(mag, mb);
    const v32 frac = v32_and(mag, v32_set1((1u << mb) - 1)), mts = v32_set1((uint32_t)mt);
    const v32 normal = v32_or(v32_sllv(v32_add(e, v32_set1((uint32_t)(bt - bias))), mts),
                              v32_sllv(frac, v32_set1((uint32_t)(mt - mb))));
    const v32 one = v32_set1(1);
    const v32 k = v32_inc_where(v32_inc_where(v32_zero(), v32_cmpgt_u(frac, one)),
                                v32_cmpgt_u(frac, v32_set1(3)));
    const v32 sub = v32_or(v32_sllv(v32_add(k, v32_set1((uint32_t)(bt + 1 - bias - mb))), mts),
                           v32_sllv(v32_sub(frac, v32_sllv(one, k)), v32_sub(mts, k)));
    const vm is_sub = v32_cmpeq(e, v32_zero());
    const v32 val = v32_sel(is_sub, v32_sel(v32_cmpeq(frac, v32_zero()), v32_zero(), sub), normal);
    const uint32_t sign = 1u << (mt == 23 ? 31 : 15);
    return v32_or(val, v32_sel(v32_cmpeq(v32_and(x, v32_set1(mx_signbit(f))), v32_zero()), v32_zero(),
                               v32_set1(sign)));
}

/* one element to the half (h16: .f16, else .bf16), with NaN (0x7fff), e5m2's infinities and
 * .relu / .satfinite */
VINL v32 simd_mx_to_half(int ty, int ty2, unsigned m, v32 x)
{
    const int f16 = ty == TY_F16X2;
    v32 r;
    vm nan = vm_none(), inf = vm_none();
    if (ty2 == TY_UE8M0X2) {
        r = v32_sel(v32_cmpeq(x, v32_zero()), v32_set1(0x40), v32_slli(x, 7));
        nan = v32_cmpeq(x, v32_set1(0xff));
    } else {
        const mx_fmt f = mx_format(ty2);
        const v32 mag = v32_and(x, v32_set1(mx_signbit(f) - 1));
        /* (e5m2 is f16's top byte; the others' values are f16 normals) */
        r = !f16 ? v32_srli(simd_mx_elem_wide(f, 23, 127, x), 16)
            : f.ebits == 5 ? v32_slli(x, 8) : simd_mx_elem_wide(f, 10, 15, x);
        if (f.nan) { /* e4m3: 0x7f; e5m2: 0x7c Inf, above NaN */
            nan = v32_cmpgt_u(mag, v32_set1(f.ebits == 5 ? 0x7c : 0x7e));
            inf = f.ebits == 5 ? v32_cmpeq(mag, v32_set1(0x7c)) : vm_none();
        }
        const vm neg = vm_not(v32_cmpeq(v32_and(x, v32_set1(mx_signbit(f))), v32_zero()));
        const uint32_t inf_bits = (m & M_SATFINITE) ? (f16 ? 0x7bff : 0x7f7f) : (f16 ? 0x7c00 : 0x7f80);
        r = v32_sel(inf, v32_or(v32_set1(inf_bits), v32_sel(neg, v32_set1(0x8000), v32_zero())), r);
        if (m & M_RELU)
            r = v32_sel(neg, v32_zero(), r);
    }
    return v32_sel(nan, v32_set1(0x7fff), r);
}

/* an .s2f6 byte (the low 8 bits of each lane) as its exact f32 (s8 * 2^-6: at most 8 significant
 * bits, so the conversion is exact whatever the FP environment) */
VINL v32 simd_s2f6_f32(v32 x)
{
    const v32 v = v32_srai(v32_slli(x, 24), 24), f = v32_cvt_f32_s32(v);
    return v32_sel(v32_cmpeq(v, v32_zero()), v32_zero(), v32_sub(f, v32_set1(6u << 23)));
}

/* d, a packed .f16x2/.bf16x2, from an MX pair, .ue8m0x2 or .s2f6x2 (a's upper element on top) */
SIMD_BODY(CVTMX, 32, 16, 0, 0, 0)
{
    (void)b; (void)c; (void)e; (void)cf; (void)rnd;
    const v32 x = v32_from16_u(a);
    if (ty2 == TY_S2F6X2) { /* (to .bf16x2: exact, never past its range; .relu: negatives 0) */
        const v32 hi = v32_srli(simd_s2f6_f32(v32_srli(x, 8)), 16), lo = v32_srli(simd_s2f6_f32(x), 16);
        const v32 top = v32_set1((m & M_RELU) ? 0x7fff : 0xffff);
        return v32_or(v32_slli(v32_sel(v32_cmpgt_u(hi, top), v32_zero(), hi), 16),
                      v32_sel(v32_cmpgt_u(lo, top), v32_zero(), lo));
    }
    const unsigned w = ty2 == TY_E2M1X2 ? 4 : 8;
    const v32 hi = v32_and(v32_srli(x, w), v32_set1((1u << w) - 1)), lo = v32_and(x, v32_set1((1u << w) - 1));
    return v32_or(v32_slli(simd_mx_to_half(ty, ty2, m, hi), 16), simd_mx_to_half(ty, ty2, m, lo));
}

/* p, an element times its scale in f32 (exact, or +-Inf past f32's range), rounded once to bf16
 * with .satfinite and .relu (neg: the element's sign); nan lanes give 0x7fff */
VINL v32 simd_scaled_bf16_round(unsigned m, v32 p, vm neg, vm nan)
{
    v32 r = v32_srli(v32_add(p, v32_add(v32_set1(0x7fff), v32_and(v32_srli(p, 16), v32_set1(1)))), 16);
    r = v32_and(r, v32_set1(0xffff));
    if (m & M_SATFINITE)
        r = v32_sel(v32_cmpeq(v32_and(r, v32_set1(0x7fff)), v32_set1(0x7f80)),
                    v32_sub(r, v32_set1(1)), r);
    if (m & M_RELU)
        r = v32_sel(neg, v32_zero(), r);
    return v32_sel(nan, v32_set1(0x7fff), r);
}

/* .scaled::n2::ue8m0: an element (the low bits of x) of ty2 times 2^(s-127), s = 0xff NaN; the f32
 * product is exact (MX elements: at most 4 significant bits, 2^-143 and up; .s2f6: 8 bits, 2^-133
 * and up; both on f32's subnormal grid: the kernels clear FTZ/DAZ and round to nearest) or
 * overflows, and is rounded once to bf16 */
VINL v32 simd_mx_scaled_bf16(int ty2, unsigned m, v32 x, v32 s)
{
    const v32 scale = v32_sel(v32_cmpeq(s, v32_zero()), v32_set1(0x400000), v32_slli(s, 23));
    vm nan = v32_cmpeq(s, v32_set1(0xff));
    if (ty2 == TY_S2F6X2) {
        const v32 p = v32_fmul_f32(simd_s2f6_f32(x), scale);
        return simd_scaled_bf16_round(m, p, v32_cmpgt_u(p, v32_set1(0x7fffffffu)), nan);
    }
    const mx_fmt f = mx_format(ty2);
    const v32 mag = v32_and(x, v32_set1(mx_signbit(f) - 1));
    const vm neg = vm_not(v32_cmpeq(v32_and(x, v32_set1(mx_signbit(f))), v32_zero()));
    v32 p = v32_fmul_f32(simd_mx_elem_wide(f, 23, 127, x), scale);
    if (f.nan && f.ebits == 5) /* e5m2's infinities: Inf times the scale */
        p = v32_sel(v32_cmpeq(mag, v32_set1(0x7c)), v32_sel(neg, v32_set1(0xff800000u), v32_set1(0x7f800000u)), p);
    if (f.nan)
        nan = vm_or(nan, v32_cmpgt_u(mag, v32_set1(f.ebits == 5 ? 0x7c : 0x7e)));
    return simd_scaled_bf16_round(m, p, neg, nan);
}

/* d, a packed .bf16x2, from an MX pair or .s2f6x2 times the two scale factors of b (a's upper
 * element by b's upper byte) */
SIMD_BODY(CVTMXS, 32, 16, 16, 0, 0)
{
    (void)ty; (void)rnd; (void)c; (void)e; (void)cf;
    const v32 x = v32_from16_u(a), sf = v32_from16_u(b);
    const unsigned w = ty2 == TY_E2M1X2 ? 4 : 8;
    const v32 mask = v32_set1((1u << w) - 1), byte = v32_set1(0xff);
    const v32 hi = simd_mx_scaled_bf16(ty2, m, v32_and(v32_srli(x, w), mask), v32_and(v32_srli(sf, 8), byte));
    const v32 lo = simd_mx_scaled_bf16(ty2, m, v32_and(x, mask), v32_and(sf, byte));
    return v32_or(v32_slli(hi, 16), lo);
}

/* the two scale bytes of a 16-bit scale-factor register, each element's, as s2f6 divisors */
#define SIMD_S2F6_SCALED(hi, lo, sf)                                                            \
    v16_from32(v32_or(v32_slli(simd_s2f6_from_bits(m, hi, v32_srli(sf, 8)), 8),               \
                      simd_s2f6_from_bits(m, lo, v32_and(sf, v32_set1(0xff)))))

/* d (.s2f6x2) from a packed .bf16x2 divided by the scale factors of b */
SIMD_BODY(CVTMXS, 16, 32, 16, 0, 0)
{
    (void)ty; (void)ty2; (void)rnd; (void)c; (void)e; (void)cf;
    const v32 sf = v32_from16_u(b);
    return SIMD_S2F6_SCALED(simd_mx_half(TY_BF16X2, a, 1), simd_mx_half(TY_BF16X2, a, 0), sf);
}

/* d (.s2f6x2) from two .f32 divided by the scale factors of c */
SIMD_BODY(CVTMXSC, 16, 32, 32, 16, 0)
{
    (void)ty; (void)ty2; (void)rnd; (void)e; (void)cf;
    const v32 sf = v32_from16_u(c);
    return SIMD_S2F6_SCALED(a, b, sf);
}

#endif
