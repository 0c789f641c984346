/* Floating-point operands and results of `ptxcpu eval`: which operands are floats (from the
 * mnemonic's type suffixes), numbers read with exact rounding to nearest even, values printed. */
#include "cli.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each element type's fields: exponent and fraction bits (INT: none). */
static const struct { unsigned ebits, mbits; const char *name; } formats[] = {
    [PTXCPU_ELEM_INT] = {0, 0, "integer"}, [PTXCPU_ELEM_F16] = {5, 10, "f16"},
    [PTXCPU_ELEM_BF16] = {8, 7, "bf16"},   [PTXCPU_ELEM_F32] = {8, 23, "f32"},
    [PTXCPU_ELEM_F64] = {11, 52, "f64"},
};

/* What a syntax error adds, so the message says what is accepted. */
#define NUMBER_HINT                                                                               \
    "(a number such as 1.5, -2, 1e-3, 0x1.8p+1, inf or nan, or 0x-prefixed hex bits)"

/* Exponents are saturated here while reading: far outside every format, and small enough that
 * adding a token's length (an argument is at most 128 KiB on Linux) cannot overflow. */
#define EXP_CAP 1000000000LL

const char *cli_elem_name(ptxcpu_elem e)
{
    return formats[e].name;
}

unsigned cli_elem_bits(ptxcpu_elem e)
{
    return 1 + formats[e].ebits + formats[e].mbits;
}

/* ---- Which operands are floats ----------------------------------------------------------- */

/* A type suffix (f16 f16x2 bf16 bf16x2 f32 f32x2 f64 as floats; bN, sN, uN, their x2 and pred
 * as integers), written without a table: its format and register width. 0: no type. */
static int type_part(const char *s, size_t n, cli_fmt *f, unsigned *width)
{
    if (n == 4 && (!strncmp(s, "pred", 4) || !strncmp(s, "tf32", 4))) { /* tf32: its .b32 bits */
        *f = (cli_fmt){PTXCPU_ELEM_INT, 1};
        *width = s[0] == 'p' ? 1 : 32;
        return 1;
    }
    size_t k = n >= 2 && !strncmp(s, "bf", 2) ? 2 : n >= 1 && strchr("bsuf", s[0]) ? 1 : 0;
    if (!k || k >= n || !isdigit((unsigned char)s[k]))
        return 0;
    unsigned bits = 0;
    for (; k < n && isdigit((unsigned char)s[k]) && bits < 1000; k++)
        bits = bits * 10 + (unsigned)(s[k] - '0');
    unsigned elems = n - k == 2 && !strncmp(s + k, "x2", 2) ? 2 : 1;
    if ((k != n && elems == 1) || (bits != 8 && bits != 16 && bits != 32 && bits != 64))
        return 0;
    ptxcpu_elem e = PTXCPU_ELEM_INT;
    if (s[0] == 'b' && s[1] == 'f') {
        if (bits != 16)
            return 0; /* bf8, bf32: no such type */
        e = PTXCPU_ELEM_BF16;
    } else if (s[0] == 'f') {
        if (bits == 8)
            return 0;
        e = bits == 16 ? PTXCPU_ELEM_F16 : bits == 32 ? PTXCPU_ELEM_F32 : PTXCPU_ELEM_F64;
    }
    *f = (cli_fmt){e, elems};
    *width = bits * elems;
    return 1;
}

/* ptxcpu_insn_desc has one element type a row, and mixed precision (add.f32.f16: a f16, c f32),
 * set (sources .stype, d .dtype) and slct (c .ctype) have two, so each operand's format is read
 * from the canonical mnemonic's type suffixes: set's sources take the last, slct's c the last,
 * other sources the first whose register width is the one ptxcpu_describe reports (a mixed row's
 * 16-bit sources, its second type). A width no type has (shl.b64's b) is integer bits. */
