#include "cli.h"
#include <stdio.h>
int cli_check(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "ptxcpu check: not built yet\n"); return 2; }
