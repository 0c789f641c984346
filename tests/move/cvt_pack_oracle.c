/* Oracle of cvt.pack (9.7.9.22): cvt.pack.sat.{u16,s16}.s32 d, a, b and
 * cvt.pack.sat.{u2,s2,u4,s4,u8,s8}.s32.b32 d, a, b, c, on every ISA table this machine runs and
 * every emulated table the tests link (tests/common/emu_tables.h).
 *
 * The model is written here from the section's pseudo-code as docs/SEMANTICS.md ("Packing with
 * saturation: cvt.pack") reads it, apart from the library's code: a and b clamped at both ends to
 * convertType's range (the pseudo-code's second assignment dropping the low clamp is read as a
 * typo); then the pseudo-code's bit loops transcribed: td = tb (32 bits of the clamped value),
 * td[i] = ta[i - size] for i = size .. 2*size-1; the 16-bit types d = td, the others d[i] = td[i]
 * below 2*size and d[i] = c[i - 2*size] above. The model checks itself first against an
 * arithmetic reading (values modulo 2^size, shifts) for every pair of a window of values and the
 * section's examples worked by hand.
 *
 * What it checks:
 *  - the 8 spellings, enumerated here from the syntax lines, parse; the table's rows of 9.7.9.22
 *    are exactly these; each one's shape (d 32 bits; a, b and c 32 bits), minimum target (sm_72,
 *    the sub-byte types sm_75) and PTX ISA version (6.5), a target below it refused; neighbours
 *    the syntax does not spell refused;
 *  - every convertType with the edge values (INT_MIN, INT_MAX and their neighbours, 0, +-1, each
 *    type's MIN-1, MIN, MIN+1, MAX-1, MAX, MAX+1, values whose low bits fit but whose value does
 *    not) and every value in [-40, 40], in all combinations for a and b, each pair with c = 0,
 *    c = ~0 and a random c (its bits above 32 - 2*size included: shifted out);
 *  - random a, b, c: uniform 32-bit, near each type's range, near the int extremes;
 *  - random guards (zero, partial, one lane, full): lanes outside keep their canary, then run
 *    again compacted; a chunk of each spelling also as a register file of stride 2 (the padding
 *    between registers must stay), one warp a call, prepared (ptxcpu_prepare, with and without
 *    PTXCPU_PREPARE_DEFAULT_FENV), with d exactly a source (same base and stride), and under every
 *    caller floating-point environment of tests/common/test_fenv.h (which it must leave).
 *
 * Environment: CVTPACK_FULL=1 (meson sets it at -Dtest_level=full): every pair of [-300, 300]
 * and the edges, and 64 random chunks a spelling, on OpenMP threads (CVTPACK_THREADS caps them);
 * CVTPACK_FILTER=text only the spellings containing it; CVTPACK_VERBOSE=1 a line and the time of
 * each spelling. PTXCPU_TEST_SCALE s > 1 (qemu, sanitizers) thins the random chunk to 65536 / s.
 * Runtime (release, native scalar/AVX2/AVX-512 and emulated NEON): 0.3 s CPU; CVTPACK_FULL=1
 * ~4 CPU-seconds. */
#include "chunk_oracle.h" /* the tables, chunks, modes, threads and summary (the cvt oracles') */

#include <limits.h>

/* ---- the spellings, from the spec's syntax lines -------------------------------------------- */
typedef struct spell {
    char mn[64];
    unsigned size; /* convertType's bits */
    int sgn;       /* convertType is signed */
    unsigned sm, pmaj, pmin;
    unsigned nsrc, dbits, sbits[CO_MAXSRC];
    const char *sname[CO_MAXSRC];
    ptxcpu_insn insn;
    int parsed;
} spell;

enum { MAXSP = 8 };
static spell sps[MAXSP];
static unsigned nsp;

/* cvt.pack.sat.convertType.abType d, a, b;          .convertType = { .u16, .s16 }
 * cvt.pack.sat.convertType.abType.cType d, a, b, c; .convertType = { .u2, .s2, .u4, .s4, .u8, .s8 }
 * .abType = { .s32 }, .cType = { .b32 }. PTX ISA 6.5; sm_72, the sub-byte types sm_75. */
