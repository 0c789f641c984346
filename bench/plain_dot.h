/* The plain-C int8 dot-accumulate loops of `ptxcpu bench` (bench/plain_dot.c), one table per
 * ISA's flags, indexed 2 * (a signed) + (b signed) like dp4a's .atype.btype. */
#ifndef PTXCPU_BENCH_PLAIN_DOT_H
#define PTXCPU_BENCH_PLAIN_DOT_H

#include "ptxcpu.h"
#include <stddef.h>
#include <stdint.h>

/* c[i] += dp4a(a[k * lanes + i], b[k * lanes + i]) for k < steps, i < lanes; c must not overlap
 * a or b. */
typedef void (*plain_dot_fn)(size_t steps, size_t lanes, uint32_t *c, const uint32_t *a,
                             const uint32_t *b);

extern const plain_dot_fn ptx_plain_dot_scalar[4];
#if defined(__x86_64__)
extern const plain_dot_fn ptx_plain_dot_avx2[4];
extern const plain_dot_fn ptx_plain_dot_avx512[4];
#endif

/* The table compiled with isa's flags (plain -O3 for scalar and neon), NULL where none. */
static inline const plain_dot_fn *plain_dot_table(ptxcpu_isa isa)
{
    switch (isa) {
    case PTXCPU_ISA_SCALAR: return ptx_plain_dot_scalar;
#if defined(__x86_64__)
    case PTXCPU_ISA_AVX2: return ptx_plain_dot_avx2;
    case PTXCPU_ISA_AVX512: return ptx_plain_dot_avx512;
#else
    case PTXCPU_ISA_NEON: return ptx_plain_dot_scalar;
#endif
    default: return NULL;
    }
}

#endif
