/* The AVX-512 variant (F + BW + DQ + VL): the kernel template instantiated on the AVX-512 vector
 * layer, defining ptx_kernels_avx512. Also built with AVX2 flags only (simde emulates AVX-512) and
 * -DPTX_KERNEL_TABLE=ptx_kernels_avx512_emu for the differential test on any x86-64 host. */
#include "avx512/vec.h"

#ifndef PTX_KERNEL_TABLE
#define PTX_KERNEL_TABLE ptx_kernels_avx512
#endif
#define PTX_KERNEL_ISA PTXCPU_ISA_AVX512
#include "simd/kernels.h"
