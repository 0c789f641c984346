/* The extended-precision multiply of 9.7.2.6 ([r3,r2,r1,r0] = [r5,r4] * [r7,r6] with mul.lo/hi,
 * mad.lo.cc, madc.hi{.cc}, addc) run per thread over a ~1M-thread grid as ptxcpu_run batches on
 * the block's warps in scratch; checked against GMP and bit-identical over every configuration. */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch_test.h"

/* Per warp in scratch: registers r0..r7, then (after all warps) one CC word per warp. */
typedef struct warp_regs { ptxcpu_w32 r[8]; } warp_regs;

enum { K_MUL_LO, K_MUL_HI, K_MAD_LO_CC, K_MADC_HI, K_MADC_HI_CC, K_ADDC, K_N };
static const char *const k_names[K_N] = {"mul.lo.u32", "mul.hi.u32", "mad.lo.cc.u32",
                                         "madc.hi.u32", "madc.hi.cc.u32", "addc.u32"};
static ptxcpu_kernel kern[K_N];
static const ptxcpu_w32 zero_reg; /* the immediate 0 (stride 0) */

typedef struct mw_ctx {
    uint32_t (*out)[4];      /* [r0..r3] of every global thread id */
    uint64_t nthreads;
    atomic_ullong checked, bad;
} mw_ctx;

/* Inputs of global thread id g: random, with all-ones and zero words often enough to carry. */
static uint32_t input(uint64_t g, unsigned k)
{
    uint64_t h = splitmix64(g * 4 + k);
    switch (h >> 60) {
    case 0: case 1: return 0xffffffffu;
    case 2: return 0;
    case 3: return 0xffffffffu - (uint32_t)(h & 7);
    default: return (uint32_t)h;
    }
}

/* [r5,r4] * [r7,r6] with GMP's mpn_mul_n, as four 32-bit words, low first. */
static void gmp_product(const uint32_t in[4], uint32_t prod[4])
{
    uint64_t a = (uint64_t)in[1] << 32 | in[0], b = (uint64_t)in[3] << 32 | in[2], p[2];
#if GMP_NUMB_BITS == 64
    mp_limb_t al[1] = {a}, bl[1] = {b}, rl[2];
    mpn_mul_n(rl, al, bl, 1);
    p[0] = rl[0], p[1] = rl[1];
#else
    mp_limb_t al[2] = {(mp_limb_t)a, (mp_limb_t)(a >> 32)}, bl[2] = {(mp_limb_t)b,
                                                                  (mp_limb_t)(b >> 32)}, rl[4];
    mpn_mul_n(rl, al, bl, 2);
    p[0] = (uint64_t)rl[1] << 32 | rl[0], p[1] = (uint64_t)rl[3] << 32 | rl[2];
#endif
    prod[0] = (uint32_t)p[0], prod[1] = (uint32_t)(p[0] >> 32);
    prod[2] = (uint32_t)p[1], prod[3] = (uint32_t)(p[1] >> 32);
}

/* d = op(a, b[, c]) over every warp of the block, guarded by the active masks. */
static int step(const ptxcpu_block *blk, int k, warp_regs *w, ptxcpu_lanemask *cc, int d, int a,
                int b, int c)
{
    ptxcpu_batch bt = {0};
    bt.n = blk->nwarps;
    bt.d = &w->r[d], bt.d_stride = sizeof *w;
    const int src[3] = {a, b, c};
    for (int i = 0; i < 3; i++) {
        bt.src[i].base = src[i] < 0 ? (const void *)&zero_reg : (const void *)&w->r[src[i]];
        bt.src[i].stride = src[i] < 0 ? 0 : (ptrdiff_t)sizeof *w;
    }
    bt.guard = blk->active, bt.guard_stride = sizeof *blk->active;
    bt.cc = cc, bt.cc_stride = sizeof *cc;
    ptxcpu_status st = ptxcpu_run(kern[k], &bt);
    if (st != PTXCPU_OK)
        fail("mulwide: %s: %s (%s)", k_names[k], ptxcpu_status_name(st), ptxcpu_last_error());
    return st != PTXCPU_OK;
}

