/* Helpers of the generated plain-C baseline loops (tools/gen_plain_c.py): the small functions a
 * competent user writes once next to such loops -- saturation, .ftz, canonical NaNs, bit tricks,
 * f16/bf16 conversions. Plain C on purpose: no intrinsics, nothing the compiler cannot see. */
#ifndef PTXCPU_BENCH_PLAIN_C_OPS_H
#define PTXCPU_BENCH_PLAIN_C_OPS_H

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

typedef unsigned __int128 u128;
typedef __int128 s128;

static inline uint32_t sat_s32(int64_t v)
{
    return (uint32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v);
}

/* ---- bit instructions ------------------------------------------------------------------------ */
static inline uint32_t brev32(uint32_t x)
{
    x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
    x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
    x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
    return __builtin_bswap32(x);
}
static inline uint64_t brev64(uint64_t x)
{
    return (uint64_t)brev32((uint32_t)x) << 32 | brev32((uint32_t)(x >> 32));
}

/* fns.b32: the |offset|-th set bit of mask counting from base, upwards for offset > 0, downwards
 * for offset < 0; base > 31 finds nothing (docs/SEMANTICS.md). */
static inline uint32_t fns_b32(uint32_t mask, uint32_t base, int32_t offset)
{
    if (base > 31)
        return 0xffffffffu;
    if (offset == 0)
        return (mask >> base) & 1 ? base : 0xffffffffu;
    if (offset > 0) {
        uint32_t m = mask & (~0u << base); /* candidates at or above base */
        for (int32_t k = offset - 1; k > 0 && m; k--)
            m &= m - 1; /* drop the lowest */
        return m ? (uint32_t)__builtin_ctz(m) : 0xffffffffu;
    }
    uint32_t m = mask & (0xffffffffu >> (31 - base)); /* candidates at or below base */
    for (int64_t k = -(int64_t)offset - 1; k > 0 && m; k--)
        m &= ~(0x80000000u >> __builtin_clz(m)); /* drop the highest */
    return m ? 31 - (uint32_t)__builtin_clz(m) : 0xffffffffu;
}

/* ---- f32 / f64 ------------------------------------------------------------------------------- */
static inline float f32_from_bits(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}
static inline uint32_t f32_to_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}
static inline double f64_from_bits(uint64_t u)
{
    double f;
    memcpy(&f, &u, sizeof f);
    return f;
}
/* A NaN result is the canonical NaN of docs/SEMANTICS.md. */
static inline float f32_canon(float x) { return isnan(x) ? f32_from_bits(0x7fffffffu) : x; }
static inline double f64_canon(double x)
{
    return isnan(x) ? f64_from_bits(0x7fffffffffffffffull) : x;
}
/* The f64 NaN rule (docs/SEMANTICS.md): a NaN result is a NaN operand, b's before c's before
 * a's, quieted, payload and sign kept; with no NaN operand the canonical NaN. */
static inline double f64_quiet(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return f64_from_bits(u | 1ull << 51);
}
static inline double f64_nan3(double r, double a, double b, double c)
{
    if (!isnan(r))
        return r;
    return isnan(b) ? f64_quiet(b) : isnan(c) ? f64_quiet(c) : isnan(a) ? f64_quiet(a)
                                                             : f64_from_bits(0x7fffffffffffffffull);
}
static inline double f64_nan2(double r, double a, double b) { return f64_nan3(r, a, b, 0.0); }
/* .ftz: a subnormal becomes a zero of its sign. */
static inline float f32_ftz(float x) { return fabsf(x) < FLT_MIN ? copysignf(0.0f, x) : x; }
static inline double f64_ftz(double x) { return fabs(x) < DBL_MIN ? copysign(0.0, x) : x; }
/* .sat: clamp to [+0, 1]; NaN and -0 give +0. */
static inline float f32_sat(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }

