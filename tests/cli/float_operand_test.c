/* Suite `cli`: the float operands of `ptxcpu eval` (cli/floats.c) against MPFR: decimals and hex
 * floats into f16, bf16, f32 and f64 (random, and at and beside every kind of tie), printed values
 * reading back, and which operands of every table row are floats. */
#include "cli.h"
#include "test_common.h"

#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned failures;

#define CHECK(cond, ...)                                                                          \
    do {                                                                                          \
        if (!(cond) && ++failures <= FAIL_CAP) {                                                  \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                           \
            printf(__VA_ARGS__);                                                                  \
            printf("\n");                                                                         \
        }                                                                                         \
    } while (0)

/* Each format's exponent and fraction bits, written here again (not taken from cli/floats.c) */
static const struct { ptxcpu_elem e; int eb, mb; const char *name; } fmts[] = {
    {PTXCPU_ELEM_F16, 5, 10, "f16"},
    {PTXCPU_ELEM_BF16, 8, 7, "bf16"},
    {PTXCPU_ELEM_F32, 8, 23, "f32"},
    {PTXCPU_ELEM_F64, 11, 52, "f64"},
};

/* A value of format f (exactly a double) as f's bits */
static uint64_t encode(int f, double v)
{
    int eb = fmts[f].eb, mb = fmts[f].mb, bias = (1 << (eb - 1)) - 1;
    uint64_t sign = (uint64_t)(signbit(v) != 0) << (eb + mb);
    if (fmts[f].e == PTXCPU_ELEM_F64) {
        uint64_t b;
        memcpy(&b, &v, sizeof b);
        return b;
    }
    double a = fabs(v);
    if (isinf(a))
        return sign | ((1ull << eb) - 1) << mb;
    if (a == 0)
        return sign;
    int ex;
    double fr = frexp(a, &ex); /* a = fr * 2^ex, fr in [0.5, 1) */
    if (ex - 1 >= 1 - bias)
        return sign | (uint64_t)(ex - 1 + bias) << mb | (uint64_t)ldexp(fr * 2 - 1, mb);
    return sign | (uint64_t)ldexp(a, mb + bias - 1); /* subnormal: a / 2^(1 - bias - mb) */
}

/* The oracle: s (base 10 or 16) correctly rounded to nearest even into format f, subnormals and
 * overflow included, by MPFR in f's exponent range. */
static uint64_t oracle(int f, const char *s, int base)
{
    int eb = fmts[f].eb, mb = fmts[f].mb, bias = (1 << (eb - 1)) - 1;
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(1 - bias - (mb + 1) + 2); /* MPFR's 0.1b x 2^E: the smallest subnormal */
    mpfr_set_emax(bias + 1);
    mpfr_t x;
    mpfr_init2(x, mb + 1);
    int inex = mpfr_strtofr(x, s, NULL, base, MPFR_RNDN);
    mpfr_subnormalize(x, inex, MPFR_RNDN);
    double v = mpfr_get_d(x, MPFR_RNDN); /* exact: every value of f is a double */
    mpfr_clear(x);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return encode(f, v);
}

static void check_one(int f, const char *s, int base)
{
    uint64_t got, want = oracle(f, s, base);
    unsigned flags;
    char why[400];
    int ok = cli_parse_float(s, fmts[f].e, &got, &flags, why, sizeof why);
    CHECK(ok && got == want, "%s '%s': got %s 0x%llx, MPFR 0x%llx", fmts[f].name, s,
          ok ? "" : why, (unsigned long long)got, (unsigned long long)want);
}

