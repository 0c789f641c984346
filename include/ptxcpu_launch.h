/* ptxcpu grid launcher: run a CUDA-style grid of blocks of threads on all cores, warp by warp,
 * on OpenMP threads pinned with hwloc; each block's special registers come as warp registers. */
#ifndef PTXCPU_LAUNCH_H
#define PTXCPU_LAUNCH_H

#include "ptxcpu_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Grid and block dimensions, as CUDA's dim3 (every component must be given; none defaults to 1). */
typedef struct ptxcpu_dim3 { uint32_t x, y, z; } ptxcpu_dim3;

/* The special registers of one warp, one warp register each (lane i = thread 32 * warp + i).
 * A block's warps form an array of these, so a field is a register file that ptxcpu_run walks
 * directly: base &blk->sregs[0].tid_x, stride sizeof(ptxcpu_sregs).
 *
 * Threads are linearised as CUDA does: tid = x + y * ntid.x + z * ntid.x * ntid.y; warp w holds
 * tids 32w .. 32w + 31. %laneid = tid % 32 and %warpid = tid / 32: the static warp number (on a
 * GPU %warpid is volatile, it may change when a warp is rescheduled; here it never does).
 * %nwarpid is the number of warps of the block. %ntid, %ctaid, %nctaid are the same in every lane.
 * Lanes past the end of a partial last warp (inactive, see ptxcpu_block.active) hold the values
 * they would have if the block went on: tid = 32w + lane decomposed with ntid.x and ntid.y (so
 * their tid_z may reach ntid.z), laneid = lane, warpid = w. */
typedef struct ptxcpu_sregs {
    ptxcpu_w32 tid_x, tid_y, tid_z;
    ptxcpu_w32 ntid_x, ntid_y, ntid_z;
    ptxcpu_w32 ctaid_x, ctaid_y, ctaid_z;
    ptxcpu_w32 nctaid_x, nctaid_y, nctaid_z;
    ptxcpu_w32 laneid, warpid, nwarpid;
} ptxcpu_sregs;

/* What a block callback receives. Everything it points to belongs to the thread running the
 * block and is valid during the call only. */
typedef struct ptxcpu_block {
    ptxcpu_dim3 ctaid;              /* this block's index in the grid */
    ptxcpu_dim3 nctaid;             /* grid dimensions */
    ptxcpu_dim3 ntid;               /* block dimensions */
    uint32_t nwarps;                /* ceil(ntid.x * ntid.y * ntid.z / 32), 1..32 */
    const ptxcpu_sregs *sregs;      /* nwarps entries (read only) */
    const ptxcpu_lanemask *active;  /* nwarps masks: all ones except a partial last warp */
    void *scratch;                  /* this thread's scratch, 4096-byte aligned, on its NUMA node,
                                       reused across blocks and launches: its contents at the start
                                       of a block are unspecified (leftovers of other blocks), so
                                       write before reading to keep results independent of the
                                       thread count */
    size_t scratch_bytes;           /* size asked in ptxcpu_launch_opts (or the default) */
    unsigned thread;                /* index of the OpenMP thread running the block, 0..threads-1 */
} ptxcpu_block;

/* Runs one block. Nonzero stops the launch: blocks not yet started are skipped, blocks already
 * running finish, and ptxcpu_launch returns PTXCPU_E_ARG naming the failing block (the one with
 * the lowest linear index if several fail). Blocks run concurrently in any order: a callback must
 * only write what its own block owns. It must not call ptxcpu_launch. */
typedef int (*ptxcpu_block_fn)(const ptxcpu_block *blk, void *user);

