/* Prepared batches (ptxcpu_prepare, ptxcpu_run_prepared): refused preparations and what they
 * leave, and for every spelling on every usable ISA the results of ptxcpu_run, run after run as
 * the registers, guard masks and CC words change under one preparation, with and without the
 * default-environment promise, the copy of the batch, and the caller's MXCSR/FPCR. */
#include "api_test.h"
#include "test_fenv.h" /* get_fenv, set_fenv, caller_fenv */

#include <stdio.h>
#include <string.h>

enum { PW = 3 }; /* warps of the multi-warp case */

/* Every operand's registers (a, b, c, e, then d), guard masks and CC words of up to PW warps. */
typedef struct regs {
    ptxcpu_w64 op[5][PW];
    ptxcpu_lanemask guard[PW], cc[PW];
} regs;

static void fill(regs *r)
{
    rnd_fill(r, sizeof *r);
    for (int w = 0; w < PW; w++) /* mostly full warps, some partial, some empty */
        r->guard[w] = w == 0 ? ~0u : (uint32_t)rnd64() & (rnd64() % 3 ? ~0u : 0u);
}

/* The batch of n warps over r for a row described by d: a register every 256 bytes, or packed
 * at the row's widths (a flat batch: the kernel's flat entry, which ptxcpu_prepare picks, when
 * not guarded), d aliasing a when alias (and the widths agree), guard masks when guarded. */
static ptxcpu_batch batch_over(regs *r, const ptxcpu_insn_desc *d, size_t n, int alias,
                               int guarded, int packed)
{
#define STRIDE(bits) (packed ? PTXCPU_WARP * (ptrdiff_t)(bits) / 8 : (ptrdiff_t)sizeof(ptxcpu_w64))
    ptxcpu_batch b = {.n = n, .d = r->op[4], .d_stride = STRIDE(d->dst_bits)};
    for (unsigned s = 0; s < d->nsrc; s++)
        b.src[s] = (ptxcpu_src){r->op[s], STRIDE(d->src_bits[s])};
#undef STRIDE
    if (alias && d->nsrc && d->src_bits[0] == d->dst_bits)
        b.d = r->op[0];
    if (guarded)
        b.guard = r->guard, b.guard_stride = sizeof r->guard[0];
    if (d->reads_cc || d->writes_cc)
        b.cc = r->cc, b.cc_stride = sizeof r->cc[0];
    return b;
}

/* The same batch with its pointers moved from one regs to another. */
static ptxcpu_batch rebase(const ptxcpu_batch *b, const regs *from, regs *to)
{
    ptxcpu_batch c = *b;
#define MOVE(p) ((p) ? (void *)((char *)to + ((const char *)(p) - (const char *)from)) : NULL)
    c.d = MOVE(b->d);
    for (int s = 0; s < 4; s++)
        c.src[s].base = MOVE(b->src[s].base);
    c.guard = MOVE(b->guard);
    c.cc = MOVE(b->cc);
#undef MOVE
    return c;
}

/* One spelling on one ISA: prepared once per layout, run three times on changing contents, each
 * against ptxcpu_run on a copy of the same contents. */
