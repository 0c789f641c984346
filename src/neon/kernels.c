/* The NEON variant (Armv8-A AdvSIMD): the kernel template instantiated on the NEON vector layer,
 * defining ptx_kernels_neon. Also built on x86-64 with AVX2 flags (simde emulates NEON) and
 * -DPTX_KERNEL_TABLE=ptx_kernels_neon_emu for the differential test. */
#include "neon/vec.h"

#ifndef PTX_KERNEL_TABLE
#define PTX_KERNEL_TABLE ptx_kernels_neon
#endif
#define PTX_KERNEL_ISA PTXCPU_ISA_NEON
#include "simd/kernels.h"
