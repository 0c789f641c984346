/* Scalar reference of cvt with the OCP MX formats (9.7.9.21): .e4m3x2, .e5m2x2, .e2m3x2, .e3m2x2,
 * .e2m1x2 and .ue8m0x2, and the fixed-point .s2f6x2, two elements a register, to and from f32,
 * f16x2 and bf16x2, on softfloat's exact values. docs/SEMANTICS.md, "Conversion with the OCP MX formats", records the readings. */
#ifndef PTXCPU_SCALAR_CVT_MX_H
#define PTXCPU_SCALAR_CVT_MX_H

#include "softfloat.h"

/* An MX element format: precision (with the hidden bit), exponent bits, its element width in the
 * register, its largest finite encoding and its NaN (0: none; NaN and .satfinite give max then) */
typedef struct mx_fmt {
    int p, ebits;
    unsigned width;
    uint32_t max, nan;
} mx_fmt;

static inline mx_fmt mx_format(int ty)
{
    switch (ty) {
    case TY_E4M3X2: case TY_E4M3X4: return (mx_fmt){4, 4, 8, 0x7e, 0x7f};
    case TY_E5M2X2: case TY_E5M2X4: return (mx_fmt){3, 5, 8, 0x7b, 0x7f};
    case TY_E2M3X2: case TY_E2M3X4: return (mx_fmt){4, 2, 8, 0x1f, 0};
    case TY_E3M2X2: case TY_E3M2X4: return (mx_fmt){3, 3, 8, 0x1f, 0};
    default: return (mx_fmt){2, 2, 4, 0x7, 0}; /* TY_E2M1X2, TY_E2M1X4 */
    }
}

static inline int mx_is(int ty) { return ty >= TY_E4M3X2 && ty <= TY_E2M1X2; }
static inline uint32_t mx_signbit(mx_fmt f) { return 1u << (f.p + f.ebits - 1); }

/* How mx_round_as rounds: to nearest, ties to even; toward zero; one place away from zero */
enum mx_mode { MX_RNE, MX_TRUNC, MX_AWAY };

/* (-1)^sign * mag * 2^exp (mag != 0) rounded (mode; MX_AWAY only where bits are discarded) on
 * f's grid (its subnormals; no top exponent), then saturated to +-max (.satfinite) */
static inline uint32_t mx_round_as(mx_fmt f, int sign, sf_u128 mag, int exp, enum mx_mode mode)
{
    const int bias = (1 << (f.ebits - 1)) - 1, emin = 1 - bias;
    const int top = exp + sf_msb128(mag);
    int lsb = top - (f.p - 1);
    if (lsb < emin - (f.p - 1))
        lsb = emin - (f.p - 1);
    const int drop = lsb - exp;
    sf_u128 q = mag;
    if (drop > 0) {
        const sf_u128 rem = drop >= 128 ? mag : mag & (((sf_u128)1 << drop) - 1);
        q = drop >= 128 ? 0 : mag >> drop;
        const sf_u128 half = drop > 128 ? 0 : (sf_u128)1 << (drop - 1);
        if (mode == MX_AWAY || (mode == MX_RNE && drop <= 128 && (rem > half || (rem == half && (q & 1)))))
            q++;
    } else {
        q = mag << -drop;
    }
    const uint32_t s = sign ? mx_signbit(f) : 0;
    if (q == 0)
        return s;
    if (q >> f.p)
        q >>= 1, lsb++;
    const int res_top = lsb + sf_msb128(q);
    if (res_top < emin)
        return s | (uint32_t)q; /* subnormal */
    const int biased = res_top + bias;
    if (biased >= 1 << f.ebits)
        return s | f.max;
    const uint32_t enc = (uint32_t)biased << (f.p - 1) | ((uint32_t)q & ((1u << (f.p - 1)) - 1));
    return s | (enc > f.max ? f.max : enc);
}
static inline uint32_t mx_round(mx_fmt f, int sign, sf_u128 mag, int exp)
{
    return mx_round_as(f, sign, mag, exp, MX_RNE);
}

/* A decoded source element to f: .satfinite always (the forms require it), NaN to f's NaN or +max,
 * .relu after rounding */
