/* Batch layouts over every spelling and usable ISA: guards, strides (0, packed, register file,
 * negative), exact aliasing of d with a source, n = 0/1/odd/large, CC words. Each run is compared
 * with a packed, unguarded run of the scalar kernel; every byte of the arena outside the active d
 * lanes and the written CC bits must keep its value. */
#include "api_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OP_D, OP_A, OP_B, OP_C, OP_E, OP_GUARD, OP_CC, NOPS };
static const char *const op_name[NOPS] = {"d", "a", "b", "c", "e", "guard", "cc"};
enum lay { PACKED, UNIFORM, NEG, FILEL, ALIAS };
enum { G_NULL, G_RANDOM, G_ONE };

/* A register file laid out per warp: five registers (d, a, b, c, e) then the guard and CC words. */
#define SUBSLOT 256
#define FILE_SZ (5 * SUBSLOT + 64)
static size_t file_off(int op)
{
    return op < OP_GUARD ? (size_t)op * SUBSLOT : 5 * SUBSLOT + 4 * (size_t)(op - OP_GUARD);
}

typedef struct scenario {
    const char *name;
    unsigned char lay[NOPS];
    int guard;
    int alias; /* source index d aliases when lay[OP_D] == ALIAS */
} scenario;

#define ALL(L) {L, L, L, L, L, L, L}
static const scenario scenarios[] = {
    {"packed", ALL(PACKED), G_NULL, 0},
    {"packed+guard", ALL(PACKED), G_RANDOM, 0},
    {"guard-stride-0", ALL(PACKED), G_ONE, 0},
    {"register-file", ALL(FILEL), G_RANDOM, 0},
    {"negative", ALL(NEG), G_RANDOM, 0},
    {"uniform-sources", {PACKED, UNIFORM, UNIFORM, UNIFORM, UNIFORM, NEG, UNIFORM}, G_RANDOM, 0},
    {"mixed", {NEG, UNIFORM, FILEL, PACKED, NEG, FILEL, FILEL}, G_RANDOM, 0},
    {"d=a", {ALIAS, PACKED, PACKED, PACKED, PACKED, PACKED, PACKED}, G_RANDOM, 0},
    {"d=b", {ALIAS, PACKED, PACKED, PACKED, PACKED, PACKED, PACKED}, G_RANDOM, 1},
    {"d=c", {ALIAS, PACKED, PACKED, PACKED, PACKED, PACKED, PACKED}, G_RANDOM, 2},
    {"d=e", {ALIAS, PACKED, PACKED, PACKED, PACKED, PACKED, PACKED}, G_RANDOM, 3},
    {"d=a register-file", {ALIAS, FILEL, FILEL, FILEL, FILEL, FILEL, FILEL}, G_RANDOM, 0},
    {"d=c negative", {ALIAS, NEG, UNIFORM, NEG, NEG, NEG, NEG}, G_NULL, 2},
};
#define NSCEN (sizeof scenarios / sizeof scenarios[0])

typedef struct insn_ctx {
    ptxcpu_insn_desc desc;
    const char *target;
    ptxcpu_isa isa;
    ptxcpu_kernel k, ref;
} insn_ctx;

typedef struct place {
    unsigned char *base;
    ptrdiff_t stride;
    size_t start, size; /* the region in the arena, for messages */
    int lay;
} place;

static unsigned char *addr(const place *p, size_t i) { return p->base + (ptrdiff_t)i * p->stride; }

static void *xalloc(size_t n)
{
    void *p = aligned_alloc(64, (n + 63) / 64 * 64 + 64);
    if (!p) {
        fprintf(stderr, "api: out of memory\n");
        exit(2);
    }
    return p;
}

