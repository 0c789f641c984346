/* ptxcpu_launch: a grid of blocks (or a range of its linear block indices, for the MPI launch) on
 * an OpenMP team pinned with hwloc. Each thread keeps its
 * pinning, its NUMA-local scratch and the special registers of the last block shape between
 * launches, so a launch costs one parallel region and no allocation or system call once warm. */
#include "launch_internal.h"

#include <limits.h>
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

/* Per-thread area: the sregs of up to 32 warps and their active masks, then the scratch. */
#define SREGS_BYTES ((size_t)32 * sizeof(ptxcpu_sregs))
#define HEAD_BYTES ((size_t)64 << 10)
_Static_assert(SREGS_BYTES + 32 * sizeof(ptxcpu_lanemask) <= HEAD_BYTES, "head too small");

typedef struct tstate {
    int pinned;                /* bound by a launch with (pol, slot) */
    ptxcpu_bind pol;
    unsigned slot;
    int in_block;              /* running a callback: a nested launch is refused */
    unsigned char *mem;        /* HEAD_BYTES + scratch capacity, on this thread's node */
    size_t mem_bytes;
    ptxcpu_sregs *sregs;
    ptxcpu_lanemask *active;
    ptxcpu_dim3 ntid, nctaid, ctaid; /* what sregs hold; ntid.x == 0: nothing yet */
    hwloc_bitmap_t home;       /* its binding before the first pinning (for PTXCPU_BIND_NONE) */
} tstate;

static _Thread_local tstate ts;
static pthread_key_t ts_key;
static pthread_once_t ts_key_once = PTHREAD_ONCE_INIT;

/* A thread that exits gives its scratch back. */
static void ts_release(void *p)
{
    tstate *s = p;
    ptx_free_node(ptx_machine_get(), s->mem, s->mem_bytes);
    hwloc_bitmap_free(s->home);
    memset(s, 0, sizeof *s);
}
static void ts_key_init(void) { (void)pthread_key_create(&ts_key, ts_release); }

/* Pin this thread as thread `slot` of policy pol, unless it already is; a thread stays pinned
 * between launches. Workers under PTXCPU_BIND_NONE float over the allowed cpuset; the calling
 * thread (`caller`) gets back the binding it had before its first pinning. Returns 1 if the
 * binding changed. */
static int ensure_pinned(const ptx_machine *m, ptxcpu_bind pol, unsigned slot, int caller)
{
    if (!m->ok || (ts.pinned && ts.pol == pol && ts.slot == slot))
        return 0;
    if (caller && pol == PTXCPU_BIND_NONE) {
        int was = ts.pinned;
        if (was && ts.home)
            (void)hwloc_set_cpubind(m->topo, ts.home, HWLOC_CPUBIND_THREAD);
        ts.pinned = 0;
        return was;
    }
    if (caller && !ts.pinned) {
        if (!ts.home)
            ts.home = hwloc_bitmap_alloc();
        if (ts.home && hwloc_get_cpubind(m->topo, ts.home, HWLOC_CPUBIND_THREAD) != 0)
            hwloc_bitmap_copy(ts.home, m->allowed);
    }
    (void)ptx_bind_self(m, pol, slot); /* a refusal (seccomp, ...) leaves the thread floating */
    ts.pinned = 1, ts.pol = pol, ts.slot = slot;
    return 1;
}

static void release_area(const ptx_machine *m)
{
    ptx_free_node(m, ts.mem, ts.mem_bytes);
    ts.mem = NULL, ts.mem_bytes = 0;
    ts.ntid.x = 0;
}

/* Make this thread's area hold at least `scratch` bytes of scratch; 0 on success. */
static int ensure_area(const ptx_machine *m, size_t scratch, ptxcpu_bind pol, unsigned slot)
{
    size_t need = HEAD_BYTES + ((scratch + 4095) & ~(size_t)4095);
    if (ts.mem && ts.mem_bytes >= need)
        return 0;
    pthread_once(&ts_key_once, ts_key_init);
    release_area(m);
    ts.mem = ptx_alloc_node(m, need, pol == PTXCPU_BIND_NONE ? NULL : ptx_bind_set(m, pol, slot));
    if (!ts.mem)
        return -1;
    ts.mem_bytes = need;
    ts.sregs = (ptxcpu_sregs *)ts.mem;
    ts.active = (ptxcpu_lanemask *)(ts.mem + SREGS_BYTES);
    (void)pthread_setspecific(ts_key, &ts);
    return 0;
}

