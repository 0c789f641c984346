/* Launcher suite: every thread of many grid shapes runs exactly once with correct special
 * registers, under every thread count and binding; chunking; error cases; callback failure;
 * topology; PTXCPU_THREADS and a taskset-restricted child. `launch_test --overhead` times empty
 * launches. */
#include <sched.h>
#include <spawn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "launch_test.h"

extern char **environ;

atomic_ullong g_pass, g_fail;

void fail(const char *fmt, ...)
{
    if (atomic_fetch_add(&g_fail, 1) >= FAIL_CAP)
        return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    printf("FAIL %s\n", buf); /* one call: lines of concurrent threads do not mix */
}

int check(int ok, const char *fmt, ...)
{
    if (ok) {
        pass();
        return 1;
    }
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fail("%s", buf);
    return 0;
}

const run_cfg g_cfgs[] = {
    {0, PTXCPU_BIND_CORE, 0},  {1, PTXCPU_BIND_CORE, 0}, {2, PTXCPU_BIND_CORE, 0},
    {2, PTXCPU_BIND_PU, 0},    {2, PTXCPU_BIND_NONE, 0}, {3, PTXCPU_BIND_CORE, 40000},
    {5, PTXCPU_BIND_PU, 1u << 20},
};
const unsigned g_ncfgs = sizeof g_cfgs / sizeof g_cfgs[0];

const char *bind_str(ptxcpu_bind b)
{
    return b == PTXCPU_BIND_CORE ? "core" : b == PTXCPU_BIND_PU ? "pu" : "none";
}

static ptxcpu_topology topo;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- Every thread once, special registers ----------------------------------------------------- */

#define MAXTHR 64
typedef struct shape_ctx {
    ptxcpu_dim3 grid, block;
    unsigned threads;              /* the team size the launch may use */
    atomic_uint *count;            /* runs of each global thread id */
    atomic_ullong cpus[MAXTHR];    /* per thread index: cpus (< 64) it ran blocks on */
} shape_ctx;

static const struct { const char *name; size_t off; } sreg_fields[15] = {
#define F(n) {#n, offsetof(ptxcpu_sregs, n)}
    F(tid_x), F(tid_y), F(tid_z), F(ntid_x), F(ntid_y), F(ntid_z), F(ctaid_x), F(ctaid_y),
    F(ctaid_z), F(nctaid_x), F(nctaid_y), F(nctaid_z), F(laneid), F(warpid), F(nwarpid),
#undef F
};

static int shape_block(const ptxcpu_block *blk, void *user)
{
    shape_ctx *c = user;
    ptxcpu_dim3 g = c->grid, b = c->block, a = blk->ctaid;
    uint32_t bt = b.x * b.y * b.z, nw = (bt + 31) / 32;
    if (blk->ntid.x != b.x || blk->ntid.y != b.y || blk->ntid.z != b.z || blk->nctaid.x != g.x ||
        blk->nctaid.y != g.y || blk->nctaid.z != g.z || blk->nwarps != nw ||
        blk->thread >= c->threads || a.x >= g.x || a.y >= g.y || a.z >= g.z) {
        fail("shape: block (%u,%u,%u) of grid (%u,%u,%u): bad ptxcpu_block (ntid %u,%u,%u "
             "nwarps %u thread %u of %u)", a.x, a.y, a.z, g.x, g.y, g.z, blk->ntid.x,
             blk->ntid.y, blk->ntid.z, blk->nwarps, blk->thread, c->threads);
        return 0;
    }
    int cpu = sched_getcpu();
    if (cpu >= 0 && cpu < 64 && blk->thread < MAXTHR)
        atomic_fetch_or(&c->cpus[blk->thread], 1ull << cpu);
    uint64_t lin = a.x + (uint64_t)g.x * (a.y + (uint64_t)g.y * a.z);
    for (uint32_t w = 0; w < nw; w++) {
        const ptxcpu_sregs *s = &blk->sregs[w];
        uint32_t want_mask = 0;
        for (uint32_t l = 0; l < 32; l++) {
            uint32_t t = 32 * w + l; /* as CUDA: t = x + y*ntid.x + z*ntid.x*ntid.y */
            uint32_t want[15] = {t % b.x, t / b.x % b.y, t / (b.x * b.y), b.x, b.y, b.z,
                                 a.x, a.y, a.z, g.x, g.y, g.z, l, w, nw};
            for (int f = 0; f < 15; f++) {
                uint32_t got;
                memcpy(&got, (const char *)s + sreg_fields[f].off + 4 * l, 4);
                if (got != want[f])
                    fail("shape: grid (%u,%u,%u) block (%u,%u,%u): ctaid (%u,%u,%u) warp %u "
                         "lane %u: %%%s = %u, expected %u", g.x, g.y, g.z, b.x, b.y, b.z, a.x,
                         a.y, a.z, w, l, sreg_fields[f].name, got, want[f]);
            }
            if (t < bt) {
                want_mask |= 1u << l;
                atomic_fetch_add_explicit(&c->count[lin * bt + t], 1, memory_order_relaxed);
            }
        }
        if (blk->active[w] != want_mask)
            fail("shape: block (%u,%u,%u) warp %u: active %08x, expected %08x", b.x, b.y, b.z, w,
                 blk->active[w], want_mask);
    }
    return 0;
}

