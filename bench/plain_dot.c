/* The plain-C baseline of `ptxcpu bench`'s dot-accumulate mode: the int8 dot loop a user writes,
 * c[i] += the four byte products of a_k[i] and b_k[i] for k = 0..steps-1 (the k-th a and b are
 * the k-th run of `lanes` words), compiled -O3 once per ISA's flags (meson: PLAIN_DOT_TABLE). */
#include "plain_dot.h"

#define PLAIN_DOT_LOOP(NAME, TA, TB)                                                             \
    static void NAME(size_t steps, size_t lanes, uint32_t *restrict c,                        \
                     const uint32_t *restrict a, const uint32_t *restrict b)                  \
    {                                                                                          \
        for (size_t k = 0; k < steps; k++, a += lanes, b += lanes)                             \
            for (size_t i = 0; i < lanes; i++) {                                               \
                uint32_t acc = c[i];                                                           \
                for (int j = 0; j < 4; j++)                                                    \
                    acc += (uint32_t)((TA)(a[i] >> 8 * j) * (TB)(b[i] >> 8 * j));              \
                c[i] = acc;                                                                    \
            }                                                                                  \
    }
PLAIN_DOT_LOOP(dot_u8_u8, uint8_t, uint8_t)
PLAIN_DOT_LOOP(dot_u8_s8, uint8_t, int8_t)
PLAIN_DOT_LOOP(dot_s8_u8, int8_t, uint8_t)
PLAIN_DOT_LOOP(dot_s8_s8, int8_t, int8_t)

const plain_dot_fn PLAIN_DOT_TABLE[4] = {dot_u8_u8, dot_u8_s8, dot_s8_u8, dot_s8_s8};
