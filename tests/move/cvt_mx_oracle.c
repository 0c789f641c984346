/* Oracle of cvt with the OCP MX formats (9.7.9.21): to and from .e4m3x2, .e5m2x2, .e2m3x2,
 * .e3m2x2, .e2m1x2 and .ue8m0x2, on every ISA table this machine runs and every emulated table the
 * tests link (tests/common/emu_tables.h).
 *
 * The model is written here from OCP MX v1.0's format definitions as docs/SEMANTICS.md ("Conversion
 * with the OCP MX formats") states them, apart from the library's code:
 *  - every finite magnitude of each format is enumerated as a double (grid[]); to a format, an
 *    input (f32, f16, bf16: exact in double) goes to the nearest grid value, a tie (compared with
 *    the exact midpoint of its two neighbours) to the one with the even code; a magnitude at or
 *    past MAX_NORM (Inf included) gives MAX_NORM (.satfinite); the input's sign is kept (-0 and
 *    values that round to 0 included); .relu gives +0 for any negative result; NaN gives 0x7f
 *    (e4m3, e5m2) or +MAX_NORM (e2m3, e3m2, e2m1);
 *  - .ue8m0x2 from f32/bf16: the magnitude's power of two (.rz down, .rp up, by frexp), 2^-127
 *    (0x00) below, 0xff above 2^127 and for +-Inf (0xfe with .satfinite), NaN 0xff;
 *  - from a format to .f16x2/.bf16x2: the element's value (times 2^(s-127) for
 *    .scaled::n2::ue8m0, s the scale byte of its half) rounded once to nearest even by an encoder
 *    of this file (subnormals, overflow to Inf or, .satfinite, to the largest finite), NaN and
 *    s = 0xff 0x7fff, .relu +0 for a negative result or -0.
 * The model checks itself first: the grid search against an arithmetic rounding (frexp, floor) for
 * every f16 and bf16 value and a sample of f32; SEMANTICS' named values (448, 57344, 7.5, 28, 6,
 * -0x1p-20 -> 0x80, 0x0040) and scaled bf16 roundings worked by hand.
 *
 * What it checks:
 *  - the 89 spellings, enumerated here from the spec's syntax lines (no .rs, no x4 forms: SEMANTICS,
 *    "not yet implemented"; .s2f6x2 is cvt_s2f6_oracle.c's), parse on sm_100; the table's rows of
 *    9.7.9.21 that name an MX format (and no .s2f6x2) are exactly these; each one's shape (d, sources), minimum target and
 *    PTX ISA version (tools/gen_ops.py's CVTMX rows), a target below it refused; neighbours the
 *    syntax does not spell refused;
 *  - to a format from .f32 (d, a, b): every f32 magnitude m = i * 4093 * PTXCPU_TEST_SCALE below
 *    2^31, as +m and -m in both a and b (CVTMX_FULL=1: every one of the 2^32 patterns, once, in
 *    a or b), the f32 patterns at and +-1, +-2 ulp around every grid value, midpoint and power of
 *    two (+-, in a and b), specials, and random pairs; the same for .ue8m0x2 .rz/.rp from .f32;
 *  - to a format from .f16x2/.bf16x2: every 16-bit value in the upper half (a permutation of them
 *    below it), every one in the lower half (specials above), random pairs;
 *  - from a format (and .ue8m0x2) to .f16x2/.bf16x2: every 16-bit pattern of a; the scaled forms:
 *    every (element, scale byte) pair in each half (then every scale byte with random elements),
 *    and every a with scale-factors paired from {0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff} and 2 random
 *    (CVTMX_FULL=1: every one of the 256 scale bytes in each half). The 6-bit formats' elements
 *    with their two top bits set are not defined (SEMANTICS: "with their two top bits 0"): such
 *    lanes are checked against the scalar table on every other table, and the reading the
 *    library takes is reported (INFO);
 *  - random guards (zero, partial, one lane, full): lanes outside keep their canary, then run
 *    again compacted; a random chunk of each spelling also as a register file of stride 2 (the
 *    padding between registers must stay), one warp a call, prepared (ptxcpu_prepare) and under
 *    every caller floating-point environment of tests/common/test_fenv.h (which it must leave).
 *
 * Environment: CVTMX_FULL=1 (meson sets it at -Dtest_level=full) the complete sweeps, on OpenMP
 * threads (CVTMX_THREADS caps them); CVTMX_FILTER=text only the spellings containing it;
 * CVTMX_VERBOSE=1 a line and the time of each spelling. PTXCPU_TEST_SCALE s > 1 (qemu, sanitizers)
 * also thins the 16-bit sweeps to 65536 / s lanes (every byte value still in both elements).
 * Runtime (release, 2 cores, native scalar/AVX2/AVX-512 and emulated NEON): 3 s CPU; CVTMX_FULL=1
 * 25 CPU-minutes (each of the 14 f32 spellings 40-200 s; the rest 1 minute). */
#include "chunk_oracle.h" /* the tables, chunks, modes, threads and summary (the cvt oracles') */

#include <math.h>