static cpu_set_t g_orig; /* this thread's affinity before any launch */

/* After a launch the caller stays pinned (one PU for bind pu, within its first affinity for bind
 * core) or, after bind none, is back to its first affinity. */
static int caller_affinity_ok(ptxcpu_bind bind)
{
    cpu_set_t now, both;
    if (sched_getaffinity(0, sizeof now, &now) != 0)
        return 0;
    CPU_AND(&both, &now, &g_orig);
    switch (bind) {
    case PTXCPU_BIND_NONE: return CPU_EQUAL(&now, &g_orig);
    case PTXCPU_BIND_PU: return CPU_COUNT(&now) == 1 && CPU_EQUAL(&both, &now);
    default: return CPU_COUNT(&now) >= 1 && CPU_EQUAL(&both, &now);
    }
}

/* One shape under one configuration; returns the number of thread ids checked. */
static uint64_t run_shape(ptxcpu_dim3 g, ptxcpu_dim3 b, const run_cfg *cfg)
{
    uint64_t n = (uint64_t)g.x * g.y * g.z * b.x * b.y * b.z;
    static shape_ctx c;
    memset(&c, 0, sizeof c);
    c.grid = g, c.block = b;
    c.threads = cfg->threads ? cfg->threads : topo.default_threads;
    c.count = calloc(n, sizeof *c.count);
    ptxcpu_launch_opts o = {cfg->threads, cfg->bind, cfg->scratch};
    char what[160];
    snprintf(what, sizeof what, "grid (%u,%u,%u) block (%u,%u,%u) threads %u bind %s", g.x, g.y,
             g.z, b.x, b.y, b.z, cfg->threads, bind_str(cfg->bind));
    ptxcpu_status st = ptxcpu_launch(g, b, shape_block, &c, &o);
    check(st == PTXCPU_OK, "shape: %s: %s (%s)", what, ptxcpu_status_name(st),
          ptxcpu_last_error());
    check(caller_affinity_ok(cfg->bind), "shape: %s: the caller's affinity is wrong", what);
    uint64_t bad = 0, first = 0;
    for (uint64_t i = 0; i < n; i++)
        if (atomic_load(&c.count[i]) != 1 && bad++ == 0)
            first = i;
    check(bad == 0, "shape: %s: %llu of %llu threads did not run exactly once (first: id %llu "
          "ran %u times)", what, (unsigned long long)bad, (unsigned long long)n,
          (unsigned long long)first, bad ? atomic_load(&c.count[first]) : 1);
    /* Pinned threads: one cpu each, distinct while there are enough cores. */
    if (cfg->bind != PTXCPU_BIND_NONE && c.threads <= topo.allowed_cores) {
        unsigned long long seen = 0;
        int ok = 1;
        for (unsigned t = 0; t < c.threads && t < MAXTHR; t++) {
            unsigned long long s = atomic_load(&c.cpus[t]);
            if ((s & seen) || (cfg->bind == PTXCPU_BIND_PU && __builtin_popcountll(s) > 1))
                ok = 0;
            seen |= s;
        }
        check(ok, "shape: %s: pinned threads shared or changed cpus", what);
    }
    free(c.count);
    return n;
}

