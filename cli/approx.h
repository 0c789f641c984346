/* Approximate expectations of `ptxcpu check` (docs/VECTORS.md: `~VALUE` and its bound). */
#ifndef PTXCPU_CLI_APPROX_H
#define PTXCPU_CLI_APPROX_H

#include "cli.h"

#define APPROX_MAX_ULP 1000000u

enum approx_kind { APPROX_ABS, APPROX_REL, APPROX_ULP };
typedef struct approx_bound {
    enum approx_kind kind;
    double bound;   /* abs, rel: 2^E */
    unsigned ulps;  /* ulp */
} approx_bound;

/* VALUE of a `~VALUE` token (t is what follows the ~): a C99 hexadecimal floating literal,
 * finite. On error returns 0 and writes the reason to why. */
int approx_parse_value(const char *t, double *out, char *why, size_t whylen);

/* `abs=2^E`, `rel=2^E` (E decimal, may be fractional and signed) or `ulp=N`. */
int approx_parse_bound(const char *t, approx_bound *b, char *why, size_t whylen);

/* Does the element r (bits of type elem) meet ~want within b? A NaN never does; an infinity only
 * within ulp=N of a value that rounds near it. */
int approx_ok(ptxcpu_elem elem, uint64_t r, double want, const approx_bound *b);

#endif
