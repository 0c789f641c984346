/* The closing lines every oracle of tests/move prints about where it ran: the ISAs this CPU
 * lacks, the emulated tables not built, then "tables:" with those that held kernels of its
 * spellings and, in parentheses, those that held none. */
#ifndef PTXCPU_TESTS_MOVE_ORACLE_TABLES_H
#define PTXCPU_TESTS_MOVE_ORACLE_TABLES_H

#include <stdio.h>

/* tabs: an array of ntabs structs with .name (a string) and .used (a count); emu_skipped and
 * emu_why (tests/common's emulated tables) in scope. A macro: each oracle has its own table type. */
#define ORACLE_PRINT_TABLES(tabs, ntabs)                                                         \
    do {                                                                                       \
        for (int isa_ = 0; isa_ < PTXCPU_ISA_COUNT; isa_++)                                    \
            if (ptxcpu_isa_compiled((ptxcpu_isa)isa_) && !ptxcpu_isa_usable((ptxcpu_isa)isa_)) \
                printf("SKIP %s: this CPU lacks it (its kernels are checked where it runs)\n", \
                       ptxcpu_isa_name((ptxcpu_isa)isa_));                                     \
        if (*emu_skipped)                                                                      \
            printf("SKIP emulated %s: %s\n", emu_skipped, emu_why);                            \
        unsigned nused_ = 0;                                                                   \
        printf("tables:");                                                                     \
        for (unsigned t_ = 0; t_ < (ntabs); t_++)                                              \
            if ((tabs)[t_].used)                                                               \
                printf(" %s", (tabs)[t_].name), nused_++;                                      \
        for (unsigned t_ = 0, first_ = 1; t_ < (ntabs); t_++)                                  \
            if (!(tabs)[t_].used)                                                              \
                printf("%s %s", first_ ? " (holding none of these kernels:" : "",             \
                       (tabs)[t_].name),                                                       \
                    first_ = 0;                                                                \
        printf("%s\n", nused_ < (ntabs) ? ")" : "");                                           \
    } while (0)

#endif
