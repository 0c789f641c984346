/* ptxcpu_mpi_summary: what `ptxcpu info` prints under mpirun, every rank's host, the cpuset it
 * was bound to and its launcher's threads, gathered on every rank. Built only with MPI. */
#include "launch_internal.h"
#include "ptxcpu_mpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIELD 256

typedef struct rank_line {
    char host[FIELD];
    char cpus[FIELD];  /* hwloc list syntax ("0-3,8"), "" without hwloc */
    char line[3 * FIELD]; /* holds host and cpus whole */
} rank_line;

static const char *bind_word(ptxcpu_bind b)
{
    return b == PTXCPU_BIND_CORE ? "cores" : b == PTXCPU_BIND_PU ? "PUs" : "nothing";
}

static void describe_self(int rank, rank_line *out)
{
    const ptx_machine *m = ptx_machine_get();
    const ptxcpu_topology *t = &m->info;
    char host[MPI_MAX_PROCESSOR_NAME] = "?", *list = NULL;
    int len = 0;
    MPI_Get_processor_name(host, &len);
    memset(out, 0, sizeof *out);
    snprintf(out->host, FIELD, "%s", host);
    if (m->ok && hwloc_bitmap_list_asprintf(&list, m->allowed) >= 0 && list)
        snprintf(out->cpus, FIELD, "%s", list);
    free(list);
    snprintf(out->line, sizeof out->line, "rank %d on %s: cpus %s (%u core(s), %u PU(s)), launch: %u "
             "thread(s) pinned to %s\n", rank, out->host, out->cpus[0] ? out->cpus : "?",
             t->allowed_cores, t->allowed_pus, t->default_threads, bind_word(t->default_bind));
}

/* Two ranks on one host whose cpusets meet; 0 if none (or no hwloc to tell). */
static int shared_cpus(const rank_line *all, int n, int *a, int *b)
{
    hwloc_bitmap_t x = hwloc_bitmap_alloc(), y = hwloc_bitmap_alloc();
    int found = 0;
    for (int i = 0; x && y && i < n && !found; i++)
        for (int j = i + 1; j < n && !found; j++)
            if (all[i].cpus[0] && !strcmp(all[i].host, all[j].host) &&
                hwloc_bitmap_list_sscanf(x, all[i].cpus) == 0 &&
                hwloc_bitmap_list_sscanf(y, all[j].cpus) == 0 && hwloc_bitmap_intersects(x, y))
                found = 1, *a = i, *b = j;
    hwloc_bitmap_free(x);
    hwloc_bitmap_free(y);
    return found;
}

ptxcpu_status ptxcpu_mpi_summary(MPI_Comm comm, char *buf, size_t len)
{
    static const char who[] = "ptxcpu_mpi_summary";
    int init = 0, fin = 0, inter = 0, rank, size;
    MPI_Initialized(&init);
    MPI_Finalized(&fin);
    if (!init || fin)
        return ptx_fail(PTXCPU_E_ARG, "%s: MPI is not initialized", who);
    if (comm == MPI_COMM_NULL)
        return ptx_fail(PTXCPU_E_NULL, "%s: comm is MPI_COMM_NULL", who);
    if (MPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter)
        return ptx_fail(PTXCPU_E_ARG, "%s: comm is not an intra-communicator", who);
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    rank_line mine, *all = malloc((size_t)size * sizeof mine);
    int ok = all != NULL, all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
    if (!all_ok) {
        free(all);
        return ptx_fail(PTXCPU_E_RANGE, "%s: out of memory on some rank", who);
    }
    describe_self(rank, &mine);
    int rc = MPI_Allgather(&mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE, comm);
    if (rc != MPI_SUCCESS) {
        free(all);
        return ptx_fail(PTXCPU_E_ARG, "%s: MPI_Allgather failed", who);
    }
    if (!buf || !len) {
        free(all);
        return buf ? PTXCPU_OK : ptx_fail(PTXCPU_E_NULL, "%s: buf is NULL", who);
    }
    char lib[MPI_MAX_LIBRARY_VERSION_STRING] = "";
    int liblen = 0;
    MPI_Get_library_version(lib, &liblen);
    lib[strcspn(lib, ",\n")] = 0; /* "Open MPI v4.1.4, package: ..." -> its first part */
    size_t o = 0;
#define ADD(...) (o += (size_t)snprintf(buf + o, o < len ? len - o : 0, __VA_ARGS__))
    ADD("mpi: %d rank(s), %s\n", size, lib);
    for (int r = 0; r < size; r++)
        ADD("%s", all[r].line);
    int a, b;
    if (shared_cpus(all, size, &a, &b))
        ADD("warning: ranks %d and %d on %s share cpus (%s and %s): their launches pin threads to "
            "the same cores; bind ranks apart (mpirun --bind-to core, --map-by ...:PE=n)\n", a, b,
            all[a].host, all[a].cpus, all[b].cpus);
#undef ADD
    free(all);
    return PTXCPU_OK;
}
