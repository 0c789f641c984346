/* Oracle of cvt between integer types (9.7.9.21, 6.5.1) on every ISA this machine runs, from the
 * spellings this file enumerates itself (every .dtype.atype pair; .sat exactly where d's range does
 * not hold a's, the others refused): a's value, .sat's clamp and d's register computed as integers
 * by arithmetic (values, remainders), not bit masks. 16-bit registers take every one of their 65,536
 * values; 32- and 64-bit ones the edges of every type's range and random bits. Random guards:
 * lanes outside them must keep d. */
#include "ptxcpu.h"
#include "../cmp/oracle_isas.h"
#include "test_common.h"

#include <stdio.h>
#include <string.h>

typedef __int128 i128;
enum { LANES = 65536, WARPS = LANES / 32, NTYPES = 8 };

static const struct { const char *name; unsigned bits; int is_signed; } types[NTYPES] = {
    {"u8", 8, 0}, {"u16", 16, 0}, {"u32", 32, 0}, {"u64", 64, 0},
    {"s8", 8, 1}, {"s16", 16, 1}, {"s32", 32, 1}, {"s64", 64, 1}};

static i128 pow2(unsigned n) { return (i128)1 << n; }
static i128 type_min(unsigned t) { return types[t].is_signed ? -pow2(types[t].bits - 1) : 0; }
static i128 type_max(unsigned t) { return pow2(types[t].bits - types[t].is_signed) - 1; }
static unsigned reg_bits(unsigned t) { return types[t].bits < 16 ? 16 : types[t].bits; }

/* x reduced into [lo, lo + 2^n) modulo 2^n */
static i128 wrap(i128 x, unsigned n, i128 lo)
{
    i128 m = pow2(n), r = (x - lo) % m;
    return (r < 0 ? r + m : r) + lo;
}

/* d's register for source register bits a */
static uint64_t oracle(unsigned dt, unsigned at, int sat, uint64_t a)
{
    i128 v = wrap((i128)a, types[at].bits, type_min(at)); /* a's low bits as atype's value */
    if (sat)
        v = v < type_min(dt) ? type_min(dt) : v > type_max(dt) ? type_max(dt) : v;
    v = wrap(v, types[dt].bits, type_min(dt));              /* chopped to dtype, its value */
    return (uint64_t)wrap(v, reg_bits(dt), 0);              /* extended over d's register */
}

typedef struct lanes { uint64_t a[LANES], d[LANES], d0[LANES]; uint32_t guard[WARPS]; } lanes;

static void fill(lanes *in, unsigned at, rng_t *g)
{
    const unsigned rb = reg_bits(at);
    for (unsigned l = 0; l < LANES; l++) {
        uint64_t v = rng_next(g);
        if (rb == 16)
            v = l; /* every value */
        else if (l < 64 * NTYPES) { /* each type's range ends, and one past them */
            const unsigned t = l / 64, k = l % 64;
            const i128 ends[4] = {type_min(t), type_max(t), type_min(t) - 1, type_max(t) + 1};
            v = (uint64_t)(ends[k % 4] + (i128)(k / 4) - 8);
        }
        in->a[l] = rb == 64 ? v : v & (((uint64_t)1 << rb) - 1);
        in->d0[l] = rng_next(g);
    }
    for (unsigned w = 0; w < WARPS; w++)
        in->guard[w] = w % 8 == 3 ? 0 : w % 8 == 5 ? (uint32_t)rng_next(g) : ~0u;
}


static unsigned check_kernel(ptxcpu_kernel k, const char *mn, unsigned dt, unsigned at, int sat,
                             const lanes *in, void *A, void *D)
{
    const unsigned ab = reg_bits(at), db = reg_bits(dt);
    for (unsigned l = 0; l < LANES; l++)
        test_reg_put(A, ab, l, in->a[l]), test_reg_put(D, db, l, in->d0[l]);
    ptxcpu_batch bt = {.n = WARPS, .d = D, .d_stride = 4 * (ptrdiff_t)db, .guard = in->guard,
                       .guard_stride = 4};
    bt.src[0] = (ptxcpu_src){A, 4 * (ptrdiff_t)ab};
    if (ptxcpu_run(k, &bt) != PTXCPU_OK) {
        printf("FAIL %s on %s: %s\n", mn, ptxcpu_kernel_variant(k), ptxcpu_last_error());
        return 1;
    }
    unsigned bad = 0;
    for (unsigned l = 0; l < LANES; l++) {
        const int on = in->guard[l / 32] >> (l % 32) & 1;
        const uint64_t want = on ? oracle(dt, at, sat, in->a[l]) : test_reg_get(&in->d0[0], 64, l) &
                                   (db == 64 ? ~0ull : ((uint64_t)1 << db) - 1);
        const uint64_t got = test_reg_get(D, db, l);
        if (got != want && bad++ < 3)
            printf("FAIL %s on %s: a=%#llx: d %#llx, want %#llx%s\n", mn, ptxcpu_kernel_variant(k),
                   (unsigned long long)in->a[l], (unsigned long long)got,
                   (unsigned long long)want, on ? "" : " (lane outside the guard)");
    }
    return bad;
}

int main(void)
{
    static lanes in;
    static uint64_t A[LANES], D[LANES];
    rng_t g = {0xc7};
    unsigned fails = 0, runs = 0, nspell = 0;
    for (unsigned at = 0; at < NTYPES; at++) {
        fill(&in, at, &g);
        for (unsigned dt = 0; dt < NTYPES; dt++)
            for (int sat = 0; sat < 2; sat++) {
                char mn[32];
                snprintf(mn, sizeof mn, "cvt%s.%s.%s", sat ? ".sat" : "", types[dt].name, types[at].name);
                /* .sat only where d's range does not hold a's (Integer Notes) */
                const int holds = type_min(dt) <= type_min(at) && type_max(at) <= type_max(dt);
                ptxcpu_insn insn;
                if (sat && holds) {
                    if (ptxcpu_parse(mn, NULL, &insn) != PTXCPU_E_PARSE) {
                        printf("FAIL %s: accepted; .sat is not allowed where d's range holds a's\n", mn);
                        fails++;
                    }
                    continue;
                }
                ptxcpu_kernel ks[PTXCPU_ISA_COUNT];
                const unsigned nk = oracle_kernels(mn, ks);
                if (!nk) {
                    fails++;
                    continue;
                }
                nspell++;
                for (unsigned i = 0; i < nk; i++, runs++)
                    fails += check_kernel(ks[i], mn, dt, at, sat, &in, A, D) != 0;
            }
    }
    oracle_report_skipped();
    if (nspell != 102) {
        printf("FAIL %u integer cvt spellings, want 102 (64 pairs, 38 with .sat)\n", nspell);
        fails++;
    }
    printf("%s: %u spellings, %u runs of %u lanes, %u failing\n", fails ? "FAIL" : "PASS", nspell,
           runs, LANES, fails);
    return fails != 0;
}
