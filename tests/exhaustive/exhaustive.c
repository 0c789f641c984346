/* Exhaustive sweeps: every instruction whose inputs fit in 32 bits (16-bit integer forms, u16x2/s16x2,
 * f16/bf16 add, sub, mul, min and max, the one-operand 32-bit ones (f32 rcp/sqrt/rsqrt, .rnd and
 * .approx, among them),
 * f16/bf16 and f32 abs and neg) run on ALL 2^32 inputs through ptxcpu_run and compared with
 * oracles written here. */
#include <ptxcpu.h>

#include "emu_tables.h" /* tables built without native flags (simde emulation), linked in */
#include "internal.h"   /* kernel tables: the emulated ones are swept through them */
#include "test_common.h"

#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <mpfr.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define INLINE static inline __attribute__((always_inline))
#define X_PER_CALL 32u            /* values of a per ptxcpu_run call: 32 * 2^16 lanes = 2^16 warps */
#define LANES (X_PER_CALL << 16)
#define SAMPLE 61u                /* "sample" sweeps take every 61st a (still all b) */
#define CI4 0u                    /* every a at -Dtest_level=full, a 4 times larger a-step than
                                     the other sweeps when sampled (CI): half sub/mul .ftz/.sat,
                                     f32 rcp/sqrt (their scalar reference is integer division) */
#define CI16 (~0u)                /* the same, a 16 times larger step when sampled: the .approx
                                     forms that are rows of the IEEE families (same kernels) */
#define PRINT_CAP 8               /* mismatches printed per sweep */

/* ---- Oracles, from the spec and docs/SEMANTICS.md (never from src/) -------------------------------
 * Operands arrive as uint32_t holding the 16-bit (or for mad.wide's c, 32-bit) register bits. */
static inline int32_t s16(uint32_t v) { return (int32_t)((v & 0xffff) ^ 0x8000) - 0x8000; }
static inline uint32_t smul(uint32_t a, uint32_t b) { return (uint32_t)(s16(a) * s16(b)); }
static inline uint32_t umul(uint32_t a, uint32_t b) { return a * b; }
static inline uint32_t smin(uint32_t a, uint32_t b) { return s16(a) < s16(b) ? a : b; }
static inline uint32_t smax(uint32_t a, uint32_t b) { return s16(a) > s16(b) ? a : b; }
static inline uint32_t relu(uint32_t v) { return s16(v) < 0 ? 0 : v; }

#define O(name, expr) \
    static inline uint32_t o_##name(uint32_t a, uint32_t b, uint32_t c) \
    { (void)a; (void)b; (void)c; return (expr); }
O(add, (a + b) & 0xffff)
O(sub, (a - b) & 0xffff)
O(mul_lo_u, umul(a, b) & 0xffff)
O(mul_lo_s, smul(a, b) & 0xffff)
O(mul_hi_u, umul(a, b) >> 16)
O(mul_hi_s, smul(a, b) >> 16)                  /* bits 31..16 of the 32-bit product */
O(mul_wide_u, umul(a, b))
O(mul_wide_s, smul(a, b))
O(mad_lo_u, (umul(a, b) + c) & 0xffff)
O(mad_lo_s, (smul(a, b) + c) & 0xffff)
O(mad_hi_u, ((umul(a, b) >> 16) + c) & 0xffff)
O(mad_hi_s, ((smul(a, b) >> 16) + c) & 0xffff)
O(mad_wide_u, umul(a, b) + c)                  /* c is 32-bit, wraps mod 2^32 */
O(mad_wide_s, smul(a, b) + c)
O(sad_u, (c + (a < b ? b - a : a - b)) & 0xffff)
O(sad_s, (c + (uint32_t)(s16(a) < s16(b) ? s16(b) - s16(a) : s16(a) - s16(b))) & 0xffff)
O(div_u, b == 0 ? 0xffff : a / b)                                         /* x/0 = all ones */
O(div_s, b == 0 ? 0xffff : (a == 0x8000 && b == 0xffff) ? 0x8000          /* INT_MIN/-1 = INT_MIN */
                  : (uint32_t)(s16(a) / s16(b)) & 0xffff)                 /* truncates toward 0 */
O(rem_u, b == 0 ? 0xffff : a % b)
O(rem_s, b == 0 ? 0xffff : (a == 0x8000 && b == 0xffff) ? 0
                  : (uint32_t)(s16(a) % s16(b)) & 0xffff)                 /* sign of the dividend */
O(min_u, a < b ? a : b)
O(max_u, a > b ? a : b)
O(min_s, smin(a, b))
O(max_s, smax(a, b))
O(min_relu_s, relu(smin(a, b)))
O(max_relu_s, relu(smax(a, b)))
O(abs_s, (uint32_t)(s16(a) < 0 ? -s16(a) : s16(a)) & 0xffff)            /* |INT_MIN| = INT_MIN */
O(neg_s, (0u - a) & 0xffff)

/* One-operand 32-bit instructions (9.7.1.10-11, 14-16, 18), from the spec's pseudo-code: bit
 * counts by SWAR sums, bit reversal by swapping ever smaller halves, bfind by the highest set bit
 * of a (of ~a for negative signed a). */
