/* Scalar reference semantics of float sub (9.7.3.4), float mad (9.7.3.7) and half add (9.7.4.1),
 * on the exact integer arithmetic of softfloat.h: every rounding mode is exact by construction. */
#ifndef PTXCPU_SCALAR_FLOAT_OPS_H
#define PTXCPU_SCALAR_FLOAT_OPS_H

#include "int_ops.h"
#include "softfloat.h"

#include <string.h>

static inline sf_fmt fmt_of(int ty)
{
    switch (ty) {
    case TY_F16: case TY_F16X2: return SF_F16;
    case TY_BF16: case TY_BF16X2: return SF_BF16;
    case TY_F64: return SF_F64;
    default: return SF_F32;
    }
}

/* One element of sub{.rnd}{.ftz}{.sat}: a - b is a + (-b); flipping b's sign bit flips a NaN's
 * sign only, and NaN results are canonical anyway. */
static inline uint64_t fsub_elem(sf_fmt f, unsigned m, int rnd, uint64_t a, uint64_t b)
{
    uint64_t r = sf_add(f, a, b ^ sf_signbit(f), rnd, (m & M_FTZ) != 0);
    return (m & M_SAT) ? sf_saturate(f, r) : r;
}

static inline uint64_t ptx_lane_FSUB(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)c; (void)e; (void)cf;
    sf_fmt f = fmt_of(ty);
    if (ty == TY_F32X2) /* element 0 in bits 0..31, element 1 in bits 32..63 */
        return fsub_elem(f, m, rnd, a & 0xffffffff, b & 0xffffffff) |
               fsub_elem(f, m, rnd, a >> 32, b >> 32) << 32;
    return fsub_elem(f, m, rnd, a, b);
}

static inline uint64_t ptx_lane_FMAD(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)e; (void)cf;
    sf_fmt f = fmt_of(ty);
    uint64_t r = sf_fma(f, a, b, c, rnd, (m & M_FTZ) != 0, (m & M_LEGACY) != 0);
    return (m & M_SAT) ? sf_saturate(f, r) : r;
}

/* add{.rn}{.ftz}{.sat}.f16/f16x2, add{.rn}.bf16/bf16x2: round to nearest even only.
 * Fast and exact: both operands are exact in binary32, their sum is rounded to nearest in binary32,
 * then to nearest in the 16-bit format. Rounding twice to nearest is innocuous for an addition when
 * the first precision is at least twice the second plus two (Figueroa: 24 >= 2*11+2, 24 >= 2*8+2),
 * so the result is the correctly rounded sum. Only the IEEE binary32 addition of the host in its
 * default mode is used; no kernel that calls this changes the rounding mode. */
static inline float half_bits_to_float(sf_fmt f, uint64_t h)
{
    uint32_t u;
    if (f.p == 8) { /* bf16 is the top half of a binary32 */
        u = (uint32_t)h << 16;
    } else {
        uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
        if (e == 0) { /* zero or subnormal: m * 2^-24, exact */
            float v = (float)m * 0x1p-24f;
            memcpy(&u, &v, 4);
            u |= sign;
        } else if (e == 31) {
            u = sign | 0x7f800000; /* infinity (NaNs never reach here) */
        } else {
            u = sign | ((e + 112) << 23) | (m << 13);
        }
    }
    float v;
    memcpy(&v, &u, 4);
    return v;
}

/* Rounds a finite binary32 to the 16-bit format, to nearest even (overflow gives infinity). */
static inline uint64_t float_to_half_rne(sf_fmt f, float v)
{
    uint32_t u;
    memcpy(&u, &v, 4);
    if (f.p == 8)
        return (u + 0x7fff + ((u >> 16) & 1)) >> 16;
    uint32_t sign = (u >> 16) & 0x8000, mag = u & 0x7fffffff;
    int e = (int)(mag >> 23) - 127;
    if (mag >= 0x477ff000) /* |v| >= 65520: half-way past the largest f16 and beyond */
        return sign | 0x7c00;
    if (e >= -14) { /* normal f16: drop 13 bits of the binary32 pattern rebased to f16 */
        uint32_t w = mag - (112u << 23);
        return sign | ((w + 0xfff + ((w >> 13) & 1)) >> 13);
    }
    if (mag == 0)
        return sign;
    uint32_t full = (mag & 0x7fffff) | 0x800000; /* binary32 subnormals cannot occur here */
    int sh = -(e + 1);                            /* units of 2^-24: full * 2^(e+1) */
    if (sh >= 25)
        return sign;
    uint32_t q = full >> sh, rem = full & ((1u << sh) - 1), half = 1u << (sh - 1);
    q += rem > half || (rem == half && (q & 1));
    return sign | q;
}

static inline uint64_t hadd_elem(sf_fmt f, unsigned m, uint64_t a, uint64_t b)
{
    int ftz = (m & M_FTZ) != 0;
    sf_val x = sf_decode(f, a, ftz), y = sf_decode(f, b, ftz);
    uint64_t r;
    if (x.cls == SF_NAN || y.cls == SF_NAN) {
        r = sf_nan(f);
    } else {
        if (x.cls == SF_ZERO) a &= sf_signbit(f); /* flushed subnormal: signed zero */
        if (y.cls == SF_ZERO) b &= sf_signbit(f);
        float s = half_bits_to_float(f, a) + half_bits_to_float(f, b);
        if (s != s)
            r = sf_nan(f); /* inf - inf */
        else
            r = float_to_half_rne(f, s);
        if (ftz && (r & sf_expmask(f)) == 0) /* subnormal results (exact for add) flush */
            r &= sf_signbit(f);
    }
    return (m & M_SAT) ? sf_saturate(f, r) : r;
}

static inline uint64_t ptx_lane_HADD(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)c; (void)e; (void)cf;
    sf_fmt f = fmt_of(ty);
    if (ty_x2(ty))
        return hadd_elem(f, m, a & 0xffff, b & 0xffff) |
               hadd_elem(f, m, (a >> 16) & 0xffff, (b >> 16) & 0xffff) << 16;
    return hadd_elem(f, m, a & 0xffff, b & 0xffff);
}

#endif
