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
#define AVX2_TABLE ptx_kernels_avx2
#else
#define AVX2_TABLE NULL
#endif
#if PTXCPU_HAVE_AVX512
PTX_HIDDEN extern const struct ptxcpu_kernel_entry ptx_kernels_avx512[PTX_NKERNELS];
#define AVX512_TABLE ptx_kernels_avx512
#else
#define AVX512_TABLE NULL
#endif
#if PTXCPU_HAVE_NEON
PTX_HIDDEN extern const struct ptxcpu_kernel_entry ptx_kernels_neon[PTX_NKERNELS];
#define NEON_TABLE ptx_kernels_neon
#else
#define NEON_TABLE NULL
#endif

static const struct ptxcpu_kernel_entry *table_of(ptxcpu_isa isa)
{
    switch (isa) {
    case PTXCPU_ISA_SCALAR: return ptx_kernels_scalar;
    case PTXCPU_ISA_AVX2: return AVX2_TABLE;
    case PTXCPU_ISA_AVX512: return AVX512_TABLE;
    case PTXCPU_ISA_NEON: return NEON_TABLE;
    default: return NULL;
    }
}

const char *ptxcpu_isa_name(ptxcpu_isa isa)
{
    return (isa >= 0 && isa < PTXCPU_ISA_COUNT) ? isa_names[isa] : "best";
}

ptxcpu_status ptxcpu_isa_from_name(const char *name, ptxcpu_isa *out)
{
    if (!name || !out)
        return ptx_fail(PTXCPU_E_NULL, "ptxcpu_isa_from_name: %s is NULL", name ? "out" : "name");
    for (int i = 0; i < PTXCPU_ISA_COUNT; i++)
        if (!strcmp(name, isa_names[i])) {
            *out = (ptxcpu_isa)i;
            return PTXCPU_OK;
        }
    return ptx_fail(PTXCPU_E_ISA, "unknown ISA '%s'; known: scalar, avx2, avx512, neon", name);
}

int ptxcpu_isa_compiled(ptxcpu_isa isa) { return table_of(isa) != NULL; }
int ptxcpu_isa_usable(ptxcpu_isa isa) { return table_of(isa) && ptx_cpu_has_isa(isa); }

static ptxcpu_status why_unusable(ptxcpu_isa isa)
{
    if (isa < 0 || isa >= PTXCPU_ISA_COUNT)
        return ptx_fail(PTXCPU_E_ISA, "ISA %d does not exist", (int)isa);
    if (!table_of(isa))
        return ptx_fail(PTXCPU_E_ISA, "ISA %s is not compiled into this build of ptxcpu",
                        isa_names[isa]);
    return ptx_fail(PTXCPU_E_ISA, "this CPU cannot run ISA %s (features: %s)", isa_names[isa],
                    ptxcpu_cpu_features());
}

/* The active ISA: chosen once, then changed only by ptxcpu_isa_force (an atomic store). */
static int active = -1;
static ptxcpu_status env_status = PTXCPU_OK;
static char env_error[256];
static pthread_once_t active_once = PTHREAD_ONCE_INIT;

static void choose_active(void)
{
    int best = PTXCPU_ISA_SCALAR;
    for (int i = PTXCPU_ISA_COUNT - 1; i > 0; i--)
        if (ptxcpu_isa_usable((ptxcpu_isa)i)) {
            best = i;
            break;
        }
    const char *env = getenv("PTXCPU_ISA");
    if (env && *env) {
        ptxcpu_isa want;
        ptxcpu_status s = ptxcpu_isa_from_name(env, &want);
        if (!s && !ptxcpu_isa_usable(want))
            s = why_unusable(want);
        if (s) { /* an impossible request is an error on every use, not a fallback */
            env_status = s;
            snprintf(env_error, sizeof env_error, "PTXCPU_ISA=%s: %s", env, ptxcpu_last_error());
            best = -1;
        } else {
            best = want;
        }
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
    if (!ptxcpu_isa_usable(isa))
        return why_unusable(isa);
    __atomic_store_n(&active, (int)isa, __ATOMIC_RELEASE);
    return PTXCPU_OK;
}

ptxcpu_status ptxcpu_resolve(const ptxcpu_insn *insn, ptxcpu_isa isa, ptxcpu_kernel *out)
{
    if (!insn || !out)
        return ptx_fail(PTXCPU_E_NULL, "ptxcpu_resolve: %s is NULL", insn ? "out" : "insn");
    if (insn->op >= PTX_NROWS)
        return ptx_fail(PTXCPU_E_ARG, "ptxcpu_resolve: insn was not made by ptxcpu_parse");
    if (isa == PTXCPU_ISA_BEST) {
        isa = ptxcpu_isa_active();
        if (isa == PTXCPU_ISA_BEST)
            return ptx_fail(env_status, "%s", env_error);
    } else if (!ptxcpu_isa_usable(isa)) {
        return why_unusable(isa);
    }
    *out = &table_of(isa)[ptx_kernel_id(insn->op, insn->sm)];
    return PTXCPU_OK;
}
