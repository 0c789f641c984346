/* The tool under mpirun: MPI is started only for `info`, `demo` and `bench` when a launcher
 * (mpirun, srun) started the process, and only in a build with MPI; elsewhere these are stubs and
 * the tool runs as one process, as it always did. */
#ifndef PTXCPU_CLI_MPI_H
#define PTXCPU_CLI_MPI_H

#include <stdio.h>

#ifdef PTXCPU_HAVE_MPI
/* MPI_Init_thread(MPI_THREAD_FUNNELED) when an MPI launcher's variables are in the environment;
 * 0 on success or when there is none, else 1 (reported). */
int cli_mpi_start(int *argc, char ***argv);
void cli_mpi_end(void);
/* MPI is running: the size of MPI_COMM_WORLD; 0 when not. */
int cli_mpi_size(void);
int cli_mpi_rank(void);
/* Logical or of flag over the ranks (flag when MPI is not running). */
int cli_mpi_any(int flag);
void cli_mpi_barrier(void);
/* The `mpi:` lines of `ptxcpu info`: built or not, and under mpirun every rank's cpuset
 * (collective; printed by rank 0). */
void cli_mpi_info(void);
#else
static inline int cli_mpi_start(int *argc, char ***argv) { (void)argc, (void)argv; return 0; }
static inline void cli_mpi_end(void) {}
static inline int cli_mpi_size(void) { return 0; }
static inline int cli_mpi_rank(void) { return 0; }
static inline int cli_mpi_any(int flag) { return flag; }
static inline void cli_mpi_barrier(void) {}
static inline void cli_mpi_info(void)
{
    printf("mpi: not built (configure with an MPI library, e.g. Debian's libopenmpi-dev: "
           "-Dmpi=enabled)\n");
}
#endif

#endif