static void enumerate(void)
{
    static const struct { const char *name; unsigned size; int sgn; } ct[] = {
        {"u16", 16, 0}, {"s16", 16, 1}, {"u2", 2, 0}, {"s2", 2, 1},
        {"u4", 4, 0},   {"s4", 4, 1},   {"u8", 8, 0}, {"s8", 8, 1}};
    for (unsigned i = 0; i < sizeof ct / sizeof ct[0]; i++) {
        spell *s = &sps[nsp++];
        memset(s, 0, sizeof *s);
        const int c = ct[i].size != 16;
        snprintf(s->mn, sizeof s->mn, "cvt.pack.sat.%s.s32%s", ct[i].name, c ? ".b32" : "");
        s->size = ct[i].size, s->sgn = ct[i].sgn;
        s->sm = ct[i].size < 8 ? 75 : 72, s->pmaj = 6, s->pmin = 5;
        s->dbits = 32, s->nsrc = c ? 3 : 2;
        s->sname[0] = "a", s->sname[1] = "b", s->sname[2] = "c";
        for (unsigned k = 0; k < s->nsrc; k++)
            s->sbits[k] = 32;
    }
}

/* spellings next to these that the syntax lines do not produce */
static const char *const refused[] = {
    "cvt.pack.u16.s32",              /* .sat is part of every syntax line */
    "cvt.pack.u8.s32.b32",
    "cvt.pack.sat.u16.s32.b32",      /* c only with the 2-, 4- and 8-bit types */
    "cvt.pack.sat.s16.s32.b32",
    "cvt.pack.sat.u8.s32",           /* ... and there it is part of the syntax */
    "cvt.pack.sat.s4.s32",
    "cvt.pack.sat.u32.s32",
    "cvt.pack.sat.s32.s32.b32",
    "cvt.pack.sat.u16.u32",          /* .abType = { .s32 } */
    "cvt.pack.sat.s8.s16.b32",
    "cvt.pack.sat.u8.s32.b16",       /* .cType = { .b32 } */
    "cvt.pack.sat.u4.s32.u32",
    "cvt.pack.sat.u1.s32.b32",
    "cvt.pack.sat.f16.s32",
    "cvt.pack.rn.sat.u8.s32.b32",
    "cvt.pack.sat.u16x2.s32",
};

/* a target below sm: sm_72's and sm_75's predecessors */
static const char *target_below(unsigned sm)
{
    return sm == 72 ? "sm_70" : sm == 75 ? "sm_72" : NULL;
}

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
        int ok = !strcmp(d.mnemonic, s->mn) && !strcmp(d.section, "9.7.9.22") &&
                 d.nsrc == s->nsrc && d.dst_bits == s->dbits && !d.reads_cc && !d.writes_cc &&
                 d.min_sm == s->sm && d.ptx_major == s->pmaj && d.ptx_minor == s->pmin;
        for (unsigned k = 0; k < 4; k++)
            ok &= d.src_bits[k] == (k < CO_MAXSRC && k < s->nsrc ? s->sbits[k] : 0u);
        if (!ok)
            failf("FAIL %s: described as %s (%s) nsrc %u dst_bits %u src_bits %u,%u,%u,%u cc %d/%d "
                  "sm_%u PTX %u.%u; the spec implies (9.7.9.22) nsrc %u dst_bits %u src_bits 32 "
                  "sm_%u PTX %u.%u\n",
                  s->mn, d.mnemonic, d.section, d.nsrc, d.dst_bits, d.src_bits[0], d.src_bits[1],
                  d.src_bits[2], d.src_bits[3], d.reads_cc, d.writes_cc, d.min_sm, d.ptx_major,
                  d.ptx_minor, s->nsrc, s->dbits, s->sm, s->pmaj, s->pmin);
        /* d is "an unsigned 32-bit integer": one integer element */
        if (d.elems != 1 || d.elem != PTXCPU_ELEM_INT)
            failf("FAIL %s: described with elems %u elem %d, want elems 1 elem %d (d is an "
                  "unsigned 32-bit integer)\n",
                  s->mn, d.elems, (int)d.elem, (int)PTXCPU_ELEM_INT);
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
        const int ours = !strcmp(d.section, "9.7.9.22") || !strncmp(d.mnemonic, "cvt.pack", 8);
        if (!ours)
            continue;
        unsigned i = 0;
        while (i < nsp && strcmp(sps[i].mn, d.mnemonic))
            i++;
        if (i == nsp)
            failf("FAIL the table has %s (%s), which the syntax lines of 9.7.9.22 do not spell\n",
                  d.mnemonic, d.section);
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

