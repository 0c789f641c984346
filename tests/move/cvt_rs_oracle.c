/* Oracle of cvt.rs (9.7.9.21: stochastic rounding): cvt.rs{.relu}{.satfinite}.{f16x2,bf16x2}.f32
 * d, a, b, rbits, on every ISA table this machine runs and every emulated table the tests link
 * (tests/common/emu_tables.h).
 *
 * The model is written here from the section's .rs text and Figures 38-39 as docs/SEMANTICS.md
 * ("Conversion with the OCP MX formats", the .rs row) reads them, apart from the library's code.
 * Each element: the f32 input truncated toward zero on the destination's grid (f16: 10 fraction
 * bits, emin -14; bf16: 7, emin -126; subnormals on the grid, the exponent unbounded above); the
 * k bits just below the grid's last place (k = 13 for f16, 16 for bf16; for f16 subnormal results
 * more bits are discarded and only the top 13 take part) plus the element's k random bits (f16:
 * the low 13 of rbits' half, its top 3 ignored; bf16: the whole half; a: rbits' upper half, b: the
 * lower) either carry out of k bits (the next value away from zero) or not (the truncated one).
 * A result past MAX_NORM is +-Inf (+-MAX_NORM with .satfinite); +-Inf stay +-Inf (+-MAX_NORM with
 * .satfinite); NaN gives 0x7fff; zeros keep their sign; .relu after rounding: a negative result and
 * -0 give +0 (NaN stays 0x7fff). a's element goes to d's upper half.
 * Two models: the one the runs use, in integers on the f32 fields (significand, shift, carry),
 * and a second in binary64 values (frexp, floor: the truncated value and the discarded fraction as
 * numbers, the result encoded by value); they agree on every edge with every kind of rbits and on
 * random inputs before anything runs, and on the cases below worked by hand.
 *
 * What it checks:
 *  - the 8 spellings, enumerated here from the syntax lines, parse on sm_100; the table's rows
 *    spelled cvt.rs are exactly these; each one's shape (d, a, b, rbits: 32 bits), minimum target
 *    (sm_100) and PTX ISA version (8.7), a target below it refused; neighbours the syntax does not
 *    spell refused (the x4 forms, a vector source: tests/move/vec_oracle.c's);
 *  - edges: every f32 exponent field (0 .. 255) with mantissas that put 0, 1, half, all-but-one
 *    and all of the discarded bits (f16: 13 and below; bf16: 16) in place, and random ones; f16's
 *    subnormal results (2^-25 .. 2^-14, more than 13 discarded bits, the bits under the top 13
 *    set and clear), f16 around MAX_NORM (65504, 65520, 65536, +-2 ulp), bf16 around its
 *    MAX_NORM and f32's largest; +-0, +-Inf, NaNs; each magnitude as +m in a and -m in b and the
 *    other way, with rbits 0, 0xffff, random (twice), the value that exactly carries (2^k minus
 *    the discarded bits) and one less (for f16 with random top 3 bits, which are ignored);
 *  - random f32 pairs (exponents mostly near the destination's range) with random rbits;
 *  - every f32 magnitude m = i * 4093 * PTXCPU_TEST_SCALE below 2^31, +m in a and -m in b or the
 *    other way, with random rbits (CVTRS_FULL=1: every one of the 2^32 patterns, once, in a or b);
 *  - random guards (zero, partial, one lane, full): lanes outside keep their canary, then run
 *    again compacted; a chunk of each spelling also as a register file of stride 2 (the padding
 *    between registers must stay), one warp a call, prepared (ptxcpu_prepare, with and without
 *    PTXCPU_PREPARE_DEFAULT_FENV), with d exactly a source (a, b, rbits in turn), and under every
 *    caller floating-point environment of tests/common/test_fenv.h (which it must leave).
 *
 * Environment: CVTRS_FULL=1 (meson sets it at -Dtest_level=full) the complete f32 sweep, on
 * OpenMP threads (CVTRS_THREADS caps them); CVTRS_FILTER=text only the spellings containing it;
 * CVTRS_VERBOSE=1 a line and the time of each spelling. PTXCPU_TEST_SCALE s > 1 also thins the
 * random chunk to 65536 / s lanes.
 * Runtime (release, native scalar/AVX2/AVX-512 and emulated NEON): 1 s CPU; CVTRS_FULL=1 about
 * 2.5 CPU-minutes a spelling, 21 in all. */
