/* Oracle of mov d, a between registers (9.7.9.3) on every ISA this machine runs, for the 12 types
 * this file lists: d holds a's bits exactly (signalling NaNs, -0 and subnormals of the float
 * types included: nothing may pass them through a float unit), .pred lane masks bit for bit.
 * And of mov's vector pack forms (9.7.9.4) d, {a, b} and d, {a, b, c, e}: d's bytes are the
 * elements' bytes in order (a's first, the low ones on a little-endian host), an 8-bit element
 * the low byte of its 16-bit register (its high byte random here, never read).
 * Random guards: lanes outside them keep d. */
#include "ptxcpu.h"
#include "../cmp/oracle_isas.h"
#include "test_common.h"

#include <stdio.h>
#include <string.h>

enum { WARPS = 256, LANES = WARPS * 32 };

static const struct { const char *mnem; unsigned bits; } spellings[] = {
    {"mov.pred", 1}, {"mov.b16", 16}, {"mov.b32", 32}, {"mov.b64", 64}, {"mov.u16", 16},
    {"mov.u32", 32}, {"mov.u64", 64}, {"mov.s16", 16}, {"mov.s32", 32}, {"mov.s64", 64},
    {"mov.f32", 32}, {"mov.f64", 64}};
enum { NSPELL = sizeof spellings / sizeof spellings[0] };

/* bits that a float unit would change: signalling NaNs, NaN payloads, -0, subnormals */
static const uint64_t special[] = {0x7f800001u, 0xff800001u, 0x7fc00001u, 0x80000000u, 0x00000001u,
                                   0x7ff0000000000001ull, 0xfff0000000000001ull,
                                   0x8000000000000000ull, 0x0000000000000001ull, 0x7c01, 0xfc01};

/* lane l of an array of `bytes`-byte registers */
static uint64_t get(const uint8_t *p, unsigned bytes, unsigned l)
{
    uint64_t v = 0;
    memcpy(&v, p + (size_t)l * bytes, bytes); /* (little-endian hosts: x86-64, aarch64) */
    return v;
}

static unsigned check_kernel(ptxcpu_kernel k, unsigned s, rng_t *g)
{
    static uint8_t A[LANES * 8], D[LANES * 8], D0[LANES * 8];
    static uint32_t guard[WARPS];
    const unsigned bits = spellings[s].bits, bytes = bits == 1 ? 0 : bits / 8;
    const size_t nbytes = bits == 1 ? WARPS * 4 : (size_t)LANES * bytes;
    for (size_t i = 0; i < nbytes; i++)
        A[i] = (uint8_t)rng_next(g), D0[i] = (uint8_t)rng_next(g);
    for (unsigned l = 0; bytes && l < LANES; l += 5) { /* every fifth lane a special pattern */
        const uint64_t v = special[rng_below(g, sizeof special / sizeof special[0])];
        memcpy(A + (size_t)l * bytes, &v, bytes);
    }
    for (unsigned w = 0; w < WARPS; w++)
        guard[w] = w % 8 == 3 ? 0 : w % 8 == 5 ? (uint32_t)rng_next(g) : ~0u;
    memcpy(D, D0, nbytes);
    const ptrdiff_t stride = bits == 1 ? 4 : 32 * (ptrdiff_t)bytes;
    ptxcpu_batch bt = {.n = WARPS, .d = D, .d_stride = stride, .guard = guard, .guard_stride = 4};
    bt.src[0] = (ptxcpu_src){A, stride};
    if (ptxcpu_run(k, &bt) != PTXCPU_OK) {
        printf("FAIL %s on %s: %s\n", spellings[s].mnem, ptxcpu_kernel_variant(k), ptxcpu_last_error());
        return 1;
    }
    unsigned bad = 0;
    for (unsigned w = 0; w < WARPS; w++) {
        if (bits == 1) { /* one lane mask a warp */
            const uint32_t a = (uint32_t)get(A, 4, w), d0 = (uint32_t)get(D0, 4, w);
            const uint32_t want = (a & guard[w]) | (d0 & ~guard[w]), got = (uint32_t)get(D, 4, w);
            if (got != want && bad++ < 3)
                printf("FAIL %s on %s: warp %u a=%#x guard=%#x: d %#x, want %#x\n", spellings[s].mnem,
                       ptxcpu_kernel_variant(k), w, a, guard[w], got, want);
            continue;
        }
        for (unsigned j = 0; j < 32; j++) {
            const unsigned l = 32 * w + j, on = guard[w] >> j & 1;
            const uint64_t want = get(on ? A : D0, bytes, l), got = get(D, bytes, l);
            if (got != want && bad++ < 3)
                printf("FAIL %s on %s: lane %u a=%#llx: d %#llx, want %#llx\n", spellings[s].mnem,
                       ptxcpu_kernel_variant(k), l, (unsigned long long)get(A, bytes, l),
                       (unsigned long long)got, (unsigned long long)want);
        }
    }
    return bad;
}

