/* The AVX2 variant (AVX2 + FMA + F16C + BMI2): the kernel template instantiated on the AVX2 vector
 * layer, defining the table ptx_kernels_avx2. Built with -mavx2 -mfma -mf16c -mbmi2 only. */
#include "avx2/vec.h"

#ifndef PTX_KERNEL_TABLE
#define PTX_KERNEL_TABLE ptx_kernels_avx2
#endif
#define PTX_KERNEL_ISA PTXCPU_ISA_AVX2
#include "simd/kernels.h"
