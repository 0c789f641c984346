/* Grid workloads run through the launcher, shared by `ptxcpu demo` and `ptxcpu bench`: a grid of
 * register-resident dependent chains (compute-bound) and a grid streaming big arrays through
 * batched kernels (memory-bound). */
#ifndef PTXCPU_BENCH_GRID_H
#define PTXCPU_BENCH_GRID_H

#include "ptxcpu.h"
#include "ptxcpu_launch.h"

#include <stdint.h>

typedef struct grid_result {
    double seconds;        /* wall time of the launch */
    double warp_insns;     /* warp-instructions executed (active warps x steps) */
    uint64_t checksum;     /* order-independent digest of every thread's final registers */
} grid_result;

/* Runs `threads_total` threads (blocks of 256) each doing a chain of `steps` of `mnemonic`
 * (the result fed back into a, so each step depends on the whole last one) on `isa`, over `threads` worker
 * threads (0 = launcher default). progress: print a percentage on stderr while running.
 * seconds: the median of `reps` timed launches (after an untimed one when reps > 1; at most
 * 31), each of which must give the same checksum. PTXCPU_GRID_PROFILE=1 in the environment
 * prints where a block's time goes (fill, chain, digest, launcher) on stderr. */
int grid_chain(const char *mnemonic, ptxcpu_isa isa, uint64_t threads_total, uint64_t steps,
               unsigned threads, int progress, unsigned reps, grid_result *out);

/* How a grid is launched: by this process alone (a NULL launcher: ptxcpu_launch), or across the
 * ranks of an MPI job (bench/grid_mpi.c), each process running some of the blocks. */
typedef struct grid_launcher {
    ptxcpu_status (*launch)(const struct grid_launcher *l, ptxcpu_dim3 grid, ptxcpu_dim3 block,
                            ptxcpu_block_fn fn, void *user, const ptxcpu_launch_opts *opts);
    /* The job's sum (mod 2^64) of every process's `partial`, on every process. */
    uint64_t (*sum)(const struct grid_launcher *l, uint64_t partial);
    /* Before each timed launch: every process starts it together. */
    void (*sync)(const struct grid_launcher *l);
    void *ctx;
} grid_launcher;

/* grid_chain on a launcher. The checksum folds the block digests in block order as a polynomial
 * (sum of digest_i * P^(blocks-1-i)); a process that ran some of the blocks folds its own with
 * zeros for the rest, and the sum of the processes' folds is the single process's checksum. */
int grid_chain_on(const grid_launcher *l, const char *mnemonic, ptxcpu_isa isa,
                  uint64_t threads_total, uint64_t steps, unsigned threads, int progress,
                  unsigned reps, grid_result *out);

/* Streams `bytes_per_operand` bytes through add.u32 d = a + b in batches, block by block, on
 * `isa` over `threads` worker threads: the memory-bound grid (median of `reps`, as above). */
int grid_memory(ptxcpu_isa isa, size_t bytes_per_operand, unsigned threads, unsigned reps,
                grid_result *out);

/* Median microseconds of an empty launch (one block of 32 threads, a callback doing nothing). */
double grid_launch_overhead_us(unsigned threads, int reps);
double grid_launch_overhead_us_on(const grid_launcher *l, unsigned threads, int reps);

#endif