/* the pack forms: mnemonic, element count, element bits, source register bits, d bits */
static const struct { const char *mnem; unsigned n, ebits, sbits, dbits; } packs[] = {
    {"mov.b16", 2, 8, 16, 16}, {"mov.b32", 2, 16, 16, 32}, {"mov.b64", 2, 32, 32, 64},
    {"mov.b32", 4, 8, 16, 32}, {"mov.b64", 4, 16, 16, 64}};
enum { NPACK = sizeof packs / sizeof packs[0] };

static unsigned check_pack(ptxcpu_kernel k, unsigned f, rng_t *g)
{
    static uint8_t S[4][LANES * 4], D[LANES * 8], D0[LANES * 8];
    static uint32_t guard[WARPS];
    const unsigned n = packs[f].n, sb = packs[f].sbits / 8, eb = packs[f].ebits / 8, db = packs[f].dbits / 8;
    for (unsigned j = 0; j < n; j++)
        for (size_t i = 0; i < (size_t)LANES * sb; i++)
            S[j][i] = (uint8_t)rng_next(g);
    for (size_t i = 0; i < (size_t)LANES * db; i++)
        D0[i] = (uint8_t)rng_next(g);
    for (unsigned w = 0; w < WARPS; w++)
        guard[w] = w % 8 == 3 ? 0 : w % 8 == 5 ? (uint32_t)rng_next(g) : ~0u;
    memcpy(D, D0, (size_t)LANES * db);
    ptxcpu_batch bt = {.n = WARPS, .d = D, .d_stride = 32 * (ptrdiff_t)db, .guard = guard,
                       .guard_stride = 4};
    for (unsigned j = 0; j < n; j++)
        bt.src[j] = (ptxcpu_src){S[j], 32 * (ptrdiff_t)sb};
    if (ptxcpu_run(k, &bt) != PTXCPU_OK) {
        printf("FAIL %s (%u sources) on %s: %s\n", packs[f].mnem, n, ptxcpu_kernel_variant(k),
               ptxcpu_last_error());
        return 1;
    }
    unsigned bad = 0;
    for (unsigned l = 0; l < LANES; l++) {
        uint8_t want[8];
        if (guard[l / 32] >> (l % 32) & 1)
            for (unsigned j = 0; j < n; j++) /* element j's low eb bytes at byte j * eb */
                memcpy(want + j * eb, &S[j][(size_t)l * sb], eb);
        else
            memcpy(want, &D0[(size_t)l * db], db);
        if (memcmp(want, &D[(size_t)l * db], db) && bad++ < 3)
            printf("FAIL %s (%u sources) on %s: lane %u: d %#llx, want %#llx\n", packs[f].mnem, n,
                   ptxcpu_kernel_variant(k), l, (unsigned long long)get(D, db, l),
                   (unsigned long long)get(want, db, 0));
    }
    return bad;
}

int main(void)
{
    rng_t g = {0x3093};
    unsigned fails = 0, runs = 0;
    for (unsigned s = 0; s < NSPELL; s++) {
        ptxcpu_kernel ks[PTXCPU_ISA_COUNT];
        const unsigned nk = oracle_kernels(spellings[s].mnem, ks);
        fails += nk == 0;
        for (unsigned i = 0; i < nk; i++, runs++)
            fails += check_kernel(ks[i], s, &g) != 0;
    }
    for (unsigned f = 0; f < NPACK; f++) {
        ptxcpu_insn insn;
        if (ptxcpu_parse_n(packs[f].mnem, packs[f].n, NULL, &insn) != PTXCPU_OK) {
            printf("FAIL %s (%u sources): %s\n", packs[f].mnem, packs[f].n, ptxcpu_last_error());
            fails++;
            continue;
        }
        for (int isa = 0; isa < PTXCPU_ISA_COUNT; isa++) {
            ptxcpu_kernel k;
            if (ptxcpu_isa_usable((ptxcpu_isa)isa) && ptxcpu_resolve(&insn, (ptxcpu_isa)isa, &k) == PTXCPU_OK)
                fails += check_pack(k, f, &g) != 0, runs++;
        }
    }
    oracle_report_skipped();
    printf("%s: %u spellings and %u pack forms, %u runs of %u lanes, %u failing\n",
           fails ? "FAIL" : "PASS", (unsigned)NSPELL, (unsigned)NPACK, runs, LANES, fails);
    return fails != 0;
}
