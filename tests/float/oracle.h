/* MPFR oracle of the float suite: the exact PTX result of one element of copysign, add, sub, mul,
 * fma, mad (fma and the legacy sm_1x mad.f32), the IEEE-rounded div, rcp and sqrt, half-precision
 * add, sub, mul, fma, and abs/neg/min/max (C library), per spec sections 9.7.3.2 to 9.7.3.15 and
 * 9.7.4.1-8, and mixed precision add, sub, fma (9.7.5). */
#ifndef FLOAT_ORACLE_H
#define FLOAT_ORACLE_H

#include <mpfr.h>

#include "fpfmt.h"

typedef enum oracle_op {
    OR_SUB,      /* a - b */
    OR_ADD,      /* a + b */
    OR_MUL,      /* a * b */
    OR_FMA,      /* a * b + c, rounded once */
    OR_MAD_SM1X, /* legacy mad.f32 of sm_1x targets */
    OR_COPYSIGN, /* b's magnitude with a's sign (the C library's copysign) */
    OR_DIV,      /* a / b (mpfr_div) */
    OR_RCP,      /* 1 / a (mpfr_ui_div) */
    OR_SQRT,     /* sqrt(a) (mpfr_sqrt) */
    OR_ABS,      /* |a|, -a, min, max: the C library's fabs, unary minus, fmin, fmax */
    OR_NEG,
    OR_MIN,
    OR_MAX,
    OR_DIV_APPROX, /* div.approx.f32: a * (1/b), oracle_approx_alg.c */
    OR_RSQRT,      /* rsqrt.approx{.ftz}.f32, rsqrt.approx.f64 */
    OR_RCP_HI,     /* rcp.approx.ftz.f64: on the upper word */
    OR_RSQRT_HI,   /* rsqrt.approx.ftz.f64: on the upper word */
    OR_MIN3,       /* three-input min/max .f32 (9.7.3.11/12): the least / greatest of the */
    OR_MAX3        /* non-NaN operands in a sorted copy (-0 before +0), not min(min(a, b), c) */
} oracle_op;

typedef struct oracle_spec {
    const fpfmt *f;
    oracle_op op;
    mpfr_rnd_t rnd; /* MPFR_RNDN, RNDZ, RNDD (.rm), RNDU (.rp) */
    int ftz, sat;
    int nan, xorsign; /* min/max .NaN, .xorsign.abs */
    int abs;          /* three-input min/max .abs (two-input forms: part of .xorsign.abs) */
    int relu; /* negative results (and -0) give +0; a NaN stays the canonical NaN */
    int oob;  /* a or b is the OOB NaN 0x7ff7 / 0xfff7 (16-bit formats): the result is +0 */
    const fpfmt *fa; /* mixed precision (9.7.5): the format of a (and fma's b); NULL: f */
} oracle_spec;

void oracle_init(void);
void oracle_free(void);
/* The result's bit pattern for the operands' bit patterns in[0..2] (in[2] unused for 2 sources). */
uint64_t oracle_eval(const oracle_spec *s, const uint64_t *in);
/* The approximate algebraic ops (oracle_approx_alg.c). */
int oracle_is_approx_alg(oracle_op op);
uint64_t oracle_approx_alg(const oracle_spec *s, const uint64_t *in);

#endif