/* fma with .ftz. A result is tiny when it is below FLT_MIN after rounding with an unbounded
 * exponent (docs/SEMANTICS.md); fmaf rounds a tiny value on the coarser subnormal grid, which differs
 * only where that rounds up to +-FLT_MIN. There the same fma 2^24 higher (exact scaling: such
 * operands are far from overflow) rounds with full precision and decides. Computed for every lane
 * and selected without branches, so the loop stays vectorizable. */
static inline float f32_fma_ftz(float a, float b, float c)
{
    a = f32_ftz(a);
    b = f32_ftz(b);
    c = f32_ftz(c);
    float r = fmaf(a, b, c);
    float high = fmaf(a * 0x1p24f, b, c * 0x1p24f);
    int tiny = (fabsf(r) < FLT_MIN) | ((fabsf(r) == FLT_MIN) & (fabsf(high) < 0x1p-102f));
    return tiny ? copysignf(0.0f, r) : r;
}

/* mul with .ftz, the same way: the product 2^24 higher is exact in its rounding (no overflow:
 * with flushed operands |b| >= FLT_MIN, so |a| < 2 where |a * b| is near FLT_MIN). */
static inline float f32_mul_ftz(float a, float b)
{
    a = f32_ftz(a);
    b = f32_ftz(b);
    float r = a * b;
    float high = (a * 0x1p24f) * b;
    int tiny = (fabsf(r) < FLT_MIN) | ((fabsf(r) == FLT_MIN) & (fabsf(high) < 0x1p-102f));
    return tiny ? copysignf(0.0f, r) : r;
}
/* div / rcp with .ftz: the same decision as f32_fma_ftz, for a quotient (a scaled by 2^24 is
 * exact wherever the quotient is near FLT_MIN, since |b| < 2^128). */
static inline float f32_div_ftz(float a, float b)
{
    a = f32_ftz(a);
    b = f32_ftz(b);
    float r = a / b, high = (a * 0x1p24f) / b;
    int tiny = (fabsf(r) < FLT_MIN) | ((fabsf(r) == FLT_MIN) & (fabsf(high) < 0x1p-102f));
    return tiny ? copysignf(0.0f, r) : r;
}
/* f64 div / rcp / sqrt: a NaN operand is the result, quieted with its payload (p before q), and
 * a NaN made from numbers is `made` (docs/SEMANTICS.md: as an H100 returns them). */
static inline double f64_nan_from(double r, double p, double q, uint64_t made)
{
    return isnan(p) ? f64_quiet(p) : isnan(q) ? f64_quiet(q) : isnan(r) ? f64_from_bits(made) : r;
}

/* ---- f16 and bf16: _Float16 where the compiler has it, else conversions through float ------- */
/* bf16 is the top half of an f32; rounding to nearest even by the usual integer trick. */
typedef uint16_t bf16;
static inline float bf16_to_float(bf16 h) { return f32_from_bits((uint32_t)h << 16); }
static inline bf16 bf16_from_float(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return isnan(f) ? 0x7fff : (bf16)((u + 0x7fffu + (u >> 16 & 1)) >> 16);
}

#if defined(__FLT16_MANT_DIG__)
typedef _Float16 f16;
static inline float f16_to_float(f16 h) { return h; }
static inline f16 f16_from_float(float f) { return (f16)f; }
static inline f16 f16_add(f16 x, f16 y) { return x + y; }
#else
typedef uint16_t f16;
static inline float f16_to_float(f16 h)
{
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = h >> 10 & 0x1f, m = h & 0x3ff;
    if (e == 0) /* zero or subnormal: m * 2^-24 */
        return copysignf((float)m * 0x1p-24f, sign ? -1.0f : 1.0f);
    return f32_from_bits(sign | (e == 31 ? 0xffu << 23 : (e + 112) << 23) | m << 13);
}
/* Rounds to nearest even (the callers never change the rounding mode). */
static inline f16 f16_from_float(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    uint16_t sign = (uint16_t)(u >> 16 & 0x8000);
    float a = fabsf(f);
    if (isnan(f))
        return 0x7fff;
    if (a >= 65520.0f) /* from half an ulp above the largest f16: infinity */
        return sign | 0x7c00;
    if (a < 0x1p-14f) /* subnormal f16: a count of 2^-24, rounded (1024 is the smallest normal) */
        return sign | (uint16_t)nearbyintf(a * 0x1p24f);
    uint32_t w = (u & 0x7fffffffu) - (112u << 23); /* rebias the exponent, then drop 13 bits */
    return sign | (uint16_t)((w + 0xfffu + (w >> 13 & 1)) >> 13);
}
static inline f16 f16_add(f16 x, f16 y)
{
    return f16_from_float(f16_to_float(x) + f16_to_float(y));
}
#endif
/* bf16 add: both exact in f32, the f32 sum rounded again to bf16 is the correctly rounded sum
 * (24 >= 2 * 8 + 2: double rounding is innocuous for an addition); the same holds for f16. */
