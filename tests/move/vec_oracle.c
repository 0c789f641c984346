/* Oracle of the vector-operand rows: mov's unpack forms and its packs into .b128 (9.7.9.4), and
 * cvt.rs to the four-element MX formats (9.7.9.21: cvt.rs{.relu}.satfinite.{e4m3x4, e5m2x4,
 * e2m3x4, e3m2x4, e2m1x4}.f32 d, {a, b, e, f}, rbits), 19 rows, on every ISA table this machine
 * runs and every emulated table the tests link (tests/common/emu_tables.h). The models are written
 * here from the spec text alone (not from the library's kernels).
 *
 * mov (9.7.9.4, its Semantics list): an unpack {d.x, d.y[, d.z, d.w]} = a writes element j = bits
 * [j*w, (j+1)*w) of a (x the lowest), w = the .type's width / the element count, each element
 * register zero-extended (8-bit elements live in 16-bit registers); a pack into .b128 is
 * d = a | b << 64 (two .b64) or a | b << 32 | c << 64 | e << 96 (four .b32).
 *
 * cvt.rs to the x4 formats: the spec's pseudo-code packs a's result in d's top element
 * (d[31:24] = a, [23:16] = b, [15:8] = e, [7:0] = f; e2m1x4: d[15:12] = a .. d[3:0] = f; the 6-bit
 * formats' two top bits of each byte 0). Random bits, this project's reading of the spec's text
 * ("two 16-bit values are provided from rbits where lower 16-bits are used for operands e, f and
 * upper 16 bits for operands a, b"; e2m1x4: "lower 8-bits from both 16-bits half of rbits are
 * used for operands e, f and upper 8-bits from both 16-bits half for operands a, b"):
 *   e4m3x4, e5m2x4, e2m3x4, e3m2x4: a rbits[31:24], b [23:16], e [15:8], f [7:0];
 *   e2m1x4:                         a rbits[31:24], b [15:8],  e [23:16], f [7:0].
 * One f32 x (its exact value; f32 subnormals exact, never flushed) with random byte r, to a format
 * of OCP MX v1.0 (e4m3: bias 7, largest 448 = 0x7e, NaN 0x7f, no Inf; e5m2: bias 15, largest
 * 57344 = 0x7b; e2m3: bias 1, largest 7.5 = 0x1f; e3m2: bias 3, largest 28 = 0x1f; e2m1: bias 1,
 * largest 6 = 0x7): emin = 1 - bias, p = mantissa bits + 1, the grid spacing at x is
 * ulp = 2^(max(floor(log2|x|), emin) - (p - 1)) (the exponent unbounded above); t = floor(|x|/ulp),
 * frac = |x|/ulp - t, k = floor(frac * 256) (the top 8 of the discarded bits: "the carry out of the
 * integer addition of the supplied random bits to the truncated off bits"); the magnitude is
 * (t + 1) * ulp when k + r >= 256, else t * ulp; past the largest finite it is the largest finite
 * (.satfinite); the sign is kept (-0 when a negative value truncates to zero); +-Inf gives
 * +-largest finite; NaN gives 0x7f for e4m3 and e5m2 (their NaN), +largest finite (0x1f, 0x1f, 0x7)
 * for the others ("NaN results are converted to positive MAX_NORM"). .relu: a result whose sign
 * bit is set (-0 included) becomes 0; NaN stays as above. The model works on integers (the f32
 * significand shifted), and is checked here against a second one in doubles (the grid spacing as
 * a power of two, the result found by value among the format's decoded codes) on every input.
 *
 * What it checks, on each table:
 *  - the library's rows with a vector destination (mov), a .b128 destination, or a vector source
 *    spelled cvt are exactly these 19; each parses (ptxcpu_parse_form with its count of
 *    destination registers and sources) on sm_100 with the shape the spec implies (d and source
 *    widths as PTXCPU_VEC / PTXCPU_B128), its target and PTX ISA version (an unpack's those of the
 *    pack of its type; .b128 sm_70 and PTX 8.3; cvt.rs x4 sm_100 and PTX 8.7), a target below the
 *    minimum refused; neighbours the syntax does not produce refused;
 *  - bulk runs: cvt, every input of the sweep below in one batch of packed registers; mov, 256
 *    warps of random bits under guards full, none, random and sparse (lanes outside them keep d);
 *  - register files of 1-4 warps (one call, one warp a call, prepared n and prepared one warp a
 *    call): d its own or exactly a source (same base and stride; the cvt's vector source and
 *    rbits, mov's a), a source uniform (stride 0), guards per warp (full, none, random, sparse),
 *    uniform or NULL: the whole register file after the run (sources, untouched lanes, every
 *    element register of d, padding) equals the model's.
 * The cvt sweep, per format (each input under a random sign and 6 random bytes: 0, 255, 128, the
 * exact carry 256 - k, 255 - k, random): every f32 exponent with the discarded bits at 0, 1, half,
 * all, each k boundary (k << (D - 8) and +-1) and random under kept bits 0, all and random, and a
 * generic set of significands; f32 subnormals; every grid value of the format (largest + ulp
 * included) and +-2 f32 ulps, and the points ulp * k / 256 above each +-1 f32 ulp; zeros, Inf,
 * NaNs, FLT_MAX, FLT_MIN; random f32 and random values near the format's range. Shuffled, so that
 * every element slot (a, b, e, f) sees every kind.
 * VEC_FULL=1 (meson: -Dtest_level=full): every f32 pattern through each cvt row on each table,
 * random bytes by a hash of x among 0, 255, 256 - k, 255 - k and random, on OpenMP threads
 * (VEC_FULL_STEP=s: every s-th chunk): ~30 CPU-minutes on 4 tables. Default: under 1 s. */
#include "oracle_tables.h"
#include "ptxcpu.h"
#include "emu_tables.h" /* tables built without native flags (simde emulation), linked in */
#include "internal.h"   /* struct ptxcpu_kernel_entry: an emulated table's entries */
#include "test_common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

typedef unsigned __int128 u128;

static unsigned fails, printed;
#define FAILF(...)                                                                                 \
    do {                                                                                           \
        fails++;                                                                                   \
        if (printed++ < FAIL_CAP)                                                                  \
            printf(__VA_ARGS__);                                                                   \
    } while (0)

/* ---- the formats (OCP MX v1.0) --------------------------------------------------------------- */
typedef struct fmt {
    const char *name;
    unsigned mb, bias, width, maxcode, nancode; /* mantissa bits, bias, bits, codes */
    double maxval;
} fmt;
enum { NFMT = 5 };
static const fmt fmts[NFMT] = {
    {"e4m3", 3, 7, 8, 0x7e, 0x7f, 448.0},  {"e5m2", 2, 15, 8, 0x7b, 0x7f, 57344.0},
    {"e2m3", 3, 1, 6, 0x1f, 0x1f, 7.5},    {"e3m2", 2, 3, 6, 0x1f, 0x1f, 28.0},
    {"e2m1", 1, 1, 4, 0x7, 0x7, 6.0},
};

/* |x| = m * 2^e for a finite f32 x (m 0 for zeros) */
static void f32_parts(uint32_t x, uint32_t *m, int *e)
{
    const unsigned E = x >> 23 & 0xff, M = x & 0x7fffff;
    if (E) *m = M | 0x800000, *e = (int)E - 150;
    else *m = M, *e = -149;
}

/* the discarded bits below the kept ones at x (finite, nonzero): sh bits; t the kept units,
 * k the top 8 discarded bits */
