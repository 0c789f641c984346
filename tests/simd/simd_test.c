/* Suite `simd`: every kernel (every row + the 2 legacy mad.f32 kernels) of every SIMD table that runs
 * here -- the native ones the CPU supports, through the public API, and AVX-512 emulated by simde --
 * compared bit for bit with the scalar table: crossed edge values and random lanes, random guards
 * and CC words, strides 0 / packed / negative / register file, exact aliasing, n = 0, 1, odd,
 * large, and dependent chains against repeated scalar runs. */
#include "emu_tables.h" /* tables built without native flags (simde emulation), linked in */
#include "internal.h"
#include "ptxcpu.h"
#include "test_common.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_fenv.h" /* the caller's MXCSR / FPCR, which kernels must neither read nor change */

/* ---- tables under test ---------------------------------------------------------------------- */
typedef struct table { const char *name; const struct ptxcpu_kernel_entry *k; } table;
static table tables[16];
static unsigned ntables;
static const struct ptxcpu_kernel_entry *scalar_tab;

/* A table's base: ptxcpu_resolve hands out &table[id], and each entry knows its id. */
static const struct ptxcpu_kernel_entry *table_of(ptxcpu_isa isa)
{
    ptxcpu_insn in;
    ptxcpu_kernel k;
    if (ptxcpu_parse("add.u32", NULL, &in) || ptxcpu_resolve(&in, isa, &k))
        return NULL;
    return k - k->op;
}

/* ---- random numbers (xorshift64*, fixed seed) ------------------------------------------------ */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd64(void) { return xorshift64s_next(&rng_state); }
static unsigned rndn(unsigned n) { return (unsigned)(rnd64() % n); }

/* ---- the kernel being tested: its shape from the public description ------------------------- */
typedef struct shape {
    unsigned id;
    char mnem[64];
    unsigned nsrc, dbits, sbits[4], cc; /* cc: 1 read, 2 write */
    ptxcpu_elem elem;
    unsigned elems;
    uint64_t edge[4][64]; /* edge values of each source's element type */
    unsigned nedge[4];
} shape;

static unsigned float_edges(unsigned p, unsigned e, uint64_t *out);
static unsigned int_edges(unsigned bits, uint64_t *out);

static int shape_of(unsigned id, shape *s)
{
    ptxcpu_insn_desc d;
    size_t row = id;
    if (id >= PTX_NROWS) { /* the legacy kernels have mad.f32's operands */
        ptxcpu_insn in;
        if (ptxcpu_parse("mad.f32", NULL, &in))
            return -1;
        row = in.op;
    }
    if (ptxcpu_insn_at(row, &d))
        return -1;
    s->id = id;
    snprintf(s->mnem, sizeof s->mnem, "%s", id == PTX_K_mad_legacy_f32 ? "mad.f32@sm_1x"
                                            : id == PTX_K_mad_legacy_sat_f32 ? "mad.sat.f32@sm_1x"
                                                                             : d.mnemonic);
    ptxcpu_insn first; /* the three-input min.f32 shares its spelling: named with its sources */
    if (id < PTX_NROWS && (ptxcpu_parse(d.mnemonic, NULL, &first) || first.op != id))
        snprintf(s->mnem + strlen(s->mnem), sizeof s->mnem - strlen(s->mnem), "(a,b,c)");
    s->nsrc = d.nsrc;
    s->dbits = d.dst_bits;
    for (unsigned k = 0; k < 4; k++)
        s->sbits[k] = d.src_bits[k];
    s->cc = (d.reads_cc ? 1u : 0u) | (d.writes_cc ? 2u : 0u);
    s->elem = test_source_elem(&d); /* the sources' format (a cvt's .atype) */
    s->elems = d.elems;
    for (unsigned k = 0; k < s->nsrc; k++) {
        unsigned eb = s->sbits[k] / s->elems;
        s->nedge[k] = s->elem == PTXCPU_ELEM_INT ? int_edges(s->sbits[k], s->edge[k])
                      : s->elem == PTXCPU_ELEM_BF16 ? float_edges(8, 8, s->edge[k])
                      : float_edges(eb == 16 ? 11 : eb == 32 ? 24 : 53, eb == 16 ? 5 : eb == 32 ? 8 : 11,
                                    s->edge[k]);
    }
    return 0;
}

/* ---- operand values: edges and random classes, per element format --------------------------- */
typedef struct ffmt { unsigned p, e; } ffmt; /* precision with hidden bit, exponent bits */
static ffmt fmt_of(ptxcpu_elem e)
{
    switch (e) {
    case PTXCPU_ELEM_F16: return (ffmt){11, 5};
    case PTXCPU_ELEM_BF16: return (ffmt){8, 8};
    case PTXCPU_ELEM_F64: return (ffmt){53, 11};
    default: return (ffmt){24, 8};
    }
}
static uint64_t mask_of(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

static unsigned float_edges(unsigned p, unsigned e, uint64_t *out)
{
    ffmt f = {p, e};
    uint64_t frac = (1ull << (f.p - 1)) - 1, emask = ((1ull << f.e) - 1) << (f.p - 1);
    uint64_t one = ((1ull << (f.e - 1)) - 1) << (f.p - 1), minn = 1ull << (f.p - 1);
    uint64_t sign = 1ull << (f.p + f.e - 1);
    uint64_t pos[] = {0, 1, frac, minn, minn + 1, minn | frac, one, one + 1, one - 1,
                      one + minn, one - minn, one | (1ull << (f.p - 2)), emask - minn - 1 + minn,
                      emask - 1, emask, emask | (1ull << (f.p - 2)), emask | 1, sign - 1,
                      2 * minn, 3};
    unsigned n = 0;
    for (unsigned i = 0; i < sizeof pos / sizeof pos[0]; i++) {
        out[n++] = pos[i];
        out[n++] = pos[i] | sign;
    }
    return n;
}
static unsigned int_edges(unsigned bits, uint64_t *out)
{
    static const uint64_t v[] = {0, 1, 2, 3, 7, 8, 15, 16, 23, 24, 31, 32, 33, 63, 64, 65, 127,
                                 128, 255, 256, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff,
                                 0x80000000, 0xffffffff, 0x100000000ull, 0x7fffffffffffffffull,
                                 0x8000000000000000ull, ~0ull, ~1ull, 0x8000000000000001ull,
                                 0x0101010101010101ull, 0x7f7f7f7f7f7f7f7full,
                                 0x8080808080808080ull, 0xff00ff00ff00ff00ull, 0x00800080ull};
    unsigned n = 0;
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) {
        uint64_t x = v[i] & mask_of(bits);
        int dup = 0;
        for (unsigned j = 0; j < n; j++)
            dup |= out[j] == x;
        if (!dup)
            out[n++] = x;
    }
    return n;
}