static void test_shapes(void)
{
    static const ptxcpu_dim3 shapes[][2] = {
        {{1, 1, 1}, {1, 1, 1}},     {{7, 1, 1}, {31, 1, 1}},   {{5, 1, 1}, {32, 1, 1}},
        {{3, 2, 1}, {33, 1, 1}},    {{2, 1, 1}, {1024, 1, 1}}, {{3, 5, 1}, {32, 32, 1}},
        {{2, 3, 4}, {7, 5, 3}},     {{5, 1, 3}, {8, 8, 16}},   {{1, 1, 5}, {1, 1, 64}},
        {{4, 3, 2}, {3, 1, 7}},     {{1000, 1, 1}, {1, 3, 1}}, {{13, 1, 1}, {1, 1024, 1}},
        {{9, 7, 1}, {65, 1, 1}},    {{1, 2, 1}, {512, 2, 1}},  {{3, 3, 3}, {2, 2, 2}},
        {{1, 65535, 1}, {1, 1, 1}}, {{1, 1, 65535}, {2, 1, 1}},
    };
    unsigned nshapes = sizeof shapes / sizeof shapes[0];
    uint64_t ids = 0;
    for (unsigned s = 0; s < nshapes; s++)
        for (unsigned k = 0; k < g_ncfgs; k++)
            ids += run_shape(shapes[s][0], shapes[s][1], &g_cfgs[k]);
    printf("shapes: %u grid shapes x %u configurations, %llu thread ids counted\n", nshapes,
           g_ncfgs, (unsigned long long)ids);
}

/* ---- Chunks: every block once, each thread's blocks in increasing order ----------------------- */

/* Blocks are handed out in runs of consecutive linear indices from one counter, full chunks first
 * and then shrinking ones near the end of the grid: every block exactly once, and each thread sees
 * its blocks in increasing order (one thread: exactly 0, 1, 2, ...). */
typedef struct chunk_ctx {
    uint64_t nblocks;
    atomic_uchar *count;
    uint64_t next_min[MAXTHR]; /* per thread: the least index its next block may have */
    atomic_uint order_bad;
} chunk_ctx;

static int chunk_block(const ptxcpu_block *blk, void *user)
{
    chunk_ctx *c = user;
    uint64_t lin = blk->ctaid.x + (uint64_t)blk->nctaid.x * blk->ctaid.y;
    atomic_fetch_add_explicit(&c->count[lin], 1, memory_order_relaxed);
    if (blk->thread < MAXTHR) { /* only this thread touches its slot */
        if (lin < c->next_min[blk->thread])
            atomic_fetch_add(&c->order_bad, 1);
        c->next_min[blk->thread] = lin + 1;
    }
    return 0;
}

