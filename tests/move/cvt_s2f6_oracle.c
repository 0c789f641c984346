/* Oracle of cvt with .s2f6x2 (9.7.9.21; the format 5.2.4, 5.2.5.3): to .s2f6x2 from .f32 and
 * .bf16x2, and from it to .bf16x2, with and without .scaled::n2::ue8m0, on every ISA table this
 * machine runs and every emulated table the tests link (tests/common/emu_tables.h).
 *
 * The model is written here from docs/SEMANTICS.md's .s2f6x2 rows ("Conversion with the OCP MX
 * formats"), apart from the library's code. An .s2f6 is an 8-bit two's complement s8 worth
 * s8 * 2^-6 (-2 .. 1.984375), two in a 16-bit register, a's (or a's upper half's) in the upper
 * byte; s is the element's byte of scale-factor (the upper one for a's element), 127 without
 * .scaled::n2::ue8m0:
 *  - to .s2f6x2 (.rn.satfinite): the exact input divided by 2^(s-127), in units of 2^-6, rounded
 *    once to the nearest integer, ties to even (compared with the exact half), clamped to
 *    -128 .. 127; +-Inf give 0x7f / 0x80; NaN, and s = 0xff, give 0x7f; .relu a negative result
 *    0x00;
 *  - to .bf16x2: s8 * 2^(s-133) rounded once to bf16 (nearest even, subnormals on bf16's grid),
 *    past bf16's range +-Inf (.satfinite: +-0x7f7f); s = 0xff gives 0x7fff; .relu a negative
 *    value +0.
 * The model checks itself first against GNU MPFR (mpfr_rint to nearest-even for the first;
 * bf16's exponent range and mpfr_subnormalize for the second) over every bf16 value and a sample
 * of f32 under the named scale bytes, and every (element, scale byte) pair; then against the
 * cases SEMANTICS names and others worked by hand.
 *
 * What it checks:
 *  - the 16 spellings, enumerated here from the three syntax lines, parse on sm_100; the table's
 *    rows that name .s2f6x2 are exactly these; each one's shape (d; a, b; scale-factor 16 bits),
 *    minimum target (sm_100) and PTX ISA version (9.1), a target below it refused; neighbours the
 *    syntax does not spell refused;
 *  - from .f32 (d, a, b{, scale-factor}): under each scale byte 0, 1, 126, 127, 128, 253, 254,
 *    255 (the unscaled forms: 127), every grid value k * 2^-6 and midpoint (k + 1/2) * 2^-6
 *    (k = 0 .. 128) times 2^(s-127), +-1 and +-2 f32 ulp; every f32 exponent field with 0, 1,
 *    half, all-ones and a random mantissa; +-0, +-Inf, NaNs; as +m in a and -m in b and the other
 *    way, with the same scale byte in both halves and paired with another edge; random pairs;
 *    every f32 magnitude m = i * 4093 * PTXCPU_TEST_SCALE below 2^31 (+m and -m; the scaled forms
 *    with a scale byte that puts m in range in half the lanes, a random one in the others;
 *    CVTS2F6_FULL=1: every one of the 2^32 patterns, once, in a or b);
 *  - from .bf16x2: every bf16 value in the upper half (a permutation of them below); the scaled
 *    forms under 8 scale-factors paired from those bytes (CVTS2F6_FULL=1: every scale byte in
 *    each half), and once more with each element's scale byte putting it in range; random;
 *  - to .bf16x2: every 16-bit a; the scaled forms: every (element, scale byte) pair in each half,
 *    then every a under 8 scale-factors paired from the named bytes and 2 random ones
 *    (CVTS2F6_FULL=1: every scale byte in each half);
 *  - random guards (zero, partial, one lane, full): lanes outside keep their canary, then run
 *    again compacted; a chunk of each spelling also as a register file of stride 2 (the padding
 *    between registers must stay), one warp a call, prepared (ptxcpu_prepare, with and without
 *    PTXCPU_PREPARE_DEFAULT_FENV), with d exactly a source of its width, and under every caller
 *    floating-point environment of tests/common/test_fenv.h (which it must leave).
 *
 * Environment: CVTS2F6_FULL=1 (meson sets it at -Dtest_level=full) the complete sweeps, on OpenMP
 * threads (CVTS2F6_THREADS caps them); CVTS2F6_FILTER=text only the spellings containing it;
 * CVTS2F6_VERBOSE=1 a line and the time of each spelling. PTXCPU_TEST_SCALE s > 1 (qemu,
 * sanitizers) also thins the 16-bit sweeps to 65536 / s lanes.
 * Runtime (release, native scalar/AVX2/AVX-512 and emulated NEON): 1 s CPU; CVTS2F6_FULL=1 about
 * 16 CPU-minutes (each .f32 spelling ~4, the rest under a minute together). */
#include "chunk_oracle.h" /* the tables, chunks, modes, threads and summary (the cvt oracles') */

#include <math.h>
#include <mpfr.h>

