/* The machine as hwloc finds it, discovered once per process: allowed cores and PUs, caches, the
 * default thread count and scratch size, the summary `ptxcpu info` prints; pinning and NUMA
 * allocation helpers for the launcher. */
#include "launch_internal.h"

#include <limits.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ptx_machine machine;
static pthread_once_t machine_once = PTHREAD_ONCE_INIT;

static const char *bind_name(ptxcpu_bind b)
{
    return b == PTXCPU_BIND_CORE ? "cores" : b == PTXCPU_BIND_PU ? "PUs" : "nothing (not pinned)";
}

/* "512 KiB", "32 MiB" */
static void fmt_bytes(char *buf, size_t len, size_t b)
{
    if (b >= ((size_t)1 << 20) && b % ((size_t)1 << 20) == 0)
        snprintf(buf, len, "%zu MiB", b >> 20);
    else
        snprintf(buf, len, "%zu KiB", b >> 10);
}

/* PTXCPU_THREADS as a count in 1..PTX_MAX_THREADS; 0 if unset, -1 if set but invalid. */
static int env_threads(void)
{
    const char *s = getenv("PTXCPU_THREADS");
    if (!s || !*s)
        return 0;
    char *end;
    long v = strtol(s, &end, 10);
    return (*end || v < 1 || v > (long)PTX_MAX_THREADS) ? -1 : (int)v;
}

/* Size of the cache of `type` above obj (0 if none). */
static size_t cache_above(hwloc_obj_t obj, hwloc_obj_type_t type)
{
    for (hwloc_obj_t p = obj; p; p = p->parent)
        if (p->type == type)
            return (size_t)p->attr->cache.size;
    return 0;
}

/* The allowed part of every object of `type` that has one, in logical order; returns the count. */
static unsigned collect_sets(hwloc_obj_type_t type, hwloc_bitmap_t **out)
{
    ptx_machine *m = &machine;
    int n = hwloc_get_nbobjs_by_type(m->topo, type);
    *out = calloc(n > 0 ? (size_t)n : 1, sizeof **out);
    unsigned k = 0;
    for (int i = 0; i < n && *out; i++) {
        hwloc_obj_t o = hwloc_get_obj_by_type(m->topo, type, (unsigned)i);
        if (!o->cpuset || !hwloc_bitmap_intersects(o->cpuset, m->allowed))
            continue;
        hwloc_bitmap_t s = hwloc_bitmap_dup(o->cpuset);
        hwloc_bitmap_and(s, s, m->allowed);
        (*out)[k++] = s;
    }
    return k;
}

/* Allowed PUs ordered one per core first: PU j of every core before PU j+1 of any. */
static void order_pus(void)
{
    ptx_machine *m = &machine;
    unsigned n = (unsigned)hwloc_bitmap_weight(m->allowed);
    m->pu_sets = calloc(n ? n : 1, sizeof *m->pu_sets);
    if (!m->pu_sets)
        return;
    for (unsigned round = 0; m->npu_sets < n; round++) {
        unsigned before = m->npu_sets;
        for (unsigned c = 0; c < m->ncore_sets; c++) {
            int pu = hwloc_bitmap_first(m->core_sets[c]);
            for (unsigned j = 0; j < round && pu >= 0; j++)
                pu = hwloc_bitmap_next(m->core_sets[c], pu);
            if (pu >= 0) {
                m->pu_sets[m->npu_sets] = hwloc_bitmap_alloc();
                hwloc_bitmap_only(m->pu_sets[m->npu_sets++], (unsigned)pu);
            }
        }
        if (m->npu_sets == before)
            break;
    }
}

static void build_summary(int env)
{
    ptx_machine *m = &machine;
    ptxcpu_topology *t = &m->info;
    char l1[32], l2[32], l3[32], sc[32], *set = NULL, *list = NULL;
    size_t o = 0, cap = sizeof m->summary;
#define ADD(...) (o += (size_t)snprintf(m->summary + o, o < cap ? cap - o : 0, __VA_ARGS__))
    if (m->ok) {
        unsigned v = hwloc_get_api_version();
        fmt_bytes(l1, sizeof l1, t->l1d_bytes);
        fmt_bytes(l2, sizeof l2, t->l2_bytes);
        fmt_bytes(l3, sizeof l3, t->l3_bytes);
        ADD("hwloc (API %u.%u.%u): %u package(s), %u NUMA node(s), %u core(s), %u PU(s); "
            "L1d %s, L2 %s, L3 %s\n", v >> 16, (v >> 8) & 0xff, v & 0xff, t->packages,
            t->numa_nodes, t->cores, t->pus, l1, l2, l3);
        hwloc_bitmap_asprintf(&set, m->allowed);
        hwloc_bitmap_list_asprintf(&list, m->allowed);
        ADD("allowed cpuset %s (cpus %s): %u core(s), %u PU(s)\n", set ? set : "?",
            list ? list : "?", t->allowed_cores, t->allowed_pus);
        free(set);
        free(list);
    } else {
        ADD("hwloc: topology unavailable; %u cpu(s) from OpenMP, threads are not pinned\n",
            t->allowed_pus);
    }
    fmt_bytes(sc, sizeof sc, m->default_scratch);
    ADD("launch: %u thread(s) (%s), pinned to %s, %s scratch per thread\n", t->default_threads,
        env > 0 ? "PTXCPU_THREADS" : "one per allowed core", bind_name(t->default_bind), sc);
    if (env < 0)
        ADD("PTXCPU_THREADS=%s ignored: not a count in 1..%u\n", getenv("PTXCPU_THREADS"),
            PTX_MAX_THREADS);
    if (env > 0 && (unsigned)env > t->allowed_pus) /* (demo and info print this summary) */
        ADD("launch: PTXCPU_THREADS=%d oversubscribes the %u allowed PU(s): threads share "
            "cores, and throughput per thread drops accordingly\n", env, t->allowed_pus);
#undef ADD
}

