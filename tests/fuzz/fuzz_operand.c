/* libFuzzer target fuzz_operand: cli_parse_operand (operands of `ptxcpu eval` and vector files)
 * against the grammar cli/cli.h documents, and cli_is_nan against the IEEE encodings. */
#include "cli.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* The grammar of cli.h, written out independently: 0x-prefixed hex of 1..bits/4 digits, or (for
 * integer-typed operands) an optionally signed decimal in -2^(bits-1) .. 2^bits - 1, stored as
 * two's complement in `bits` bits. Returns 1 and the value, or 0 for a token it refuses. */
static int reference(const char *t, unsigned bits, int integer_typed, uint64_t *out)
{
    uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
        size_t n = strlen(t + 2);
        if (n == 0 || n > bits / 4)
            return 0;
        uint64_t v = 0;
        for (const char *p = t + 2; *p; p++) {
            if (hexval(*p) < 0)
                return 0;
            v = v << 4 | (uint64_t)hexval(*p);
        }
        *out = v;
        return 1;
    }
    if (!integer_typed)
        return 0;
    int neg = t[0] == '-';
    const char *p = t + (t[0] == '-' || t[0] == '+');
    if (!*p)
        return 0;
    /* magnitude, saturated well above 2^64 (every digit is looked at) */
    unsigned __int128 v = 0, cap = (unsigned __int128)1 << 66;
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return 0;
        v = v * 10 + (unsigned)(*p - '0');
        if (v > cap)
            v = cap;
    }
    if (neg ? v > ((unsigned __int128)1 << (bits - 1)) : v > (unsigned __int128)mask)
        return 0;
    *out = (neg ? 0 - (uint64_t)v : (uint64_t)v) & mask;
    return 1;
}

static int ref_is_nan(ptxcpu_elem e, uint64_t v)
{
    switch (e) {
    case PTXCPU_ELEM_F16: return ((v >> 10) & 0x1f) == 0x1f && (v & 0x3ff) != 0;
    case PTXCPU_ELEM_BF16: return ((v >> 7) & 0xff) == 0xff && (v & 0x7f) != 0;
    case PTXCPU_ELEM_F32: return ((v >> 23) & 0xff) == 0xff && (v & 0x7fffff) != 0;
    case PTXCPU_ELEM_F64: return ((v >> 52) & 0x7ff) == 0x7ff && (v & 0xfffffffffffffull) != 0;
    default: return 0;
    }
}

/* Input: a selector byte (width 16/32/64, integer-typed), the why buffer's length, the token. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    static const unsigned widths[3] = {16, 32, 64};
    unsigned bits = widths[data[0] % 3];
    int integer_typed = (data[0] >> 2) & 1;
    size_t whylen = 1 + data[1] % 200; /* the parser's callers pass 200 */
    uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;

    /* the token: an exact-size copy, so a read past its NUL is caught */
    size_t n = size - 2;
    char *tok = malloc(n + 1);
    char *why = malloc(whylen);
    CHECK(tok && why);
    memcpy(tok, data + 2, n);
    tok[n] = 0;
    memset(why, 0x55, whylen);

    uint64_t out = 0x0123456789abcdefull, want = 0;
    int ok = cli_parse_operand(tok, bits, integer_typed, &out, why, whylen);
    int ref = reference(tok, bits, integer_typed, &want);
    CHECK(ok == 0 || ok == 1);
    CHECK(ok == ref);
    if (ok) {
        CHECK(out == want);
        CHECK((out & ~mask) == 0);
        /* a decimal prints back to the same value, unsigned and (when negative) signed */
        if (!(tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X'))) {
            char buf[32];
            uint64_t again = ~out;
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)out);
            CHECK(cli_parse_operand(buf, bits, 1, &again, why, whylen) && again == out);
            if (tok[0] == '-' && out) {
                int64_t s = (int64_t)(out | ~mask); /* sign-extended from bits */
                snprintf(buf, sizeof buf, "%lld", (long long)s);
                again = ~out;
                CHECK(cli_parse_operand(buf, bits, 1, &again, why, whylen) && again == out);
            }
        }
        /* and so does its hex */
        char hex[24];
        uint64_t again = ~out;
        snprintf(hex, sizeof hex, "0x%0*llx", (int)(bits / 4), (unsigned long long)out);
        CHECK(cli_parse_operand(hex, bits, integer_typed, &again, why, whylen) && again == out);
    } else {
        CHECK(out == 0x0123456789abcdefull); /* nothing stored on failure */
        CHECK(memchr(why, 0, whylen) != NULL);
    }

    /* cli_is_nan on this value (or the raw bytes) for each element type at its own width */
    uint64_t v = out;
    if (!ok)
        memcpy(&v, data + 2, n < 8 ? n : 8);
    static const struct { ptxcpu_elem e; unsigned bits; } et[] = {
        {PTXCPU_ELEM_INT, 32}, {PTXCPU_ELEM_F16, 16}, {PTXCPU_ELEM_BF16, 16},
        {PTXCPU_ELEM_F32, 32}, {PTXCPU_ELEM_F64, 64}};
    for (size_t i = 0; i < sizeof et / sizeof et[0]; i++) {
        uint64_t m = et[i].bits == 64 ? ~0ull : (1ull << et[i].bits) - 1;
        CHECK(!!cli_is_nan(et[i].e, et[i].bits, v & m) == ref_is_nan(et[i].e, v & m));
    }
    free(tok);
    free(why);
    return 0;
}