#define Z (-1) /* the immediate 0 */
static int mw_block(const ptxcpu_block *blk, void *user)
{
    mw_ctx *c = user;
    warp_regs *w = blk->scratch;
    ptxcpu_lanemask *cc = (ptxcpu_lanemask *)(w + blk->nwarps);
    if (blk->scratch_bytes < blk->nwarps * (sizeof *w + sizeof *cc)) {
        fail("mulwide: scratch of %zu bytes is too small", blk->scratch_bytes);
        return 1;
    }
    /* Global thread id of every lane, from the special registers; inputs r4..r7 from it. */
    static _Thread_local uint64_t gid[32][32];
    for (uint32_t j = 0; j < blk->nwarps; j++) {
        const ptxcpu_sregs *s = &blk->sregs[j];
        for (int l = 0; l < 32; l++) {
            uint64_t t = s->tid_x.lane[l] + s->ntid_x.lane[l] * (s->tid_y.lane[l] +
                                                                  (uint64_t)s->ntid_y.lane[l] *
                                                                      s->tid_z.lane[l]);
            uint64_t b = s->ctaid_x.lane[l] + (uint64_t)s->nctaid_x.lane[l] *
                                                  (s->ctaid_y.lane[l] + (uint64_t)s->nctaid_y.lane[l] *
                                                                            s->ctaid_z.lane[l]);
            gid[j][l] = b * s->ntid_x.lane[l] * s->ntid_y.lane[l] * s->ntid_z.lane[l] + t;
            for (int k = 0; k < 4; k++)
                w[j].r[4 + k].lane[l] = input(gid[j][l], (unsigned)k);
        }
    }
    /* The example of 9.7.2.6, verbatim. */
    if (step(blk, K_MUL_LO, w, cc, 0, 4, 6, Z) || step(blk, K_MUL_HI, w, cc, 1, 4, 6, Z) ||
        step(blk, K_MAD_LO_CC, w, cc, 1, 5, 6, 1) || step(blk, K_MADC_HI, w, cc, 2, 5, 6, Z) ||
        step(blk, K_MAD_LO_CC, w, cc, 1, 4, 7, 1) || step(blk, K_MADC_HI_CC, w, cc, 2, 4, 7, 2) ||
        step(blk, K_ADDC, w, cc, 3, Z, Z, Z) || step(blk, K_MAD_LO_CC, w, cc, 2, 5, 7, 2) ||
        step(blk, K_MADC_HI, w, cc, 3, 5, 7, 3))
        return 1;
    unsigned long long n = 0, bad = 0;
    for (uint32_t j = 0; j < blk->nwarps; j++)
        for (int l = 0; l < 32; l++) {
            if (!(blk->active[j] >> l & 1))
                continue;
            uint64_t g = gid[j][l];
            uint32_t in[4], want[4], got[4];
            for (int k = 0; k < 4; k++)
                in[k] = w[j].r[4 + k].lane[l], got[k] = w[j].r[k].lane[l];
            gmp_product(in, want);
            n++;
            if (g >= c->nthreads || memcmp(got, want, sizeof got)) {
                if (bad++ < 4)
                    fail("mulwide: thread %llu: [%08x,%08x] * [%08x,%08x] = %08x%08x%08x%08x, "
                         "expected %08x%08x%08x%08x", (unsigned long long)g, in[1], in[0], in[3],
                         in[2], got[3], got[2], got[1], got[0], want[3], want[2], want[1],
                         want[0]);
                continue;
            }
            memcpy(c->out[g], got, sizeof got);
        }
    atomic_fetch_add(&c->checked, n);
    atomic_fetch_add(&c->bad, bad);
    return 0;
}

void test_mulwide(void)
{
    for (int k = 0; k < K_N; k++) {
        ptxcpu_insn in;
        if (ptxcpu_parse(k_names[k], NULL, &in) != PTXCPU_OK ||
            ptxcpu_resolve(&in, PTXCPU_ISA_BEST, &kern[k]) != PTXCPU_OK) {
            fail("mulwide: %s: %s", k_names[k], ptxcpu_last_error());
            return;
        }
    }
    /* 330-thread blocks (11 warps, the last one 10 lanes wide) in a 2-D grid: ~1M threads. */
    unsigned gx = 101 / test_scale();
    ptxcpu_dim3 grid = {gx ? gx : 1, 31, 1}, block = {33, 5, 2};
    uint64_t n = (uint64_t)grid.x * grid.y * 330;
    uint32_t (*ref)[4] = NULL;
    for (unsigned i = 0; i < g_ncfgs; i++) {
        mw_ctx c = {calloc(n, sizeof *c.out), n, 0, 0};
        ptxcpu_launch_opts o = {g_cfgs[i].threads, g_cfgs[i].bind, g_cfgs[i].scratch};
        ptxcpu_status st = ptxcpu_launch(grid, block, mw_block, &c, &o);
        unsigned long long checked = atomic_load(&c.checked), bad = atomic_load(&c.bad);
        check(st == PTXCPU_OK && checked == n && bad == 0,
              "mulwide: threads %u bind %s: %s (%s), %llu of %llu lanes checked, %llu wrong",
              o.threads, bind_str(o.bind), ptxcpu_status_name(st), ptxcpu_last_error(), checked,
              (unsigned long long)n, bad);
        if (!ref)
            ref = c.out;
        else {
            check(memcmp(ref, c.out, n * sizeof *c.out) == 0,
                  "mulwide: threads %u bind %s: results differ from threads %u bind %s",
                  o.threads, bind_str(o.bind), g_cfgs[0].threads, bind_str(g_cfgs[0].bind));
            free(c.out);
        }
    }
    free(ref);
    printf("mulwide: 9.7.2.6 over %llu threads x %u configurations checked against GMP\n",
           (unsigned long long)n, g_ncfgs);
}