/* ---- the spellings, from the spec's syntax lines -------------------------------------------- */
/* to .s2f6x2 from .f32 (d, a, b{, sf}); from .bf16x2 (d, a{, sf}); to .bf16x2 (d, a{, sf}) */
enum kind { K_TOF, K_TOH, K_FROM };

typedef struct spell {
    char mn[80];
    enum kind kind;
    int relu, sf, scaled; /* .relu, .satfinite, .scaled::n2::ue8m0 */
    unsigned sm, pmaj, pmin;
    unsigned nsrc, dbits, sbits[CO_MAXSRC];
    const char *sname[CO_MAXSRC];
    ptxcpu_insn insn;
    int parsed;
} spell;

enum { MAXSP = 16 };
static spell sps[MAXSP];
static unsigned nsp;

/* cvt.rn.satfinite{.relu}{.scaled::n2::ue8m0}.s2f6x2.f32      d, a, b{, scale-factor};
 * cvt.rn.satfinite{.relu}{.scaled::n2::ue8m0}.s2f6x2.bf16x2   d, a{, scale-factor};
 * cvt.rn{.satfinite}{.relu}{.scaled::n2::ue8m0}.bf16x2.s2f6x2 d, a{, scale-factor};
 * "cvt with .s2f6x2 instruction type introduced in PTX ISA version 9.1", "supported on sm_100a,
 * sm_103a, sm_110a, sm_120a, sm_121a" (sm_100a read as sm_100: SEMANTICS, Targets). Registers:
 * .s2f6x2 and scale-factor .b16; .f32 and .bf16x2 32 bits. */
static void enumerate(void)
{
    for (int relu = 0; relu < 2; relu++)
        for (int sc = 0; sc < 2; sc++) {
            const char *r = relu ? ".relu" : "", *x = sc ? ".scaled::n2::ue8m0" : "";
            for (int k = 0; k < 3; k++) {
                const int n = k == K_FROM ? 2 : 1; /* .satfinite optional to .bf16x2 */
                for (int sf = n - 1; sf >= 0; sf--) {
                    spell *s = &sps[nsp++];
                    memset(s, 0, sizeof *s);
                    if (k == K_FROM)
                        snprintf(s->mn, sizeof s->mn, "cvt.rn%s%s%s.bf16x2.s2f6x2",
                                 sf ? ".satfinite" : "", r, x);
                    else
                        snprintf(s->mn, sizeof s->mn, "cvt.rn.satfinite%s%s.s2f6x2.%s", r, x,
                                 k == K_TOF ? "f32" : "bf16x2");
                    s->kind = (enum kind)k, s->relu = relu, s->sf = k == K_FROM ? sf : 1;
                    s->scaled = sc;
                    s->sm = 100, s->pmaj = 9, s->pmin = 1;
                    s->sname[0] = "a";
                    if (k == K_TOF) {
                        s->dbits = 16, s->nsrc = 2, s->sbits[0] = s->sbits[1] = 32;
                        s->sname[1] = "b";
                    } else {
                        s->dbits = k == K_FROM ? 32 : 16, s->nsrc = 1;
                        s->sbits[0] = k == K_FROM ? 16 : 32;
                    }
                    if (sc)
                        s->sbits[s->nsrc] = 16, s->sname[s->nsrc] = "scale-factor", s->nsrc++;
                }
            }
        }
}

