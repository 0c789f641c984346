/* Suite `mpi`, run by mpirun with 1, 2 and 3 ranks (`mpi_test N` checks it got N): every block
 * once across the ranks, the partition, special registers and results bit-identical to the
 * single-process launcher for several thread counts and shapes, idle ranks, collective errors
 * (a failing block on one rank, mismatched grids, one rank's bad arguments) and the local ones. */
#include <ptxcpu_mpi.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int g_rank, g_size;
static unsigned long g_pass, g_fail; /* this rank's, main thread only */

static void check(int ok, const char *fmt, ...)
{
    if (ok) {
        g_pass++;
        return;
    }
    if (g_fail++ < 40) {
        char buf[768];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
        printf("FAIL rank %d: %s\n", g_rank, buf);
        fflush(stdout);
    }
}

static ptxcpu_dim3 dim(uint32_t x, uint32_t y, uint32_t z) { return (ptxcpu_dim3){x, y, z}; }

/* What each thread of a block writes: its 15 special registers and three values computed from
 * them by ptxcpu kernels (mad.lo.u32 of ctaid, ntid, tid per axis), at its global thread index. */
#define REC 18
_Static_assert(sizeof(ptxcpu_sregs) == 15 * sizeof(ptxcpu_w32), "sregs: 15 warp registers");
typedef struct job {
    ptxcpu_kernel mad;
    uint32_t *out;         /* REC words per thread of the grid */
    unsigned *runs;        /* times each block ran (atomic) */
    unsigned bthreads;
    uint64_t fail_a, fail_b; /* linear blocks that return 7 (UINT64_MAX: none) */
    uint64_t first, count; /* this rank's range (ptxcpu_mpi_blocks), blocks outside it are errors */
    int outside;           /* blocks run outside the range (atomic) */
    int nested;            /* status of a ptxcpu_launch_mpi from a callback, -1 if not tried */
    int try_nested;
} job;

static int work_block(const ptxcpu_block *blk, void *user)
{
    job *j = user;
    uint64_t lin = blk->ctaid.x + (uint64_t)blk->nctaid.x * (blk->ctaid.y +
                                                             (uint64_t)blk->nctaid.y * blk->ctaid.z);
    __atomic_fetch_add(&j->runs[lin], 1, __ATOMIC_RELAXED);
    if (lin < j->first || lin >= j->first + j->count)
        __atomic_fetch_add(&j->outside, 1, __ATOMIC_RELAXED);
    if (j->try_nested && lin == j->first)
        j->nested = ptxcpu_launch_mpi(MPI_COMM_WORLD, blk->nctaid, blk->ntid, work_block, user,
                                      NULL);
    if (lin == j->fail_a || lin == j->fail_b)
        return 7;
    ptxcpu_w32 v[3][32];
    const ptxcpu_sregs *s = blk->sregs;
    const size_t st = sizeof(ptxcpu_sregs);
    const ptxcpu_w32 *axes[3][3] = {{&s->ctaid_x, &s->ntid_x, &s->tid_x},
                                    {&s->ctaid_y, &s->ntid_y, &s->tid_y},
                                    {&s->ctaid_z, &s->ntid_z, &s->tid_z}};
    for (int a = 0; a < 3; a++) {
        ptxcpu_batch b = {.n = blk->nwarps, .d = v[a], .d_stride = sizeof v[a][0],
                          .src = {{axes[a][0], st}, {axes[a][1], st}, {axes[a][2], st}},
                          .guard = blk->active, .guard_stride = sizeof(ptxcpu_lanemask)};
        if (ptxcpu_run(j->mad, &b) != PTXCPU_OK)
            return 9;
    }
    for (uint32_t w = 0; w < blk->nwarps; w++)
        for (unsigned l = 0; l < 32; l++) {
            if (!(blk->active[w] >> l & 1))
                continue;
            uint32_t *o = j->out + (lin * j->bthreads + w * 32 + l) * REC;
            /* the 15 registers, in the struct's order */
            const ptxcpu_w32 *f = (const ptxcpu_w32 *)(const void *)&s[w];
            for (int k = 0; k < 15; k++)
                o[k] = f[k].lane[l];
            o[15] = v[0][w].lane[l], o[16] = v[1][w].lane[l], o[17] = v[2][w].lane[l];
        }
    return 0;
}

