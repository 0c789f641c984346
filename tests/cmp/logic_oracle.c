/* Oracle of the logic and shift instructions (9.7.8: and, or, xor, not, cnot, shl, shr, shf; lop3
 * has lop3_oracle.c) on every ISA this machine runs, from C's own bit operators on the host's
 * types, the operation and type read from the mnemonic here. Shift amounts: every one of 0..255 and 2^32 - 1, then random;
 * values: edges (0, 1, all ones, the sign bit) and random bits; .pred operands are lane masks.
 * Random guards; lanes outside them checked unchanged. */
#include "ptxcpu.h"
#include "oracle_isas.h"
#include "test_common.h"

#include <stdio.h>
#include <string.h>

enum { WARPS = 64, LANES = WARPS * 32 };

typedef struct spelling {
    char op[8];
    char type;      /* 'p' (.pred), 'b', 'u', 's' */
    unsigned w;     /* 1 for .pred */
    int left, clamp; /* shf */
} spelling;

static int parse(const char *mn, spelling *s)
{
    char buf[48];
    memset(s, 0, sizeof *s);
    snprintf(buf, sizeof buf, "%s", mn);
    char *save = NULL, *op = strtok_r(buf, ".", &save), *t, *last = NULL;
    if (!op || strlen(op) >= sizeof s->op)
        return 0;
    strcpy(s->op, op);
    while ((t = strtok_r(NULL, ".", &save))) {
        if (!strcmp(t, "l")) s->left = 1;
        else if (!strcmp(t, "clamp")) s->clamp = 1;
        else if (strcmp(t, "r") && strcmp(t, "wrap")) last = t;
    }
    if (!last)
        return 0;
    s->type = !strcmp(last, "pred") ? 'p' : last[0];
    s->w = s->type == 'p' ? 1 : (unsigned)atoi(last + 1);
    return s->w == 1 || s->w == 16 || s->w == 32 || s->w == 64;
}

static uint64_t mask_of(unsigned w) { return w == 64 ? ~0ull : (1ull << w) - 1; }

/* d's lane from a, b, c (each of its operand's width, zero-extended) */
static uint64_t oracle(const spelling *s, uint64_t a, uint64_t b, uint64_t c)
{
    const unsigned w = s->w;
    const uint64_t m = mask_of(w);
    const char *op = s->op;
    if (!strcmp(op, "and")) return a & b;
    if (!strcmp(op, "or")) return a | b;
    if (!strcmp(op, "xor")) return a ^ b;
    if (!strcmp(op, "not")) return ~a & m;
    if (!strcmp(op, "cnot")) return a == 0;
    if (!strcmp(op, "shl")) return (uint32_t)b >= w ? 0 : (a << (uint32_t)b) & m;
    if (!strcmp(op, "shr")) {
        if (s->type != 's')
            return (uint32_t)b >= w ? 0 : a >> (uint32_t)b;
        int64_t x = w == 16 ? (int16_t)a : w == 32 ? (int32_t)a : (int64_t)a;
        return (uint64_t)(x >> ((uint32_t)b >= w ? w - 1 : (uint32_t)b)) & m;
    }
    /* shf: the 64-bit [b, a] */
    uint32_t n = s->clamp ? ((uint32_t)c < 32 ? (uint32_t)c : 32) : (uint32_t)c & 31;
    uint64_t v = b << 32 | a;
    return s->left ? (v << n) >> 32 : (v >> n) & 0xffffffffu;
}

static unsigned srcs(const char *op) { return !strcmp(op, "not") || !strcmp(op, "cnot") ? 1 : !strcmp(op, "shf") ? 3 : 2; }
static int is_shift(const char *op) { return !strcmp(op, "shl") || !strcmp(op, "shr") || !strcmp(op, "shf"); }

static uint64_t value(const spelling *s, rng_t *g)
{
    uint64_t r = rng_next(g), m = mask_of(s->w);
    static const uint64_t edge[] = {0, 1, ~0ull, 1ull << 63, 1ull << 31, 1ull << 15, 0x7fff};
    return ((r & 3) == 0 ? edge[(r >> 2) % 7] : rng_next(g)) & m;
}

/* the lanes' values of lane l: a and (shift amounts) b, c */
static void lane_inputs(const spelling *s, size_t l, rng_t *g, uint64_t v[3])
{
    for (unsigned k = 0; k < 3; k++)
        v[k] = value(s, g);
    if (is_shift(s->op)) { /* the amount: b (shl, shr) or c (shf), 32 bits */
        unsigned k = !strcmp(s->op, "shf") ? 2 : 1;
        v[k] = l < 256 ? l : l == 256 ? 0xffffffffu : (uint32_t)rng_next(g) % 80;
        if (!strcmp(s->op, "shf"))
            v[1] = (uint32_t)rng_next(g);
    }
}

