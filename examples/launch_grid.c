/* The README's "grid launcher" as a program: every thread of a 4096 x 250 grid computes its global
 * index g = ctaid.x * ntid.x + tid.x with mad.lo.u32 and g * g with mul.wide.u32; the sum of g^2
 * over all threads must equal (n - 1) n (2n - 1) / 6. */
#include <ptxcpu.h> /* cc launch_grid.c $(pkg-config --cflags --libs ptxcpu) */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#define GRID 4096
#define BLOCK 250 /* not a multiple of 32: the last warp of each block is partial */

typedef struct job {
    ptxcpu_kernel mad_lo, mul_wide;
    uint64_t partial[GRID]; /* one slot per block: blocks run concurrently, each writes its own */
} job;

static int block_fn(const ptxcpu_block *blk, void *user)
{
    job *j = user;
    /* The special registers are register files (one ptxcpu_sregs per warp), so ptxcpu_run reads
     * them in place with stride sizeof(ptxcpu_sregs). Results go to this thread's scratch. */
    ptxcpu_w32 *g = blk->scratch;
    ptxcpu_w64 *sq = (ptxcpu_w64 *)(g + blk->nwarps);
    const ptrdiff_t sr = sizeof(ptxcpu_sregs);
    ptxcpu_batch mad = {
        .n = blk->nwarps,
        .d = g, .d_stride = sizeof *g,
        .src = {{&blk->sregs[0].ctaid_x, sr}, {&blk->sregs[0].ntid_x, sr},
                {&blk->sregs[0].tid_x, sr}},
        .guard = blk->active, .guard_stride = sizeof *blk->active, /* the partial last warp */
    };
    ptxcpu_batch mul = {
        .n = blk->nwarps,
        .d = sq, .d_stride = sizeof *sq,
        .src = {{g, sizeof *g}, {g, sizeof *g}},
        .guard = blk->active, .guard_stride = sizeof *blk->active,
    };
    if (ptxcpu_run(j->mad_lo, &mad) != PTXCPU_OK || ptxcpu_run(j->mul_wide, &mul) != PTXCPU_OK)
        return 1; /* stops the launch: ptxcpu_launch fails, naming this block */
    /* Inactive lanes were not written (scratch holds leftovers there): sum active lanes only. */
    uint64_t s = 0;
    for (uint32_t w = 0; w < blk->nwarps; w++)
        for (int i = 0; i < PTXCPU_WARP; i++)
            if (blk->active[w] >> i & 1)
                s += sq[w].lane[i];
    j->partial[blk->ctaid.x] = s;
    return 0;
}

int main(void)
{
    static job j; /* 32 KiB of partial sums: off the stack */
    ptxcpu_insn mad_lo, mul_wide;
    if (ptxcpu_parse("mad.lo.u32", NULL, &mad_lo) != PTXCPU_OK ||
        ptxcpu_parse("mul.wide.u32", NULL, &mul_wide) != PTXCPU_OK ||
        ptxcpu_resolve(&mad_lo, PTXCPU_ISA_BEST, &j.mad_lo) != PTXCPU_OK ||
        ptxcpu_resolve(&mul_wide, PTXCPU_ISA_BEST, &j.mul_wide) != PTXCPU_OK) {
        fprintf(stderr, "%s\n", ptxcpu_last_error());
        return 1;
    }
    ptxcpu_dim3 grid = {GRID, 1, 1}, block = {BLOCK, 1, 1};
    /* NULL options: one thread per allowed physical core, pinned; the default scratch (at least
     * 64 KiB) holds this block's 8 warps of g and g^2 (3 KiB). */
    if (ptxcpu_launch(grid, block, block_fn, &j, NULL) != PTXCPU_OK) {
        fprintf(stderr, "launch failed: %s\n", ptxcpu_last_error());
        return 1;
    }
    uint64_t sum = 0;
    for (int b = 0; b < GRID; b++)
        sum += j.partial[b];
    /* n (n - 1) / 2 is exact, and times (2n - 1) a multiple of 3 (n (n - 1) (2n - 1) always is
     * one of 6), so both divisions are exact; the product stays below 2^64 for this n. */
    const uint64_t n = (uint64_t)GRID * BLOCK;
    const uint64_t want = n * (n - 1) / 2 * (2 * n - 1) / 3;
    ptxcpu_topology topo;
    if (ptxcpu_topology_get(&topo) == PTXCPU_OK)
        printf("%u blocks of %u threads on %u OpenMP thread(s), ISA %s\n", GRID, BLOCK,
               topo.default_threads, ptxcpu_isa_name(ptxcpu_isa_active()));
    printf("sum of g^2 over n = %" PRIu64 " threads: %" PRIu64 "\n", n, sum);
    printf("(n - 1) n (2n - 1) / 6:               %" PRIu64 " %s\n", want,
           sum == want ? "(equal)" : "MISMATCH");
    return sum != want;
}
