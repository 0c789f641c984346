/* The kernel template of the families with a vector operand or a .b128 register (PTX_VECFAM_<family>:
 * mov's unpacks and .b128 packs, cvt.rs's x4 forms), included by simd/kernels.h: each warp whole,
 * the family's body writing d's registers in full, straight to d when d is apart from the sources
 * and every lane runs, else to a scratch copy stored in the guard's lanes. */
#ifndef PTXCPU_SIMD_KERNELS_VEC_H
#define PTXCPU_SIMD_KERNELS_VEC_H

#include "simd/cvt_rsx4.h"
#include "simd/move_vec.h"

/* Registers of an operand (a .b128 is two: its low halves, then its high halves) and their width */
VINL unsigned simd_vec_regs(unsigned bits)
{
    return PTXCPU_VEC_BITS(bits) == PTXCPU_B128 ? 2 : PTXCPU_VEC_N(bits);
}
VINL unsigned simd_vec_width(unsigned bits)
{
    return PTXCPU_VEC_BITS(bits) == PTXCPU_B128 ? 64 : PTXCPU_VEC_BITS(bits);
}

/* Whether d's registers of warp w share no byte with any source's */
VINL int simd_vec_apart(const ptxcpu_batch *bt, size_t w, unsigned dw, const unsigned *bits)
{
    const char *d = (const char *)bt->d + (ptrdiff_t)w * bt->d_stride;
    for (unsigned k = 0; k < 4; k++)
        if (bits[k] && !ptx_apart(d, ptxcpu_reg_bytes(dw), simd_src(bt, k, w),
                                  ptxcpu_reg_bytes(bits[k])))
            return 0;
    return 1;
}

/* The guard's lanes of the registers in scratch to d */
VINL void simd_vec_store(unsigned dw, void *d, const void *scratch, ptxcpu_lanemask guard)
{
    const unsigned eb = simd_vec_width(dw);
    const size_t one = ptxcpu_reg_bytes(eb);
    for (unsigned j = 0; j < simd_vec_regs(dw); j++)
        for (unsigned k = 0; k < NCH; k++) {
            const uint32_t m = (guard >> k * VL) & (uint32_t)(((uint64_t)1 << VL) - 1);
            char *dp = (char *)d + j * one;
            const char *sp = (const char *)scratch + j * one;
            if (eb == 16)
                v16_store_guard((uint16_t *)dp + k * VL, v16_load((const uint16_t *)sp + k * VL), m);
            else if (eb == 32)
                v32_store_guard((uint32_t *)dp + k * VL, v32_load((const uint32_t *)sp + k * VL), m);
            else
                v64_store_guard((uint64_t *)dp + k * VL, v64_load((const uint64_t *)sp + k * VL), m);
        }
}

/* Warp by warp; f and o (ptxcpu_prepare's picks) are k */
#define SIMD_VEC_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                    \
    SIMD_FN(k, ID)(const ptx_kctx *ctx, const ptxcpu_batch *batch)                             \
    {                                                                                          \
        (void)ctx;                                                                             \
        const ptxcpu_batch walk_ = *batch, *const bt = &walk_;                                 \
        static const unsigned bits[4] = {AW, BW, CW, S3W};                                     \
        for (size_t w = 0; w < bt->n; w++) {                                                   \
            const ptxcpu_lanemask guard = simd_guard(bt, w);                                   \
            if (!guard)                                                                        \
                continue;                                                                      \
            const void *src[4] = {simd_src(bt, 0, w), bits[1] ? simd_src(bt, 1, w) : NULL,     \
                                  bits[2] ? simd_src(bt, 2, w) : NULL,                         \
                                  bits[3] ? simd_src(bt, 3, w) : NULL};                        \
            void *d = (char *)bt->d + (ptrdiff_t)w * bt->d_stride;                             \
            if (guard == ~0u && simd_vec_apart(bt, w, DW, bits)) {                             \
                simd_vec_##SEM(TY_##TY, TY_##TY2, MODS, DW, src, d);                           \
                continue;                                                                      \
            }                                                                                  \
            _Alignas(64) char scratch[512]; /* (the widest: 4 x 32 lanes of 32 bits) */      \
            simd_vec_##SEM(TY_##TY, TY_##TY2, MODS, DW, src, scratch);                         \
            simd_vec_store(DW, d, scratch, guard);                                             \
        }                                                                                      \
    }                                                                                          \
    SIMD_FN(f, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); } \
    SIMD_FN(o, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); }

#endif