static void job_init(job *j, ptxcpu_dim3 grid, ptxcpu_dim3 block, uint64_t nblocks)
{
    ptxcpu_insn insn;
    memset(j, 0, sizeof *j);
    if (ptxcpu_parse("mad.lo.u32", NULL, &insn) || ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &j->mad))
        check(0, "mad.lo.u32: %s", ptxcpu_last_error());
    j->bthreads = block.x * block.y * block.z;
    j->out = calloc(nblocks * j->bthreads, REC * sizeof(uint32_t));
    j->runs = calloc(nblocks, sizeof *j->runs);
    j->fail_a = j->fail_b = UINT64_MAX;
    j->nested = -1;
    j->count = UINT64_MAX;
    (void)grid;
}

static void job_free(job *j) { free(j->out), free(j->runs); }

/* One shape under one set of options: the distributed results against ptxcpu_launch's. */
static void check_shape(ptxcpu_dim3 grid, ptxcpu_dim3 block, const ptxcpu_launch_opts *opts,
                        const char *what)
{
    uint64_t nblocks = (uint64_t)grid.x * grid.y * grid.z;
    job ref, dist;
    job_init(&ref, grid, block, nblocks);
    job_init(&dist, grid, block, nblocks);
    size_t bytes = (size_t)nblocks * ref.bthreads * REC * sizeof(uint32_t);
    check(ptxcpu_launch(grid, block, work_block, &ref, opts) == PTXCPU_OK, "%s: reference: %s",
          what, ptxcpu_last_error());
    ptxcpu_status st = ptxcpu_mpi_blocks(MPI_COMM_WORLD, grid, opts, &dist.first, &dist.count);
    check(st == PTXCPU_OK, "%s: ptxcpu_mpi_blocks: %s", what, ptxcpu_last_error());
    st = ptxcpu_launch_mpi(MPI_COMM_WORLD, grid, block, work_block, &dist, opts);
    check(st == PTXCPU_OK, "%s: ptxcpu_launch_mpi: %s", what, ptxcpu_last_error());
    check(dist.outside == 0, "%s: %d blocks ran outside this rank's range %llu+%llu", what,
          dist.outside, (unsigned long long)dist.first, (unsigned long long)dist.count);
    /* every block exactly once over the ranks */
    unsigned *sum = calloc(nblocks, sizeof *sum);
    MPI_Allreduce(dist.runs, sum, (int)nblocks, MPI_UNSIGNED, MPI_SUM, MPI_COMM_WORLD);
    uint64_t bad = 0;
    for (uint64_t b = 0; b < nblocks; b++)
        bad += sum[b] != 1;
    check(bad == 0, "%s: %llu of %llu blocks did not run exactly once", what,
          (unsigned long long)bad, (unsigned long long)nblocks);
    /* the ranges tile the grid in rank order */
    unsigned long long range[2] = {dist.first, dist.count}, *all = calloc(2 * (size_t)g_size, 8);
    MPI_Allgather(range, 2, MPI_UNSIGNED_LONG_LONG, all, 2, MPI_UNSIGNED_LONG_LONG, MPI_COMM_WORLD);
    unsigned long long next = 0;
    for (int r = 0; r < g_size; r++) {
        check(all[2 * r] == next, "%s: rank %d's range starts at %llu, not %llu", what, r,
              all[2 * r], next);
        next = all[2 * r] + all[2 * r + 1];
    }
    check(next == nblocks, "%s: the ranges end at %llu of %llu blocks", what, next,
          (unsigned long long)nblocks);
    /* gathered on rank 0, then on every rank: bit for bit the single process's results */
    uint32_t *copy = malloc(bytes);
    memcpy(copy, dist.out, bytes);
    st = ptxcpu_mpi_gather_blocks(MPI_COMM_WORLD, grid, opts, dist.out,
                                  (size_t)ref.bthreads * REC * sizeof(uint32_t), 0);
    check(st == PTXCPU_OK, "%s: gather to 0: %s", what, ptxcpu_last_error());
    if (g_rank == 0)
        check(!memcmp(dist.out, ref.out, bytes), "%s: gathered on rank 0 != ptxcpu_launch's",
              what);
    else
        check(!memcmp(dist.out, copy, bytes), "%s: a gather to rank 0 changed rank %d's buffer",
              what, g_rank);
    memcpy(dist.out, copy, bytes);
    st = ptxcpu_mpi_gather_blocks(MPI_COMM_WORLD, grid, opts, dist.out,
                                  (size_t)ref.bthreads * REC * sizeof(uint32_t), -1);
    check(st == PTXCPU_OK, "%s: gather to all: %s", what, ptxcpu_last_error());
    check(!memcmp(dist.out, ref.out, bytes), "%s: all-gathered != ptxcpu_launch's", what);
    free(copy), free(sum), free(all);
    job_free(&ref), job_free(&dist);
}

