/* This CPU's ceilings, measured in the same run as the results divided by them: raw FMA and int8
 * dot-product throughput per SIMD width, and an L1-resident 2-loads/1-store stream. */
#ifndef PTXCPU_BENCH_PEAK_H
#define PTXCPU_BENCH_PEAK_H

#include <stddef.h>
#include <stdint.h>

typedef struct peaks {
    double fma_f32_ymm;   /* f32 lane-FMAs per second, 256-bit vfmadd (0 if not run) */
    double fma_f32_zmm;   /* same, 512-bit (0 if the CPU lacks AVX-512) */
    double fma_f32_scalar;/* scalar fmaf-free a*b+c chain, lanes per second */
    double dot_i8_ymm;    /* 4-way byte dot products per second, vpmaddubsw+vpmaddwd+vpaddd */
    double dot_i8_zmm;    /* same, 512-bit vpdpbusd (0 if the CPU lacks AVX-512 VNNI) */
    double stream_l1;     /* bytes per second, L1-resident 2 loads + 1 store of 32 bytes */
    int threads;          /* threads these were measured on (1) */
} peaks;

/* Measures on the calling thread; each figure is the median of `reps` timed runs. */
void peaks_measure(peaks *p, int reps);
/* Seconds on a monotonic clock. */
double bench_now(void);
/* Median of n doubles (sorts them). */
double bench_median(double *v, int n);

/* The raw loops, one file per ISA (compiled with that ISA's flags; call only where it runs). */
double peak_fma_ymm(uint64_t iters);   /* returns lane-FMAs done */
double peak_dot_ymm(uint64_t iters);   /* returns 4-way dot products done */
double peak_stream_ymm(uint64_t iters, void *buf); /* returns bytes moved */
double peak_fma_zmm(uint64_t iters);
double peak_dot_zmm(uint64_t iters);   /* AVX-512 VNNI: returns 4-way dot products done */
/* The best of the measured ceilings: f32 FMA lanes/s, 4-way int8 dot products/s. */
double peak_best_fma(const peaks *p);
double peak_best_dot(const peaks *p);

#endif
