/* Measures the error of ptxcpu's approximate algebraic spellings (what the library returns on the
 * active ISA) against MPFR, in each spec bound's metric, for docs/APPROX_ALG.md. One-input f32
 * spellings: every input of [1, 4) (relative error is the same on every binade pair), every
 * subnormal and every input of [2^125, 2^128) (the subnormal-result range of rcp); the
 * .ftz.f64 forms: every 1.11.20 significand of [1, 4); two-input and f64 spellings: random.
 * Build: cc -O2 -Iinclude tools/approx_alg_errors.c -Lbuild -lptxcpu -lmpfr -lm [-DSTEP=16]
 * Run: LD_LIBRARY_PATH=build ./a.out */
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ptxcpu.h>

enum metric { ULP, REL };
#ifndef STEP
#define STEP 1 /* every STEP-th input of the f32 ranges (cc -DSTEP=16: a quicker sample) */
#endif
#ifndef NRAND
#define NRAND (1u << 22) /* random inputs of the others */
#endif

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}

/* d's error against the exact y (both finite): in units of y's last place (p bits, exponents
 * down to emin), or relative. */
static double err(mpfr_srcptr y, double d, int p, int emin, enum metric m)
{
    mpfr_t e;
    mpfr_init2(e, 200);
    mpfr_sub_d(e, y, d, MPFR_RNDN);
    mpfr_abs(e, e, MPFR_RNDN);
    if (m == REL) {
        mpfr_div(e, e, y, MPFR_RNDN);
        mpfr_abs(e, e, MPFR_RNDN);
    } else {
        long ey = mpfr_get_exp(y) - 1; /* y = m 2^ey, m in [1, 2) */
        mpfr_mul_2si(e, e, -((ey < emin ? emin : ey) - p + 1), MPFR_RNDN);
    }
    double r = mpfr_get_d(e, MPFR_RNDU);
    mpfr_clear(e);
    return r;
}

static double as_double(uint64_t bits, int w)
{
    if (w == 64) {
        double d;
        memcpy(&d, &bits, 8);
        return d;
    }
    float f;
    uint32_t u = (uint32_t)bits;
    memcpy(&f, &u, 4);
    return f;
}

/* Runs spelling name on n inputs (a, b: 32- or 64-bit lanes) and returns the largest error. */
static double measure(const char *name, int w, int nsrc, uint64_t *a, uint64_t *b, size_t n,
                      enum metric m, int hi, int bounded_b)
{
    ptxcpu_insn insn;
    ptxcpu_kernel k;
    if (ptxcpu_parse(name, NULL, &insn) || ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k)) {
        printf("%s: %s\n", name, ptxcpu_last_error());
        exit(1);
    }
    size_t nw = n / PTXCPU_WARP, bytes = w / 8;
    void *ra = malloc(n * bytes), *rb = malloc(n * bytes), *rd = malloc(n * bytes);
    for (size_t i = 0; i < n; i++) {
        if (w == 32) {
            ((uint32_t *)ra)[i] = (uint32_t)a[i];
            ((uint32_t *)rb)[i] = (uint32_t)(b ? b[i] : 0);
        } else {
            ((uint64_t *)ra)[i] = a[i];
            ((uint64_t *)rb)[i] = b ? b[i] : 0;
        }
    }
    ptxcpu_batch bt;
    memset(&bt, 0, sizeof bt);
    bt.n = nw;
    bt.d = rd;
    bt.d_stride = (ptrdiff_t)(PTXCPU_WARP * bytes);
    bt.src[0] = (ptxcpu_src){ra, (ptrdiff_t)(PTXCPU_WARP * bytes)};
    bt.src[1] = (ptxcpu_src){rb, (ptrdiff_t)(PTXCPU_WARP * bytes)};
    if (ptxcpu_run(k, &bt)) {
        printf("%s: %s\n", name, ptxcpu_last_error());
        exit(1);
    }
    double worst = 0;
    int p = hi ? 21 : w == 32 ? 24 : 53, emin = w == 32 && !hi ? -126 : -1022;
    mpfr_t x, y, z;
    mpfr_inits2(200, x, y, z, (mpfr_ptr)0);
    for (size_t i = 0; i < nw * PTXCPU_WARP; i++) {
        uint64_t av = w == 32 ? ((uint32_t *)ra)[i] : ((uint64_t *)ra)[i];
        uint64_t dv = w == 32 ? ((uint32_t *)rd)[i] : ((uint64_t *)rd)[i];
        double ad = hi ? as_double(av & 0xffffffff00000000ull, 64) : as_double(av, w);
        double dd = as_double(dv, w);
        if (strstr(name, ".ftz") && ad != 0 && __builtin_fabs(ad) < (w == 32 && !hi ? 0x1p-126 : 0x1p-1022))
            continue; /* inputs .ftz flushes by definition */
        mpfr_set_d(x, ad, MPFR_RNDN);
        if (!strncmp(name, "rcp", 3))
            mpfr_ui_div(y, 1, x, MPFR_RNDN);
        else if (!strncmp(name, "sqrt", 4))
            mpfr_sqrt(y, x, MPFR_RNDN);
        else if (!strncmp(name, "rsqrt", 5))
            mpfr_rec_sqrt(y, x, MPFR_RNDN);
        else {
            double bd = as_double(w == 32 ? ((uint32_t *)rb)[i] : ((uint64_t *)rb)[i], w);
            if (bounded_b && (bd == 0 || __builtin_fabs(bd) < 0x1p-126 || __builtin_fabs(bd) > 0x1p126))
                continue;
            mpfr_set_d(z, bd, MPFR_RNDN);
            mpfr_div(y, x, z, MPFR_RNDN);
        }
        if (!mpfr_number_p(y) || mpfr_zero_p(y) || __builtin_isinf(dd) || __builtin_isnan(dd))
            continue; /* special values: the spec's tables, checked exactly by the suites */
        if (mpfr_get_exp(y) > 128 && w == 32)
            continue; /* overflowing results */
        if (strstr(name, ".ftz") && mpfr_get_exp(y) <= emin)
            continue; /* results .ftz flushes by definition */
        double e = err(y, dd, p, emin, m);
        if (e > worst)
            worst = e;
    }
    mpfr_clears(x, y, z, (mpfr_ptr)0);
    free(ra);
    free(rb);
    free(rd);
    return worst;
}

