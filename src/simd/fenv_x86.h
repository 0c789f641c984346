/* The x86 floating-point environment hook of the SIMD layer: MXCSR set once per batch to the
 * row's rounding mode (FTZ = DAZ = 0, exceptions masked) and restored before returning, and
 * neither written nor restored when the caller's control bits already are the row's. */
#ifndef PTXCPU_SIMD_FENV_X86_H
#define PTXCPU_SIMD_FENV_X86_H

#include "internal.h"

#include <simde/x86/sse.h>
#include <stdint.h>

/* The caller's MXCSR to restore, or VEC_FENV_KEPT when it was left as it was (bits 16-31 of a
 * real MXCSR are 0: loading any of them faults). */
typedef uint32_t vec_fenv;
#define VEC_FENV_KEPT UINT32_MAX
#define VEC_FENV_DEFAULT 0x1f80u /* RN, every exception masked, FTZ = DAZ = 0 */

/* MXCSR read and written by instructions aligned to 16 bytes: stmxcsr and ldmxcsr are microcoded
 * on Zen 5, and one that straddles a 64-byte line of code costs far more a call (the rounding
 * rows that ran behind the plain C loop in some builds and not in others, following the code's
 * layout: docs/PERFORMANCE.md, "Figures behind design choices in the source"). Elsewhere
 * (simde's emulated x86 on other hosts) the simde calls. */
#if defined(__x86_64__) || defined(__i386__)
static inline uint32_t vec_fenv_get_(void)
{
    uint32_t v;
    __asm__ __volatile__(".p2align 4\n\tstmxcsr %0" : "=m"(v));
    return v;
}
static inline void vec_fenv_set_(uint32_t v)
{
    __asm__ __volatile__(".p2align 4\n\tldmxcsr %0" : : "m"(v));
}
#else
static inline uint32_t vec_fenv_get_(void) { return simde_mm_getcsr(); }
static inline void vec_fenv_set_(uint32_t v) { simde_mm_setcsr(v); }
#endif

static inline uint32_t vec_fenv_want_(int rnd)
{
    static const uint8_t rc[] = {[RND_NONE] = 0, [RND_RN] = 0, [RND_RM] = 1, [RND_RP] = 2,
                                 [RND_RZ] = 3};
    return VEC_FENV_DEFAULT | (uint32_t)rc[rnd] << 13;
}
/* stmxcsr is slow, ldmxcsr cheap, but an ldmxcsr of the word stmxcsr just stored is slow again
 * (docs/PERFORMANCE.md, "Figures behind design choices in the source"). So the write and the
 * restore are skipped when the control bits (all but the six sticky exception flags, which a
 * kernel may raise: docs/SEMANTICS.md) already are the row's. */
static inline vec_fenv vec_fenv_enter(int rnd)
{
    uint32_t want = vec_fenv_want_(rnd), old = vec_fenv_get_();
    if ((old & ~0x3fu) == want) {
        old = VEC_FENV_KEPT;
    } else {
        vec_fenv_set_(want);
    }
    __asm__ __volatile__("" ::: "memory"); /* no load may move above the mode change */
    return old;
}
/* The caller promised the default control bits (ptxcpu_prepare's PTXCPU_PREPARE_DEFAULT_FENV):
 * MXCSR is not read (the stmxcsr above is most of a float row's cost on one warp), only set for
 * a directed rounding mode and then set back to the default, sticky flags cleared. */
static inline vec_fenv vec_fenv_enter_preset(int rnd)
{
    uint32_t want = vec_fenv_want_(rnd);
    if (want == VEC_FENV_DEFAULT)
        return VEC_FENV_KEPT;
    vec_fenv_set_(want);
    __asm__ __volatile__("" ::: "memory");
    return VEC_FENV_DEFAULT;
}
static inline void vec_fenv_leave(vec_fenv old)
{
    __asm__ __volatile__("" ::: "memory"); /* every store is done before the restore */
    if (__builtin_expect(old != VEC_FENV_KEPT, 0)) /* kept, the usual case: straight through */
        vec_fenv_set_(old);
}

#endif
