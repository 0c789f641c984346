/* `ptxcpu demo`, the main job: a grid of ~1M threads, each running a register-resident chain of
 * dp4a.s32.s32 and one of mad.rn.f32, across all cores through the launcher on the best ISA, with
 * throughput, fraction of this CPU's measured peak, 1-to-N-core scaling and a scalar cross-check
 * (--no-check skips it); --json FILE writes the table's figures. Under mpirun the same grid runs
 * split across the ranks (against rank 0 alone), and rank 0 prints the table. */
#include "cli.h"
#include "cli_mpi.h"
#include "grid.h"
#include "peak.h"
#include "ptxcpu_launch.h"
#ifdef PTXCPU_HAVE_MPI
#include "grid_mpi.h"
#endif

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
    int ranks;        /* MPI ranks that ran it; 0: not under MPI */
    unsigned threads; /* threads at once, over all ranks */
    grid_result run;
    double rate, per_core, of_peak, scaling;
    const char *verdict;
} demo_row;

static void json_row(FILE *f, const demo_row *r, int last)
{
    char ranks[32] = "";
    if (r->ranks)
        snprintf(ranks, sizeof ranks, "\"ranks\": %d, ", r->ranks);
    fprintf(f, "    {\"chain\": \"%s\", %s\"threads\": %u, \"seconds\": %.6g, "
            "\"warp_insn_per_s\": %.6g, \"per_core_warp_insn_per_s\": %.6g, \"fraction_of_peak\": %.6g, "
            "\"scaling\": %.6g, \"checksum\": \"%016llx\", \"verdict\": \"%s\"}%s\n", r->chain,
            ranks, r->threads, r->run.seconds, r->rate, r->per_core, r->of_peak, r->scaling,
            (unsigned long long)r->run.checksum, r->verdict, last ? "" : ",");
}

/* Writes what the table shows to f (opened before the run, so that a bad path fails at once) and
 * closes it; 0 when a write failed (reported). */