#include "chunk_oracle.h" /* the tables, chunks, modes, threads and summary (the cvt oracles') */

#include <math.h>

/* ---- the spellings, from the spec's syntax lines -------------------------------------------- */
typedef struct spell {
    char mn[64];
    int bf, relu, sf; /* d is .bf16x2 (else .f16x2); .relu; .satfinite */
    unsigned sm, pmaj, pmin;
    unsigned nsrc, dbits, sbits[CO_MAXSRC];
    const char *sname[CO_MAXSRC];
    ptxcpu_insn insn;
    int parsed;
} spell;

enum { MAXSP = 8 };
static spell sps[MAXSP];
static unsigned nsp;

/* cvt.rs{.relu}{.satfinite}.f16x2.f32   d, a, b, rbits;
 * cvt.rs{.relu}{.satfinite}.bf16x2.f32  d, a, b, rbits;
 * ".rs rounding mode introduced in PTX ISA version 8.7", "supported on sm_100a, sm_103a" (the
 * library reads sm_XXa as sm_XX: SEMANTICS, Targets). */
static void enumerate(void)
{
    for (int bf = 0; bf < 2; bf++)
        for (int relu = 0; relu < 2; relu++)
            for (int sf = 0; sf < 2; sf++) {
                spell *s = &sps[nsp++];
                memset(s, 0, sizeof *s);
                snprintf(s->mn, sizeof s->mn, "cvt.rs%s%s.%s.f32", relu ? ".relu" : "",
                         sf ? ".satfinite" : "", bf ? "bf16x2" : "f16x2");
                s->bf = bf, s->relu = relu, s->sf = sf;
                s->sm = 100, s->pmaj = 8, s->pmin = 7;
                s->dbits = 32, s->nsrc = 3;
                s->sbits[0] = s->sbits[1] = s->sbits[2] = 32;
                s->sname[0] = "a", s->sname[1] = "b", s->sname[2] = "rbits";
            }
}

/* spellings next to these that the syntax lines do not produce (or SEMANTICS leaves out) */
static const char *const refused[] = {
    "cvt.rs.f16.f32",                    /* .rs: the x2 (and x4) destinations only */
    "cvt.rs.bf16.f32",
    "cvt.rs.f32.f16x2",
    "cvt.rs.f16x2.f16",
    "cvt.rs.f16x2.f64",
    "cvt.rs.tf32.f32",
    "cvt.rs.ftz.f16x2.f32",
    "cvt.rs.sat.bf16x2.f32",
    "cvt.rs.rn.f16x2.f32",
    "cvt.rs.f16.f16x2",
    "cvt.rs.relu.satfinite.e4m3x2.f32",  /* x2 MX types: .rn only */
    "cvt.rs.satfinite.e2m1x2.f32",
    "cvt.rs.relu.e4m3x4.f32",            /* the x4 forms: .satfinite required */
    "cvt.rs.satfinite.relu.e2m1x4.f32",  /* (.relu first) */
    "cvt.rs.satfinite.e3m2x4.f16x2",
    "cvt.rs.satfinite.s2f6x2.f32",
    "cvt.rs.satfinite.relu.f16x2.f32",   /* the modifiers in the syntax line's order */
    "cvt.rs.satfinite.relu.bf16x2.f32",
};

static const char *target_below(unsigned sm) { return sm == 100 ? "sm_90" : NULL; }

