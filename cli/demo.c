/* `ptxcpu demo`, the main job: a grid of ~1M threads, each running a register-resident chain of
 * dp4a.s32.s32 and one of mad.rn.f32, across all cores through the launcher on the best ISA, with
 * throughput, fraction of this CPU's measured peak, 1-to-N-core scaling and a scalar cross-check
 * (--no-check skips it); --json FILE writes the table's figures. */
#include "cli.h"
#include "grid.h"
#include "peak.h"
#include "ptxcpu_launch.h"

#include <errno.h>
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

/* One row of the table (and of the JSON). */
typedef struct demo_row {
    const char *chain;
    unsigned threads;
    grid_result run;
    double rate, per_core, of_peak, scaling;
    const char *verdict;
} demo_row;

static void json_row(FILE *f, const demo_row *r, int last)
{
    fprintf(f, "    {\"chain\": \"%s\", \"threads\": %u, \"seconds\": %.6g, \"warp_insn_per_s\": "
            "%.6g, \"per_core_warp_insn_per_s\": %.6g, \"fraction_of_peak\": %.6g, "
            "\"scaling\": %.6g, \"checksum\": \"%016llx\", \"verdict\": \"%s\"}%s\n", r->chain,
            r->threads, r->run.seconds, r->rate, r->per_core, r->of_peak, r->scaling,
            (unsigned long long)r->run.checksum, r->verdict, last ? "" : ",");
}

/* Writes what the table shows to f (opened before the run, so that a bad path fails at once) and
 * closes it; 0 when a write failed (reported). */
static int write_json(FILE *f, const char *path, ptxcpu_isa isa, uint64_t nthreads, uint64_t steps,
                      int checked, double fma_peak, double dot_peak, const demo_row *rows,
                      int nrows, int bad)
{
    fprintf(f, "{\n  \"ptxcpu\": \"%s\",\n  \"isa\": \"%s\",\n  \"threads_total\": %llu,\n"
            "  \"block_threads\": 256,\n  \"length\": %llu,\n  \"checked_against_scalar\": %s,\n",
            ptxcpu_version(), ptxcpu_isa_name(isa), (unsigned long long)nthreads,
            (unsigned long long)steps, checked ? "true" : "false");
    fprintf(f, "  \"peaks\": {\"threads\": 1, \"fma_f32_lanes_per_s\": %.6g, "
            "\"dot_i8_lanes_per_s\": %.6g},\n  \"results\": [\n", fma_peak, dot_peak);
    for (int i = 0; i < nrows; i++)
        json_row(f, &rows[i], i + 1 == nrows);
    fprintf(f, "  ],\n  \"ok\": %s\n}\n", bad ? "false" : "true");
    int err = ferror(f);
    if (fclose(f) != 0 || err) {
        fprintf(stderr, "ptxcpu demo: --json %s: write failed: %s\n", path, strerror(errno));
        return 0;
    }
    return 1;
}

int cli_demo(int argc, char **argv)
{
    uint64_t nthreads = 1u << 20, steps = 256;
    int check = 1;
    const char *json = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(argv[i], "--threads-total") && parse_u64(v, 32, 1ull << 28, &nthreads))
            i++;
        else if (!strcmp(argv[i], "--length") && parse_u64(v, 1, 1u << 20, &steps))
            i++;
        else if (!strcmp(argv[i], "--no-check"))
            check = 0;
        else if (!strcmp(argv[i], "--json") && i + 1 < argc && *v)
            json = argv[++i];
        else {
            fprintf(stderr, "ptxcpu demo: bad argument '%s' (options: --threads-total N in "
                    "32..2^28, --length L in 1..2^20, --no-check, --json FILE)\n", argv[i]);
            return 2;
        }
    }
    FILE *jf = json ? fopen(json, "w") : NULL;
    if (json && !jf) {
        fprintf(stderr, "ptxcpu demo: --json %s: cannot write: %s\n", json, strerror(errno));
        return 2;
    }
    ptxcpu_isa isa = ptxcpu_isa_active();
    ptxcpu_topology topo;
    if (isa == PTXCPU_ISA_BEST || ptxcpu_topology_get(&topo)) {
        ptxcpu_insn insn;
        ptxcpu_kernel k;
        ptxcpu_parse("add.u32", NULL, &insn);
        ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k);
        fprintf(stderr, "ptxcpu demo: %s\n", ptxcpu_last_error());
        if (jf)
            fclose(jf);
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
    demo_row rows[4];
    int bad = 0, nrows = 0;
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
        if (!check) {
            verdict = same ? "(not checked against scalar)" : "DIFFERS between thread counts";
        } else if (isa != PTXCPU_ISA_SCALAR) {
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
            demo_row *row = &rows[nrows++];
            row->chain = chains[c], row->threads = nth[r], row->run = *runs[r];
            row->rate = runs[r]->warp_insns / runs[r]->seconds;
            row->per_core = row->rate / nth[r];
            row->of_peak = row->rate * PTXCPU_WARP / (peak * nth[r]);
            row->scaling = one.seconds / runs[r]->seconds;
            row->verdict = verdict;
            printf("%-14s %7u %9.3f %14.4g %14.4g %8.2f%% %7.2fx %016llx %s\n", chains[c], nth[r],
                   row->run.seconds, row->rate, row->per_core, 100.0 * row->of_peak,
                   row->scaling, (unsigned long long)row->run.checksum, r ? verdict : "");
        }
    }
    printf("\nwarp-insn/s = warp-instructions per second (32 lanes each); 'of peak' divides lane "
           "operations by the peak above times the threads used.\n");
    if (jf && !write_json(jf, json, isa, nthreads, steps, check, fma_peak, dot_peak, rows, nrows,
                          bad))
        return 1;
    if (bad) {
        fprintf(stderr, "ptxcpu demo: checksum mismatch: a fast answer is wrong\n");
        return 1;
    }
    return 0;
fail:
    fprintf(stderr, "ptxcpu demo: %s\n", ptxcpu_last_error());
    if (jf)
        fclose(jf);
    return 1;
}