/* One random float element: exponents near `ebase` (shared by a lane's operands, so sums cancel
 * and products land near the subnormal boundary), anywhere, or an edge. */
static uint64_t rand_float(ffmt f, int ebase, const uint64_t *edges, unsigned nedges)
{
    unsigned r = rndn(100);
    uint64_t frac = rnd64() & ((1ull << (f.p - 1)) - 1), sign = rnd64() & 1;
    int emax = (1 << f.e) - 1, ex;
    if (r < 15)
        return edges[rndn(nedges)];
    if (r < 30)
        return rnd64() & mask_of(f.p + f.e);
    if (r < 40)
        frac &= ~0ull << rndn(f.p - 1); /* few significant bits: exact ties */
    ex = ebase + (int)rndn(7) - 3;
    if (ex < 0)
        ex = 0;
    if (ex >= emax)
        ex = emax - 1;
    return (sign << (f.p + f.e - 1)) | ((uint64_t)ex << (f.p - 1)) | frac;
}
static uint64_t rand_int(unsigned bits, const uint64_t *edges, unsigned nedges)
{
    switch (rndn(6)) {
    case 0: return edges[rndn(nedges)];
    case 1: return rndn(80);                                      /* shift counts, positions */
    case 2: return (edges[rndn(nedges)] + rndn(5) - 2) & mask_of(bits);
    case 3: { /* bytes from a small special set (dp4a, brev, popc) */
        static const uint8_t by[] = {0, 1, 0x7f, 0x80, 0x81, 0xff};
        uint64_t x = 0;
        for (unsigned i = 0; i < 8; i++)
            x |= (uint64_t)by[rndn(6)] << (8 * i);
        return x & mask_of(bits);
    }
    case 4: return (rnd64() >> rndn(64)) & mask_of(bits);   /* leading zeros */
    default: return rnd64() & mask_of(bits);
    }
}

/* Operand k's value for one lane; edge >= 0: that edge value (cycling), else random. A lane with
 * tinyprod set gets a * b near the smallest normal and c zero or tiny (mad's .ftz boundary). */
typedef struct lanegen { int ebase, tinyprod; } lanegen;
static uint64_t gen_value(const shape *s, unsigned k, const lanegen *lg, int edge)
{
    unsigned bits = s->sbits[k], ne = s->nedge[k];
    const uint64_t *ed = s->edge[k];
    if (s->elem == PTXCPU_ELEM_INT)
        return edge >= 0 ? ed[(unsigned)edge % ne] : rand_int(bits, ed, ne);
    unsigned eb = bits / s->elems;
    ffmt f = s->elem == PTXCPU_ELEM_BF16 ? (ffmt){8, 8} : fmt_of(eb == 16 ? PTXCPU_ELEM_F16 : eb == 32 ? PTXCPU_ELEM_F32 : PTXCPU_ELEM_F64);
    uint64_t v = 0, bias = (1ull << (f.e - 1)) - 1, frac = (1ull << (f.p - 1)) - 1;
    for (unsigned i = 0; i < s->elems; i++) {
        uint64_t x;
        if (edge >= 0)
            x = ed[(unsigned)(edge + 7 * i) % ne];
        else if (lg->tinyprod && k < 3) /* a in [0.5, 1), b in [2^emin, 2^(emin+1)), c tiny */
            x = (rnd64() & 1) << (f.p + f.e - 1) | (rnd64() & frac) |
                (k == 0 ? (bias - 1) << (f.p - 1) : k == 1 ? 1ull << (f.p - 1)
                                                           : (rndn(2) ? 0 : (uint64_t)rndn(2) << (f.p - 1)));
        else
            x = rand_float(f, lg->ebase, ed, ne);
        if (lg->tinyprod && k == 2 && rndn(2))
            x = 0;
        v |= x << (i * eb);
    }
    return v;
}

/* ---- batches: an arena holding every register, laid out one of several ways ----------------- */
enum layout { L_PACKED, L_UNIFORM, L_NEGATIVE, L_REGFILE, L_ALIAS, L_NLAYOUTS };
static const char *const layout_names[] = {"packed", "uniform", "negative", "regfile", "alias"};
#define SLOT 320 /* register-file slot: 256 bytes of register at offset 8, misaligned on purpose */

typedef struct setup {
    size_t n, arena_size;
    unsigned char *arena;       /* registers */
    ptxcpu_lanemask *guard, *cc; /* n words each */
    ptxcpu_batch b;             /* pointers into the arena of this setup */
    size_t off[5];              /* offset of operand 0 (d), 1..4 (sources) for warp 0 */
    ptrdiff_t stride[5];
} setup;

/* Lane i of warp w of operand k (0 = d, 1.. = sources), `bytes` wide, in the arena. */
static unsigned char *lane_at(const setup *st, unsigned k, size_t w, unsigned i, unsigned bytes)
{
    return st->arena + st->off[k] + (ptrdiff_t)w * st->stride[k] + (size_t)i * bytes;
}

