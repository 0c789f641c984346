/* `ptxcpu`: info, list, eval and check (VECTORS.md) over the public API. */
#include "bench.h"
#include "cli.h"
#include "cli_mpi.h"
#include "row_name.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each command's synopsis and what it does: `ptxcpu` prints them all, `ptxcpu CMD --help` one. */
static const struct { const char *name, *synopsis, *what; } commands[] = {
    {"info", "info", "the CPU and its features, ISAs compiled in and usable, the chosen ISA"},
    {"list", "list [--target sm_XX]",
     "every accepted spelling and its minimum target\n"
     "(three-input forms with their sources: min.f32(a,b,c))"},
    {"eval", "eval [--target sm_XX] MNEMONIC [cf=0|1] OPERAND...",
     "the result (and carry-out) on every usable ISA;\n"
     "the operands pick min.f32's two- or three-input form;\n"
     "a predicate operand is 0 or 1 (!0, !1: negated), a p|q result prints as p|q;\n"
     "lop3's immLut (0..255, hex or decimal) is an operand in the\n"
     "spec's place: lop3.or.b32 a b c immLut q; d|p prints as 0x...|p;\n"
     "a float operand is a number rounded to nearest even (1.5, -2, 1e-3,\n"
     "0x1.8p+1, inf, -inf, nan; stderr says what an inexact one became) or\n"
     "its bits in hex (0x3fc00000: no '.' or p, which a hex float has);\n"
     "packed .x2: one number for both halves or HI:LO (2:1.5);\n"
     "a float result prints its value after its bits;\n"
     "cross-lane instructions (shfl.sync, vote.sync, match.sync,\n"
     "activemask, redux.sync, elect.sync) read other lanes: they are\n"
     "checked as warp lines by `check` (docs/VECTORS.md), not here"},
    {"check", "check [--isa LIST] FILE...", "run test-vector files (docs/VECTORS.md)"},
    {"demo", "demo [--threads-total N] [--length L] [--no-check] [--json FILE]",
     "the main job: a grid of dp4a and mad chains on all cores"},
    {"bench", "bench [--quick|--full] [--filter GLOB] [--json FILE]",
     "throughput against this CPU's measured peaks and the plain C loop"},
    {"tour", "tour", "one lane of a few instructions on the active ISA"},
};

/* One command's synopsis, its description indented under it */
static void print_command(FILE *f, unsigned i)
{
    const char *indent = "                                        "; /* 40 */
    fprintf(f, "  %-38s", commands[i].synopsis);
    if (strlen(commands[i].synopsis) > 37)
        fprintf(f, "\n%s", indent);
    for (const char *p = commands[i].what; *p;) {
        size_t n = strcspn(p, "\n");
        fprintf(f, "%.*s\n", (int)n, p);
        p += n + (p[n] == '\n');
        if (*p)
            fputs(indent, f);
    }
}

static int usage(FILE *f)
{
    fprintf(f, "usage: ptxcpu <command> [args]   (ptxcpu <command> --help: that command)\n");
    for (unsigned i = 0; i < sizeof commands / sizeof commands[0]; i++)
        print_command(f, i);
    fprintf(f, "environment: PTXCPU_ISA=scalar|avx2|avx512|neon forces the ISA; "
               "PTXCPU_UNDER_EMULATION=1 (set by the\n"
               "cross build's qemu runner) marks bench numbers as not performance\n"
               "under mpirun (a build with MPI): info, demo and bench run across the ranks "
               "(docs/MPI.md)\n");
    return f == stderr ? 2 : 0;
}

/* `ptxcpu CMD --help` (or -h): CMD's synopsis on stdout, exit 0; 1 when CMD is no command */
static int command_help(const char *cmd)
{
    for (unsigned i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(commands[i].name, cmd)) {
            printf("usage: ptxcpu %s\n", commands[i].synopsis);
            print_command(stdout, i);
            return 0;
        }
    return 1;
}

