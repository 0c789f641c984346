/* The error bounds of the .approx transcendentals (sin, cos, lg2, ex2, tanh; 9.7.3.18-22, 9.7.4.9-10)
 * proven by sweeping their inputs: every 32-bit pattern of the f32 forms and every 16-bit one of
 * the half forms (each element of the x2 forms), at a step (PTXCPU_TEST_SCALE; 1 = all) plus the
 * edge values, through a kernel table (the scalar reference unless --isa) against the C library's
 * double-precision functions. Prints the maximum error per spelling and range in the spec's metric
 * (absolute, relative: as log2; ulp: steps from the correctly rounded f32), and fails when a bound
 * of the spec is exceeded, a special value of the spec's tables differs, or a NaN is not canonical.
 * Usage: approx_sweep [--isa NAME] [MNEMONIC...] (default: every sin/cos/lg2/ex2/tanh spelling). */
#include "ptxcpu.h"
#include "test_common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum metric { M_ABS, M_REL, M_ULP, M_NONE };
typedef struct range {
    const char *name;
    double lo, hi;       /* |x| (lo, hi] or x in (lo, hi) for lg2's interval: see in_range */
    enum metric metric;
    double bound;        /* abs/rel: 2^bound_log2; ulp: steps; NONE: only reported */
    double bound_log2;
    double max;          /* the largest error seen, and where */
    uint32_t at;
    unsigned long n;
} range;

typedef struct sweep {
    const char *mn;
    int fn; /* 's' sin, 'c' cos, 'l' lg2, 'e' ex2, 't' tanh */
    int ftz;
    ptxcpu_insn_desc d;
    range r[3];
    int nr;
    unsigned long fails;
} sweep;

/* ---- formats ----------------------------------------------------------------------------------- */
typedef struct fmt {
    int p, ebits;
} fmt;
static fmt fmt_of(ptxcpu_elem e)
{
    return e == PTXCPU_ELEM_F16 ? (fmt){11, 5} : e == PTXCPU_ELEM_BF16 ? (fmt){8, 8} : (fmt){24, 8};
}
static int bias(fmt f) { return (1 << (f.ebits - 1)) - 1; }
static uint32_t signbit_(fmt f) { return 1u << (f.p + f.ebits - 1); }
static int is_nan_(fmt f, uint32_t x)
{
    uint32_t em = ((1u << f.ebits) - 1) << (f.p - 1);
    return (x & em) == em && (x & ((1u << (f.p - 1)) - 1));
}
static int is_sub(fmt f, uint32_t x)
{
    return !(x & (((1u << f.ebits) - 1) << (f.p - 1))) && (x & ((1u << (f.p - 1)) - 1));
}
static double decode(fmt f, uint32_t r)
{
    uint32_t frac = r & ((1u << (f.p - 1)) - 1);
    int e = (int)(r >> (f.p - 1) & ((1u << f.ebits) - 1));
    double v = e == (1 << f.ebits) - 1 ? (frac ? NAN : INFINITY)
             : e == 0 ? ldexp(frac, 1 - bias(f) - (f.p - 1))
                      : ldexp(frac | 1u << (f.p - 1), e - bias(f) - (f.p - 1));
    return (r & signbit_(f)) ? -v : v;
}
/* v rounded to nearest even in f (overflow: infinity), as bits. */
static uint32_t round_to(fmt f, double v)
{
    uint32_t s = signbit(v) ? signbit_(f) : 0;
    double a = fabs(v);
    if (isinf(a))
        return s | ((1u << f.ebits) - 1) << (f.p - 1);
    if (a == 0)
        return s;
    int e = ilogb(a), emin = 1 - bias(f);
    if (e < emin)
        e = emin;
    double q = rint(ldexp(a, f.p - 1 - e));
    if (q >= ldexp(1, f.p))
        q /= 2, e++;
    if (e > bias(f))
        return s | ((1u << f.ebits) - 1) << (f.p - 1);
    uint32_t m = (uint32_t)q;
    if (m < 1u << (f.p - 1))
        return s | m;
    return s | (uint32_t)(e + bias(f)) << (f.p - 1) | (m & ((1u << (f.p - 1)) - 1));
}
static int64_t ordinal(fmt f, uint32_t r)
{
    int64_t m = r & (signbit_(f) - 1);
    return (r & signbit_(f)) ? -m : m;
}

/* ---- the spellings and their ranges (the spec's Notes) ------------------------------------------ */
static void add_range(sweep *s, const char *name, double lo, double hi, enum metric m, double b)
{
    range *r = &s->r[s->nr++];
    *r = (range){name, lo, hi, m, m == M_ULP ? b : exp2(b), b, -1, 0, 0};
}

