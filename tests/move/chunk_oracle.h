/* The harness of the chunked cvt oracles (cvt_mx, cvt_pack, cvt_rs, cvt_s2f6): tables, chunks of
 * lanes run on every table in every mode against the oracle's model, threads, summary lines.
 *
 * An oracle supplies what differs (co_oracle): each spelling's shape (co_shape: mnemonic, operand
 * widths of 16 or 32 bits, operand names), each chunk's inputs and the model's d (fill), its
 * environment variables' prefix. A chunk (up to CO_N lanes) runs packed on every table under
 * random guards, then its lanes outside the guards again, compacted; the chunks fill marks also as
 * a register file of stride 2, one warp a call, prepared, with d exactly each source of d's width
 * and under every caller floating-point environment of test_fenv.h. The threads' failures are
 * printed after each spelling in thread order, so the output does not depend on the schedule. */
#ifndef PTXCPU_TEST_CHUNK_ORACLE_H
#define PTXCPU_TEST_CHUNK_ORACLE_H

#include "oracle_tables.h"
#include "ptxcpu.h"
#include "emu_tables.h" /* tables built without native flags (simde emulation), linked in */
#include "internal.h"   /* struct ptxcpu_kernel_entry: an emulated table's entries */
#include "test_common.h"
#include "test_fenv.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* ---- failures of the main thread ----------------------------------------------------------- */
static unsigned long co_fails, co_printed; /* failing checks; their messages (FAIL_CAP printed) */

/* a failing check: counted, printed while under FAIL_CAP (the oracles' own checks use it too) */
static inline void failf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void failf(const char *fmt, ...)
{
    co_fails++;
    if (co_printed++ < FAIL_CAP) {
        va_list ap;
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
    }
}

static inline double co_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- tables -------------------------------------------------------------------------------- */
typedef oracle_table co_table;
enum { CO_MAXTAB = 16 };
static co_table co_tabs[CO_MAXTAB];
static unsigned co_ntabs;

/* every ISA this CPU runs, then every emulated table; 0 (a failure) unless the scalar one is first,
 * which the oracles that let it decide open lanes rely on */
static inline int co_tables_init(void)
{
    co_ntabs = oracle_tables_init(co_tabs, CO_MAXTAB);
    if (!co_ntabs || !co_tabs[0].native || co_tabs[0].isa != PTXCPU_ISA_SCALAR) {
        failf("FAIL the scalar table is not usable\n");
        return 0;
    }
    return 1;
}

/* mn's kernel on table t; NULL where the table holds none (an extension's table) */
static inline ptxcpu_kernel co_kernel_of(const char *mn, const ptxcpu_insn *insn, const co_table *t)
{
    ptxcpu_kernel k = NULL;
    if (oracle_kernel_of(insn, t, &k) != PTXCPU_OK) {
        failf("FAIL %s on %s: ptxcpu_resolve: %s\n", mn, t->name, ptxcpu_last_error());
        return NULL;
    }
    return k;
}

/* the ISAs skipped, then the tables that held kernels of these spellings and those that did not */
static inline void co_print_tables(void)
{
    ORACLE_PRINT_TABLES(co_tabs, co_ntabs);
}

/* ---- what an oracle supplies ---------------------------------------------------------------- */
enum { CO_MAXSRC = 3, CO_N = 65536, CO_NW = CO_N / 32 }; /* sources; lanes and warps a chunk */

/* a spelling as the harness sees it: operand widths 16 or 32 bits, names for the messages */
typedef struct co_shape {
    const char *mn;
    const ptxcpu_insn *insn;
    int parsed; /* 0: skipped (its failure reported by the oracle) */
    unsigned nsrc, dbits;
    const unsigned *sbits;    /* nsrc of them */
    const char *const *sname; /* "a", "b", "scale-factor", ... */
} co_shape;

typedef struct co_chunk {
    size_t n; /* lanes: a multiple of 32 */
    uint32_t src[CO_MAXSRC][CO_N], want[CO_N], guard[CO_NW];
    /* with co_oracle.open_note: 0 where the model leaves d open (the first table's d is taken,
     * then 2), 1 elsewhere; unused otherwise */
    uint8_t def[CO_N];
} co_chunk;

