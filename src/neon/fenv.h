/* The NEON layer's floating-point environment hook: on aarch64, FPCR set once per batch to the
 * row's rounding mode (everything else 0) and restored before returning, neither when it already
 * is that; elsewhere, MXCSR. */
#ifndef PTXCPU_NEON_FENV_H
#define PTXCPU_NEON_FENV_H

#include "internal.h"

#include <stdint.h>

#if defined(__aarch64__)
/* FPCR = RMode << 22 and nothing else: FZ (24) = FZ16 (19) = 0, so subnormals are computed, never
 * flushed by the hardware (.ftz is done on the bits: Arm detects tininess before rounding, PTX
 * after); AH (1) = FIZ (0) = NEP (2) = 0, the IEEE behaviour of FEAT_AFP cores; AHP (26) = 0, so
 * fcvt reads and writes IEEE half precision; DN (25) = 0 and every trap enable 0. NaN payloads do
 * not matter: every NaN result is made canonical on the bits. */
typedef uint64_t vec_fenv; /* the caller's FPCR to restore, or VEC_FENV_KEPT: left as it was */
#define VEC_FENV_KEPT UINT64_MAX /* (bits 32-63 of FPCR are RES0) */

static inline uint64_t neon_fpcr_read_(void)
{
    uint64_t v;
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(v) : : "memory");
    return v;
}
static inline void neon_fpcr_write_(uint64_t v)
{
    __asm__ __volatile__("msr fpcr, %0" : : "r"(v) : "memory");
}
static inline uint64_t neon_fpcr_want_(int rnd)
{
    static const uint8_t rmode[] = {[RND_NONE] = 0, [RND_RN] = 0, [RND_RP] = 1, [RND_RM] = 2,
                                    [RND_RZ] = 3};
    return (uint64_t)rmode[rnd] << 22;
}
static inline vec_fenv vec_fenv_enter(int rnd)
{
    uint64_t old = neon_fpcr_read_(), want = neon_fpcr_want_(rnd);
    if (old == want) /* an FPCR write can stall the FP pipeline: skip it when nothing changes */
        old = VEC_FENV_KEPT;
    else
        neon_fpcr_write_(want);
    __asm__ __volatile__("" ::: "memory"); /* no load may move above the mode change */
    return old;
}
/* The caller promised FPCR = 0 (ptxcpu_prepare's PTXCPU_PREPARE_DEFAULT_FENV): not read, only
 * set for a directed rounding mode and then set back to 0. */
static inline vec_fenv vec_fenv_enter_preset(int rnd)
{
    uint64_t want = neon_fpcr_want_(rnd);
    if (!want)
        return VEC_FENV_KEPT;
    neon_fpcr_write_(want);
    __asm__ __volatile__("" ::: "memory");
    return 0;
}
static inline void vec_fenv_leave(vec_fenv old)
{
    __asm__ __volatile__("" ::: "memory"); /* every store is done before the restore */
    if (__builtin_expect(old != VEC_FENV_KEPT, 0)) /* kept, the usual case: straight through */
        neon_fpcr_write_(old);
}
#else
/* simde emulates NEON on x86 with SSE (or C on SSE registers), so MXCSR rounds it. */
#include "simd/fenv_x86.h"
#endif

#endif