static inline uint32_t mx_from_val(mx_fmt f, sf_val x, unsigned m)
{
    uint32_t r;
    switch (x.cls) {
    case SF_NAN: return f.nan ? f.nan : f.max;
    case SF_INF: r = (x.sign ? mx_signbit(f) : 0) | f.max; break;
    case SF_ZERO: r = x.sign ? mx_signbit(f) : 0; break;
    default: r = mx_round(f, x.sign, x.sig, x.exp); break;
    }
    return (m & M_RELU) && (r & mx_signbit(f)) ? 0 : r;
}

/* An element of f (its low f.p + f.ebits bits) as an exact value */
static inline sf_val mx_decode(mx_fmt f, uint32_t bits)
{
    const int bias = (1 << (f.ebits - 1)) - 1;
    const uint32_t frac = bits & ((1u << (f.p - 1)) - 1), e = (bits >> (f.p - 1)) & ((1u << f.ebits) - 1);
    sf_val v = {SF_FINITE, (bits & mx_signbit(f)) != 0, 0, 0};
    if (f.nan && (bits & ~mx_signbit(f)) > f.max) /* e4m3's 0x7f, e5m2's Inf and NaNs */
        v.cls = f.ebits == 5 && frac == 0 ? SF_INF : SF_NAN;
    else if (e == 0 && frac == 0)
        v.cls = SF_ZERO;
    else
        v.sig = e ? frac | 1u << (f.p - 1) : frac, v.exp = (e ? (int)e : 1) - bias - (f.p - 1);
    return v;
}

/* A value to f16 or bf16 (one .rn rounding: exact but for the scaled forms), with .relu and
 * .satfinite; NaN the canonical 0x7fff */
static inline uint64_t mx_to_half(sf_fmt h, sf_val x, unsigned m)
{
    uint64_t r;
    switch (x.cls) {
    case SF_NAN: return sf_nan(h);
    case SF_INF: r = sf_inf(h, x.sign); break;
    case SF_ZERO: r = sf_zero(h, x.sign); break;
    default: r = sf_round(h, x.sign, x.sig, x.exp, RND_RN, 0); break;
    }
    if ((m & M_SATFINITE) && (r & ~sf_signbit(h)) == sf_expmask(h))
        r = sf_maxfinite(h, (r & sf_signbit(h)) != 0);
    return (m & M_RELU) && (r & sf_signbit(h)) ? 0 : r;
}

/* .ue8m0 of a value's magnitude by .rz (2^floor(log2)) or .rp (2^ceil(log2)), 0x00 at and below
 * 2^-127, past 2^127 NaN 0xff or, .satfinite, 0xfe */
static inline uint32_t mx_to_ue8m0(sf_val x, unsigned m, int rnd)
{
    const uint32_t over = (m & M_SATFINITE) ? 0xfe : 0xff;
    if (x.cls == SF_NAN)
        return 0xff;
    if (x.cls == SF_INF)
        return over;
    if (x.cls == SF_ZERO)
        return 0;
    const int top = x.exp + sf_msb128(x.sig);
    const int up = rnd == RND_RP && (x.sig & (x.sig - 1)) != 0; /* not a power of two */
    const int e = top + up + 127;
    return e < 0 ? 0 : e > 254 ? over : (uint32_t)e;
}

/* One source element: a's upper (hi) or lower element in atype (ty2), or a whole .f32 */
static inline sf_val mx_source(int ty2, uint64_t a, int hi)
{
    if (ty2 == TY_F32)
        return sf_decode(SF_F32, (uint32_t)a, 0);
    if (ty2 == TY_F16X2 || ty2 == TY_BF16X2)
        return sf_decode(ty2 == TY_F16X2 ? SF_F16 : SF_BF16, (uint16_t)(a >> (hi ? 16 : 0)), 0);
    if (ty2 == TY_UE8M0X2) {
        const uint32_t e = (uint32_t)(a >> (hi ? 8 : 0)) & 0xff;
        return e == 0xff ? (sf_val){SF_NAN, 0, 0, 0} : (sf_val){SF_FINITE, 0, (int)e - 127, 1};
    }
    if (ty2 == TY_S2F6X2) { /* s8 * 2^-6 */
        const int v = (int8_t)(uint8_t)(a >> (hi ? 8 : 0));
        return (sf_val){v ? SF_FINITE : SF_ZERO, v < 0, -6, (uint64_t)(v < 0 ? -v : v)};
    }
    const mx_fmt f = mx_format(ty2);
    return mx_decode(f, (uint32_t)(a >> (hi ? f.width : 0)) & ((1u << f.width) - 1));
}

