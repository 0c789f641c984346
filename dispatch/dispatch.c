/* The dispatcher: one immutable kernel table per ISA, the active ISA chosen once (best usable, or
 * PTXCPU_ISA from the environment), forcing by API; never a silent fallback. */
#include "cpu_features.h"
#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const isa_names[PTXCPU_ISA_COUNT] = {"scalar", "avx2", "avx512", "neon"};

/* Kernel tables compiled into this build (meson defines PTXCPU_HAVE_<ISA> for each ISA whose
 * sources it builds); NULL where an ISA is not compiled in. */
#if PTXCPU_HAVE_AVX2
PTX_HIDDEN extern const struct ptxcpu_kernel_entry ptx_kernels_avx2[PTX_NKERNELS];
PTX_HIDDEN extern const struct ptxcpu_kernel_entry ptx_kernels_avx2_lut[PTX_LUT_ROWS][256];
#define AVX2_TABLE ptx_kernels_avx2
#define AVX2_LUT ptx_kernels_avx2_lut
#else
#define AVX2_TABLE NULL
#define AVX2_LUT NULL
#endif
#if PTXCPU_HAVE_AVX512
PTX_HIDDEN extern const struct ptxcpu_kernel_entry ptx_kernels_avx512[PTX_NKERNELS];
PTX_HIDDEN extern const struct ptxcpu_kernel_entry ptx_kernels_avx512_lut[PTX_LUT_ROWS][256];
#define AVX512_TABLE ptx_kernels_avx512
#define AVX512_LUT ptx_kernels_avx512_lut
#else
#define AVX512_TABLE NULL
#define AVX512_LUT NULL
#endif
#if PTXCPU_HAVE_NEON
PTX_HIDDEN extern const struct ptxcpu_kernel_entry ptx_kernels_neon[PTX_NKERNELS];
PTX_HIDDEN extern const struct ptxcpu_kernel_entry ptx_kernels_neon_lut[PTX_LUT_ROWS][256];
#define NEON_TABLE ptx_kernels_neon
#define NEON_LUT ptx_kernels_neon_lut
#else
#define NEON_TABLE NULL
#define NEON_LUT NULL
#endif

/* Extension tables compiled into this build (PTXCPU_HAVE_EXT_<ID>); see PTX_EXTENSIONS. */
#define EXT_DECL(ID, ...) PTX_HIDDEN extern const struct ptxcpu_kernel_entry ptx_kernels_ext_##ID[PTX_NKERNELS] __attribute__((weak));
PTX_EXTENSIONS(EXT_DECL)
#undef EXT_DECL
static const struct {
    const char *name;
    ptxcpu_isa base;
    const struct ptxcpu_kernel_entry *table;
} extensions[PTX_EXT_COUNT] = {
#define EXT_ROW(ID, NAME, BASE, ...) [PTX_EXT_##ID] = {NAME, PTXCPU_ISA_##BASE, ptx_kernels_ext_##ID},
    PTX_EXTENSIONS(EXT_ROW)
#undef EXT_ROW
};

static const struct ptxcpu_kernel_entry *base_table(ptxcpu_isa isa)
{
    switch (isa) {
    case PTXCPU_ISA_SCALAR: return ptx_kernels_scalar;
    case PTXCPU_ISA_AVX2: return AVX2_TABLE;
    case PTXCPU_ISA_AVX512: return AVX512_TABLE;
    case PTXCPU_ISA_NEON: return NEON_TABLE;
    default: return NULL;
    }
}

/* An ISA's entries of the instructions resolved with an immediate (lop3's: by immLut) */
PTX_HIDDEN extern const struct ptxcpu_kernel_entry ptx_kernels_scalar_lut[PTX_LUT_ROWS][256];
static const struct ptxcpu_kernel_entry (*lut_table(ptxcpu_isa isa))[256]
{
    switch (isa) {
    case PTXCPU_ISA_SCALAR: return ptx_kernels_scalar_lut;
    case PTXCPU_ISA_AVX2: return AVX2_LUT;
    case PTXCPU_ISA_AVX512: return AVX512_LUT;
    case PTXCPU_ISA_NEON: return NEON_LUT;
    default: return NULL;
    }
}

/* Whether `name` (n characters) is item of the comma-separated list. */
static int in_list(const char *list, const char *name, size_t len)
{
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        if (n == len && !strncmp(p, name, n))
            return 1;
        p += n + (p[n] == ',');
    }
    return 0;
}

/* Whether extension e is used: compiled in, on this CPU, and not excluded by PTXCPU_EXT (unset:
 * every extension; "none" or empty: none; else a comma-separated list of names such as
 * "vnni,gfni"; a name this library does not know makes every resolve fail, see choose_active). */