void cli_operand_formats(const ptxcpu_insn_desc *d, cli_fmt *dst, cli_fmt src[4])
{
    cli_fmt types[4];
    unsigned widths[4], nt = 0;
    const char *mn = d->mnemonic, *first_at = NULL, *dtype_at = NULL; /* (where they start) */
    size_t oplen = strcspn(mn, ".");
    for (const char *p = mn + oplen; *p == '.';) {
        size_t n = strcspn(++p, ".");
        if (nt < 4 && type_part(p, n, &types[nt], &widths[nt]))
            first_at = nt++ ? first_at : p;
        if (p[n] == '.' && !strchr(p + n + 1, '.')) /* the last part but one: cvt's .dtype */
            dtype_at = p;
        p += n;
    }
    int set = oplen == 3 && !strncmp(mn, "set", 3), slct = oplen == 4 && !strncmp(mn, "slct", 4);
    set |= oplen == 3 && !strncmp(mn, "cvt", 3); /* cvt's a, like set's, is of the last type */
    const cli_fmt bits = {PTXCPU_ELEM_INT, 1};
    for (unsigned k = 0; k < 4; k++) {
        src[k] = bits;
        if (k >= d->nsrc || !nt || d->src_bits[k] == PTXCPU_PRED)
            continue;
        int t = set || (slct && k == 2) ? (int)nt - 1 : -1;
        for (unsigned i = 0; t < 0 && i < nt; i++)
            if (widths[i] == d->src_bits[k])
                t = (int)i;
        if (t >= 0 && widths[t] == d->src_bits[k])
            src[k] = types[t];
    }
    /* (a cvt whose .dtype is no type here, .e4m3x4: its first type is .atype) */
    int cvt_bits_d = oplen == 3 && !strncmp(mn, "cvt", 3) && first_at != dtype_at;
    *dst = nt && widths[0] == d->dst_bits && !cvt_bits_d ? types[0] : bits;
}

/* ---- Rounding ------------------------------------------------------------------------------ */

static uint64_t inf_bits(ptxcpu_elem e, int neg)
{
    unsigned eb = formats[e].ebits, mb = formats[e].mbits;
    return ((1ull << eb) - 1) << mb | (uint64_t)!!neg << (eb + mb);
}

/* sig * 2^exp2 (sig nonzero) rounded to nearest even into element e, sign bit from neg. `rest`
 * says where the exact value is when it is not that: > 0 a little above, < 0 a little below (by
 * less than half of sig's last bit); it only breaks ties. Adds CLI_FLOAT_* to *flags. */
static uint64_t round_to(ptxcpu_elem e, int neg, uint64_t sig, long long exp2, int rest,
                         unsigned *flags)
{
    long long eb = formats[e].ebits, mb = formats[e].mbits;
    long long bias = (1LL << (eb - 1)) - 1, emin = 1 - bias;
    int lz = __builtin_clzll(sig);
    sig <<= lz;
    exp2 -= lz;
    long long top = exp2 + 63;              /* the exponent of sig's leading bit */
    long long etop = top > emin ? top : emin; /* the one it is encoded with (subnormal: emin) */
    long long shift = etop - mb - exp2;      /* sig's bits below the format's last: >= 11 */
    uint64_t kept = 0, rem = sig, half = 0;
    int up = 0;
    if (shift <= 64) {
        half = 1ull << (shift - 1);
        kept = shift == 64 ? 0 : sig >> shift;
        rem = shift == 64 ? sig : sig & ((1ull << shift) - 1);
        up = rem > half || (rem == half && (rest > 0 || (rest == 0 && (kept & 1))));
    } /* else below half the smallest subnormal: 0 */
    kept += (uint64_t)up;
    uint64_t inf = inf_bits(e, 0), mag;
    if (etop + bias >= (1LL << eb) - 1)
        mag = inf; /* the exponent alone is past the largest finite one */
    else
        mag = ((uint64_t)(etop + bias - 1) << mb) + kept; /* kept's leading 1 adds 1 to it */
    if (rem || rest)
        *flags |= CLI_FLOAT_INEXACT;
    if (mag == inf)
        *flags |= CLI_FLOAT_OVERFLOW | CLI_FLOAT_INEXACT;
    if (mag == 0)
        *flags |= CLI_FLOAT_UNDERFLOW | CLI_FLOAT_INEXACT;
    return mag | (uint64_t)!!neg << (eb + mb);
}

/* ---- Reading numbers ----------------------------------------------------------------------- */

typedef enum { NUM_DEC, NUM_HEX, NUM_INF, NUM_NAN } num_kind;

/* A number as scanned: its sign, its mantissa's digits and '.', and its e or p exponent. */
typedef struct num {
    int neg;
    num_kind kind;
    const char *mant, *mant_end;
    long long exp;
} num;

