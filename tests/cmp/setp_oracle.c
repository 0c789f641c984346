/* Oracle of setp and set (9.7.6.1-2, and on halves 9.7.7.1-2) on every ISA this machine runs:
 * setp's p = BoolOp(a CmpOp b, c) and q = BoolOp(!(a CmpOp b), c) (d is p|q,
 * PTXCPU_DST_PRED_PAIR; a packed half source's q is the high halves' BoolOp(t, c)), set's d = 1.0
 * in d's float format or all ones (0xffff for 16 bits, and a half of a packed source's .u32) where
 * p holds, else 0, from C's own comparison operators on the host's types (floats compared as
 * floats: f16 as _Float16, bf16 as the float its bits are the top of; .ftz flushing below the
 * smallest normal), the operators read from the mnemonic here, not from the library's table. Edge
 * values (zeros of both signs, subnormals, infinities, NaNs with payloads, INT_MIN, all ones) and
 * random bits; every 16-bit b against 4 values of a (every a with PTXCPU_CMP_FULL=1); random guards
 * and c masks, lanes outside the guard checked unchanged. */
#include "ptxcpu.h"
#include "oracle_isas.h"
#include "test_common.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct spelling {
    char cmp[4], bop[4];
    int ftz, set;   /* set: d is a register of type dtype */
    char dtype[8];  /* set's d: u32 s32 f32 u16 s16 f16 bf16 f16x2 bf16x2 */
    char type;      /* the source's kind: 'b', 'u', 's', 'f' (float: f16, bf16, f32, f64) */
    int bf, x2;     /* a bf16 source; a packed one (two halves a lane) */
    unsigned w;     /* bits of one compared value (16 for a packed half source) */
    unsigned sbits, dbits; /* bits of a source lane, of set's d lane */
} spelling;

static unsigned type_bits(const char *t)
{
    return strstr(t, "x2") ? 32 : (unsigned)atoi(t + 1 + (t[0] == 'b' && t[1] == 'f'));
}

static int parse(const char *mn, spelling *s)
{
    char buf[64], *parts[7] = {0}, *save = NULL;
    int n = 0;
    memset(s, 0, sizeof *s);
    if (strlen(mn) >= sizeof buf)
        return 0;
    strcpy(buf, mn);
    for (char *t = strtok_r(buf, ".", &save); t && n < 7; t = strtok_r(NULL, ".", &save))
        parts[n++] = t;
    if (n < 3)
        return 0;
    s->set = !strcmp(parts[0], "set");
    if (n < 3 + s->set || (strcmp(parts[0], "setp") && !s->set) || strlen(parts[1]) > 3)
        return 0;
    strcpy(s->cmp, parts[1]);
    if (s->set) { /* set.CmpOp{.BoolOp}{.ftz}.dtype.stype */
        static const char *const dtypes[] = {"u32", "s32", "f32", "u16", "s16", "f16", "bf16",
                                             "f16x2", "bf16x2"};
        for (unsigned k = 0; k < sizeof dtypes / sizeof *dtypes; k++)
            if (!strcmp(parts[n - 2], dtypes[k]))
                strcpy(s->dtype, dtypes[k]);
        if (!s->dtype[0])
            return 0;
        s->dbits = type_bits(s->dtype);
    }
    for (int i = 2; i < n - 1 - s->set; i++) {
        if (!strcmp(parts[i], "ftz"))
            s->ftz = 1;
        else if (strlen(parts[i]) <= 3)
            strcpy(s->bop, parts[i]);
        else
            return 0;
    }
    const char *st = parts[n - 1];
    s->bf = !strncmp(st, "bf", 2);
    s->x2 = strstr(st, "x2") != NULL;
    s->type = s->bf ? 'f' : st[0];
    s->sbits = type_bits(st);
    s->w = s->x2 ? 16 : s->sbits;
    return s->w == 16 || s->w == 32 || s->w == 64;
}

static float flush32(float x) { return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x; }
static double flush64(double x) { return fpclassify(x) == FP_SUBNORMAL ? copysign(0.0, x) : x; }