static unsigned check_table_and_shapes(void)
{
    const unsigned long before = co_fails;
    for (unsigned i = 0; i < nsp; i++) {
        spell *s = &sps[i];
        ptxcpu_status st = ptxcpu_parse(s->mn, "sm_100", &s->insn);
        if (st != PTXCPU_OK) {
            failf("FAIL %s: does not parse on sm_100: %s: %s\n", s->mn, ptxcpu_status_name(st),
                  ptxcpu_last_error());
            continue;
        }
        s->parsed = 1;
        ptxcpu_insn_desc d;
        if (ptxcpu_describe(&s->insn, &d) != PTXCPU_OK) {
            failf("FAIL %s: ptxcpu_describe: %s\n", s->mn, ptxcpu_last_error());
            continue;
        }
        int ok = !strcmp(d.mnemonic, s->mn) && !strcmp(d.section, "9.7.9.21") &&
                 d.nsrc == s->nsrc && d.dst_bits == s->dbits && !d.reads_cc && !d.writes_cc &&
                 d.min_sm == s->sm && d.ptx_major == s->pmaj && d.ptx_minor == s->pmin;
        for (unsigned k = 0; k < 4; k++)
            ok &= d.src_bits[k] == (k < CO_MAXSRC && k < s->nsrc ? s->sbits[k] : 0u);
        if (!ok)
            failf("FAIL %s: described as %s (%s) nsrc %u dst_bits %u src_bits %u,%u,%u,%u cc %d/%d "
                  "sm_%u PTX %u.%u; the spec implies (9.7.9.21) nsrc 3 dst_bits 32 src_bits "
                  "32,32,32 sm_%u PTX %u.%u\n",
                  s->mn, d.mnemonic, d.section, d.nsrc, d.dst_bits, d.src_bits[0], d.src_bits[1],
                  d.src_bits[2], d.src_bits[3], d.reads_cc, d.writes_cc, d.min_sm, d.ptx_major,
                  d.ptx_minor, s->sm, s->pmaj, s->pmin);
        const ptxcpu_elem want_elem = s->bf ? PTXCPU_ELEM_BF16 : PTXCPU_ELEM_F16;
        if (d.elems != 2 || d.elem != want_elem)
            failf("FAIL %s: described with elems %u elem %d, want elems 2 elem %d (an .x2 "
                  "destination)\n",
                  s->mn, d.elems, (int)d.elem, (int)want_elem);
        char tgt[16];
        snprintf(tgt, sizeof tgt, "sm_%u", s->sm);
        ptxcpu_insn tmp;
        if ((st = ptxcpu_parse(s->mn, tgt, &tmp)) != PTXCPU_OK)
            failf("FAIL %s: refused on %s, its minimum: %s\n", s->mn, tgt, ptxcpu_last_error());
        const char *below = target_below(s->sm);
        if (below && (st = ptxcpu_parse(s->mn, below, &tmp)) != PTXCPU_E_TARGET)
            failf("FAIL %s: on %s (below sm_%u): %s, want PTXCPU_E_TARGET\n", s->mn, below, s->sm,
                  ptxcpu_status_name(st));
    }
    unsigned seen[MAXSP] = {0};
    const size_t nrows = ptxcpu_insn_count();
    for (size_t r = 0; r < nrows; r++) {
        ptxcpu_insn_desc d;
        if (ptxcpu_insn_at(r, &d) != PTXCPU_OK) {
            failf("FAIL ptxcpu_insn_at(%zu): %s\n", r, ptxcpu_last_error());
            continue;
        }
        if (strncmp(d.mnemonic, "cvt.rs.", 7) || strstr(d.mnemonic, "x4.")) /* (x4: vec_oracle) */
            continue;
        unsigned i = 0;
        while (i < nsp && strcmp(sps[i].mn, d.mnemonic))
            i++;
        if (i == nsp)
            failf("FAIL the table has %s, which the .rs syntax lines (less the x4 forms) do not "
                  "spell\n",
                  d.mnemonic);
        else
            seen[i]++;
    }
    for (unsigned i = 0; i < nsp; i++)
        if (seen[i] != 1)
            failf("FAIL %s: %u rows in the table, want 1\n", sps[i].mn, seen[i]);
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        ptxcpu_insn tmp;
        if (ptxcpu_parse(refused[i], "sm_100", &tmp) == PTXCPU_OK)
            failf("FAIL %s: accepted, but the spec's syntax does not spell it\n", refused[i]);
    }
    return (unsigned)(co_fails - before);
}

/* ---- the model: one element, one lane ------------------------------------------------------ */
/* the destination's format: fraction bits, smallest normal exponent, discarded bits that take
 * part (k), Inf's and MAX_NORM's encodings */
typedef struct dfmt { int mb, emin, k; uint32_t infb, maxb; } dfmt;
static const dfmt DF16 = {10, -14, 13, 0x7c00, 0x7bff}, DBF16 = {7, -126, 16, 0x7f80, 0x7f7f};