/* The hand-written cases: bits from the IEEE encodings, ties broken to even. */
static void fixed_cases(void)
{
    static const struct { const char *tok; ptxcpu_elem e; uint64_t bits; } cases[] = {
        {"1.5", PTXCPU_ELEM_F32, 0x3fc00000},
        {"-0x1.8p+1", PTXCPU_ELEM_F32, 0xc0400000},
        {"inf", PTXCPU_ELEM_F32, 0x7f800000},
        {"-INF", PTXCPU_ELEM_F32, 0xff800000},
        {"+Infinity", PTXCPU_ELEM_F32, 0x7f800000},
        {"nan", PTXCPU_ELEM_F32, 0x7fc00000},
        {"-NaN", PTXCPU_ELEM_F32, 0xffc00000},
        {"1.5", PTXCPU_ELEM_F64, 0x3ff8000000000000},
        {"-0x1.8p+1", PTXCPU_ELEM_F64, 0xc008000000000000},
        {"inf", PTXCPU_ELEM_F64, 0x7ff0000000000000},
        {"-inf", PTXCPU_ELEM_F64, 0xfff0000000000000},
        {"nan", PTXCPU_ELEM_F64, 0x7ff8000000000000},
        {"1.5", PTXCPU_ELEM_F16, 0x3e00},
        {"-0x1.8p+1", PTXCPU_ELEM_F16, 0xc200},
        {"inf", PTXCPU_ELEM_F16, 0x7c00},
        {"-inf", PTXCPU_ELEM_F16, 0xfc00},
        {"nan", PTXCPU_ELEM_F16, 0x7e00},
        {"-nan", PTXCPU_ELEM_F16, 0xfe00},
        {"1.5", PTXCPU_ELEM_BF16, 0x3fc0},
        {"-0x1.8p+1", PTXCPU_ELEM_BF16, 0xc040},
        {"inf", PTXCPU_ELEM_BF16, 0x7f80},
        {"-inf", PTXCPU_ELEM_BF16, 0xff80},
        {"nan", PTXCPU_ELEM_BF16, 0x7fc0},
        {"-2", PTXCPU_ELEM_F32, 0xc0000000},
        {"1e-3", PTXCPU_ELEM_F32, 0x3a83126f},
        {"-0", PTXCPU_ELEM_F16, 0x8000},
        {".5", PTXCPU_ELEM_F32, 0x3f000000},
        {"5.", PTXCPU_ELEM_F32, 0x40a00000},
        {"0x1.8", PTXCPU_ELEM_F32, 0x3fc00000},
        /* f16 ties: 1 + 2^-11 between 1 (0x3c00, even) and 0x3c01; 1 + 3 x 2^-11 to 0x3c02 */
        {"1.00048828125", PTXCPU_ELEM_F16, 0x3c00},
        {"1.00146484375", PTXCPU_ELEM_F16, 0x3c02},
        /* strtod reads both as exactly 1 + 2^-11: rounding that double again would give 0x3c00 */
        {"1.00048828125000000001", PTXCPU_ELEM_F16, 0x3c01},
        {"1.00048828124999999999", PTXCPU_ELEM_F16, 0x3c00},
        {"0x1.002p0", PTXCPU_ELEM_F16, 0x3c00},
        {"0x1.0020000000000000000001p0", PTXCPU_ELEM_F16, 0x3c01},
        /* bf16 ties: 1 + 2^-8 to 1 (0x3f80), 1 + 3 x 2^-8 to 0x3f82; just above one: 0x3f81 */
        {"1.00390625", PTXCPU_ELEM_BF16, 0x3f80},
        {"1.01171875", PTXCPU_ELEM_BF16, 0x3f82},
        {"1.0039062500000001", PTXCPU_ELEM_BF16, 0x3f81},
        /* f32: 1 + 2^-24 to 1, a little above it to 0x3f800001 */
        {"1.000000059604644775390625", PTXCPU_ELEM_F32, 0x3f800000},
        {"1.000000059604644775390626", PTXCPU_ELEM_F32, 0x3f800001},
        /* overflow: f16's largest finite value is 65504, 65520 its tie with 2^16 (inf) */
        {"65519.99", PTXCPU_ELEM_F16, 0x7bff},
        {"65520", PTXCPU_ELEM_F16, 0x7c00},
        {"-1e300", PTXCPU_ELEM_BF16, 0xff80},
        {"3.4028235e38", PTXCPU_ELEM_F32, 0x7f7fffff},
        {"1e999", PTXCPU_ELEM_F64, 0x7ff0000000000000},
        /* underflow: half f16's smallest subnormal (2^-25) is a tie with 0 */
        {"2.98023223876953125e-8", PTXCPU_ELEM_F16, 0x0000},
        {"2.98023223876953126e-8", PTXCPU_ELEM_F16, 0x0001},
        {"-1e-999", PTXCPU_ELEM_F32, 0x80000000},
        {"0x1p-149", PTXCPU_ELEM_F32, 0x00000001},
        {"0x1p-150", PTXCPU_ELEM_F32, 0x00000000},
        {"0x1.000001p-150", PTXCPU_ELEM_F32, 0x00000001},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t got = 0;
        unsigned flags;
        char why[400];
        int ok = cli_parse_float(cases[i].tok, cases[i].e, &got, &flags, why, sizeof why);
        CHECK(ok && got == cases[i].bits, "'%s' as %s: got %s 0x%llx, want 0x%llx", cases[i].tok,
              cli_elem_name(cases[i].e), ok ? "" : why, (unsigned long long)got,
              (unsigned long long)cases[i].bits);
    }
    unsigned flags;
    uint64_t v;
    char why[400];
    cli_parse_float("65520", PTXCPU_ELEM_F16, &v, &flags, why, sizeof why);
    CHECK(flags == (CLI_FLOAT_INEXACT | CLI_FLOAT_OVERFLOW), "65520 f16: flags %u", flags);
    cli_parse_float("1e-9", PTXCPU_ELEM_F16, &v, &flags, why, sizeof why);
    CHECK(flags == (CLI_FLOAT_INEXACT | CLI_FLOAT_UNDERFLOW), "1e-9 f16: flags %u", flags);
    cli_parse_float("0.1", PTXCPU_ELEM_F32, &v, &flags, why, sizeof why);
    CHECK(flags == CLI_FLOAT_INEXACT, "0.1 f32: flags %u", flags);
    cli_parse_float("65504", PTXCPU_ELEM_F16, &v, &flags, why, sizeof why);
    CHECK(flags == 0, "65504 f16: flags %u", flags);
}

