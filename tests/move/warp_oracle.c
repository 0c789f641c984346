/* Oracle of the warp-level instructions: shfl.sync (9.7.9.6), vote.sync, match.sync, activemask,
 * redux.sync and elect.sync (9.7.13.9-14), on every ISA table this machine runs and every emulated
 * table the tests link (tests/common/emu_tables.h).
 *
 * The model is a plain per-lane C reading of the spec text and of docs/SEMANTICS.md ("Warp-level
 * instructions"), written apart from the library's kernels: the guard mask G is the set of lanes
 * that execute; each executing lane i reduces, votes, matches or elects over
 * S_i = (m_i & G) | (1 << i), m_i its own membermask (the last source); shfl.sync follows the
 * spec's pseudo-code, reading lane j's register a as it is whether or not lane j executes.
 *
 * What it checks:
 *  - the 31 spellings, enumerated here from the spec's syntax lines, parse on sm_100, and the
 *    library's rows of sections 9.7.9.6 and 9.7.13.* are exactly these; each spelling's operand
 *    shape (ptxcpu_describe: sources, d and source widths), minimum target and PTX ISA version is
 *    what the spec implies, a target below the minimum is refused, and neighbouring spellings
 *    the syntax does not produce are refused;
 *  - bulk runs (many warps in one call, packed registers; d|p at strides 192 and 132) with
 *    guards full, random, sparse (1-3 lanes) and zero, membermasks uniform 0xffffffff, uniform G,
 *    a uniform superset of G, uniform random, per-lane random (with and without the lane's own
 *    bit) and per-lane tiles; shfl's b and c random and in CUDA's forms; redux.f32 from a pool of
 *    specials; match from small pools so lanes match; vote predicates random, all, none, one.
 *    Executing lanes of d and p equal the model bit for bit, the others keep a canary;
 *  - a register-file layout of 3 warps (one struct a warp): one ptxcpu_run of n = 3, with
 *    membermask and guard per warp, uniform (stride 0) or absent (guard NULL), and d exactly a
 *    source (every 32-bit source for 32-bit and d|p destinations, a predicate d on the predicate
 *    source or on the guard masks): the whole register file after the run (sources, untouched
 *    lanes and padding included) equals the model's, three single-warp runs and the prepared
 *    batch (ptxcpu_prepare / ptxcpu_run_prepared, n = 3 and n = 1) give the same bytes.
 *
 * Runtime: WARP_ROUNDS rounds (meson: 1, 8 at -Dtest_level=full) of 2048 / PTXCPU_TEST_SCALE
 * bulk warps and 160 / PTXCPU_TEST_SCALE register-file trials per spelling and table (under 1 s
 * at debugoptimized on 4 tables). */
#include "oracle_tables.h"
#include "ptxcpu.h"
#include "emu_tables.h" /* tables built without native flags (simde emulation), linked in */
#include "internal.h"   /* struct ptxcpu_kernel_entry: an emulated table's entries */
#include "test_common.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the spellings, from the spec's syntax lines -------------------------------------------- */
enum fam { F_SHFL, F_VOTE, F_MATCH, F_ACT, F_REDUX, F_ELECT };
enum op { O_NONE, O_UP, O_DOWN, O_BFLY, O_IDX, O_ALL, O_ANY, O_UNI, O_BALLOT, O_ADD, O_MIN, O_MAX,
          O_AND, O_OR, O_XOR };
enum ty { T_B32, T_B64, T_U32, T_S32, T_F32, T_PRED };
enum role { R_A, R_A64, R_PA, R_B, R_C, R_M }; /* what a source operand is */

typedef struct spell {
    char mn[64];
    enum fam fam;
    enum op op;
    enum ty ty;
    int abs, nan;
    const char *section;
    unsigned min_sm, ptx_major, ptx_minor;
    unsigned nsrc, dst_bits, src_bits[4];
    enum role role[4];
    ptxcpu_insn insn;
    int parsed;
} spell;

static spell sps[48];
static unsigned nsp;

static spell *add(enum fam fam, enum op op, enum ty ty, const char *mn, const char *sec,
                  unsigned sm, unsigned pmaj, unsigned pmin)
{
    spell *s = &sps[nsp++];
    memset(s, 0, sizeof *s);
    snprintf(s->mn, sizeof s->mn, "%s", mn);
    s->fam = fam, s->op = op, s->ty = ty, s->section = sec, s->min_sm = sm;
    s->ptx_major = pmaj, s->ptx_minor = pmin;
    return s;
}

static void set_shape(spell *s, unsigned dst, unsigned nsrc, const unsigned *bits,
                      const enum role *role)
{
    s->dst_bits = dst, s->nsrc = nsrc;
    for (unsigned k = 0; k < nsrc; k++)
        s->src_bits[k] = bits[k], s->role[k] = role[k];
}