typedef struct co_oracle {
    const char *env; /* "CVTPACK": CVTPACK_THREADS, CVTPACK_FILTER, CVTPACK_VERBOSE */
    int full;        /* the full sweep: on OpenMP threads */
    int mn_width;    /* the mnemonic's column in the verbose lines */
    unsigned nsp;
    co_shape (*shape)(unsigned i); /* spelling i */
    size_t (*nchunks)(unsigned i);
    /* chunk j of spelling i: inputs, guards (co_set_guards) and the model's d; 1 if the other
     * modes run it too */
    int (*fill)(unsigned i, size_t j, co_chunk *c, rng_t *g);
    void (*tally)(unsigned i, unsigned long lanes); /* NULL, or given each spelling's lane runs */
    /* NULL, or the lanes with def 0 are open: the first table decides them (counted in co_totals),
     * the other tables are compared with it, this noted in their messages */
    const char *open_note;
    int default_fenv; /* also run prepared with PTXCPU_PREPARE_DEFAULT_FENV */
} co_oracle;

/* c's guards (fill sets them): full, zero, random, one lane */
static inline void co_set_guards(co_chunk *c, rng_t *g)
{
    for (size_t x = 0; x < c->n / 32; x++) {
        const unsigned k = (unsigned)(x % 8);
        c->guard[x] = k == 3 ? 0u : k == 5 ? (uint32_t)rng_next(g)
                    : k == 6 ? 1u << (rng_next(g) & 31) : ~0u;
    }
}

/* ---- one thread's work ---------------------------------------------------------------------- */
typedef struct co_work {
    co_chunk c, rest;
    _Alignas(64) uint8_t sb[CO_MAXSRC][2 * CO_N * 4]; /* the sources' registers */
    _Alignas(64) uint8_t d[2 * CO_N * 4], d0[2 * CO_N * 4], img[CO_N * 4];
    uint32_t g[2 * CO_NW];
    unsigned long fails, lanes;
    unsigned long open, open_model, open_other; /* open lanes decided; as the model's d or not */
    char msg[FAIL_CAP][240]; /* the first failures' messages, printed by co_merge */
    unsigned nmsg;
} co_work;

/* a failing check on a thread: counted, its message kept for co_merge */
static inline void co_wfail(co_work *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void co_wfail(co_work *w, const char *fmt, ...)
{
    w->fails++;
    if (w->nmsg < FAIL_CAP) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(w->msg[w->nmsg++], sizeof w->msg[0], fmt, ap);
        va_end(ap);
    }
}

/* one spelling's run: its shape and kernel on each table */
typedef struct co_run {
    const co_oracle *o;
    co_shape sh;
    ptxcpu_kernel ks[CO_MAXTAB];
} co_run;

/* M_PACKED_FIRST: packed on the first table, which decides the open lanes */
enum co_mode { M_PACKED, M_PACKED_FIRST, M_STRIDED, M_ONE, M_PREPARED, M_PREPARED_DFENV, M_FENV,
               M_INPLACE };
static const char *const co_mode_name[] = {"packed", "packed", "register file, stride 2",
                                           "one warp a call", "prepared", "prepared, default fenv",
                                           "caller fenv", "d exactly a source"};

/* register l of a packed 16- or 32-bit register file (unaligned: memcpy) */
static inline uint32_t co_rget(const uint8_t *p, unsigned bits, size_t l)
{
    if (bits == 16) {
        uint16_t v;
        memcpy(&v, p + 2 * l, 2);
        return v;
    }
    uint32_t v;
    memcpy(&v, p + 4 * l, 4);
    return v;
}
static inline void co_rput(uint8_t *p, unsigned bits, size_t l, uint32_t v)
{
    if (bits == 16) {
        const uint16_t h = (uint16_t)v;
        memcpy(p + 2 * l, &h, 2);
    } else {
        memcpy(p + 4 * l, &v, 4);
    }
}

/* chunk c's sources and guards into w's registers, at L register slots a warp */
static inline void co_stage(co_work *w, const co_shape *sh, const co_chunk *c, unsigned L)
{
    for (size_t l = 0; l < c->n; l++) {
        const size_t i = (l / 32 * L) * 32 + l % 32;
        for (unsigned k = 0; k < sh->nsrc; k++)
            co_rput(w->sb[k], sh->sbits[k], i, c->src[k][l]);
    }
    for (size_t x = 0; x < c->n / 32; x++)
        w->g[x * L] = c->guard[x];
}

/* d's expected bytes for chunk c (packed): the lanes in the guard the model's (or, where it is
 * open, the first table's), the others the canary */
static inline void co_make_image(co_work *w, const co_shape *sh, const co_chunk *c)
{
    for (size_t l = 0; l < c->n; l++) {
        const int on = c->guard[l / 32] >> (l % 32) & 1;
        co_rput(w->img, sh->dbits, l, on ? c->want[l] : co_rget(w->d0, sh->dbits, l));
    }
}

