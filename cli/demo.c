/* `ptxcpu demo`, the main job: a grid of ~1M threads, each running a register-resident chain of
 * dp4a.s32.s32 and one of mad.rn.f32, across all cores through the launcher on the best ISA, with
 * throughput, fraction of this CPU's measured peak, 1-to-N-core scaling and a scalar cross-check. */
#include "cli.h"
#include "grid.h"
#include "peak.h"
#include "ptxcpu_launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEMO_REPS 5 /* timed launches per figure (median), after an untimed one */

static int parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (!*s || *end || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

int cli_demo(int argc, char **argv)
{
    uint64_t nthreads = 1u << 20, steps = 256;
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(argv[i], "--threads-total") && parse_u64(v, 32, 1ull << 28, &nthreads))
            i++;
        else if (!strcmp(argv[i], "--length") && parse_u64(v, 1, 1u << 20, &steps))
            i++;
        else {
            fprintf(stderr, "ptxcpu demo: bad argument '%s' (options: --threads-total N in "
                    "32..2^28, --length L in 1..2^20)\n", argv[i]);
            return 2;
        }
    }
    ptxcpu_isa isa = ptxcpu_isa_active();
    ptxcpu_topology topo;
    if (isa == PTXCPU_ISA_BEST || ptxcpu_topology_get(&topo)) {
        ptxcpu_insn insn;
        ptxcpu_kernel k;
        ptxcpu_parse("add.u32", NULL, &insn);
        ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k);
        fprintf(stderr, "ptxcpu demo: %s\n", ptxcpu_last_error());
        return 1;
    }
    unsigned all = topo.default_threads;
    printf("ptxcpu demo: %llu GPU threads (blocks of 256), each a dependent chain of %llu steps\n",
           (unsigned long long)nthreads, (unsigned long long)steps);
    printf("ISA %s; %s", ptxcpu_isa_name(isa), ptxcpu_topology_summary());
    peaks pk;
    fprintf(stderr, "measuring this core's peaks...\n");
    peaks_measure(&pk, 5);
    double fma_peak = peak_best_fma(&pk);
    double dot_peak = peak_best_dot(&pk) > 0 ? peak_best_dot(&pk) : pk.fma_f32_scalar;
    printf("peaks (1 core): f32 FMA %.3g lanes/s (%s), int8 4-way dot %.3g lanes/s (%s)\n\n",
           fma_peak, pk.fma_f32_zmm > 0 ? "zmm" : pk.fma_f32_ymm > 0 ? "ymm" : "scalar", dot_peak,
           pk.dot_i8_zmm > pk.dot_i8_ymm ? "zmm vpdpbusd" : pk.dot_i8_ymm > 0 ? "ymm" : "scalar FMA");
    printf("%-14s %7s %9s %14s %14s %9s %8s %s\n", "chain", "threads", "seconds", "warp-insn/s",
           "per core", "of peak", "scaling", "checksum");
    static const char *const chains[] = {"dp4a.s32.s32", "mad.rn.f32"};
    int bad = 0;
    for (int c = 0; c < 2; c++) {
        double peak = c == 0 ? dot_peak : fma_peak;
        grid_result one, many, ref;
        fprintf(stderr, "%s on %u thread%s:\n", chains[c], all, all == 1 ? "" : "s");
        if (grid_chain(chains[c], isa, nthreads, steps, all, 1, DEMO_REPS, &many))
            goto fail;
        fprintf(stderr, "%s on 1 thread:\n", chains[c]);
        if (grid_chain(chains[c], isa, nthreads, steps, 1, 1, DEMO_REPS, &one))
            goto fail;
        int same = one.checksum == many.checksum;
        const char *verdict;
        if (isa != PTXCPU_ISA_SCALAR) {
            fprintf(stderr, "%s on the scalar reference:\n", chains[c]);
            if (grid_chain(chains[c], PTXCPU_ISA_SCALAR, nthreads, steps, all, 1, 1, &ref))
                goto fail;
            same &= ref.checksum == many.checksum;
            verdict = same ? "= scalar" : "DIFFERS from scalar";
        } else {
            verdict = same ? "(scalar is the reference)" : "DIFFERS between thread counts";
        }
        bad |= !same;
        const grid_result *runs[2] = {&one, &many};
        unsigned nth[2] = {1, all};
        for (int r = 0; r < 2; r++) {
            double rate = runs[r]->warp_insns / runs[r]->seconds;
            printf("%-14s %7u %9.3f %14.4g %14.4g %8.2f%% %7.2fx %016llx %s\n", chains[c], nth[r],
                   runs[r]->seconds, rate, rate / nth[r],
                   100.0 * rate * PTXCPU_WARP / (peak * nth[r]),
                   one.seconds / runs[r]->seconds, (unsigned long long)runs[r]->checksum,
                   r ? verdict : "");
        }
    }
    printf("\nwarp-insn/s = warp-instructions per second (32 lanes each); 'of peak' divides lane "
           "operations by the peak above times the threads used.\n");
    if (bad) {
        fprintf(stderr, "ptxcpu demo: checksum mismatch: a fast answer is wrong\n");
        return 1;
    }
    return 0;
fail:
    fprintf(stderr, "ptxcpu demo: %s\n", ptxcpu_last_error());
    return 1;
}
