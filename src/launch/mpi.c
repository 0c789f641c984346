/* ptxcpu_launch_mpi and its helpers (ptxcpu_mpi.h): the ranks agree on the grid and on who runs
 * which contiguous range of blocks (one MPI_Allgather), each runs its range through the launcher,
 * and the lowest failure is made every rank's result (one MPI_Allreduce). Built only with MPI. */
#include "launch_internal.h"
#include "ptxcpu_mpi.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(long) == 8, "MPI_LONG_INT carries a linear block index (< 2^63)");

#define MSG_BYTES 512 /* as ptxcpu_last_error's buffer */

/* What every rank tells the others before a launch. */
enum { R_GX, R_GY, R_GZ, R_BX, R_BY, R_BZ, R_WEIGHT, R_STATUS, R_FIELDS };

/* The part of an agreed launch this rank runs. */
typedef struct rank_plan {
    int rank, size;
    uint64_t first, count;
} rank_plan;

static ptxcpu_status mpi_failed(const char *who, const char *call, int rc)
{
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS)
        snprintf(text, sizeof text, "error %d", rc);
    return ptx_fail(PTXCPU_E_ARG, "%s: %s failed: %s", who, call, text);
}

/* The failures that make talking to the other ranks impossible: reported by this rank alone. */
static ptxcpu_status comm_usable(const char *who, MPI_Comm comm, rank_plan *p)
{
    int init = 0, fin = 0, inter = 0;
    if (ptx_in_block())
        return ptx_fail(PTXCPU_E_ARG, "%s: called from a block callback (nested launches are not "
                        "supported)", who);
    MPI_Initialized(&init);
    MPI_Finalized(&fin);
    if (!init || fin)
        return ptx_fail(PTXCPU_E_ARG, "%s: MPI is %s", who,
                        fin ? "already finalized" : "not initialized (call MPI_Init_thread first)");
    if (comm == MPI_COMM_NULL)
        return ptx_fail(PTXCPU_E_NULL, "%s: comm is MPI_COMM_NULL", who);
    int rc = MPI_Comm_test_inter(comm, &inter);
    if (rc != MPI_SUCCESS)
        return mpi_failed(who, "MPI_Comm_test_inter", rc);
    if (inter)
        return ptx_fail(PTXCPU_E_ARG, "%s: comm is an inter-communicator (merge it with "
                        "MPI_Intercomm_merge)", who);
    MPI_Comm_rank(comm, &p->rank);
    MPI_Comm_size(comm, &p->size);
    return PTXCPU_OK;
}

/* Rank `from`'s message and status, sent to every rank (all of them know that it failed). */
static ptxcpu_status share_failure(const char *who, MPI_Comm comm, const rank_plan *p, int from,
                                   ptxcpu_status st)
{
    struct { int32_t status; char msg[MSG_BYTES]; } pkt;
    memset(&pkt, 0, sizeof pkt);
    if (p->rank == from) {
        pkt.status = (int32_t)st;
        snprintf(pkt.msg, sizeof pkt.msg, "%s", ptxcpu_last_error());
    }
    int rc = MPI_Bcast(&pkt, (int)sizeof pkt, MPI_BYTE, from, comm);
    if (rc != MPI_SUCCESS)
        return mpi_failed(who, "MPI_Bcast", rc);
    pkt.msg[MSG_BYTES - 1] = 0;
    return ptx_fail((ptxcpu_status)pkt.status, "%s", pkt.msg);
}

#define STACK_RANKS 256

static void release(uint64_t *all, uint64_t *stack)
{
    if (all != stack)
        free(all);
}

/* Every rank's checks (pre: a failure of the caller's own checks, its message set) and shape in
 * one MPI_Allgather; then the same verdict on every rank, and on success this rank's range
 * (ptxcpu_mpi.h: contiguous, proportional to the weights). */
