/* MPFR oracle of the float suite: every result is computed exactly by MPFR at the format's
 * precision, then .ftz, overflow, subnormal rounding, canonical NaN and .sat are applied. */
#include "oracle.h"

#include <math.h>
#include <string.h>

static mpfr_t A, B, C, P, T, R;
static mpfr_exp_t def_emin, def_emax;

void oracle_init(void)
{
    mpfr_inits2(53, A, B, C, P, R, (mpfr_ptr)0);
    mpfr_init2(T, 24);
    def_emin = mpfr_get_emin();
    def_emax = mpfr_get_emax();
}

void oracle_free(void)
{
    mpfr_clears(A, B, C, P, T, R, (mpfr_ptr)0);
    mpfr_free_cache();
}

/* Operand x (exact in 53 bits); subnormals become a zero of their sign under ftz. */
static void load(mpfr_ptr x, const fpfmt *f, uint64_t bits, int ftz)
{
    if (ftz && fp_efield(f, bits) == 0)
        bits &= fp_sign(f);
    mpfr_set_d(x, fp_decode(f, bits), MPFR_RNDN);
}

/* R holds the result rounded by rnd to f->p bits with the default (huge) exponent range, t its
 * ternary value. Under ftz a result that is tiny at that point flushes to a zero of its sign
 * (tininess after rounding); otherwise the format's overflow and subnormal rounding are applied
 * with MPFR's own double-rounding-free check_range + subnormalize. */
static uint64_t finish(const fpfmt *f, mpfr_rnd_t rnd, int t, int ftz)
{
    if (mpfr_nan_p(R))
        return fp_canon_nan(f);
    if (ftz && mpfr_regular_p(R) && mpfr_get_exp(R) <= f->emin) /* |R| < 2^emin */
        return fp_make(f, mpfr_signbit(R) != 0, 0, 0);
    mpfr_set_emin(f->emin - (int)f->p + 2); /* MPFR exponent of the smallest subnormal */
    mpfr_set_emax(f->emax + 1);
    t = mpfr_check_range(R, t, rnd);
    mpfr_subnormalize(R, t, rnd);
    double d = mpfr_get_d(R, MPFR_RNDN); /* exact */
    mpfr_set_emin(def_emin);
    mpfr_set_emax(def_emax);
    return fp_encode(f, d);
}

static uint64_t ieee(const oracle_spec *s, const uint64_t *in)
{
    int t;
    mpfr_set_prec(R, s->f->p);
    const fpfmt *fa = s->fa ? s->fa : s->f; /* mixed: a (and fma's b) are halves */
    load(A, fa, in[0], s->ftz);
    load(B, s->op == OR_FMA ? fa : s->f, in[1], s->ftz);
    switch (s->op) {
    case OR_SUB: t = mpfr_sub(R, A, B, s->rnd); break;
    case OR_ADD: t = mpfr_add(R, A, B, s->rnd); break;
    case OR_MUL: t = mpfr_mul(R, A, B, s->rnd); break;
    case OR_DIV: t = mpfr_div(R, A, B, s->rnd); break;
    case OR_RCP: t = mpfr_ui_div(R, 1, A, s->rnd); break;
    case OR_SQRT: t = mpfr_sqrt(R, A, s->rnd); break;
    default:
        load(C, s->f, in[2], s->ftz);
        t = mpfr_fma(R, A, B, C, s->rnd);
        break;
    }
    return finish(s->f, s->rnd, t, s->ftz);
}

/* Legacy sm_1x mad.f32: inputs flushed; the exact product's significand truncated to 24 bits
 * with its exponent kept, then added to c rounded to nearest, the result flushed. When c is
 * +-0 (after flushing) it is mul.rn.ftz.f32 followed by add.rn.ftz.f32 of c. */
static uint64_t mad_sm1x(const fpfmt *f, const uint64_t *in)
{
    int t;
    mpfr_set_prec(R, f->p);
    load(A, f, in[0], 1);
    load(B, f, in[1], 1);
    load(C, f, in[2], 1);
    if (mpfr_zero_p(C)) {
        t = mpfr_mul(R, A, B, MPFR_RNDN);
        uint64_t prod = finish(f, MPFR_RNDN, t, 1);
        mpfr_set_d(A, fp_decode(f, prod), MPFR_RNDN);
        t = mpfr_add(R, A, C, MPFR_RNDN);
        return finish(f, MPFR_RNDN, t, 1);
    }
    mpfr_mul(P, A, B, MPFR_RNDN); /* exact: at most 48 significant bits */
    mpfr_set(T, P, MPFR_RNDZ);    /* truncate the significand to 24 bits */
    t = mpfr_add(R, T, C, MPFR_RNDN);
    return finish(f, MPFR_RNDN, t, 1);
}

