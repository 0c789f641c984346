/* ptxcpu_run_chain for the rows without a register-resident chain of their own (tools/gen_ops.py
 * gives one only to the chains the bench and the demo measure): the row's batched kernel once a
 * step, with the fed-back register in a local buffer until the last step. */
#include "internal.h"

#include <string.h>

/* Warps a step runs in one kernel call (a call's fixed cost spread over them; 16 registers of up
 * to 256 bytes stay in L1). */
enum { CHAIN_GROUP_WARPS = 16 };

static const void *warp_at(const void *base, ptrdiff_t stride, size_t w)
{
    return (const char *)base + (ptrdiff_t)w * stride;
}

/* d's lanes of guard from the register r (lanes of `bytes` bytes), the others untouched. */
static void store_guarded(void *d, const void *r, size_t bytes, ptxcpu_lanemask guard)
{
    if (guard == ~0u) {
        memcpy(d, r, PTXCPU_WARP * bytes);
        return;
    }
    for (unsigned i = 0; i < PTXCPU_WARP; i++)
        if ((guard >> i) & 1)
            memcpy((char *)d + i * bytes, (const char *)r + i * bytes, bytes);
}

/* Warps w0 .. w0 + g - 1 of the chain. The fed-back register of each warp is a packed local
 * copy that is both d and source `feedback` of every step (an exact alias, which every kernel
 * allows): the caller's registers are only read until the last step, so a d that is exactly
 * another source (allowed) still feeds that source's first value to every step, as in a chain
 * kept in registers. Inactive lanes compute on their copy and are never stored. */
static void chain_group(ptxcpu_kernel k, const ptxcpu_batch *b, unsigned feedback,
                        uint64_t steps, size_t w0, size_t g)
{
    const ptx_row *r = &ptx_rows[k->op];
    const size_t rb = ptx_reg_bytes(r->bits[0]), lane = r->bits[0] / 8;
    _Alignas(64) unsigned char acc[CHAIN_GROUP_WARPS * PTXCPU_WARP * 8];
    ptxcpu_batch s = *b;
    s.n = g;
    for (unsigned i = 0; i < r->nsrc; i++)
        s.src[i].base = warp_at(b->src[i].base, b->src[i].stride, w0);
    if (b->guard)
        s.guard = warp_at(b->guard, b->guard_stride, w0);
    if (r->cc)
        s.cc = (ptxcpu_lanemask *)warp_at(b->cc, b->cc_stride, w0);
    for (size_t j = 0; j < g; j++)
        memcpy(acc + j * rb, warp_at(b->src[feedback].base, b->src[feedback].stride, w0 + j), rb);
    s.d = acc, s.d_stride = (ptrdiff_t)rb; /* packed: the kernel's flat path where b's are too */
    s.src[feedback] = (ptxcpu_src){acc, (ptrdiff_t)rb};
    for (uint64_t t = 0; t < steps; t++)
        k->fn(&k->ctx[0], &s);
    for (size_t j = 0; j < g; j++) {
        ptxcpu_lanemask guard =
            b->guard ? *(const ptxcpu_lanemask *)warp_at(b->guard, b->guard_stride, w0 + j) : ~0u;
        store_guarded((char *)b->d + (ptrdiff_t)(w0 + j) * b->d_stride, acc + j * rb, lane, guard);
    }
}

void ptx_chain_by_steps(ptxcpu_kernel k, const ptxcpu_batch *b, unsigned feedback,
                        uint64_t steps)
{
    for (size_t w0 = 0; w0 < b->n; w0 += CHAIN_GROUP_WARPS)
        chain_group(k, b, feedback, steps, w0,
                    b->n - w0 < CHAIN_GROUP_WARPS ? b->n - w0 : CHAIN_GROUP_WARPS);
}