static void fill_uniform(ptxcpu_w32 *r, uint32_t v)
{
    for (unsigned l = 0; l < PTXCPU_WARP; l++)
        r->lane[l] = v;
}

/* The special registers of a block of shape ntid in a grid nctaid (all but %ctaid). */
static void fill_shape(ptxcpu_dim3 ntid, ptxcpu_dim3 nctaid, uint32_t nwarps)
{
    uint32_t nthreads = ntid.x * ntid.y * ntid.z;
    for (uint32_t w = 0; w < nwarps; w++) {
        ptxcpu_sregs *s = &ts.sregs[w];
        for (uint32_t l = 0; l < PTXCPU_WARP; l++) {
            uint32_t t = w * PTXCPU_WARP + l;
            s->tid_x.lane[l] = t % ntid.x;
            s->tid_y.lane[l] = t / ntid.x % ntid.y;
            s->tid_z.lane[l] = t / (ntid.x * ntid.y);
            s->laneid.lane[l] = l;
        }
        fill_uniform(&s->ntid_x, ntid.x), fill_uniform(&s->ntid_y, ntid.y);
        fill_uniform(&s->ntid_z, ntid.z);
        fill_uniform(&s->nctaid_x, nctaid.x), fill_uniform(&s->nctaid_y, nctaid.y);
        fill_uniform(&s->nctaid_z, nctaid.z);
        fill_uniform(&s->warpid, w), fill_uniform(&s->nwarpid, nwarps);
        uint32_t left = nthreads - w * PTXCPU_WARP;
        ts.active[w] = left >= PTXCPU_WARP ? ~(ptxcpu_lanemask)0 : ((ptxcpu_lanemask)1 << left) - 1;
    }
    ts.ntid = ntid, ts.nctaid = nctaid;
    ts.ctaid.x = ts.ctaid.y = ts.ctaid.z = UINT32_MAX; /* no %ctaid yet */
}

