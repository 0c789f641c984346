/* Shared helpers of the ptxcpu command-line tool: operand parsing and one-lane evaluation. */
#ifndef PTXCPU_CLI_H
#define PTXCPU_CLI_H

#include "ptxcpu.h"
#include <stddef.h>
#include <stdint.h>

/* Parses an operand token as VECTORS.md defines it: 0x-prefixed hex of at most bits/4 digits, or
 * (integer-typed operands only) a decimal integer with optional sign, two's complement, that fits
 * in `bits` (-2^(bits-1) .. 2^bits - 1). On error returns 0 and writes the reason to why. Vector
 * files give every operand so; `ptxcpu eval` its integer and predicate ones (floats:
 * cli_parse_float_operand). */
int cli_parse_operand(const char *tok, unsigned bits, int integer_typed, uint64_t *out,
                      char *why, size_t whylen);

/* An instruction's immediate operand (ptxcpu_insn_imm_bits > 0: lop3's 8-bit immLut, 9.7.8.6),
 * written among the operands in the spec's order. cli_imm_at: its place, 0-based, among the
 * operands as written: after the register sources, before a predicate source (lop3.or.b32's
 * a b c immLut q: 3). cli_parse_imm: an unsigned integer of at most `bits` bits, 0x-prefixed hex
 * or decimal (a leading 0, octal in PTX, is refused); on error returns 0 and writes the reason,
 * naming the operand `name`, to why. */
unsigned cli_imm_at(const ptxcpu_insn_desc *d);
#define CLI_IMM_NAME "immLut" /* messages' name for it: lop3's is the only one so far */
int cli_parse_imm(const char *tok, const char *name, unsigned bits, uint64_t *out, char *why,
                  size_t whylen);

/* tok as a message shows it: itself, or when longer than 40 characters its first 24 and its
 * length, so that the reason after a 10 MB token is still read. buf holds the short form. */
const char *cli_shown(const char *tok, char *buf, size_t len);

/* Does the row read other lanes (shfl.sync 9.7.9.6; vote.sync, match.sync, activemask,
 * redux.sync, elect.sync 9.7.13.x)? Such a row runs a whole warp at once: `ptxcpu check` takes it
 * as a warp line (docs/VECTORS.md, "Warp lines"), `ptxcpu eval` (one lane) refuses it. */
int cli_is_cross_lane(const ptxcpu_insn_desc *d);
/* The names of a cross-lane row's operands in the spec's order ("a b c membermask"; "" for
 * activemask), for messages. */
const char *cli_cross_lane_operands(const ptxcpu_insn_desc *d);

/* Is `bits` (width `bits`) a NaN of element type elem? (elem INT: never.) */
int cli_is_nan(ptxcpu_elem elem, unsigned bits, uint64_t v);

/* The format of an operand or result: element type and elements a register (2: packed .x2).
 * PTXCPU_ELEM_INT: integer bits, or a predicate where the descriptor says so. */
typedef struct cli_fmt {
    ptxcpu_elem elem;
    unsigned elems;
} cli_fmt;

/* The formats of d and of each source (past nsrc: INT) of the row d describes (cli/floats.c). */
void cli_operand_formats(const ptxcpu_insn_desc *d, cli_fmt *dst, cli_fmt src[4]);
const char *cli_elem_name(ptxcpu_elem e); /* "f16", "bf16", "f32", "f64" */
unsigned cli_elem_bits(ptxcpu_elem e);    /* 16, 16, 32, 64 */

/* What reading a number did: it was not exact; a finite number became inf (beyond the largest
 * finite value plus half its ulp); a nonzero one became 0 (at most half the smallest subnormal). */
enum { CLI_FLOAT_INEXACT = 1, CLI_FLOAT_OVERFLOW = 2, CLI_FLOAT_UNDERFLOW = 4 };

/* Parses a floating-point operand of format f (not INT) into its register's bits:
 * - 0x-prefixed hex without '.' or p: the register's bits, as cli_parse_operand;
 * - a number: decimal (1.5, -2, 1e-3), C99 hex float (-0x1.8p+1, 0x1.8), inf, infinity or nan
 *   (any case, optional sign), rounded to nearest even into f's element exactly (no double
 *   rounding); nan is the quiet NaN with no payload (f32 0x7fc00000, with its sign);
 * - packed (.x2): one number for both elements, or HI:LO (upper element first, as the hex
 *   reads), each a number or the element's hex bits.
 * *flags gets CLI_FLOAT_* (of both elements). On error returns 0 and writes the reason to why. */
int cli_parse_float_operand(const char *tok, cli_fmt f, uint64_t *out, unsigned *flags, char *why,
                            size_t whylen);
/* One number (no hex bits, no HI:LO) into element e's bits, as above. */
int cli_parse_float(const char *tok, ptxcpu_elem e, uint64_t *out, unsigned *flags, char *why,
                    size_t whylen);
/* An element's value: the shortest decimal that cli_parse_float reads back as `bits`, integers
 * below 10^16 in full (65504, -0, 0.1, 1.0000001, 6.104e-05, 3.4028235e+38), or with `precise`
 * 17 significant digits (0.10000000149011612); inf, -inf, nan (any NaN: its bits say which).
 * Into buf (40 bytes suffice). */
const char *cli_float_str(ptxcpu_elem e, uint64_t bits, int precise, char *buf, size_t len);
/* A register of format f's value: one element as cli_float_str, packed as HI:LO (80 bytes). */
const char *cli_value_str(cli_fmt f, uint64_t reg, int precise, char *buf, size_t len);

/* Subcommands. argv[0] is the subcommand name. Return the process exit status. (`bench`:
 * bench_main, bench/bench.h.) */
int cli_check(int argc, char **argv);
int cli_demo(int argc, char **argv);

#endif