/* .sat: clamp to [+0.0, 1.0]; NaN and -0.0 (any negative) give +0.0. */
static uint64_t saturate(const fpfmt *f, uint64_t x)
{
    if (fp_isnan(f, x) || (x & fp_sign(f)))
        return 0;
    return fp_decode(f, x) > 1.0 ? fp_one(f) : x;
}

/* copysign through the C library (MPFR has no NaN payloads): a NaN b keeps its payload, with a's
 * sign, for both types. */
static uint64_t copysign_libc(const fpfmt *f, const uint64_t *in)
{
    if (f->bits == 64) {
        double a, b, r;
        memcpy(&a, &in[0], 8);
        memcpy(&b, &in[1], 8);
        r = copysign(b, a);
        uint64_t bits;
        memcpy(&bits, &r, 8);
        return bits;
    }
    float a, b, r;
    uint32_t ab = (uint32_t)in[0], bb = (uint32_t)in[1], bits;
    memcpy(&a, &ab, 4);
    memcpy(&b, &bb, 4);
    r = copysignf(b, a);
    memcpy(&bits, &r, 4);
    return bits;
}

/* An operand as a double (exact), .ftz applied; and a double result back to bits (f64 through
 * memcpy, so that a NaN result could only come from its own bits). */
static double value(const oracle_spec *s, uint64_t x)
{
    if (s->f->bits == 64) {
        double d;
        memcpy(&d, &x, 8);
        return d;
    }
    if (s->ftz && fp_efield(s->f, x) == 0)
        x &= fp_sign(s->f);
    return fp_decode(s->f, x);
}
static uint64_t bits_of(const fpfmt *f, double v)
{
    uint64_t u;
    memcpy(&u, &v, 8);
    return f->bits == 64 ? u : fp_encode(f, v);
}

/* abs/neg: fabs and unary minus; an f64 NaN input gives its own bits (abs.f64: the spec) or
 * those bits quieted, sign unchanged (neg.f64: what an H100 does), other types the canonical NaN. */
static uint64_t absneg_libc(const oracle_spec *s, uint64_t x)
{
    double v = value(s, x);
    if (isnan(v))
        return s->f->bits != 64 ? fp_canon_nan(s->f) : s->op == OR_NEG ? x | 1ull << 51 : x;
    return bits_of(s->f, s->op == OR_ABS ? fabs(v) : -v);
}

/* min/max per the spec's min_num/min_nan pseudo-code on fmin/fmax; the C library leaves the sign
 * of a zero result open when both are zeros, the spec orders -0 < +0. A NaN result: for f64 a
 * NaN input quieted, b's when both are (the H100's order), else canonical. .xorsign.abs: magnitudes compared, the sign bits' XOR (of the inputs) applied. */
static uint64_t minmax_libc(const oracle_spec *s, const uint64_t *in)
{
    double x = value(s, in[0]), y = value(s, in[1]), r;
    int xorneg = (signbit(x) != 0) != (signbit(y) != 0);
    if (s->xorsign)
        x = fabs(x), y = fabs(y);
    if ((isnan(x) && isnan(y)) || (s->nan && (isnan(x) || isnan(y)))) {
        if (s->f->bits == 64)
            return (fp_isnan(s->f, in[1]) ? in[1] : in[0]) | 1ull << 51;
        return fp_canon_nan(s->f);
    }
    if (isnan(x) || isnan(y)) /* (fmin/fmax give NaN for a signalling one; min_num does not) */
        r = isnan(x) ? y : x;
    else
        r = s->op == OR_MIN ? fmin(x, y) : fmax(x, y);
    if (x == 0 && y == 0) {
        int sx = signbit(x) != 0, sy = signbit(y) != 0;
        r = (s->op == OR_MIN ? sx || sy : sx && sy) ? -0.0 : 0.0;
    }
    if (s->xorsign)
        r = copysign(r, xorneg ? -1.0 : 1.0);
    return bits_of(s->f, r);
}

