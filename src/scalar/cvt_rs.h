/* Scalar reference of cvt.rs (9.7.9.21): two .f32 to .f16x2/.bf16x2 by stochastic rounding, each
 * element truncated or moved one place away from zero by the carry of its discarded bits plus
 * random bits from rbits (docs/SEMANTICS.md, "Conversion with the OCP MX formats"). */
#ifndef PTXCPU_SCALAR_CVT_RS_H
#define PTXCPU_SCALAR_CVT_RS_H

#include "cvt_mx.h"
#include "softfloat.h"

/* Does x (finite, nonzero) round away from zero on h's grid? The k bits just below the last kept
 * place (the subnormal grid's place for tiny values, the exponent unbounded above) plus the k
 * random bits r carry out of k bits. */
static inline int rs_carries(sf_fmt h, sf_val x, unsigned k, uint32_t r)
{
    const int top = x.exp + sf_msb128(x.sig);
    int lsb = top - (h.p - 1);
    if (lsb < sf_emin(h) - (h.p - 1))
        lsb = sf_emin(h) - (h.p - 1);
    const int drop = lsb - x.exp;
    if (drop <= 0 || drop >= 128)
        return 0; /* exact, or every kept-place bit is below the k (sig < 2^24) */
    const sf_u128 discarded = x.sig & (((sf_u128)1 << drop) - 1);
    const uint64_t below = (uint64_t)((discarded << k) >> drop); /* the top k of them */
    return below + r >= (1ull << k);
}

/* one .f32 element to h (.f16 takes the low 13 bits of its rbits half, .bf16 all 16) */
static inline uint64_t rs_convert(sf_fmt h, unsigned m, uint32_t a, uint32_t rhalf)
{
    const unsigned k = h.ebits == 5 ? 13 : 16;
    const sf_val x = sf_decode(SF_F32, a, 0);
    uint64_t r;
    switch (x.cls) {
    case SF_NAN: return sf_nan(h);
    case SF_INF: r = sf_inf(h, x.sign); break;
    case SF_ZERO: r = sf_zero(h, x.sign); break;
    default:
        if (x.exp + sf_msb128(x.sig) > sf_emax(h)) /* truncated, still past the largest binade */
            r = sf_inf(h, x.sign);
        else if (rs_carries(h, x, k, rhalf & ((1u << k) - 1)))
            r = sf_round(h, x.sign, x.sig, x.exp, x.sign ? RND_RM : RND_RP, 0);
        else
            r = sf_round(h, x.sign, x.sig, x.exp, RND_RZ, 0);
        break;
    }
    if ((m & M_SATFINITE) && (r & ~sf_signbit(h)) == sf_expmask(h))
        r = sf_maxfinite(h, (r & sf_signbit(h)) != 0);
    return (m & M_RELU) && (r & sf_signbit(h)) ? 0 : r;
}

/* d = convert(a) << 16 | convert(b), a with rbits' upper half, b with its lower */
static inline uint64_t ptx_lane_CVTRS(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                      uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)e; (void)cf;
    const sf_fmt h = ty == TY_F16X2 ? SF_F16 : SF_BF16;
    return rs_convert(h, m, (uint32_t)a, (uint32_t)(c >> 16) & 0xffff) << 16 |
           rs_convert(h, m, (uint32_t)b, (uint32_t)c & 0xffff);
}

/* one .f32 element to an MX format (the x4 forms: .satfinite always), 8 random bits r */
static inline uint32_t rs_mx_convert(int ty, unsigned m, uint32_t a, uint32_t r)
{
    const mx_fmt f = mx_format(ty);
    const sf_val x = sf_decode(SF_F32, a, 0);
    uint32_t d;
    switch (x.cls) {
    case SF_NAN: return f.nan ? f.nan : f.max;
    case SF_INF: d = (x.sign ? mx_signbit(f) : 0) | f.max; break;
    case SF_ZERO: d = x.sign ? mx_signbit(f) : 0; break;
    default: {
        const int up = rs_carries((sf_fmt){f.p, f.ebits}, x, 8, r & 0xff);
        d = mx_round_as(f, x.sign, x.sig, x.exp, up ? MX_AWAY : MX_TRUNC);
        break;
    }
    }
    return (m & M_RELU) && (d & mx_signbit(f)) ? 0 : d;
}

/* The byte of rbits each of a, b, e, f takes (docs/SEMANTICS.md): .e2m1x4 the upper bytes of
 * rbits' halves for a, b and their lower bytes for e, f; the other x4 formats a byte each from
 * the top down */
static inline uint32_t rs_x4_random(int ty, uint32_t rbits, unsigned j)
{
    static const uint8_t shift_e2m1[4] = {24, 8, 16, 0}, shift_byte[4] = {24, 16, 8, 0};
    return rbits >> (ty == TY_E2M1X4 ? shift_e2m1 : shift_byte)[j] & 0xff;
}

/* d = {a, b, e, f} converted, a's element in the top bits (4 a .b16 for .e2m1x4, else 8) */
static inline void ptx_lanev_CVTRSX4(int ty, int ty2, unsigned m, unsigned dw,
                                     const uint64_t in[4][4], uint64_t out[4])
{
    (void)ty2; (void)dw;
    const unsigned w = ty == TY_E2M1X4 ? 4 : 8;
    uint64_t d = 0;
    for (unsigned j = 0; j < 4; j++)
        d = d << w | rs_mx_convert(ty, m, (uint32_t)in[0][j], rs_x4_random(ty, (uint32_t)in[1][0], j));
    out[0] = d;
}

#endif
