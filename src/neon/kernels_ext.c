/* NEON extension tables: the kernel template on the NEON layer built once per extension (meson:
 * its flags, -DPTX_EXT_<FEATURE>=1, -DPTX_KERNEL_EXT_ID=<id>), holding its families only. */
#include "neon/vec.h"

#define PTX_KERNEL_ISA PTXCPU_ISA_NEON
#include "simd/kernels.h"
