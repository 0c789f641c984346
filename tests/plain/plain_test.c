/* Suite `plain`: every plain-C baseline loop of `ptxcpu bench` (bench/plain_c.h), in each table
 * this CPU runs, against the scalar reference kernel through the public API, bit for bit: crossed
 * edge values, then random lanes (>= 10^4 per row / PTXCPU_TEST_SCALE); CC.CF in and out; the
 * caller's rounding mode restored by the rows that change it. The warp-level rows (shfl.sync,
 * vote, match, activemask, redux, elect: their results read other lanes) get whole warps shaped
 * for them instead (fill_xlane): random guard masks (and none), membermasks uniform (full, the
 * guard, random) or lane by lane, and sources that make lanes agree or differ. */
#include "plain_c.h"
#include "ptxcpu.h"
#include "test_common.h"

#include <fenv.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- random numbers (splitmix64, fixed seed: failures reproduce) ----------------------------- */
static rng_t rng_state = {0x243f6a8885a308d3ull};
static uint64_t rnd64(void) { return rng_next(&rng_state); }
static unsigned below(unsigned n) { return (unsigned)(rnd64() % n); }
static uint64_t mask_of(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

/* ---- element formats and their edge values --------------------------------------------------- */
typedef struct fmt { unsigned p, e; } fmt; /* float: precision with hidden bit, exponent bits */

static unsigned add_unique(uint64_t *out, unsigned n, uint64_t v)
{
    for (unsigned i = 0; i < n; i++)
        if (out[i] == v)
            return n;
    out[n] = v;
    return n + 1;
}

/* Zeros, subnormals, the smallest normals, around 1 (1 - ulp/2 times the smallest normal is the
 * .ftz tininess boundary of mad), the largest finite, infinities, quiet and signalling NaNs. */
static unsigned float_edges(fmt f, uint64_t *out)
{
    uint64_t frac = mask_of(f.p - 1), unit = 1ull << (f.p - 1), one = mask_of(f.e - 1) << (f.p - 1);
    uint64_t inf = mask_of(f.e) << (f.p - 1), sign = 1ull << (f.p + f.e - 1);
    const uint64_t mags[] = {0, 1, 2, frac, unit, unit + 1, 2 * unit, unit | frac, one - 1,
                             one - 2, one, one + 1, one | unit >> 1, one - unit, one + unit,
                             inf - unit, inf - 1, inf, inf | unit >> 1, inf | 1, 3 * unit + 7};
    unsigned n = 0;
    for (unsigned i = 0; i < sizeof mags / sizeof mags[0]; i++) {
        n = add_unique(out, n, mags[i]);
        n = add_unique(out, n, mags[i] | sign);
    }
    return n;
}

static unsigned int_edges(unsigned bits, uint64_t *out)
{
    const uint64_t v[] = {0, 1, 2, 5, 8, 15, 16, 23, 24, 25, 31, 32, 33, 63, 64, 65, 127, 128,
                          255, 256, 0x7fff, 0x8000, 0x8001, 0xffff, 0x10000, 0xffffff, 0x7fffffff,
                          0x80000000, 0x80000001, 0xffffffff, 0x100000000ull, 0x7fffffffffffffffull,
                          0x8000000000000000ull, ~0ull, ~1ull, 0x8080808080808080ull,
                          0x7f7f7f7f7f7f7f7full, 0xff00ff00ff00ff00ull, 0x0123456789abcdefull};
    unsigned n = 0;
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++)
        n = add_unique(out, n, v[i] & mask_of(bits));
    return n;
}

/* ---- the row under test ---------------------------------------------------------------------- */
typedef struct row {
    size_t index;
    ptxcpu_insn_desc d;
    ptxcpu_kernel ref;
    int is_float;
    fmt f;            /* element format (floats) */
    unsigned ebits;   /* bits of one element of source k (x2: half a register) */
    fmt fk[4];        /* float: the format of source k (mixed precision, 9.7.5: halves in f32 rows) */
    uint64_t edge[4][48];
    unsigned nedge[4];
} row;

/* A row with a vector operand or a .b128 register (PTXCPU_VEC: mov's unpacks and .b128 packs,
 * cvt.rs's x4 forms) */