static int setup(sweep *s, const char *mn)
{
    ptxcpu_insn insn;
    memset(s, 0, sizeof *s);
    s->mn = mn;
    if (ptxcpu_parse(mn, NULL, &insn) || ptxcpu_describe(&insn, &s->d) || s->d.nsrc != 1) {
        fprintf(stderr, "%s: not a one-input instruction of the table\n", mn);
        return 0;
    }
    s->fn = mn[0] == 's' ? 's' : mn[0] == 'c' ? 'c' : mn[0] == 'l' ? 'l' : mn[1] == 'x' ? 'e' : 't';
    s->ftz = strstr(mn, ".ftz") != NULL;
    const double pi = 3.14159265358979323846;
    ptxcpu_elem el = s->d.elem;
    switch (s->fn) {
    case 's': case 'c':
        add_range(s, "[-2pi, 2pi]", 0, 2 * pi, M_ABS, -20.5);
        add_range(s, "[-100pi, 100pi]", 0, 100 * pi, M_ABS, -14.7);
        add_range(s, "elsewhere (no bound)", 100 * pi, INFINITY, M_NONE, 0);
        break;
    case 'l':
        add_range(s, "(0.5, 2)", 0, 0, M_ABS, -22);
        add_range(s, "other positive", 0, 0, M_REL, -22);
        break;
    case 'e':
        if (el == PTXCPU_ELEM_F32) {
            add_range(s, "all", 0, INFINITY, M_ULP, 2);
        } else {
            add_range(s, "normal results", 0, INFINITY, M_REL, el == PTXCPU_ELEM_F16 ? -9.9 : -7);
            /* not a spec bound: a subnormal half has too few bits for the relative bound */
            add_range(s, "subnormal results (ulp, ours)", 0, INFINITY, M_ULP, 1);
        }
        break;
    default:
        if (el == PTXCPU_ELEM_F32)
            add_range(s, "all", 0, INFINITY, M_REL, -11);
        else
            add_range(s, "all", 0, INFINITY, M_ABS, el == PTXCPU_ELEM_F16 ? -10.987 : -8);
    }
    return 1;
}

static double ref_of(int fn, double x)
{
    switch (fn) {
    case 's': return sin(x);
    case 'c': return cos(x);
    case 'l': return log2(x);
    case 'e': return exp2(x);
    default: return tanh(x);
    }
}

/* Which range x (and the result) falls in; -1: none of them (lg2 of non-positive). */
static int range_of(const sweep *s, fmt f, double x, double ref)
{
    double ax = fabs(x);
    switch (s->fn) {
    case 's': case 'c': return ax <= s->r[0].hi ? 0 : ax <= s->r[1].hi ? 1 : 2;
    case 'l': return x > 0.5 && x < 2 ? 0 : x > 0 ? 1 : -1;
    case 'e':
        if (s->d.elem == PTXCPU_ELEM_F32)
            return 0;
        return fabs(ref) < ldexp(1, 1 - bias(f)) ? 1 : 0;
    default: return 0;
    }
}

static int report_fail(sweep *s, uint32_t x, uint32_t got, const char *why)
{
    if (s->fails++ < 10)
        printf("FAIL %s 0x%0*x -> 0x%0*x: %s\n", s->mn, (int)(s->d.dst_bits / s->d.elems / 4), x,
               (int)(s->d.dst_bits / s->d.elems / 4), got, why);
    return 0;
}

/* Checks one element: input x, result got (bits of the element format). */
static void check_one(sweep *s, uint32_t x, uint32_t got)
{
    fmt f = fmt_of(s->d.elem);
    uint32_t nan = signbit_(f) - 1;
    uint32_t xin = x;
    if (s->ftz && is_sub(f, x))
        xin = x & signbit_(f);
    double xv = decode(f, xin), ref = ref_of(s->fn, xv);
    if (is_nan_(f, x) || isnan(ref)) {
        if (got != nan)
            report_fail(s, x, got, "expected the canonical NaN");
        return;
    }
    /* The spec's tables: +-0 and +-Inf inputs give exact values (a flushed subnormal is a zero). */
    if (xv == 0 || isinf(xv)) {
        if (got != round_to(f, ref))
            report_fail(s, x, got, "special value of the spec's table");
        return;
    }
    if (s->ftz && is_sub(f, got))
        report_fail(s, x, got, "subnormal result under .ftz");
    int k = range_of(s, f, xv, ref);
    if (k < 0)
        return;
    range *r = &s->r[k];
    double g = decode(f, got), err;
    uint32_t rounded = round_to(f, ref);
    if (s->ftz && is_sub(f, rounded) && got == (rounded & signbit_(f))) {
        err = 0; /* flushed as .ftz says */
    } else if (r->metric == M_ULP) {
        if (is_nan_(f, got)) {
            err = INFINITY;
        } else {
            int64_t d = ordinal(f, got) - ordinal(f, rounded);
            err = (double)(d < 0 ? -d : d);
        }
    } else if (isinf(decode(f, rounded))) {
        /* the exact value overflows the format: only the infinity of its sign is right */
        err = got == rounded ? 0 : INFINITY;
    } else if (!isfinite(g)) {
        err = INFINITY;
    } else {
        err = fabs(g - ref);
        if (r->metric == M_REL)
            err = ref != 0 ? err / fabs(ref) : (err ? INFINITY : 0);
    }
    r->n++;
    if (err > r->max || r->max < 0) {
        r->max = err;
        r->at = x;
    }
    if (r->metric != M_NONE && !(err <= r->bound))
        report_fail(s, x, got, r->name);
    /* the abs ranges of sin/cos nest: [-2pi, 2pi] is also within [-100pi, 100pi] */
    if ((s->fn == 's' || s->fn == 'c') && k == 0) {
        range *o = &s->r[1];
        o->n++;
        if (err > o->max)
            o->max = err, o->at = x;
    }
}

