/* `ptxcpu bench`: throughput of every spelling on every usable ISA (batched, L1- and
 * memory-resident), register-resident chains, and launcher grids, each divided by this CPU's peak
 * measured in the same run, and by the plain C a user would write for the same work (plain_c.h).
 * Wall-clock medians; a readable table and optional JSON. */
#include "bench.h"
#include "build_commit.h"
#include "cli_mpi.h"
#include "grid.h"
#include "peak.h"
#include "plain_c.h"
#include "plain_dot.h"
#include "ptxcpu_launch.h"
#include "row_name.h"
#ifdef PTXCPU_HAVE_MPI
#include "grid_mpi.h"
#endif

#include <errno.h>
#include <fnmatch.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct result {
    char mnemonic[64]; /* (the longest spelling, cvt.rn.relu.satfinite.scaled::n2::ue8m0.bf16x2.e4m3x2, is 52) */
    ptxcpu_isa isa;
    const char *mode;
    unsigned threads;
    double warp_insn_per_s;
    double fraction_of_peak;   /* < 0: no ceiling applies */
    double speedup_vs_scalar;  /* < 0: not measured */
    double speedup_vs_plain_c; /* < 0: not measured */
    char extra[128];           /* more JSON fields ("key": value, ...), or "" */
} result;

typedef struct bench {
    int quick, reps;
    double plain_target_s; /* seconds per timed run of a plain-C loop */
    const char *filter;
    double started; /* bench_now() at the start, for the progress line */
    int quiet;      /* an MPI rank other than 0: runs its share, prints and keeps nothing */
    int progress;   /* draw the progress line (bench_progress) */
    peaks pk;
    result *res;
    size_t nres, cap;
} bench;

static void bench_progress(const bench *b, const result *r);

static void add_result(bench *b, const result *r)
{
    if (b->quiet)
        return;
    if (b->nres == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 256;
        result *n = realloc(b->res, b->cap * sizeof *n);
        if (!n) {
            fprintf(stderr, "ptxcpu bench: out of memory\n");
            exit(1);
        }
        b->res = n;
    }
    b->res[b->nres++] = *r;
    bench_progress(b, r);
    const result *x = r;
    printf("%-24s %-7s %-10s %3u %14.4g", x->mnemonic, ptxcpu_isa_name(x->isa), x->mode,
           x->threads, x->warp_insn_per_s);
    if (x->fraction_of_peak >= 0)
        printf(" %8.2f%%", 100 * x->fraction_of_peak);
    else
        printf(" %9s", "-");
    if (x->speedup_vs_scalar >= 0)
        printf(" %8.2fx", x->speedup_vs_scalar);
    else
        printf(" %9s", "-");
    if (x->speedup_vs_plain_c >= 0)
        printf(" %10.2fx", x->speedup_vs_plain_c);
    else
        printf(" %11s", "-");
    printf("\n");
    fflush(stdout);
}

/* The run takes a minute or more: while stderr is a terminal, one line there, rewritten in place
 * after each result, says how far it is (r NULL: clears the line at the end). Not drawn when
 * stdout is a terminal too: the table's rows show the progress there, and would land on the line. */
static void bench_progress(const bench *b, const result *r)
{
    if (!b->progress)
        return;
    if (r)
        fprintf(stderr, "\r\033[K[%4zu done, %3.0f s] %s %s %s, %u thr", b->nres,
                bench_now() - b->started, r->mode, r->mnemonic, ptxcpu_isa_name(r->isa),
                r->threads);
    else
        fprintf(stderr, "\r\033[K");
    fflush(stderr);
}

/* Work per second of run(ctx, iters), which does `work` units per iteration: iters calibrated to
 * about `target_s` seconds a run, median of reps runs. */
static double rate_of(void (*run)(void *, uint64_t), void *ctx, double work, double target_s,
                      int reps)
{
    uint64_t iters = 1;
    for (;;) {
        double t0 = bench_now();
        run(ctx, iters);
        double dt = bench_now() - t0;
        if (dt > target_s || iters > (1ull << 30))
            break;
        iters *= dt > target_s / 10 ? (uint64_t)(target_s / dt) + 1 : 10;
    }
    double r[32];
    for (int j = 0; j < reps; j++) {
        double t0 = bench_now();
        run(ctx, iters);
        r[j] = (double)iters * work / (bench_now() - t0);
    }
    return bench_median(r, reps);
}

/* The operands of a batch: `warps` warps of packed registers (room for 64-bit lanes), filled with
 * mixed bits; one CC word per warp for the kernels, one CC flag per lane for the plain C. */
typedef struct workload {
    size_t warps;
    unsigned char *mem[5]; /* sources 0..3, then d */
    ptxcpu_lanemask *cc;
    uint8_t *cf;
} workload;

static void workload_mix(workload *w, int i) /* source i (or d, 4): mixed bits */
{
    for (size_t j = 0; j < w->warps * 512; j++)
        w->mem[i][j] = (unsigned char)(j * 2654435761u >> (8 + i));
}

/* fns.b32 with mixed bits everywhere has no valid base (> 31 finds nothing), so every lane would
 * take the plain C's early exit. Its own operands, as fns is used: mask (a) keeps mixed bits,
 * base (b) mixed in 0..31, offset (c) mixed in -32..32. */
static void workload_fns(workload *w)
{
    uint32_t *base = (uint32_t *)(void *)w->mem[1], *offset = (uint32_t *)(void *)w->mem[2];
    for (size_t j = 0; j < w->warps * 64; j++) {
        uint32_t h = (uint32_t)j * 2654435761u;
        base[j] = h >> 27;
        offset[j] = (uint32_t)((int32_t)((h >> 8) % 65) - 32);
    }
}

/* sin/cos.approx.f32: a mixed in [-100pi, 100pi], the widest range the spec bounds their error
 * in. With mixed bits 44% of the lanes are beyond 39000, where SLEEF's vector functions reduce
 * the whole vector the slow way (Payne-Hanek) for one such lane while the C library reduces per
 * value: a workload no GPU code has (the spec gives such results no accuracy), measured apart in
 * docs/PERFORMANCE.md. */