static void rs_split(const fmt *F, uint32_t x, uint64_t *t, unsigned *k, int *q)
{
    uint32_t m;
    int e;
    f32_parts(x, &m, &e);
    const int fl = 31 - __builtin_clz(m) + e, emin = 1 - (int)F->bias;
    *q = (fl > emin ? fl : emin) - (int)F->mb;
    const int sh = *q - e; /* >= 20: the f32 significand is longer than any of these formats' */
    *t = sh >= 32 ? 0 : m >> sh;
    *k = sh - 8 >= 32 ? 0 : sh >= 8 ? (m >> (sh - 8)) & 0xff : (m << (8 - sh)) & 0xff;
}

static unsigned rs_k(const fmt *F, uint32_t x)
{
    if ((x & 0x7f800000) == 0x7f800000 || !(x & 0x7fffffff))
        return 0;
    uint64_t t;
    unsigned k;
    int q;
    rs_split(F, x, &t, &k, &q);
    return k;
}

/* The model: one f32 to a format under random byte r, by integers. */
static unsigned rs_bits(const fmt *F, uint32_t x, unsigned r, int relu)
{
    const unsigned sign = x >> 31, sbit = 1u << (F->width - 1);
    unsigned mag;
    if ((x & 0x7f800000) == 0x7f800000) {
        if (x & 0x7fffff)
            return F->nancode; /* NaN: e4m3/e5m2 NaN 0x7f, the others +MAX_NORM; relu keeps it */
        mag = F->maxcode;      /* +-Inf: +-largest finite (.satfinite) */
    } else if (!(x & 0x7fffffff)) {
        mag = 0;
    } else {
        uint64_t t;
        unsigned k;
        int q;
        rs_split(F, x, &t, &k, &q);
        const uint64_t u = t + (k + r >= 256); /* units of 2^q; t < 2^(mb+1) */
        /* the code of u * 2^q: exponent field q + mb + bias, the leading unit implicit (q at
         * emin - mb: field 1 less the leading unit, so u itself, subnormals and 0 included) */
        const int64_t code = ((int64_t)(q + (int)F->mb + (int)F->bias) << F->mb) + (int64_t)u -
                             ((int64_t)1 << F->mb);
        mag = code > (int64_t)F->maxcode ? F->maxcode : (unsigned)code;
    }
    if (sign && relu)
        return 0;
    return mag | (sign ? sbit : 0);
}

/* a code's value (no sign bit), the generic formula (past maxcode it keeps counting: largest+ulp) */
static double fmt_decode(const fmt *F, unsigned c)
{
    const unsigned E = c >> F->mb, m = c & ((1u << F->mb) - 1);
    const int emin = 1 - (int)F->bias;
    if (!E)
        return ldexp((double)m, emin - (int)F->mb);
    return ldexp((double)((1u << F->mb) + m), (int)E - (int)F->bias - (int)F->mb);
}

/* The second model, by value in doubles: the grid spacing a power of two, the result found by
 * value among the decoded codes. */
static unsigned rs_double(const fmt *F, uint32_t x, unsigned r, int relu)
{
    float xf;
    memcpy(&xf, &x, 4);
    const unsigned sbit = 1u << (F->width - 1);
    const int neg = signbit(xf) != 0;
    if (isnan(xf))
        return F->nancode;
    double mag;
    if (isinf(xf)) {
        mag = F->maxval;
    } else {
        const double ax = fabs((double)xf);
        if (ax == 0) {
            mag = 0;
        } else {
            int ex;
            frexp(ax, &ex);
            const int fl = ex - 1, emin = 1 - (int)F->bias;
            const double ulp = ldexp(1.0, (fl > emin ? fl : emin) - (int)F->mb);
            const double y = ax / ulp, t = floor(y), k = floor((y - t) * 256.0);
            mag = (k + r >= 256.0 ? t + 1 : t) * ulp;
            if (mag > F->maxval)
                mag = F->maxval;
        }
    }
    unsigned lo = 0, hi = F->maxcode; /* the code whose value is mag (codes increase with it) */
    while (lo < hi) {
        const unsigned mid = (lo + hi) / 2;
        if (fmt_decode(F, mid) < mag) lo = mid + 1;
        else hi = mid;
    }
    if (fmt_decode(F, lo) != mag)
        return 0xffff; /* not on the grid: the model is wrong */
    if (neg && relu)
        return 0;
    return lo | (neg ? sbit : 0);
}

/* the rbits byte each element takes, and where its code lies in d */
static const unsigned rpos_x4[4] = {24, 16, 8, 0}, rpos_e2m1[4] = {24, 8, 16, 0};
static unsigned rbyte_pos(const fmt *F, unsigned j) { return F->width == 4 ? rpos_e2m1[j] : rpos_x4[j]; }
static unsigned dpos(const fmt *F, unsigned j) { return F->width == 4 ? 12 - 4 * j : 24 - 8 * j; }

static uint32_t cvt_lane(const fmt *F, int relu, const uint32_t x[4], uint32_t rb)
{
    uint32_t d = 0;
    for (unsigned j = 0; j < 4; j++)
        d |= rs_bits(F, x[j], rb >> rbyte_pos(F, j) & 0xff, relu) << dpos(F, j);
    return d;
}