static int vec_operand(unsigned bits) { return bits >> 8 || bits == PTXCPU_B128; }
static int vec_row(const ptxcpu_insn_desc *d)
{
    int v = vec_operand(d->dst_bits);
    for (unsigned k = 0; k < d->nsrc; k++)
        v |= vec_operand(d->src_bits[k]);
    return v;
}

static int row_init(row *r, size_t index)
{
    ptxcpu_insn in;
    r->index = index;
    if (ptxcpu_insn_at(index, &r->d) ||
        ptxcpu_parse_form(r->d.mnemonic, PTXCPU_VEC_N(r->d.dst_bits), r->d.nsrc, NULL, &in) ||
        bench_resolve(&in, PTXCPU_ISA_SCALAR, &r->ref))
        return -1;
    if (vec_row(&r->d)) /* (check_vec_row makes its own inputs) */
        return 0;
    const ptxcpu_elem source = test_source_elem(&r->d); /* a cvt's .atype: d.elem is .dtype */
    r->is_float = source != PTXCPU_ELEM_INT;
    switch (source) {
    case PTXCPU_ELEM_F16: r->f = (fmt){11, 5}; break;
    case PTXCPU_ELEM_BF16: r->f = (fmt){8, 8}; break;
    case PTXCPU_ELEM_F32: r->f = (fmt){24, 8}; break;
    case PTXCPU_ELEM_F64: r->f = (fmt){53, 11}; break;
    default: r->f = (fmt){0, 0}; break;
    }
    for (unsigned k = 0; k < r->d.nsrc; k++) {
        unsigned eb = r->d.src_bits[k] / r->d.elems;
        r->fk[k] = r->f;
        if (r->d.elem == PTXCPU_ELEM_F32 && eb == 16) /* mixed: "....f32.f16" or ".bf16" */
            r->fk[k] = strstr(r->d.mnemonic, ".bf16") ? (fmt){8, 8} : (fmt){11, 5};
        r->nedge[k] = r->is_float ? float_edges(r->fk[k], r->edge[k]) : int_edges(eb, r->edge[k]);
    }
    return 0;
}

/* One random float element. Lanes share an exponent (sums cancel, products meet the subnormal
 * range); `tiny` lanes put a * b near the smallest normal with c zero or tiny (.ftz of mad). */
static uint64_t rand_float(const row *r, unsigned k, unsigned k_edges, int ebase, int tiny)
{
    fmt f = r->fk[k];
    uint64_t frac = rnd64() & mask_of(f.p - 1), sign = (rnd64() & 1) << (f.p + f.e - 1);
    int bias = (1 << (f.e - 1)) - 1, emax = (1 << f.e) - 2, ex;
    if (tiny && k < 3) {
        ex = k == 0 ? bias - (int)below(2) : k == 1 ? 1 + (int)below(2) : (int)below(3);
        return sign | (uint64_t)ex << (f.p - 1) | (k == 2 && ex == 0 ? 0 : frac);
    }
    unsigned c = below(100);
    if (c < 15)
        return r->edge[k][below(k_edges)];
    if (c < 30)
        return rnd64() & mask_of(f.p + f.e);
    if (c < 45)
        frac &= ~0ull << below(f.p); /* few significant bits: exact sums, ties */
    ex = ebase + (int)below(7) - 3;
    ex = ex < 0 ? 0 : ex > emax ? emax : ex;
    return sign | (uint64_t)ex << (f.p - 1) | frac;
}

static uint64_t rand_int(const row *r, unsigned k, unsigned bits)
{
    static const uint8_t bytes[] = {0, 1, 0x7f, 0x80, 0x81, 0xfe, 0xff};
    uint64_t x = 0;
    switch (below(6)) {
    case 0: return r->edge[k][below(r->nedge[k])];
    case 1: return below(300);                                     /* positions, lengths, shifts */
    case 2: return (r->edge[k][below(r->nedge[k])] + below(5) - 2) & mask_of(bits);
    case 3:
        for (unsigned i = 0; i < 8; i++)
            x |= (uint64_t)bytes[below(sizeof bytes)] << (8 * i);
        return x & mask_of(bits);
    case 4: return (rnd64() >> below(64)) & mask_of(bits);         /* leading zeros */
    default: return rnd64() & mask_of(bits);
    }
}

/* Lanes that cross edge values: every (a, b) pair, three times over when there is a c. */
static size_t crossed_lanes(const row *r)
{
    size_t pairs = (size_t)r->nedge[0] * (r->d.nsrc > 1 ? r->nedge[1] : 1);
    return r->d.nsrc > 2 ? 3 * pairs : pairs;
}

