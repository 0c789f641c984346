/* API tests through ptxcpu.h only: argument errors and their messages, ISA forcing and the
 * PTXCPU_ISA variable (via the CLI in a child process, argv[1]), ptxcpu_exec, per-thread errors,
 * and spot checks with answers from the spec; api_batch.c covers batch layouts. */
#include "api_test.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

unsigned api_passed, api_failed;
ptxcpu_isa usable_isas[PTXCPU_ISA_COUNT];
int n_usable;

int check(int ok, const char *fmt, ...)
{
    if (ok) {
        api_passed++;
        return 1;
    }
    if (++api_failed <= FAIL_CAP) {
        va_list ap;
        va_start(ap, fmt);
        printf("FAIL: ");
        vprintf(fmt, ap);
        printf("\n");
        va_end(ap);
    }
    return 0;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull; /* xorshift64* */
void rnd_seed(uint64_t s) { rng_state = s * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull; }
uint64_t rnd64(void) { return xorshift64s_next(&rng_state); }
void rnd_fill(void *p, size_t n)
{
    unsigned char *b = p;
    for (size_t i = 0; i < n; i += 8) {
        uint64_t v = rnd64();
        memcpy(b + i, &v, n - i < 8 ? n - i : 8);
    }
}
uint64_t lane_get(const void *p, unsigned bits, unsigned l)
{
    uint64_t v = 0;
    memcpy(&v, (const char *)p + l * (bits / 8), bits / 8); /* little-endian hosts */
    return v;
}
void lane_set(void *p, unsigned bits, unsigned l, uint64_t v)
{
    memcpy((char *)p + l * (bits / 8), &v, bits / 8);
}

static int has(const char *msg, const char *sub) { return strstr(msg, sub) != NULL; }

/* ---- ISAs ----------------------------------------------------------------------------------- */
static void list_isas(void)
{
    for (int i = 0; i < PTXCPU_ISA_COUNT; i++) {
        ptxcpu_isa isa = (ptxcpu_isa)i;
        if (ptxcpu_isa_usable(isa)) {
            usable_isas[n_usable++] = isa;
            printf("api: testing ISA %s\n", ptxcpu_isa_name(isa));
        } else {
            printf("api: SKIPPING ISA %s: %s\n", ptxcpu_isa_name(isa),
                   ptxcpu_isa_compiled(isa) ? "compiled in, but this CPU cannot run it"
                                            : "not compiled into this build");
        }
    }
    check(ptxcpu_isa_usable(PTXCPU_ISA_SCALAR), "the scalar ISA must always be usable");
    printf("api: cpu features: %s\n", ptxcpu_cpu_features());
}

/* The kernel's /proc/cpuinfo "model name" (on x86 Linux the same CPUID brand string, made by
 * other code), blanks collapsed as ptxcpu_cpu_model collapses them; "" where there is none. */
static void proc_model_name(char *out, size_t size)
{
    char line[256], *v = NULL;
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && !v && fgets(line, sizeof line, f))
        if (!strncmp(line, "model name", 10) && strchr(line, ':'))
            v = strchr(line, ':') + 1;
    size_t n = 0;
    for (char *tok = v ? strtok(v, " \t\n") : NULL; tok; tok = strtok(NULL, " \t\n"))
        n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s%s", n ? " " : "", tok);
    if (!n)
        out[0] = 0;
    if (f)
        fclose(f);
}

static void test_cpu_model(void)
{
    const char *m = ptxcpu_cpu_model();
    char proc[256];
    proc_model_name(proc, sizeof proc);
    printf("api: cpu model: %s (/proc/cpuinfo: %s)\n", m, *proc ? proc : "no model name");
    check(m == ptxcpu_cpu_model(), "ptxcpu_cpu_model returns a different string the second time");
    check(*m && m[0] != ' ' && m[strlen(m) - 1] != ' ' && !strstr(m, "  "),
          "ptxcpu_cpu_model '%s': empty, or blanks at an end or doubled", m);
    check(!*proc || !strcmp(m, proc), "ptxcpu_cpu_model '%s' is not /proc/cpuinfo's '%s'", m,
          proc);
}

