/* Multi-word arithmetic built from warps of add.cc/addc, sub.cc/subc and mul/mad(c) chains (each
 * lane one big number, CC words carried between steps), checked with GMP; the 9.7.2.6 example. */
#include <gmp.h>

#include "common.h"

#define MW_WARPS 32

/* nregs registers of lw-bit lanes for each of n warps, laid out per warp: warp j's register r
 * starts at lane (j * nregs + r) * 32, so a register is walked with stride nregs * regsize. */
typedef struct regfile {
    unsigned lw, nregs;
    size_t n;
    void *base;
} regfile;

typedef struct reg { void *base; ptrdiff_t stride; } reg;

static uint64_t zero_warp[PTXCPU_WARP] __attribute__((aligned(64))); /* immediate 0 (stride 0) */
static const reg ZERO = {zero_warp, 0};

static regfile rf_new(unsigned lw, unsigned nregs, size_t n)
{
    regfile f = {lw, nregs, n, warp_alloc((size_t)nregs * n * PTXCPU_WARP * lw / 8)};
    return f;
}
static reg R(const regfile *f, unsigned r)
{
    size_t rs = PTXCPU_WARP * f->lw / 8;
    reg g = {(char *)f->base + r * rs, (ptrdiff_t)(f->nregs * rs)};
    return g;
}
static size_t lane_ix(const regfile *f, unsigned r, size_t j, unsigned l)
{
    return (j * f->nregs + r) * PTXCPU_WARP + l;
}

/* One instruction "op.<t><lw> d, a, b[, c]" over all warps of the batch, CC words in cc. */
static void step(const char *op, char t, unsigned lw, reg d, reg a, reg b, const reg *c, size_t n,
                 ptxcpu_lanemask *cc, const ptxcpu_lanemask *guard)
{
    char mn[40];
    snprintf(mn, sizeof mn, "%s.%c%u", op, t, lw);
    ptxcpu_kernel k = scalar_kernel(mn, NULL);
    if (!k)
        return;
    ptxcpu_batch bt = {0};
    bt.n = n, bt.d = d.base, bt.d_stride = d.stride;
    bt.src[0].base = a.base, bt.src[0].stride = a.stride;
    bt.src[1].base = b.base, bt.src[1].stride = b.stride;
    if (c)
        bt.src[2].base = c->base, bt.src[2].stride = c->stride;
    bt.cc = cc, bt.cc_stride = sizeof *cc;
    bt.guard = guard, bt.guard_stride = guard ? sizeof *guard : 0;
    ptxcpu_status st = ptxcpu_run(k, &bt);
    if (st != PTXCPU_OK)
        fail("%s: ptxcpu_run: %s (%s)", mn, ptxcpu_status_name(st), ptxcpu_last_error());
}

/* Random limbs of one number, biased towards long carry/borrow chains. */
static void rand_limbs(rng_t *r, unsigned lw, unsigned L, uint64_t *out)
{
    const uint64_t m = mask_bits(lw);
    unsigned mode = (unsigned)rng_below(r, 8);
    for (unsigned i = 0; i < L; i++) {
        uint64_t u = rng_next(r);
        switch (mode) {
        case 0: out[i] = m; break;              /* all ones */
        case 1: out[i] = i == 0 ? u & 3 : 0; break; /* tiny */
        case 2: {                                /* a mix of special limbs */
            static const uint64_t sp[] = {0, 1, ~0ull, 1ull << 63, ~0ull >> 1, 0xfffffffe};
            out[i] = (u % 3 ? sp[(u >> 8) % 6] : rng_next(r)) & m;
            break;
        }
        default: out[i] = u & m; break;
        }
    }
}

static void to_mpz(mpz_t z, unsigned lw, unsigned L, const uint64_t *limbs)
{
    mpz_import(z, L, -1, sizeof limbs[0], 0, 64 - lw, limbs);
}