static void enumerate(void)
{
    char mn[64];
    /* shfl.sync.mode.b32 d[|p], a, b, c, membermask;  .mode = { .up, .down, .bfly, .idx } */
    static const char *shm[] = {"up", "down", "bfly", "idx"};
    for (unsigned i = 0; i < 4; i++) {
        snprintf(mn, sizeof mn, "shfl.sync.%s.b32", shm[i]);
        spell *s = add(F_SHFL, (enum op)(O_UP + i), T_B32, mn, "9.7.9.6", 30, 6, 0);
        set_shape(s, PTXCPU_DST_B32_PRED, 4, (const unsigned[]){32, 32, 32, 32},
                  (const enum role[]){R_A, R_B, R_C, R_M});
    }
    /* vote.sync.mode.pred d, {!}a, membermask;  vote.sync.ballot.b32 d, {!}a, membermask; */
    static const char *vm[] = {"all", "any", "uni"};
    for (unsigned i = 0; i < 3; i++) {
        snprintf(mn, sizeof mn, "vote.sync.%s.pred", vm[i]);
        spell *s = add(F_VOTE, (enum op)(O_ALL + i), T_PRED, mn, "9.7.13.9", 30, 6, 0);
        set_shape(s, PTXCPU_DST_PRED, 2, (const unsigned[]){PTXCPU_PRED, 32},
                  (const enum role[]){R_PA, R_M});
    }
    spell *s = add(F_VOTE, O_BALLOT, T_B32, "vote.sync.ballot.b32", "9.7.13.9", 30, 6, 0);
    set_shape(s, 32, 2, (const unsigned[]){PTXCPU_PRED, 32}, (const enum role[]){R_PA, R_M});
    /* match.any.sync.type d, a, membermask;  match.all.sync.type d[|p], a, membermask;
     * .type = { .b32, .b64 } */
    for (unsigned all = 0; all < 2; all++)
        for (unsigned w = 0; w < 2; w++) {
            snprintf(mn, sizeof mn, "match.%s.sync.%s", all ? "all" : "any", w ? "b64" : "b32");
            s = add(F_MATCH, all ? O_ALL : O_ANY, w ? T_B64 : T_B32, mn, "9.7.13.10", 70, 6, 0);
            set_shape(s, all ? PTXCPU_DST_B32_PRED : 32, 2, (const unsigned[]){w ? 64 : 32, 32},
                      (const enum role[]){w ? R_A64 : R_A, R_M});
        }
    /* activemask.b32 d; */
    s = add(F_ACT, O_NONE, T_B32, "activemask.b32", "9.7.13.11", 30, 6, 2);
    set_shape(s, 32, 0, NULL, NULL);
    /* redux.sync.op.type dst, src, membermask;  .op = {.add, .min, .max}  .type = {.u32, .s32}
     * redux.sync.op.b32 dst, src, membermask;  .op = {.and, .or, .xor}
     * redux.sync.op{.abs.}{.NaN}.f32 dst, src, membermask;  .op = { .min, .max } */
    static const char *ro[] = {"add", "min", "max"}, *rt[] = {"u32", "s32"};
    for (unsigned i = 0; i < 3; i++)
        for (unsigned t = 0; t < 2; t++) {
            snprintf(mn, sizeof mn, "redux.sync.%s.%s", ro[i], rt[t]);
            s = add(F_REDUX, (enum op)(O_ADD + i), t ? T_S32 : T_U32, mn, "9.7.13.12", 80, 7, 0);
            set_shape(s, 32, 2, (const unsigned[]){32, 32}, (const enum role[]){R_A, R_M});
        }
    static const char *rb[] = {"and", "or", "xor"};
    for (unsigned i = 0; i < 3; i++) {
        snprintf(mn, sizeof mn, "redux.sync.%s.b32", rb[i]);
        s = add(F_REDUX, (enum op)(O_AND + i), T_B32, mn, "9.7.13.12", 80, 7, 0);
        set_shape(s, 32, 2, (const unsigned[]){32, 32}, (const enum role[]){R_A, R_M});
    }
    for (unsigned i = 0; i < 2; i++)
        for (unsigned ab = 0; ab < 2; ab++)
            for (unsigned nan = 0; nan < 2; nan++) {
                snprintf(mn, sizeof mn, "redux.sync.%s%s%s.f32", i ? "max" : "min",
                         ab ? ".abs" : "", nan ? ".NaN" : "");
                s = add(F_REDUX, i ? O_MAX : O_MIN, T_F32, mn, "9.7.13.12", 100, 8, 6);
                s->abs = (int)ab, s->nan = (int)nan;
                set_shape(s, 32, 2, (const unsigned[]){32, 32}, (const enum role[]){R_A, R_M});
            }
    /* elect.sync d|p, membermask; */
    s = add(F_ELECT, O_NONE, T_B32, "elect.sync", "9.7.13.14", 90, 8, 0);
    set_shape(s, PTXCPU_DST_B32_PRED, 1, (const unsigned[]){32}, (const enum role[]){R_M});
}

/* spellings next to these that the syntax lines do not produce */
static const char *const refused[] = {
    "shfl.sync.up.b64",         "shfl.sync.idx.b16",         "shfl.sync.idx.u32",
    "shfl.sync.b32",            "shfl.sync.xor.b32",         "shfl.up.sync.b32",
    "vote.sync.ballot.pred",    "vote.sync.all.b32",         "vote.sync.none.pred",
    "vote.sync.any.b32",        "vote.sync.ballot.b64",      "vote.sync.uni",
    "match.sync.any.b32",       "match.any.sync.u32",        "match.all.sync.b16",
    "match.any.sync.f32",       "match.none.sync.b32",       "match.all.b32",
    "activemask.b64",           "activemask.u32",            "activemask",
    "redux.sync.add.b32",       "redux.sync.add.f32",        "redux.sync.and.u32",
    "redux.sync.xor.s32",       "redux.sync.min.b32",        "redux.sync.add.u64",
    "redux.sync.min.NaN.abs.f32", "redux.sync.min.abs.u32",  "redux.sync.max.NaN.s32",
    "redux.sync.min.f64",       "redux.sync.min.ftz.f32",    "redux.sync.add.abs.f32",
    "redux.add.u32",            "elect.sync.b32",            "elect.sync.pred",
    "elect",                    "shfl.sync.down.pred",
};

/* a target name just below sm (every one of these is a real target) */
static const char *target_below(unsigned sm)
{
    return sm == 30 ? "sm_20" : sm == 70 ? "sm_62" : sm == 80 ? "sm_75" : sm == 90 ? "sm_89"
         : sm == 100 ? "sm_90" : NULL;
}

static unsigned fails; /* failing checks */
static unsigned printed;

#define FAILF(...)                                                                                 \
    do {                                                                                           \
        fails++;                                                                                   \
        if (printed++ < FAIL_CAP)                                                                  \
            printf(__VA_ARGS__);                                                                   \
    } while (0)

