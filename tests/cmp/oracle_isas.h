/* What the comparison oracles share: a spelling's kernels on every ISA this CPU runs, and the
 * SKIP line of each compiled ISA it cannot run (its kernels are checked where it runs). */
#ifndef PTXCPU_TESTS_CMP_ORACLE_ISAS_H
#define PTXCPU_TESTS_CMP_ORACLE_ISAS_H

#include "ptxcpu.h"

#include <stdio.h>

/* The kernels of spelling mn (on target, NULL: the default) on the usable ISAs, into out; their
 * count, or 0 when mn does not parse (reported). */
static inline unsigned oracle_kernels_at(const char *mn, const char *target,
                                         ptxcpu_kernel out[PTXCPU_ISA_COUNT])
{
    ptxcpu_insn insn;
    if (ptxcpu_parse(mn, target, &insn) != PTXCPU_OK) {
        printf("FAIL %s: %s\n", mn, ptxcpu_last_error());
        return 0;
    }
    unsigned n = 0;
    for (int isa = 0; isa < PTXCPU_ISA_COUNT; isa++)
        if (ptxcpu_isa_usable((ptxcpu_isa)isa) &&
            ptxcpu_resolve(&insn, (ptxcpu_isa)isa, &out[n]) == PTXCPU_OK)
            n++;
    return n;
}
static inline unsigned oracle_kernels(const char *mn, ptxcpu_kernel out[PTXCPU_ISA_COUNT])
{
    return oracle_kernels_at(mn, NULL, out);
}

static inline void oracle_report_skipped(void)
{
    for (int isa = 0; isa < PTXCPU_ISA_COUNT; isa++)
        if (ptxcpu_isa_compiled((ptxcpu_isa)isa) && !ptxcpu_isa_usable((ptxcpu_isa)isa))
            printf("SKIP %s: this CPU lacks it (its kernels are checked where it runs)\n",
                   ptxcpu_isa_name((ptxcpu_isa)isa));
}

#endif