/* the inputs of lane l, for a message (each source as wide as its register) */
static inline void co_inputs(const co_shape *sh, const co_chunk *c, size_t l, char *buf, size_t len)
{
    size_t o = 0;
    for (unsigned k = 0; k < sh->nsrc && o < len; k++) {
        const uint32_t v = sh->sbits[k] == 16 ? c->src[k][l] & 0xffff : c->src[k][l];
        o += (size_t)snprintf(buf + o, len - o, "%s%s=0x%0*x", k ? " " : "", sh->sname[k],
                              (int)(sh->sbits[k] / 4), (unsigned)v);
    }
}

/* ---- a run and its check -------------------------------------------------------------------- */
/* the batch over w's registers, L register slots a warp */
static inline ptxcpu_batch co_batch(co_work *w, const co_shape *sh, size_t nw, unsigned L)
{
    const size_t db = sh->dbits / 8;
    ptxcpu_batch bt = {.n = nw, .d = w->d, .d_stride = (ptrdiff_t)(32 * db * L), .guard = w->g,
                       .guard_stride = (ptrdiff_t)(4 * L)};
    for (unsigned q = 0; q < sh->nsrc; q++)
        bt.src[q] = (ptxcpu_src){w->sb[q], (ptrdiff_t)(32 * (sh->sbits[q] / 8) * L)};
    return bt;
}

/* bt's warps one a call */
static inline ptxcpu_status co_run_one(ptxcpu_kernel k, const ptxcpu_batch *bt, unsigned nsrc)
{
    ptxcpu_status st = PTXCPU_OK;
    for (size_t x = 0; x < bt->n && st == PTXCPU_OK; x++) {
        ptxcpu_batch one = *bt;
        one.n = 1;
        one.d = (uint8_t *)bt->d + x * (size_t)bt->d_stride;
        one.guard = bt->guard + x;
        for (unsigned q = 0; q < nsrc; q++)
            one.src[q].base = (const uint8_t *)bt->src[q].base + x * (size_t)bt->src[q].stride;
        st = ptxcpu_run(k, &one);
    }
    return st;
}

/* bt under the caller's environment fenv, which must come back as it was */
static inline ptxcpu_status co_run_fenv(co_work *w, const co_run *r, unsigned t,
                                        const ptxcpu_batch *bt, unsigned fenv)
{
    const unsigned saved = get_fenv();
    set_fenv(fenv);
    const ptxcpu_status st = ptxcpu_run(r->ks[t], bt);
    const unsigned after = get_fenv();
    set_fenv(saved);
#if defined(__x86_64__)
    const unsigned keep = ~0x3fu; /* the sticky exception flags may be raised */
#else
    const unsigned keep = ~0u;
#endif
    if ((after & keep) != (fenv & keep))
        co_wfail(w, "FAIL %s on %s: the caller's environment %#x came back as %#x\n", r->sh.mn,
                 co_tabs[t].name, fenv, after);
    return st;
}

static inline ptxcpu_status co_run_prepared(ptxcpu_kernel k, const ptxcpu_batch *bt,
                                            unsigned flags)
{
    ptxcpu_prepared p;
    const ptxcpu_status st = ptxcpu_prepare(k, bt, flags, &p);
    if (st == PTXCPU_OK)
        ptxcpu_run_prepared(&p);
    return st;
}

/* run bt on table t through the mode's entry */
static inline ptxcpu_status co_exec(co_work *w, const co_run *r, unsigned t, const ptxcpu_batch *bt,
                                    enum co_mode mode, unsigned fenv)
{
    switch (mode) {
    case M_ONE: return co_run_one(r->ks[t], bt, r->sh.nsrc);
    case M_FENV: return co_run_fenv(w, r, t, bt, fenv);
    case M_PREPARED: return co_run_prepared(r->ks[t], bt, 0);
    case M_PREPARED_DFENV: return co_run_prepared(r->ks[t], bt, PTXCPU_PREPARE_DEFAULT_FENV);
    default: return ptxcpu_run(r->ks[t], bt);
    }
}

/* the first table's d for open lane l: taken as the lane's want (the other tables and modes are
 * compared with it); counted by whether it is the model's reading */
static inline void co_settle(co_work *w, co_chunk *c, size_t l, uint32_t got)
{
    w->open++;
    if (got == c->want[l])
        w->open_model++;
    else
        w->open_other++;
    c->want[l] = got, c->def[l] = 2;
}