static void workload_trig(workload *w)
{
    float *x = (float *)(void *)w->mem[0];
    for (size_t j = 0; j < w->warps * 64; j++)
        x[j] = (float)(((double)((uint32_t)j * 2654435761u) / 2147483648.0 - 1.0) * 314.159265);
}

/* The warp-level rows (shfl.sync, vote.sync, match.sync, activemask, redux.sync, elect.sync), as
 * CUDA code runs them: every lane executes (the batch has no guard) and membermask, the last
 * source, is 0xffffffff in every lane, the full warp of __shfl_sync(0xffffffff, ...) and of the
 * other intrinsics' common use. (Mixed bits would give each lane its own membermask, which CUDA
 * code does not make, and put the kernels on their slow path, the one for lanes whose sets
 * differ; suite `plain` checks those.) shfl.sync: b the same in a warp, as CUDA's offsets and
 * source lanes are: .up/.down/.bfly 1, 2, 4, 8, 16 (a reduction's or a scan's steps), .idx a
 * lane (a broadcast); c what __shfl_*_sync(..., 32) writes: 0 for .up, 0x1f for the others.
 * match.sync: 4 keys a warp, as when lanes group by key (mixed bits: every lane its own).
 * redux.sync .f32: finite floats of either sign (mixed bits hold NaNs). vote's predicate and the
 * integer sources keep their mixed bits. Returns the sources it changed (a bit each). */
static unsigned workload_xlane(workload *w, const ptxcpu_insn_desc *d)
{
    const char *mn = d->mnemonic;
    int shfl = !strncmp(mn, "shfl.sync.", 10), match = !strncmp(mn, "match.", 6);
    int redux_f32 = !strncmp(mn, "redux.sync.", 11) && d->elem == PTXCPU_ELEM_F32;
    if (!shfl && !match && !redux_f32 && strncmp(mn, "vote.sync.", 10) &&
        strncmp(mn, "redux.sync.", 11) && strncmp(mn, "elect.sync", 10))
        return 0; /* not warp-level, or activemask (no source) */
    unsigned changed = 1u << (d->nsrc - 1);
    uint32_t *member = (uint32_t *)(void *)w->mem[d->nsrc - 1];
    for (size_t j = 0; j < w->warps * 32; j++)
        member[j] = 0xffffffffu;
    if (shfl) {
        uint32_t *b = (uint32_t *)(void *)w->mem[1], *c = (uint32_t *)(void *)w->mem[2];
        int up = !strncmp(mn + 10, "up", 2), idx = !strncmp(mn + 10, "idx", 3);
        for (size_t j = 0; j < w->warps * 32; j++) {
            size_t warp = j / 32;
            b[j] = idx ? (uint32_t)(warp * 7 % 32) : 1u << (warp % 5);
            c[j] = up ? 0 : 0x1f;
        }
        changed |= 6;
    }
    if (match) {
        for (size_t j = 0; j < w->warps * 32; j++) {
            uint64_t key = ((uint32_t)j * 2654435761u >> 30) + (j / 32) * 0x9e3779b97f4a7c15ull;
            if (d->src_bits[0] == 64)
                ((uint64_t *)(void *)w->mem[0])[j] = key;
            else
                ((uint32_t *)(void *)w->mem[0])[j] = (uint32_t)(key >> 32) + (uint32_t)key;
        }
        changed |= 1;
    }
    if (redux_f32) {
        uint32_t *a = (uint32_t *)(void *)w->mem[0];
        for (size_t j = 0; j < w->warps * 32; j++)
            a[j] &= 0xbfffffffu; /* exponent below 0xff: no Inf, no NaN */
        changed |= 1;
    }
    return changed;
}

/* Rows whose mixed-bit operands are not what the instruction is used on get their own: fns b and
 * c, trig a, the warp-level rows' (workload_xlane). Returns the sources it changed (bit k: source
 * k), which workload_restore puts the mixed bits back into. */
static unsigned workload_for_row(workload *w, const ptxcpu_insn_desc *d)
{
    if (!strcmp(d->mnemonic, "fns.b32")) {
        workload_fns(w);
        return 6;
    }
    if (!strncmp(d->mnemonic, "sin.approx.", 11) || !strncmp(d->mnemonic, "cos.approx.", 11)) {
        workload_trig(w);
        return 1;
    }
    return workload_xlane(w, d);
}
static void workload_restore(workload *w, unsigned changed)
{
    for (int k = 0; k < 4; k++)
        if (changed >> k & 1)
            workload_mix(w, k);
}

static int workload_alloc(workload *w, size_t warps)
{
    size_t bytes = warps * 512; /* (the widest register: a vector of four 32-bit ones, a .b128) */
    memset(w, 0, sizeof *w);
    w->warps = warps;
    for (int i = 0; i < 5; i++) {
        w->mem[i] = aligned_alloc(64, bytes);
        if (!w->mem[i])
            return -1;
        workload_mix(w, i);
    }
    w->cc = calloc(warps, sizeof *w->cc);
    w->cf = calloc(warps * PTXCPU_WARP, 1);
    return w->cc && w->cf ? 0 : -1;
}

static void workload_free(workload *w)
{
    for (int i = 0; i < 5; i++)
        free(w->mem[i]);
    free(w->cc);
    free(w->cf);
}

/* A batch and the two ways of running it: ptxcpu_run (every operand checked on every call) and
 * ptxcpu_run_prepared (checked once by ptxcpu_prepare, as a runtime that re-runs an instruction on
 * fixed registers calls it; with the default-environment promise, which a fresh process keeps). */
typedef struct kernel_run { ptxcpu_kernel k; ptxcpu_batch bt; ptxcpu_prepared p; } kernel_run;
static void kernel_runs(void *p, uint64_t iters)
{
    kernel_run *r = p;
    for (uint64_t i = 0; i < iters; i++)
        ptxcpu_run(r->k, &r->bt);
}
static void kernel_prepared_runs(void *p, uint64_t iters)
{
    const kernel_run *r = p;
    for (uint64_t i = 0; i < iters; i++)
        ptxcpu_run_prepared(&r->p);
}