static int check_table_and_shapes(void)
{
    unsigned bad = 0;
    for (unsigned i = 0; i < nsp; i++) {
        spell *s = &sps[i];
        ptxcpu_status st = ptxcpu_parse(s->mn, "sm_100", &s->insn);
        if (st != PTXCPU_OK) {
            FAILF("FAIL %s: does not parse on sm_100: %s: %s\n", s->mn, ptxcpu_status_name(st),
                  ptxcpu_last_error());
            bad++;
            continue;
        }
        s->parsed = 1;
        ptxcpu_insn_desc d;
        if (ptxcpu_describe(&s->insn, &d) != PTXCPU_OK) {
            FAILF("FAIL %s: ptxcpu_describe: %s\n", s->mn, ptxcpu_last_error());
            bad++;
            continue;
        }
        int ok = !strcmp(d.mnemonic, s->mn) && !strcmp(d.section, s->section) &&
                 d.nsrc == s->nsrc && d.dst_bits == s->dst_bits && !d.reads_cc && !d.writes_cc &&
                 d.min_sm == s->min_sm && d.ptx_major == s->ptx_major &&
                 d.ptx_minor == s->ptx_minor && d.elems == 1;
        for (unsigned k = 0; k < 4; k++)
            ok &= d.src_bits[k] == (k < s->nsrc ? s->src_bits[k] : 0u);
        if (!ok) {
            FAILF("FAIL %s: described as %s (%s) nsrc %u dst_bits %u src_bits %u,%u,%u,%u cc %d/%d "
                  "sm_%u PTX %u.%u elems %u; the spec implies %s nsrc %u dst_bits %u src_bits "
                  "%u,%u,%u,%u sm_%u PTX %u.%u\n",
                  s->mn, d.mnemonic, d.section, d.nsrc, d.dst_bits, d.src_bits[0], d.src_bits[1],
                  d.src_bits[2], d.src_bits[3], d.reads_cc, d.writes_cc, d.min_sm, d.ptx_major,
                  d.ptx_minor, d.elems, s->section, s->nsrc, s->dst_bits, s->src_bits[0],
                  s->src_bits[1], s->src_bits[2], s->src_bits[3], s->min_sm, s->ptx_major,
                  s->ptx_minor);
            bad++;
        }
        /* the minimum target is accepted, the one below refused */
        char tgt[16];
        snprintf(tgt, sizeof tgt, "sm_%u", s->min_sm);
        ptxcpu_insn tmp;
        if ((st = ptxcpu_parse(s->mn, tgt, &tmp)) != PTXCPU_OK) {
            FAILF("FAIL %s: refused on %s, its minimum: %s\n", s->mn, tgt, ptxcpu_last_error());
            bad++;
        }
        const char *below = target_below(s->min_sm);
        if (below && (st = ptxcpu_parse(s->mn, below, &tmp)) != PTXCPU_E_TARGET) {
            FAILF("FAIL %s: on %s (below sm_%u): %s, want PTXCPU_E_TARGET\n", s->mn, below,
                  s->min_sm, ptxcpu_status_name(st));
            bad++;
        }
    }
    /* the table's rows of these sections are exactly the enumerated spellings */
    unsigned seen[48] = {0};
    const size_t nrows = ptxcpu_insn_count();
    for (size_t r = 0; r < nrows; r++) {
        ptxcpu_insn_desc d;
        if (ptxcpu_insn_at(r, &d) != PTXCPU_OK) {
            FAILF("FAIL ptxcpu_insn_at(%zu): %s\n", r, ptxcpu_last_error());
            bad++;
            continue;
        }
        if (strcmp(d.section, "9.7.9.6") && strncmp(d.section, "9.7.13.", 7))
            continue;
        unsigned i = 0;
        while (i < nsp && strcmp(sps[i].mn, d.mnemonic))
            i++;
        if (i == nsp) {
            FAILF("FAIL the table has %s (%s), which the spec's syntax lines do not spell\n",
                  d.mnemonic, d.section);
            bad++;
        } else {
            seen[i]++;
        }
    }
    for (unsigned i = 0; i < nsp; i++)
        if (seen[i] != 1) {
            FAILF("FAIL %s: %u rows in the table, want 1\n", sps[i].mn, seen[i]);
            bad++;
        }
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        ptxcpu_insn tmp;
        ptxcpu_status st = ptxcpu_parse(refused[i], "sm_100", &tmp);
        if (st == PTXCPU_OK) {
            FAILF("FAIL %s: accepted, but the spec's syntax does not spell it\n", refused[i]);
            bad++;
        }
    }
    return (int)bad;
}

/* ---- the model ------------------------------------------------------------------------------- */
typedef struct warp {
    uint32_t g, pa;
    uint32_t a[32], b[32], c[32], m[32];
    uint64_t a64[32];
} warp;

typedef struct res {
    uint32_t d[32];
    uint32_t p; /* the predicate: bit i lane i (d|p's p, or a predicate d) */
} res;

static int f32_nan(uint32_t v) { return (v & 0x7fffffffu) > 0x7f800000u; }
/* an unsigned key in the order of the non-NaN floats, -0 below +0 */
static uint32_t f32_key(uint32_t v) { return v >> 31 ? ~v : v | 0x80000000u; }

static uint32_t redux(const spell *s, const warp *w, uint32_t S)
{
    if (s->ty == T_F32) {
        int have = 0, anynan = 0;
        uint32_t best = 0;
        for (unsigned j = 0; j < 32; j++) {
            if (!(S >> j & 1))
                continue;
            uint32_t v = s->abs ? w->a[j] & 0x7fffffffu : w->a[j];
            if (f32_nan(v)) {
                anynan = 1;
                continue;
            }
            if (!have || (s->op == O_MIN ? f32_key(v) < f32_key(best) : f32_key(v) > f32_key(best)))
                best = v;
            have = 1;
        }
        return (s->nan && anynan) || !have ? 0x7fffffffu : best;
    }
    int first = 1;
    uint32_t acc = 0;
    for (unsigned j = 0; j < 32; j++) {
        if (!(S >> j & 1))
            continue;
        const uint32_t v = w->a[j];
        if (first) {
            acc = v, first = 0;
            continue;
        }
        switch (s->op) {
        case O_ADD: acc += v; break;
        case O_AND: acc &= v; break;
        case O_OR: acc |= v; break;
        case O_XOR: acc ^= v; break;
        case O_MIN:
            if (s->ty == T_S32 ? (int32_t)v < (int32_t)acc : v < acc)
                acc = v;
            break;
        case O_MAX:
            if (s->ty == T_S32 ? (int32_t)v > (int32_t)acc : v > acc)
                acc = v;
            break;
        default: abort();
        }
    }
    return acc;
}

