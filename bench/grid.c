/* Grid workloads for the demo and the benchmark, on the public API only. */
#include "grid.h"
#include "peak.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#define BLOCK_THREADS 256
#define BLOCK_WARPS (BLOCK_THREADS / PTXCPU_WARP)

/* PTXCPU_GRID_PROFILE=1 in the environment: where a chain block's time goes, per phase, from a
 * time-stamp counter read between phases, printed on stderr after the launches. Each reading
 * costs about 9 ns on Zen 5 (the "tail" phase, empty without progress output, shows it), which
 * every phase's figure includes; "launcher" is from the end of one block to the start of the
 * next on the same thread. */
enum { PH_FILL, PH_CHAIN, PH_DIGEST, PH_TAIL, PH_LAUNCHER, PH_COUNT };
static const char *const phase_names[PH_COUNT] = {"fill", "chain", "digest", "tail", "launcher"};
typedef struct phase_clock {
    _Alignas(64) uint64_t ticks[PH_COUNT];
    uint64_t last;   /* when this thread's previous block ended (0: none yet in this launch) */
    uint64_t blocks;
} phase_clock;

static inline uint64_t ticks_now(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __rdtsc();
#else
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
#endif
}

typedef struct chain_job {
    ptxcpu_kernel k;
    unsigned feedback;
    int is_float;
    uint64_t steps;
    uint64_t *block_sums; /* one digest per block, combined in block order afterwards */
    uint64_t nblocks;
    int progress;
    ptxcpu_w32 m, c;       /* the float chain's b and c, the same in every lane (stride 0) */
    const struct grid_loops *loops;
    const grid_launcher *launcher; /* NULL: this process runs every block */
    unsigned launches;     /* done so far */
    uint64_t digest;       /* of the block digests, in block order, of the last launch */
    phase_clock *prof;     /* one per thread under PTXCPU_GRID_PROFILE, else NULL */
    unsigned nprof;
    struct grid_profile *profile;
    /* written by thread 0 while the blocks run: away from what every thread reads */
    _Alignas(64) unsigned progress_shown; /* twentieths of the grid shown so far */
} chain_job;

/* A bijection of 32-bit values that spreads a thread id (or a result) over all four bytes: one
 * odd multiply and one xor-shift. The usual finalizer's second round doubled what filling and
 * digesting a block cost (on Intel cores AVX-512's vpmulld and vector shifts share port 0). */
static inline uint32_t mix32(uint32_t x)
{
    x *= 0x9e3779b1u;
    return x ^ (x >> 16);
}

/* Thread 0 shows how far the grid is by the blocks it runs: blocks are handed out in order, so
 * no counter shared between threads (one written every block cost 2-thread scaling). */
static void show_progress(chain_job *job, uint64_t block_lin)
{
    unsigned twentieths = (unsigned)(20 * (block_lin + 1) / job->nblocks);
    if (twentieths > job->progress_shown) {
        job->progress_shown = twentieths;
        fprintf(stderr, "\r  %3u%%", 5 * twentieths);
    }
}

/* The registers of the BLOCK_THREADS threads whose global ids start at gid0, as packed lanes
 * (thread t of the block is lane t % 32 of warp t / 32: the block is one-dimensional). One loop
 * over the block each, which compilers vectorize (the lanes are independent). */
#define LOOP static inline __attribute__((always_inline))
LOOP void fill_int(uint32_t *restrict a, uint32_t *restrict b, uint32_t *restrict c, uint32_t gid0)
{
    for (uint32_t t = 0; t < BLOCK_THREADS; t++) {
        uint32_t gid = gid0 + t;
        a[t] = mix32(gid);
        b[t] = mix32(gid ^ 0x9e3779b9u);
        c[t] = gid;
    }
}
/* y = y * m + c converges: stays finite for any length (m and c are uniform registers). */
LOOP void fill_float(float *restrict a, uint32_t gid0)
{
    for (uint32_t t = 0; t < BLOCK_THREADS; t++)
        a[t] = 1.0f + (float)((gid0 + t) & 0xffff) * 0x1p-20f;
}
/* The sum over the block's threads of mix32(d + lane), each mixed value < 2^32 added as 64 bits:
 * kept as two 32-bit sums of its 16-bit halves (each < 2^24), so the loop stays in 32-bit lanes. */
LOOP uint64_t digest_full(const uint32_t *d)
{
    uint32_t lo = 0, hi = 0;
    for (uint32_t t = 0; t < BLOCK_THREADS; t++) {
        uint32_t x = mix32(d[t] + t % PTXCPU_WARP);
        lo += x & 0xffff;
        hi += x >> 16;
    }
    return lo + ((uint64_t)hi << 16);
}
#undef LOOP

