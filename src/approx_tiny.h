/* The f32 magnitudes below which SLEEF's sinf, tanhf and cosf return x, x and 1: the vector
 * kernels skip SLEEF there (src/simd/float_approx.h), and tools/sleef_tiny_check.c checks every
 * such input against SLEEF. Bit patterns of |x|. */
#ifndef PTXCPU_APPROX_TINY_H
#define PTXCPU_APPROX_TINY_H

#define APPROX_TINY_SIN 0x39800000u  /* 2^-12: sinf(x) = x below */
#define APPROX_TINY_TANH 0x33000000u /* 2^-25: tanhf(x) = x below */
#define APPROX_TINY_COS 0x33800000u  /* 2^-24: cosf(x) = 1 below */

#endif