static void test_isa_api(void)
{
    for (int i = 0; i < PTXCPU_ISA_COUNT; i++) {
        ptxcpu_isa out = PTXCPU_ISA_BEST;
        const char *name = ptxcpu_isa_name((ptxcpu_isa)i);
        check(ptxcpu_isa_from_name(name, &out) == PTXCPU_OK && out == (ptxcpu_isa)i,
              "ptxcpu_isa_from_name(\"%s\") does not give ISA %d back", name, i);
        check(!ptxcpu_isa_usable((ptxcpu_isa)i) || ptxcpu_isa_compiled((ptxcpu_isa)i),
              "ISA %s usable but not compiled", name);
    }
    static const char *const bogus[] = {"bogus", "", "SCALAR", "avx", "best", "scalar "};
    for (size_t i = 0; i < sizeof bogus / sizeof bogus[0]; i++) {
        ptxcpu_isa out = (ptxcpu_isa)77;
        ptxcpu_status st = ptxcpu_isa_from_name(bogus[i], &out);
        check(st == PTXCPU_E_ISA && out == (ptxcpu_isa)77 && has(ptxcpu_last_error(), "unknown ISA") &&
                  has(ptxcpu_last_error(), "scalar"),
              "ptxcpu_isa_from_name(\"%s\"): status %d '%s', want PTXCPU_E_ISA listing the ISAs",
              bogus[i], (int)st, ptxcpu_last_error());
    }
    /* variants: a kernel is its ISA, or <isa>+<extension> for an extension's family */
    for (int i = 0; i < PTXCPU_ISA_COUNT; i++) {
        if (!ptxcpu_isa_usable((ptxcpu_isa)i))
            continue;
        const char *isa_name = ptxcpu_isa_name((ptxcpu_isa)i), *ext = ptxcpu_isa_extensions((ptxcpu_isa)i);
        check(i != PTXCPU_ISA_SCALAR || !*ext, "the scalar ISA has no extensions, got '%s'", ext);
        for (size_t r = 0; r < ptxcpu_insn_count(); r++) {
            ptxcpu_insn_desc d;
            ptxcpu_insn in;
            ptxcpu_kernel k;
            ptxcpu_insn_at(r, &d);
            if (ptxcpu_parse_form(d.mnemonic, PTXCPU_VEC_N(d.dst_bits), d.nsrc, NULL, &in) || test_resolve(&in, (ptxcpu_isa)i, &k))
                continue;
            const char *v = ptxcpu_kernel_variant(k);
            size_t n = strlen(isa_name);
            check(!strncmp(v, isa_name, n) && (!v[n] || (v[n] == '+' && has(ext, v + n + 1))),
                  "%s on %s: variant '%s' is neither the ISA nor one of its extensions in use (%s)",
                  d.mnemonic, isa_name, v, ext);
        }
    }
    check(!strcmp(ptxcpu_kernel_variant(NULL), "(null)"), "ptxcpu_kernel_variant(NULL)");
    check(!strcmp(ptxcpu_isa_extensions((ptxcpu_isa)99), ""), "ptxcpu_isa_extensions(99) must be empty");

    ptxcpu_isa out;
    check(ptxcpu_isa_from_name(NULL, &out) == PTXCPU_E_NULL, "ptxcpu_isa_from_name(NULL) must be PTXCPU_E_NULL");
    check(ptxcpu_isa_from_name("scalar", NULL) == PTXCPU_E_NULL, "ptxcpu_isa_from_name(out NULL) must be PTXCPU_E_NULL");

    /* forcing: usable ones switch, others fail and leave the active ISA alone */
    ptxcpu_isa orig = ptxcpu_isa_active();
    for (int i = 0; i < PTXCPU_ISA_COUNT + 2; i++) {
        ptxcpu_isa isa = i < PTXCPU_ISA_COUNT ? (ptxcpu_isa)i : (ptxcpu_isa)(i == PTXCPU_ISA_COUNT ? 99 : PTXCPU_ISA_COUNT);
        ptxcpu_isa before = ptxcpu_isa_active();
        ptxcpu_status st = ptxcpu_isa_force(isa);
        if (i < PTXCPU_ISA_COUNT && ptxcpu_isa_usable(isa)) {
            check(st == PTXCPU_OK && ptxcpu_isa_active() == isa, "forcing usable ISA %s: status %d",
                  ptxcpu_isa_name(isa), (int)st);
        } else {
            const char *msg = ptxcpu_last_error();
            check(st == PTXCPU_E_ISA && ptxcpu_isa_active() == before &&
                      (i >= PTXCPU_ISA_COUNT || has(msg, ptxcpu_isa_name(isa))),
                  "forcing unusable ISA %d (%s): status %d, active %s -> %s, message '%s'", (int)isa,
                  ptxcpu_isa_name(isa), (int)st, ptxcpu_isa_name(before),
                  ptxcpu_isa_name(ptxcpu_isa_active()), msg);
        }
        /* a kernel of an unusable ISA cannot be had either */
        ptxcpu_insn insn;
        ptxcpu_kernel k = NULL;
        ptxcpu_parse("add.u32", NULL, &insn);
        if (!ptxcpu_isa_usable(isa))
            check(ptxcpu_resolve(&insn, isa, &k) == PTXCPU_E_ISA && k == NULL,
                  "ptxcpu_resolve on unusable ISA %d must be PTXCPU_E_ISA", (int)isa);
    }
    if (orig != PTXCPU_ISA_BEST)
        ptxcpu_isa_force(orig);
    check(ptxcpu_isa_active() == orig, "active ISA not restored");
}