static void test_chunks(void)
{
    static const uint64_t grids[] = {1, 2, 63, 1000, 4097, 100003, 300000};
    static const unsigned threads[] = {1, 2, 3, 7};
    static const uint32_t block_threads[] = {1, 256, 1024};
    unsigned runs = 0;
    for (size_t gi = 0; gi < sizeof grids / sizeof grids[0]; gi++)
        for (size_t ti = 0; ti < sizeof threads / sizeof threads[0]; ti++)
            for (size_t bi = 0; bi < sizeof block_threads / sizeof block_threads[0]; bi++) {
                uint64_t n = grids[gi];
                if (n > 5000 && block_threads[bi] > 1)
                    continue; /* the per-block work is the same; keep the suite short */
                chunk_ctx *c = calloc(1, sizeof *c);
                c->nblocks = n;
                c->count = calloc(n, sizeof *c->count);
                ptxcpu_launch_opts o = {threads[ti], PTXCPU_BIND_CORE, 0};
                /* 2-D when it can be: the runs cross rows */
                ptxcpu_dim3 g = n % 7 ? (ptxcpu_dim3){(uint32_t)n, 1, 1}
                                      : (ptxcpu_dim3){(uint32_t)(n / 7), 7, 1};
                ptxcpu_status st = ptxcpu_launch(g, (ptxcpu_dim3){block_threads[bi], 1, 1},
                                                 chunk_block, c, &o);
                uint64_t bad = 0, first = 0;
                for (uint64_t i = 0; i < n; i++)
                    if (atomic_load(&c->count[i]) != 1 && bad++ == 0)
                        first = i;
                check(st == PTXCPU_OK && bad == 0 && atomic_load(&c->order_bad) == 0,
                      "chunks: %llu blocks of %u threads on %u threads: %s, %llu blocks not run "
                      "exactly once (first %llu), %u out of order", (unsigned long long)n,
                      block_threads[bi], threads[ti], ptxcpu_status_name(st),
                      (unsigned long long)bad, (unsigned long long)first,
                      atomic_load(&c->order_bad));
                free(c->count);
                free(c);
                runs++;
            }
    printf("chunks: %u grids, every block once, in increasing order on each thread\n", runs);
}

/* ---- Errors, failing callbacks, nesting --------------------------------------------------------- */

static atomic_uint g_calls;
static int count_block(const ptxcpu_block *blk, void *user)
{
    (void)blk, (void)user;
    atomic_fetch_add(&g_calls, 1);
    return 0;
}

static void expect_err(const char *what, ptxcpu_status st, ptxcpu_status want, const char *word)
{
    const char *msg = ptxcpu_last_error();
    check(st == want && strstr(msg, word) != NULL,
          "error %s: got %s \"%s\", expected %s with \"%s\"", what, ptxcpu_status_name(st), msg,
          ptxcpu_status_name(want), word);
}

