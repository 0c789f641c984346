/* The name `ptxcpu list` and `ptxcpu bench` show for a row of the instruction table: one that
 * tells apart two rows of one spelling (the two- and three-input min.f32), and the count of
 * sources where a section's forms differ in it. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

/* Whether row d has another source count than the first row of its opcode in its section (the
 * three-input min/max of 9.7.3.11-12, after the two-input forms). */
static int other_count(const ptxcpu_insn_desc *d)
{
    size_t oplen = strcspn(d->mnemonic, ".");
    for (size_t j = 0; j < ptxcpu_insn_count(); j++) {
        ptxcpu_insn_desc e;
        if (ptxcpu_insn_at(j, &e) == PTXCPU_OK && !strcmp(e.section, d->section) &&
            !strncmp(e.mnemonic, d->mnemonic, oplen) && e.mnemonic[oplen] == '.')
            return e.nsrc != d->nsrc;
    }
    return 0;
}

const char *cli_row_name(size_t index, char *buf, size_t len)
{
    static const char *const ops[] = {"", "(a)", "(a,b)", "(a,b,c)", "(a,b,c,d)"};
    ptxcpu_insn_desc d;
    ptxcpu_insn insn;
    if (ptxcpu_insn_at(index, &d) != PTXCPU_OK)
        return "";
    /* the spelling alone names another row (min.f32 is the two-input form), or the section's
     * forms take different counts (min.abs.f32 is three-input only): add the sources */
    int shared = ptxcpu_parse(d.mnemonic, NULL, &insn) != PTXCPU_OK || insn.op != index;
    snprintf(buf, len, "%s%s", d.mnemonic,
             (shared || other_count(&d)) && d.nsrc < 5 ? ops[d.nsrc] : "");
    return buf;
}

/* The source counts spelling mn has forms with, "2" or "2 or 3" (the two- and three-input
 * min.f32), for a message about a wrong count of operands; "" where none (not a spelling). */
const char *cli_source_counts(const char *mn, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    for (unsigned c = 1; c <= 4 && n < len; c++) {
        ptxcpu_insn insn;
        ptxcpu_status st = ptxcpu_parse_n(mn, c, NULL, &insn);
        if (st == PTXCPU_OK || st == PTXCPU_E_TARGET) {
            int w = snprintf(buf + n, len - n, "%s%u", n ? " or " : "", c);
            n += w > 0 ? (size_t)w : 0;
        }
    }
    return buf;
}