/* ---- argument errors -------------------------------------------------------------------------- */
typedef struct fixture {
    ptxcpu_w32 d[4], a[4], b[4];
    ptxcpu_w64 dw[4];
    ptxcpu_lanemask guard[4], cc[4];
} fixture;

static ptxcpu_kernel kernel_of(const char *mn, ptxcpu_isa isa)
{
    ptxcpu_insn insn;
    ptxcpu_kernel k = NULL;
    if (ptxcpu_parse(mn, NULL, &insn) || ptxcpu_resolve(&insn, isa, &k))
        check(0, "cannot get a kernel for %s on %s: %s", mn, ptxcpu_isa_name(isa), ptxcpu_last_error());
    return k;
}

/* Runs k on b and checks the status, the message and that fixture f is untouched on failure. */
static void expect_run(ptxcpu_kernel k, const ptxcpu_batch *b, fixture *f, ptxcpu_status want,
                       const char *what, const char *sub1, const char *sub2)
{
    fixture before;
    memcpy(&before, f, sizeof before);
    ptxcpu_status st = ptxcpu_run(k, b);
    const char *msg = ptxcpu_last_error();
    check(st == want, "%s: status %d (%s), want %d (%s); message '%s'", what, (int)st,
          ptxcpu_status_name(st), (int)want, ptxcpu_status_name(want), msg);
    if (want != PTXCPU_OK) {
        check((!sub1 || has(msg, sub1)) && (!sub2 || has(msg, sub2)),
              "%s: message '%s' should mention '%s'%s%s", what, msg, sub1 ? sub1 : "",
              sub2 ? " and " : "", sub2 ? sub2 : "");
        check(!memcmp(&before, f, sizeof before), "%s: a failing run wrote memory", what);
    }
}

