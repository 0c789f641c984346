/* The grid workloads across MPI ranks: a grid_launcher over ptxcpu_launch_mpi on a communicator of
 * the first ranks of the job, the checksum summed over them. Built only with MPI. */
#include "grid_mpi.h"
#include "peak.h"
#include "ptxcpu_mpi.h"

#include <stdlib.h>

static ptxcpu_status mpi_launch(const grid_launcher *l, ptxcpu_dim3 grid, ptxcpu_dim3 block,
                                ptxcpu_block_fn fn, void *user, const ptxcpu_launch_opts *opts)
{
    return ptxcpu_launch_mpi(*(MPI_Comm *)l->ctx, grid, block, fn, user, opts);
}

/* MPI_SUM on an unsigned 64-bit type adds as C does, modulo 2^64, as the fold needs. */
static uint64_t mpi_sum(const grid_launcher *l, uint64_t partial)
{
    uint64_t total = 0;
    MPI_Allreduce(&partial, &total, 1, MPI_UINT64_T, MPI_SUM, *(MPI_Comm *)l->ctx);
    return total;
}

static void mpi_sync(const grid_launcher *l) { MPI_Barrier(*(MPI_Comm *)l->ctx); }

/* The threads this rank runs at once with `threads` (0: its default), as the launch weighs it. */
static unsigned rank_threads(unsigned threads)
{
    ptxcpu_topology t;
    if (ptxcpu_topology_get(&t))
        return 1;
    unsigned n = threads ? threads : t.default_threads;
    return n < t.allowed_cores ? n : t.allowed_cores;
}

int grid_chain_ranks(int ranks, const char *mnemonic, ptxcpu_isa isa, uint64_t threads_total,
                     uint64_t steps, unsigned threads, unsigned reps, grid_result *out,
                     unsigned *threads_sum)
{
    int rank = 0, failed = 0, any = 0;
    unsigned sum = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm sub = MPI_COMM_NULL;
    MPI_Comm_split(MPI_COMM_WORLD, rank < ranks ? 0 : MPI_UNDEFINED, rank, &sub);
    if (sub != MPI_COMM_NULL) {
        grid_launcher l = {mpi_launch, mpi_sum, mpi_sync, &sub};
        failed = grid_chain_on(&l, mnemonic, isa, threads_total, steps, threads, 0, reps, out);
        unsigned mine = rank_threads(threads);
        MPI_Allreduce(&mine, &sum, 1, MPI_UNSIGNED, MPI_SUM, sub);
        MPI_Comm_free(&sub);
    }
    MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (!any) /* rank 0's figures on every rank, the ranks that waited included */
        MPI_Bcast(out, (int)sizeof *out, MPI_BYTE, 0, MPI_COMM_WORLD);
    MPI_Bcast(&sum, 1, MPI_UNSIGNED, 0, MPI_COMM_WORLD);
    if (threads_sum)
        *threads_sum = sum;
    return any;
}

double grid_launch_overhead_mpi_us(int reps)
{
    MPI_Comm world = MPI_COMM_WORLD;
    grid_launcher l = {mpi_launch, mpi_sum, mpi_sync, &world};
    return grid_launch_overhead_us_on(&l, 0, reps);
}