static void put(void *reg, unsigned bits, size_t i, uint64_t v)
{
    switch (bits) {
    case 16: ((uint16_t *)reg)[i] = (uint16_t)v; break;
    case 32: ((uint32_t *)reg)[i] = (uint32_t)v; break;
    default: ((uint64_t *)reg)[i] = v; break;
    }
}
static uint64_t get(const void *reg, unsigned bits, size_t i)
{
    switch (bits) {
    case PTXCPU_DST_PRED: return ((const uint32_t *)reg)[i / 32] >> (i % 32) & 1; /* lane masks */
    case PTXCPU_DST_PRED_PAIR: /* p|q: two masks a warp, as p | q << 1 */
        return (((const uint32_t *)reg)[i / 32 * 2] >> (i % 32) & 1) |
               (((const uint32_t *)reg)[i / 32 * 2 + 1] >> (i % 32) & 1) << 1;
    case PTXCPU_DST_B32_PRED: /* d|p: 33 words a warp, the lanes then p's mask; as d | p << 32 */
        return ((const uint32_t *)reg)[i / 32 * 33 + i % 32] |
               (uint64_t)(((const uint32_t *)reg)[i / 32 * 33 + 32] >> (i % 32) & 1) << 32;
    case 16: return ((const uint16_t *)reg)[i];
    case 32: return ((const uint32_t *)reg)[i];
    default: return ((const uint64_t *)reg)[i];
    }
}

/* ---- the warp-level rows --------------------------------------------------------------------- */
typedef enum xlane { XL_NONE, XL_SHFL, XL_VOTE, XL_MATCH, XL_ACTMASK, XL_REDUX, XL_ELECT } xlane;
static xlane xlane_of(const ptxcpu_insn_desc *d)
{
    static const struct { const char *prefix; xlane kind; } k[] = {
        {"shfl.sync.", XL_SHFL}, {"vote.sync.", XL_VOTE}, {"match.", XL_MATCH},
        {"activemask.", XL_ACTMASK}, {"redux.sync.", XL_REDUX}, {"elect.sync", XL_ELECT}};
    for (unsigned i = 0; i < sizeof k / sizeof k[0]; i++)
        if (!strncmp(d->mnemonic, k[i].prefix, strlen(k[i].prefix)))
            return k[i].kind;
    return XL_NONE;
}

/* A warp's guard: all lanes (the common case), random, sparse, one lane, a partial last warp,
 * all but one lane, none. */
static uint32_t rand_guard(void)
{
    switch (below(8)) {
    case 0: case 1: case 2: return 0xffffffffu;
    case 3: return (uint32_t)rnd64();
    case 4: return (uint32_t)(rnd64() & rnd64() & rnd64());
    case 5: return 1u << below(32);
    case 6: return 0xffffffffu >> below(32);
    default: return below(4) ? ~(1u << below(32)) : 0;
    }
}

/* Warp w's membermasks (m[0..31]) given its guard g: full (the common case), the guard
 * (__activemask()), one random mask, lane by lane random, each lane's segment of 2^k lanes (as
 * CUDA's width argument makes them), or lane by lane random without the lane itself (undefined in
 * the spec; docs/SEMANTICS.md decides). */
static void rand_members(uint32_t *m, uint32_t g)
{
    unsigned mode = below(7), width = 1u << below(6);
    uint32_t one = (uint32_t)(below(2) ? rnd64() : rnd64() & rnd64());
    for (unsigned i = 0; i < 32; i++) {
        uint32_t r = (uint32_t)rnd64();
        switch (mode) {
        case 0: case 1: m[i] = 0xffffffffu; break;
        case 2: m[i] = g; break;
        case 3: m[i] = one; break;
        case 4: m[i] = r; break;
        case 5: m[i] = (uint32_t)(mask_of(width) << (i / width * width)); break;
        default: m[i] = r & ~(1u << i); break;
        }
    }
}

/* shfl.sync's c: CUDA's forms for a width of 2^k lanes ((32 - width) << 8, with 0x1f but for .up),
 * or random bits (segment masks and clamps CUDA never makes). */
