/* The bit of each lane of a warp (bit i = lane i of a ptxcpu_lanemask), as 32- and 64-bit lane
 * constants: the x86 layers turn a CC word into a chunk's lane mask by testing the broadcast word
 * against these (one table in memory, not built lane by lane on every call). */
#ifndef PTXCPU_SIMD_LANE_BITS_H
#define PTXCPU_SIMD_LANE_BITS_H

#include <stdint.h>

static inline const uint32_t *lane_bits32_(void)
{
    static const uint32_t bit[32] = {
        1u << 0,  1u << 1,  1u << 2,  1u << 3,  1u << 4,  1u << 5,  1u << 6,  1u << 7,
        1u << 8,  1u << 9,  1u << 10, 1u << 11, 1u << 12, 1u << 13, 1u << 14, 1u << 15,
        1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20, 1u << 21, 1u << 22, 1u << 23,
        1u << 24, 1u << 25, 1u << 26, 1u << 27, 1u << 28, 1u << 29, 1u << 30, 1u << 31};
    return bit;
}
static inline const uint64_t *lane_bits64_(void)
{
    static const uint64_t bit[32] = {
        1ull << 0,  1ull << 1,  1ull << 2,  1ull << 3,  1ull << 4,  1ull << 5,  1ull << 6,
        1ull << 7,  1ull << 8,  1ull << 9,  1ull << 10, 1ull << 11, 1ull << 12, 1ull << 13,
        1ull << 14, 1ull << 15, 1ull << 16, 1ull << 17, 1ull << 18, 1ull << 19, 1ull << 20,
        1ull << 21, 1ull << 22, 1ull << 23, 1ull << 24, 1ull << 25, 1ull << 26, 1ull << 27,
        1ull << 28, 1ull << 29, 1ull << 30, 1ull << 31};
    return bit;
}

#endif

/* ---- a right shift that rounds, for the cvt bodies (simd/cvt_*.h): a value put on a coarser grid
 * is x >> sh, plus one where the mode rounds the dropped bits away. They need the whole vector
 * layer, and x86's vec.h includes this file before defining it: so they are defined once the
 * layer's check (every <isa>/vec.h includes simd/vec_check.h last) has been seen. ---- */
#if defined(PTXCPU_SIMD_VEC_CHECK_H) && !defined(PTXCPU_SIMD_LANE_BITS_V32_H)
#define PTXCPU_SIMD_LANE_BITS_V32_H

/* x >> sh (sh >= 1) truncated, q, with what it dropped: rem, x's low sh bits, and half, the weight
 * of the first of them (the rounding bit). From sh = 32, q = 0 and rem = x; from 33, half = 0. */
typedef struct v32_trunc {
    v32 q, rem, half;
} v32_trunc;
VINL v32_trunc v32_trunc_bits(v32 x, v32 sh)
{
    const v32 q = v32_srlv(x, sh);
    return (v32_trunc){q, v32_sub(x, v32_sllv(q, sh)), v32_sllv(v32_set1(1), v32_sub(sh, v32_set1(1)))};
}

/* to nearest even (sh <= 31): one up where rem > half, or rem == half with q odd; as one compare,
 * rem + (q & 1) > half (rem < 2^31, so the sum cannot wrap) */
VINL vm v32_trunc_rne_up(v32_trunc t)
{
    return v32_cmpgt_u(v32_add(t.rem, v32_and(t.q, v32_set1(1))), t.half);
}

#endif
