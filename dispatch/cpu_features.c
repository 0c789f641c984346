/* CPU feature detection, done once; the result is immutable afterwards. */
#include "cpu_features.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
static uint64_t xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}
static void detect(ptx_cpu *c)
{
    unsigned a, b, cx, d;
    if (!__get_cpuid(1, &a, &b, &cx, &d))
        return;
    c->sse42 = (cx >> 20) & 1;
    c->popcnt = (cx >> 23) & 1;
    c->fma = (cx >> 12) & 1;
    c->f16c = (cx >> 29) & 1;
    int osxsave = (cx >> 27) & 1, avx = (cx >> 28) & 1;
    uint64_t xcr0 = osxsave ? xgetbv0() : 0;
    c->ymm_state = (xcr0 & 0x6) == 0x6;            /* XMM + YMM */
    c->zmm_state = c->ymm_state && (xcr0 & 0xe0) == 0xe0; /* opmask, ZMM_Hi256, Hi16_ZMM */
    c->avx = avx && c->ymm_state;
    if (__get_cpuid_count(7, 0, &a, &b, &cx, &d)) {
        c->avx2 = (b >> 5) & 1;
        c->bmi2 = (b >> 8) & 1;
        c->avx512f = (b >> 16) & 1;
        c->avx512cd = (b >> 28) & 1;
        c->avx512dq = (b >> 17) & 1;
        c->avx512ifma = (b >> 21) & 1;
        c->avx512bw = (b >> 30) & 1;
        c->avx512vl = (b >> 31) & 1;
        c->avx512vbmi2 = (cx >> 6) & 1;
        c->gfni = (cx >> 8) & 1;
        c->avx512vnni = (cx >> 11) & 1;
        c->avx512bitalg = (cx >> 12) & 1;
        c->avx512vpopcntdq = (cx >> 14) & 1;
    }
    if (__get_cpuid_count(7, 1, &a, &b, &cx, &d)) {
        c->avxvnni = (a >> 4) & 1;
        c->avx512bf16 = (a >> 5) & 1;
    }
    if (__get_cpuid(0x80000001, &a, &b, &cx, &d))
        c->lzcnt = (cx >> 5) & 1;
}
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD (1 << 1)
#endif
#ifndef HWCAP_FPHP
#define HWCAP_FPHP (1 << 9)
#endif
#ifndef HWCAP_ASIMDHP
#define HWCAP_ASIMDHP (1 << 10)
#endif
#ifndef HWCAP_ASIMDDP
#define HWCAP_ASIMDDP (1 << 20)
#endif
#ifndef HWCAP2_I8MM
#define HWCAP2_I8MM (1 << 13)
#endif
static void detect(ptx_cpu *c)
{
    unsigned long hw = getauxval(AT_HWCAP), hw2 = getauxval(AT_HWCAP2);
    c->asimd = (hw & HWCAP_ASIMD) != 0;
    c->fphp = (hw & HWCAP_FPHP) != 0;
    c->asimdhp = (hw & HWCAP_ASIMDHP) != 0;
    c->asimddp = (hw & HWCAP_ASIMDDP) != 0;
    c->i8mm = (hw2 & HWCAP2_I8MM) != 0;
}
#else
static void detect(ptx_cpu *c) { (void)c; }
#endif

static ptx_cpu cpu;
static pthread_once_t cpu_once = PTHREAD_ONCE_INIT;
static void init_cpu(void) { detect(&cpu); }

const ptx_cpu *ptx_cpu_get(void)
{
    pthread_once(&cpu_once, init_cpu);
    return &cpu;
}

int ptx_cpu_has_isa(ptxcpu_isa isa)
{
    const ptx_cpu *c = ptx_cpu_get();
    switch (isa) {
    case PTXCPU_ISA_SCALAR: return 1;
    case PTXCPU_ISA_AVX2: return c->avx && c->avx2 && c->fma && c->f16c && c->bmi2;
    case PTXCPU_ISA_AVX512:
        return c->avx && c->zmm_state && c->avx512f && c->avx512bw && c->avx512dq && c->avx512vl;
    case PTXCPU_ISA_NEON: return c->asimd;
    default: return 0;
    }
}

