/* The kernel template of rows whose d is a predicate (d bits PTXCPU_DST_PRED: testp), included by
 * simd/kernels.h: the body's lane flags of every chunk gathered into the warp's mask, of which
 * only the guard's bits change. */
#ifndef PTXCPU_SIMD_KERNELS_PRED_H
#define PTXCPU_SIMD_KERNELS_PRED_H

/* A warp's lane flags, chunk k's at bit k * VL: the layer's vm_warp_bits where it has one */
VINL ptxcpu_lanemask simd_warp_bits(const vm *flags)
{
#ifdef VEC_HAS_WARP_BITS
    return vm_warp_bits(flags);
#else
    ptxcpu_lanemask r = 0;
    for (unsigned k = 0; k < NCH; k++)
        r |= vm_to_bits(flags[k]) << (k * VL);
    return r;
#endif
}

/* Warp by warp: all of a warp's sources and its guard are read before its mask is written, so d
 * may be exactly a source or the guard masks. A guard of no lane leaves the word untouched. */
#define SIMD_PRED_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                   \
    VINL void simd_pred_run_##ID(const ptx_kctx *ctx, const ptxcpu_batch *batch)               \
    {                                                                                          \
        /* the batch as a local (as in SIMD_KERNEL: a store through d cannot change it) */     \
        const ptxcpu_batch walk_ = *batch, *const bt = &walk_;                                 \
        vec_fenv fenv = simd_fenv_enter(SIMD_IS_FP(SEM), RND_##RND, ctx->fenv_preset);         \
        for (size_t w = 0; w < bt->n; w++) {                                                   \
            const ptxcpu_lanemask guard = simd_guard(bt, w);                                   \
            vm flags[NCH];                                                                     \
            for (unsigned k = 0; k < NCH; k++)                                                 \
                flags[k] = simd_pred_##SEM##_##AW(TY_##TY, TY_##TY2, MODS, RND_##RND,          \
                                                  WARP_CHUNK_LOAD(AW)(simd_src(bt, 0, w), k),  \
                                                  WARP_CHUNK_LOAD(BW)(simd_src(bt, 1, w), k),  \
                                                  WARP_CHUNK_LOAD(CW)(simd_src(bt, 2, w), k),  \
                                                  WARP_CHUNK_LOAD(S3W)(simd_src(bt, 3, w), k)); \
            const ptxcpu_lanemask r = simd_warp_bits(flags);                                   \
            ptxcpu_lanemask *d = (ptxcpu_lanemask *)((char *)bt->d + (ptrdiff_t)w * bt->d_stride); \
            if (guard == ~0u)                                                                  \
                *d = r;                                                                        \
            else if (guard)                                                                    \
                *d = (*d & ~guard) | (r & guard);                                              \
        }                                                                                      \
        simd_fenv_leave(SIMD_IS_FP(SEM), fenv);                                                \
    }                                                                                          \
    SIMD_FN(k, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { simd_pred_run_##ID(ctx, bt); } \
    /* (no flat path: f and o, which ptxcpu_prepare may pick, are k) */                       \
    SIMD_FN(f, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); } \
    SIMD_FN(o, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); }
    /* (no chain: ptxcpu_run_chain refuses these rows, no source reads a predicate back) */

/* A compare family's rows (setp): each chunk's outcome masks (simd/cmp_ops.h) gathered into the
 * warp's words, then t = the outcomes the operator's truth table holds, p = BoolOp(t, c) and
 * q = BoolOp(!t, c) with c's mask when the row reads one (d: p then q, PTXCPU_DST_PRED_PAIR):
 * word operations a warp, the operators read from the context once a call, so one kernel serves
 * every operator with no branch on them per lane. */
VINL void simd_pred_merge(ptxcpu_lanemask *d, ptxcpu_lanemask r, ptxcpu_lanemask guard)
{
    if (guard == ~0u)
        *d = r;
    else if (guard)
        *d = (*d & ~guard) | (r & guard);
}
/* The destination of a compare: p|q (setp), or a 32-bit register (set) whose lanes get the
 * destination type's true value (1.0f for .f32, else all ones) where p holds, else 0. */
