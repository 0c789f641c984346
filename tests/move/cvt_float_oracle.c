/* Oracle of cvt with a float type (9.7.9.21) on every ISA this machine runs: every spelling, which
 * this file enumerates itself from the section's syntax (and checks that the parser takes exactly
 * those), against GNU MPFR (exact source values; the result's bits encoded here); random guards.
 * With them the forms of other destination formats: two .f32 into a packed .f16x2/.bf16x2
 * (d, a, b; a's in the high half) and .f32 to .tf32 (.rna: ties away from zero). */
#include "ptxcpu.h"
#include "../cmp/oracle_isas.h"
#include "test_common.h"

#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Types and spellings (docs/SEMANTICS.md, "Conversion with a float type") ---------------- */
/* NT types of the scalar forms; then the destinations of the forms from .f32 alone: .tf32 (its 19
 * bits, at the top of d's 32, the low 13 zero), .f16x2 and .bf16x2 (two .f16/.bf16 elements) */
enum { U8, U16, U32, U64, S8, S16, S32, S64, F16, BF16, F32, F64, NT,
       TF32 = NT, F16X2, BF16X2, NTX };
static const struct {
    const char *name;
    unsigned bits;  /* the type's width; 8-bit types live in 16-bit registers */
    int sgn;        /* integers: signed */
    unsigned p, eb; /* floats: precision (the hidden bit included), exponent field bits */
} ty[NTX] = {{"u8", 8, 0, 0, 0},   {"u16", 16, 0, 0, 0},  {"u32", 32, 0, 0, 0},  {"u64", 64, 0, 0, 0},
            {"s8", 8, 1, 0, 0},   {"s16", 16, 1, 0, 0},  {"s32", 32, 1, 0, 0},  {"s64", 64, 1, 0, 0},
            {"f16", 16, 0, 11, 5}, {"bf16", 16, 0, 8, 8}, {"f32", 32, 0, 24, 8}, {"f64", 64, 0, 53, 11},
            {"tf32", 19, 0, 11, 8}, {"f16x2", 32, 0, 0, 0}, {"bf16x2", 32, 0, 0, 0}};

static int isf(unsigned t) { return t >= F16; }
static unsigned regb(unsigned t) { return ty[t].bits < 16 ? 16 : ty[t].bits; }
static uint64_t mask(unsigned n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }
static long bias(unsigned t) { return (1L << (ty[t].eb - 1)) - 1; }
static uint64_t fsign(unsigned t) { return 1ull << (ty[t].bits - 1); }
static uint64_t finf(unsigned t) { return mask(ty[t].eb) << (ty[t].p - 1); } /* +Inf's bits */
static int fnan(unsigned t, uint64_t x) { return (x & ~fsign(t) & mask(ty[t].bits)) > finf(t); }

/* Rounding tokens: none, .frnd (a value to d's precision), .irnd (to an integral value); .rna (to
 * nearest, ties away from zero) of the .tf32 forms only, after the NR of the scalar forms. */
enum { NR = 9, RNA = NR, NRX };
static const char *const rtok[NRX] = {"", "rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi",
                                      "rna"};
static const mpfr_rnd_t rmode[4] = {MPFR_RNDN, MPFR_RNDZ, MPFR_RNDD, MPFR_RNDU};
static int is_frnd(unsigned r) { return r >= 1 && r <= 4; }
static int is_irnd(unsigned r) { return r >= 5; }

/* Whether cvt{.r}{.ftz}{.sat}{.relu}{.satfinite}.dt.at is a spelling: the rounding a type pair
 * takes (int to float, narrowing, f16 <-> bf16: .frnd; float to int: .irnd; float to itself: .irnd
 * or none; widening: none), .ftz where dt or at is .f32, .sat on an integer or .f16/.f32/.f64 d,
 * .relu/.satfinite (alone or both) only on .rn/.rz .f16/.bf16 from .f32. */
static int allowed(unsigned dt, unsigned at, unsigned r, int ftz, int sat, int relu, int sf)
{
    if (!isf(dt) && !isf(at))
        return 0;
    int rok;
    if (!isf(at))
        rok = is_frnd(r);
    else if (!isf(dt))
        rok = is_irnd(r);
    else if (dt == at)
        rok = r == 0 || is_irnd(r);
    else if (ty[dt].bits > ty[at].bits)
        rok = r == 0;
    else
        rok = is_frnd(r);
    if (!rok || (ftz && dt != F32 && at != F32) || (sat && dt == BF16))
        return 0;
    if (relu || sf)
        return at == F32 && (dt == F16 || dt == BF16) && (r == 1 || r == 2) && !ftz && !sat;
    return 1;
}

static void spell(char *mn, size_t n, unsigned dt, unsigned at, unsigned r, int ftz, int sat,
                  int relu, int sf)
{
    snprintf(mn, n, "cvt%s%s%s%s%s%s.%s.%s", r ? "." : "", rtok[r], ftz ? ".ftz" : "",
             sat ? ".sat" : "", relu ? ".relu" : "", sf ? ".satfinite" : "", ty[dt].name,
             ty[at].name);
}

/* The other destinations (dt TF32, F16X2, BF16X2): whether cvt{.r}{.ftz}{.sat}{.relu}{.satfinite}
 * .dt.at (sfirst: .satfinite before .relu, where both) is a spelling. The syntax lines:
 *   cvt.frnd2{.relu}{.satfinite}.f16x2.f32 d, a, b   (and .bf16x2; .frnd2 .rn or .rz)
 *   cvt.rna{.satfinite}.tf32.f32 d, a
 *   cvt.frnd2{.satfinite}{.relu}.tf32.f32 d, a */