static uint32_t rand_shfl_c(void)
{
    uint32_t seg = (32u - (1u << below(6))) << 8;
    switch (below(4)) {
    case 0: return seg | 0x1f;
    case 1: return seg;
    case 2: return (uint32_t)rnd64() & 0x1f1f;
    default: return (uint32_t)rnd64();
    }
}

/* One f32 bits of redux.sync.min/max: the row's random floats, or zeros, ones, infinities and
 * NaNs (quiet and signalling, either sign), which decide its open cases. */
static uint32_t rand_redux_f32(const row *r, int ebase, unsigned mode)
{
    static const uint32_t special[] = {0, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u,
                                       0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u,
                                       0xffbfffffu, 0x00000001u, 0x80000001u};
    if (mode == 1 || (mode == 0 && below(8) == 0))
        return special[below(sizeof special / sizeof special[0])];
    if (mode == 2) /* NaN only */
        return special[6 + below(4)];
    return (uint32_t)rand_float(r, 0, r->nedge[0], ebase, 0);
}

/* Fills the sources and guards of a warp-level row, warp by warp (membermask: the last source). */
static void fill_xlane(const row *r, xlane kind, size_t lanes, void *const src[4], uint32_t *guard)
{
    const ptxcpu_insn_desc *d = &r->d;
    for (size_t w = 0; w < lanes / 32; w++) {
        uint32_t g = guard ? guard[w] = rand_guard() : 0xffffffffu;
        if (d->nsrc)
            rand_members((uint32_t *)src[d->nsrc - 1] + 32 * w, g);
        switch (kind) {
        case XL_SHFL: {
            uint32_t *a = (uint32_t *)src[0] + 32 * w, *b = (uint32_t *)src[1] + 32 * w;
            uint32_t *c = (uint32_t *)src[2] + 32 * w;
            unsigned bmode = below(4), cmode = below(3);
            uint32_t bu = below(32), bs = below(2) ? below(40) : (uint32_t)rnd64();
            uint32_t cu = rand_shfl_c();
            for (unsigned i = 0; i < 32; i++) {
                a[i] = (uint32_t)rnd64();
                b[i] = bmode == 0 ? bu : bmode == 1 ? bs
                     : bmode == 2 ? below(40) : (uint32_t)rnd64();
                c[i] = cmode ? cu : rand_shfl_c();
            }
            break;
        }
        case XL_VOTE: { /* a: the warp's predicate mask */
            uint32_t *a = (uint32_t *)src[0] + w;
            switch (below(6)) {
            case 0: *a = 0; break;
            case 1: *a = 0xffffffffu; break;
            case 2: *a = g; break;
            case 3: *a = g & ~(1u << below(32)); break;
            default: *a = (uint32_t)rnd64(); break;
            }
            break;
        }
        case XL_MATCH: { /* a few values a warp (one: every lane agrees), or random bits */
            uint64_t v[4];
            unsigned nv = 1 + below(4), bits = d->src_bits[0];
            for (unsigned k = 0; k < 4; k++) /* 64 bits: values differing in one bit, either half */
                v[k] = k && bits == 64 && below(2) ? v[0] ^ 1ull << below(64)
                                                   : rnd64() & mask_of(bits);
            int random = below(6) == 0;
            for (unsigned i = 0; i < 32; i++)
                put(src[0], bits, 32 * w + i, random ? rnd64() & mask_of(bits) : v[below(nv)]);
            break;
        }
        case XL_REDUX: {
            uint32_t *a = (uint32_t *)src[0] + 32 * w;
            unsigned mode = below(5);
            int ebase = below(3) == 0 ? (int)below(4) : (int)below(256);
            for (unsigned i = 0; i < 32; i++)
                a[i] = d->elem == PTXCPU_ELEM_F32 ? rand_redux_f32(r, ebase, mode > 2 ? 0 : mode)
                                                  : (uint32_t)rand_int(r, 0, 32);
            break;
        }
        default: break; /* activemask, elect: the guard and the membermask only */
        }
    }
}

/* Fills every source: the first lanes cross the edge values of a and b, with c at its first edge
 * value (+0 for floats: mad.ftz's boundary is a * b alone), at its second, then cycling; e cycles;
 * the rest are random. */
