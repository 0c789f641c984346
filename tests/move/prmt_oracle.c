/* Oracle of prmt (9.7.9.7) on every ISA this machine runs: the default mode against every one of
 * the 65,536 selectors c[15:0] (the bits above, random, must not matter), each mode against every
 * c[1:0] with random bits above; d's bytes picked from a byte array of [b, a] and the modes' rows
 * transcribed as the spec prints them (sources of d.b3 .. d.b0). Random words (bytes of both
 * signs), random guards: lanes outside them must keep d. */
#include "ptxcpu.h"
#include "../cmp/oracle_isas.h"
#include "test_common.h"

#include <stdio.h>
#include <string.h>

enum { LANES = 65536, WARPS = LANES / 32 };

static const struct { const char *mnem, *rows[4]; } spellings[] = {
    {"prmt.b32", {NULL}},
    {"prmt.b32.f4e", {"3210", "4321", "5432", "6543"}},
    {"prmt.b32.b4e", {"5670", "6701", "7012", "0123"}},
    {"prmt.b32.rc8", {"0000", "1111", "2222", "3333"}},
    {"prmt.b32.ecl", {"3210", "3211", "3222", "3333"}},
    {"prmt.b32.ecr", {"0000", "1110", "2210", "3210"}},
    {"prmt.b32.rc16", {"1010", "3232", "1010", "3232"}},
};
enum { NSPELL = sizeof spellings / sizeof spellings[0] };

/* d by the spec: the source bytes {b7 .. b4, b3 .. b0} = {b, a}, d.b3 written first */
static uint32_t oracle(unsigned s, uint32_t a, uint32_t b, uint32_t c)
{
    uint8_t src[8], out[4];
    for (unsigned i = 0; i < 4; i++)
        src[i] = (uint8_t)(a >> 8 * i), src[4 + i] = (uint8_t)(b >> 8 * i);
    for (unsigned k = 0; k < 4; k++) {
        if (spellings[s].rows[0]) {
            out[k] = src[spellings[s].rows[0 + (c & 3)][3 - k] - '0'];
            continue;
        }
        const unsigned sel = c >> 4 * k & 15;
        const uint8_t byte = src[sel & 7];
        out[k] = (sel & 8) ? (byte & 0x80 ? 0xff : 0x00) : byte;
    }
    return (uint32_t)out[0] | (uint32_t)out[1] << 8 | (uint32_t)out[2] << 16 | (uint32_t)out[3] << 24;
}

typedef struct lanes { uint32_t a[LANES], b[LANES], c[LANES], d[LANES], d0[LANES], guard[WARPS]; } lanes;

static void fill(lanes *in, unsigned s, rng_t *g)
{
    for (unsigned l = 0; l < LANES; l++) {
        const uint64_t r = rng_next(g);
        in->a[l] = (uint32_t)r, in->b[l] = (uint32_t)(r >> 32);
        const uint32_t above = (uint32_t)rng_next(g);
        /* every selector once: all of c[15:0], or c[1:0] over and over */
        in->c[l] = spellings[s].rows[0] ? (above & ~3u) | (l & 3) : (above & 0xffff0000u) | l;
        in->d0[l] = (uint32_t)rng_next(g);
    }
    for (unsigned w = 0; w < WARPS; w++)
        in->guard[w] = w % 8 == 3 ? 0 : w % 8 == 5 ? (uint32_t)rng_next(g) : ~0u;
}

static unsigned check_kernel(ptxcpu_kernel k, unsigned s, lanes *in)
{
    memcpy(in->d, in->d0, sizeof in->d);
    ptxcpu_batch bt = {.n = WARPS, .d = in->d, .d_stride = 128, .guard = in->guard, .guard_stride = 4};
    bt.src[0] = (ptxcpu_src){in->a, 128};
    bt.src[1] = (ptxcpu_src){in->b, 128};
    bt.src[2] = (ptxcpu_src){in->c, 128};
    if (ptxcpu_run(k, &bt) != PTXCPU_OK) {
        printf("FAIL %s on %s: %s\n", spellings[s].mnem, ptxcpu_kernel_variant(k), ptxcpu_last_error());
        return 1;
    }
    unsigned bad = 0;
    for (unsigned l = 0; l < LANES; l++) {
        const int on = in->guard[l / 32] >> (l % 32) & 1;
        const uint32_t want = on ? oracle(s, in->a[l], in->b[l], in->c[l]) : in->d0[l];
        if (in->d[l] != want && bad++ < 3)
            printf("FAIL %s on %s: a=%#010x b=%#010x c=%#010x: d %#010x, want %#010x%s\n",
                   spellings[s].mnem, ptxcpu_kernel_variant(k), in->a[l], in->b[l], in->c[l],
                   in->d[l], want, on ? "" : " (lane outside the guard)");
    }
    return bad;
}

int main(void)
{
    static lanes in;
    rng_t g = {0x9797};
    unsigned fails = 0, runs = 0;
    for (unsigned s = 0; s < NSPELL; s++) {
        ptxcpu_kernel ks[PTXCPU_ISA_COUNT];
        const unsigned nk = oracle_kernels(spellings[s].mnem, ks);
        if (!nk) {
            fails++;
            continue;
        }
        for (unsigned round = 0; round < 2; round++) { /* two draws of the words and upper bits */
            fill(&in, s, &g);
            for (unsigned i = 0; i < nk; i++, runs++)
                fails += check_kernel(ks[i], s, &in) != 0;
        }
    }
    oracle_report_skipped();
    printf("%s: %u spellings x usable ISAs x 2 rounds = %u runs of %u lanes, %u failing\n",
           fails ? "FAIL" : "PASS", (unsigned)NSPELL, runs, LANES, fails);
    return fails != 0;
}