/* The loops above compiled for the widest vectors this CPU has (x86-64 with GCC or clang; plain
 * C, vectorized by the compiler, as bench/plain_c.h is), picked once per grid: at the baseline's
 * SSE2 the 32-bit multiplies of mix32 are emulated, and filling and digesting a block of the
 * dp4a chain cost a fifth of its chain. */
typedef struct grid_loops {
    void (*fill_int)(uint32_t *restrict, uint32_t *restrict, uint32_t *restrict, uint32_t);
    void (*fill_float)(float *restrict, uint32_t);
    uint64_t (*digest)(const uint32_t *);
} grid_loops;
#define GRID_LOOPS(SUF, ATTR)                                                                      \
    ATTR static void fill_int_##SUF(uint32_t *restrict a, uint32_t *restrict b,                    \
                                    uint32_t *restrict c, uint32_t gid0)                           \
    {                                                                                              \
        fill_int(a, b, c, gid0);                                                                   \
    }                                                                                              \
    ATTR static void fill_float_##SUF(float *restrict a, uint32_t gid0) { fill_float(a, gid0); }   \
    ATTR static uint64_t digest_##SUF(const uint32_t *d) { return digest_full(d); }                \
    static const grid_loops loops_##SUF = {fill_int_##SUF, fill_float_##SUF, digest_##SUF};