/* The plain-C loop over the same lanes (warps * 32) of the same arrays. */
typedef struct plain_run {
    plain_c_fn fn;
    size_t lanes;
    void *d;
    const void *src[4];
    uint8_t *cf;
} plain_run;
static void plain_runs(void *p, uint64_t iters)
{
    plain_run *r = p;
    for (uint64_t i = 0; i < iters; i++)
        r->fn(r->lanes, r->d, r->src, r->cf, NULL); /* as the kernels' batch: no guard */
}

/* Batched throughput in warp-instructions per second, run until ~10 ms, median of reps: via
 * ptxcpu_run_prepared, or via ptxcpu_run when `checked` (-1: the batch was refused). */
static double batch_rate(ptxcpu_kernel k, const ptxcpu_insn_desc *d, const workload *w, int reps,
                         int checked)
{
    kernel_run r = {.k = k, .bt = {.n = w->warps, .d = w->mem[4],
                                   .d_stride = (ptrdiff_t)ptxcpu_reg_bytes(d->dst_bits), .cc = w->cc,
                                   .cc_stride = sizeof *w->cc}};
    for (unsigned s = 0; s < d->nsrc; s++)
        r.bt.src[s] = (ptxcpu_src){w->mem[s], (ptrdiff_t)ptxcpu_reg_bytes(d->src_bits[s])};
    if (checked)
        return rate_of(kernel_runs, &r, (double)w->warps, 0.01, reps);
    if (ptxcpu_prepare(k, &r.bt, PTXCPU_PREPARE_DEFAULT_FENV, &r.p))
        return -1;
    return rate_of(kernel_prepared_runs, &r, (double)w->warps, 0.01, reps);
}

/* The plain-C loop's rate on the same workload, in warp-instructions (32 lanes) per second. */
static double plain_batch_rate(plain_c_fn fn, const workload *w, double target_s, int reps)
{
    plain_run r = {.fn = fn, .lanes = w->warps * PTXCPU_WARP, .d = w->mem[4], .cf = w->cf,
                   .src = {w->mem[0], w->mem[1], w->mem[2], w->mem[3]}};
    return rate_of(plain_runs, &r, (double)w->warps, target_s, reps);
}

/* Register-resident chain: CHAIN_WARPS independent warps, each `steps` dependent steps. */
enum { CHAIN_WARPS = 8 };

/* Start values of a chain's registers: small positive floats / ints, so chains stay tame. */
static void chain_init(const ptxcpu_insn_desc *d, ptxcpu_w64 regs[5][CHAIN_WARPS])
{
    for (int i = 0; i < 5; i++)
        for (int w = 0; w < CHAIN_WARPS; w++)
            for (int l = 0; l < PTXCPU_WARP; l++)
                regs[i][w].lane[l] = d->elem == PTXCPU_ELEM_F64 ? 0x3fefffff00000000ull
                                   : d->elem == PTXCPU_ELEM_F32 ? 0x3f7ff0003f7ff000ull
                                   : d->elem == PTXCPU_ELEM_INT ? 0x0102030405060708ull + (uint64_t)l
                                                                : 0x3bff3bff3bff3bffull;
}

typedef struct chain_run {
    ptxcpu_kernel k;
    ptxcpu_batch bt;
    unsigned feedback;
} chain_run;
static void chain_steps(void *p, uint64_t steps)
{
    chain_run *r = p;
    ptxcpu_run_chain(r->k, &r->bt, r->feedback, steps);
}

static double chain_rate(ptxcpu_kernel k, const ptxcpu_insn_desc *d, unsigned feedback, int reps)
{
    static ptxcpu_w64 regs[5][CHAIN_WARPS];
    static ptxcpu_lanemask cc[CHAIN_WARPS];
    chain_init(d, regs);
    chain_run r = {.k = k, .feedback = feedback,
                   .bt = {.n = CHAIN_WARPS, .d = regs[4], .d_stride = sizeof(ptxcpu_w64),
                          .cc = cc, .cc_stride = sizeof cc[0]}};
    for (unsigned s = 0; s < d->nsrc; s++)
        r.bt.src[s] = (ptxcpu_src){regs[s], sizeof(ptxcpu_w64)};
    return rate_of(chain_steps, &r, CHAIN_WARPS, 0.01, reps);
}

/* The plain-C chain: the row's loop over the same CHAIN_WARPS * 32 lanes (packed copies of the
 * kernel chain's start values), called again and again with its result fed back as source
 * `feedback`. The loop's d may not alias a source, so d and that source swap buffers every step
 * (ping-pong), as a user would write it; CC.CF flags carry over in place. */
typedef struct plain_chain_run {
    plain_c_fn fn;
    unsigned feedback;
    void *d;
    const void *src[4];
    uint8_t cf[CHAIN_WARPS * PTXCPU_WARP];
} plain_chain_run;
static void plain_chain_steps(void *p, uint64_t steps)
{
    plain_chain_run *r = p;
    for (uint64_t s = 0; s < steps; s++) {
        r->fn(CHAIN_WARPS * PTXCPU_WARP, r->d, r->src, r->cf, NULL);
        void *fed = r->d;
        r->d = (void *)r->src[r->feedback];
        r->src[r->feedback] = fed;
    }
}

static double plain_chain_rate(plain_c_fn fn, const ptxcpu_insn_desc *d, unsigned feedback,
                               double target_s, int reps)
{
    static ptxcpu_w64 regs[5][CHAIN_WARPS];
    static uint64_t packed[5][CHAIN_WARPS * PTXCPU_WARP];
    static plain_chain_run r;
    chain_init(d, regs);
    unsigned bits[5] = {d->src_bits[0], d->src_bits[1], d->src_bits[2], d->src_bits[3],
                        d->dst_bits};
    for (int i = 0; i < 5; i++) /* lane l of warp w: where the kernel chain's register has it */
        for (int w = 0; w < CHAIN_WARPS; w++)
            memcpy((char *)packed[i] + (size_t)w * bits[i] * 4, &regs[i][w], bits[i] * 4);
    memset(&r, 0, sizeof r);
    r.fn = fn;
    r.feedback = feedback;
    r.d = packed[4];
    for (int s = 0; s < 4; s++)
        r.src[s] = packed[s];
    return rate_of(plain_chain_steps, &r, CHAIN_WARPS, target_s, reps);
}