/* Describes where byte `off` of the arena lies, for a failure message. */
static void describe_byte(const insn_ctx *c, const place *pl, const int *active, size_t n,
                          const unsigned char *const *logical, const ptxcpu_lanemask *guards,
                          const ptxcpu_lanemask *cc_in, unsigned char *arena,
                          const unsigned char *expect, size_t off, char *out, size_t len)
{
    const ptxcpu_insn_desc *d = &c->desc;
    unsigned db = d->dst_bits / 8;
    for (size_t i = 0; i < n && (d->dst_bits < 8 || d->dst_bits == PTXCPU_DST_B32_PRED); i++) {
        /* (p|q: the mask at a or a + 4; d|p: p's at a + 128) */
        size_t a = (size_t)(addr(&pl[OP_D], i) - arena);
        a += off >= a + 4 && d->dst_bits == PTXCPU_DST_PRED_PAIR ? 4 : 0;
        a += d->dst_bits == PTXCPU_DST_B32_PRED ? 128 : 0;
        if (off >= a && off < a + 4) {
            ptxcpu_lanemask w, g;
            memcpy(&w, expect + a, 4);
            memcpy(&g, arena + a, 4);
            snprintf(out, len, "predicate d of warp %zu (guard 0x%08x): want 0x%08x got 0x%08x",
                     i, guards[i], w, g);
            return;
        }
    }
    for (size_t i = 0; i < n && db; i++) {
        size_t a = (size_t)(addr(&pl[OP_D], i) - arena);
        if (off >= a && off < a + 32 * db) {
            unsigned l = (unsigned)((off - a) / db);
            int n0 = snprintf(out, len, "warp %zu lane %u (guard %u", i, l,
                              (unsigned)(guards[i] >> l) & 1);
            if (d->reads_cc)
                n0 += snprintf(out + n0, len - (size_t)n0, ", cf_in %u", (unsigned)(cc_in[i] >> l) & 1);
            n0 += snprintf(out + n0, len - (size_t)n0, "):");
            for (unsigned s = 0; s < d->nsrc; s++)
                n0 += snprintf(out + n0, len - (size_t)n0, " %s=0x%llx", op_name[OP_A + s],
                               (unsigned long long)lane_get(logical[s] + i * 4 * d->src_bits[s],
                                                            d->src_bits[s], l));
            snprintf(out + n0, len - (size_t)n0, ": d want 0x%llx got 0x%llx",
                     (unsigned long long)lane_get(expect + a, d->dst_bits, l),
                     (unsigned long long)lane_get(arena + a, d->dst_bits, l));
            return;
        }
    }
    for (size_t i = 0; i < n; i++) {
        size_t a = (size_t)(addr(&pl[OP_CC], i) - arena);
        if (off >= a && off < a + 4) {
            ptxcpu_lanemask w, g;
            memcpy(&w, expect + a, 4);
            memcpy(&g, arena + a, 4);
            snprintf(out, len, "CC word of warp %zu (guard 0x%08x): want 0x%08x got 0x%08x", i,
                     guards[i], w, g);
            return;
        }
    }
    const char *what = "padding";
    for (int op = 0; op < NOPS; op++)
        if (active[op] && off >= pl[op].start && off < pl[op].start + pl[op].size)
            what = pl[op].lay == FILEL ? "register file" : op_name[op];
    snprintf(out, len, "byte %zu (%s) changed from 0x%02x to 0x%02x", off, what, expect[off],
             arena[off]);
}

