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

/* Rows whose d and sources are all predicates (and, or, xor, not .pred): one word operation a warp
 * (simd_word_<SEM>, simd/logic_ops.h), 32 lanes at once, of which the guard's bits change; packed
 * masks without a guard as one loop the compiler vectorizes (d may be exactly a source). */
#define SIMD_WORD_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                   \
    VINL void simd_word_run_##ID(const ptxcpu_batch *batch)                                    \
    {                                                                                          \
        const ptxcpu_batch walk_ = *batch, *const bt = &walk_;                                 \
        if (!bt->guard && bt->d_stride == 4 && bt->src[0].stride == 4 &&                       \
            (!(BW) || bt->src[1].stride == 4)) { /* packed masks, every lane: a plain loop */  \
            ptxcpu_lanemask *d = bt->d;                                                        \
            const ptxcpu_lanemask *a = bt->src[0].base, *b = (BW) ? bt->src[1].base : a;       \
            for (size_t w = 0; w < bt->n; w++)                                                 \
                d[w] = simd_word_##SEM(a[w], b[w]);                                            \
            return;                                                                            \
        }                                                                                      \
        for (size_t w = 0; w < bt->n; w++) {                                                   \
            const ptxcpu_lanemask guard = simd_guard(bt, w);                                   \
            const ptxcpu_lanemask a = *(const ptxcpu_lanemask *)simd_src(bt, 0, w);            \
            const ptxcpu_lanemask b = (BW) ? *(const ptxcpu_lanemask *)simd_src(bt, 1, w) : 0; \
            simd_pred_merge((ptxcpu_lanemask *)((char *)bt->d + (ptrdiff_t)w * bt->d_stride),  \
                            simd_word_##SEM(a, b), guard);                                     \
        }                                                                                      \
    }                                                                                          \
    SIMD_FN(k, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt)                                \
    {                                                                                          \
        (void)ctx;                                                                             \
        simd_word_run_##ID(bt);                                                                \
    }                                                                                          \
    SIMD_FN(f, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); } \
    SIMD_FN(o, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); }

/* A compare family's rows (setp, set): the operator from the context is one test of
 * simd/cmp_ops.h on (a, b) or (b, a), negated or not, decided once a call; a loop specialised for
 * each test then makes each warp's t from its chunks' lanes (t ^ neg), and p = BoolOp(t, c) (and
 * setp's q = BoolOp(!t, c)) as word operations: one kernel serves every operator and Boolean
 * operator with no branch on them per lane. */
VINL void simd_pred_merge(ptxcpu_lanemask *d, ptxcpu_lanemask r, ptxcpu_lanemask guard)
{
    if (guard == ~0u)
        *d = r;
    else if (guard)
        *d = (*d & ~guard) | (r & guard);
}
/* set's 32-bit d stays in vectors: each chunk's lanes (negated, combined with c's lanes by the
 * Boolean operator) select the destination type's true value (1.0f for .f32, else all ones) or
 * 0, stored in the guarded lanes. The branches test what is fixed for the call. */