/* ---- the formats (SEMANTICS, OCP MX v1.0) ---------------------------------------------------- */
enum { E4M3, E5M2, E2M3, E3M2, E2M1, UE8M0, NF };
static const struct fmt {
    const char *name; /* its .x2 type */
    unsigned w, mb;   /* element bits, mantissa bits */
    int bias;
    unsigned maxcode; /* the largest finite magnitude's code (MAX_NORM) */
    unsigned nancode; /* what a NaN input converts to */
} F[NF] = {{"e4m3x2", 8, 3, 7, 0x7e, 0x7f},  {"e5m2x2", 8, 2, 15, 0x7b, 0x7f},
           {"e2m3x2", 6, 3, 1, 0x1f, 0x1f},  {"e3m2x2", 6, 2, 3, 0x1f, 0x1f},
           {"e2m1x2", 4, 1, 1, 0x7, 0x7},    {"ue8m0x2", 8, 0, 127, 0xfe, 0xff}};

/* the value of magnitude code c by the field layout alone (no specials; c may be past the format:
 * maxcode + 1 is the grid point after MAX_NORM with the exponent unbounded) */
static double raw_value(unsigned f, unsigned c)
{
    const unsigned E = c >> F[f].mb, man = c & ((1u << F[f].mb) - 1);
    return E == 0 ? ldexp(man, 1 - F[f].bias - (int)F[f].mb)
                  : ldexp(man + (1u << F[f].mb), (int)E - F[f].bias - (int)F[f].mb);
}

/* grid[f][c]: the finite magnitudes, c = 0 .. maxcode, ascending; +Inf above (a search pad) */
static double grid[NF][128];
static unsigned grid_span[NF]; /* the power of two above maxcode: the search's range */

static void grid_init(void)
{
    for (unsigned f = 0; f < UE8M0; f++) {
        for (unsigned c = 0; c < 128; c++)
            grid[f][c] = c <= F[f].maxcode ? raw_value(f, c) : INFINITY;
        for (grid_span[f] = 1; grid_span[f] <= F[f].maxcode; grid_span[f] *= 2)
            ;
    }
}

/* the nearest grid value to m (finite, >= 0), ties to the even code; MAX_NORM at or above it.
 * hint (NULL: none): where the last search of an ascending sweep ended, tried first */
static unsigned nearest(unsigned f, double m, unsigned *hint)
{
    const double *g = grid[f];
    const unsigned top = F[f].maxcode;
    if (m >= g[top])
        return top;
    unsigned lo = 0; /* the last grid value <= m */
    if (hint && *hint < top && g[*hint] <= m && m < g[*hint + 1])
        lo = *hint;
    else /* binary search, without branches */
        for (unsigned step = grid_span[f] / 2; step; step /= 2)
            lo += g[lo + step] <= m ? step : 0;
    if (hint)
        *hint = lo;
    const unsigned hi = lo + 1; /* g[lo] <= m < g[hi], hi <= top */
    if (m == g[lo])
        return lo;
    const double half = (g[lo] + g[hi]) / 2; /* exact: both have few bits */
    return m < half ? lo : m > half ? hi : (lo & 1) ? hi : lo;
}

/* a source element: sign, NaN, Inf, else its exact magnitude */
typedef struct val { int sign, nan, inf; double mag; } val;

static val val_f32(uint32_t x)
{
    val v = {(int)(x >> 31), 0, 0, 0};
    const unsigned e = x >> 23 & 0xff, f = x & 0x7fffff;
    if (e == 0xff)
        v.nan = f != 0, v.inf = f == 0;
    else
        v.mag = e ? ldexp(f + 0x800000u, (int)e - 150) : ldexp(f, -149);
    return v;
}
static val val_f16(uint16_t x)
{
    val v = {x >> 15, 0, 0, 0};
    const unsigned e = x >> 10 & 0x1f, f = x & 0x3ff;
    if (e == 0x1f)
        v.nan = f != 0, v.inf = f == 0;
    else
        v.mag = e ? ldexp(f + 0x400u, (int)e - 25) : ldexp(f, -24);
    return v;
}
static val val_bf16(uint16_t x)
{
    val v = {x >> 15, 0, 0, 0};
    const unsigned e = x >> 7 & 0xff, f = x & 0x7f;
    if (e == 0xff)
        v.nan = f != 0, v.inf = f == 0;
    else
        v.mag = e ? ldexp(f + 0x80u, (int)e - 134) : ldexp(f, -133);
    return v;
}

/* element code c of format f (its w bits) as a value */
static val mx_val(unsigned f, unsigned c)
{
    val v = {0, 0, 0, 0};
    if (f == UE8M0) {
        if (c == 0xff)
            v.nan = 1;
        else
            v.mag = ldexp(1.0, (int)c - 127);
        return v;
    }
    const unsigned sb = 1u << (F[f].w - 1), m = c & (sb - 1);
    v.sign = (c & sb) != 0;
    if (f == E4M3 && m == 0x7f)
        v.nan = 1;
    else if (f == E5M2 && m > 0x7c)
        v.nan = 1;
    else if (f == E5M2 && m == 0x7c)
        v.inf = 1;
    else
        v.mag = grid[f][m];
    return v;
}

/* m (finite, >= 0) rounded to nearest even on the grid of a binary format with mb fraction bits and
 * this bias, subnormals included and the exponent unbounded above: its encoding (sign excluded),
 * which may pass the format's Inf */
static unsigned long enc_rn(double m, unsigned mb, int bias)
{
    if (m == 0)
        return 0;
    const int emin = 1 - bias;
    int k;
    (void)frexp(m, &k);
    int E = k - 1; /* 2^E <= m < 2^(E+1) */
    if (E < emin)
        E = emin;
    const double n = ldexp(m, (int)mb - E); /* m in units of the last place: exact */
    const double fl = floor(n), fr = n - fl;
    unsigned long N = (unsigned long)fl;
    if (fr > 0.5 || (fr == 0.5 && (N & 1)))
        N++;
    return ((unsigned long)(E - emin) << mb) + N; /* N = 2^(mb+1) carries into the exponent */
}

