/* The API half of the bad-input table (docs/BAD_INPUT.md): each case is one call, named by its
 * own source text, which is what the table's "call" column holds. Prints what the call returned.
 * Usage: badinput_api list | call 'TEXT' | parse MNEMONIC [TARGET] | not-compiled */
#include <ptxcpu.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What every case starts from (reset before it, so each row reads on its own): add.u32 and
 * friends resolved on the scalar ISA, and `batch`, one valid warp of add.u32 over the registers
 * r[0] (d), r[2] (a), r[4] (b), with room behind each for a second warp. */
static ptxcpu_insn insn, forged, lop3;
static ptxcpu_insn_desc desc;
static ptxcpu_kernel k, kcc, kwide, kunpack;
static ptxcpu_w32 r[8];
static char *const bytes = (char *)r;
static ptxcpu_lanemask guard[2], cc[2];
static ptxcpu_batch batch;
static ptxcpu_isa isa;
static unsigned blocks_run;

static ptxcpu_dim3 dim(uint32_t x, uint32_t y, uint32_t z) { return (ptxcpu_dim3){x, y, z}; }
static int noop(const ptxcpu_block *blk, void *user) { (void)blk, (void)user; return 0; }
static int fails_at_3(const ptxcpu_block *blk, void *user)
{
    (void)user;
    return blk->ctaid.x == 3 ? 7 : 0;
}
static int count(const ptxcpu_block *blk, void *user)
{
    (void)blk;
    __atomic_fetch_add((unsigned *)user, 1, __ATOMIC_RELAXED);
    return 0;
}
/* An ISA this build lacks (neon on x86-64, avx2 on aarch64), so the row holds on both. */
static ptxcpu_isa not_compiled(void)
{
    for (int i = 0; i < PTXCPU_ISA_COUNT; i++)
        if (!ptxcpu_isa_compiled((ptxcpu_isa)i))
            return (ptxcpu_isa)i;
    return PTXCPU_ISA_COUNT;
}

/* 0 if a kernel cannot be had; rows with a bad PTXCPU_EXT expect that, and call no kernel. */
static int setup(void)
{
    ptxcpu_kernel *ks[] = {&k, &kcc, &kwide};
    const char *mn[] = {"add.u32", "add.cc.u32", "mul.wide.u32"};
    int ok = !ptxcpu_parse_form("mov.b64", 2, 1, NULL, &insn) && /* {x, y}, a: a vector d */
             !ptxcpu_resolve(&insn, PTXCPU_ISA_SCALAR, &kunpack);
    for (int i = 2; i >= 0; i--) /* add.u32 last: it stays in insn */
        ok &= !ptxcpu_parse(mn[i], NULL, &insn) && !ptxcpu_resolve(&insn, PTXCPU_ISA_SCALAR, ks[i]);
    ok &= !ptxcpu_parse("lop3.b32", NULL, &lop3);
    forged = (ptxcpu_insn){9999, 100};
    batch = (ptxcpu_batch){.n = 1, .d = &r[0], .d_stride = sizeof r[0],
                           .src = {{&r[2], sizeof r[0]}, {&r[4], sizeof r[0]}},
                           .cc = cc, .cc_stride = sizeof cc[0]};
    return ok;
}