/* lane i of shfl.sync: the spec's pseudo-code; *pv the predicate, the source lane returned */
static unsigned shfl_src(enum op op, unsigned lane, uint32_t b, uint32_t c, int *pv)
{
    const int bval = (int)(b & 31), cval = (int)(c & 31), seg = (int)(c >> 8 & 31);
    const int maxLane = ((int)lane & seg) | (cval & ~seg & 31), minLane = (int)lane & seg;
    int j = 0, pval = 0;
    switch (op) {
    case O_UP: j = (int)lane - bval, pval = j >= maxLane; break;
    case O_DOWN: j = (int)lane + bval, pval = j <= maxLane; break;
    case O_BFLY: j = (int)lane ^ bval, pval = j <= maxLane; break;
    case O_IDX: j = minLane | (bval & ~seg & 31), pval = j <= maxLane; break;
    default: abort();
    }
    if (!pval)
        j = (int)lane;
    *pv = pval;
    return (unsigned)j;
}

/* d and p of the executing lanes (the others' left 0) */
static void model(const spell *s, const warp *w, res *r)
{
    memset(r, 0, sizeof *r);
    const uint32_t G = w->g;
    for (unsigned i = 0; i < 32; i++) {
        if (!(G >> i & 1))
            continue;
        const uint32_t S = (w->m[i] & G) | (1u << i);
        uint32_t d = 0;
        int p = 0;
        switch (s->fam) {
        case F_SHFL: {
            const unsigned j = shfl_src(s->op, i, w->b[i], w->c[i], &p);
            d = w->a[j];
            break;
        }
        case F_VOTE: {
            const uint32_t A = w->pa & S;
            if (s->op == O_BALLOT)
                d = A;
            else
                p = s->op == O_ALL ? A == S : s->op == O_ANY ? A != 0 : A == 0 || A == S;
            break;
        }
        case F_MATCH: {
            uint32_t eq = 0;
            for (unsigned j = 0; j < 32; j++)
                if (S >> j & 1)
                    eq |= (uint32_t)(s->ty == T_B64 ? w->a64[j] == w->a64[i]
                                                    : w->a[j] == w->a[i]) << j;
            if (s->op == O_ANY)
                d = eq;
            else
                p = eq == S, d = p ? S : 0;
            break;
        }
        case F_ACT: d = G; break;
        case F_REDUX: d = redux(s, w, S); break;
        case F_ELECT: {
            unsigned leader = 0;
            while (!(S >> leader & 1))
                leader++;
            d = leader, p = leader == i;
            break;
        }
        }
        r->d[i] = d;
        r->p |= (uint32_t)p << i;
    }
}

/* ---- inputs ---------------------------------------------------------------------------------- */
static const uint32_t f32_specials[] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7fc00001u,
    0x7f800001u, 0xff800001u, 0xffffffffu, 0x7fffffffu, 0x7fa00000u, 0xffd55555u, 0x00000001u,
    0x80000001u, 0x007fffffu, 0x807fffffu, 0x00800000u, 0x80800000u, 0x3f800000u, 0xbf800000u,
    0x7f7fffffu, 0xff7fffffu, 0x00400000u, 0x3f800001u, 0xbf7fffffu};
enum { NSPEC = sizeof f32_specials / sizeof f32_specials[0] };
static const uint32_t int_edges[] = {0, 1, 2, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xffffffffu,
                                     0xfffffffeu, 0x0000ffffu, 0xffff0000u};
enum { NEDGE = sizeof int_edges / sizeof int_edges[0] };

static uint32_t r32(rng_t *r) { return (uint32_t)rng_next(r); }

static uint32_t f32_nice(rng_t *r) /* a finite float of moderate size, either sign */
{
    const uint32_t x = r32(r);
    return (x & 0x80000000u) | (120u + (uint32_t)rng_below(r, 16)) << 23 | (x & 0x7fffffu);
}
static uint32_t f32_nan_any(rng_t *r) /* a NaN: any sign, any payload (quiet or signalling) */
{
    uint32_t x = r32(r);
    x |= 0x7f800000u;
    if (!(x & 0x7fffffu))
        x |= 1u << rng_below(r, 23);
    return x;
}
static uint32_t f32_lane(rng_t *r, unsigned kind)
{
    uint32_t v;
    switch (kind) {
    case 0: { /* specials, random bits, nice values */
        const unsigned k = (unsigned)rng_below(r, 4);
        return k < 2 ? f32_specials[rng_below(r, NSPEC)] : k == 2 ? r32(r) : f32_nice(r);
    }
    case 1: /* no NaN */
        do
            v = rng_below(r, 2) ? f32_specials[rng_below(r, NSPEC)] : f32_nice(r);
        while (f32_nan(v));
        return v;
    case 2: return f32_nan_any(r); /* every lane NaN */
    case 3: { /* zeros of both signs, some subnormals and NaNs */
        const unsigned k = (unsigned)rng_below(r, 16);
        return k < 12 ? (k & 1) << 31 : k < 14 ? ((k & 1) << 31 | (r32(r) & 0x7fffffu))
                                              : f32_nan_any(r);
    }
    case 4: return r32(r);
    default: /* NaN but for a few lanes */
        return rng_below(r, 8) ? f32_nan_any(r) : f32_nice(r);
    }
}

static uint32_t sparse(rng_t *r)
{
    uint32_t g = 0;
    for (unsigned n = 1 + (unsigned)rng_below(r, 3); n; n--)
        g |= 1u << rng_below(r, 32);
    return g;
}

