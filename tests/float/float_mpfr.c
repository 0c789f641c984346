/* The float suite's oracle test: every floating-point spelling of the instruction table, run by
 * the scalar kernels over batches of warps and compared lane by lane, bit for bit, with MPFR. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ptxcpu.h>

#include "inputs.h"
#include "oracle.h"
#include "test_fenv.h"

#define RANDOM_CASES 100000 /* per spelling, divided by PTXCPU_TEST_SCALE */
#define CHUNK_WARPS 1024
#define MAX_SPELLINGS 1024
#define MAX_FAMILIES 128
#define SHOW_PER_SPELLING 8
#define SHOW_TOTAL 80

typedef struct spelling {
    const char *mnemonic, *target; /* target NULL: the default target */
    ptxcpu_insn_desc desc;
    ptxcpu_kernel kernel;
    oracle_spec spec;
    unsigned elem_bits;
    char family[48];
} spelling;

typedef struct family {
    char name[48];
    size_t spellings, lanes, elements;
} family;

static family families[MAX_FAMILIES];
static size_t nfamilies;
static unsigned long shown;

static family *family_of(const char *name)
{
    for (size_t i = 0; i < nfamilies; i++)
        if (!strcmp(families[i].name, name))
            return &families[i];
    if (nfamilies == MAX_FAMILIES) {
        fprintf(stderr, "too many families\n");
        exit(2);
    }
    snprintf(families[nfamilies].name, sizeof families[0].name, "%s", name);
    return &families[nfamilies++];
}

/* The oracle's reading of a spelling: op, format and modifiers from the mnemonic, plus what the
 * target changes (sm_1x: add/sub/mul/abs/neg/min/max.f32 flush, mad.f32 without rounding is the
 * legacy mad). */
static int describe(spelling *sp, unsigned sm)
{
    static const fpfmt *const fmts[] = {NULL, &FMT_F16, &FMT_BF16, &FMT_F32, &FMT_F64};
    char buf[64], *save = NULL;
    int has_rnd = 0;
    oracle_spec *s = &sp->spec;
    snprintf(buf, sizeof buf, "%s", sp->mnemonic);
    const char *op = strtok_r(buf, ".", &save);
    memset(s, 0, sizeof *s);
    s->f = fmts[sp->desc.elem];
    const char *last = strrchr(sp->mnemonic, '.') + 1; /* mixed: "<op>...f32.f16" / ".bf16" */
    int mixed = (!strcmp(last, "f16") || !strcmp(last, "bf16")) && strstr(sp->mnemonic, ".f32.");
    if (mixed)
        s->fa = last[0] == 'b' ? &FMT_BF16 : &FMT_F16;
    s->rnd = MPFR_RNDN;
    for (const char *tok; (tok = strtok_r(NULL, ".", &save)) != NULL;) {
        if (!strcmp(tok, "ftz"))
            s->ftz = 1;
        else if (!strcmp(tok, "sat"))
            s->sat = 1;
        else if (!strcmp(tok, "NaN"))
            s->nan = 1;
        else if (!strcmp(tok, "xorsign"))
            s->xorsign = 1;
        else if (!strcmp(tok, "abs"))
            s->abs = 1; /* (read by the three-input min/max only) */
        else if (!strcmp(tok, "relu"))
            s->relu = 1;
        else if (!strcmp(tok, "oob"))
            s->oob = 1;
        else if (tok[0] == 'r' && strlen(tok) == 2) {
            has_rnd = 1;
            s->rnd = tok[1] == 'n' ? MPFR_RNDN : tok[1] == 'z' ? MPFR_RNDZ : tok[1] == 'm' ? MPFR_RNDD : MPFR_RNDU;
        }
    }
    int f32 = sp->desc.elem == PTXCPU_ELEM_F32 && sp->desc.elems == 1, legacy = sm < 20;
    if (!strcmp(op, "sub"))
        s->op = OR_SUB, s->ftz |= f32 && legacy;
    else if (!strcmp(op, "add")) /* (f16/bf16 add has no sm_1x spelling: f32 is the only one) */
        s->op = OR_ADD, s->ftz |= f32 && legacy;
    else if (!strcmp(op, "mul"))
        s->op = OR_MUL, s->ftz |= f32 && legacy;
    else if (!strcmp(op, "fma"))
        s->op = OR_FMA;
    else if (!strcmp(op, "copysign"))
        s->op = OR_COPYSIGN;
    else if (!strcmp(op, "abs") || !strcmp(op, "neg") || !strcmp(op, "min") || !strcmp(op, "max")) {
        s->op = op[0] == 'a' ? OR_ABS : op[0] == 'n' ? OR_NEG : op[1] == 'i' ? OR_MIN : OR_MAX;
        if (sp->desc.nsrc == 3) /* min/max d, a, b, c (9.7.3.11/12) */
            s->op = op[1] == 'i' ? OR_MIN3 : OR_MAX3;
        s->ftz |= f32 && legacy; /* sm_1x: abs/neg/min/max.f32 flush subnormals (spec notes) */
    }
    else if (!strcmp(op, "div") || !strcmp(op, "rcp") || !strcmp(op, "sqrt") || !strcmp(op, "rsqrt")) {
        /* .approx/.full: docs/SEMANTICS.md's methods; on sm_1x the f32 forms flush (spec notes) */
        int approx = strstr(sp->mnemonic, ".approx") != NULL, f64 = sp->desc.elem == PTXCPU_ELEM_F64;
        s->op = op[0] == 'd' ? (approx ? OR_DIV_APPROX : OR_DIV)
              : op[0] == 's' ? OR_SQRT
              : op[1] == 'c' ? (approx && f64 ? OR_RCP_HI : OR_RCP)
                             : (s->ftz && f64 ? OR_RSQRT_HI : OR_RSQRT);
        s->ftz |= f32 && legacy && !has_rnd;
    }
    else if (!strcmp(op, "mad")) {
        s->op = OR_FMA;
        if (f32 && !has_rnd) /* mad{.ftz}{.sat}.f32 */
            s->ftz = 1, s->op = legacy ? OR_MAD_SM1X : OR_FMA;
    } else
        return -1;
    sp->elem_bits = sp->desc.dst_bits / sp->desc.elems;
    snprintf(sp->family, sizeof sp->family, "%s.%s%s%s%s%s", op, mixed ? "f32." : "", last,
             s->op == OR_MIN3 || s->op == OR_MAX3 ? " (a, b, c)" : "", sp->target ? " @" : "",
             sp->target ? sp->target : "");
    return 0;
}