static void test_errors(void)
{
    static const struct {
        const char *what;
        ptxcpu_dim3 g, b;
        int null_fn;
        ptxcpu_launch_opts o;
        ptxcpu_status want;
        const char *word;
    } cases[] = {
        {"NULL fn", {1, 1, 1}, {1, 1, 1}, 1, {0}, PTXCPU_E_NULL, "fn"},
        {"grid.x 0", {0, 1, 1}, {32, 1, 1}, 0, {0}, PTXCPU_E_RANGE, "grid.x = 0"},
        {"grid.y 0", {1, 0, 1}, {32, 1, 1}, 0, {0}, PTXCPU_E_RANGE, "grid.y = 0"},
        {"grid.z 0", {1, 1, 0}, {32, 1, 1}, 0, {0}, PTXCPU_E_RANGE, "grid.z = 0"},
        {"grid.x 2^31", {1u << 31, 1, 1}, {1, 1, 1}, 0, {0}, PTXCPU_E_RANGE, "grid.x = 2147483648"},
        {"grid.y 65536", {1, 65536, 1}, {1, 1, 1}, 0, {0}, PTXCPU_E_RANGE, "grid.y = 65536"},
        {"grid.z 65536", {1, 1, 65536}, {1, 1, 1}, 0, {0}, PTXCPU_E_RANGE, "grid.z = 65536"},
        {"block.x 0", {1, 1, 1}, {0, 1, 1}, 0, {0}, PTXCPU_E_RANGE, "block.x = 0"},
        {"block.y 0", {1, 1, 1}, {1, 0, 1}, 0, {0}, PTXCPU_E_RANGE, "block.y = 0"},
        {"block.z 0", {1, 1, 1}, {1, 1, 0}, 0, {0}, PTXCPU_E_RANGE, "block.z = 0"},
        {"block.x 1025", {1, 1, 1}, {1025, 1, 1}, 0, {0}, PTXCPU_E_RANGE, "block.x = 1025"},
        {"block.y 1025", {1, 1, 1}, {1, 1025, 1}, 0, {0}, PTXCPU_E_RANGE, "block.y = 1025"},
        {"block.z 65", {1, 1, 1}, {1, 1, 65}, 0, {0}, PTXCPU_E_RANGE, "block.z = 65"},
        {"block 2048 threads", {1, 1, 1}, {32, 32, 2}, 0, {0}, PTXCPU_E_RANGE, "2048 threads"},
        {"block 2^26 threads", {1, 1, 1}, {1024, 1024, 64}, 0, {0}, PTXCPU_E_RANGE, "1024"},
        {"thread count overflow", {2147483647u, 65535, 65535}, {1024, 1, 1}, 0, {0},
         PTXCPU_E_RANGE, "overflows"},
        {"bad bind", {1, 1, 1}, {1, 1, 1}, 0, {0, (ptxcpu_bind)7, 0}, PTXCPU_E_ARG, "bind = 7"},
        {"too many threads", {1, 1, 1}, {1, 1, 1}, 0, {5000, PTXCPU_BIND_CORE, 0},
         PTXCPU_E_RANGE, "threads = 5000"},
        {"huge scratch", {1, 1, 1}, {1, 1, 1}, 0, {0, PTXCPU_BIND_CORE, (size_t)2 << 30},
         PTXCPU_E_RANGE, "scratch_bytes"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        atomic_store(&g_calls, 0);
        ptxcpu_status st = ptxcpu_launch(cases[i].g, cases[i].b,
                                         cases[i].null_fn ? NULL : count_block, NULL, &cases[i].o);
        expect_err(cases[i].what, st, cases[i].want, cases[i].word);
        check(atomic_load(&g_calls) == 0, "error %s: the callback ran %u times", cases[i].what,
              atomic_load(&g_calls));
    }
    check(ptxcpu_topology_get(NULL) == PTXCPU_E_NULL, "ptxcpu_topology_get(NULL) is not E_NULL");
}

typedef struct fail_ctx { ptxcpu_dim3 at; int rc; atomic_uint calls; } fail_ctx;
static int fail_block(const ptxcpu_block *blk, void *user)
{
    fail_ctx *c = user;
    atomic_fetch_add(&c->calls, 1);
    return blk->ctaid.x == c->at.x && blk->ctaid.y == c->at.y && blk->ctaid.z == c->at.z ? c->rc
                                                                                        : 0;
}

static void test_callback_failure(void)
{
    /* A failing block stops a grid of 2^31 - 1 blocks early. */
    fail_ctx c = {{1000, 0, 0}, 7, 0};
    ptxcpu_launch_opts two = {2, PTXCPU_BIND_CORE, 0};
    double t0 = now_s();
    ptxcpu_status st = ptxcpu_launch((ptxcpu_dim3){2147483647u, 1, 1}, (ptxcpu_dim3){1, 1, 1},
                                     fail_block, &c, &two);
    expect_err("block (1000,0,0) fails", st, PTXCPU_E_ARG, "block (1000,0,0) returned 7");
    check(atomic_load(&c.calls) < 100000, "failure: %u blocks ran after a failure at 1000 "
          "(%.2f s)", atomic_load(&c.calls), now_s() - t0);
    /* One thread: blocks run in linear order and stop right after the failing one. */
    fail_ctx d = {{3, 4, 5}, -2, 0};
    ptxcpu_launch_opts one = {1, PTXCPU_BIND_CORE, 0};
    st = ptxcpu_launch((ptxcpu_dim3){10, 10, 10}, (ptxcpu_dim3){32, 1, 1}, fail_block, &d, &one);
    expect_err("block (3,4,5) fails", st, PTXCPU_E_ARG, "block (3,4,5) returned -2");
    check(atomic_load(&d.calls) == 544, "failure: 1 thread ran %u blocks, expected 544",
          atomic_load(&d.calls));
    /* The message names the block whatever the thread count. */
    fail_ctx e = {{6, 0, 2}, 1, 0};
    ptxcpu_launch_opts three = {3, PTXCPU_BIND_PU, 0};
    st = ptxcpu_launch((ptxcpu_dim3){7, 3, 5}, (ptxcpu_dim3){33, 1, 1}, fail_block, &e, &three);
    expect_err("block (6,0,2) fails", st, PTXCPU_E_ARG, "block (6,0,2) returned 1");
    /* And a later good launch is not affected. */
    atomic_store(&g_calls, 0);
    st = ptxcpu_launch((ptxcpu_dim3){100, 1, 1}, (ptxcpu_dim3){64, 1, 1}, count_block, NULL, &two);
    check(st == PTXCPU_OK && atomic_load(&g_calls) == 100, "failure: next launch %s, %u calls",
          ptxcpu_status_name(st), atomic_load(&g_calls));
}

typedef struct nest_ctx { ptxcpu_status st; char msg[256]; } nest_ctx;
static int nest_block(const ptxcpu_block *blk, void *user)
{
    nest_ctx *c = user;
    (void)blk;
    c->st = ptxcpu_launch((ptxcpu_dim3){1, 1, 1}, (ptxcpu_dim3){1, 1, 1}, count_block, NULL, NULL);
    snprintf(c->msg, sizeof c->msg, "%s", ptxcpu_last_error());
    return 0;
}

static void test_nested(void)
{
    nest_ctx c = {PTXCPU_OK, ""};
    atomic_store(&g_calls, 0);
    ptxcpu_status st = ptxcpu_launch((ptxcpu_dim3){1, 1, 1}, (ptxcpu_dim3){32, 1, 1}, nest_block,
                                     &c, NULL);
    check(st == PTXCPU_OK && c.st == PTXCPU_E_ARG && strstr(c.msg, "nested") &&
              atomic_load(&g_calls) == 0,
          "nested launch: outer %s, inner %s \"%s\", %u inner calls", ptxcpu_status_name(st),
          ptxcpu_status_name(c.st), c.msg, atomic_load(&g_calls));
}

/* ---- Topology, environment, restricted cpuset ------------------------------------------------- */

/* The summary, indented so that its "launch:" line is not taken for the closing one. */
static void print_indented(const char *s)
{
    for (const char *nl; s && *s; s = nl + 1) {
        nl = strchr(s, '\n');
        if (!nl)
            nl = s + strlen(s) - 1;
        printf("  %.*s\n", (int)(nl - s), s);
    }
}

static void test_topology(void)
{
    ptxcpu_topology t;
    ptxcpu_status st = ptxcpu_topology_get(&t);
    check(st == PTXCPU_OK && t.allowed_cores >= 1 && t.allowed_cores <= t.cores &&
              t.allowed_pus >= t.allowed_cores && t.allowed_pus <= t.pus && t.packages >= 1 &&
              t.numa_nodes >= 1 && t.default_threads >= 1 && t.default_bind == PTXCPU_BIND_CORE,
          "topology: %s: packages %u numa %u cores %u pus %u allowed %u/%u default %u",
          ptxcpu_status_name(st), t.packages, t.numa_nodes, t.cores, t.pus, t.allowed_cores,
          t.allowed_pus, t.default_threads);
    const char *s = ptxcpu_topology_summary();
    check(s && strstr(s, "launch:") && strstr(s, "thread"), "topology: summary \"%s\"", s);
    print_indented(s);
}

typedef struct who_ctx { atomic_uint threads_seen; atomic_int bad_cpu; int want_cpu; } who_ctx;
static int who_block(const ptxcpu_block *blk, void *user)
{
    who_ctx *c = user;
    atomic_fetch_or(&c->threads_seen, 1u << (blk->thread & 31));
    if (c->want_cpu >= 0 && sched_getcpu() != c->want_cpu)
        atomic_store(&c->bad_cpu, 1);
    double t0 = now_s(); /* 1 ms of work so every thread of the team gets blocks */
    while (now_s() - t0 < 1e-3)
        ;
    return 0;
}

/* Child modes: "threads N" (PTXCPU_THREADS=N was set), "bad-env", "taskset CPU". Exit 0 = ok. */
static int child_main(int argc, char **argv)
{
    if (argc < 3)
        return 3;
    ptxcpu_topology t;
    ptxcpu_topology_get(&t);
    int n = argc > 3 ? atoi(argv[3]) : 0, ok = 1;
    who_ctx c = {0, 0, -1};
    if (!strcmp(argv[2], "threads")) {
        ptxcpu_status st = ptxcpu_launch((ptxcpu_dim3){64, 1, 1}, (ptxcpu_dim3){32, 1, 1},
                                         who_block, &c, NULL);
        unsigned seen = atomic_load(&c.threads_seen);
        ok = st == PTXCPU_OK && t.default_threads == (unsigned)n &&
             seen == ((1u << n) - 1);
        printf("child threads: default %u, thread mask %#x, expected %d threads\n",
               t.default_threads, seen, n);
    } else if (!strcmp(argv[2], "bad-env")) {
        ok = t.default_threads == t.allowed_cores &&
             strstr(ptxcpu_topology_summary(), "ignored") != NULL;
        printf("child bad-env: default %u, summary:\n", t.default_threads);
        print_indented(ptxcpu_topology_summary());
    } else if (!strcmp(argv[2], "taskset")) {
        c.want_cpu = n;
        ptxcpu_status st = ptxcpu_launch((ptxcpu_dim3){16, 1, 1}, (ptxcpu_dim3){32, 1, 1},
                                         who_block, &c, NULL);
        ok = st == PTXCPU_OK && t.allowed_cores == 1 && t.allowed_pus == 1 &&
             t.default_threads == 1 && atomic_load(&c.threads_seen) == 1 && !c.bad_cpu;
        /* Asked for more threads, they all stay on the one allowed cpu. */
        ptxcpu_launch_opts o = {2, PTXCPU_BIND_CORE, 0};
        st = ptxcpu_launch((ptxcpu_dim3){16, 1, 1}, (ptxcpu_dim3){32, 1, 1}, who_block, &c, &o);
        ok = ok && st == PTXCPU_OK && !c.bad_cpu;
        printf("child taskset -c %d: allowed cores %u pus %u, default threads %u, thread mask "
               "%#x, %s\n", n, t.allowed_cores, t.allowed_pus, t.default_threads,
               atomic_load(&c.threads_seen), c.bad_cpu ? "ran off its cpu" : "stayed on it");
    } else {
        return 3;
    }
    fflush(stdout);
    return ok ? 0 : 1;
}

/* Run argv with the environment minus PTXCPU_THREADS plus `extra`; its exit status, or -1 if it
 * could not be started (no such program, a foreign binary under an emulator). */
static int spawn(char *const argv[], const char *extra)
{
    size_t n = 0;
    while (environ[n])
        n++;
    char **env = calloc(n + 2, sizeof *env);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "PTXCPU_THREADS=", 15) != 0)
            env[k++] = environ[i];
    if (extra)
        env[k++] = (char *)extra;
    fflush(stdout);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], NULL, NULL, argv, env), status = 0;
    free(env);
    if (rc != 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
        return -1;
    rc = WEXITSTATUS(status);
    return rc == 126 || rc == 127 ? -1 : rc;
}

