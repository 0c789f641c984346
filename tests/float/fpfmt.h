/* Binary floating-point formats of the float suite (f16, bf16, f32, f64): field layout and exact
 * conversions between bit patterns and host doubles (every value of these formats is a double). */
#ifndef FLOAT_FPFMT_H
#define FLOAT_FPFMT_H

#include <math.h>
#include <stdint.h>

typedef struct fpfmt {
    const char *name;
    unsigned bits; /* total width */
    unsigned p;    /* significand precision, hidden bit included */
    int emin;      /* unbiased exponent of the smallest normal number */
    int emax;      /* unbiased exponent of the largest finite number (= the bias) */
} fpfmt;

static const fpfmt FMT_F16 = {"f16", 16, 11, -14, 15};
static const fpfmt FMT_BF16 = {"bf16", 16, 8, -126, 127};
static const fpfmt FMT_F32 = {"f32", 32, 24, -126, 127};
static const fpfmt FMT_F64 = {"f64", 64, 53, -1022, 1023};

static inline uint64_t fp_sign(const fpfmt *f) { return 1ull << (f->bits - 1); }
static inline uint64_t fp_mask(const fpfmt *f) { return fp_sign(f) | (fp_sign(f) - 1); }
static inline uint64_t fp_emask(const fpfmt *f) { return (1ull << (f->bits - f->p)) - 1; }
static inline uint64_t fp_fmask(const fpfmt *f) { return (1ull << (f->p - 1)) - 1; }
static inline uint64_t fp_canon_nan(const fpfmt *f) { return fp_sign(f) - 1; }
static inline uint64_t fp_efield(const fpfmt *f, uint64_t x) { return (x >> (f->p - 1)) & fp_emask(f); }
static inline uint64_t fp_frac(const fpfmt *f, uint64_t x) { return x & fp_fmask(f); }
static inline uint64_t fp_make(const fpfmt *f, int neg, uint64_t e, uint64_t frac)
{
    return (neg ? fp_sign(f) : 0) | (e & fp_emask(f)) << (f->p - 1) | (frac & fp_fmask(f));
}
static inline int fp_isnan(const fpfmt *f, uint64_t x)
{
    return fp_efield(f, x) == fp_emask(f) && fp_frac(f, x) != 0;
}
static inline uint64_t fp_one(const fpfmt *f) { return fp_make(f, 0, (uint64_t)f->emax, 0); }

/* The exact value of a bit pattern (NaNs become a quiet double NaN). */
static inline double fp_decode(const fpfmt *f, uint64_t x)
{
    uint64_t e = fp_efield(f, x), m = fp_frac(f, x);
    double v;
    if (e == fp_emask(f))
        v = m ? NAN : INFINITY;
    else if (e == 0)
        v = ldexp((double)m, f->emin - (int)f->p + 1);
    else
        v = ldexp((double)(m | (1ull << (f->p - 1))), (int)e - f->emax - (int)f->p + 1);
    return (x & fp_sign(f)) ? -v : v;
}

/* The bit pattern of v, which must be exactly representable (or infinite, zero, NaN). */
static inline uint64_t fp_encode(const fpfmt *f, double v)
{
    int neg = signbit(v) != 0, e;
    double a = fabs(v);
    if (isnan(v))
        return fp_canon_nan(f);
    if (isinf(v))
        return fp_make(f, neg, fp_emask(f), 0);
    if (a == 0)
        return fp_make(f, neg, 0, 0);
    double m = frexp(a, &e); /* a = m * 2^e, m in [0.5, 1) */
    if (e - 1 < f->emin)
        return fp_make(f, neg, 0, (uint64_t)ldexp(a, (int)f->p - 1 - f->emin));
    return fp_make(f, neg, (uint64_t)(e - 1 + f->emax), (uint64_t)ldexp(m, (int)f->p));
}

#endif
