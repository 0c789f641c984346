/* `ptxcpu`: info, list, eval and check (VECTORS.md) over the public API. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(FILE *f)
{
    fprintf(f,
            "usage: ptxcpu <command> [args]\n"
            "  info                                  CPU features, ISAs compiled in and usable, "
            "the chosen ISA\n"
            "  list [--target sm_XX]                 every accepted spelling and its minimum "
            "target\n"
            "  eval [--target sm_XX] MNEMONIC [cf=0|1] OPERAND...\n"
            "                                        the result (and carry-out) on every usable "
            "ISA\n"
            "  check [--isa LIST] FILE...            run test-vector files (shared/VECTORS.md)\n"
            "environment: PTXCPU_ISA=scalar|avx2|avx512|neon forces the ISA\n");
    return f == stderr ? 2 : 0;
}

static int cmd_info(void)
{
    printf("ptxcpu %s\n", ptxcpu_version());
    printf("cpu features: %s\n", ptxcpu_cpu_features());
    printf("isa      compiled  usable\n");
    for (int i = 0; i < PTXCPU_ISA_COUNT; i++)
        printf("%-8s %-9s %s\n", ptxcpu_isa_name((ptxcpu_isa)i),
               ptxcpu_isa_compiled((ptxcpu_isa)i) ? "yes" : "no",
               ptxcpu_isa_usable((ptxcpu_isa)i) ? "yes" : "no");
    ptxcpu_isa a = ptxcpu_isa_active();
    if (a == PTXCPU_ISA_BEST) {
        ptxcpu_insn insn;
        ptxcpu_kernel k;
        ptxcpu_parse("add.u32", NULL, &insn);
        ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k); /* fills the error message */
        fprintf(stderr, "ptxcpu info: %s\n", ptxcpu_last_error());
        return 1;
    }
    printf("active isa: %s%s\n", ptxcpu_isa_name(a), getenv("PTXCPU_ISA") ? " (PTXCPU_ISA)" : "");
    printf("instructions: %zu spellings\n", ptxcpu_insn_count());
    return 0;
}

static const char *target_arg(int *argc, char ***argv, const char *cmd, int *bad)
{
    *bad = 0;
    if (*argc >= 2 && !strcmp((*argv)[1], "--target")) {
        if (*argc < 3) {
            fprintf(stderr, "ptxcpu %s: --target needs a value such as sm_80\n", cmd);
            *bad = 1;
            return NULL;
        }
        const char *t = (*argv)[2];
        *argc -= 2;
        *argv += 2;
        return t;
    }
    return NULL;
}

static int cmd_list(int argc, char **argv)
{
    int bad;
    const char *target = target_arg(&argc, &argv, "list", &bad);
    if (bad)
        return 2;
    if (argc > 1) {
        fprintf(stderr, "ptxcpu list: unexpected argument '%s'\n", argv[1]);
        return 2;
    }
    unsigned sm = 0;
    if (target) {
        ptxcpu_insn probe;
        if (ptxcpu_parse("add.u32", target, &probe)) {
            fprintf(stderr, "ptxcpu list: %s\n", ptxcpu_last_error());
            return 2;
        }
        sm = probe.sm;
    }
    for (size_t i = 0; i < ptxcpu_insn_count(); i++) {
        ptxcpu_insn_desc d;
        ptxcpu_insn_at(i, &d);
        if (target && d.min_sm > sm)
            continue;
        printf("%-24s sm_%u  PTX %u.%u  %s\n", d.mnemonic, d.min_sm, d.ptx_major, d.ptx_minor,
               d.section);
    }
    return 0;
}

static void print_hex(uint64_t v, unsigned bits)
{
    printf("0x%0*llx", (int)(bits / 4), (unsigned long long)v);
}