/* Three-input min/max: the operands (flushed, then made magnitudes for .abs) that are not NaN,
 * sorted with -0 before +0 (the spec's note) by insertion; the first is the min, the last the
 * max. A NaN result (every operand NaN, or any with .NaN) is the canonical NaN (f32 only). */
static int before(double x, double y) /* x < y, -0 < +0 */
{
    return x < y || (x == y && signbit(x) && !signbit(y));
}
static uint64_t minmax3_libc(const oracle_spec *s, const uint64_t *in)
{
    double v[3];
    int n = 0, nans = 0;
    for (int k = 0; k < 3; k++) {
        double x = value(s, in[k]);
        if (s->abs)
            x = fabs(x);
        if (isnan(x)) {
            nans++;
            continue;
        }
        int at = n++;
        while (at > 0 && before(x, v[at - 1])) {
            v[at] = v[at - 1];
            at--;
        }
        v[at] = x;
    }
    if (n == 0 || (s->nan && nans))
        return fp_canon_nan(s->f);
    return bits_of(s->f, s->op == OR_MIN3 ? v[0] : v[n - 1]);
}

/* The f64 NaN rule, which MPFR cannot carry (its NaNs have no payload), decided here from the
 * operands' bits: a NaN result is a NaN operand, b's before c's before a's (the H100's order),
 * quieted (top fraction bit set) with its payload and sign; with no NaN operand (inf - inf,
 * 0 * inf) it stays the canonical NaN. PTX 9.7.3: double precision keeps NaN payloads. */
static uint64_t f64_nan_payload(const oracle_spec *s, const uint64_t *in, uint64_t r)
{
    if (s->f->bits != 64 || !fp_isnan(s->f, r))
        return r;
    const unsigned order[3] = {1, 2, 0}; /* b, c, a */
    for (unsigned k = 0; k < 3; k++) {
        unsigned i = order[k];
        if ((i < 2 || s->op == OR_FMA) && fp_isnan(s->f, in[i]))
            return in[i] | 1ull << (s->f->p - 2);
    }
    return r;
}

/* The NaN bits of f64 div / rcp / sqrt, which MPFR does not model (docs/SEMANTICS.md, as an H100
 * returns them): a NaN operand with its quiet bit set, a's before b's; sqrt of a negative number
 * 0xfff8000000000000. Returns 0 where none of these applies. */
static uint64_t f64_nan_operand(const oracle_spec *s, const uint64_t *in)
{
    if (s->f->bits != 64 || (s->op != OR_DIV && s->op != OR_RCP && s->op != OR_SQRT))
        return 0;
    uint64_t quiet = 1ull << 51;
    if (fp_isnan(s->f, in[0]))
        return in[0] | quiet;
    if (s->op == OR_DIV && fp_isnan(s->f, in[1]))
        return in[1] | quiet;
    if (s->op == OR_SQRT && (in[0] >> 63) && (in[0] << 1) != 0)
        return 0xfff8000000000000ull;
    return 0;
}

uint64_t oracle_eval(const oracle_spec *s, const uint64_t *in)
{
    if (oracle_is_approx_alg(s->op))
        return oracle_approx_alg(s, in);
    if (s->op == OR_COPYSIGN)
        return copysign_libc(s->f, in);
    if (s->op == OR_ABS || s->op == OR_NEG)
        return absneg_libc(s, in[0]);
    if (s->op == OR_MIN || s->op == OR_MAX)
        return minmax_libc(s, in);
    if (s->op == OR_MIN3 || s->op == OR_MAX3)
        return minmax3_libc(s, in);
    if (s->oob && ((in[0] & 0x7fff) == 0x7ff7 || (in[1] & 0x7fff) == 0x7ff7))
        return 0; /* the OOB NaN pattern, as an H100 gives it (docs/SEMANTICS.md) */
    uint64_t nan = f64_nan_operand(s, in);
    if (nan)
        return nan;
    uint64_t r = s->op == OR_MAD_SM1X ? mad_sm1x(s->f, in) : ieee(s, in);
    if (s->relu && (r & fp_sign(s->f)))
        return 0; /* NaN results are canonical here, hence positive: they stay */
    return s->sat ? saturate(s->f, r) : f64_nan_payload(s, in, r);
}