int ptx_cpu_has_ext(int ext)
{
    const ptx_cpu *c = ptx_cpu_get();
    switch (ext) {
    case PTX_EXT_AVX512_VNNI: return c->avx512vnni;
    case PTX_EXT_AVX512_VPOPCNTDQ: return c->avx512vpopcntdq;
    case PTX_EXT_AVX512_CD: return c->avx512cd;
    case PTX_EXT_AVX512_GFNI: return c->gfni;
    case PTX_EXT_AVX2_GFNI: return c->gfni; /* VEX-encoded 256-bit forms: GFNI + AVX */
    case PTX_EXT_AVX2_VNNI: return c->avxvnni; /* VEX vpdpbusd/vpdpwssd on ymm */
    case PTX_EXT_NEON_DOTPROD: return c->asimddp;
    default: return 0;
    }
}

static char features[512];
static pthread_once_t features_once = PTHREAD_ONCE_INIT;

static void build_features(void)
{
    const ptx_cpu *c = ptx_cpu_get();
    struct { unsigned on; const char *name; } f[] = {
        {c->sse42, "sse4.2"}, {c->popcnt, "popcnt"}, {c->lzcnt, "lzcnt"}, {c->avx, "avx"},
        {c->avx2, "avx2"}, {c->fma, "fma"}, {c->f16c, "f16c"}, {c->bmi2, "bmi2"},
        {c->ymm_state, "ymm-state"}, {c->zmm_state, "zmm-state"}, {c->avx512f, "avx512f"},
        {c->avx512bw, "avx512bw"}, {c->avx512dq, "avx512dq"}, {c->avx512vl, "avx512vl"},
        {c->avx512vnni, "avx512vnni"}, {c->avx512ifma, "avx512ifma"},
        {c->avx512vbmi2, "avx512vbmi2"}, {c->avx512bitalg, "avx512bitalg"},
        {c->avx512vpopcntdq, "avx512vpopcntdq"}, {c->avx512cd, "avx512cd"}, {c->avx512bf16, "avx512bf16"},
        {c->gfni, "gfni"}, {c->avxvnni, "avxvnni"}, {c->asimd, "asimd"},
        {c->asimddp, "asimddp"}, {c->i8mm, "i8mm"}, {c->fphp, "fphp"}, {c->asimdhp, "asimdhp"},
    };
    size_t n = 0;
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        if (f[i].on && n < sizeof features)
            n += (size_t)snprintf(features + n, sizeof features - n, "%s%s", n ? " " : "",
                                  f[i].name);
    if (!n)
        snprintf(features, sizeof features, "(none detected)");
}

const char *ptxcpu_cpu_features(void)
{
    pthread_once(&features_once, build_features);
    return features;
}

/* The processor's name as its maker gives it: x86's CPUID brand string, elsewhere the first
 * "model name" line of /proc/cpuinfo (aarch64 kernels often have none). Spaces that pad the
 * brand string are dropped. */
static char model[128];
static pthread_once_t model_once = PTHREAD_ONCE_INIT;

#if defined(__x86_64__) || defined(__i386__)
static void read_model(char *out, size_t size)
{
    unsigned r[12], top = __get_cpuid_max(0x80000000, NULL);
    if (top < 0x80000004 || size < sizeof r + 1)
        return;
    for (unsigned i = 0; i < 3; i++)
        __get_cpuid(0x80000002 + i, &r[4 * i], &r[4 * i + 1], &r[4 * i + 2], &r[4 * i + 3]);
    memcpy(out, r, sizeof r);
    out[sizeof r] = 0;
}
#else
static void read_model(char *out, size_t size)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[256];
    while (f && fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (colon && !strncmp(line, "model name", 10)) {
            snprintf(out, size, "%s", colon + 1);
            break;
        }
    }
    if (f)
        fclose(f);
}
#endif

static void build_model(void)
{
    char raw[sizeof model] = "";
    read_model(raw, sizeof raw);
    size_t n = 0; /* copy with runs of blanks made one space, none at either end */
    for (const char *s = raw; *s && n + 1 < sizeof model; s++) {
        int blank = *s == ' ' || *s == '\t' || *s == '\n';
        if (!blank)
            model[n++] = *s;
        else if (n && s[1] && s[1] != ' ' && s[1] != '\t' && s[1] != '\n')
            model[n++] = ' ';
    }
    model[n] = 0;
    if (!n)
        snprintf(model, sizeof model, "(unknown)");
}

const char *ptxcpu_cpu_model(void)
{
    pthread_once(&model_once, build_model);
    return model;
}