/* the random bits an element's half of rbits gives: f16 the low 13 (the top 3 ignored) */
static unsigned rb_of(const spell *s, uint32_t half16)
{
    return s->bf ? half16 & 0xffff : half16 & 0x1fff;
}

/* the sign, overflow, .satfinite and .relu rules, on a magnitude's encoding (may pass Inf) */
static uint32_t finish(const spell *s, const dfmt *f, int sign, uint64_t mag)
{
    if (mag >= f->infb)
        mag = s->sf ? f->maxb : f->infb;
    if (sign && s->relu)
        return 0; /* a negative result, -0 and -Inf (-MAX_NORM) give +0 */
    return (sign ? 0x8000u : 0u) | (uint32_t)mag;
}

/* The model the runs use, in integers: x's significand S and exponent q (x = S * 2^q), the grid's
 * last place 2^g (g = max(E, emin) - mb, E = floor(log2 |x|)), the sh = g - q discarded bits, the
 * top k of them (sh >= k always: f16 13 or more, bf16 16), their carry with rb. */
static uint32_t rs_elem(const spell *s, uint32_t x, unsigned rb, unsigned *disc)
{
    const dfmt *f = s->bf ? &DBF16 : &DF16;
    const int sign = (int)(x >> 31);
    const unsigned e = x >> 23 & 0xff, fr = x & 0x7fffff;
    if (disc)
        *disc = 0;
    if (e == 0xff)
        return fr ? 0x7fffu : finish(s, f, sign, f->infb); /* NaN; +-Inf */
    const uint64_t S = e ? fr | 0x800000u : fr;
    const int q = e ? (int)e - 150 : -149;
    if (S == 0)
        return finish(s, f, sign, 0);
    int E = q + 63 - __builtin_clzll(S);
    if (E < f->emin)
        E = f->emin;
    const int g = E - f->mb, sh = g - q;
    const uint64_t T = sh >= 64 ? 0 : S >> sh;
    const uint64_t R = sh >= 64 ? S : S & (((uint64_t)1 << sh) - 1); /* the discarded bits */
    const uint64_t Rk = sh - f->k >= 64 ? 0 : R >> (sh - f->k);     /* their top k */
    if (disc)
        *disc = (unsigned)Rk;
    const uint64_t N = T + (Rk + rb >= ((uint64_t)1 << f->k)); /* the carry out of k bits */
    /* the encoding: the exponent field counts from emin; N = 2^(mb+1) carries into it */
    return finish(s, f, sign, ((uint64_t)(E - f->emin) << f->mb) + N);
}

static uint32_t model(const spell *s, uint32_t a, uint32_t b, uint32_t rbits)
{
    return rs_elem(s, a, rb_of(s, rbits >> 16), NULL) << 16 |
           rs_elem(s, b, rb_of(s, rbits & 0xffff), NULL);
}

/* ---- the second model, by value ------------------------------------------------------------ */
/* the encoding of m (>= 0, on the format's grid with the exponent unbounded above) by value */
static uint64_t enc_value(double m, const dfmt *f)
{
    if (m == 0)
        return 0;
    int ex;
    (void)frexp(m, &ex);
    if (ex - 1 < f->emin) /* subnormal: m in units of 2^(emin - mb) */
        return (uint64_t)ldexp(m, f->mb - f->emin);
    const double frac = ldexp(m, f->mb - (ex - 1)) - ldexp(1.0, f->mb); /* 0 .. 2^mb - 1 */
    return ((uint64_t)(ex - 1 - f->emin + 1) << f->mb) + (uint64_t)frac;
}

static uint32_t rs_elem_value(const spell *s, uint32_t x, unsigned rb)
{
    const dfmt *f = s->bf ? &DBF16 : &DF16;
    float xf;
    memcpy(&xf, &x, 4);
    if (isnan(xf))
        return 0x7fff;
    const int sign = signbit(xf) != 0;
    if (isinf(xf))
        return finish(s, f, sign, f->infb);
    const double m = fabs((double)xf);
    if (m == 0)
        return finish(s, f, sign, 0);
    int ex;
    (void)frexp(m, &ex); /* 2^(ex-1) <= m < 2^ex */
    const int g = (ex - 1 < f->emin ? f->emin : ex - 1) - f->mb; /* the grid's last place 2^g */
    const double units = ldexp(m, -g);                           /* exact */
    const double T = floor(units), frac = units - T;             /* truncated; discarded: [0, 1) */
    const double top = floor(ldexp(frac, f->k));                 /* its first k bits */
    const double res = ldexp(T + (top + rb >= ldexp(1.0, f->k) ? 1 : 0), g);
    return finish(s, f, sign, enc_value(res, f));
}

