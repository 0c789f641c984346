/* Whether a batch is one flat array of chunks (ptx_batch_flat), the test a SIMD kernel makes on
 * every call and ptxcpu_prepare makes once to pick the kernel's flat-only entry (ptx_flat_path). */
#ifndef PTXCPU_BATCH_FLAT_H
#define PTXCPU_BATCH_FLAT_H

#include "ptxcpu.h"

#include <stddef.h>

/* (always inlined: a kernel makes these tests on every call, and GCC's inlining budget, a share
 * of the TU's size, left them out of line in some kernel groups) */
#define PTX_FLAT_INLINE static inline __attribute__((always_inline))

/* The common case of a large batch: every operand packed (consecutive registers), no guard, CC
 * words (if any) packed, and d either exactly one of the sources, of its width, or apart from all
 * of them. Then the batch is one flat array of chunks and the per-warp addressing goes away (a
 * loop a compiler vectorizes itself would otherwise beat it on simple ops). Any other batch takes
 * the per-warp path, which reads all of a warp's sources before writing its d: a source at d of
 * another width (mul.wide.u32 d, d, b with n = 1) would have its later chunks overwritten by the
 * flat path's earlier d chunks. Widths in bits, 0 = operand absent. */
PTX_FLAT_INLINE int ptx_apart(const void *p, size_t psize, const void *q, size_t qsize)
{
    return (const char *)p + psize <= (const char *)q || (const char *)q + qsize <= (const char *)p;
}
PTX_FLAT_INLINE int ptx_flat_src(const ptxcpu_batch *bt, unsigned k, unsigned bits,
                                 unsigned dbits, int cc)
{
    if (!bits)
        return 1;
    size_t size = ptxcpu_reg_bytes(bits), all = size * bt->n;
    const void *s = bt->src[k].base;
    if (bt->src[k].stride != (ptrdiff_t)size)
        return 0;
    /* the CC words are written warp by warp, so they must not lie in a later warp's source */
    if (cc && !ptx_apart(s, all, bt->cc, sizeof(ptxcpu_lanemask) * bt->n))
        return 0;
    return (s == bt->d && bits == dbits) || ptx_apart(s, all, bt->d, (size_t)bt->d_stride * bt->n);
}
PTX_FLAT_INLINE int ptx_batch_flat(const ptxcpu_batch *bt, unsigned dw, unsigned aw, unsigned bw,
                                   unsigned cw, unsigned s3w, int cc)
{
    /* CC words (when used) must be packed too */
    return (!cc || bt->cc_stride == (ptrdiff_t)sizeof(ptxcpu_lanemask)) && !bt->guard &&
           bt->d_stride == (ptrdiff_t)ptxcpu_reg_bytes(dw) &&
           ptx_flat_src(bt, 0, aw, dw, cc) && ptx_flat_src(bt, 1, bw, dw, cc) &&
           ptx_flat_src(bt, 2, cw, dw, cc) && ptx_flat_src(bt, 3, s3w, dw, cc);
}

/* Whether a SIMD kernel runs `bt` on its flat path: a flat batch, except one warp of registers no
 * wider than 32 bits, which the per-warp path runs without the flat tests (wider ones spill the
 * per-warp path's chunk arrays on AVX2, which costs more than the flat tests save:
 * docs/PERFORMANCE.md, "Figures behind design choices in the source"). */
PTX_FLAT_INLINE int ptx_flat_path(const ptxcpu_batch *bt, unsigned dw, unsigned aw, unsigned bw,
                                  unsigned cw, unsigned s3w, int cc)
{
    int narrow = dw <= 32 && aw <= 32 && bw <= 32 && cw <= 32 && s3w <= 32;
    return !(narrow && bt->n == 1) && ptx_batch_flat(bt, dw, aw, bw, cw, s3w, cc);
}

#endif