static int ext_wanted(int e)
{
    if (!extensions[e].table || !ptx_cpu_has_ext(e))
        return 0;
    const char *env = getenv("PTXCPU_EXT");
    return !env || in_list(env, extensions[e].name, strlen(extensions[e].name));
}

/* The first item of PTXCPU_EXT that names no extension of any ISA (and is not "none"), as an
 * error message in msg; 0 if there is none. A known name the CPU lacks is fine: the list limits
 * what is used, it does not ask for it. */
static int ext_env_unknown(const char *env, char *msg, size_t len)
{
    for (const char *p = env; *p;) {
        size_t n = strcspn(p, ","), known = n == 0 || (n == 4 && !strncmp(p, "none", 4));
        for (int e = 1; e < PTX_EXT_COUNT && !known; e++)
            known = strlen(extensions[e].name) == n && !strncmp(p, extensions[e].name, n);
        if (!known) {
            char names[128] = "";
            for (int e = 1; e < PTX_EXT_COUNT; e++) {
                size_t k = strlen(names);
                if (!in_list(names, extensions[e].name, strlen(extensions[e].name)))
                    snprintf(names + k, sizeof names - k, "%s%s", k ? "," : "",
                             extensions[e].name);
            }
            snprintf(msg, len, "PTXCPU_EXT=%.64s%s: unknown extension '%.*s'; known: %s or none",
                     env, strlen(env) > 64 ? "..." : "", (int)(n > 32 ? 32 : n), p, names);
            return 1;
        }
        p += n + (p[n] == ',');
    }
    return 0;
}

/* Each ISA's working table: its base table with the wanted extensions laid over it, built once. */
static struct ptxcpu_kernel_entry merged[PTXCPU_ISA_COUNT][PTX_NKERNELS];
static char ext_names[PTXCPU_ISA_COUNT][64];
static char variant_names[PTX_EXT_COUNT][32]; /* "avx512+vnni" */
static pthread_once_t merged_once = PTHREAD_ONCE_INIT;

static void build_merged(void)
{
    for (int e = 1; e < PTX_EXT_COUNT; e++)
        snprintf(variant_names[e], sizeof variant_names[e], "%s+%s",
                 ptxcpu_isa_name(extensions[e].base), extensions[e].name);
    for (int isa = 0; isa < PTXCPU_ISA_COUNT; isa++) {
        const struct ptxcpu_kernel_entry *base = base_table((ptxcpu_isa)isa);
        if (!base)
            continue;
        memcpy(merged[isa], base, sizeof merged[isa]);
        if (!ptx_cpu_has_isa((ptxcpu_isa)isa))
            continue;
        for (int e = 1; e < PTX_EXT_COUNT; e++) {
            if (extensions[e].base != (ptxcpu_isa)isa || !ext_wanted(e))
                continue;
            for (unsigned k = 0; k < PTX_NKERNELS; k++)
                if (extensions[e].table[k].fn)
                    merged[isa][k] = extensions[e].table[k];
            size_t n = strlen(ext_names[isa]);
            snprintf(ext_names[isa] + n, sizeof ext_names[isa] - n, "%s%s", n ? "," : "",
                     extensions[e].name);
        }
    }
}

static const struct ptxcpu_kernel_entry *table_of(ptxcpu_isa isa)
{
    if (!base_table(isa))
        return NULL;
    pthread_once(&merged_once, build_merged);
    return merged[isa];
}

const char *ptxcpu_isa_extensions(ptxcpu_isa isa)
{
    if (isa == PTXCPU_ISA_BEST)
        isa = ptxcpu_isa_active();
    if (isa < 0 || isa >= PTXCPU_ISA_COUNT || !table_of(isa))
        return "";
    return ext_names[isa];
}

const char *ptxcpu_kernel_variant(ptxcpu_kernel k)
{
    if (!k)
        return "(null)";
    if (!k->ext || k->ext >= PTX_EXT_COUNT)
        return ptxcpu_isa_name((ptxcpu_isa)k->isa);
    pthread_once(&merged_once, build_merged);
    return variant_names[k->ext];
}

const char *ptxcpu_isa_name(ptxcpu_isa isa)
{
    return (isa >= 0 && isa < PTXCPU_ISA_COUNT) ? isa_names[isa]
           : isa == PTXCPU_ISA_BEST                ? "best"
                                                   : "unknown";
}

/* The reasons below are written into the caller's buffer, so that ptx_fail reports them and
 * choose_active keeps them for later calls without going through this thread's message. */