static inline void co_lane_fail(co_work *w, const co_run *r, unsigned t, const co_chunk *c,
                                enum co_mode mode, size_t l, uint32_t got, uint32_t want, int on)
{
    const int dw = (int)(r->sh.dbits / 4); /* hex digits */
    const char *note = !on ? " (lane outside the guard: its old value)"
                       : r->o->open_note && c->def[l] == 2 ? r->o->open_note : "";
    char in[160];
    co_inputs(&r->sh, c, l, in, sizeof in);
    co_wfail(w, "FAIL %s on %s (%s): %s: d 0x%0*x, want 0x%0*x%s\n", r->sh.mn, co_tabs[t].name,
             co_mode_name[mode], in, dw, got, dw, want, note);
}

/* d (L register slots a warp) against the model, lanes outside the guard against their old value
 * (the canary, or the aliased source's); 3 messages at most */
static inline void co_compare(co_work *w, const co_run *r, unsigned t, co_chunk *c,
                              enum co_mode mode, unsigned L, unsigned alias)
{
    const unsigned dbits = r->sh.dbits;
    const uint8_t *old = mode == M_INPLACE ? w->sb[alias] : w->d0;
    unsigned shown = 0;
    for (size_t l = 0; l < c->n; l++) {
        const size_t i = (l / 32 * L) * 32 + l % 32;
        const int on = c->guard[l / 32] >> (l % 32) & 1;
        const uint32_t got = co_rget(w->d, dbits, i);
        if (on && mode == M_PACKED_FIRST && !c->def[l]) {
            co_settle(w, c, l, got);
            continue;
        }
        const uint32_t want = on ? c->want[l] : co_rget(old, dbits, i);
        if (got == want)
            continue;
        if (shown++ >= 3)
            w->fails++;
        else
            co_lane_fail(w, r, t, c, mode, l, got, want, on);
    }
}

/* the padding between registers of a stride-2 register file stays */
static inline void co_check_padding(co_work *w, const co_run *r, unsigned t, size_t nw)
{
    const size_t db = r->sh.dbits / 8;
    for (size_t x = 0; x < nw; x++)
        if (memcmp(w->d + (2 * x + 1) * 32 * db, w->d0 + (2 * x + 1) * 32 * db, 32 * db)) {
            co_wfail(w, "FAIL %s on %s (%s): warp %zu wrote past its register\n", r->sh.mn,
                     co_tabs[t].name, co_mode_name[M_STRIDED], x);
            return;
        }
}

/* Run table t over chunk c, staged (co_stage, L = 2 for M_STRIDED, 1 otherwise), in a mode (layout
 * and entry) and compare; img: d's expected bytes are in w->img (co_make_image), a quick compare
 * first. arg: the caller's environment for M_FENV, the source d is for M_INPLACE (d's width). */
static inline void co_run_check(co_work *w, const co_run *r, unsigned t, co_chunk *c,
                                enum co_mode mode, int img, unsigned arg)
{
    const size_t n = c->n, nw = n / 32, db = r->sh.dbits / 8;
    const unsigned L = mode == M_STRIDED ? 2 : 1; /* register slots a warp */
    if (mode == M_INPLACE)
        memcpy(w->d, w->sb[arg], n * db);
    else
        memcpy(w->d, w->d0, n * L * db); /* the canary (co_alloc_work) */
    ptxcpu_batch bt = co_batch(w, &r->sh, nw, L);
    if (mode == M_INPLACE)
        bt.src[arg].base = w->d;
    const ptxcpu_status st = co_exec(w, r, t, &bt, mode, arg);
    if (st != PTXCPU_OK) {
        co_wfail(w, "FAIL %s on %s (%s): %s: %s\n", r->sh.mn, co_tabs[t].name, co_mode_name[mode],
                 ptxcpu_status_name(st), ptxcpu_last_error());
        return;
    }
    w->lanes += n;
    if (img && !memcmp(w->d, w->img, n * db))
        return;
    co_compare(w, r, t, c, mode, L, arg);
    if (L == 2)
        co_check_padding(w, r, t, nw);
}