/* Set limbs 0..L-1 of lane (j, l) of the number held in registers first.. of f. */
static void put(regfile *f, unsigned first, size_t j, unsigned l, unsigned L, const uint64_t *v)
{
    for (unsigned i = 0; i < L; i++)
        lane_set(f->base, f->lw, lane_ix(f, first + i, j, l), v[i]);
}

typedef enum { MW_ADD, MW_SUB, MW_MUL } mw_op;
static const char *const mw_names[] = {"add", "sub", "mul"};

/* One batch: MW_WARPS * 32 numbers of L limbs of lw bits. With carry set, add/sub also produce
 * the carry (addc r, 0, 0) or borrow (subc r, 0, 0) as an extra limb; mul gives 2L limbs.
 * With guard set, the whole chain runs under random per-warp guard masks. */
static void mw_batch(mw_op op, unsigned lw, unsigned L, int carry, int guarded, rng_t *rng)
{
    const size_t n = MW_WARPS;
    const unsigned K = op == MW_MUL ? 2 * L : L + (carry != 0); /* result limbs */
    regfile A = rf_new(lw, L, n), B = rf_new(lw, L, n), D = rf_new(lw, K, n);
    ptxcpu_lanemask cc[MW_WARPS], cc0[MW_WARPS], guard[MW_WARPS];
    uint64_t a[32], b[32], *d0 = malloc(sizeof(uint64_t) * K * n * PTXCPU_WARP);
    if (!d0)
        exit(2);
    for (size_t j = 0; j < n; j++) {
        for (unsigned l = 0; l < PTXCPU_WARP; l++) {
            rand_limbs(rng, lw, L, a);
            rand_limbs(rng, lw, L, b);
            if (op == MW_SUB && rng_below(rng, 8) == 0) { /* b = a, or a with its low limb +- 1 */
                memcpy(b, a, sizeof a);
                b[0] = (b[0] + rng_below(rng, 3) - 1) & mask_bits(lw);
            }
            put(&A, 0, j, l, L, a);
            put(&B, 0, j, l, L, b);
            for (unsigned i = 0; i < K; i++) /* garbage the chain must not depend on */
                lane_set(D.base, lw, lane_ix(&D, i, j, l), d0[(j * K + i) * PTXCPU_WARP + l] =
                                                               rng_next(rng) & mask_bits(lw));
        }
        cc[j] = cc0[j] = (ptxcpu_lanemask)rng_next(rng);
        uint64_t g = rng_next(rng);
        guard[j] = (g & 3) == 0 ? ~0u : (g & 3) == 1 ? 0 : (ptxcpu_lanemask)(g >> 32);
    }
    const ptxcpu_lanemask *gp = guarded ? guard : NULL;
#define ST(o, t, d, x, y, c) step(o, t, lw, d, x, y, c, n, cc, gp)
    if (op != MW_MUL) { /* add.cc, addc.cc ..., addc (or sub); .u/.s spelled at random */
        const char *first = op == MW_ADD ? "add.cc" : "sub.cc";
        const char *mid = op == MW_ADD ? "addc.cc" : "subc.cc", *last = op == MW_ADD ? "addc" : "subc";
        for (unsigned i = 0; i < L; i++) {
            char t = rng_below(rng, 2) ? 'u' : 's';
            ST(i == 0 ? first : i + 1 < L || carry ? mid : last, t, R(&D, i), R(&A, i), R(&B, i), NULL);
        }
        if (carry)
            ST(last, 'u', R(&D, L), ZERO, ZERO, NULL);
    } else { /* schoolbook, one row per limb of b */
        for (unsigned i = 0; i < L; i++) {
            if (i == 0) /* row 0: low halves straight in */
                for (unsigned j = 0; j < L; j++)
                    ST("mul.lo", 'u', R(&D, j), R(&A, j), R(&B, 0), NULL);
            else { /* D[i..i+L] += lo(a * b_i) */
                for (unsigned j = 0; j < L; j++) {
                    reg c = R(&D, i + j);
                    ST(j == 0 ? "mad.lo.cc" : "madc.lo.cc", 'u', R(&D, i + j), R(&A, j), R(&B, i), &c);
                }
                ST("addc", 'u', R(&D, i + L), ZERO, ZERO, NULL);
            }
            /* D[i+1..i+L] += hi(a * b_i); the last carry-out is always 0 */
            for (unsigned j = 0; j < L; j++) {
                reg c = i == 0 && j + 1 == L ? ZERO : R(&D, i + j + 1);
                ST(j == 0 ? "mad.hi.cc" : j + 1 < L ? "madc.hi.cc" : "madc.hi", 'u', R(&D, i + j + 1),
                   R(&A, j), R(&B, i), &c);
            }
        }
    }
#undef ST
    mpz_t za, zb, zd;
    mpz_inits(za, zb, zd, NULL);
    uint64_t want[64], got[64];
    for (size_t j = 0; j < n; j++)
        for (unsigned l = 0; l < PTXCPU_WARP; l++) {
            int active = !gp || (guard[j] >> l & 1);
            for (unsigned i = 0; i < L; i++) {
                a[i] = lane_get(A.base, lw, lane_ix(&A, i, j, l));
                b[i] = lane_get(B.base, lw, lane_ix(&B, i, j, l));
            }
            for (unsigned i = 0; i < K; i++) {
                got[i] = lane_get(D.base, lw, lane_ix(&D, i, j, l));
                want[i] = d0[(j * K + i) * PTXCPU_WARP + l];
            }
            if (active) {
                to_mpz(za, lw, L, a);
                to_mpz(zb, lw, L, b);
                if (op == MW_ADD)
                    mpz_add(zd, za, zb);
                else if (op == MW_SUB)
                    mpz_sub(zd, za, zb);
                else
                    mpz_mul(zd, za, zb);
                mpz_fdiv_r_2exp(zd, zd, (mp_bitcnt_t)lw * K); /* mod 2^(lw*K), nonnegative */
                memset(want, 0, sizeof want);
                mpz_export(want, NULL, -1, sizeof want[0], 0, 64 - lw, zd);
            }
            int ok = !memcmp(want, got, K * sizeof got[0]);
            /* CC.CF of an active lane is checked through the limbs; an inactive one must keep it */
            if (!active && ((cc[j] ^ cc0[j]) >> l & 1))
                ok = 0;
            if (ok) {
                pass();
                continue;
            }
            char buf[64 * 17 + 1];
            size_t o = 0;
            for (unsigned i = K; i-- > 0;)
                o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%llx", i + 1 < K ? "_" : "",
                                      (unsigned long long)(got[i] ^ want[i]));
            fail("multiword %s %u-bit, %u-bit limbs, lane %zu:%u%s: result limbs differ "
                 "(xor, high limb first) %s; a low limb 0x%llx b low limb 0x%llx",
                 mw_names[op], L * lw, lw, j, l, active ? "" : " (inactive, CC or d changed)", buf,
                 (unsigned long long)a[0], (unsigned long long)b[0]);
        }
    mpz_clears(za, zb, zd, NULL);
    free(A.base), free(B.base), free(D.base), free(d0);
}