static void gen_warp(const spell *s, rng_t *r, warp *w)
{
    unsigned k = (unsigned)rng_below(r, 8);
    w->g = k < 2 ? ~0u : k < 5 ? r32(r) : k < 7 ? sparse(r) : 0;
    /* membermasks */
    const uint32_t u = r32(r);
    k = (unsigned)rng_below(r, 7);
    const unsigned tile = 2u << rng_below(r, 5); /* 2 .. 32 */
    for (unsigned i = 0; i < 32; i++) {
        switch (k) {
        case 0: w->m[i] = ~0u; break;
        case 1: w->m[i] = w->g; break;
        case 2: w->m[i] = w->g | u; break;
        case 3: w->m[i] = u; break;
        case 4: w->m[i] = r32(r); break;
        case 5: w->m[i] = r32(r) | 1u << i; break;
        default: w->m[i] = (uint32_t)(((1ull << tile) - 1) << (i & ~(tile - 1))); break;
        }
    }
    for (unsigned i = 0; i < 32; i++) {
        const uint64_t x = rng_next(r);
        w->a[i] = (uint32_t)x, w->a64[i] = rng_next(r);
        w->b[i] = r32(r), w->c[i] = (uint32_t)(x >> 32);
    }
    w->pa = r32(r);
    switch (s->fam) {
    case F_SHFL: {
        /* b, c: random (kind 0), or CUDA's __shfl*_sync forms: c = ((32 - w) << 8) | 0x1f (.up:
         * (32 - w) << 8) for a width w, or 0x1f alone; with junk in the bits not read (3); per
         * lane (4) */
        k = (unsigned)rng_below(r, 5);
        if (k == 0)
            break;
        const unsigned width = 2u << rng_below(r, 5);
        const uint32_t cw = (32u - width) << 8 | (s->op == O_UP ? 0u : 0x1fu);
        const uint32_t bu = (uint32_t)rng_below(r, 32), cu = k == 2 ? 0x1fu : cw;
        for (unsigned i = 0; i < 32; i++) {
            w->b[i] = s->op == O_IDX && rng_below(r, 2) ? (uint32_t)rng_below(r, 32) : bu;
            w->c[i] = cu;
            if (k == 3)
                w->b[i] |= r32(r) & ~31u, w->c[i] |= r32(r) & 0xffffe0e0u;
            if (k == 4)
                w->b[i] = (uint32_t)rng_below(r, 32),
                w->c[i] = (32u - (2u << rng_below(r, 5))) << 8 | (uint32_t)rng_below(r, 32);
        }
        break;
    }
    case F_VOTE:
        k = (unsigned)rng_below(r, 7);
        w->pa = k == 0 ? ~0u : k == 1 ? 0 : k == 2 ? ~(1u << rng_below(r, 32))
              : k == 3 ? 1u << rng_below(r, 32) : k == 4 ? w->g
              : k == 5 ? w->g ^ 1u << rng_below(r, 32) : w->pa;
        break;
    case F_MATCH: {
        /* a pool of 1 to 5 values one bit apart (either half of a .b64), or all random */
        const unsigned np = 1 + (unsigned)rng_below(r, 6);
        uint64_t pool[6];
        pool[0] = rng_next(r);
        for (unsigned p = 1; p < np; p++)
            pool[p] = pool[0] ^ 1ull << rng_below(r, s->ty == T_B64 ? 64 : 32);
        if (np < 6)
            for (unsigned i = 0; i < 32; i++) {
                const uint64_t v = pool[rng_below(r, np)];
                w->a[i] = (uint32_t)v, w->a64[i] = v;
            }
        break;
    }
    case F_REDUX:
        if (s->ty == T_F32) {
            k = (unsigned)rng_below(r, 6);
            for (unsigned i = 0; i < 32; i++)
                w->a[i] = f32_lane(r, k);
        } else {
            k = (unsigned)rng_below(r, 3);
            for (unsigned i = 0; i < 32 && k; i++)
                w->a[i] = k == 1 ? (rng_below(r, 2) ? int_edges[rng_below(r, NEDGE)] : w->a[i])
                                 : (uint32_t)rng_below(r, 256) - 128u;
        }
        break;
    default: break;
    }
}

static void print_warp(const spell *s, const warp *w, unsigned lane)
{
    const uint32_t S = (w->m[lane] & w->g) | 1u << lane;
    printf("     lane %u: G=0x%08x m=0x%08x S=0x%08x", lane, w->g, w->m[lane], S);
    switch (s->fam) {
    case F_SHFL: {
        int p;
        const unsigned j = shfl_src(s->op, lane, w->b[lane], w->c[lane], &p);
        printf(" a=0x%08x b=0x%08x c=0x%08x: source lane %u (in range %d), a[%u]=0x%08x\n",
               w->a[lane], w->b[lane], w->c[lane], j, p, j, w->a[j]);
        return;
    }
    case F_VOTE: printf(" a (predicates)=0x%08x\n", w->pa); return;
    case F_ACT: case F_ELECT: printf("\n"); return;
    default: break;
    }
    printf("\n     a over S:");
    for (unsigned j = 0; j < 32; j++)
        if (S >> j & 1) {
            if (s->ty == T_B64)
                printf(" [%u]=0x%016llx", j, (unsigned long long)w->a64[j]);
            else
                printf(" [%u]=0x%08x", j, w->a[j]);
        }
    printf("\n");
}

/* ---- tables ---------------------------------------------------------------------------------- */
typedef oracle_table table;
static table tabs[16];
static unsigned ntabs;

/* spelling s's kernel on table t; NULL where the table holds none (an extension's table) */
static ptxcpu_kernel kernel_of(const spell *s, const table *t)
{
    ptxcpu_kernel k = NULL;
    if (oracle_kernel_of(&s->insn, t, &k) != PTXCPU_OK) {
        FAILF("FAIL %s on %s: ptxcpu_resolve: %s\n", s->mn, t->name, ptxcpu_last_error());
        return NULL;
    }
    return k;
}

/* ---- bulk runs: many warps in one call, packed registers ------------------------------------- */
enum { MAXW = 2048 };
static warp in[MAXW];
static uint32_t A32[MAXW * 32], B32[MAXW * 32], C32[MAXW * 32], M32[MAXW * 32], PA[MAXW], G[MAXW];
static uint64_t A64[MAXW * 32];
static uint8_t D[MAXW * 192], D0[MAXW * 192];

static unsigned lane_fail_print; /* per spelling and table */

static void report(const spell *s, const table *t, const char *path, unsigned w, const warp *x,
                   unsigned lane, const char *what, uint32_t got, uint32_t want, int on)
{
    fails++;
    if (printed++ >= FAIL_CAP || lane_fail_print++ >= 3)
        return;
    if (!strcmp(what, "p"))
        printf("FAIL %s on %s (%s): warp %u lane %u: p %u, want %u%s\n", s->mn, t->name, path, w,
               lane, got, want, on ? "" : " (lane outside the guard: its old value)");
    else
        printf("FAIL %s on %s (%s): warp %u lane %u: %s 0x%08x, want 0x%08x%s\n", s->mn, t->name,
               path, w, lane, what, got, want,
               on ? "" : " (lane outside the guard: its old value)");
    if (on)
        print_warp(s, x, lane);
}

