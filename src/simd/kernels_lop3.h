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

/* Packed registers (a, b, c and d 128 bytes apart) and no guard, the usual batch of lop3.b32:
 * the warps' chunks as one array, a loop of its own for each table (d may be exactly a: each
 * chunk is read before it is written). 0 for any other batch. */
VINL int simd_lop3_flat(const ptxcpu_batch *bt, unsigned lut)
{
    enum { REG = 4 * PTXCPU_WARP };
    if (bt->guard || bt->d_stride != REG || bt->src[0].stride != REG ||
        bt->src[1].stride != REG || bt->src[2].stride != REG)
        return 0;
    const uint32_t *pa = bt->src[0].base, *pb = bt->src[1].base, *pc = bt->src[2].base;
    uint32_t *pd = bt->d;
    const size_t n = bt->n;
    switch (lut & 255u) { /* (a warp's chunks an iteration, unrolled) */
#define SIMD_LOP3_FLAT_CASE(L, F)                                                                \
    case L:                                                                                    \
        for (size_t w = 0; w < n; w++)                                                         \
            for (size_t i = w * NCH; i < (w + 1) * NCH; i++) {                                 \
                const v32 a = v32_load(pa + i * VL), b = v32_load(pb + i * VL),                 \
                          c = v32_load(pc + i * VL);                                           \
                (void)a, (void)b, (void)c;                                                     \
                v32_store(pd + i * VL, SIMD_LOP3_OF(L, F, a, b, c));                           \
            }                                                                                  \
        break;
        PTX_LOP3_FORMULAS(SIMD_LOP3_FLAT_CASE)
#undef SIMD_LOP3_FLAT_CASE
    }
    return 1;
}

/* The .BoolOp form's batches without guards where the layer has no ternlog (a table is then up
 * to 5 operations a chunk): a loop of its own for each table, so no warp branches on it. p =
 * (d != 0) BoolOp q, the operator .or or .and as masks (orm all ones for .or). */
#ifdef VEC_HAS_TERNLOG
#define SIMD_LOP3_PRED_HOIST 0
#else
#define SIMD_LOP3_PRED_HOIST 1
#endif
VINL void simd_lop3_pred_flat(const ptxcpu_batch *bt, unsigned lut, unsigned bop)
{
    const char *pa = bt->src[0].base, *pb = bt->src[1].base, *pc = bt->src[2].base;
    const char *pq = bt->src[3].base;
    char *pd = bt->d;
    const size_t n = bt->n;
    const ptrdiff_t sa = bt->src[0].stride, sb = bt->src[1].stride, sc = bt->src[2].stride,
                    sq = bt->src[3].stride, sd = bt->d_stride;
    const ptxcpu_lanemask orm = bop == BOP_OR ? ~0u : 0;
    switch (lut & 255u) {
#define SIMD_LOP3_PRED_CASE(L, F)                                                                \
    case L:                                                                                    \
        for (size_t w = 0; w < n; w++, pa += sa, pb += sb, pc += sc, pq += sq, pd += sd) {     \
            v32 r[NCH];                                                                        \
            vm zero[NCH];                                                                      \
            for (unsigned k = 0; k < NCH; k++) {                                               \
                const v32 a = WARP_CHUNK_LOAD_32(pa, k), b = WARP_CHUNK_LOAD_32(pb, k),         \
                          c = WARP_CHUNK_LOAD_32(pc, k);                                       \
                (void)a, (void)b, (void)c;                                                     \
                r[k] = SIMD_LOP3_OF(L, F, a, b, c);                                            \
                zero[k] = v32_cmpeq(r[k], v32_zero());                                         \
            }                                                                                  \
            const ptxcpu_lanemask nz = ~simd_warp_bits(zero), q = *(const ptxcpu_lanemask *)pq; \
            for (unsigned k = 0; k < NCH; k++)                                                 \
                WARP_CHUNK_STORE_32(pd, k, r[k]);                                              \
            ((ptxcpu_lanemask *)pd)[PTXCPU_WARP] = (nz & q) | ((nz | q) & orm);                \
        }                                                                                      \
        break;
        PTX_LOP3_FORMULAS(SIMD_LOP3_PRED_CASE)
#undef SIMD_LOP3_PRED_CASE
    }
}

