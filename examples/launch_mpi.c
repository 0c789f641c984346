/* examples/launch_grid.c across MPI ranks: the same 4096 x 250 grid, each rank running its share
 * of the blocks (ptxcpu_launch_mpi); every block's partial sum of g^2 is written by the rank that
 * ran it, then gathered on rank 0 (ptxcpu_mpi_gather_blocks), which checks the total against
 * (n - 1) n (2n - 1) / 6. Build: mpicc launch_mpi.c $(pkg-config --cflags --libs ptxcpu);
 * run: mpirun -np 2 ./a.out */
#include <ptxcpu_mpi.h>

#include <inttypes.h>
#include <stdio.h>

#define GRID 4096
#define BLOCK 250

typedef struct job {
    ptxcpu_kernel mad_lo, mul_wide;
    uint64_t partial[GRID]; /* every block's slot on every rank; each rank fills its own blocks' */
} job;

static int block_fn(const ptxcpu_block *blk, void *user)
{
    job *j = user;
    ptxcpu_w32 *g = blk->scratch;
    ptxcpu_w64 *sq = (ptxcpu_w64 *)(g + blk->nwarps);
    const ptrdiff_t sr = sizeof(ptxcpu_sregs);
    /* %ctaid is the global one: the rank does not change what a block computes */
    ptxcpu_batch mad = {.n = blk->nwarps, .d = g, .d_stride = sizeof *g,
                        .src = {{&blk->sregs[0].ctaid_x, sr}, {&blk->sregs[0].ntid_x, sr},
                                {&blk->sregs[0].tid_x, sr}},
                        .guard = blk->active, .guard_stride = sizeof *blk->active};
    ptxcpu_batch mul = {.n = blk->nwarps, .d = sq, .d_stride = sizeof *sq,
                        .src = {{g, sizeof *g}, {g, sizeof *g}},
                        .guard = blk->active, .guard_stride = sizeof *blk->active};
    if (ptxcpu_run(j->mad_lo, &mad) != PTXCPU_OK || ptxcpu_run(j->mul_wide, &mul) != PTXCPU_OK)
        return 1; /* every rank's ptxcpu_launch_mpi then fails, naming this rank and block */
    uint64_t s = 0;
    for (uint32_t w = 0; w < blk->nwarps; w++)
        for (int i = 0; i < PTXCPU_WARP; i++)
            if (blk->active[w] >> i & 1)
                s += sq[w].lane[i];
    j->partial[blk->ctaid.x] = s;
    return 0;
}

int main(int argc, char **argv)
{
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided); /* MPI from this thread only */
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    static job j;
    ptxcpu_insn mad_lo, mul_wide;
    int bad = ptxcpu_parse("mad.lo.u32", NULL, &mad_lo) != PTXCPU_OK ||
              ptxcpu_parse("mul.wide.u32", NULL, &mul_wide) != PTXCPU_OK ||
              ptxcpu_resolve(&mad_lo, PTXCPU_ISA_BEST, &j.mad_lo) != PTXCPU_OK ||
              ptxcpu_resolve(&mul_wide, PTXCPU_ISA_BEST, &j.mul_wide) != PTXCPU_OK;
    ptxcpu_dim3 grid = {GRID, 1, 1}, block = {BLOCK, 1, 1};
    /* every rank: the same grid; NULL options: one pinned thread per core mpirun bound it to.
     * Errors are collective: every rank gets the same status and message. */
    if (bad || ptxcpu_launch_mpi(MPI_COMM_WORLD, grid, block, block_fn, &j, NULL) != PTXCPU_OK ||
        ptxcpu_mpi_gather_blocks(MPI_COMM_WORLD, grid, NULL, j.partial, sizeof j.partial[0], 0) !=
            PTXCPU_OK) {
        fprintf(stderr, "rank %d: %s\n", rank, ptxcpu_last_error());
        MPI_Finalize();
        return 1;
    }
    uint64_t first = 0, count = 0;
    ptxcpu_mpi_blocks(MPI_COMM_WORLD, grid, NULL, &first, &count); /* the same split, to show it */
    printf("rank %d of %d ran blocks %" PRIu64 "..%" PRIu64 "\n", rank, size, first,
           first + count - 1);
    int rc = 0;
    if (rank == 0) {
        uint64_t sum = 0;
        for (int b = 0; b < GRID; b++)
            sum += j.partial[b];
        const uint64_t n = (uint64_t)GRID * BLOCK;
        const uint64_t want = n * (n - 1) / 2 * (2 * n - 1) / 3;
        printf("sum of g^2 over n = %" PRIu64 " threads: %" PRIu64 " %s\n", n, sum,
               sum == want ? "(equal to (n - 1) n (2n - 1) / 6)" : "MISMATCH");
        rc = sum != want;
    }
    MPI_Finalize();
    return rc;
}