/* ---- the run ------------------------------------------------------------------------------------- */
#define CHUNK (1u << 14) /* lanes per batch (512 warps) */

/* Edge values of a format: zeros, infinities, NaNs, subnormal and normal limits, and the ends of
 * the spec's ranges. */
static size_t edges(fmt f, uint32_t *out)
{
    size_t n = 0;
    uint32_t s = signbit_(f), inf = ((1u << f.ebits) - 1) << (f.p - 1);
    uint32_t base[] = {0, 1, 2, (1u << (f.p - 1)) - 1, 1u << (f.p - 1), inf - 1, inf, inf + 1,
                       s - 1, inf | 1u << (f.p - 2)};
    for (size_t i = 0; i < sizeof base / sizeof *base; i++) {
        out[n++] = base[i];
        out[n++] = base[i] | s;
    }
    const double pts[] = {0.5, 2, 1, 2 * 3.14159265358979323846, 100 * 3.14159265358979323846,
                          -126, -127.5, -149, -150, 128, 127.99, -14, -24, -25, 16, 15.99};
    for (size_t i = 0; i < sizeof pts / sizeof *pts; i++) {
        uint32_t b = round_to(f, pts[i]);
        for (int d = -1; d <= 1; d++) {
            out[n++] = b + (uint32_t)d;
            out[n++] = (b + (uint32_t)d) ^ s;
        }
    }
    return n;
}

static int run_sweep(sweep *s, ptxcpu_isa isa, unsigned step)
{
    ptxcpu_insn insn;
    ptxcpu_kernel k;
    if (ptxcpu_parse(s->mn, NULL, &insn) || ptxcpu_resolve(&insn, isa, &k)) {
        fprintf(stderr, "%s: %s\n", s->mn, ptxcpu_last_error());
        return 0;
    }
    fmt f = fmt_of(s->d.elem);
    unsigned eb = (unsigned)(f.p + f.ebits);
    uint64_t space = 1ull << eb;
    int half = eb == 16;
    /* the inputs: every step-th pattern (an odd step walks all bit positions), then the edges */
    uint64_t nstep = (space + step - 1) / step;
    uint32_t ev[128];
    size_t ne = edges(f, ev);
    uint64_t total = nstep + ne;
    unsigned long fails = 0;
    int ok = 1;
#pragma omp parallel reduction(&& : ok)
    {
        uint32_t *in = malloc(CHUNK * 4), *out = malloc(CHUNK * 4), *xs = malloc(CHUNK * 4);
        uint16_t *in16 = malloc(CHUNK * 2), *out16 = malloc(CHUNK * 2);
        sweep mine = *s; /* per-thread maxima, merged below */
#pragma omp for schedule(dynamic, 1)
        for (uint64_t c = 0; c < (total + CHUNK - 1) / CHUNK; c++) {
            size_t n = 0;
            for (uint64_t i = c * CHUNK; i < total && n < CHUNK; i++, n++)
                xs[n] = i < nstep ? (uint32_t)(i * step) : ev[i - nstep];
            size_t lanes = (n + PTXCPU_WARP - 1) / PTXCPU_WARP * PTXCPU_WARP;
            for (size_t i = n; i < lanes; i++)
                xs[i] = 0;
            ptxcpu_batch b = {.n = lanes / PTXCPU_WARP};
            if (s->d.dst_bits == 16) {
                for (size_t i = 0; i < lanes; i++)
                    in16[i] = (uint16_t)xs[i];
                b.d = out16, b.src[0].base = in16;
                b.d_stride = b.src[0].stride = PTXCPU_WARP * 2;
            } else {
                /* x2 forms: the element under test low, and high (another permutation) */
                for (size_t i = 0; i < lanes; i++)
                    in[i] = half ? xs[i] | (xs[(i * 7 + 3) % lanes] << 16) : xs[i];
                b.d = out, b.src[0].base = in;
                b.d_stride = b.src[0].stride = PTXCPU_WARP * 4;
            }
            if (ptxcpu_run(k, &b)) {
                ok = 0;
                continue;
            }
            for (size_t i = 0; i < n; i++) {
                if (s->d.dst_bits == 16) {
                    check_one(&mine, xs[i], out16[i]);
                } else if (half) {
                    check_one(&mine, xs[i], out[i] & 0xffff);
                    check_one(&mine, xs[(i * 7 + 3) % lanes], out[i] >> 16);
                } else {
                    check_one(&mine, xs[i], out[i]);
                }
            }
        }
#pragma omp critical
        {
            for (int r = 0; r < s->nr; r++) {
                range *a = &s->r[r], *b = &mine.r[r];
                a->n += b->n;
                if (b->max > a->max || (b->max == a->max && b->at < a->at))
                    a->max = b->max, a->at = b->at;
            }
            fails += mine.fails;
        }
        free(in), free(out), free(xs), free(in16), free(out16);
    }
    s->fails = fails;
    return ok;
}

