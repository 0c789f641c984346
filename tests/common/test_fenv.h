/* The caller's floating-point environment (x86 MXCSR, Arm FPCR): read, set, and the modes a
 * caller may have left in it. No kernel may depend on it (rounding, FTZ/DAZ, ...) or change it. */
#ifndef PTXCPU_TEST_FENV_H
#define PTXCPU_TEST_FENV_H

#include <stdint.h>

#if defined(__x86_64__)
#include <xmmintrin.h>
static inline unsigned get_fenv(void) { return _mm_getcsr(); }
static inline void set_fenv(unsigned x) { _mm_setcsr(x); }
/* RN; RZ + FTZ + DAZ; RM; RP + DAZ. */
static const unsigned caller_fenv[] = {0x1f80, 0x1f80 | 3u << 13 | 0x8040, 0x1f80 | 1u << 13,
                                       0x1f80 | 2u << 13 | 0x0040};
#elif defined(__aarch64__)
static inline unsigned get_fenv(void)
{
    uint64_t v;
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(v));
    return (unsigned)v;
}
static inline void set_fenv(unsigned x)
{
    __asm__ __volatile__("msr fpcr, %0" : : "r"((uint64_t)x));
}
/* RN; RZ + FZ + FZ16; RP + DN; RM + AHP + FZ. */
static const unsigned caller_fenv[] = {0, 3u << 22 | 1u << 24 | 1u << 19, 1u << 22 | 1u << 25,
                                       2u << 22 | 1u << 26 | 1u << 24};
#else
static inline unsigned get_fenv(void) { return 0; }
static inline void set_fenv(unsigned x) { (void)x; }
static const unsigned caller_fenv[] = {0};
#endif
#define N_CALLER_FENV (sizeof caller_fenv / sizeof caller_fenv[0])

#endif