static void test_children(const char *self)
{
    /* Children inherit the caller's pinning: release it first. */
    ptxcpu_launch_opts none = {1, PTXCPU_BIND_NONE, 0};
    ptxcpu_status st = ptxcpu_launch((ptxcpu_dim3){1, 1, 1}, (ptxcpu_dim3){1, 1, 1}, count_block,
                                     NULL, &none);
    check(st == PTXCPU_OK && caller_affinity_ok(PTXCPU_BIND_NONE),
          "bind none: the caller's first affinity was not given back");
    char *thr[] = {(char *)self, "--child", "threads", "3", NULL};
    int rc = spawn(thr, "PTXCPU_THREADS=3");
    if (rc < 0) {
        printf("skip: cannot re-run %s (emulator?): PTXCPU_THREADS and taskset not checked\n",
               self);
        return;
    }
    check(rc == 0, "PTXCPU_THREADS=3: child exited %d", rc);
    char *bad[] = {(char *)self, "--child", "bad-env", NULL};
    rc = spawn(bad, "PTXCPU_THREADS=lots");
    check(rc == 0, "PTXCPU_THREADS=lots: child exited %d", rc);

    cpu_set_t mine;
    int cpu = -1;
    if (sched_getaffinity(0, sizeof mine, &mine) == 0)
        for (int i = 0; i < CPU_SETSIZE && cpu < 0; i++)
            if (CPU_ISSET(i, &mine))
                cpu = i;
    char cpus[16];
    snprintf(cpus, sizeof cpus, "%d", cpu);
    char *ts[] = {"taskset", "-c", cpus, (char *)self, "--child", "taskset", cpus, NULL};
    rc = cpu >= 0 ? spawn(ts, NULL) : -1;
    if (rc < 0)
        printf("skip: taskset not available: restricted cpuset not checked\n");
    else
        check(rc == 0, "taskset -c %d: child exited %d", cpu, rc);
}