static int load_hwloc(void)
{
    ptx_machine *m = &machine;
    if (hwloc_topology_init(&m->topo) != 0)
        return -1;
    if (hwloc_topology_load(m->topo) != 0) {
        hwloc_topology_destroy(m->topo);
        return -1;
    }
    m->allowed = hwloc_bitmap_dup(hwloc_topology_get_allowed_cpuset(m->topo));
    hwloc_bitmap_t bound = hwloc_bitmap_alloc();
    if (bound && hwloc_get_cpubind(m->topo, bound, 0) == 0 &&
        hwloc_bitmap_intersects(bound, m->allowed))
        hwloc_bitmap_and(m->allowed, m->allowed, bound); /* taskset / sched_setaffinity */
    hwloc_bitmap_free(bound);
    hwloc_bitmap_and(m->allowed, m->allowed, hwloc_topology_get_topology_cpuset(m->topo));
    if (hwloc_bitmap_iszero(m->allowed))
        return -1;
    /* Cores; a machine hwloc shows without Core objects gets one core per PU. */
    hwloc_obj_type_t core = hwloc_get_nbobjs_by_type(m->topo, HWLOC_OBJ_CORE) > 0
                                ? HWLOC_OBJ_CORE : HWLOC_OBJ_PU;
    m->ncore_sets = collect_sets(core, &m->core_sets);
    if (!m->ncore_sets)
        return -1;
    order_pus();
    if (!m->npu_sets)
        return -1;

    ptxcpu_topology *t = &m->info;
    t->packages = (unsigned)hwloc_get_nbobjs_by_type(m->topo, HWLOC_OBJ_PACKAGE);
    t->numa_nodes = (unsigned)hwloc_get_nbobjs_by_type(m->topo, HWLOC_OBJ_NUMANODE);
    t->cores = (unsigned)hwloc_get_nbobjs_by_type(m->topo, core);
    t->pus = (unsigned)hwloc_get_nbobjs_by_type(m->topo, HWLOC_OBJ_PU);
    t->allowed_cores = m->ncore_sets;
    t->allowed_pus = m->npu_sets;
    hwloc_obj_t pu = hwloc_get_pu_obj_by_os_index(m->topo, (unsigned)hwloc_bitmap_first(m->allowed));
    t->l1d_bytes = cache_above(pu, HWLOC_OBJ_L1CACHE);
    t->l2_bytes = cache_above(pu, HWLOC_OBJ_L2CACHE);
    t->l3_bytes = cache_above(pu, HWLOC_OBJ_L3CACHE);
    return 0;
}

static void machine_init(void)
{
    ptx_machine *m = &machine;
    m->ok = load_hwloc() == 0;
    ptxcpu_topology *t = &m->info;
    if (!m->ok) {
        memset(t, 0, sizeof *t);
        int n = omp_get_num_procs();
        t->packages = t->numa_nodes = 1;
        t->cores = t->pus = t->allowed_cores = t->allowed_pus = n > 0 ? (unsigned)n : 1;
    }
    int env = env_threads();
    t->default_threads = env > 0 ? (unsigned)env : t->allowed_cores;
    if (t->default_threads > PTX_MAX_THREADS)
        t->default_threads = PTX_MAX_THREADS;
    t->default_bind = PTXCPU_BIND_CORE;
    m->default_scratch = t->l2_bytes / 2;
    if (m->default_scratch < ((size_t)64 << 10))
        m->default_scratch = (size_t)64 << 10;
    build_summary(env);
}

const ptx_machine *ptx_machine_get(void)
{
    pthread_once(&machine_once, machine_init);
    return &machine;
}

hwloc_const_bitmap_t ptx_bind_set(const ptx_machine *m, ptxcpu_bind pol, unsigned slot)
{
    if (!m->ok)
        return NULL;
    switch (pol) {
    case PTXCPU_BIND_CORE: return m->core_sets[slot % m->ncore_sets];
    case PTXCPU_BIND_PU: return m->pu_sets[slot % m->npu_sets];
    case PTXCPU_BIND_NONE: return m->allowed;
    }
    return NULL;
}

int ptx_bind_self(const ptx_machine *m, ptxcpu_bind pol, unsigned slot)
{
    hwloc_const_bitmap_t set = ptx_bind_set(m, pol, slot);
    if (!set)
        return 0;
    return hwloc_set_cpubind(m->topo, set, HWLOC_CPUBIND_THREAD) == 0 ? 0 : -1;
}

void *ptx_alloc_node(const ptx_machine *m, size_t len, hwloc_const_bitmap_t near)
{
    void *p = NULL;
    if (m->ok && near)
        p = hwloc_alloc_membind(m->topo, len, near, HWLOC_MEMBIND_BIND, 0);
    if (!p && m->ok)
        p = hwloc_alloc(m->topo, len);
    if (!p && !m->ok && posix_memalign(&p, 4096, len) != 0)
        p = NULL;
    if (p)
        memset(p, 0, len); /* first touch, from the (pinned) thread that will use it */
    return p;
}

void ptx_free_node(const ptx_machine *m, void *p, size_t len)
{
    if (!p)
        return;
    if (m->ok)
        hwloc_free(m->topo, p, len);
    else
        free(p);
}

ptxcpu_status ptxcpu_topology_get(ptxcpu_topology *out)
{
    if (!out)
        return ptx_fail(PTXCPU_E_NULL, "ptxcpu_topology_get: out is NULL");
    *out = ptx_machine_get()->info;
    return PTXCPU_OK;
}

const char *ptxcpu_topology_summary(void) { return ptx_machine_get()->summary; }
