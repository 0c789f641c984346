/* Approximate expectations of `ptxcpu check` (docs/VECTORS.md): `~VALUE` (a C99 hexadecimal
 * floating literal, the exact result at double precision) with one bound per line, `abs=2^E`,
 * `rel=2^E` or `ulp=N`, and the test of a destination element against them. */
#include "approx.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs of hex digits (n >= 0 of them) from *p; returns how many. */
static size_t hex_run(const char **p)
{
    size_t n = 0;
    while (isxdigit((unsigned char)**p))
        (*p)++, n++;
    return n;
}

int approx_parse_value(const char *t, double *out, char *why, size_t whylen)
{
    char tb[64];
    /* [+-]0x H [. H] p [+-] D, at least one hex digit: checked here, so that strtod's other
     * forms (decimal, inf, nan, hex without exponent) are refused with a reason. */
    const char *p = t;
    if (*p == '+' || *p == '-')
        p++;
    if (!(p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))) {
        snprintf(why, whylen, "'~%s': the value is a C99 hexadecimal floating literal such as "
                 "~0x1.8p+1", cli_shown(t, tb, sizeof tb));
        return 0;
    }
    p += 2;
    size_t digits = hex_run(&p);
    if (*p == '.') {
        p++;
        digits += hex_run(&p);
    }
    int exp_ok = (*p == 'p' || *p == 'P');
    if (exp_ok) {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        exp_ok = isdigit((unsigned char)*p);
        while (isdigit((unsigned char)*p))
            p++;
    }
    if (!digits || !exp_ok || *p) {
        snprintf(why, whylen, "'~%s': the value is a C99 hexadecimal floating literal with a "
                 "binary exponent, such as ~0x1.8p+1", cli_shown(t, tb, sizeof tb));
        return 0;
    }
    double v = strtod(t, NULL);
    if (!isfinite(v)) {
        snprintf(why, whylen, "'~%s': the value overflows a double", cli_shown(t, tb, sizeof tb));
        return 0;
    }
    *out = v;
    return 1;
}

int approx_parse_bound(const char *t, approx_bound *b, char *why, size_t whylen)
{
    char tb[64];
    const char *shown = cli_shown(t, tb, sizeof tb);
    if (!strncmp(t, "ulp=", 4)) {
        const char *p = t + 4;
        unsigned long n = 0;
        if (!isdigit((unsigned char)*p)) {
            snprintf(why, whylen, "'%s': ulp=N takes a whole number of steps", shown);
            return 0;
        }
        for (; isdigit((unsigned char)*p); p++) {
            n = n * 10 + (unsigned long)(*p - '0');
            if (n > APPROX_MAX_ULP) {
                snprintf(why, whylen, "'%s': at most ulp=%u", shown, APPROX_MAX_ULP);
                return 0;
            }
        }
        if (*p) {
            snprintf(why, whylen, "'%s': ulp=N takes a whole number of steps", shown);
            return 0;
        }
        b->kind = APPROX_ULP;
        b->ulps = (unsigned)n;
        return 1;
    }
    int is_abs = !strncmp(t, "abs=2^", 6), is_rel = !strncmp(t, "rel=2^", 6);
    if (!is_abs && !is_rel) {
        snprintf(why, whylen, "'%s': the bound of a ~ result is abs=2^E, rel=2^E or ulp=N",
                 shown);
        return 0;
    }
    /* E: [+-] digits [. digits], a decimal number, at most 1100 in magnitude */
    const char *p = t + 6, *q = p;
    if (*q == '+' || *q == '-')
        q++;
    size_t d = 0;
    while (isdigit((unsigned char)*q))
        q++, d++;
    if (*q == '.') {
        q++;
        size_t f = 0;
        while (isdigit((unsigned char)*q))
            q++, f++;
        d = f ? d + f : 0;
    }
    double e = d && !*q ? strtod(p, NULL) : NAN;
    if (!(fabs(e) <= 1100)) {
        snprintf(why, whylen, "'%s': E of 2^E is a decimal number from -1100 to 1100 "
                 "(abs=2^-20.5)", shown);
        return 0;
    }
    b->kind = is_abs ? APPROX_ABS : APPROX_REL;
    b->bound = exp2(e);
    return 1;
}