static int selected(const bench *b, const char *mn)
{
    return !b->filter || fnmatch(b->filter, mn, 0) == 0;
}

/* The plain-C rate of row `row` with isa's flags on the same workload (-1: none). */
static double plain_rate_of_row(const bench *b, size_t row, ptxcpu_isa isa, const workload *w)
{
    const plain_c_fn *t = plain_c_table(isa);
    return t && t[row] ? plain_batch_rate(t[row], w, b->plain_target_s, b->reps) : -1;
}

static void run_batches(bench *b, const char *mode, size_t warps)
{
    workload w;
    if (workload_alloc(&w, warps)) {
        fprintf(stderr, "ptxcpu bench: out of memory\n");
        exit(1);
    }
    for (size_t i = 0; i < ptxcpu_insn_count(); i++) {
        ptxcpu_insn_desc d;
        ptxcpu_insn insn;
        char name[sizeof ((result *)0)->mnemonic];
        ptxcpu_insn_at(i, &d);
        /* row i itself: min.f32 names two rows, told apart by their sources (cli_row_name) */
        cli_row_name(i, name, sizeof name);
        if (!selected(b, name) || ptxcpu_parse_form(d.mnemonic, PTXCPU_VEC_N(d.dst_bits), d.nsrc, NULL, &insn))
            continue;
        unsigned own = workload_for_row(&w, &d);
        double scalar = 0;
        for (int isa = 0; isa < PTXCPU_ISA_COUNT; isa++) {
            ptxcpu_kernel k;
            if (!ptxcpu_isa_usable((ptxcpu_isa)isa) || bench_resolve(&insn, (ptxcpu_isa)isa, &k))
                continue;
            double rate = batch_rate(k, &d, &w, b->reps, 0);
            double checked = batch_rate(k, &d, &w, b->reps, 1);
            double plain = plain_rate_of_row(b, i, (ptxcpu_isa)isa, &w);
            if (isa == PTXCPU_ISA_SCALAR)
                scalar = rate;
            double bytes = (double)ptxcpu_reg_bytes(d.dst_bits);
            for (unsigned s = 0; s < d.nsrc; s++)
                bytes += (double)ptxcpu_reg_bytes(d.src_bits[s]);
            result r = {.isa = (ptxcpu_isa)isa, .mode = mode, .threads = 1,
                        .warp_insn_per_s = rate,
                        .fraction_of_peak = b->pk.stream_l1 > 0 ? rate * bytes / b->pk.stream_l1
                                                                : -1,
                        .speedup_vs_scalar = scalar > 0 ? rate / scalar : -1,
                        .speedup_vs_plain_c = plain > 0 ? rate / plain : -1};
            snprintf(r.extra, sizeof r.extra, "\"ptxcpu_run_warp_insn_per_s\": %.6g, "
                     "\"ptxcpu_run_vs_plain_c\": %.6g", checked, plain > 0 ? checked / plain : -1);
            snprintf(r.mnemonic, sizeof r.mnemonic, "%s", name);
            add_result(b, &r);
        }
        workload_restore(&w, own);
    }
    workload_free(&w);
}

/* The chains users benchmark, with the source the result feeds back into: always a, so every
 * step's whole computation depends on the last. (Fed back into c, `c + f(a, b)` with a and b
 * fixed lets the compiler hoist f(a, b) out of the loop, and the chain measures additions.) */
static const struct { const char *mn; unsigned feedback; } chains[] = {
    {"mad.rn.f32", 0}, {"fma.rn.f32", 0}, {"mad.rn.f64", 0}, {"mad.lo.u32", 0}, {"dp4a.u32.u32", 0},
    {"dp4a.u32.s32", 0}, {"dp4a.s32.u32", 0}, {"dp4a.s32.s32", 0}, {"dp2a.lo.s32.s32", 0},
    {"mad.lo.cc.u32", 0}, {"madc.hi.cc.u32", 0}, {"mul.hi.u64", 0}, {"add.rn.f16x2", 0},
    {"ex2.approx.f32", 0}, {"sin.approx.f32", 0}, /* SLEEF's latency (ex2's chain soon reaches +Inf) */
};

static void run_chains(bench *b)
{
    for (size_t c = 0; c < sizeof chains / sizeof chains[0]; c++) {
        ptxcpu_insn insn;
        ptxcpu_insn_desc d;
        if (!selected(b, chains[c].mn) || ptxcpu_parse(chains[c].mn, NULL, &insn))
            continue;
        ptxcpu_describe(&insn, &d);
        /* ceiling: f32 FMA lanes (f64 at half rate), int8 dot lanes for dp4a/dp2a */
        double ceil = d.elem == PTXCPU_ELEM_F64 ? peak_best_fma(&b->pk) / 2 : peak_best_fma(&b->pk);
        if (!strncmp(chains[c].mn, "dp", 2) && peak_best_dot(&b->pk) > 0)
            ceil = peak_best_dot(&b->pk); /* zmm vpdpbusd where VNNI: 2 per warp-instruction */
        double scalar = 0;
        for (int isa = 0; isa < PTXCPU_ISA_COUNT; isa++) {
            ptxcpu_kernel k;
            if (!ptxcpu_isa_usable((ptxcpu_isa)isa) || bench_resolve(&insn, (ptxcpu_isa)isa, &k))
                continue;
            double rate = chain_rate(k, &d, chains[c].feedback, b->reps);
            if (isa == PTXCPU_ISA_SCALAR)
                scalar = rate;
            const plain_c_fn *t = plain_c_table((ptxcpu_isa)isa);
            double plain = t && t[insn.op] ? plain_chain_rate(t[insn.op], &d, chains[c].feedback,
                                                              b->plain_target_s, b->reps)
                                           : 0;
            result r = {.isa = (ptxcpu_isa)isa, .mode = "chain", .threads = 1,
                        .warp_insn_per_s = rate,
                        .fraction_of_peak = rate * PTXCPU_WARP * d.elems / ceil,
                        .speedup_vs_scalar = scalar > 0 ? rate / scalar : -1,
                        .speedup_vs_plain_c = plain > 0 ? rate / plain : -1};
            snprintf(r.mnemonic, sizeof r.mnemonic, "%s", chains[c].mn);
            add_result(b, &r);
        }
    }
}

