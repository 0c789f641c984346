/* SIMD body of cvt.rs to the x4 formats (9.7.9.21, CVTRSX4): four .f32 registers {a, b, e, f} to
 * .e4m3x4/.e5m2x4/.e2m3x4/.e3m2x4 (a .b32) or .e2m1x4 (a .b16) by stochastic rounding on the
 * integer bits: truncation on the format's grid, one place up when the top 8 discarded bits plus
 * the element's 8 random bits carry (scalar/cvt_rs.h is the reference). */
#ifndef PTXCPU_SIMD_CVT_RSX4_H
#define PTXCPU_SIMD_CVT_RSX4_H

/* One element per lane: x's bits to the format f (p bits of precision, ebits of exponent, its
 * largest finite and its NaN, 0: none) with the random byte r; .satfinite, .relu (m) */
VINL v32 simd_rsx4_elem(mx_fmt f, unsigned m, v32 x, v32 r)
{
    const int bias = (1 << (f.ebits - 1)) - 1, emin = 1 - bias;
    const v32 e = v32_and(v32_srli(x, 23), v32_set1(0xff)), frac = v32_and(x, v32_set1(0x7fffff));
    const vm normal = vm_not(v32_cmpeq(e, v32_zero()));
    const v32 eeff = v32_max_s(e, v32_set1(1)); /* f32 subnormals: exponent 1, no hidden bit */
    const v32 sig = v32_or(frac, v32_sel(normal, v32_set1(1u << 23), v32_zero()));
    /* places below the grid's last: 23 - (p - 1), more where x lies under the format's emin */
    const v32 below = v32_max_s(v32_sub(v32_set1((uint32_t)(emin + 127)), eeff), v32_zero());
    const v32 drop = v32_add(below, v32_set1((uint32_t)(23 - (f.p - 1))));
    const v32 q = v32_srlv(sig, v32_min_u(drop, v32_set1(31)));
    const v32 top8 = v32_and(v32_srlv(sig, v32_min_u(v32_sub(drop, v32_set1(8)), v32_set1(31))),
                             v32_set1(0xff));
    const v32 up = v32_srli(v32_add(top8, r), 8);
    /* the grid's binade above emin, then q: a carry out of q moves into the exponent field */
    const v32 binade = v32_sub(v32_max_s(eeff, v32_set1((uint32_t)(emin + 127))),
                               v32_set1((uint32_t)(emin + 127)));
    const v32 mag = v32_min_u(v32_add(v32_sllv(binade, v32_set1((uint32_t)(f.p - 1))),
                                      v32_add(q, up)),
                              v32_set1(f.max));
    const v32 neg = v32_srli(x, 31);
    v32 res = v32_or(mag, v32_sllv(neg, v32_set1((uint32_t)(f.p + f.ebits - 1))));
    if (m & M_RELU)
        res = v32_sel(v32_cmpeq(neg, v32_zero()), res, v32_zero());
    const vm nan = v32_cmpgt_u(v32_and(x, v32_set1(0x7fffffffu)), v32_set1(0x7f800000u));
    return v32_sel(nan, v32_set1(f.nan ? f.nan : f.max), res);
}

/* The random byte of element j from rbits (scalar/cvt_rs.h's rs_x4_random) */
VINL v32 simd_rsx4_random(int ty, v32 rbits, unsigned j)
{
    static const uint8_t shift_e2m1[4] = {24, 8, 16, 0}, shift_byte[4] = {24, 16, 8, 0};
    const unsigned s = (ty == TY_E2M1X4 ? shift_e2m1 : shift_byte)[j];
    return v32_and(v32_srlv(rbits, v32_set1(s)), v32_set1(0xff));
}

VINL void simd_vec_CVTRSX4(int ty, int ty2, unsigned m, unsigned dw, const void *const *src,
                           void *d)
{
    (void)ty2;
    const mx_fmt f = mx_format(ty);
    const unsigned w = ty == TY_E2M1X4 ? 4 : 8;
    for (unsigned k = 0; k < NCH; k++) {
        const v32 rbits = v32_load((const uint32_t *)src[1] + k * VL);
        v32 acc = v32_zero();
        for (unsigned j = 0; j < 4; j++) {
            const v32 x = v32_load((const uint32_t *)src[0] + j * PTXCPU_WARP + k * VL);
            const v32 c = simd_rsx4_elem(f, m, x, simd_rsx4_random(ty, rbits, j));
            acc = v32_or(v32_sllv(acc, v32_set1(w)), c);
        }
        if (dw == 16)
            v16_store((uint16_t *)d + k * VL, v16_from32(acc));
        else
            v32_store((uint32_t *)d + k * VL, acc);
    }
}

#endif
