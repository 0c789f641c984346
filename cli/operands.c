/* Operand tokens of `ptxcpu eval` and vector files (VECTORS.md): registers' bits and an
 * instruction's immediate (lop3's immLut); NaN tests for results. */
#include "cli.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const char *cli_shown(const char *tok, char *buf, size_t len)
{
    size_t n = strlen(tok);
    if (n <= 40)
        return tok;
    snprintf(buf, len, "%.24s... (%zu characters)", tok, n);
    return buf;
}

/* A character of a token for a message: 'g', or byte 0x01 where it would not show. */
static const char *char_shown(char c, char buf[16])
{
    if (isprint((unsigned char)c))
        snprintf(buf, 16, "'%c'", c);
    else
        snprintf(buf, 16, "byte 0x%02x", (unsigned char)c);
    return buf;
}

int cli_parse_operand(const char *tok, unsigned bits, int integer_typed, uint64_t *out,
                      char *why, size_t whylen)
{
    char tb[64], cb[16];
    const char *shown = cli_shown(tok, tb, sizeof tb); /* tok as messages show it */
    uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    if (bits == PTXCPU_PRED) { /* a predicate source (selp's, setp's c): 0 or 1, or negated */
        int neg = tok[0] == '!'; /* {!}c: the instruction reads the register's complement */
        const char *v = tok + neg;
        if ((v[0] != '0' && v[0] != '1') || v[1]) {
            snprintf(why, whylen, "'%s': a predicate operand is 0 or 1, or !0 or !1 negated", shown);
            return 0;
        }
        *out = (uint64_t)((v[0] - '0') ^ neg);
        return 1;
    }
    if (tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) {
        const char *p = tok + 2;
        size_t n = strlen(p);
        if (n == 0) {
            snprintf(why, whylen, "'%s': no hex digits after 0x", shown);
            return 0;
        }
        if (n > bits / 4) {
            snprintf(why, whylen, "'%s': %zu hex digits for a %u-bit operand (at most %u)", shown,
                     n, bits, bits / 4);
            return 0;
        }
        uint64_t v = 0;
        for (; *p; p++) {
            if (!isxdigit((unsigned char)*p)) {
                snprintf(why, whylen, "'%s': %s is not a hex digit", shown, char_shown(*p, cb));
                return 0;
            }
            v = v << 4 | (uint64_t)(isdigit((unsigned char)*p) ? *p - '0'
                                                                 : tolower((unsigned char)*p) - 'a' + 10);
        }
        *out = v;
        return 1;
    }
    const char *p = tok;
    int neg = 0;
    if (*p == '-' || *p == '+')
        neg = *p++ == '-';
    if (!isdigit((unsigned char)*p)) {
        snprintf(why, whylen, "'%s' is not an operand (0x-prefixed hex%s)", shown,
                 integer_typed ? " or a decimal integer" : "");
        return 0;
    }
    if (!integer_typed) {
        /* (ptxcpu eval reads its float operands with cli_parse_float_operand) */
        snprintf(why, whylen,
                 "'%s': floating-point values in vector files are 0x-prefixed hex bits", shown);
        return 0;
    }
    unsigned __int128 v = 0;
    for (; *p; p++) {
        if (!isdigit((unsigned char)*p)) {
            /* 1.5 or 1e3 given where the type is an integer: say so, not only which byte */
            int floatish = *p == '.' || *p == 'e' || *p == 'E';
            snprintf(why, whylen, "'%s': %s is not a decimal digit%s", shown, char_shown(*p, cb),
                     floatish ? " (an integer operand: a decimal integer or 0x-prefixed hex)" : "");
            return 0;
        }
        v = v * 10 + (unsigned)(*p - '0');
        if (v > ((unsigned __int128)1 << 64))
            break; /* too big already; the digits left are checked no further */
    }
    unsigned __int128 lim = neg ? ((unsigned __int128)1 << (bits - 1)) : (unsigned __int128)mask;
    if (v > lim) {
        snprintf(why, whylen, "'%s' does not fit in %u bits (decimal -%llu..%llu)", shown, bits,
                 1ull << (bits - 1), (unsigned long long)mask);
        return 0;
    }
    *out = (neg ? (uint64_t)(0 - (uint64_t)v) : (uint64_t)v) & mask;
    return 1;
}