static void fill_sources(const row *r, size_t lanes, void *const src[4])
{
    unsigned elems = r->d.elems;
    size_t pairs = (size_t)r->nedge[0] * (r->d.nsrc > 1 ? r->nedge[1] : 1);
    size_t crossed = crossed_lanes(r);
    for (size_t i = 0; i < lanes; i++) {
        int ebase = below(3) == 0 ? (int)below(4) : (int)below(1u << r->f.e);
        int tiny = r->is_float && below(8) == 0;
        for (unsigned k = 0; k < r->d.nsrc; k++) {
            unsigned bits = r->d.src_bits[k], eb = bits / elems, ne = r->nedge[k];
            uint64_t v = 0;
            for (unsigned el = 0; el < elems; el++) {
                size_t j = i + 13 * el; /* the second element sees other combinations */
                uint64_t x;
                if (i < crossed)
                    x = r->edge[k][k == 0 ? j % ne : k == 1 ? j / r->nedge[0] % ne
                                   : k == 2 && j / pairs < 2 ? j / pairs : (j * 7 + k) % ne];
                else if (r->is_float)
                    x = rand_float(r, k, ne, ebase, tiny);
                else
                    x = rand_int(r, k, eb);
                v |= (x & mask_of(eb)) << (el * eb);
            }
            put(src[k], bits, i, v);
        }
    }
}

static void *xalloc(size_t bytes)
{
    void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (!p) {
        fprintf(stderr, "plain: out of memory\n");
        exit(2);
    }
    memset(p, 0, bytes);
    return p;
}

/* The .approx transcendentals (sin, cos, lg2, ex2, tanh): the baseline is the libm call a user
 * writes (sinf, exp2f, ...), not SLEEF's bits, so an element passes within a tolerance: NaN for
 * NaN, else at most 8 f32 steps apart (each within 3.5 ulp of the truth; half formats: 1 step,
 * from two f32 results that round apart) or, for sin/cos, 2^-14.7 apart (the spec's bound
 * to +-100pi: an absolute bound lets results near a zero differ by many steps). */
static int elem_nan(ptxcpu_elem e, uint64_t v)
{
    switch (e) {
    case PTXCPU_ELEM_F16: return (v & 0x7c00) == 0x7c00 && (v & 0x3ff);
    case PTXCPU_ELEM_BF16: return (v & 0x7f80) == 0x7f80 && (v & 0x7f);
    default: return (v & 0x7f800000) == 0x7f800000 && (v & 0x7fffff);
    }
}
static int is_approx_row(const ptxcpu_insn_desc *d) { return strstr(d->mnemonic, ".approx") != 0; }
static int approx_close(const ptxcpu_insn_desc *d, uint64_t x, uint64_t y)
{
    unsigned eb = d->dst_bits / d->elems;
    for (unsigned k = 0; k < d->elems; k++) {
        uint64_t ex = x >> (k * eb) & mask_of(eb), ey = y >> (k * eb) & mask_of(eb);
        uint64_t sign = 1ull << (eb - 1);
        int nx = elem_nan(d->elem, ex), ny = elem_nan(d->elem, ey);
        if (nx || ny) {
            if (!(nx && ny))
                return 0;
            continue;
        }
        int64_t ox = (ex & sign) ? -(int64_t)(ex & ~sign) : (int64_t)ex;
        int64_t oy = (ey & sign) ? -(int64_t)(ey & ~sign) : (int64_t)ey;
        int64_t dist = ox > oy ? ox - oy : oy - ox;
        if (dist <= (eb == 32 ? 8 : 1))
            continue;
        if (eb == 32 && (d->mnemonic[0] == 's' || d->mnemonic[0] == 'c')) {
            float fx, fy;
            uint32_t bx = (uint32_t)ex, by = (uint32_t)ey;
            memcpy(&fx, &bx, 4);
            memcpy(&fy, &by, 4);
            if (fabs((double)fx - fy) <= 0x1.3p-15) /* < 2^-14.7 */
                continue;
        }
        return 0;
    }
    return 1;
}

/* A 32-bit word of a vector row's source: f32 bits of magnitudes 2^-20..2^20 (the MX formats'
 * range and past it, every fraction), f32 subnormals, zeros, infinities, NaNs, or random bits */
static uint32_t vec_word(void)
{
    uint32_t sign = (uint32_t)below(2) << 31, frac = (uint32_t)rnd64() & 0x7fffff;
    switch (below(8)) {
    case 0: return (uint32_t)rnd64();
    case 1: return sign | frac >> below(24); /* f32 subnormal or zero */
    case 2: return sign | 0x7f800000u | (below(2) ? frac : 0); /* Inf, NaN */
    default: return sign | (107 + (uint32_t)below(41)) << 23 | frac;
    }
}