/* Worked examples, by hand from the reading above: the model must give them. */
static unsigned worked_examples(void)
{
    static const struct { unsigned f; uint32_t x; unsigned r; int relu; unsigned want; } ex[] = {
        /* e4m3, 1.0625: ulp 2^-3, |x|/ulp = 8.5, k = 128: 1.0 (0x38) below r = 128, 1.125 from it */
        {0, 0x3f880000, 127, 0, 0x38}, {0, 0x3f880000, 128, 0, 0x39},
        {0, 0xbf880000, 128, 0, 0xb9}, {0, 0xbf880000, 128, 1, 0x00},
        /* e4m3: 464 = 448 + 16 (ulp 32, k = 128): 448 or 480, saturated to 448 either way */
        {0, 0x43e80000, 255, 0, 0x7e}, {0, 0x43e80000, 0, 0, 0x7e},
        /* e4m3: 2^-10, half the smallest subnormal 2^-9: 0 or 0x01; negative: -0 (0x80) */
        {0, 0x3a800000, 127, 0, 0x00}, {0, 0x3a800000, 128, 0, 0x01}, {0, 0xba800000, 0, 0, 0x80},
        {0, 0xba800000, 0, 1, 0x00},
        /* e4m3 NaN 0x7f whatever the sign and .relu; -Inf -448 (0xfe), under .relu 0 */
        {0, 0xffc00000, 0, 0, 0x7f}, {0, 0xffc00000, 0, 1, 0x7f}, {0, 0xff800000, 0, 0, 0xfe},
        {0, 0xff800000, 0, 1, 0x00},
        /* e5m2: 57344 + 4096 (ulp 8192, k = 128): saturated; 3.0 exact (0x42); f32 FLT_TRUE_MIN: 0 */
        {1, 0x47700000, 200, 0, 0x7b}, {1, 0x40400000, 255, 0, 0x42}, {1, 0x00000001, 255, 0, 0x00},
        {1, 0x7f800001, 0, 0, 0x7f},
        /* e2m3: 7.75 -> 7.5 (0x1f) or 8 -> 7.5; NaN +MAX_NORM 0x1f; -Inf -7.5 (0x3f) */
        {2, 0x40f80000, 255, 0, 0x1f}, {2, 0xffc00000, 0, 0, 0x1f}, {2, 0xff800000, 0, 0, 0x3f},
        /* e3m2: 0.1f (0x3dcccccd): ulp 2^-4 (emin -2, subnormal), 1.6.. units, k = 153 */
        {3, 0x3dcccccd, 102, 0, 0x01}, {3, 0x3dcccccd, 103, 0, 0x02},
        /* e2m1: 5 (ulp 2, k = 128): 4 (0x6) or 6 (0x7); -0.1f: ulp 0.5, k = 51: -0 (0x8) or -0.5 */
        {4, 0x40a00000, 127, 0, 0x6}, {4, 0x40a00000, 128, 0, 0x7}, {4, 0xbdcccccd, 204, 0, 0x8},
        {4, 0xbdcccccd, 205, 0, 0x9}, {4, 0xbdcccccd, 205, 1, 0x0}, {4, 0x7fc00000, 0, 1, 0x7},
    };
    unsigned bad = 0;
    for (unsigned i = 0; i < sizeof ex / sizeof ex[0]; i++) {
        const unsigned got = rs_bits(&fmts[ex[i].f], ex[i].x, ex[i].r, ex[i].relu);
        if (got != ex[i].want) {
            FAILF("FAIL model: worked example %u (%s%s, x %08x, r %u): %#x, want %#x\n", i,
                  fmts[ex[i].f].name, ex[i].relu ? " relu" : "", ex[i].x, ex[i].r, got, ex[i].want);
            bad++;
        }
    }
    /* packing and the random bytes' places: 0.25 four times (e2m1: k = 128 between 0 and 0.5;
     * e4m3: 2^-10 likewise), one element's byte 128 at a time */
    static const struct { unsigned f; uint32_t x, rb, want; } pk[] = {
        {4, 0x3e800000, 0x80000000, 0x1000}, {4, 0x3e800000, 0x00008000, 0x0100},
        {4, 0x3e800000, 0x00800000, 0x0010}, {4, 0x3e800000, 0x00000080, 0x0001},
        {0, 0x3a800000, 0x80000000, 0x01000000}, {0, 0x3a800000, 0x00800000, 0x00010000},
        {0, 0x3a800000, 0x00008000, 0x00000100}, {0, 0x3a800000, 0x00000080, 0x00000001},
        {2, 0x3e000000, 0xffffffff, 0x01010101}, /* e2m3: 0.125, its smallest subnormal: no carry */
    };
    for (unsigned i = 0; i < sizeof pk / sizeof pk[0]; i++) {
        const uint32_t x[4] = {pk[i].x, pk[i].x, pk[i].x, pk[i].x};
        const uint32_t got = cvt_lane(&fmts[pk[i].f], 0, x, pk[i].rb);
        if (got != pk[i].want) {
            FAILF("FAIL model: packing example %u (%s, x %08x, rbits %08x): %#x, want %#x\n", i,
                  fmts[pk[i].f].name, pk[i].x, pk[i].rb, got, pk[i].want);
            bad++;
        }
    }
    /* a, b, e, f in d's elements from the top: e4m3x4 1.0, -2.0, 448, NaN; e2m1x4 1.0, -6, 0.5,
     * NaN (exact, any bytes) */
    const uint32_t x8[4] = {0x3f800000, 0xc0000000, 0x43e00000, 0x7fc00000};
    const uint32_t x4[4] = {0x3f800000, 0xc0c00000, 0x3f000000, 0x7fc00000};
    if (cvt_lane(&fmts[0], 0, x8, 0x12345678) != 0x38c07e7f) {
        FAILF("FAIL model: e4m3x4 packing: %#x, want 0x38c07e7f\n", cvt_lane(&fmts[0], 0, x8, 0x12345678));
        bad++;
    }
    if (cvt_lane(&fmts[4], 0, x4, 0x9abcdef0) != 0x2f17) {
        FAILF("FAIL model: e2m1x4 packing: %#x, want 0x2f17\n", cvt_lane(&fmts[4], 0, x4, 0x9abcdef0));
        bad++;
    }
    return bad;
}

/* ---- the rows -------------------------------------------------------------------------------- */
enum kind { K_UNPACK, K_PACK128, K_CVTRS };
typedef struct row {
    char mn[64];
    enum kind kind;
    unsigned ndst, nsrc, dst_bits, src_bits[4];
    unsigned tbits; /* mov: the .type's width */
    const fmt *F;
    int relu;
    ptxcpu_insn insn;
    int parsed, seen;
} row;
enum { NROW = 19 };
static row rows[NROW];
static unsigned nrow;

static void enumerate(void)
{
    /* unpack: {d.x, d.y[, d.z, d.w]} = a; 8-bit elements in 16-bit registers */
    static const struct { const char *mn; unsigned n, tbits, dst; } up[] = {
        {"mov.b16", 2, 16, PTXCPU_VEC(2, 16)},   {"mov.b32", 4, 32, PTXCPU_VEC(4, 16)},
        {"mov.b32", 2, 32, PTXCPU_VEC(2, 16)},   {"mov.b64", 4, 64, PTXCPU_VEC(4, 16)},
        {"mov.b64", 2, 64, PTXCPU_VEC(2, 32)},   {"mov.b128", 4, 128, PTXCPU_VEC(4, 32)},
        {"mov.b128", 2, 128, PTXCPU_VEC(2, 64)}};
    for (unsigned i = 0; i < sizeof up / sizeof up[0]; i++) {
        row *R = &rows[nrow++];
        snprintf(R->mn, sizeof R->mn, "%s", up[i].mn);
        R->kind = K_UNPACK, R->ndst = up[i].n, R->nsrc = 1, R->dst_bits = up[i].dst;
        R->src_bits[0] = up[i].tbits, R->tbits = up[i].tbits; /* 128 is PTXCPU_B128 */
    }
    /* packs into .b128: d, {a, b} (.b64) and d, {a, b, c, e} (.b32) */
    for (unsigned n = 2; n <= 4; n += 2) {
        row *R = &rows[nrow++];
        snprintf(R->mn, sizeof R->mn, "mov.b128");
        R->kind = K_PACK128, R->ndst = 1, R->nsrc = n, R->dst_bits = PTXCPU_B128, R->tbits = 128;
        for (unsigned k = 0; k < n; k++)
            R->src_bits[k] = 128 / n;
    }
    /* cvt.rs{.relu}.satfinite.{f8x4type, f6x4type, f4x4type}.f32 d, {a, b, e, f}, rbits */
    for (int relu = 0; relu < 2; relu++)
        for (unsigned f = 0; f < NFMT; f++) {
            row *R = &rows[nrow++];
            snprintf(R->mn, sizeof R->mn, "cvt.rs%s.satfinite.%sx4.f32", relu ? ".relu" : "",
                     fmts[f].name);
            R->kind = K_CVTRS, R->ndst = 1, R->nsrc = 2, R->F = &fmts[f], R->relu = relu;
            R->dst_bits = fmts[f].width == 4 ? 16 : 32;
            R->src_bits[0] = PTXCPU_VEC(4, 32), R->src_bits[1] = 32;
        }
}

static const char *shape(const row *R)
{
    static char buf[4][112];
    static unsigned i;
    char *b = buf[i++ % 4];
    snprintf(b, 112, "%.63s (%u dst, %u src)", R->mn, R->ndst, R->nsrc);
    return b;
}

/* spellings and forms next to these that the syntax does not produce */
static const struct { const char *mn; unsigned ndst, nsrc; } refused[] = {
    {"cvt.rs.e4m3x4.f32", 1, 0},           {"cvt.rs.relu.e2m1x4.f32", 1, 0},
    {"cvt.rn.satfinite.e4m3x4.f32", 1, 0}, {"cvt.rz.satfinite.e2m1x4.f32", 1, 0},
    {"cvt.rs.satfinite.ue8m0x4.f32", 1, 0}, {"cvt.rs.satfinite.e2m1x2.f32", 1, 0},
    {"cvt.rs.satfinite.e4m3x2.f32", 1, 0}, {"cvt.rs.satfinite.e4m3x4.f16x2", 1, 0},
    {"cvt.rs.ftz.satfinite.e5m2x4.f32", 1, 0}, {"cvt.rs.satfinite.e3m2x4.f64", 1, 0},
    {"mov.b32", 3, 1},  {"mov.b16", 4, 1},  {"mov.b64", 8, 1},  {"mov.b128", 8, 1},
    {"mov.b128", 3, 1}, {"mov.u32", 2, 1},  {"mov.f64", 2, 1},  {"mov.b128", 1, 3},
    {"mov.u64", 4, 1},  {"mov.s32", 2, 1},
};