static void print_sweep(const sweep *s, unsigned step)
{
    int w = (int)(s->d.dst_bits / s->d.elems / 4);
    for (int i = 0; i < s->nr; i++) {
        const range *r = &s->r[i];
        char got[64], bound[32];
        if (r->n == 0)
            snprintf(got, sizeof got, "no input");
        else if (r->metric == M_ULP)
            snprintf(got, sizeof got, "%.0f ulp", r->max);
        else if (r->max == 0)
            snprintf(got, sizeof got, "0");
        else
            snprintf(got, sizeof got, "2^%.2f", log2(r->max));
        if (r->metric == M_ULP)
            snprintf(bound, sizeof bound, "%.0f ulp", r->bound);
        else if (r->metric == M_NONE)
            snprintf(bound, sizeof bound, "none");
        else
            snprintf(bound, sizeof bound, "2^%g", r->bound_log2);
        printf("%-24s %-30s %s max %-10s at 0x%0*x  bound %-9s  (%lu inputs, step %u)\n", s->mn,
               r->name, r->metric == M_ABS ? "abs" : r->metric == M_REL ? "rel" : "   ", got, w,
               r->at, bound, r->n, step);
    }
}

int main(int argc, char **argv)
{
    ptxcpu_isa isa = PTXCPU_ISA_SCALAR;
    int a = 1;
    if (a + 1 < argc && !strcmp(argv[a], "--isa")) {
        if (ptxcpu_isa_from_name(argv[a + 1], &isa)) {
            fprintf(stderr, "--isa %s: %s\n", argv[a + 1], ptxcpu_last_error());
            return 2;
        }
        a += 2;
    }
    if (!ptxcpu_isa_usable(isa)) {
        printf("SKIP: ISA %s not usable here\n", ptxcpu_isa_name(isa));
        return 77;
    }
    static const char *all[] = {
        "sin.approx.f32", "sin.approx.ftz.f32", "cos.approx.f32", "cos.approx.ftz.f32",
        "lg2.approx.f32", "lg2.approx.ftz.f32", "ex2.approx.f32", "ex2.approx.ftz.f32",
        "tanh.approx.f32", "tanh.approx.f16", "tanh.approx.f16x2", "tanh.approx.bf16",
        "tanh.approx.bf16x2", "ex2.approx.f16", "ex2.approx.f16x2", "ex2.approx.ftz.bf16",
        "ex2.approx.ftz.bf16x2"};
    const char **list = a < argc ? (const char **)argv + a : all;
    int n = a < argc ? argc - a : (int)(sizeof all / sizeof *all);
    unsigned scale = test_scale();
    int failed = 0;
    for (int i = 0; i < n; i++) {
        sweep s;
        if (!setup(&s, list[i]))
            return 2;
        /* the step: PTXCPU_TEST_SCALE, made odd (so every low bit pattern occurs); the 16-bit
         * forms at most every 4th, so a sampled run still sees most of them */
        unsigned step = s.d.dst_bits / s.d.elems == 16 ? (scale > 4 ? 3 : 1) : scale;
        if (step > 1 && !(step & 1))
            step++;
        if (!run_sweep(&s, isa, step)) {
            fprintf(stderr, "%s: the kernel failed: %s\n", s.mn, ptxcpu_last_error());
            return 2;
        }
        print_sweep(&s, step);
        if (s.fails) {
            printf("%s: %lu inputs out of bound or wrong\n", s.mn, s.fails);
            failed = 1;
        }
        fflush(stdout);
    }
    return failed;
}