static inline uint32_t popc32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}
static inline uint32_t smear32(uint32_t x) /* every bit below the highest set one set too */
{
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    return x | x >> 16;
}
static inline uint32_t brev32(uint32_t x)
{
    x = x >> 16 | x << 16;
    x = (x >> 8 & 0x00ff00ffu) | (x & 0x00ff00ffu) << 8;
    x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
    x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
    return (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
}
static inline uint32_t bfind32(uint32_t a, int sgn, int shiftamt)
{
    uint32_t v = sgn && (a >> 31) ? ~a : a;
    uint32_t pos = popc32(smear32(v)) - 1; /* 0xffffffff when v == 0 */
    return shiftamt && v ? 31 - pos : pos;
}
O(popc_b32, popc32(a))
O(clz_b32, 32 - popc32(smear32(a)))
O(brev_b32, brev32(a))
O(bfind_u32, bfind32(a, 0, 0))
O(bfind_s32, bfind32(a, 1, 0))
O(bfind_shiftamt_u32, bfind32(a, 0, 1))
O(bfind_shiftamt_s32, bfind32(a, 1, 1))
O(abs_s32, (a >> 31) ? 0u - a : a)                                     /* |INT_MIN| = INT_MIN */
O(neg_s32, 0u - a)

/* Half add. The sum of two f16 (or bf16) values is computed in float: RN to 24 bits, then RN to the
 * 11-bit (8-bit) format. Rounding twice equals rounding once because 24 >= 2*11+2 (2*8+2) (Figueroa's
 * double-rounding theorem for +); where the theorem's no-underflow premise fails the float sum is
 * exact (a float sum below 2^-126 is always exact, an f16 sum below 2^-14 is a multiple of 2^-24
 * with < 11 bits), and float's overflow threshold lies above both formats' inf thresholds.
 * float <-> f16 is the compiler runtime's conversion (_Float16). Compilers without _Float16 here
 * (clang < 15 on x86, whose __fp16 calls compiler-rt routines that libgcc lacks) get the
 * conversions written out below instead. */
static float f16_value[65536]; /* f16 bits -> float, filled once at start */

#ifdef __FLT16_MAX__
static float f16_to_float(uint16_t bits)
{
    _Float16 h;
    memcpy(&h, &bits, 2);
    return (float)h;
}

static uint32_t f16_convert(float f)
{
    _Float16 h = (_Float16)f;
    uint16_t r;
    memcpy(&r, &h, 2);
    return r;
}
#else
static float f16_to_float(uint16_t h)
{
    uint32_t e = h >> 10 & 0x1f, m = h & 0x3ff, u = (uint32_t)(h & 0x8000) << 16;
    if (e == 0) { /* zero or subnormal: m * 2^-24, exact in float */
        float f = (float)m * 0x1p-24f;
        return h & 0x8000 ? -f : f;
    }
    u |= (e == 31 ? 0xffu : e + 112) << 23 | m << 13; /* rebias 15 -> 127; inf, NaN keep m */
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t f16_convert(float f) /* round to nearest even */
{
    uint32_t u, sign;
    memcpy(&u, &f, 4);
    sign = u >> 16 & 0x8000;
    u &= 0x7fffffff;
    if (u > 0x7f800000)
        return sign | 0x7e00;
    if (u < 0x38800000) { /* below 2^-14: RNE to a multiple of 2^-24 by adding 0.5 (ulp 2^-24) */
        float t;
        memcpy(&t, &u, 4);
        t += 0.5f;
        memcpy(&u, &t, 4);
        return sign | (u - 0x3f000000);
    }
    if (u >= 0x47800000) /* 2^16 and up (inf too); 65520..65536 carry into inf below */
        return sign | 0x7c00;
    u += 0xfff + (u >> 13 & 1) - (112u << 23); /* RNE on the 13 dropped bits, rebias 127 -> 15 */
    return sign | u >> 13;
}
#endif

/* float -> f16 memoized: f16 keeps at most 10 of float's 23 fraction bits, so the round bit is float
 * bit 12 or above and bits 11..0 only act as sticky. The result depends only on bits 31..12 and on
 * whether any of bits 11..0 is set: a 2^21-entry table of conversions is exact. */
static uint16_t f16_memo[1u << 21];

static void f16_table_init(void)
{
    for (uint32_t i = 0; i < 65536; i++)
        f16_value[i] = f16_to_float((uint16_t)i);
    for (uint32_t k = 0; k < 1u << 21; k++) {
        uint32_t u = (k >> 1) << 12 | (k & 1);
        float f;
        memcpy(&f, &u, 4);
        f16_memo[k] = (uint16_t)f16_convert(f);
    }
}

static inline uint32_t f16_round(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return f16_memo[(u >> 12) << 1 | ((u & 0xfff) != 0)];
}

static inline int f16_subnormal(uint32_t h) { return (h & 0x7c00) == 0 && (h & 0x3ff) != 0; }

static inline uint32_t f16_add(uint32_t a, uint32_t b, int ftz, int sat)
{
    if (ftz) { /* subnormal inputs become a zero of their sign */
        a = f16_subnormal(a) ? a & 0x8000 : a;
        b = f16_subnormal(b) ? b & 0x8000 : b;
    }
    uint32_t r = f16_round(f16_value[a] + f16_value[b]);
    if ((r & 0x7fff) > 0x7c00)
        r = sat ? 0 : 0x7fff; /* canonical NaN; .sat maps NaN to +0 */
    if (ftz && f16_subnormal(r))
        r &= 0x8000;
    if (sat) /* clamp to [+0, 1.0]: negatives (-0 and -inf too) -> +0, above 1.0 (+inf too) -> 1.0 */
        r = (r & 0x8000) ? 0 : r > 0x3c00 ? 0x3c00 : r;
    return r;
}

static inline float bf16_value(uint32_t h)
{
    uint32_t u = h << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* float -> bf16, round to nearest even: adding 0x7fff plus the kept LSB carries into the kept bits
 * exactly when the dropped half is above 0x8000, or equal with an odd LSB. A carry out of the
 * significand bumps the exponent, which is right for binade crossings, subnormal -> normal and
 * max -> inf alike (the sign bit is never reached: |u| <= 0x7f800000 here). */
static inline uint32_t bf16_round(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    if ((u & 0x7fffffff) > 0x7f800000)
        return 0x7fff;
    return (u + 0x7fff + ((u >> 16) & 1)) >> 16;
}

O(f16, f16_add(a, b, 0, 0))
O(f16_ftz, f16_add(a, b, 1, 0))
O(f16_sat, f16_add(a, b, 0, 1))
O(f16_ftz_sat, f16_add(a, b, 1, 1))
O(bf16, bf16_round(bf16_value(a) + bf16_value(b)))

/* Half sub: the add oracles above with b's sign flipped (a NaN's sign never matters: NaN results
 * are canonical). */
O(f16_sub, f16_add(a, b ^ 0x8000, 0, 0))
O(f16_sub_ftz, f16_add(a, b ^ 0x8000, 1, 0))
O(f16_sub_sat, f16_add(a, b ^ 0x8000, 0, 1))
O(f16_sub_ftz_sat, f16_add(a, b ^ 0x8000, 1, 1))
O(bf16_sub, bf16_round(bf16_value(a) - bf16_value(b)))

/* Half mul. The product of two f16 (bf16) values has at most 22 (16) significant bits and lies
 * between 2^-48 (2^-266) and 2^32 (2^256): exact in double. rne_grid rounds a positive double to
 * nearest even at p significant bits with the last bit no finer than 2^lsb_min (a format's
 * subnormal grid; INT_MIN / 2 for the unbounded exponent range that .ftz's tininess test, after
 * rounding, needs: docs/SEMANTICS.md), from the definition, in exact steps: frexp, ldexp, floor
 * and the comparisons never round. */
static double rne_grid(double a, int p, int lsb_min)
{
    int e;
    frexp(a, &e); /* a in [2^(e-1), 2^e) */
    int lsb = e - p < lsb_min ? lsb_min : e - p;
    double sc = ldexp(a, -lsb), fl = floor(sc), fr = sc - fl;
    fl += fr > 0.5 || (fr == 0.5 && fmod(fl, 2) == 1);
    return ldexp(fl, lsb);
}

/* The bf16 encoding of a double, rounded once (to nearest even; bf16: 8 bits, exponents -126..127). */
static uint32_t bf16_of_double(double v)
{
    uint32_t sign = signbit(v) ? 0x8000 : 0;
    double r = v == 0 ? 0 : rne_grid(fabs(v), 8, -133);
    if (r >= 0x1p128)
        return sign | 0x7f80;
    if (r < 0x1p-126)
        return sign | (uint32_t)ldexp(r, 133); /* subnormal: the multiple of 2^-133 */
    int e;
    double m = frexp(r, &e); /* r = m 2^e, m in [0.5, 1) */
    return sign | (uint32_t)(e - 1 + 127) << 7 | ((uint32_t)ldexp(m, 8) & 0x7f);
}

static inline uint32_t f16_mul(uint32_t a, uint32_t b, int ftz, int sat)
{
    if (ftz) {
        a = f16_subnormal(a) ? a & 0x8000 : a;
        b = f16_subnormal(b) ? b & 0x8000 : b;
    }
    float p = f16_value[a] * f16_value[b]; /* exact */
    uint32_t r = f16_round(p);
    if ((r & 0x7fff) > 0x7c00)
        r = 0x7fff;
    if (ftz && p != 0 && fabsf(p) < 0x1p-14f && rne_grid(fabsf(p), 11, INT_MIN / 2) < 0x1p-14)
        r = signbit(p) ? 0x8000 : 0; /* tiny after rounding with an unbounded exponent */
    if (sat)
        r = (r & 0x8000) || (r & 0x7fff) > 0x7c00 ? 0 : r > 0x3c00 ? 0x3c00 : r;
    return r;
}

static inline uint32_t bf16_mul(uint32_t a, uint32_t b)
{
    double p = (double)bf16_value(a) * bf16_value(b); /* exact */
    if (p != p)
        return 0x7fff;
    if (fabs(p) >= 0x1p-126) /* normal in float (or beyond: inf), where (float)p is exact */
        return bf16_round((float)p);
    return bf16_of_double(p);
}

O(f16_mul, f16_mul(a, b, 0, 0))
O(f16_mul_ftz, f16_mul(a, b, 1, 0))
O(f16_mul_sat, f16_mul(a, b, 0, 1))
O(f16_mul_ftz_sat, f16_mul(a, b, 1, 1))
O(bf16_mul, bf16_mul(a, b))
/* Float and half abs/neg/min/max (9.7.3.9-12, 9.7.4.5-8): the C library's fabsf, unary minus,
 * fminf/fmaxf on the exact float values. The spec's order puts -0 below +0, which the C library
 * leaves open, so two zeros are decided by their signs; NaN results are canonical
 * (docs/SEMANTICS.md); .xorsign.abs compares magnitudes and gives a non-NaN result the XOR of the
 * inputs' signs. f16 results go back through f16_round (exact: they are f16 values). */
static inline float h_value(uint32_t h, int bf) { return bf ? bf16_value(h) : f16_value[h]; }
static inline uint32_t h_bits(float f, int bf)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return bf ? u >> 16 : f16_round(f);
}
static inline uint32_t h_absneg(uint32_t h, int bf, int neg, int ftz)
{
    if (ftz && f16_subnormal(h))
        h &= 0x8000;
    float x = h_value(h, bf);
    return isnan(x) ? 0x7fff : h_bits(neg ? -x : fabsf(x), bf);
}
static inline uint32_t h_minmax(uint32_t a, uint32_t b, int bf, int mx, int ftz, int nan, int xs)
{
    if (ftz) {
        a = f16_subnormal(a) ? a & 0x8000 : a;
        b = f16_subnormal(b) ? b & 0x8000 : b;
    }
    float x = h_value(a, bf), y = h_value(b, bf), r;
    int xorneg = ((a ^ b) & 0x8000) != 0;
    if (xs) {
        x = fabsf(x);
        y = fabsf(y);
    }
    if ((isnan(x) && isnan(y)) || (nan && (isnan(x) || isnan(y))))
        return 0x7fff;
    if (isnan(x) || isnan(y)) /* (fminf/fmaxf give NaN for a signalling one; min_num does not) */
        r = isnan(x) ? y : x;
    else
        r = mx ? fmaxf(x, y) : fminf(x, y);
    if (x == 0 && y == 0)
        r = (mx ? signbit(x) && signbit(y) : signbit(x) || signbit(y)) ? -0.0f : 0.0f;
    if (xs)
        r = copysignf(r, xorneg ? -1.0f : 1.0f);
    return h_bits(r, bf);
}
static inline uint32_t f32_absneg(uint32_t a, int neg, int ftz)
{
    if (ftz && (a & 0x7f800000) == 0)
        a &= 0x80000000u;
    float x;
    memcpy(&x, &a, 4);
    if (isnan(x))
        return 0x7fffffff;
    x = neg ? -x : fabsf(x);
    memcpy(&a, &x, 4);
    return a;
}
#define H2(f, ...) (f(a & 0xffff, __VA_ARGS__) | f(a >> 16, __VA_ARGS__) << 16)
O(abs_f16, h_absneg(a, 0, 0, 0))
O(abs_ftz_f16, h_absneg(a, 0, 0, 1))
O(neg_f16, h_absneg(a, 0, 1, 0))
O(neg_ftz_f16, h_absneg(a, 0, 1, 1))
O(abs_bf16, h_absneg(a, 1, 0, 0))
O(neg_bf16, h_absneg(a, 1, 1, 0))
O(abs_f16x2, H2(h_absneg, 0, 0, 0))
O(abs_ftz_f16x2, H2(h_absneg, 0, 0, 1))
O(neg_f16x2, H2(h_absneg, 0, 1, 0))
O(neg_ftz_f16x2, H2(h_absneg, 0, 1, 1))
O(abs_bf16x2, H2(h_absneg, 1, 0, 0))
O(neg_bf16x2, H2(h_absneg, 1, 1, 0))
O(abs_f32, f32_absneg(a, 0, 0))
O(abs_ftz_f32, f32_absneg(a, 0, 1))
O(neg_f32, f32_absneg(a, 1, 0))
O(neg_ftz_f32, f32_absneg(a, 1, 1))
/* min/max oracles: name, bf16, max, .ftz, .NaN, .xorsign.abs */
#define HMM(name, ...) O(name, h_minmax(a, b, __VA_ARGS__))
#define HMM_MODS(op, mx, t, bf, fz, ftz)                                                         \
    HMM(op##fz##t, bf, mx, ftz, 0, 0) HMM(op##fz##_NaN##t, bf, mx, ftz, 1, 0)                   \
    HMM(op##fz##_xs##t, bf, mx, ftz, 0, 1) HMM(op##fz##_NaN_xs##t, bf, mx, ftz, 1, 1)
#define HMM_OPS(t, bf, fz, ftz) HMM_MODS(min, 0, t, bf, fz, ftz) HMM_MODS(max, 1, t, bf, fz, ftz)
HMM_OPS(_f16, 0, , 0) HMM_OPS(_f16, 0, _ftz, 1) HMM_OPS(_bf16, 1, , 0)
/* rcp.rnd{.ftz}.f32 and sqrt.rnd{.ftz}.f32 (9.7.3.13, 9.7.3.15): the quotient or root in binary64
 * (the oracles run to nearest), the side the exact value lies on from an exact fma residual
 * (1 - d a, and a - d d, are representable for a correctly rounded d), then this file's own
 * rounding to binary32: d = m 2^e (53-bit m) with that side s is, for any rounding to 24 bits,
 * the value (4 m + s) 2^(e-2), since no 24-bit boundary lies strictly between d and the exact
 * value, which is less than half a binary64 ulp away. */
enum { M_RN, M_RZ, M_RM, M_RP };
static uint32_t f32_round(int neg, uint64_t m, int e, int mode, int ftz)
{
    int top = e + 63 - __builtin_clzll(m), lsb = top - 23;
    if (!ftz && lsb < -149)
        lsb = -149;
    int sh = lsb - e; /* > 0: m has 55 bits here */
    uint64_t q = m >> sh, rem = m & ((1ull << sh) - 1), half = 1ull << (sh - 1);
    int up = mode == M_RN ? rem > half || (rem == half && (q & 1))
           : mode == M_RZ ? 0 : mode == M_RM ? neg && rem : !neg && rem;
    q += (uint64_t)up;
    if (q >> 24) {
        q >>= 1;
        lsb++;
    }
    uint32_t sign = neg ? 0x80000000u : 0;
    if (ftz && lsb + 23 < -126) /* 2^lsb q < 2^-126 (q has 24 bits) */
        return sign;
    if (q == 0)
        return sign;
    if (lsb + 63 - __builtin_clzll(q) > 127) { /* overflow */
        int inf = mode == M_RN || (mode == M_RM && neg) || (mode == M_RP && !neg);
        return sign | (inf ? 0x7f800000u : 0x7f7fffffu);
    }
    if (q < (1u << 23)) /* subnormal: lsb is -149 */
        return sign | (uint32_t)q;
    return sign | (uint32_t)(lsb + 23 + 127) << 23 | ((uint32_t)q & 0x7fffff);
}
static uint32_t f32_round_sided(double d, double residual, int mode, int ftz)
{
    int e;
    double fr = frexp(fabs(d), &e); /* |d| = fr 2^e, fr in [0.5, 1) */
    uint64_t m = (uint64_t)ldexp(fr, 53);
    int s = residual > 0 ? 1 : residual < 0 ? -1 : 0; /* exact value - |d|, its sign */
    return f32_round(d < 0, 4 * m + (uint64_t)(int64_t)s, e - 53 - 2, mode, ftz);
}
static inline float f32_in(uint32_t a, int ftz)
{
    if (ftz && (a & 0x7f800000u) == 0)
        a &= 0x80000000u; /* .ftz: a subnormal input is a zero of its sign */
    float f;
    memcpy(&f, &a, 4);
    return f;
}
static uint32_t o_rcp32(uint32_t a, int mode, int ftz)
{
    float x = f32_in(a, ftz);
    if (isnan(x))
        return 0x7fffffff;
    if (x == 0 || isinf(x))
        return (a & 0x80000000u) | (x == 0 ? 0x7f800000u : 0);
    double d = 1.0 / x, r = fma(-d, x, 1.0); /* r = x (1/x - d), so |1/x| - |d| = r / |x| */
    return f32_round_sided(d, r, mode, ftz);
}
static uint32_t o_sqrt32(uint32_t a, int mode, int ftz)
{
    float x = f32_in(a, ftz);
    if (isnan(x) || x < 0)
        return 0x7fffffff;
    if (x == 0 || isinf(x))
        return ftz && x == 0 ? a & 0x80000000u : a; /* sqrt(-0) = -0 */
    double d = sqrt(x), r = fma(-d, d, x); /* x - d^2: the sign of sqrt(x) - d */
    return f32_round_sided(d, r, mode, ftz);
}
#define O_DIVSQRT(R, M)                                                                            \
    O(rcp_##R, o_rcp32(a, M, 0)) O(rcp_##R##_ftz, o_rcp32(a, M, 1))                             \
    O(sqrt_##R, o_sqrt32(a, M, 0)) O(sqrt_##R##_ftz, o_sqrt32(a, M, 1))
O_DIVSQRT(rn, M_RN)
O_DIVSQRT(rz, M_RZ)
O_DIVSQRT(rm, M_RM)
O_DIVSQRT(rp, M_RP)

/* rsqrt.approx{.ftz}.f32 (9.7.3.16): the correctly rounded 1/sqrt(x) (docs/SEMANTICS.md), from
 * MPFR's mpfr_rec_sqrt. 1/sqrt(4^k s) is 2^-k / sqrt(s) exactly, and no result is subnormal or
 * overflows, so a table of the 2^24 significands s of [1, 4) (filled once, in parallel) gives
 * every input: the entry of s with k taken from its exponent. Spec table: -0 -> -inf (MPFR: +inf),
 * negative -> NaN, +inf -> +0. */
static uint32_t *rsq_table;
static void rsq_table_init(void)
{
    rsq_table = malloc(sizeof(uint32_t) << 24);
    if (!rsq_table) {
        perror("malloc");
        exit(2);
    }
#pragma omp parallel
    {
        mpfr_t x, r;
        mpfr_init2(x, 24);
        mpfr_init2(r, 24);
#pragma omp for schedule(static)
        for (uint32_t i = 0; i < (1u << 24); i++) {
            mpfr_set_d(x, ldexp((double)((i & 0x7fffff) | 0x800000), i >> 23 ? -22 : -23), MPFR_RNDN);
            mpfr_rec_sqrt(r, x, MPFR_RNDN);
            float f = mpfr_get_flt(r, MPFR_RNDN); /* exact: 24 bits, in (1/2, 1] */
            memcpy(&rsq_table[i], &f, 4);
        }
        mpfr_clear(x);
        mpfr_clear(r);
    }
}
static uint32_t o_rsqrt32(uint32_t a, int ftz)
{
    float x = f32_in(a, ftz);
    if (isnan(x) || x < 0)
        return 0x7fffffff;
    if (x == 0)
        return (a & 0x80000000u) | 0x7f800000u;
    if (isinf(x))
        return 0;
    int e;
    float fr = frexpf(x, &e); /* x = 2 fr 2^(e-1), 2 fr in [1, 2) */
    uint32_t frac = (uint32_t)ldexpf(2 * fr, 23) & 0x7fffff;
    int odd = (e - 1) & 1, k = (e - 1 - odd) / 2; /* x = s 4^k, s = 2 fr 2^odd */
    return rsq_table[(uint32_t)odd << 23 | frac] - (uint32_t)(k * (1 << 23));
}
O(rsqrt, o_rsqrt32(a, 0))
O(rsqrt_ftz, o_rsqrt32(a, 1))

/* ---- The sweeps ----------------------------------------------------------------------------------
 * Layouts: PAIR16 a, b, d 16-bit (c 16-bit uniform); PAIR32 a, b 16-bit, d and c 32-bit (.wide);
 * UNARY16 a, d 16-bit, all 2^16 a; UNARY32 a, d 32-bit, a = x << 16 | y; PACKED a, b, d 32-bit, the oracle per 16-bit element: the low
 * halves get (x, y), the high halves (y, x), so each element sees every pair. */
enum layout { PAIR16, PAIR32, UNARY16, PACKED, UNARY32 };
static const uint32_t C_NONE[] = {0};
static const uint32_t C16[] = {0, 1, 0x7fff, 0x8000, 0xffff};
static const uint32_t C32[] = {0, 1, 0x7fff, 0x8000, 0xffff, 0xffffffff, 0x80000000};

/* The half min/max spellings of one type (id suffix T, mnemonic suffix MT, which names the
 * oracles o_<op>_<T>...): the plain ones swept with a-stride S1, the .NaN and .xorsign.abs ones
 * (the same compare, other fix-ups) sampled. bf16 oracles serve both layouts (PACKED applies
 * the oracle per element), the .ftz ones are f16 only. */
#define HALF_MINMAX(X, T, LAY, FZ, TY, S1) \
    HALF_MM1(X, min, T, LAY, FZ, TY, S1) HALF_MM1(X, max, T, LAY, FZ, TY, S1)
#define HALF_MM1(X, OP, T, LAY, FZ, TY, S1) \
    X(OP##_##T, #OP "." FZ TY, "half", LAY, S1, C_NONE, HMM_O(OP, T, )) \
    X(OP##_NaN_##T, #OP "." FZ "NaN." TY, "half", LAY, SAMPLE, C_NONE, HMM_O(OP, T, _NaN)) \
    X(OP##_xs_##T, #OP "." FZ "xorsign.abs." TY, "half", LAY, SAMPLE, C_NONE, HMM_O(OP, T, _xs)) \
    X(OP##_NaN_xs_##T, #OP "." FZ "NaN.xorsign.abs." TY, "half", LAY, SAMPLE, C_NONE, \
      HMM_O(OP, T, _NaN_xs))
/* HMM_O(min, ftz_f16x2, _NaN) = o_min_ftz_NaN_f16: the oracle of the element type */
#define HMM_O(OP, T, M) HMM_O_##T(OP, M)
#define HMM_O_f16(OP, M) o_##OP##M##_f16
#define HMM_O_ftz_f16(OP, M) o_##OP##_ftz##M##_f16
#define HMM_O_bf16(OP, M) o_##OP##M##_bf16
#define HMM_O_f16x2(OP, M) o_##OP##M##_f16
#define HMM_O_ftz_f16x2(OP, M) o_##OP##_ftz##M##_f16
#define HMM_O_bf16x2(OP, M) o_##OP##M##_bf16

/* X(id, mnemonic, group, layout, a-stride (1 = all, SAMPLE), c values, oracle) */
#define SWEEPS(X) \
    X(add_u16, "add.u16", "int", PAIR16, 1, C_NONE, o_add) \
    X(add_s16, "add.s16", "int", PAIR16, 1, C_NONE, o_add) \
    X(sub_u16, "sub.u16", "int", PAIR16, 1, C_NONE, o_sub) \
    X(sub_s16, "sub.s16", "int", PAIR16, 1, C_NONE, o_sub) \
    X(mul_lo_u16, "mul.lo.u16", "int", PAIR16, 1, C_NONE, o_mul_lo_u) \
    X(mul_lo_s16, "mul.lo.s16", "int", PAIR16, 1, C_NONE, o_mul_lo_s) \
    X(mul_hi_u16, "mul.hi.u16", "int", PAIR16, 1, C_NONE, o_mul_hi_u) \
    X(mul_hi_s16, "mul.hi.s16", "int", PAIR16, 1, C_NONE, o_mul_hi_s) \
    X(mul_wide_u16, "mul.wide.u16", "int", PAIR32, 1, C_NONE, o_mul_wide_u) \
    X(mul_wide_s16, "mul.wide.s16", "int", PAIR32, 1, C_NONE, o_mul_wide_s) \
    X(div_u16, "div.u16", "int", PAIR16, 1, C_NONE, o_div_u) \
    X(div_s16, "div.s16", "int", PAIR16, 1, C_NONE, o_div_s) \
    X(rem_u16, "rem.u16", "int", PAIR16, 1, C_NONE, o_rem_u) \
    X(rem_s16, "rem.s16", "int", PAIR16, 1, C_NONE, o_rem_s) \
    X(min_u16, "min.u16", "int", PAIR16, 1, C_NONE, o_min_u) \
    X(min_s16, "min.s16", "int", PAIR16, 1, C_NONE, o_min_s) \
    X(max_u16, "max.u16", "int", PAIR16, 1, C_NONE, o_max_u) \
    X(max_s16, "max.s16", "int", PAIR16, 1, C_NONE, o_max_s) \
    X(abs_s16, "abs.s16", "int", UNARY16, 1, C_NONE, o_abs_s) \
    X(neg_s16, "neg.s16", "int", UNARY16, 1, C_NONE, o_neg_s) \
    X(mad_lo_u16, "mad.lo.u16", "int3", PAIR16, 1, C16, o_mad_lo_u) \
    X(mad_lo_s16, "mad.lo.s16", "int3", PAIR16, 1, C16, o_mad_lo_s) \
    X(mad_hi_u16, "mad.hi.u16", "int3", PAIR16, 1, C16, o_mad_hi_u) \
    X(mad_hi_s16, "mad.hi.s16", "int3", PAIR16, 1, C16, o_mad_hi_s) \
    X(mad_wide_u16, "mad.wide.u16", "int3", PAIR32, 1, C32, o_mad_wide_u) \
    X(mad_wide_s16, "mad.wide.s16", "int3", PAIR32, 1, C32, o_mad_wide_s) \
    X(sad_u16, "sad.u16", "int3", PAIR16, 1, C16, o_sad_u) \
    X(sad_s16, "sad.s16", "int3", PAIR16, 1, C16, o_sad_s) \
    X(add_u16x2, "add.u16x2", "packed", PACKED, 1, C_NONE, o_add) \
    X(add_s16x2, "add.s16x2", "packed", PACKED, 1, C_NONE, o_add) \
    X(min_u16x2, "min.u16x2", "packed", PACKED, 1, C_NONE, o_min_u) \
    X(min_s16x2, "min.s16x2", "packed", PACKED, 1, C_NONE, o_min_s) \
    X(max_u16x2, "max.u16x2", "packed", PACKED, 1, C_NONE, o_max_u) \
    X(max_s16x2, "max.s16x2", "packed", PACKED, 1, C_NONE, o_max_s) \
    X(min_relu_s16x2, "min.relu.s16x2", "packed", PACKED, 1, C_NONE, o_min_relu_s) \
    X(max_relu_s16x2, "max.relu.s16x2", "packed", PACKED, 1, C_NONE, o_max_relu_s) \
    X(add_rn_f16, "add.rn.f16", "half", PAIR16, 1, C_NONE, o_f16) \
    X(add_rn_ftz_f16, "add.rn.ftz.f16", "half", PAIR16, 1, C_NONE, o_f16_ftz) \
    X(add_rn_sat_f16, "add.rn.sat.f16", "half", PAIR16, 1, C_NONE, o_f16_sat) \
    X(add_rn_ftz_sat_f16, "add.rn.ftz.sat.f16", "half", PAIR16, 1, C_NONE, o_f16_ftz_sat) \
    X(add_f16, "add.f16", "half", PAIR16, SAMPLE, C_NONE, o_f16) \
    X(add_ftz_f16, "add.ftz.f16", "half", PAIR16, SAMPLE, C_NONE, o_f16_ftz) \
    X(add_sat_f16, "add.sat.f16", "half", PAIR16, SAMPLE, C_NONE, o_f16_sat) \
    X(add_ftz_sat_f16, "add.ftz.sat.f16", "half", PAIR16, SAMPLE, C_NONE, o_f16_ftz_sat) \
    X(add_rn_bf16, "add.rn.bf16", "half", PAIR16, 1, C_NONE, o_bf16) \
    X(add_bf16, "add.bf16", "half", PAIR16, SAMPLE, C_NONE, o_bf16) \
    X(add_rn_f16x2, "add.rn.f16x2", "half", PACKED, 1, C_NONE, o_f16) \
    X(add_rn_ftz_f16x2, "add.rn.ftz.f16x2", "half", PACKED, 1, C_NONE, o_f16_ftz) \
    X(add_rn_sat_f16x2, "add.rn.sat.f16x2", "half", PACKED, 1, C_NONE, o_f16_sat) \
    X(add_rn_ftz_sat_f16x2, "add.rn.ftz.sat.f16x2", "half", PACKED, 1, C_NONE, o_f16_ftz_sat) \
    X(add_f16x2, "add.f16x2", "half", PACKED, SAMPLE, C_NONE, o_f16) \
    X(add_ftz_f16x2, "add.ftz.f16x2", "half", PACKED, SAMPLE, C_NONE, o_f16_ftz) \
    X(add_sat_f16x2, "add.sat.f16x2", "half", PACKED, SAMPLE, C_NONE, o_f16_sat) \
    X(add_ftz_sat_f16x2, "add.ftz.sat.f16x2", "half", PACKED, SAMPLE, C_NONE, o_f16_ftz_sat) \
    X(add_rn_bf16x2, "add.rn.bf16x2", "half", PACKED, 1, C_NONE, o_bf16) \
    X(add_bf16x2, "add.bf16x2", "half", PACKED, SAMPLE, C_NONE, o_bf16) \
    X(sub_rn_f16, "sub.rn.f16", "hsub", PAIR16, 1, C_NONE, o_f16_sub) \
    X(sub_rn_ftz_f16, "sub.rn.ftz.f16", "hsub", PAIR16, CI4, C_NONE, o_f16_sub_ftz) \
    X(sub_rn_sat_f16, "sub.rn.sat.f16", "hsub", PAIR16, CI4, C_NONE, o_f16_sub_sat) \
    X(sub_rn_ftz_sat_f16, "sub.rn.ftz.sat.f16", "hsub", PAIR16, CI4, C_NONE, o_f16_sub_ftz_sat) \
    X(sub_rn_bf16, "sub.rn.bf16", "hsub", PAIR16, 1, C_NONE, o_bf16_sub) \
    X(sub_f16, "sub.f16", "hsub", PAIR16, SAMPLE, C_NONE, o_f16_sub) \
    X(sub_ftz_f16, "sub.ftz.f16", "hsub", PAIR16, SAMPLE, C_NONE, o_f16_sub_ftz) \
    X(sub_sat_f16, "sub.sat.f16", "hsub", PAIR16, SAMPLE, C_NONE, o_f16_sub_sat) \
    X(sub_ftz_sat_f16, "sub.ftz.sat.f16", "hsub", PAIR16, SAMPLE, C_NONE, o_f16_sub_ftz_sat) \
    X(sub_bf16, "sub.bf16", "hsub", PAIR16, SAMPLE, C_NONE, o_bf16_sub) \
    X(sub_rn_f16x2, "sub.rn.f16x2", "hsub", PACKED, 1, C_NONE, o_f16_sub) \
    X(sub_rn_ftz_f16x2, "sub.rn.ftz.f16x2", "hsub", PACKED, CI4, C_NONE, o_f16_sub_ftz) \
    X(sub_rn_sat_f16x2, "sub.rn.sat.f16x2", "hsub", PACKED, CI4, C_NONE, o_f16_sub_sat) \
    X(sub_rn_ftz_sat_f16x2, "sub.rn.ftz.sat.f16x2", "hsub", PACKED, CI4, C_NONE, o_f16_sub_ftz_sat) \
    X(sub_rn_bf16x2, "sub.rn.bf16x2", "hsub", PACKED, 1, C_NONE, o_bf16_sub) \
    X(sub_f16x2, "sub.f16x2", "hsub", PACKED, SAMPLE, C_NONE, o_f16_sub) \
    X(sub_ftz_f16x2, "sub.ftz.f16x2", "hsub", PACKED, SAMPLE, C_NONE, o_f16_sub_ftz) \
    X(sub_sat_f16x2, "sub.sat.f16x2", "hsub", PACKED, SAMPLE, C_NONE, o_f16_sub_sat) \
    X(sub_ftz_sat_f16x2, "sub.ftz.sat.f16x2", "hsub", PACKED, SAMPLE, C_NONE, o_f16_sub_ftz_sat) \
    X(sub_bf16x2, "sub.bf16x2", "hsub", PACKED, SAMPLE, C_NONE, o_bf16_sub) \
    X(mul_rn_f16, "mul.rn.f16", "hmul", PAIR16, 1, C_NONE, o_f16_mul) \
    X(mul_rn_ftz_f16, "mul.rn.ftz.f16", "hmul", PAIR16, CI4, C_NONE, o_f16_mul_ftz) \
    X(mul_rn_sat_f16, "mul.rn.sat.f16", "hmul", PAIR16, CI4, C_NONE, o_f16_mul_sat) \
    X(mul_rn_ftz_sat_f16, "mul.rn.ftz.sat.f16", "hmul", PAIR16, CI4, C_NONE, o_f16_mul_ftz_sat) \
    X(mul_rn_bf16, "mul.rn.bf16", "hmul", PAIR16, 1, C_NONE, o_bf16_mul) \
    X(mul_f16, "mul.f16", "hmul", PAIR16, SAMPLE, C_NONE, o_f16_mul) \
    X(mul_ftz_f16, "mul.ftz.f16", "hmul", PAIR16, SAMPLE, C_NONE, o_f16_mul_ftz) \
    X(mul_sat_f16, "mul.sat.f16", "hmul", PAIR16, SAMPLE, C_NONE, o_f16_mul_sat) \
    X(mul_ftz_sat_f16, "mul.ftz.sat.f16", "hmul", PAIR16, SAMPLE, C_NONE, o_f16_mul_ftz_sat) \
    X(mul_bf16, "mul.bf16", "hmul", PAIR16, SAMPLE, C_NONE, o_bf16_mul) \
    X(mul_rn_f16x2, "mul.rn.f16x2", "hmul", PACKED, 1, C_NONE, o_f16_mul) \
    X(mul_rn_ftz_f16x2, "mul.rn.ftz.f16x2", "hmul", PACKED, CI4, C_NONE, o_f16_mul_ftz) \
    X(mul_rn_sat_f16x2, "mul.rn.sat.f16x2", "hmul", PACKED, CI4, C_NONE, o_f16_mul_sat) \
    X(mul_rn_ftz_sat_f16x2, "mul.rn.ftz.sat.f16x2", "hmul", PACKED, CI4, C_NONE, o_f16_mul_ftz_sat) \
    X(mul_rn_bf16x2, "mul.rn.bf16x2", "hmul", PACKED, 1, C_NONE, o_bf16_mul) \
    X(mul_f16x2, "mul.f16x2", "hmul", PACKED, SAMPLE, C_NONE, o_f16_mul) \
    X(mul_ftz_f16x2, "mul.ftz.f16x2", "hmul", PACKED, SAMPLE, C_NONE, o_f16_mul_ftz) \
    X(mul_sat_f16x2, "mul.sat.f16x2", "hmul", PACKED, SAMPLE, C_NONE, o_f16_mul_sat) \
    X(mul_ftz_sat_f16x2, "mul.ftz.sat.f16x2", "hmul", PACKED, SAMPLE, C_NONE, o_f16_mul_ftz_sat) \
    X(mul_bf16x2, "mul.bf16x2", "hmul", PACKED, SAMPLE, C_NONE, o_bf16_mul) \
    X(abs_f16, "abs.f16", "half", UNARY16, 1, C_NONE, o_abs_f16) \
    X(abs_ftz_f16, "abs.ftz.f16", "half", UNARY16, 1, C_NONE, o_abs_ftz_f16) \
    X(neg_f16, "neg.f16", "half", UNARY16, 1, C_NONE, o_neg_f16) \
    X(neg_ftz_f16, "neg.ftz.f16", "half", UNARY16, 1, C_NONE, o_neg_ftz_f16) \
    X(abs_bf16, "abs.bf16", "half", UNARY16, 1, C_NONE, o_abs_bf16) \
    X(neg_bf16, "neg.bf16", "half", UNARY16, 1, C_NONE, o_neg_bf16) \
    HALF_MINMAX(X, f16, PAIR16, "", "f16", 1) \
    HALF_MINMAX(X, ftz_f16, PAIR16, "ftz.", "f16", SAMPLE) \
    HALF_MINMAX(X, bf16, PAIR16, "", "bf16", 1) \
    HALF_MINMAX(X, f16x2, PACKED, "", "f16x2", 1) \
    HALF_MINMAX(X, ftz_f16x2, PACKED, "ftz.", "f16x2", SAMPLE) \
    HALF_MINMAX(X, bf16x2, PACKED, "", "bf16x2", 1) \
    X(popc_b32, "popc.b32", "unary32", UNARY32, 1, C_NONE, o_popc_b32) \
    X(clz_b32, "clz.b32", "unary32", UNARY32, 1, C_NONE, o_clz_b32) \
    X(brev_b32, "brev.b32", "unary32", UNARY32, 1, C_NONE, o_brev_b32) \
    X(bfind_u32, "bfind.u32", "unary32", UNARY32, 1, C_NONE, o_bfind_u32) \
    X(bfind_s32, "bfind.s32", "unary32", UNARY32, 1, C_NONE, o_bfind_s32) \
    X(bfind_shiftamt_u32, "bfind.shiftamt.u32", "unary32", UNARY32, 1, C_NONE, o_bfind_shiftamt_u32) \
    X(bfind_shiftamt_s32, "bfind.shiftamt.s32", "unary32", UNARY32, 1, C_NONE, o_bfind_shiftamt_s32) \
    X(abs_s32, "abs.s32", "unary32", UNARY32, 1, C_NONE, o_abs_s32) \
    X(neg_s32, "neg.s32", "unary32", UNARY32, 1, C_NONE, o_neg_s32) \
    X(abs_f16x2, "abs.f16x2", "unary32", UNARY32, 1, C_NONE, o_abs_f16x2) \
    X(abs_ftz_f16x2, "abs.ftz.f16x2", "unary32", UNARY32, 1, C_NONE, o_abs_ftz_f16x2) \
    X(neg_f16x2, "neg.f16x2", "unary32", UNARY32, 1, C_NONE, o_neg_f16x2) \
    X(neg_ftz_f16x2, "neg.ftz.f16x2", "unary32", UNARY32, 1, C_NONE, o_neg_ftz_f16x2) \
    X(abs_bf16x2, "abs.bf16x2", "unary32", UNARY32, 1, C_NONE, o_abs_bf16x2) \
    X(neg_bf16x2, "neg.bf16x2", "unary32", UNARY32, 1, C_NONE, o_neg_bf16x2) \
    X(abs_f32, "abs.f32", "unary32", UNARY32, 1, C_NONE, o_abs_f32) \
    X(abs_ftz_f32, "abs.ftz.f32", "unary32", UNARY32, 1, C_NONE, o_abs_ftz_f32) \
    X(neg_f32, "neg.f32", "unary32", UNARY32, 1, C_NONE, o_neg_f32) \
    X(neg_ftz_f32, "neg.ftz.f32", "unary32", UNARY32, 1, C_NONE, o_neg_ftz_f32) \
    X(rcp_rn_f32, "rcp.rn.f32", "unary32", UNARY32, CI4, C_NONE, o_rcp_rn) \
    X(rcp_rn_ftz_f32, "rcp.rn.ftz.f32", "unary32", UNARY32, CI4, C_NONE, o_rcp_rn_ftz) \
    X(rcp_rz_f32, "rcp.rz.f32", "unary32", UNARY32, CI4, C_NONE, o_rcp_rz) \
    X(rcp_rz_ftz_f32, "rcp.rz.ftz.f32", "unary32", UNARY32, CI4, C_NONE, o_rcp_rz_ftz) \
    X(rcp_rm_f32, "rcp.rm.f32", "unary32", UNARY32, CI4, C_NONE, o_rcp_rm) \
    X(rcp_rm_ftz_f32, "rcp.rm.ftz.f32", "unary32", UNARY32, CI4, C_NONE, o_rcp_rm_ftz) \
    X(rcp_rp_f32, "rcp.rp.f32", "unary32", UNARY32, CI4, C_NONE, o_rcp_rp) \
    X(rcp_rp_ftz_f32, "rcp.rp.ftz.f32", "unary32", UNARY32, CI4, C_NONE, o_rcp_rp_ftz) \
    X(sqrt_rn_f32, "sqrt.rn.f32", "unary32", UNARY32, CI4, C_NONE, o_sqrt_rn) \
    X(sqrt_rn_ftz_f32, "sqrt.rn.ftz.f32", "unary32", UNARY32, CI4, C_NONE, o_sqrt_rn_ftz) \
    X(sqrt_rz_f32, "sqrt.rz.f32", "unary32", UNARY32, CI4, C_NONE, o_sqrt_rz) \
    X(sqrt_rz_ftz_f32, "sqrt.rz.ftz.f32", "unary32", UNARY32, CI4, C_NONE, o_sqrt_rz_ftz) \
    X(sqrt_rm_f32, "sqrt.rm.f32", "unary32", UNARY32, CI4, C_NONE, o_sqrt_rm) \
    X(sqrt_rm_ftz_f32, "sqrt.rm.ftz.f32", "unary32", UNARY32, CI4, C_NONE, o_sqrt_rm_ftz) \
    X(sqrt_rp_f32, "sqrt.rp.f32", "unary32", UNARY32, CI4, C_NONE, o_sqrt_rp) \
    X(sqrt_rp_ftz_f32, "sqrt.rp.ftz.f32", "unary32", UNARY32, CI4, C_NONE, o_sqrt_rp_ftz) \
    X(rcp_approx_f32, "rcp.approx.f32", "approx32", UNARY32, CI16, C_NONE, o_rcp_rn) \
    X(rcp_approx_ftz_f32, "rcp.approx.ftz.f32", "approx32", UNARY32, CI16, C_NONE, o_rcp_rn_ftz) \
    X(sqrt_approx_f32, "sqrt.approx.f32", "approx32", UNARY32, CI16, C_NONE, o_sqrt_rn) \
    X(sqrt_approx_ftz_f32, "sqrt.approx.ftz.f32", "approx32", UNARY32, CI16, C_NONE, o_sqrt_rn_ftz) \
    X(rsqrt_approx_f32, "rsqrt.approx.f32", "approx32", UNARY32, CI4, C_NONE, o_rsqrt) \
    X(rsqrt_approx_ftz_f32, "rsqrt.approx.ftz.f32", "approx32", UNARY32, CI4, C_NONE, o_rsqrt_ftz)

/* One ptxcpu_run call's worth of work: nx values of a (x), each against all 2^16 b (y). */
struct job {
    const char *mnem;
    enum layout lay;
    int show_c;
    uint32_t c, x[X_PER_CALL];
    unsigned nx;
    const void *d;
};

static unsigned long long g_printed; /* mismatches printed so far in this sweep */

static void mismatch(const struct job *j, uint32_t a, uint32_t b, uint32_t want, uint32_t got)
{
    int w = j->lay == PAIR16 || j->lay == UNARY16 ? 4 : 8;
#pragma omp critical(report)
    if (g_printed++ < PRINT_CAP) {
        printf("MISMATCH %s a=0x%0*" PRIx32, j->mnem, j->lay == PACKED || j->lay == UNARY32 ? 8 : 4, a);
        if (j->lay != UNARY16 && j->lay != UNARY32)
            printf(" b=0x%0*" PRIx32, j->lay == PACKED ? 8 : 4, b);
        if (j->show_c)
            printf(" c=0x%0*" PRIx32, j->lay == PAIR32 ? 8 : 4, j->c);
        printf(": expected 0x%0*" PRIx32 ", got 0x%0*" PRIx32 "\n", w, want, w, got);
    }
}

/* Lane i = (k << 16 | y) of a call: its register inputs, the oracle's answer and the library's. */
INLINE void lane(const struct job *j, enum layout lay, uint32_t (*f)(uint32_t, uint32_t, uint32_t),
                 unsigned k, uint32_t y, uint32_t *a, uint32_t *b, uint32_t *want, uint32_t *got)
{
    const uint16_t *d16 = j->d;
    const uint32_t *d32 = j->d;
    size_t i = ((size_t)k << 16) + y;
    uint32_t x = j->x[k];
    *a = lay == UNARY16 ? y : lay == PACKED ? x | y << 16 : lay == UNARY32 ? x << 16 | y : x;
    *b = lay == PACKED ? y | x << 16 : y;
    *want = lay == UNARY16  ? f(y, 0, j->c)
            : lay == UNARY32 ? f(*a, 0, j->c)
            : lay == PACKED ? f(x, y, j->c) | f(y, x, j->c) << 16
                            : f(x, y, j->c);
    *got = lay == PAIR16 || lay == UNARY16 ? d16[i] : d32[i];
}

/* Compare d with the oracle; inlined per sweep so that the oracle is inlined too. A branch-free
 * counting pass (it vectorizes for the integer oracles), then a reporting pass if anything failed. */
INLINE uint64_t check_lanes(const struct job *j, enum layout lay,
                            uint32_t (*f)(uint32_t, uint32_t, uint32_t))
{
    uint64_t bad = 0;
    uint32_t a, b, want, got;
    for (unsigned k = 0; k < j->nx; k++) {
        uint32_t row = 0; /* 32-bit so that the loop vectorizes */
        for (uint32_t y = 0; y < 65536; y++) {
            lane(j, lay, f, k, y, &a, &b, &want, &got);
            row += want != got;
        }
        bad += row;
    }
    for (unsigned k = 0; bad && k < j->nx; k++)
        for (uint32_t y = 0; y < 65536; y++) {
            lane(j, lay, f, k, y, &a, &b, &want, &got);
            if (want != got)
                mismatch(j, a, b, want, got);
        }
    return bad;
}

struct sweep {
    const char *id, *mnem, *group;
    enum layout lay;
    unsigned stride;
    const uint32_t *cs;
    unsigned ncs;
    uint64_t (*check)(const struct job *);
};

#define DEF_CHECK(id, mnem, group, lay, stride, cs, f) \
    static uint64_t chk_##id(const struct job *j) { return check_lanes(j, lay, f); }
SWEEPS(DEF_CHECK)
#define ROW(id, mnem, group, lay, stride, cs, f) \
    {#id, mnem, group, lay, stride, cs, sizeof cs / sizeof cs[0], chk_##id},
static const struct sweep sweeps[] = {SWEEPS(ROW)};
#define NSWEEPS (sizeof sweeps / sizeof sweeps[0])

/* ---- Driver ------------------------------------------------------------------------------------- */
static uint16_t *y_pattern; /* lane i holds i & 0xffff: b of PAIR layouts, a of UNARY16 */

static void *xalloc(size_t bytes)
{
    void *p = aligned_alloc(64, bytes);
    if (!p) {
        fprintf(stderr, "exhaustive: out of memory\n");
        exit(2);
    }
    memset(p, 0x5a, bytes);
    return p;
}

/* The register widths the layout assumes must be the library's (a table or test bug otherwise). */
static int shape_ok(const ptxcpu_insn_desc *ds, enum layout lay, int three)
{
    unsigned in = lay == PACKED || lay == UNARY32 ? 32 : 16;
    unsigned out = lay == PAIR16 || lay == UNARY16 ? 16 : 32;
    unsigned nsrc = lay == UNARY16 || lay == UNARY32 ? 1 : three ? 3 : 2;
    return ds->nsrc == nsrc && ds->dst_bits == out && ds->src_bits[0] == in &&
           (nsrc < 2 || ds->src_bits[1] == in) &&
           (nsrc < 3 || ds->src_bits[2] == (lay == PAIR32 ? 32u : 16u));
}

static double cpu_seconds(clockid_t clock) /* this thread's or the whole process's CPU time */
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The 16-bit edge values a sampled sweep always includes as x (b, all 2^16 values, has them
 * anyway): zero and one, the integer boundaries (8-bit, 15-bit, INT16_MIN/MAX), and f16/bf16
 * classes (largest subnormal, smallest normal, one, largest finite, inf, first NaNs, quiet bit),
 * each with its neighbours and with the sign bit flipped. For UNARY32 x is a's high half, for
 * PACKED the low half of a and the high half of b, so the same list covers 32-bit signs, zero
 * and the all-ones pattern there. */
static const uint16_t edge16[] = {
    0x0000, 0x0001, 0x0002, 0x007f, 0x0080, 0x00ff, 0x0100, 0x03ff, 0x0400, 0x3bff, 0x3c00,
    0x3c01, 0x3f80, 0x7bff, 0x7c00, 0x7c01, 0x7dff, 0x7e00, 0x7f7f, 0x7f80, 0x7f81, 0x7fbf,
    0x7fc0, 0x7ffe, 0x7fff};

/* The x values (a, or a's high half) of a sweep with this a-step: every step-th, plus edge16
 * and their negations when step > 1. Sorted, no repeats; returns the count. */
static unsigned sweep_xs(uint32_t step, uint32_t *xs)
{
    static unsigned char take[65536];
    memset(take, 0, sizeof take);
    for (uint32_t x = 0; x < 65536; x += step)
        take[x] = 1;
    for (size_t i = 0; step > 1 && i < sizeof edge16 / sizeof edge16[0]; i++)
        take[edge16[i]] = take[edge16[i] ^ 0x8000] = 1;
    unsigned n = 0;
    for (uint32_t x = 0; x < 65536; x++)
        if (take[x])
            xs[n++] = x;
    return n;
}

static uint32_t a_step(const struct sweep *s, unsigned scale)
{
    return s->stride == CI4    ? (scale > 1 ? 4 * scale : 1)
           : s->stride == CI16 ? (scale > 1 ? 16 * scale : 1)
                               : s->stride * scale;
}

static int nxs_sampled(const struct sweep *s, unsigned scale)
{
    return s->lay != UNARY16 && a_step(s, scale) > 1;
}

/* Run one instruction with one c over all (sampled) a and all b; returns the mismatch count
 * (UINT64_MAX if the library refused). */
static uint64_t run_sweep(const struct sweep *s, ptxcpu_kernel k, uint32_t c, int show_c,
                          unsigned scale, uint64_t *cases, double *lib_s)
{
    static uint32_t xs[65536];
    unsigned nxs = s->lay == UNARY16 ? (xs[0] = 0, 1) : sweep_xs(a_step(s, scale), xs);
    unsigned ncalls = (nxs + X_PER_CALL - 1) / X_PER_CALL, done = 0, shown = 101;
    int tty = isatty(2);
    uint64_t bad = 0;
    int refused = 0;
    double lib = 0; /* thread-seconds spent inside ptxcpu_run */
    ptxcpu_w32 cw; /* c as a uniform operand (stride 0), like an immediate */
    for (int i = 0; i < PTXCPU_WARP; i++)
        cw.lane[i] = c;
    ptxcpu_w16 cw16;
    for (int i = 0; i < PTXCPU_WARP; i++)
        cw16.lane[i] = (uint16_t)c;
    g_printed = 0;
#pragma omp parallel reduction(+ : bad, lib)
    {
        int wide_in = s->lay == PACKED || s->lay == UNARY32;
        int wide_out = s->lay == PAIR32 || s->lay == PACKED || s->lay == UNARY32;
        void *abuf = s->lay == PAIR16 || s->lay == PAIR32 ? xalloc(LANES * 2)
                     : wide_in ? xalloc(LANES * 4) : NULL;
        uint32_t *bbuf = s->lay == PACKED ? xalloc(LANES * 4) : NULL;
        void *dbuf = xalloc(LANES * (wide_out ? 4 : 2));
#pragma omp for schedule(dynamic, 1)
        for (unsigned call = 0; call < ncalls; call++) {
            struct job j = {s->mnem, s->lay, show_c, c, {0}, 0, dbuf};
            for (unsigned i = call * X_PER_CALL; i < nxs && j.nx < X_PER_CALL; i++)
                j.x[j.nx++] = xs[i];
            for (unsigned n = 0; n < j.nx && abuf; n++) { /* fill a (and b) for these x */
                size_t o = (size_t)n << 16;
                if (s->lay == UNARY32)
                    for (uint32_t y = 0; y < 65536; y++)
                        ((uint32_t *)abuf)[o + y] = j.x[n] << 16 | y;
                else if (wide_in)
                    for (uint32_t y = 0; y < 65536; y++) {
                        ((uint32_t *)abuf)[o + y] = j.x[n] | y << 16;
                        bbuf[o + y] = y | j.x[n] << 16;
                    }
                else
                    for (uint32_t y = 0; y < 65536; y++)
                        ((uint16_t *)abuf)[o + y] = (uint16_t)j.x[n];
            }
            size_t lanes = s->lay == UNARY16 ? 65536 : (size_t)j.nx << 16;
            ptxcpu_batch b = {.n = lanes / PTXCPU_WARP, .d = dbuf,
                              .d_stride = wide_out ? sizeof(ptxcpu_w32) : sizeof(ptxcpu_w16)};
            ptrdiff_t in_stride = wide_in ? sizeof(ptxcpu_w32) : sizeof(ptxcpu_w16);
            b.src[0] = (ptxcpu_src){abuf ? abuf : y_pattern, in_stride};
            b.src[1] = (ptxcpu_src){bbuf ? (void *)bbuf : y_pattern, in_stride};
            b.src[2] = (ptxcpu_src){s->lay == PAIR32 ? (void *)&cw : (void *)&cw16, 0};
            double t0 = cpu_seconds(CLOCK_THREAD_CPUTIME_ID);
            ptxcpu_status st = ptxcpu_run(k, &b);
            lib += cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - t0;
            if (st != PTXCPU_OK) {
#pragma omp critical(report)
                if (!refused++)
                    printf("FAIL %s: ptxcpu_run: %s: %s\n", s->mnem, ptxcpu_status_name(st),
                           ptxcpu_last_error());
            } else {
                bad += s->check(&j);
            }
#pragma omp atomic
            done++;
            if (tty && omp_get_thread_num() == 0) {
                unsigned pct;
#pragma omp atomic read
                pct = done;
                pct = pct * 100 / ncalls;
                if (pct != shown && show_c)
                    fprintf(stderr, "\r  %s c=0x%" PRIx32 " %3u%%", s->mnem, c, shown = pct);
                else if (pct != shown)
                    fprintf(stderr, "\r  %s %3u%%", s->mnem, shown = pct);
            }
        }
        free(abuf);
        free(bbuf);
        free(dbuf);
    }
    if (tty)
        fprintf(stderr, "\r%60s\r", "");
    *lib_s = lib;
    *cases = (uint64_t)(s->lay == UNARY16 ? 1 : nxs) << 16;
    return refused ? UINT64_MAX : bad;
}

static int selected(const struct sweep *s, int argc, char **argv)
{
    int any = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--isa")) {
            i++;
            continue;
        }
        any = 1;
        if (!strcmp(argv[i], s->group) || !strcmp(argv[i], s->mnem))
            return 1;
    }
    return !any;
}

int main(int argc, char **argv)
{
    unsigned scale = test_scale();
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: %s [--isa ISA] [GROUP|MNEMONIC]...   groups: int int3 packed half hsub hmul unary32 "
                   "(default: all); ISA: scalar avx2 avx512 neon (default: the active one) or an "
                   "emulated table:", argv[0]);
            for (const emu_table *e = emu_tables; e->name; e++)
                printf(" %s", e->name);
            printf("\n");
            return 0;
        }
    ptxcpu_isa isa = PTXCPU_ISA_BEST;
    const emu_table *et = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--isa"))
            continue;
        const char *name = i + 1 < argc ? argv[i + 1] : "";
        for (const emu_table *e = emu_tables; e->name && !et; e++)
            if (!strcmp(e->name, name))
                et = e;
        if (!et && ptxcpu_isa_from_name(name, &isa)) {
            printf("exhaustive: --isa '%s': %s\n", name, ptxcpu_last_error());
            return 2;
        }
        if (!et && !ptxcpu_isa_usable(isa)) {
            printf("exhaustive: SKIPPED: ISA %s %s (features: %s)\n", name,
                   ptxcpu_isa_compiled(isa) ? "does not run on this CPU"
                                            : "is not compiled into this build",
                   ptxcpu_cpu_features());
            return 77;
        }
    }
    const char *isa_name = et ? et->name : ptxcpu_isa_name(isa == PTXCPU_ISA_BEST ? ptxcpu_isa_active() : isa);
    setvbuf(stdout, NULL, _IOLBF, 0);
    f16_table_init();
    for (size_t si = 0; si < NSWEEPS && !rsq_table; si++)
        if (!strncmp(sweeps[si].mnem, "rsqrt.", 6) && selected(&sweeps[si], argc, argv))
            rsq_table_init();
    y_pattern = xalloc(LANES * 2);
    for (size_t i = 0; i < LANES; i++)
        y_pattern[i] = (uint16_t)i;
    printf("exhaustive: ISA %s, %d threads, every %u-th a%s\n", isa_name,
           omp_get_max_threads(), scale,
           scale > 1 ? " and the edge values (PTXCPU_TEST_SCALE; -Dtest_level=full: every a)" : "");

    unsigned passed = 0, failed = 0;
    uint64_t total_cases = 0;
    double t_all = omp_get_wtime(), cpu_all = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID);
    for (size_t si = 0; si < NSWEEPS; si++) {
        const struct sweep *s = &sweeps[si];
        if (!selected(s, argc, argv))
            continue;
        ptxcpu_insn insn;
        ptxcpu_insn_desc ds;
        ptxcpu_kernel k;
        if (ptxcpu_parse(s->mnem, NULL, &insn) || ptxcpu_describe(&insn, &ds) ||
            emu_kernel_of(&insn, isa, et, &k)) {
            printf("FAIL %s: %s\n", s->mnem, ptxcpu_last_error());
            failed++;
            continue;
        }
        if (!k->fn) { /* an extension's table: not one of its families */
            printf("-    %-24s not in table %s\n", s->mnem, isa_name);
            continue;
        }
        int three = s->cs != C_NONE;
        if (!shape_ok(&ds, s->lay, three)) {
            printf("FAIL %s: register widths d%u a%u b%u c%u are not the ones this sweep assumes\n",
                   s->mnem, ds.dst_bits, ds.src_bits[0], ds.src_bits[1], ds.src_bits[2]);
            failed++;
            continue;
        }
        for (unsigned ci = 0; ci < s->ncs; ci++) {
            uint64_t cases;
            double lib, t0 = omp_get_wtime(), c0 = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID);
            uint64_t bad = run_sweep(s, k, s->cs[ci], three, scale, &cases, &lib);
            double t = omp_get_wtime() - t0, cpu = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
            char name[64];
            snprintf(name, sizeof name, three ? "%s c=0x%" PRIx32 : "%s", s->mnem, s->cs[ci]);
            total_cases += cases;
            if (bad == 0) {
                passed++;
                printf("ok   %-24s %11" PRIu64 " cases%s %7.2f s (CPU %7.2f s, %3.0f%% in ptxcpu_run)\n",
                       name, cases, nxs_sampled(s, scale) ? " (sample)" : "         ", t, cpu,
                       cpu > 0 ? 100 * lib / cpu : 0.0);
            } else {
                failed++;
                if (bad == UINT64_MAX)
                    printf("FAIL %-28s refused by the library\n", name);
                else
                    printf("FAIL %-28s %" PRIu64 " of %" PRIu64 " cases wrong %7.2f s\n", name,
                           bad, cases, t);
            }
        }
    }
    printf("exhaustive: %" PRIu64 " cases in %.1f s (%.1f s CPU)\n", total_cases,
           omp_get_wtime() - t_all, cpu_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_all);
    printf("exhaustive: %u passed, %u failed\n", passed, failed);
    free(y_pattern);
    free(rsq_table);
    return failed ? 1 : passed ? 0 : 77;
}
