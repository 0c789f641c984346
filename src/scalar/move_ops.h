/* Scalar reference of the data movement and conversion instructions (9.7.9): mov, prmt, cvt
 * between integer types. Each lane function follows
 * the spec's description and pseudo-code; docs/SEMANTICS.md records the readings. */
#ifndef PTXCPU_SCALAR_MOVE_OPS_H
#define PTXCPU_SCALAR_MOVE_OPS_H

#include "internal.h"

#include <stdint.h>

/* 9.7.9.3 mov d, a: a's bits (a .pred: its lane's flag) */
static inline uint64_t ptx_lane_MOV(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)ty2; (void)m; (void)rnd; (void)b; (void)c; (void)e; (void)cf;
    return a;
}

/* 9.7.9.4 mov d, {a, b} (MOVPACK) and d, {a, b, c, e} (MOVPACK4): the elements packed into d's
 * width, a's in the low bits; ty2 is the element type (.u8: the low byte of a 16-bit register) */
static inline uint64_t mov_pack(int ty2, uint64_t a, uint64_t b, uint64_t c, uint64_t e, unsigned n)
{
    const unsigned w = ty2 == TY_U8 ? 8 : ty2 == TY_B16 ? 16 : 32;
    const uint64_t mask = (1ull << w) - 1;
    const uint64_t r = (a & mask) | (b & mask) << w;
    return n == 2 ? r : r | (c & mask) << 2 * w | (e & mask) << 3 * w;
}
static inline uint64_t ptx_lane_MOVPACK(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                        uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)m; (void)rnd; (void)cf;
    return mov_pack(ty2, a, b, c, e, 2);
}
static inline uint64_t ptx_lane_MOVPACK4(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                         uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)m; (void)rnd; (void)cf;
    return mov_pack(ty2, a, b, c, e, 4);
}

/* 9.7.9.4's unpack forms {d.x, d.y, ...}, a and the .b128 packs (MOVVEC): a lane's bits are the
 * sources' elements in order, the first lowest (a .b128: its low half, then its high half), cut
 * into d's elements (an unpack, dw a vector: each zero-extended into its register) or d's halves.
 * ty2 is the element type (.u8: 8 bits in a 16-bit register). */
static inline void ptx_lanev_MOVVEC(int ty, int ty2, unsigned m, unsigned dw,
                                    const uint64_t in[4][4], uint64_t out[4])
{
    (void)m;
    const unsigned w = ty2 == TY_U8 ? 8 : ty2 == TY_B16 ? 16 : ty2 == TY_B32 ? 32 : 64;
    const unsigned width = ty == TY_B16 ? 16 : ty == TY_B32 ? 32 : ty == TY_B64 ? 64 : 128;
    const unsigned __int128 mask = ((unsigned __int128)1 << w) - 1;
    unsigned __int128 v = 0;
    if (PTXCPU_VEC_N(dw) > 1) { /* unpack: a, a .b128's halves as two elements */
        v = in[0][0] | (width == 128 ? (unsigned __int128)in[0][1] << 64 : 0);
        for (unsigned j = 0; j < width / w; j++)
            out[j] = (uint64_t)((v >> j * w) & mask);
    } else { /* pack into a .b128 */
        for (unsigned k = 0; k < width / w; k++)
            v |= (in[k][0] & mask) << k * w;
        out[0] = (uint64_t)v, out[1] = (uint64_t)(v >> 64);
    }
}

/* prmt's modes as the spec's table lists them, row c[1:0] of each, its columns reversed: entry k
 * is the source byte (of the eight of [b, a]) of d's byte k. Shared with the SIMD bodies. */
static const uint8_t ptx_prmt_mode_table[6][4][4] = {
    {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}}, /* f4e */
    {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}}, /* b4e */
    {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}, /* rc8 */
    {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}}, /* ecl */
    {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}}, /* ecr */
    {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}, /* rc16 */
};

/* the row's mode as an index of the table, -1 for the default mode */
static inline int ptx_prmt_mode(unsigned m)
{
    m &= M_PRMT_MODES;
    return m ? __builtin_ctz(m / M_F4E) : -1;
}

/* 9.7.9.7 prmt: byte k of d is byte ctl[k] & 7 of tmp64 = [b, a]; in the default mode ctl[k] is
 * c's nibble k and its bit 3 replicates that byte's sign over the byte; a mode reads only c[1:0]
 * (its table's row) and never replicates */
static inline uint64_t ptx_lane_PRMT(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                     uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)ty2; (void)rnd; (void)e; (void)cf;
    const uint64_t tmp64 = (uint64_t)(uint32_t)b << 32 | (uint32_t)a;
    const int mode = ptx_prmt_mode(m);
    uint32_t d = 0;
    for (unsigned k = 0; k < 4; k++) {
        const unsigned ctl = mode < 0 ? (unsigned)(c >> 4 * k) & 15 : ptx_prmt_mode_table[mode][c & 3][k];
        uint32_t byte = (uint32_t)(tmp64 >> 8 * (ctl & 7)) & 0xff;
        if (ctl & 8)
            byte = (byte & 0x80) ? 0xff : 0;
        d |= byte << 8 * k;
    }
    return d;
}

/* 9.7.9.21 cvt between integer types (6.5.1): a's low atype bits (ty2) as atype's value; .sat
 * clamps it to dtype's range (ty); d is its low dtype bits extended by dtype's signedness to d's
 * register, 16 bits for the 8-bit types (6.5.1 note 1) */
static inline uint64_t ptx_lane_CVTI(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                     uint64_t c, uint64_t e, unsigned *cf)
{
    (void)rnd; (void)b; (void)c; (void)e; (void)cf;
    const unsigned nd = ty_bits(ty), reg = nd < 16 ? 16 : nd;
    s128 v = ival(ty2, a, ty_bits(ty2));
    if (m & M_SAT) {
        const s128 lo = ty_signed(ty) ? -((s128)1 << (nd - 1)) : 0;
        const s128 hi = ((s128)1 << (nd - ty_signed(ty))) - 1;
        v = v < lo ? lo : v > hi ? hi : v;
    }
    return (uint64_t)ival(ty, (uint64_t)v, nd) & mask_bits(reg);
}

#endif