static inline bf16 bf16_add(bf16 x, bf16 y)
{
    return bf16_from_float(bf16_to_float(x) + bf16_to_float(y));
}

/* canon, ftz (smallest normal 2^-14 / 2^-126) and sat on the 16-bit formats, through float. */
#define HALF_HELPERS(T, MIN_NORMAL)                                                              \
    static inline T T##_canon(T x)                                                             \
    {                                                                                          \
        uint16_t nan_bits = 0x7fff;                                                            \
        T nan;                                                                                 \
        memcpy(&nan, &nan_bits, sizeof nan);                                                   \
        return isnan(T##_to_float(x)) ? nan : x;                                               \
    }                                                                                          \
    static inline T T##_ftz(T x)                                                               \
    {                                                                                          \
        float v = T##_to_float(x);                                                             \
        return fabsf(v) < (MIN_NORMAL) ? T##_from_float(copysignf(0.0f, v)) : x;               \
    }                                                                                          \
    static inline T T##_sat(T x)                                                               \
    {                                                                                          \
        float v = T##_to_float(x);                                                             \
        return v > 0.0f ? (v < 1.0f ? x : T##_from_float(1.0f)) : T##_from_float(0.0f);        \
    }
HALF_HELPERS(f16, 0x1p-14f)
HALF_HELPERS(bf16, 0x1p-126f)
#undef HALF_HELPERS

/* ---- half sub, mul, fma (9.7.4.2-9.7.4.4) ----------------------------------------------------
 * sub and mul through float: a difference is correctly rounded twice as the sum above; a product
 * of two halves is exact in float (f16), or exact wherever its bf16 rounding can tell (bf16), so
 * one rounding. fma: the product is exact in double, TwoSum gives the sum's exact error, the
 * double is rounded to odd and then to a float rounded to odd, which rounds to the half format
 * as the exact value would (round-to-odd, then round to nearest at 2+ fewer bits). */
static inline float f32_round_odd(double d)
{
    float f = (float)d;
    if (isfinite(f) && (double)f != d) { /* truncate, then set the last bit */
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        u -= fabs((double)f) > fabs(d);
        f = f32_from_bits(u | 1);
    }
    return f;
}
static inline float half_fma_odd(float a, float b, float c)
{
    double p = (double)a * b, s = p + c, bb = s - p, err = (p - (s - bb)) + (c - bb);
    if (err != 0 && isfinite(s)) {
        uint64_t u;
        memcpy(&u, &s, sizeof u);
        u -= (err < 0) != (s < 0);
        u |= 1;
        memcpy(&s, &u, sizeof s);
    }
    return f32_round_odd(s);
}
/* .ftz on a product or an fma: tiny after rounding with an unbounded exponent, i.e. below the
 * midpoint 2^-14 (1 - 2^-12) under the smallest normal (the float is exact or rounded to odd). */
static inline float f16_ftz_result(float v)
{
    return fabsf(v) < 0x1.ffep-15f ? copysignf(0.0f, v) : v;
}
#define HALF_ARITH(T)                                                                            \
    static inline T T##_sub(T x, T y) { return T##_from_float(T##_to_float(x) - T##_to_float(y)); } \
    static inline T T##_mul(T x, T y) { return T##_from_float(T##_to_float(x) * T##_to_float(y)); } \
    static inline T T##_fma(T x, T y, T z)                                                     \
    {                                                                                          \
        return T##_from_float(half_fma_odd(T##_to_float(x), T##_to_float(y), T##_to_float(z))); \
    }                                                                                          \
    static inline T T##_relu(T x) { return signbit(T##_to_float(x)) ? T##_from_float(0.0f) : x; } \
    static inline int T##_oob(T x) /* the tensors' OOB NaN, 0x7ff7 or 0xfff7 */               \
    {                                                                                          \
        uint16_t u;                                                                            \
        memcpy(&u, &x, sizeof u);                                                              \
        return (u & 0x7fff) == 0x7ff7;                                                         \
    }
HALF_ARITH(f16)
HALF_ARITH(bf16)
#undef HALF_ARITH
static inline f16 f16_mul_ftz(f16 x, f16 y)
{
    return f16_from_float(f16_ftz_result(f16_to_float(x) * f16_to_float(y)));
}
static inline f16 f16_fma_ftz(f16 x, f16 y, f16 z)
{
    return f16_from_float(f16_ftz_result(half_fma_odd(f16_to_float(x), f16_to_float(y),
                                                      f16_to_float(z))));
}

/* ---- cvt with a float type (9.7.9.21) ----------------------------------------------------------
 * One rounding in the row's mode, given explicitly (FE_TONEAREST ...): a wider source reaches the
 * half formats as a float rounded to odd (f32_round_odd; 64-bit integers first as a double rounded
 * to odd), which a rounding to 11 or 8 bits turns into the rounding of the exact value. */
/* Whether a magnitude rounds away from zero in mode: q its kept bits (their parity breaks the
 * ties of round to nearest), rem the bits cut off, half the value of half an ulp in rem's units. */
static inline uint32_t round_away(int mode, int neg, uint32_t q, uint32_t rem, uint32_t half)
{
    if (mode == FE_TOWARDZERO)
        return 0;
    if (mode == FE_UPWARD)
        return !neg && rem;
    if (mode == FE_DOWNWARD)
        return neg && rem;
    return rem > half || (rem == half && (q & 1));
}
/* f32 to bf16 bits (the top half of the f32, rounded); NaN canonical. */
static inline uint16_t bf16_round(float f, int mode)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    if (isnan(f))
        return 0x7fff;
    return (uint16_t)((u >> 16) + round_away(mode, u >> 31, u >> 16, u & 0xffff, 0x8000));
}
/* f32 to f16 bits; NaN canonical; beyond the range Inf or the largest finite, by the mode. */
static inline uint16_t f16_round(float f, int mode)
{
    uint32_t u, q, rem, half;
    memcpy(&u, &f, sizeof u);
    uint32_t a = u & 0x7fffffffu, neg = u >> 31;
    if (a > 0x7f800000u)
        return 0x7fff;
    if (a == 0x7f800000u)
        return (uint16_t)(neg << 15 | 0x7c00);
    if (a >= 0x47800000u) /* 2^16 or more: overflows as the float just below 2^16 does */
        a = 0x477fffffu;
    if (a >= 0x38800000u) { /* normal f16: rebias the exponent, drop 13 bits */
        uint32_t w = a - (112u << 23);
        q = w >> 13, rem = w & 0x1fff, half = 0x1000;
    } else { /* subnormal f16: a count of 2^-24 */
        uint32_t e = a >> 23, m = (a & 0x7fffff) | (e ? 0x800000u : 0);
        uint32_t shift = e ? 126 - e : 125;
        shift = shift > 31 ? 31 : shift;
        q = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    }
    return (uint16_t)(neg << 15 | (q + round_away(mode, (int)neg, q, rem, half)));
}
/* A 64-bit integer as a double rounded to odd (the bits dropped ORed into the last one kept). */
static inline double u64_to_f64_odd(uint64_t v)
{
    return v >> 53 ? (double)(v >> 11 | ((v & 0x7ff) != 0)) * 0x1p11 : (double)v;
}
static inline double s64_to_f64_odd(int64_t v)
{
    double m = u64_to_f64_odd(v < 0 ? 0 - (uint64_t)v : (uint64_t)v);
    return v < 0 ? -m : m;
}
static inline float f16_bits_to_float(uint16_t u)
{
    f16 h;
    memcpy(&h, &u, sizeof h);
    return f16_to_float(h);
}
/* .ftz on an f32 r rounded from the double x: tiny after rounding with an unbounded exponent, as
 * f32_fma_ftz decides it (x 2^24 higher rounds with full precision where r is +-FLT_MIN). */
static inline float f32_ftz_from(float r, double x)
{
    float high = (float)(x * 0x1p24);
    int tiny = (fabsf(r) < FLT_MIN) | ((fabsf(r) == FLT_MIN) & (fabsf(high) < 0x1p-102f));
    return tiny ? copysignf(0.0f, r) : r;
}
static inline double f64_sat(double x) { return x > 0.0 ? (x < 1.0 ? x : 1.0) : 0.0; }
/* .sat, .relu, .satfinite on f16 / bf16 bits (a NaN here is canonical, so positive): .sat to
 * [+0, 1]; .relu a negative or -0 to +0; .satfinite +-Inf to +-MAX_NORM, the encoding below it. */
static inline uint16_t f16_sat_bits(uint16_t r)
{
    return (r & 0x8000) || r > 0x7c00 ? 0 : r > 0x3c00 ? 0x3c00 : r;
}
static inline uint16_t half_relu(uint16_t r) { return r & 0x8000 ? 0 : r; }
static inline uint16_t half_satfinite(uint16_t r, uint16_t inf)
{
    return (r & 0x7fff) == inf ? (uint16_t)(r - 1) : r;
}

/* ---- cvt with the OCP MX formats (9.7.9.21, OCP MX v1.0) -------------------------------------
 * An element of EB exponent and MB mantissa bits (bias BIAS) in the low bits of a code; e4m3's
 * S.1111.111 is its NaN (MX_NAN_ONES), e5m2's top exponent IEEE's infinities and NaNs (MX_IEEE),
 * the 6- and 4-bit formats have neither (MX_FINITE). To the format: the float's bits rounded to
 * nearest even at the element's last bit (normal: the exponent rebiased, subnormal: the
 * significand shifted to a count of the least subnormal), saturated to the largest finite code;
 * NaN to 0x7f (e4m3, e5m2) or +MAX_NORM; .relu: a negative result or -0 to +0. */
enum { MX_FINITE, MX_NAN_ONES, MX_IEEE };
static inline uint32_t mx_from_f32(float x, int eb, int mb, int bias, uint32_t maxc, uint32_t nanc,
                                   int relu)
{
    uint32_t u = f32_to_bits(x), sign = u >> 31, a = u & 0x7fffffffu;
    if (a > 0x7f800000u)
        return nanc;
    if (relu && sign)
        return 0;
    int32_t e = (int32_t)(a >> 23), te = e - 127 + bias; /* te: the element's biased exponent */
    uint32_t q, rem, half;
    if (te >= 1) { /* normal: rebias the exponent, keep mb fraction bits */
        uint32_t w = a - ((uint32_t)(127 - bias) << 23);
        q = w >> (23 - mb), rem = w & ((1u << (23 - mb)) - 1), half = 1u << (22 - mb);
    } else { /* subnormal (or zero): a count of 2^(1 - bias - mb) */
        uint32_t m = (a & 0x7fffffu) | (e ? 0x800000u : 0);
        int32_t shift = 151 - bias - mb - (e ? e : 1);
        shift = shift > 31 ? 31 : shift;
        q = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    }
    q += rem > half || (rem == half && (q & 1));
    return sign << (eb + mb) | (q > maxc ? maxc : q);
}
/* An element's exact value as a float (NaN for e4m3's and e5m2's NaNs, Inf for e5m2's) */
static inline float mx_to_f32(uint32_t c, int eb, int mb, int bias, int kind)
{
    uint32_t sign = c >> (eb + mb) & 1, e = c >> mb & ((1u << eb) - 1), m = c & ((1u << mb) - 1);
    uint32_t emax = (1u << eb) - 1, bits;
    if (kind == MX_IEEE && e == emax)
        bits = 0x7f800000u | m << (23 - mb);
    else if (kind == MX_NAN_ONES && e == emax && m == (1u << mb) - 1)
        bits = 0x7fc00000u;
    else if (e == 0) /* subnormal: m times 2^(1 - bias - mb), exact in a float */
        bits = f32_to_bits((float)m * f32_from_bits((uint32_t)(128 - bias - mb) << 23));
    else
        bits = (e + 127 - (uint32_t)bias) << 23 | m << (23 - mb);
    return f32_from_bits(sign << 31 | bits);
}
/* cvt.rs to an element (the x4 forms, .satfinite): mx_from_f32's bits truncated, one place up
 * where the top 8 of the dropped bits plus the random byte r carry out of 8 bits */
static inline uint32_t mx_rs_from_f32(float x, uint32_t r, int eb, int mb, int bias, uint32_t maxc,
                                      uint32_t nanc, int relu)
{
    uint32_t u = f32_to_bits(x), a = u & 0x7fffffffu, sign = u >> 31;
    if (a > 0x7f800000u)
        return nanc;
    if (relu && sign)
        return 0;
    int32_t e = (int32_t)(a >> 23), te = e - 127 + bias;
    uint32_t q, top8;
    if (te >= 1) { /* normal: rebias the exponent, keep mb fraction bits */
        uint32_t w = a - ((uint32_t)(127 - bias) << 23);
        q = w >> (23 - mb), top8 = w >> (15 - mb) & 0xff;
    } else { /* subnormal (or zero): a count of 2^(1 - bias - mb) */
        uint32_t m = (a & 0x7fffffu) | (e ? 0x800000u : 0);
        int32_t shift = 151 - bias - mb - (e ? e : 1);
        q = m >> (shift > 31 ? 31 : shift), top8 = m >> (shift - 8 > 31 ? 31 : shift - 8) & 0xff;
    }
    q += (top8 + (r & 0xffu)) >> 8;
    return sign << (eb + mb) | (q > maxc ? maxc : q);
}
#define MX_FORMAT(name, EB, MB, BIAS, MAXC, NANC, KIND)                                        \
    static inline uint32_t name##_from_f32(float x, int relu)                                  \
    {                                                                                          \
        return mx_from_f32(x, EB, MB, BIAS, MAXC, NANC, relu);                                 \
    }                                                                                          \
    static inline uint32_t name##_rs_from_f32(float x, uint32_t r, int relu)                   \
    {                                                                                          \
        return mx_rs_from_f32(x, r, EB, MB, BIAS, MAXC, NANC, relu);                           \
    }                                                                                          \
    static inline float name##_to_f32(uint32_t c) { return mx_to_f32(c, EB, MB, BIAS, KIND); }
MX_FORMAT(e4m3, 4, 3, 7, 0x7e, 0x7f, MX_NAN_ONES)
MX_FORMAT(e5m2, 5, 2, 15, 0x7b, 0x7f, MX_IEEE)
MX_FORMAT(e2m3, 2, 3, 1, 0x1f, 0x1f, MX_FINITE)
MX_FORMAT(e3m2, 3, 2, 3, 0x1f, 0x1f, MX_FINITE)
MX_FORMAT(e2m1, 2, 1, 1, 0x7, 0x7, MX_FINITE)
#undef MX_FORMAT
/* .scaled::n2::ue8m0: v times 2^(s - 127), exact in a float for every MX element (products from
 * 2^-143 to below 2^143: f32's subnormals hold the small ones, the large ones overflow to Inf as
 * their bf16 rounding does); s = 0xff, ue8m0's NaN, gives NaN. */
static inline float mx_scale(float v, uint32_t s)
{
    return s == 0xff ? NAN : v * f32_from_bits(s ? s << 23 : 0x00400000u);
}
/* ue8m0 (2^(e - 127), 0xff NaN) of |x|: .rz 2^floor(log2 |x|), .rp 2^ceil(log2 |x|), from the
 * float's exponent field; at least 2^-127 (0x00: zero, f32's subnormals but for .rp's above
 * 2^-127), past 2^127 and Inf 0xff or, .satfinite, 0xfe; NaN 0xff. */
static inline uint32_t ue8m0_from_f32(float x, int up, int satfinite)
{
    uint32_t a = f32_to_bits(x) & 0x7fffffffu, e = a >> 23, m = a & 0x7fffffu;
    if (a > 0x7f800000u)
        return 0xff;
    if (e == 0)
        return (uint32_t)(up && m > 0x400000u);
    e += (uint32_t)(up && m);
    return e > 254 ? (satfinite ? 0xfe : 0xff) : e;
}
static inline uint16_t ue8m0_to_bf16(uint32_t c)
{
    return (uint16_t)(c == 0xff ? 0x7fff : c ? c << 7 : 0x0040);
}
/* .s2f6 (s8 * 2^-6). To it: x / 2^(s - 127) in units of 2^-6, i.e. x * 2^(133 - s), exact in a
 * double, clamped to -128..127 (before the rounding: a value that rounds past an end is clamped
 * there anyway; Inf too) and rounded to nearest even by nearbyint; NaN and s = 0xff (ue8m0's NaN)
 * give 0x7f; .relu: a negative result 0. Selects, no branches: the loop vectorizes. */
static inline uint32_t s2f6_from_f32(float x, uint32_t s, int relu)
{
    double v = (double)x * f64_from_bits((uint64_t)(1023 + 133 - s) << 52);
    v = v > 127.0 ? 127.0 : v < -128.0 ? -128.0 : v;
    v = isnan(x) || s == 0xff ? 127.0 : v;
    int32_t k = (int32_t)nearbyint(v);
    return relu && k < 0 ? 0 : (uint32_t)k & 0xff;
}
static inline float s2f6_to_f32(uint32_t c) { return (float)(int8_t)c * 0x1p-6f; }

/* ---- cvt.rs (9.7.9.21): stochastic rounding ---------------------------------------------------
 * The random bits added to the f32's bits just below the destination's last place: a carry out
 * of them rounds the magnitude up (into the next binade, past MAX_NORM into Inf), the rest are
 * dropped. bf16 drops 16 bits (f32's subnormals are bf16's); f16 13 (rbits' low 13 of 16): its
 * normals by rebiasing the exponent, its subnormals as the significand counted in 2^-37 (the top
 * 13 of the bits below 2^-24); everything past 2^16 and Inf are Inf. NaN: 0x7fff. */
static inline uint16_t bf16_rs(float x, uint32_t r)
{
    uint32_t u = f32_to_bits(x);
    return (u & 0x7fffffffu) > 0x7f800000u ? 0x7fff : (uint16_t)((u + (r & 0xffffu)) >> 16);
}
static inline uint16_t f16_rs(float x, uint32_t r)
{
    uint32_t u = f32_to_bits(x), a = u & 0x7fffffffu, e = a >> 23, w;
    if (a > 0x7f800000u)
        return 0x7fff;
    if (a >= 0x38800000u) { /* normal f16 (or past it): the f16's bits, then 13 more */
        w = a - (112u << 23);
    } else { /* subnormal f16: a count of 2^-37 */
        uint32_t m = (a & 0x7fffffu) | (e ? 0x800000u : 0), sh = 113 - (e ? e : 1);
        w = m >> (sh > 31 ? 31 : sh);
    }
    uint32_t t = (w + (r & 0x1fffu)) >> 13;
    return (uint16_t)((u >> 16 & 0x8000u) | (t > 0x7c00u ? 0x7c00u : t));
}

/* ---- cvt.pack (9.7.9.22): .sat to convertType's range ---------------------------------------- */
static inline int32_t clamp_i32(int32_t v, int32_t lo, int32_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

#endif