/* Whole operands: hex bits, packed values, and what is refused with which message. */
static void operand_cases(void)
{
    static const struct {
        const char *tok;
        cli_fmt f;
        int ok;
        uint64_t bits;
        const char *msg;
    } c[] = {
        {"0x3f800000", {PTXCPU_ELEM_F32, 1}, 1, 0x3f800000, NULL},
        {"0x1", {PTXCPU_ELEM_F32, 1}, 1, 0x1, NULL},
        {"1.5", {PTXCPU_ELEM_F16, 2}, 1, 0x3e003e00, NULL},
        {"2:1.5", {PTXCPU_ELEM_F16, 2}, 1, 0x40003e00, NULL},
        {"0x3c00:-inf", {PTXCPU_ELEM_F16, 2}, 1, 0x3c00fc00, NULL},
        {"0x3c004000", {PTXCPU_ELEM_F16, 2}, 1, 0x3c004000, NULL},
        {"1:-2", {PTXCPU_ELEM_F32, 2}, 1, 0x3f800000c0000000, NULL},
        {"nan:1.5", {PTXCPU_ELEM_BF16, 2}, 1, 0x7fc03fc0, NULL},
        {"", {PTXCPU_ELEM_F32, 1}, 0, 0, "'' is not an operand (a number such as 1.5"},
        {"1.2.3", {PTXCPU_ELEM_F32, 1}, 0, 0, "'1.2.3': unexpected '.' at character 4"},
        {"-", {PTXCPU_ELEM_F32, 1}, 0, 0, "'-': the number ends too soon"},
        {"1e", {PTXCPU_ELEM_F64, 1}, 0, 0, "'1e': the number ends too soon"},
        {"0x1p", {PTXCPU_ELEM_F32, 1}, 0, 0, "'0x1p': the number ends too soon"},
        {"nan(1)", {PTXCPU_ELEM_F32, 1}, 0, 0, "'nan(1)': unexpected '(' at character 4"},
        {"1.5f", {PTXCPU_ELEM_F32, 1}, 0, 0, "'1.5f': unexpected 'f' at character 4"},
        {"-0x3f800000", {PTXCPU_ELEM_F32, 1}, 0, 0, "'-0x3f800000': hex bits take no sign"},
        {"0x123456789", {PTXCPU_ELEM_F32, 1}, 0, 0, "9 hex digits for a 32-bit operand"},
        {"1:2", {PTXCPU_ELEM_F32, 1}, 0, 0, "'1:2': HI:LO is for packed .x2 operands"},
        {"1:", {PTXCPU_ELEM_F16, 2}, 0, 0, "'1:': LO '' is not an operand"},
        {"x:1", {PTXCPU_ELEM_F16, 2}, 0, 0, "'x:1': HI 'x': unexpected 'x' at character 1"},
        {"1:2:3", {PTXCPU_ELEM_F16, 2}, 0, 0, "'1:2:3': LO '2:3': unexpected ':'"},
        {"0x3c000:1", {PTXCPU_ELEM_F16, 2}, 0, 0, "HI '0x3c000': 5 hex digits for a 16-bit"},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        uint64_t got = 0;
        unsigned flags;
        char why[400] = "";
        int ok = cli_parse_float_operand(c[i].tok, c[i].f, &got, &flags, why, sizeof why);
        CHECK(ok == c[i].ok && (!ok || got == c[i].bits) && (ok || strstr(why, c[i].msg)),
              "operand '%s': got %d 0x%llx '%s'", c[i].tok, ok, (unsigned long long)got, why);
    }
}

