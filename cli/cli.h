/* Shared helpers of the ptxcpu command-line tool: operand parsing and one-lane evaluation. */
#ifndef PTXCPU_CLI_H
#define PTXCPU_CLI_H

#include "ptxcpu.h"
#include <stddef.h>
#include <stdint.h>

/* Parses an operand token as VECTORS.md defines it: 0x-prefixed hex of at most bits/4 digits, or
 * (integer-typed operands only) a decimal integer with optional sign, two's complement, that fits
 * in `bits` (-2^(bits-1) .. 2^bits - 1). On error returns 0 and writes the reason to why. */
int cli_parse_operand(const char *tok, unsigned bits, int integer_typed, uint64_t *out,
                      char *why, size_t whylen);

/* tok as a message shows it: itself, or when longer than 40 characters its first 24 and its
 * length, so that the reason after a 10 MB token is still read. buf holds the short form. */
const char *cli_shown(const char *tok, char *buf, size_t len);

/* Is `bits` (width `bits`) a NaN of element type elem? (elem INT: never.) */
int cli_is_nan(ptxcpu_elem elem, unsigned bits, uint64_t v);

/* Subcommands. argv[0] is the subcommand name. Return the process exit status. (`bench`:
 * bench_main, bench/bench.h.) */
int cli_check(int argc, char **argv);
int cli_demo(int argc, char **argv);

#endif
