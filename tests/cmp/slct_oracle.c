/* Oracle of slct (9.7.6.4) on every ISA this machine runs: d = c >= 0 ? a : b with C's own
 * comparison of c as an int32_t or a float (.ftz: a subnormal c flushed by fpclassify first), the
 * types read from the mnemonic here. c: zeros of both signs, subnormals, infinities, NaNs, INT_MIN
 * and random bits; a and b random bits (the chosen one's bits are copied, NaN payloads too);
 * random guards, lanes outside them checked unchanged. */
#include "ptxcpu.h"
#include "oracle_isas.h"
#include "test_common.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { WARPS = 64, LANES = WARPS * 32 };

static int ge0(const char *ctype, int ftz, uint32_t c)
{
    if (!strcmp(ctype, "s32"))
        return (int32_t)c >= 0;
    float f;
    memcpy(&f, &c, 4);
    if (ftz && fpclassify(f) == FP_SUBNORMAL)
        f = copysignf(0.0f, f);
    return f >= 0.0f;
}

static uint32_t c_value(uint64_t r)
{
    static const uint32_t edge[] = {0, 0x80000000u, 1, 0x80000001u, 0x007fffffu, 0x807fffffu,
                                    0x00800000u, 0x80800000u, 0x7f800000u, 0xff800000u,
                                    0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fffffffu};
    return (r & 1) ? edge[(r >> 1) % (sizeof edge / 4)] : (uint32_t)(r >> 8);
}

/* Runs one spelling on one kernel over LANES lanes; returns the lanes that differ. */
static unsigned check(ptxcpu_kernel k, const char *mn, unsigned w, const char *ctype, int ftz,
                      rng_t *g)
{
    static uint64_t a[LANES], b[LANES], d0[LANES];
    static uint32_t c[LANES], guard[WARPS];
    static unsigned char A[LANES * 8], B[LANES * 8], D[LANES * 8];
    unsigned bytes = w / 8, bad = 0;
    for (size_t i = 0; i < LANES; i++) {
        a[i] = rng_next(g), b[i] = rng_next(g), d0[i] = rng_next(g), c[i] = c_value(rng_next(g));
        memcpy(A + i * bytes, &a[i], bytes), memcpy(B + i * bytes, &b[i], bytes);
        memcpy(D + i * bytes, &d0[i], bytes);
    }
    for (size_t v = 0; v < WARPS; v++)
        guard[v] = v % 3 ? (uint32_t)rng_next(g) : ~0u;
    ptxcpu_batch bt = {.n = WARPS, .d = D, .d_stride = 32 * bytes, .guard = guard,
                       .guard_stride = 4};
    bt.src[0] = (ptxcpu_src){A, 32 * bytes};
    bt.src[1] = (ptxcpu_src){B, 32 * bytes};
    bt.src[2] = (ptxcpu_src){c, 128};
    if (ptxcpu_run(k, &bt) != PTXCPU_OK) {
        printf("FAIL %s on %s: %s\n", mn, ptxcpu_kernel_variant(k), ptxcpu_last_error());
        return 1;
    }
    uint64_t mask = w == 64 ? ~0ull : (1ull << w) - 1;
    for (size_t i = 0; i < LANES; i++) {
        uint64_t got = 0, want = (guard[i / 32] >> (i % 32) & 1)
                                     ? (ge0(ctype, ftz, c[i]) ? a[i] : b[i]) & mask
                                     : d0[i] & mask;
        memcpy(&got, D + i * bytes, bytes);
        if (got != want && bad++ < 5)
            printf("FAIL %s on %s: a=%#llx b=%#llx c=%#x: %#llx, want %#llx\n", mn,
                   ptxcpu_kernel_variant(k), (unsigned long long)a[i], (unsigned long long)b[i],
                   c[i], (unsigned long long)got, (unsigned long long)want);
    }
    return bad;
}

int main(void)
{
    unsigned rows = 0, fails = 0, runs = 0;
    rng_t g = {0x51c7};
    for (size_t i = 0; i < ptxcpu_insn_count(); i++) {
        ptxcpu_insn_desc desc;
        if (ptxcpu_insn_at(i, &desc) != PTXCPU_OK || strncmp(desc.mnemonic, "slct.", 5))
            continue;
        rows++;
        /* slct{.ftz}.dtype.ctype */
        const char *ctype = strrchr(desc.mnemonic, '.') + 1;
        int ftz = strstr(desc.mnemonic, ".ftz.") != NULL;
        const char *dt = strchr(desc.mnemonic + 5 + 4 * ftz, '.');
        unsigned w = (unsigned)atoi(desc.mnemonic + 6 + 4 * ftz);
        if ((w != 16 && w != 32 && w != 64) || !dt ||
            (strcmp(ctype, "s32") && strcmp(ctype, "f32")) || desc.dst_bits != w) {
            printf("FAIL %s: not a slct spelling this oracle reads\n", desc.mnemonic);
            fails++;
            continue;
        }
        ptxcpu_kernel ks[PTXCPU_ISA_COUNT];
        const unsigned nk = oracle_kernels(desc.mnemonic, ks);
        fails += nk == 0;
        for (unsigned j = 0; j < nk; j++) {
            const ptxcpu_kernel k = ks[j];
            for (unsigned rep = 0; rep < 4; rep++, runs++)
                fails += check(k, desc.mnemonic, w, ctype, ftz, &g) != 0;
        }
    }
    oracle_report_skipped();
    printf("%s: %u slct spellings, %u runs of %d lanes, %u failed\n", fails ? "FAIL" : "OK", rows,
           runs, LANES, fails);
    return fails || rows != 33 ? 1 : 0;
}