static int cmd_eval(int argc, char **argv)
{
    int bad;
    const char *target = target_arg(&argc, &argv, "eval", &bad);
    if (bad)
        return 2;
    if (argc < 2) {
        fprintf(stderr, "ptxcpu eval: missing MNEMONIC\n");
        return 2;
    }
    const char *mn = argv[1];
    ptxcpu_insn insn;
    if (ptxcpu_parse(mn, target, &insn)) {
        fprintf(stderr, "ptxcpu eval: %s\n", ptxcpu_last_error());
        return 2;
    }
    ptxcpu_insn_desc d;
    ptxcpu_describe(&insn, &d);
    int ai = 2;
    uint32_t cf_in = 0;
    if (d.reads_cc) {
        if (ai >= argc || (strcmp(argv[ai], "cf=0") && strcmp(argv[ai], "cf=1"))) {
            fprintf(stderr, "ptxcpu eval: %s reads CC.CF: give cf=0 or cf=1 before the operands\n",
                    mn);
            return 2;
        }
        cf_in = argv[ai][3] == '1';
        ai++;
    }
    if (argc - ai != (int)d.nsrc) {
        fprintf(stderr, "ptxcpu eval: %s takes %u operand%s, got %d\n", mn, d.nsrc,
                d.nsrc == 1 ? "" : "s", argc - ai);
        return 2;
    }
    union reg { ptxcpu_w16 h; ptxcpu_w32 w; ptxcpu_w64 x; } src[4], dst;
    memset(src, 0, sizeof src);
    memset(&dst, 0, sizeof dst);
    for (unsigned k = 0; k < d.nsrc; k++) {
        uint64_t v;
        char why[160];
        if (!cli_parse_operand(argv[ai + (int)k], d.src_bits[k], d.elem == PTXCPU_ELEM_INT, &v,
                               why, sizeof why)) {
            fprintf(stderr, "ptxcpu eval: operand %u: %s\n", k + 1, why);
            return 2;
        }
        /* lane 0 of a register of the operand's width */
        if (d.src_bits[k] == 16) src[k].h.lane[0] = (uint16_t)v;
        else if (d.src_bits[k] == 32) src[k].w.lane[0] = (uint32_t)v;
        else src[k].x.lane[0] = v;
    }
    int status = 0;
    for (int i = 0; i < PTXCPU_ISA_COUNT; i++) {
        if (!ptxcpu_isa_usable((ptxcpu_isa)i))
            continue;
        ptxcpu_kernel k;
        ptxcpu_lanemask guard = 1, cc = cf_in;
        ptxcpu_batch b = {.n = 1, .d = &dst, .guard = &guard, .cc = &cc};
        for (unsigned s = 0; s < 4; s++)
            b.src[s].base = &src[s];
        if (ptxcpu_resolve(&insn, (ptxcpu_isa)i, &k) || ptxcpu_run(k, &b)) {
            fprintf(stderr, "ptxcpu eval: %s: %s\n", ptxcpu_isa_name((ptxcpu_isa)i),
                    ptxcpu_last_error());
            status = 1;
            continue;
        }
        uint64_t r = d.dst_bits == 16 ? dst.h.lane[0]
                   : d.dst_bits == 32 ? dst.w.lane[0] : dst.x.lane[0];
        printf("%-7s ", ptxcpu_isa_name((ptxcpu_isa)i));
        print_hex(r, d.dst_bits);
        if (d.writes_cc)
            printf(" cf=%u", cc & 1);
        printf("\n");
    }
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage(stderr);
    const char *cmd = argv[1];
    if (!strcmp(cmd, "info")) {
        if (argc > 2) {
            fprintf(stderr, "ptxcpu info: unexpected argument '%s'\n", argv[2]);
            return 2;
        }
        return cmd_info();
    }
    if (!strcmp(cmd, "list"))
        return cmd_list(argc - 1, argv + 1);
    if (!strcmp(cmd, "eval"))
        return cmd_eval(argc - 1, argv + 1);
    if (!strcmp(cmd, "check"))
        return cli_check(argc - 1, argv + 1);
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h"))
        return usage(stdout);
    fprintf(stderr, "ptxcpu: unknown command '%s'\n", cmd);
    return usage(stderr);
}