/* A random decimal near format f's range: up to 40 digits, a '.' anywhere, an exponent. */
static void random_decimal(rng_t *r, int f, char *s, size_t len)
{
    static const int lo[] = {-10, -48, -48, -327}, hi[] = {6, 40, 40, 310};
    char digits[48];
    unsigned n = 1 + (unsigned)rng_below(r, rng_below(r, 4) ? 20 : 40);
    for (unsigned i = 0; i < n; i++)
        digits[i] = (char)('0' + rng_below(r, 10));
    digits[n] = 0;
    unsigned dot = (unsigned)rng_below(r, n + 1);
    int ex = lo[f] + (int)rng_below(r, (uint64_t)(hi[f] - lo[f] + 1));
    snprintf(s, len, "%s%.*s.%se%d", rng_below(r, 2) ? "-" : "", (int)dot, digits, digits + dot,
             ex);
}

/* A random hex float near f's range, with up to 30 hex digits (more than 64 bits: the rest is
 * sticky) */
static void random_hex(rng_t *r, int f, char *s, size_t len)
{
    static const int lo[] = {-30, -140, -160, -1090}, hi[] = {20, 130, 130, 1030};
    char digits[40];
    unsigned n = 1 + (unsigned)rng_below(r, 30);
    for (unsigned i = 0; i < n; i++)
        digits[i] = "0123456789abcdef"[rng_below(r, 16)];
    digits[n] = 0;
    unsigned dot = (unsigned)rng_below(r, n + 1);
    int ex = lo[f] + (int)rng_below(r, (uint64_t)(hi[f] - lo[f] + 1)) - 4 * (int)dot;
    snprintf(s, len, "%s0x%.*s.%sp%d", rng_below(r, 2) ? "-" : "", (int)dot, digits,
             digits + dot, ex);
}

/* Exactly the tie above a random finite value of f (the overflow threshold above the largest),
 * in base 10 or 16, and a hair above and below it: the strings double rounding gets wrong. */
static void tie_strings(rng_t *r, int f, int base, char out[3][1400])
{
    int eb = fmts[f].eb, mb = fmts[f].mb, bias = (1 << (eb - 1)) - 1;
    uint64_t bits = rng_below(r, ((1ull << eb) - 1) << mb); /* finite, nonnegative */
    if (rng_below(r, 8) == 0) /* the largest finite value (its tie: the overflow edge), 0 */
        bits = rng_below(r, 2) ? (((1ull << eb) - 1) << mb) - 1 : 0;
    uint64_t be = bits >> mb, frac = bits & ((1ull << mb) - 1);
    mpfr_t m;
    mpfr_init2(m, 64);
    mpfr_set_ui(m, be ? frac | 1ull << mb : frac, MPFR_RNDN);
    mpfr_mul_2si(m, m, 1, MPFR_RNDN);
    mpfr_add_ui(m, m, 1, MPFR_RNDN); /* 2 x significand + 1: the tie, in half ulps */
    mpfr_mul_2si(m, m, (be ? (long)be : 1) - bias - mb - 1, MPFR_RNDN);
    mpfr_exp_t ex;
    char *d = mpfr_get_str(NULL, &ex, base, 1200, m, MPFR_RNDN); /* exact: a dyadic value */
    size_t n = strlen(d);
    while (n > 1 && d[n - 1] == '0')
        d[--n] = 0;
    const char *pre = base == 16 ? "0x0." : "0.";
    long e = base == 16 ? 4 * (long)ex : (long)ex;
    char sep = base == 16 ? 'p' : 'e';
    snprintf(out[0], 1400, "%s%s%c%ld", pre, d, sep, e);
    snprintf(out[1], 1400, "%s%s%s%c%ld", pre, d, "000000000000000000000001", sep, e);
    d[n - 1] = (char)(d[n - 1] == 'a' ? '9' : d[n - 1] - 1); /* the last digit is nonzero */
    snprintf(out[2], 1400, "%s%s%s%c%ld", pre, d,
             base == 16 ? "ffffffffffffffffffffff" : "999999999999999999999999", sep, e);
    mpfr_free_str(d);
    mpfr_clear(m);
}

