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

/* Streams `bytes_per_operand` bytes through add.u32 d = a + b in batches, block by block, on
 * `isa` over `threads` worker threads: the memory-bound grid (median of `reps`, as above). */
int grid_memory(ptxcpu_isa isa, size_t bytes_per_operand, unsigned threads, unsigned reps,
                grid_result *out);

/* Median microseconds of an empty launch (one block of 32 threads, a callback doing nothing). */
double grid_launch_overhead_us(unsigned threads, int reps);

#endif
