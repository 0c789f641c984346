/* Scalar reference of testp (9.7.3.1): a floating-point property of a, read from its exponent and
 * fraction fields; the lane's result is the predicate bit (0 or 1). */
#ifndef PTXCPU_SCALAR_FLOAT_TEST_OPS_H
#define PTXCPU_SCALAR_FLOAT_TEST_OPS_H

#include "softfloat.h"

/* The spec's six properties; "as a special case, positive and negative zero are considered normal
 * numbers", so normal and subnormal split the finite numbers between them. No .ftz: a subnormal
 * input is tested as it is. */
static inline uint64_t ptx_lane_TESTP(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                      uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)b; (void)c; (void)e; (void)cf;
    sf_fmt f = ty == TY_F64 ? SF_F64 : SF_F32;
    uint64_t exp = a & sf_expmask(f), frac = a & sf_fracmask(f);
    int inf_or_nan = exp == sf_expmask(f), nan = inf_or_nan && frac;
    int subnormal = exp == 0 && frac;
    if (m & M_FINITE) return !inf_or_nan;
    if (m & M_INFINITE) return inf_or_nan && !nan;
    if (m & M_NUMBER) return !nan;
    if (m & M_NOTANUMBER) return nan;
    if (m & M_SUBNORMAL) return subnormal;
    return !inf_or_nan && !subnormal; /* M_NORMAL, zeros included */
}

#endif