/* Warp by warp: a, b, c (and q) are read before d is written, so d may be exactly a source.
 * `guarded` is a constant of each of the .BoolOp form's two loops: batches without guard masks
 * (the usual ones) test no guard. p's lanes are those whose d is not 0: the complement of d == 0's bits. */
#define SIMD_LOP3_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                   \
    VINL void simd_lop3_loop_##ID(const ptxcpu_batch *bt, unsigned lut, unsigned bop, int guarded) \
    {                                                                                          \
        const char *pa = bt->src[0].base, *pb = bt->src[1].base, *pc = bt->src[2].base;        \
        const char *pq = (S3W) ? bt->src[3].base : NULL;                                       \
        char *pd = bt->d;                                                                      \
        for (size_t w = 0; w < bt->n; w++) {                                                   \
            v32 a[NCH], b[NCH], c[NCH], r[NCH];                                                \
            for (unsigned k = 0; k < NCH; k++)                                                 \
                a[k] = WARP_CHUNK_LOAD_32(pa, k), b[k] = WARP_CHUNK_LOAD_32(pb, k),            \
                c[k] = WARP_CHUNK_LOAD_32(pc, k);                                              \
            const ptxcpu_lanemask q = (S3W) ? *(const ptxcpu_lanemask *)pq : 0;                \
            simd_lop3_warp(lut, a, b, c, r);                                                   \
            const ptxcpu_lanemask guard = guarded ? simd_guard(bt, w) : ~0u;                   \
            if ((DW) == PTXCPU_DST_B32_PRED) {                                                 \
                vm zero[NCH];                                                                  \
                for (unsigned k = 0; k < NCH; k++)                                             \
                    zero[k] = v32_cmpeq(r[k], v32_zero());                                     \
                simd_pred_merge((ptxcpu_lanemask *)pd + PTXCPU_WARP,                           \
                                ptx_bop_apply(bop, ~simd_warp_bits(zero), q), guard);          \
            }                                                                                  \
            for (unsigned k = 0; k < NCH; k++)                                                 \
                if (!guarded || guard == ~0u)                                                  \
                    WARP_CHUNK_STORE_32(pd, k, r[k]);                                          \
                else                                                                           \
                    WARP_CHUNK_STORE_GUARD_32(pd, k, r[k], (uint32_t)(guard >> (k * VL)));     \
            pa += bt->src[0].stride, pb += bt->src[1].stride, pc += bt->src[2].stride;         \
            pd += bt->d_stride;                                                                \
            if (S3W)                                                                           \
                pq += bt->src[3].stride;                                                       \
        }                                                                                      \
    }                                                                                          \
    VINL void simd_lop3_run_##ID(const ptx_kctx *ctx, const ptxcpu_batch *batch)               \
    {                                                                                          \
        const ptxcpu_batch walk_ = *batch, *const bt = &walk_;                                 \
        if ((DW) == 32 && simd_lop3_flat(bt, ctx->lut))                                        \
            return;                                                                            \
        if ((DW) == PTXCPU_DST_B32_PRED && SIMD_LOP3_PRED_HOIST && !bt->guard) {               \
            simd_lop3_pred_flat(bt, ctx->lut, ctx->bop);                                       \
            return;                                                                            \
        }                                                                                      \
        if ((DW) == 32) /* (one loop for the batches the flat path does not take) */          \
            simd_lop3_loop_##ID(bt, ctx->lut, ctx->bop, bt->guard != NULL);                    \
        else if (bt->guard)                                                                    \
            simd_lop3_loop_##ID(bt, ctx->lut, ctx->bop, 1);                                    \
        else                                                                                   \
            simd_lop3_loop_##ID(bt, ctx->lut, ctx->bop, 0);                                    \
    }                                                                                          \
    SIMD_FN(k, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { simd_lop3_run_##ID(ctx, bt); } \
    SIMD_FN(f, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); } \
    SIMD_FN(o, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); }

#endif