static void test_errors(ptxcpu_isa isa)
{
    static fixture f;
    rnd_fill(&f, sizeof f);
    ptxcpu_kernel add = kernel_of("add.u32", isa), wide = kernel_of("mul.wide.u32", isa);
    ptxcpu_kernel addcc = kernel_of("add.cc.u32", isa), addc = kernel_of("addc.u32", isa);
    if (!add || !wide || !addcc || !addc)
        return;
    const ptxcpu_batch ok2 = {.n = 2, .d = f.d, .d_stride = sizeof(ptxcpu_w32),
                              .src = {{f.a, sizeof(ptxcpu_w32)}, {f.b, sizeof(ptxcpu_w32)}}};
    ptxcpu_batch b;
    char *d8 = (char *)f.d, *a8 = (char *)f.a;
    const size_t W = sizeof(ptxcpu_w32);
#define CASE(K, EDIT, WANT, S1, S2) (b = ok2, EDIT, expect_run(K, &b, &f, WANT, #EDIT, S1, S2))
    expect_run(NULL, &ok2, &f, PTXCPU_E_NULL, "kernel NULL", "kernel", NULL);
    expect_run(add, NULL, &f, PTXCPU_E_NULL, "batch NULL", "batch", NULL);
    CASE(add, b.d = NULL, PTXCPU_E_NULL, "d is NULL", NULL);
    CASE(add, b.src[0].base = NULL, PTXCPU_E_NULL, "src[0]", "NULL");
    CASE(add, b.src[1].base = NULL, PTXCPU_E_NULL, "src[1]", "NULL");
    CASE(add, b.src[2].base = NULL, PTXCPU_OK, NULL, NULL); /* unused by add */
    CASE(add, b.d = d8 + 1, PTXCPU_E_ALIGN, "d", "aligned");
    CASE(add, b.d = d8 + 2, PTXCPU_E_ALIGN, "d", "aligned");
    CASE(add, (b.d = d8 + 4, b.n = 1), PTXCPU_OK, NULL, NULL); /* lane alignment is enough */
    CASE(add, b.src[0].base = a8 + 1, PTXCPU_E_ALIGN, "src[0]", "aligned");
    CASE(add, b.src[1].base = (char *)f.b + 3, PTXCPU_E_ALIGN, "src[1]", "aligned");
    CASE(add, b.d_stride = W + 2, PTXCPU_E_ALIGN, "d stride", "multiple of 4");
    CASE(add, b.src[0].stride = 2 * (ptrdiff_t)W - 1, PTXCPU_E_ALIGN, "src[0]", "stride");
    CASE(add, (b.d_stride = W + 4, b.src[0].stride = -(ptrdiff_t)W - 4, b.src[0].base = f.a + 1),
         PTXCPU_OK, NULL, NULL);
    CASE(wide, (b.d = f.dw, b.d_stride = 8 * 32 + 4), PTXCPU_E_ALIGN, "d stride", "multiple of 8");
    CASE(wide, (b.d = (char *)f.dw + 4, b.d_stride = 8 * 32), PTXCPU_E_ALIGN, "d", "8-byte aligned");
    CASE(add, b.d_stride = 0, PTXCPU_E_ARG, "d_stride", "0");
    CASE(add, (b.d_stride = 0, b.n = 1), PTXCPU_OK, NULL, NULL);
    CASE(add, (b.n = SIZE_MAX / 2, b.d_stride = 256, b.src[0].stride = 256), PTXCPU_E_RANGE, "n =", NULL);
    CASE(add, (b.n = SIZE_MAX, b.src[0].stride = 0, b.src[1].stride = 0), PTXCPU_E_RANGE, "n =", NULL);
    CASE(add, (b.n = (size_t)PTRDIFF_MAX / 256 + 1), PTXCPU_E_RANGE, "n =", NULL);
    CASE(add, (b.n = (size_t)1 << 30, b.src[1].stride = (ptrdiff_t)1 << 40), PTXCPU_E_RANGE, "n =", NULL);
    /* PTRDIFF_MIN strides: |stride| does not fit a ptrdiff_t (fuzz_run found its negation
     * overflowing; tests/fuzz/regressions/run/ptrdiff-min-stride) */
    CASE(add, b.src[0].stride = PTRDIFF_MIN, PTXCPU_E_RANGE, "src[0]", "n =");
    CASE(add, b.d_stride = PTRDIFF_MIN, PTXCPU_E_RANGE, "d", "n =");
    CASE(add, (b.n = 1, b.src[1].stride = PTRDIFF_MIN, b.d_stride = PTRDIFF_MIN), PTXCPU_OK, NULL,
         NULL);
    /* a negative stride that walks below address 0 */
    CASE(add, (b.n = (uintptr_t)f.d / W + 2, b.d_stride = -(ptrdiff_t)W, b.src[0].stride = 0,
               b.src[1].stride = 0), PTXCPU_E_RANGE, "d", "n =");
    CASE(add, (b.guard = (const ptxcpu_lanemask *)((char *)f.guard + 2), b.guard_stride = 4),
         PTXCPU_E_ALIGN, "guard", "aligned");
    CASE(add, (b.guard = f.guard, b.guard_stride = 6), PTXCPU_E_ALIGN, "guard", "stride");
    CASE(addcc, b.cc = NULL, PTXCPU_E_NULL, "cc", "add.cc.u32");
    CASE(addc, b.cc = NULL, PTXCPU_E_NULL, "cc", "addc.u32");
    CASE(add, b.cc = NULL, PTXCPU_OK, NULL, NULL); /* add.u32 does not use CC.CF */
    CASE(addcc, (b.cc = f.cc, b.cc_stride = 0), PTXCPU_E_ARG, "cc_stride", "add.cc.u32");
    CASE(addcc, (b.cc = f.cc, b.cc_stride = 0, b.n = 1), PTXCPU_OK, NULL, NULL);
    CASE(addc, (b.cc = f.cc, b.cc_stride = 0), PTXCPU_OK, NULL, NULL); /* read-only carry-in */
    CASE(addcc, (b.cc = (ptxcpu_lanemask *)((char *)f.cc + 1), b.cc_stride = 4), PTXCPU_E_ALIGN, "cc", "aligned");
    CASE(addcc, (b.cc = f.cc, b.cc_stride = 5), PTXCPU_E_ALIGN, "cc", "stride");
#undef CASE

    /* the parse / describe / resolve / table entry points */
    ptxcpu_insn bogus = {60000, 100}, insn;
    ptxcpu_insn_desc desc;
    ptxcpu_kernel k;
    check(ptxcpu_resolve(&bogus, isa, &k) == PTXCPU_E_ARG && has(ptxcpu_last_error(), "insn"),
          "ptxcpu_resolve(bogus insn): '%s'", ptxcpu_last_error());
    check(ptxcpu_resolve(NULL, isa, &k) == PTXCPU_E_NULL, "ptxcpu_resolve(NULL) must be PTXCPU_E_NULL");
    ptxcpu_parse("add.u32", NULL, &insn);
    check(ptxcpu_resolve(&insn, isa, NULL) == PTXCPU_E_NULL, "ptxcpu_resolve(out NULL) must be PTXCPU_E_NULL");
    check(ptxcpu_describe(&bogus, &desc) == PTXCPU_E_ARG, "ptxcpu_describe(bogus insn) must be PTXCPU_E_ARG");
    check(ptxcpu_describe(NULL, &desc) == PTXCPU_E_NULL, "ptxcpu_describe(NULL) must be PTXCPU_E_NULL");
    char count_text[24];
    snprintf(count_text, sizeof count_text, ">= %zu", ptxcpu_insn_count());
    check(ptxcpu_insn_at(ptxcpu_insn_count(), &desc) == PTXCPU_E_RANGE &&
              has(ptxcpu_last_error(), count_text),
          "ptxcpu_insn_at(count): '%s'", ptxcpu_last_error());
    check(ptxcpu_insn_at(SIZE_MAX, &desc) == PTXCPU_E_RANGE, "ptxcpu_insn_at(SIZE_MAX) must be PTXCPU_E_RANGE");
    check(ptxcpu_insn_at(0, NULL) == PTXCPU_E_NULL, "ptxcpu_insn_at(0, NULL) must be PTXCPU_E_NULL");
    check(ptxcpu_parse(NULL, NULL, &insn) == PTXCPU_E_NULL && has(ptxcpu_last_error(), "mnemonic"),
          "ptxcpu_parse(NULL): '%s'", ptxcpu_last_error());
    check(ptxcpu_kernel_isa(NULL) == PTXCPU_ISA_BEST, "ptxcpu_kernel_isa(NULL) must be PTXCPU_ISA_BEST");
    /* ptxcpu_parse_n: the form by source count (min.f32 has two), NULLs, a count none has */
    ptxcpu_insn two, three;
    ptxcpu_insn_desc d3;
    check(ptxcpu_parse_n("min.f32", 2, NULL, &two) == PTXCPU_OK &&
              ptxcpu_parse_n("min.f32", 3, NULL, &three) == PTXCPU_OK &&
              ptxcpu_parse("min.f32", NULL, &insn) == PTXCPU_OK && insn.op == two.op &&
              two.op != three.op && ptxcpu_describe(&three, &d3) == PTXCPU_OK && d3.nsrc == 3 &&
              ptxcpu_resolve(&three, isa, &k) == PTXCPU_OK,
          "ptxcpu_parse_n(min.f32, 2 / 3): %s", ptxcpu_last_error());
    check(ptxcpu_parse_n(NULL, 3, NULL, &insn) == PTXCPU_E_NULL &&
              has(ptxcpu_last_error(), "mnemonic"),
          "ptxcpu_parse_n(NULL): '%s'", ptxcpu_last_error());
    check(ptxcpu_parse_n("min.f32", 3, NULL, NULL) == PTXCPU_E_NULL,
          "ptxcpu_parse_n(out NULL) must be PTXCPU_E_NULL");
    check(ptxcpu_parse_n("min.abs.f32", 2, NULL, &insn) == PTXCPU_E_PARSE &&
              has(ptxcpu_last_error(), "min.abs.f32 takes 3 sources (a, b, c), not 2"),
          "ptxcpu_parse_n(min.abs.f32, 2): '%s'", ptxcpu_last_error());
    check(ptxcpu_parse_n("add.u32", 0, "sm_80", &insn) == PTXCPU_OK && insn.sm == 80,
          "ptxcpu_parse_n(add.u32, 0, sm_80): %s", ptxcpu_last_error());
}