static void *xalloc(size_t n)
{
    void *p = aligned_alloc(64, (n + 63) / 64 * 64);
    if (!p) {
        fprintf(stderr, "simd: out of memory\n");
        exit(2);
    }
    return p;
}

/* Places d and the sources for layout L; alias_src: the source d aliases (L_ALIAS). d at a source
 * of another width: in a register file, except for one warp, where every operand is packed (the
 * batch kernels' flat path once overwrote such a source before reading all of it). */
static void place(setup *st, const shape *s, enum layout L, unsigned alias_src, unsigned uni_src)
{
    size_t n = st->n, pos = 64;
    unsigned bits[5] = {s->dbits, s->sbits[0], s->sbits[1], s->sbits[2], s->sbits[3]};
    int mixed = L == L_ALIAS && s->dbits != s->sbits[alias_src];
    int regfile = L == L_REGFILE || (mixed && n > 1);
    for (unsigned k = 0; k < 5; k++) {
        size_t reg = PTXCPU_WARP * (bits[k] ? bits[k] : 8) / 8;
        if (regfile) {
            st->off[k] = 64 + k * SLOT + 8;
            st->stride[k] = 5 * SLOT;
        } else if (L == L_NEGATIVE) {
            st->off[k] = pos + (n - 1) * reg;
            st->stride[k] = -(ptrdiff_t)reg;
            pos = (pos + n * reg + 63) / 64 * 64; /* (a predicate d is 4 bytes a warp) */
        } else {
            st->off[k] = pos;
            st->stride[k] = (L == L_UNIFORM && k == uni_src + 1) ? 0 : (ptrdiff_t)reg;
            size_t dreg = PTXCPU_WARP * bits[0] / 8; /* d will lie there too: room for it */
            pos += (st->stride[k] ? n : 1) * (mixed && k == alias_src + 1 && dreg > reg ? dreg : reg);
            pos = (pos + 63) / 64 * 64; /* (a predicate d is 4 bytes a warp) */
        }
    }
    if (L == L_ALIAS) {
        st->off[0] = st->off[alias_src + 1];
        if (!mixed)
            st->stride[0] = st->stride[alias_src + 1];
    }
    st->arena_size = regfile ? 64 + n * 5 * SLOT + 64 : pos + 64;
}

static void build(setup *st, const shape *s, size_t n, enum layout L, unsigned alias_src,
                  unsigned uni_src, int edge0)
{
    memset(st, 0, sizeof *st);
    st->n = n;
    place(st, s, L, alias_src, uni_src);
    st->arena = xalloc(st->arena_size);
    for (size_t i = 0; i < st->arena_size; i++)
        st->arena[i] = (unsigned char)rnd64();
    st->guard = xalloc(4 * (n + 1));
    st->cc = xalloc(4 * (n + 1));
    for (size_t w = 0; w < n; w++) {
        unsigned g = rndn(10);
        st->guard[w] = g < 4 ? ~0u : g == 4 ? 0 : (uint32_t)(rnd64() & rnd64() >> rndn(2) * 32);
        if (g == 6) /* each 8-lane block all on, all off or mixed: the kernels' vectors of 4, 8,
                     * 16 lanes (AVX2 n64, v32; AVX2 n16) active whole or in part in one warp */
            for (unsigned i = 0; i < PTXCPU_WARP; i += 8) {
                unsigned blk = rndn(3);
                st->guard[w] = (st->guard[w] & ~(0xffu << i)) |
                               (blk == 0 ? 0 : blk == 1 ? 0xffu : (uint32_t)rndn(256)) << i;
            }
        if (g > 6)
            st->guard[w] = (uint32_t)rnd64();
        st->cc[w] = (uint32_t)rnd64();
        for (unsigned i = 0; i < PTXCPU_WARP; i++) {
            unsigned eb = s->sbits[0] / s->elems;
            lanegen lg = {(int)rndn(s->elem == PTXCPU_ELEM_BF16 || eb == 32 ? 255 : eb == 16 ? 31 : 2047),
                          s->nsrc == 3 && rndn(8) == 0};
            if (rndn(4) == 0) /* near the subnormal boundary */
                lg.ebase = (int)rndn(4);
            for (unsigned k = 0; k < s->nsrc; k++) {
                int edge = -1;
                if (edge0 >= 0) { /* crossed edges: a x b, c and d cycling */
                    unsigned idx = (unsigned)edge0 + (unsigned)w * PTXCPU_WARP + i;
                    edge = (int)(k == 0 ? idx % 41 : k == 1 ? idx / 41 : idx * (k + 3));
                }
                uint64_t v = gen_value(s, k, &lg, edge);
                /* low bytes (a predicate source, PTXCPU_PRED: none; its masks keep the arena's
                 * random bits) */
                memcpy(lane_at(st, k + 1, w, i, s->sbits[k] / 8), &v, s->sbits[k] / 8);
            }
        }
    }
    st->b.n = n;
    st->b.d = st->arena + st->off[0];
    st->b.d_stride = n > 1 || rndn(2) ? st->stride[0] : 0;
    for (unsigned k = 0; k < s->nsrc; k++)
        st->b.src[k] = (ptxcpu_src){st->arena + st->off[k + 1], st->stride[k + 1]};
    unsigned gmode = rndn(4);
    st->b.guard = gmode == 0 ? NULL : st->guard;
    st->b.guard_stride = gmode == 1 ? 0 : 4;
    st->b.cc = (s->cc || rndn(2)) ? st->cc : NULL;
    st->b.cc_stride = 4;
}