/* dot-accumulate: the loop int8 code runs, c += dp4a(a_k, b_k) for k < DOT_ACC_STEPS with a fresh
 * a_k and b_k each step (L1-resident), over DOT_ACC_WARPS warps of accumulators. Through the
 * public API that is one ptxcpu_run per k over the accumulator warps (c and d the same registers,
 * a and b the k-th slice): a batch may not read a d that an earlier warp of it wrote, and a chain
 * feeds back into fixed a and b. */
enum { DOT_ACC_WARPS = 8, DOT_ACC_STEPS = 16 };

typedef struct dot_acc {
    ptxcpu_w32 a[DOT_ACC_STEPS][DOT_ACC_WARPS], b[DOT_ACC_STEPS][DOT_ACC_WARPS];
    ptxcpu_w32 c[DOT_ACC_WARPS];
    ptxcpu_kernel k;
    ptxcpu_batch bt;
    ptxcpu_prepared step[DOT_ACC_STEPS]; /* step s's batch, prepared once */
    plain_dot_fn plain;
} dot_acc;

static void dot_acc_kernel_runs(void *p, uint64_t iters)
{
    dot_acc *x = p;
    for (uint64_t i = 0; i < iters; i++)
        for (unsigned s = 0; s < DOT_ACC_STEPS; s++) {
            x->bt.src[0].base = x->a[s];
            x->bt.src[1].base = x->b[s];
            ptxcpu_run(x->k, &x->bt);
        }
}

static void dot_acc_prepared_runs(void *p, uint64_t iters)
{
    const dot_acc *x = p;
    for (uint64_t i = 0; i < iters; i++)
        for (unsigned s = 0; s < DOT_ACC_STEPS; s++)
            ptxcpu_run_prepared(&x->step[s]);
}

static void dot_acc_plain_runs(void *p, uint64_t iters)
{
    dot_acc *x = p;
    for (uint64_t i = 0; i < iters; i++)
        x->plain(DOT_ACC_STEPS, DOT_ACC_WARPS * PTXCPU_WARP, x->c[0].lane, x->a[0][0].lane,
                 x->b[0][0].lane);
}

/* The rates of one spelling on one ISA through the API (each step a ptxcpu_run, or each step's
 * batch prepared once), and its plain-C loop's (0: none). */
static void dot_acc_rates(const bench *b, dot_acc *x, ptxcpu_kernel k, const plain_dot_fn *t,
                          unsigned row, double rate[2], double *plain)
{
    x->k = k;
    x->bt = (ptxcpu_batch){.n = DOT_ACC_WARPS, .d = x->c, .d_stride = sizeof x->c[0]};
    x->bt.src[1] = (ptxcpu_src){x->b[0], sizeof x->b[0][0]};
    x->bt.src[2] = (ptxcpu_src){x->c, sizeof x->c[0]};
    for (unsigned s = 0; s < DOT_ACC_STEPS; s++) {
        x->bt.src[0] = (ptxcpu_src){x->a[s], sizeof x->a[0][0]};
        x->bt.src[1].base = x->b[s];
        ptxcpu_prepare(k, &x->bt, PTXCPU_PREPARE_DEFAULT_FENV, &x->step[s]);
    }
    double work = (double)DOT_ACC_STEPS * DOT_ACC_WARPS;
    rate[0] = rate_of(dot_acc_prepared_runs, x, work, 0.01, b->reps);
    rate[1] = rate_of(dot_acc_kernel_runs, x, work, 0.01, b->reps);
    x->plain = t ? t[row] : NULL;
    *plain = x->plain ? rate_of(dot_acc_plain_runs, x, work, b->plain_target_s, b->reps) : 0;
}

static void run_dot_accumulate(bench *b)
{
    static const char *const rows[4] = {"dp4a.u32.u32", "dp4a.u32.s32", "dp4a.s32.u32",
                                        "dp4a.s32.s32"}; /* plain_dot.h's order */
    dot_acc *x = NULL;
    for (unsigned row = 0; row < 4; row++) {
        ptxcpu_insn insn;
        if (!selected(b, rows[row]) || ptxcpu_parse(rows[row], NULL, &insn))
            continue;
        if (!x) {
            x = aligned_alloc(64, sizeof *x);
            if (!x) {
                fprintf(stderr, "ptxcpu bench: out of memory\n");
                exit(1);
            }
            unsigned char *bytes = (unsigned char *)x; /* a, b and c: mixed bits */
            for (size_t j = 0; j < offsetof(dot_acc, k); j++)
                bytes[j] = (unsigned char)(j * 2654435761u >> 11);
        }
        double scalar = 0;
        for (int isa = 0; isa < PTXCPU_ISA_COUNT; isa++) {
            ptxcpu_kernel k;
            if (!ptxcpu_isa_usable((ptxcpu_isa)isa) || bench_resolve(&insn, (ptxcpu_isa)isa, &k))
                continue;
            double rates[2], plain;
            dot_acc_rates(b, x, k, plain_dot_table((ptxcpu_isa)isa), row, rates, &plain);
            double rate = rates[0];
            if (isa == PTXCPU_ISA_SCALAR)
                scalar = rate;
            double ceil = peak_best_dot(&b->pk);
            result r = {.isa = (ptxcpu_isa)isa, .mode = "dot-accumulate", .threads = 1,
                        .warp_insn_per_s = rate,
                        .fraction_of_peak = ceil > 0 ? rate * PTXCPU_WARP / ceil : -1,
                        .speedup_vs_scalar = scalar > 0 ? rate / scalar : -1,
                        .speedup_vs_plain_c = plain > 0 ? rate / plain : -1};
            snprintf(r.extra, sizeof r.extra, "\"ptxcpu_run_warp_insn_per_s\": %.6g, "
                     "\"ptxcpu_run_vs_plain_c\": %.6g", rates[1], plain > 0 ? rates[1] / plain : -1);
            snprintf(r.mnemonic, sizeof r.mnemonic, "%s", rows[row]);
            add_result(b, &r);
        }
    }
    free(x);
}