/* A 16-bit float's value: f16 by the compiler's _Float16 where it has one (else from its fields
 * by ldexp), bf16 as the f32 whose top half it is; .ftz: below the smallest normal, a zero */
static double half_value(const spelling *s, uint16_t h)
{
    double v;
    if (s->bf) {
        uint32_t u = (uint32_t)h << 16;
        float f;
        memcpy(&f, &u, 4);
        v = f;
    } else {
#ifdef __FLT16_MANT_DIG__
        _Float16 f;
        memcpy(&f, &h, 2);
        v = (double)f;
#else
        const int e = h >> 10 & 31, m = h & 0x3ff;
        v = e == 31 ? (m ? NAN : INFINITY) : e ? ldexp(1024 + m, e - 25) : ldexp(m, -24);
        v = (h & 0x8000) ? -v : v;
#endif
    }
    if (s->ftz && fabs(v) < 0x1p-14)
        v = copysign(0.0, v);
    return v;
}

/* t = a CmpOp b with C's operators on the spelling's type (a, b: one compared value each) */
static int compare(const spelling *s, uint64_t a, uint64_t b)
{
    int lt, eq, gt, un = 0;
    if (s->type == 'f') {
        double x, y;
        if (s->w == 16)
            x = half_value(s, (uint16_t)a), y = half_value(s, (uint16_t)b);
        else if (s->w == 32) {
            float fx, fy;
            uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
            memcpy(&fx, &ua, 4), memcpy(&fy, &ub, 4);
            if (s->ftz)
                fx = flush32(fx), fy = flush32(fy);
            x = fx, y = fy;
        } else {
            memcpy(&x, &a, 8), memcpy(&y, &b, 8);
            if (s->ftz)
                x = flush64(x), y = flush64(y);
        }
        un = isnan(x) || isnan(y);
        lt = x < y, eq = x == y, gt = x > y;
    } else if (s->type == 's') {
        int64_t x = s->w == 16 ? (int16_t)a : s->w == 32 ? (int32_t)a : (int64_t)a;
        int64_t y = s->w == 16 ? (int16_t)b : s->w == 32 ? (int32_t)b : (int64_t)b;
        lt = x < y, eq = x == y, gt = x > y;
    } else
        lt = a < b, eq = a == b, gt = a > b;
    const char *c = s->cmp;
    if (!strcmp(c, "num")) return !un;
    if (!strcmp(c, "nan")) return un;
    size_t len = strlen(c);
    int unordered = s->type == 'f' && len == 3 && c[2] == 'u'; /* equ .. geu */
    if (unordered && un)
        return 1;
    if (!strncmp(c, "eq", 2)) return eq;
    if (!strncmp(c, "ne", 2)) return unordered ? !eq : (!un && !eq);
    if (!strncmp(c, "lt", 2) || !strcmp(c, "lo")) return lt;
    if (!strncmp(c, "le", 2) || !strcmp(c, "ls")) return lt || eq;
    if (!strncmp(c, "gt", 2) || !strcmp(c, "hi")) return gt;
    return gt || eq; /* ge, geu, hs */
}

static int boolop(const spelling *s, int t, int c)
{
    return !s->bop[0] ? t : !strcmp(s->bop, "and") ? t & c : !strcmp(s->bop, "or") ? t | c : t ^ c;
}