static void prepared_matches_run(const char *mn, ptxcpu_isa isa)
{
    ptxcpu_insn insn;
    ptxcpu_insn_desc d;
    ptxcpu_kernel k;
    if (ptxcpu_parse(mn, NULL, &insn) || ptxcpu_resolve(&insn, isa, &k))
        return;
    ptxcpu_describe(&insn, &d);
    if (d.dst_bits >> 8 || d.dst_bits == PTXCPU_B128 || d.src_bits[0] >> 8)
        return; /* (registers past a slot's 256 bytes: vec-oracle runs them prepared) */
    static regs mine, ref;
    /* layouts 0-7: a register every 256 bytes, one warp or PW, aliased or not, guarded or not;
     * 8-9: PW packed warps (flat), aliased or not */
    for (int layout = 0; layout < 10; layout++) {
        int packed = layout >= 8;
        size_t n = layout & 1 || packed ? PW : 1;
        int alias = (packed ? layout : layout >> 1) & 1, guarded = !packed && layout >> 2 & 1;
        int promise = layout == 0 || layout == 5 || layout == 8;
        unsigned flags = promise ? PTXCPU_PREPARE_DEFAULT_FENV : 0;
        fill(&mine);
        ptxcpu_batch b = batch_over(&mine, &d, n, alias, guarded, packed);
        ptxcpu_prepared p;
        if (!check(ptxcpu_prepare(k, &b, flags, &p) == PTXCPU_OK, "%s [%s] layout %d: "
                   "ptxcpu_prepare refused a valid batch: %s", mn, ptxcpu_isa_name(isa), layout,
                   ptxcpu_last_error()))
            continue;
        memset(&b, 0, sizeof b); /* the prepared batch is a copy */
        b = batch_over(&mine, &d, n, alias, guarded, packed);
        for (int run = 0; run < 3; run++) {
            if (run) { /* new contents under the same preparation */
                regs keep = mine;
                fill(&mine);
                if (run == 2) /* registers changed, the layout's pointers not */
                    memcpy(mine.op[4], keep.op[4], sizeof mine.op[4]);
            }
            ref = mine;
            ptxcpu_batch rb = rebase(&b, &mine, &ref);
            unsigned saved = get_fenv();
            if (!flags) /* no promise: any caller environment */
                set_fenv(caller_fenv[(layout + run) % N_CALLER_FENV]);
            unsigned entry = get_fenv();
            ptxcpu_run_prepared(&p);
            unsigned after = get_fenv();
            set_fenv(saved);
            ptxcpu_status st = ptxcpu_run(k, &rb);
            check(st == PTXCPU_OK, "%s: ptxcpu_run refused the batch: %s", mn, ptxcpu_last_error());
            if (!flags)
                check((after & ~0x3fu) == (entry & ~0x3fu), "%s [%s] layout %d run %d: "
                      "environment %#x on entry, %#x after the prepared run", mn,
                      ptxcpu_isa_name(isa), layout, run, entry, after);
            int same = !memcmp(&mine, &ref, sizeof mine);
            if (!check(same, "%s [%s] layout %d (n %zu alias %d guard %d flags %u) run %d: the "
                       "prepared run differs from ptxcpu_run", mn, ptxcpu_isa_name(isa), layout,
                       n, alias, guarded, flags, run))
                for (size_t i = 0; i < sizeof mine; i++)
                    if (((unsigned char *)&mine)[i] != ((unsigned char *)&ref)[i]) {
                        printf("  first difference at byte %zu\n", i);
                        break;
                    }
        }
    }
}

/* The library's out-of-line ptxcpu_run_prepared, under another name here: the header's inline
 * one has this name in C. */
void exported_run_prepared(const ptxcpu_prepared *p) __asm__("ptxcpu_run_prepared");

/* A refused preparation: its status and message, and a prepared batch that runs nothing (the
 * registers at watch, which the batch names, stay as they were). */
static void expect_refused(ptxcpu_kernel k, const ptxcpu_batch *b, unsigned flags,
                           ptxcpu_status want, const char *sub, const char *what,
                           const regs *watch)
{
    static regs before;
    ptxcpu_prepared p;
    memset(&p, 0xa5, sizeof p);
    ptxcpu_status st = ptxcpu_prepare(k, b, flags, &p);
    const char *msg = ptxcpu_last_error();
    check(st == want, "%s: ptxcpu_prepare status %s, want %s ('%s')", what,
          ptxcpu_status_name(st), ptxcpu_status_name(want), msg);
    check(strstr(msg, "ptxcpu_prepare") && strstr(msg, sub),
          "%s: message '%s' should name ptxcpu_prepare and '%s'", what, msg, sub);
    before = *watch;
    ptxcpu_run_prepared(&p); /* must run nothing */
    check(!memcmp(&before, watch, sizeof before), "%s: the refused preparation wrote memory", what);
}