static void run_grids(bench *b, unsigned maxthreads)
{
    ptxcpu_isa isa = ptxcpu_isa_active();
    double one_compute = 0, one_memory = 0;
    size_t mem_bytes = b->quick ? (size_t)32 << 20 : (size_t)128 << 20;
    /* 512 blocks of 8 warps x 1024 steps (2048 with --full): ~2 ms on one core, so that the
     * start of a launch (waking the team: a few us, tens of us when other processes hold the
     * cores) weighs ~1% on all cores, not ~10% as with 128 blocks */
    uint64_t compute_threads = b->quick ? 1u << 17 : 1u << 19;
    for (unsigned t = 1; t <= maxthreads; t++) {
        grid_result g;
        if (selected(b, "mad.rn.f32") &&
            !grid_chain("mad.rn.f32", isa, compute_threads, 1024, t, 0, 7, &g)) {
            double rate = g.warp_insns / g.seconds;
            if (t == 1)
                one_compute = rate;
            result r = {.isa = isa, .mode = "grid-compute", .threads = t, .warp_insn_per_s = rate,
                        .fraction_of_peak = rate * PTXCPU_WARP / (peak_best_fma(&b->pk) * t),
                        .speedup_vs_scalar = -1, .speedup_vs_plain_c = -1};
            snprintf(r.mnemonic, sizeof r.mnemonic, "mad.rn.f32");
            add_result(b, &r);
            printf("  scaling 1 -> %u threads: %.2fx\n", t, rate / one_compute);
        }
        if (selected(b, "add.u32") && !grid_memory(isa, mem_bytes, t, 5, &g)) {
            double rate = g.warp_insns / g.seconds;
            if (t == 1)
                one_memory = rate;
            result r = {.isa = isa, .mode = "grid-memory", .threads = t, .warp_insn_per_s = rate,
                        .fraction_of_peak = -1, .speedup_vs_scalar = -1,
                        .speedup_vs_plain_c = -1};
            snprintf(r.mnemonic, sizeof r.mnemonic, "add.u32");
            add_result(b, &r);
            printf("  scaling 1 -> %u threads: %.2fx\n", t, rate / one_memory);
        }
    }
}

#ifdef PTXCPU_HAVE_MPI
/* grid-mpi: the grid-compute grid (mad.rn.f32 chains of 1024 steps in blocks of 256) across the
 * first 1, 2, 4, ... and all ranks of the job (ptxcpu_launch_mpi), each rank on its default
 * threads; rate and scaling against rank 0 alone. Collective; rank 0 keeps the rows. */
static void run_grid_mpi(bench *b)
{
    if (!selected(b, "mad.rn.f32"))
        return;
    ptxcpu_isa isa = ptxcpu_isa_active();
    uint64_t threads_total = b->quick ? 1u << 17 : 1u << 19;
    int size = cli_mpi_size();
    double one = 0;
    ptxcpu_topology topo;
    unsigned per_rank = ptxcpu_topology_get(&topo) ? 0 : topo.default_threads; /* rank 0's */
    for (int k = 1; k <= size; k = k < size && 2 * k > size ? size : 2 * k) {
        grid_result g;
        unsigned threads = 0;
        if (grid_chain_ranks(k, "mad.rn.f32", isa, threads_total, 1024, 0, 7, &g, &threads)) {
            if (!b->quiet)
                fprintf(stderr, "ptxcpu bench: grid-mpi on %d rank(s): %s\n", k,
                        ptxcpu_last_error());
            return;
        }
        double rate = g.warp_insns / g.seconds;
        if (k == 1)
            one = rate;
        result r = {.isa = isa, .mode = "grid-mpi", .threads = threads, .warp_insn_per_s = rate,
                    .fraction_of_peak = rate * PTXCPU_WARP / (peak_best_fma(&b->pk) * threads),
                    .speedup_vs_scalar = -1, .speedup_vs_plain_c = -1};
        snprintf(r.mnemonic, sizeof r.mnemonic, "mad.rn.f32");
        snprintf(r.extra, sizeof r.extra, "\"ranks\": %d, \"threads_per_rank\": %u, "
                 "\"scaling\": %.4g, \"checksum\": \"%016llx\"", k, per_rank, rate / one,
                 (unsigned long long)g.checksum);
        add_result(b, &r);
        if (!b->quiet)
            printf("  scaling 1 -> %d ranks (%u threads in all): %.2fx\n", k, threads, rate / one);
    }
}
#endif

/* ---- single-warp: what an emulator's call costs -------------------------------------------
 * One warp a call, the same batch again and again (an emulator's register file has fixed
 * addresses): ptxcpu_run (every operand checked every call), a prepared batch
 * (ptxcpu_run_prepared), and a prepared batch with the default-environment promise. */
static const char *const single_warp_rows[] = {"add.u32", "mad.rn.f32", "sub.u32", "mul.lo.u32",
                                               "sub.rn.f32", "copysign.f32", "mad.rn.f64",
                                               "sub.rp.f64", "addc.cc.u32", "add.rn.f16x2"};
enum { SW_RUN, SW_PREPARED, SW_PREPARED_FENV, SW_CALLS };
static const char *const single_warp_call[SW_CALLS] = {"ptxcpu_run", "prepared",
                                                       "prepared-default-fenv"};