/* Each case: how its result prints. S: a ptxcpu_status and the message; T: a string; I: an int. */
#define CASES(S, T, I)                                                                          \
    S(ptxcpu_parse(NULL, NULL, &insn))                                                          \
    S(ptxcpu_parse("add.u32", NULL, NULL))                                                      \
    S(ptxcpu_describe(NULL, &desc))                                                             \
    S(ptxcpu_describe(&insn, NULL))                                                             \
    S(ptxcpu_describe(&forged, &desc))                                                          \
    S(ptxcpu_insn_at(ptxcpu_insn_count(), &desc))                                              \
    S(ptxcpu_insn_at(SIZE_MAX, &desc))                                                          \
    S(ptxcpu_insn_at(0, NULL))                                                                  \
    S(ptxcpu_resolve(NULL, PTXCPU_ISA_SCALAR, &k))                                              \
    S(ptxcpu_resolve(&insn, PTXCPU_ISA_SCALAR, NULL))                                           \
    S(ptxcpu_resolve(&forged, PTXCPU_ISA_SCALAR, &k))                                           \
    S(ptxcpu_resolve(&insn, (ptxcpu_isa)7, &k))                                                 \
    S(ptxcpu_resolve(&insn, not_compiled(), &k))                                                \
    S(ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k))                                               \
    S(ptxcpu_resolve(&insn, PTXCPU_ISA_SCALAR, &k))                                             \
    S(ptxcpu_resolve(&lop3, PTXCPU_ISA_SCALAR, &k))                                             \
    S(ptxcpu_resolve_imm(&lop3, PTXCPU_ISA_SCALAR, 0x96, &k))                                   \
    S(ptxcpu_resolve_imm(&lop3, PTXCPU_ISA_SCALAR, 256, &k))                                    \
    S(ptxcpu_resolve_imm(&insn, PTXCPU_ISA_SCALAR, 0x96, &k))                                   \
    S(ptxcpu_resolve_imm(&lop3, PTXCPU_ISA_SCALAR, 0x96, NULL))                                 \
    I(ptxcpu_insn_imm_bits(&lop3))                                                              \
    I(ptxcpu_insn_imm_bits(NULL))                                                               \
    S(ptxcpu_exec("lop3.b32", &batch))                                                          \
    S(ptxcpu_parse_form("mov.b32", 2, 1, NULL, &insn))                                          \
    S(ptxcpu_parse_form("mov.b32", 3, 1, NULL, &insn))                                          \
    S(ptxcpu_parse_form("mov.b32", 5, 1, NULL, &insn))                                          \
    S(ptxcpu_parse_form(NULL, 2, 1, NULL, &insn))                                               \
    S(ptxcpu_parse_n("mov.b128", 1, NULL, &insn))                                               \
    S((batch.n = 2, batch.d_stride = 128, ptxcpu_run(kunpack, &batch)))                          \
    S((batch.n = 2, batch.d_stride = 256, ptxcpu_run(kunpack, &batch)))                          \
    S((batch.d = bytes + 2, ptxcpu_run(kunpack, &batch)))                                       \
    S(ptxcpu_isa_force(PTXCPU_ISA_SCALAR))                                                      \
    S(ptxcpu_isa_force((ptxcpu_isa)7))                                                          \
    S(ptxcpu_isa_force(PTXCPU_ISA_BEST))                                                        \
    S(ptxcpu_isa_force(not_compiled()))                                                         \
    S(ptxcpu_isa_from_name(NULL, &isa))                                                         \
    S(ptxcpu_isa_from_name("AVX2", &isa))                                                       \
    S(ptxcpu_isa_from_name("scalar", NULL))                                                     \
    S(ptxcpu_exec(NULL, &batch))                                                                \
    S(ptxcpu_exec("ad.u32", &batch))                                                            \
    S(ptxcpu_exec("add.u32", NULL))                                                             \
    S(ptxcpu_run(NULL, &batch))                                                                 \
    S(ptxcpu_run(k, NULL))                                                                      \
    S((batch.d = NULL, ptxcpu_run(k, &batch)))                                                  \
    S((batch.src[1].base = NULL, ptxcpu_run(k, &batch)))                                        \
    S((batch.src[2].base = NULL, ptxcpu_run(k, &batch)))                                        \
    S((batch.d = bytes + 2, ptxcpu_run(k, &batch)))                                             \
    S((batch.d = bytes + 4, ptxcpu_run(k, &batch)))                                             \
    S((batch.src[0].base = bytes + 258, ptxcpu_run(k, &batch)))                                 \
    S((batch.d = bytes + 4, ptxcpu_run(kwide, &batch)))                                         \
    S((batch.src[0].stride = 130, ptxcpu_run(k, &batch)))                                       \
    S((batch.n = 2, batch.d_stride = 0, ptxcpu_run(k, &batch)))                                 \
    S((batch.n = 2, batch.d_stride = 64, ptxcpu_run(k, &batch)))                                \
    S((batch.n = 0, batch.d = NULL, ptxcpu_run(NULL, &batch)))                                  \
    S((batch.n = 0, batch.d = NULL, ptxcpu_run(k, &batch)))                                     \
    S((batch.n = SIZE_MAX, ptxcpu_run(k, &batch)))                                              \
    S((batch.n = 2, batch.src[0].stride = PTRDIFF_MIN, ptxcpu_run(k, &batch)))                  \
    S((batch.n = 2, batch.src[0].stride = -((ptrdiff_t)1 << 62), ptxcpu_run(k, &batch)))        \
    S((batch.guard = (ptxcpu_lanemask *)(bytes + 2), ptxcpu_run(k, &batch)))                    \
    S((batch.guard = guard, batch.guard_stride = 2, ptxcpu_run(k, &batch)))                     \
    S((batch.cc = NULL, ptxcpu_run(kcc, &batch)))                                               \
    S((batch.n = 2, batch.cc_stride = 0, ptxcpu_run(kcc, &batch)))                              \
    S((batch.d = &r[2], ptxcpu_run(k, &batch)))                                                 \
    S((batch.d = &r[2].lane[1], ptxcpu_run(k, &batch)))                                         \
    S((batch.n = 2, batch.d = &r[3], ptxcpu_run(k, &batch)))                                    \
    S((batch.n = 2, batch.src[0].base = &r[1], batch.src[0].stride = 0, ptxcpu_run(k, &batch))) \
    S((batch.d = &r[2], ptxcpu_run(kwide, &batch)))                                             \
    S((batch.guard = &r[0].lane[5], ptxcpu_run(k, &batch)))                                     \
    S((batch.cc = &r[0].lane[31], ptxcpu_run(kcc, &batch)))                                     \
    S((batch.n = 2, batch.d_stride = 512, batch.src[0].base = &r[1], batch.src[0].stride = 512, \
       batch.src[1].base = &r[2], batch.src[1].stride = 512, ptxcpu_run(k, &batch)))            \
    S(ptxcpu_run_chain(NULL, &batch, 0, 1))                                                     \
    S(ptxcpu_run_chain(k, &batch, 2, 1))                                                        \
    S(ptxcpu_run_chain(kwide, &batch, 0, 1))                                                    \
    S((batch.d = &r[2].lane[1], ptxcpu_run_chain(k, &batch, 0, 1)))                             \
    S(ptxcpu_topology_get(NULL))                                                                \
    T(ptxcpu_status_name((ptxcpu_status)99))                                                    \
    T(ptxcpu_isa_name((ptxcpu_isa)42))                                                          \
    T(ptxcpu_isa_extensions((ptxcpu_isa)42))                                                    \
    T(ptxcpu_kernel_variant(NULL))                                                              \
    I(ptxcpu_kernel_isa(NULL))                                                                  \
    I(ptxcpu_isa_usable((ptxcpu_isa)-5))                                                        \
    S(ptxcpu_launch(dim(0, 1, 1), dim(32, 1, 1), noop, NULL, NULL))                             \
    S(ptxcpu_launch(dim(1u << 31, 1, 1), dim(32, 1, 1), noop, NULL, NULL))                      \
    S(ptxcpu_launch(dim(1, 65536, 1), dim(32, 1, 1), noop, NULL, NULL))                         \
    S(ptxcpu_launch(dim(1, 1, 0), dim(32, 1, 1), noop, NULL, NULL))                             \
    S(ptxcpu_launch(dim(1, 1, 1), dim(0, 1, 1), noop, NULL, NULL))                              \
    S(ptxcpu_launch(dim(1, 1, 1), dim(1025, 1, 1), noop, NULL, NULL))                           \
    S(ptxcpu_launch(dim(1, 1, 1), dim(1, 1, 65), noop, NULL, NULL))                             \
    S(ptxcpu_launch(dim(1, 1, 1), dim(1024, 1, 2), noop, NULL, NULL))                           \
    S(ptxcpu_launch(dim(1, 1, 1), dim(32, 1, 1), NULL, NULL, NULL))                             \
    S(ptxcpu_launch(dim(8, 1, 1), dim(32, 1, 1), fails_at_3, NULL, NULL))                       \
    S(ptxcpu_launch(dim(1, 1, 1), dim(32, 1, 1), noop, NULL,                                   \
                    &(ptxcpu_launch_opts){.threads = 1025}))                                    \
    S(ptxcpu_launch(dim(1, 1, 1), dim(32, 1, 1), noop, NULL,                                   \
                    &(ptxcpu_launch_opts){.bind = (ptxcpu_bind)7}))                             \
    S(ptxcpu_launch(dim(1, 1, 1), dim(32, 1, 1), noop, NULL,                                   \
                    &(ptxcpu_launch_opts){.scratch_bytes = (size_t)1 << 31}))                   \
    S(ptxcpu_launch(dim(64, 1, 1), dim(32, 1, 1), count, &blocks_run,                           \
                    &(ptxcpu_launch_opts){.threads = 64}))                                      \
    S(ptxcpu_launch(dim(64, 1, 1), dim(32, 1, 1), count, &blocks_run, NULL))                    \
    T(ptxcpu_topology_summary())

