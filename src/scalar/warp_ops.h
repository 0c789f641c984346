/* Scalar reference of the warp-level instructions (9.7.9.6 shfl.sync, 9.7.13.9-14 vote, match,
 * activemask, redux, elect .sync): each takes a whole warp, its guard being the lanes that execute,
 * and writes res[i] for those lanes (d; a d|p row's p in bit 32; a predicate d in bit 0).
 * docs/SEMANTICS.md, "Warp-level instructions", records the readings. */
#ifndef PTXCPU_SCALAR_WARP_OPS_H
#define PTXCPU_SCALAR_WARP_OPS_H

#include "internal.h"

#include <stdint.h>

/* A warp's sources as the scalar template loads them: src[k][i] is source k of lane i. */
typedef uint64_t ptx_warp_srcs[4][PTXCPU_WARP];

/* The lanes lane i works over: the executing lanes of its membermask, and itself. */
static inline ptxcpu_lanemask ptx_warp_set(ptxcpu_lanemask m, ptxcpu_lanemask guard, unsigned i)
{
    return (m & guard) | 1u << i;
}

/* 9.7.9.6 shfl.sync: lane i's source lane j and whether it is in range, as the spec's
 * pseudo-code computes them from b and c (j = i when out of range) */
static inline unsigned ptx_shfl_source(unsigned m, unsigned i, uint32_t b, uint32_t c, int *in_range)
{
    const int bval = (int)(b & 31), cval = (int)(c & 31), segmask = (int)((c >> 8) & 31);
    const int lane = (int)i, max_lane = (lane & segmask) | (cval & ~segmask);
    int j, pval;
    if (m & M_UP) {
        j = lane - bval;
        pval = j >= max_lane;
    } else if (m & M_DOWN) {
        j = lane + bval;
        pval = j <= max_lane;
    } else if (m & M_BFLY) {
        j = lane ^ bval;
        pval = j <= max_lane;
    } else {
        j = (lane & segmask) | (bval & ~segmask);
        pval = j <= max_lane;
    }
    *in_range = pval;
    return pval ? (unsigned)j : i;
}

/* d = a of the source lane (that lane's register as it is, whether or not it executes), p = in range */
static inline void ptx_warp_SHFL(int ty, unsigned m, ptx_warp_srcs src, ptxcpu_lanemask guard,
                                 uint64_t *res)
{
    (void)ty;
    for (unsigned i = 0; i < PTXCPU_WARP; i++) {
        if (!((guard >> i) & 1))
            continue;
        int in_range;
        const unsigned j = ptx_shfl_source(m, i, (uint32_t)src[1][i], (uint32_t)src[2][i], &in_range);
        res[i] = (uint32_t)src[0][j] | (uint64_t)in_range << 32;
    }
}

/* The lanes whose source k holds a true predicate (bit 0 of each lane's value). */
static inline ptxcpu_lanemask ptx_warp_flags(ptx_warp_srcs src, unsigned k)
{
    ptxcpu_lanemask r = 0;
    for (unsigned i = 0; i < PTXCPU_WARP; i++)
        r |= (ptxcpu_lanemask)(src[k][i] & 1) << i;
    return r;
}

/* 9.7.13.9 vote.sync over S_i: .all, .any, .uni (a predicate d), .ballot (the true lanes of S_i) */
static inline void ptx_warp_VOTE(int ty, unsigned m, ptx_warp_srcs src, ptxcpu_lanemask guard,
                                 uint64_t *res)
{
    (void)ty;
    const ptxcpu_lanemask a = ptx_warp_flags(src, 0);
    for (unsigned i = 0; i < PTXCPU_WARP; i++) {
        if (!((guard >> i) & 1))
            continue;
        const ptxcpu_lanemask s = ptx_warp_set((ptxcpu_lanemask)src[1][i], guard, i), t = a & s;
        res[i] = m & M_BALLOT ? t : m & M_ALL ? t == s : m & M_ANY ? t != 0 : (t == 0 || t == s);
    }
}

/* 9.7.13.10 match.sync: .any, the lanes of S_i holding a_i's value; .all, S_i and p = 1 where all
 * of them do, else 0 and p = 0 */
