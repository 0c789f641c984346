/* The kernel template of the warp-level families (PTX_XLANE_<family>: shfl.sync, vote.sync, ...),
 * included by simd/kernels.h: each warp whole, its guard the lanes that execute, through the
 * family's body (simd/warp_ops.h) or, where the body declines (membermasks that differ between
 * lanes), the scalar reference. */
#ifndef PTXCPU_SIMD_KERNELS_XLANE_H
#define PTXCPU_SIMD_KERNELS_XLANE_H

#include "simd/warp_ops.h"

/* The scalar reference on warp w: sources loaded as the scalar template loads them (bits 1: a
 * predicate register, 32, 64), results packed as the body's (d's low 32 bits; p: a d|p row's bit
 * 32, a predicate d's bit 0) */
typedef void simd_xlane_ref_fn(int ty, unsigned m, ptx_warp_srcs src, ptxcpu_lanemask guard,
                               uint64_t *res);
VINL void simd_xlane_reference(simd_xlane_ref_fn *ref, int ty, unsigned m, unsigned dw,
                               const unsigned *bits, const ptxcpu_batch *bt, size_t w,
                               ptxcpu_lanemask guard, simd_xlane *r)
{
    uint64_t src[4][PTXCPU_WARP], res[PTXCPU_WARP] = {0};
    for (unsigned k = 0; k < 4; k++) {
        const void *reg = bits[k] ? simd_src(bt, k, w) : NULL;
        for (unsigned i = 0; i < PTXCPU_WARP; i++)
            src[k][i] = bits[k] == 1    ? (*(const ptxcpu_lanemask *)reg >> i) & 1
                        : bits[k] == 32 ? ((const uint32_t *)reg)[i]
                        : bits[k] == 64 ? ((const uint64_t *)reg)[i]
                                        : 0;
    }
    ref(ty, m, src, guard, res);
    uint32_t d[PTXCPU_WARP];
    r->p = 0;
    for (unsigned i = 0; i < PTXCPU_WARP; i++) {
        d[i] = (uint32_t)res[i];
        r->p |= (ptxcpu_lanemask)((res[i] >> (dw == PTXCPU_DST_PRED ? 0 : 32)) & 1) << i;
    }
    for (unsigned k = 0; k < NCH; k++)
        r->d[k] = v32_load(d + k * VL);
}

/* Writes the guard's lanes of warp w's d: a predicate (one mask), 32-bit lanes, or d|p */
VINL void simd_xlane_store(unsigned dw, const ptxcpu_batch *bt, size_t w, ptxcpu_lanemask guard,
                           const simd_xlane *r)
{
    char *dreg = (char *)bt->d + (ptrdiff_t)w * bt->d_stride;
    ptxcpu_lanemask *p = dw == PTXCPU_DST_PRED ? (ptxcpu_lanemask *)dreg
                                               : (ptxcpu_lanemask *)dreg + PTXCPU_WARP;
    if (dw != PTXCPU_DST_PRED)
        for (unsigned k = 0; k < NCH; k++) {
            if (guard == ~0u)
                v32_store((uint32_t *)dreg + k * VL, r->d[k]);
            else
                v32_store_guard((uint32_t *)dreg + k * VL, r->d[k],
                                (guard >> k * VL) & (uint32_t)(((uint64_t)1 << VL) - 1));
        }
    if (dw != 32)
        *p = guard == ~0u ? r->p : (*p & ~guard) | (r->p & guard);
}

/* Warp by warp: a warp's sources are all read before its d is written (d may be exactly a
 * source); a guard of no lane writes nothing. f and o (ptxcpu_prepare's picks) are k. */
#define SIMD_XLANE_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                  \
    SIMD_FN(k, ID)(const ptx_kctx *ctx, const ptxcpu_batch *batch)                             \
    {                                                                                          \
        (void)ctx;                                                                             \
        const ptxcpu_batch walk_ = *batch, *const bt = &walk_;                                 \
        static const unsigned bits[4] = {AW, BW, CW, S3W};                                     \
        for (size_t w = 0; w < bt->n; w++) {                                                   \
            const ptxcpu_lanemask guard = simd_guard(bt, w);                                   \
            if (!guard)                                                                        \
                continue;                                                                      \
            simd_xlane r;                                                                      \
            if (!simd_warp_##SEM(TY_##TY, MODS, bt, w, guard, &r))                             \
                simd_xlane_reference(ptx_warp_##SEM, TY_##TY, MODS, DW, bits, bt, w, guard, &r); \
            simd_xlane_store(DW, bt, w, guard, &r);                                            \
        }                                                                                      \
    }                                                                                          \
    SIMD_FN(f, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); } \
    SIMD_FN(o, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); }

#endif
