/* MPFR oracle of the float suite: the exact PTX result of one element of copysign, sub, mad (fma
 * and the legacy sm_1x mad.f32) and half-precision add, per spec sections 9.7.3.2, 9.7.3.4,
 * 9.7.3.7, 9.7.4.1, half sub, mul, fma (9.7.4.2-9.7.4.4) and mixed precision (9.7.5). */
#ifndef FLOAT_ORACLE_H
#define FLOAT_ORACLE_H

#include <mpfr.h>

#include "fpfmt.h"

typedef enum oracle_op {
    OR_SUB,      /* a - b */
    OR_ADD,      /* a + b */
    OR_FMA,      /* a * b + c, rounded once */
    OR_MAD_SM1X, /* legacy mad.f32 of sm_1x targets */
    OR_COPYSIGN, /* b's magnitude with a's sign (the C library's copysign) */
    OR_MUL       /* a * b */
} oracle_op;

typedef struct oracle_spec {
    const fpfmt *f;
    oracle_op op;
    mpfr_rnd_t rnd; /* MPFR_RNDN, RNDZ, RNDD (.rm), RNDU (.rp) */
    int ftz, sat;
    int relu; /* negative results (and -0) give +0; a NaN stays the canonical NaN */
    int oob;  /* a or b is the OOB NaN 0x7ff7 / 0xfff7 (16-bit formats): the result is +0 */
    const fpfmt *fa; /* mixed precision (9.7.5): the format of a (and fma's b); NULL: f */
} oracle_spec;

void oracle_init(void);
void oracle_free(void);
/* The result's bit pattern for the operands' bit patterns in[0..2] (in[2] unused for 2 sources). */
uint64_t oracle_eval(const oracle_spec *s, const uint64_t *in);

#endif
