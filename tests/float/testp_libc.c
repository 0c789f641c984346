/* The float suite's testp test (9.7.3.1): every testp spelling on every ISA this machine runs,
 * against the C library's classification of the lane's value (fpclassify, isnan, isinf), over
 * the format's edge values, random bit patterns and a sweep of f32 bit patterns (every
 * TESTP_STEP-th: sampled at test_level=ci, all 2^32 at full), under random guards: a guarded-off
 * lane's predicate bit keeps its old value. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ptxcpu.h>

#include "inputs.h"
#include "test_common.h"

#define WARPS 1024 /* per batch */
#define RANDOM_VALUES 200000

enum prop { P_FINITE, P_INFINITE, P_NUMBER, P_NOTANUMBER, P_NORMAL, P_SUBNORMAL, P_COUNT };
static const char *const prop_names[P_COUNT] = {"finite", "infinite", "number", "notanumber",
                                                "normal", "subnormal"};

/* The C library's answer for one value of class c (fpclassify), NaN-ness and infinity. The spec's
 * special case: "positive and negative zero are considered normal numbers". */
static int oracle(enum prop p, int c, int nan, int inf)
{
    switch (p) {
    case P_FINITE: return !nan && !inf;
    case P_INFINITE: return inf;
    case P_NUMBER: return !nan;
    case P_NOTANUMBER: return nan;
    case P_NORMAL: return c == FP_NORMAL || c == FP_ZERO;
    default: return c == FP_SUBNORMAL;
    }
}
static int oracle_bits(enum prop p, int f64, uint64_t bits)
{
    if (f64) {
        double x;
        memcpy(&x, &bits, sizeof x);
        return oracle(p, fpclassify(x), isnan(x) != 0, isinf(x) != 0);
    }
    uint32_t b = (uint32_t)bits;
    float x;
    memcpy(&x, &b, sizeof x);
    return oracle(p, fpclassify(x), isnan(x) != 0, isinf(x) != 0);
}

typedef struct values { uint64_t *v; size_t n, cap; } values;
static void push(values *vs, uint64_t x)
{
    if (vs->n == vs->cap) {
        vs->cap = vs->cap ? 2 * vs->cap : 1 << 16;
        vs->v = realloc(vs->v, vs->cap * sizeof *vs->v);
        if (!vs->v) {
            fprintf(stderr, "testp-libc: out of memory\n");
            exit(2);
        }
    }
    vs->v[vs->n++] = x;
}

static unsigned long long npass, nfail;

/* Runs kernel k over vs (WARPS warps at a time) and checks every predicate bit and guard. */
static void check(ptxcpu_kernel k, const char *mn, enum prop p, int f64, const values *vs,
                  rng_t *r)
{
    ptxcpu_w64 *a64 = f64 ? aligned_alloc(64, WARPS * sizeof *a64) : NULL;
    ptxcpu_w32 *a32 = f64 ? NULL : aligned_alloc(64, WARPS * sizeof *a32);
    ptxcpu_lanemask d[WARPS], old[WARPS], guard[WARPS];
    unsigned long long fails = 0;
    for (size_t at = 0; at < vs->n; at += (size_t)WARPS * PTXCPU_WARP) {
        size_t n = vs->n - at < (size_t)WARPS * PTXCPU_WARP ? vs->n - at : (size_t)WARPS * PTXCPU_WARP;
        size_t nw = (n + PTXCPU_WARP - 1) / PTXCPU_WARP;
        for (size_t w = 0; w < nw; w++) {
            uint64_t g = rng_next(r);
            old[w] = d[w] = (ptxcpu_lanemask)rng_next(r);
            guard[w] = g % 4 ? ~0u : g % 8 == 4 ? 0 : (ptxcpu_lanemask)(g >> 32);
            for (unsigned i = 0; i < PTXCPU_WARP; i++) {
                size_t j = w * PTXCPU_WARP + i;
                uint64_t x = j < n ? vs->v[at + j] : 0;
                if (j >= n)
                    guard[w] &= ~(1u << i);
                if (f64) a64[w].lane[i] = x;
                else a32[w].lane[i] = (uint32_t)x;
            }
        }
        ptxcpu_batch b = {.n = nw, .d = d, .d_stride = sizeof d[0], .guard = guard,
                          .guard_stride = sizeof guard[0]};
        b.src[0] = f64 ? (ptxcpu_src){a64, sizeof *a64} : (ptxcpu_src){a32, sizeof *a32};
        if (ptxcpu_run(k, &b)) {
            printf("FAIL %s [%s]: ptxcpu_run: %s\n", mn, ptxcpu_kernel_variant(k), ptxcpu_last_error());
            nfail++;
            break;
        }
        for (size_t w = 0; w < nw; w++)
            for (unsigned i = 0; i < PTXCPU_WARP; i++) {
                size_t j = w * PTXCPU_WARP + i;
                int on = guard[w] >> i & 1;
                unsigned want = on ? (unsigned)oracle_bits(p, f64, vs->v[at + j]) : old[w] >> i & 1;
                unsigned got = d[w] >> i & 1;
                if (want == got) {
                    npass++;
                    continue;
                }
                if (fails++ < 8)
                    printf("FAIL %s [%s]: a = %#llx (lane %s): expected %u, got %u\n", mn,
                           ptxcpu_kernel_variant(k),
                           (unsigned long long)(j < n ? vs->v[at + j] : 0),
                           on ? "active" : "guarded off", want, got);
            }
    }
    nfail += fails;
    free(a64);
    free(a32);
}

