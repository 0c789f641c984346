/* What one ptxcpu_run_chain call costs beyond its steps: an 8-warp (or N-warp) chain of a row,
 * fed back into a, with b and c uniform registers (stride 0) of tame values (1.0 + a little,
 * 0.5, 0.25 as floats: no NaN, no subnormal, so no microcode assists), at 0 to 4096 steps; the
 * best of 15 runs of 2000 calls (200 at 1024 steps and more). Not built by meson:
 *   gcc -O2 -std=c11 -Iinclude tools/chain_cost.c -o /tmp/chain_cost -Lbuild -lptxcpu
 *   LD_LIBRARY_PATH=build /tmp/chain_cost mad.rn.f32 8
 * docs/PERFORMANCE.md has the Xeon's figures. */
#define _GNU_SOURCE
#include "ptxcpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}
static void fill_f32(ptxcpu_w32 *r, size_t n, float base, float step)
{
    for (size_t i = 0; i < n * PTXCPU_WARP; i++) {
        float x = base + (float)i * step;
        memcpy(&r[i / PTXCPU_WARP].lane[i % PTXCPU_WARP], &x, sizeof x);
    }
}

int main(int argc, char **argv)
{
    const char *mnemonic = argc > 1 ? argv[1] : "mad.rn.f32";
    size_t nw = argc > 2 ? strtoul(argv[2], NULL, 10) : 8;
    ptxcpu_insn insn;
    ptxcpu_kernel k;
    if (nw == 0 || nw > 4096 || ptxcpu_parse(mnemonic, NULL, &insn) ||
        ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k)) {
        fprintf(stderr, "chain_cost: %s\nusage: chain_cost MNEMONIC [WARPS 1..4096]\n",
                nw == 0 || nw > 4096 ? "bad warp count" : ptxcpu_last_error());
        return 2;
    }
    ptxcpu_w32 *a = aligned_alloc(64, nw * sizeof *a), *d = aligned_alloc(64, nw * sizeof *d);
    static ptxcpu_w32 b, c;
    if (!a || !d)
        return 2;
    fill_f32(a, nw, 1.0f, 1e-3f);
    fill_f32(&b, 1, 0.5f, 0.0f);
    fill_f32(&c, 1, 0.25f, 0.0f);
    ptxcpu_batch bt = {.n = nw, .d = d, .d_stride = sizeof *d,
                       .src = {{a, sizeof *a}, {&b, 0}, {&c, 0}}};
    static const unsigned steps[] = {0, 1, 64, 256, 1024, 4096};
    for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++) {
        int calls = steps[s] >= 1024 ? 200 : 2000;
        double best = 1e9;
        for (int t = 0; t < 15; t++) {
            double t0 = now();
            for (int i = 0; i < calls; i++)
                if (ptxcpu_run_chain(k, &bt, 0, steps[s])) {
                    fprintf(stderr, "chain_cost: %s\n", ptxcpu_last_error());
                    return 1;
                }
            double dt = (now() - t0) / calls;
            best = dt < best ? dt : best;
        }
        printf("%s, %zu warps, %4u steps: %9.1f ns a call", mnemonic, nw, steps[s], best * 1e9);
        if (steps[s])
            printf(", %.4f ns a warp-step", best * 1e9 / steps[s] / (double)nw);
        printf("\n");
    }
    free(a);
    free(d);
    return 0;
}