/* ---- the spellings, from the spec's syntax lines ------------------------------------------- */
/* to MX from .f32 (d, a, b); to MX from .f16x2/.bf16x2 (d, a); from MX to halves */
enum kind { K_TO_F32, K_TO_H, K_FROM };

typedef struct spell {
    char mn[64];
    enum kind kind;
    unsigned fmt;
    int src_bf16, dst_bf16; /* K_TO_H: a is .bf16x2; K_FROM: d is .bf16x2 */
    int relu, sf, scaled, rp;
    unsigned sm, pmaj, pmin;
    unsigned nsrc, dbits, sbits[4];
    const char *sname[CO_MAXSRC];
    ptxcpu_insn insn;
    int parsed;
} spell;

enum { MAXSP = 96 };
static spell sps[MAXSP];
static unsigned nsp;

static spell *add(const char *mn, enum kind kind, unsigned fmt, unsigned sm, unsigned pmaj,
                  unsigned pmin)
{
    spell *s = &sps[nsp++];
    memset(s, 0, sizeof *s);
    snprintf(s->mn, sizeof s->mn, "%s", mn);
    s->kind = kind, s->fmt = fmt, s->sm = sm, s->pmaj = pmaj, s->pmin = pmin;
    if (kind == K_TO_F32)
        s->dbits = 16, s->nsrc = 2, s->sbits[0] = s->sbits[1] = 32;
    else if (kind == K_TO_H)
        s->dbits = 16, s->nsrc = 1, s->sbits[0] = 32;
    else
        s->dbits = 32, s->nsrc = 1, s->sbits[0] = 16;
    s->sname[0] = "a", s->sname[1] = kind == K_TO_F32 ? "b" : "scale-factor";
    return s;
}

/* The syntax lines (9.7.9.21), less .rs, the x4 forms and .s2f6x2:
 *   cvt.rn.satfinite{.relu}.f8x2type.f32        d, a, b;   .f8x2type = { .e4m3x2, .e5m2x2 }
 *   cvt.rn.satfinite{.relu}.f8x2type.fp16x2     d, a;      (.f4x2type, .f6x2type: .fp16x2type)
 *   cvt.rn{.relu}.f16x2.f8x2type                d, a;
 *   cvt.rn{.relu}{.satfinite}{.scaled::n2::ue8m0}.bf16x2.f8x2type d, a{, scale-factor};
 *   (the same four for .f4x2type = { .e2m1x2 } and .f6x2type = { .e2m3x2, .e3m2x2 })
 *   cvt.frnd3{.satfinite}.ue8m0x2.f32           d, a, b;   .frnd3 = { .rz, .rp }
 *   cvt.frnd3{.satfinite}.ue8m0x2.bf16x2        d, a;
 *   cvt.rn.bf16x2.ue8m0x2                       d, a;
 * Targets and PTX ISA versions as tools/gen_ops.py's CVTMX rows read the Notes: .e4m3x2/.e5m2x2
 * sm_89 and PTX 7.8 (from .bf16x2: 9.1), the others sm_100 and PTX 8.6; to .bf16x2 from the
 * five formats sm_100 and PTX 9.2. */
static void enumerate(void)
{
    char mn[64];
    for (unsigned x = E4M3; x <= E2M1; x++) {
        const int f8 = x <= E5M2;
        const unsigned sm = f8 ? 89 : 100, pmaj = f8 ? 7 : 8, pmin = f8 ? 8 : 6;
        for (int relu = 0; relu < 2; relu++) {
            const char *r = relu ? ".relu" : "";
            snprintf(mn, sizeof mn, "cvt.rn.satfinite%s.%s.f32", r, F[x].name);
            spell *s = add(mn, K_TO_F32, x, sm, pmaj, pmin);
            s->relu = relu, s->sf = 1;
            for (int h = 0; h < 2; h++) {
                snprintf(mn, sizeof mn, "cvt.rn.satfinite%s.%s.%s", r, F[x].name,
                         h ? "bf16x2" : "f16x2");
                s = add(mn, K_TO_H, x, sm, f8 && h ? 9 : pmaj, f8 && h ? 1 : pmin);
                s->relu = relu, s->sf = 1, s->src_bf16 = h;
            }
            snprintf(mn, sizeof mn, "cvt.rn%s.f16x2.%s", r, F[x].name);
            s = add(mn, K_FROM, x, sm, pmaj, pmin);
            s->relu = relu;
            for (int sf = 0; sf < 2; sf++)
                for (int sc = 0; sc < 2; sc++) {
                    snprintf(mn, sizeof mn, "cvt.rn%s%s%s.bf16x2.%s", r, sf ? ".satfinite" : "",
                             sc ? ".scaled::n2::ue8m0" : "", F[x].name);
                    s = add(mn, K_FROM, x, 100, 9, 2);
                    s->relu = relu, s->sf = sf, s->scaled = sc, s->dst_bf16 = 1;
                    if (sc)
                        s->nsrc = 2, s->sbits[1] = 16;
                }
        }
    }
    for (int rp = 0; rp < 2; rp++)
        for (int sf = 0; sf < 2; sf++)
            for (int h = 0; h < 2; h++) {
                snprintf(mn, sizeof mn, "cvt.%s%s.ue8m0x2.%s", rp ? "rp" : "rz",
                         sf ? ".satfinite" : "", h ? "bf16x2" : "f32");
                spell *s = add(mn, h ? K_TO_H : K_TO_F32, UE8M0, 100, 8, 6);
                s->rp = rp, s->sf = sf, s->src_bf16 = h;
            }
    spell *s = add("cvt.rn.bf16x2.ue8m0x2", K_FROM, UE8M0, 100, 8, 6);
    s->dst_bf16 = 1;
}