/* A copy of st with its own memory and the batch's pointers moved along. */
static void clone(setup *dst, const setup *src)
{
    *dst = *src;
    dst->arena = xalloc(src->arena_size);
    memcpy(dst->arena, src->arena, src->arena_size);
    dst->guard = xalloc(4 * (src->n + 1));
    memcpy(dst->guard, src->guard, 4 * src->n);
    dst->cc = xalloc(4 * (src->n + 1));
    memcpy(dst->cc, src->cc, 4 * src->n);
#define MOVE(p, from, to) ((p) ? (void *)((char *)(to) + ((const char *)(p) - (const char *)(from))) : NULL)
    dst->b.d = MOVE(src->b.d, src->arena, dst->arena);
    for (unsigned k = 0; k < 4; k++)
        dst->b.src[k].base = MOVE(src->b.src[k].base, src->arena, dst->arena);
    dst->b.guard = MOVE(src->b.guard, src->guard, dst->guard);
    dst->b.cc = MOVE(src->b.cc, src->cc, dst->cc);
#undef MOVE
}
static void release(setup *st)
{
    free(st->arena);
    free(st->guard);
    free(st->cc);
}

/* ---- comparison ----------------------------------------------------------------------------- */
static uint64_t npass, nfail, nprinted; /* nprinted: up to FAIL_CAP */

static uint64_t rd(const void *p, unsigned bits)
{
    uint64_t v = 0;
    memcpy(&v, p, bits / 8);
    return v;
}

/* Lane i of the d register at p: its bits, or for a predicate d (PTXCPU_DST_PRED: one lane mask a
 * warp) bit i of the mask, for p|q (PTXCPU_DST_PRED_PAIR: two) p's | q's << 1. */
static uint64_t d_lane(const shape *s, const unsigned char *p, unsigned i)
{
    if (s->dbits == PTXCPU_DST_PRED)
        return rd(p, 32) >> i & 1;
    if (s->dbits == PTXCPU_DST_PRED_PAIR)
        return (rd(p, 32) >> i & 1) | (rd(p + 4, 32) >> i & 1) << 1;
    return rd(p + i * s->dbits / 8, s->dbits);
}

/* Compares d lane by lane, the CC words, then every byte (stray writes, clobbered sources). */
static void compare(const shape *s, const char *tab, const char *what, const setup *in,
                    const setup *ref, const setup *got)
{
    uint64_t fails = 0;
    for (size_t w = 0; w < in->n; w++) {
        ptrdiff_t dw = (ptrdiff_t)w * in->b.d_stride;
        for (unsigned i = 0; i < PTXCPU_WARP; i++) {
            size_t o = (size_t)((const char *)in->b.d - (const char *)in->arena + dw);
            uint64_t e = d_lane(s, ref->arena + o, i), g = d_lane(s, got->arena + o, i);
            if (e == g) {
                npass++;
                continue;
            }
            fails++;
            if (nprinted++ < FAIL_CAP) {
                uint32_t gm = in->b.guard ? in->guard[in->b.guard_stride ? w : 0] : ~0u;
                printf("FAIL %s [%s] %s: warp %zu lane %u (guard %u, cc in %u):", s->mnem, tab,
                       what, w, i, (gm >> i) & 1, (in->cc[w] >> i) & 1);
                for (unsigned k = 0; k < s->nsrc; k++) {
                    const char *reg = (const char *)in->b.src[k].base +
                                      (ptrdiff_t)w * in->b.src[k].stride;
                    printf(" %c=%#" PRIx64, "abcd"[k], s->sbits[k] == PTXCPU_PRED /* a mask */
                                                          ? rd(reg, 32) >> i & 1
                                                          : rd(reg + i * s->sbits[k] / 8, s->sbits[k]));
                }
                printf(" expected %#" PRIx64 " got %#" PRIx64 "\n", e, g);
            }
        }
    }
    if (in->b.cc)
        for (size_t w = 0; w < in->n; w++) {
            if (ref->cc[w] == got->cc[w]) {
                npass++;
                continue;
            }
            fails++;
            if (nprinted++ < FAIL_CAP)
                printf("FAIL %s [%s] %s: warp %zu CC word expected %#x got %#x\n", s->mnem, tab,
                       what, w, ref->cc[w], got->cc[w]);
        }
    if (!fails && (memcmp(ref->arena, got->arena, in->arena_size) ||
                   memcmp(ref->guard, got->guard, 4 * in->n))) {
        fails++;
        if (nprinted++ < FAIL_CAP)
            printf("FAIL %s [%s] %s: memory outside d's active lanes differs\n", s->mnem, tab, what);
    }
    nfail += fails;
}

static void run_or_die(const struct ptxcpu_kernel_entry *k, const ptxcpu_batch *b, const shape *s)
{
    if (ptxcpu_run(k, b)) {
        printf("ERROR %s: ptxcpu_run refused a valid batch: %s\n", s->mnem, ptxcpu_last_error());
        exit(2);
    }
}

/* Entry k with the immediate imm in its context (lop3's table: the tables hold immLut 0, and
 * ptxcpu_resolve_imm's entries differ from them only there) */
static struct ptxcpu_kernel_entry with_imm(const struct ptxcpu_kernel_entry *k, unsigned imm)
{
    struct ptxcpu_kernel_entry e = *k;
    e.ctx[0].lut = e.ctx[1].lut = (uint8_t)imm;
    return e;
}

/* One batch: scalar reference once, then every table on its own copy (a lop3 row: with a
 * random table, the same for all). */
static void check_batch(const shape *s, setup *in, const char *what)
{
    const unsigned imm = ptx_row_imm_bits(s->id) ? rndn(256) : 0;
    setup ref;
    clone(&ref, in);
    const struct ptxcpu_kernel_entry ref_k = with_imm(&scalar_tab[s->id], imm);
    run_or_die(&ref_k, &ref.b, s);
    for (unsigned t = 0; t < ntables; t++) {
        if (!tables[t].k[s->id].fn) /* an extension table: not one of its families */
            continue;
        setup got;
        clone(&got, in);
        unsigned saved = get_fenv(), mode = caller_fenv[rndn(N_CALLER_FENV)];
        set_fenv(mode);
        unsigned entry = get_fenv(); /* bits the CPU lacks read as 0 (FZ16 on Armv8.0) */
        const struct ptxcpu_kernel_entry k = with_imm(&tables[t].k[s->id], imm);
        run_or_die(&k, &got.b, s);
        unsigned after = get_fenv();
        set_fenv(saved);
        if ((after & ~0x3fu) != (entry & ~0x3fu)) { /* the low 6 bits are sticky exception flags */
            nfail++;
            printf("FAIL %s [%s] %s: MXCSR/FPCR %#x on entry, %#x on return\n", s->mnem,
                   tables[t].name, what, entry, after);
        }
        compare(s, tables[t].name, what, in, &ref, &got);
        release(&got);
    }
    release(&ref);
}