static uint64_t edge_value(const spelling *s, uint64_t r)
{
    static const uint64_t f16[] = {0, 0x8000, 1, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x7bff,
                                   0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7c01, 0x7dff, 0x83ff};
    static const uint64_t bf16[] = {0, 0x8000, 1, 0x8001, 0x007f, 0x0080, 0x3f80, 0xbf80, 0x7f7f,
                                    0x7f80, 0xff80, 0x7fc0, 0xffc1, 0x7f81, 0x7fbf, 0x807f};
    static const uint64_t f32[] = {0, 0x80000000, 1, 0x80000001, 0x007fffff, 0x00800000,
                                   0x3f800000, 0xbf800000, 0x7f7fffff, 0x7f800000, 0xff800000,
                                   0x7fc00000, 0xffc00001, 0x7f800001, 0x7fbfffff};
    static const uint64_t f64[] = {0, 1ull << 63, 1, (1ull << 63) | 1, 0x000fffffffffffffull,
                                   0x0010000000000000ull, 0x3ff0000000000000ull,
                                   0xbff0000000000000ull, 0x7ff0000000000000ull,
                                   0xfff0000000000000ull, 0x7ff8000000000000ull,
                                   0xfff0000000000001ull, 0x7fefffffffffffffull};
    if (s->x2) /* two halves, each an edge or random bits */
        return edge_value(&(spelling){.type = 'f', .bf = s->bf, .w = 16}, r) |
               edge_value(&(spelling){.type = 'f', .bf = s->bf, .w = 16}, r * 0x9e3779b97f4a7c15ull) << 16;
    const uint64_t mask = s->w == 64 ? ~0ull : (1ull << s->w) - 1;
    if (s->type == 'f' && (r & 3) != 3) {
        const uint64_t *t = s->w == 16 ? (s->bf ? bf16 : f16) : s->w == 32 ? f32 : f64;
        const size_t n = s->w == 16 ? 16 : s->w == 32 ? sizeof f32 / 8 : sizeof f64 / 8;
        return t[(r >> 2) % n];
    }
    if ((r & 3) == 2) { /* integer edges: 0, 1, all ones, INT_MIN, INT_MAX */
        const uint64_t top = 1ull << (s->w - 1), e[] = {0, 1, mask, top, top - 1, top + 1};
        return e[(r >> 2) % 6];
    }
    return (r >> 8) & mask;
}

typedef struct run {
    size_t warps;
    uint64_t *a, *b;
    uint32_t *c, *guard, *d, *d0; /* d, d0: set's 32 lanes a warp, or setp's p and q */
} run;

/* set's d for one compare (of a lane, or of one half of a packed one): true or 0 */
static uint32_t set_value(const spelling *s, int p)
{
    static const struct { const char *t; uint32_t one; } ones[] = {
        {"f32", 0x3f800000u}, {"f16", 0x3c00}, {"f16x2", 0x3c00}, {"bf16", 0x3f80},
        {"bf16x2", 0x3f80}, {"u16", 0xffff}, {"s16", 0xffff}};
    uint32_t one = s->x2 ? 0xffff : 0xffffffffu;
    for (unsigned k = 0; k < sizeof ones / sizeof *ones; k++)
        if (!strcmp(s->dtype, ones[k].t))
            one = ones[k].one;
    return p ? one : 0;
}

/* d's expected lane i of warp w (set: its bits; setp: p | q << 1) from the inputs and its value
 * before (d0) where the guard leaves it */
static uint32_t want_lane(const spelling *s, const run *r, size_t w, unsigned i)
{
    size_t l = w * 32 + i;
    const int c = (r->c[w] >> i) & 1;
    const uint64_t a = r->a[l], b = r->b[l];
    if (s->set) {
        if (!((r->guard[w] >> i) & 1))
            return r->d0[l];
        if (s->x2)
            return set_value(s, boolop(s, compare(s, a & 0xffff, b & 0xffff), c)) |
                   set_value(s, boolop(s, compare(s, a >> 16, b >> 16), c)) << 16;
        return set_value(s, boolop(s, compare(s, a, b), c));
    }
    uint32_t v = 0;
    for (unsigned k = 0; k < 2; k++) { /* p, then q */
        unsigned bit = (r->d0[2 * w + k] >> i) & 1;
        if ((r->guard[w] >> i) & 1)
            bit = (unsigned)boolop(s, s->x2 ? compare(s, (a >> 16 * k) & 0xffff, (b >> 16 * k) & 0xffff)
                                            : compare(s, a, b) ^ (int)k, c);
        v |= bit << k;
    }
    return v;
}
static uint32_t got_lane(const spelling *s, const run *r, size_t w, unsigned i)
{
    if (s->set)
        return r->d[w * 32 + i];
    return ((r->d[2 * w] >> i) & 1) | ((r->d[2 * w + 1] >> i) & 1) << 1;
}