static int is_digit_of(int c, int hex)
{
    return hex ? isxdigit(c) : isdigit(c);
}

/* A case-insensitive word (lower case) at p: its length, or 0 */
static size_t word_at(const char *p, const char *w)
{
    size_t n = 0;
    for (; w[n]; n++)
        if (tolower((unsigned char)p[n]) != w[n])
            return 0;
    return n;
}

/* Scans a number at s: decimal ([+-] digits [. digits] [e [+-] digits]), hex float ([+-] 0x hex
 * [. hex] [p [+-] digits]), or [+-] inf, infinity, nan (any case). Returns where it stops: the
 * first character no number continues with there (s's end if all of s is read); *whole is 1 when
 * what comes before that is a complete number. */
static const char *scan_number(const char *s, num *n, int *whole)
{
    const char *p = s;
    size_t w;
    *n = (num){.neg = *p == '-'};
    p += *p == '-' || *p == '+';
    *whole = 1;
    if ((w = word_at(p, "infinity")) || (w = word_at(p, "inf")) || (w = word_at(p, "nan"))) {
        n->kind = tolower((unsigned char)*p) == 'n' ? NUM_NAN : NUM_INF;
        return p + w;
    }
    int hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    n->kind = hex ? NUM_HEX : NUM_DEC;
    p += hex ? 2 : 0;
    n->mant = p;
    int digits = 0, dot = 0;
    for (; is_digit_of((unsigned char)*p, hex) || (*p == '.' && !dot); p++) {
        dot |= *p == '.';
        digits += *p != '.';
    }
    n->mant_end = p;
    *whole = digits > 0;
    if (!digits || (hex ? (*p != 'p' && *p != 'P') : (*p != 'e' && *p != 'E')))
        return p;
    p++;
    int eneg = *p == '-';
    p += *p == '-' || *p == '+';
    *whole = isdigit((unsigned char)*p);
    for (; isdigit((unsigned char)*p); p++)
        n->exp = n->exp >= EXP_CAP ? EXP_CAP : n->exp * 10 + (*p - '0');
    n->exp = eneg ? -n->exp : n->exp;
    return p;
}

/* A cursor over a mantissa's digits, skipping its '.'. */
typedef struct digits { const char *p, *end; } digits;

static int next_digit(digits *c)
{
    while (c->p < c->end && *c->p == '.')
        c->p++;
    return c->p < c->end ? *c->p++ - '0' : -1;
}

/* A nonnegative integer in base 10^9, least significant limb first: 2^53 * 5^1074 (a
 * subnormal double's significand over its power of ten) is below 10^767. */
#define BIG_LIMBS 90
typedef struct big { uint32_t limb[BIG_LIMBS]; unsigned n; } big;

static void big_mul(big *b, uint32_t m)
{
    uint64_t carry = 0;
    for (unsigned i = 0; i < b->n; i++) {
        uint64_t t = (uint64_t)b->limb[i] * m + carry;
        b->limb[i] = (uint32_t)(t % 1000000000u);
        carry = t / 1000000000u;
    }
    for (; carry; carry /= 1000000000u)
        b->limb[b->n++] = (uint32_t)(carry % 1000000000u);
}

/* Compares the decimal 0.D x 10^e10 (D: c's digits, the first nonzero) with sig x 2^exp2
 * (a finite nonzero double's significand and exponent), exactly: -1, 0 or 1. The double is
 * written out in decimal (sig x 2^exp2, or sig x 5^-exp2 x 10^exp2) and the digits compared. */