/* n = 0 runs nothing and writes nothing (the kernel itself, not only the API's early return). */
static void check_empty(const shape *s)
{
    setup in;
    build(&in, s, 1, L_PACKED, 0, 0, -1);
    in.b.n = 0;
    for (unsigned t = 0; t < ntables; t++) {
        if (!tables[t].k[s->id].fn) /* an extension table: not one of its families */
            continue;
        setup got;
        clone(&got, &in);
        tables[t].k[s->id].fn(&tables[t].k[s->id].ctx[0], &got.b);
        if (tables[t].k[s->id].chain) /* (else ptxcpu_run_chain steps fn) */
            tables[t].k[s->id].chain(&got.b, 0, 3);
        compare(s, tables[t].name, "n=0", &in, &in, &got);
        release(&got);
    }
    release(&in);
}

/* Chains: ptxcpu_run_chain of each table against `steps` scalar runs with d = src[feedback].
 * all_uniform: every other source of stride 0 and 8 to 24 warps (the f32 mad/fma chains then
 * run groups of 8 warps on AVX-512: simd/kernels.h, SIMD_CHAIN_WIDE); else at most one
 * uniform source and 1 to 9 warps. */
static void check_chain(const shape *s, unsigned fb, uint64_t steps, int all_uniform)
{
    setup in;
    size_t n = all_uniform ? 8 + rndn(17) : 1 + rndn(9); /* past a group (2 or 4) and a rest */
    build(&in, s, n, L_PACKED, 0, 0, -1);
    if (all_uniform) {
        for (unsigned u = 0; u < s->nsrc; u++)
            if (u != fb)
                in.b.src[u].stride = 0;
    } else if (rndn(2) && s->nsrc > 1) { /* a uniform operand other than the one fed back */
        unsigned u = (fb + 1) % s->nsrc;
        in.b.src[u].stride = 0;
    }
    setup ref;
    clone(&ref, &in);
    if (steps == 0) { /* d = src[fb] in the active lanes */
        for (size_t w = 0; w < n; w++) {
            uint32_t g = ref.b.guard ? in.guard[ref.b.guard_stride ? w : 0] : ~0u;
            for (unsigned i = 0; i < PTXCPU_WARP; i++)
                if ((g >> i) & 1)
                    memcpy((char *)ref.b.d + (ptrdiff_t)w * ref.b.d_stride + i * s->dbits / 8,
                           (const char *)ref.b.src[fb].base + (ptrdiff_t)w * ref.b.src[fb].stride +
                               i * s->dbits / 8, s->dbits / 8);
        }
    } else {
        /* the fed-back register: a scratch copy S, run with d = S = src[fb]; then d = S */
        size_t reg = PTXCPU_WARP * s->dbits / 8;
        unsigned char *S = xalloc(n * reg);
        for (size_t w = 0; w < n; w++)
            memcpy(S + w * reg, (const char *)ref.b.src[fb].base + (ptrdiff_t)w * ref.b.src[fb].stride, reg);
        ptxcpu_batch b = ref.b;
        b.d = S;
        b.d_stride = (ptrdiff_t)reg;
        b.src[fb] = (ptxcpu_src){S, (ptrdiff_t)reg};
        for (uint64_t i = 0; i < steps; i++)
            run_or_die(&scalar_tab[s->id], &b, s);
        for (size_t w = 0; w < n; w++) {
            uint32_t g = ref.b.guard ? in.guard[ref.b.guard_stride ? w : 0] : ~0u;
            for (unsigned i = 0; i < PTXCPU_WARP; i++)
                if ((g >> i) & 1)
                    memcpy((char *)ref.b.d + (ptrdiff_t)w * ref.b.d_stride + i * s->dbits / 8,
                           S + w * reg + i * s->dbits / 8, s->dbits / 8);
        }
        free(S);
    }
    char what[64];
    snprintf(what, sizeof what, "chain(feedback %u, %" PRIu64 " steps%s)", fb, steps,
             all_uniform ? ", uniform sources" : "");
    for (unsigned t = 0; t < ntables; t++) {
        if (!tables[t].k[s->id].fn) /* an extension table: not one of its families */
            continue;
        setup got;
        clone(&got, &in);
        if (ptxcpu_run_chain(&tables[t].k[s->id], &got.b, fb, steps)) {
            printf("ERROR %s: ptxcpu_run_chain refused: %s\n", s->mnem, ptxcpu_last_error());
            exit(2);
        }
        compare(s, tables[t].name, what, &in, &ref, &got);
        release(&got);
    }
    release(&ref);
    release(&in);
}

/* div/rem: lanes a = q b + r built from random bit lengths of b and q, with r at 0, 1, b - 1 or
 * anywhere below b, b near powers of two and at the top of the range: the quotients whose f64
 * estimates round across an integer. */