static int allowed_x(unsigned dt, unsigned at, unsigned r, int ftz, int sat, int relu, int sf,
                     int sfirst)
{
    if (at != F32 || ftz || sat)
        return 0;
    if (dt == TF32 && r == RNA)
        return !relu;
    const int both = relu && sf;
    return (r == 1 || r == 2) && (!both || sfirst == (dt == TF32));
}

static void spell_x(char *mn, size_t n, unsigned dt, unsigned at, unsigned r, int ftz, int sat,
                    int relu, int sf, int sfirst)
{
    const char *m1 = relu ? ".relu" : "", *m2 = sf ? ".satfinite" : "";
    if (sfirst) {
        const char *t = m1;
        m1 = m2, m2 = t;
    }
    snprintf(mn, n, "cvt%s%s%s%s%s%s.%s.%s", r ? "." : "", rtok[r], ftz ? ".ftz" : "",
             sat ? ".sat" : "", m1, m2, ty[dt].name, ty[at].name);
}

/* ---- The MPFR oracle --------------------------------------------------------------------------- */
static mpfr_t X, Rf[5], T24, I, Q, S, Lo[8], Hi[8];
static mpfr_exp_t def_emin, def_emax;

static void mp_init(void)
{
    def_emin = mpfr_get_emin();
    def_emax = mpfr_get_emax();
    mpfr_inits2(64, X, Q, S, (mpfr_ptr)0);
    mpfr_init2(T24, 24);
    mpfr_init2(I, 128);
    for (unsigned f = F16; f <= TF32; f++) /* (Rf[TF32 - F16]: .tf32's 11 bits) */
        mpfr_init2(Rf[f - F16], (mpfr_prec_t)ty[f].p);
    for (unsigned t = 0; t < 8; t++) { /* each integer type's range */
        const unsigned b = ty[t].bits;
        mpfr_inits2(64, Lo[t], Hi[t], (mpfr_ptr)0);
        mpfr_set_sj(Lo[t], ty[t].sgn ? -(intmax_t)mask(b - 1) - 1 : 0, MPFR_RNDN);
        mpfr_set_uj(Hi[t], mask(b - (unsigned)ty[t].sgn), MPFR_RNDN);
    }
}

static void mp_free(void)
{
    mpfr_clears(X, Q, S, T24, I, Rf[0], Rf[1], Rf[2], Rf[3], Rf[4], (mpfr_ptr)0);
    for (unsigned t = 0; t < 8; t++)
        mpfr_clears(Lo[t], Hi[t], (mpfr_ptr)0);
    mpfr_free_cache();
}

/* a's exact value into X: an integer's (its type's low bits, by its signedness); a float's from
 * its sign, exponent field and fraction (not NaN; .ftz: an .f32 subnormal is a zero of its sign) */
static void load(unsigned at, uint64_t a, int ftz)
{
    const unsigned b = ty[at].bits;
    a &= mask(b);
    if (!isf(at)) {
        if (ty[at].sgn && (a >> (b - 1)))
            mpfr_set_sj(X, -(intmax_t)(~a & mask(b)) - 1, MPFR_RNDN); /* a - 2^b */
        else
            mpfr_set_uj(X, a, MPFR_RNDN);
        return;
    }
    const unsigned p = ty[at].p;
    const int neg = (int)(a >> (b - 1));
    const uint64_t e = a >> (p - 1) & mask(ty[at].eb);
    uint64_t frac = a & mask(p - 1);
    if (ftz && at == F32 && e == 0)
        frac = 0;
    if (e == mask(ty[at].eb))
        mpfr_set_inf(X, neg ? -1 : 1);
    else if (e == 0 && frac == 0)
        mpfr_set_zero(X, neg ? -1 : 1);
    else {
        mpfr_set_uj(X, e ? frac | 1ull << (p - 1) : frac, MPFR_RNDN);
        mpfr_mul_2si(X, X, (long)(e ? e : 1) - bias(at) - (long)(p - 1), MPFR_RNDN); /* exact */
        if (neg)
            mpfr_neg(X, X, MPFR_RNDN);
    }
}

/* The bits of r, a value of format t (zero, infinite, or a multiple of t's smallest subnormal
 * with at most p significant bits and within t's range): with k the exponent field (1 for a
 * subnormal) and M = |r| / 2^(k - bias - (p - 1)), the bits are (k - 1) 2^(p-1) + M. */
static uint64_t encode(unsigned t, mpfr_srcptr r)
{
    const unsigned p = ty[t].p;
    const uint64_t sign = mpfr_signbit(r) ? fsign(t) : 0;
    if (mpfr_inf_p(r))
        return sign | finf(t);
    if (mpfr_zero_p(r))
        return sign;
    const long e = (long)mpfr_get_exp(r) - 1; /* 2^e <= |r| < 2^(e+1) */
    const long k = e + bias(t) < 1 ? 1 : e + bias(t);
    mpfr_abs(Q, r, MPFR_RNDN);
    mpfr_mul_2si(Q, Q, (long)(p - 1) + bias(t) - k, MPFR_RNDN);
    if (!mpfr_integer_p(Q) || (uint64_t)k >= mask(ty[t].eb) || mpfr_cmp_ui_2exp(Q, 1, p) >= 0) {
        printf("oracle error: a %s result not in its format\n", ty[t].name);
        exit(2);
    }
    return sign | (((uint64_t)(k - 1) << (p - 1)) + mpfr_get_uj(Q, MPFR_RNDN));
}