static int make_spelling(spelling *sp, const ptxcpu_insn_desc *d, const char *target)
{
    ptxcpu_insn insn;
    ptxcpu_status st;
    sp->mnemonic = d->mnemonic;
    sp->target = target;
    if ((st = ptxcpu_parse_form(d->mnemonic, PTXCPU_VEC_N(d->dst_bits), d->nsrc, target, &insn)) != PTXCPU_OK) /* this row's form */
        return (int)st;
    if ((st = ptxcpu_describe(&insn, &sp->desc)) != PTXCPU_OK ||
        (st = ptxcpu_resolve(&insn, PTXCPU_ISA_SCALAR, &sp->kernel)) != PTXCPU_OK)
        return (int)st;
    return describe(sp, insn.sm) ? PTXCPU_E_ARG : PTXCPU_OK;
}

/* Every step-th of the ncross crossed tuples at c (3 words each), compacted to the front; returns
 * how many remain. The step is made prime to ne (the edge count of a), so every edge value still
 * meets every other, in shifted combinations. Only three-operand crossings (ne^3 tuples) are
 * thinned: at step 1 they are nearly all of a suite's cases. */
static size_t thin_cross(uint64_t *c, size_t ncross, size_t step, size_t ne)
{
    while (step > 1 && ne % step == 0)
        step++;
    size_t k = 0;
    for (size_t i = 0; i < ncross; i += step, k++)
        memmove(&c[3 * k], &c[3 * i], 3 * sizeof *c);
    return k;
}

/* Mixed precision (9.7.5): the half edges for a (and b), the f32 ones for the last operand, crossed,
 * then random tuples. */
static uint64_t *make_mixed_cases(const spelling *sp, size_t nrandom, size_t step, uint64_t seed,
                                   size_t *count)
{
    uint64_t ea[EDGE_MAX], ec[EDGE_MAX];
    size_t nea = edge_values(sp->spec.fa, ea), nec = edge_values(sp->spec.f, ec);
    size_t nops = sp->desc.nsrc, ncross = nops == 3 ? nea * nea * nec : nea * nec;
    size_t n = ncross + nrandom;
    uint64_t *c = calloc(n * 3, sizeof *c);
    rng_t r = {seed};
    if (!c) {
        perror("calloc");
        exit(2);
    }
    for (size_t i = 0; i < ncross; i++) {
        c[3 * i] = ea[i % nea];
        if (nops == 3)
            c[3 * i + 1] = ea[i / nea % nea];
        c[3 * i + nops - 1] = ec[i / nea / (nops == 3 ? nea : 1)];
    }
    if (nops == 3)
        ncross = thin_cross(c, ncross, step, nea), n = ncross + nrandom;
    for (size_t i = ncross; i < n; i++)
        random_mixed(sp->spec.fa, (unsigned)nops, &r, ea, nea, ec, nec, &c[3 * i]);
    *count = n;
    return c;
}