static unsigned check(ptxcpu_kernel k_, const spelling *s, const char *mn, const run *r,
                      unsigned *fails)
{
    const unsigned bytes = s->sbits / 8, dlane = s->set ? s->dbits / 8 : 0;
    const size_t dbytes = s->set ? 32 * dlane : 8; /* a warp's d: 32 lanes, or setp's p and q */
    uint8_t *a = malloc(r->warps * 32 * bytes), *b = malloc(r->warps * 32 * bytes);
    uint8_t *d = malloc(r->warps * dbytes);
    if (!a || !b || !d) {
        printf("FAIL %s: out of memory\n", mn);
        free(a), free(b), free(d);
        return ++*fails;
    }
    for (size_t i = 0; i < r->warps * 32; i++)
        memcpy(a + i * bytes, &r->a[i], bytes), memcpy(b + i * bytes, &r->b[i], bytes);
    for (size_t i = 0; i < r->warps * (s->set ? 32 : 2); i++) /* (set's lanes, setp's masks) */
        memcpy(d + i * (s->set ? dlane : 4), &r->d0[i],
               s->set ? dlane : 4);
    ptxcpu_batch bt = {.n = r->warps, .d = d, .d_stride = (ptrdiff_t)dbytes, .guard = r->guard,
                       .guard_stride = 4};
    bt.src[0] = (ptxcpu_src){a, 32 * bytes};
    bt.src[1] = (ptxcpu_src){b, 32 * bytes};
    if (s->bop[0])
        bt.src[2] = (ptxcpu_src){r->c, 4};
    unsigned bad = 0;
    ptxcpu_status st = ptxcpu_run(k_, &bt);
    if (st != PTXCPU_OK) {
        printf("FAIL %s on %s: %s\n", mn, ptxcpu_kernel_variant(k_), ptxcpu_last_error());
        bad++, (*fails)++;
    }
    for (size_t i = 0; i < r->warps * (s->set ? 32 : 2); i++) {
        uint32_t v = 0; /* (little-endian lanes: a 16-bit d fills the low half) */
        memcpy(&v, d + i * (s->set ? dlane : 4), s->set ? dlane : 4);
        r->d[i] = v;
    }
    for (size_t w = 0; w < r->warps && !bad; w++)
        for (unsigned i = 0; i < 32; i++) {
            size_t l = w * 32 + i;
            uint32_t want = want_lane(s, r, w, i), got = got_lane(s, r, w, i);
            if (got != want && (*fails)++ < FAIL_CAP) {
                printf("FAIL %s on %s: a=%#llx b=%#llx c=%u guard=%u: d=%#x, want %#x\n", mn,
                       ptxcpu_kernel_variant(k_), (unsigned long long)r->a[l],
                       (unsigned long long)r->b[l], (r->c[w] >> i) & 1, (r->guard[w] >> i) & 1,
                       got, want);
                bad++;
            }
        }
    free(a), free(b), free(d);
    return bad;
}

/* The inputs of one spelling: random pairs (edges and bits, either order), then for 16-bit types
 * every b against a sampled set of a (every a with PTXCPU_CMP_FULL). */
static void fill(const spelling *s, run *r, uint64_t seed, uint64_t a_fixed, int sweep)
{
    rng_t g = {seed};
    for (size_t w = 0; w < r->warps; w++) {
        r->c[w] = (uint32_t)rng_next(&g);
        r->guard[w] = (w % 4 == 0) ? ~0u : (uint32_t)rng_next(&g);
        for (unsigned k = 0; k < 32; k++) /* (setp's p|q: the first two words) */
            r->d0[32 * w + k] = (uint32_t)rng_next(&g) & (s->dbits == 16 ? 0xffffu : ~0u);
        for (unsigned i = 0; i < 32; i++) {
            size_t l = w * 32 + i;
            if (sweep) { /* (a packed source: the high halves swept too, against a's negation) */
                r->a[l] = a_fixed | (s->x2 ? (a_fixed ^ 0x8000) << 16 : 0);
                r->b[l] = (l & 0xffff) | (s->x2 ? ((l * 40503) & 0xffff) << 16 : 0);
                continue;
            }
            r->a[l] = edge_value(s, rng_next(&g));
            r->b[l] = (rng_next(&g) & 7) == 0 ? r->a[l] : edge_value(s, rng_next(&g));
        }
    }
}

