/* Oracle of setp (9.7.6.2) and set (9.7.6.1) on every ISA this machine runs: setp's
 * p = BoolOp(a CmpOp b, c) and q = BoolOp(!(a CmpOp b), c) (d is p|q, PTXCPU_DST_PRED_PAIR), set's
 * d = 1.0f (.f32) or all ones (.u32, .s32) where p holds, else 0,
 * from C's own comparison operators on the host's types (floats compared as floats, .ftz flushing
 * by fpclassify), the operators read from the mnemonic here, not from the library's table. Edge
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
    char dtype;     /* set's: 'u', 's', 'f' */
    char type; /* 'b', 'u', 's', 'f' */
    unsigned w;
} spelling;

static int parse(const char *mn, spelling *s)
{
    char buf[64], *parts[6], *save = NULL;
    int n = 0;
    memset(s, 0, sizeof *s);
    if (strlen(mn) >= sizeof buf)
        return 0;
    strcpy(buf, mn);
    for (char *t = strtok_r(buf, ".", &save); t && n < 6; t = strtok_r(NULL, ".", &save))
        parts[n++] = t;
    s->set = !strcmp(parts[0], "set");
    if (n < 3 + s->set || (strcmp(parts[0], "setp") && !s->set) || strlen(parts[1]) > 3)
        return 0;
    strcpy(s->cmp, parts[1]);
    if (s->set) { /* set.CmpOp{.BoolOp}{.ftz}.dtype.stype */
        s->dtype = parts[n - 2][0];
        if (strcmp(parts[n - 2], "u32") && strcmp(parts[n - 2], "s32") && strcmp(parts[n - 2], "f32"))
            return 0;
    }
    for (int i = 2; i < n - 1 - s->set; i++) {
        if (!strcmp(parts[i], "ftz"))
            s->ftz = 1;
        else if (strlen(parts[i]) <= 3)
            strcpy(s->bop, parts[i]);
        else
            return 0;
    }
    s->type = parts[n - 1][0];
    s->w = (unsigned)atoi(parts[n - 1] + 1);
    return s->w == 16 || s->w == 32 || s->w == 64;
}

static float flush32(float x) { return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x; }

/* t = a CmpOp b with C's operators on the spelling's type */
static int compare(const spelling *s, uint64_t a, uint64_t b)
{
    int lt, eq, gt, un = 0;
    if (s->type == 'f') {
        double x, y;
        if (s->w == 32) {
            float fx, fy;
            uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
            memcpy(&fx, &ua, 4), memcpy(&fy, &ub, 4);
            if (s->ftz)
                fx = flush32(fx), fy = flush32(fy);
            x = fx, y = fy;
        } else
            memcpy(&x, &a, 8), memcpy(&y, &b, 8);
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
    static const uint64_t f32[] = {0, 0x80000000, 1, 0x80000001, 0x007fffff, 0x00800000,
                                   0x3f800000, 0xbf800000, 0x7f7fffff, 0x7f800000, 0xff800000,
                                   0x7fc00000, 0xffc00001, 0x7f800001, 0x7fbfffff};
    static const uint64_t f64[] = {0, 1ull << 63, 1, (1ull << 63) | 1, 0x000fffffffffffffull,
                                   0x0010000000000000ull, 0x3ff0000000000000ull,
                                   0xbff0000000000000ull, 0x7ff0000000000000ull,
                                   0xfff0000000000000ull, 0x7ff8000000000000ull,
                                   0xfff0000000000001ull, 0x7fefffffffffffffull};
    const uint64_t mask = s->w == 64 ? ~0ull : (1ull << s->w) - 1;
    if (s->type == 'f' && (r & 3) != 3)
        return s->w == 32 ? f32[(r >> 2) % (sizeof f32 / 8)] : f64[(r >> 2) % (sizeof f64 / 8)];
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

/* d's expected lane i of warp w (set: its 32 bits; setp: p | q << 1) from the inputs and its
 * value before (d0) where the guard leaves it */
static uint32_t want_lane(const spelling *s, const run *r, size_t w, unsigned i)
{
    size_t l = w * 32 + i;
    if (s->set) {
        if (!((r->guard[w] >> i) & 1))
            return r->d0[l];
        int p = boolop(s, compare(s, r->a[l], r->b[l]), (r->c[w] >> i) & 1);
        return p ? (s->dtype == 'f' ? 0x3f800000u : 0xffffffffu) : 0;
    }
    uint32_t v = 0;
    for (unsigned k = 0; k < 2; k++) { /* p, then q */
        unsigned bit = (r->d0[2 * w + k] >> i) & 1;
        if ((r->guard[w] >> i) & 1)
            bit = (unsigned)boolop(s, compare(s, r->a[l], r->b[l]) ^ (int)k, (r->c[w] >> i) & 1);
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
    unsigned bytes = s->w / 8;
    size_t dbytes = s->set ? 128 : 8;
    uint8_t *a = malloc(r->warps * 32 * bytes), *b = malloc(r->warps * 32 * bytes);
    for (size_t i = 0; i < r->warps * 32; i++)
        memcpy(a + i * bytes, &r->a[i], bytes), memcpy(b + i * bytes, &r->b[i], bytes);
    memcpy(r->d, r->d0, r->warps * dbytes);
    ptxcpu_batch bt = {.n = r->warps, .d = r->d, .d_stride = (ptrdiff_t)dbytes, .guard = r->guard,
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
    free(a), free(b);
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
            r->d0[32 * w + k] = (uint32_t)rng_next(&g);
        for (unsigned i = 0; i < 32; i++) {
            size_t l = w * 32 + i;
            if (sweep) {
                r->a[l] = a_fixed, r->b[l] = l & 0xffff;
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
            /* (the full sweep: every pair for each operator, on the rows without BoolOp or
             * destination type, setp's; the others keep the sample) */
            const unsigned step = full && (s.set || s.bop[0]) ? 16411 : a_step;
            if (s.w == 16)
                for (uint64_t a = 0; a < 0x10000; a += step) {
                    fill(&s, &r, a, a, 1);
                    check(k, &s, desc.mnemonic, &r, &fails);
                    runs++;
                }
        }
    }
    oracle_report_skipped();
    free(r.a), free(r.b), free(r.c), free(r.guard), free(r.d), free(r.d0);
    printf("%s: %u set and setp spellings, %u runs, %u failures%s\n",
           fails ? "FAIL" : "OK", rows, runs, fails, full ? " (every 16-bit a)" : "");
    return fails || rows == 0 ? 1 : 0;
}