static int write_json(FILE *f, const char *path, ptxcpu_isa isa, int ranks, uint64_t nthreads,
                      uint64_t steps, int checked, double fma_peak, double dot_peak, const demo_row *rows,
                      int nrows, int bad)
{
    fprintf(f, "{\n  \"ptxcpu\": \"%s\",\n  \"isa\": \"%s\",\n  \"threads_total\": %llu,\n"
            "  \"block_threads\": 256,\n  \"length\": %llu,\n  \"checked_against_scalar\": %s,\n",
            ptxcpu_version(), ptxcpu_isa_name(isa), (unsigned long long)nthreads,
            (unsigned long long)steps, checked ? "true" : "false");
    if (ranks)
        fprintf(f, "  \"mpi_ranks\": %d,\n", ranks);
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

/* One grid of the demo: in this process on *threads threads (ranks 0), or across the first
 * `ranks` MPI ranks with their default threads (*threads: set to those, summed). The return value
 * is the same on every rank. */
static int demo_run(const char *chain, ptxcpu_isa isa, uint64_t nthreads, uint64_t steps,
                    int ranks, unsigned *threads, unsigned reps, grid_result *out)
{
#ifdef PTXCPU_HAVE_MPI
    if (ranks)
        return grid_chain_ranks(ranks, chain, isa, nthreads, steps, 0, reps, out, threads);
#else
    (void)ranks; /* cli_mpi_size() is 0 without MPI */
#endif
    return grid_chain(chain, isa, nthreads, steps, *threads, 1, reps, out);
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
    /* under mpirun (ranks > 0) rank 0 prints and writes the JSON; every rank runs the grids */
    int ranks = cli_mpi_size(), root = cli_mpi_rank() == 0;
    FILE *jf = json && root ? fopen(json, "w") : NULL;
    if (cli_mpi_any(json && root && !jf)) {
        if (root)
            fprintf(stderr, "ptxcpu demo: --json %s: cannot write: %s\n", json, strerror(errno));
        return 2;
    }
    ptxcpu_isa isa = ptxcpu_isa_active();
    ptxcpu_topology topo;
    if (cli_mpi_any(isa == PTXCPU_ISA_BEST || ptxcpu_topology_get(&topo))) {
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
    FILE *out = root ? stdout : NULL, *err = root ? stderr : NULL;
#define SAY(f, ...) (f ? fprintf(f, __VA_ARGS__) : 0)
    SAY(out, "ptxcpu demo: %llu GPU threads (blocks of 256), each a dependent chain of %llu steps%s\n",
        (unsigned long long)nthreads, (unsigned long long)steps,
        ranks ? ", split across MPI ranks" : "");
    SAY(out, "ISA %s; %s", ptxcpu_isa_name(isa), ranks ? "rank 0: " : "");
    SAY(out, "%s", ptxcpu_topology_summary());
    if (ranks)
        cli_mpi_info();
    peaks pk;
    SAY(err, "measuring this core's peaks...\n");
    peaks_measure(&pk, 5); /* on every rank at once, each on its own cores */
    double fma_peak = peak_best_fma(&pk);
    double dot_peak = peak_best_dot(&pk) > 0 ? peak_best_dot(&pk) : pk.fma_f32_scalar;
    SAY(out, "peaks (1 core%s): f32 FMA %.3g lanes/s (%s), int8 4-way dot %.3g lanes/s (%s)\n\n",
        ranks ? " of rank 0" : "", fma_peak,
        pk.fma_f32_zmm > 0 ? "zmm" : pk.fma_f32_ymm > 0 ? "ymm" : "scalar", dot_peak,
        pk.dot_i8_zmm > pk.dot_i8_ymm ? "zmm vpdpbusd" : pk.dot_i8_ymm > 0 ? "ymm" : "scalar FMA");
    if (ranks)
        SAY(out, "%-14s %5s %7s %9s %14s %14s %9s %8s %s\n", "chain", "ranks", "threads",
            "seconds", "warp-insn/s", "per core", "of peak", "scaling", "checksum");
    else
        SAY(out, "%-14s %7s %9s %14s %14s %9s %8s %s\n", "chain", "threads", "seconds",
            "warp-insn/s", "per core", "of peak", "scaling", "checksum");
    static const char *const chains[] = {"dp4a.s32.s32", "mad.rn.f32"};
    demo_row rows[4];
    int bad = 0, nrows = 0;
    for (int c = 0; c < 2; c++) {
        double peak = c == 0 ? dot_peak : fma_peak;
        grid_result one, many, ref;
        /* [0]: one thread (under MPI: rank 0 alone), [1]: every core (every rank) */
        int nranks[2] = {ranks ? 1 : 0, ranks};
        unsigned nth[2] = {1, all};
        const char *what[2] = {"1 thread", "all threads"};
        if (ranks)
            what[0] = "rank 0 alone", what[1] = "all ranks";
        SAY(err, "%s on %s:\n", chains[c], what[1]);
        if (demo_run(chains[c], isa, nthreads, steps, nranks[1], &nth[1], DEMO_REPS, &many))
            goto fail;
        SAY(err, "%s on %s:\n", chains[c], what[0]);
        if (demo_run(chains[c], isa, nthreads, steps, nranks[0], &nth[0], DEMO_REPS, &one))
            goto fail;
        int same = one.checksum == many.checksum;
        const char *verdict;
        const char *differs = ranks ? "DIFFERS between rank counts" : "DIFFERS between thread counts";
        if (!check) {
            verdict = same ? "(not checked against scalar)" : differs;
        } else if (isa != PTXCPU_ISA_SCALAR) {
            SAY(err, "%s on the scalar reference:\n", chains[c]);
            unsigned th = all;
            if (demo_run(chains[c], PTXCPU_ISA_SCALAR, nthreads, steps, ranks, &th, 1, &ref))
                goto fail;
            same &= ref.checksum == many.checksum;
            verdict = same ? "= scalar" : "DIFFERS from scalar";
        } else {
            verdict = same ? "(scalar is the reference)" : differs;
        }
        bad |= !same;
        const grid_result *runs[2] = {&one, &many};
        for (int r = 0; r < 2; r++) {
            demo_row *row = &rows[nrows++];
            row->chain = chains[c], row->ranks = nranks[r], row->threads = nth[r];
            row->run = *runs[r];
            row->rate = runs[r]->warp_insns / runs[r]->seconds;
            row->per_core = row->rate / nth[r];
            row->of_peak = row->rate * PTXCPU_WARP / (peak * nth[r]);
            row->scaling = one.seconds / runs[r]->seconds;
            row->verdict = verdict;
            if (ranks)
                SAY(out, "%-14s %5d ", chains[c], nranks[r]);
            else
                SAY(out, "%-14s ", chains[c]);
            SAY(out, "%7u %9.3f %14.4g %14.4g %8.2f%% %7.2fx %016llx %s\n", nth[r],
                row->run.seconds, row->rate, row->per_core, 100.0 * row->of_peak, row->scaling,
                (unsigned long long)row->run.checksum, r ? verdict : "");
        }
    }
    SAY(out, "\nwarp-insn/s = warp-instructions per second (32 lanes each); 'of peak' divides lane "
        "operations by the peak above times the threads used%s.\n",
        ranks ? " (threads: over all ranks; scaling: against rank 0 alone)" : "");
#undef SAY
    if (jf && !write_json(jf, json, isa, ranks, nthreads, steps, check, fma_peak, dot_peak, rows,
                          nrows, bad))
        return 1;
    if (bad) {
        if (root)
            fprintf(stderr, "ptxcpu demo: checksum mismatch: a fast answer is wrong\n");
        return 1;
    }
    return 0;
fail:
    if (root)
        fprintf(stderr, "ptxcpu demo: %s\n", ptxcpu_last_error());
    if (jf)
        fclose(jf);
    return 1;
}
