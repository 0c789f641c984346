/* Shared helpers of the integer oracle suite (tests/int): pass/fail counters and capped failure
 * reports, typed lane access to warp buffers, scalar kernel lookup; the PRNG, FAIL_CAP and
 * PTXCPU_TEST_SCALE come from tests/common. */
#ifndef PTXCPU_TEST_INT_COMMON_H
#define PTXCPU_TEST_INT_COMMON_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptxcpu.h"
#include "test_common.h"

typedef unsigned __int128 u128;
typedef __int128 i128;

extern unsigned long long g_pass, g_fail;

static inline void pass(void) { g_pass++; }

__attribute__((format(printf, 1, 2))) static inline void fail(const char *fmt, ...)
{
    if (++g_fail > FAIL_CAP)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("FAIL ", stdout);
    vprintf(fmt, ap);
    fputc('\n', stdout);
    va_end(ap);
}

static inline uint64_t mask_bits(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

/* Lane i of a buffer of consecutive lanes of width bits (16, 32 or 64; 1: a predicate, one
 * 32-bit lane mask a warp, lane i bit i % 32 of mask i / 32). */
static inline uint64_t lane_get(const void *buf, unsigned bits, size_t i)
{
    switch (bits) {
    case 1: return ((const uint32_t *)buf)[i / 32] >> (i % 32) & 1;
    case 16: return ((const uint16_t *)buf)[i];
    case 32: return ((const uint32_t *)buf)[i];
    default: return ((const uint64_t *)buf)[i];
    }
}
static inline void lane_set(void *buf, unsigned bits, size_t i, uint64_t v)
{
    uint32_t *mask = (uint32_t *)buf + i / 32;
    switch (bits) {
    case 1: *mask = (*mask & ~(1u << i % 32)) | (uint32_t)(v & 1) << i % 32; break;
    case 16: ((uint16_t *)buf)[i] = (uint16_t)v; break;
    case 32: ((uint32_t *)buf)[i] = (uint32_t)v; break;
    default: ((uint64_t *)buf)[i] = v; break;
    }
}

static inline void *warp_alloc(size_t bytes)
{
    void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* The scalar kernel of a mnemonic on the default target, or NULL (counted as a failure). */
static inline ptxcpu_kernel scalar_kernel(const char *mn, ptxcpu_insn *insn_out)
{
    ptxcpu_insn insn;
    ptxcpu_kernel k;
    ptxcpu_status st = ptxcpu_parse(mn, NULL, &insn);
    if (st == PTXCPU_OK)
        st = ptxcpu_resolve(&insn, PTXCPU_ISA_SCALAR, &k);
    if (st != PTXCPU_OK) {
        fail("%s: parse/resolve on scalar: %s (%s)", mn, ptxcpu_status_name(st), ptxcpu_last_error());
        return NULL;
    }
    if (insn_out)
        *insn_out = insn;
    return k;
}

void run_spellings(void); /* spelling.c */
void run_multiword(void); /* multiword.c */

#endif
