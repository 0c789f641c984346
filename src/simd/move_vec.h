/* SIMD bodies of mov's unpack forms and .b128 packs (9.7.9.4, MOVVEC): shifts and narrowings of
 * each chunk of lanes, d's registers written in full (simd/kernels_vec.h stores the guard's). */
#ifndef PTXCPU_SIMD_MOVE_VEC_H
#define PTXCPU_SIMD_MOVE_VEC_H

/* Element j (of w bits) of chunk k of a 16-, 32- or 64-bit register, in 32-bit lanes */
VINL v32 simd_unpack_small(unsigned width, const void *a, unsigned k, unsigned shift)
{
    const v32 x = width == 16   ? v32_from16_u(v16_load((const uint16_t *)a + k * VL))
                  : width == 32 ? v32_load((const uint32_t *)a + k * VL)
                                : v32_from64(v64_srlv(v64_load((const uint64_t *)a + k * VL),
                                                      v64_set1(shift)));
    return width == 64 ? x : v32_srlv(x, v32_set1(shift));
}

/* {d.x, ...}, a: element j of each lane into register j (8-bit ones zero-extended to 16) */
VINL void simd_unpack(unsigned width, unsigned w, unsigned eb, const void *a, void *d)
{
    for (unsigned k = 0; k < NCH; k++)
        for (unsigned j = 0; j < width / w; j++) {
            char *dj = (char *)d + j * ptxcpu_reg_bytes(eb);
            if (width == 128) { /* a's low halves, then its high halves */
                const v64 half = v64_load((const uint64_t *)a + (j * w / 64) * PTXCPU_WARP + k * VL);
                if (eb == 64)
                    v64_store((uint64_t *)dj + k * VL, half);
                else
                    v32_store((uint32_t *)dj + k * VL,
                              v32_from64(v64_srlv(half, v64_set1(j * w % 64))));
            } else if (eb == 32) {
                v32_store((uint32_t *)dj + k * VL, simd_unpack_small(width, a, k, j * w));
            } else {
                const v16 e = v16_from32(simd_unpack_small(width, a, k, j * w));
                v16_store((uint16_t *)dj + k * VL, w == 8 ? v16_and(e, v16_set1(0xff)) : e);
            }
        }
}

/* .b128 d, {a, b} (64-bit elements) or {a, b, c, e} (32-bit): its low halves, then its high ones */
VINL void simd_pack128(unsigned w, const void *const *src, void *d)
{
    for (unsigned k = 0; k < NCH; k++)
        for (unsigned h = 0; h < 2; h++) {
            v64 half;
            if (w == 64) {
                half = v64_load((const uint64_t *)src[h] + k * VL);
            } else {
                const v64 lo = v64_from32_u(v32_load((const uint32_t *)src[2 * h] + k * VL));
                const v64 hi = v64_from32_u(v32_load((const uint32_t *)src[2 * h + 1] + k * VL));
                half = v64_or(lo, v64_sllv(hi, v64_set1(32)));
            }
            v64_store((uint64_t *)d + h * PTXCPU_WARP + k * VL, half);
        }
}

VINL void simd_vec_MOVVEC(int ty, int ty2, unsigned m, unsigned dw, const void *const *src, void *d)
{
    (void)m;
    const unsigned w = ty2 == TY_U8 ? 8 : ty2 == TY_B16 ? 16 : ty2 == TY_B32 ? 32 : 64;
    const unsigned width = ty == TY_B16 ? 16 : ty == TY_B32 ? 32 : ty == TY_B64 ? 64 : 128;
    if (PTXCPU_VEC_N(dw) > 1)
        simd_unpack(width, w, PTXCPU_VEC_BITS(dw), src[0], d);
    else
        simd_pack128(w, src, d);
}

#endif
