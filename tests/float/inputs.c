/* Operand generators of the float suite: edge values and random tuples aimed at ties,
 * cancellation, the subnormal / min-normal boundary (ftz after rounding) and overflow. */
#include "inputs.h"

#include <string.h>

static int below(rng_t *r, int n) { return (int)(rng_next(r) % (uint64_t)n); }
static int between(rng_t *r, int lo, int hi) { return lo + below(r, hi - lo + 1); }
static int coin(rng_t *r) { return (int)(rng_next(r) >> 63); }

/* A biased exponent field of a finite number: e clamped to [0, emask - 1]. */
static uint64_t efield(const fpfmt *f, int e)
{
    int top = (int)fp_emask(f) - 1;
    return (uint64_t)(e < 0 ? 0 : e > top ? top : e);
}

size_t edge_values(const fpfmt *f, uint64_t *out)
{
    const int b = f->emax, p = (int)f->p, em = (int)fp_emask(f);
    const uint64_t fm = fp_fmask(f), half = 1ull << (p - 2);
    const struct { int e; uint64_t m; } pos[] = {
        {0, 0}, {0, 1}, {0, 3}, {0, half}, {0, fm},         /* zero, subnormals */
        {1, 0}, {1, 1}, {1, fm}, {2, 0},                     /* smallest normals */
        {b, 0}, {b, 1}, {b - 1, fm}, {b, half}, {b - 1, 0}, /* 1, 1+ulp, 1-ulp, 1.5, 0.5 */
        {b + 1, 0}, {b + 1, half},                           /* 2, 3 */
        {b - p, 0}, {b - p, half}, {b + p - 1, 0},           /* half ulp of 1, 1.5 of it, 2^(p-1) */
        {em - 1, fm}, {em - 1, fm - 1}, {em - 1, 0},         /* max, max - ulp, 2^emax */
        {b + b / 2, 0}, {b + f->emin / 2, 0},                /* squares near overflow/underflow */
        {b + (f->emin - p) / 2, 1},                          /* square in the subnormals */
        {em, 0},                                             /* infinity */
    };
    size_t n = 0;
    for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++)
        for (int s = 0; s < 2; s++)
            out[n++] = fp_make(f, s, pos[i].e == em ? (uint64_t)em : efield(f, pos[i].e), pos[i].m);
    out[n++] = fp_make(f, 0, (uint64_t)em, half);          /* quiet NaN */
    out[n++] = fp_make(f, 0, (uint64_t)em, 1);             /* signalling NaN */
    out[n++] = fp_make(f, 1, (uint64_t)em, half | 5);      /* negative quiet NaN, payload */
    out[n++] = fp_make(f, 1, (uint64_t)em, fm >> 1);       /* negative signalling NaN */
    return n;
}

/* A random fraction: full, sparse (exact products and ties), nearly all ones, or tiny. */
static uint64_t rand_frac(const fpfmt *f, rng_t *r)
{
    uint64_t x = rng_next(r);
    switch (below(r, 4)) {
    case 0: return x & fp_fmask(f);
    case 1: {
        int k = below(r, 4);
        return (x & ((1ull << k) - 1)) << (f->p - 1 - (unsigned)k);
    }
    case 2: return fp_fmask(f) - (x & 3);
    default: return x & 3;
    }
}

static uint64_t rand_val(const fpfmt *f, rng_t *r, int e)
{
    return fp_make(f, coin(r), efield(f, e), rand_frac(f, r));
}

static int any_e(const fpfmt *f, rng_t *r) { return below(r, (int)fp_emask(f)); }

/* x moved by k units in the last place, staying finite and not changing sign. */
static uint64_t nudge(const fpfmt *f, uint64_t x, int k)
{
    uint64_t s = x & fp_sign(f), m = x & ~fp_sign(f), max = fp_make(f, 0, fp_emask(f) - 1, fp_fmask(f));
    if (m > max)
        return x;
    if (k < 0 && m < (uint64_t)-k)
        return s;
    m += (uint64_t)(int64_t)k;
    return s | (m > max ? max : m);
}

/* The host's round-to-nearest of v to f32 or f64 (for c = -(a*b), cancelling the product). */
static uint64_t host_round(const fpfmt *f, double v)
{
    return fp_encode(f, f->bits == 32 ? (double)(float)v : v);
}

static void two_ops(const fpfmt *f, rng_t *r, const uint64_t *edges, size_t nedges, uint64_t *o)
{
    const int p = (int)f->p, em = (int)fp_emask(f);
    int ea = any_e(f, r);
    switch (below(r, 7)) {
    case 0: /* random bits */
        o[0] = rng_next(r) & fp_mask(f);
        o[1] = rng_next(r) & fp_mask(f);
        break;
    case 1: /* nearby exponents: alignment, rounding, cancellation */
        o[0] = rand_val(f, r, ea);
        o[1] = rand_val(f, r, ea + between(r, -p - 3, p + 3));
        break;
    case 2: /* b within a few ulps of +-a: massive cancellation, exact zeros */
        o[0] = rand_val(f, r, ea);
        o[1] = nudge(f, o[0], between(r, -3, 3)) ^ (coin(r) ? fp_sign(f) : 0);
        break;
    case 3: /* subnormals and the smallest normals */
        o[0] = rand_val(f, r, between(r, 0, p + 2));
        o[1] = rand_val(f, r, between(r, 0, p + 2));
        break;
    case 4: /* near overflow */
        o[0] = rand_val(f, r, between(r, em - p - 3, em - 1));
        o[1] = rand_val(f, r, between(r, em - p - 3, em - 1));
        break;
    case 5: /* b about half an ulp of a, sparse: ties */
        o[0] = rand_val(f, r, ea);
        o[1] = fp_make(f, coin(r), efield(f, ea - p + between(r, -1, 1)),
                       rand_frac(f, r) & ~(fp_fmask(f) >> 2));
        break;
    default: /* an edge value against a random one */
        o[0] = edges[below(r, (int)nedges)];
        o[1] = rand_val(f, r, any_e(f, r));
        if (coin(r)) {
            uint64_t t = o[0];
            o[0] = o[1];
            o[1] = t;
        }
        break;
    }
}