/* spellings next to these that the syntax lines do not produce (or SEMANTICS leaves out) */
static const char *const refused[] = {
    "cvt.rn.e4m3x2.f32",                      /* .satfinite is mandatory */
    "cvt.rn.relu.e5m2x2.f16x2",
    "cvt.rz.satfinite.e4m3x2.f32",            /* .rn only */
    "cvt.rn.satfinite.e2m1x2.f16",
    "cvt.rn.satfinite.e4m3x2.f64",
    "cvt.rn.satfinite.e2m3x2.e3m2x2",
    "cvt.rn.satfinite.f16x2.e4m3x2",          /* .f16x2 destination: .relu only */
    "cvt.rn.scaled::n2::ue8m0.f16x2.e2m1x2",
    "cvt.rz.f16x2.e5m2x2",
    "cvt.rn.f32.e4m3x2",
    "cvt.rn.scaled::n4::ue8m0.bf16x2.e4m3x2",
    "cvt.rn.satfinite.ue8m0x2.f32",           /* .frnd3 = { .rz, .rp } */
    "cvt.rm.ue8m0x2.f32",
    "cvt.rz.relu.ue8m0x2.f32",
    "cvt.rp.ue8m0x2.f16x2",
    "cvt.rn.f16x2.ue8m0x2",
    "cvt.rn.relu.bf16x2.ue8m0x2",
    "cvt.rn.scaled::n2::ue8m0.bf16x2.ue8m0x2",
    "cvt.rz.bf16x2.ue8m0x2",
    "cvt.rn.satfinite.e4m3x4.f32",            /* the x4 forms: .rs only (vec_oracle.c's) */
    "cvt.rn.satfinite.relu.e2m1x4.f32",
    "cvt.rn.satfinite.e4m3.f32",
    "cvt.rn.satfinite.e2m1x2.e4m3x2",
};

static const char *target_below(unsigned sm)
{
    return sm == 89 ? "sm_88" : sm == 100 ? "sm_90" : NULL;
}

/* the MX formats a mnemonic names (.scaled::n2::ue8m0 alone is no format: .s2f6x2's forms) */
static int names_mx(const char *mn)
{
    static const char *const k[] = {"e4m3", "e5m2", "e2m3", "e3m2", "e2m1", "ue8m0x2"};
    for (unsigned i = 0; i < 6; i++)
        if (strstr(mn, k[i]))
            return 1;
    return 0;
}

