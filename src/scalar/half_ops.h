/* Scalar reference semantics of half sub, mul and fma (9.7.4.2-9.7.4.4) on f16/bf16 and their x2
 * forms: exact values rounded once in integer arithmetic (half add's and softfloat.h's), blind to
 * the caller's floating-point environment. Included at the end of float_ops.h. */
#ifndef PTXCPU_SCALAR_HALF_OPS_H
#define PTXCPU_SCALAR_HALF_OPS_H

#include "softfloat.h"

/* The tensors' OOB NaN (fma.oob): found on an H100 (sm_90) by sweeping all 2^16 patterns of a, of
 * b and of c: only 0x7ff7 and 0xfff7 in a or b force +0 (whatever c, a NaN c too), in f16 and bf16
 * alike, per element of the x2 forms (docs/SEMANTICS.md). */
static inline int half_is_oob_nan(uint64_t h) { return (h & 0x7fff) == 0x7ff7; }

/* The element's result clamped as the modifiers say. NaN results are already canonical here, so
 * .relu (negatives, -0 too, to +0; NaN stays the canonical NaN, as the spec says and the H100
 * does) is a test of the sign bit. */
static inline uint64_t half_clamp(sf_fmt f, unsigned m, uint64_t r)
{
    if (m & M_SAT)
        return sf_saturate(f, r);
    if ((m & M_RELU) && (r & sf_signbit(f)))
        return 0;
    return r;
}

/* mul: the product of two halves is exact in binary64 (at most 22 significant bits, magnitudes
 * 2^-266..2^256: a normal binary64, so neither the caller's rounding mode nor FTZ/DAZ can touch
 * it), rounded once to the half format in integer arithmetic (float_ops.h). .ftz (f16): a product
 * is tiny after rounding with an unbounded exponent iff it lies below 2^-14 (1 - 2^-12), the
 * midpoint under the smallest normal (a tie there rounds up, to even). */
static inline uint64_t hmul_elem(sf_fmt f, unsigned m, uint64_t a, uint64_t b)
{
    int ftz = (m & M_FTZ) != 0;
    sf_val x = sf_decode(f, a, ftz), y = sf_decode(f, b, ftz);
    if (x.cls == SF_NAN || y.cls == SF_NAN || (x.cls == SF_INF && y.cls == SF_ZERO) ||
        (x.cls == SF_ZERO && y.cls == SF_INF))
        return sf_nan(f);
    if (x.cls == SF_ZERO) a &= sf_signbit(f); /* flushed subnormal: signed zero */
    if (y.cls == SF_ZERO) b &= sf_signbit(f);
    double p = half_to_double(f, a) * half_to_double(f, b);
    if (ftz && p != 0 && (p < 0 ? -p : p) < 0x1.ffep-15)
        return (p < 0) ? sf_signbit(f) : 0;
    return double_to_half_rne(f, p); /* a zero product keeps its sign */
}

/* One 16-bit element: sub is half add of -b (float_ops.h: exact and environment-blind too;
 * flipping a NaN's sign changes nothing, NaN results are canonical); fma is softfloat's exact
 * product-sum, rounded once. */
static inline uint64_t half_elem(int sem, sf_fmt f, unsigned m, uint64_t a, uint64_t b, uint64_t c)
{
    if ((m & M_OOB) && (half_is_oob_nan(a) || half_is_oob_nan(b)))
        return 0;
    if (sem == SEM_HSUB)
        return hadd_elem(f, m, a, b ^ sf_signbit(f)); /* .sat included */
    uint64_t r = sem == SEM_HMUL ? hmul_elem(f, m, a, b)
                                 : sf_fma(f, a, b, c, RND_RN, (m & M_FTZ) != 0, 0);
    return half_clamp(f, m, r);
}

static inline uint64_t half_lane(int sem, int ty, unsigned m, uint64_t a, uint64_t b, uint64_t c)
{
    sf_fmt f = fmt_of(ty);
    uint64_t lo = half_elem(sem, f, m, a & 0xffff, b & 0xffff, c & 0xffff);
    if (!ty_x2(ty))
        return lo;
    return lo | half_elem(sem, f, m, (a >> 16) & 0xffff, (b >> 16) & 0xffff, (c >> 16) & 0xffff)
                    << 16;
}

#define HALF_LANE_FN(SEM)                                                                          \
    static inline uint64_t ptx_lane_##SEM(int ty, int ty2, unsigned m, int rnd, uint64_t a,       \
                                          uint64_t b, uint64_t c, uint64_t e, unsigned *cf)       \
    {                                                                                              \
        (void)ty2; (void)rnd; (void)e; (void)cf; /* half sub/mul/fma round to nearest only */      \
        return half_lane(SEM_##SEM, ty, m, a, b, c);                                               \
    }
HALF_LANE_FN(HSUB)
HALF_LANE_FN(HMUL)
HALF_LANE_FN(HFMA)

#endif