static int cmp_decimal(digits c, long long e10, uint64_t sig, long long exp2)
{
    big b = {{(uint32_t)(sig % 1000000000u), (uint32_t)(sig / 1000000000u % 1000000000u),
              (uint32_t)(sig / 1000000000000000000u)}, 3};
    for (long long k = exp2; k > 0; k -= 29)
        big_mul(&b, 1u << (k < 29 ? k : 29));
    for (long long k = -exp2; k > 0; k -= 13) {
        uint32_t p5 = 1;
        for (long long i = 0; i < (k < 13 ? k : 13); i++)
            p5 *= 5;
        big_mul(&b, p5);
    }
    while (b.n > 1 && !b.limb[b.n - 1])
        b.n--;
    char m[BIG_LIMBS * 9 + 16];
    int len = 0;
    for (unsigned i = b.n; i-- > 0;) /* nine digits a limb, the top one without leading zeros */
        for (uint32_t v = b.limb[i], div = 100000000; div; v %= div, div /= 10)
            if (len || v / div)
                m[len++] = (char)('0' + v / div);
    long long me10 = len + (exp2 < 0 ? exp2 : 0); /* m = 0.M x 10^me10 */
    if (e10 != me10)
        return e10 > me10 ? 1 : -1;
    for (int i = 0;; i++) {
        int dx = next_digit(&c), dm = i < len ? m[i] - '0' : -1;
        if (dx < 0) { /* the decimal ran out: the double is larger if a nonzero digit is left */
            for (; i < len; i++)
                if (m[i] != '0')
                    return -1;
            return 0;
        }
        if (dm < 0) { /* the double ran out: the decimal is larger if a nonzero digit is left */
            for (; dx >= 0; dx = next_digit(&c))
                if (dx)
                    return 1;
            return 0;
        }
        if (dx != dm)
            return dx > dm ? 1 : -1;
    }
}

/* A decimal into element e. strtod gives the double nearest it (correctly rounded, as glibc and
 * musl do); rounding that double again would be wrong exactly when it lands on a tie of the
 * narrower format (1.00048828125000000001 reads as 1 + 2^-11, f16's midpoint between 1 and its
 * successor), so the decimal is compared with the double exactly and the tie broken by the side
 * it was on. Elsewhere the double is on the decimal's side of every midpoint (they are doubles
 * too), so both round alike. For f64 the comparison only tells whether it was exact. */
static uint64_t decimal_to(ptxcpu_elem e, const char *text, const num *n, unsigned *flags)
{
    digits c = {n->mant, n->mant_end};
    long long before = 0, first = 0; /* digits before the '.', and before the first nonzero */
    int d;
    for (const char *p = n->mant; p < n->mant_end && *p != '.'; p++)
        before++;
    while ((d = next_digit(&c)) == 0)
        first++;
    if (d < 0)
        return (uint64_t)n->neg << (cli_elem_bits(e) - 1); /* a zero */
    c.p--;                                                  /* back to that first nonzero */
    double v = fabs(strtod(text, NULL));
    if (isinf(v) || v == 0) {
        *flags |= CLI_FLOAT_INEXACT | (v == 0 ? CLI_FLOAT_UNDERFLOW : CLI_FLOAT_OVERFLOW);
        return v == 0 ? (uint64_t)n->neg << (cli_elem_bits(e) - 1) : inf_bits(e, n->neg);
    }
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    uint64_t sig = b & ((1ull << 52) - 1);
    long long exp2 = -1074;
    if (b >> 52) {
        sig |= 1ull << 52;
        exp2 = (long long)(b >> 52) - 1075;
    }
    int rest = cmp_decimal(c, before - first + n->exp, sig, exp2);
    return round_to(e, n->neg, sig, exp2, rest, flags);
}

/* A hex float into element e, rounded here from its first 61 to 64 significant bits and
 * whether any bit after them is set (strtod would round it to 53 bits first). */
static uint64_t hexfloat_to(ptxcpu_elem e, const num *n, unsigned *flags)
{
    uint64_t sig = 0;
    long long exp2 = 0;
    int sticky = 0, dot = 0;
    for (const char *p = n->mant; p < n->mant_end; p++) {
        if (*p == '.') {
            dot = 1;
            continue;
        }
        int c = tolower((unsigned char)*p);
        unsigned v = (unsigned)(isdigit(c) ? c - '0' : c - 'a' + 10);
        if (sig >> 60) { /* full: later digits only scale it (before the '.') or make it inexact */
            sticky |= v != 0;
            exp2 += dot ? 0 : 4;
        } else {
            sig = sig << 4 | v;
            exp2 -= dot ? 4 : 0;
        }
    }
    if (!sig)
        return (uint64_t)n->neg << (cli_elem_bits(e) - 1);
    exp2 += n->exp;
    /* beyond +-2^100000 every format gives inf or 0 alike */
    exp2 = exp2 > 100000 ? 100000 : exp2 < -100000 ? -100000 : exp2;
    return round_to(e, n->neg, sig, exp2, sticky, flags);
}