/* ---- a chunk on every table ----------------------------------------------------------------- */
/* the lanes of c outside its guard, packed into r (full guards, the last warp partial) */
static inline void co_compact_rest(const co_chunk *c, co_chunk *r)
{
    size_t m = 0;
    for (size_t l = 0; l < c->n; l++)
        if (!(c->guard[l / 32] >> (l % 32) & 1)) {
            for (unsigned k = 0; k < CO_MAXSRC; k++)
                r->src[k][m] = c->src[k][l];
            r->want[m] = c->want[l], r->def[m] = c->def[l];
            m++;
        }
    const size_t full = m / 32;
    r->n = (m + 31) / 32 * 32;
    for (size_t x = 0; x < r->n / 32; x++)
        r->guard[x] = x < full ? ~0u : (1u << (m % 32)) - 1;
    for (size_t l = m; l < r->n; l++) {
        for (unsigned k = 0; k < CO_MAXSRC; k++)
            r->src[k][l] = 0;
        r->want[l] = 0, r->def[l] = 1;
    }
}

/* c packed on every table; with open lanes the first table with the kernel decides them first,
 * the image of d made after */
static inline void co_run_packed(co_work *w, const co_run *r, co_chunk *c)
{
    co_stage(w, &r->sh, c, 1);
    unsigned t = 0;
    if (r->o->open_note) {
        while (t < co_ntabs && !r->ks[t])
            t++;
        if (t == co_ntabs)
            return;
        co_run_check(w, r, t++, c, M_PACKED_FIRST, 0, 0);
    }
    co_make_image(w, &r->sh, c);
    for (; t < co_ntabs; t++)
        if (r->ks[t])
            co_run_check(w, r, t, c, M_PACKED, 1, 0);
}

/* c in the other layouts and entries on every table */
static inline void co_run_extra(co_work *w, const co_run *r, co_chunk *c)
{
    co_stage(w, &r->sh, c, 2);
    for (unsigned t = 0; t < co_ntabs; t++)
        if (r->ks[t])
            co_run_check(w, r, t, c, M_STRIDED, 0, 0);
    co_stage(w, &r->sh, c, 1);
    co_make_image(w, &r->sh, c);
    const size_t n = c->n; /* narrowed for the single-warp and fenv runs, then restored */
    for (unsigned t = 0; t < co_ntabs; t++) {
        if (!r->ks[t])
            continue;
        c->n = n < 64 * 32 ? n : 64 * 32; /* 64 warps, one a call */
        co_run_check(w, r, t, c, M_ONE, 1, 0);
        c->n = n;
        co_run_check(w, r, t, c, M_PREPARED, 1, 0);
        if (r->o->default_fenv)
            co_run_check(w, r, t, c, M_PREPARED_DFENV, 1, 0);
        for (unsigned q = 0; q < r->sh.nsrc; q++)
            if (r->sh.sbits[q] == r->sh.dbits)
                co_run_check(w, r, t, c, M_INPLACE, 0, q);
        for (size_t e = 0; e < N_CALLER_FENV; e++) {
            c->n = n < 256 * 32 ? n : 256 * 32;
            co_run_check(w, r, t, c, M_FENV, 1, caller_fenv[e]);
            c->n = n;
        }
    }
}

/* every table over chunk c (its guards), then its lanes outside them; extra: the other modes */
static inline void co_run_chunk(co_work *w, const co_run *r, co_chunk *c, int extra)
{
    co_run_packed(w, r, c);
    co_compact_rest(c, &w->rest);
    if (w->rest.n)
        co_run_packed(w, r, &w->rest);
    if (extra)
        co_run_extra(w, r, c);
}

/* ---- the loop over spellings and chunks ----------------------------------------------------- */
typedef struct co_totals {
    unsigned runs; /* kernels */
    unsigned long chunks, lanes, open, open_model, open_other;
    int nthreads;
} co_totals;

/* the environment variable <env>_<what> */
static inline const char *co_env(const co_oracle *o, const char *what)
{
    char name[64];
    snprintf(name, sizeof name, "%s_%s", o->env, what);
    return getenv(name);
}

/* threads: 1, or in the full sweep as many as OpenMP finds (<env>_THREADS caps them) */
static inline int co_threads(const co_oracle *o)
{
    int n = 1;
#ifdef _OPENMP
    if (o->full) {
        n = omp_get_max_threads();
        const char *te = co_env(o, "THREADS");
        if (te && atoi(te) > 0 && atoi(te) < n)
            n = atoi(te);
    }
#else
    (void)o;
#endif
    return n;
}

