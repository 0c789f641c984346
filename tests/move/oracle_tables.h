/* The kernel tables the oracles of tests/move run (every ISA this CPU runs, then every emulated
 * table the tests link), a spelling's kernel on one, and the closing lines about where they ran:
 * the ISAs this CPU lacks, the emulated tables not built, then "tables:" with those that held
 * kernels of the spellings and, in parentheses, those that held none. */
#ifndef PTXCPU_TESTS_MOVE_ORACLE_TABLES_H
#define PTXCPU_TESTS_MOVE_ORACLE_TABLES_H

#include "emu_tables.h" /* tables built without native flags (simde emulation), linked in */
#include "internal.h"   /* struct ptxcpu_kernel_entry: an emulated table's entries */
#include "ptxcpu.h"

#include <stdio.h>

typedef struct oracle_table {
    const char *name;
    int native;
    ptxcpu_isa isa;
    const emu_table *emu;
    unsigned used; /* kernels of the oracle's spellings it held */
} oracle_table;

/* Fills tabs (room for max) with every ISA this CPU runs, the scalar one first, then every
 * emulated table; returns how many */
static inline unsigned oracle_tables_init(oracle_table *tabs, unsigned max)
{
    unsigned n = 0;
    for (int isa = 0; isa < PTXCPU_ISA_COUNT && n < max; isa++)
        if (ptxcpu_isa_usable((ptxcpu_isa)isa))
            tabs[n++] = (oracle_table){ptxcpu_isa_name((ptxcpu_isa)isa), 1, (ptxcpu_isa)isa, NULL, 0};
    for (const emu_table *e = emu_tables; e->name && n < max; e++)
        tabs[n++] = (oracle_table){e->name, 0, PTXCPU_ISA_SCALAR, e, 0};
    return n;
}

/* insn's kernel on table t (*k NULL where the table holds none: an extension's table); the
 * status of the lookup, its message in ptxcpu_last_error() */
static inline ptxcpu_status oracle_kernel_of(const ptxcpu_insn *insn, const oracle_table *t,
                                             ptxcpu_kernel *k)
{
    ptxcpu_status st = emu_kernel_of(insn, t->isa, t->native ? NULL : t->emu, k);
    if (st == PTXCPU_OK && !(*k)->fn)
        *k = NULL;
    return st;
}

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