static void refused_preparations(void)
{
    static regs r;
    fill(&r);
    ptxcpu_insn insn;
    ptxcpu_kernel k, kc;
    if (ptxcpu_parse("add.u32", NULL, &insn) || ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k) ||
        ptxcpu_parse("addc.cc.u32", NULL, &insn) || ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &kc)) {
        check(0, "add.u32 / addc.cc.u32: no kernel");
        return;
    }
    /* d inside the regs, so a refused run that wrote would show in the compared bytes */
    ptxcpu_batch good = {.n = 2, .d = r.op[4], .d_stride = sizeof(ptxcpu_w64),
                         .src = {{r.op[0], sizeof(ptxcpu_w64)}, {r.op[1], sizeof(ptxcpu_w64)}}};
    check(ptxcpu_prepare(k, &good, 0, NULL) == PTXCPU_E_NULL &&
          strstr(ptxcpu_last_error(), "out is NULL"), "NULL out: %s", ptxcpu_last_error());
    expect_refused(NULL, &good, 0, PTXCPU_E_NULL, "kernel is NULL", "NULL kernel", &r);
    expect_refused(k, NULL, 0, PTXCPU_E_NULL, "batch is NULL", "NULL batch", &r);
    expect_refused(k, &good, 2, PTXCPU_E_ARG, "unknown flags", "flag 2", &r);
    ptxcpu_batch b = good;
    b.d = (char *)r.op[4] + 2;
    expect_refused(k, &b, 0, PTXCPU_E_ALIGN, "aligned", "misaligned d", &r);
    b = good;
    b.src[1].base = NULL;
    expect_refused(k, &b, 0, PTXCPU_E_NULL, "src[1] (b) is NULL", "NULL b", &r);
    b = good;
    b.d = (char *)r.op[0] + 4;
    expect_refused(k, &b, 0, PTXCPU_E_ARG, "overlaps", "d overlapping a", &r);
    b = good;
    b.d_stride = 0;
    expect_refused(k, &b, 0, PTXCPU_E_ARG, "d_stride is 0", "d_stride 0", &r);
    b = good;
    b.guard = (const ptxcpu_lanemask *)((char *)r.guard + 1);
    expect_refused(k, &b, 0, PTXCPU_E_ALIGN, "guard", "misaligned guard", &r);
    b = good;
    expect_refused(kc, &b, 0, PTXCPU_E_NULL, "cc is NULL", "addc without CC words", &r);
    b.cc = r.cc;
    b.cc_stride = 0;
    expect_refused(kc, &b, 0, PTXCPU_E_ARG, "cc_stride is 0", "addc, one CC word for 2 warps",
                   &r);

    /* a valid preparation runs what it was given, whatever the caller's batch becomes */
    static regs ref;
    fill(&r);
    ref = r;
    ptxcpu_prepared p;
    b = good;
    check(ptxcpu_prepare(k, &b, 0, &p) == PTXCPU_OK, "add.u32: %s", ptxcpu_last_error());
    b.d = NULL, b.n = 1000;
    ptxcpu_run_prepared(&p);
    ptxcpu_batch rb = rebase(&good, &r, &ref);
    ptxcpu_run(k, &rb);
    check(!memcmp(&r, &ref, sizeof r), "a prepared batch changed with the caller's batch");
    /* n = 0: prepared, runs nothing */
    b = good;
    b.n = 0;
    check(ptxcpu_prepare(k, &b, 0, &p) == PTXCPU_OK, "n = 0: %s", ptxcpu_last_error());
    ref = r;
    ptxcpu_run_prepared(&p);
    check(!memcmp(&r, &ref, sizeof r), "n = 0: the prepared run wrote memory");
    /* the exported ptxcpu_run_prepared (the header's is inline; a caller may take the exported
     * one's address) runs what ptxcpu_run runs */
    b = good;
    check(ptxcpu_prepare(k, &b, 0, &p) == PTXCPU_OK, "add.u32: %s", ptxcpu_last_error());
    fill(&r);
    ref = r;
    exported_run_prepared(&p);
    rb = rebase(&good, &r, &ref);
    ptxcpu_run(k, &rb);
    check(!memcmp(&r, &ref, sizeof r), "the exported ptxcpu_run_prepared differs from ptxcpu_run");
}

void test_prepared(void)
{
    refused_preparations();
    for (int u = 0; u < n_usable; u++)
        for (size_t i = 0; i < ptxcpu_insn_count(); i++) {
            ptxcpu_insn_desc d;
            ptxcpu_insn_at(i, &d);
            prepared_matches_run(d.mnemonic, usable_isas[u]);
        }
    printf("api: prepared batches checked on %d ISAs\n", n_usable);
}
