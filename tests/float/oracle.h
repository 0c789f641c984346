/* MPFR oracle of the float suite: the exact PTX result of one element of copysign, sub, mad (fma
 * and the legacy sm_1x mad.f32) and half-precision add, and the IEEE-rounded
 * div, rcp and sqrt, per spec sections 9.7.3.2, 9.7.3.4, 9.7.3.7, 9.7.3.8, 9.7.3.13, 9.7.3.15,
 * 9.7.4.1. */
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
    OR_DIV,      /* a / b (mpfr_div) */
    OR_RCP,      /* 1 / a (mpfr_ui_div) */
    OR_SQRT      /* sqrt(a) (mpfr_sqrt) */
} oracle_op;

typedef struct oracle_spec {
    const fpfmt *f;
    oracle_op op;
    mpfr_rnd_t rnd; /* MPFR_RNDN, RNDZ, RNDD (.rm), RNDU (.rp) */
    int ftz, sat;
} oracle_spec;

void oracle_init(void);
void oracle_free(void);
/* The result's bit pattern for the operands' bit patterns in[0..2] (in[2] unused for 2 sources). */
uint64_t oracle_eval(const oracle_spec *s, const uint64_t *in);

#endif
