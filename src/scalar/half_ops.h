/* Scalar reference semantics of half sub, mul and fma (9.7.4.2-9.7.4.4) on f16/bf16 and their x2
 * forms, on the exact integer arithmetic of softfloat.h: one rounding, blind to the FP environment. */
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

/* One 16-bit element: sub is a + (-b) (flipping a NaN's sign changes nothing: NaN results are
 * canonical); mul is a * b + (-0), which is a * b exactly in every case, signed zeros included. */
static inline uint64_t half_elem(int sem, sf_fmt f, unsigned m, uint64_t a, uint64_t b, uint64_t c)
{
    int ftz = (m & M_FTZ) != 0;
    uint64_t r;
    if ((m & M_OOB) && (half_is_oob_nan(a) || half_is_oob_nan(b)))
        return 0;
    if (sem == SEM_HSUB)
        r = sf_add(f, a, b ^ sf_signbit(f), RND_RN, ftz);
    else if (sem == SEM_HMUL)
        r = sf_fma(f, a, b, sf_signbit(f), RND_RN, ftz, 0);
    else
        r = sf_fma(f, a, b, c, RND_RN, ftz, 0);
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