/* ---- the model: one lane ------------------------------------------------------------------- */
static int64_t type_min(const spell *s) { return s->sgn ? -((int64_t)1 << (s->size - 1)) : 0; }
static int64_t type_max(const spell *s)
{
    return ((int64_t)1 << (s->size - (unsigned)s->sgn)) - 1;
}

/* bit i of the 32-bit two's complement of v */
static unsigned bit(int64_t v, unsigned i) { return (unsigned)(((uint64_t)v >> i) & 1u); }

/* the pseudo-code, its clamps at both ends, its loops bit by bit */
static uint32_t model(const spell *s, uint32_t a, uint32_t b, uint32_t c)
{
    const int64_t lo = type_min(s), hi = type_max(s);
    int64_t ta = (int32_t)a, tb = (int32_t)b;
    ta = ta < lo ? lo : ta > hi ? hi : ta;
    tb = tb < lo ? lo : tb > hi ? hi : tb;
    const unsigned size = s->size;
    unsigned td[32], d[32];
    for (unsigned i = 0; i < 32; i++)
        td[i] = bit(tb, i); /* td = tb */
    for (unsigned i = size; i <= 2 * size - 1; i++)
        td[i] = bit(ta, i - size);
    if (size == 16) {
        for (unsigned i = 0; i < 32; i++)
            d[i] = td[i];
    } else {
        for (unsigned i = 0; i < 2 * size; i++)
            d[i] = td[i];
        for (unsigned i = 2 * size; i <= 31; i++)
            d[i] = c >> (i - 2 * size) & 1u;
    }
    uint32_t r = 0;
    for (unsigned i = 0; i < 32; i++)
        r |= (uint32_t)d[i] << i;
    return r;
}

/* the same by arithmetic: values modulo 2^size, a shift and an or */
static uint32_t model_arith(const spell *s, uint32_t a, uint32_t b, uint32_t c)
{
    const long long lo = s->sgn ? -(1ll << (s->size - 1)) : 0;
    const long long hi = s->sgn ? (1ll << (s->size - 1)) - 1 : (1ll << s->size) - 1;
    long long x = (int32_t)a, y = (int32_t)b;
    x = x < lo ? lo : x > hi ? hi : x;
    y = y < lo ? lo : y > hi ? hi : y;
    const long long m = 1ll << s->size;
    const unsigned long long ux = (unsigned long long)((x % m + m) % m);
    const unsigned long long uy = (unsigned long long)((y % m + m) % m);
    unsigned long long r = ux * (unsigned long long)m + uy;
    if (s->size != 16)
        r += ((unsigned long long)c * (unsigned long long)m * (unsigned long long)m) % (1ull << 32);
    return (uint32_t)(r % (1ull << 32));
}