int main(void)
{
    size_t cap = 1u << 26, n = 0;
    uint64_t *a = malloc(cap * 8), *b = malloc(cap * 8);
    /* one-input f32: [1, 4), subnormals, [2^125, 2^128) */
    for (uint32_t u = 0x3f800000u; u < 0x40800000u; u += STEP) a[n++] = u;
    for (uint32_t u = 1; u < 0x00800000u; u += STEP) a[n++] = u;
    for (uint32_t u = 0x7e000000u; u < 0x7f800000u; u += STEP) a[n++] = u;
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("ISA %s, every %d-th input of the f32 ranges\n", ptxcpu_isa_name(ptxcpu_isa_active()),
           STEP);
    const char *f1[] = {"rcp.approx.f32", "rcp.approx.ftz.f32", "sqrt.approx.f32",
                        "sqrt.approx.ftz.f32", "rsqrt.approx.f32", "rsqrt.approx.ftz.f32"};
    for (int i = 0; i < 6; i++) {
        enum metric m = f1[i][0] == 'r' && f1[i][1] == 'c' ? ULP : REL;
        printf("%-22s max %s %.9g (%zu inputs)\n", f1[i], m == ULP ? "ulp" : "rel",
               measure(f1[i], 32, 1, a, NULL, n, m, 0, 0), n);
    }
    n = 0; /* 1.11.20 significands of [1, 4), junk below */
    for (uint64_t u = 0x3ff00000u; u < 0x40100000u; u++) a[n++] = u << 32 | (next() >> 32);
    printf("%-22s max ulp(20-bit fraction) %.9g (%zu inputs)\n", "rcp.approx.ftz.f64",
           measure("rcp.approx.ftz.f64", 64, 1, a, NULL, n, ULP, 1, 0), n);
    printf("%-22s max ulp(20-bit fraction) %.9g (%zu inputs)\n", "rsqrt.approx.ftz.f64",
           measure("rsqrt.approx.ftz.f64", 64, 1, a, NULL, n, ULP, 1, 0), n);
    n = NRAND; /* random f64 of every exponent */
    for (size_t i = 0; i < n; i++) a[i] = next() & 0x7fffffffffffffffull;
    printf("%-22s max ulp %.9g (%zu random inputs)\n", "rsqrt.approx.f64",
           measure("rsqrt.approx.f64", 64, 1, a, NULL, n, ULP, 0, 0), n);
    for (size_t i = 0; i < n; i++) {
        a[i] = (uint32_t)next();
        b[i] = (uint32_t)next();
    }
    const char *f2[] = {"div.approx.f32", "div.approx.ftz.f32", "div.full.f32", "div.full.ftz.f32"};
    for (int i = 0; i < 4; i++)
        printf("%-22s max ulp %.9g (%zu random pairs%s)\n", f2[i],
               measure(f2[i], 32, 2, a, b, n, ULP, 0, f2[i][4] == 'a'), n,
               f2[i][4] == 'a' ? ", |b| in [2^-126, 2^126]" : "");
    free(a);
    free(b);
    return 0;
}
