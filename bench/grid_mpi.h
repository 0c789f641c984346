/* The grid workloads of bench/grid.h across the ranks of an MPI job (`ptxcpu demo` and the bench's
 * grid-mpi mode under mpirun). Built only with MPI; this header itself needs no mpi.h. */
#ifndef PTXCPU_BENCH_GRID_MPI_H
#define PTXCPU_BENCH_GRID_MPI_H

#include "grid.h"

/* grid_chain over the first `ranks` ranks of MPI_COMM_WORLD (ptxcpu_launch_mpi), `threads` per
 * rank (0: each rank's default); the other ranks wait. Collective over MPI_COMM_WORLD: the return
 * value, *out (rank 0's wall times; each launch ends with an all-reduce, so every rank finishes
 * it within a message of the others) and *threads_sum (the threads the ranks run at once,
 * summed) are the same on every rank. */
int grid_chain_ranks(int ranks, const char *mnemonic, ptxcpu_isa isa, uint64_t threads_total,
                     uint64_t steps, unsigned threads, unsigned reps, grid_result *out,
                     unsigned *threads_sum);

/* Median microseconds of an empty ptxcpu_launch_mpi (one block of 32 threads that does nothing)
 * over all ranks of MPI_COMM_WORLD, back to back; collective, rank 0's figure. */
double grid_launch_overhead_mpi_us(int reps);

#endif