/* X rounded to float dt in mode m: .ftz (an .f32 d) first rounds to 24 bits with an unbounded
 * exponent and flushes a result below 2^-126 to a zero of its sign; otherwise p bits, then dt's
 * overflow (check_range, by the mode) and subnormal rounding (subnormalize, no double rounding). */
static uint64_t to_float(unsigned dt, mpfr_rnd_t m, int ftz)
{
    mpfr_ptr R = Rf[dt - F16];
    if (ftz && dt == F32 && mpfr_regular_p(X)) {
        mpfr_set(T24, X, m);
        if (mpfr_get_exp(T24) <= -126)
            return mpfr_signbit(X) ? fsign(dt) : 0;
    }
    int t = mpfr_set(R, X, m);
    mpfr_set_emin(1 - bias(dt) - (long)ty[dt].p + 2); /* MPFR's exponent of the least subnormal */
    mpfr_set_emax(bias(dt) + 1);
    t = mpfr_check_range(R, t, m);
    mpfr_subnormalize(R, t, m);
    mpfr_set_emin(def_emin);
    mpfr_set_emax(def_emax);
    return encode(dt, R);
}

/* X (finite or infinite) rounded to float dt to nearest, ties away from zero (.rna): the nearer of
 * its roundings toward and away from zero, away where X is exactly halfway between them (to
 * nearest even elsewhere: the same); overflow as to nearest, since halfway past MAX is a tie. */
static uint64_t to_float_rna(unsigned dt)
{
    mpfr_ptr R = Rf[dt - F16];
    const uint64_t z = to_float(dt, MPFR_RNDZ, 0);
    mpfr_set(S, R, MPFR_RNDN); /* exact: S has 64 bits */
    const uint64_t a = to_float(dt, MPFR_RNDA, 0);
    if (z != a && mpfr_number_p(R)) {
        mpfr_add(S, S, R, MPFR_RNDN); /* exact: two neighbours of p <= 53 bits */
        mpfr_mul_2ui(Q, X, 1, MPFR_RNDN);
        if (mpfr_equal_p(S, Q))
            return a;
    }
    return to_float(dt, MPFR_RNDN, 0);
}

/* X rounded to an integral value in mode m, then clamped to integer type dt (infinities too), in
 * d's register (extended by dt's signedness) */
static uint64_t to_int(unsigned dt, mpfr_rnd_t m)
{
    uint64_t v;
    mpfr_rint(I, X, m); /* exact: 128 bits hold every rounded f64 */
    if (mpfr_cmp(I, Lo[dt]) <= 0)
        v = (uint64_t)mpfr_get_sj(Lo[dt], MPFR_RNDN);
    else if (mpfr_cmp(I, Hi[dt]) >= 0)
        v = mpfr_get_uj(Hi[dt], MPFR_RNDN);
    else
        v = ty[dt].sgn ? (uint64_t)mpfr_get_sj(I, MPFR_RNDN) : mpfr_get_uj(I, MPFR_RNDN);
    return v & mask(regb(dt));
}

/* A NaN a: to an integer 0, or 1 << (width - 1) when a is .f64 or d 64 bits; to .f64 its sign and
 * payload (at the top of f64's fraction), quieted; to the other floats the canonical NaN. */
static uint64_t nan_to(unsigned dt, unsigned at, uint64_t a)
{
    if (!isf(dt)) {
        const unsigned b = ty[dt].bits;
        uint64_t v = at == F64 || b == 64 ? 1ull << (b - 1) : 0;
        if (ty[dt].sgn && v)
            v |= ~mask(b);
        return v & mask(regb(dt));
    }
    if (dt == F64)
        return (a >> (ty[at].bits - 1) & 1) << 63 | 0x7ff8ull << 48 |
               (a & mask(ty[at].p - 1)) << (53 - ty[at].p);
    return dt == F32 ? 0x7fffffff : 0x7fff;
}

/* d's register for a, before .sat/.relu/.satfinite */
static uint64_t conv(unsigned dt, unsigned at, unsigned r, int ftz, uint64_t a)
{
    const mpfr_rnd_t m = r ? rmode[(r - 1) % 4] : MPFR_RNDN;
    if (isf(at) && fnan(at, a))
        return nan_to(dt, at, a);
    load(at, a, ftz);
    if (!isf(dt))
        return to_int(dt, m);
    if (is_irnd(r)) { /* float to itself: roundToIntegral, a zero keeps a's sign */
        mpfr_ptr R = Rf[dt - F16];
        mpfr_rint(R, X, m);
        if (mpfr_zero_p(R))
            mpfr_setsign(R, R, mpfr_signbit(X), MPFR_RNDN);
        return encode(dt, R);
    }
    return to_float(dt, m, ftz);
}

/* .satfinite (±Inf to ±MAX_NORM), .relu (a negative or -0.0 to +0.0, a NaN stays canonical),
 * .sat on a float d (to [+0.0, 1.0], NaN to +0.0); on an integer d .sat changes nothing. */
static uint64_t post(unsigned dt, int sat, int relu, int sf, uint64_t r)
{
    if (!isf(dt))
        return r;
    const uint64_t sg = fsign(dt), inf = finf(dt), one = (uint64_t)bias(dt) << (ty[dt].p - 1);
    const int nan = fnan(dt, r);
    if (sf && (r & ~sg) == inf)
        r = (r & sg) | (inf - 1);
    if (relu && !nan && (r & sg))
        r = 0;
    if (sat)
        r = nan || (r & sg) ? 0 : r > one ? one : r;
    return r;
}

