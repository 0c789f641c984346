/* SIMD bodies of the warp-level instructions (9.7.9.6 shfl.sync, 9.7.13.9-14): a whole warp a step.
 * shfl.sync runs on vectors in every case (its source lanes a permute of the warp); the others on
 * vectors when every executing lane has one membermask holding all of them (the CUDA case: then
 * every lane works over the guard's lanes), and through the scalar reference otherwise. */
#ifndef PTXCPU_SIMD_WARP_OPS_H
#define PTXCPU_SIMD_WARP_OPS_H

#include "scalar/warp_ops.h"

/* A warp-level result: d's chunks, and p's mask (d|p rows; a predicate d's flags) */
typedef struct simd_xlane {
    v32 d[NCH];
    ptxcpu_lanemask p;
} simd_xlane;

/* the lane numbers, chunk k's at k * VL */
static const uint32_t simd_lane_ids[PTXCPU_WARP] __attribute__((aligned(64))) = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

/* lane i: the warp register's lane idx[i] (0..31) */
VINL v32 simd_warp_gather(const uint32_t *warp, v32 idx)
{
#ifdef VEC_HAS_WARP_PERMUTE
    return v32_warp_permute(warp, idx);
#else
    uint32_t j[VL], r[VL];
    v32_store(j, idx);
    for (unsigned i = 0; i < VL; i++)
        r[i] = warp[j[i] & 31];
    return v32_load(r);
#endif
}

/* The set every executing lane works over, when it is one: each executing lane's membermask is
 * the same M and holds every executing lane, so S_i = (M & G) | i = G. 0 otherwise (no set S_i is
 * empty, so 0 says "per lane"). */
VINL ptxcpu_lanemask simd_warp_uniform_set(const uint32_t *mm, ptxcpu_lanemask guard)
{
    const uint32_t m0 = mm[__builtin_ctz(guard)];
    if (guard & ~m0)
        return 0;
    vm same[NCH];
    for (unsigned k = 0; k < NCH; k++)
        same[k] = v32_cmpeq(v32_load(mm + k * VL), v32_set1(m0));
    return (simd_warp_bits(same) & guard) == guard ? guard : 0;
}

VINL void simd_xlane_splat(simd_xlane *r, uint32_t v)
{
    for (unsigned k = 0; k < NCH; k++)
        r->d[k] = v32_set1(v);
}

/* ---- shfl.sync: each lane's source lane j by the spec's pseudo-code, then a permute of a ------ */
VINL int simd_warp_SHFL(int ty, unsigned m, const ptxcpu_batch *bt, size_t w, ptxcpu_lanemask guard,
                        simd_xlane *r)
{
    (void)ty; (void)guard;
    const uint32_t *a = simd_src(bt, 0, w), *b = simd_src(bt, 1, w), *c = simd_src(bt, 2, w);
    const v32 low5 = v32_set1(31);
    vm in_range[NCH];
    for (unsigned k = 0; k < NCH; k++) {
        const v32 lane = v32_load(simd_lane_ids + k * VL), cv = v32_load(c + k * VL);
        const v32 bval = v32_and(v32_load(b + k * VL), low5), cval = v32_and(cv, low5);
        const v32 seg = v32_and(v32_srli(cv, 8), low5), min_lane = v32_and(lane, seg);
        const v32 max_lane = v32_or(min_lane, v32_andnot(seg, cval));
        v32 j;
        if (m & M_UP) {
            j = v32_sub(lane, bval);
            in_range[k] = vm_not(v32_cmplt_s(j, max_lane));
        } else {
            j = m & M_DOWN ? v32_add(lane, bval)
                : m & M_BFLY ? v32_xor(lane, bval) : v32_or(min_lane, v32_andnot(seg, bval));
            in_range[k] = vm_not(v32_cmpgt_s(j, max_lane));
        }
        r->d[k] = simd_warp_gather(a, v32_sel(in_range[k], j, lane));
    }
    r->p = simd_warp_bits(in_range);
    return 1;
}