static uint32_t model_value(const spell *s, uint32_t a, uint32_t b, uint32_t rbits)
{
    return rs_elem_value(s, a, rb_of(s, rbits >> 16)) << 16 |
           rs_elem_value(s, b, rb_of(s, rbits & 0xffff));
}

/* ---- the inputs ---------------------------------------------------------------------------- */
static int full_mode;
static unsigned f32_step; /* every f32_step-th magnitude */
static size_t nrand;      /* lanes of the random chunk */
static size_t n_edges;
static uint32_t edges[16384]; /* f32 magnitudes (sign bit clear) */

static void add_edge(uint32_t x)
{
    if (x <= 0x7fffffffu && n_edges < sizeof edges / sizeof edges[0])
        edges[n_edges++] = x;
}
static void add_edge_near(uint32_t x) /* x and +-1, +-2 ulp */
{
    for (int d = -2; d <= 2; d++)
        if ((int64_t)x + d >= 0 && (int64_t)x + d <= 0x7f800000)
            add_edge((uint32_t)((int64_t)x + d));
}
static uint32_t f32_bits(double v)
{
    const float f = (float)v; /* exact for every value added */
    uint32_t x;
    memcpy(&x, &f, 4);
    return x;
}

static void edges_init(void)
{
    /* the mantissas: the discarded bits of f16 (13) and bf16 (16) at 0, 1, half, all but one,
     * all, with the kept last bit clear and set; the significand's ends; random ones */
    static const uint32_t mant[] = {0,       1,        2,       3,       0x7fffff, 0x7ffffe,
                                    0x400000, 0x3fffff, 0x400001, 0x1000, 0x0fff,  0x1fff,
                                    0x2001,  0x2000,   0x1001,  0x3000,  0x8000,   0x7fff,
                                    0xffff,  0x10000,  0x8001,  0x18000, 0x17fff,  0x7fe000};
    rng_t g = {0x5eed};
    for (uint32_t e = 0; e < 255; e++) {
        for (size_t i = 0; i < sizeof mant / sizeof mant[0]; i++)
            add_edge(e << 23 | mant[i]);
        for (int r = 0; r < 3; r++)
            add_edge(e << 23 | ((uint32_t)rng_next(&g) & 0x7fffff));
    }
    /* f16: MAX_NORM 65504, the midpoint 65520 past it, 65536; the normal/subnormal boundary;
     * the subnormals' last place and half of it (more than 13 discarded bits); bf16: MAX_NORM,
     * half an ulp past it, f32's largest */
    static const double near[] = {65504,       65520,        65536,        65472,
                                  0x1p-14,     0x1p-24,      0x1p-25,      0x1.8p-24,
                                  0x1p-26,     0x1.ff8p-15,  0x1.ffcp-15,  0x1.004p-14,
                                  0x1.8p-25,   0x1.0002p-25, 0x1p-126,     0x1p-133,
                                  0x1p-134,    0x1.8p-133};
    for (size_t i = 0; i < sizeof near / sizeof near[0]; i++)
        add_edge_near(f32_bits(near[i]));
    static const uint32_t bits[] = {0x7f7f0000u, 0x7f7f8000u, 0x7f7fffffu, 0x7f800000u,
                                    0x7f800001u, 0x7fc00000u, 0x7fffffffu, 0x7fa00000u,
                                    0x33000100u, 0x00008000u, 0x00018000u, 0x00800000u,
                                    0x007fffffu, 0x477fefffu, 0x477ff001u, 0x47800001u};
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++)
        add_edge_near(bits[i]);
}

/* the lanes of the edges: each magnitude 12 times: 6 kinds of rbits, each with +m in a and -m
 * in b and the other way */
enum { EDGE_LANES = 12 };
static size_t n_edge_chunks(void) { return (n_edges * EDGE_LANES + CO_N - 1) / CO_N; }