/* The spec's example of 9.7.2.6, instruction by instruction: [r3,r2,r1,r0] = [r5,r4] * [r7,r6]. */
static void spec_example(rng_t *rng)
{
    const size_t n = MW_WARPS;
    regfile F = rf_new(32, 8, n);
    ptxcpu_lanemask cc[MW_WARPS];
    for (size_t j = 0; j < n; j++) {
        cc[j] = (ptxcpu_lanemask)rng_next(rng);
        for (unsigned l = 0; l < PTXCPU_WARP; l++) {
            uint64_t v[4];
            rand_limbs(rng, 32, 4, v);
            put(&F, 4, j, l, 4, v);
            for (unsigned r = 0; r < 4; r++)
                lane_set(F.base, 32, lane_ix(&F, r, j, l), rng_next(rng));
        }
    }
    reg r0 = R(&F, 0), r1 = R(&F, 1), r2 = R(&F, 2), r3 = R(&F, 3);
    reg r4 = R(&F, 4), r5 = R(&F, 5), r6 = R(&F, 6), r7 = R(&F, 7);
#define ST(o, d, x, y, c) step(o, 'u', 32, d, x, y, c, n, cc, NULL)
    ST("mul.lo", r0, r4, r6, NULL);      /* r0=(r4*r6).[31:0], no carry-out */
    ST("mul.hi", r1, r4, r6, NULL);      /* r1=(r4*r6).[63:32], no carry-out */
    ST("mad.lo.cc", r1, r5, r6, &r1);    /* r1+=(r5*r6).[31:0], may carry-out */
    ST("madc.hi", r2, r5, r6, &ZERO);    /* r2 =(r5*r6).[63:32]+carry-in, no carry-out */
    ST("mad.lo.cc", r1, r4, r7, &r1);    /* r1+=(r4*r7).[31:0], may carry-out */
    ST("madc.hi.cc", r2, r4, r7, &r2);   /* r2+=(r4*r7).[63:32]+carry-in, may carry-out */
    ST("addc", r3, ZERO, ZERO, NULL);    /* r3 = carry-in, no carry-out */
    ST("mad.lo.cc", r2, r5, r7, &r2);    /* r2+=(r5*r7).[31:0], may carry-out */
    ST("madc.hi", r3, r5, r7, &r3);      /* r3+=(r5*r7).[63:32]+carry-in */
#undef ST
    for (size_t j = 0; j < n; j++)
        for (unsigned l = 0; l < PTXCPU_WARP; l++) {
            uint64_t r[8];
            for (unsigned i = 0; i < 8; i++)
                r[i] = lane_get(F.base, 32, lane_ix(&F, i, j, l));
            u128 want = (u128)(r[5] << 32 | r[4]) * (u128)(r[7] << 32 | r[6]);
            u128 got = (u128)(r[3] << 32 | r[2]) << 64 | (r[1] << 32 | r[0]);
            if (got == want) {
                pass();
                continue;
            }
            fail("9.7.2.6 example: [%08llx,%08llx]*[%08llx,%08llx]: expected %016llx%016llx, got "
                 "%016llx%016llx", (unsigned long long)r[5], (unsigned long long)r[4],
                 (unsigned long long)r[7], (unsigned long long)r[6],
                 (unsigned long long)(want >> 64), (unsigned long long)want,
                 (unsigned long long)(got >> 64), (unsigned long long)got);
        }
    free(F.base);
}

void run_multiword(void)
{
    rng_t rng = {0xb16b00b5ull};
    const unsigned rounds = 4 / test_scale() ? 4 / test_scale() : 1;
    unsigned long long p0 = g_pass, f0 = g_fail;
    spec_example(&rng);
    printf("9.7.2.6 example: %llu lanes, %llu failed\n", g_pass + g_fail - p0 - f0, g_fail - f0);
    static const unsigned widths[] = {128, 256, 512, 1024};
    for (unsigned lw = 32; lw <= 64; lw *= 2)
        for (unsigned w = 0; w < 4; w++)
            for (int op = MW_ADD; op <= MW_MUL; op++) {
                p0 = g_pass, f0 = g_fail;
                for (unsigned r = 0; r < rounds; r++)
                    mw_batch((mw_op)op, lw, widths[w] / lw, r & 1, r % 4 >= 2, &rng);
                printf("multiword %s %4u-bit, %u-bit limbs: %llu numbers, %llu failed\n",
                       mw_names[op], widths[w], lw, g_pass + g_fail - p0 - f0, g_fail - f0);
            }
}
