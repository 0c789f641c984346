/* Oracle of lop3 (9.7.8.6) on every ISA this machine runs: every immLut of lop3.b32, lop3.or.b32
 * and lop3.and.b32 against the spec's table read bit by bit (bit 4a + 2b + c of immLut), and
 * random formulas F written with C's bit operators against lop3 of F(0xF0, 0xCC, 0xAA) (the
 * spec's identity), the spec's four examples first. The .BoolOp form's p = (d != 0) BoolOp q.
 * Random guards (lanes outside them keep d and p), packed and ptxcpu_w32p layouts, d = a. */
#include "ptxcpu.h"
#include "oracle_isas.h"
#include "test_common.h"

#include <stdio.h>
#include <string.h>

enum { WARPS = 16, LANES = WARPS * 32, DWORDS = 48 /* ptxcpu_w32p's words */ };

static const char *const spellings[3] = {"lop3.b32", "lop3.or.b32", "lop3.and.b32"};

/* the spec's table: bit j of d is bit 4 a_j + 2 b_j + c_j of lut */
static uint32_t table_oracle(unsigned lut, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t d = 0;
    for (unsigned j = 0; j < 32; j++) {
        unsigned idx = 4 * (a >> j & 1) + 2 * (b >> j & 1) + (c >> j & 1);
        d |= (uint32_t)(lut >> idx & 1) << j;
    }
    return d;
}

/* A random formula over a, b, c: a postfix program of C's operators, evaluated on any words */
typedef struct formula { unsigned char op[15]; unsigned n; } formula;
enum { F_A, F_B, F_C, F_AND, F_OR, F_XOR, F_NOT };
static uint32_t eval(const formula *f, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t st[16] = {0};
    unsigned sp = 0;
    for (unsigned i = 0; i < f->n; i++) {
        switch (f->op[i]) {
        case F_A: st[sp++] = a; break;
        case F_B: st[sp++] = b; break;
        case F_C: st[sp++] = c; break;
        case F_NOT: st[sp - 1] = ~st[sp - 1]; break;
        default: {
            uint32_t y = st[--sp], x = st[--sp];
            st[sp++] = f->op[i] == F_AND ? x & y : f->op[i] == F_OR ? x | y : x ^ y;
        }
        }
    }
    return st[0];
}
static formula random_formula(rng_t *g)
{
    formula f = {{0}, 0};
    unsigned depth = 0, leaves = 1 + (unsigned)rng_below(g, 5);
    for (unsigned l = 0; l < leaves; l++) {
        f.op[f.n++] = (unsigned char)rng_below(g, 3), depth++;
        if (rng_below(g, 3) == 0)
            f.op[f.n++] = F_NOT;
        while (depth > 1 && (l == leaves - 1 || rng_below(g, 2)))
            f.op[f.n++] = (unsigned char)(F_AND + rng_below(g, 3)), depth--;
    }
    return f;
}

typedef struct lanes { uint32_t a[LANES], b[LANES], c[LANES], q[WARPS], guard[WARPS]; } lanes;

/* Runs k (table lut, BoolOp bop: 0, '|' or '&') on the lanes with d's layout of `stride` words
 * (or d = a when alias); 0 when every lane matches want(lane) and the unguarded ones kept theirs */
static unsigned run_check(ptxcpu_kernel k, const char *mn, unsigned lut, int bop, const lanes *in,
                          const uint32_t *want, unsigned stride, int alias, rng_t *g)
{
    static uint32_t D[WARPS * DWORDS], D0[WARPS * DWORDS], A[LANES];
    for (unsigned i = 0; i < WARPS * DWORDS; i++)
        D0[i] = (uint32_t)rng_next(g);
    memcpy(D, D0, sizeof D);
    memcpy(A, in->a, sizeof A);
    if (alias) /* d is exactly a: a's registers, packed */
        for (unsigned w = 0; w < WARPS; w++)
            memcpy(D0 + w * stride, in->a + w * 32, 128), memcpy(D + w * stride, in->a + w * 32, 128);
    ptxcpu_batch bt = {.n = WARPS, .d = D, .d_stride = 4 * (ptrdiff_t)stride, .guard = in->guard,
                       .guard_stride = 4};
    bt.src[0] = (ptxcpu_src){alias ? (const void *)D : A, alias ? bt.d_stride : 128};
    bt.src[1] = (ptxcpu_src){in->b, 128};
    bt.src[2] = (ptxcpu_src){in->c, 128};
    bt.src[3] = (ptxcpu_src){in->q, 4};
    if (ptxcpu_run(k, &bt) != PTXCPU_OK) {
        printf("FAIL %s immLut 0x%02x on %s: %s\n", mn, lut, ptxcpu_kernel_variant(k),
               ptxcpu_last_error());
        return 1;
    }
    unsigned bad = 0;
    for (unsigned l = 0; l < LANES; l++) {
        const unsigned w = l / 32, j = l % 32, on = in->guard[w] >> j & 1;
        uint32_t want_d = on ? want[l] : D0[w * stride + j], got_d = D[w * stride + j];
        if (got_d != want_d && bad++ < 3)
            printf("FAIL %s immLut 0x%02x on %s%s: a=%#x b=%#x c=%#x: d %#x, want %#x%s\n", mn,
                   lut, ptxcpu_kernel_variant(k), alias ? " (d = a)" : "", in->a[l], in->b[l],
                   in->c[l], got_d, want_d, on ? "" : " (lane outside the guard)");
        if (!bop)
            continue;
        const unsigned nz = want[l] != 0, q = in->q[w] >> j & 1;
        const unsigned want_p = on ? (bop == '|' ? nz | q : nz & q) : D0[w * stride + 32] >> j & 1;
        const unsigned got_p = D[w * stride + 32] >> j & 1;
        if (got_p != want_p && bad++ < 3)
            printf("FAIL %s immLut 0x%02x on %s: lane %u d=%#x q=%u: p %u, want %u\n", mn, lut,
                   ptxcpu_kernel_variant(k), l, want[l], q, got_p, want_p);
    }
    return bad;
}