static void random_cases(void)
{
    unsigned n = 40000 / test_scale();
    for (int f = 0; f < 4; f++) {
        rng_t r = {0x5eed0000u + (unsigned)f};
        char s[200], ties[3][1400];
        for (unsigned i = 0; i < n; i++) {
            random_decimal(&r, f, s, sizeof s);
            check_one(f, s, 10);
            random_hex(&r, f, s, sizeof s);
            check_one(f, s, 16);
            if (i % 4 == 0) {
                int base = i % 8 ? 10 : 16;
                tie_strings(&r, f, base, ties);
                for (int k = 0; k < 3; k++)
                    check_one(f, ties[k], base);
            }
        }
    }
}

/* Printed values read back to the same bits: every f16 and bf16, random f32 and f64; and a few
 * as written out. */
static void print_cases(void)
{
    char buf[80];
    for (int f = 0; f < 4; f++) {
        int w = 1 + fmts[f].eb + fmts[f].mb;
        rng_t r = {0x9e1u + (unsigned)f};
        uint64_t count = w == 16 ? 1u << 16 : 30000 / test_scale();
        for (uint64_t i = 0; i < count; i++) {
            uint64_t bits = w == 16 ? i : w == 32 ? rng_next(&r) >> 32 : rng_next(&r);
            for (int precise = 0; precise < 2; precise++) {
                const char *s = cli_float_str(fmts[f].e, bits, precise, buf, sizeof buf);
                uint64_t back = 0;
                unsigned flags;
                char why[400];
                int nan = cli_is_nan(fmts[f].e, (unsigned)w, bits);
                int ok = cli_parse_float(s, fmts[f].e, &back, &flags, why, sizeof why);
                CHECK(nan ? !strcmp(s, "nan") : ok && back == bits,
                      "%s 0x%llx printed '%s' reads back as 0x%llx", fmts[f].name,
                      (unsigned long long)bits, s, (unsigned long long)back);
            }
        }
    }
    static const struct { ptxcpu_elem e; uint64_t bits; const char *want; } c[] = {
        {PTXCPU_ELEM_F32, 0x3fc00000, "1.5"},          {PTXCPU_ELEM_F32, 0xc0400000, "-3"},
        {PTXCPU_ELEM_F32, 0x3dcccccd, "0.1"},          {PTXCPU_ELEM_F32, 0x3f800001, "1.0000001"},
        {PTXCPU_ELEM_F32, 0x7f7fffff, "3.4028235e+38"}, {PTXCPU_ELEM_F32, 0x80000000, "-0"},
        {PTXCPU_ELEM_F32, 0x00000001, "1e-45"},        {PTXCPU_ELEM_F32, 0x7fffffff, "nan"},
        {PTXCPU_ELEM_F32, 0xff800000, "-inf"},         {PTXCPU_ELEM_F16, 0x7bff, "65504"},
        {PTXCPU_ELEM_F16, 0x0001, "6e-08"},            {PTXCPU_ELEM_F16, 0x3555, "0.3333"},
        {PTXCPU_ELEM_BF16, 0x3f81, "1.01"},           {PTXCPU_ELEM_F64, 0x3fb999999999999a, "0.1"},
        {PTXCPU_ELEM_F64, 0x4340000000000000, "9007199254740992"},
        {PTXCPU_ELEM_F64, 0x0000000000000001, "5e-324"},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        const char *s = cli_float_str(c[i].e, c[i].bits, 0, buf, sizeof buf);
        CHECK(!strcmp(s, c[i].want), "%s 0x%llx printed '%s', want '%s'", cli_elem_name(c[i].e),
              (unsigned long long)c[i].bits, s, c[i].want);
    }
    const char *s = cli_value_str((cli_fmt){PTXCPU_ELEM_F16, 2}, 0x42004100, 0, buf, sizeof buf);
    CHECK(!strcmp(s, "3:2.5"), "f16x2 0x42004100 printed '%s'", s);
    s = cli_float_str(PTXCPU_ELEM_F32, 0x3dcccccd, 1, buf, sizeof buf);
    CHECK(!strcmp(s, "0.10000000149011612"), "f32 0x3dcccccd precise '%s'", s);
}