/* spellings next to these that the syntax lines do not produce */
static const char *const refused[] = {
    "cvt.rn.s2f6x2.f32",                          /* .satfinite is mandatory to .s2f6x2 */
    "cvt.rn.relu.s2f6x2.bf16x2",
    "cvt.rz.satfinite.s2f6x2.f32",                /* .rn only */
    "cvt.rs.satfinite.s2f6x2.f32",
    "cvt.rz.bf16x2.s2f6x2",
    "cvt.satfinite.s2f6x2.f32",
    "cvt.rn.satfinite.s2f6x2.f16x2",              /* from .f32 and .bf16x2 only */
    "cvt.rn.satfinite.s2f6x2.f16",
    "cvt.rn.satfinite.s2f6x2.bf16",
    "cvt.rn.satfinite.s2f6x2.f64",
    "cvt.rn.satfinite.s2f6x2.e4m3x2",
    "cvt.rn.f16x2.s2f6x2",                        /* to .bf16x2 only */
    "cvt.rn.f32.s2f6x2",
    "cvt.rn.bf16.s2f6x2",
    "cvt.rn.satfinite.e2m3x2.s2f6x2",
    "cvt.rn.satfinite.scaled::n4::ue8m0.s2f6x2.f32",
    "cvt.rn.scaled::n2::ue8m0.f16x2.s2f6x2",
    "cvt.rn.satfinite.s2f6.f32",                  /* the type is .s2f6x2 */
    "cvt.rn.bf16x2.s2f6",
    "cvt.rn.satfinite.s2f6x4.f32",
    "cvt.rn.relu.satfinite.s2f6x2.f32",           /* the modifiers in the syntax lines' order */
    "cvt.rn.satfinite.scaled::n2::ue8m0.relu.s2f6x2.bf16x2",
    "cvt.rn.relu.satfinite.bf16x2.s2f6x2",
    "cvt.rn.scaled::n2::ue8m0.relu.bf16x2.s2f6x2",
    "cvt.rn.scaled::n2::ue8m0.satfinite.bf16x2.s2f6x2",
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
                  "sm_%u PTX %u.%u; the spec implies (9.7.9.21) nsrc %u dst_bits %u src_bits "
                  "%u,%u,%u sm_%u PTX %u.%u\n",
                  s->mn, d.mnemonic, d.section, d.nsrc, d.dst_bits, d.src_bits[0], d.src_bits[1],
                  d.src_bits[2], d.src_bits[3], d.reads_cc, d.writes_cc, d.min_sm, d.ptx_major,
                  d.ptx_minor, s->nsrc, s->dbits, s->sbits[0], s->sbits[1], s->sbits[2], s->sm,
                  s->pmaj, s->pmin);
        /* both destinations are .x2 types (ptxcpu_insn_desc: elems 2); .s2f6x2 is bits (INT, as
         * the MX formats), .bf16x2 BF16 */
        const ptxcpu_elem want_elem = s->kind == K_FROM ? PTXCPU_ELEM_BF16 : PTXCPU_ELEM_INT;
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
        if (!strstr(d.mnemonic, "s2f6"))
            continue;
        unsigned i = 0;
        while (i < nsp && strcmp(sps[i].mn, d.mnemonic))
            i++;
        if (i == nsp)
            failf("FAIL the table has %s, which the .s2f6x2 syntax lines do not spell\n",
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

/* a finite magnitude divided by 2^(s-127), in units of 2^-6, rounded to the nearest integer (ties
 * to even); 1024 for anything at or above it (the clamp gives the same) */
static long s2f6_units(double mag, unsigned s)
{
    const double q = ldexp(mag, 133 - (int)s); /* exact: mag * 2^6 / 2^(s-127) */
    if (q >= 1024)
        return 1024;
    const double fl = floor(q), fr = q - fl;
    long n = (long)fl;
    if (fr > 0.5 || (fr == 0.5 && (n & 1)))
        n++;
    return n;
}

/* an element to .s2f6: its byte */
static unsigned to_s2f6(const spell *sp, val v, unsigned s)
{
    if (v.nan || s == 0xff)
        return 0x7f; /* +MAX_NORM */
    long n;
    if (v.inf) {
        n = v.sign ? -128 : 127;
    } else {
        const long u = s2f6_units(v.mag, s);
        n = v.sign ? -u : u;
        n = n < -128 ? -128 : n > 127 ? 127 : n;
    }
    if (sp->relu && n < 0)
        n = 0;
    return (unsigned)n & 0xff;
}

/* m (finite, >= 0) rounded to nearest even on bf16's grid (subnormals included, the exponent
 * unbounded above): its encoding (sign excluded), which may pass Inf's 0x7f80 */
static uint64_t bf16_rn(double m)
{
    if (m == 0)
        return 0;
    int k;
    (void)frexp(m, &k);
    int E = k - 1; /* 2^E <= m < 2^(E+1) */
    if (E < -126)
        E = -126;
    const double n = ldexp(m, 7 - E); /* m in units of the last place: exact */
    const double fl = floor(n), fr = n - fl;
    uint64_t N = (uint64_t)fl;
    if (fr > 0.5 || (fr == 0.5 && (N & 1)))
        N++;
    return ((uint64_t)(E + 126) << 7) + N; /* N = 2^8 carries into the exponent */
}

/* an .s2f6 byte to .bf16 under scale byte s */
static uint32_t from_s2f6(const spell *sp, unsigned byte, unsigned s)
{
    if (s == 0xff)
        return 0x7fff; /* ue8m0's NaN */
    const int s8 = (int)(int8_t)(uint8_t)byte;
    if (s8 == 0 || (sp->relu && s8 < 0))
        return 0;
    uint64_t b = bf16_rn(ldexp(abs(s8), (int)s - 133)); /* s8 * 2^-6 * 2^(s-127) */
    if (b >= 0x7f80)
        b = sp->sf ? 0x7f7f : 0x7f80;
    return (s8 < 0 ? 0x8000u : 0u) | (uint32_t)b;
}

/* d of one lane (x: a, y: b for K_TOF, sc: scale-factor, 0x7f7f when not scaled) */
static uint32_t model(const spell *sp, uint32_t x, uint32_t y, uint32_t sc)
{
    const unsigned hs = sp->scaled ? sc >> 8 & 0xff : 127, ls = sp->scaled ? sc & 0xff : 127;
    switch (sp->kind) {
    case K_TOF: return to_s2f6(sp, val_f32(x), hs) << 8 | to_s2f6(sp, val_f32(y), ls);
    case K_TOH:
        return to_s2f6(sp, val_bf16((uint16_t)(x >> 16)), hs) << 8 |
               to_s2f6(sp, val_bf16((uint16_t)x), ls);
    case K_FROM: return from_s2f6(sp, x >> 8 & 0xff, hs) << 16 | from_s2f6(sp, x & 0xff, ls);
    }
    return 0;
}

/* ---- the inputs ---------------------------------------------------------------------------- */
static int full_mode;
static unsigned f32_step; /* every f32_step-th magnitude */
static size_t n16;        /* lanes of a 16-bit sweep: 65536, or 65536 / PTXCPU_TEST_SCALE */
static size_t nrand;      /* lanes of a random chunk */

static const uint8_t scale_set[] = {0, 1, 126, 127, 128, 253, 254, 255};
enum { NSET = sizeof scale_set };

/* the f32 edges: (magnitude, scale byte); those with scale 127 first (the unscaled forms') */
typedef struct entry { uint32_t m; uint8_t s; } entry;
static entry ents[32768];
static size_t n_ents, n_ents127;

static void add_ent(uint32_t m, unsigned s)
{
    if (m <= 0x7fffffffu && n_ents < sizeof ents / sizeof ents[0])
        ents[n_ents++] = (entry){m, (uint8_t)s};
}
/* v (exact in f32 or skipped) and +-1, +-2 ulp of it */
static void add_near(double v, unsigned s)
{
    const float f = (float)v;
    if (!isfinite(f) || (double)f != v)
        return;
    uint32_t x;
    memcpy(&x, &f, 4);
    for (int d = -2; d <= 2; d++)
        if ((int64_t)x + d >= 0 && (int64_t)x + d < 0x7f800000)
            add_ent((uint32_t)((int64_t)x + d), s);
}

static void ents_for(unsigned s, rng_t *g)
{
    for (int k = 0; k <= 128; k++) {
        add_near(ldexp(k, (int)s - 133), s);         /* grid value k * 2^-6 * 2^(s-127) */
        add_near(ldexp(2 * k + 1, (int)s - 134), s); /* midpoint (k + 1/2) * 2^-6 * 2^(s-127) */
    }
    add_near(ldexp(129, (int)s - 133), s);
    add_near(ldexp(259, (int)s - 134), s);
    for (uint32_t e = 0; e < 255; e++) {
        static const uint32_t mant[] = {0, 1, 0x400000, 0x7fffff};
        for (size_t i = 0; i < sizeof mant / sizeof mant[0]; i++)
            add_ent(e << 23 | mant[i], s);
        add_ent(e << 23 | ((uint32_t)rng_next(g) & 0x7fffff), s);
    }
    static const uint32_t sp[] = {0x7f800000u, 0x7f800001u, 0x7fc00000u, 0x7fffffffu,
                                  0x7f7fffffu, 0x00000000u};
    for (size_t i = 0; i < sizeof sp / sizeof sp[0]; i++)
        add_ent(sp[i], s);
}

static void ents_init(void)
{
    rng_t g = {0x52f6};
    ents_for(127, &g);
    n_ents127 = n_ents;
    for (unsigned i = 0; i < NSET; i++)
        if (scale_set[i] != 127)
            ents_for(scale_set[i], &g);
}

/* a scale byte that puts magnitude bits m (f32) in or just past .s2f6's range: 2^(e - s) for
 * e - s in -7 .. 1 */
static unsigned rel_scale(unsigned efield, uint64_t h)
{
    const int s = (int)efield + (int)(h % 9) - 1;
    return s < 0 ? 0u : s > 254 ? 254u : (unsigned)s;
}

/* the l-th 16-bit value of a sweep: every value when n16 is 65536, else a few specials and then
 * every byte value in both bytes */
static const uint16_t specials16[] = {0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0xffc1, 0x3f80,
                                      0xbf80, 0x4000, 0xc000, 0x3fff, 0xc001, 0x0001, 0x7f7f};
enum { NSP16 = sizeof specials16 / sizeof specials16[0] };
static uint32_t sub16(size_t l)
{
    if (n16 == CO_N)
        return (uint32_t)l;
    if (l < NSP16)
        return specials16[l];
    return (uint32_t)(l & 0xff) << 8 | (uint32_t)((l * 167 + (l >> 8) * 13) & 0xff);
}
static uint32_t perm16(uint32_t v) { return (v * 40503u + 12345u) & 0xffff; }

static uint32_t rand_f32(rng_t *g)
{
    uint32_t x = (uint32_t)rng_next(g);
    if (x & 3) /* mostly near .s2f6's range: 2^-17 .. 2^8 */
        x = (x & 0x807fffffu) | (uint32_t)(110 + rng_below(g, 26)) << 23;
    return x;
}

static uint64_t n_f32_mags(void)
{
    return ((uint64_t)1 << 31) / f32_step + (((uint64_t)1 << 31) % f32_step != 0);
}

/* the scale-factor pairs of the 16-bit sweeps: 8 from the named bytes and 2 random (full: 256) */
static size_t n_pairs(void) { return full_mode ? 256 : NSET + 2; }
static unsigned pair_scale(size_t k, int lower, rng_t *g)
{
    if (full_mode)
        return lower ? (unsigned)((k * 167 + 13) & 0xff) : (unsigned)k;
    if (k < NSET)
        return scale_set[lower ? (k + 3) % NSET : k];
    return (unsigned)rng_next(g) & 0xff;
}

/* chunks of a spelling:
 *  K_TOF: the edges (4 lanes an entry), one random, the sweep;
 *  K_TOH: unscaled 3 (every upper, every lower, random); scaled: one a scale-factor pair, then
 *         the in-range scales (every upper, every lower), random;
 *  K_FROM: unscaled 1; scaled: every (element, scale byte) pair, then one a pair */
enum { ENT_LANES = 4 };
static size_t n_ent_lanes(const spell *sp) { return (sp->scaled ? n_ents : n_ents127) * ENT_LANES; }
static size_t n_ent_chunks(const spell *sp) { return (n_ent_lanes(sp) + CO_N - 1) / CO_N; }

static size_t nchunks(unsigned i)
{
    const spell *sp = &sps[i];
    switch (sp->kind) {
    case K_TOF: return n_ent_chunks(sp) + 1 + (size_t)((n_f32_mags() + CO_N - 1) / CO_N);
    case K_TOH: return sp->scaled ? n_pairs() + 3 : 3;
    case K_FROM: return sp->scaled ? 1 + n_pairs() : 1;
    }
    return 0;
}

/* d of lane l of chunk c by the model */
static uint32_t lane_model(const spell *sp, const co_chunk *c, size_t l)
{
    if (sp->kind == K_TOF)
        return model(sp, c->src[0][l], c->src[1][l], c->src[2][l]);
    return model(sp, c->src[0][l], 0, c->src[1][l]);
}

/* fill chunk j of spelling i (inputs, guards, the model's d); returns 1 if the other modes run it
 * too */
static int fill(unsigned i, size_t j, co_chunk *c, rng_t *g)
{
    const spell *sp = &sps[i];
    int extra = 0;
    const unsigned sci = sp->kind == K_TOF ? 2 : 1; /* scale-factor's source */
    uint32_t *a = c->src[0], *b = c->src[1], *sc = c->src[sci];
    c->n = CO_N;
    switch (sp->kind) {
    case K_TOF: {
        const size_t ne = n_ent_chunks(sp), nent = n_ent_lanes(sp) / ENT_LANES;
        if (j < ne) { /* the edges */
            const size_t total = n_ent_lanes(sp), l0 = j * CO_N;
            const size_t cnt = total - l0 < CO_N ? total - l0 : CO_N;
            c->n = (cnt + 31) / 32 * 32;
            for (size_t l = 0; l < c->n; l++) {
                const size_t p = l0 + (l < cnt ? l : cnt - 1), e = p / ENT_LANES;
                const size_t q = (e * 7919 + 13) % nent; /* another edge */
                const entry *x = &ents[e], *y = (p & 2) ? &ents[q] : x;
                if (p & 1) /* -y in a, +x in b */
                    a[l] = y->m | 0x80000000u, b[l] = x->m, sc[l] = (uint32_t)y->s << 8 | x->s;
                else       /* +x in a, -y in b */
                    a[l] = x->m, b[l] = y->m | 0x80000000u, sc[l] = (uint32_t)x->s << 8 | y->s;
            }
            extra = j == 0;
        } else if (j == ne) { /* random */
            c->n = nrand;
            for (size_t l = 0; l < c->n; l++) {
                a[l] = rand_f32(g), b[l] = rand_f32(g);
                const uint64_t r = rng_next(g);
                const unsigned hs = r & 1 ? rel_scale(a[l] >> 23 & 0xff, r >> 8)
                                          : (unsigned)(r >> 16) & 0xff;
                const unsigned ls = r & 2 ? rel_scale(b[l] >> 23 & 0xff, r >> 24)
                                          : (unsigned)(r >> 32) & 0xff;
                sc[l] = hs << 8 | ls;
            }
            extra = 1;
        } else { /* the sweep: m as +m and -m, the order alternating (full: every pattern once) */
            const uint64_t total = n_f32_mags(), i0 = (uint64_t)(j - ne - 1) * CO_N;
            const uint64_t cnt = total - i0 < CO_N ? total - i0 : CO_N;
            c->n = ((size_t)cnt + 31) / 32 * 32;
            for (size_t l = 0; l < c->n; l++) {
                const uint64_t i = i0 + (l < cnt ? l : cnt - 1);
                const uint32_t m = (uint32_t)(i * f32_step);
                const uint32_t na = (uint32_t)((l ^ (full_mode ? j : 0)) & 1); /* a is -m */
                a[l] = m | na << 31, b[l] = m | (na ^ 1) << 31;
                const uint64_t h = splitmix64(i ^ (uint64_t)j << 40);
                const unsigned hs = h & 1 ? rel_scale(m >> 23, h >> 8) : (unsigned)(h >> 16) & 255;
                const unsigned ls = h & 2 ? rel_scale(m >> 23, h >> 24) : (unsigned)(h >> 32) & 255;
                sc[l] = hs << 8 | ls;
            }
        }
        break;
    }
    case K_TOH: {
        const size_t np = sp->scaled ? n_pairs() : 0;
        if (j < np || (!sp->scaled && j == 0)) { /* every upper value, a permutation below */
            const unsigned hs = sp->scaled ? pair_scale(j, 0, g) : 127;
            const unsigned ls = sp->scaled ? pair_scale(j, 1, g) : 127;
            c->n = n16;
            for (size_t l = 0; l < c->n; l++)
                a[l] = sub16(l) << 16 | perm16(sub16(l)), sc[l] = hs << 8 | ls;
            extra = j == 0;
        } else if (j < np + 2) { /* every upper value, then every lower one with specials above;
                                  * the scaled forms: scale bytes that put each in range */
            const int lower = (int)(j - np) == 1;
            c->n = n16;
            for (size_t l = 0; l < c->n; l++) {
                const uint32_t v = sub16(l);
                a[l] = lower ? (uint32_t)specials16[l % NSP16] << 16 | v : v << 16 | perm16(v);
                const uint64_t h = splitmix64(l ^ (uint64_t)j << 40);
                sc[l] = rel_scale(a[l] >> 23 & 0xff, h) << 8 | rel_scale(a[l] >> 7 & 0xff, h >> 8);
            }
        } else { /* random */
            c->n = nrand;
            for (size_t l = 0; l < c->n; l++) {
                const uint64_t r = rng_next(g);
                a[l] = (uint32_t)r;
                sc[l] = r >> 32 & 1 ? (uint32_t)(r >> 40) & 0xffff
                                    : rel_scale(a[l] >> 23 & 0xff, r >> 40) << 8 |
                                          rel_scale(a[l] >> 7 & 0xff, r >> 48);
            }
            extra = !sp->scaled;
        }
        break;
    }
    case K_FROM:
        c->n = n16;
        if (sp->scaled && j == 0) { /* every (element, scale byte) pair, in each half */
            for (size_t l = 0; l < c->n; l++) {
                const uint32_t p = sub16(l), q = perm16(p);
                a[l] = (p >> 8) << 8 | q >> 8, sc[l] = (p & 0xff) << 8 | (q & 0xff);
            }
            extra = 1;
        } else {
            const unsigned hs = sp->scaled ? pair_scale(j - 1, 0, g) : 127;
            const unsigned ls = sp->scaled ? pair_scale(j - 1, 1, g) : 127;
            for (size_t l = 0; l < c->n; l++)
                a[l] = sub16(l), sc[l] = hs << 8 | ls;
            extra = !sp->scaled;
        }
        break;
    }
    if (!sp->scaled)
        for (size_t l = 0; l < c->n; l++)
            sc[l] = 0; /* not a source: the model takes 127 */
    for (size_t l = 0; l < c->n; l++)
        c->want[l] = lane_model(sp, c, l);
    co_set_guards(c, g);
    return extra;
}

/* ---- the model's own checks ---------------------------------------------------------------- */
/* s2f6_units by MPFR: mag * 2^(133-s) exactly, mpfr_rint to nearest even */
static long units_mpfr(double mag, unsigned s)
{
    mpfr_t x;
    mpfr_init2(x, 64);
    mpfr_set_d(x, mag, MPFR_RNDN); /* exact: 24 bits */
    mpfr_mul_2si(x, x, 133 - (long)s, MPFR_RNDN);
    mpfr_rint(x, x, MPFR_RNDN);
    const long r = mpfr_cmp_ui(x, 1024) >= 0 ? 1024 : mpfr_get_si(x, MPFR_RNDN);
    mpfr_clear(x);
    return r;
}

/* |s8| * 2^(s-133) to bf16 by MPFR: 8 bits, bf16's exponent range, subnormalized; the encoding
 * of the result read off MPFR's exponent and significand (0x7f80 past the range) */
static uint32_t bf16_mpfr(unsigned mag8, unsigned s)
{
    const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(-132); /* MPFR's exponent (0.1b * 2^e) of bf16's least subnormal 2^-133 */
    mpfr_set_emax(128);  /* of its largest finite, 0.11111111b * 2^128 */
    mpfr_t y;
    mpfr_init2(y, 8);
    int t = mpfr_set_ui_2exp(y, mag8, (mpfr_exp_t)s - 133, MPFR_RNDN);
    t = mpfr_subnormalize(y, t, MPFR_RNDN);
    (void)t;
    uint32_t r;
    if (mpfr_inf_p(y)) {
        r = 0x7f80;
    } else {
        const long E = (long)mpfr_get_exp(y) - 1; /* 2^E <= y < 2^(E+1) */
        if (E < -126) {
            mpfr_mul_2si(y, y, 133, MPFR_RNDN); /* exact: in units of 2^-133 */
            r = (uint32_t)mpfr_get_ui(y, MPFR_RNDN);
        } else {
            mpfr_set_emin(mpfr_get_emin_min());
            mpfr_set_emax(mpfr_get_emax_max());
            mpfr_mul_2si(y, y, 7 - E, MPFR_RNDN); /* 128 .. 255 */
            r = (uint32_t)(E + 127) << 7 | (uint32_t)(mpfr_get_ui(y, MPFR_RNDN) - 128);
        }
    }
    mpfr_clear(y);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
    return r;
}

static unsigned model_selfcheck(void)
{
    unsigned bad = 0;
    rng_t g = {4242};
    /* to .s2f6: every finite bf16 magnitude and every f32 edge under the named scale bytes, random
     * f32 under random scale bytes */
    for (unsigned i = 0; i < NSET; i++) {
        const unsigned s = scale_set[i];
        if (s == 0xff)
            continue;
        for (uint32_t h = 0; h < 0x7f80; h++) {
            const double m = val_bf16((uint16_t)h).mag;
            if (s2f6_units(m, s) != units_mpfr(m, s) && bad++ < 10)
                printf("MODEL to .s2f6: bf16 %#06x s %u: %ld, MPFR %ld\n", h, s,
                       s2f6_units(m, s), units_mpfr(m, s));
        }
    }
    for (size_t e = 0; e < n_ents + 200000; e++) {
        const uint32_t x = e < n_ents ? ents[e].m : rand_f32(&g) & 0x7fffffffu;
        const unsigned s = e < n_ents ? ents[e].s : (unsigned)rng_below(&g, 255);
        const val v = val_f32(x);
        if (v.nan || v.inf || s == 0xff)
            continue;
        if (s2f6_units(v.mag, s) != units_mpfr(v.mag, s) && bad++ < 10)
            printf("MODEL to .s2f6: f32 %#010x s %u: %ld, MPFR %ld\n", x, s, s2f6_units(v.mag, s),
                   units_mpfr(v.mag, s));
    }
    /* to .bf16: every (magnitude, scale byte) pair */
    spell t;
    memset(&t, 0, sizeof t);
    t.kind = K_FROM, t.scaled = 1;
    for (unsigned m8 = 1; m8 <= 128; m8++)
        for (unsigned s = 0; s < 255; s++) {
            const uint32_t mine = from_s2f6(&t, m8 == 128 ? 0x80 : m8, s) & 0x7fff;
            if (mine != bf16_mpfr(m8, s) && bad++ < 10)
                printf("MODEL to .bf16: |s8| %u s %u: %#06x, MPFR %#06x\n", m8, s, mine,
                       bf16_mpfr(m8, s));
        }
    /* worked by hand (SEMANTICS' values among them) */
    static const struct { int relu; uint32_t x; unsigned s, want; } to[] = {
        {0, 0x3f800000u, 127, 0x40}, {0, 0x3ffe0000u, 127, 0x7f}, {0, 0x40000000u, 127, 0x7f},
        {0, 0xc0000000u, 127, 0x80}, {0, 0xc0066666u, 127, 0x80}, {0, 0x3c000000u, 127, 0x00},
        {0, 0x3cc00000u, 127, 0x02}, {0, 0x3d200000u, 127, 0x02}, {0, 0xbc000000u, 127, 0x00},
        {0, 0xbcc00000u, 127, 0xfe}, {0, 0x3c400000u, 127, 0x01}, {0, 0x3fff0000u, 127, 0x7f},
        {0, 0xbfff0000u, 127, 0x80}, {0, 0xc0008000u, 127, 0x80}, {0, 0xbffe0000u, 127, 0x81},
        {0, 0x7fc00000u, 127, 0x7f}, {0, 0xffc00000u, 127, 0x7f}, {1, 0xffc00000u, 127, 0x7f},
        {0, 0x7f800000u, 127, 0x7f}, {0, 0xff800000u, 127, 0x80}, {1, 0xff800000u, 127, 0x00},
        {1, 0xbf800000u, 127, 0x00}, {1, 0x3f800000u, 127, 0x40}, {0, 0x3f800000u, 128, 0x20},
        {0, 0x3f800000u, 126, 0x7f}, {0, 0x3f000000u, 126, 0x40}, {0, 0x00400000u, 0, 0x40},
        {0, 0x3f800000u, 0, 0x7f}, {0, 0x7f000000u, 254, 0x40}, {0, 0x00000000u, 255, 0x7f},
        {0, 0xbf800000u, 255, 0x7f}, {1, 0xbf800000u, 255, 0x7f}, {0, 0x00000001u, 1, 0x00},
        {0, 0x80000000u, 127, 0x00}, {0, 0x3c800000u, 127, 0x01}, {0, 0xbc800000u, 127, 0xff},
        {0, 0x3f810000u, 127, 0x40}};
    for (size_t i = 0; i < sizeof to / sizeof to[0]; i++) {
        t.relu = to[i].relu;
        const unsigned m = to_s2f6(&t, val_f32(to[i].x), to[i].s);
        if (m != to[i].want)
            printf("MODEL to .s2f6: %#010x s %u relu %d: %#04x, by hand %#04x\n", to[i].x,
                   to[i].s, to[i].relu, m, to[i].want), bad++;
    }
    static const struct { int relu, sf; unsigned byte, s; uint32_t want; } from[] = {
        {0, 0, 0x40, 127, 0x3f80}, {0, 0, 0x80, 127, 0xc000}, {0, 0, 0x7f, 127, 0x3ffe},
        {0, 0, 0x01, 127, 0x3c80}, {0, 0, 0xff, 127, 0xbc80}, {0, 0, 0x00, 127, 0x0000},
        {0, 0, 0x80, 254, 0xff80}, {0, 1, 0x80, 254, 0xff7f}, {0, 0, 0x7f, 254, 0x7f7e},
        {0, 0, 0x40, 254, 0x7f00}, {0, 0, 0x01, 0, 0x0001},    {0, 0, 0x80, 0, 0x8080},
        {0, 0, 0x7f, 0, 0x007f},   {0, 0, 0x40, 255, 0x7fff},  {1, 0, 0x80, 255, 0x7fff},
        {1, 0, 0x80, 127, 0x0000}, {1, 1, 0xff, 254, 0x0000},  {0, 0, 0x80, 253, 0xff00},
        {1, 0, 0x7f, 254, 0x7f7e}, {0, 1, 0x7f, 254, 0x7f7e},  {0, 0, 0xc0, 1, 0x8080},
        {0, 0, 0xc0, 0, 0x8040}};
    for (size_t i = 0; i < sizeof from / sizeof from[0]; i++) {
        t.relu = from[i].relu, t.sf = from[i].sf;
        const uint32_t m = from_s2f6(&t, from[i].byte, from[i].s);
        if (m != from[i].want)
            printf("MODEL to .bf16: %#04x s %u relu %d satfinite %d: %#06x, by hand %#06x\n",
                   from[i].byte, from[i].s, from[i].relu, from[i].sf, m, from[i].want), bad++;
    }
    /* the halves: a's element (a's upper half) and scale-factor's upper byte to d's upper part */
    t.relu = 0, t.sf = 1, t.kind = K_TOF;
    const uint32_t m1 = model(&t, 0x3f800000u, 0xbf800000u, 0x807e);
    t.kind = K_TOH, t.scaled = 0;
    const uint32_t m2 = model(&t, 0x3f80bf80u, 0, 0);
    t.kind = K_FROM, t.sf = 0, t.scaled = 1;
    const uint32_t m3 = model(&t, 0x4080, 0, 0x807f);
    if (m1 != 0x2080 || m2 != 0x40c0 || m3 != 0x4000c000u)
        printf("MODEL the halves: %#x %#x %#x, by hand 0x2080 0x40c0 0x4000c000\n", m1, m2, m3),
            bad++;
    return bad;
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
    const char *fe = getenv("CVTS2F6_FULL");
    full_mode = fe && atoi(fe) > 0;
    f32_step = full_mode ? 1 : 4093u * scale;
    n16 = full_mode || scale == 1 ? CO_N
          : CO_N / scale < 1024   ? 1024
                                  : (CO_N / scale + 31) / 32 * 32;
    nrand = full_mode || scale == 1 ? CO_N
            : CO_N / scale < 8192   ? 8192
                                    : (CO_N / scale + 31) / 32 * 32;

    enumerate();
    if (nsp != 16)
        failf("FAIL the syntax lines gave %u spellings, want 16\n", nsp);
    ents_init();
    const unsigned model_bad = model_selfcheck();
    if (model_bad) {
        printf("FAIL the model disagrees with itself (%u cases): fix the test first\n", model_bad);
        return 1;
    }
    const unsigned bad_table = check_table_and_shapes();
    if (!co_tables_init())
        return 1;

    const co_oracle o = {.env = "CVTS2F6", .full = full_mode, .mn_width = 52, .nsp = nsp,
                         .shape = shape, .nchunks = nchunks, .fill = fill, .tally = tally,
                         .default_fenv = 1};
    co_totals tot;
    if (!co_run_all(&o, &tot))
        return 1;
    co_print_tables();
    printf("lanes checked: from .f32 %lu, from .bf16x2 %lu, to .bf16x2 %lu (%zu f32 edges; f32 "
           "sweep: %s; scale bytes %s); %.1f s, %.1f s CPU, %d thread(s)\n",
           per_kind_lanes[K_TOF], per_kind_lanes[K_TOH], per_kind_lanes[K_FROM], n_ents,
           full_mode ? "every pattern" : "every 4093rd magnitude x PTXCPU_TEST_SCALE, both signs",
           full_mode ? "all 256 in each half"
                     : "8 named pairs, 2 random; every byte with every element",
           co_now() - w0, (double)(clock() - t0) / CLOCKS_PER_SEC, tot.nthreads);
    return co_finish(nsp, bad_table, &tot);
}
