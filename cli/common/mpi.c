/* The tool's MPI side (cli_mpi.h): starting MPI under a launcher, and the `mpi:` lines of
 * `ptxcpu info`. Built only with MPI. */
#include "cli_mpi.h"
#include "ptxcpu_mpi.h"

#include <stdlib.h>
#include <string.h>

/* Variables mpirun (Open MPI), Hydra (MPICH) or a PMI/PMIx launcher such as srun set in every
 * rank; without them the tool is one plain process and MPI is not started (a singleton MPI_Init
 * would cost time and, in some containers, fail for nothing). */
static int under_launcher(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK",
                                       "PMI_SIZE"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return 1;
    }
    return 0;
}

int cli_mpi_start(int *argc, char ***argv)
{
    if (!under_launcher())
        return 0;
    int provided = 0;
    /* ptxcpu_launch_mpi calls MPI from the calling thread only: FUNNELED is enough */
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "ptxcpu: MPI_Init_thread failed\n");
        return 1;
    }
    return 0;
}

int cli_mpi_size(void)
{
    int init = 0, fin = 0, size = 0;
    MPI_Initialized(&init);
    MPI_Finalized(&fin);
    if (init && !fin)
        MPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
}

void cli_mpi_end(void)
{
    if (cli_mpi_size())
        MPI_Finalize();
}

int cli_mpi_rank(void)
{
    int rank = 0;
    if (cli_mpi_size())
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

int cli_mpi_any(int flag)
{
    int any = flag;
    if (cli_mpi_size())
        MPI_Allreduce(&flag, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    return any;
}

void cli_mpi_barrier(void)
{
    if (cli_mpi_size())
        MPI_Barrier(MPI_COMM_WORLD);
}

void cli_mpi_info(void)
{
    if (!cli_mpi_size()) {
        char lib[MPI_MAX_LIBRARY_VERSION_STRING] = "";
        int len = 0;
        MPI_Get_library_version(lib, &len); /* allowed before MPI_Init */
        lib[strcspn(lib, ",\n")] = 0;
        printf("mpi: built (%s); one process (run under mpirun for ranks: docs/MPI.md)\n", lib);
        return;
    }
    size_t len = (size_t)1 << 16;
    char *text = malloc(len);
    ptxcpu_status st = ptxcpu_mpi_summary(MPI_COMM_WORLD, text, text ? len : 0);
    if (cli_mpi_rank() == 0) {
        if (st == PTXCPU_OK && text)
            printf("%s", text);
        else
            printf("mpi: %s\n", text ? ptxcpu_last_error() : "out of memory");
    }
    free(text);
}
