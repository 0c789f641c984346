/* rcp.approx.ftz.f64 and rsqrt.approx.ftz.f64 (9.7.3.14, 9.7.3.17) on every significand of their
 * 1.11.20 input word in the binades [1, 2) and [2, 4), which by exact power-of-4 scaling stand
 * for every normal input (docs/SEMANTICS.md), plus sampled significands of the extreme binades
 * (flushed results, subnormal-free edges), with junk in the ignored lower word: every table this
 * build runs (the scalar reference, the native SIMD ones, the emulated ones) against MPFR. */
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ptxcpu.h>

#include "emu_tables.h"
#include "test_common.h"

static const unsigned exps[] = {0x3ff, 0x400, 0x001, 0x002, 0x7fd, 0x7fe, 0x7ff, 0x000};

/* The expected upper word: 1/t or 1/sqrt(t) rounded to nearest at 21 bits, special values per
 * the spec's tables; t normal here except for the exponent-0 and -0x7ff rows. */
static uint64_t expect(int rsq, uint32_t hi)
{
    unsigned e = hi >> 20 & 0x7ff;
    uint32_t sign = hi & 0x80000000u, frac = hi & 0xfffff;
    if (e == 0x7ff && frac)
        return 0x7fffffff;
    if (rsq && sign && !(e == 0))
        return 0x7fffffff; /* negative (not a flushed zero): NaN */
    if (e == 0)
        return sign | 0x7ff00000u; /* flushed: +-0 -> +-inf */
    if (e == 0x7ff)
        return sign; /* +-inf -> +-0 (rsqrt: +inf only here) */
    mpfr_t t, r;
    mpfr_init2(t, 21);
    mpfr_init2(r, 21);
    mpfr_set_ui(t, frac | 0x100000u, MPFR_RNDN);
    mpfr_mul_2si(t, t, (long)e - 1023 - 20, MPFR_RNDN);
    if (rsq)
        mpfr_rec_sqrt(r, t, MPFR_RNDN);
    else
        mpfr_ui_div(r, 1, t, MPFR_RNDN);
    long x;
    double m = mpfr_get_d_2exp(&x, r, MPFR_RNDN); /* |r| = m 2^x, m in [0.5, 1) */
    uint32_t out;
    if (x - 1 < -1022) /* below 2^-1022: flushed */
        out = 0;
    else
        out = (uint32_t)(x - 1 + 1023) << 20 | ((uint32_t)(m * 2 * (1 << 20)) & 0xfffff);
    mpfr_clear(t);
    mpfr_clear(r);
    return sign | out;
}

/* Runs kernel k (table tname) over the n inputs a; returns 1 when every lane is want's. */
static int check(const char *name, const char *tname, ptxcpu_kernel k, const uint64_t *a,
                 const uint64_t *want, uint64_t *d, size_t n)
{
    memset(d, 0xa5, n * 8);
    ptxcpu_batch b;
    memset(&b, 0, sizeof b);
    b.n = n / PTXCPU_WARP;
    b.d = d;
    b.d_stride = PTXCPU_WARP * 8;
    b.src[0] = (ptxcpu_src){a, PTXCPU_WARP * 8};
    if (ptxcpu_run(k, &b)) {
        printf("FAIL %s on %s: %s\n", name, tname, ptxcpu_last_error());
        return 0;
    }
    size_t bad = 0;
    for (size_t i = 0; i < b.n * PTXCPU_WARP; i++)
        if (d[i] != want[i] && bad++ < 5)
            printf("MISMATCH %s on %s: a=0x%016llx expected 0x%016llx got 0x%016llx\n", name,
                   tname, (unsigned long long)a[i], (unsigned long long)want[i],
                   (unsigned long long)d[i]);
    printf("%s %s on %s: %zu inputs, %zu wrong\n", bad ? "FAIL" : "ok  ", name, tname,
           b.n * PTXCPU_WARP, bad);
    return bad == 0;
}

int main(void)
{
    const char *names[2] = {"rcp.approx.ftz.f64", "rsqrt.approx.ftz.f64"};
    size_t n = 0, cap = (sizeof exps / sizeof exps[0]) * 2 * (1u << 20);
    uint64_t *a = malloc(cap * 8), *d = malloc(cap * 8), *want = malloc(cap * 8);
    if (!a || !d || !want)
        return 2;
    /* all significands of the first two exponents, every 61st of the others with both signs;
     * a lower word that must be ignored */
    for (size_t k = 0; k < sizeof exps / sizeof exps[0]; k++)
        for (uint32_t f = 0; f < (1u << 20); f += k < 2 ? 1 : 61)
            for (uint32_t s = 0; s < (k < 2 ? 1u : 2u); s++) {
                uint32_t hi = s << 31 | exps[k] << 20 | f;
                a[n++] = (uint64_t)hi << 32 | (uint32_t)(f * 2654435761u);
            }
    unsigned failed = 0, passed = 0;
    for (int op = 0; op < 2; op++) {
        for (size_t i = 0; i < n; i++)
            want[i] = expect(op, (uint32_t)(a[i] >> 32)) << 32;
        ptxcpu_insn insn;
        ptxcpu_kernel k;
        if (ptxcpu_parse(names[op], NULL, &insn)) {
            printf("FAIL %s: %s\n", names[op], ptxcpu_last_error());
            return 1;
        }
        for (int t = 0; t < PTXCPU_ISA_COUNT; t++) /* every ISA this CPU runs */
            if (ptxcpu_isa_usable((ptxcpu_isa)t) &&
                !ptxcpu_resolve(&insn, (ptxcpu_isa)t, &k))
                check(names[op], ptxcpu_isa_name((ptxcpu_isa)t), k, a, want, d, n) ? passed++
                                                                                  : failed++;
        if (ptxcpu_resolve(&insn, PTXCPU_ISA_SCALAR, &k))
            return 1;
        for (const emu_table *e = emu_tables; e->name; e++) /* and every emulated table */
            if (e->k[k->op].fn) /* (an extension's table holds only its families) */
                check(names[op], e->name, &e->k[k->op], a, want, d, n) ? passed++ : failed++;
    }
    mpfr_free_cache();
    free(a);
    free(d);
    free(want);
    printf("approx-hi-sweep: %u passed, %u failed\n", passed, failed);
    return failed || !passed;
}