static unsigned check_table_and_shapes(void)
{
    const unsigned before = (unsigned)co_fails;
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
        const ptxcpu_elem want_elem = s->kind == K_FROM
                                          ? (s->dst_bf16 ? PTXCPU_ELEM_BF16 : PTXCPU_ELEM_F16)
                                          : PTXCPU_ELEM_INT;
        int ok = !strcmp(d.mnemonic, s->mn) && !strcmp(d.section, "9.7.9.21") &&
                 d.nsrc == s->nsrc && d.dst_bits == s->dbits && !d.reads_cc && !d.writes_cc &&
                 d.min_sm == s->sm && d.ptx_major == s->pmaj && d.ptx_minor == s->pmin;
        for (unsigned k = 0; k < 4; k++)
            ok &= d.src_bits[k] == (k < s->nsrc ? s->sbits[k] : 0u);
        if (!ok)
            failf("FAIL %s: described as %s (%s) nsrc %u dst_bits %u src_bits %u,%u,%u,%u cc %d/%d "
                  "sm_%u PTX %u.%u; the spec implies nsrc %u dst_bits %u src_bits %u,%u sm_%u "
                  "PTX %u.%u\n",
                  s->mn, d.mnemonic, d.section, d.nsrc, d.dst_bits, d.src_bits[0], d.src_bits[1],
                  d.src_bits[2], d.src_bits[3], d.reads_cc, d.writes_cc, d.min_sm, d.ptx_major,
                  d.ptx_minor, s->nsrc, s->dbits, s->sbits[0], s->sbits[1], s->sm, s->pmaj,
                  s->pmin);
        /* every destination type here is an .x2 (ptxcpu_insn_desc: elems 2 for .x2 types) */
        if (d.elems != 2 || d.elem != want_elem)
            failf("FAIL %s: described with elems %u elem %d, want elems 2 (an .x2 destination) "
                  "elem %d\n",
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
        if (strcmp(d.section, "9.7.9.21") || !names_mx(d.mnemonic) || strstr(d.mnemonic, "x4."))
            continue; /* (the x4 forms of cvt.rs: tests/move/vec_oracle.c) */
        unsigned i = 0;
        while (i < nsp && strcmp(sps[i].mn, d.mnemonic))
            i++;
        if (i == nsp)
            failf("FAIL the table has %s, which the spec's syntax lines (less .rs, x4, .s2f6x2) do "
                  "not spell\n",
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
    return (unsigned)co_fails - before;
}

/* ---- the model: one element, one lane ------------------------------------------------------ */
#define NOSIGN 0x100u /* a magnitude result that takes no sign (NaN's code) */

/* the magnitude's result (the sign applied by mx_sign) */
static unsigned mx_mag(const spell *s, val v, unsigned *hint)
{
    const struct fmt *f = &F[s->fmt];
    if (s->fmt == UE8M0) {
        if (v.nan)
            return 0xff;
        if (v.inf)
            return s->sf ? 0xfe : 0xff;
        if (v.mag == 0)
            return 0;
        int k;
        const double fr = frexp(v.mag, &k); /* mag = fr * 2^k, 0.5 <= fr < 1 */
        int e = k - 1;                      /* 2^e: the largest power of two <= mag */
        if (s->rp && fr != 0.5)
            e++; /* the smallest >= mag */
        int c = e + 127;
        if (c < 0)
            c = 0; /* 2^-127, ue8m0's smallest */
        if (c > 254)
            c = s->sf ? 0xfe : 0xff;
        return (unsigned)c;
    }
    if (v.nan)
        return f->nancode | NOSIGN;
    return v.inf ? f->maxcode : nearest(s->fmt, v.mag, hint);
}

static unsigned mx_sign(const spell *s, unsigned mc, int sign)
{
    if ((mc & NOSIGN) || s->fmt == UE8M0)
        return mc & 0xff; /* NaN's code; ue8m0 has no sign */
    if (!sign)
        return mc;
    return s->relu ? 0 : mc | 1u << (F[s->fmt].w - 1);
}

static unsigned mx_pack(const spell *s, unsigned hi, unsigned lo)
{
    return F[s->fmt].w == 4 ? hi << 4 | lo : hi << 8 | lo;
}

/* an element to .f16/.bf16 (d's type), times 2^(scale-127) */
static uint32_t half_from(const spell *s, val v, unsigned scale)
{
    const int bf = s->dst_bf16;
    const unsigned long infb = bf ? 0x7f80 : 0x7c00, maxb = bf ? 0x7f7f : 0x7bff;
    if (v.nan || scale == 0xff)
        return 0x7fff;
    if (s->relu && v.sign)
        return 0;
    unsigned long b = v.inf ? infb
                            : enc_rn(ldexp(v.mag, (int)scale - 127), bf ? 7 : 10, bf ? 127 : 15);
    if (b >= infb)
        b = s->sf ? maxb : infb;
    return (v.sign ? 0x8000u : 0) | (uint32_t)b;
}

/* a K_FROM lane's element codes; 0 when an element is outside SEMANTICS (6-bit, top bits set) */
static int mx_unpack(const spell *s, uint32_t a16, unsigned *hi, unsigned *lo)
{
    switch (F[s->fmt].w) {
    case 4: *hi = a16 >> 4 & 0xf, *lo = a16 & 0xf; return 1; /* the upper byte is ignored */
    case 6: *hi = a16 >> 8 & 0x3f, *lo = a16 & 0x3f; return (a16 & 0xc0c0) == 0;
    default: *hi = a16 >> 8 & 0xff, *lo = a16 & 0xff; return 1;
    }
}

/* d of one lane; *def 0 where SEMANTICS leaves it open (the 6-bit formats' top bits: the value
 * returned then reads them as ignored) */
static uint32_t model(const spell *s, uint32_t a, uint32_t b, uint32_t sc, int *def)
{
    *def = 1;
    switch (s->kind) {
    case K_TO_F32:
        return mx_pack(s, mx_sign(s, mx_mag(s, val_f32(a), NULL), (int)(a >> 31)),
                       mx_sign(s, mx_mag(s, val_f32(b), NULL), (int)(b >> 31)));
    case K_TO_H: {
        const val h = s->src_bf16 ? val_bf16((uint16_t)(a >> 16)) : val_f16((uint16_t)(a >> 16));
        const val l = s->src_bf16 ? val_bf16((uint16_t)a) : val_f16((uint16_t)a);
        return mx_pack(s, mx_sign(s, mx_mag(s, h, NULL), h.sign),
                       mx_sign(s, mx_mag(s, l, NULL), l.sign));
    }
    case K_FROM: {
        unsigned hi, lo;
        *def = mx_unpack(s, a, &hi, &lo);
        const unsigned shi = s->scaled ? sc >> 8 & 0xff : 0x7f, slo = s->scaled ? sc & 0xff : 0x7f;
        return half_from(s, mx_val(s->fmt, hi), shi) << 16 | half_from(s, mx_val(s->fmt, lo), slo);
    }
    }
    return 0;
}

/* ---- the model's own checks ---------------------------------------------------------------- */
static unsigned model_selfcheck(void)
{
    unsigned bad = 0;
    static const double maxv[5] = {448, 57344, 7.5, 28, 6};
    for (unsigned f = 0; f < UE8M0; f++) {
        if (grid[f][F[f].maxcode] != maxv[f])
            printf("MODEL %s: MAX_NORM %g, SEMANTICS says %g\n", F[f].name,
                   grid[f][F[f].maxcode], maxv[f]), bad++;
        for (unsigned c = 1; c <= F[f].maxcode; c++)
            if (!(grid[f][c] > grid[f][c - 1]))
                printf("MODEL %s: grid not ascending at %#x\n", F[f].name, c), bad++;
    }
    /* the grid search against arithmetic rounding (frexp, floor) saturated at MAX_NORM */
    for (unsigned f = 0; f < UE8M0; f++) {
        for (uint32_t i = 0; i < 3u * 65536 + (1u << 31) / 8191; i++) {
            val v = i < 65536 ? val_f16((uint16_t)i) : i < 2 * 65536 ? val_bf16((uint16_t)i)
                  : i < 3 * 65536 ? val_f32((uint32_t)(i - 2 * 65536) << 16 | 0x8000u)
                                  : val_f32((i - 3u * 65536) * 8191u);
            if (v.nan || v.inf || v.sign)
                continue;
            unsigned long e = enc_rn(v.mag, F[f].mb, F[f].bias);
            if (e > F[f].maxcode)
                e = F[f].maxcode;
            const unsigned n = nearest(f, v.mag, NULL);
            if (n != e && bad++ < 10)
                printf("MODEL %s: %a: grid search %#x, arithmetic %#lx\n", F[f].name, v.mag, n, e);
        }
    }
    /* named cases: SEMANTICS' -0x1p-20 to e4m3, ue8m0 0 to bf16, e2m3 / e2m1 NaN */
    spell t;
    memset(&t, 0, sizeof t);
    t.kind = K_TO_F32, t.fmt = E4M3;
    int def;
    if (model(&t, 0xb5800000u, 0x7fc00000u, 0, &def) != 0x807f) /* -0x1p-20, NaN */
        printf("MODEL e4m3: (-0x1p-20, NaN) not 0x807f\n"), bad++;
    t.fmt = E2M3;
    if (model(&t, 0xffc00000u, 0x7f800000u, 0, &def) != 0x1f1f)
        printf("MODEL e2m3: (NaN, Inf) not 0x1f1f\n"), bad++;
    t.fmt = E2M1;
    if (model(&t, 0x7fc00000u, 0xc0400000u, 0, &def) != 0x7d) /* NaN, -3 */
        printf("MODEL e2m1: (NaN, -3) not 0x7d\n"), bad++;
    t.kind = K_FROM, t.fmt = UE8M0, t.dst_bf16 = 1;
    if (model(&t, 0x00ff, 0, 0, &def) != 0x00407fffu ||
        model(&t, 0x7f00, 0, 0, &def) != 0x3f800040u)
        printf("MODEL ue8m0 to bf16x2: 0x00ff not 0x00407fff, or 0x7f00 not 0x3f800040\n"), bad++;
    t.fmt = E5M2, t.dst_bf16 = 0;
    if (model(&t, 0x7cfc, 0, 0, &def) != 0x7c00fc00u) /* +-Inf to f16x2 */
        printf("MODEL e5m2 to f16x2: +-Inf\n"), bad++;
    /* scaled to bf16, worked by hand: e4m3 2^-9 * 2^-127 is below half of bf16's 2^-133: +0;
     * e4m3 3, 5, 7 * 2^-9 * 2^-125: 1.5, 2.5, 3.5 * 2^-133, ties to 2, 2, 4; e2m1 0.5 * 2^-127:
     * 0x0020; e4m3 -448 * 2^127: -Inf, .satfinite -0x7f7f */
    t.kind = K_FROM, t.fmt = E4M3, t.dst_bf16 = 1, t.scaled = 1;
    if (model(&t, 0x0103, 0, 0x0002, &def) != 0x00000002u ||
        model(&t, 0x0507, 0, 0x0202, &def) != 0x00020004u ||
        model(&t, 0xfe00, 0, 0xfe7f, &def) != 0xff800000u)
        printf("MODEL e4m3 scaled to bf16x2: subnormal rounding or overflow\n"), bad++;
    t.sf = 1;
    if (model(&t, 0xfe00, 0, 0xfe7f, &def) != 0xff7f0000u)
        printf("MODEL e4m3 scaled .satfinite to bf16x2: overflow\n"), bad++;
    t.fmt = E2M1, t.sf = 0;
    if (model(&t, 0xff10, 0, 0x0000, &def) != 0x00200000u)
        printf("MODEL e2m1 scaled to bf16x2: 0.5 * 2^-127\n"), bad++;
    t.scaled = 0;
    t.kind = K_TO_F32, t.fmt = UE8M0, t.rp = 1;
    if (model(&t, 0x3f800001u, 0x00200000u, 0, &def) != 0x8000u) /* 1+ulp rp: 2; 2^-128: 2^-127 */
        printf("MODEL ue8m0 .rp: (1+ulp, 2^-128) not 0x8000\n"), bad++;
    return bad;
}

/* ---- the sweeps ---------------------------------------------------------------------------- */
static int full_mode;
static unsigned f32_step; /* every f32_step-th magnitude */
static size_t n_edges;
static uint32_t edges[16384]; /* f32 magnitudes (sign bit clear) */

static void add_edge(uint32_t x)
{
    for (int d = -2; d <= 2; d++) {
        const int64_t v = (int64_t)x + d;
        if (v >= 0 && v <= 0x7fffffff && n_edges < sizeof edges / sizeof edges[0])
            edges[n_edges++] = (uint32_t)v;
    }
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
    for (unsigned f = 0; f < UE8M0; f++)
        for (unsigned c = 0; c <= F[f].maxcode; c++) {
            add_edge(f32_bits(grid[f][c]));
            const double next = c < F[f].maxcode ? grid[f][c + 1] : raw_value(f, c + 1);
            add_edge(f32_bits((grid[f][c] + next) / 2));
        }
    for (int e = -149; e <= 127; e++)
        add_edge(f32_bits(ldexp(1.0, e)));
    static const uint32_t sp[] = {0, 0x7f800000u, 0x7f800001u, 0x7fc00000u, 0x7fffffffu,
                                  0x7fa00000u, 0x7f7fffffu, 0x00800000u, 0x007fffffu, 0x00400000u,
                                  0x3f800000u};
    for (size_t i = 0; i < sizeof sp / sizeof sp[0]; i++)
        add_edge(sp[i]);
}

/* the f32 magnitudes of sweep chunk j: n_mag of them from m0, step apart */
static uint64_t n_f32_mags(void)
{
    return ((uint64_t)1 << 31) / f32_step + ((1u << 31) % f32_step != 0);
}

/* chunks of a spelling: K_TO_F32: edges, random, then the sweep; K_TO_H: 3; K_FROM: all a (and
 * for the scaled forms: every (element, scale) pair, then one chunk a scale-factor) */
static const uint8_t scale_set[] = {0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff};
enum { NSCALE = sizeof scale_set };

static size_t nchunks(unsigned i)
{
    const spell *s = &sps[i];
    switch (s->kind) {
    case K_TO_F32: {
        const uint64_t per_chunk = full_mode ? CO_N : CO_N / 2;
        return 2 + (size_t)((n_f32_mags() + per_chunk - 1) / per_chunk);
    }
    case K_TO_H: return 3;
    case K_FROM: return s->scaled ? 2 + (full_mode ? 256 : NSCALE + 2) : 1;
    }
    return 0;
}

static const uint16_t h_specials[] = {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x7f80, 0xff80,
                                      0x7fc0, 0x3c00, 0x0001, 0x8001, 0x7bff, 0xfbff, 0x7f7f};
enum { NHS = sizeof h_specials / sizeof h_specials[0] };

static uint32_t rand_f32(rng_t *g)
{
    uint32_t x = (uint32_t)rng_next(g);
    if (x & 3) /* mostly near the formats' ranges: exponents 2^-24 .. 2^20 */
        x = (x & 0x807fffffu) | (uint32_t)(103 + rng_below(g, 44)) << 23;
    return x;
}

/* lanes of a 16-bit sweep and of a random chunk: all 65536 (CVTMX_FULL, or PTXCPU_TEST_SCALE
 * 1), else 65536 / PTXCPU_TEST_SCALE, at least 1024 and 8192 */
static size_t n16, nrand;

/* the l-th 16-bit value of a sweep: every value when n16 is 65536, else the half specials and then
 * every byte value in both bytes */
static uint32_t sub16(size_t l)
{
    if (n16 == CO_N)
        return (uint32_t)l;
    if (l < NHS)
        return h_specials[l];
    return (uint32_t)(l & 0xff) << 8 | (uint32_t)((l * 167 + (l >> 8) * 13) & 0xff);
}

/* fill chunk j of spelling i (inputs, guards); the model's d computed; returns 1 if this is the
 * chunk that also runs in the other modes */
static int fill(unsigned i, size_t j, co_chunk *c, rng_t *g)
{
    const spell *s = &sps[i];
    /* the sources: a, then b (K_TO_F32) or scale-factor (K_FROM); the model ignores the other */
    uint32_t *a = c->src[0], *b = c->src[1], *sc = c->src[1];
    int extra = 0;
    c->n = CO_N;
    switch (s->kind) {
    case K_TO_F32:
        if (j == 0) { /* edges: each magnitude as +m, -m in a and b */
            c->n = (2 * n_edges + 31) / 32 * 32;
            for (size_t l = 0; l < c->n; l++) {
                const uint32_t m = edges[(l / 2) % n_edges];
                a[l] = m | (uint32_t)(l & 1) << 31, b[l] = a[l] ^ 0x80000000u;
            }
        } else if (j == 1) { /* random pairs */
            c->n = nrand;
            for (size_t l = 0; l < c->n; l++)
                a[l] = rand_f32(g), b[l] = rand_f32(g);
            extra = 1;
        } else { /* the sweep: magnitude m as +m and -m, a lane pair in both orders (CI) or one
                  * lane, the order alternating (full: every pattern once) */
            const size_t per = full_mode ? 1 : 2;
            const uint64_t total = n_f32_mags(), i0 = (uint64_t)(j - 2) * (CO_N / per);
            const uint64_t cnt = total - i0 < CO_N / per ? total - i0 : CO_N / per;
            c->n = ((size_t)cnt * per + 31) / 32 * 32; /* the last chunk: its last m again */
            unsigned hint = 0;
            for (size_t l = 0; l < c->n; l++) {
                const uint64_t p = l / per < cnt ? l / per : cnt - 1;
                const uint32_t m = (uint32_t)((i0 + p) * f32_step);
                const unsigned mc = mx_mag(s, val_f32(m), &hint);
                const unsigned pos = mx_sign(s, mc, 0), neg = mx_sign(s, mc, 1);
                const uint32_t na = (uint32_t)((l ^ (full_mode ? j : 0)) & 1); /* a is -m */
                a[l] = m | na << 31, b[l] = m | (na ^ 1) << 31;
                c->want[l] = na ? mx_pack(s, neg, pos) : mx_pack(s, pos, neg);
                c->def[l] = 1;
            }
            co_set_guards(c, g);
            return 0;
        }
        break;
    case K_TO_H:
        c->n = j == 2 ? nrand : n16;
        for (size_t l = 0; l < c->n; l++) {
            const uint32_t v = sub16(l), perm = (v * 40503u + 12345u) & 0xffff;
            a[l] = j == 0 ? v << 16 | perm : j == 1 ? (uint32_t)h_specials[l % NHS] << 16 | v
                                                    : (uint32_t)rng_next(g);
        }
        extra = j == 2;
        break;
    case K_FROM:
        c->n = n16;
        if (!s->scaled) {
            for (size_t l = 0; l < c->n; l++)
                a[l] = sub16(l), sc[l] = 0x7f7f;
            extra = 1;
        } else if (j < 2) {
            /* every (element code, scale byte) pair in the upper element and, permuted, the lower;
             * j == 1: the same pairs, elements' codes by a random draw within the format */
            const unsigned w = F[s->fmt].w, cm = (1u << w) - 1;
            for (size_t l = 0; l < c->n; l++) {
                const uint32_t p = sub16(l), q = (p * 40503u + 12345u) & 0xffff;
                unsigned hc = p >> 8 & cm, lc = q >> 8 & cm;
                if (j == 1)
                    hc = (unsigned)rng_next(g) & cm, lc = (unsigned)rng_next(g) & cm;
                a[l] = w == 4 ? (hc << 4 | lc | (unsigned)(rng_next(g) & 0xff) << 8)
                              : hc << 8 | lc;
                sc[l] = (p & 0xff) << 8 | (q & 0xff);
            }
            extra = j == 0;
        } else {
            const unsigned k = (unsigned)(j - 2);
            unsigned hs, ls;
            if (full_mode) {
                hs = k, ls = (k * 167u + 13u) & 0xff;
            } else {
                hs = k < NSCALE ? scale_set[k] : (unsigned)rng_next(g) & 0xff; /* 2 random */
                ls = k < NSCALE ? scale_set[(k + 1) % NSCALE] : (unsigned)rng_next(g) & 0xff;
            }
            for (size_t l = 0; l < c->n; l++)
                a[l] = sub16(l), sc[l] = hs << 8 | ls;
        }
        break;
    }
    for (size_t l = 0; l < c->n; l++) {
        int def;
        c->want[l] = model(s, a[l], b[l], sc[l], &def);
        c->def[l] = (uint8_t)def;
    }
    co_set_guards(c, g);
    return extra;
}

static co_shape shape(unsigned i)
{
    const spell *s = &sps[i];
    return (co_shape){s->mn, &s->insn, s->parsed, s->nsrc, s->dbits, s->sbits, s->sname};
}

static unsigned long per_kind_lanes[3];
static void tally(unsigned i, unsigned long lanes) { per_kind_lanes[sps[i].kind] += lanes; }

int main(void)
{
    const clock_t t0 = clock();
    const double w0 = co_now();
    const unsigned scale = test_scale();
    const char *fe = getenv("CVTMX_FULL");
    full_mode = fe && atoi(fe) > 0;
    f32_step = full_mode ? 1 : 4093u * scale;
    n16 = full_mode || scale == 1 ? CO_N
          : CO_N / scale < 1024   ? 1024
                                  : (CO_N / scale + 31) / 32 * 32;
    nrand = full_mode || scale == 1 ? CO_N
            : CO_N / scale < 8192   ? 8192
                                    : (CO_N / scale + 31) / 32 * 32;

    grid_init();
    enumerate();
    if (nsp != 89)
        failf("FAIL the syntax lines gave %u spellings, want 89\n", nsp);
    const unsigned model_bad = model_selfcheck();
    if (model_bad) {
        printf("FAIL the model disagrees with itself (%u cases): fix the test first\n", model_bad);
        return 1;
    }
    edges_init();
    const unsigned bad_table = check_table_and_shapes();
    if (!co_tables_init())
        return 1;

    /* the 6-bit elements with their top bits set are open (SEMANTICS); the scalar table decides */
    const co_oracle o = {.env = "CVTMX", .full = full_mode, .mn_width = 52, .nsp = nsp,
                         .shape = shape, .nchunks = nchunks, .fill = fill, .tally = tally,
                         .open_note = " (the scalar table's: 6-bit top bits set)"};
    co_totals tot;
    if (!co_run_all(&o, &tot))
        return 1;
    co_print_tables();
    if (tot.open)
        printf("INFO 6-bit elements with their top bits set (not in SEMANTICS), from the scalar "
               "table: %lu lanes, %lu read with the top bits ignored, %lu otherwise (the other "
               "tables checked against it)\n",
               tot.open, tot.open_model, tot.open_other);
    printf("lanes checked: to MX from .f32 %lu, from .f16x2/.bf16x2 %lu, to .f16x2/.bf16x2 %lu "
           "(f32 sweep: %s; scale bytes %s); %.1f s, %.1f s CPU, %d thread(s)\n",
           per_kind_lanes[K_TO_F32], per_kind_lanes[K_TO_H], per_kind_lanes[K_FROM],
           full_mode ? "every pattern" : "every 4093rd magnitude x PTXCPU_TEST_SCALE, both signs",
           full_mode ? "all 256" : "the 6 named, 2 random", co_now() - w0,
           (double)(clock() - t0) / CLOCKS_PER_SEC, tot.nthreads);
    return co_finish(nsp, bad_table, &tot);
}