static void put(unsigned char *reg, unsigned w, size_t l, uint64_t v)
{
    if (w == 1) { /* a lane mask a warp */
        uint32_t *m = (uint32_t *)reg + l / 32;
        *m = (*m & ~(1u << (l % 32))) | (uint32_t)(v & 1) << (l % 32);
    } else
        memcpy(reg + l * (w / 8), &v, w / 8);
}
static uint64_t get(const unsigned char *reg, unsigned w, size_t l)
{
    uint64_t v = 0;
    if (w == 1)
        return ((const uint32_t *)reg)[l / 32] >> (l % 32) & 1;
    memcpy(&v, reg + l * (w / 8), w / 8);
    return v;
}

static unsigned check(ptxcpu_kernel k, const spelling *s, const char *mn, rng_t *g)
{
    static unsigned char S[3][LANES * 8], D[LANES * 8], D0[LANES * 8];
    static uint32_t guard[WARPS];
    static uint64_t in[LANES][3];
    const unsigned n = srcs(s->op);
    unsigned bad = 0, bits[3];
    for (unsigned j = 0; j < 3; j++) /* an amount is 32 bits whatever the type */
        bits[j] = is_shift(s->op) && j == (strcmp(s->op, "shf") ? 1u : 2u) ? 32 : s->w;
    if (!strcmp(s->op, "shf"))
        bits[0] = bits[1] = bits[2] = 32;
    for (size_t l = 0; l < LANES; l++) {
        lane_inputs(s, l, g, in[l]);
        for (unsigned j = 0; j < 3; j++)
            in[l][j] &= mask_of(bits[j]), put(S[j], bits[j], l, in[l][j]);
        put(D0, s->w, l, value(s, g));
    }
    for (size_t w = 0; w < WARPS; w++)
        guard[w] = w % 3 ? (uint32_t)rng_next(g) : ~0u;
    memcpy(D, D0, sizeof D);
    size_t reg = s->w == 1 ? 4 : 32 * (s->w / 8);
    ptxcpu_batch bt = {.n = WARPS, .d = D, .d_stride = (ptrdiff_t)reg, .guard = guard,
                       .guard_stride = 4};
    for (unsigned j = 0; j < n; j++)
        bt.src[j] = (ptxcpu_src){S[j], bits[j] == 1 ? 4 : 32 * (ptrdiff_t)(bits[j] / 8)};
    if (ptxcpu_run(k, &bt) != PTXCPU_OK) {
        printf("FAIL %s on %s: %s\n", mn, ptxcpu_kernel_variant(k), ptxcpu_last_error());
        return 1;
    }
    for (size_t l = 0; l < LANES; l++) {
        uint64_t want = (guard[l / 32] >> (l % 32) & 1) ? oracle(s, in[l][0], in[l][1], in[l][2])
                                                         : get(D0, s->w, l);
        uint64_t got = get(D, s->w, l);
        if (got != want && bad++ < 5)
            printf("FAIL %s on %s: a=%#llx b=%#llx c=%#llx: %#llx, want %#llx\n", mn,
                   ptxcpu_kernel_variant(k), (unsigned long long)in[l][0],
                   (unsigned long long)in[l][1], (unsigned long long)in[l][2],
                   (unsigned long long)got, (unsigned long long)want);
    }
    return bad;
}

int main(void)
{
    unsigned rows = 0, fails = 0, runs = 0;
    rng_t g = {0x10c1c};
    for (size_t i = 0; i < ptxcpu_insn_count(); i++) {
        ptxcpu_insn_desc desc;
        spelling s;
        if (ptxcpu_insn_at(i, &desc) != PTXCPU_OK || strncmp(desc.section, "9.7.8.", 6) ||
            !strcmp(desc.section, "9.7.8.6")) /* (lop3: lop3_oracle.c) */
            continue;
        rows++;
        if (!parse(desc.mnemonic, &s) || desc.nsrc != srcs(s.op)) {
            printf("FAIL %s: not a spelling this oracle reads\n", desc.mnemonic);
            fails++;
            continue;
        }
        ptxcpu_kernel ks[PTXCPU_ISA_COUNT];
        const unsigned nk = oracle_kernels(desc.mnemonic, ks);
        fails += nk == 0;
        for (unsigned j = 0; j < nk; j++) {
            const ptxcpu_kernel k = ks[j];
            for (unsigned rep = 0; rep < 4; rep++, runs++)
                fails += check(k, &s, desc.mnemonic, &g) != 0;
        }
    }
    oracle_report_skipped();
    printf("%s: %u logic and shift spellings, %u runs of %d lanes, %u failed\n",
           fails ? "FAIL" : "OK", rows, runs, LANES, fails);
    return fails || rows == 0 ? 1 : 0;
}