static void test_names(void)
{
    for (int s = 0; s <= PTXCPU_E_ARG; s++)
        for (int t = 0; t < s; t++)
            check(strcmp(ptxcpu_status_name((ptxcpu_status)s), ptxcpu_status_name((ptxcpu_status)t)) != 0,
                  "status names %d and %d are the same", s, t);
    check(!strcmp(ptxcpu_version(), PTXCPU_VERSION), "ptxcpu_version() %s != header %s",
          ptxcpu_version(), PTXCPU_VERSION);
}

/* ---- PTXCPU_ISA through the CLI in a child process ---------------------------------------- */
static int run_child(const char *exe, const char *isa_env, char *out, size_t len)
{
    int fd[2];
    if (pipe(fd) != 0)
        return -1;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(fd[1], 1);
        dup2(fd[1], 2);
        close(fd[0]);
        if (isa_env) setenv("PTXCPU_ISA", isa_env, 1);
        else unsetenv("PTXCPU_ISA");
        execl(exe, exe, "info", (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    size_t got = 0;
    ssize_t r;
    while ((r = read(fd[0], out + got, len - 1 - got)) > 0 && got < len - 1)
        got += (size_t)r;
    out[got] = 0;
    close(fd[0]);
    int status;
    if (waitpid(pid, &status, 0) != pid)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void test_env_isa(const char *exe)
{
    if (getenv("PTXCPU_TEST_NO_EXEC")) { /* cross-built, under qemu-user: children can't be exec'd */
        printf("api: SKIPPING the PTXCPU_ISA child-process checks (PTXCPU_TEST_NO_EXEC: %s)\n",
               getenv("PTXCPU_TEST_NO_EXEC"));
        return;
    }
    if (!check(exe != NULL, "the dispatcher tests need the path of the ptxcpu CLI as argv[1]"))
        return;
    char out[4096], want[64];
    int best = PTXCPU_ISA_SCALAR;
    for (int i = 0; i < PTXCPU_ISA_COUNT; i++)
        if (ptxcpu_isa_usable((ptxcpu_isa)i)) best = i;
    int rc = run_child(exe, NULL, out, sizeof out);
    snprintf(want, sizeof want, "active isa: %s", ptxcpu_isa_name((ptxcpu_isa)best));
    check(rc == 0 && has(out, want), "PTXCPU_ISA unset: exit %d, want '%s':\n%s", rc, want, out);
    rc = run_child(exe, "", out, sizeof out);
    check(rc == 0 && has(out, want), "PTXCPU_ISA empty: exit %d, want '%s':\n%s", rc, want, out);
    for (int i = 0; i < PTXCPU_ISA_COUNT; i++) {
        const char *name = ptxcpu_isa_name((ptxcpu_isa)i);
        rc = run_child(exe, name, out, sizeof out);
        snprintf(want, sizeof want, "active isa: %s", name);
        if (ptxcpu_isa_usable((ptxcpu_isa)i))
            check(rc == 0 && has(out, want), "PTXCPU_ISA=%s: exit %d, want '%s':\n%s", name, rc, want, out);
        else /* must fail loudly, never fall back */
            check(rc != 0 && rc < 128 && !has(out, "active isa:") && has(out, name) &&
                      (has(out, "not compiled") || has(out, "cannot run")),
                  "PTXCPU_ISA=%s (not usable here): exit %d, want a failure naming it:\n%s", name,
                  rc, out);
    }
    rc = run_child(exe, "bogus", out, sizeof out);
    check(rc != 0 && rc < 128 && has(out, "bogus") && !has(out, "active isa:"),
          "PTXCPU_ISA=bogus: exit %d, want an error naming it:\n%s", rc, out);
}

/* ---- spot checks with answers from the spec -------------------------------------------------- */
/* Every lane gets the same operands; cf_in is CC.CF for every lane; want_cf -1: CC not written. */
static void spot(const char *mn, const char *target, unsigned cf_in, uint64_t a, uint64_t b,
                 uint64_t c, uint64_t want, int want_cf)
{
    ptxcpu_insn insn;
    ptxcpu_insn_desc d;
    if (!check(ptxcpu_parse(mn, target, &insn) == PTXCPU_OK, "spot %s: %s", mn, ptxcpu_last_error()))
        return;
    ptxcpu_describe(&insn, &d);
    const uint64_t in[3] = {a, b, c};
    for (int u = 0; u < n_usable; u++) {
        static reg dst, src[3];
        ptxcpu_lanemask cc = cf_in ? 0xffffffffu : 0;
        ptxcpu_kernel k;
        ptxcpu_resolve(&insn, usable_isas[u], &k);
        ptxcpu_batch bt = {.n = 1, .d = &dst, .cc = &cc};
        for (unsigned j = 0; j < d.nsrc && j < 3; j++) {
            for (unsigned l = 0; l < 32; l++) lane_set(&src[j], d.src_bits[j], l, in[j]);
            bt.src[j].base = &src[j];
        }
        memset(&dst, 0xa5, sizeof dst);
        ptxcpu_status st = ptxcpu_run(k, &bt);
        uint64_t got = lane_get(&dst, d.dst_bits, 0);
        int same = 1;
        for (unsigned l = 1; l < 32; l++) same &= lane_get(&dst, d.dst_bits, l) == got;
        ptxcpu_lanemask want_cc = want_cf < 0 ? (cf_in ? 0xffffffffu : 0) : want_cf ? 0xffffffffu : 0;
        check(st == PTXCPU_OK && same && got == want && cc == want_cc,
              "%s [%s] a=0x%llx b=0x%llx c=0x%llx cf=%u: got 0x%llx CC 0x%08x (lanes %s), "
              "want 0x%llx CC 0x%08x", mn, ptxcpu_isa_name(usable_isas[u]),
              (unsigned long long)a, (unsigned long long)b, (unsigned long long)c, cf_in,
              (unsigned long long)got, cc, same ? "agree" : "differ", (unsigned long long)want,
              want_cc);
    }
}

static void test_spots(void)
{
    spot("add.sat.s32", NULL, 0, 0x7fffffff, 1, 0, 0x7fffffff, -1);     /* clamps to MAXINT */
    spot("add.sat.s32", NULL, 0, 0x80000000, 0xffffffff, 0, 0x80000000, -1);
    spot("add.s32", NULL, 0, 0x7fffffff, 1, 0, 0x80000000, -1);         /* wraps */
    spot("sub.sat.s32", NULL, 0, 0x80000000, 1, 0, 0x80000000, -1);
    spot("add.cc.u32", NULL, 0, 0xffffffff, 1, 0, 0, 1);                /* carry-out */
    spot("add.cc.u32", NULL, 1, 1, 1, 0, 2, 0);
    spot("add.cc.u64", NULL, 0, ~0ull, 1, 0, 0, 1);
    spot("addc.u32", NULL, 1, 0xffffffff, 0, 0, 0, -1);                 /* reads CF, keeps it */
    spot("addc.cc.u32", NULL, 1, 0xffffffff, 0, 0, 0, 1);
    spot("addc.cc.u32", NULL, 1, 1, 2, 0, 4, 0);
    spot("sub.cc.u32", NULL, 0, 0, 1, 0, 0xffffffff, 1);                /* borrow-out */
    spot("sub.cc.u32", NULL, 1, 5, 3, 0, 2, 0);
    spot("subc.u32", NULL, 1, 5, 3, 0, 1, -1);                          /* a - (b + CF) */
    spot("subc.cc.u32", NULL, 1, 0, 0, 0, 0xffffffff, 1);
    spot("mad.lo.cc.u32", NULL, 0, 0xffffffff, 1, 1, 0, 1);
    spot("madc.lo.cc.u32", NULL, 1, 0xffffffff, 1, 0, 0, 1);
    spot("madc.hi.u32", NULL, 1, 0xffffffff, 0xffffffff, 1, 0, -1); /* 0xfffffffe + 1 + CF wraps */
    spot("mul.wide.s32", NULL, 0, 0xffffffff, 0xffffffff, 0, 1, -1);   /* -1 * -1 */
    spot("mul.wide.u32", NULL, 0, 0xffffffff, 0xffffffff, 0, 0xfffffffe00000001ull, -1);
    spot("mul.wide.s16", NULL, 0, 0x8000, 0x8000, 0, 0x40000000, -1);
    spot("mul.hi.u32", NULL, 0, 0xffffffff, 0xffffffff, 0, 0xfffffffe, -1);
    spot("mul.hi.s32", NULL, 0, 0xffffffff, 0xffffffff, 0, 0, -1);
    spot("mad.lo.u32", NULL, 0, 3, 4, 5, 17, -1);
    spot("mad.wide.u16", NULL, 0, 0xffff, 0xffff, 1, 0xfffe0002, -1);
    spot("sad.u32", NULL, 0, 1, 5, 10, 14, -1);
    spot("div.u32", NULL, 0, 7, 0, 0, 0xffffffff, -1);                  /* docs/SEMANTICS.md */
    spot("div.s32", NULL, 0, 0x80000000, 0xffffffff, 0, 0x80000000, -1);
    spot("rem.s32", NULL, 0, 0xfffffff9, 2, 0, 0xffffffff, -1);         /* -7 % 2 = -1 */
    spot("popc.b64", NULL, 0, ~0ull, 0, 0, 64, -1);
    spot("clz.b32", NULL, 0, 0, 0, 0, 32, -1);
    spot("bfind.u32", NULL, 0, 0, 0, 0, 0xffffffff, -1);
    spot("bfind.shiftamt.u32", NULL, 0, 1, 0, 0, 31, -1);
    spot("brev.b32", NULL, 0, 1, 0, 0, 0x80000000, -1);
    spot("min.relu.s32", NULL, 0, 0xfffffffb, 0xfffffffd, 0, 0, -1);
    spot("max.s16x2", NULL, 0, 0x8000ffff, 0x00017fff, 0, 0x00017fff, -1);
    spot("add.u16x2", NULL, 0, 0xffff0001, 0x00010001, 0, 0x00000002, -1);
    spot("dp4a.u32.u32", NULL, 0, 0x01020304, 0x01010101, 10, 20, -1);
    spot("dp4a.s32.s32", NULL, 0, 0xff, 0xff, 0, 1, -1);                /* (-1) * (-1) */
    spot("sub.f32", NULL, 0, 0x3f800000, 0x3f800000, 0, 0x00000000, -1); /* x - x = +0 */
    spot("sub.rm.f32", NULL, 0, 0x3f800000, 0x3f800000, 0, 0x80000000, -1); /* -0 rounding down */
    spot("sub.rm.f64", NULL, 0, 0x3ff0000000000000ull, 0x3ff0000000000000ull, 0,
         0x8000000000000000ull, -1);
    spot("sub.f32", NULL, 0, 0x7fc00001, 0, 0, 0x7fffffff, -1);         /* canonical NaN */
    spot("sub.sat.f32", NULL, 0, 0x7fc00000, 0, 0, 0, -1);              /* NaN saturates to +0 */
    spot("sub.sat.f32", NULL, 0, 0x40000000, 0, 0, 0x3f800000, -1);     /* clamps to 1.0 */
    spot("sub.f32x2", NULL, 0, 0x400000003f800000ull, 0x3f8000003f800000ull, 0,
         0x3f80000000000000ull, -1);
    spot("mad.rn.f64", NULL, 0, 0x4000000000000000ull, 0x4008000000000000ull,
         0x3ff0000000000000ull, 0x401c000000000000ull, -1);            /* 2 * 3 + 1 = 7 */
    spot("mad.rn.f32", NULL, 0, 0x3f800800, 0x3f800800, 0xbf800000, 0x3a000400, -1); /* fused */
    spot("add.f16", NULL, 0, 0x3c00, 0x3c00, 0, 0x4000, -1);
    spot("add.sat.f16", NULL, 0, 0x3c00, 0x3c00, 0, 0x3c00, -1);
    spot("add.f16x2", NULL, 0, 0x3c003c00, 0x3c000000, 0, 0x40003c00, -1);
    spot("add.bf16", NULL, 0, 0x3f80, 0x3f80, 0, 0x4000, -1);
    spot("add.rn.bf16x2", NULL, 0, 0x3f80bf80, 0x3f803f80, 0, 0x40000000, -1);

    /* lanes are independent: lane l computes from its own operands */
    for (int u = 0; u < n_usable; u++) {
        static ptxcpu_w32 a, b, d;
        for (unsigned l = 0; l < 32; l++) a.lane[l] = l * 3, b.lane[l] = 0xfffffff0u + l;
        ptxcpu_insn insn;
        ptxcpu_kernel k;
        ptxcpu_parse("add.u32", NULL, &insn);
        ptxcpu_resolve(&insn, usable_isas[u], &k);
        ptxcpu_batch bt = {.n = 1, .d = &d, .src = {{&a, 0}, {&b, 0}}};
        ptxcpu_run(k, &bt);
        for (unsigned l = 0; l < 32; l++)
            check(d.lane[l] == l * 4 + 0xfffffff0u, "add.u32 [%s] lane %u: got 0x%x want 0x%x",
                  ptxcpu_isa_name(usable_isas[u]), l, d.lane[l], l * 4 + 0xfffffff0u);
    }
}

/* ---- ptxcpu_exec ----------------------------------------------------------------------------- */
static void test_exec(void)
{
    static ptxcpu_w64 a[3], b[3], d[3], ref[3];
    rnd_fill(a, sizeof a), rnd_fill(b, sizeof b);
    ptxcpu_batch bt = {.n = 3, .d = d, .d_stride = sizeof d[0],
                       .src = {{a, sizeof a[0]}, {b, sizeof b[0]}}};
    ptxcpu_batch rb = bt;
    rb.d = ref;
    ptxcpu_insn insn;
    ptxcpu_kernel k;
    ptxcpu_parse("sub.rm.f32x2", NULL, &insn); /* sm_100: accepted on the default target */
    ptxcpu_resolve(&insn, PTXCPU_ISA_SCALAR, &k);
    ptxcpu_run(k, &rb);
    check(ptxcpu_exec("sub.rm.f32x2", &bt) == PTXCPU_OK && !memcmp(d, ref, sizeof d),
          "ptxcpu_exec(sub.rm.f32x2) differs from resolve + run: %s", ptxcpu_last_error());
    static const struct { const char *mn; ptxcpu_status st; const char *sub; } bad[] = {
        {NULL, PTXCPU_E_NULL, "mnemonic"},
        {"sub.rm.f32x3", PTXCPU_E_PARSE, ".f32x3"},
        {"add.cc.u32", PTXCPU_E_NULL, "cc"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memcpy(ref, d, sizeof d);
        ptxcpu_status st = ptxcpu_exec(bad[i].mn, &bt);
        check(st == bad[i].st && has(ptxcpu_last_error(), bad[i].sub) && !memcmp(d, ref, sizeof d),
              "ptxcpu_exec(%s): status %d '%s', want %d mentioning '%s'",
              bad[i].mn ? bad[i].mn : "NULL", (int)st, ptxcpu_last_error(), (int)bad[i].st, bad[i].sub);
    }
    check(ptxcpu_exec("add.u32", NULL) == PTXCPU_E_NULL, "ptxcpu_exec(batch NULL) must be PTXCPU_E_NULL");
}

/* ---- threads: per-thread errors and shared kernels -------------------------------------------- */
static void *thread_fail(void *arg)
{
    ptxcpu_insn insn;
    ptxcpu_status st = ptxcpu_parse("brev.u32", NULL, &insn);
    *(int *)arg = st == PTXCPU_E_PARSE && has(ptxcpu_last_error(), "brev.u32");
    return NULL;
}

static void test_threads(void)
{
    ptxcpu_insn insn;
    ptxcpu_parse("mul.wide.u64", NULL, &insn);
    char mine[512];
    snprintf(mine, sizeof mine, "%s", ptxcpu_last_error());
    int ok = 0;
    pthread_t t;
    if (pthread_create(&t, NULL, thread_fail, &ok) == 0) {
        pthread_join(t, NULL);
        check(ok, "the failing thread did not see its own message");
        check(!strcmp(mine, ptxcpu_last_error()), "another thread's failure changed this thread's "
              "message: '%s' -> '%s'", mine, ptxcpu_last_error());
    }
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    list_isas();
    test_names();
    test_isa_api();
    test_cpu_model();
    for (int u = 0; u < n_usable; u++)
        test_errors(usable_isas[u]);
    test_env_isa(argc > 1 ? argv[1] : NULL);
    test_exec();
    test_threads();
    test_spots();
    test_batches();
    test_prepared();
    test_predicates();
    printf("api: %u passed, %u failed\n", api_passed, api_failed);
    return api_failed != 0;
}