GRID_LOOPS(base, )
#if defined(__x86_64__) && defined(__GNUC__)
#define GRID_X86 1
GRID_LOOPS(avx2, __attribute__((target("avx2"))))
GRID_LOOPS(avx512, __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq"))))
#endif
#undef GRID_LOOPS

static const grid_loops *grid_loops_pick(void)
{
#ifdef GRID_X86
    if (ptxcpu_isa_usable(PTXCPU_ISA_AVX512))
        return &loops_avx512;
    if (ptxcpu_isa_usable(PTXCPU_ISA_AVX2))
        return &loops_avx2;
#endif
    return &loops_base;
}

/* One block: build each thread's registers from its global id, run the chain, digest. */
static int chain_block(const ptxcpu_block *blk, void *user)
{
    chain_job *job = user;
    phase_clock *pc = job->prof ? &job->prof[blk->thread] : NULL;
    uint64_t tick = pc ? ticks_now() : 0;
    if (pc && pc->last)
        pc->ticks[PH_LAUNCHER] += tick - pc->last;
#define PHASE_END(ph)                                                                              \
    if (pc) {                                                                                      \
        uint64_t t_ = ticks_now();                                                                 \
        pc->ticks[ph] += t_ - tick;                                                                \
        tick = t_;                                                                                 \
    }
    ptxcpu_w32 *r = blk->scratch; /* a, b, c, d: BLOCK_WARPS registers each */
    ptxcpu_w32 *a = r, *b = r + BLOCK_WARPS, *c = r + 2 * BLOCK_WARPS, *d = r + 3 * BLOCK_WARPS;
    uint64_t block_lin = blk->ctaid.x + (uint64_t)blk->nctaid.x * blk->ctaid.y;
    uint32_t gid0 = (uint32_t)(block_lin * BLOCK_THREADS);
    ptrdiff_t bc_stride = sizeof(ptxcpu_w32);
    if (job->is_float) {
        job->loops->fill_float((float *)a, gid0);
        b = &job->m, c = &job->c, bc_stride = 0;
    } else {
        job->loops->fill_int(a->lane, b->lane, c->lane, gid0);
    }
    /* a full block (only a partial last warp has lanes off) runs without guard masks, whose
     * test the chain would otherwise make for every chunk it stores */
    int full = blk->active[blk->nwarps - 1] == ~(ptxcpu_lanemask)0;
    ptxcpu_batch bt = {
        .n = blk->nwarps, .d = d, .d_stride = sizeof(ptxcpu_w32),
        .src = {{a, sizeof(ptxcpu_w32)}, {b, bc_stride}, {c, bc_stride}},
        .guard = full ? NULL : blk->active, .guard_stride = sizeof(ptxcpu_lanemask),
    };
    PHASE_END(PH_FILL)
    if (ptxcpu_run_chain(job->k, &bt, job->feedback, job->steps))
        return 1;
    PHASE_END(PH_CHAIN)
    /* every lane of a 1-D block of BLOCK_THREADS is active; thread t adds w << 40 (w = t / 32)
     * to its mixed value (< 2^32, so the xor of old was that sum) */
    uint64_t sum = job->loops->digest(d->lane);
    for (uint32_t w = 0; w < blk->nwarps; w++)
        sum += (uint64_t)PTXCPU_WARP * w << 40;
    job->block_sums[block_lin] = sum;
    PHASE_END(PH_DIGEST)
    if (job->progress && blk->thread == 0)
        show_progress(job, block_lin);
    PHASE_END(PH_TAIL)
#undef PHASE_END
    if (pc)
        pc->last = tick, pc->blocks++;
    return 0;
}

/* Median seconds of `reps` timed launches (at most 31), after an untimed one that starts and pins
 * the team when reps > 1 (a team of a new size is created at its first launch). after_launch, if
 * set, runs after every launch and stops the series by returning nonzero; *failed is set then or
 * when a launch fails. */
#define MAX_REPS 31
static ptxcpu_status launch_on(const grid_launcher *l, ptxcpu_dim3 grid, ptxcpu_dim3 block,
                               ptxcpu_block_fn fn, void *user, const ptxcpu_launch_opts *opts)
{
    return l ? l->launch(l, grid, block, fn, user, opts)
             : ptxcpu_launch(grid, block, fn, user, opts);
}

static double timed_launches(const grid_launcher *l, ptxcpu_dim3 grid, ptxcpu_dim3 block,
                             ptxcpu_block_fn fn, void *user, const ptxcpu_launch_opts *opts,
                             unsigned reps, int (*after_launch)(void *user), int *failed)
{
    double t[MAX_REPS];
    reps = reps < 1 ? 1 : reps > MAX_REPS ? MAX_REPS : reps;
    *failed = 0;
    for (unsigned r = reps > 1 ? 0 : 1; r <= reps; r++) {
        if (l)
            l->sync(l);
        double t0 = bench_now();
        if (launch_on(l, grid, block, fn, user, opts) != PTXCPU_OK ||
            (after_launch && after_launch(user))) {
            *failed = 1;
            return 0;
        }
        if (r)
            t[r - 1] = bench_now() - t0;
    }
    return bench_median(t, (int)reps);
}

/* The phases of a grid's launches summed over its threads: the launch with the least time per
 * block (the one least disturbed by other processes), and all launches (the untimed one too). */
typedef struct grid_profile {
    uint64_t best[PH_COUNT], best_blocks, all[PH_COUNT], all_blocks;
} grid_profile;

static void profile_launch_done(chain_job *job)
{
    uint64_t sum[PH_COUNT] = {0}, blocks = 0, total = 0, best_total = 0;
    for (unsigned t = 0; t < job->nprof; t++) {
        for (int p = 0; p < PH_COUNT; p++)
            sum[p] += job->prof[t].ticks[p];
        blocks += job->prof[t].blocks;
        /* `last` too: the time between launches is no block's */
        memset(&job->prof[t], 0, sizeof job->prof[t]);
    }
    grid_profile *g = job->profile;
    for (int p = 0; p < PH_COUNT; p++)
        total += sum[p], best_total += g->best[p], g->all[p] += sum[p];
    g->all_blocks += blocks;
    if (blocks &&
        (!g->best_blocks || (double)total / blocks < (double)best_total / g->best_blocks)) {
        memcpy(g->best, sum, sizeof sum);
        g->best_blocks = blocks;
    }
}

static void print_phases(const char *what, const uint64_t *sum, uint64_t blocks, double ns_per_tick)
{
    uint64_t all = 0;
    for (int p = 0; p < PH_COUNT; p++)
        all += sum[p];
    if (!blocks || !all)
        return;
    fprintf(stderr, "  %s, ns per block:", what);
    for (int p = 0; p < PH_COUNT; p++)
        fprintf(stderr, " %s %.0f (%.1f%%)%s", phase_names[p], sum[p] * ns_per_tick / blocks,
                100.0 * sum[p] / all, p + 1 < PH_COUNT ? "," : "\n");
}

static void print_profile(const chain_job *job, const char *mnemonic, double ns_per_tick)
{
    const grid_profile *g = job->profile;
    fprintf(stderr, "profile %s, %llu blocks of %llu steps on %u thread(s) (PTXCPU_GRID_PROFILE)\n",
            mnemonic, (unsigned long long)job->nblocks, (unsigned long long)job->steps, job->nprof);
    print_phases("best launch", g->best, g->best_blocks, ns_per_tick);
    print_phases("all launches", g->all, g->all_blocks, ns_per_tick);
}

/* After each launch: combine the block digests; every launch of a grid must give the same. */
static int chain_digest(void *user)
{
    chain_job *job = user;
    uint64_t dg = 0;
    for (uint64_t i = 0; i < job->nblocks; i++)
        dg = dg * 0x100000001b3ull + job->block_sums[i];
    if (job->launcher) /* the other ranks' blocks are 0 here: the fold is linear in them */
        dg = job->launcher->sum(job->launcher, dg);
    int changed = job->launches++ && dg != job->digest; /* nor on which thread ran what */
    job->digest = dg;
    job->progress_shown = 0;
    if (job->prof)
        profile_launch_done(job);
    return changed;
}

int grid_chain(const char *mnemonic, ptxcpu_isa isa, uint64_t threads_total, uint64_t steps,
               unsigned threads, int progress, unsigned reps, grid_result *out)
{
    return grid_chain_on(NULL, mnemonic, isa, threads_total, steps, threads, progress, reps, out);
}

int grid_chain_on(const grid_launcher *l, const char *mnemonic, ptxcpu_isa isa,
                  uint64_t threads_total, uint64_t steps, unsigned threads, int progress,
                  unsigned reps, grid_result *out)
{
    ptxcpu_insn insn;
    ptxcpu_insn_desc desc;
    chain_job job = {.steps = steps, .progress = progress && isatty(2), .launcher = l};
    if (ptxcpu_parse(mnemonic, NULL, &insn) || ptxcpu_resolve(&insn, isa, &job.k))
        return 1;
    ptxcpu_describe(&insn, &desc);
    job.is_float = desc.elem != PTXCPU_ELEM_INT;
    job.loops = grid_loops_pick();
    for (unsigned i = 0; i < PTXCPU_WARP; i++) {
        float m = 0.999f, c = 0.5f;
        memcpy(&job.m.lane[i], &m, 4);
        memcpy(&job.c.lane[i], &c, 4);
    }
    job.feedback = 0; /* into a: with fixed a and b, a chain into c would let c + f(a, b) be hoisted */
    job.nblocks = (threads_total + BLOCK_THREADS - 1) / BLOCK_THREADS;
    job.block_sums = calloc(job.nblocks, sizeof *job.block_sums);
    if (!job.block_sums)
        return 1;
    ptxcpu_launch_opts opts = {.threads = threads, .scratch_bytes = 4 * BLOCK_WARPS *
                                                                    sizeof(ptxcpu_w32)};
    ptxcpu_dim3 grid = {(uint32_t)job.nblocks, 1, 1}, block = {BLOCK_THREADS, 1, 1};
    const char *env = getenv("PTXCPU_GRID_PROFILE");
    ptxcpu_topology topo;
    if (env && *env && strcmp(env, "0") && !ptxcpu_topology_get(&topo)) {
        job.nprof = threads ? threads : topo.default_threads;
        job.prof = aligned_alloc(64, job.nprof * sizeof *job.prof);
        job.profile = calloc(1, sizeof *job.profile);
        if (job.prof && job.profile) {
            memset(job.prof, 0, job.nprof * sizeof *job.prof);
        } else {
            free(job.prof), free(job.profile);
            job.prof = NULL, job.profile = NULL;
        }
    }
    int failed;
    uint64_t tick0 = ticks_now();
    double t0 = bench_now();
    out->seconds = timed_launches(l, grid, block, chain_block, &job, &opts, reps, chain_digest,
                                  &failed);
    if (job.progress)
        fprintf(stderr, "\r      \r");
    if (job.prof) {
        double ns_per_tick = (bench_now() - t0) * 1e9 / (double)(ticks_now() - tick0);
        print_profile(&job, mnemonic, ns_per_tick);
        free(job.prof), free(job.profile);
    }
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
    out->seconds = timed_launches(NULL, grid, block, memory_block, &job, &opts, reps, NULL,
                                  &failed);
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
    return grid_launch_overhead_us_on(NULL, threads, reps);
}

double grid_launch_overhead_us_on(const grid_launcher *l, unsigned threads, int reps)
{
    ptxcpu_launch_opts opts = {.threads = threads};
    ptxcpu_dim3 one = {1, 1, 1}, warp = {32, 1, 1};
    double *t = malloc(sizeof(double) * (size_t)reps);
    if (!t)
        return -1;
    launch_on(l, one, warp, empty_block, NULL, &opts); /* threads started, pinned, scratch made */
    if (l)
        l->sync(l);
    for (int i = 0; i < reps; i++) {
        double t0 = bench_now();
        launch_on(l, one, warp, empty_block, NULL, &opts);
        t[i] = (bench_now() - t0) * 1e6;
    }
    double m = bench_median(t, reps);
    free(t);
    return m;
}