static uint64_t rand_bits(unsigned n) { return n ? rnd64() >> (64 - n) : 0; }
static void quotient_lanes(setup *st, const shape *s)
{
    unsigned w8 = s->sbits[0] / 8;
    uint64_t top = mask_of(s->sbits[0]);
    for (size_t w = 0; w < st->n; w++)
        for (unsigned i = 0; i < PTXCPU_WARP; i++) {
            uint64_t b;
            switch (rndn(4)) {
            case 0: b = 1 + rndn(20); break;
            case 1: b = ((1ull << rndn(64)) + rndn(3) - 1) & top; break;
            case 2: b = top - rndn(3) - (rndn(2) ? top >> 1 : 0); break;
            default: b = rand_bits(1 + rndn(64)) & top; break;
            }
            if (!b)
                b = 1;
            uint64_t qmax = top / b, q = rand_bits(1 + rndn(64)), r;
            q = qmax == ~0ull ? q : q % (qmax + 1);
            switch (rndn(4)) {
            case 0: r = 0; break;
            case 1: r = 1 % b; break;
            case 2: r = b - 1; break;
            default: r = rnd64() % b; break;
            }
            if (q == qmax && r > top - q * b)
                r = top - q * b;
            if (rndn(2))
                q = qmax - rndn(2) * (qmax > 0);
            uint64_t a = q * b + (r <= top - q * b ? r : 0);
            memcpy(lane_at(st, 1, w, i, w8), &a, w8);
            memcpy(lane_at(st, 2, w, i, w8), &b, w8);
        }
}

/* Legacy sm_1x mad.f32: c at +-2^-126 or +-2^-125 and a * b within a few 2^-151 of zero, with few
 * significant bits, so the cut product plus c lands on, next to and just under the flushing
 * boundary 2^-126 (1 - 2^-25) and on exact ties there. */
static uint64_t rand_few_bits_frac(void) { return (rnd64() & 0x7fffff) & (~0ull << rndn(24)); }
static void legacy_lanes(setup *st)
{
    for (size_t w = 0; w < st->n; w++)
        for (unsigned i = 0; i < PTXCPU_WARP; i++) {
            int j = (int)rndn(5) - 2;
            uint32_t a = (uint32_t)(rnd64() & 1) << 31 | (uint32_t)(127 - 75 + j) << 23 |
                         (uint32_t)rand_few_bits_frac();
            uint32_t b = (uint32_t)(rnd64() & 1) << 31 | (uint32_t)(127 - 76 - j - (int)rndn(3)) << 23 |
                         (uint32_t)rand_few_bits_frac();
            uint32_t c = (uint32_t)(rnd64() & 1) << 31 | (uint32_t)(1 + rndn(2)) << 23 |
                         (uint32_t)(rndn(2) ? 0 : rand_few_bits_frac());
            const uint32_t v[3] = {a, b, c};
            for (unsigned k = 0; k < 3; k++)
                memcpy(lane_at(st, k + 1, w, i, 4), &v[k], 4);
        }
}

/* A predicate d that is exactly the guard masks (@p testp.finite.f32 p, a): every table's masks
 * against the scalar table's, and the registers untouched. */
static void check_pred_guard_alias(const shape *s)
{
    setup in;
    build(&in, s, 1 + rndn(40), L_PACKED, 0, 0, -1);
    in.b.guard = in.guard;
    in.b.guard_stride = 4;
    in.b.d = in.guard;
    in.b.d_stride = 4;
    setup ref;
    clone(&ref, &in);
    ref.b.d = ref.guard; /* (clone moved d as a pointer into the arena) */
    run_or_die(&scalar_tab[s->id], &ref.b, s);
    for (unsigned t = 0; t < ntables; t++) {
        if (!tables[t].k[s->id].fn)
            continue;
        setup got;
        clone(&got, &in);
        got.b.d = got.guard;
        run_or_die(&tables[t].k[s->id], &got.b, s);
        for (size_t w = 0; w < in.n; w++) {
            if (ref.guard[w] == got.guard[w]) {
                npass++;
                continue;
            }
            nfail++;
            if (nprinted++ < FAIL_CAP)
                printf("FAIL %s [%s] d = guard: warp %zu mask %#x, expected %#x got %#x\n",
                       s->mnem, tables[t].name, w, in.guard[w], ref.guard[w], got.guard[w]);
        }
        if (memcmp(ref.arena, got.arena, in.arena_size)) {
            nfail++;
            if (nprinted++ < FAIL_CAP)
                printf("FAIL %s [%s] d = guard: registers changed\n", s->mnem, tables[t].name);
        }
        release(&got);
    }
    release(&ref);
    release(&in);
}

/* p|q whose p is exactly the guard masks (@p setp.lt.s32 p|q, a, b): masks of 8 bytes a warp, p
 * the guard; every table's p and q against the scalar table's, the sources untouched. */
static void check_pair_guard_alias(const shape *s)
{
    setup in;
    build(&in, s, 1 + rndn(40), L_PACKED, 0, 0, -1);
    size_t n = in.n;
    uint32_t *pq0 = xalloc(n * 8), *pq = xalloc(n * 8), *ref = xalloc(n * 8);
    for (size_t k = 0; k < 2 * n; k++)
        pq0[k] = (uint32_t)rnd64() & (rndn(4) ? ~0u : 0u);
    memcpy(ref, pq0, n * 8);
    ptxcpu_batch b = in.b;
    b.d = ref, b.d_stride = 8, b.guard = ref, b.guard_stride = 8;
    run_or_die(&scalar_tab[s->id], &b, s);
    for (unsigned t = 0; t < ntables; t++) {
        if (!tables[t].k[s->id].fn)
            continue;
        memcpy(pq, pq0, n * 8);
        b.d = pq, b.guard = pq;
        run_or_die(&tables[t].k[s->id], &b, s);
        for (size_t w = 0; w < n; w++) {
            if (!memcmp(pq + 2 * w, ref + 2 * w, 8)) {
                npass++;
                continue;
            }
            nfail++;
            if (nprinted++ < FAIL_CAP)
                printf("FAIL %s [%s] p = guard: warp %zu guard %#x, expected p|q %#x|%#x got "
                       "%#x|%#x\n", s->mnem, tables[t].name, w, pq0[2 * w], ref[2 * w],
                       ref[2 * w + 1], pq[2 * w], pq[2 * w + 1]);
        }
    }
    free(pq0), free(pq), free(ref);
    release(&in);
}

