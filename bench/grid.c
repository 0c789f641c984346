/* Grid workloads for the demo and the benchmark, on the public API only. */
#include "grid.h"
#include "peak.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK_THREADS 256
#define BLOCK_WARPS (BLOCK_THREADS / PTXCPU_WARP)

typedef struct chain_job {
    ptxcpu_kernel k;
    unsigned feedback;
    int is_float;
    uint64_t steps;
    uint64_t *block_sums; /* one digest per block, combined in block order afterwards */
    atomic_uint_fast64_t done;
    uint64_t nblocks;
    int progress;
    unsigned launches;     /* done so far */
    uint64_t digest;       /* of the block digests, in block order, of the last launch */
} chain_job;

static inline uint32_t mix32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352d;
    x ^= x >> 15;
    x *= 0x846ca68b;
    x ^= x >> 16;
    return x;
}

static void show_progress(uint64_t done, uint64_t total)
{
    if (total >= 20 && done % (total / 20) == 0)
        fprintf(stderr, "\r  %3u%%", (unsigned)(100 * done / total));
}

/* One block: build each thread's registers from its global id, run the chain, digest. */
static int chain_block(const ptxcpu_block *blk, void *user)
{
    chain_job *job = user;
    ptxcpu_w32 *r = blk->scratch; /* a, b, c, d: BLOCK_WARPS registers each */
    ptxcpu_w32 *a = r, *b = r + BLOCK_WARPS, *c = r + 2 * BLOCK_WARPS, *d = r + 3 * BLOCK_WARPS;
    uint64_t block_lin = blk->ctaid.x + (uint64_t)blk->nctaid.x * blk->ctaid.y;
    for (uint32_t w = 0; w < blk->nwarps; w++)
        for (unsigned i = 0; i < PTXCPU_WARP; i++) {
            uint32_t gid = (uint32_t)(block_lin * BLOCK_THREADS) + blk->sregs[w].tid_x.lane[i];
            if (job->is_float) { /* y = y * m + c converges: stays finite for any length */
                float y = 1.0f + (float)(gid & 0xffff) * 0x1p-20f, m = 0.999f, cc = 0.5f;
                memcpy(&a[w].lane[i], &y, 4);
                memcpy(&b[w].lane[i], &m, 4);
                memcpy(&c[w].lane[i], &cc, 4);
            } else {
                a[w].lane[i] = mix32(gid);
                b[w].lane[i] = mix32(gid ^ 0x9e3779b9u);
                c[w].lane[i] = gid;
            }
        }
    ptxcpu_batch bt = {
        .n = blk->nwarps, .d = d, .d_stride = sizeof(ptxcpu_w32),
        .src = {{a, sizeof(ptxcpu_w32)}, {b, sizeof(ptxcpu_w32)}, {c, sizeof(ptxcpu_w32)}},
        .guard = blk->active, .guard_stride = sizeof(ptxcpu_lanemask),
    };
    if (ptxcpu_run_chain(job->k, &bt, job->feedback, job->steps))
        return 1;
    uint64_t sum = 0;
    for (uint32_t w = 0; w < blk->nwarps; w++)
        for (unsigned i = 0; i < PTXCPU_WARP; i++)
            if ((blk->active[w] >> i) & 1)
                sum += mix32(d[w].lane[i] + i) ^ ((uint64_t)w << 40);
    job->block_sums[block_lin] = sum;
    uint64_t done = atomic_fetch_add(&job->done, 1) + 1;
    if (job->progress && blk->thread == 0)
        show_progress(done, job->nblocks);
    return 0;
}

/* Median seconds of `reps` timed launches (at most 31), after an untimed one that starts and pins
 * the team when reps > 1 (a team of a new size is created at its first launch). after_launch, if
 * set, runs after every launch and stops the series by returning nonzero; *failed is set then or
 * when a launch fails. */
#define MAX_REPS 31
static double timed_launches(ptxcpu_dim3 grid, ptxcpu_dim3 block, ptxcpu_block_fn fn, void *user,
                             const ptxcpu_launch_opts *opts, unsigned reps,
                             int (*after_launch)(void *user), int *failed)
{
    double t[MAX_REPS];
    reps = reps < 1 ? 1 : reps > MAX_REPS ? MAX_REPS : reps;
    *failed = 0;
    for (unsigned r = reps > 1 ? 0 : 1; r <= reps; r++) {
        double t0 = bench_now();
        if (ptxcpu_launch(grid, block, fn, user, opts) != PTXCPU_OK ||
            (after_launch && after_launch(user))) {
            *failed = 1;
            return 0;
        }
        if (r)
            t[r - 1] = bench_now() - t0;
    }
    return bench_median(t, (int)reps);
}

/* After each launch: combine the block digests; every launch of a grid must give the same. */
static int chain_digest(void *user)
{
    chain_job *job = user;
    uint64_t dg = 0;
    for (uint64_t i = 0; i < job->nblocks; i++)
        dg = dg * 0x100000001b3ull + job->block_sums[i];
    int changed = job->launches++ && dg != job->digest; /* nor on which thread ran what */
    job->digest = dg;
    atomic_store(&job->done, 0);
    return changed;
}

