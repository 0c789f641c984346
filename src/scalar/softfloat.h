/* Exact floating-point arithmetic on integers: decode, exact sums and products, and one rounding
 * routine for f16/bf16/f32/f64 in every PTX rounding mode. No FP environment is read or changed.
 *
 * Why this is exact: an operand is sig * 2^exp with sig < 2^53. A product is < 2^106, exact in
 * 128 bits. A sum aligns both terms (normalised to 106 bits) exactly when their exponents differ
 * by at most 20; further apart, the larger is placed at bit 125 and the smaller is shifted right
 * with its lost bits ORed into bit 0 ("jamming"). That is round-to-odd at bit 0, and the result
 * then has >= 124 significant bits, so every rounding to <= 53 bits sees the same value class
 * (below, at, above half an ulp; zero or not) as it would for the exact value. */
#ifndef PTXCPU_SCALAR_SOFTFLOAT_H
#define PTXCPU_SCALAR_SOFTFLOAT_H

#include "internal.h"
#include <stdint.h>

typedef unsigned __int128 sf_u128;

/* A rounding beyond enum ptx_rnd's (which index the FP environment's tables): to nearest, ties
 * away from zero (cvt.rna.tf32.f32). Only sf_round takes it. */
#define SF_RND_RNA 5

/* Format: precision p (with hidden bit) and exponent bits. */
typedef struct sf_fmt { int p, ebits; } sf_fmt;
#define SF_F16 ((sf_fmt){11, 5})
#define SF_BF16 ((sf_fmt){8, 8})
#define SF_F32 ((sf_fmt){24, 8})
#define SF_F64 ((sf_fmt){53, 11})

static inline int sf_bias(sf_fmt f) { return (1 << (f.ebits - 1)) - 1; }
static inline int sf_emin(sf_fmt f) { return 1 - sf_bias(f); }
static inline int sf_emax(sf_fmt f) { return sf_bias(f); }
static inline unsigned sf_width(sf_fmt f) { return (unsigned)(f.p + f.ebits); }
static inline uint64_t sf_signbit(sf_fmt f) { return 1ull << (f.p + f.ebits - 1); }
static inline uint64_t sf_fracmask(sf_fmt f) { return (1ull << (f.p - 1)) - 1; }
static inline uint64_t sf_expmask(sf_fmt f) { return ((1ull << f.ebits) - 1) << (f.p - 1); }

/* Canonical NaN of docs/SEMANTICS.md: all bits but the sign set (0x7fff, 0x7fffffff, 0x7fff...). */
static inline uint64_t sf_nan(sf_fmt f) { return sf_signbit(f) - 1; }
static inline uint64_t sf_inf(sf_fmt f, int sign)
{
    return (sign ? sf_signbit(f) : 0) | sf_expmask(f);
}
static inline uint64_t sf_zero(sf_fmt f, int sign) { return sign ? sf_signbit(f) : 0; }
static inline uint64_t sf_maxfinite(sf_fmt f, int sign)
{
    return (sign ? sf_signbit(f) : 0) | (sf_expmask(f) - (1ull << (f.p - 1))) | sf_fracmask(f);
}
static inline uint64_t sf_one(sf_fmt f) { return (uint64_t)sf_bias(f) << (f.p - 1); }

enum { SF_ZERO, SF_FINITE, SF_INF, SF_NAN };
typedef struct sf_val {
    int cls, sign, exp; /* finite: value = (-1)^sign * sig * 2^exp */
    uint64_t sig;
} sf_val;

/* Decode; with ftz, a subnormal input becomes a zero of its sign. */
static inline sf_val sf_decode(sf_fmt f, uint64_t bits, int ftz)
{
    sf_val v;
    v.sign = (bits & sf_signbit(f)) != 0;
    uint64_t e = (bits & sf_expmask(f)) >> (f.p - 1), frac = bits & sf_fracmask(f);
    v.sig = 0;
    v.exp = 0;
    if (e == (uint64_t)((1 << f.ebits) - 1)) {
        v.cls = frac ? SF_NAN : SF_INF;
    } else if (e == 0) {
        if (frac == 0 || ftz) {
            v.cls = SF_ZERO;
        } else {
            v.cls = SF_FINITE;
            v.sig = frac;
            v.exp = sf_emin(f) - (f.p - 1);
        }
    } else {
        v.cls = SF_FINITE;
        v.sig = frac | (1ull << (f.p - 1));
        v.exp = (int)e - sf_bias(f) - (f.p - 1);
    }
    return v;
}

static inline int sf_msb128(sf_u128 x) /* x != 0 */
{
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)x);
}