int main(void)
{
    unsigned long scale = test_scale();
    const char *st = getenv("TESTP_STEP"); /* the f32 sweep's step (meson.build: by test level) */
    unsigned long step = st && *st ? strtoul(st, NULL, 0) : 4093;
    if (!step)
        step = 1;
    size_t rows = 0;
    for (size_t i = 0; i < ptxcpu_insn_count(); i++) {
        ptxcpu_insn_desc d;
        ptxcpu_insn insn;
        if (ptxcpu_insn_at(i, &d) || d.dst_bits != PTXCPU_DST_PRED)
            continue;
        if (strncmp(d.mnemonic, "testp.", 6)) /* setp, and.pred ...: tests/cmp */
            continue;
        rows++;
        char buf[64];
        snprintf(buf, sizeof buf, "%s", d.mnemonic);
        char *save = NULL, *op = strtok_r(buf, ".", &save), *pn = strtok_r(NULL, ".", &save),
             *ty = strtok_r(NULL, ".", &save);
        int p = 0;
        while (p < P_COUNT && (!pn || strcmp(pn, prop_names[p])))
            p++;
        int f64 = ty && !strcmp(ty, "f64");
        if (strcmp(op, "testp") || p == P_COUNT || !ty || (!f64 && strcmp(ty, "f32")) ||
            d.nsrc != 1 || d.src_bits[0] != (f64 ? 64u : 32u) ||
            d.elem != (f64 ? PTXCPU_ELEM_F64 : PTXCPU_ELEM_F32) || strcmp(d.section, "9.7.3.1")) {
            printf("FAIL %s: a predicate destination this test cannot read\n", d.mnemonic);
            nfail++;
            continue;
        }
        /* the values: edges, random bit patterns (and random ones of each class), the sweep */
        const fpfmt *f = f64 ? &FMT_F64 : &FMT_F32;
        uint64_t edges[EDGE_MAX];
        size_t ne = edge_values(f, edges);
        values vs = {0};
        for (size_t e = 0; e < ne; e++)
            push(&vs, edges[e]);
        rng_t r = {0x7e57bull * (i + 1)};
        for (unsigned long k = 0; k < RANDOM_VALUES / scale; k++) {
            uint64_t x = rng_next(&r) & fp_mask(f);
            switch (k % 4) { /* exponent field all zeros / all ones a quarter of the time each */
            case 1: x &= ~(fp_emask(f) << (f->p - 1)); break;
            case 2: x |= fp_emask(f) << (f->p - 1); break;
            default: break;
            }
            push(&vs, x);
        }
        insn.op = 0;
        if (ptxcpu_parse_form(d.mnemonic, PTXCPU_VEC_N(d.dst_bits), d.nsrc, NULL, &insn)) {
            printf("FAIL %s: %s\n", d.mnemonic, ptxcpu_last_error());
            nfail++;
            free(vs.v);
            continue;
        }
        for (int isa = 0; isa < PTXCPU_ISA_COUNT; isa++) {
            ptxcpu_kernel k;
            if (!ptxcpu_isa_usable((ptxcpu_isa)isa) || ptxcpu_resolve(&insn, (ptxcpu_isa)isa, &k))
                continue;
            unsigned long long before = nfail;
            check(k, d.mnemonic, (enum prop)p, f64, &vs, &r);
            size_t count = vs.n;
            if (!f64) { /* the sweep, a batch of values at a time */
                values sw = {0};
                for (uint64_t x = i % step; x <= 0xffffffffu; x += step * scale) {
                    push(&sw, x);
                    if (sw.n == (size_t)WARPS * PTXCPU_WARP) {
                        check(k, d.mnemonic, (enum prop)p, f64, &sw, &r);
                        count += sw.n, sw.n = 0;
                    }
                }
                check(k, d.mnemonic, (enum prop)p, f64, &sw, &r);
                count += sw.n;
                free(sw.v);
            }
            printf("  %-22s %-8s %10zu values%s\n", d.mnemonic, ptxcpu_kernel_variant(k), count,
                   nfail != before ? "  FAILED" : "");
        }
        free(vs.v);
    }
    if (rows != 12) {
        printf("FAIL %zu predicate-writing spellings; testp has 12 (6 properties x f32, f64)\n", rows);
        nfail++;
    }
    printf("testp-libc: %llu passed, %llu failed\n", npass, nfail);
    return nfail ? 1 : 0;
}