static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }

/* compare warp w's d|p / d / predicate at dp with the model r over canary d0 */
static void compare(const spell *s, const table *t, const char *path, unsigned w, const warp *x,
                    const res *r, const uint8_t *dp, const uint8_t *d0)
{
    if (s->dst_bits == PTXCPU_DST_PRED) {
        const uint32_t got = rd32(dp), want = (r->p & x->g) | (rd32(d0) & ~x->g);
        for (unsigned i = 0; i < 32; i++)
            if ((got ^ want) >> i & 1)
                report(s, t, path, w, x, i, "p", got >> i & 1, want >> i & 1, (int)(x->g >> i & 1));
        return;
    }
    for (unsigned i = 0; i < 32; i++) {
        const int on = (int)(x->g >> i & 1);
        const uint32_t got = rd32(dp + 4 * i), want = on ? r->d[i] : rd32(d0 + 4 * i);
        if (got != want)
            report(s, t, path, w, x, i, "d", got, want, on);
    }
    if (s->dst_bits == PTXCPU_DST_B32_PRED) {
        const uint32_t got = rd32(dp + 128), want = (r->p & x->g) | (rd32(d0 + 128) & ~x->g);
        for (unsigned i = 0; i < 32; i++)
            if ((got ^ want) >> i & 1)
                report(s, t, path, w, x, i, "p", got >> i & 1, want >> i & 1, (int)(x->g >> i & 1));
    }
}

static void bulk(const spell *s, const table *t, ptxcpu_kernel k, unsigned nw, unsigned round,
                 rng_t *g)
{
    for (unsigned w = 0; w < nw; w++) {
        gen_warp(s, g, &in[w]);
        memcpy(A32 + 32 * w, in[w].a, 128), memcpy(B32 + 32 * w, in[w].b, 128);
        memcpy(C32 + 32 * w, in[w].c, 128), memcpy(M32 + 32 * w, in[w].m, 128);
        memcpy(A64 + 32 * w, in[w].a64, 256);
        PA[w] = in[w].pa, G[w] = in[w].g;
    }
    /* d's stride: a lanemask 4, a .b32 register 128, d|p 192 (ptxcpu_w32p) or 132 (packed) */
    const size_t ds = s->dst_bits == PTXCPU_DST_PRED ? 4 : s->dst_bits == 32 ? 128
                    : round % 2 ? 132 : 192;
    for (size_t i = 0; i < nw * ds; i++)
        D0[i] = (uint8_t)rng_next(g);
    memcpy(D, D0, nw * ds);
    ptxcpu_batch bt = {.n = nw, .d = D, .d_stride = (ptrdiff_t)ds, .guard = G, .guard_stride = 4};
    for (unsigned q = 0; q < s->nsrc; q++) {
        switch (s->role[q]) {
        case R_A: bt.src[q] = (ptxcpu_src){A32, 128}; break;
        case R_A64: bt.src[q] = (ptxcpu_src){A64, 256}; break;
        case R_PA: bt.src[q] = (ptxcpu_src){PA, 4}; break;
        case R_B: bt.src[q] = (ptxcpu_src){B32, 128}; break;
        case R_C: bt.src[q] = (ptxcpu_src){C32, 128}; break;
        case R_M: bt.src[q] = (ptxcpu_src){M32, 128}; break;
        }
    }
    const ptxcpu_status st = ptxcpu_run(k, &bt);
    if (st != PTXCPU_OK) {
        FAILF("FAIL %s on %s (bulk, %u warps, d stride %zu): ptxcpu_run: %s: %s\n", s->mn, t->name,
              nw, ds, ptxcpu_status_name(st), ptxcpu_last_error());
        return;
    }
    for (unsigned w = 0; w < nw; w++) {
        res r;
        model(s, &in[w], &r);
        compare(s, t, ds == 132 ? "bulk, d stride 132" : "bulk", w, &in[w], &r, D + w * ds,
                D0 + w * ds);
    }
}

/* ---- register files of 3 warps: strides, uniform operands, d exactly a source ---------------- */
enum { SD, SA, SB, SC, SM, NSLOT };
typedef struct regfile {
    ptxcpu_w32p slot[NSLOT]; /* d, a, b, c, membermask: each a 32-bit register (d|p's room) */
    ptxcpu_w64 a64;
    ptxcpu_lanemask pa, g, dp;
} regfile;

enum { NRF = 3 };
/* where d goes: its own slot, or exactly one source (a 32-bit source's slot, the predicate
 * source, the guard masks) */
enum alias { AL_NONE, AL_A, AL_B, AL_C, AL_M, AL_PA, AL_G, NALIAS };
static const char *const alias_name[] = {"", ", d = a", ", d = b", ", d = c", ", d = membermask",
                                         ", d = a (predicate)", ", d = the guard masks"};

static int alias_ok(const spell *s, enum alias al)
{
    if (al == AL_NONE)
        return 1;
    if (s->dst_bits == PTXCPU_DST_PRED)
        return al == AL_G || (al == AL_PA && s->nsrc && s->role[0] == R_PA);
    if (al == AL_PA || al == AL_G)
        return 0;
    const enum role want = al == AL_A ? R_A : al == AL_B ? R_B : al == AL_C ? R_C : R_M;
    for (unsigned q = 0; q < s->nsrc; q++)
        if (s->role[q] == want)
            return 1;
    return 0;
}

typedef struct layout {
    enum alias al;
    int m_uniform;  /* membermask stride 0 */
    int guard_mode; /* 0 per warp, 1 stride 0 (one mask), 2 NULL (all lanes) */
} layout;

/* the layout in words, for a failure's line */
static const char *layout_words(const layout *L)
{
    static char buf[96];
    snprintf(buf, sizeof buf, "%s%s%s", alias_name[L->al],
             L->m_uniform ? ", membermask uniform" : "",
             L->guard_mode == 1 ? ", guard uniform" : L->guard_mode == 2 ? ", guard NULL" : "");
    return buf;
}

