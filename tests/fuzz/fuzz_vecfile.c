/* libFuzzer target fuzz_vecfile: `ptxcpu check --isa scalar FILE` (cli/check.c) on a vector file
 * whose bytes are the input, held in a memfd that check.c opens by its /proc/self/fd path. */
#include "cli.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_check.h"

/* One memfd for the whole run (created on the first input): rewriting it costs two syscalls, a
 * temporary file per input would cost a create and an unlink. */
static int vec_fd = -1;
static char vec_path[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (vec_fd < 0) {
        vec_fd = memfd_create("fuzz_vecfile", 0);
        CHECK(vec_fd >= 0);
        snprintf(vec_path, sizeof vec_path, "/proc/self/fd/%d", vec_fd);
    }
    CHECK(ftruncate(vec_fd, 0) == 0);
    CHECK(size == 0 || pwrite(vec_fd, data, size, 0) == (ssize_t)size);
    char *argv[] = {"check", "--isa", "scalar", vec_path, NULL};
    int rc = cli_check(4, argv);
    /* 0: all lines pass; 1: a line fails; 2: the file is malformed (reported, nothing run) */
    CHECK(rc == 0 || rc == 1 || rc == 2);
    fflush(stdout);
    return 0;
}