/* Rounds (-1)^sign * mag * 2^exp (mag != 0) to format f in mode rnd (RND_NONE = RN).
 * ftz: tininess is decided after rounding with an unbounded exponent range (docs/SEMANTICS.md),
 * and a tiny result becomes a zero of the result's sign. */
static inline uint64_t sf_round(sf_fmt f, int sign, sf_u128 mag, int exp, int rnd, int ftz)
{
    int top = exp + sf_msb128(mag);      /* exponent of the leading bit */
    int lsb = top - (f.p - 1);           /* exponent of the last kept bit, unbounded range */
    int sub_lsb = sf_emin(f) - (f.p - 1);
    if (!ftz && lsb < sub_lsb)
        lsb = sub_lsb;                   /* subnormal: the grid is fixed at 2^(emin-p+1) */
    int drop = lsb - exp;
    sf_u128 q;
    if (drop <= 0) {
        q = mag << -drop;                /* exact: fewer than p significant bits */
    } else {
        sf_u128 rem;
        int cmp; /* remainder compared with half an ulp */
        if (drop >= 128) {
            q = 0;
            rem = mag;
            cmp = drop == 128 ? (mag > ((sf_u128)1 << 127)) - (mag < ((sf_u128)1 << 127)) : -1;
        } else {
            q = mag >> drop;
            rem = mag & ((((sf_u128)1) << drop) - 1);
            sf_u128 half = ((sf_u128)1) << (drop - 1);
            cmp = (rem > half) - (rem < half);
        }
        int up;
        switch (rnd) {
        case RND_RZ: up = 0; break;
        case RND_RM: up = sign && rem != 0; break;
        case RND_RP: up = !sign && rem != 0; break;
        case SF_RND_RNA: up = cmp >= 0; break;
        default: up = cmp > 0 || (cmp == 0 && (q & 1)); break;
        }
        q += (sf_u128)up;
    }
    if (q == 0)
        return sf_zero(f, sign);
    if (q >> f.p) { /* rounding carried into a new bit */
        q >>= 1;
        lsb += 1;
    }
    int res_top = lsb + sf_msb128(q);
    if (res_top > sf_emax(f)) { /* overflow: infinity or the largest finite, by direction */
        int to_inf = rnd == RND_NONE || rnd == RND_RN || rnd == SF_RND_RNA || (rnd == RND_RP && !sign) ||
                     (rnd == RND_RM && sign);
        return to_inf ? sf_inf(f, sign) : sf_maxfinite(f, sign);
    }
    if (res_top < sf_emin(f)) {
        if (ftz)
            return sf_zero(f, sign);
        return (sign ? sf_signbit(f) : 0) | (uint64_t)q; /* subnormal: lsb == sub_lsb */
    }
    uint64_t biased = (uint64_t)(res_top + sf_bias(f));
    return (sign ? sf_signbit(f) : 0) | (biased << (f.p - 1)) | ((uint64_t)q & sf_fracmask(f));
}

/* Exact-or-jammed sum of two nonzero terms (-1)^s * m * 2^e, with m < 2^106. Returns the sign and
 * magnitude in *rs, *rm, *re; *rm == 0 only for an exact cancellation. */
static inline void sf_add_terms(int s1, sf_u128 m1, int e1, int s2, sf_u128 m2, int e2, int *rs,
                                sf_u128 *rm, int *re)
{
    int n1 = 105 - sf_msb128(m1), n2 = 105 - sf_msb128(m2);
    m1 <<= n1; e1 -= n1;
    m2 <<= n2; e2 -= n2;
    if (e1 < e2) {
        int ts = s1; s1 = s2; s2 = ts;
        sf_u128 tm = m1; m1 = m2; m2 = tm;
        int te = e1; e1 = e2; e2 = te;
    }
    int d = e1 - e2;
    int e;
    if (d <= 20) {
        m1 <<= d;
        e = e2;
    } else {
        m1 <<= 20;
        e = e1 - 20;
        int sh = d - 20;
        sf_u128 lost = sh >= 128 ? m2 : (m2 & ((((sf_u128)1) << sh) - 1));
        m2 = (sh >= 128 ? 0 : m2 >> sh) | (lost != 0);
    }
    if (s1 == s2) {
        *rs = s1;
        *rm = m1 + m2;
    } else if (m1 >= m2) {
        *rs = s1;
        *rm = m1 - m2;
    } else {
        *rs = s2;
        *rm = m2 - m1;
    }
    *re = e;
}

