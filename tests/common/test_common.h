/* Helpers every suite shares (tests/common): the failure-report cap, PTXCPU_TEST_SCALE, and the
 * two pseudo-random generators the suites draw their inputs from. Seeds stay in each suite, so a
 * failure reproduces from the suite alone. */
#ifndef PTXCPU_TEST_COMMON_H
#define PTXCPU_TEST_COMMON_H

#include "ptxcpu.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The element format of an instruction's sources: its desc's elem, but a cvt's .atype (the last
 * part of its mnemonic: desc.elem is d's .dtype), so inputs are drawn in a's format. */
static inline ptxcpu_elem test_source_elem(const ptxcpu_insn_desc *d)
{
    const char *t = strrchr(d->mnemonic, '.');
    if (strncmp(d->mnemonic, "cvt.", 4) || !t)
        return d->elem;
    return !strcmp(t, ".f16") ? PTXCPU_ELEM_F16 : !strcmp(t, ".bf16") ? PTXCPU_ELEM_BF16
         : !strcmp(t, ".f32") ? PTXCPU_ELEM_F32 : !strcmp(t, ".f64") ? PTXCPU_ELEM_F64
                              : PTXCPU_ELEM_INT;
}

/* Whether an instruction reads other lanes (the warp-level ones: shfl.sync 9.7.9.6, vote, match,
 * activemask, redux, elect 9.7.13): its lanes depend on the guard and on each other, so a suite
 * that checks lanes one by one leaves it to tests/move/warp_oracle.c and runs its references with
 * the same guards. */
static inline int test_cross_lane(const ptxcpu_insn_desc *d)
{
    return !strcmp(d->section, "9.7.9.6") || !strncmp(d->section, "9.7.13.", 7);
}

/* Lane l of an array of registers of `bits` bits (16, 32 or 64), read and written. */
static inline uint64_t test_reg_get(const void *p, unsigned bits, size_t l)
{
    return bits == 16 ? ((const uint16_t *)p)[l] : bits == 32 ? ((const uint32_t *)p)[l]
                                                              : ((const uint64_t *)p)[l];
}
static inline void test_reg_put(void *p, unsigned bits, size_t l, uint64_t v)
{
    if (bits == 16) ((uint16_t *)p)[l] = (uint16_t)v;
    else if (bits == 32) ((uint32_t *)p)[l] = (uint32_t)v;
    else ((uint64_t *)p)[l] = v;
}

/* Failures printed in full; the rest are only counted. */
#define FAIL_CAP 50

/* PTXCPU_TEST_SCALE (the divisor of the long loops; meson passes -Dtest_scale); 1 when unset,
 * not a number, or below 1. */
static inline unsigned test_scale(void)
{
    const char *e = getenv("PTXCPU_TEST_SCALE");
    int s = e ? atoi(e) : 1;
    return s < 1 ? 1u : (unsigned)s;
}

/* The kernel of insn on isa for the suites that run every row as ptxcpu_resolve gives it: a row
 * resolved with an immediate (lop3) gets the table lut, others ignore it; test_resolve gives
 * TEST_LOP3_LUT, 0xe8 (the majority of a, b, c); tests/cmp/lop3_oracle.c runs every table, the
 * fuzz target the input's. (test_common.h users include ptxcpu.h first.) */
#ifdef PTXCPU_CORE_H
#define TEST_LOP3_LUT 0xe8
static inline ptxcpu_status test_resolve_lut(const ptxcpu_insn *insn, ptxcpu_isa isa, unsigned lut,
                                             ptxcpu_kernel *k)
{
    return ptxcpu_insn_imm_bits(insn) ? ptxcpu_resolve_imm(insn, isa, lut, k)
                                      : ptxcpu_resolve(insn, isa, k);
}
static inline ptxcpu_status test_resolve(const ptxcpu_insn *insn, ptxcpu_isa isa, ptxcpu_kernel *k)
{
    return test_resolve_lut(insn, isa, TEST_LOP3_LUT, k);
}
#endif

/* splitmix64 (Steele, Lea, Flood 2014). splitmix64(x) is the output for state x: a stateless
 * hash of x, used alone where a value must follow from an index. */
static inline uint64_t splitmix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
/* The next value of the sequence whose state is *s (advances it). */
static inline uint64_t splitmix64_next(uint64_t *s)
{
    uint64_t z = *s;
    *s += 0x9e3779b97f4a7c15ull;
    return splitmix64(z);
}

/* A splitmix64 stream as a value: rng_t r = {seed}; rng_next(&r), rng_below(&r, n). */
typedef struct rng { uint64_t s; } rng_t;
static inline uint64_t rng_next(rng_t *r) { return splitmix64_next(&r->s); }
static inline uint64_t rng_below(rng_t *r, uint64_t n) { return rng_next(r) % n; }

/* xorshift64* (Vigna 2016; shifts 12, 25, 27): the next value of the sequence whose state is *s
 * (nonzero; advances it). */
static inline uint64_t xorshift64s_next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545f4914f6cdd1dull;
}

#endif
