/* The `ptxcpu bench` subcommand's entry (bench.c), which cli/main.c dispatches to. */
#ifndef PTXCPU_BENCH_H
#define PTXCPU_BENCH_H

/* `ptxcpu bench [--quick|--full] [--filter GLOB] [--json FILE]`: argv[0] is the subcommand name.
 * Returns the process exit status. */
int bench_main(int argc, char **argv);

#endif