static void *d_of(const spell *s, regfile *rf, enum alias al)
{
    if (s->dst_bits == PTXCPU_DST_PRED)
        return al == AL_PA ? &rf->pa : al == AL_G ? &rf->g : &rf->dp;
    const unsigned slot = al == AL_A ? SA : al == AL_B ? SB : al == AL_C ? SC
                        : al == AL_M ? SM : SD;
    return rf->slot[slot].lane;
}

/* the batch of warps [w0, w0 + n) of rf under layout L */
static ptxcpu_batch rf_batch(const spell *s, regfile *rf, unsigned w0, unsigned n, const layout *L)
{
    const ptrdiff_t st = (ptrdiff_t)sizeof(regfile);
    ptxcpu_batch bt = {.n = n, .d = d_of(s, &rf[w0], L->al), .d_stride = st};
    bt.guard = L->guard_mode == 2 ? NULL : L->guard_mode == 1 ? &rf[0].g : &rf[w0].g;
    bt.guard_stride = L->guard_mode == 0 ? st : 0;
    for (unsigned q = 0; q < s->nsrc; q++) {
        regfile *x = &rf[w0];
        switch (s->role[q]) {
        case R_A: bt.src[q] = (ptxcpu_src){x->slot[SA].lane, st}; break;
        case R_A64: bt.src[q] = (ptxcpu_src){x->a64.lane, st}; break;
        case R_PA: bt.src[q] = (ptxcpu_src){&x->pa, st}; break;
        case R_B: bt.src[q] = (ptxcpu_src){x->slot[SB].lane, st}; break;
        case R_C: bt.src[q] = (ptxcpu_src){x->slot[SC].lane, st}; break;
        case R_M:
            bt.src[q] = L->m_uniform ? (ptxcpu_src){rf[0].slot[SM].lane, 0}
                                     : (ptxcpu_src){x->slot[SM].lane, st};
            break;
        }
    }
    return bt;
}

static unsigned alias_trials[NALIAS], uniform_m_trials, guard_trials[3];
static regfile rf0[NRF], rfwant[NRF], rfgot[NRF], rfone[NRF], rfprep[NRF];

/* which bytes differ first, in words */
static void rf_diff(const spell *s, const table *t, const char *path, const layout *L,
                    const regfile *got, const regfile *want, const warp *x)
{
    const uint8_t *gp = (const uint8_t *)got, *wp = (const uint8_t *)want;
    for (size_t o = 0; o + 4 <= sizeof(regfile) * NRF; o += 4) {
        if (!memcmp(gp + o, wp + o, 4))
            continue;
        const unsigned w = (unsigned)(o / sizeof(regfile));
        const size_t in_rf = o % sizeof(regfile);
        fails++;
        if (printed++ < FAIL_CAP && lane_fail_print++ < 3) {
            static const char *const sn[] = {"d", "a", "b", "c", "membermask"};
            const uint32_t gv = rd32(gp + o), wv = rd32(wp + o);
            const unsigned bit = (unsigned)__builtin_ctz(gv ^ wv); /* a lanemask's first lane */
            char what[48] = "padding";
            unsigned lane = 32; /* none */
            if (in_rf < NSLOT * sizeof(ptxcpu_w32p)) {
                const size_t so = in_rf % sizeof(ptxcpu_w32p);
                const char *reg = sn[in_rf / sizeof(ptxcpu_w32p)];
                if (so < 128)
                    lane = (unsigned)(so / 4), snprintf(what, sizeof what, "%s, lane %u", reg, lane);
                else if (so == 128)
                    lane = bit, snprintf(what, sizeof what, "the p after %s, lane %u", reg, lane);
            } else if (in_rf < offsetof(regfile, pa)) {
                lane = (unsigned)((in_rf - offsetof(regfile, a64)) / 8);
                snprintf(what, sizeof what, "a (.b64), lane %u (%s half)", lane,
                         (in_rf - offsetof(regfile, a64)) % 8 ? "high" : "low");
            } else {
                const char *reg = in_rf == offsetof(regfile, pa) ? "a (predicate)"
                                : in_rf == offsetof(regfile, g)  ? "the guard mask"
                                : in_rf == offsetof(regfile, dp) ? "d (predicate)" : NULL;
                if (reg)
                    lane = bit, snprintf(what, sizeof what, "%s, lane %u", reg, lane);
            }
            printf("FAIL %s on %s (%s%s): warp %u, %s: 0x%08x, want 0x%08x\n", s->mn, t->name,
                   path, layout_words(L), w, what, gv, wv);
            if (lane < 32)
                print_warp(s, &x[w], lane);
        }
        return;
    }
}

