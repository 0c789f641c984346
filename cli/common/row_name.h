/* Row naming of the tool, shared by cli/ and bench/: the name `ptxcpu list` and `ptxcpu bench`
 * show for a row of the instruction table, and the source counts a spelling has forms with. */
#ifndef PTXCPU_CLI_ROW_NAME_H
#define PTXCPU_CLI_ROW_NAME_H

#include <stddef.h>

/* The name of table row `index` as `ptxcpu list` and `ptxcpu bench` show it: its mnemonic, and
 * its sources where ptxcpu_parse of that mnemonic gives another row or the first form of its
 * opcode in its section has another count: "min.f32(a,b,c)" and "min.abs.f32(a,b,c)" are
 * three-input forms (9.7.3.11), "min.f32" the two-input one. Written into buf. */
const char *cli_row_name(size_t index, char *buf, size_t len);
/* The operand counts spelling mn has forms with: "2", or "2 or 3" for min.f32, an immediate
 * counted (lop3.b32: "4"), into buf. */
const char *cli_source_counts(const char *mn, char *buf, size_t len);

#endif
