/* A setp + selp chain, the pair nvcc emits for `x = a < b ? u : v`, against the plain C a user
 * writes: each step runs setp.lt.s32 p|q, a, b then selp.b32 a, u, v, p over 32 warps (prepared
 * batches, the result fed back into a, so each step waits for the one before), and the plain loop
 * a[i] = (int32_t)a[i] < (int32_t)b[i] ? u[i] : v[i]. Minimum over 200 trials of 64 steps, ns per
 * warp and step (the plain loop compiled as the bench's: -O3 and the ISA's flags). Not built by
 * meson: `gcc -O3 -mavx2 -mfma -std=c11 -Iinclude tools/setp_selp_chain.c -o
 * /tmp/setp_selp -Lbuild -lptxcpu` then `LD_LIBRARY_PATH=build /tmp/setp_selp` (PTXCPU_ISA picks
 * the ISA; -march=native for the AVX-512 plain loop). */
#define _GNU_SOURCE
#include "ptxcpu.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { W = 32, STEPS = 64, TRIALS = 200 };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* the plain loop, out of line so the compiler cannot fuse steps */
__attribute__((noinline)) static void plain_step(uint32_t *restrict a, const uint32_t *b, const uint32_t *u,
                                                 const uint32_t *v, size_t lanes)
{
    for (size_t i = 0; i < lanes; i++)
        a[i] = (int32_t)a[i] < (int32_t)b[i] ? u[i] : v[i];
}

static int prepare(const char *mn, const ptxcpu_batch *b, ptxcpu_prepared *p)
{
    ptxcpu_insn insn;
    ptxcpu_kernel k;
    if (ptxcpu_parse(mn, NULL, &insn) || ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k) ||
        ptxcpu_prepare(k, b, PTXCPU_PREPARE_DEFAULT_FENV, p)) {
        fprintf(stderr, "%s: %s\n", mn, ptxcpu_last_error());
        return -1;
    }
    return 0;
}

int main(void)
{
    static ptxcpu_w32 a[W], b[W], u[W], v[W], a0[W];
    static ptxcpu_lanemask pq[2 * W];
    uint64_t s = 88172645463325252ull;
    for (unsigned w = 0; w < W; w++)
        for (unsigned i = 0; i < PTXCPU_WARP; i++) {
            s ^= s << 13, s ^= s >> 7, s ^= s << 17;
            a0[w].lane[i] = (uint32_t)s, b[w].lane[i] = (uint32_t)(s >> 32);
            u[w].lane[i] = (uint32_t)(s >> 16), v[w].lane[i] = (uint32_t)(s >> 8);
        }
    ptxcpu_batch setp = {.n = W, .d = pq, .d_stride = 8, .src = {{a, sizeof a[0]}, {b, sizeof b[0]}}};
    ptxcpu_batch selp = {.n = W, .d = a, .d_stride = sizeof a[0],
                         .src = {{u, sizeof u[0]}, {v, sizeof v[0]}, {pq, 8}}};
    ptxcpu_prepared ps, pl;
    if (prepare("setp.lt.s32", &setp, &ps) || prepare("selp.b32", &selp, &pl))
        return 1;
    double best_lib = 1e9, best_plain = 1e9;
    for (unsigned t = 0; t < TRIALS; t++) {
        for (unsigned w = 0; w < W; w++)
            a[w] = a0[w];
        double t0 = now();
        for (unsigned k = 0; k < STEPS; k++) {
            ptxcpu_run_prepared(&ps);
            ptxcpu_run_prepared(&pl);
        }
        double t1 = now();
        static ptxcpu_w32 lib_result[W];
        for (unsigned w = 0; w < W; w++)
            lib_result[w] = a[w], a[w] = a0[w];
        double t2 = now();
        for (unsigned k = 0; k < STEPS; k++)
            plain_step(&a[0].lane[0], &b[0].lane[0], &u[0].lane[0], &v[0].lane[0], W * PTXCPU_WARP);
        double t3 = now();
        for (unsigned w = 0; w < W; w++)
            for (unsigned i = 0; i < PTXCPU_WARP; i++)
                if (a[w].lane[i] != lib_result[w].lane[i]) {
                    fprintf(stderr, "warp %u lane %u: library %#x, plain C %#x\n", w, i,
                            lib_result[w].lane[i], a[w].lane[i]);
                    return 1;
                }
        best_lib = (t1 - t0) < best_lib ? t1 - t0 : best_lib;
        best_plain = (t3 - t2) < best_plain ? t3 - t2 : best_plain;
    }
    const double per = 1e9 / ((double)W * STEPS);
    printf("setp.lt.s32 + selp.b32 (%s): %.2f ns per warp and step; plain C %.2f; ratio %.2fx\n",
           ptxcpu_isa_name(ptxcpu_isa_active()), best_lib * per, best_plain * per,
           best_plain / best_lib);
    return 0;
}
