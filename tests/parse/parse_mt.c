/* Parser under threads: 8 threads parse every spelling and invalid mnemonics of differing
 * explanations at once, and each result and per-thread message must be the single-threaded one. */
#include "ptxcpu.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NTHREADS 8
#define ROUNDS 100 /* divided by PTXCPU_TEST_SCALE */

/* Invalid mnemonics whose explanations differ by what is wrong; the missing-part ones name a
 * category (mode, rounding modifier) that the parser once kept in a variable all threads shared,
 * so a thread could list another's category. Each must explain itself with `want`. */
static const struct { const char *mn, *target, *want; } invalid[] = {
    {"mul.u32", NULL, "missing mode: one of .hi, .lo, .wide"},
    {"mad.f64", NULL, "missing rounding modifier: one of .rn, .rz, .rm, .rp"},
    {"bmsk.b32", NULL, "missing mode: one of .clamp, .wrap"},
    {"dp2a.u32.u32", NULL, "missing mode: one of .lo, .hi"},
    {"mad.sat.s32", NULL, "missing mode: .hi is required"},
    {"add.u8", NULL, "does not take type .u8"},
    {"sub.foo.s32", NULL, "unknown modifier .foo"},
    {"add.sat.u32", NULL, ".sat applies only to .s32"},
    {"mul.hi.lo.u32", NULL, "cannot be combined"},
    {"add.s32.sat", NULL, "out of order"},
    {"add.sat.sat.s32", NULL, "given twice"},
    {"dp4a.u32", NULL, "takes two types"},
    {"maad.rn.f32", NULL, "did you mean 'mad.rn.f32'"},
    {"ADD.U32", NULL, "case-sensitive"},
    {"cvta.global.u64", NULL, "outside the sections"},
    {"dp4a.u32.u32", "sm_50", "requires sm_61"},
    {"add.u32", "sm_99", "unknown target"},
};
#define NINVALID (sizeof invalid / sizeof invalid[0])

/* One parse's outcome: the status, the instruction (valid only) and the thread's message. */
typedef struct outcome {
    ptxcpu_status st;
    ptxcpu_insn insn;
    char msg[768];
} outcome;

static size_t nvalid;
static const char **valid;   /* every spelling, from ptxcpu_insn_at */
static outcome *want_valid;  /* the single-threaded answers */
static outcome want_invalid[NINVALID];
static unsigned rounds;

static void parse_one(const char *mn, const char *target, outcome *o)
{
    memset(o, 0, sizeof *o);
    o->st = ptxcpu_parse(mn, target, &o->insn);
    if (o->st != PTXCPU_OK)
        memset(&o->insn, 0, sizeof o->insn); /* left as it was: not part of the answer */
    snprintf(o->msg, sizeof o->msg, "%s", ptxcpu_last_error());
}

static int same(const outcome *a, const outcome *b)
{
    return a->st == b->st && a->insn.op == b->insn.op && a->insn.sm == b->insn.sm &&
           !strcmp(a->msg, b->msg);
}

/* The single-threaded answers, and that the invalid ones explain what they are meant to. */
static int prepare(void)
{
    nvalid = ptxcpu_insn_count();
    valid = calloc(nvalid, sizeof *valid);
    want_valid = calloc(nvalid, sizeof *want_valid);
    if (!valid || !want_valid)
        return 0;
    int ok = 1;
    for (size_t i = 0; i < nvalid; i++) {
        ptxcpu_insn_desc d;
        ok &= ptxcpu_insn_at(i, &d) == PTXCPU_OK;
        valid[i] = d.mnemonic;
        parse_one(valid[i], NULL, &want_valid[i]);
        if (want_valid[i].st != PTXCPU_OK || want_valid[i].msg[0]) {
            printf("FAIL: %s: status %d '%s', want ok and no message\n", valid[i],
                   (int)want_valid[i].st, want_valid[i].msg);
            ok = 0;
        }
    }
    for (size_t i = 0; i < NINVALID; i++) {
        parse_one(invalid[i].mn, invalid[i].target, &want_invalid[i]);
        if (want_invalid[i].st == PTXCPU_OK || !strstr(want_invalid[i].msg, invalid[i].want)) {
            printf("FAIL: %s: status %d '%s', want a failure saying '%s'\n", invalid[i].mn,
                   (int)want_invalid[i].st, want_invalid[i].msg, invalid[i].want);
            ok = 0;
        }
    }
    return ok;
}

static pthread_barrier_t start;

/* Each thread walks the lists from its own offset, an invalid mnemonic before every fourth valid
 * one, so that the threads' failures overlap; returns its count of wrong answers. (An invalid
 * mnemonic's explanation reads every row: one per valid spelling made the test grow as the
 * square of the table.) */
#define INVALID_EVERY 4
static void *worker(void *arg)
{
    size_t id = (size_t)arg, wrong = 0;
    pthread_barrier_wait(&start);
    for (unsigned r = 0; r < rounds; r++)
        for (size_t j = 0; j < nvalid; j++) {
            size_t v = (j + id * 37) % nvalid, b = (j + id * 5 + r) % NINVALID;
            outcome got;
            if (j % INVALID_EVERY == 0) {
                parse_one(invalid[b].mn, invalid[b].target, &got);
                if (!same(&got, &want_invalid[b]) && ++wrong <= 3)
                    printf("FAIL: thread %zu: %s: '%s', want '%s'\n", id, invalid[b].mn, got.msg,
                           want_invalid[b].msg);
            }
            parse_one(valid[v], NULL, &got);
            if (!same(&got, &want_valid[v]) && ++wrong <= 3)
                printf("FAIL: thread %zu: %s: status %d op %u '%s'\n", id, valid[v], (int)got.st,
                       got.insn.op, got.msg);
        }
    return (void *)wrong;
}

int main(void)
{
    const char *scale = getenv("PTXCPU_TEST_SCALE");
    rounds = ROUNDS / (scale && atoi(scale) > 0 ? (unsigned)atoi(scale) : 1);
    if (!rounds)
        rounds = 1;
    if (!prepare())
        return 1;
    pthread_t th[NTHREADS];
    pthread_barrier_init(&start, NULL, NTHREADS);
    for (size_t i = 0; i < NTHREADS; i++)
        if (pthread_create(&th[i], NULL, worker, (void *)i) != 0) {
            printf("FAIL: pthread_create\n");
            return 1;
        }
    size_t wrong = 0;
    for (size_t i = 0; i < NTHREADS; i++) {
        void *w;
        pthread_join(th[i], &w);
        wrong += (size_t)w;
    }
    pthread_barrier_destroy(&start);
    printf("%d threads x %u rounds x %zu spellings (every 4th with an invalid mnemonic of %zu): "
           "%zu wrong\n", NTHREADS, rounds, nvalid, NINVALID, wrong);
    free(valid);
    free(want_valid);
    return wrong != 0;
}