static void fill(lanes *in, rng_t *g)
{
    static const uint32_t edge[] = {0, ~0u, 0x80000000u, 1, 0xf0f0f0f0u, 0x55555555u};
    for (unsigned l = 0; l < LANES; l++) {
        uint32_t *v[3] = {&in->a[l], &in->b[l], &in->c[l]};
        for (unsigned s = 0; s < 3; s++) {
            uint64_t r = rng_next(g);
            *v[s] = (r & 7) == 0 ? edge[(r >> 3) % 6] : (uint32_t)(r >> 32);
        }
    }
    for (unsigned w = 0; w < WARPS; w++) {
        in->q[w] = (uint32_t)rng_next(g);
        in->guard[w] = w % 4 == 1 ? 0 : w % 4 == 2 ? (uint32_t)rng_next(g) : ~0u;
    }
    in->a[5] = in->b[5] = in->c[5] = 0; /* lanes whose d is 0 for most tables */
}

int main(void)
{
    static lanes in;
    static uint32_t want[LANES];
    rng_t g = {0x1093};
    unsigned fails = 0, runs = 0, nspell = 0;
    for (unsigned s = 0; s < 3; s++) {
        ptxcpu_insn insn;
        if (ptxcpu_parse(spellings[s], NULL, &insn) != PTXCPU_OK || ptxcpu_insn_imm_bits(&insn) != 8) {
            printf("FAIL %s: %s\n", spellings[s], ptxcpu_last_error());
            fails++;
            continue;
        }
        nspell++;
        const int bop = s == 0 ? 0 : s == 1 ? '|' : '&';
        const unsigned stride = s == 0 ? 32 : s == 1 ? 33 : DWORDS; /* packed, or ptxcpu_w32p */
        for (int isa = 0; isa < PTXCPU_ISA_COUNT; isa++) {
            if (!ptxcpu_isa_usable((ptxcpu_isa)isa))
                continue;
            for (unsigned lut = 0; lut < 256; lut++, runs++) { /* every table, by the spec's bits */
                ptxcpu_kernel k;
                if (ptxcpu_resolve_imm(&insn, (ptxcpu_isa)isa, lut, &k) != PTXCPU_OK) {
                    printf("FAIL %s immLut 0x%02x: %s\n", spellings[s], lut, ptxcpu_last_error());
                    fails++;
                    continue;
                }
                fill(&in, &g);
                for (unsigned l = 0; l < LANES; l++)
                    want[l] = table_oracle(lut, in.a[l], in.b[l], in.c[l]);
                fails += run_check(k, spellings[s], lut, bop, &in, want, stride, lut % 16 == 3, &g) != 0;
            }
            for (unsigned i = 0; i < 64; i++, runs++) { /* formulas: F(0xF0, 0xCC, 0xAA) is immLut */
                static const formula spec[4] = { /* a&b&c, a|b|c, a&b&~c, (a&b|c)^a */
                    {{F_A, F_B, F_AND, F_C, F_AND}, 5}, {{F_A, F_B, F_OR, F_C, F_OR}, 5},
                    {{F_A, F_B, F_AND, F_C, F_NOT, F_AND}, 6},
                    {{F_A, F_B, F_AND, F_C, F_OR, F_A, F_XOR}, 7}};
                static const unsigned spec_lut[4] = {0x80, 0xfe, 0x40, 0x1a};
                formula f = i < 4 ? spec[i] : random_formula(&g);
                unsigned lut = eval(&f, 0xf0, 0xcc, 0xaa) & 0xff;
                if (i < 4 && lut != spec_lut[i])
                    printf("FAIL the spec's example %u: immLut 0x%02x, the spec says 0x%02x\n", i,
                           lut, spec_lut[i]), fails++;
                ptxcpu_kernel k;
                if (ptxcpu_resolve_imm(&insn, (ptxcpu_isa)isa, lut, &k) != PTXCPU_OK) {
                    fails++;
                    continue;
                }
                fill(&in, &g);
                for (unsigned l = 0; l < LANES; l++)
                    want[l] = eval(&f, in.a[l], in.b[l], in.c[l]);
                fails += run_check(k, spellings[s], lut, bop, &in, want, stride, 0, &g) != 0;
            }
        }
    }
    oracle_report_skipped();
    printf("%s: %u lop3 spellings, %u runs of %d lanes (every immLut and 64 formulas a spelling "
           "and ISA), %u failed\n", fails ? "FAIL" : "OK", nspell, runs, LANES, fails);
    return fails || nspell != 3 ? 1 : 0;
}
