/* SIMD body of cvt.rs (9.7.9.21): stochastic rounding of two .f32 to .f16x2/.bf16x2 on the
 * integer bits: each element truncated, plus one in its last place when the top k of its
 * discarded bits plus k random bits carry out of k bits (k = 13 for f16, 16 for bf16). */
#ifndef PTXCPU_SIMD_CVT_RS_H
#define PTXCPU_SIMD_CVT_RS_H

#include "simd/lane_bits.h" /* v32_trunc_bits: the rounding shift */

/* x (f32 bits, not NaN) to bf16, sign included: bf16 shares f32's exponent range, so the
 * discarded bits are always the low 16 (subnormals too), and r (< 2^16) added to the whole word
 * carries into the magnitude exactly where they carry out (past the largest finite value: Inf;
 * Inf's low bits are 0, so it stays) */
VINL v32 simd_rs_bf16(v32 x, v32 r) { return v32_srli(v32_add(x, r), 16); }

/* |x| (f32 bits, not NaN) to f16, r 13 random bits: f16 normals drop f32's low 13 bits; f16
 * subnormals (below 2^-14) keep sig >> (126 - e) on the 2^-24 grid, the 13 bits under it taking
 * part; from 2^16 up (f32 exponent 143), and Inf, the truncation is already past f16's range */
VINL v32 simd_rs_f16(v32 ax, v32 r)
{
    const v32 e = v32_srli(ax, 23);
    const vm normal = v32_cmpgt_u(e, v32_set1(112));
    const v32 sig = v32_or(v32_and(ax, v32_set1(0x7fffff)),
                           v32_sel(v32_cmpeq(e, v32_zero()), v32_zero(), v32_set1(0x800000)));
    /* (an f32 subnormal is on exponent 1's grid; a drop past 31 keeps nothing, rem = sig) */
    const v32 drop = v32_sel(normal, v32_set1(13), v32_sub(v32_set1(126), v32_max_u(e, v32_set1(1))));
    const v32_trunc t = v32_trunc_bits(sig, drop);
    const v32 q = v32_add(t.q, v32_sel(normal, v32_slli(v32_sub(e, v32_set1(113)), 10), v32_zero()));
    const v32 below = v32_srlv(t.rem, v32_sub(drop, v32_set1(13))); /* the top 13 dropped bits */
    const v32 fin = v32_add(q, v32_srli(v32_add(below, r), 13));
    return v32_sel(v32_cmpgt_u(e, v32_set1(142)), v32_set1(0x7c00), fin);
}

/* one element: sign kept (zeros too), .satfinite, .relu after rounding, NaN 0x7fff */
VINL v32 simd_rs_elem(int ty, unsigned m, v32 x, v32 r)
{
    const v32 ax = v32_and(x, v32_set1(0x7fffffffu));
    const vm nan = v32_cmpgt_u(ax, v32_set1(0x7f800000u)), neg = v32_cmpgt_u(x, ax);
    const int f16 = ty == TY_F16X2;
    v32 res;
    if (f16) {
        v32 mag = simd_rs_f16(ax, v32_and(r, v32_set1(0x1fff)));
        if (m & M_SATFINITE)
            mag = v32_min_u(mag, v32_set1(0x7bff));
        res = v32_sel(neg, v32_or(mag, v32_set1(0x8000)), mag);
    } else {
        res = simd_rs_bf16(x, r);
        if (m & M_SATFINITE) /* (±Inf: 0x7f80 in the low 15 bits; one less is ±MAX) */
            res = v32_sel(v32_cmpeq(v32_and(res, v32_set1(0x7fff)), v32_set1(0x7f80)),
                          v32_sub(res, v32_set1(1)), res);
    }
    if (m & M_RELU)
        res = v32_sel(neg, v32_zero(), res);
    return v32_sel(nan, v32_set1(0x7fff), res);
}

/* d = a's element << 16 | b's, a rounded with rbits' upper half, b with its lower */
SIMD_BODY(CVTRS, 32, 32, 0, 0, 0)
{
    (void)ty2; (void)rnd; (void)e; (void)cf;
    return v32_or(v32_slli(simd_rs_elem(ty, m, a, v32_srli(c, 16)), 16),
                  simd_rs_elem(ty, m, b, v32_and(c, v32_set1(0xffff))));
}

#endif