static inline void ptx_warp_MATCH(int ty, unsigned m, ptx_warp_srcs src, ptxcpu_lanemask guard,
                                  uint64_t *res)
{
    (void)ty;
    for (unsigned i = 0; i < PTXCPU_WARP; i++) {
        if (!((guard >> i) & 1))
            continue;
        const ptxcpu_lanemask s = ptx_warp_set((ptxcpu_lanemask)src[1][i], guard, i);
        ptxcpu_lanemask same = 0;
        for (unsigned j = 0; j < PTXCPU_WARP; j++)
            same |= (ptxcpu_lanemask)(src[0][j] == src[0][i]) << j;
        same &= s;
        res[i] = m & M_ANY ? same : same == s ? s | (uint64_t)1 << 32 : 0;
    }
}

/* 9.7.13.11 activemask: the executing lanes */
static inline void ptx_warp_ACTMASK(int ty, unsigned m, ptx_warp_srcs src, ptxcpu_lanemask guard,
                                    uint64_t *res)
{
    (void)ty; (void)m; (void)src;
    for (unsigned i = 0; i < PTXCPU_WARP; i++)
        res[i] = guard;
}

/* redux.sync's .f32 order: the bits as a key whose unsigned order is the float order (-0 < +0) */
static inline uint32_t ptx_redux_f32_key(uint32_t x)
{
    return x >> 31 ? ~x : x | 0x80000000u;
}

static inline int ptx_redux_f32_isnan(uint32_t x) { return (x & 0x7fffffffu) > 0x7f800000u; }

/* .min/.max .f32 over the lanes of s: NaNs left out (.NaN: any NaN gives the canonical NaN, as
 * does a set of NaNs only); .abs clears each input's sign first */
static inline uint32_t ptx_redux_f32(unsigned m, ptx_warp_srcs src, ptxcpu_lanemask s)
{
    int found = 0;
    uint32_t best = 0;
    for (unsigned j = 0; j < PTXCPU_WARP; j++) {
        if (!((s >> j) & 1))
            continue;
        uint32_t x = (uint32_t)src[0][j];
        if (m & M_ABS)
            x &= 0x7fffffffu;
        if (ptx_redux_f32_isnan(x)) {
            if (m & M_NAN)
                return 0x7fffffffu;
            continue;
        }
        const uint32_t kx = ptx_redux_f32_key(x), kb = ptx_redux_f32_key(best);
        if (!found || (m & M_MIN ? kx < kb : kx > kb))
            best = x;
        found = 1;
    }
    return found ? best : 0x7fffffffu;
}

/* the integer operations over the lanes of s (.add modulo 2^32) */
static inline uint32_t ptx_redux_int(int ty, unsigned m, ptx_warp_srcs src, ptxcpu_lanemask s)
{
    const int sgn = ty == TY_S32;
    uint32_t r = m & M_AND ? ~0u : 0;
    int first = 1;
    for (unsigned j = 0; j < PTXCPU_WARP; j++) {
        if (!((s >> j) & 1))
            continue;
        const uint32_t x = (uint32_t)src[0][j];
        if (m & M_ADD)
            r += x;
        else if (m & M_AND)
            r &= x;
        else if (m & M_OR)
            r |= x;
        else if (m & M_XOR)
            r ^= x;
        else if (first)
            r = x;
        else if (m & M_MIN)
            r = sgn ? ((int32_t)x < (int32_t)r ? x : r) : (x < r ? x : r);
        else
            r = sgn ? ((int32_t)x > (int32_t)r ? x : r) : (x > r ? x : r);
        first = 0;
    }
    return r;
}

/* 9.7.13.12 redux.sync: the operation over a of the lanes of S_i */
static inline void ptx_warp_REDUX(int ty, unsigned m, ptx_warp_srcs src, ptxcpu_lanemask guard,
                                  uint64_t *res)
{
    for (unsigned i = 0; i < PTXCPU_WARP; i++) {
        if (!((guard >> i) & 1))
            continue;
        const ptxcpu_lanemask s = ptx_warp_set((ptxcpu_lanemask)src[1][i], guard, i);
        res[i] = ty == TY_F32 ? ptx_redux_f32(m, src, s) : ptx_redux_int(ty, m, src, s);
    }
}

/* 9.7.13.14 elect.sync: the lowest lane of S_i leads; d = its lane number, p = (i is it) */
static inline void ptx_warp_ELECT(int ty, unsigned m, ptx_warp_srcs src, ptxcpu_lanemask guard,
                                  uint64_t *res)
{
    (void)ty; (void)m;
    for (unsigned i = 0; i < PTXCPU_WARP; i++) {
        if (!((guard >> i) & 1))
            continue;
        const unsigned leader = (unsigned)__builtin_ctz(ptx_warp_set((ptxcpu_lanemask)src[0][i], guard, i));
        res[i] = leader | (uint64_t)(leader == i) << 32;
    }
}

#endif
