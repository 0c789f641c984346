/* The kernel template of lop3 (9.7.8.6), included by simd/kernels.h: the table immLut comes from
 * the context (ptxcpu_resolve_imm), so one kernel serves all 256; a switch on it once a warp
 * picks the table's own code (vpternlogd, or its shortest formula), and the .BoolOp form's
 * d bits PTXCPU_DST_B32_PRED write p = (d != 0) BoolOp q after the register. */
#ifndef PTXCPU_SIMD_KERNELS_LOP3_H
#define PTXCPU_SIMD_KERNELS_LOP3_H

#include "simd/lop3_formulas.h"

/* F(a, b, c) of the constant table L (its shortest formula F where the layer has no ternlog) */
#ifdef VEC_HAS_TERNLOG
#define SIMD_LOP3_OF(L, F, a, b, c) v32_ternlog(a, b, c, L)
#else
#define SIMD_LOP3_OF(L, F, a, b, c) F
#endif
#define LOP3_AND v32_and
#define LOP3_OR v32_or
#define LOP3_XOR v32_xor
#define LOP3_ANDNOT v32_andnot /* ~x & y */
#define LOP3_NOT v32_not
#define LOP3_ZERO v32_zero()
#define LOP3_ONES v32_set1(~0u)

/* r = F(a, b, c) for a warp's chunks: one branch a warp, on a value fixed for the call */
VINL void simd_lop3_warp(unsigned lut, const v32 *av, const v32 *bv, const v32 *cv, v32 *r)
{
    switch (lut & 255u) {
#define SIMD_LOP3_CASE(L, F)                                                                     \
    case L:                                                                                    \
        for (unsigned k = 0; k < NCH; k++) {                                                   \
            const v32 a = av[k], b = bv[k], c = cv[k];                                         \
            (void)a, (void)b, (void)c;                                                         \
            r[k] = SIMD_LOP3_OF(L, F, a, b, c);                                                \
        }                                                                                      \
        break;
        PTX_LOP3_FORMULAS(SIMD_LOP3_CASE)
#undef SIMD_LOP3_CASE
    }
}

/* Warp by warp: a, b, c (and q) are read before d is written, so d may be exactly a source */
#define SIMD_LOP3_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                   \
    VINL void simd_lop3_run_##ID(const ptx_kctx *ctx, const ptxcpu_batch *batch)               \
    {                                                                                          \
        const ptxcpu_batch walk_ = *batch, *const bt = &walk_;                                 \
        const unsigned lut = ctx->lut, bop = ctx->bop;                                         \
        for (size_t w = 0; w < bt->n; w++) {                                                   \
            v32 a[NCH], b[NCH], c[NCH], r[NCH];                                                \
            for (unsigned k = 0; k < NCH; k++)                                                 \
                a[k] = WARP_CHUNK_LOAD_32(simd_src(bt, 0, w), k),                              \
                b[k] = WARP_CHUNK_LOAD_32(simd_src(bt, 1, w), k),                              \
                c[k] = WARP_CHUNK_LOAD_32(simd_src(bt, 2, w), k);                              \
            const ptxcpu_lanemask q = (S3W) ? *(const ptxcpu_lanemask *)simd_src(bt, 3, w) : 0;  \
            simd_lop3_warp(lut, a, b, c, r);                                                   \
            const ptxcpu_lanemask guard = simd_guard(bt, w);                                   \
            void *d = (char *)bt->d + (ptrdiff_t)w * bt->d_stride;                             \
            if ((DW) == PTXCPU_DST_B32_PRED) { /* p from the lanes that are not 0 */           \
                vm nz[NCH];                                                                    \
                for (unsigned k = 0; k < NCH; k++)                                             \
                    nz[k] = vm_not(v32_cmpeq(r[k], v32_zero()));                               \
                simd_pred_merge((ptxcpu_lanemask *)d + PTXCPU_WARP,                            \
                                ptx_bop_apply(bop, simd_warp_bits(nz), q), guard);             \
            }                                                                                  \
            for (unsigned k = 0; k < NCH; k++)                                                 \
                if (guard == ~0u)                                                              \
                    WARP_CHUNK_STORE_32(d, k, r[k]);                                           \
                else                                                                           \
                    WARP_CHUNK_STORE_GUARD_32(d, k, r[k], (uint32_t)(guard >> (k * VL)));      \
        }                                                                                      \
    }                                                                                          \
    SIMD_FN(k, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { simd_lop3_run_##ID(ctx, bt); } \
    SIMD_FN(f, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); } \
    SIMD_FN(o, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); }

#endif