/* All operand tuples of a spelling: its format's edge values crossed exhaustively, then random. */
static uint64_t *make_cases(const spelling *sp, size_t nrandom, size_t step, uint64_t seed,
                            size_t *count)
{
    uint64_t edges[EDGE_MAX];
    const fpfmt *f = sp->spec.f;
    size_t ne = edge_values(f, edges), nops = sp->desc.nsrc;
    if (sp->spec.fa)
        return make_mixed_cases(sp, nrandom, step, seed, count);
    size_t ncross = nops == 3 ? ne * ne * ne : ne * ne, n = ncross + nrandom;
    uint64_t *c = malloc(n * 3 * sizeof *c);
    rng_t r = {seed};
    if (!c) {
        perror("malloc");
        exit(2);
    }
    for (size_t i = 0; i < ncross; i++) {
        c[3 * i] = edges[i % ne];
        c[3 * i + 1] = edges[i / ne % ne];
        c[3 * i + 2] = nops == 3 ? edges[i / ne / ne] : 0;
    }
    if (nops == 3)
        ncross = thin_cross(c, ncross, step, ne), n = ncross + nrandom;
    for (size_t i = ncross; i < n; i++) {
        random_case(f, (unsigned)nops, &r, edges, ne, &c[3 * i]);
        if (sp->spec.oob && i % 8 < 2) /* the OOB NaN in a or b, either sign, beside any c */
            c[3 * i + i % 2] = 0x7ff7 | (rng_next(&r) & 0x8000);
    }
    *count = n;
    return c;
}

static void put(void *reg, unsigned bits, size_t i, uint64_t v)
{
    if (bits == 16)
        ((uint16_t *)reg)[i] = (uint16_t)v;
    else if (bits == 32)
        ((uint32_t *)reg)[i] = (uint32_t)v;
    else
        ((uint64_t *)reg)[i] = v;
}

static uint64_t get(const void *reg, unsigned bits, size_t i)
{
    return bits == 16 ? ((const uint16_t *)reg)[i]
         : bits == 32 ? ((const uint32_t *)reg)[i]
                      : ((const uint64_t *)reg)[i];
}

static void *xalloc(size_t size)
{
    void *p = aligned_alloc(64, (size + 63) / 64 * 64);
    if (!p) {
        perror("aligned_alloc");
        exit(2);
    }
    return p;
}

/* Runs one spelling over all its cases; returns the number of mismatching elements. */
/* caller_mode: the caller's floating-point environment while the kernel runs (the oracle runs
 * in the default one); the scalar reference must give the same bits under every mode. */