/* To .s2f6 (.rn.satfinite): x / 2^(s-127) rounded once to nearest even on the 2^-6 grid, clamped
 * to -128..127; NaN and s = 0xff give +MAX_NORM 0x7f; .relu makes a negative result 0 */
static inline uint32_t mx_to_s2f6(sf_val x, unsigned m, int s)
{
    if (x.cls == SF_NAN || s == 0xff)
        return 0x7f;
    uint64_t q = 0; /* the magnitude in units of 2^-6, saturated at 256 */
    if (x.cls == SF_INF) {
        q = 256;
    } else if (x.cls == SF_FINITE) {
        const int sh = x.exp - (s - 127) + 6; /* |x| / 2^(s-127) = sig * 2^(sh-6) */
        if (sh >= 0) {
            q = sh > 8 ? 256 : x.sig << sh;
        } else if (sh > -128) {
            const sf_u128 mag = x.sig, rem = mag & (((sf_u128)1 << -sh) - 1);
            const sf_u128 half = (sf_u128)1 << (-sh - 1);
            q = (uint64_t)(mag >> -sh);
            q += rem > half || (rem == half && (q & 1));
        }
        q = q > 256 ? 256 : q;
    }
    const int v = x.sign ? (q > 128 ? -128 : -(int)q) : (q > 127 ? 127 : (int)q);
    return (m & M_RELU) && v < 0 ? 0 : (uint32_t)v & 0xff;
}

/* .scaled::n2::ue8m0: the element times 2^(s-127), s scale-factor's byte of the element (0xff:
 * NaN); exact, rounded once by mx_to_half */
static inline sf_val mx_scale(sf_val x, uint64_t sf, int hi)
{
    const int s = (int)((sf >> (hi ? 8 : 0)) & 0xff);
    if (s == 0xff)
        x.cls = SF_NAN;
    else if (x.cls == SF_FINITE)
        x.exp += s - 127;
    return x;
}

/* 9.7.9.21 cvt to or from an MX format or .s2f6x2: ty = dtype, ty2 = atype; each element as the
 * pseudo-code pairs them (d's upper from a, or a's upper half), b a second .f32 or the scale
 * factors (to .s2f6x2 from two .f32: c) */
static inline uint64_t ptx_lane_CVTMX(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                      uint64_t c, uint64_t e, unsigned *cf)
{
    (void)c; (void)e; (void)cf;
    sf_val hi, lo;
    if (ty2 == TY_F32)
        hi = mx_source(ty2, a, 0), lo = mx_source(ty2, b, 0);
    else
        hi = mx_source(ty2, a, 1), lo = mx_source(ty2, a, 0);
    if (ty == TY_UE8M0X2)
        return mx_to_ue8m0(hi, m, rnd) << 8 | mx_to_ue8m0(lo, m, rnd);
    if (ty == TY_S2F6X2) { /* (scale factors: the last source, c after two .f32) */
        const uint64_t sf = !(m & M_SCALED) ? 0x7f7f : ty2 == TY_F32 ? c : b;
        return mx_to_s2f6(hi, m, (int)(sf >> 8) & 0xff) << 8 | mx_to_s2f6(lo, m, (int)sf & 0xff);
    }
    if (mx_is(ty)) {
        const mx_fmt f = mx_format(ty);
        return mx_from_val(f, hi, m) << f.width | mx_from_val(f, lo, m);
    }
    if (m & M_SCALED)
        hi = mx_scale(hi, b, 1), lo = mx_scale(lo, b, 0);
    const sf_fmt h = ty == TY_F16X2 ? SF_F16 : SF_BF16;
    return mx_to_half(h, hi, m) << 16 | mx_to_half(h, lo, m);
}

/* the .scaled::n2::ue8m0 forms (family CVTMXS: b is a 16-bit register of scale factors) */
static inline uint64_t ptx_lane_CVTMXS(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                       uint64_t c, uint64_t e, unsigned *cf)
{
    return ptx_lane_CVTMX(ty, ty2, m, rnd, a, b, c, e, cf);
}

/* to .s2f6x2 from two .f32 with .scaled::n2::ue8m0 (family CVTMXSC: the scale factors are c) */
static inline uint64_t ptx_lane_CVTMXSC(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                        uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    return ptx_lane_CVTMX(ty, ty2, m, rnd, a, b, c, e, cf);
}

#endif
