/* The x86 floating-point environment hook of the SIMD layer: MXCSR set once per batch to the
 * row's rounding mode (FTZ = DAZ = 0, exceptions masked) and restored before returning. */
#ifndef PTXCPU_SIMD_FENV_X86_H
#define PTXCPU_SIMD_FENV_X86_H

#include "internal.h"

#include <simde/x86/sse.h>
#include <stdint.h>

typedef uint32_t vec_fenv;

static inline vec_fenv vec_fenv_enter(int rnd)
{
    static const uint32_t rc[] = {[RND_NONE] = 0, [RND_RN] = 0, [RND_RM] = 1, [RND_RP] = 2,
                                  [RND_RZ] = 3};
    uint32_t old = simde_mm_getcsr();
    simde_mm_setcsr(0x1f80u | rc[rnd] << 13); /* all exceptions masked, FTZ = DAZ = 0 */
    __asm__ __volatile__("" ::: "memory");    /* no load may move above the mode change */
    return old;
}
static inline void vec_fenv_leave(vec_fenv old)
{
    __asm__ __volatile__("" ::: "memory"); /* every store is done before the restore */
    simde_mm_setcsr(old);
}

#endif