#define SIMD_CMP_STORE_2(TY2, bt, w, guard, bop, t, c)                                           \
    {                                                                                          \
        ptxcpu_lanemask *d = (ptxcpu_lanemask *)((char *)bt->d + (ptrdiff_t)(w) * bt->d_stride); \
        simd_pred_merge(d, ptx_bop_apply(bop, t, c), guard);                                   \
        simd_pred_merge(d + 1, ptx_bop_apply(bop, ~(t), c), guard);                            \
    }
#define SIMD_CMP_STORE_32(TY2, bt, w, guard, bop, t, c)                                          \
    {                                                                                          \
        void *d = (char *)bt->d + (ptrdiff_t)(w) * bt->d_stride;                               \
        const ptxcpu_lanemask p = ptx_bop_apply(bop, t, c);                                    \
        const v32 one = v32_set1(TY_##TY2 == TY_F32 ? 0x3f800000u : 0xffffffffu);             \
        for (unsigned k = 0; k < NCH; k++) {                                                   \
            const v32 r = v32_sel(vm_from_word(p, k), one, v32_zero());                         \
            if (guard == ~0u)                                                                  \
                WARP_CHUNK_STORE_32(d, k, r);                                                  \
            else                                                                               \
                WARP_CHUNK_STORE_GUARD_32(d, k, r, (uint32_t)(guard >> (k * VL)));             \
        }                                                                                      \
    }
VINL ptxcpu_lanemask simd_cmp_pick(unsigned table, ptxcpu_lanemask lt, ptxcpu_lanemask eq,
                                   ptxcpu_lanemask un)
{
    const ptxcpu_lanemask gt = ~(lt | eq | un);
    return (lt & -(table & 1u)) | (eq & -((table >> 1) & 1u)) | (gt & -((table >> 2) & 1u)) |
           (un & -((table >> 3) & 1u));
}
#define SIMD_CMP_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                    \
    VINL void simd_cmp_run_##ID(const ptx_kctx *ctx, const ptxcpu_batch *batch)                \
    {                                                                                          \
        const ptxcpu_batch walk_ = *batch, *const bt = &walk_;                                 \
        const unsigned table = PTX_CMP_TABLE_OF(ptx_kctx_mods(ctx)), bop = ctx->bop;           \
        for (size_t w = 0; w < bt->n; w++) {                                                   \
            const ptxcpu_lanemask guard = simd_guard(bt, w);                                   \
            vm lt[NCH], eq[NCH], un[NCH];                                                      \
            for (unsigned k = 0; k < NCH; k++) {                                               \
                const simd_cmp_out o =                                                         \
                    simd_cmp_##SEM##_##AW(TY_##TY, MODS,                                       \
                                          WARP_CHUNK_LOAD(AW)(simd_src(bt, 0, w), k),          \
                                          WARP_CHUNK_LOAD(BW)(simd_src(bt, 1, w), k));         \
                lt[k] = o.lt, eq[k] = o.eq, un[k] = o.un;                                      \
            }                                                                                  \
            const ptxcpu_lanemask t = simd_cmp_pick(table, simd_warp_bits(lt),                 \
                                                    simd_warp_bits(eq), simd_warp_bits(un));   \
            const ptxcpu_lanemask c =                                                          \
                (CW) ? *(const ptxcpu_lanemask *)simd_src(bt, 2, w) : 0;                       \
            SIMD_CMP_STORE_##DW(TY2, bt, w, guard, bop, t, c)                                   \
        }                                                                                      \
    }                                                                                          \
    SIMD_FN(k, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { simd_cmp_run_##ID(ctx, bt); } \
    SIMD_FN(f, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); } \
    SIMD_FN(o, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); }

#endif