/* ---- vote.sync: one set S, so one vote for every lane ----------------------------------------- */
VINL int simd_warp_VOTE(int ty, unsigned m, const ptxcpu_batch *bt, size_t w, ptxcpu_lanemask guard,
                        simd_xlane *r)
{
    (void)ty;
    const ptxcpu_lanemask s = simd_warp_uniform_set(simd_src(bt, 1, w), guard);
    if (!s)
        return 0;
    const ptxcpu_lanemask t = *(const ptxcpu_lanemask *)simd_src(bt, 0, w) & s;
    if (m & M_BALLOT)
        simd_xlane_splat(r, t);
    else
        r->p = (m & M_ALL ? t == s : m & M_ANY ? t != 0 : (t == 0 || t == s)) ? ~0u : 0;
    return 1;
}

/* ---- match.sync: each executing lane's value compared with the warp's, on vectors ------------- */
/* the lanes of s whose (hi:lo) equals lane i's; hi NULL for .b32 */
VINL ptxcpu_lanemask simd_match_lanes(const uint32_t *lo, const uint32_t *hi, unsigned i,
                                      ptxcpu_lanemask s)
{
    vm eq[NCH];
    for (unsigned k = 0; k < NCH; k++) {
        eq[k] = v32_cmpeq(v32_load(lo + k * VL), v32_set1(lo[i]));
        if (hi)
            eq[k] = vm_and(eq[k], v32_cmpeq(v32_load(hi + k * VL), v32_set1(hi[i])));
    }
    return simd_warp_bits(eq) & s;
}

VINL int simd_warp_MATCH(int ty, unsigned m, const ptxcpu_batch *bt, size_t w, ptxcpu_lanemask guard,
                         simd_xlane *r)
{
    const ptxcpu_lanemask s = simd_warp_uniform_set(simd_src(bt, 1, w), guard);
    if (!s)
        return 0;
    const uint32_t *lo = simd_src(bt, 0, w), *hi = NULL;
    uint32_t lo64[PTXCPU_WARP], hi64[PTXCPU_WARP];
    if (ty == TY_B64) { /* the 64-bit lanes as two words */
        const uint64_t *a = simd_src(bt, 0, w);
        for (unsigned i = 0; i < PTXCPU_WARP; i++)
            lo64[i] = (uint32_t)a[i], hi64[i] = (uint32_t)(a[i] >> 32);
        lo = lo64, hi = hi64;
    }
    if (m & M_ALL) {
        const int all = simd_match_lanes(lo, hi, (unsigned)__builtin_ctz(s), s) == s;
        simd_xlane_splat(r, all ? s : 0);
        r->p = all ? ~0u : 0;
        return 1;
    }
    uint32_t d[PTXCPU_WARP];
    for (unsigned i = 0; i < PTXCPU_WARP; i++)
        d[i] = (s >> i) & 1 ? simd_match_lanes(lo, hi, i, s) : 0;
    for (unsigned k = 0; k < NCH; k++)
        r->d[k] = v32_load(d + k * VL);
    return 1;
}

/* ---- activemask: the guard in every lane ------------------------------------------------------ */
VINL int simd_warp_ACTMASK(int ty, unsigned m, const ptxcpu_batch *bt, size_t w,
                           ptxcpu_lanemask guard, simd_xlane *r)
{
    (void)ty; (void)m; (void)bt; (void)w;
    simd_xlane_splat(r, guard);
    return 1;
}

/* ---- redux.sync: the set's lanes folded chunk by chunk, then the last chunk's lanes ---------- */
/* one step of the fold: .add, .and, .or, .xor, and .min/.max on unsigned keys (u32 and f32: the
 * f32 order as keys) or signed values */
VINL v32 simd_redux_op(unsigned m, int sgn, v32 x, v32 y)
{
    if (m & M_ADD)
        return v32_add(x, y);
    if (m & M_AND)
        return v32_and(x, y);
    if (m & M_OR)
        return v32_or(x, y);
    if (m & M_XOR)
        return v32_xor(x, y);
    if (m & M_MIN)
        return sgn ? v32_min_s(x, y) : v32_min_u(x, y);
    return sgn ? v32_max_s(x, y) : v32_max_u(x, y);
}