/* Hex bits (0x3fc00000) rather than a hex float (0x1.8p+1) or a HI:LO pair (0x3c00:2) */
static int is_hex_bits(const char *s)
{
    return s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && !strpbrk(s, ".pP:");
}

/* One number (not hex bits) into element e. On error 0, and why says what is wrong. */
static int parse_number(const char *tok, ptxcpu_elem e, uint64_t *out, unsigned *flags, char *why,
                        size_t whylen)
{
    char tb[64];
    const char *shown = cli_shown(tok, tb, sizeof tb);
    num n;
    int whole;
    const char *stop = scan_number(tok, &n, &whole);
    if (!*tok) {
        snprintf(why, whylen, "'' is not an operand " NUMBER_HINT);
        return 0;
    }
    if (*stop) {
        char cb[16];
        if (isprint((unsigned char)*stop))
            snprintf(cb, sizeof cb, "'%c'", *stop);
        else
            snprintf(cb, sizeof cb, "byte 0x%02x", (unsigned char)*stop);
        snprintf(why, whylen, "'%s': unexpected %s at character %zu " NUMBER_HINT, shown, cb,
                 (size_t)(stop - tok) + 1);
        return 0;
    }
    if (!whole) {
        snprintf(why, whylen, "'%s': the number ends too soon " NUMBER_HINT, shown);
        return 0;
    }
    if (n.kind == NUM_HEX && !memchr(n.mant, '.', (size_t)(n.mant_end - n.mant)) &&
        !strpbrk(tok, "pP")) {
        snprintf(why, whylen, "'%s': hex bits take no sign; a hex float has a '.' or a p exponent "
                              "(-0x1.8p+1)", shown);
        return 0;
    }
    unsigned mb = formats[e].mbits;
    switch (n.kind) {
    case NUM_INF: *out = inf_bits(e, n.neg); break;
    case NUM_NAN: *out = inf_bits(e, n.neg) | 1ull << (mb - 1); break; /* quiet, no payload */
    case NUM_HEX: *out = hexfloat_to(e, &n, flags); break;
    case NUM_DEC: *out = decimal_to(e, tok, &n, flags); break;
    }
    return 1;
}

int cli_parse_float(const char *tok, ptxcpu_elem e, uint64_t *out, unsigned *flags, char *why,
                    size_t whylen)
{
    *flags = 0;
    return parse_number(tok, e, out, flags, why, whylen);
}

/* One element of a HI:LO operand: element-wide hex bits or a number. */
static int parse_element(const char *s, ptxcpu_elem e, uint64_t *out, unsigned *flags, char *why,
                         size_t whylen)
{
    return is_hex_bits(s) ? cli_parse_operand(s, cli_elem_bits(e), 0, out, why, whylen)
                          : parse_number(s, e, out, flags, why, whylen);
}

int cli_parse_float_operand(const char *tok, cli_fmt f, uint64_t *out, unsigned *flags, char *why,
                            size_t whylen)
{
    char tb[64];
    const char *shown = cli_shown(tok, tb, sizeof tb);
    unsigned ew = cli_elem_bits(f.elem);
    const char *colon = strchr(tok, ':');
    *flags = 0;
    if (is_hex_bits(tok)) /* the register's bits, packed or not */
        return cli_parse_operand(tok, ew * f.elems, 0, out, why, whylen);
    if (!colon) {
        uint64_t v;
        if (!parse_number(tok, f.elem, &v, flags, why, whylen))
            return 0;
        *out = f.elems == 2 ? v << ew | v : v; /* packed: the same value in both elements */
        return 1;
    }
    if (f.elems != 2) {
        snprintf(why, whylen, "'%s': HI:LO is for packed .x2 operands; this one is one %s",
                 shown, cli_elem_name(f.elem));
        return 0;
    }
    size_t hn = (size_t)(colon - tok);
    char *hi = malloc(hn + 1), inner[200];
    if (!hi) {
        snprintf(why, whylen, "'%s': out of memory", shown);
        return 0;
    }
    memcpy(hi, tok, hn);
    hi[hn] = 0;
    uint64_t h = 0, l = 0;
    int ok = parse_element(hi, f.elem, &h, flags, inner, sizeof inner);
    free(hi);
    if (ok && !(ok = parse_element(colon + 1, f.elem, &l, flags, inner, sizeof inner))) {
        snprintf(why, whylen, "'%s': LO %s", shown, inner);
        return 0;
    }
    if (!ok) {
        snprintf(why, whylen, "'%s': HI %s", shown, inner);
        return 0;
    }
    *out = h << ew | l;
    return 1;
}