static void rf_trial(const spell *s, const table *t, ptxcpu_kernel k, rng_t *g)
{
    layout L = {AL_NONE, (int)(rng_below(g, 4) == 0), (int)rng_below(g, 5)};
    L.guard_mode = L.guard_mode < 3 ? 0 : L.guard_mode - 2;
    if (rng_below(g, 2)) { /* d exactly a source, half the trials where one can be */
        enum alias al = (enum alias)(1 + rng_below(g, NALIAS - 1));
        if (alias_ok(s, al))
            L.al = al;
    }
    if (L.al == AL_M)
        L.m_uniform = 0;
    if (L.al == AL_G)
        L.guard_mode = 0;
    alias_trials[L.al]++, uniform_m_trials += L.m_uniform != 0, guard_trials[L.guard_mode]++;
    warp x[NRF];
    for (unsigned w = 0; w < NRF; w++) {
        gen_warp(s, g, &x[w]);
        if (L.m_uniform && w)
            memcpy(x[w].m, x[0].m, sizeof x[w].m);
        if (L.guard_mode == 1 && w)
            x[w].g = x[0].g;
    }
    if (L.guard_mode == 2)
        for (unsigned w = 0; w < NRF; w++)
            x[w].g = ~0u;
    /* the register file: canaries everywhere, then the sources */
    uint8_t *raw = (uint8_t *)rf0;
    for (size_t i = 0; i < sizeof rf0; i++)
        raw[i] = (uint8_t)rng_next(g);
    for (unsigned w = 0; w < NRF; w++) {
        memcpy(rf0[w].slot[SA].lane, x[w].a, 128), memcpy(rf0[w].slot[SB].lane, x[w].b, 128);
        memcpy(rf0[w].slot[SC].lane, x[w].c, 128), memcpy(rf0[w].slot[SM].lane, x[w].m, 128);
        memcpy(rf0[w].a64.lane, x[w].a64, 256);
        rf0[w].pa = x[w].pa, rf0[w].g = x[w].g;
    }
    /* the model's register file: executing lanes of d (and p) replaced */
    memcpy(rfwant, rf0, sizeof rf0);
    for (unsigned w = 0; w < NRF; w++) {
        res r;
        model(s, &x[w], &r);
        uint8_t *dp = d_of(s, &rfwant[w], L.al);
        if (s->dst_bits == PTXCPU_DST_PRED) {
            const uint32_t v = (r.p & x[w].g) | (rd32(dp) & ~x[w].g);
            memcpy(dp, &v, 4);
            continue;
        }
        for (unsigned i = 0; i < 32; i++)
            if (x[w].g >> i & 1)
                memcpy(dp + 4 * i, &r.d[i], 4);
        if (s->dst_bits == PTXCPU_DST_B32_PRED) {
            const uint32_t v = (r.p & x[w].g) | (rd32(dp + 128) & ~x[w].g);
            memcpy(dp + 128, &v, 4);
        }
    }
    /* one call of 3 warps */
    memcpy(rfgot, rf0, sizeof rf0);
    ptxcpu_batch bt = rf_batch(s, rfgot, 0, NRF, &L);
    ptxcpu_status st = ptxcpu_run(k, &bt);
    if (st != PTXCPU_OK) {
        FAILF("FAIL %s on %s (3 warps%s): ptxcpu_run: %s: %s\n", s->mn, t->name,
              layout_words(&L), ptxcpu_status_name(st), ptxcpu_last_error());
        return;
    }
    if (memcmp(rfgot, rfwant, sizeof rfgot))
        rf_diff(s, t, "3 warps, one call", &L, rfgot, rfwant, x);
    /* three calls of one warp each: the same bytes */
    memcpy(rfone, rf0, sizeof rf0);
    for (unsigned w = 0; w < NRF; w++) {
        bt = rf_batch(s, rfone, w, 1, &L);
        if ((st = ptxcpu_run(k, &bt)) != PTXCPU_OK) {
            FAILF("FAIL %s on %s (one warp%s): ptxcpu_run: %s: %s\n", s->mn, t->name,
                  layout_words(&L), ptxcpu_status_name(st), ptxcpu_last_error());
            return;
        }
    }
    if (memcmp(rfone, rfgot, sizeof rfone))
        rf_diff(s, t, "3 single-warp calls vs one call of 3", &L, rfone, rfgot, x);
    /* prepared: 3 warps at once, and each warp alone (the one-warp entry) */
    for (unsigned n = 1; n <= NRF; n += NRF - 1) {
        memcpy(rfprep, rf0, sizeof rf0);
        for (unsigned w = 0; w < NRF; w += n) {
            ptxcpu_prepared p;
            bt = rf_batch(s, rfprep, w, n, &L);
            if ((st = ptxcpu_prepare(k, &bt, 0, &p)) != PTXCPU_OK) {
                FAILF("FAIL %s on %s (prepared, %u warps%s): ptxcpu_prepare: %s: %s\n", s->mn,
                      t->name, n, layout_words(&L), ptxcpu_status_name(st), ptxcpu_last_error());
                return;
            }
            ptxcpu_run_prepared(&p);
        }
        if (memcmp(rfprep, rfwant, sizeof rfprep))
            rf_diff(s, t, n == 1 ? "prepared, one warp a call" : "prepared, 3 warps", &L, rfprep,
                    rfwant, x);
    }
}

int main(void)
{
    const unsigned scale = test_scale();
    const char *re = getenv("WARP_ROUNDS");
    const unsigned rounds = re && atoi(re) > 0 ? (unsigned)atoi(re) : 1;
    unsigned nw = MAXW / scale, ntrials = 160 / scale;
    nw = nw < 32 ? 32 : nw, ntrials = ntrials < 8 ? 8 : ntrials;

    enumerate();
    const unsigned bad_table = (unsigned)check_table_and_shapes();

    ntabs = oracle_tables_init(tabs, 16);

    rng_t g = {0x57a1};
    unsigned runs = 0, warps = 0, trials = 0;
    for (unsigned i = 0; i < nsp; i++) {
        const spell *s = &sps[i];
        if (!s->parsed)
            continue; /* reported above */
        for (unsigned t = 0; t < ntabs; t++) {
            const ptxcpu_kernel k = kernel_of(s, &tabs[t]);
            if (!k)
                continue; /* an extension's table without these families, or reported */
            lane_fail_print = 0;
            runs++, tabs[t].used++;
            for (unsigned round = 0; round < 2 * rounds; round++, warps += nw / 2)
                bulk(s, &tabs[t], k, nw / 2, round, &g);
            for (unsigned n = 0; n < ntrials * rounds; n++, trials++)
                rf_trial(s, &tabs[t], k, &g);
        }
    }
    ORACLE_PRINT_TABLES(tabs, ntabs);
    unsigned nused = 0;
    for (unsigned t = 0; t < ntabs; t++)
        nused += tabs[t].used != 0;
    printf("register-file trials: d exactly a (32-bit) %u, b %u, c %u, membermask %u, a (predicate)"
           " %u, the guard masks %u; membermask uniform %u; guard uniform %u, NULL %u\n",
           alias_trials[AL_A], alias_trials[AL_B], alias_trials[AL_C], alias_trials[AL_M],
           alias_trials[AL_PA], alias_trials[AL_G], uniform_m_trials, guard_trials[1],
           guard_trials[2]);
    if (printed > FAIL_CAP)
        printf("(%u more failures not printed)\n", printed - FAIL_CAP);
    printf("%s: %u spellings (%u table/shape failures), %u kernel runs on %u tables: %u bulk "
           "warps, "
           "%u register-file trials of 3 warps; %u failing checks\n",
           fails ? "FAIL" : "PASS", nsp, bad_table, runs, nused, warps, trials, fails);
    return fails != 0;
}