/* bf16 fma: products anywhere in and past f32's range (below its subnormals, across its
 * subnormals and normals, past its overflow), with c zero, near the product or many binades
 * below it (a sticky bit under a bf16 midpoint), few significant bits for exact midpoints: the
 * lanes whose odd rounding the SIMD bodies do in f64 (simd/half_ops.h). */
static uint32_t rand_bf16_near(int ex) /* a bf16 of biased exponent ex (clamped), few bits */
{
    if (ex < 0)
        ex = 0;
    if (ex > 254)
        ex = 254;
    uint32_t frac = (uint32_t)(rnd64() & 0x7f) & (~0u << rndn(8));
    return (uint32_t)(rnd64() & 1) << 15 | (uint32_t)ex << 7 | frac;
}
static void bf16_fma_lanes(setup *st, const shape *s)
{
    static const int target[] = {-170, -160, -150, -149, -140, -134, -133, -127, -126, -125,
                                 -60, 0, 1, 60, 126, 127, 128, 129, 140};
    unsigned bytes = s->sbits[0] / 8;
    for (size_t w = 0; w < st->n; w++)
        for (unsigned i = 0; i < PTXCPU_WARP; i++) {
            uint32_t v[3] = {0, 0, 0};
            for (unsigned e = 0; e < s->elems; e++) {
                int t = target[rndn(sizeof target / sizeof target[0])] + (int)rndn(3) - 1;
                int ea = 1 + (int)rndn(254), eb = t + 254 - ea; /* (ea - 127) + (eb - 127) = t */
                uint32_t a = rand_bf16_near(ea), b = rand_bf16_near(eb);
                int ec;
                switch (rndn(5)) {
                case 0: ec = -1000; break;                       /* c = +-0 */
                case 1: ec = t + 127 + (int)rndn(5) - 2; break;  /* near the product */
                case 2: ec = t + 127 - 8 - (int)rndn(40); break; /* far below: a sticky bit */
                case 3: ec = t + 127 + 8 + (int)rndn(40); break; /* far above */
                default: ec = (int)rndn(4); break;               /* bf16 subnormals */
                }
                uint32_t c = ec == -1000 ? (uint32_t)(rnd64() & 1) << 15 : rand_bf16_near(ec);
                v[0] |= a << (16 * e);
                v[1] |= b << (16 * e);
                v[2] |= c << (16 * e);
            }
            for (unsigned k = 0; k < 3; k++)
                memcpy(lane_at(st, k + 1, w, i, bytes), &v[k], bytes);
        }
}

static void check_kernel(const shape *s, unsigned long random_lanes, int large)
{
    setup in;
    /* crossed edges: a x b over 41 x 41 edge indices, c and d cycling */
    build(&in, s, (41 * 41 + PTXCPU_WARP - 1) / PTXCPU_WARP, L_PACKED, 0, 0, 0);
    in.b.guard = NULL;
    check_batch(s, &in, "edges");
    release(&in);
    /* random lanes in batches of varied size and layout */
    static const size_t sizes[] = {1, 2, 7, 33, 64, 1, 5, 129};
    unsigned long lanes = 0;
    for (unsigned it = 0; lanes < random_lanes; it++) {
        size_t n = sizes[it % 8];
        enum layout L = (enum layout)(it % L_NLAYOUTS);
        if (!s->nsrc && L == L_ALIAS) /* (activemask: no source to alias) */
            L = L_PACKED;
        unsigned alias = s->nsrc ? rndn(s->nsrc) : 0, uni = s->nsrc ? rndn(s->nsrc) : 0;
        build(&in, s, n, L, alias, uni, -1);
        check_batch(s, &in, layout_names[L]);
        release(&in);
        lanes += n * PTXCPU_WARP;
    }
    if (large) { /* (once a kernel: its loop over many warps does not depend on the context) */
        build(&in, s, 1000 + rndn(100), L_REGFILE, 0, 0, -1);
        check_batch(s, &in, "large");
        release(&in);
    }
    if (!strncmp(s->mnem, "div.", 4) || !strncmp(s->mnem, "rem.", 4))
        for (unsigned long l = 0; l < random_lanes; l += 64 * PTXCPU_WARP) {
            build(&in, s, 64, L_PACKED, 0, 0, -1);
            quotient_lanes(&in, s);
            check_batch(s, &in, "quotients");
            release(&in);
        }
    if (!strncmp(s->mnem, "fma.", 4) && s->elem == PTXCPU_ELEM_BF16)
        for (unsigned long l = 0; l < random_lanes; l += 64 * PTXCPU_WARP) {
            build(&in, s, 64, L_PACKED, 0, 0, -1);
            bf16_fma_lanes(&in, s);
            check_batch(s, &in, "bf16 fma ranges");
            release(&in);
        }
    if (strstr(s->mnem, "@sm_1x"))
        for (unsigned long l = 0; l < random_lanes; l += 64 * PTXCPU_WARP) {
            build(&in, s, 64, L_PACKED, 0, 0, -1);
            legacy_lanes(&in);
            check_batch(s, &in, "legacy boundary");
            release(&in);
        }
    check_empty(s);
    if (s->dbits == PTXCPU_DST_PRED)
        check_pred_guard_alias(s);
    if (s->dbits == PTXCPU_DST_PRED_PAIR)
        check_pair_guard_alias(s);
    for (unsigned fb = 0; fb < s->nsrc && s->dbits > PTXCPU_DST_PRED_PAIR; fb++) /* (no chains
                                                          of predicates: ptxcpu_run_chain) */
        if (s->sbits[fb] == s->dbits) {
            static const uint64_t steps[] = {0, 1, 2, 5, 17};
            for (unsigned i = 0; i < 5; i++)
                check_chain(s, fb, steps[i], 0);
            if (s->nsrc > 1)
                check_chain(s, fb, 1 + rndn(9), 1);
        }
}