unsigned cli_imm_at(const ptxcpu_insn_desc *d)
{
    unsigned k = 0;
    while (k < d->nsrc && d->src_bits[k] != PTXCPU_PRED)
        k++;
    return k;
}

int cli_parse_imm(const char *tok, const char *name, unsigned bits, uint64_t *out, char *why,
                  size_t whylen)
{
    char tb[64], cb[16];
    const char *shown = cli_shown(tok, tb, sizeof tb);
    const uint64_t max = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    const int hex = tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X');
    const char *p = tok + (hex ? 2 : 0);
    if (!*p || !(hex ? isxdigit((unsigned char)*p) : isdigit((unsigned char)*p))) {
        snprintf(why, whylen, "'%s' is not an %s: an integer 0..%llu (0x0..0x%llx), hex or decimal",
                 shown, name, (unsigned long long)max, (unsigned long long)max);
        return 0;
    }
    /* PTX reads 010 as octal: refused rather than read as either 8 or 10 */
    if (!hex && p[0] == '0' && p[1]) {
        snprintf(why, whylen, "'%s': a leading 0 (octal in PTX): write %s in hex (0x..) or "
                 "decimal without leading zeros", shown, name);
        return 0;
    }
    uint64_t v = 0;
    int over = 0;
    for (; *p; p++) {
        int c = (unsigned char)*p;
        if (!(hex ? isxdigit(c) : isdigit(c))) {
            snprintf(why, whylen, "'%s': %s is not a %s digit (%s is an integer 0..%llu)", shown,
                     char_shown(*p, cb), hex ? "hex" : "decimal", name, (unsigned long long)max);
            return 0;
        }
        unsigned digit = isdigit(c) ? (unsigned)(c - '0') : (unsigned)(tolower(c) - 'a' + 10);
        over |= v > (max - digit) / (hex ? 16 : 10); /* (once over, v is no longer read) */
        v = v * (hex ? 16 : 10) + digit;
    }
    if (over) {
        snprintf(why, whylen, "'%s' is out of range: %s is 0..%llu (0x0..0x%llx)", shown, name,
                 (unsigned long long)max, (unsigned long long)max);
        return 0;
    }
    *out = v;
    return 1;
}

int cli_is_cross_lane(const ptxcpu_insn_desc *d)
{
    return d->section && (!strcmp(d->section, "9.7.9.6") || !strncmp(d->section, "9.7.13.", 7));
}

const char *cli_cross_lane_operands(const ptxcpu_insn_desc *d)
{
    static const struct { const char *prefix, *names; } ops[] = {
        {"shfl.", "a b c membermask"}, {"vote.", "a membermask"}, {"match.", "a membermask"},
        {"redux.", "src membermask"},  {"elect.", "membermask"},  {"activemask", ""},
    };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strncmp(d->mnemonic, ops[i].prefix, strlen(ops[i].prefix)))
            return ops[i].names;
    return d->nsrc == 0 ? "" : d->nsrc == 1 ? "a" : d->nsrc == 2 ? "a b" : d->nsrc == 3 ? "a b c"
                                                                                      : "a b c d";
}

int cli_is_nan(ptxcpu_elem elem, unsigned bits, uint64_t v)
{
    (void)bits;
    switch (elem) {
    case PTXCPU_ELEM_F16: return (v & 0x7c00) == 0x7c00 && (v & 0x3ff);
    case PTXCPU_ELEM_BF16: return (v & 0x7f80) == 0x7f80 && (v & 0x7f);
    case PTXCPU_ELEM_F32: return (v & 0x7f800000) == 0x7f800000 && (v & 0x7fffff);
    case PTXCPU_ELEM_F64:
        return (v & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (v & 0xfffffffffffffull);
    default: return 0;
    }
}