/* the rbits half of kind v for an element with discarded bits disc (its top k) */
static uint32_t rb_kind(const spell *s, unsigned v, unsigned disc, rng_t *g)
{
    const unsigned k = s->bf ? 16 : 13;
    const uint32_t junk = s->bf ? 0 : ((uint32_t)rng_next(g) & 7u) << 13; /* ignored top bits */
    switch (v) {
    case 0: return 0;
    case 1: return 0xffff;
    case 4: return disc ? ((1u << k) - disc) | junk : (uint32_t)rng_next(g) & 0xffff;
    case 5: return disc ? ((1u << k) - disc - 1) | junk : 0xffff;
    default: return (uint32_t)rng_next(g) & 0xffff;
    }
}

static uint32_t rand_f32(rng_t *g)
{
    uint32_t x = (uint32_t)rng_next(g);
    if (x & 3) /* mostly near the destinations' ranges: 2^-30 .. 2^17, and bf16's ends */
        x = (x & 0x807fffffu) | (uint32_t)((x & 2) ? 97 + rng_below(g, 48)
                                                    : rng_below(g, 2) ? rng_below(g, 8)
                                                                      : 247 + rng_below(g, 9))
                                    << 23;
    return x;
}

/* the f32 magnitudes of the sweep */
static uint64_t n_f32_mags(void)
{
    return ((uint64_t)1 << 31) / f32_step + (((uint64_t)1 << 31) % f32_step != 0);
}
static size_t n_sweep_chunks(void) { return (size_t)((n_f32_mags() + CO_N - 1) / CO_N); }

/* chunks of a spelling: the edges, one random, the sweep */
static size_t nchunks(unsigned i)
{
    (void)i;
    return n_edge_chunks() + 1 + n_sweep_chunks();
}

/* fill chunk j of spelling i (inputs, guards, the model's d); returns 1 if the other modes run it
 * too */
static int fill(unsigned i, size_t j, co_chunk *c, rng_t *g)
{
    const spell *s = &sps[i];
    const size_t ne = n_edge_chunks();
    int extra = 0;
    if (j < ne) {
        const size_t total = n_edges * EDGE_LANES, l0 = j * CO_N;
        const size_t cnt = total - l0 < CO_N ? total - l0 : CO_N;
        c->n = (cnt + 31) / 32 * 32; /* the last chunk: its last lane again */
        for (size_t l = 0; l < c->n; l++) {
            const size_t p = l0 + (l < cnt ? l : cnt - 1);
            const uint32_t m = edges[p / EDGE_LANES];
            const unsigned v = (unsigned)(p % EDGE_LANES / 2), neg_a = (unsigned)(p & 1);
            unsigned disc;
            (void)rs_elem(s, m, 0, &disc);
            const uint32_t ra = rb_kind(s, v, disc, g), rb = rb_kind(s, v, disc, g);
            c->src[0][l] = m | (uint32_t)neg_a << 31;
            c->src[1][l] = m | (uint32_t)(neg_a ^ 1) << 31;
            c->src[2][l] = ra << 16 | rb;
        }
        extra = j == 0;
    } else if (j == ne) {
        c->n = nrand;
        for (size_t l = 0; l < c->n; l++) {
            c->src[0][l] = rand_f32(g), c->src[1][l] = rand_f32(g);
            c->src[2][l] = (uint32_t)rng_next(g);
        }
        extra = 1;
    } else { /* the sweep: magnitude m as +m and -m, in a and b, the order alternating */
        const uint64_t total = n_f32_mags(), i0 = (uint64_t)(j - ne - 1) * CO_N;
        const uint64_t cnt = total - i0 < CO_N ? total - i0 : CO_N;
        c->n = ((size_t)cnt + 31) / 32 * 32;
        for (size_t l = 0; l < c->n; l++) {
            const uint64_t i = i0 + (l < cnt ? l : cnt - 1);
            const uint32_t m = (uint32_t)(i * f32_step);
            const uint32_t na = (uint32_t)((l ^ (full_mode ? j : 0)) & 1); /* a is -m */
            c->src[0][l] = m | na << 31, c->src[1][l] = m | (na ^ 1) << 31;
            c->src[2][l] = (uint32_t)splitmix64(i ^ (uint64_t)j << 40);
        }
    }
    for (size_t l = 0; l < c->n; l++)
        c->want[l] = model(s, c->src[0][l], c->src[1][l], c->src[2][l]);
    co_set_guards(c, g);
    return extra;
}