/* Whether an ISA extension replaces the family of mnemonic m: its first word is the name of a
 * family of PTX_EXTENSION_FAMILIES (DP4A: "dp4a"; ptx_rows is internal to the library). */
static int ext_family(const char *m)
{
    static const char *const fams[] = {
#define EXT_FAMS(ID, F) #F,
        PTX_EXTENSION_FAMILIES(EXT_FAMS)
#undef EXT_FAMS
    };
    size_t n = strcspn(m, ".");
    for (size_t i = 0; i < sizeof fams / sizeof fams[0]; i++) {
        const char *f = fams[i];
        size_t k = 0;
        while (k < n && f[k] && (f[k] | 0x20) == m[k])
            k++;
        if (k == n && !f[k])
            return 1;
    }
    return 0;
}

/* A row with a vector operand (PTXCPU_VEC) or a .b128 register */
static int multi_reg_shape(const shape *s)
{
    int v = s->dbits >> 8 || s->dbits == PTXCPU_B128;
    for (unsigned k = 0; k < s->nsrc; k++)
        v |= s->sbits[k] >> 8 || s->sbits[k] == PTXCPU_B128;
    return v;
}

int main(void)
{
    unsigned long scale = test_scale();
    unsigned long random_lanes = 1000000 / scale; /* per kernel: 10^6 at test_level=full (issue 3) */

    scalar_tab = table_of(PTXCPU_ISA_SCALAR);
    static const struct { ptxcpu_isa isa; const char *name; } natives[] = {
        {PTXCPU_ISA_AVX2, "avx2"}, {PTXCPU_ISA_AVX512, "avx512"}, {PTXCPU_ISA_NEON, "neon"}};
    for (unsigned i = 0; i < 3; i++) {
        if (ptxcpu_isa_usable(natives[i].isa)) {
            tables[ntables++] = (table){natives[i].name, table_of(natives[i].isa)};
            printf("simd: native %s uses extensions: %s\n", natives[i].name,
                   *ptxcpu_isa_extensions(natives[i].isa) ? ptxcpu_isa_extensions(natives[i].isa)
                                                          : "(none)");
        } else {
            printf("simd: SKIPPING native %s: %s (features: %s)\n", natives[i].name,
                   ptxcpu_isa_compiled(natives[i].isa) ? "this CPU cannot run it"
                                                       : "not compiled into this build",
                   ptxcpu_cpu_features());
        }
    }
    unsigned nnative = ntables;
    /* SIMD_TEST_BASE=1 (with PTXCPU_EXT=none, tests/simd/meson.build): the native tables without
     * their extensions, only the families an extension replaces (the bodies a CPU without the
     * extension runs, which -Demulated_tables=auto no longer builds emulated here). */
    int base_run = getenv("SIMD_TEST_BASE") != NULL;
    for (const emu_table *e = emu_tables; e->name && !base_run; e++)
        tables[ntables++] = (table){e->name, e->k};
    if (ntables == nnative && !base_run && !*emu_skipped)
        printf("simd: SKIPPING emulated tables: none built on this host (x86-64 builds them)\n");
    if (*emu_skipped && !base_run)
        printf("simd: SKIPPING emulated %s: %s\n", emu_skipped, emu_why);
    if (!scalar_tab) {
        printf("simd: no scalar table: %s\n", ptxcpu_last_error());
        return 2;
    }
    if (ntables == 0) {
        printf("simd: SKIPPED: no SIMD table runs on this host\n");
        return 77;
    }
    printf("simd: testing");
    for (unsigned t = 0; t < ntables; t++)
        printf(" %s", tables[t].name);
    printf(" against scalar; %lu random lanes per kernel, spread over the rows that share one "
           "(PTXCPU_TEST_SCALE=%lu)\n", random_lanes, scale);

    /* A kernel several rows share (setp's, set's: the rows differ in the operators and d type its
     * context holds) gets its random lanes spread over them (each row at least one batch, and
     * its crossed edges), and its large batch once (on its first row) */
    static unsigned share[PTX_NKERNELS];
    static unsigned char first[PTX_NKERNELS];
    for (unsigned id = 0; id < PTX_NKERNELS; id++) {
        unsigned before = 0;
        for (unsigned j = 0; j < PTX_NKERNELS; j++) {
            share[id] += scalar_tab[j].fn == scalar_tab[id].fn;
            before += j < id && scalar_tab[j].fn == scalar_tab[id].fn;
        }
        first[id] = before == 0;
    }
    const char *only = getenv("SIMD_TEST_ONLY"); /* debugging: one mnemonic */
    unsigned vec_rows = 0;
    for (unsigned id = 0; id < PTX_NKERNELS; id++) {
        shape s;
        if (shape_of(id, &s)) {
            printf("simd: no description for kernel %u\n", id);
            return 2;
        }
        if ((only && strcmp(only, s.mnem)) || (base_run && !ext_family(s.mnem)))
            continue;
        if (multi_reg_shape(&s)) { /* (their lanes are several registers: vec-oracle's) */
            vec_rows++;
            continue;
        }
        uint64_t before = nfail;
        check_kernel(&s, random_lanes / share[id], first[id]);
        if (nfail != before)
            printf("simd: %s: %" PRIu64 " mismatches\n", s.mnem, nfail - before);
    }
    if (vec_rows)
        printf("simd: SKIPPING %u rows with an operand of several registers or a .b128 (mov's "
               "unpacks and .b128 packs, cvt.rs's x4 forms): tests/move/vec_oracle.c runs them on "
               "every table against its model\n", vec_rows);
    printf("simd: %" PRIu64 " passed, %" PRIu64 " failed\n", npass, nfail);
    return nfail ? 1 : 0;
}
