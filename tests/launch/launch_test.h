/* Shared helpers of the launcher suite (tests/launch): thread-safe pass/fail counters with capped
 * reports (callbacks run on many threads) and the parts of the suite; FAIL_CAP, PTXCPU_TEST_SCALE
 * and splitmix64 come from tests/common. */
#ifndef PTXCPU_TEST_LAUNCH_H
#define PTXCPU_TEST_LAUNCH_H

#include <stdatomic.h>
#include <stdint.h>

#include "ptxcpu.h"
#include "ptxcpu_launch.h"
#include "test_common.h"

extern atomic_ullong g_pass, g_fail;

static inline void pass(void) { atomic_fetch_add(&g_pass, 1); }
/* Count a failure and print it (up to FAIL_CAP); safe from any thread. */
void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* pass() if ok, else fail with the message; returns ok. */
int check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The thread configurations every result must be identical over. */
typedef struct run_cfg { unsigned threads; ptxcpu_bind bind; size_t scratch; } run_cfg;
extern const run_cfg g_cfgs[];
extern const unsigned g_ncfgs;
const char *bind_str(ptxcpu_bind b);

/* Parts of the suite (launch_mulwide.c). */
void test_mulwide(void);

#endif
