/* Scalar reference of float add (9.7.3.3), mul (9.7.3.5) and fma (9.7.3.6) on .f32, .f32x2 and
 * .f64, and the f64 NaN rule that every f64 arithmetic row (these, sub, mad) applies last. */
#ifndef PTXCPU_SCALAR_FLOAT_ARITH_H
#define PTXCPU_SCALAR_FLOAT_ARITH_H

#include "softfloat.h"

/* x * y of format f, rounded once; ftz flushes inputs and tiny results. NaN results canonical. */
static inline uint64_t sf_mul(sf_fmt f, uint64_t xb, uint64_t yb, int rnd, int ftz)
{
    sf_val x = sf_decode(f, xb, ftz), y = sf_decode(f, yb, ftz);
    int s = x.sign ^ y.sign;
    if (x.cls == SF_NAN || y.cls == SF_NAN)
        return sf_nan(f);
    if ((x.cls == SF_INF && y.cls == SF_ZERO) || (x.cls == SF_ZERO && y.cls == SF_INF))
        return sf_nan(f);
    if (x.cls == SF_INF || y.cls == SF_INF)
        return sf_inf(f, s);
    if (x.cls == SF_ZERO || y.cls == SF_ZERO)
        return sf_zero(f, s); /* the product's sign in every rounding mode */
    return sf_round(f, s, (sf_u128)x.sig * y.sig, x.exp + y.exp, rnd, ftz);
}

/* The f64 NaN rule (docs/SEMANTICS.md): a NaN result r takes a NaN operand, quieted, with its
 * payload and sign; of several, b's, then c's, then a's (the order an H100 shows, tools/hwprobe);
 * without a NaN operand (inf - inf, 0 * inf) it stays the canonical 0x7fffffffffffffff.
 * PTX 9.7.3: double precision keeps NaN payloads. */
static inline int f64_isnan(uint64_t x) { return (x & ~(1ull << 63)) > 0x7ff0000000000000ull; }
static inline uint64_t f64_nan_rule(uint64_t r, unsigned n, uint64_t a, uint64_t b, uint64_t c)
{
    if (!f64_isnan(r))
        return r;
    const uint64_t in[3] = {b, n == 3 ? c : b, a}; /* by priority */
    for (unsigned k = 0; k < 3; k++)
        if (f64_isnan(in[k]))
            return in[k] | (1ull << 51);
    return r;
}

/* One element of add / mul / fma {.rnd}{.ftz}{.sat} (an f32 or f64; f32x2 is two f32). */
enum { FARITH_ADD, FARITH_MUL, FARITH_FMA };
static inline uint64_t farith_elem(sf_fmt f, int op, unsigned m, int rnd, uint64_t a, uint64_t b,
                                   uint64_t c)
{
    int ftz = (m & M_FTZ) != 0;
    uint64_t r = op == FARITH_ADD ? sf_add(f, a, b, rnd, ftz)
               : op == FARITH_MUL ? sf_mul(f, a, b, rnd, ftz)
                                  : sf_fma(f, a, b, c, rnd, ftz, 0);
    if (m & M_SAT)
        return sf_saturate(f, r);
    return f.p == 53 ? f64_nan_rule(r, op == FARITH_FMA ? 3 : 2, a, b, c) : r;
}
static inline uint64_t farith_lane(int op, int ty, unsigned m, int rnd, uint64_t a, uint64_t b,
                                   uint64_t c)
{
    if (ty == TY_F32X2) /* element 0 in bits 0..31, element 1 in bits 32..63 */
        return farith_elem(SF_F32, op, m, rnd, a & 0xffffffff, b & 0xffffffff, c & 0xffffffff) |
               farith_elem(SF_F32, op, m, rnd, a >> 32, b >> 32, c >> 32) << 32;
    return farith_elem(ty == TY_F64 ? SF_F64 : SF_F32, op, m, rnd, a, b, c);
}

static inline uint64_t ptx_lane_FADD(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)c; (void)e; (void)cf;
    return farith_lane(FARITH_ADD, ty, m, rnd, a, b, 0);
}
static inline uint64_t ptx_lane_FMUL(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)c; (void)e; (void)cf;
    return farith_lane(FARITH_MUL, ty, m, rnd, a, b, 0);
}
/* fma.rnd{.ftz}{.sat}: the same single rounding as mad.rnd (9.7.3.6: "mad.f32 and fma.f32 are
 * the same") */
static inline uint64_t ptx_lane_FFMA(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)e; (void)cf;
    return farith_lane(FARITH_FMA, ty, m, rnd, a, b, c);
}

#endif