/* Every rank returned `want` with the message `msg`: gathered and compared on every rank. */
static void check_collective(ptxcpu_status got, ptxcpu_status want, const char *msg,
                             const char *what)
{
    char mine[512], *all = malloc(512 * (size_t)g_size);
    snprintf(mine, sizeof mine, "%d %s", (int)got, got == PTXCPU_OK ? "" : ptxcpu_last_error());
    MPI_Allgather(mine, 512, MPI_CHAR, all, 512, MPI_CHAR, MPI_COMM_WORLD);
    char expect[512];
    snprintf(expect, sizeof expect, "%d %s", (int)want, msg);
    for (int r = 0; r < g_size; r++)
        check(!strcmp(all + 512 * r, expect), "%s: rank %d returned \"%s\", expected \"%s\"",
              what, r, all + 512 * r, expect);
    free(all);
}

/* The rank that runs linear block b of a 1-D grid of n blocks with these opts. */
static int owner(uint64_t n, uint64_t b, const ptxcpu_launch_opts *opts)
{
    uint64_t first = 0, count = 0;
    ptxcpu_mpi_blocks(MPI_COMM_WORLD, dim((uint32_t)n, 1, 1), opts, &first, &count);
    int mine = b >= first && b < first + count ? g_rank : -1, who = -1;
    MPI_Allreduce(&mine, &who, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return who;
}

static void check_errors(void)
{
    ptxcpu_launch_opts one = {.threads = 1, .bind = PTXCPU_BIND_NONE};
    ptxcpu_dim3 grid = dim(64, 1, 1), block = dim(32, 1, 1);
    char msg[512];
    job j;
    /* a block failing on the last rank that has blocks: every rank says so */
    int last = owner(64, 63, &one);
    job_init(&j, grid, block, 64);
    j.fail_a = 63;
    ptxcpu_mpi_blocks(MPI_COMM_WORLD, grid, &one, &j.first, &j.count);
    ptxcpu_status st = ptxcpu_launch_mpi(MPI_COMM_WORLD, grid, block, work_block, &j, &one);
    snprintf(msg, sizeof msg, "ptxcpu_launch_mpi: rank %d: block (63,0,0) returned 7", last);
    check_collective(st, PTXCPU_E_ARG, msg, "block 63 fails");
    /* two failing blocks on different ranks: the lower one */
    j.fail_a = 5, j.fail_b = 63;
    st = ptxcpu_launch_mpi(MPI_COMM_WORLD, grid, block, work_block, &j, &one);
    snprintf(msg, sizeof msg, "ptxcpu_launch_mpi: rank 0: block (5,0,0) returned 7");
    check_collective(st, PTXCPU_E_ARG, msg, "blocks 5 and 63 fail");
    /* and the next launch runs normally */
    j.fail_a = j.fail_b = UINT64_MAX;
    st = ptxcpu_launch_mpi(MPI_COMM_WORLD, grid, block, work_block, &j, &one);
    check_collective(st, PTXCPU_OK, "", "after failures");
    /* a launch from a block callback is refused there, and nothing else breaks */
    j.try_nested = 1;
    st = ptxcpu_launch_mpi(MPI_COMM_WORLD, grid, block, work_block, &j, &one);
    check_collective(st, PTXCPU_OK, "", "nested");
    if (j.count)
        check(j.nested == PTXCPU_E_ARG, "nested launch returned %d", j.nested);
    job_free(&j);

    /* one rank's own arguments */
    int bad = g_size - 1;
    snprintf(msg, sizeof msg, "ptxcpu_launch_mpi: rank %d: fn is NULL", bad);
    st = ptxcpu_launch_mpi(MPI_COMM_WORLD, grid, block, g_rank == bad ? NULL : work_block, NULL,
                           &one);
    check_collective(st, PTXCPU_E_NULL, msg, "NULL fn on the last rank");
    ptxcpu_launch_opts many = {.threads = 1025};
    snprintf(msg, sizeof msg, "ptxcpu_launch_mpi: rank %d: threads = 1025 is more than 1024", bad);
    st = ptxcpu_launch_mpi(MPI_COMM_WORLD, grid, block, work_block, NULL,
                           g_rank == bad ? &many : &one);
    check_collective(st, PTXCPU_E_RANGE, msg, "threads 1025 on the last rank");
    st = ptxcpu_launch_mpi(MPI_COMM_WORLD, dim(0, 1, 1), block, work_block, NULL, &one);
    check_collective(st, PTXCPU_E_RANGE,
                     "ptxcpu_launch_mpi: rank 0: grid.x = 0 is out of range 1..2147483647",
                     "grid.x 0 everywhere");
    /* ranks that disagree on the grid or the block */
    if (g_size > 1) {
        snprintf(msg, sizeof msg, "ptxcpu_launch_mpi: rank %d has grid (65,1,1) block (32,1,1), "
                 "rank 0 has grid (64,1,1) block (32,1,1)", bad);
        st = ptxcpu_launch_mpi(MPI_COMM_WORLD, g_rank == bad ? dim(65, 1, 1) : grid, block,
                               work_block, NULL, &one);
        check_collective(st, PTXCPU_E_ARG, msg, "grid.x 65 on the last rank");
        snprintf(msg, sizeof msg, "ptxcpu_launch_mpi: rank 1 has grid (64,1,1) block (32,2,1), "
                 "rank 0 has grid (64,1,1) block (32,1,1)");
        st = ptxcpu_launch_mpi(MPI_COMM_WORLD, grid, g_rank ? dim(32, 2, 1) : block, work_block,
                               NULL, &one);
        check_collective(st, PTXCPU_E_ARG, msg, "block.y 2 on ranks 1..");
    }
    /* the helpers' arguments, collective too */
    uint32_t word[64];
    st = ptxcpu_mpi_gather_blocks(MPI_COMM_WORLD, grid, &one, g_rank == bad ? NULL : word, 4, 0);
    snprintf(msg, sizeof msg, "ptxcpu_mpi_gather_blocks: rank %d: buf is NULL", bad);
    check_collective(st, PTXCPU_E_NULL, msg, "gather NULL buf");
    st = ptxcpu_mpi_gather_blocks(MPI_COMM_WORLD, grid, &one, word, 4, g_size);
    snprintf(msg, sizeof msg, "ptxcpu_mpi_gather_blocks: rank 0: root = %d is out of range -1..%d",
             g_size, g_size - 1);
    check_collective(st, PTXCPU_E_ARG, msg, "gather root = size");
    uint64_t first;
    st = ptxcpu_mpi_blocks(MPI_COMM_WORLD, grid, &one, &first, g_rank == bad ? NULL : &first);
    snprintf(msg, sizeof msg, "ptxcpu_mpi_blocks: rank %d: count is NULL", bad);
    check_collective(st, PTXCPU_E_NULL, msg, "blocks NULL count");

    /* failing on the calling rank alone: no communication is possible */
    st = ptxcpu_launch_mpi(MPI_COMM_NULL, grid, block, work_block, NULL, &one);
    check(st == PTXCPU_E_NULL && !strcmp(ptxcpu_last_error(),
                                         "ptxcpu_launch_mpi: comm is MPI_COMM_NULL"),
          "MPI_COMM_NULL: %d %s", st, ptxcpu_last_error());
    if (g_size > 1) {
        MPI_Comm half, inter;
        MPI_Comm_split(MPI_COMM_WORLD, g_rank % 2, g_rank, &half);
        MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, g_rank % 2 ? 0 : 1, 99, &inter);
        st = ptxcpu_launch_mpi(inter, grid, block, work_block, NULL, &one);
        check(st == PTXCPU_E_ARG && strstr(ptxcpu_last_error(), "inter-communicator"),
              "inter-communicator: %d %s", st, ptxcpu_last_error());
        MPI_Comm_free(&inter);
        MPI_Comm_free(&half);
    }
}