/* How the threads of a launch are pinned. CORE: thread i on the i-th allowed physical core
 * (modulo their number); PU: on the i-th allowed hardware thread, taking one PU of every core
 * before the second of any; NONE: not pinned, free over the allowed cpuset.
 * A thread is pinned once and stays pinned between launches, so a launch makes no system call
 * once warm. That includes the calling thread, which runs as thread 0 (as OMP_PROC_BIND does
 * with OpenMP's initial thread): threads and processes it creates afterwards inherit its pinning.
 * A launch with PTXCPU_BIND_NONE gives it back the binding it had before its first pinning.
 * Several threads launching at the same time each run their own team, pinned to the same first
 * cores: use PTXCPU_BIND_NONE there. From inside an OpenMP parallel region a launch runs on one
 * thread (OpenMP does not nest by default). */
typedef enum ptxcpu_bind {
    PTXCPU_BIND_CORE = 0,
    PTXCPU_BIND_PU = 1,
    PTXCPU_BIND_NONE = 2
} ptxcpu_bind;

/* Launch options; all-zero (or a NULL pointer) means the defaults. */
typedef struct ptxcpu_launch_opts {
    unsigned threads;     /* 0: PTXCPU_THREADS from the environment (read once), else one per
                             physical core of the allowed cpuset; at most 1024. More threads
                             than cores share them (pinned modulo the cores). A PTXCPU_THREADS
                             that is not a count in 1..1024 is ignored, and the summary
                             (ptxcpu_topology_summary, `ptxcpu info`, `ptxcpu demo`) says
                             so, as it says when one oversubscribes the allowed PUs */
    ptxcpu_bind bind;     /* default PTXCPU_BIND_CORE */
    size_t scratch_bytes; /* per-thread scratch; 0: half the L2 hwloc reports for a core, at
                             least 64 KiB; at most 1 GiB */
} ptxcpu_launch_opts;

/* Runs fn once for every block of the grid, on `threads` OpenMP threads. Blocks are handed out
 * dynamically in chunks of consecutive linear block indices (ctaid.x fastest, then y, then z;
 * chunks shrink toward the end of the grid so that the threads finish together), so results
 * never depend on the thread count as long as blocks are independent.
 * Limits as CUDA: block x, y <= 1024, z <= 64, x * y * z in 1..1024; grid x in 1..2^31-1, y and z
 * in 1..65535. Errors (nothing is run): PTXCPU_E_NULL for a NULL fn, PTXCPU_E_RANGE for a
 * dimension out of range or a total thread count past 2^64 (also threads > 1024, scratch_bytes
 * > 1 GiB), PTXCPU_E_ARG for a bad bind policy or a call from inside a block callback. While
 * running: a callback failure gives PTXCPU_E_ARG (see ptxcpu_block_fn), a thread that cannot get
 * its scratch PTXCPU_E_RANGE; the launch stops as for a failing block.
 * At most min(threads, number of blocks) threads take part. Across the ranks of an MPI job:
 * ptxcpu_launch_mpi (ptxcpu_mpi.h, in a build with MPI). */
PTXCPU_API ptxcpu_status ptxcpu_launch(ptxcpu_dim3 grid, ptxcpu_dim3 block, ptxcpu_block_fn fn,
                                       void *user, const ptxcpu_launch_opts *opts);

/* The machine as hwloc found it (discovered once per process). Allowed = the cpus this process
 * may run on when the topology was first asked for: cgroup cpuset intersected with its affinity
 * (taskset). Cache sizes are those above the first allowed core (0 if hwloc reports none). */
typedef struct ptxcpu_topology {
    unsigned packages, numa_nodes, cores, pus;
    unsigned allowed_cores, allowed_pus;
    size_t l1d_bytes, l2_bytes, l3_bytes;
    unsigned default_threads;  /* what a launch with threads = 0 uses */
    ptxcpu_bind default_bind;  /* what a launch with default options uses */
} ptxcpu_topology;

PTXCPU_API ptxcpu_status ptxcpu_topology_get(ptxcpu_topology *out);
/* A few human-readable lines (each ending in '\n'): what hwloc found, the allowed cpuset, and the
 * threads, binding and scratch a default launch uses. Static storage, valid for the process. */
PTXCPU_API const char *ptxcpu_topology_summary(void);

#ifdef __cplusplus
}
#endif
#endif /* PTXCPU_LAUNCH_H */