/* n threads' work, each with its own canary for d; NULL (reported) when out of memory */
static inline co_work *co_alloc_work(int n)
{
    co_work *ws = aligned_alloc(64, sizeof(co_work) * (size_t)n);
    if (!ws) {
        printf("FAIL out of memory\n");
        return NULL;
    }
    memset(ws, 0, sizeof(co_work) * (size_t)n);
    for (int th = 0; th < n; th++)
        for (size_t i = 0; i < sizeof ws[th].d0; i++)
            ws[th].d0[i] = (uint8_t)(splitmix64(i * 977 + (size_t)th) >> 7);
    return ws;
}

static inline unsigned long co_lanes(const co_work *ws, int n)
{
    unsigned long lanes = 0;
    for (int th = 0; th < n; th++)
        lanes += ws[th].lanes;
    return lanes;
}

/* the workers' failures into the main thread's, their messages in thread order */
static inline void co_merge(co_work *ws, int n)
{
    for (int th = 0; th < n; th++) {
        for (unsigned m = 0; m < ws[th].nmsg; m++)
            if (co_printed++ < FAIL_CAP)
                fputs(ws[th].msg[m], stdout);
        ws[th].nmsg = 0;
        co_fails += ws[th].fails;
        ws[th].fails = 0;
    }
}

/* spelling i's chunks, on the threads (each chunk's random stream from i and j alone) */
static inline void co_chunks(const co_run *r, unsigned i, size_t nc, co_work *ws, int nthreads)
{
    (void)nthreads; /* without OpenMP */
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(nthreads) if (nthreads > 1)
#endif
    for (size_t j = 0; j < nc; j++) {
#ifdef _OPENMP
        co_work *w = &ws[omp_get_thread_num()];
#else
        co_work *w = &ws[0];
#endif
        rng_t g = {splitmix64((uint64_t)i << 40 ^ j)};
        const int extra = r->o->fill(i, j, &w->c, &g);
        co_run_chunk(w, r, &w->c, extra);
    }
}

/* spelling i on every table that holds its kernel; verbose: a line with its time */
static inline void co_spelling(const co_oracle *o, unsigned i, co_work *ws, co_totals *tot,
                               int verbose)
{
    co_run r = {.o = o, .sh = o->shape(i)};
    for (unsigned t = 0; t < co_ntabs; t++)
        if ((r.ks[t] = co_kernel_of(r.sh.mn, r.sh.insn, &co_tabs[t])))
            tot->runs++, co_tabs[t].used++;
    const size_t nc = o->nchunks(i);
    const double ts = co_now();
    const unsigned long before = co_lanes(ws, tot->nthreads);
    co_chunks(&r, i, nc, ws, tot->nthreads);
    tot->chunks += nc;
    const unsigned long lanes = co_lanes(ws, tot->nthreads) - before;
    if (o->tally)
        o->tally(i, lanes);
    if (verbose)
        printf("%-*s %6zu chunks %11lu lanes %7.3f s\n", o->mn_width, r.sh.mn, nc, lanes,
               co_now() - ts), fflush(stdout);
    co_merge(ws, tot->nthreads);
}

/* every spelling that parsed (<env>_FILTER: those containing it), <env>_VERBOSE a line each;
 * 0 when out of memory */
static inline int co_run_all(const co_oracle *o, co_totals *tot)
{
    memset(tot, 0, sizeof *tot);
    const int verbose = co_env(o, "VERBOSE") != NULL;
    const char *filter = co_env(o, "FILTER");
    tot->nthreads = co_threads(o);
    co_work *ws = co_alloc_work(tot->nthreads);
    if (!ws)
        return 0;
    for (unsigned i = 0; i < o->nsp; i++) {
        const co_shape sh = o->shape(i);
        if (sh.parsed && (!filter || strstr(sh.mn, filter)))
            co_spelling(o, i, ws, tot, verbose);
    }
    tot->lanes = co_lanes(ws, tot->nthreads);
    for (int th = 0; th < tot->nthreads; th++)
        tot->open += ws[th].open, tot->open_model += ws[th].open_model,
            tot->open_other += ws[th].open_other;
    free(ws);
    return 1;
}

/* the last lines; the exit status */
static inline int co_finish(unsigned nsp, unsigned bad_table, const co_totals *tot)
{
    if (co_printed > FAIL_CAP)
        printf("(%lu more failures not printed)\n", co_printed - FAIL_CAP);
    printf("%s: %u spellings (%u table/shape failures), %u kernels, %lu chunks, %lu lane runs; "
           "%lu failing checks\n",
           co_fails ? "FAIL" : "PASS", nsp, bad_table, tot->runs, tot->chunks, tot->lanes,
           co_fails);
    return co_fails != 0;
}

#endif