/* One element of the forms from .f32 a of the other destinations, before .relu/.satfinite (then
 * post()'s): .f16/.bf16 (a half of .f16x2/.bf16x2) or .tf32's 19 bits, rounded in r (.rn, .rz,
 * .rna), a NaN the canonical one (all ones but the sign) */
static uint64_t conv_el(unsigned et, unsigned r, uint64_t a)
{
    if (fnan(F32, a))
        return mask(ty[et].bits - 1);
    load(F32, a, 0);
    return r == RNA ? to_float_rna(et) : to_float(et, rmode[r - 1], 0);
}

/* ---- Inputs ------------------------------------------------------------------------------------ */
enum { MAXV = 65536, WIDEV = 16384, MAXL = MAXV + MAXV / 4 };
static uint64_t vals[MAXV];          /* the distinct inputs of a */
static unsigned nv, cap;
static uint32_t lsrc[MAXL];          /* lane -> its input */
static uint64_t d0[MAXL];            /* d before the run */
static uint32_t guard[MAXL / 32];
static unsigned nl;
static uint64_t base[MAXV], want[MAXV];
static uint32_t bidx[MAXV];          /* the packed forms: input i's b is vals[bidx[i]] */
static uint32_t elem[MAXV];          /* input i as an element, before .relu/.satfinite */
static _Alignas(64) uint64_t A[MAXL], B[MAXL], D[MAXL];

static void add(uint64_t v, unsigned at)
{
    if (nv < cap)
        vals[nv++] = v & mask(regb(at));
}

/* 16-bit registers: every value; with PTXCPU_TEST_SCALE s > 1 every value of 8-bit types (their
 * oracle is computed once per low byte), for the others every s-th on average and all near the
 * f16/bf16/integer edges (zero, subnormals, min normal, 1.0, max, Inf, NaN), both signs */
static void fill16(unsigned at, unsigned scale)
{
    for (uint32_t v = 0; v < 65536; v++) {
        const uint32_t m = v & 0x7fff;
        const int edge = m < 0x90 || (m >= 0x3f0 && m < 0x410) || (m >= 0x3bf0 && m < 0x3c10) ||
                         (m >= 0x3f70 && m < 0x3f90) || m >= 0x7bc0;
        if (scale == 1 || ty[at].bits == 8 || edge || splitmix64(v) % scale == 0)
            add(v, at);
    }
}

static uint64_t neg_int(uint64_t v) { return 0 - v; }

/* an integer with n significant bits whose bits below its top p are a rounding case for
 * precision p: exactly half, half +-1, none, 1, all (the top bits random or all ones) */
static uint64_t int_tie(unsigned n, unsigned p, rng_t *g)
{
    const unsigned nd = n - p;
    const uint64_t half = 1ull << (nd - 1);
    const uint64_t pats[6] = {half, half - 1, half + 1, 0, 1, mask(nd)};
    const uint64_t top = (rng_next(g) & 1 ? mask(p) : rng_next(g) & mask(p)) | 1ull << (p - 1);
    return top << nd | (pats[rng_below(g, 6)] & mask(nd));
}

/* 32/64-bit integers: every integer type's range ends and +-1, 2^k and +-1, both signs; then
 * rounding cases of each float precision (random), random bits, random lengths */
static void fill_int(unsigned at, unsigned scale, rng_t *g)
{
    const unsigned b = ty[at].bits;
    for (unsigned t = 0; t < 8; t++) {
        const uint64_t lo = ty[t].sgn ? neg_int(1ull << (ty[t].bits - 1)) : 0;
        const uint64_t hi = mask(ty[t].bits - (unsigned)ty[t].sgn);
        for (int k = -2; k <= 2; k++)
            add(lo + (uint64_t)k, at), add(hi + (uint64_t)k, at);
    }
    for (unsigned k = 0; k < b; k++)
        for (int o = -1; o <= 1; o++) {
            add((1ull << k) + (uint64_t)o, at);
            add(neg_int((1ull << k) + (uint64_t)o), at);
        }
    const unsigned ps[4] = {8, 11, 24, 53};
    cap = nv + WIDEV / scale;
    while (nv < cap) {
        const unsigned kind = (unsigned)rng_below(g, 4);
        uint64_t v = rng_next(g);
        if (kind < 2) {
            const unsigned p = ps[rng_below(g, b == 64 ? 4 : 3)];
            v = int_tie(p + 1 + (unsigned)rng_below(g, b - p), p, g);
            if (kind)
                v = neg_int(v);
        } else if (kind == 2)
            v >>= rng_below(g, 64);
        add(v, at);
    }
}

/* The rounding targets of a float a: f16, bf16, f32, tf32 (their emin, precision, emax) and
 * integers; 2^quantum(t, E) is t's spacing at exponent E (2^E <= |x| < 2^(E+1)). */
enum { NTG = 5 };
static const struct { long emin, p, emax; } tgt[NTG] = {
    {-14, 11, 15}, {-126, 8, 127}, {-126, 24, 127}, {-126, 11, 127}};
static long quantum(unsigned t, long E)
{
    return t == NTG - 1 ? 0 : (E < tgt[t].emin ? tgt[t].emin : E) - (tgt[t].p - 1);
}