/* Row r (vec_row) of table t on `lanes` lanes against the scalar kernel: registers of vec_word,
 * d compared byte by byte */
static int check_vec_row(const row *r, const char *tname, plain_c_fn fn, size_t lanes)
{
    const ptxcpu_insn_desc *d = &r->d;
    size_t warps = lanes / PTXCPU_WARP, dbytes = ptxcpu_reg_bytes(d->dst_bits) * warps;
    void *src[4] = {0};
    for (unsigned k = 0; k < 4; k++) {
        size_t words = k < d->nsrc ? ptxcpu_reg_bytes(d->src_bits[k]) * warps / 4 : 0;
        src[k] = xalloc(words * 4 + 4);
        for (size_t j = 0; j < words; j++)
            ((uint32_t *)src[k])[j] = vec_word();
    }
    unsigned char *want = xalloc(dbytes), *got = xalloc(dbytes);
    ptxcpu_batch b = {.n = warps, .d = want, .d_stride = (ptrdiff_t)ptxcpu_reg_bytes(d->dst_bits)};
    for (unsigned k = 0; k < d->nsrc; k++)
        b.src[k] = (ptxcpu_src){src[k], (ptrdiff_t)ptxcpu_reg_bytes(d->src_bits[k])};
    int bad = ptxcpu_run(r->ref, &b) != PTXCPU_OK;
    if (bad)
        printf("plain[%s] %s: scalar kernel failed: %s\n", tname, d->mnemonic, ptxcpu_last_error());
    const void *const csrc[4] = {src[0], src[1], src[2], src[3]};
    fn(lanes, got, csrc, NULL, NULL);
    for (size_t i = 0; i < dbytes && !bad; i++)
        if (got[i] != want[i]) {
            printf("plain[%s] %s: d's byte %zu (warp %zu) is 0x%02x, expected 0x%02x\n", tname,
                   d->mnemonic, i, i / ptxcpu_reg_bytes(d->dst_bits), got[i], want[i]);
            bad = 1;
        }
    for (unsigned k = 0; k < 4; k++)
        free(src[k]);
    free(want);
    free(got);
    return bad;
}

/* Runs row r of table t on `lanes` lanes against the scalar kernel; prints the first mismatches.
 * A warp-level row (kind) runs on fill_xlane's warps, with its random guards when `guarded` (else
 * none: every lane executes), d's registers starting as the same random bits in both runs (the
 * lanes outside the guard must keep them). */