static unsigned model_selfcheck(void)
{
    unsigned bad = 0;
    rng_t g = {12345};
    for (unsigned i = 0; i < nsp; i++) {
        const spell *s = &sps[i];
        for (int a = -70000; a <= 70000; a += (a > -300 && a < 300) ? 1 : 997)
            for (int b = -300; b <= 300; b += 7) {
                const uint32_t c = (uint32_t)rng_next(&g);
                const uint32_t m = model(s, (uint32_t)a, (uint32_t)b, c);
                if (m != model_arith(s, (uint32_t)a, (uint32_t)b, c) && bad++ < 10)
                    printf("MODEL %s: a=%d b=%d c=%#x: bits %#x, arithmetic %#x\n", s->mn, a, b,
                           c, m, model_arith(s, (uint32_t)a, (uint32_t)b, c));
            }
        for (unsigned k = 0; k < 100000; k++) {
            const uint32_t a = (uint32_t)rng_next(&g), b = (uint32_t)rng_next(&g),
                           c = (uint32_t)rng_next(&g);
            if (model(s, a, b, c) != model_arith(s, a, b, c) && bad++ < 10)
                printf("MODEL %s: a=%#x b=%#x c=%#x\n", s->mn, a, b, c);
        }
    }
    /* worked by hand: s16 (-40000, 40000) -> 0x8000, 0x7fff; u16 (70000, -5) -> 0xffff, 0;
     * u8 (300, -1, c = 0x12345678) -> 0xff, 0x00, c << 16 = 0x56780000; s4 (-9, 7, c = ~0):
     * 0x8, 0x7, ~0 << 8; u2 (2, 5, c = 0x80000001): 0b10, 0b11, c << 4 = 0x10;
     * s2 (-1, -100, c = 0): 0b11, 0b10 */
    static const struct { unsigned sp; int32_t a, b; uint32_t c, want; } hand[] = {
        {1, -40000, 40000, 0, 0x80007fffu}, {0, 70000, -5, 0, 0xffff0000u},
        {6, 300, -1, 0x12345678u, 0x5678ff00u}, {5, -9, 7, 0xffffffffu, 0xffffff87u},
        {2, 2, 5, 0x80000001u, 0x0000001bu},    {3, -1, -100, 0, 0x0000000eu},
        {7, INT_MIN, INT_MAX, 0xabcd, 0xabcd807fu}, {4, INT_MAX, INT_MIN, 0, 0x000000f0u}};
    for (unsigned i = 0; i < sizeof hand / sizeof hand[0]; i++) {
        const spell *s = &sps[hand[i].sp];
        const uint32_t m = model(s, (uint32_t)hand[i].a, (uint32_t)hand[i].b, hand[i].c);
        if (m != hand[i].want)
            printf("MODEL %s: a=%d b=%d c=%#x: %#x, by hand %#x\n", s->mn, hand[i].a, hand[i].b,
                   hand[i].c, m, hand[i].want), bad++;
    }
    return bad;
}

/* ---- the inputs ---------------------------------------------------------------------------- */
static int full_mode;
static size_t nrand; /* lanes of a random chunk */

/* the values every pair of which is tried: the edges and a window around 0 */
static int32_t vals[2048];
static size_t nvals;

static void add_val(int64_t v)
{
    if (v < INT32_MIN || v > INT32_MAX)
        return;
    for (size_t i = 0; i < nvals; i++)
        if (vals[i] == (int32_t)v)
            return;
    if (nvals < sizeof vals / sizeof vals[0])
        vals[nvals++] = (int32_t)v;
}

static void vals_init(void)
{
    const int win = full_mode ? 300 : 40;
    for (int v = -win; v <= win; v++)
        add_val(v);
    static const int64_t ext[] = {INT32_MIN, INT32_MIN + 1LL, INT32_MIN + 2LL, INT32_MAX,
                                  INT32_MAX - 1LL, INT32_MAX - 2LL};
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++)
        add_val(ext[i]);
    for (unsigned size = 2; size <= 16; size *= 2)
        for (int sg = 0; sg < 2; sg++) {
            const int64_t lo = sg ? -((int64_t)1 << (size - 1)) : 0;
            const int64_t hi = ((int64_t)1 << (size - (unsigned)sg)) - 1;
            for (int d = -2; d <= 2; d++)
                add_val(lo + d), add_val(hi + d);
            /* values whose low size bits are in range but whose value is not (a missing clamp
             * shows), and the other type's extremes' neighbours */
            add_val(((int64_t)1 << size) + 1), add_val(((int64_t)1 << (size + 1)) - 1);
            add_val(-((int64_t)1 << size) + 1), add_val(-((int64_t)1 << (size + 1)));
            add_val(hi + ((int64_t)1 << size)), add_val(lo - ((int64_t)1 << size));
        }
    add_val(0x40000000), add_val(-0x40000000LL), add_val(0x7fff0000), add_val(0x0000ffff);
    add_val(0x00010000), add_val(-0x10000LL), add_val(0x12345678), add_val(-0x12345678LL);
}

/* the pairs (vals[i], vals[j]) of the sweep, 3 lanes each (c = 0, ~0, random) */
static size_t n_pairs_chunks(void) { return (nvals * nvals * 3 + CO_N - 1) / CO_N; }

