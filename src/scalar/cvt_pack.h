/* Scalar reference of cvt.pack (9.7.9.22): two .s32 clamped to a narrow integer type and packed
 * into d's low bits, the rest of d from c (docs/SEMANTICS.md, "Packing with saturation"). */
#ifndef PTXCPU_SCALAR_CVT_PACK_H
#define PTXCPU_SCALAR_CVT_PACK_H

#include "internal.h"

#include <stdint.h>

/* convertType's width in bits, and whether it is signed */
static inline unsigned cvtpack_size(int ty)
{
    switch (ty) {
    case TY_U2: case TY_S2: return 2;
    case TY_U4: case TY_S4: return 4;
    case TY_U8: case TY_S8: return 8;
    default: return 16; /* TY_U16, TY_S16 */
    }
}
static inline int cvtpack_signed(int ty)
{
    return ty == TY_S2 || ty == TY_S4 || ty == TY_S8 || ty == TY_S16;
}

/* x (.s32) clamped at both ends to convertType's range, as its size low bits */
static inline uint32_t cvtpack_clamp(int ty, uint64_t x)
{
    const unsigned size = cvtpack_size(ty);
    const int32_t lo = cvtpack_signed(ty) ? -(1 << (size - 1)) : 0;
    const int32_t hi = cvtpack_signed(ty) ? (1 << (size - 1)) - 1 : (1 << size) - 1;
    const int32_t v = (int32_t)(uint32_t)x;
    return (uint32_t)(v < lo ? lo : v > hi ? hi : v) & ((1u << size) - 1);
}

static inline uint64_t ptx_lane_CVTPACK(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                        uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)m; (void)rnd; (void)e; (void)cf;
    const unsigned size = cvtpack_size(ty);
    const uint32_t packed = cvtpack_clamp(ty, a) << size | cvtpack_clamp(ty, b);
    return size == 16 ? packed : packed | (uint32_t)c << 2 * size;
}

#endif