static unsigned check_table_and_shapes(void)
{
    unsigned bad = 0;
    ptxcpu_insn pk;
    ptxcpu_insn_desc pd;
    for (unsigned i = 0; i < nrow; i++) {
        row *R = &rows[i];
        ptxcpu_status st = ptxcpu_parse_form(R->mn, R->ndst, R->nsrc, "sm_100", &R->insn);
        if (st != PTXCPU_OK) {
            FAILF("FAIL %s: does not parse on sm_100: %s: %s\n", shape(R), ptxcpu_status_name(st),
                  ptxcpu_last_error());
            bad++;
            continue;
        }
        ptxcpu_insn_desc d;
        if (ptxcpu_describe(&R->insn, &d) != PTXCPU_OK) {
            FAILF("FAIL %s: ptxcpu_describe: %s\n", shape(R), ptxcpu_last_error());
            bad++;
            continue;
        }
        R->parsed = 1;
        int ok = d.nsrc == R->nsrc && d.dst_bits == R->dst_bits && !strcmp(d.mnemonic, R->mn) &&
                 !strcmp(d.section, R->kind == K_CVTRS ? "9.7.9.21" : "9.7.9.4");
        for (unsigned k = 0; k < 4; k++)
            ok &= d.src_bits[k] == R->src_bits[k];
        if (!ok) {
            FAILF("FAIL %s: shape: %s, section %s, nsrc %u, d %#x, sources %#x %#x %#x %#x; want "
                  "nsrc %u, d %#x, sources %#x %#x %#x %#x\n",
                  shape(R), d.mnemonic, d.section, d.nsrc, d.dst_bits, d.src_bits[0],
                  d.src_bits[1], d.src_bits[2], d.src_bits[3], R->nsrc, R->dst_bits,
                  R->src_bits[0], R->src_bits[1], R->src_bits[2], R->src_bits[3]);
            bad++;
        }
        /* the target and version: .b128 sm_70 / PTX 8.3, cvt.rs x4 sm_100 / 8.7; the other
         * unpacks those of the pack of their type (PTX 1.0) */
        unsigned sm = 0, pmaj = 0, pmin = 0;
        if (R->kind == K_CVTRS) sm = 100, pmaj = 8, pmin = 7;
        else if (R->tbits == 128) sm = 70, pmaj = 8, pmin = 3;
        else if (ptxcpu_parse_n(R->mn, 2, "sm_100", &pk) == PTXCPU_OK &&
                 ptxcpu_describe(&pk, &pd) == PTXCPU_OK)
            sm = pd.min_sm, pmaj = 1, pmin = 0;
        if (d.min_sm != sm || d.ptx_major != pmaj || d.ptx_minor != pmin) {
            FAILF("FAIL %s: target sm_%u, PTX %u.%u; want sm_%u, PTX %u.%u\n", shape(R), d.min_sm,
                  d.ptx_major, d.ptx_minor, sm, pmaj, pmin);
            bad++;
        }
        const char *below = sm == 100 ? "sm_90" : sm == 70 ? "sm_62" : NULL;
        ptxcpu_insn tmp;
        if (below && ptxcpu_parse_form(R->mn, R->ndst, R->nsrc, below, &tmp) == PTXCPU_OK) {
            FAILF("FAIL %s: parses on %s (needs sm_%u)\n", shape(R), below, sm);
            bad++;
        }
    }
    /* the library's rows of these kinds are exactly these */
    const size_t n = ptxcpu_insn_count();
    for (size_t i = 0; i < n; i++) {
        ptxcpu_insn_desc d;
        if (ptxcpu_insn_at(i, &d) != PTXCPU_OK)
            continue;
        const int vdst = !strncmp(d.mnemonic, "mov.", 4) &&
                         (PTXCPU_VEC_N(d.dst_bits) > 1 || d.dst_bits == PTXCPU_B128);
        const int vcvt = !strncmp(d.mnemonic, "cvt.", 4) &&
                         (PTXCPU_VEC_N(d.src_bits[0]) > 1 || PTXCPU_VEC_N(d.dst_bits) > 1 ||
                          (strstr(d.mnemonic, "x4.") != NULL));
        if (!vdst && !vcvt)
            continue;
        unsigned hit = 0;
        for (unsigned r = 0; r < nrow; r++)
            if (!strcmp(rows[r].mn, d.mnemonic) && rows[r].nsrc == d.nsrc &&
                rows[r].dst_bits == d.dst_bits && rows[r].src_bits[0] == d.src_bits[0])
                rows[r].seen++, hit = 1;
        if (!hit) {
            FAILF("FAIL row %zu %s (nsrc %u, d %#x, a %#x): a vector row this test does not know\n",
                  i, d.mnemonic, d.nsrc, d.dst_bits, d.src_bits[0]);
            bad++;
        }
    }
    for (unsigned r = 0; r < nrow; r++)
        if (rows[r].seen != 1) {
            FAILF("FAIL %s: %u rows in the table, want 1\n", shape(&rows[r]), rows[r].seen);
            bad++;
        }
    for (unsigned i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        ptxcpu_insn tmp;
        if (ptxcpu_parse_form(refused[i].mn, refused[i].ndst, refused[i].nsrc, "sm_100", &tmp) ==
            PTXCPU_OK) {
            FAILF("FAIL %s (%u dst, %u src): parses; the syntax does not produce it\n",
                  refused[i].mn, refused[i].ndst, refused[i].nsrc);
            bad++;
        }
    }
    return bad;
}

/* ---- operands: a register's words --------------------------------------------------------------
 * A .b128 is two words of 64 (lo, hi: 256 bytes apart), a vector n words of its width (one
 * register each), any other register one word. */