static ptxcpu_status agree(const char *who, MPI_Comm comm, ptxcpu_dim3 grid, ptxcpu_dim3 block,
                           ptxcpu_block_fn fn, const ptxcpu_launch_opts *opts, ptxcpu_status pre,
                           rank_plan *p)
{
    char me[64];
    snprintf(me, sizeof me, "%s: rank %d", who, p->rank);
    uint64_t nblocks = 0;
    unsigned weight = 0;
    ptxcpu_status st = pre != PTXCPU_OK ? pre
                                        : ptx_launch_check(me, grid, block, fn, opts, &nblocks,
                                                           &weight);
    uint64_t mine[R_FIELDS] = {grid.x, grid.y, grid.z, block.x, block.y, block.z, weight,
                               (uint64_t)st};
    /* the records on the stack up to STACK_RANKS ranks (16 KiB); past that on the heap, and a
     * rank without that memory must not leave the others waiting in the Allgather: one more
     * collective says whether every rank has it (the size is the same on every rank) */
    uint64_t stack[STACK_RANKS * R_FIELDS], *all = stack;
    int rc = MPI_SUCCESS;
    if (p->size > STACK_RANKS) {
        all = malloc((size_t)p->size * sizeof mine);
        int ok = all != NULL, all_ok = 0;
        rc = MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
        if (rc != MPI_SUCCESS || !all_ok) {
            release(all, stack);
            return rc != MPI_SUCCESS ? mpi_failed(who, "MPI_Allreduce", rc)
                                     : ptx_fail(PTXCPU_E_RANGE, "%s: out of memory for the "
                                                "ranks' records on some rank", who);
        }
    }
    rc = MPI_Allgather(mine, R_FIELDS, MPI_UINT64_T, all, R_FIELDS, MPI_UINT64_T, comm);
    if (rc != MPI_SUCCESS) {
        release(all, stack);
        return mpi_failed(who, "MPI_Allgather", rc);
    }
    for (int r = 0; r < p->size; r++) {
        if (all[(size_t)r * R_FIELDS + R_STATUS] != PTXCPU_OK) {
            ptxcpu_status bad = (ptxcpu_status)all[(size_t)r * R_FIELDS + R_STATUS];
            release(all, stack);
            return share_failure(who, comm, p, r, bad);
        }
    }
    const uint64_t *r0 = all;
    for (int r = 1; r < p->size; r++) {
        const uint64_t *o = all + (size_t)r * R_FIELDS;
        if (memcmp(o, r0, R_WEIGHT * sizeof *o) != 0) {
            ptx_fail(PTXCPU_E_ARG, "%s: rank %d has grid (%llu,%llu,%llu) block (%llu,%llu,%llu), "
                     "rank 0 has grid (%llu,%llu,%llu) block (%llu,%llu,%llu)", who, r,
                     (unsigned long long)o[R_GX], (unsigned long long)o[R_GY],
                     (unsigned long long)o[R_GZ], (unsigned long long)o[R_BX],
                     (unsigned long long)o[R_BY], (unsigned long long)o[R_BZ],
                     (unsigned long long)r0[R_GX], (unsigned long long)r0[R_GY],
                     (unsigned long long)r0[R_GZ], (unsigned long long)r0[R_BX],
                     (unsigned long long)r0[R_BY], (unsigned long long)r0[R_BZ]);
            release(all, stack);
            return PTXCPU_E_ARG;
        }
    }
    /* weights <= 1024 each: their sums fit easily; B * W needs 128 bits (B < 2^63) */
    uint64_t before = 0, total = 0;
    for (int r = 0; r < p->size; r++) {
        uint64_t w = all[(size_t)r * R_FIELDS + R_WEIGHT];
        before += r < p->rank ? w : 0;
        total += w;
    }
    release(all, stack);
    __extension__ typedef unsigned __int128 u128;
    uint64_t lo = (uint64_t)((u128)nblocks * before / total);
    uint64_t hi = (uint64_t)((u128)nblocks * (before + weight) / total);
    p->first = lo, p->count = hi - lo;
    return PTXCPU_OK;
}

ptxcpu_status ptxcpu_launch_mpi(MPI_Comm comm, ptxcpu_dim3 grid, ptxcpu_dim3 block,
                                ptxcpu_block_fn fn, void *user, const ptxcpu_launch_opts *opts)
{
    static const char who[] = "ptxcpu_launch_mpi";
    rank_plan p;
    ptxcpu_status st = comm_usable(who, comm, &p);
    if (st == PTXCPU_OK)
        st = agree(who, comm, grid, block, fn, opts, PTXCPU_OK, &p);
    if (st != PTXCPU_OK)
        return st;
    char me[64];
    snprintf(me, sizeof me, "%s: rank %d", who, p.rank);
    uint64_t fail = UINT64_MAX;
    st = ptx_launch_range(me, grid, block, p.first, p.count, fn, user, opts, &fail);
    /* the lowest failing block of the grid, and its rank (MINLOC: the lower rank on a tie) */
    struct { long block; int rank; } in = {st == PTXCPU_OK ? LONG_MAX : (long)fail, p.rank}, low;
    int rc = MPI_Allreduce(&in, &low, 1, MPI_LONG_INT, MPI_MINLOC, comm);
    if (rc != MPI_SUCCESS)
        return mpi_failed(who, "MPI_Allreduce", rc);
    if (low.block == LONG_MAX)
        return PTXCPU_OK;
    return share_failure(who, comm, &p, low.rank, st);
}