#define REASON_LEN 512 /* as ptxcpu_last_error's: a reason is cut where the message would be */

/* 0 and *out = the ISA called name; or 1 and why no ISA is, in msg. */
static int unknown_isa(const char *name, ptxcpu_isa *out, char *msg, size_t len)
{
    for (int i = 0; i < PTXCPU_ISA_COUNT; i++)
        if (!strcmp(name, isa_names[i])) {
            *out = (ptxcpu_isa)i;
            return 0;
        }
    snprintf(msg, len, "unknown ISA '%s'; known: scalar, avx2, avx512, neon", name);
    return 1;
}

ptxcpu_status ptxcpu_isa_from_name(const char *name, ptxcpu_isa *out)
{
    if (!name || !out)
        return ptx_fail(PTXCPU_E_NULL, "ptxcpu_isa_from_name: %s is NULL", name ? "out" : "name");
    char why[REASON_LEN];
    return unknown_isa(name, out, why, sizeof why) ? ptx_fail(PTXCPU_E_ISA, "%s", why) : PTXCPU_OK;
}

int ptxcpu_isa_compiled(ptxcpu_isa isa) { return table_of(isa) != NULL; }
int ptxcpu_isa_usable(ptxcpu_isa isa) { return table_of(isa) && ptx_cpu_has_isa(isa); }

/* 0 if this process can run isa; else 1 and why not, in msg. */
static int unusable(ptxcpu_isa isa, char *msg, size_t len)
{
    if (isa < 0 || isa >= PTXCPU_ISA_COUNT)
        snprintf(msg, len, "ISA %d does not exist", (int)isa);
    else if (!table_of(isa))
        snprintf(msg, len, "ISA %s is not compiled into this build of ptxcpu", isa_names[isa]);
    else if (!ptx_cpu_has_isa(isa))
        snprintf(msg, len, "this CPU cannot run ISA %s (features: %s)", isa_names[isa],
                 ptxcpu_cpu_features());
    else
        return 0;
    return 1;
}

/* For an isa that ptxcpu_isa_usable refused. */
static ptxcpu_status why_unusable(ptxcpu_isa isa)
{
    char why[REASON_LEN];
    unusable(isa, why, sizeof why);
    return ptx_fail(PTXCPU_E_ISA, "%s", why);
}

/* The active ISA: chosen once, then changed only by ptxcpu_isa_force (an atomic store); -1 when
 * the environment asks for what cannot be (env_error says what, PTXCPU_E_ISA on every use). */
static int active = -1;
static char env_error[256], ext_error[256];
static pthread_once_t active_once = PTHREAD_ONCE_INIT;

static void choose_active(void)
{
    int best = PTXCPU_ISA_SCALAR;
    for (int i = PTXCPU_ISA_COUNT - 1; i > 0; i--)
        if (ptxcpu_isa_usable((ptxcpu_isa)i)) {
            best = i;
            break;
        }
    const char *env = getenv("PTXCPU_ISA"), *ext = getenv("PTXCPU_EXT");
    if (env && *env) {
        ptxcpu_isa want;
        char why[REASON_LEN];
        if (unknown_isa(env, &want, why, sizeof why) || unusable(want, why, sizeof why)) {
            /* an impossible request is an error on every use, not a fallback */
            snprintf(env_error, sizeof env_error, "PTXCPU_ISA=%s: ", env);
            strncat(env_error, why, sizeof env_error - strlen(env_error) - 1); /* cut to fit */
            best = -1;
        } else {
            best = want;
        }
    }
    /* An extension name nobody knows is a typo: every table is built from the list, so every
     * resolve fails with it (ext_error) rather than run without the extension meant. */
    if (ext && ext_env_unknown(ext, ext_error, sizeof ext_error) && best >= 0) {
        snprintf(env_error, sizeof env_error, "%s", ext_error);
        best = -1;
    }
    __atomic_store_n(&active, best, __ATOMIC_RELEASE);
}

ptxcpu_isa ptxcpu_isa_active(void)
{
    pthread_once(&active_once, choose_active);
    int a = __atomic_load_n(&active, __ATOMIC_ACQUIRE);
    return a < 0 ? PTXCPU_ISA_BEST : (ptxcpu_isa)a;
}

ptxcpu_status ptxcpu_isa_force(ptxcpu_isa isa)
{
    pthread_once(&active_once, choose_active);
    if (*ext_error)
        return ptx_fail(PTXCPU_E_ISA, "%s", ext_error);
    if (isa == PTXCPU_ISA_BEST)
        return ptx_fail(PTXCPU_E_ISA, "ptxcpu_isa_force: PTXCPU_ISA_BEST names no ISA; force one "
                        "of scalar, avx2, avx512, neon");
    if (!ptxcpu_isa_usable(isa))
        return why_unusable(isa);
    __atomic_store_n(&active, (int)isa, __ATOMIC_RELEASE);
    return PTXCPU_OK;
}