int main(int argc, char **argv)
{
    /* before MPI_Init: refused locally */
    ptxcpu_status st = ptxcpu_launch_mpi(MPI_COMM_WORLD, dim(1, 1, 1), dim(32, 1, 1), work_block,
                                         NULL, NULL);
    int pre_ok = st == PTXCPU_E_ARG && !strcmp(ptxcpu_last_error(), "ptxcpu_launch_mpi: MPI is "
                                               "not initialized (call MPI_Init_thread first)");
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    check(pre_ok, "before MPI_Init: %d %s", st, ptxcpu_last_error());
    int want = argc > 1 ? atoi(argv[1]) : g_size;
    check(g_size == want, "%d ranks, expected %d (was the program started by mpirun -np %d?)",
          g_size, want, want);

    /* shapes: 3-D with partial warps, one block (idle ranks), fewer blocks than ranks, many */
    static const struct { ptxcpu_dim3 g, b; } shapes[] = {
        {{7, 5, 3}, {10, 3, 2}}, {{1, 1, 1}, {32, 1, 1}}, {{2, 1, 1}, {33, 1, 1}},
        {{1000, 1, 1}, {64, 1, 1}}, {{3, 2, 1}, {1024, 1, 1}},
    };
    /* thread counts per rank: equal (1, 2, 3: not pinned, the ranks may share cores under
     * --oversubscribe), unequal (rank + 1: weighted ranges), and the defaults (pinned) */
    ptxcpu_launch_opts cfgs[5] = {{.threads = 1, .bind = PTXCPU_BIND_NONE},
                                  {.threads = 2, .bind = PTXCPU_BIND_NONE},
                                  {.threads = 3, .bind = PTXCPU_BIND_NONE},
                                  {.threads = (unsigned)g_rank + 1, .bind = PTXCPU_BIND_NONE},
                                  {0}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int c = 0; c < 5; c++) {
            char what[128];
            snprintf(what, sizeof what, "grid (%u,%u,%u) block (%u,%u,%u) config %d",
                     shapes[s].g.x, shapes[s].g.y, shapes[s].g.z, shapes[s].b.x, shapes[s].b.y,
                     shapes[s].b.z, c);
            check_shape(shapes[s].g, shapes[s].b, &cfgs[c], what);
        }
    check_errors();

    char text[4096];
    st = ptxcpu_mpi_summary(MPI_COMM_WORLD, text, sizeof text);
    char head[64];
    snprintf(head, sizeof head, "mpi: %d rank(s), ", g_size);
    check(st == PTXCPU_OK && !strncmp(text, head, strlen(head)), "summary: %s", text);

    unsigned long counts[2] = {g_pass, g_fail}, total[2];
    MPI_Reduce(counts, total, 2, MPI_UNSIGNED_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (g_rank == 0)
        printf("mpi_test on %d rank(s): %lu checks passed, %lu failed\n", g_size, total[0],
               total[1]);
    MPI_Finalize();
    return g_fail ? 1 : 0;
}