static size_t check_spelling(const spelling *sp, size_t nrandom, size_t step, uint64_t seed,
                             unsigned caller_mode)
{
    const unsigned bits = sp->desc.dst_bits, eb = sp->elem_bits, elems = sp->desc.elems;
    const unsigned nsrc = sp->desc.nsrc;
    const uint64_t emask = eb == 64 ? ~0ull : (1ull << eb) - 1;
    const size_t regbytes = PTXCPU_WARP * bits / 8;
    size_t ncases, bad = 0, shown_here = 0;
    uint64_t *cases = make_cases(sp, nrandom, step, seed, &ncases);
    size_t nlanes = (ncases + elems - 1) / elems, nwarps = (nlanes + PTXCPU_WARP - 1) / PTXCPU_WARP;
    void *reg[4];
    for (int i = 0; i < 4; i++)
        reg[i] = xalloc(CHUNK_WARPS * regbytes);

    for (size_t w0 = 0; w0 < nwarps; w0 += CHUNK_WARPS) {
        size_t n = nwarps - w0 < CHUNK_WARPS ? nwarps - w0 : CHUNK_WARPS;
        size_t lane0 = w0 * PTXCPU_WARP;
        for (size_t l = 0; l < n * PTXCPU_WARP; l++)
            for (unsigned o = 0; o < nsrc; o++) {
                uint64_t v = 0;
                unsigned sb = sp->desc.src_bits[o], seb = sb / elems; /* mixed: 16-bit a, b */
                uint64_t smask = seb == 64 ? ~0ull : (1ull << seb) - 1;
                for (unsigned e = 0; e < elems; e++) {
                    size_t k = (lane0 + l) * elems + e;
                    v |= (cases[3 * (k < ncases ? k : ncases - 1) + o] & smask) << (e * seb);
                }
                put(reg[1 + o], sb, l, v);
            }
        ptxcpu_batch b;
        memset(&b, 0, sizeof b);
        b.n = n;
        b.d = reg[0];
        b.d_stride = (ptrdiff_t)regbytes;
        for (unsigned o = 0; o < nsrc; o++)
            b.src[o] = (ptxcpu_src){reg[1 + o], (ptrdiff_t)(PTXCPU_WARP * sp->desc.src_bits[o] / 8)};
        unsigned saved = get_fenv();
        set_fenv(caller_mode);
        ptxcpu_status st = ptxcpu_run(sp->kernel, &b);
        set_fenv(saved);
        if (st != PTXCPU_OK) {
            printf("FAIL %s: ptxcpu_run: %s (%s)\n", sp->mnemonic, ptxcpu_status_name(st), ptxcpu_last_error());
            free(cases);
            return ncases ? ncases : 1;
        }
        for (size_t l = 0; l < n * PTXCPU_WARP; l++)
            for (unsigned e = 0; e < elems; e++) {
                size_t k = (lane0 + l) * elems + e;
                const uint64_t *in = &cases[3 * (k < ncases ? k : ncases - 1)];
                uint64_t want = oracle_eval(&sp->spec, in);
                uint64_t got = get(reg[0], bits, l) >> (e * eb) & emask;
                if (got == want)
                    continue;
                bad++;
                if (shown_here++ < SHOW_PER_SPELLING && shown++ < SHOW_TOTAL) {
                    int w = (int)eb / 4;
                    printf("MISMATCH %s%s%s warp %zu lane %zu elem %u: a=0x%0*llx b=0x%0*llx", sp->mnemonic,
                           sp->target ? " @" : "", sp->target ? sp->target : "", w0 + l / PTXCPU_WARP,
                           l % PTXCPU_WARP, e, w, (unsigned long long)in[0], w, (unsigned long long)in[1]);
                    if (nsrc == 3)
                        printf(" c=0x%0*llx", w, (unsigned long long)in[2]);
                    printf(" expected 0x%0*llx got 0x%0*llx\n", w, (unsigned long long)want, w,
                           (unsigned long long)got);
                }
            }
    }
    family *fam = family_of(sp->family);
    fam->spellings++;
    fam->lanes += nwarps * PTXCPU_WARP;
    fam->elements += ncases;
    for (int i = 0; i < 4; i++)
        free(reg[i]);
    free(cases);
    if (bad)
        printf("FAIL %s%s%s (caller's FP mode %#x): %zu of %zu elements mismatch\n", sp->mnemonic,
               sp->target ? " @" : "", sp->target ? sp->target : "", caller_mode, bad, ncases);
    return bad;
}

static unsigned long env_ulong(const char *name, unsigned long dflt)
{
    const char *s = getenv(name);
    unsigned long v = s && *s ? strtoul(s, NULL, 0) : dflt;
    return v ? v : dflt;
}

/* sin, cos, lg2, ex2, tanh .approx: their results are SLEEF's within the spec's bounds, which
 * suite approx checks over every input (sampled in CI); MPFR has no bits to compare them with. */
static int approx_transcendental(const char *mn)
{
    static const char *const ops[] = {"sin.", "cos.", "lg2.", "ex2.", "tanh."};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strncmp(mn, ops[i], strlen(ops[i])))
            return 1;
    return 0;
}

