/* Shared helpers of the API tests: pass/fail counting, a seeded PRNG, the ISAs to run on and
 * registers as unions (no type punning through pointers). */
#ifndef API_TEST_H
#define API_TEST_H

#include "ptxcpu.h"
#include "test_common.h" /* FAIL_CAP, test_scale, xorshift64s_next */

#include <stddef.h>
#include <stdint.h>

typedef union reg {
    ptxcpu_w16 h;
    ptxcpu_w32 w;
    ptxcpu_w64 x;
    unsigned char bytes[sizeof(ptxcpu_w64)];
} reg;

extern unsigned api_passed, api_failed;
/* Counts one check; prints the message of a failing one (up to FAIL_CAP). Returns ok. */
int check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

uint64_t rnd64(void);
void rnd_seed(uint64_t s);
void rnd_fill(void *p, size_t n);

/* The ISAs ptxcpu_isa_usable() accepts; the others are announced as skipped. */
extern ptxcpu_isa usable_isas[PTXCPU_ISA_COUNT];
extern int n_usable;

/* Lane `l` of a w-bit register held at p, and setting it. */
uint64_t lane_get(const void *p, unsigned bits, unsigned l);
void lane_set(void *p, unsigned bits, unsigned l, uint64_t v);

/* api_batch.c: guards, strides, aliasing, n and CC over every spelling; large batches. */
void test_batches(void);
/* api_prepared.c: ptxcpu_prepare and ptxcpu_run_prepared. */
void test_prepared(void);
/* api_pred.c: predicate destinations (testp). */
void test_predicates(void);

#endif
