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
 * (simd_word_<SEM>, simd/logic_ops.h), 32 lanes at once, of which the guard's bits change. A flat
 * batch (packed masks, no guard, d exactly a source or apart: ptx_batch_flat) is one array of
 * words, VL warps a vector: f runs it with no test (ptxcpu_prepare made it), o is one warp's word;
 * at 32 warps a call the call's fixed cost was most of the time. */
#define SIMD_WORD_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                   \
    SIMD_FN(f, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt)                                \
    {                                                                                          \
        (void)ctx;                                                                             \
        ptxcpu_lanemask *d = bt->d;                                                            \
        const ptxcpu_lanemask *a = bt->src[0].base, *b = (BW) ? bt->src[1].base : a;           \
        const size_t n = bt->n;                                                                \
        size_t w = 0;                                                                          \
        for (; w + VL <= n; w += VL) /* (a vector's masks all read before d's are written) */  \
            v32_store(d + w, simd_words_##SEM(v32_load(a + w), v32_load(b + w)));              \
        for (; w < n; w++)                                                                     \
            d[w] = simd_word_##SEM(a[w], b[w]);                                                \
    }                                                                                          \
    SIMD_FN(o, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt)                                \
    {                                                                                          \
        (void)ctx;                                                                             \
        const ptxcpu_lanemask *a = bt->src[0].base, *b = (BW) ? bt->src[1].base : a;           \
        *(ptxcpu_lanemask *)bt->d = simd_word_##SEM(*a, *b);                                   \
    }                                                                                          \
    SIMD_FN(k, ID)(const ptx_kctx *ctx, const ptxcpu_batch *batch)                             \
    {                                                                                          \
        if (ptx_batch_flat(batch, 1, 1, BW, 0, 0, 0)) {                                        \
            SIMD_NAME(f, ID)(ctx, batch);                                                      \
            return;                                                                            \
        }                                                                                      \
        const ptxcpu_batch walk_ = *batch, *const bt = &walk_;                                 \
        for (size_t w = 0; w < bt->n; w++) {                                                   \
            const ptxcpu_lanemask guard = simd_guard(bt, w);                                   \
            const ptxcpu_lanemask a = *(const ptxcpu_lanemask *)simd_src(bt, 0, w);            \
            const ptxcpu_lanemask b = (BW) ? *(const ptxcpu_lanemask *)simd_src(bt, 1, w) : 0; \
            simd_pred_merge((ptxcpu_lanemask *)((char *)bt->d + (ptrdiff_t)w * bt->d_stride),  \
                            simd_word_##SEM(a, b), guard);                                     \
        }                                                                                      \
    }

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
/* t BoolOp c as (t & m) ^ a, m and a words made from a warp's c by the call's three constants
 * (and: m = c, a = 0; or: ~c, c; xor: ~0, c; none: ~0, 0): no branch on the operator in a chunk,
 * where testing it and the negation in each one made 20 branches a warp on AVX2 and held
 * set.lt.xor.u32.u32 at 0.6x the plain loop */
typedef struct simd_bop_words {
    uint32_t km, kx, kb; /* m = (c & km) ^ kx, a = c & kb */
} simd_bop_words;
VINL simd_bop_words simd_bop_words_of(unsigned bop)
{
    return bop == BOP_AND   ? (simd_bop_words){~0u, 0, 0}
           : bop == BOP_OR  ? (simd_bop_words){~0u, ~0u, ~0u}
           : bop == BOP_XOR ? (simd_bop_words){0, ~0u, ~0u}
                            : (simd_bop_words){0, ~0u, 0};
}
#define SIMD_BOP_M(bw, c) (((c) & (bw).km) ^ (bw).kx)
#define SIMD_BOP_A(bw, c) ((c) & (bw).kb)
/* set's d stays in vectors: each chunk's lanes (negated, combined with c's lanes by the Boolean
 * operator) select the destination type's true value (1.0 in a float format, else all ones:
 * ptx_set_true) or 0, stored in the guarded lanes. A packed half source (9.7.7.1) is compared
 * half by half, each half of d its own result. neg: whether the operator negates the test; bm,
 * ba: the warp's m and a words; cw: whether the kernel reads c. */
VINL vm simd_cmp_bop_vm(int cw, vm t, int neg, uint32_t bm, uint32_t ba, unsigned k)
{
    t = neg ? vm_not(t) : t; /* (a branch fixed for the call: cheaper than an xor a chunk) */
    return cw ? vm_xor(vm_and(t, vm_from_word(bm, k)), vm_from_word(ba, k)) : t;
}
/* A chunk as v16 where AW is 16 (the only width that uses it: other widths give zeros, in code
 * their kernels never run) */
#define SIMD_V16_(AW, x) PTX_CAT(SIMD_V16_, AW)(x)
#define SIMD_V16_16(x) (x)
#define SIMD_V16_32(x) v16_set1(0)
#define SIMD_V16_64(x) v16_set1(0)
#define SIMD_V32_(AW, x) PTX_CAT(SIMD_V32_, AW)(x) /* (likewise a 32-bit chunk) */
#define SIMD_V32_32(x) (x)
#define SIMD_V32_16(x) v32_zero()
#define SIMD_V32_64(x) v32_zero()
/* A packed half type (f16x2, bf16x2): each half compared by itself (9.7.7) */
#define SIMD_TY_X2H(TY) (TY_##TY == TY_F16X2 || TY_##TY == TY_BF16X2)
/* Chunk k's lanes of a warp's predicate word as 16-bit lane masks (VL <= 16) */
VINL v16 simd_m16_from_word(uint32_t word, unsigned k)
{
    static const uint16_t lane_bit[16] = {1u << 0, 1u << 1, 1u << 2, 1u << 3, 1u << 4, 1u << 5,
                                          1u << 6, 1u << 7, 1u << 8, 1u << 9, 1u << 10, 1u << 11,
                                          1u << 12, 1u << 13, 1u << 14, 1u << 15};
    const v16 bits = v16_load(lane_bit);
    return v16_eqm(v16_and(v16_set1((uint16_t)(word >> (k * VL))), bits), bits);
}
/* set's lanes of a 16-bit test (a half, or a 16-bit source) as 16-bit lane masks:
 * ((test ^ neg) & m) ^ a (simd_cmp_bop_vm), and the true value or 0 of each 16-bit lane */
VINL v16 simd_cmp_set16(int ty, unsigned m, int kind, uint16_t neg16, int cw, uint32_t bm,
                        uint32_t ba, unsigned k, v16 a, v16 b, uint16_t one)
{
#if SIMD_BF16_BY_F32
    if (ty == TY_BF16 || ty == TY_BF16X2) /* (a vm: narrowed once by the select) */
        return v16_sel(simd_cmp_bop_vm(cw, simd_fcmp_bf16_as_f32(kind, a, b), neg16 != 0, bm, ba,
                                       k),
                       v16_set1(one), v16_set1(0));
#endif
    v16 t = v16_xor(simd_cmp_m16(ty, m, kind, a, b), v16_set1(neg16));
    if (cw)
        t = v16_xor(v16_and(t, simd_m16_from_word(bm, k)), simd_m16_from_word(ba, k));
    return v16_and(t, v16_set1(one));
}
/* Chunk k of a 32-bit register as its low and high 16-bit halves, in lane order (a packed half
 * source); the other widths have none (X2 kernels read 32-bit sources: never expanded there). */
#define SIMD_CMP_HALVES_32(p, k, lo, hi)                                                         \
    {                                                                                          \
        const v32 v_ = WARP_CHUNK_LOAD(32)(p, k);                                              \
        lo = v16_from32(v_), hi = v16_from32(v32_srli(v_, 16));                                \
    }
#define SIMD_CMP_HALVES_16(p, k, lo, hi) { lo = hi = v16_set1(0); }
#define SIMD_CMP_HALVES_64 SIMD_CMP_HALVES_16
#define SIMD_CMP_HALVES(AW) PTX_CAT(SIMD_CMP_HALVES_, AW)
/* Chunk k of set's d from its lanes' flags f: the true value or 0 in the guarded lanes */
#define SIMD_CMP_SET_STORE(DW, d, k, f, one, guard)                                              \
    {                                                                                          \
        const uint32_t g_ = (uint32_t)((guard) >> ((k) * VL));                                 \
        if ((DW) == 16) {                                                                      \
            const v16 st_ = v16_sel(f, v16_set1((uint16_t)(one)), v16_set1(0));                 \
            if ((guard) == ~0u)                                                                \
                WARP_CHUNK_STORE_16(d, k, st_);                                                 \
            else                                                                               \
                WARP_CHUNK_STORE_GUARD_16(d, k, st_, g_);                                       \
        } else {                                                                               \
            const v32 st_ = SIMD_SET_TRUE32(f, one);                                            \
            if ((guard) == ~0u)                                                                \
                WARP_CHUNK_STORE_32(d, k, st_);                                                 \
            else                                                                               \
                WARP_CHUNK_STORE_GUARD_32(d, k, st_, g_);                                       \
        }                                                                                      \
    }
/* Lane flags of a test on chunk k: t = (test ^ neg) BoolOp c */
#define SIMD_CMP_FLAGS(SEM, W, TY, MODS, kind, neg, CW, bm, ba, k, a, b)                          \
    simd_cmp_bop_vm(CW, simd_cmp_##SEM##_##W(TY_##TY, MODS, kind, a, b), (neg) != 0, bm, ba, k)
#define SIMD_CMP_SET_WARP(SEM, TY, MODS, DW, AW, BW, CW, pa, pb, bm, ba, d, guard, kind, negw,  \
                          one_)                                                                \
    {                                                                                          \
        /* d may be exactly a or b: of another width, every source chunk is read before d's    \
         * first; of the same, d's chunk k is theirs, read just before it is written (the      \
         * plain loop's order: loading the warp first ran a cycle a warp slower). With c       \
         * (WORD_), the warp's flags become one word, combined with c as words, then d's       \
         * chunks: a vm formula per chunk cost two conversions of words and three operations */ \
        enum { X2_ = SIMD_TY_X2H(TY), EARLY_ = (AW) != (DW),                                   \
               WORD_ = (CW) && !X2_ && !((AW) == 16 && (DW) == 16),                            \
               X2F_ = TY_##TY == TY_BF16X2, X2H_ = X2_ && !X2F_ }; /* (bf16x2: as f32) */      \
        VT(AW) a_[NCH], b_[NCH];                                                               \
        v16 al_[NCH], ah_[NCH], bl_[NCH], bh_[NCH];                                            \
        for (unsigned k = 0; k < NCH; k++)                                                     \
            if (EARLY_ || WORD_)                                                               \
                SIMD_CMP_SET_LOAD(AW, BW, X2H_, pa, pb, k, a_, b_, al_, ah_, bl_, bh_)         \
        if (WORD_) {                                                                           \
            vm f_[NCH];                                                                        \
            for (unsigned k = 0; k < NCH; k++)                                                 \
                f_[k] = simd_cmp_##SEM##_##AW(TY_##TY, MODS, kind, a_[k], b_[k]);              \
            const uint32_t r_ = ((simd_warp_bits(f_) ^ (negw)) & (bm)) ^ (ba);                 \
            for (unsigned k = 0; k < NCH; k++)                                                 \
                SIMD_CMP_SET_STORE(DW, d, k, vm_from_word(r_, k), one_, guard);                \
        }                                                                                      \
        for (unsigned k = 0; k < NCH && !WORD_; k++) {                                         \
            if (!EARLY_)                                                                       \
                SIMD_CMP_SET_LOAD(AW, BW, X2H_, pa, pb, k, a_, b_, al_, ah_, bl_, bh_)         \
            const uint32_t g_ = (uint32_t)(guard >> (k * VL));                                 \
            if ((DW) == 16) {                                                                  \
                v16 r;                                                                         \
                if ((AW) == 16) /* (the test's 16-bit masks are d's lanes) */                  \
                    r = simd_cmp_set16(TY_##TY, MODS, kind, (uint16_t)(negw), CW, bm, ba,          \
                                       k, SIMD_V16_(AW, a_[k]), SIMD_V16_(AW, b_[k]),          \
                                       (uint16_t)(one_));                                      \
                else                                                                           \
                    r = v16_sel(SIMD_CMP_FLAGS(SEM, AW, TY, MODS, kind, negw, CW, bm, ba, k,    \
                                               a_[k], b_[k]),                                  \
                                v16_set1((uint16_t)(one_)), v16_set1(0));                      \
                if (guard == ~0u)                                                              \
                    WARP_CHUNK_STORE_16(d, k, r);                                              \
                else                                                                           \
                    WARP_CHUNK_STORE_GUARD_16(d, k, r, g_);                                    \
                continue;                                                                      \
            }                                                                                  \
            v32 r;                                                                             \
            if (X2F_) {                                                                        \
                const v32 a32 = SIMD_V32_(AW, a_[k]), b32 = SIMD_V32_(AW, b_[k]);              \
                const uint32_t one16 = (one_) & 0xffffu;                                       \
                const vm fl = simd_cmp_bop_vm(CW, simd_fcmp_bf16x2_lo(kind, a32, b32),          \
                                              (negw) != 0, bm, ba, k);                         \
                const vm fh = simd_cmp_bop_vm(CW, simd_fcmp_bf16x2_hi(kind, a32, b32),          \
                                              (negw) != 0, bm, ba, k);                         \
                r = v32_or(SIMD_SET_TRUE32(fl, one16), SIMD_SET_TRUE32(fh, one16 << 16));      \
            } else if (X2_) {                                                                  \
                const v16 rl = simd_cmp_set16(TY_##TY, MODS, kind, (uint16_t)(negw), CW,           \
                                              bm, ba, k, al_[k], bl_[k], (uint16_t)(one_)); \
                const v16 rh = simd_cmp_set16(TY_##TY, MODS, kind, (uint16_t)(negw), CW,           \
                                              bm, ba, k, ah_[k], bh_[k], (uint16_t)(one_)); \
                r = v32_or(v32_from16_u(rl), v32_slli(v32_from16_u(rh), 16));                 \
            } else {                                                                           \
                const vm f = SIMD_CMP_FLAGS(SEM, AW, TY, MODS, kind, negw, CW, bm, ba, k,       \
                                            a_[k], b_[k]);                                     \
                r = SIMD_SET_TRUE32(f, one_);                                                  \
            }                                                                                  \
            if (guard == ~0u)                                                                  \
                WARP_CHUNK_STORE_32(d, k, r);                                                  \
            else                                                                               \
                WARP_CHUNK_STORE_GUARD_32(d, k, r, g_);                                        \
        }                                                                                      \
    }
#define SIMD_CMP_SET_LOAD(AW, BW, X2_, pa, pb, k, a_, b_, al_, ah_, bl_, bh_)                  \
    {                                                                                          \
        if (X2_) {                                                                             \
            SIMD_CMP_HALVES(AW)(pa, k, al_[k], ah_[k])                                         \
            SIMD_CMP_HALVES(AW)(pb, k, bl_[k], bh_[k])                                         \
        } else                                                                                 \
            a_[k] = WARP_CHUNK_LOAD(AW)(pa, k), b_[k] = WARP_CHUNK_LOAD(BW)(pb, k);            \
    }
/* a 32-bit d lane's true value where the flag is set, else 0 */
#ifdef VEC_HAS_VM_V32
#define SIMD_SET_TRUE32(f, one) v32_and(v32_of_vm(f), v32_set1(one))
#else
#define SIMD_SET_TRUE32(f, one) v32_sel(f, v32_set1(one), v32_zero())
#endif
/* setp's t, and u (!t, or a packed source's high halves' t), of the warp at pa, pb */
#define SIMD_CMP_SETP_WARP(SEM, TY, MODS, AW, BW, pa, pb, kind, neg, t, u)                     \
    {                                                                                          \
        vm lo_[NCH], hi_[NCH];                                                                 \
        for (unsigned k = 0; k < NCH; k++)                                                     \
            if (TY_##TY == TY_BF16X2) { /* (as f32: cmp_ops.h) */                              \
                const v32 a32 = WARP_CHUNK_LOAD(32)(pa, k), b32 = WARP_CHUNK_LOAD(32)(pb, k);  \
                lo_[k] = simd_fcmp_bf16x2_lo(kind, a32, b32);                                  \
                hi_[k] = simd_fcmp_bf16x2_hi(kind, a32, b32);                                  \
            } else if (SIMD_TY_X2H(TY)) {                                                      \
                v16 al, ah, bl, bh;                                                            \
                SIMD_CMP_HALVES(AW)(pa, k, al, ah)                                             \
                SIMD_CMP_HALVES(AW)(pb, k, bl, bh)                                             \
                lo_[k] = simd_cmp_##SEM##_16(TY_##TY, MODS, kind, al, bl);                     \
                hi_[k] = simd_cmp_##SEM##_16(TY_##TY, MODS, kind, ah, bh);                     \
            } else                                                                             \
                lo_[k] = simd_cmp_##SEM##_##AW(TY_##TY, MODS, kind,                            \
                                               WARP_CHUNK_LOAD(AW)(pa, k),                     \
                                               WARP_CHUNK_LOAD(BW)(pb, k));                    \
        t = simd_warp_bits(lo_) ^ (neg);                                                       \
        u = SIMD_TY_X2H(TY) ? simd_warp_bits(hi_) ^ (neg) : ~t;                                \
    }
/* The loop of one test. guarded: whether the batch has guard masks; the loop of a batch without
 * them, the common case, tests no guard per warp or chunk. Each operand's address is a pointer
 * stepped by its stride (the compiler multiplied the warp index by every stride, three imul a
 * warp: set's 32-bit d ran at 0.7x the plain loop). A warp's guard and c are read before its
 * first store, its sources as SIMD_CMP_SET_WARP says (setp's d is a predicate: all first). */
#define SIMD_CMP_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                    \
    VINL void simd_cmp_loop_##ID(const ptxcpu_batch *bt, int kind, ptxcpu_lanemask neg,        \
                                 unsigned bop, int guarded, uint32_t one)                      \
    {                                                                                          \
        const simd_bop_words bw = simd_bop_words_of((CW) ? bop : BOP_NONE);                    \
        const char *pa = bt->src[0].base, *pb = bt->src[1].base, *pc = bt->src[2].base,        \
                   *pg = (const char *)bt->guard;                                              \
        char *pd = bt->d;                                                                      \
        for (size_t w = bt->n; w; w--) {                                                       \
            const ptxcpu_lanemask guard = guarded ? *(const ptxcpu_lanemask *)pg : ~0u;        \
            const ptxcpu_lanemask c = (CW) ? *(const ptxcpu_lanemask *)pc : 0;                 \
            if ((DW) != PTXCPU_DST_PRED_PAIR) {                                                \
                const uint32_t bm = SIMD_BOP_M(bw, c), ba = SIMD_BOP_A(bw, c);                 \
                SIMD_CMP_SET_WARP(SEM, TY, MODS, DW, AW, BW, CW, pa, pb, bm, ba, pd, guard,    \
                                  kind, neg, one)                                              \
            } else {                                                                           \
                ptxcpu_lanemask t, u;                                                          \
                SIMD_CMP_SETP_WARP(SEM, TY, MODS, AW, BW, pa, pb, kind, neg, t, u)             \
                /* (the operator by branches: as (t & bm) ^ ba, gcc moved the words through   \
                 * mask registers on AVX-512, 0.8x the plain loop where this is 1.4x) */       \
                simd_pred_merge((ptxcpu_lanemask *)pd, ptx_bop_apply(bop, t, c), guard);       \
                simd_pred_merge((ptxcpu_lanemask *)pd + 1, ptx_bop_apply(bop, u, c), guard);   \
            }                                                                                  \
            pa += bt->src[0].stride, pb += bt->src[1].stride, pd += bt->d_stride;              \
            if (CW) /* (absent: NULL, never stepped) */                                        \
                pc += bt->src[2].stride;                                                       \
            if (guarded)                                                                       \
                pg += bt->guard_stride;                                                        \
        }                                                                                      \
    }                                                                                          \
    VINL void simd_cmp_run_##ID(const ptx_kctx *ctx, const ptxcpu_batch *batch, int guarded)   \
    {                                                                                          \
        enum { FLOAT_ = PTX_TY_IS_FLOAT(TY_##TY) };                                            \
        ptxcpu_batch walk_ = *batch;                                                           \
        const simd_cmp_plan plan = simd_cmp_plan_of(ctx->cmp, FLOAT_);                         \
        /* set's true value, by the row's d (ctx->ty2: one kernel serves a width's types) */   \
        const uint32_t one = ptx_set_true(ctx->ty2, SIMD_TY_X2H(TY));                          \
        if (plan.swap) {                                                                       \
            const ptxcpu_src a_ = walk_.src[0];                                                \
            walk_.src[0] = walk_.src[1], walk_.src[1] = a_;                                    \
        }                                                                                      \
        const ptxcpu_batch *const bt = &walk_;                                                 \
        /* (float compares need DAZ clear: simd/cmp_ops.h) */                                   \
        vec_fenv fenv = simd_fenv_enter(SIMD_CMP_FP(TY), RND_##RND, ctx->fenv_preset);         \
        if (FLOAT_)                                                                            \
            switch (plan.kind) {                                                               \
            case CK_LT: SIMD_CMP_LOOP(ID, bt, CK_LT, plan.neg, ctx->bop, guarded); break;      \
            case CK_LE: SIMD_CMP_LOOP(ID, bt, CK_LE, plan.neg, ctx->bop, guarded); break;      \
            case CK_EQ: SIMD_CMP_LOOP(ID, bt, CK_EQ, plan.neg, ctx->bop, guarded); break;      \
            case CK_LG: SIMD_CMP_LOOP(ID, bt, CK_LG, plan.neg, ctx->bop, guarded); break;      \
            default: SIMD_CMP_LOOP(ID, bt, CK_UN, plan.neg, ctx->bop, guarded); break;         \
            }                                                                                  \
        else if (plan.kind == CK_EQ)                                                           \
            SIMD_CMP_LOOP(ID, bt, CK_EQ, plan.neg, ctx->bop, guarded);                         \
        else                                                                                   \
            SIMD_CMP_LOOP(ID, bt, CK_LT, plan.neg, ctx->bop, guarded);                         \
        simd_fenv_leave(SIMD_CMP_FP(TY), fenv);                                                \
    }                                                                                          \
    /* f: a batch without guard masks (k's common case; ptxcpu_prepare's pick for a flat       \
     * batch, and o's), out of line: none of the guarded loops' register saves */              \
    __attribute__((noinline)) SIMD_FN(f, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt)      \
    {                                                                                          \
        simd_cmp_run_##ID(ctx, bt, 0);                                                         \
    }                                                                                          \
    SIMD_FN(o, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt) { SIMD_NAME(f, ID)(ctx, bt); } \
    SIMD_FN(k, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt)                                \
    {                                                                                          \
        if (!bt->guard) {                                                                      \
            SIMD_NAME(f, ID)(ctx, bt);                                                         \
            return;                                                                            \
        }                                                                                      \
        simd_cmp_run_##ID(ctx, bt, 1);                                                         \
    }
#define SIMD_CMP_LOOP(ID, bt, kind, neg, bop, guarded)                                         \
    ((guarded) ? simd_cmp_loop_##ID(bt, kind, neg, bop, 1, one)                                \
               : simd_cmp_loop_##ID(bt, kind, neg, bop, 0, one))
/* The compare kernels that run float compares (f32 on a layer that has them, and bf16 read as
 * f32): in the FP environment, DAZ clear */
#define SIMD_CMP_BF16_(TY) (TY_##TY == TY_BF16 || TY_##TY == TY_BF16X2) /* as f32: cmp_ops.h */
#if defined(VEC_HAS_FCMP_F32) && defined(VEC_HAS_FCMP_F64)
#define SIMD_CMP_FP(TY) (TY_##TY == TY_F32 || TY_##TY == TY_F64 || SIMD_CMP_BF16_(TY))
#elif defined(VEC_HAS_FCMP_F32)
#define SIMD_CMP_FP(TY) (TY_##TY == TY_F32 || SIMD_CMP_BF16_(TY))
#else
#define SIMD_CMP_FP(TY) 0
#endif

#endif