/* The format of an element: precision (significand bits with the hidden one), exponent bits. */
typedef struct afmt {
    int p, ebits;
} afmt;

static int fmt_of_elem(ptxcpu_elem elem, afmt *f)
{
    switch (elem) {
    case PTXCPU_ELEM_F16: *f = (afmt){11, 5}; return 1;
    case PTXCPU_ELEM_BF16: *f = (afmt){8, 8}; return 1;
    case PTXCPU_ELEM_F32: *f = (afmt){24, 8}; return 1;
    case PTXCPU_ELEM_F64: *f = (afmt){53, 11}; return 1;
    default: return 0;
    }
}

/* The value of bits r in format f (NaN for a NaN). */
static double decode(afmt f, uint64_t r)
{
    int bias = (1 << (f.ebits - 1)) - 1;
    uint64_t frac = r & ((1ull << (f.p - 1)) - 1);
    int e = (int)(r >> (f.p - 1) & ((1u << f.ebits) - 1));
    int neg = (int)(r >> (f.p - 1 + f.ebits) & 1);
    double v;
    if (e == (1 << f.ebits) - 1)
        v = frac ? NAN : INFINITY;
    else if (e == 0)
        v = ldexp((double)frac, 1 - bias - (f.p - 1));
    else
        v = ldexp((double)(frac | 1ull << (f.p - 1)), e - bias - (f.p - 1));
    return neg ? -v : v;
}

/* The signed index of a non-NaN bit pattern along the number line: consecutive representable
 * values (the zeros one point) have consecutive indices. */
static int64_t ordinal(afmt f, uint64_t r)
{
    uint64_t sign = 1ull << (f.p - 1 + f.ebits);
    int64_t mag = (int64_t)(r & (sign - 1));
    return (r & sign) ? -mag : mag;
}

/* v rounded to nearest even in format f, as bits (overflow: the infinity of its sign). */
static uint64_t round_to(afmt f, double v)
{
    int bias = (1 << (f.ebits - 1)) - 1, emin = 1 - bias;
    uint64_t sign = v < 0 || (v == 0 && signbit(v)) ? 1ull << (f.p - 1 + f.ebits) : 0;
    double a = fabs(v);
    if (a == 0)
        return sign;
    int e = ilogb(a);
    if (e < emin)
        e = emin;
    /* a * 2^(p-1-e) < 2^p: exact in a double, and rint rounds it to nearest even */
    double q = rint(ldexp(a, f.p - 1 - e));
    if (q >= ldexp(1, f.p)) { /* rounded up to the next binade */
        q /= 2;
        e++;
    }
    if (e > bias)
        return sign | ((uint64_t)((1u << f.ebits) - 1) << (f.p - 1));
    uint64_t m = (uint64_t)q;
    if (m < 1ull << (f.p - 1)) /* subnormal (e == emin) */
        return sign | m;
    return sign | (uint64_t)(e + bias) << (f.p - 1) | (m & ((1ull << (f.p - 1)) - 1));
}

int approx_ok(ptxcpu_elem elem, uint64_t r, double want, const approx_bound *b)
{
    afmt f;
    if (!fmt_of_elem(elem, &f))
        return 0;
    double got = decode(f, r);
    if (isnan(got))
        return 0;
    switch (b->kind) {
    case APPROX_ULP: {
        int64_t x = ordinal(f, r), y = ordinal(f, round_to(f, want));
        uint64_t d = x >= y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x; /* < 2^64 */
        return d <= b->ulps;
    }
    case APPROX_ABS:
        return isfinite(got) && fabsl((long double)got - want) <= b->bound;
    default:
        return isfinite(got) && fabsl((long double)got - want) <= (long double)b->bound * fabs(want);
    }
}