static int cmd_info(void)
{
    /* under mpirun rank 0 prints; the others only take part in gathering the ranks' cpusets */
    if (cli_mpi_rank() != 0) {
        cli_mpi_info();
        return 0;
    }
    printf("ptxcpu %s\n", ptxcpu_version());
    printf("cpu: %s\n", ptxcpu_cpu_model());
    printf("cpu features: %s\n", ptxcpu_cpu_features());
    printf("isa      compiled  usable  extensions in use%s\n",
           getenv("PTXCPU_EXT") ? " (limited by PTXCPU_EXT)" : "");
    for (int i = 0; i < PTXCPU_ISA_COUNT; i++) {
        const char *ext = ptxcpu_isa_extensions((ptxcpu_isa)i);
        printf("%-8s %-9s %-7s %s\n", ptxcpu_isa_name((ptxcpu_isa)i),
               ptxcpu_isa_compiled((ptxcpu_isa)i) ? "yes" : "no",
               ptxcpu_isa_usable((ptxcpu_isa)i) ? "yes" : "no",
               !ptxcpu_isa_usable((ptxcpu_isa)i) ? "-" : *ext ? ext : "(none)");
    }
    ptxcpu_isa a = ptxcpu_isa_active();
    if (a == PTXCPU_ISA_BEST) {
        ptxcpu_insn insn;
        ptxcpu_kernel k;
        ptxcpu_parse("add.u32", NULL, &insn);
        ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k); /* fills the error message */
        fprintf(stderr, "ptxcpu info: %s\n", ptxcpu_last_error());
        cli_mpi_info();
        return 1;
    }
    printf("active isa: %s%s\n", ptxcpu_isa_name(a), getenv("PTXCPU_ISA") ? " (PTXCPU_ISA)" : "");
    printf("instructions: %zu spellings\n", ptxcpu_insn_count());
    printf("%s", ptxcpu_topology_summary());
    cli_mpi_info();
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
        char name[64];
        printf("%-24s sm_%u  PTX %u.%u  %s\n", cli_row_name(i, name, sizeof name), d.min_sm,
               d.ptx_major, d.ptx_minor, d.section);
    }
    return 0;
}

/* A register's bits in hex; a predicate (PTXCPU_DST_PRED) as 0 or 1, two (p|q, as p | q << 1)
 * as `p|q`, a register and a predicate (d|p, as d | p << 32) as `0x...|p`, as docs/VECTORS.md. */
static void print_hex(uint64_t v, unsigned bits)
{
    if (bits == PTXCPU_DST_PRED)
        printf("%u", (unsigned)(v & 1));
    else if (bits == PTXCPU_DST_PRED_PAIR)
        printf("%u|%u", (unsigned)(v & 1), (unsigned)(v >> 1 & 1));
    else if (bits == PTXCPU_DST_B32_PRED)
        printf("0x%08llx|%u", (unsigned long long)(v & 0xffffffffu), (unsigned)(v >> 32 & 1));
    else
        printf("0x%0*llx", (int)(bits / 4), (unsigned long long)v);
}

/* Runs insn on one lane (lane 0 of one warp) on isa: ops in (the sources), its immediate imm
 * where it has one (lop3's immLut; ignored otherwise), result and CC.CF in/out. */
static int eval_lane(const ptxcpu_insn *insn, ptxcpu_isa isa, const uint64_t ops[4], uint64_t imm,
                     unsigned *cf, uint64_t *result)
{
    union reg { ptxcpu_w16 h; ptxcpu_w32 w; ptxcpu_w64 x; ptxcpu_w32p wp; } src[4], dst;
    ptxcpu_insn_desc d;
    ptxcpu_describe(insn, &d);
    memset(src, 0, sizeof src);
    memset(&dst, 0, sizeof dst);
    for (unsigned k = 0; k < d.nsrc; k++) {
        if (d.src_bits[k] == PTXCPU_PRED) src[k].w.lane[0] = (uint32_t)ops[k] & 1; /* mask bit 0 */
        else if (d.src_bits[k] == 16) src[k].h.lane[0] = (uint16_t)ops[k];
        else if (d.src_bits[k] == 32) src[k].w.lane[0] = (uint32_t)ops[k];
        else src[k].x.lane[0] = ops[k];
    }
    ptxcpu_kernel k;
    ptxcpu_lanemask guard = 1, cc = *cf & 1;
    ptxcpu_batch b = {.n = 1, .d = &dst, .guard = &guard, .cc = &cc};
    for (unsigned s = 0; s < 4; s++)
        b.src[s].base = &src[s];
    ptxcpu_status st = ptxcpu_insn_imm_bits(insn) ? ptxcpu_resolve_imm(insn, isa, imm, &k)
                                                  : ptxcpu_resolve(insn, isa, &k);
    if (!st)
        st = ptxcpu_run(k, &b);
    if (st)
        return 1;
    /* (a predicate d is one lane mask: lane 0 is its bit 0; p|q two, as p | q << 1; d|p a
     * 32-bit register then p's mask, as d | p << 32) */
    *result = d.dst_bits == PTXCPU_DST_PRED ? dst.w.lane[0] & 1
              : d.dst_bits == PTXCPU_DST_PRED_PAIR ? (dst.w.lane[0] & 1) | (dst.w.lane[1] & 1) << 1
              : d.dst_bits == PTXCPU_DST_B32_PRED ? dst.wp.lane[0] | (uint64_t)(dst.wp.pred & 1) << 32
              : d.dst_bits == 16 ? dst.h.lane[0] : d.dst_bits == 32 ? dst.w.lane[0] : dst.x.lane[0];
    *cf = cc & 1;
    return 0;
}

