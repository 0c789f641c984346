/* The predicate destination (PTXCPU_DST_PRED, testp): its description, one lane mask per warp of
 * which only the guard's bits change, d exactly the guard masks (@p testp p, a), and what the
 * API refuses (a misaligned mask, a mask overlapping the guards otherwise, chains). */
#include "api_test.h"

#include <stdio.h>
#include <string.h>

static ptxcpu_kernel kernel(const char *mn, ptxcpu_isa isa, ptxcpu_insn_desc *d)
{
    ptxcpu_insn insn;
    ptxcpu_kernel k = NULL;
    if (!check(ptxcpu_parse(mn, NULL, &insn) == PTXCPU_OK &&
                   ptxcpu_resolve(&insn, isa, &k) == PTXCPU_OK,
               "%s on %s: %s", mn, ptxcpu_isa_name(isa), ptxcpu_last_error()))
        return NULL;
    if (d)
        ptxcpu_describe(&insn, d);
    return k;
}

void test_predicates(void)
{
    ptxcpu_insn_desc d;
    if (!kernel("testp.finite.f32", PTXCPU_ISA_SCALAR, &d))
        return;
    check(d.dst_bits == PTXCPU_DST_PRED && d.nsrc == 1 && d.src_bits[0] == 32 &&
              d.elem == PTXCPU_ELEM_F32 && d.min_sm == 20 && !strcmp(d.section, "9.7.3.1"),
          "testp.finite.f32: dst_bits %u nsrc %u src %u elem %d sm_%u %s", d.dst_bits, d.nsrc,
          d.src_bits[0], (int)d.elem, d.min_sm, d.section);
    /* lanes: 1.0, +inf, NaN, -0, the smallest subnormal, -max, -inf, a signalling NaN, repeated */
    static const uint32_t vals[8] = {0x3f800000, 0x7f800000, 0x7fc00000, 0x80000000,
                                     0x00000001, 0xff7fffff, 0xff800000, 0x7f800001};
    static const struct { const char *mn; uint32_t want; } rows[] = {
        /* bit i%8 of the lane's value: the spec's answers for vals[] */
        {"testp.finite.f32", 0x39}, {"testp.infinite.f32", 0x42}, {"testp.number.f32", 0x7b},
        {"testp.notanumber.f32", 0x84}, {"testp.normal.f32", 0x29}, {"testp.subnormal.f32", 0x10}};
    for (int u = 0; u < n_usable; u++) {
        ptxcpu_isa isa = usable_isas[u];
        for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
            ptxcpu_kernel k = kernel(rows[r].mn, isa, NULL);
            if (!k)
                continue;
            static ptxcpu_w32 a[2];
            uint32_t want = 0;
            for (unsigned l = 0; l < 32; l++) {
                a[0].lane[l] = a[1].lane[l] = vals[l % 8];
                want |= (rows[r].want >> (l % 8) & 1) << l;
            }
            /* two warps' masks, the guards partial: the other bits keep their value */
            ptxcpu_lanemask p[2] = {0xa5a5a5a5u, 0x5a5a5a5au}, g[2] = {0xffff00ffu, 0x0f0f0f0fu};
            ptxcpu_batch b = {.n = 2, .d = p, .d_stride = 4, .guard = g, .guard_stride = 4};
            b.src[0] = (ptxcpu_src){a, sizeof a[0]};
            ptxcpu_status st = ptxcpu_run(k, &b);
            check(st == PTXCPU_OK && p[0] == ((0xa5a5a5a5u & ~g[0]) | (want & g[0])) &&
                      p[1] == ((0x5a5a5a5au & ~g[1]) | (want & g[1])),
                  "%s [%s]: status %d, masks %#x %#x", rows[r].mn, ptxcpu_isa_name(isa), (int)st,
                  p[0], p[1]);
            /* d exactly the guard masks: @p testp p, a */
            ptxcpu_lanemask q[2] = {0xffff0000u, 0x12345678u};
            b.d = q, b.guard = q;
            st = ptxcpu_run(k, &b);
            check(st == PTXCPU_OK && q[0] == (want & 0xffff0000u) && q[1] == (want & 0x12345678u),
                  "%s [%s] d = guard: status %d (%s), masks %#x %#x", rows[r].mn,
                  ptxcpu_isa_name(isa), (int)st, ptxcpu_last_error(), q[0], q[1]);
            /* the same through a prepared batch */
            ptxcpu_prepared pr;
            q[0] = ~0u, q[1] = 0x0000ffffu;
            st = ptxcpu_prepare(k, &b, PTXCPU_PREPARE_DEFAULT_FENV, &pr);
            if (check(st == PTXCPU_OK, "%s prepare d = guard: %s", rows[r].mn, ptxcpu_last_error())) {
                ptxcpu_run_prepared(&pr);
                check(q[0] == want && q[1] == (want & 0x0000ffffu), "%s [%s] prepared d = guard: "
                      "masks %#x %#x", rows[r].mn, ptxcpu_isa_name(isa), q[0], q[1]);
            }
        }
        /* refusals */
        ptxcpu_kernel k = kernel("testp.notanumber.f64", isa, NULL);
        if (!k)
            continue;
        static ptxcpu_w64 x[2];
        _Alignas(8) ptxcpu_lanemask m[4] = {0};
        ptxcpu_batch b = {.n = 2, .d = (char *)m + 2, .d_stride = 4};
        b.src[0] = (ptxcpu_src){x, sizeof x[0]};
        check(ptxcpu_run(k, &b) == PTXCPU_E_ALIGN, "a predicate d 2 bytes off: want E_ALIGN, '%s'",
              ptxcpu_last_error());
        b.d = m, b.d_stride = 2;
        check(ptxcpu_run(k, &b) == PTXCPU_E_ALIGN, "predicate d_stride 2: want E_ALIGN, '%s'",
              ptxcpu_last_error());
        b.d_stride = 4, b.guard = m, b.guard_stride = 0; /* one guard for both, at d[0] */
        check(ptxcpu_run(k, &b) == PTXCPU_E_ARG, "d = the guard with another stride: want "
              "E_ARG, '%s'", ptxcpu_last_error());
        b.guard = m + 1, b.guard_stride = 4; /* shifted by a warp */
        check(ptxcpu_run(k, &b) == PTXCPU_E_ARG, "d overlapping the guards shifted: want E_ARG");
        b.guard = NULL;
        check(ptxcpu_run_chain(k, &b, 0, 1) == PTXCPU_E_ARG &&
                  strstr(ptxcpu_last_error(), "predicate"),
              "ptxcpu_run_chain on testp: want E_ARG naming the predicate, '%s'",
              ptxcpu_last_error());
        /* a register d is still refused at the guard masks */
        ptxcpu_kernel add = kernel("add.u32", isa, NULL);
        static ptxcpu_w32 r[3];
        ptxcpu_batch ab = {.n = 1, .d = &r[0], .guard = (const ptxcpu_lanemask *)&r[0]};
        ab.src[0] = (ptxcpu_src){&r[1], 0}, ab.src[1] = (ptxcpu_src){&r[2], 0};
        check(add && ptxcpu_run(add, &ab) == PTXCPU_E_ARG, "add.u32 with d at the guard: want "
              "E_ARG, '%s'", ptxcpu_last_error());
    }
}
