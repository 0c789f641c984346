/* The emulated kernel tables linked into this test (tests/meson.build builds them: SIMD sources
 * compiled again without their native flags, simde emulating the instructions), in the order
 * tests/meson.build lists them, ended by {NULL, NULL}. Empty on hosts that build none. */
#ifndef PTXCPU_TEST_EMU_TABLES_H
#define PTXCPU_TEST_EMU_TABLES_H

#include "internal.h"

typedef struct emu_table {
    const char *name;                      /* "avx512-emulated", "neon-emulated", ... */
    const struct ptxcpu_kernel_entry *k;   /* PTX_NKERNELS entries, indexed like the scalar table */
} emu_table;

extern const emu_table emu_tables[];
/* The x86 tables not built emulated because the build machine runs them natively
 * (-Demulated_tables=auto), space-separated ("avx512 avx512_vnni ..."); "" when none. */
extern const char emu_skipped[];
extern const char emu_why[]; /* why those were left out */

/* The kernel under test: insn on an ISA through the public API (et NULL), or an emulated table's
 * entry at the scalar kernel's index (its fn NULL where the table holds none: an extension's). */
static inline ptxcpu_status emu_kernel_of(const ptxcpu_insn *insn, ptxcpu_isa isa,
                                          const emu_table *et, ptxcpu_kernel *k)
{
    if (!et)
        return ptxcpu_resolve(insn, isa, k);
    ptxcpu_kernel ks;
    ptxcpu_status st = ptxcpu_resolve(insn, PTXCPU_ISA_SCALAR, &ks);
    *k = st ? NULL : &et->k[ks->op];
    return st;
}

#endif