int main(void)
{
    static spelling sp[MAX_SPELLINGS];
    size_t nsp = 0, nrows = 0, passed = 0, failed = 0;
    unsigned long scale = env_ulong("PTXCPU_TEST_SCALE", 1);
    uint64_t seed = env_ulong("PTXCPU_FLOAT_SEED", 0x5eedf10a7ull);
    size_t nrandom = RANDOM_CASES / scale;
    /* FLOAT_CROSS_STEP="S0,S1": the three-operand edge crossings of the default pass and of the
     * caller-mode pass take every S-th tuple (tests/float/meson.build; 1,1 = all of them) */
    size_t cross_step[2] = {1, 1};
    const char *cs = getenv("FLOAT_CROSS_STEP");
    if (cs && (sscanf(cs, "%zu,%zu", &cross_step[0], &cross_step[1]) != 2 || !cross_step[0] ||
               !cross_step[1])) {
        printf("float-mpfr: FLOAT_CROSS_STEP=%s: want two positive counts, S0,S1\n", cs);
        return 2;
    }
    clock_t t0 = clock();

    printf("float-mpfr: MPFR %s, seed 0x%llx, %zu random cases per spelling; three-operand edge "
           "tuples: 1 in %zu, 1 in %zu under caller modes\n", mpfr_get_version(),
           (unsigned long long)seed, nrandom, cross_step[0], cross_step[1]);
    /* Every float row on the default target; those sm_13 accepts again on sm_13. */
    size_t nspelled_float = 0; /* rows whose mnemonic ends in a float type: all must be here */
    size_t npred = 0;          /* ... or in testp_libc.c (testp: d is a predicate) */
    size_t napprox = 0;        /* ... or in tests/approx (sin, cos, lg2, ex2, tanh: bounds) */
    size_t nselect = 0;        /* ... or in tests/int/spelling.c (selp: a register's bits) */
    for (size_t i = 0; i < ptxcpu_insn_count(); i++) {
        ptxcpu_insn_desc d;
        if (ptxcpu_insn_at(i, &d) != PTXCPU_OK)
            continue;
        if (!strncmp(d.mnemonic, "prmt.", 5) || !strncmp(d.mnemonic, "mov.", 4) ||
            !strncmp(d.mnemonic, "cvt.", 4) || !strncmp(d.section, "9.7.13.", 7))
            continue; /* bits moved or converted, or a warp-level reduction (redux .f32):
                         tests/move (prmt's last token is a mode: .f4e no float type; cvt's last
                         type is the source's) */
        const char *type = strrchr(d.mnemonic, '.') + 1;
        nspelled_float += type[0] == 'f' || !strncmp(type, "bf", 2);
        int float_named = type[0] == 'f' || !strncmp(type, "bf", 2);
        if (!strncmp(d.mnemonic, "set.", 4) || !strncmp(d.mnemonic, "slct.", 5)) {
            npred += float_named; /* the comparisons, whose last type is a source's: tests/cmp */
            continue;
        }
        if (d.elem == PTXCPU_ELEM_INT)
            continue;
        if (d.dst_bits == PTXCPU_DST_PRED || d.dst_bits == PTXCPU_DST_PRED_PAIR) {
            /* predicates: testp's in testp_libc.c, setp's in tests/cmp */
            npred++;
            continue;
        }
        if (approx_transcendental(d.mnemonic)) { /* an error bound, not bits: tests/approx */
            napprox++;
            continue;
        }
        if (!strncmp(d.mnemonic, "selp.", 5)) { /* bits chosen, not computed: tests/int's oracle */
            nselect++;
            continue;
        }
        nrows++;
        for (int legacy = 0; legacy < 2; legacy++) {
            const char *target = legacy ? "sm_13" : NULL;
            if (nsp == MAX_SPELLINGS) {
                fprintf(stderr, "more than %d float spellings\n", MAX_SPELLINGS);
                return 2;
            }
            int st = make_spelling(&sp[nsp], &d, target);
            if (st == PTXCPU_OK)
                nsp++;
            else if (st != PTXCPU_OK && (!legacy || d.min_sm <= 13)) {
                printf("FAIL %s%s: cannot set up: %s\n", d.mnemonic, legacy ? " @sm_13" : "", ptxcpu_last_error());
                failed++;
            }
        }
    }
    if (nrows == 0 || nrows + npred + napprox + nselect != nspelled_float) {
        printf("FAIL table describes %zu spellings as float (%zu more with a predicate d, %zu "
               "approximate transcendentals), %zu end in a float type\n", nrows, npred, napprox,
               nspelled_float);
        failed++;
    }

    /* Each spelling in the default environment, then again (a quarter of the random cases)
     * under a caller's mode with directed rounding and flush-to-zero bits set. */
    oracle_init();
    for (size_t pass = 0; pass < (N_CALLER_FENV > 1 ? 2 : 1); pass++)
        for (size_t i = 0; i < nsp; i++) {
            unsigned mode = pass ? caller_fenv[1 + i % (N_CALLER_FENV - 1)] : caller_fenv[0];
            if (check_spelling(&sp[i], pass ? nrandom / 4 : nrandom, cross_step[pass],
                               seed ^ (0x9e3779b97f4a7c15ull * (i + 1 + pass * nsp)), mode))
                failed++;
            else
                passed++;
        }
    oracle_free();

    for (size_t i = 0; i < nfamilies; i++)
        printf("  %-16s %3zu spellings, %9zu lanes, %9zu elements checked\n", families[i].name,
               families[i].spellings, families[i].lanes, families[i].elements);
    printf("time %.1f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    printf("float-mpfr: %zu passed, %zu failed\n", passed, failed);
    return failed ? 1 : 0;
}