/* Runs one scenario with n warps; returns 1 if it passed. */
static int run_scenario(const insn_ctx *c, const scenario *s, size_t n)
{
    const ptxcpu_insn_desc *d = &c->desc;
    size_t R[NOPS] = {d->dst_bits * 4, d->src_bits[0] * 4, d->src_bits[1] * 4,
                      d->src_bits[2] * 4, d->src_bits[3] * 4, 4, 4};
    int active[NOPS] = {1, d->nsrc > 0, d->nsrc > 1, d->nsrc > 2, d->nsrc > 3,
                        s->guard != G_NULL, 1};
    int lay[NOPS];
    if (s->lay[OP_D] == ALIAS && s->alias >= (int)d->nsrc)
        return 1; /* no such source */
    for (int op = 0; op < NOPS; op++) {
        lay[op] = s->lay[op];
        if (op == OP_GUARD && s->guard == G_ONE) lay[op] = UNIFORM;
        if (op == OP_CC && lay[op] == UNIFORM && d->writes_cc && n > 1) lay[op] = PACKED;
        if (op == OP_D && lay[op] == UNIFORM && n > 1) lay[op] = PACKED;
    }
    int alias_op = lay[OP_D] == ALIAS ? OP_A + s->alias : -1;
    if (alias_op >= 0 && lay[alias_op] == UNIFORM)
        return 1;

    /* the arena: a register-file region, then one region per other operand, 64-byte gaps */
    place pl[NOPS] = {{0}};
    size_t slot[NOPS], off = 64, file_start = 0;
    int any_file = 0;
    for (int op = 0; op < NOPS; op++)
        any_file |= active[op] && lay[op] == FILEL;
    if (any_file) {
        file_start = off;
        off += n * FILE_SZ + 64;
    }
    for (int op = 0; op < NOPS; op++) {
        slot[op] = R[op];
        if (op == alias_op && R[OP_D] > slot[op]) slot[op] = R[OP_D];
        pl[op].lay = lay[op];
        if (!active[op] || lay[op] == ALIAS) continue;
        if (lay[op] == FILEL) {
            pl[op].start = file_start, pl[op].size = n * FILE_SZ;
            continue;
        }
        off = (off + 63) / 64 * 64;
        pl[op].start = off;
        pl[op].size = slot[op] * (lay[op] == UNIFORM ? 1 : n);
        off += pl[op].size + 64;
    }
    size_t total = (off + 63) / 64 * 64 + 64;
    unsigned char *arena = xalloc(total), *expect = xalloc(total);
    rnd_fill(arena, total);
    for (int op = 0; op < NOPS; op++) {
        if (!active[op] || lay[op] == ALIAS) continue;
        unsigned char *start = arena + pl[op].start;
        switch (lay[op]) {
        case PACKED: pl[op].base = start, pl[op].stride = (ptrdiff_t)slot[op]; break;
        case UNIFORM: pl[op].base = start, pl[op].stride = 0; break;
        case NEG: pl[op].base = start + (n - 1) * slot[op], pl[op].stride = -(ptrdiff_t)slot[op]; break;
        case FILEL: pl[op].base = start + file_off(op), pl[op].stride = FILE_SZ; break;
        }
    }
    if (alias_op >= 0)
        pl[OP_D].base = pl[alias_op].base, pl[OP_D].stride = pl[alias_op].stride;
    else
        for (size_t i = 0; i < n; i++) memset(addr(&pl[OP_D], i), 0xa5, R[OP_D]); /* sentinel */

    /* logical inputs, packed, then scattered into the layout */
    unsigned char *logical[4] = {0};
    ptxcpu_lanemask *guards = xalloc(4 * n), *cc_in = xalloc(4 * n), *ref_cc = xalloc(4 * n);
    for (unsigned j = 0; j < d->nsrc; j++) {
        logical[j] = xalloc(n * R[OP_A + j]);
        rnd_fill(logical[j], n * R[OP_A + j]);
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t g = (uint32_t)rnd64();
        guards[i] = s->guard == G_NULL ? 0xffffffffu : i % 7 == 3 ? 0 : i % 7 == 5 ? ~0u : g;
        cc_in[i] = (uint32_t)rnd64();
    }
    for (int op = OP_A; op < NOPS; op++) {
        if (!active[op]) continue;
        unsigned char *src = op == OP_GUARD ? (unsigned char *)guards
                           : op == OP_CC ? (unsigned char *)cc_in : logical[op - OP_A];
        for (size_t i = 0; i < n; i++) {
            if (lay[op] == UNIFORM && i) /* one register for every warp */
                memcpy(src + i * R[op], src, R[op]);
            else
                memcpy(addr(&pl[op], i), src + i * R[op], R[op]);
        }
    }
    memcpy(expect, arena, total);

    /* the reference: scalar kernel, packed, every lane active (a warp-level row: the guards) */
    unsigned char *ref_d = xalloc(n * R[OP_D]);
    memcpy(ref_cc, cc_in, 4 * n);
    ptxcpu_batch rb = {.n = n, .d = ref_d, .d_stride = (ptrdiff_t)R[OP_D],
                       .cc = (d->reads_cc || d->writes_cc) ? ref_cc : NULL, .cc_stride = 4};
    if (test_cross_lane(d)) /* (its lanes depend on which execute: the same guards) */
        rb.guard = guards, rb.guard_stride = 4;
    for (unsigned j = 0; j < d->nsrc; j++)
        rb.src[j].base = logical[j], rb.src[j].stride = (ptrdiff_t)R[OP_A + j];
    ptxcpu_status st = ptxcpu_run(c->ref, &rb);
    int ok = check(st == PTXCPU_OK, "%s: reference run failed: %s", d->mnemonic, ptxcpu_last_error());

    unsigned db = d->dst_bits / 8;
    for (size_t i = 0; i < n; i++) {
        unsigned char *dp = expect + (addr(&pl[OP_D], i) - arena);
        /* lane masks: one (two for p|q; d|p's after its register): the guard's bits change */
        const unsigned nmasks = d->dst_bits < 8 ? d->dst_bits : d->dst_bits == PTXCPU_DST_B32_PRED;
        const size_t mask_at = d->dst_bits == PTXCPU_DST_B32_PRED ? 128 : 0;
        for (unsigned k = 0; k < nmasks; k++) {
            ptxcpu_lanemask w, r;
            memcpy(&w, dp + mask_at + 4 * k, 4);
            memcpy(&r, ref_d + i * R[OP_D] + mask_at + 4 * k, 4);
            w = (w & ~guards[i]) | (r & guards[i]);
            memcpy(dp + mask_at + 4 * k, &w, 4);
        }
        for (unsigned l = 0; l < 32 && db; l++)
            if ((guards[i] >> l) & 1)
                memcpy(dp + l * db, ref_d + i * R[OP_D] + l * db, db);
        if (d->writes_cc) {
            unsigned char *cp = expect + (addr(&pl[OP_CC], i) - arena);
            ptxcpu_lanemask w;
            memcpy(&w, cp, 4);
            w = (w & ~guards[i]) | (ref_cc[i] & guards[i]);
            memcpy(cp, &w, 4);
        }
    }

    ptxcpu_batch b = {.n = n, .d = pl[OP_D].base, .d_stride = pl[OP_D].stride,
                      .guard = s->guard == G_NULL ? NULL : (const ptxcpu_lanemask *)pl[OP_GUARD].base,
                      .guard_stride = pl[OP_GUARD].stride,
                      .cc = (ptxcpu_lanemask *)pl[OP_CC].base, .cc_stride = pl[OP_CC].stride};
    for (unsigned j = 0; j < d->nsrc; j++)
        b.src[j].base = pl[OP_A + j].base, b.src[j].stride = pl[OP_A + j].stride;
    st = ptxcpu_run(c->k, &b);
    ok &= check(st == PTXCPU_OK, "%s [%s, target %s] %s n=%zu: status %d: %s", d->mnemonic,
                ptxcpu_isa_name(c->isa), c->target ? c->target : "default", s->name, n, (int)st,
                ptxcpu_last_error());
    if (ok) {
        char where[400] = "";
        size_t at = 0;
        while (at < total && arena[at] == expect[at]) at++;
        if (at < total)
            describe_byte(c, pl, active, n, (const unsigned char *const *)logical, guards, cc_in,
                          arena, expect, at, where, sizeof where);
        ok = check(at == total, "%s [%s, target %s] %s n=%zu: %s", d->mnemonic,
                   ptxcpu_isa_name(c->isa), c->target ? c->target : "default", s->name, n, where);
    }
    for (unsigned j = 0; j < d->nsrc; j++) free(logical[j]);
    free(guards), free(cc_in), free(ref_cc), free(ref_d), free(arena), free(expect);
    return ok;
}