static unsigned op_words(unsigned bits) { return bits == PTXCPU_B128 ? 2 : PTXCPU_VEC_N(bits); }
static unsigned op_wbits(unsigned bits) { return bits == PTXCPU_B128 ? 64 : PTXCPU_VEC_BITS(bits); }
static size_t op_off(unsigned bits, unsigned lane, unsigned j)
{
    const unsigned wb = op_wbits(bits);
    return (size_t)j * 32 * wb / 8 + (size_t)lane * wb / 8;
}
static uint64_t op_get(const uint8_t *base, unsigned bits, unsigned lane, unsigned j)
{
    uint64_t v = 0;
    memcpy(&v, base + op_off(bits, lane, j), op_wbits(bits) / 8); /* little-endian hosts */
    return v;
}
static void op_put(uint8_t *base, unsigned bits, unsigned lane, unsigned j, uint64_t v)
{
    memcpy(base + op_off(bits, lane, j), &v, op_wbits(bits) / 8);
}
static uint64_t mask_of(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

/* the model of one lane: s[k][j] source k's word j, d[j] d's */
static void lane_model(const row *R, uint64_t s[4][4], uint64_t d[4])
{
    switch (R->kind) {
    case K_UNPACK: {
        const u128 a = R->tbits == 128 ? (u128)s[0][0] | (u128)s[0][1] << 64
                                       : (u128)(s[0][0] & mask_of(R->tbits));
        const unsigned w = R->tbits / R->ndst;
        for (unsigned j = 0; j < R->ndst; j++)
            d[j] = (uint64_t)(a >> (j * w)) & mask_of(w); /* zero-extended into its register */
        break;
    }
    case K_PACK128:
        if (R->nsrc == 2)
            d[0] = s[0][0], d[1] = s[1][0];
        else
            d[0] = (s[0][0] & 0xffffffffu) | s[1][0] << 32, d[1] = (s[2][0] & 0xffffffffu) | s[3][0] << 32;
        break;
    case K_CVTRS: {
        const uint32_t x[4] = {(uint32_t)s[0][0], (uint32_t)s[0][1], (uint32_t)s[0][2],
                               (uint32_t)s[0][3]};
        d[0] = cvt_lane(R->F, R->relu, x, (uint32_t)s[1][0]);
        break;
    }
    }
}

static void print_lane(const row *R, uint64_t s[4][4])
{
    if (R->kind == K_CVTRS) {
        printf("    a=%08x b=%08x e=%08x f=%08x rbits=%08x; elements:", (unsigned)s[0][0],
               (unsigned)s[0][1], (unsigned)s[0][2], (unsigned)s[0][3], (unsigned)s[1][0]);
        for (unsigned j = 0; j < 4; j++) {
            const uint32_t x = (uint32_t)s[0][j];
            const unsigned r = (unsigned)(s[1][0] >> rbyte_pos(R->F, j) & 0xff);
            float xf;
            memcpy(&xf, &x, 4);
            printf(" %c: %a r=%u k=%u -> %#x;", "abef"[j], (double)xf, r, rs_k(R->F, x),
                   rs_bits(R->F, x, r, R->relu));
        }
        printf("\n");
        return;
    }
    printf("    sources:");
    for (unsigned k = 0; k < R->nsrc; k++)
        for (unsigned j = 0; j < op_words(R->src_bits[k]); j++)
            printf(" s%u[%u]=%#llx", k, j, (unsigned long long)s[k][j]);
    printf("\n");
}

/* ---- tables ---------------------------------------------------------------------------------- */
typedef oracle_table table;
static table tabs[16];
static unsigned ntabs;

static ptxcpu_kernel kernel_of(const row *R, const table *t)
{
    ptxcpu_kernel k = NULL;
    if (oracle_kernel_of(&R->insn, t, &k) != PTXCPU_OK) {
        FAILF("FAIL %s on %s: ptxcpu_resolve: %s\n", shape(R), t->name, ptxcpu_last_error());
        return NULL;
    }
    return k;
}

static unsigned lane_print; /* per row and table */

/* ---- the cvt sweep ---------------------------------------------------------------------------- */
typedef struct pair { uint32_t x; uint8_t r; } pair;
static pair *pairs[NFMT];
static size_t npairs[NFMT], cap[NFMT];

static void push(unsigned f, uint32_t x, unsigned r)
{
    if (npairs[f] == cap[f]) {
        cap[f] = cap[f] ? 2 * cap[f] : 4096;
        pairs[f] = realloc(pairs[f], cap[f] * sizeof *pairs[f]);
        if (!pairs[f]) abort();
    }
    pairs[f][npairs[f]++] = (pair){x, (uint8_t)r};
}

/* magnitude x under 6 random bytes, each with a random sign */
static void add_x(unsigned f, uint32_t x, rng_t *g)
{
    x &= 0x7fffffff;
    const unsigned k = rs_k(&fmts[f], x);
    const unsigned rs[6] = {0, 255, 128, k ? 256 - k : 1, 255 - k, (unsigned)rng_below(g, 256)};
    for (unsigned i = 0; i < 6; i++)
        push(f, x | (uint32_t)rng_below(g, 2) << 31, rs[i]);
}

static uint32_t f32_bits(float v) { uint32_t b; memcpy(&b, &v, 4); return b; }

static void gen_sweep(unsigned f, rng_t *g)
{
    const fmt *F = &fmts[f];
    const int emin = 1 - (int)F->bias;
    for (unsigned E = 0; E < 255; E++) {
        const uint32_t generic[] = {0, 1, 0x400000, 0x7fffff, 0x3fffff, 0x400001, 0x7ffffe,
                                    (uint32_t)rng_next(g) & 0x7fffff, (uint32_t)rng_next(g) & 0x7fffff};
        for (unsigned i = 0; i < sizeof generic / sizeof generic[0]; i++)
            if (E || generic[i])
                add_x(f, E << 23 | generic[i], g);
        if (!E) { /* f32 subnormals */
            for (unsigned i = 0; i < 23; i++) {
                add_x(f, 1u << i, g), add_x(f, (1u << i) + 1, g);
                if (i) add_x(f, (1u << i) - 1, g);
            }
            continue;
        }
        /* D discarded bits at this exponent */
        const int fl = (int)E - 127, q = (fl > emin ? fl : emin) - (int)F->mb, D = q - ((int)E - 150);
        if (D > 23)
            continue;
        const uint32_t kept_all = (1u << (23 - D)) - 1;
        const uint32_t kepts[3] = {0, kept_all, (uint32_t)rng_next(g) & kept_all};
        const uint32_t dall = (1u << D) - 1;
        const unsigned kk[5] = {1, 127, 128, 255, 1 + (unsigned)rng_below(g, 254)};
        for (unsigned a = 0; a < 3; a++) {
            uint32_t disc[4 + 15 + 1] = {0, 1, 1u << (D - 1), dall};
            unsigned nd = 4;
            for (unsigned i = 0; i < 5; i++) {
                const uint32_t b = kk[i] << (D - 8);
                disc[nd++] = b, disc[nd++] = b - 1, disc[nd++] = (b + 1) & dall;
            }
            disc[nd++] = (uint32_t)rng_next(g) & dall;
            for (unsigned i = 0; i < nd; i++)
                add_x(f, E << 23 | kepts[a] << D | disc[i], g);
        }
    }
    /* the grid: every code (largest + ulp included), +-2 f32 ulps, points ulp * k / 256 above */
    for (unsigned c = 0; c <= F->maxcode + 1; c++) {
        const double v = fmt_decode(F, c);
        const uint32_t xb = f32_bits((float)v);
        for (int dd = -2; dd <= 2; dd++)
            if (!(xb == 0 && dd < 0))
                add_x(f, xb + (uint32_t)dd, g);
        int ex = 0;
        if (v) frexp(v, &ex);
        const int fl = v ? ex - 1 : emin;
        const double ulp = ldexp(1.0, (fl > emin ? fl : emin) - (int)F->mb);
        static const unsigned kk[] = {1, 2, 127, 128, 129, 254, 255};
        for (unsigned i = 0; i < sizeof kk / sizeof kk[0]; i++) {
            const uint32_t yb = f32_bits((float)(v + ulp * kk[i] / 256.0));
            add_x(f, yb - 1, g), add_x(f, yb, g), add_x(f, yb + 1, g);
        }
    }
    /* specials */
    static const uint32_t sp[] = {0, 0x7f800000, 0x7fc00000, 0x7f800001, 0x7fffffff, 0x7fa00000,
                                  0x7f7fffff, 0x00800000, 0x007fffff, 0x00000001, 0x7fbfffff};
    for (unsigned i = 0; i < sizeof sp / sizeof sp[0]; i++)
        add_x(f, sp[i], g);
    /* random f32, and random values near the format's range */
    for (unsigned i = 0; i < 1024; i++) {
        add_x(f, (uint32_t)rng_next(g), g);
        const unsigned E = (unsigned)(127 + emin - (int)F->mb - 10 +
                                      (int)rng_below(g, (uint64_t)(F->bias * 2 + F->mb + 16)));
        add_x(f, E << 23 | ((uint32_t)rng_next(g) & 0x7fffff), g);
    }
    /* shuffle: every element slot sees every kind */
    for (size_t i = npairs[f]; i > 1; i--) {
        const size_t j = rng_below(g, i);
        const pair t = pairs[f][i - 1];
        pairs[f][i - 1] = pairs[f][j], pairs[f][j] = t;
    }
}

/* the two models on every input of the sweep and on random ones */
static unsigned model_crosscheck(rng_t *g, size_t *checked)
{
    unsigned bad = 0;
    for (unsigned f = 0; f < NFMT; f++) {
        const fmt *F = &fmts[f];
        if (fmt_decode(F, F->maxcode) != F->maxval) {
            FAILF("FAIL model: %s's largest code %#x decodes to %g, want %g\n", F->name,
                  F->maxcode, fmt_decode(F, F->maxcode), F->maxval);
            bad++;
        }
        for (size_t i = 0; i < npairs[f] + 200000; i++) {
            const uint32_t x = i < npairs[f] ? pairs[f][i].x : (uint32_t)rng_next(g);
            const unsigned r = i < npairs[f] ? pairs[f][i].r : (unsigned)rng_below(g, 256);
            for (int relu = 0; relu < 2; relu++) {
                const unsigned a = rs_bits(F, x, r, relu), b = rs_double(F, x, r, relu);
                ++*checked;
                if (a != b) {
                    FAILF("FAIL model: %s%s x=%08x r=%u: integers %#x, doubles %#x\n", F->name,
                          relu ? " relu" : "", x, r, a, b);
                    bad++;
                }
            }
        }
    }
    return bad;
}

/* ---- bulk runs: packed registers, many warps ------------------------------------------------ */
static void bulk_compare(const row *R, const table *t, const char *path, size_t nw,
                         uint8_t *const S[4], const uint8_t *D, const uint8_t *D0,
                         const uint32_t *G)
{
    const size_t db = ptxcpu_reg_bytes(R->dst_bits);
    for (size_t w = 0; w < nw; w++) {
        const uint32_t gm = G ? G[w] : ~0u;
        for (unsigned l = 0; l < 32; l++) {
            uint64_t s[4][4] = {{0}}, want[4] = {0};
            for (unsigned k = 0; k < R->nsrc; k++)
                for (unsigned j = 0; j < op_words(R->src_bits[k]); j++)
                    s[k][j] = op_get(S[k] + w * ptxcpu_reg_bytes(R->src_bits[k]), R->src_bits[k], l, j);
            const int on = (int)(gm >> l & 1);
            if (on)
                lane_model(R, s, want);
            for (unsigned j = 0; j < op_words(R->dst_bits); j++) {
                const uint64_t got = op_get(D + w * db, R->dst_bits, l, j);
                const uint64_t wv = on ? want[j] : op_get(D0 + w * db, R->dst_bits, l, j);
                if (got != wv) {
                    fails++;
                    if (printed++ < FAIL_CAP && lane_print++ < 4) {
                        printf("FAIL %s on %s (%s): warp %zu lane %u, d word %u: %#llx, want "
                               "%#llx%s\n",
                               shape(R), t->name, path, w, l, j, (unsigned long long)got,
                               (unsigned long long)wv, on ? "" : " (outside the guard: kept)");
                        if (on) print_lane(R, s);
                    }
                }
            }
        }
    }
}

static uint32_t gen_guard(rng_t *g, unsigned sel)
{
    switch (sel % 6) {
    case 0: case 1: return ~0u;
    case 2: return 0;
    case 3: return (uint32_t)rng_next(g);
    case 4: return 1u << rng_below(g, 32) | 1u << rng_below(g, 32); /* sparse */
    default: return ~(1u << rng_below(g, 32));
    }
}

static size_t bulk_warps, bulk_elems;

static void bulk(const row *R, const table *t, ptxcpu_kernel k, rng_t *g)
{
    size_t nw;
    if (R->kind == K_CVTRS) {
        const unsigned f = (unsigned)(R->F - fmts);
        nw = (npairs[f] + 127) / 128;
    } else {
        nw = 256 / test_scale();
        nw = nw < 8 ? 8 : nw;
    }
    uint8_t *S[4] = {0};
    const size_t db = ptxcpu_reg_bytes(R->dst_bits);
    for (unsigned q = 0; q < R->nsrc; q++) {
        const size_t sb = nw * ptxcpu_reg_bytes(R->src_bits[q]);
        S[q] = aligned_alloc(64, (sb + 63) / 64 * 64);
        for (size_t i = 0; i < sb; i++)
            S[q][i] = (uint8_t)rng_next(g);
    }
    uint8_t *D = aligned_alloc(64, (nw * db + 63) / 64 * 64), *D0 = malloc(nw * db);
    uint32_t *G = malloc(nw * 4);
    for (size_t i = 0; i < nw * db; i++)
        D0[i] = (uint8_t)rng_next(g);
    memcpy(D, D0, nw * db);
    if (R->kind == K_CVTRS) { /* the sweep: 4 pairs a lane, their bytes in rbits */
        const unsigned f = (unsigned)(R->F - fmts);
        for (size_t l = 0; l < nw * 32; l++) {
            uint32_t rb = 0;
            for (unsigned j = 0; j < 4; j++) {
                const size_t i = 4 * l + j;
                const pair p = i < npairs[f] ? pairs[f][i] : pairs[f][rng_below(g, npairs[f])];
                op_put(S[0] + l / 32 * 512, R->src_bits[0], (unsigned)(l % 32), j, p.x);
                rb |= (uint32_t)p.r << rbyte_pos(R->F, j);
            }
            op_put(S[1] + l / 32 * 128, 32, (unsigned)(l % 32), 0, rb);
        }
    }
    for (size_t w = 0; w < nw; w++)
        G[w] = R->kind == K_CVTRS ? ~0u : gen_guard(g, (unsigned)w);
    ptxcpu_batch bt = {.n = nw, .d = D, .d_stride = (ptrdiff_t)db,
                       .guard = R->kind == K_CVTRS ? NULL : G, .guard_stride = 4};
    for (unsigned q = 0; q < R->nsrc; q++)
        bt.src[q] = (ptxcpu_src){S[q], (ptrdiff_t)ptxcpu_reg_bytes(R->src_bits[q])};
    const ptxcpu_status st = ptxcpu_run(k, &bt);
    if (st != PTXCPU_OK)
        FAILF("FAIL %s on %s (bulk, %zu warps): ptxcpu_run: %s: %s\n", shape(R), t->name, nw,
              ptxcpu_status_name(st), ptxcpu_last_error());
    else
        bulk_compare(R, t, R->kind == K_CVTRS ? "bulk sweep" : "bulk", nw, S, D, D0,
                     R->kind == K_CVTRS ? NULL : G);
    bulk_warps += nw, bulk_elems += nw * 32 * (R->kind == K_CVTRS ? 4 : 1);
    for (unsigned q = 0; q < R->nsrc; q++)
        free(S[q]);
    free(D), free(D0), free(G);
}

/* ---- register files of 1-4 warps -------------------------------------------------------------
 * One warp's file: d's slot (512 bytes), the sources' slots (512 each), the guard mask, padding. */
enum { RFB = 2624, OFF_D = 0, OFF_S = 512, OFF_G = 2560, MAXRF = 4 };
typedef struct rfile { _Alignas(64) uint8_t b[RFB]; } rfile;
static rfile rf0[MAXRF], rfwant[MAXRF], rfgot[MAXRF], rfone[MAXRF], rfprep[MAXRF];

typedef struct layout {
    unsigned n;
    int alias;     /* -1: d in its own slot; k: d exactly source k */
    int uniform;   /* -1: none; k: source k uniform (stride 0, warp 0's slot) */
    int guard_mode; /* 0 per warp, 1 uniform, 2 NULL */
} layout;
static unsigned alias_trials, uniform_trials, guard_trials[3], n1_trials, trials;

static const char *layout_words(const row *R, const layout *L)
{
    static char buf[128];
    static const char *sn[2][4] = {{"a", "b", "c", "e"}, {"{a, b, e, f}", "rbits", "", ""}};
    const int cv = R->kind == K_CVTRS;
    char al[40] = "", un[40] = "";
    if (L->alias >= 0) snprintf(al, sizeof al, ", d = %s", sn[cv][L->alias]);
    if (L->uniform >= 0) snprintf(un, sizeof un, ", %s uniform", sn[cv][L->uniform]);
    snprintf(buf, sizeof buf, "%u warps%s%s%s", L->n, al, un,
             L->guard_mode == 1 ? ", guard uniform" : L->guard_mode == 2 ? ", guard NULL" : "");
    return buf;
}

static size_t d_off(const layout *L) { return L->alias >= 0 ? OFF_S + 512 * (size_t)L->alias : OFF_D; }

static ptxcpu_batch rf_batch(const row *R, rfile *rf, unsigned w0, unsigned n, const layout *L)
{
    ptxcpu_batch bt = {.n = n, .d = rf[w0].b + d_off(L), .d_stride = RFB};
    bt.guard = L->guard_mode == 2 ? NULL : L->guard_mode == 1 ? (const uint32_t *)(rf[0].b + OFF_G)
                                                              : (const uint32_t *)(rf[w0].b + OFF_G);
    bt.guard_stride = L->guard_mode == 0 ? RFB : 0;
    for (unsigned q = 0; q < R->nsrc; q++)
        bt.src[q] = (int)q == L->uniform ? (ptxcpu_src){rf[0].b + OFF_S + 512 * q, 0}
                                         : (ptxcpu_src){rf[w0].b + OFF_S + 512 * q, RFB};
    return bt;
}

static void rf_diff(const row *R, const table *t, const char *path, const layout *L,
                    const rfile *got, const rfile *want)
{
    const uint8_t *gp = (const uint8_t *)got, *wp = (const uint8_t *)want;
    for (size_t o = 0; o < sizeof(rfile) * L->n; o++) {
        if (gp[o] == wp[o])
            continue;
        fails++;
        if (printed++ >= FAIL_CAP || lane_print++ >= 4)
            return;
        const unsigned w = (unsigned)(o / RFB);
        const size_t in = o % RFB;
        char what[96];
        const size_t doff = d_off(L);
        const unsigned dbytes = (unsigned)ptxcpu_reg_bytes(R->dst_bits);
        if (in >= doff && in < doff + dbytes) {
            const size_t x = in - doff;
            const unsigned wb = op_wbits(R->dst_bits) / 8, j = (unsigned)(x / (32 * wb)),
                           lane = (unsigned)(x % (32 * wb) / wb);
            snprintf(what, sizeof what, "d word %u, lane %u (byte %zu of it)", j, lane, x % wb);
            printf("FAIL %s on %s (%s, %s): warp %u, %s: %#04x, want %#04x\n", shape(R), t->name,
                   path, layout_words(R, L), w, what, gp[o], wp[o]);
            uint64_t s[4][4] = {{0}};
            for (unsigned q = 0; q < R->nsrc; q++)
                for (unsigned jj = 0; jj < op_words(R->src_bits[q]); jj++)
                    s[q][jj] = op_get(rf0[(int)q == L->uniform ? 0 : w].b + OFF_S + 512 * q,
                                      R->src_bits[q], lane, jj);
            printf("    lane %u: d word %u %#llx, want %#llx\n", lane, j,
                   (unsigned long long)op_get(gp + (size_t)w * RFB + doff, R->dst_bits, lane, j),
                   (unsigned long long)op_get(wp + (size_t)w * RFB + doff, R->dst_bits, lane, j));
            print_lane(R, s);
        } else {
            snprintf(what, sizeof what, "%s byte %zu",
                     in < OFF_S ? "d's slot (past d)" : in < OFF_G ? "a source's slot" : "guard/padding", in);
            printf("FAIL %s on %s (%s, %s): warp %u, %s: %#04x, want %#04x (not d: unchanged)\n",
                   shape(R), t->name, path, layout_words(R, L), w, what, gp[o], wp[o]);
        }
        return;
    }
}

static void rf_trial(const row *R, const table *t, ptxcpu_kernel k, rng_t *g)
{
    layout L = {1 + (unsigned)rng_below(g, MAXRF), -1, -1, 0};
    if (rng_below(g, 2))
        L.alias = (int)rng_below(g, R->nsrc);
    if (rng_below(g, 4) == 0) {
        const int u = (int)rng_below(g, R->nsrc);
        if (u != L.alias) L.uniform = u;
    }
    const unsigned gm = (unsigned)rng_below(g, 5);
    L.guard_mode = gm < 3 ? 0 : (int)gm - 2;
    trials++, alias_trials += L.alias >= 0, uniform_trials += L.uniform >= 0;
    guard_trials[L.guard_mode]++, n1_trials += L.n == 1;

    uint8_t *raw = (uint8_t *)rf0;
    for (size_t i = 0; i < sizeof rf0; i++)
        raw[i] = (uint8_t)rng_next(g);
    for (unsigned w = 0; w < L.n; w++) {
        const uint32_t gmask = gen_guard(g, (unsigned)rng_below(g, 6));
        memcpy(rf0[w].b + OFF_G, &gmask, 4);
        if (R->kind == K_CVTRS) { /* inputs from the sweep, their bytes in rbits */
            const unsigned f = (unsigned)(R->F - fmts);
            for (unsigned l = 0; l < 32; l++) {
                uint32_t rb = 0;
                for (unsigned j = 0; j < 4; j++) {
                    const pair p = pairs[f][rng_below(g, npairs[f])];
                    op_put(rf0[w].b + OFF_S, R->src_bits[0], l, j, p.x);
                    rb |= (uint32_t)p.r << rbyte_pos(R->F, j);
                }
                op_put(rf0[w].b + OFF_S + 512, 32, l, 0, rb);
            }
        } /* mov: the random bytes already there */
    }
    /* the model's file: guarded lanes of every word of d replaced, read from the sources before */
    memcpy(rfwant, rf0, sizeof rf0);
    for (unsigned w = 0; w < L.n; w++) {
        uint32_t gmask = ~0u;
        if (L.guard_mode != 2)
            memcpy(&gmask, rf0[L.guard_mode == 1 ? 0 : w].b + OFF_G, 4);
        for (unsigned l = 0; l < 32; l++) {
            if (!(gmask >> l & 1))
                continue;
            uint64_t s[4][4] = {{0}}, d[4] = {0};
            for (unsigned q = 0; q < R->nsrc; q++)
                for (unsigned j = 0; j < op_words(R->src_bits[q]); j++)
                    s[q][j] = op_get(rf0[(int)q == L.uniform ? 0 : w].b + OFF_S + 512 * q,
                                     R->src_bits[q], l, j);
            lane_model(R, s, d);
            for (unsigned j = 0; j < op_words(R->dst_bits); j++)
                op_put(rfwant[w].b + d_off(&L), R->dst_bits, l, j, d[j]);
        }
    }
    /* one call of n warps */
    memcpy(rfgot, rf0, sizeof rf0);
    ptxcpu_batch bt = rf_batch(R, rfgot, 0, L.n, &L);
    ptxcpu_status st = ptxcpu_run(k, &bt);
    if (st != PTXCPU_OK) {
        FAILF("FAIL %s on %s (%s): ptxcpu_run: %s: %s\n", shape(R), t->name, layout_words(R, &L),
              ptxcpu_status_name(st), ptxcpu_last_error());
        return;
    }
    if (memcmp(rfgot, rfwant, sizeof(rfile) * L.n))
        rf_diff(R, t, "one call", &L, rfgot, rfwant);
    /* one warp a call */
    memcpy(rfone, rf0, sizeof rf0);
    for (unsigned w = 0; w < L.n; w++) {
        bt = rf_batch(R, rfone, w, 1, &L);
        if ((st = ptxcpu_run(k, &bt)) != PTXCPU_OK) {
            FAILF("FAIL %s on %s (one warp, %s): ptxcpu_run: %s: %s\n", shape(R), t->name,
                  layout_words(R, &L), ptxcpu_status_name(st), ptxcpu_last_error());
            return;
        }
    }
    if (memcmp(rfone, rfwant, sizeof(rfile) * L.n))
        rf_diff(R, t, "one warp a call", &L, rfone, rfwant);
    /* prepared: n warps at once, and each warp alone */
    for (unsigned step = L.n; ; step = 1) {
        memcpy(rfprep, rf0, sizeof rf0);
        for (unsigned w = 0; w < L.n; w += step) {
            ptxcpu_prepared p;
            bt = rf_batch(R, rfprep, w, step, &L);
            if ((st = ptxcpu_prepare(k, &bt, 0, &p)) != PTXCPU_OK) {
                FAILF("FAIL %s on %s (prepared, %s): ptxcpu_prepare: %s: %s\n", shape(R), t->name,
                      layout_words(R, &L), ptxcpu_status_name(st), ptxcpu_last_error());
                return;
            }
            ptxcpu_run_prepared(&p);
        }
        if (memcmp(rfprep, rfwant, sizeof(rfile) * L.n))
            rf_diff(R, t, step == 1 ? "prepared, one warp a call" : "prepared", &L, rfprep, rfwant);
        if (step == 1)
            break;
    }
}

/* ---- VEC_FULL: every f32 pattern ------------------------------------------------------------- */
enum { FULL_LANES = 1 << 14, FULL_CHUNKS = (int)((1ull << 32) / (4ull * FULL_LANES)) };

static unsigned long long full_sweep(const row *R, ptxcpu_kernel *ks, const table **kt, unsigned nk,
                                     unsigned step)
{
    unsigned long long bad = 0, done = 0;
#pragma omp parallel reduction(+ : bad, done)
    {
        uint8_t *A = aligned_alloc(64, FULL_LANES / 32 * 512), *Rb = aligned_alloc(64, FULL_LANES * 4);
        uint8_t *D = aligned_alloc(64, FULL_LANES * 4);
        uint32_t *want = malloc(FULL_LANES * 4);
        const size_t db = ptxcpu_reg_bytes(R->dst_bits);
#pragma omp for schedule(dynamic)
        for (int c = 0; c < FULL_CHUNKS; c += (int)step) {
            for (unsigned l = 0; l < FULL_LANES; l++) {
                uint32_t x[4], rb = 0;
                for (unsigned j = 0; j < 4; j++) {
                    x[j] = (uint32_t)((uint64_t)c * 4 * FULL_LANES + 4ull * l + j);
                    const uint64_t h = splitmix64(x[j] ^ (uint64_t)(R - rows) << 40);
                    const unsigned k = rs_k(R->F, x[j]);
                    const unsigned sel = (unsigned)(h % 5);
                    const unsigned r = sel == 0 ? 0 : sel == 1 ? 255 : sel == 2 ? (k ? 256 - k : 0)
                                     : sel == 3 ? 255 - k : (unsigned)(h >> 32 & 0xff);
                    rb |= r << rbyte_pos(R->F, j);
                    op_put(A + l / 32 * 512, R->src_bits[0], l % 32, j, x[j]);
                }
                memcpy(Rb + 4 * l, &rb, 4);
                want[l] = cvt_lane(R->F, R->relu, x, rb);
            }
            for (unsigned i = 0; i < nk; i++) {
                ptxcpu_batch bt = {.n = FULL_LANES / 32, .d = D, .d_stride = (ptrdiff_t)db};
                bt.src[0] = (ptxcpu_src){A, 512}, bt.src[1] = (ptxcpu_src){Rb, 128};
                if (ptxcpu_run(ks[i], &bt) != PTXCPU_OK) {
                    bad++;
                    continue;
                }
                for (unsigned l = 0; l < FULL_LANES; l++) {
                    const uint32_t got = (uint32_t)op_get(D + l / 32 * db, R->dst_bits, l % 32, 0);
                    if (got != want[l]) {
                        bad++;
#pragma omp critical
                        if (printed++ < FAIL_CAP) {
                            uint64_t s[4][4] = {{0}};
                            for (unsigned j = 0; j < 4; j++)
                                s[0][j] = op_get(A + l / 32 * 512, R->src_bits[0], l % 32, j);
                            s[1][0] = op_get(Rb + l / 32 * 128, 32, l % 32, 0);
                            printf("FAIL %s on %s (full sweep): d %#x, want %#x\n", shape(R),
                                   kt[i]->name, got, want[l]);
                            print_lane(R, s);
                        }
                    }
                }
            }
            done += 4ull * FULL_LANES;
        }
        free(A), free(Rb), free(D), free(want);
    }
    fails += (unsigned)(bad > 1000000 ? 1000000 : bad);
    return done;
}

int main(void)
{
    const unsigned scale = test_scale();
    const char *fe = getenv("VEC_FULL"), *fs = getenv("VEC_FULL_STEP");
    const int full = fe && atoi(fe) > 0;
    const unsigned fstep = fs && atoi(fs) > 0 ? (unsigned)atoi(fs) : 1;
    const unsigned ntrials = 48 / scale < 8 ? 8 : 48 / scale;

    rng_t g = {0x7ec4};
    for (unsigned f = 0; f < NFMT; f++)
        gen_sweep(f, &g);
    size_t checked = 0;
    const unsigned bad_model = worked_examples() + model_crosscheck(&g, &checked);

    enumerate();
    const unsigned bad_table = check_table_and_shapes();

    ntabs = oracle_tables_init(tabs, 16);

    unsigned runs = 0;
    unsigned long long full_done = 0;
    for (unsigned i = 0; i < nrow; i++) {
        const row *R = &rows[i];
        if (!R->parsed)
            continue; /* reported */
        ptxcpu_kernel ks[16];
        const table *kt[16];
        unsigned nk = 0;
        for (unsigned t = 0; t < ntabs; t++) {
            const ptxcpu_kernel k = kernel_of(R, &tabs[t]);
            if (!k)
                continue;
            lane_print = 0;
            runs++, tabs[t].used++;
            ks[nk] = k, kt[nk++] = &tabs[t];
            bulk(R, &tabs[t], k, &g);
            for (unsigned n = 0; n < ntrials; n++)
                rf_trial(R, &tabs[t], k, &g);
        }
        if (full && R->kind == K_CVTRS)
            full_done += full_sweep(R, ks, kt, nk, fstep);
    }

    ORACLE_PRINT_TABLES(tabs, ntabs);
    unsigned nused = 0;
    for (unsigned t = 0; t < ntabs; t++)
        nused += tabs[t].used != 0;
    size_t sweep = 0;
    for (unsigned f = 0; f < NFMT; f++)
        sweep += npairs[f];
    printf("models: %zu conversions agree by integers and by doubles (%u disagree); cvt sweep %zu "
           "(f32, byte) pairs over %u formats\n",
           checked, bad_model, sweep, (unsigned)NFMT);
    printf("register-file trials: %u (one warp %u; d exactly a source %u; a source uniform %u; "
           "guard uniform %u, NULL %u)\n",
           trials, n1_trials, alias_trials, uniform_trials, guard_trials[1], guard_trials[2]);
    if (full)
        printf("VEC_FULL: %llu f32 patterns through each cvt row on each table (every %u-th chunk)\n",
               full_done / 10, fstep);
    if (printed > FAIL_CAP)
        printf("(%u more failures not printed)\n", printed - FAIL_CAP);
    printf("%s: %u rows (%u table/shape failures), %u kernel runs on %u tables: %zu bulk warps (%zu "
           "elements), %u register-file trials; %u failing checks\n",
           fails ? "FAIL" : "PASS", nrow, bad_table, runs, nused, bulk_warps, bulk_elems, trials,
           fails);
    return fails != 0;
}