/* ---- Printing values ----------------------------------------------------------------------- */

/* An element's exact value as a double (every f16, bf16 and f32 value is one). */
static double to_double(ptxcpu_elem e, uint64_t bits)
{
    unsigned eb = formats[e].ebits, mb = formats[e].mbits;
    if (e == PTXCPU_ELEM_F64) {
        double v;
        memcpy(&v, &bits, sizeof v);
        return v;
    }
    int bias = (1 << (eb - 1)) - 1;
    unsigned be = (unsigned)(bits >> mb) & ((1u << eb) - 1);
    uint64_t frac = bits & ((1ull << mb) - 1);
    double v = be ? ldexp((double)(frac | 1ull << mb), (int)be - bias - (int)mb)
                  : ldexp((double)frac, 1 - bias - (int)mb);
    return bits >> (eb + mb) & 1 ? -v : v;
}

/* The shortest digits D (and exponent X: the value is D[0].D[1..] x 10^X) that read back into
 * element e as magnitude mag: printf's %.*e with 1, 2, ... 17 digits, each read back here. */
static void shortest_digits(ptxcpu_elem e, uint64_t mag, double v, char d[24], int *x)
{
    char s[40];
    for (int p = 1; p <= 17; p++) {
        snprintf(s, sizeof s, "%.*e", p - 1, v);
        uint64_t back;
        unsigned fl;
        char why[8];
        if (cli_parse_float(s, e, &back, &fl, why, sizeof why) && back == mag)
            break;
    }
    size_t n = 0;
    for (const char *p = s; *p && *p != 'e'; p++)
        if (*p != '.')
            d[n++] = *p;
    d[n] = 0;
    *x = atoi(strchr(s, 'e') + 1);
}

const char *cli_float_str(ptxcpu_elem e, uint64_t bits, int precise, char *buf, size_t len)
{
    unsigned w = cli_elem_bits(e);
    int neg = (int)(bits >> (w - 1) & 1);
    uint64_t mag = bits & ~(1ull << (w - 1));
    double v = fabs(to_double(e, bits));
    if (cli_is_nan(e, w, bits) || mag == inf_bits(e, 0)) {
        snprintf(buf, len, "%s", cli_is_nan(e, w, bits) ? "nan" : neg ? "-inf" : "inf");
        return buf;
    }
    if (precise) {
        snprintf(buf, len, "%s%.17g", neg ? "-" : "", v);
        return buf;
    }
    if (v < 1e16 && v == floor(v)) { /* an integer in full: 65504, not 6.55e+04 */
        snprintf(buf, len, "%s%.0f", neg ? "-" : "", v);
        return buf;
    }
    char d[24];
    int x, n;
    shortest_digits(e, mag, v, d, &x);
    n = (int)strlen(d);
    if (x >= -4 && x < 16) { /* positional; a non-integer here has digits after the point */
        if (x >= 0)
            snprintf(buf, len, "%s%.*s.%s", neg ? "-" : "", x + 1, d, d + x + 1);
        else
            snprintf(buf, len, "%s0.%.*s%s", neg ? "-" : "", -x - 1, "0000", d);
    } else {
        snprintf(buf, len, "%s%c%s%se%c%02d", neg ? "-" : "", d[0], n > 1 ? "." : "", d + 1,
                 x < 0 ? '-' : '+', abs(x));
    }
    return buf;
}

const char *cli_value_str(cli_fmt f, uint64_t reg, int precise, char *buf, size_t len)
{
    if (f.elems == 1)
        return cli_float_str(f.elem, reg, precise, buf, len);
    unsigned ew = cli_elem_bits(f.elem);
    char hi[40], lo[40];
    snprintf(buf, len, "%s:%s", cli_float_str(f.elem, reg >> ew, precise, hi, sizeof hi),
             cli_float_str(f.elem, reg & ((1ull << ew) - 1), precise, lo, sizeof lo));
    return buf;
}
