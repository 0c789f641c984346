/* CPU feature detection: x86 CPUID + XGETBV (OS-enabled YMM/ZMM state), aarch64 AT_HWCAP. */
#ifndef PTXCPU_CPU_FEATURES_H
#define PTXCPU_CPU_FEATURES_H

#include "internal.h"

typedef struct ptx_cpu {
    /* x86 */
    unsigned sse42 : 1, avx : 1, avx2 : 1, fma : 1, f16c : 1, bmi2 : 1, lzcnt : 1, popcnt : 1,
        ymm_state : 1, zmm_state : 1, avx512f : 1, avx512bw : 1, avx512dq : 1, avx512vl : 1,
        avx512vnni : 1, avx512ifma : 1, avx512vbmi2 : 1, avx512bitalg : 1, avx512vpopcntdq : 1, avx512cd : 1,
        avx512bf16 : 1, gfni : 1, avxvnni : 1;
    /* aarch64 */
    unsigned asimd : 1, asimddp : 1, i8mm : 1, fphp : 1, asimdhp : 1;
} ptx_cpu;

PTX_HIDDEN const ptx_cpu *ptx_cpu_get(void);
/* The ISA levels this CPU runs (DESIGN.md: AVX2 = AVX2+FMA+F16C+BMI2+YMM state, AVX-512 =
 * F+BW+DQ+VL+ZMM state, NEON = ASIMD). */
PTX_HIDDEN int ptx_cpu_has_isa(ptxcpu_isa isa);
/* Whether this CPU has ISA extension `ext` (enum ptx_ext; its base ISA is checked separately). */
PTX_HIDDEN int ptx_cpu_has_ext(int ext);

#endif