/* ---- the model's own checks ---------------------------------------------------------------- */
static unsigned model_selfcheck(void)
{
    unsigned bad = 0;
    /* the two models on every edge, both signs, every kind of rbits; and random inputs */
    rng_t g = {777};
    for (unsigned i = 0; i < nsp; i++) {
        const spell *s = &sps[i];
        for (size_t e = 0; e < n_edges; e++)
            for (unsigned v = 0; v < 6; v++)
                for (uint32_t sg = 0; sg < 2; sg++) {
                    const uint32_t x = edges[e] | sg << 31;
                    unsigned disc;
                    (void)rs_elem(s, x, 0, &disc);
                    const unsigned rb = rb_of(s, rb_kind(s, v, disc, &g));
                    const uint32_t m1 = rs_elem(s, x, rb, NULL), m2 = rs_elem_value(s, x, rb);
                    if (m1 != m2 && bad++ < 10)
                        printf("MODEL %s: %#010x rb %#x: integers %#06x, values %#06x\n", s->mn,
                               x, rb, m1, m2);
                }
        for (unsigned r = 0; r < 200000; r++) {
            const uint32_t a = r & 1 ? (uint32_t)rng_next(&g) : rand_f32(&g),
                           b = rand_f32(&g), rbits = (uint32_t)rng_next(&g);
            const uint32_t m1 = model(s, a, b, rbits), m2 = model_value(s, a, b, rbits);
            if (m1 != m2 && bad++ < 10)
                printf("MODEL %s: a=%#010x b=%#010x rbits=%#010x: integers %#010x, values "
                       "%#010x\n", s->mn, a, b, rbits, m1, m2);
        }
    }
    /* worked by hand (element: spelling, x, its 16 rbits, d's half). sps[]: f16x2 {plain, sf,
     * relu, relu sf}, then bf16x2 the same */
    static const struct { unsigned sp; uint32_t x, rb, want; } hand[] = {
        /* 1 + 2^-11: 13 discarded bits 0x1000, carry from rb 0x1000 (top 3 bits ignored) */
        {0, 0x3f801000u, 0x1000, 0x3c01}, {0, 0x3f801000u, 0x0fff, 0x3c00},
        {0, 0x3f801000u, 0xf000, 0x3c01}, {0, 0x3f801000u, 0xefff, 0x3c00},
        {0, 0x3f800001u, 0x1fff, 0x3c01}, {0, 0x3f800001u, 0x1ffe, 0x3c00},
        /* 65520: 65504 + half an ulp; carried: 65536, Inf (.satfinite 0x7bff) */
        {0, 0x477ff000u, 0x1000, 0x7c00}, {0, 0x477ff000u, 0x0fff, 0x7bff},
        {1, 0x477ff000u, 0x1fff, 0x7bff}, {0, 0x47800000u, 0, 0x7c00}, {1, 0x47800000u, 0, 0x7bff},
        {2, 0xc7800000u, 0, 0x0000},      {1, 0xc7800000u, 0, 0xfbff},
        /* 2^-25: half of f16's last subnormal place; 2^-25 (1 + 2^-15): the bits under the top
         * 13 do not take part; -2^-25 truncated: -0, .relu +0 */
        {0, 0x33000000u, 0x1000, 0x0001}, {0, 0x33000000u, 0x0fff, 0x0000},
        {0, 0x33000100u, 0x0fff, 0x0000}, {0, 0x33000100u, 0x1000, 0x0001},
        {0, 0xb3000000u, 0, 0x8000},      {2, 0xb3000000u, 0, 0x0000},
        {0, 0xb3000000u, 0x1fff, 0x8001}, {3, 0xb3000000u, 0x1fff, 0x0000},
        /* specials */
        {0, 0x7fc00000u, 0, 0x7fff},      {2, 0xff800001u, 0xffff, 0x7fff},
        {0, 0xff800000u, 0, 0xfc00},      {1, 0xff800000u, 0, 0xfbff},
        {2, 0xff800000u, 0, 0x0000},      {0, 0x7f7fffffu, 0, 0x7c00},
        {1, 0x7f7fffffu, 0, 0x7bff},      {0, 0x80000000u, 0x1fff, 0x8000},
        {2, 0x80000000u, 0, 0x0000},      {0, 0x00000001u, 0x1fff, 0x0000},
        /* bf16: 16 discarded bits */
        {4, 0x3f808000u, 0x8000, 0x3f81}, {4, 0x3f808000u, 0x7fff, 0x3f80},
        {4, 0x3f80ffffu, 0x0001, 0x3f81}, {4, 0x3f80ffffu, 0x0000, 0x3f80},
        {4, 0x7f7fffffu, 0x0001, 0x7f80}, {5, 0x7f7fffffu, 0x0001, 0x7f7f},
        {4, 0x7f7fffffu, 0x0000, 0x7f7f}, {4, 0x00000001u, 0xffff, 0x0001},
        {4, 0x00000001u, 0xfffe, 0x0000}, {4, 0xc0490fdbu, 0x0000, 0xc049},
        {4, 0xc0490fdbu, 0xf025, 0xc04a}, {4, 0xc0490fdbu, 0xf024, 0xc049},
        {6, 0xc0490fdbu, 0xffff, 0x0000}, {4, 0x807fffffu, 0x0001, 0x8080},
        {4, 0x7f800000u, 0xffff, 0x7f80}, {5, 0x7f800000u, 0, 0x7f7f},
        {7, 0xff800000u, 0, 0x0000},      {4, 0x7f800001u, 0, 0x7fff}};
    for (size_t i = 0; i < sizeof hand / sizeof hand[0]; i++) {
        const spell *s = &sps[hand[i].sp];
        const uint32_t m = rs_elem(s, hand[i].x, rb_of(s, hand[i].rb), NULL);
        if (m != hand[i].want)
            printf("MODEL %s: %#010x rb %#06x: %#06x, by hand %#06x\n", s->mn, hand[i].x,
                   hand[i].rb, m, hand[i].want), bad++;
    }
    /* a's element in d's upper half with rbits' upper half */
    if (model(&sps[0], 0x3f801000u, 0x3f801000u, 0x10000fffu) != 0x3c013c00u ||
        model(&sps[4], 0x3f808000u, 0x3f808000u, 0x80007fffu) != 0x3f813f80u)
        printf("MODEL the lane's halves\n"), bad++;
    return bad;
}