/* Sign of an exact zero sum x + y: the common sign of two like-signed zeros, otherwise +0, or -0
 * when rounding toward minus infinity (IEEE 754 6.3). */
static inline int sf_zero_sum_sign(int sx, int sy, int rnd)
{
    return sx == sy ? sx : rnd == RND_RM;
}

/* x + y, both of format f, rounded; ftz flushes inputs and tiny results. NaN results are the
 * canonical NaN. */
static inline uint64_t sf_add(sf_fmt f, uint64_t xb, uint64_t yb, int rnd, int ftz)
{
    sf_val x = sf_decode(f, xb, ftz), y = sf_decode(f, yb, ftz);
    if (x.cls == SF_NAN || y.cls == SF_NAN)
        return sf_nan(f);
    if (x.cls == SF_INF || y.cls == SF_INF) {
        if (x.cls == SF_INF && y.cls == SF_INF && x.sign != y.sign)
            return sf_nan(f);
        return sf_inf(f, x.cls == SF_INF ? x.sign : y.sign);
    }
    if (x.cls == SF_ZERO && y.cls == SF_ZERO)
        return sf_zero(f, sf_zero_sum_sign(x.sign, y.sign, rnd));
    if (x.cls == SF_ZERO)
        return sf_round(f, y.sign, y.sig, y.exp, rnd, ftz);
    if (y.cls == SF_ZERO)
        return sf_round(f, x.sign, x.sig, x.exp, rnd, ftz);
    int s, e;
    sf_u128 m;
    sf_add_terms(x.sign, x.sig, x.exp, y.sign, y.sig, y.exp, &s, &m, &e);
    if (m == 0)
        return sf_zero(f, rnd == RND_RM);
    return sf_round(f, s, m, e, rnd, ftz);
}

/* a * b + c computed exactly and rounded once (fma). legacy: the sm_1x mad.f32, whose product
 * keeps only 24 significant bits (truncated, exponent unbounded) before the addition. */
static inline uint64_t sf_fma(sf_fmt f, uint64_t ab, uint64_t bb, uint64_t cb, int rnd, int ftz,
                              int legacy)
{
    sf_val a = sf_decode(f, ab, ftz), b = sf_decode(f, bb, ftz), c = sf_decode(f, cb, ftz);
    if (a.cls == SF_NAN || b.cls == SF_NAN || c.cls == SF_NAN)
        return sf_nan(f);
    int ps = a.sign ^ b.sign;
    if ((a.cls == SF_INF && b.cls == SF_ZERO) || (a.cls == SF_ZERO && b.cls == SF_INF))
        return sf_nan(f);
    if (a.cls == SF_INF || b.cls == SF_INF) {
        if (c.cls == SF_INF && c.sign != ps)
            return sf_nan(f);
        return sf_inf(f, ps);
    }
    if (c.cls == SF_INF)
        return sf_inf(f, c.sign);
    if (a.cls == SF_ZERO || b.cls == SF_ZERO) {
        if (c.cls == SF_ZERO)
            return sf_zero(f, sf_zero_sum_sign(ps, c.sign, rnd));
        return sf_round(f, c.sign, c.sig, c.exp, rnd, ftz);
    }
    sf_u128 pm = (sf_u128)a.sig * b.sig;
    int pe = a.exp + b.exp;
    if (legacy) {
        if (c.cls == SF_ZERO) { /* spec: with c = +-0 it is exactly mul then add */
            uint64_t prod = sf_round(f, ps, pm, pe, RND_RN, 1);
            return sf_add(f, prod, cb, RND_RN, 1);
        }
        int cut = sf_msb128(pm) + 1 - f.p;
        if (cut > 0) {
            pm = (pm >> cut) << cut;
        }
    }
    if (c.cls == SF_ZERO)
        return sf_round(f, ps, pm, pe, rnd, ftz);
    int s, e;
    sf_u128 m;
    sf_add_terms(ps, pm, pe, c.sign, c.sig, c.exp, &s, &m, &e);
    if (m == 0)
        return sf_zero(f, rnd == RND_RM);
    return sf_round(f, s, m, e, rnd, ftz);
}

/* .sat: clamp to [+0.0, 1.0]; NaN and -0.0 give +0.0 (docs/SEMANTICS.md). */
static inline uint64_t sf_saturate(sf_fmt f, uint64_t r)
{
    sf_val v = sf_decode(f, r, 0);
    if (v.cls == SF_NAN || v.sign || v.cls == SF_ZERO)
        return 0;
    if (r > sf_one(f)) /* positive encodings order like their values */
        return sf_one(f);
    return r;
}

#endif
