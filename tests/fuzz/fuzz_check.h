/* CHECK: the fuzz harnesses' invariant test, a named message on stderr and then a trap that
 * libFuzzer (or replay.c under the sanitizers) reports as a crash. */
#ifndef FUZZ_CHECK_H
#define FUZZ_CHECK_H

#include <stdio.h>

#define CHECK(c)                                                                                 \
    do {                                                                                         \
        if (!(c)) {                                                                              \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);              \
            __builtin_trap();                                                                    \
        }                                                                                        \
    } while (0)

#endif