typedef struct single_warp_ctx {
    ptxcpu_kernel k;
    ptxcpu_batch bt;
    ptxcpu_prepared p;
} single_warp_ctx;
static void single_warp_runs(void *p, uint64_t iters)
{
    single_warp_ctx *c = p;
    for (uint64_t i = 0; i < iters; i++)
        ptxcpu_run(c->k, &c->bt);
}
static void single_warp_prepared_runs(void *p, uint64_t iters)
{
    const single_warp_ctx *c = p;
    for (uint64_t i = 0; i < iters; i++)
        ptxcpu_run_prepared(&c->p);
}

/* Calls per second of run(ctx, iters), the best of many ~1 ms runs: a call is a few ns, and the
 * best run is the one the scheduler left alone (a median of 10 ms runs on a shared core varied
 * 3x from run to run). */
static double single_warp_best(void (*run)(void *, uint64_t), void *ctx, int reps)
{
    uint64_t iters = 1;
    for (double dt = 0; dt < 1e-3 && iters < (1ull << 30); iters *= 2) {
        double t0 = bench_now();
        run(ctx, iters);
        dt = bench_now() - t0;
    }
    double best = 0;
    for (int j = 0; j < 5 * reps + 10; j++) {
        double t0 = bench_now();
        run(ctx, iters);
        double rate = (double)iters / (bench_now() - t0);
        best = rate > best ? rate : best;
    }
    return best;
}

/* Calls per second of one way of calling k on one warp of regs (-1: not preparable). */
static double single_warp_rate(const bench *b, ptxcpu_kernel k, const ptxcpu_insn_desc *d,
                               ptxcpu_w64 regs[6], int call)
{
    single_warp_ctx c = {.k = k, .bt = {.n = 1, .d = &regs[4], .d_stride = sizeof regs[4],
                                        .cc = (ptxcpu_lanemask *)&regs[5]}};
    for (unsigned s = 0; s < d->nsrc; s++)
        c.bt.src[s] = (ptxcpu_src){&regs[s], sizeof regs[s]};
    if (call == SW_RUN)
        return single_warp_best(single_warp_runs, &c, b->reps);
    unsigned flags = call == SW_PREPARED_FENV ? PTXCPU_PREPARE_DEFAULT_FENV : 0;
    if (ptxcpu_prepare(k, &c.bt, flags, &c.p))
        return -1;
    return single_warp_best(single_warp_prepared_runs, &c, b->reps);
}

static void run_single_warp(bench *b)
{
    static ptxcpu_w64 regs[6]; /* a, b, c, e, d, CC word */
    for (size_t r = 0; r < sizeof single_warp_rows / sizeof single_warp_rows[0]; r++) {
        ptxcpu_insn insn;
        ptxcpu_insn_desc d;
        if (!selected(b, single_warp_rows[r]) || ptxcpu_parse(single_warp_rows[r], NULL, &insn))
            continue;
        ptxcpu_describe(&insn, &d);
        for (int isa = 0; isa < PTXCPU_ISA_COUNT; isa++) {
            ptxcpu_kernel k;
            if (!ptxcpu_isa_usable((ptxcpu_isa)isa) || bench_resolve(&insn, (ptxcpu_isa)isa, &k))
                continue;
            for (int call = 0; call < SW_CALLS; call++) {
                for (int i = 0; i < 5; i++) /* tame values: 1.0 + a little, small integers */
                    for (int l = 0; l < PTXCPU_WARP; l++)
                        regs[i].lane[l] = 0x3c003c003f800000ull + (uint64_t)l;
                double rate = single_warp_rate(b, k, &d, regs, call);
                if (rate <= 0)
                    continue;
                result res = {.isa = (ptxcpu_isa)isa, .mode = "single-warp", .threads = 1,
                              .warp_insn_per_s = rate, .fraction_of_peak = -1,
                              .speedup_vs_scalar = -1, .speedup_vs_plain_c = -1};
                snprintf(res.mnemonic, sizeof res.mnemonic, "%s", single_warp_rows[r]);
                snprintf(res.extra, sizeof res.extra, "\"ns_per_call\": %.4g, \"call\": \"%s\"",
                         1e9 / rate, single_warp_call[call]);
                add_result(b, &res);
                printf("  ^ %.2f ns per call via %s\n", 1e9 / rate, single_warp_call[call]);
            }
        }
    }
}

/* Writes the results to f (opened before the run, so a bad path fails in a second, not after
 * the run) and closes it; 0 when a write failed (reported). */