/* A float operand that did not read exactly: what it became, on stderr (the results' lines on
 * stdout stay as they are). Overflow and underflow are kept, as IEEE rounds them, and said. The
 * value with 17 digits, as the shortest form would hide that 0.1 in f32 is not 0.1. */
static void rounding_note(unsigned k, const char *tok, cli_fmt f, uint64_t bits, unsigned flags)
{
    char tb[64], value[80];
    const char *why = flags & CLI_FLOAT_OVERFLOW ? " (beyond its largest finite value)"
                      : flags & CLI_FLOAT_UNDERFLOW ? " (at most half its smallest subnormal)"
                                                    : "";
    fprintf(stderr,
            "ptxcpu eval: note: operand %u '%s' is not exact in %s%s%s: it is 0x%0*llx (%s)\n",
            k + 1, cli_shown(tok, tb, sizeof tb), cli_elem_name(f.elem), f.elems == 2 ? "x2" : "",
            why, (int)(cli_elem_bits(f.elem) * f.elems / 4), (unsigned long long)bits,
            cli_value_str(f, bits, 1, value, sizeof value));
}

/* A form with a vector operand (PTXCPU_VEC) or a .b128 register */
static int vector_form(const ptxcpu_insn_desc *d)
{
    int v = d->dst_bits >> 8 || d->dst_bits == PTXCPU_B128;
    for (unsigned k = 0; k < d->nsrc; k++)
        v |= d->src_bits[k] >> 8 || d->src_bits[k] == PTXCPU_B128;
    return v;
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
    if (cli_is_cross_lane(&d)) { /* its result depends on the other lanes: a warp, not a lane */
        fprintf(stderr, "ptxcpu eval: %s reads other lanes (%s): eval runs one lane; use a warp "
                "line in ptxcpu check (docs/VECTORS.md, \"Warp lines\")\n", mn, d.section);
        return 2;
    }
    if (vector_form(&d)) { /* (a lane's operands are one value each here) */
        fprintf(stderr, "ptxcpu eval: %s has an operand of several registers or a .b128 (%s): "
                "use a line in ptxcpu check (docs/VECTORS.md, \"Several destinations and vector "
                "operands\")\n", mn,
                d.section);
        return 2;
    }
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
    } else if (ai < argc && !strncmp(argv[ai], "cf=", 3)) {
        fprintf(stderr, "ptxcpu eval: '%s': %s takes no carry-in\n", argv[ai], mn);
        return 2;
    }
    /* an immediate (lop3's immLut) is an operand as written, not a source: one form only */
    const unsigned imm_bits = ptxcpu_insn_imm_bits(&insn), nimm = imm_bits > 0;
    if (argc - ai != (int)(d.nsrc + nimm)) {
        /* the operands written pick the form where a spelling has two (min.f32 d, a, b, c) */
        ptxcpu_status st = nimm || argc == ai /* (no operand: parse_n's 0 is "any form") */
                               ? PTXCPU_E_PARSE
                               : ptxcpu_parse_n(mn, (unsigned)(argc - ai), target, &insn);
        if (st == PTXCPU_E_TARGET) {
            fprintf(stderr, "ptxcpu eval: %s\n", ptxcpu_last_error());
            return 2;
        }
        if (st != PTXCPU_OK) {
            char counts[32], where[48] = "";
            if (nimm)
                snprintf(where, sizeof where, " (%s is operand %u)", CLI_IMM_NAME,
                         cli_imm_at(&d) + 1);
            fprintf(stderr, "ptxcpu eval: %s takes %s operand%s%s, got %d\n", mn,
                    cli_source_counts(mn, counts, sizeof counts), d.nsrc + nimm == 1 ? "" : "s",
                    where, argc - ai);
            return 2;
        }
        ptxcpu_describe(&insn, &d);
        if (vector_form(&d)) {
            fprintf(stderr, "ptxcpu eval: %s with %d operands has an operand of several "
                    "registers: use a line in ptxcpu check (docs/VECTORS.md)\n", mn, argc - ai);
            return 2;
        }
    }
    uint64_t ops[4] = {0}, imm = 0;
    const unsigned imm_at = nimm ? cli_imm_at(&d) : d.nsrc;
    cli_fmt fdst, fsrc[4];
    cli_operand_formats(&d, &fdst, fsrc);
    for (unsigned j = 0; j < d.nsrc + nimm; j++) { /* j: as written, k: the source */
        char why[320];
        const char *tok = argv[ai + (int)j];
        if (j == imm_at) {
            if (!cli_parse_imm(tok, CLI_IMM_NAME, imm_bits, &imm, why, sizeof why)) {
                fprintf(stderr, "ptxcpu eval: operand %u (%s): %s\n", j + 1, CLI_IMM_NAME, why);
                return 2;
            }
            continue;
        }
        unsigned k = j - (j > imm_at), flags = 0;
        int ok = fsrc[k].elem != PTXCPU_ELEM_INT
                     ? cli_parse_float_operand(tok, fsrc[k], &ops[k], &flags, why, sizeof why)
                     : cli_parse_operand(tok, d.src_bits[k], 1, &ops[k], why, sizeof why);
        if (!ok) {
            fprintf(stderr, "ptxcpu eval: operand %u: %s\n", j + 1, why);
            return 2;
        }
        if (flags)
            rounding_note(j, tok, fsrc[k], ops[k], flags);
    }
    int status = 0;
    for (int i = 0; i < PTXCPU_ISA_COUNT; i++) {
        if (!ptxcpu_isa_usable((ptxcpu_isa)i))
            continue;
        uint64_t r;
        unsigned cf = cf_in;
        if (eval_lane(&insn, (ptxcpu_isa)i, ops, imm, &cf, &r)) {
            fprintf(stderr, "ptxcpu eval: %s: %s\n", ptxcpu_isa_name((ptxcpu_isa)i),
                    ptxcpu_last_error());
            status = 1;
            continue;
        }
        printf("%-7s ", ptxcpu_isa_name((ptxcpu_isa)i));
        print_hex(r, d.dst_bits);
        if (fdst.elem != PTXCPU_ELEM_INT) {
            char value[80];
            printf(" (%s)", cli_value_str(fdst, r, 0, value, sizeof value));
        }
        if (d.writes_cc)
            printf(" cf=%u", cf);
        printf("\n");
    }
    return status;
}