/* Stands in for the block function where only the grid is checked. */
static int no_block(const ptxcpu_block *blk, void *user)
{
    (void)blk, (void)user;
    return 0;
}

ptxcpu_status ptxcpu_mpi_blocks(MPI_Comm comm, ptxcpu_dim3 grid, const ptxcpu_launch_opts *opts,
                                uint64_t *first, uint64_t *count)
{
    static const char who[] = "ptxcpu_mpi_blocks";
    rank_plan p;
    ptxcpu_status st = comm_usable(who, comm, &p);
    if (st != PTXCPU_OK)
        return st;
    char me[64];
    snprintf(me, sizeof me, "%s: rank %d", who, p.rank);
    ptxcpu_status pre = PTXCPU_OK;
    if (!first || !count)
        pre = ptx_fail(PTXCPU_E_NULL, "%s: %s is NULL", me, first ? "count" : "first");
    ptxcpu_dim3 one = {1, 1, 1};
    st = agree(who, comm, grid, one, no_block, opts, pre, &p);
    if (st == PTXCPU_OK)
        *first = p.first, *count = p.count;
    return st;
}

ptxcpu_status ptxcpu_mpi_gather_blocks(MPI_Comm comm, ptxcpu_dim3 grid,
                                       const ptxcpu_launch_opts *opts, void *buf,
                                       size_t bytes_per_block, int root)
{
    static const char who[] = "ptxcpu_mpi_gather_blocks";
    rank_plan p;
    ptxcpu_status st = comm_usable(who, comm, &p);
    if (st != PTXCPU_OK)
        return st;
    /* the arguments are checked as the grid is: collectively, with the lowest rank's message */
    char me[64];
    snprintf(me, sizeof me, "%s: rank %d", who, p.rank);
    ptxcpu_status local = PTXCPU_OK;
    if (!buf)
        local = ptx_fail(PTXCPU_E_NULL, "%s: buf is NULL", me);
    else if (bytes_per_block == 0 || bytes_per_block > INT_MAX)
        local = ptx_fail(PTXCPU_E_RANGE, "%s: bytes_per_block = %zu is out of range 1..%d", me,
                         bytes_per_block, INT_MAX);
    else if (root < -1 || root >= p.size)
        local = ptx_fail(PTXCPU_E_ARG, "%s: root = %d is out of range -1..%d", me, root,
                         p.size - 1);
    ptxcpu_dim3 one = {1, 1, 1};
    st = agree(who, comm, grid, one, no_block, opts, local, &p);
    if (st != PTXCPU_OK)
        return st;
    /* every rank's range, in blocks, for MPI_(All)gatherv in units of one block's bytes */
    int *counts = malloc(2 * (size_t)p.size * sizeof *counts), ok = 1, all_ok = 0;
    long long mine[2] = {(long long)p.first, (long long)p.count};
    long long *ranges = malloc(2 * (size_t)p.size * sizeof *ranges);
    ok = counts && ranges && p.count <= INT_MAX;
    int rc = MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
    if (rc == MPI_SUCCESS && all_ok)
        rc = MPI_Allgather(mine, 2, MPI_LONG_LONG, ranges, 2, MPI_LONG_LONG, comm);
    MPI_Datatype unit = MPI_DATATYPE_NULL;
    if (rc == MPI_SUCCESS && all_ok) {
        for (int r = 0; r < p.size && all_ok; r++) {
            all_ok = ranges[2 * r] <= INT_MAX; /* displacements count blocks, as ints */
            counts[r] = (int)ranges[2 * r + 1];
            counts[p.size + r] = (int)ranges[2 * r];
        }
        if (all_ok && (rc = MPI_Type_contiguous((int)bytes_per_block, MPI_BYTE, &unit)) ==
                          MPI_SUCCESS)
            rc = MPI_Type_commit(&unit);
    }
    if (rc == MPI_SUCCESS && all_ok) {
        char *base = buf;
        void *send = base + p.first * bytes_per_block;
        if (root < 0)
            rc = MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, buf, counts,
                                counts + p.size, unit, comm);
        else if (p.rank == root)
            rc = MPI_Gatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, buf, counts, counts + p.size,
                             unit, root, comm);
        else
            rc = MPI_Gatherv(send, (int)p.count, unit, NULL, NULL, NULL, unit, root, comm);
    }
    if (unit != MPI_DATATYPE_NULL)
        MPI_Type_free(&unit);
    free(counts);
    free(ranges);
    if (rc != MPI_SUCCESS)
        return mpi_failed(who, "gathering the blocks", rc);
    if (!all_ok)
        return ptx_fail(PTXCPU_E_RANGE, "%s: a rank's share is past INT_MAX blocks (or out of "
                        "memory on some rank)", who);
    return PTXCPU_OK;
}
