/* Scalar reference of float abs/neg/min/max (9.7.3.9-12) and their half-precision forms
 * (9.7.4.5-8): sign and order operations on the bit patterns, from the spec's pseudo-code. */
#ifndef PTXCPU_SCALAR_FLOAT_SIGN_OPS_H
#define PTXCPU_SCALAR_FLOAT_SIGN_OPS_H

#include "softfloat.h"

/* .ftz: a subnormal input is read as the zero of its sign (results are inputs or their
 * magnitudes here, so they need no flushing of their own). */
static inline uint64_t fsg_flush(sf_fmt f, uint64_t x, int ftz)
{
    return ftz && !(x & sf_expmask(f)) ? x & sf_signbit(f) : x;
}
static inline int fsg_isnan(sf_fmt f, uint64_t x)
{
    return (x & (sf_signbit(f) - 1)) > sf_expmask(f);
}
/* x < y for two non-NaN patterns, with -0.0 < +0.0 (the spec's note on min and max) */
static inline int fsg_less(sf_fmt f, uint64_t x, uint64_t y)
{
    uint64_t s = sf_signbit(f), mx = x & (s - 1), my = y & (s - 1);
    if ((x ^ y) & s)
        return (x & s) != 0; /* the negative one is smaller, zeros included */
    return (x & s) ? mx > my : mx < my;
}
/* A NaN result: f64 keeps a NaN input, quieted, b's when both are NaN (9.7.3: NaN payloads are
 * supported for double precision; the order is what an H100 does); the others give the
 * canonical NaN (docs/SEMANTICS.md). */
static inline uint64_t fsg_nan_of(sf_fmt f, uint64_t a, uint64_t b)
{
    if (f.p != 53)
        return sf_nan(f);
    return (fsg_isnan(f, b) ? b : a) | 1ull << 51;
}

/* abs / neg of one element, an f64 NaN: abs passes it through unchanged (PTX 9.7.3.9), neg gives
 * it quieted with its sign and payload ("unspecified NaN": what an H100 does, docs/SEMANTICS.md);
 * the other types give the canonical NaN ("unspecified NaN"). */
static inline uint64_t fsg_absneg(sf_fmt f, int neg, unsigned m, uint64_t a)
{
    a = fsg_flush(f, a, (m & M_FTZ) != 0);
    if (fsg_isnan(f, a))
        return f.p != 53 ? sf_nan(f) : neg ? a | 1ull << 51 : a;
    return neg ? a ^ sf_signbit(f) : a & (sf_signbit(f) - 1);
}

/* Two-input min (mx = 0) or max (mx = 1) of one element, the spec's min_num / min_nan with
 * .xorsign.abs: the sign of a XOR b, taken before .abs, on a result that is not NaN. */
static inline uint64_t fsg_minmax(sf_fmt f, int mx, unsigned m, uint64_t a, uint64_t b)
{
    uint64_t s = sf_signbit(f);
    a = fsg_flush(f, a, (m & M_FTZ) != 0);
    b = fsg_flush(f, b, (m & M_FTZ) != 0);
    uint64_t xorsign = (a ^ b) & s, x = a, y = b;
    if (m & M_XORSIGN) {
        x &= s - 1;
        y &= s - 1;
    }
    int nx = fsg_isnan(f, x), ny = fsg_isnan(f, y);
    if ((nx && ny) || ((m & M_NAN) && (nx || ny)))
        return fsg_nan_of(f, a, b);
    uint64_t d = nx ? y : ny ? x : (mx ? fsg_less(f, y, x) : fsg_less(f, x, y)) ? x : y;
    return (m & M_XORSIGN) ? (d & (s - 1)) | xorsign : d;
}

/* The lane functions: an x2 type applies the element operation to both 16-bit halves. */
static inline uint64_t fsg_elem(int sem, sf_fmt f, unsigned m, uint64_t a, uint64_t b)
{
    switch (sem) {
    case SEM_FABS: return fsg_absneg(f, 0, m, a);
    case SEM_FNEG: return fsg_absneg(f, 1, m, a);
    case SEM_FMIN: return fsg_minmax(f, 0, m, a, b);
    default: return fsg_minmax(f, 1, m, a, b);
    }
}
static inline uint64_t fsg_lane(int sem, int ty, unsigned m, uint64_t a, uint64_t b)
{
    sf_fmt f = fmt_of(ty);
    if (ty_x2(ty))
        return fsg_elem(sem, f, m, a & 0xffff, b & 0xffff) |
               fsg_elem(sem, f, m, (a >> 16) & 0xffff, (b >> 16) & 0xffff) << 16;
    return fsg_elem(sem, f, m, a, b);
}
#define FSG_LANE(SEM)                                                                            \
    static inline uint64_t ptx_lane_##SEM(int ty, int ty2, unsigned m, int rnd, uint64_t a,   \
                                          uint64_t b, uint64_t c, uint64_t e, unsigned *cf)   \
    {                                                                                          \
        (void)ty2; (void)rnd; (void)c; (void)e; (void)cf;                                      \
        return fsg_lane(SEM_##SEM, ty, m, a, b);                                               \
    }
FSG_LANE(FABS)
FSG_LANE(FNEG)
FSG_LANE(FMIN)
FSG_LANE(FMAX)
#undef FSG_LANE

#include "float_minmax3_ops.h" /* the three-input min/max .f32 */

#endif
