/* Operand generators of the float suite: the edge values of a format (crossed exhaustively by the
 * driver) and random operand tuples biased to the exponents where rounding is interesting. */
#ifndef FLOAT_INPUTS_H
#define FLOAT_INPUTS_H

#include <stddef.h>
#include <stdint.h>

#include "fpfmt.h"
#include "test_common.h" /* rng_t, rng_next: splitmix64 */

#define EDGE_MAX 64

/* Fills out (EDGE_MAX entries) with the format's edge values; returns how many. */
size_t edge_values(const fpfmt *f, uint64_t *out);

/* One random operand tuple for an operation of nops (2 or 3) sources; edges from edge_values. */
void random_case(const fpfmt *f, unsigned nops, rng_t *r, const uint64_t *edges, size_t nedges,
                 uint64_t out[3]);

/* Mixed precision (9.7.5): a (and, nops 3, b) of the half format fa, the last operand f32 (edges
 * ea of fa, ec of f32): random, an edge, or within a few ulps of plus or minus the half term. */
void random_mixed(const fpfmt *fa, unsigned nops, rng_t *r, const uint64_t *ea, size_t nea,
                  const uint64_t *ec, size_t nec, uint64_t out[3]);

#endif