static int check_row(const row *r, const char *tname, plain_c_fn fn, size_t lanes, xlane kind,
                     int guarded)
{
    const ptxcpu_insn_desc *d = &r->d;
    size_t warps = lanes / PTXCPU_WARP;
    void *src[4] = {0};
    for (unsigned k = 0; k < 4; k++)
        src[k] = xalloc(lanes * 8);
    void *want = xalloc(lanes * 8), *got = xalloc(lanes * 8);
    ptxcpu_lanemask *ccw = xalloc(warps * sizeof *ccw);
    ptxcpu_lanemask *guard = kind && guarded ? xalloc(warps * sizeof *guard) : NULL;
    uint8_t *cf = xalloc(lanes);
    if (kind) {
        fill_xlane(r, kind, lanes, src, guard);
        for (size_t j = 0; j < lanes; j++)
            ((uint64_t *)want)[j] = ((uint64_t *)got)[j] = rnd64();
    } else
        fill_sources(r, lanes, src);
    for (size_t w = 0; w < warps; w++)
        ccw[w] = (ptxcpu_lanemask)rnd64();
    for (size_t i = 0; i < lanes; i++)
        cf[i] = (uint8_t)(ccw[i / PTXCPU_WARP] >> (i % PTXCPU_WARP) & 1);

    ptxcpu_batch b = {.n = warps, .d = want, .d_stride = PTXCPU_WARP * d->dst_bits / 8,
                      .guard = guard, .guard_stride = sizeof *guard,
                      .cc = ccw, .cc_stride = sizeof *ccw};
    for (unsigned k = 0; k < d->nsrc; k++)
        b.src[k] = (ptxcpu_src){src[k], PTXCPU_WARP * d->src_bits[k] / 8};
    int bad = 0;
    if (ptxcpu_run(r->ref, &b)) {
        printf("plain[%s] %s: scalar kernel failed: %s\n", tname, d->mnemonic, ptxcpu_last_error());
        bad = 1;
    }
    const void *const csrc[4] = {src[0], src[1], src[2], src[3]};
    fn(lanes, got, csrc, cf, guard);
    if (fegetround() != FE_TONEAREST) {
        printf("plain[%s] %s: the caller's rounding mode was not restored\n", tname, d->mnemonic);
        fesetround(FE_TONEAREST);
        bad = 1;
    }
    int shown = 0;
    int cc = d->reads_cc || d->writes_cc;
    for (size_t i = 0; i < lanes && !bad; i++) {
        uint64_t x = get(got, d->dst_bits, i), y = get(want, d->dst_bits, i);
        unsigned cx = cf[i], cy = ccw[i / PTXCPU_WARP] >> (i % PTXCPU_WARP) & 1;
        if (x == y && (!cc || cx == cy))
            continue;
        if (is_approx_row(d) && approx_close(d, x, y))
            continue;
        if (shown++ < 3) {
            printf("plain[%s] %s lane %zu:", tname, d->mnemonic, i);
            if (kind)
                printf(" (lane %zu of its warp, guard 0x%08x)", i % PTXCPU_WARP,
                       guard ? guard[i / PTXCPU_WARP] : 0xffffffffu);
            for (unsigned k = 0; k < d->nsrc; k++)
                printf(" %c=0x%" PRIx64, "abce"[k], get(src[k], d->src_bits[k], i));
            printf(" -> 0x%" PRIx64 " expected 0x%" PRIx64, x, y);
            if (cc)
                printf(" (CC.CF %u expected %u)", cx, cy);
            printf("\n");
        }
    }
    bad |= shown > 0;
    for (unsigned k = 0; k < 4; k++)
        free(src[k]);
    free(want);
    free(got);
    free(ccw);
    free(guard);
    free(cf);
    return bad;
}

int main(void)
{
    unsigned scale = test_scale();
    size_t rows = ptxcpu_insn_count();
    unsigned passed = 0, failed = 0;
    const plain_c_fn *seen[PTXCPU_ISA_COUNT] = {0};
    for (int isa = 0; isa < PTXCPU_ISA_COUNT; isa++) {
        const plain_c_fn *t = plain_c_table((ptxcpu_isa)isa);
        int dup = 0;
        for (int j = 0; j < isa; j++)
            dup |= seen[j] == t;
        if (!t || dup || !ptxcpu_isa_usable((ptxcpu_isa)isa))
            continue;
        seen[isa] = t;
        const char *tname = ptxcpu_isa_name((ptxcpu_isa)isa);
        unsigned tp = 0, tf = 0;
        for (size_t i = 0; i < rows; i++) {
            row r;
            if (row_init(&r, i)) {
                printf("plain[%s] row %zu: %s\n", tname, i, ptxcpu_last_error());
                tf++;
                continue;
            }
            if (!t[i]) {
                printf("plain[%s] %s: no plain-C loop\n", tname, r.d.mnemonic);
                tf++;
                continue;
            }
            if (vec_row(&r.d)) {
                if (check_vec_row(&r, tname, t[i], 4096 / scale > 64 ? 4096 / scale : 64))
                    tf++;
                else
                    tp++;
                continue;
            }
            xlane kind = xlane_of(&r.d);
            size_t crossed = kind ? 0 : crossed_lanes(&r);
            size_t lanes = 10240 / scale > crossed + 64 ? 10240 / scale : crossed + 64;
            if (kind) /* whole warps, each its own shapes: 1024 of them (>= 64) */
                lanes = 32768 / scale > 64 * 32 ? 32768 / scale : 64 * 32;
            lanes = (lanes + PTXCPU_WARP - 1) / PTXCPU_WARP * PTXCPU_WARP;
            if (check_row(&r, tname, t[i], lanes, kind, 1) ||
                (kind && check_row(&r, tname, t[i], lanes / 128 * 32, kind, 0)))
                tf++;
            else
                tp++;
        }
        printf("plain[%s]: %u rows passed, %u failed\n", tname, tp, tf);
        passed += tp;
        failed += tf;
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