/* %ctaid of this block: only the components that changed since the previous block. */
static void fill_ctaid(ptxcpu_dim3 c, uint32_t nwarps)
{
#define CTAID(F)                                                                                   \
    if (ts.ctaid.F != c.F) {                                                                       \
        for (uint32_t w = 0; w < nwarps; w++)                                                      \
            fill_uniform(&ts.sregs[w].ctaid_##F, c.F);                                             \
        ts.ctaid.F = c.F;                                                                          \
    }
    CTAID(x) CTAID(y) CTAID(z)
#undef CTAID
}

static int same_dim(ptxcpu_dim3 a, ptxcpu_dim3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

/* Limits as CUDA; on success *blocks and *threads are the grid's block and thread counts. */
static ptxcpu_status check_dims(const char *who, ptxcpu_dim3 g, ptxcpu_dim3 b, uint64_t *blocks,
                                uint64_t *threads)
{
    static const char *const axis = "xyz";
    const uint32_t bmax[3] = {1024, 1024, 64}, gmax[3] = {INT32_MAX, 65535, 65535};
    const uint32_t bv[3] = {b.x, b.y, b.z}, gv[3] = {g.x, g.y, g.z};
    for (int i = 0; i < 3; i++) {
        if (bv[i] == 0 || bv[i] > bmax[i])
            return ptx_fail(PTXCPU_E_RANGE, "%s: block.%c = %u is out of range 1..%u", who,
                            axis[i], bv[i], bmax[i]);
        if (gv[i] == 0 || gv[i] > gmax[i])
            return ptx_fail(PTXCPU_E_RANGE, "%s: grid.%c = %u is out of range 1..%u", who,
                            axis[i], gv[i], gmax[i]);
    }
    uint64_t bt = (uint64_t)b.x * b.y * b.z;
    if (bt > 1024)
        return ptx_fail(PTXCPU_E_RANGE, "%s: block (%u,%u,%u) has %llu threads, more than "
                        "1024", who, b.x, b.y, b.z, (unsigned long long)bt);
    *blocks = (uint64_t)g.x * g.y * g.z; /* < 2^63 */
    if (__builtin_mul_overflow(*blocks, bt, threads))
        return ptx_fail(PTXCPU_E_RANGE, "%s: grid (%u,%u,%u) of blocks of %llu threads: the "
                        "thread count overflows 64 bits", who, g.x, g.y, g.z,
                        (unsigned long long)bt);
    return PTXCPU_OK;
}

/* Most blocks per grab of the shared counter: about 16 grabs per thread, at most ~8K threads'
 * worth. */
static uint64_t chunk_size(uint64_t blocks, unsigned nthr, uint64_t block_threads)
{
    uint64_t c = blocks / ((uint64_t)nthr * 16), cap = 8192 / block_threads;
    if (c > cap)
        c = cap;
    return c ? c : 1;
}

/* One launch, shared by its threads. */
typedef struct launch {
    /* read by every thread at every block */
    ptxcpu_dim3 grid, block;
    ptxcpu_block_fn fn;
    void *user;
    uint64_t nblocks, chunk;   /* nblocks: one past the last linear block of the range run */
    unsigned nthr;
    uint32_t nwarps;
    size_t scratch;
    atomic_int stop;
    /* written at every grab: on a line of its own, or every grab would take the line above away
     * from the other threads */
    _Alignas(64) atomic_uint_fast64_t next; /* first linear block index not handed out yet */
    _Alignas(64) pthread_mutex_t lock;      /* guards fail_at and fail_rc */
    uint64_t fail_at;                       /* lowest failing block, UINT64_MAX if none */
    int fail_rc;
} launch;

/* The next run of consecutive blocks: L->chunk of them while many are left, then a share of
 * what is left (half of it over the threads, at least 1), so that the threads finish within
 * about a block of each other instead of a chunk. Returns its first block (>= nblocks: none). */
static uint64_t grab_blocks(launch *L, uint64_t *count)
{
    uint64_t b = atomic_load_explicit(&L->next, memory_order_relaxed);
    for (;;) {
        if (b >= L->nblocks)
            return b;
        uint64_t n = (L->nblocks - b) / (2 * (uint64_t)L->nthr);
        n = n > L->chunk ? L->chunk : n ? n : 1;
        if (atomic_compare_exchange_weak_explicit(&L->next, &b, b + n, memory_order_relaxed,
                                                  memory_order_relaxed)) {
            *count = n;
            return b;
        }
    }
}

/* Thread `me` takes runs of consecutive blocks until the grid is done or the launch stops. */
static void run_blocks(launch *L, unsigned me)
{
    ptxcpu_dim3 g = L->grid;
    ptxcpu_block_fn fn = L->fn;
    void *user = L->user;
    uint32_t nwarps = L->nwarps;
    ptxcpu_block blk = {{0, 0, 0}, g, L->block, nwarps, ts.sregs, ts.active,
                        ts.mem + HEAD_BYTES, L->scratch, me};
    while (!atomic_load_explicit(&L->stop, memory_order_relaxed)) {
        uint64_t n = 0, b = grab_blocks(L, &n);
        if (b >= L->nblocks)
            break;
        uint64_t end = b + n, yz = b / g.x;
        ptxcpu_dim3 c = {(uint32_t)(b % g.x), (uint32_t)(yz % g.y), (uint32_t)(yz / g.y)};
        for (; b < end && !atomic_load_explicit(&L->stop, memory_order_relaxed); b++) {
            fill_ctaid(c, nwarps);
            blk.ctaid = c;
            ts.in_block = 1;
            int rc = fn(&blk, user);
            ts.in_block = 0;
            if (rc) {
                pthread_mutex_lock(&L->lock);
                if (b < L->fail_at)
                    L->fail_at = b, L->fail_rc = rc;
                pthread_mutex_unlock(&L->lock);
                atomic_store(&L->stop, 1);
            }
            if (++c.x == g.x) {
                c.x = 0;
                if (++c.y == g.y)
                    c.y = 0, c.z++;
            }
        }
    }
}

int ptx_in_block(void) { return ts.in_block; }

ptxcpu_status ptx_launch_check(const char *who, ptxcpu_dim3 grid, ptxcpu_dim3 block,
                               ptxcpu_block_fn fn, const ptxcpu_launch_opts *opts,
                               uint64_t *nblocks, unsigned *weight)
{
    if (!fn)
        return ptx_fail(PTXCPU_E_NULL, "%s: fn is NULL", who);
    if (ts.in_block)
        return ptx_fail(PTXCPU_E_ARG, "%s: called from a block callback (nested launches are not "
                        "supported)", who);
    uint64_t nthreads = 0;
    ptxcpu_status st = check_dims(who, grid, block, nblocks, &nthreads);
    if (st != PTXCPU_OK)
        return st;
    ptxcpu_launch_opts o = {0};
    if (opts)
        o = *opts;
    if (o.bind != PTXCPU_BIND_CORE && o.bind != PTXCPU_BIND_PU && o.bind != PTXCPU_BIND_NONE)
        return ptx_fail(PTXCPU_E_ARG, "%s: bind = %d is not a ptxcpu_bind", who, (int)o.bind);
    if (o.threads > PTX_MAX_THREADS)
        return ptx_fail(PTXCPU_E_RANGE, "%s: threads = %u is more than %u", who, o.threads,
                        PTX_MAX_THREADS);
    if (o.scratch_bytes > PTX_MAX_SCRATCH)
        return ptx_fail(PTXCPU_E_RANGE, "%s: scratch_bytes = %zu is more than %zu", who,
                        o.scratch_bytes, PTX_MAX_SCRATCH);
    if (weight) {
        /* threads past the cores (or PUs) share them: they add no speed */
        const ptx_machine *m = ptx_machine_get();
        unsigned t = o.threads ? o.threads : m->info.default_threads;
        unsigned cap = o.bind == PTXCPU_BIND_CORE ? m->info.allowed_cores : m->info.allowed_pus;
        *weight = t < cap ? t : cap ? cap : 1;
    }
    return PTXCPU_OK;
}

ptxcpu_status ptx_launch_range(const char *who, ptxcpu_dim3 grid, ptxcpu_dim3 block,
                               uint64_t first, uint64_t count, ptxcpu_block_fn fn, void *user,
                               const ptxcpu_launch_opts *opts, uint64_t *fail_block)
{
    *fail_block = UINT64_MAX;
    if (!count)
        return PTXCPU_OK;
    const ptx_machine *m = ptx_machine_get();
    ptxcpu_launch_opts o = {0};
    if (opts)
        o = *opts;
    unsigned nthr = o.threads ? o.threads : m->info.default_threads;
    if (nthr > count)
        nthr = (unsigned)count; /* no thread without a block to run */
    uint32_t bthreads = block.x * block.y * block.z;
    launch L = {.grid = grid, .block = block, .fn = fn, .user = user, .nblocks = first + count,
                .chunk = chunk_size(count, nthr, bthreads), .nthr = nthr,
                .nwarps = (bthreads + 31) / 32,
                .scratch = o.scratch_bytes ? o.scratch_bytes : m->default_scratch,
                .lock = PTHREAD_MUTEX_INITIALIZER, .fail_at = UINT64_MAX};
    atomic_init(&L.stop, 0);
    atomic_init(&L.next, first);
    atomic_int nomem = 0;
#pragma omp parallel num_threads(nthr)
    {
        unsigned me = (unsigned)omp_get_thread_num();
        if (ensure_pinned(m, o.bind, me, me == 0) && m->info.numa_nodes > 1)
            release_area(m); /* moved: its scratch follows it to its node */
        if (ensure_area(m, L.scratch, o.bind, me) != 0) {
            atomic_store(&nomem, 1);
            atomic_store(&L.stop, 1);
        } else {
            if (!same_dim(ts.ntid, block) || !same_dim(ts.nctaid, grid))
                fill_shape(block, grid, L.nwarps);
            run_blocks(&L, me);
        }
    }
    if (atomic_load(&nomem)) {
        *fail_block = first;
        return ptx_fail(PTXCPU_E_RANGE, "%s: could not allocate %zu bytes of scratch for a "
                        "thread", who, L.scratch + HEAD_BYTES);
    }
    if (L.fail_at != UINT64_MAX) {
        uint64_t yz = L.fail_at / grid.x;
        *fail_block = L.fail_at;
        return ptx_fail(PTXCPU_E_ARG, "%s: block (%u,%u,%u) returned %d", who,
                        (unsigned)(L.fail_at % grid.x), (unsigned)(yz % grid.y),
                        (unsigned)(yz / grid.y), L.fail_rc);
    }
    return PTXCPU_OK;
}

ptxcpu_status ptxcpu_launch(ptxcpu_dim3 grid, ptxcpu_dim3 block, ptxcpu_block_fn fn, void *user,
                            const ptxcpu_launch_opts *opts)
{
    static const char who[] = "ptxcpu_launch";
    uint64_t nblocks = 0, fail;
    ptxcpu_status st = ptx_launch_check(who, grid, block, fn, opts, &nblocks, NULL);
    if (st != PTXCPU_OK)
        return st;
    return ptx_launch_range(who, grid, block, 0, nblocks, fn, user, opts, &fail);
}