int main(void)
{
    const int full = getenv("PTXCPU_CMP_FULL") && atoi(getenv("PTXCPU_CMP_FULL"));
    /* every 16-bit b against 4 values of a (every a with PTXCPU_CMP_FULL); random pairs over
     * 512 warps (2048 / PTXCPU_TEST_SCALE at least 32) */
    const unsigned a_step = full ? 1 : 16411 * test_scale();
    const size_t random_warps = test_scale() > 16 ? 32 : 512;
    run r = {.warps = 2048};
    r.a = malloc(r.warps * 32 * 8), r.b = malloc(r.warps * 32 * 8);
    r.c = malloc(r.warps * 4), r.guard = malloc(r.warps * 4), r.d = malloc(r.warps * 128);
    r.d0 = malloc(r.warps * 128);
    if (!r.a || !r.b || !r.c || !r.guard || !r.d || !r.d0) {
        printf("FAIL: out of memory\n");
        return 2;
    }
    unsigned fails = 0, rows = 0, runs = 0;
    for (size_t i = 0; i < ptxcpu_insn_count(); i++) {
        ptxcpu_insn_desc desc;
        spelling s;
        if (ptxcpu_insn_at(i, &desc) != PTXCPU_OK ||
            (strncmp(desc.mnemonic, "setp.", 5) && strncmp(desc.mnemonic, "set.", 4)))
            continue;
        if (!parse(desc.mnemonic, &s)) {
            printf("FAIL %s: not a set/setp spelling this oracle reads\n", desc.mnemonic);
            fails++;
            continue;
        }
        rows++;
        ptxcpu_kernel ks[PTXCPU_ISA_COUNT];
        const unsigned nk = oracle_kernels(desc.mnemonic, ks);
        fails += nk == 0;
        for (unsigned j = 0; j < nk; j++) {
            const ptxcpu_kernel k = ks[j];
            r.warps = random_warps;
            fill(&s, &r, 0x5e7b0000u + i, 0, 0);
            check(k, &s, desc.mnemonic, &r, &fails);
            r.warps = 2048;
            runs++;
            /* (the sweep runs on the rows without BoolOp, whose random pairs cover the word
             * operation after the compare; in full, every pair for each operator of setp's, the
             * set rows keeping the sample) */
            const unsigned step = full && s.set ? 16411 : a_step;
            /* (under emulation and the sanitizers, PTXCPU_TEST_SCALE above 16: every 4th
             * spelling's sweep; natively every one) */
            const int sweep = s.w == 16 && !s.bop[0] && (test_scale() <= 16 || i % 4 == 0);
            if (sweep)
                for (uint64_t a = 0; a < 0x10000; a += step) {
                    fill(&s, &r, a, a, 1);
                    check(k, &s, desc.mnemonic, &r, &fails);
                    runs++;
                }
        }
        /* sm_1x: the f32 rows without .ftz flush subnormal sources (the spec's notes), whatever
         * d's type */
        if (s.type == 'f' && s.w == 32 && !s.ftz && desc.min_sm <= 13) {
            spelling legacy = s;
            legacy.ftz = 1;
            const unsigned nl = oracle_kernels_at(desc.mnemonic, "sm_13", ks);
            fails += nl == 0;
            for (unsigned j = 0; j < nl; j++, runs++) {
                r.warps = random_warps;
                fill(&legacy, &r, 0x5e7b1000u + i, 0, 0);
                check(ks[j], &legacy, desc.mnemonic, &r, &fails);
                r.warps = 2048;
            }
        }
    }
    oracle_report_skipped();
    free(r.a), free(r.b), free(r.c), free(r.guard), free(r.d), free(r.d0);
    printf("%s: %u set and setp spellings, %u runs, %u failures%s\n",
           fails ? "FAIL" : "OK", rows, runs, fails, full ? " (every 16-bit a)" : "");
    return fails || rows == 0 ? 1 : 0;
}