/* Every row: a float operand's format has the width ptxcpu_describe gives; the row's elem is its
 * a's (mixed precision: its c's); and the rows with two types, spelled out. */
static void format_cases(void)
{
    for (size_t i = 0; i < ptxcpu_insn_count(); i++) {
        ptxcpu_insn_desc d;
        cli_fmt fd, fs[4];
        ptxcpu_insn_at(i, &d);
        cli_operand_formats(&d, &fd, fs);
        for (unsigned k = 0; k < d.nsrc; k++)
            CHECK(fs[k].elem == PTXCPU_ELEM_INT ||
                      cli_elem_bits(fs[k].elem) * fs[k].elems == d.src_bits[k],
                  "%s: source %u is %s x%u, %u bits", d.mnemonic, k, cli_elem_name(fs[k].elem),
                  fs[k].elems, d.src_bits[k]);
        CHECK(fd.elem == PTXCPU_ELEM_INT || cli_elem_bits(fd.elem) * fd.elems == d.dst_bits,
              "%s: d is %s, %u bits", d.mnemonic, cli_elem_name(fd.elem), d.dst_bits);
        int cvt = !strncmp(d.mnemonic, "cvt.", 4); /* elem is d's .dtype, a is .atype */
        int mixed = !cvt && d.elem == PTXCPU_ELEM_F32 && (fs[0].elem == PTXCPU_ELEM_F16 ||
                                                          fs[0].elem == PTXCPU_ELEM_BF16);
        ptxcpu_elem a = d.src_bits[0] == PTXCPU_PRED ? PTXCPU_ELEM_INT : fs[0].elem;
        CHECK(mixed ? fs[d.nsrc - 1].elem == d.elem : cvt ? fd.elem == d.elem : a == d.elem,
              "%s: elem %d, a is %s", d.mnemonic, d.elem, cli_elem_name(fs[0].elem));
    }
    /* d, a, b, c as letters: i integer or predicate, h f16, b bf16, f f32, d f64 (the
     * ptxcpu_elem values in order) */
    static const struct { const char *mn, *fmts; } c[] = {
        {"add.f32.f16", "fhfi"},     {"fma.rn.f32.bf16", "fbbf"}, {"set.eq.u32.f32", "iffi"},
        {"set.eq.f32.u32", "fiii"},  {"set.lt.and.f32.f64", "fddi"},
        {"slct.b32.f32", "iiif"},    {"slct.f64.s32", "dddi"},    {"selp.f32", "fffi"},
        {"setp.lt.f64", "iddi"},     {"testp.normal.f32", "ifii"}, {"add.rn.bf16x2", "bbbi"},
        {"shl.b64", "iiii"},         {"dp4a.u32.s32", "iiii"},
        {"cvt.rn.f32.s32", "fiii"},  {"cvt.rzi.s32.f32", "ifii"}, {"cvt.f64.f32", "dfii"},
        {"cvt.rn.bf16.f16", "bhii"}, {"cvt.rn.f16.u8", "hiii"},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        ptxcpu_insn insn;
        ptxcpu_insn_desc d;
        cli_fmt f[5];
        if (ptxcpu_parse(c[i].mn, NULL, &insn) || ptxcpu_describe(&insn, &d)) {
            CHECK(0, "%s: %s", c[i].mn, ptxcpu_last_error());
            continue;
        }
        cli_operand_formats(&d, &f[0], &f[1]);
        for (int k = 0; k < 4; k++)
            CHECK(f[k].elem == (ptxcpu_elem)(strchr("ihbfd", c[i].fmts[k]) - "ihbfd"),
                  "%s: operand %d (d, a, b, c) is %s, want '%c'", c[i].mn, k,
                  cli_elem_name(f[k].elem), c[i].fmts[k]);
    }
}

int main(void)
{
    fixed_cases();
    operand_cases();
    random_cases();
    print_cases();
    format_cases();
    if (failures > FAIL_CAP)
        printf("... and %u more failures\n", failures - FAIL_CAP);
    printf("float operands: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