/* a and b whose product has unbiased exponent about u. */
static void product_near(const fpfmt *f, rng_t *r, int u, uint64_t *o)
{
    int lo = u - f->emax > f->emin ? u - f->emax : f->emin;
    int hi = u - f->emin < f->emax ? u - f->emin : f->emax;
    int ea = lo <= hi ? between(r, lo, hi) : u / 2;
    o[0] = rand_val(f, r, ea + f->emax);
    o[1] = rand_val(f, r, u - ea + f->emax);
}

/* c for a*b + c whose product exponent is about u. */
static uint64_t addend(const fpfmt *f, rng_t *r, int u, const uint64_t *o, const uint64_t *edges,
                       size_t nedges)
{
    const int p = (int)f->p;
    double prod = fp_decode(f, o[0]) * fp_decode(f, o[1]);
    switch (below(r, 6)) {
    case 0: return coin(r) ? fp_sign(f) : 0;
    case 1: return rand_val(f, r, u + f->emax + between(r, -p - 3, p + 3));
    case 2: return host_round(f, -prod); /* cancels the product to its rounding error */
    case 3: return nudge(f, host_round(f, -prod), between(r, -2, 2));
    case 4: return rand_val(f, r, any_e(f, r));
    default: return edges[below(r, (int)nedges)];
    }
}

/* (1 + k ulp) * (1 - k ulp) * 2^t is just below 2^t: rounding decides whether it reaches the
 * power of two (min normal: ftz after rounding; 2^(emax+1): overflow). */
static void crossing(const fpfmt *f, rng_t *r, uint64_t *o)
{
    const int p = (int)f->p;
    const int targets[] = {f->emin, f->emax + 1, f->emin - p + 2, 0};
    int t = targets[below(r, 4)], k = between(r, 1, 8);
    int ea = t / 2 + between(r, -8, 8);
    int i = coin(r);
    o[i] = fp_make(f, coin(r), efield(f, ea + f->emax), (uint64_t)k);
    o[1 - i] = fp_make(f, coin(r), efield(f, t - 1 - ea + f->emax), (1ull << (p - 1)) - 2 * (uint64_t)k);
    switch (below(r, 4)) {
    case 0: o[2] = 0; break;
    case 1: o[2] = fp_sign(f); break;
    case 2: o[2] = fp_make(f, coin(r), 0, 1 + (rng_next(r) & 7)); break;
    default: o[2] = rand_val(f, r, t + f->emax - p + between(r, -2, 2)); break;
    }
}

static void three_ops(const fpfmt *f, rng_t *r, const uint64_t *edges, size_t nedges, uint64_t *o)
{
    const int p = (int)f->p;
    int u;
    switch (below(r, 8)) {
    case 0: /* random bits */
        for (int i = 0; i < 3; i++)
            o[i] = rng_next(r) & fp_mask(f);
        return;
    case 1: u = between(r, f->emin - p - 2, f->emax + 1); break;  /* any product */
    case 2: u = between(r, f->emin - p - 2, f->emin + 2); break;  /* tiny product */
    case 3: u = between(r, f->emax - 2, f->emax + 1); break;      /* huge product */
    case 4: u = between(r, -p, p); break;                         /* ordinary */
    case 5: crossing(f, r, o); return;
    case 6: /* edge values mixed with random ones */
        for (int i = 0; i < 3; i++)
            o[i] = coin(r) ? edges[below(r, (int)nedges)] : rand_val(f, r, any_e(f, r));
        return;
    default: /* three random finite values */
        for (int i = 0; i < 3; i++)
            o[i] = rand_val(f, r, any_e(f, r));
        return;
    }
    product_near(f, r, u, o);
    o[2] = addend(f, r, u, o, edges, nedges);
}

void random_case(const fpfmt *f, unsigned nops, rng_t *r, const uint64_t *edges, size_t nedges,
                 uint64_t out[3])
{
    memset(out, 0, 3 * sizeof out[0]);
    if (nops == 3)
        three_ops(f, r, edges, nedges, out);
    else
        two_ops(f, r, edges, nedges, out);
}

void random_mixed(const fpfmt *fa, unsigned nops, rng_t *r, const uint64_t *ea, size_t nea,
                  const uint64_t *ec, size_t nec, uint64_t out[3])
{
    uint64_t h[3], g[3];
    random_case(fa, nops, r, ea, nea, h);
    random_case(&FMT_F32, 2, r, ec, nec, g);
    memset(out, 0, 3 * sizeof out[0]);
    out[0] = h[0];
    if (nops == 3)
        out[1] = h[1];
    double t = nops == 3 ? fp_decode(fa, h[0]) * fp_decode(fa, h[1]) : fp_decode(fa, h[0]);
    uint64_t *c = &out[nops - 1];
    switch (below(r, 4)) {
    case 0: *c = g[0]; break;
    case 1: *c = ec[below(r, (int)nec)]; break;
    default: /* cancellation (sign flipped) or a carry (same sign), rounded near the half term */
        if (!isfinite(t) || fabs(t) > 0x1p127 || (t != 0 && fabs(t) < 0x1p-149)) {
            *c = g[0];
            break;
        }
        *c = nudge(&FMT_F32, host_round(&FMT_F32, t), between(r, -3, 3)) ^
             (coin(r) ? fp_sign(&FMT_F32) : 0);
        break;
    }
}