static const char *const status_names[] = {
    "PTXCPU_OK", "PTXCPU_E_PARSE", "PTXCPU_E_TARGET", "PTXCPU_E_NULL",
    "PTXCPU_E_RANGE", "PTXCPU_E_ALIGN", "PTXCPU_E_ISA", "PTXCPU_E_ARG",
};

/* One line: the status's name and the message (tab-separated), or a returned value. */
static void print_status(ptxcpu_status s)
{
    if ((unsigned)s < sizeof status_names / sizeof status_names[0])
        printf("%s\t%s\n", status_names[s], ptxcpu_last_error());
    else
        printf("status %d\t%s\n", (int)s, ptxcpu_last_error());
}
static void print_text(const char *s)
{
    printf("\"");
    for (; *s; s++) /* one line: the summary's newlines shown as \n */
        *s == '\n' ? printf("\\n") : putchar(*s);
    printf("\"\t\n");
}
static void print_int(long v) { printf("%ld\t\n", v); }

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "list")) {
#define NAME(...) puts(#__VA_ARGS__);
        CASES(NAME, NAME, NAME)
#undef NAME
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "not-compiled")) { /* for the table's $NOT_COMPILED */
        puts(ptxcpu_isa_name(not_compiled()));
        return 0;
    }
    if (argc >= 3 && !strcmp(argv[1], "parse")) { /* the mnemonic table, through the API */
        ptxcpu_insn out = {0xbeef, 0xbeef};
        ptxcpu_status s = ptxcpu_parse(argv[2], argc > 3 ? argv[3] : NULL, &out);
        print_status(s);
        return s && (out.op != 0xbeef || out.sm != 0xbeef) ? 4 : 0; /* a failure wrote out */
    }
    if (argc < 3 || strcmp(argv[1], "call")) {
        fprintf(stderr, "usage: badinput_api list | call 'CASE' | parse MNEMONIC [TARGET]\n");
        return 2;
    }
    if (!setup() && !getenv("PTXCPU_EXT")) {
        fprintf(stderr, "badinput_api: setup failed: %s\n", ptxcpu_last_error());
        return 3;
    }
#define RUN_S(...) if (!strcmp(argv[2], #__VA_ARGS__)) { print_status(__VA_ARGS__); return 0; }
#define RUN_T(...) if (!strcmp(argv[2], #__VA_ARGS__)) { print_text(__VA_ARGS__); return 0; }
#define RUN_I(...) if (!strcmp(argv[2], #__VA_ARGS__)) { print_int((long)(__VA_ARGS__)); return 0; }
    CASES(RUN_S, RUN_T, RUN_I)
    fprintf(stderr, "badinput_api: no case '%s' (see `badinput_api list`)\n", argv[2]);
    return 2;
}
