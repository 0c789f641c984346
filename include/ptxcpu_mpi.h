/* ptxcpu across MPI ranks: a grid launch split over the ranks of a communicator, each rank running
 * its share of the blocks with the hwloc/OpenMP launcher on the cores mpirun gave it. Installed
 * only when the library is built with MPI (meson option `mpi`); it is the only header that
 * includes mpi.h. */
#ifndef PTXCPU_MPI_H
#define PTXCPU_MPI_H

#include <mpi.h>

#include "ptxcpu_launch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Which blocks a rank runs: contiguous ranges of linear block indices (ctaid.x fastest, then y,
 * then z), in rank order, each rank's range proportional to its weight = the threads its launch
 * runs at once (opts' thread count, or the launcher's default: one per core of the cpuset the
 * rank is bound to, capped at those cores, or PUs when not pinned to cores). Rank r of n with
 * weights w gets the blocks
 *     floor(B * W_r / W) .. floor(B * (W_r + w_r) / W) - 1
 * of a grid of B blocks, where W_r is the sum of the weights of ranks 0..r-1 and W of all: every
 * block once, none when B is smaller than the number of ranks for some of them (idle ranks).
 * Contiguous, because a rank's outputs are then one slice of any array indexed by block (one
 * MPI_Gatherv gathers them, see ptxcpu_mpi_gather_blocks), and a digest combined in block order
 * needs one value per rank; weighted, because ranks bound to unequal cpusets (a rank per NUMA node
 * of unequal nodes, a hostfile with unequal slots) then finish together. Blocks are assumed to
 * cost about the same: there is no work stealing between ranks. */

/* Runs fn once for every block of the grid across the ranks of the intra-communicator comm: a
 * collective call, every rank of comm calls it with the same grid and block (fn, user and opts
 * are each rank's own). Each rank runs its range (above) on its own team, as ptxcpu_launch does,
 * with the grid's global %ctaid and %nctaid; blk->thread is the thread within the rank. Each rank
 * owns the outputs of its blocks: gather them with ptxcpu_mpi_gather_blocks or your own MPI calls.
 *
 * Errors are collective: every rank returns the same status with the same message (checked on
 * every rank, in this order, before any block runs):
 *   - a rank whose own arguments fail ptxcpu_launch's checks (NULL fn: PTXCPU_E_NULL; a dimension
 *     or option out of range: PTXCPU_E_RANGE; bad bind: PTXCPU_E_ARG): that status, with that
 *     rank's message, "ptxcpu_launch_mpi: rank R: ...", for the lowest such rank;
 *   - ranks that disagree on the grid or the block: PTXCPU_E_ARG, "ptxcpu_launch_mpi: rank R has
 *     grid (..) block (..), rank 0 has grid (..) block (..)" for the lowest such rank;
 *   - while running: a block returning nonzero stops its rank's launch as in ptxcpu_launch (the
 *     other ranks finish their ranges), and every rank returns PTXCPU_E_ARG with "ptxcpu_launch_mpi:
 *     rank R: block (x,y,z) returned N" for the lowest failing block of the grid; a rank that
 *     cannot get its scratch: PTXCPU_E_RANGE, naming that rank.
 * Nothing is partial without an error. These fail on the calling rank alone, without
 * communicating (the call cannot reach the others): MPI not initialized or already finalized, or
 * a call from a block callback (PTXCPU_E_ARG), comm == MPI_COMM_NULL (PTXCPU_E_NULL), an
 * inter-communicator (PTXCPU_E_ARG).
 * MPI is called from the calling thread only, never from the OpenMP workers: MPI_THREAD_FUNNELED
 * (MPI_Init_thread) is enough. Cost: one MPI_Allgather of 64 bytes per rank before the blocks run
 * and one MPI_Allreduce (MPI_MINLOC) after; docs/MPI.md has the measured figures. */
PTXCPU_API ptxcpu_status ptxcpu_launch_mpi(MPI_Comm comm, ptxcpu_dim3 grid, ptxcpu_dim3 block,
                                           ptxcpu_block_fn fn, void *user,
                                           const ptxcpu_launch_opts *opts);

/* This rank's range of linear block indices for a launch of `grid` with these opts, as
 * ptxcpu_launch_mpi computes it: *first and *count (0 for an idle rank). Collective (it gathers
 * the ranks' weights). The grid is checked as the launch checks it, collectively; pass the opts
 * the launch is given, or the ranges may differ. */
PTXCPU_API ptxcpu_status ptxcpu_mpi_blocks(MPI_Comm comm, ptxcpu_dim3 grid,
                                           const ptxcpu_launch_opts *opts, uint64_t *first,
                                           uint64_t *count);

/* Gathers per-block outputs after a ptxcpu_launch_mpi of `grid` with these opts: buf holds, on
 * every rank, an array of bytes_per_block bytes per block of the whole grid, in linear block
 * order, in which each rank has written its own blocks' entries. After the call, rank `root` (or
 * every rank when root is -1) holds every block's entry; the other ranks' buf is unchanged.
 * Collective. PTXCPU_E_NULL for a NULL buf, PTXCPU_E_RANGE for bytes_per_block 0 or a rank's
 * share past INT_MAX blocks, PTXCPU_E_ARG for a root outside -1 .. size-1. */
PTXCPU_API ptxcpu_status ptxcpu_mpi_gather_blocks(MPI_Comm comm, ptxcpu_dim3 grid,
                                                  const ptxcpu_launch_opts *opts, void *buf,
                                                  size_t bytes_per_block, int root);

/* A few lines (each ending in '\n') for `ptxcpu info` under mpirun: the MPI library, the rank
 * count, and for every rank its host, the cpuset it was bound to (hwloc), the cores and PUs in
 * it and the threads a default launch runs there; a warning when two ranks on one host share
 * cpus (mpirun --bind-to none: their teams would be pinned onto the same cores). Collective; the
 * text, the same on every rank, is written to buf (truncated to len - 1 bytes). */
PTXCPU_API ptxcpu_status ptxcpu_mpi_summary(MPI_Comm comm, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif /* PTXCPU_MPI_H */
