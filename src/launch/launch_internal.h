/* Shared between the launcher's files: the machine as hwloc found it, loaded once, and the
 * helpers that pin the calling thread and allocate memory on its NUMA node. Never installed. */
#ifndef PTXCPU_LAUNCH_INTERNAL_H
#define PTXCPU_LAUNCH_INTERNAL_H

#include "internal.h"
#include "ptxcpu_launch.h"

#include <hwloc.h>

#define PTX_MAX_THREADS 1024u
#define PTX_MAX_SCRATCH ((size_t)1 << 30)

typedef struct ptx_machine {
    int ok;                    /* hwloc loaded; if not, nothing is pinned or bound to a node */
    hwloc_topology_t topo;
    hwloc_bitmap_t allowed;    /* cgroup-allowed cpus of the topology & the process affinity */
    unsigned ncore_sets;       /* allowed cores, logical order */
    hwloc_bitmap_t *core_sets; /* each core's cpuset & allowed */
    unsigned npu_sets;         /* allowed PUs, first PU of every core, then the second, ... */
    hwloc_bitmap_t *pu_sets;
    ptxcpu_topology info;
    size_t default_scratch;
    char summary[1024];
} ptx_machine;

/* The machine, discovered on the first call (thread-safe); never NULL. */
PTX_HIDDEN const ptx_machine *ptx_machine_get(void);

/* Pin the calling thread: the slot-th core or PU set (modulo their number), or the allowed cpuset
 * for PTXCPU_BIND_NONE. Returns 0 on success (or when hwloc is missing), -1 on failure. */
PTX_HIDDEN int ptx_bind_self(const ptx_machine *m, ptxcpu_bind pol, unsigned slot);

/* The cpuset a thread pinned with (pol, slot) runs on; NULL if none or no hwloc. */
PTX_HIDDEN hwloc_const_bitmap_t ptx_bind_set(const ptx_machine *m, ptxcpu_bind pol, unsigned slot);

/* len bytes, page aligned, bound to the NUMA nodes near `near` (NULL: wherever, first touch);
 * NULL on failure. Free with ptx_free_node. */
PTX_HIDDEN void *ptx_alloc_node(const ptx_machine *m, size_t len, hwloc_const_bitmap_t near);
PTX_HIDDEN void ptx_free_node(const ptx_machine *m, void *p, size_t len);

/* Nonzero while the calling thread runs a block callback (a launch from there is refused). */
PTX_HIDDEN int ptx_in_block(void);

/* The checks of a launch (messages start with `who`): NULL fn, nested launch, dimensions, options.
 * On success *nblocks is the grid's block count and, if weight is not NULL, *weight the threads
 * that run at once (opts' thread count capped at the allowed cores, or PUs when not pinned to
 * cores): what a rank brings to an MPI launch. */
PTX_HIDDEN ptxcpu_status ptx_launch_check(const char *who, ptxcpu_dim3 grid, ptxcpu_dim3 block,
                                          ptxcpu_block_fn fn, const ptxcpu_launch_opts *opts,
                                          uint64_t *nblocks, unsigned *weight);

/* Runs the linear blocks first .. first + count - 1 of a grid ptx_launch_check accepted, with the
 * grid's own %ctaid and %nctaid, on this process's team. On failure *fail_block is the lowest
 * failing block (the range's first one when a thread got no scratch), else UINT64_MAX. */
PTX_HIDDEN ptxcpu_status ptx_launch_range(const char *who, ptxcpu_dim3 grid, ptxcpu_dim3 block,
                                          uint64_t first, uint64_t count, ptxcpu_block_fn fn,
                                          void *user, const ptxcpu_launch_opts *opts,
                                          uint64_t *fail_block);

#endif