/* Whether row op is one of the SLEEF families (sin, cos, lg2, ex2, tanh .approx) on an x86-64 CPU
 * without FMA: SLEEF's deterministic scalar functions exist only as `purecfma` builds, which
 * would fault there (every ISA above scalar requires FMA anyway). Refused, never trapped. */
static int needs_missing_fma(unsigned op)
{
#if defined(__x86_64__) || defined(__i386__)
    static const uint8_t sleef[PTX_NSEMS] = { /* (ops.def's PTX_FAMILY lines) */
#define PTX_FAMILY(SEM, FPU, SLEEF, ...) [SEM_##SEM] = SLEEF,
#include "ops.def"
#undef PTX_FAMILY
    };
    return sleef[ptx_rows[op].sem] && !ptx_cpu_get()->fma;
#else
    (void)op;
    return 0;
#endif
}

/* The checks every resolve makes: insn and out, the ISA (PTXCPU_ISA_BEST: the active one, into
 * *isa), the SLEEF families' FMA. */
static ptxcpu_status resolve_checks(const char *fn, const ptxcpu_insn *insn, ptxcpu_isa *isa,
                                    const ptxcpu_kernel *out)
{
    if (!insn || !out)
        return ptx_fail(PTXCPU_E_NULL, "%s: %s is NULL", fn, insn ? "out" : "insn");
    if (insn->op >= PTX_NROWS)
        return ptx_fail(PTXCPU_E_ARG, "%s: insn was not made by ptxcpu_parse", fn);
    if (*isa == PTXCPU_ISA_BEST) {
        *isa = ptxcpu_isa_active();
        if (*isa == PTXCPU_ISA_BEST)
            return ptx_fail(PTXCPU_E_ISA, "%s", env_error);
    } else if (pthread_once(&active_once, choose_active), *ext_error) {
        return ptx_fail(PTXCPU_E_ISA, "%s", ext_error);
    } else if (!ptxcpu_isa_usable(*isa)) {
        return why_unusable(*isa);
    }
    if (needs_missing_fma(insn->op))
        return ptx_fail(PTXCPU_E_ISA, "%s: computed with SLEEF's deterministic functions, whose "
                        "x86-64 builds use FMA instructions, and this CPU has no FMA",
                        ptx_rows[insn->op].mnem);
    return PTXCPU_OK;
}

ptxcpu_status ptxcpu_resolve(const ptxcpu_insn *insn, ptxcpu_isa isa, ptxcpu_kernel *out)
{
    ptxcpu_status s = resolve_checks("ptxcpu_resolve", insn, &isa, out);
    if (s)
        return s;
    if (ptx_row_imm_bits(insn->op))
        return ptx_fail(PTXCPU_E_ARG, "ptxcpu_resolve: %s takes its %u-bit immLut as part of the "
                        "instruction: resolve it with ptxcpu_resolve_imm", ptx_rows[insn->op].mnem,
                        ptx_row_imm_bits(insn->op));
    *out = &table_of(isa)[ptx_kernel_id(insn->op, insn->sm)];
    return PTXCPU_OK;
}

unsigned ptxcpu_insn_imm_bits(const ptxcpu_insn *insn)
{
    return insn && insn->op < PTX_NROWS ? ptx_row_imm_bits(insn->op) : 0;
}

ptxcpu_status ptxcpu_resolve_imm(const ptxcpu_insn *insn, ptxcpu_isa isa, uint64_t imm,
                                 ptxcpu_kernel *out)
{
    ptxcpu_status s = resolve_checks("ptxcpu_resolve_imm", insn, &isa, out);
    if (s)
        return s;
    unsigned bits = ptx_row_imm_bits(insn->op);
    if (!bits)
        return ptx_fail(PTXCPU_E_ARG, "ptxcpu_resolve_imm: %s has no immediate that selects its "
                        "operation: resolve it with ptxcpu_resolve", ptx_rows[insn->op].mnem);
    if (imm >> bits)
        return ptx_fail(PTXCPU_E_RANGE, "ptxcpu_resolve_imm: %s: immLut 0x%llx does not fit %u "
                        "bits (0 to 0x%x)", ptx_rows[insn->op].mnem, (unsigned long long)imm,
                        bits, (1u << bits) - 1);
    *out = &lut_table(isa)[insn->op - PTX_LUT_ROW0][imm];
    return PTXCPU_OK;
}
