/* AVX2 extension tables: the kernel template on the AVX2 layer built once per extension
 * (meson: its flags, -DPTX_EXT_<FEATURE>=1, -DPTX_KERNEL_EXT_ID=<id>), holding its families only. */
#include "avx2/vec.h"

#define PTX_KERNEL_ISA PTXCPU_ISA_AVX2
#include "simd/kernels.h"