/* the operation's identity: what lanes outside the set contribute */
VINL uint32_t simd_redux_identity(unsigned m, int sgn)
{
    if (m & (M_ADD | M_OR | M_XOR))
        return 0;
    if (m & M_AND)
        return ~0u;
    if (m & M_MIN)
        return sgn ? 0x7fffffffu : ~0u;
    return sgn ? 0x80000000u : 0;
}

/* the same on one lane's values */
VINL uint32_t simd_redux_op1(unsigned m, int sgn, uint32_t x, uint32_t y)
{
    if (m & M_ADD)
        return x + y;
    if (m & M_AND)
        return x & y;
    if (m & M_OR)
        return x | y;
    if (m & M_XOR)
        return x ^ y;
    const int lt = sgn ? (int32_t)x < (int32_t)y : x < y;
    return (m & M_MIN ? lt : !lt) ? x : y;
}

/* the fold of x's chunks over the lanes of s */
VINL uint32_t simd_redux_fold(unsigned m, int sgn, const v32 *x, ptxcpu_lanemask s)
{
    const v32 id = v32_set1(simd_redux_identity(m, sgn));
    v32 acc = id;
    for (unsigned k = 0; k < NCH; k++)
        acc = simd_redux_op(m, sgn, acc, v32_sel(vm_from_bits(s >> k * VL), x[k], id));
    uint32_t lanes[VL];
    v32_store(lanes, acc);
    uint32_t r = lanes[0];
    for (unsigned i = 1; i < VL; i++)
        r = simd_redux_op1(m, sgn, r, lanes[i]);
    return r;
}

/* .f32 .min/.max: each input as an unsigned key of the float order (-0 < +0; sign set: ~x, else
 * x | 1 << 31), NaN lanes left out (.NaN: any gives the canonical NaN, as do NaNs only) */
VINL uint32_t simd_redux_f32(unsigned m, const v32 *a, ptxcpu_lanemask s)
{
    v32 key[NCH];
    vm nan[NCH];
    for (unsigned k = 0; k < NCH; k++) {
        const v32 x = m & M_ABS ? v32_and(a[k], v32_set1(0x7fffffffu)) : a[k];
        nan[k] = v32_cmpgt_u(v32_and(x, v32_set1(0x7fffffffu)), v32_set1(0x7f800000u));
        key[k] = v32_xor(x, v32_or(v32_srai(x, 31), v32_set1(0x80000000u)));
    }
    const ptxcpu_lanemask nans = simd_warp_bits(nan) & s;
    if ((nans && (m & M_NAN)) || nans == s)
        return 0x7fffffffu;
    const uint32_t k = simd_redux_fold(m & (M_MIN | M_MAX), 0, key, s & ~nans);
    return k >> 31 ? k ^ 0x80000000u : ~k;
}

VINL int simd_warp_REDUX(int ty, unsigned m, const ptxcpu_batch *bt, size_t w, ptxcpu_lanemask guard,
                         simd_xlane *r)
{
    const ptxcpu_lanemask s = simd_warp_uniform_set(simd_src(bt, 1, w), guard);
    if (!s)
        return 0;
    const uint32_t *a = simd_src(bt, 0, w);
    v32 x[NCH];
    for (unsigned k = 0; k < NCH; k++)
        x[k] = v32_load(a + k * VL);
    simd_xlane_splat(r, ty == TY_F32 ? simd_redux_f32(m, x, s) : simd_redux_fold(m, ty == TY_S32, x, s));
    return 1;
}

/* ---- elect.sync: the lowest lane of the set leads ---------------------------------------------- */
VINL int simd_warp_ELECT(int ty, unsigned m, const ptxcpu_batch *bt, size_t w, ptxcpu_lanemask guard,
                         simd_xlane *r)
{
    (void)ty; (void)m;
    const ptxcpu_lanemask s = simd_warp_uniform_set(simd_src(bt, 0, w), guard);
    if (!s)
        return 0;
    const unsigned leader = (unsigned)__builtin_ctz(s);
    simd_xlane_splat(r, leader);
    r->p = 1u << leader;
    return 1;
}

#endif
