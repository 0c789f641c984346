/* Timing for a loaded machine: the minimum over 300 trials of a prepared 32-warp L1 batch, of
 * `ptxcpu bench`'s plain-C loop for the same row, and of an 8-warp 256-step chain (fed back into
 * a), in ns per warp-instruction. The batch has a register every 256 bytes (the per-warp path),
 * or with PAB_PACKED=1 is packed as the bench's batch-l1 (the flat path). The minimum ignores
 * preemption, where the bench's medians moved 2x on a shared 2-core machine. Not built by meson;
 * docs/PERFORMANCE.md has the commands (an A/B of two builds: LD_LIBRARY_PATH=OTHER/build for the
 * other one). */
#define _GNU_SOURCE
#include "plain_c.h"
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
static uint64_t rnd(void) /* xorshift64: fixed random register contents */
{
    static _Thread_local uint64_t st = 88172645463325252ull;
    st ^= st << 13;
    st ^= st >> 7;
    st ^= st << 17;
    return st;
}
int main(int argc, char **argv)
{
    enum { W = 32, REG = 256 };
    unsigned char *mem[5];
    uint8_t *cf = calloc(W * 32, 1);
    ptxcpu_lanemask cc[W] = {0};
    for (int i = 0; i < 5; i++) {
        mem[i] = aligned_alloc(64, W * REG);
        for (int j = 0; j < W * REG; j++)
            mem[i][j] = (unsigned char)rnd();
    }
    for (int a = 1; a < argc; a++) {
        ptxcpu_insn in;
        ptxcpu_insn_desc d;
        if (ptxcpu_parse(argv[a], NULL, &in)) {
            printf("%s: %s\n", argv[a], ptxcpu_last_error());
            continue;
        }
        ptxcpu_describe(&in, &d);
        size_t row = 0;
        for (size_t i = 0; i < ptxcpu_insn_count(); i++) {
            ptxcpu_insn_desc e;
            ptxcpu_insn_at(i, &e);
            if (!strcmp(e.mnemonic, argv[a]))
                row = i;
        }
        for (int isa = PTXCPU_ISA_AVX2; isa <= PTXCPU_ISA_AVX512; isa++) {
            ptxcpu_kernel k;
            if (!ptxcpu_isa_usable((ptxcpu_isa)isa) || bench_resolve(&in, (ptxcpu_isa)isa, &k))
                continue;
            int packed = getenv("PAB_PACKED") && atoi(getenv("PAB_PACKED"));
#define STRIDE(bits) (packed && (bits) ? (ptrdiff_t)(bits) * 32 / 8 : REG)
            ptxcpu_batch bt = {.n = W, .d = mem[0], .d_stride = STRIDE(d.dst_bits), .cc = cc,
                               .cc_stride = sizeof cc[0]};
            for (unsigned s = 0; s < 4; s++)
                bt.src[s] = (ptxcpu_src){mem[s + 1], STRIDE(s < d.nsrc ? d.src_bits[s] : 0)};
#undef STRIDE
            ptxcpu_prepared p;
            if (ptxcpu_prepare(k, &bt, PTXCPU_PREPARE_DEFAULT_FENV, &p)) {
                printf("prepare: %s\n", ptxcpu_last_error());
                continue;
            }
            const plain_c_fn *t = plain_c_table((ptxcpu_isa)isa);
            const void *src[4] = {mem[1], mem[2], mem[3], mem[4]};
            double bk = 1e9, bp = 1e9, bc = 1e9;
            for (int trial = 0; trial < 300; trial++) {
                double t0 = now();
                for (int r = 0; r < 20; r++)
                    ptxcpu_run_prepared(&p);
                double t1 = now();
                for (int r = 0; r < 20; r++)
                    t[row](W * 32, mem[0], src, cf, NULL);
                double t2 = now();
                if (t1 - t0 < bk)
                    bk = t1 - t0;
                if (t2 - t1 < bp)
                    bp = t2 - t1;
                if (d.dst_bits == d.src_bits[0] && trial % 3 == 0) {
                    ptxcpu_batch cb = bt;
                    cb.n = 8;
                    double t3 = now();
                    ptxcpu_run_chain(k, &cb, 0, 256);
                    double t4 = now();
                    if (t4 - t3 < bc)
                        bc = t4 - t3;
                }
            }
            printf("%-22s %-6s batch %7.2f ns/warp-insn  plain C %7.2f  ratio %5.2fx", argv[a],
                   ptxcpu_isa_name((ptxcpu_isa)isa), bk / (20.0 * W) * 1e9, bp / (20.0 * W) * 1e9,
                   bp / bk);
            if (bc < 1e9)
                printf("  chain %6.3f ns/warp-insn", bc / (8 * 256.0) * 1e9);
            printf("\n");
        }
    }
    return 0;
}
