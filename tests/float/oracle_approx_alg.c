/* MPFR oracle of the approximate algebraic instructions without an IEEE twin: div.approx.f32
 * (a * (1/b), 9.7.3.8), rsqrt.approx (9.7.3.16: f32 correctly rounded, f64 1 / sqrt in two
 * roundings), and the f64 upper-word forms rcp/rsqrt.approx.ftz.f64 (9.7.3.14, 9.7.3.17): the
 * documented method (docs/SEMANTICS.md) evaluated in MPFR, the spec's special-value tables here. */
#include "oracle.h"

#include <string.h>

/* The upper word of an f64 (1.11.20), a format of its own. */
static const fpfmt FMT_F64HI = {"f64hi", 32, 21, -1022, 1023};

/* x rounded to nearest (ternary t from the operation at f->p bits, huge exponent range) into f:
 * overflow and subnormal rounding as the format has them, or under ftz a result below 2^emin
 * (after rounding) a zero of its sign. */
static uint64_t round_to(const fpfmt *f, mpfr_ptr x, int t, int ftz)
{
    if (mpfr_nan_p(x))
        return fp_canon_nan(f);
    if (ftz && mpfr_regular_p(x) && mpfr_get_exp(x) <= f->emin)
        return fp_make(f, mpfr_signbit(x) != 0, 0, 0);
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(f->emin - (int)f->p + 2);
    mpfr_set_emax(f->emax + 1);
    t = mpfr_check_range(x, t, MPFR_RNDN);
    mpfr_subnormalize(x, t, MPFR_RNDN);
    double d = mpfr_get_d(x, MPFR_RNDN); /* exact */
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return fp_encode(f, d);
}

static void load(mpfr_ptr x, const fpfmt *f, uint64_t bits, int ftz)
{
    if (ftz && fp_efield(f, bits) == 0)
        bits &= fp_sign(f);
    mpfr_set_d(x, fp_decode(f, bits), MPFR_RNDN);
}

/* 1/sqrt(x) rounded once to f, with the spec's table (MPFR gives +inf for -0; the spec -inf). */
static uint64_t rsqrt_cr(const fpfmt *f, uint64_t bits, int ftz, uint64_t neg_nan)
{
    mpfr_t x, r;
    mpfr_inits2(64, x, (mpfr_ptr)0);
    mpfr_init2(r, f->p);
    load(x, f, bits, ftz);
    uint64_t out;
    if (mpfr_zero_p(x))
        out = fp_make(f, mpfr_signbit(x) != 0, fp_emask(f), 0);
    else if (!mpfr_nan_p(x) && mpfr_sgn(x) < 0)
        out = neg_nan;
    else
        out = round_to(f, r, mpfr_rec_sqrt(r, x, MPFR_RNDN), ftz);
    mpfr_clears(x, r, (mpfr_ptr)0);
    return out;
}

static uint64_t div_approx(const uint64_t *in, int ftz)
{
    const fpfmt *f = &FMT_F32;
    mpfr_t a, b, r;
    mpfr_inits2(24, a, b, r, (mpfr_ptr)0);
    load(a, f, in[0], ftz);
    load(b, f, in[1], ftz);
    int scale = !ftz && fp_efield(f, in[1]) == 0 && !mpfr_zero_p(b); /* subnormal b: x 2^24 */
    if (scale)
        mpfr_mul_2ui(b, b, 24, MPFR_RNDN);
    uint64_t rcp = round_to(f, r, mpfr_ui_div(r, 1, b, MPFR_RNDN), 0);
    if (fp_efield(f, rcp) == 0) /* a subnormal reciprocal (|b| > 2^126) flushes, always */
        rcp &= fp_sign(f);
    load(b, f, rcp, 0);
    uint64_t out = round_to(f, r, mpfr_mul(r, a, b, MPFR_RNDN), ftz);
    if (scale) { /* the product back by 2^24 (exact unless it overflows) */
        load(a, f, out, 0);
        mpfr_mul_2ui(a, a, 24, MPFR_RNDN);
        out = round_to(f, a, 0, 0);
    }
    mpfr_clears(a, b, r, (mpfr_ptr)0);
    return out;
}

/* rsqrt.approx.f64: RN(1 / RN(sqrt(a))); a NaN input quieted, a negative one 0xfff8...0. */
static uint64_t rsqrt_f64(uint64_t bits)
{
    const fpfmt *f = &FMT_F64;
    if (fp_isnan(f, bits))
        return bits | 1ull << 51;
    if ((bits & fp_sign(f)) && (bits << 1) != 0)
        return 0xfff8000000000000ull;
    mpfr_t x, s;
    mpfr_inits2(53, x, s, (mpfr_ptr)0);
    load(x, f, bits, 0);
    mpfr_sqrt(s, x, MPFR_RNDN); /* exact range: no subnormal or overflow */
    uint64_t out = round_to(f, x, mpfr_ui_div(x, 1, s, MPFR_RNDN), 0);
    mpfr_clears(x, s, (mpfr_ptr)0);
    return out;
}

static uint64_t rcp_hi(uint64_t bits)
{
    const fpfmt *f = &FMT_F64HI;
    mpfr_t x, r;
    mpfr_inits2(21, x, r, (mpfr_ptr)0);
    load(x, f, bits >> 32, 1);
    uint64_t out = round_to(f, r, mpfr_ui_div(r, 1, x, MPFR_RNDN), 1);
    mpfr_clears(x, r, (mpfr_ptr)0);
    return out << 32;
}

int oracle_is_approx_alg(oracle_op op)
{
    return op == OR_DIV_APPROX || op == OR_RSQRT || op == OR_RCP_HI || op == OR_RSQRT_HI;
}

uint64_t oracle_approx_alg(const oracle_spec *s, const uint64_t *in)
{
    switch (s->op) {
    case OR_DIV_APPROX: return div_approx(in, s->ftz);
    case OR_RCP_HI: return rcp_hi(in[0]);
    case OR_RSQRT_HI: return rsqrt_cr(&FMT_F64HI, in[0] >> 32, 1, fp_canon_nan(&FMT_F64HI)) << 32;
    default:
        if (s->f->bits == 64)
            return rsqrt_f64(in[0]);
        return rsqrt_cr(&FMT_F32, in[0], s->ftz, fp_canon_nan(&FMT_F32));
    }
}