/* a float of format s with exponent E, its bits below 2^q a rounding case (pattern pat: exactly
 * half, half -1, half +1, none, 1, all), the bits above from kept (all ones: the rounding may carry
 * into the next binade, past a min normal or to overflow); 0 when s holds no such number */
static int float_case(unsigned s, long E, long q, uint64_t kept, unsigned pat, int neg, uint64_t *out)
{
    const long p = (long)ty[s].p, emin = 1 - bias(s);
    const long qs = (E < emin ? emin : E) - (p - 1); /* s's quantum at E */
    const long top = E - qs;                         /* the leading bit's position */
    if (top < 0 || E > bias(s))
        return 0;
    uint64_t n = 1ull << top | (kept & mask((unsigned)top));
    long nd = q - qs;
    if (nd > top + 1)
        nd = top + 1;
    if (nd >= 1) {
        const uint64_t half = 1ull << (nd - 1);
        const uint64_t pats[6] = {half, half - 1, half + 1, 0, 1, mask((unsigned)nd)};
        n = (n & ~mask((unsigned)nd)) | (pats[pat % 6] & mask((unsigned)nd));
    }
    const long k = E < emin ? 1 : E + bias(s);
    *out = (((uint64_t)(k - 1) << (p - 1)) + n) | (neg ? fsign(s) : 0);
    return 1;
}