/* n = 0 does nothing and succeeds, even with every pointer valid and a guard that would write. */
static void run_empty(const insn_ctx *c)
{
    reg dd, src[4];
    ptxcpu_lanemask cc = 0x12345678;
    rnd_fill(&dd, sizeof dd);
    reg before = dd;
    ptxcpu_batch b = {.n = 0, .d = &dd, .d_stride = sizeof dd, .cc = &cc, .cc_stride = 4};
    for (int j = 0; j < 4; j++) b.src[j].base = &src[j], b.src[j].stride = sizeof src[j];
    ptxcpu_status st = ptxcpu_run(c->k, &b);
    check(st == PTXCPU_OK && !memcmp(&dd, &before, sizeof dd) && cc == 0x12345678,
          "%s [%s] n=0: status %d, d or CC touched", c->desc.mnemonic, ptxcpu_isa_name(c->isa),
          (int)st);
}

static int make_ctx(insn_ctx *c, const char *mn, const char *target, ptxcpu_isa isa)
{
    ptxcpu_insn insn;
    c->target = target;
    c->isa = isa;
    if (!check(ptxcpu_parse(mn, target, &insn) == PTXCPU_OK, "parse %s: %s", mn, ptxcpu_last_error()))
        return 0;
    ptxcpu_describe(&insn, &c->desc);
    return check(test_resolve(&insn, isa, &c->k) == PTXCPU_OK &&
                     test_resolve(&insn, PTXCPU_ISA_SCALAR, &c->ref) == PTXCPU_OK,
                 "resolve %s on %s: %s", mn, ptxcpu_isa_name(isa), ptxcpu_last_error()) &&
           check(ptxcpu_kernel_isa(c->k) == isa, "%s: kernel of ISA %s reports ISA %s", mn,
                 ptxcpu_isa_name(isa), ptxcpu_isa_name(ptxcpu_kernel_isa(c->k)));
}