/* A short tour on the active ISA: the dot products, rounding modes, carries and the answers
 * docs/SEMANTICS.md fixes where the spec leaves them open. */
static int cmd_tour(void)
{
    static const struct { const char *mn; unsigned cf; uint64_t ops[4]; const char *what; } tour[] = {
        {"dp4a.s32.s32", 0, {0xff02fd04, 0x05fa0703, 100}, "100 + (-1*5 + 2*-6 + -3*7 + 4*3)"},
        {"dp2a.hi.u32.s32", 0, {0x00030002, 0xfe010000, 0}, "3*-2 + 2*1"},
        {"mad.rn.f32", 0, {0x3f800001, 0x3f800001, 0}, "(1+2^-23)^2, nearest"},
        {"mad.rz.f32", 0, {0x3f800001, 0x3f800001, 0}, "(1+2^-23)^2, toward zero"},
        {"mad.rp.f32", 0, {0x3f800001, 0x3f800001, 0}, "(1+2^-23)^2, toward +inf"},
        {"sub.rm.f32", 0, {0x3f800000, 0x3f800000}, "1 - 1 rounding down is -0"},
        {"add.rn.f16x2", 0, {0x3c007bff, 0x3c003c00}, "(1, 65504) + (1, 1) per half"},
        {"add.cc.u32", 0, {0xffffffff, 1}, "carry out of the low word"},
        {"addc.u32", 1, {0, 0}, "carry into the next word"},
        {"mul.hi.u64", 0, {0xffffffffffffffff, 0xffffffffffffffff}, "high half of (2^64-1)^2"},
        {"div.s32", 0, {0x80000000, 0xffffffff}, "INT_MIN / -1 wraps, no trap"},
        {"div.u32", 0, {7, 0}, "x / 0 is all ones (docs/SEMANTICS.md)"},
        {"bfind.shiftamt.u32", 0, {0x00010000}, "shift to bring the top bit to bit 31"},
        {"testp.normal.f32", 0, {0x80000000}, "a predicate: -0 is normal (9.7.3.1)"},
    };
    ptxcpu_isa isa = ptxcpu_isa_active();
    if (isa == PTXCPU_ISA_BEST) {
        ptxcpu_insn insn;
        ptxcpu_kernel k;
        ptxcpu_parse("add.u32", NULL, &insn);
        ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k);
        fprintf(stderr, "ptxcpu tour: %s\n", ptxcpu_last_error());
        return 1;
    }
    printf("ptxcpu tour on ISA %s: one lane of each instruction\n\n", ptxcpu_isa_name(isa));
    for (size_t i = 0; i < sizeof tour / sizeof tour[0]; i++) {
        ptxcpu_insn insn;
        ptxcpu_insn_desc d;
        uint64_t r;
        unsigned cf = tour[i].cf;
        if (ptxcpu_parse(tour[i].mn, NULL, &insn) || eval_lane(&insn, isa, tour[i].ops, 0, &cf, &r)) {
            fprintf(stderr, "ptxcpu tour: %s: %s\n", tour[i].mn, ptxcpu_last_error());
            return 1;
        }
        ptxcpu_describe(&insn, &d);
        printf("%-20s", tour[i].mn);
        for (unsigned k = 0; k < d.nsrc; k++) {
            putchar(' ');
            print_hex(tour[i].ops[k], d.src_bits[k]);
        }
        printf(" -> ");
        print_hex(r, d.dst_bits);
        if (d.writes_cc)
            printf(" cf=%u", cf);
        printf("   # %s\n", tour[i].what);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage(stderr);
    const char *cmd = argv[1];
    if (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")) && !command_help(cmd))
        return 0;
    if (!strcmp(cmd, "info")) {
        if (argc > 2) {
            fprintf(stderr, "ptxcpu info: unexpected argument '%s'\n", argv[2]);
            return 2;
        }
        if (cli_mpi_start(&argc, &argv))
            return 1;
        int rc = cmd_info();
        cli_mpi_end();
        return rc;
    }
    if (!strcmp(cmd, "list"))
        return cmd_list(argc - 1, argv + 1);
    if (!strcmp(cmd, "eval"))
        return cmd_eval(argc - 1, argv + 1);
    if (!strcmp(cmd, "demo")) {
        if (cli_mpi_start(&argc, &argv))
            return 1;
        int rc = cli_demo(argc - 1, argv + 1);
        cli_mpi_end();
        return rc;
    }
    if (!strcmp(cmd, "tour"))
        return cmd_tour();
    if (!strcmp(cmd, "bench")) {
        /* Set by the cross build's runner (qemu-user): timings then measure the emulator. */
        const char *emu = getenv("PTXCPU_UNDER_EMULATION");
        if (emu && *emu && strcmp(emu, "0"))
            printf("NOTE: running under emulation (PTXCPU_UNDER_EMULATION=%s, active ISA %s): "
                   "these numbers measure the emulator, not the CPU; they are not performance.\n",
                   emu, ptxcpu_isa_name(ptxcpu_isa_active()));
        if (cli_mpi_start(&argc, &argv))
            return 1;
        int rc = bench_main(argc - 1, argv + 1);
        cli_mpi_end();
        return rc;
    }
    if (!strcmp(cmd, "check"))
        return cli_check(argc - 1, argv + 1);
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h"))
        return usage(stdout);
    fprintf(stderr, "ptxcpu: unknown command '%s'\n", cmd);
    return usage(stderr);
}