static uint64_t f32_bits(double d)
{
    float f = (float)d;
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static uint64_t f64_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

/* f32/f64: +-0, subnormal min/max, min normal, max finite, Inf, NaNs (quiet, signalling, payloads);
 * powers of two, integer type range ends and small integers, each +-0.5 and +-1, with the source
 * format's neighbours; then rounding cases of every target (f16, bf16, f32, tf32, integers) at
 * random exponents, random values with exponents in [-30, 70], random bits */
static void fill_float(unsigned at, unsigned scale, rng_t *g)
{
    const unsigned p = ty[at].p;
    const uint64_t sg = fsign(at), inf = finf(at), minn = 1ull << (p - 1);
    const uint64_t sp[] = {0, 1, 2, minn - 1, minn, minn + 1, inf - 1, inf - 2, inf,
                           inf | 1, inf | 2, inf | mask(p - 2), inf | 1ull << (p - 2),
                           inf | 1ull << (p - 2) | 1, inf | mask(p - 1), inf | 0x5a5a5a5aull};
    for (unsigned i = 0; i < sizeof sp / sizeof sp[0]; i++)
        add(sp[i], at), add(sp[i] | sg, at);
    double num[512];
    unsigned nn = 0;
    double pw = 0.125;
    for (int k = -3; k <= 66; k++, pw *= 2)
        num[nn++] = pw;
    for (unsigned t = 0; t < 8; t++) {
        num[nn++] = ty[t].sgn ? -(double)(1ull << (ty[t].bits - 1)) : 0;
        num[nn++] = (double)mask(ty[t].bits - (unsigned)ty[t].sgn); /* f64: rounds, the neighbours */
    }
    for (int k = 0; k <= 8; k++)
        num[nn++] = k;
    const double off[] = {0, 0.5, -0.5, 1, -1, 1.5, -1.5};
    for (unsigned i = 0; i < nn; i++)
        for (unsigned o = 0; o < sizeof off / sizeof off[0]; o++) {
            const double d = num[i] + off[o];
            const uint64_t x = at == F32 ? f32_bits(d) : f64_bits(d), m = x & ~sg;
            for (int s = 0; s < 2; s++) {
                add(m | (s ? sg : 0), at);
                add((m + 1) | (s ? sg : 0), at);
                if (m)
                    add((m - 1) | (s ? sg : 0), at);
            }
        }
    /* rounding cases with all ones above them: just below each float target's min normal, its
     * overflow threshold, 1.0, its least subnormal and half that; below 1, 2^7, 2^8 ... 2^64 */
    for (unsigned t = 0; t < NTG; t++) {
        const long e = tgt[t].emin, tp = tgt[t].p, fe[5] = {e - 1, tgt[t].emax, -1, e - tp, e - tp + 1};
        const long ie[9] = {-1, 6, 7, 14, 15, 30, 31, 62, 63};
        const long *es = t < NTG - 1 ? fe : ie;
        const unsigned ne = t < NTG - 1 ? 5 : 9;
        for (unsigned i = 0; i < ne * 12; i++) {
            uint64_t v;
            if ((t != 2 || at == F64) &&
                float_case(at, es[i / 12], quantum(t, es[i / 12]), ~0ull, i % 6, i / 6 % 2, &v))
                add(v, at);
        }
    }
    cap = nv + WIDEV / scale;
    while (nv < cap) {
        const unsigned kind = (unsigned)rng_below(g, 9);
        uint64_t v = rng_next(g);
        if (kind < 6) { /* a target's rounding case at a random exponent, its edges included */
            const unsigned t = kind < NTG - 1 ? kind : NTG - 1;
            const long lo = t < NTG - 1 ? tgt[t].emin - tgt[t].p - 1 : -2;
            const long E = lo + (long)rng_below(g, (uint64_t)((t < NTG - 1 ? tgt[t].emax + 1 : 65) - lo + 1));
            const uint64_t kept = rng_next(g) & 1 ? ~0ull : rng_next(g);
            if ((t == 2 && at != F64) ||
                !float_case(at, E, quantum(t, E), kept, (unsigned)rng_below(g, 6), (int)(v & 1), &v))
                continue;
        } else if (kind < 8) { /* random significands at exponents [-30, 70] */
            const long E = -30 + (long)rng_below(g, 101);
            v = ((uint64_t)(E + bias(at)) << (p - 1)) | (v & mask(p - 1)) | (v >> 63 ? sg : 0);
        } /* else random bits */
        add(v, at);
    }
}

/* The lanes: each input once, in warps under guards all-on, all-off (every 8th) or random (every
 * 8th); the inputs of the last two kinds once more in warps all-on, so that each is checked. */
static void lay_out(unsigned at, rng_t *g)
{
    while (nv % 32) {
        const uint64_t v = vals[rng_below(g, nv)];
        vals[nv++] = v;
    }
    const unsigned nw = nv / 32;
    unsigned w2 = nw;
    for (unsigned w = 0; w < nw; w++) {
        guard[w] = w % 8 == 3 ? 0 : w % 8 == 5 ? (uint32_t)rng_next(g) : ~0u;
        for (unsigned i = 0; i < 32; i++)
            lsrc[w * 32 + i] = w * 32 + i;
        if (guard[w] != ~0u) {
            guard[w2] = ~0u;
            for (unsigned i = 0; i < 32; i++)
                lsrc[w2 * 32 + i] = w * 32 + i;
            w2++;
        }
    }
    nl = w2 * 32;
    for (unsigned l = 0; l < nl; l++) {
        const uint64_t v = vals[lsrc[l]];
        switch (regb(at)) {
        case 16: ((uint16_t *)A)[l] = (uint16_t)v; break;
        case 32: ((uint32_t *)A)[l] = (uint32_t)v; break;
        default: A[l] = v; break;
        }
        d0[l] = rng_next(g);
    }
}

/* ---- Runs -------------------------------------------------------------------------------------- */

/* d's register and a's width db, ab; two: the packed forms (b in B, 32 bits, a half per source) */
static unsigned check_kernel(ptxcpu_kernel k, const char *mn, unsigned db, unsigned ab, int two)
{
    for (unsigned l = 0; l < nl; l++)
        test_reg_put(D, db, l, d0[l]);
    ptxcpu_batch bt = {.n = nl / 32, .d = D, .d_stride = 4 * (ptrdiff_t)db, .guard = guard,
                       .guard_stride = 4};
    bt.src[0] = (ptxcpu_src){A, 4 * (ptrdiff_t)ab};
    if (two)
        bt.src[1] = (ptxcpu_src){B, 4 * 32};
    if (ptxcpu_run(k, &bt) != PTXCPU_OK) {
        printf("FAIL %s on %s: %s\n", mn, ptxcpu_kernel_variant(k), ptxcpu_last_error());
        return 1;
    }
    unsigned bad = 0;
    for (unsigned l = 0; l < nl; l++) {
        const int on = guard[l / 32] >> (l % 32) & 1;
        const uint64_t w = on ? want[lsrc[l]] : d0[l] & mask(db), got = test_reg_get(D, db, l);
        if (got == w || bad++ >= 3)
            continue;
        char bs[64] = "", which[64] = "";
        if (two) { /* each element by itself: a's the high half, b's the low */
            snprintf(bs, sizeof bs, " b=%#llx", (unsigned long long)vals[bidx[lsrc[l]]]);
            snprintf(which, sizeof which, " (%s%s%s wrong)", (got ^ w) >> 16 ? "a's high half" : "",
                     (got ^ w) >> 16 && (got ^ w) & 0xffff ? " and " : "",
                     (got ^ w) & 0xffff ? "b's low half" : "");
        }
        printf("FAIL %s on %s: a=%#llx%s: d %#llx, want %#llx%s%s\n", mn, ptxcpu_kernel_variant(k),
               (unsigned long long)vals[lsrc[l]], bs, (unsigned long long)got,
               (unsigned long long)w, on ? "" : " (lane outside the guard)", on ? which : "");
    }
    if (bad > 3)
        printf("FAIL %s on %s: %u lanes wrong\n", mn, ptxcpu_kernel_variant(k), bad);
    return bad;
}

enum { MAXSPELL = 1024, STOP_AFTER = 8 };
static char spelled[MAXSPELL][48];

/* mn parsed: accepted iff ok (kept in spelled[], counted in *n), else a failure line */
static void try_spelling(const char *mn, int ok, unsigned *bad, unsigned *n)
{
    ptxcpu_insn insn;
    const ptxcpu_status st = ptxcpu_parse(mn, NULL, &insn);
    if (ok != (st == PTXCPU_OK) && (*bad)++ < FAIL_CAP)
        printf(ok ? "FAIL %s: refused (%s)\n" : "FAIL %s: accepted; not a spelling of 9.7.9.21%s\n",
               mn, ok ? ptxcpu_last_error() : "");
    if (ok && *n < MAXSPELL)
        snprintf(spelled[*n], sizeof spelled[*n], "%s", mn);
    *n += ok;
}

/* Modifier combinations of every type pair with a float, in the syntax's order: the parser must
 * take the allowed ones (kept in spelled[]) and refuse the others: each rounding token alone, each
 * modifier alone after the pair's first rounding token, and every (8 x PTXCPU_TEST_SCALE)-th of
 * the remaining combinations (a refusal's message costs the parser about 0.5 ms); .rna alone on
 * each of these pairs. The other destinations (.tf32, .f16x2, .bf16x2): every combination from
 * .f32, .relu and .satfinite in both orders, and .rn alone and .rna alone from every other type.
 * Also: the table's rows of cvt with a float type are exactly these, and modifiers after the
 * types are refused. */
static unsigned check_spellings(unsigned scale, unsigned *nspell)
{
    unsigned bad = 0, n = 0, refused = 0;
    for (unsigned at = 0; at < NT; at++)
        for (unsigned dt = 0; dt < NT; dt++)
            for (unsigned r = 0; r < NR; r++)
                for (unsigned f = 0; f < 16; f++) {
                    const int ftz = f & 1, sat = f >> 1 & 1, relu = f >> 2 & 1, sf = f >> 3;
                    if (!isf(dt) && !isf(at))
                        continue;
                    const int ok = allowed(dt, at, r, ftz, sat, relu, sf);
                    unsigned r0 = 1;
                    while (r0 < NR && !allowed(dt, at, r0, 0, 0, 0, 0))
                        r0++;
                    if (!ok && f && !((f & (f - 1)) == 0 && (r == r0 || (r0 == NR && !r))) &&
                        splitmix64((at * NT + dt) * NR * 16 + r * 16 + f) % (8 * scale))
                        continue;
                    refused += !ok;
                    char mn[48];
                    spell(mn, sizeof mn, dt, at, r, ftz, sat, relu, sf);
                    try_spelling(mn, ok, &bad, &n);
                }
    for (unsigned at = 0; at < NT; at++) /* .rna: only .tf32's */
        for (unsigned dt = 0; dt < NT; dt++) {
            char mn[48];
            ptxcpu_insn insn;
            if (!isf(dt) && !isf(at))
                continue;
            spell(mn, sizeof mn, dt, at, RNA, 0, 0, 0, 0);
            refused++;
            if (ptxcpu_parse(mn, NULL, &insn) == PTXCPU_OK && bad++ < FAIL_CAP)
                printf("FAIL %s: accepted; not a spelling of 9.7.9.21\n", mn);
        }
    for (unsigned dt = TF32; dt < NTX; dt++)
        for (unsigned at = 0; at < NTX; at++)
            for (unsigned r = 0; r < NRX; r++)
                for (unsigned f = 0; f < 20; f++) { /* 16-19: .satfinite.relu, .ftz and .sat */
                    const int sfirst = f >= 16, ftz = f & 1, sat = f >> 1 & 1;
                    const int relu = sfirst || (f >> 2 & 1), sf = sfirst || (f >> 3 & 1);
                    if (at != F32 && (f || (r != 1 && r != RNA)))
                        continue;
                    const int ok = allowed_x(dt, at, r, ftz, sat, relu, sf, sfirst);
                    refused += !ok;
                    char mn[48];
                    spell_x(mn, sizeof mn, dt, at, r, ftz, sat, relu, sf, sfirst);
                    try_spelling(mn, ok, &bad, &n);
                }
    const char *after[] = {"cvt.f16.f32.rn", "cvt.s32.f32.rzi", "cvt.f32.f32.rni", "cvt.f64.bf16.rp",
                           "cvt.rn.f16.f32.relu", "cvt.rn.f32.s32.ftz", "cvt.f16x2.f32.rn",
                           "cvt.rn.f16x2.f32.relu", "cvt.tf32.f32.rna",
                           "cvt.rn.tf32.f32.satfinite"};
    for (unsigned i = 0; i < sizeof after / sizeof after[0]; i++) {
        ptxcpu_insn insn;
        if (ptxcpu_parse(after[i], NULL, &insn) == PTXCPU_OK)
            printf("FAIL %s: accepted; modifiers come before the types\n", after[i]), bad++;
    }
    unsigned rows = 0;
    for (size_t i = 0; i < ptxcpu_insn_count(); i++) {
        ptxcpu_insn_desc de;
        /* (cvt.rs, stochastic rounding with rbits, is tests/move/cvt_rs_oracle.c's) */
        if (ptxcpu_insn_at(i, &de) != PTXCPU_OK || strncmp(de.mnemonic, "cvt.", 4) ||
            !strncmp(de.mnemonic, "cvt.rs.", 7))
            continue;
        const char *a = strrchr(de.mnemonic, '.'), *d = a;
        while (d > de.mnemonic && d[-1] != '.')
            d--;
        int ta = -1, td = -1; /* the last two parts: .dtype.atype */
        for (int t = 0; t < NTX; t++) {
            const size_t len = strlen(ty[t].name);
            ta = strcmp(a + 1, ty[t].name) ? ta : t;
            td = d + len == a && !strncmp(d, ty[t].name, len) ? t : td;
        }
        if (ta < 0 || td < 0 || (!isf((unsigned)ta) && !isf((unsigned)td)))
            continue;
        rows++;
        unsigned j = 0;
        while (j < n && j < MAXSPELL && strcmp(spelled[j], de.mnemonic))
            j++;
        if (j == n || j == MAXSPELL)
            printf("FAIL %s: a table row this test does not spell\n", de.mnemonic), bad++;
    }
    if (rows != n || n > MAXSPELL) {
        printf("FAIL %u spellings of cvt with a float type, the table has %u rows\n", n, rows);
        bad++;
    }
    printf("parse: %u spellings accepted, %u others refused as they must be\n", n, refused);
    *nspell = n;
    return bad;
}

static unsigned fails, runs, ran, inputs;

/* Spelling mn against want[] on every usable ISA (x2: a second source b) */
static void check_spelling(const char *mn, unsigned db, unsigned ab, int x2, int first)
{
    ptxcpu_kernel ks[PTXCPU_ISA_COUNT];
    const unsigned nk = oracle_kernels(mn, ks);
    if (nk == 0 && fails++ < STOP_AFTER)
        printf("FAIL %s: no kernel on a usable ISA\n", mn);
    ran += first;
    for (unsigned i = 0; i < nk && fails < STOP_AFTER; i++, runs++)
        fails += check_kernel(ks[i], mn, db, ab, x2) != 0;
}

/* The forms of the other destinations on the .f32 inputs run_source laid out: the packed ones'
 * b of input i is vals[bidx[i]], a permutation (each input once as a and once as b); d = a's
 * element << 16 | b's, .tf32's d its 19 bits << 13. */
static void run_other(int first, rng_t *g)
{
    for (unsigned i = 0; i < nv; i++)
        bidx[i] = i;
    for (unsigned i = nv; i > 1; i--) {
        const unsigned j = (unsigned)rng_below(g, i);
        const uint32_t t = bidx[i - 1];
        bidx[i - 1] = bidx[j];
        bidx[j] = t;
    }
    for (unsigned l = 0; l < nl; l++)
        ((uint32_t *)B)[l] = (uint32_t)vals[bidx[lsrc[l]]];
    for (unsigned dt = TF32; dt < NTX; dt++)
        for (unsigned r = 1; r < NRX; r++) {
            if (!allowed_x(dt, F32, r, 0, 0, 0, 0, 0) || fails >= STOP_AFTER)
                continue;
            const unsigned et = dt == F16X2 ? F16 : dt == BF16X2 ? BF16 : TF32;
            for (unsigned i = 0; i < nv; i++)
                elem[i] = (uint32_t)conv_el(et, r, vals[i]);
            for (unsigned f = 0; f < 5; f++) { /* .relu, .satfinite; 4: both, .satfinite first */
                const int sfirst = f == 4, relu = sfirst || (f & 1), sf = sfirst || (f >> 1 & 1);
                if (!allowed_x(dt, F32, r, 0, 0, relu, sf, sfirst))
                    continue;
                char mn[48];
                spell_x(mn, sizeof mn, dt, F32, r, 0, 0, relu, sf, sfirst);
                for (unsigned i = 0; i < nv; i++)
                    want[i] = dt == TF32 ? post(et, 0, relu, sf, elem[i]) << 13
                                         : post(et, 0, relu, sf, elem[i]) << 16 |
                                               post(et, 0, relu, sf, elem[bidx[i]]);
                check_spelling(mn, 32, 32, dt != TF32, first);
            }
        }
}

/* Every spelling with atype at on one set of inputs (its random ones drawn anew each time) */
static void run_source(unsigned at, unsigned scale, int first, rng_t *g)
{
    nv = 0;
    cap = MAXV;
    if (regb(at) == 16)
        fill16(at, scale);
    else if (isf(at))
        fill_float(at, scale, g);
    else
        fill_int(at, scale, g);
    inputs += nv;
    lay_out(at, g);
    for (unsigned dt = 0; dt < NT; dt++)
        for (unsigned r = 0; r < NR; r++)
            for (int ftz = 0; ftz < 2; ftz++) {
                if (!allowed(dt, at, r, ftz, 0, 0, 0) || fails >= STOP_AFTER)
                    continue;
                if (ty[at].bits == 8) { /* the value is the low byte's */
                    uint64_t byte[256];
                    for (unsigned v = 0; v < 256; v++)
                        byte[v] = conv(dt, at, r, ftz, v);
                    for (unsigned i = 0; i < nv; i++)
                        base[i] = byte[vals[i] & 0xff];
                } else
                    for (unsigned i = 0; i < nv; i++)
                        base[i] = conv(dt, at, r, ftz, vals[i]);
                for (unsigned f = 0; f < 8; f++) {
                    const int sat = f & 1, relu = f >> 1 & 1, sf = f >> 2;
                    if (!allowed(dt, at, r, ftz, sat, relu, sf))
                        continue;
                    char mn[48];
                    spell(mn, sizeof mn, dt, at, r, ftz, sat, relu, sf);
                    for (unsigned i = 0; i < nv; i++)
                        want[i] = post(dt, sat, relu, sf, base[i]);
                    check_spelling(mn, regb(dt), regb(at), 0, first);
                }
            }
    if (at == F32)
        run_other(first, g);
}

int main(void)
{
    const unsigned scale = test_scale();
    /* CVTF_ROUNDS (meson: 16 at -Dtest_level=full, else 1): sets of random inputs of each
     * 32/64-bit type, one after the other */
    const char *re = getenv("CVTF_ROUNDS");
    const unsigned rounds = re && atoi(re) > 1 ? (unsigned)atoi(re) : 1;
    unsigned nspell = 0;
    fails = check_spellings(scale, &nspell);
    mp_init();
    rng_t g = {0xcf7};
    for (unsigned at = 0; at < NT; at++)
        for (unsigned k = 0; k < (regb(at) > 16 ? rounds : 1) && fails < STOP_AFTER; k++)
            run_source(at, scale, k == 0, &g);
    mp_free();
    oracle_report_skipped();
    if (fails >= STOP_AFTER)
        printf("FAIL: stopped after %u failures\n", fails);
    else if (ran != nspell) {
        printf("FAIL %u spellings run, %u enumerated\n", ran, nspell);
        fails++;
    }
    printf("%s: %u cvt spellings with a float type, %u runs, %u inputs over the 12 source types, "
           "%u failing\n", fails ? "FAIL" : "PASS", nspell, runs, inputs, fails);
    return fails != 0;
}