/* A row with a vector operand (PTXCPU_VEC) or a .b128 register */
static int multi_reg_row(const ptxcpu_insn_desc *d)
{
    int v = d->dst_bits >> 8 || d->dst_bits == PTXCPU_B128;
    for (unsigned k = 0; k < d->nsrc; k++)
        v |= d->src_bits[k] >> 8 || d->src_bits[k] == PTXCPU_B128;
    return v;
}

void test_batches(void)
{
    static const size_t ns[] = {1, 2, 37};
    unsigned runs = 0, bad = 0, vec_rows = 0;
    for (int u = 0; u < n_usable; u++) {
        for (size_t row = 0; row < ptxcpu_insn_count(); row++) {
            ptxcpu_insn_desc d;
            ptxcpu_insn_at(row, &d);
            if (multi_reg_row(&d)) { /* (registers of up to 512 bytes: vec-oracle's layouts) */
                vec_rows += u == 0;
                continue;
            }
            /* sm_1x picks other float kernels (legacy mad.f32, flushing sub.f32) */
            const char *targets[2] = {NULL, !strncmp(d.section, "9.7.3", 5) && d.min_sm <= 13 ? "sm_13" : NULL};
            for (int t = 0; t < 2; t++) {
                if (t && !targets[t]) continue;
                insn_ctx c;
                rnd_seed(row * 7919 + (size_t)t * 31 + (size_t)usable_isas[u]);
                if (!make_ctx(&c, d.mnemonic, targets[t], usable_isas[u])) continue;
                run_empty(&c);
                for (size_t sc = 0; sc < NSCEN; sc++) {
                    /* (under emulation and the sanitizers, PTXCPU_TEST_SCALE above 16: half the
                     * layouts a row, alternating, so every layout still meets every kind of row) */
                    if (test_scale() > 16 && (sc + row) % 2)
                        continue;
                    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++, runs++)
                        bad += !run_scenario(&c, &scenarios[sc], ns[k]);
                }
            }
        }
    }
    /* large batches on a few instructions of every shape */
    static const char *const big[] = {"add.u32", "mul.wide.u32", "madc.hi.cc.u64", "addc.u32",
                                      "sub.rn.ftz.sat.f32", "mad.rn.f64", "add.rn.ftz.sat.f16x2",
                                      "bfi.b64", "sub.rm.f32x2", "popc.b64"};
    size_t nbig = 10000 / (size_t)test_scale();
    for (int u = 0; u < n_usable; u++)
        for (size_t i = 0; i < sizeof big / sizeof big[0]; i++) {
            insn_ctx c;
            rnd_seed(i + 1000);
            if (!make_ctx(&c, big[i], NULL, usable_isas[u])) continue;
            for (size_t sc = 1; sc < 7; sc++, runs++)
                bad += !run_scenario(&c, &scenarios[sc], nbig);
        }
    printf("api: batch layouts: %u runs (%zu scenarios x n = 0, 1, 2, 37 per spelling and target, "
           "n = %zu for %zu spellings), %u failed\n",
           runs, NSCEN, nbig, sizeof big / sizeof big[0], bad);
    if (vec_rows)
        printf("api: batch layouts: SKIPPING %u rows with an operand of several registers or a "
               ".b128: tests/move/vec_oracle.c runs their layouts\n", vec_rows);
}