static co_shape shape(unsigned i)
{
    const spell *s = &sps[i];
    return (co_shape){s->mn, &s->insn, s->parsed, s->nsrc, s->dbits, s->sbits, s->sname};
}

int main(void)
{
    const clock_t t0 = clock();
    const double w0 = co_now();
    const unsigned scale = test_scale();
    const char *fe = getenv("CVTRS_FULL");
    full_mode = fe && atoi(fe) > 0;
    f32_step = full_mode ? 1 : 4093u * scale;
    nrand = full_mode || scale == 1 ? CO_N
            : CO_N / scale < 4096   ? 4096
                                    : (CO_N / scale + 31) / 32 * 32;

    enumerate();
    if (nsp != 8)
        failf("FAIL the syntax lines gave %u spellings, want 8\n", nsp);
    edges_init();
    const unsigned model_bad = model_selfcheck();
    if (model_bad) {
        printf("FAIL the model disagrees with itself (%u cases): fix the test first\n", model_bad);
        return 1;
    }
    const unsigned bad_table = check_table_and_shapes();
    if (!co_tables_init())
        return 1;

    const co_oracle o = {.env = "CVTRS", .full = full_mode, .mn_width = 34, .nsp = nsp,
                         .shape = shape, .nchunks = nchunks, .fill = fill, .default_fenv = 1};
    co_totals tot;
    if (!co_run_all(&o, &tot))
        return 1;
    co_print_tables();
    printf("inputs: %zu edge magnitudes x 6 kinds of rbits x both signs, %zu random lanes, f32 "
           "sweep: %s; %.1f s, %.1f s CPU, %d thread(s)\n",
           n_edges, nrand,
           full_mode ? "every pattern" : "every 4093rd magnitude x PTXCPU_TEST_SCALE, both signs",
           co_now() - w0, (double)(clock() - t0) / CLOCKS_PER_SEC, tot.nthreads);
    return co_finish(nsp, bad_table, &tot);
}