VINL vm simd_cmp_bop_vm(unsigned bop, vm t, vm c)
{
    return bop == BOP_AND  ? vm_and(t, c)
           : bop == BOP_OR ? vm_or(t, c)
           : bop == BOP_XOR ? vm_or(vm_andnot(c, t), vm_andnot(t, c))
                            : t;
}
#define SIMD_CMP_SET_WARP(SEM, TY, TY2, MODS, AW, BW, CW, bt, w, kind, neg, bop)                 \
    {                                                                                          \
        const ptxcpu_lanemask guard = simd_guard(bt, w);                                       \
        VT(AW) a_[NCH], b_[NCH];                                                               \
        for (unsigned k = 0; k < NCH; k++) /* (d may be a or b: every source read first) */   \
            a_[k] = WARP_CHUNK_LOAD(AW)(simd_src(bt, 0, w), k),                                \
            b_[k] = WARP_CHUNK_LOAD(BW)(simd_src(bt, 1, w), k);                                \
        const ptxcpu_lanemask c_ = (CW) ? *(const ptxcpu_lanemask *)simd_src(bt, 2, w) : 0;     \
        void *d = (char *)bt->d + (ptrdiff_t)(w) * bt->d_stride;                               \
        const v32 one = v32_set1(TY_##TY2 == TY_F32 ? 0x3f800000u : 0xffffffffu);             \
        for (unsigned k = 0; k < NCH; k++) {                                                   \
            vm f = simd_cmp_##SEM##_##AW(TY_##TY, MODS, kind, a_[k], b_[k]);                   \
            f = (neg) ? vm_not(f) : f;                                                         \
            if (CW)                                                                            \
                f = simd_cmp_bop_vm(bop, f, vm_from_word(c_, k));                              \
            const v32 r = v32_sel(f, one, v32_zero());                                         \
            if (guard == ~0u)                                                                  \
                WARP_CHUNK_STORE_32(d, k, r);                                                  \
            else                                                                               \
                WARP_CHUNK_STORE_GUARD_32(d, k, r, (uint32_t)(guard >> (k * VL)));             \
        }                                                                                      \
    }
#define SIMD_CMP_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                    \
    VINL void simd_cmp_loop_##ID(const ptxcpu_batch *bt, int kind, ptxcpu_lanemask neg,        \
                                 unsigned bop)                                                 \
    {                                                                                          \
        for (size_t w = 0; w < bt->n; w++) {                                                   \
            if ((DW) == 32) {                                                                  \
                SIMD_CMP_SET_WARP(SEM, TY, TY2, MODS, AW, BW, CW, bt, w, kind, neg, bop)       \
                continue;                                                                      \
            }                                                                                  \
            const ptxcpu_lanemask guard = simd_guard(bt, w);                                   \
            vm flags[NCH];                                                                     \
            for (unsigned k = 0; k < NCH; k++)                                                 \
                flags[k] = simd_cmp_##SEM##_##AW(TY_##TY, MODS, kind,                          \
                                                 WARP_CHUNK_LOAD(AW)(simd_src(bt, 0, w), k),   \
                                                 WARP_CHUNK_LOAD(BW)(simd_src(bt, 1, w), k));  \
            const ptxcpu_lanemask t = simd_warp_bits(flags) ^ neg;                             \
            const ptxcpu_lanemask c =                                                          \
                (CW) ? *(const ptxcpu_lanemask *)simd_src(bt, 2, w) : 0;                       \
            ptxcpu_lanemask *d = (ptxcpu_lanemask *)((char *)bt->d + (ptrdiff_t)w * bt->d_stride); \
            simd_pred_merge(d, ptx_bop_apply(bop, t, c), guard);                               \
            simd_pred_merge(d + 1, ptx_bop_apply(bop, ~t, c), guard);                          \
        }                                                                                      \
    }                                                                                          \
    VINL void simd_cmp_run_##ID(const ptx_kctx *ctx, const ptxcpu_batch *batch)                \
    {                                                                                          \
        enum { FLOAT_ = TY_##TY == TY_F32 || TY_##TY == TY_F64 };                              \
        ptxcpu_batch walk_ = *batch;                                                           \
        const simd_cmp_plan plan = simd_cmp_plan_of(ctx->cmp, FLOAT_);                         \
        if (plan.swap) {                                                                       \
            const ptxcpu_src a_ = walk_.src[0];                                                \
            walk_.src[0] = walk_.src[1], walk_.src[1] = a_;                                    \
        }                                                                                      \
        const ptxcpu_batch *const bt = &walk_;                                                 \
        /* (float compares need DAZ clear: simd/cmp_ops.h) */                                   \
        vec_fenv fenv = simd_fenv_enter(SIMD_CMP_FP(TY), RND_##RND, ctx->fenv_preset);         \
        if (FLOAT_)                                                                            \
            switch (plan.kind) {                                                               \
            case CK_LT: simd_cmp_loop_##ID(bt, CK_LT, plan.neg, ctx->bop); break;             \
            case CK_LE: simd_cmp_loop_##ID(bt, CK_LE, plan.neg, ctx->bop); break;             \
            case CK_EQ: simd_cmp_loop_##ID(bt, CK_EQ, plan.neg, ctx->bop); break;             \
            case CK_LG: simd_cmp_loop_##ID(bt, CK_LG, plan.neg, ctx->bop); break;             \
            default: simd_cmp_loop_##ID(bt, CK_UN, plan.neg, ctx->bop); break;                \
            }                                                                                  \
        else if (plan.kind == CK_EQ)                                                           \
            simd_cmp_loop_##ID(bt, CK_EQ, plan.neg, ctx->bop);                                 \
        else                                                                                   \
            simd_cmp_loop_##ID(bt, CK_LT, plan.neg, ctx->bop);                                 \
        simd_fenv_leave(SIMD_CMP_FP(TY), fenv);                                                \
    }                                                                                          \
    SIMD_FN(k, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { simd_cmp_run_##ID(ctx, bt); } \
    SIMD_FN(f, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); } \
    SIMD_FN(o, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(k, ID)(ctx, bt); }
/* The compare kernels that run float compares (f32 on a layer that has them): in the FP
 * environment, DAZ clear */
#if defined(VEC_HAS_FCMP_F32) && defined(VEC_HAS_FCMP_F64)
#define SIMD_CMP_FP(TY) (TY_##TY == TY_F32 || TY_##TY == TY_F64)
#elif defined(VEC_HAS_FCMP_F32)
#define SIMD_CMP_FP(TY) (TY_##TY == TY_F32)
#else
#define SIMD_CMP_FP(TY) 0
#endif

#endif