/* a random a or b: uniform, near a type's range, near the int extremes, small */
static uint32_t rand_ab(rng_t *g)
{
    const uint64_t r = rng_next(g);
    switch (r & 7) {
    case 0: case 1: return (uint32_t)(r >> 32);
    case 2: case 3: { /* near a convertType's ends */
        const unsigned size = 2u << ((r >> 3) % 4), sg = (unsigned)(r >> 5) & 1;
        const int64_t end = (r >> 6 & 1) ? ((int64_t)1 << (size - sg)) - 1
                                          : sg ? -((int64_t)1 << (size - 1)) : 0;
        return (uint32_t)(end + (int64_t)((r >> 8) % 9) - 4);
    }
    case 4: return (uint32_t)(r >> 63 ? INT32_MIN + (int64_t)((r >> 8) % 5)
                                      : INT32_MAX - (int64_t)((r >> 8) % 5));
    case 5: return (uint32_t)((int64_t)((r >> 8) % 2001) - 1000);
    default: return (uint32_t)((int64_t)((r >> 8) % 140001) - 70000);
    }
}

/* chunks of a spelling: the pair sweep, then random ones (1, 64 at CVTPACK_FULL) */
static size_t nchunks(unsigned i)
{
    (void)i;
    return n_pairs_chunks() + (full_mode ? 64 : 1);
}

/* fill chunk j of spelling i (inputs, guards, the model's d); returns 1 if the other modes run it
 * too */
static int fill(unsigned i, size_t j, co_chunk *c, rng_t *g)
{
    const spell *s = &sps[i];
    const size_t np = n_pairs_chunks();
    int extra = 0;
    if (j < np) {
        const size_t total = nvals * nvals * 3, l0 = j * CO_N;
        const size_t cnt = total - l0 < CO_N ? total - l0 : CO_N;
        c->n = (cnt + 31) / 32 * 32; /* the last chunk: its last lane again */
        for (size_t l = 0; l < c->n; l++) {
            const size_t p = l0 + (l < cnt ? l : cnt - 1), pair = p / 3;
            c->src[0][l] = (uint32_t)vals[pair / nvals];
            c->src[1][l] = (uint32_t)vals[pair % nvals];
            c->src[2][l] = p % 3 == 0 ? 0u : p % 3 == 1 ? ~0u : (uint32_t)rng_next(g);
        }
        extra = j == 0;
    } else {
        c->n = nrand;
        for (size_t l = 0; l < c->n; l++) {
            c->src[0][l] = rand_ab(g), c->src[1][l] = rand_ab(g);
            c->src[2][l] = (uint32_t)rng_next(g);
        }
        extra = j == np;
    }
    if (s->nsrc < 3)
        for (size_t l = 0; l < c->n; l++)
            c->src[2][l] = 0;
    for (size_t l = 0; l < c->n; l++)
        c->want[l] = model(s, c->src[0][l], c->src[1][l], c->src[2][l]);
    co_set_guards(c, g);
    return extra;
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
    const char *fe = getenv("CVTPACK_FULL");
    full_mode = fe && atoi(fe) > 0;
    nrand = full_mode || scale == 1 ? CO_N
            : CO_N / scale < 4096   ? 4096
                                    : (CO_N / scale + 31) / 32 * 32;

    enumerate();
    if (nsp != 8)
        failf("FAIL the syntax lines gave %u spellings, want 8\n", nsp);
    const unsigned model_bad = model_selfcheck();
    if (model_bad) {
        printf("FAIL the model disagrees with itself (%u cases): fix the test first\n", model_bad);
        return 1;
    }
    vals_init();
    const unsigned bad_table = check_table_and_shapes();
    if (!co_tables_init())
        return 1;

    const co_oracle o = {.env = "CVTPACK", .full = full_mode, .mn_width = 34, .nsp = nsp,
                         .shape = shape, .nchunks = nchunks, .fill = fill, .default_fenv = 1};
    co_totals tot;
    if (!co_run_all(&o, &tot))
        return 1;
    co_print_tables();
    printf("inputs: every pair of %zu values (the edges, [-%d, %d]) with 3 kinds of c, %s random "
           "chunk(s) of %zu lanes; %.1f s, %.1f s CPU, %d thread(s)\n",
           nvals, full_mode ? 300 : 40, full_mode ? 300 : 40, full_mode ? "64" : "1", nrand,
           co_now() - w0, (double)(clock() - t0) / CLOCKS_PER_SEC, tot.nthreads);
    return co_finish(nsp, bad_table, &tot);
}