int grid_chain(const char *mnemonic, ptxcpu_isa isa, uint64_t threads_total, uint64_t steps,
               unsigned threads, int progress, unsigned reps, grid_result *out)
{
    ptxcpu_insn insn;
    ptxcpu_insn_desc desc;
    chain_job job = {.steps = steps, .progress = progress && isatty(2)};
    if (ptxcpu_parse(mnemonic, NULL, &insn) || ptxcpu_resolve(&insn, isa, &job.k))
        return 1;
    ptxcpu_describe(&insn, &desc);
    job.is_float = desc.elem != PTXCPU_ELEM_INT;
    job.feedback = 0; /* into a: with fixed a and b, a chain into c would let c + f(a, b) be hoisted */
    job.nblocks = (threads_total + BLOCK_THREADS - 1) / BLOCK_THREADS;
    job.block_sums = calloc(job.nblocks, sizeof *job.block_sums);
    if (!job.block_sums)
        return 1;
    ptxcpu_launch_opts opts = {.threads = threads, .scratch_bytes = 4 * BLOCK_WARPS *
                                                                    sizeof(ptxcpu_w32)};
    ptxcpu_dim3 grid = {(uint32_t)job.nblocks, 1, 1}, block = {BLOCK_THREADS, 1, 1};
    int failed;
    out->seconds = timed_launches(grid, block, chain_block, &job, &opts, reps, chain_digest, &failed);
    if (job.progress)
        fprintf(stderr, "\r      \r");
    if (failed && job.launches > 1)
        fprintf(stderr, "%s: the checksum changed between two launches of the same grid\n",
                mnemonic);
    free(job.block_sums);
    out->checksum = job.digest;
    out->warp_insns = (double)job.nblocks * BLOCK_WARPS * (double)steps;
    return failed;
}

typedef struct mem_job {
    ptxcpu_kernel k;
    uint32_t *a, *b, *d;
    size_t warps_per_block;
    size_t total_warps;
} mem_job;

static int memory_block(const ptxcpu_block *blk, void *user)
{
    mem_job *job = user;
    size_t first = (size_t)blk->ctaid.x * job->warps_per_block;
    size_t n = job->total_warps - first < job->warps_per_block ? job->total_warps - first
                                                               : job->warps_per_block;
    size_t off = first * PTXCPU_WARP;
    ptxcpu_batch bt = {
        .n = n, .d = job->d + off, .d_stride = sizeof(ptxcpu_w32),
        .src = {{job->a + off, sizeof(ptxcpu_w32)}, {job->b + off, sizeof(ptxcpu_w32)}},
    };
    return ptxcpu_run(job->k, &bt) != PTXCPU_OK;
}

int grid_memory(ptxcpu_isa isa, size_t bytes_per_operand, unsigned threads, unsigned reps,
                grid_result *out)
{
    ptxcpu_insn insn;
    mem_job job = {.warps_per_block = 256};
    if (ptxcpu_parse("add.u32", NULL, &insn) || ptxcpu_resolve(&insn, isa, &job.k))
        return 1;
    job.total_warps = bytes_per_operand / sizeof(ptxcpu_w32);
    size_t bytes = job.total_warps * sizeof(ptxcpu_w32);
    job.a = aligned_alloc(64, bytes);
    job.b = aligned_alloc(64, bytes);
    job.d = aligned_alloc(64, bytes);
    if (!job.a || !job.b || !job.d) {
        free(job.a), free(job.b), free(job.d);
        return 1;
    }
    for (size_t i = 0; i < bytes / 4; i++) {
        job.a[i] = (uint32_t)i;
        job.b[i] = mix32((uint32_t)i);
        job.d[i] = 0;
    }
    ptxcpu_launch_opts opts = {.threads = threads};
    uint32_t nblocks = (uint32_t)((job.total_warps + job.warps_per_block - 1) / job.warps_per_block);
    ptxcpu_dim3 grid = {nblocks, 1, 1}, block = {32, 1, 1};
    int failed;
    out->seconds = timed_launches(grid, block, memory_block, &job, &opts, reps, NULL, &failed);
    out->warp_insns = (double)job.total_warps;
    uint64_t digest = 0;
    for (size_t i = 0; i < bytes / 4; i += 4099)
        digest = digest * 31 + job.d[i];
    out->checksum = digest;
    free(job.a), free(job.b), free(job.d);
    return failed;
}

static int empty_block(const ptxcpu_block *blk, void *user)
{
    (void)blk, (void)user;
    return 0;
}

double grid_launch_overhead_us(unsigned threads, int reps)
{
    ptxcpu_launch_opts opts = {.threads = threads};
    ptxcpu_dim3 one = {1, 1, 1}, warp = {32, 1, 1};
    double *t = malloc(sizeof(double) * (size_t)reps);
    if (!t)
        return -1;
    ptxcpu_launch(one, warp, empty_block, NULL, &opts); /* threads started, pinned, scratch made */
    for (int i = 0; i < reps; i++) {
        double t0 = bench_now();
        ptxcpu_launch(one, warp, empty_block, NULL, &opts);
        t[i] = (bench_now() - t0) * 1e6;
    }
    double m = bench_median(t, reps);
    free(t);
    return m;
}