/* ---- Overhead ----------------------------------------------------------------------------------- */

static int empty_block(const ptxcpu_block *blk, void *user)
{
    (void)blk, (void)user;
    return 0;
}

/* Mean microseconds of an empty launch of `blocks` blocks of 32 threads on `threads` threads. */
static double overhead_us(uint32_t blocks, unsigned threads, ptxcpu_bind bind, unsigned iters)
{
    ptxcpu_launch_opts o = {threads, bind, 0};
    ptxcpu_dim3 g = {blocks, 1, 1}, b = {32, 1, 1};
    for (unsigned i = 0; i < 1000; i++)
        ptxcpu_launch(g, b, empty_block, NULL, &o);
    double t0 = now_s();
    for (unsigned i = 0; i < iters; i++)
        ptxcpu_launch(g, b, empty_block, NULL, &o);
    return (now_s() - t0) / iters * 1e6;
}

static void print_overhead(unsigned iters)
{
    static const struct { uint32_t blocks; unsigned threads; ptxcpu_bind bind; } cfg[] = {
        {1, 2, PTXCPU_BIND_CORE}, {2, 2, PTXCPU_BIND_CORE}, {2, 2, PTXCPU_BIND_NONE},
        {1, 1, PTXCPU_BIND_CORE}, {64, 2, PTXCPU_BIND_CORE},
    };
    for (size_t i = 0; i < sizeof cfg / sizeof cfg[0]; i++)
        printf("empty launch: %2u block(s), %u thread(s), bind %-4s: %.2f us\n", cfg[i].blocks,
               cfg[i].threads, bind_str(cfg[i].bind),
               overhead_us(cfg[i].blocks, cfg[i].threads, cfg[i].bind, iters));
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--child"))
        return child_main(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "--overhead")) {
        print_overhead(argc > 2 ? (unsigned)atoi(argv[2]) : 200000);
        return 0;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    double t0 = now_s();
    sched_getaffinity(0, sizeof g_orig, &g_orig);
    ptxcpu_topology_get(&topo);
    test_topology();
    test_errors();
    test_callback_failure();
    test_nested();
    printf("(%.2f s)\n", now_s() - t0);
    test_shapes();
    test_chunks();
    printf("(%.2f s)\n", now_s() - t0);
    test_mulwide();
    printf("(%.2f s)\n", now_s() - t0);
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    self[len > 0 ? len : 0] = 0;
    test_children(strchr(argv[0], '/') || !len ? argv[0] : self);
    print_overhead(2000 / test_scale());
    printf("(%.2f s)\n", now_s() - t0);
    printf("launch: %llu passed, %llu failed\n", (unsigned long long)atomic_load(&g_pass),
           (unsigned long long)atomic_load(&g_fail));
    return atomic_load(&g_fail) ? 1 : 0;
}