static int write_json(const bench *b, FILE *f, const char *path, double overhead_us,
                      double mpi_overhead_us)
{
    fprintf(f, "{\n  \"ptxcpu\": \"%s\",\n  \"commit\": \"%s\",\n  \"cpu_model\": \"%s\",\n"
            "  \"cpu_features\": \"%s\",\n", ptxcpu_version(), PTXCPU_BUILD_COMMIT,
            ptxcpu_cpu_model(), ptxcpu_cpu_features());
    fprintf(f, "  \"peaks\": {\"threads\": 1, \"fma_f32_lanes_per_s_zmm\": %.6g, "
            "\"fma_f32_lanes_per_s_ymm\": %.6g, \"fma_f32_lanes_per_s_scalar\": %.6g, "
            "\"dot_i8_lanes_per_s_ymm\": %.6g, \"dot_i8_lanes_per_s_zmm_vnni\": %.6g, "
            "\"stream_l1_bytes_per_s\": %.6g},\n",
            b->pk.fma_f32_zmm, b->pk.fma_f32_ymm, b->pk.fma_f32_scalar, b->pk.dot_i8_ymm,
            b->pk.dot_i8_zmm, b->pk.stream_l1);
    fprintf(f, "  \"launch_overhead_us\": %.4g,\n", overhead_us);
    if (cli_mpi_size())
        fprintf(f, "  \"mpi_ranks\": %d,\n  \"mpi_launch_overhead_us\": %.4g,\n", cli_mpi_size(),
                mpi_overhead_us);
    fprintf(f, "  \"results\": [\n");
    for (size_t i = 0; i < b->nres; i++) {
        const result *r = &b->res[i];
        fprintf(f, "    {\"mnemonic\": \"%s\", \"isa\": \"%s\", \"mode\": \"%s\", \"threads\": %u, "
                "\"warp_insn_per_s\": %.6g, ", r->mnemonic, ptxcpu_isa_name(r->isa), r->mode,
                r->threads, r->warp_insn_per_s);
        if (r->fraction_of_peak >= 0)
            fprintf(f, "\"fraction_of_peak\": %.6g, ", r->fraction_of_peak);
        else
            fprintf(f, "\"fraction_of_peak\": null, ");
        if (r->speedup_vs_scalar >= 0)
            fprintf(f, "\"speedup_vs_scalar\": %.6g, ", r->speedup_vs_scalar);
        else
            fprintf(f, "\"speedup_vs_scalar\": null, ");
        if (r->speedup_vs_plain_c >= 0)
            fprintf(f, "\"speedup_vs_plain_c\": %.6g", r->speedup_vs_plain_c);
        else
            fprintf(f, "\"speedup_vs_plain_c\": null");
        fprintf(f, "%s%s}", r->extra[0] ? ", " : "", r->extra);
        fprintf(f, "%s\n", i + 1 < b->nres ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        fprintf(stderr, "ptxcpu bench: --json %s: write failed: %s\n", path, strerror(errno));
        return 0;
    }
    return 1;
}

int bench_main(int argc, char **argv)
{
    bench b = {.quick = 1, .reps = 3, .plain_target_s = 0.002};
    const char *json = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            b.quick = 1;
        else if (!strcmp(argv[i], "--full"))
            b.quick = 0, b.reps = 7, b.plain_target_s = 0.01;
        else if (!strcmp(argv[i], "--filter") && i + 1 < argc)
            b.filter = argv[++i];
        else if (!strcmp(argv[i], "--json") && i + 1 < argc)
            json = argv[++i];
        else {
            fprintf(stderr, "ptxcpu bench: bad argument '%s' (options: --quick (default), --full, "
                    "--filter GLOB, --json FILE)\n", argv[i]);
            return 2;
        }
    }
    size_t matched = 0;
    for (size_t i = 0; b.filter && i < ptxcpu_insn_count(); i++) {
        ptxcpu_insn_desc d;
        char name[64];
        ptxcpu_insn_at(i, &d);
        matched += selected(&b, cli_row_name(i, name, sizeof name));
    }
    if (b.filter && !matched) {
        fprintf(stderr, "ptxcpu bench: --filter '%s' matches no spelling (see ptxcpu list)\n",
                b.filter);
        return 2;
    }
    b.quiet = cli_mpi_rank() != 0;
    FILE *jf = json && !b.quiet ? fopen(json, "w") : NULL;
    if (cli_mpi_any(json && !b.quiet && !jf)) {
        if (!b.quiet)
            fprintf(stderr, "ptxcpu bench: --json %s: cannot write: %s\n", json, strerror(errno));
        return 2;
    }
    ptxcpu_topology topo;
    if (cli_mpi_any(ptxcpu_isa_active() == PTXCPU_ISA_BEST || ptxcpu_topology_get(&topo))) {
        if (jf)
            fclose(jf);
        fprintf(stderr, "ptxcpu bench: %s\n", ptxcpu_last_error());
        return 1;
    }
    peaks_measure(&b.pk, b.reps < 5 ? 5 : b.reps);
    if (!b.quiet)
        printf("peaks on 1 core: f32 FMA lanes/s zmm %.4g, ymm %.4g, scalar %.4g; int8 dot lanes/s "
               "ymm %.4g, zmm vpdpbusd %.4g; L1 stream %.4g B/s\n", b.pk.fma_f32_zmm,
               b.pk.fma_f32_ymm, b.pk.fma_f32_scalar, b.pk.dot_i8_ymm, b.pk.dot_i8_zmm,
               b.pk.stream_l1);
    double overhead = grid_launch_overhead_us(0, 2000);
    if (!b.quiet)
        printf("empty launch: %.2f us (median of 2000, %u threads)\n", overhead,
               topo.default_threads);
#ifdef PTXCPU_HAVE_MPI
    double mpi_overhead = 0;
    if (cli_mpi_size()) {
        mpi_overhead = grid_launch_overhead_mpi_us(2000);
        if (!b.quiet)
            printf("empty launch across %d MPI rank(s): %.2f us (median of 2000, ptxcpu_launch_mpi)"
                   "\nunder mpirun only the grid-mpi mode runs (the others are one process's: run "
                   "them without mpirun)\n", cli_mpi_size(), mpi_overhead);
    }
#endif
    if (!b.quiet)
        printf("\n");
    b.started = bench_now();
    b.progress = !b.quiet && isatty(STDERR_FILENO) && !isatty(STDOUT_FILENO);
    if (!b.quiet)
        printf("%-24s %-7s %-10s %3s %14s %9s %9s %11s\n", "mnemonic", "isa", "mode", "thr",
               "warp-insn/s", "of peak", "vs scalar", "vs plain C");
    if (!cli_mpi_size()) {
        run_chains(&b);
        run_dot_accumulate(&b);
        run_batches(&b, "batch-l1", 32);
        run_single_warp(&b);
        if (!b.quick)
            run_batches(&b, "batch-mem", (size_t)1 << 15);
        run_grids(&b, topo.default_threads);
    }
#ifdef PTXCPU_HAVE_MPI
    else {
        run_grid_mpi(&b);
    }
#endif
    bench_progress(&b, NULL);
#ifdef PTXCPU_HAVE_MPI
    int written = !jf || write_json(&b, jf, json, overhead, mpi_overhead);
#else
    int written = !jf || write_json(&b, jf, json, overhead, 0);
#endif
    free(b.res);
    return written ? 0 : 1;
}
