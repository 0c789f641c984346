/* Peak measurement driver: calibrates each raw loop to ~20 ms, times `reps` runs, keeps medians. */
#include "peak.h"
#include "ptxcpu.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

double bench_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

#if defined(__x86_64__)
static int has_feature(const char *name)
{
    const char *f = ptxcpu_cpu_features();
    size_t n = strlen(name);
    for (const char *p = strstr(f, name); p; p = strstr(p + 1, name))
        if ((p == f || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
            return 1;
    return 0;
}
#endif

/* Scalar a*b+c with 8 independent chains (fp-contract is off: a multiply and an add). */
static double peak_fma_scalar(uint64_t iters)
{
    float acc[8];
    volatile float mv = 0.999999f, cv = 1e-7f;
    float m = mv, c = cv;
    for (int i = 0; i < 8; i++)
        acc[i] = (float)i;
    for (uint64_t n = 0; n < iters; n++)
        for (int i = 0; i < 8; i++)
            acc[i] = acc[i] * m + c;
    volatile float sink = acc[0] + acc[7];
    (void)sink;
    return (double)iters * 8;
}

typedef double (*raw_fn)(uint64_t iters, void *arg);
#if defined(__x86_64__)
static void *stream_buf;
static double run_fma_ymm(uint64_t n, void *a) { (void)a; return peak_fma_ymm(n); }
static double run_dot_ymm(uint64_t n, void *a) { (void)a; return peak_dot_ymm(n); }
static double run_stream(uint64_t n, void *a) { return peak_stream_ymm(n, a); }
static double run_fma_zmm(uint64_t n, void *a) { (void)a; return peak_fma_zmm(n); }
static double run_dot_zmm(uint64_t n, void *a) { (void)a; return peak_dot_zmm(n); }
#endif
static double run_fma_scalar(uint64_t n, void *a) { (void)a; return peak_fma_scalar(n); }

/* Work per second of fn: the median over reps of runs calibrated to ~20 ms each. */
static double rate(raw_fn fn, void *arg, int reps)
{
    uint64_t iters = 1000;
    for (;;) { /* calibrate */
        double t0 = bench_now();
        fn(iters, arg);
        double dt = bench_now() - t0;
        if (dt > 0.02 || iters > (1ull << 40))
            break;
        iters *= dt > 0.002 ? (uint64_t)(0.02 / dt) + 1 : 10;
    }
    double r[64];
    if (reps > 64)
        reps = 64;
    for (int i = 0; i < reps; i++) {
        double t0 = bench_now();
        double work = fn(iters, arg);
        r[i] = work / (bench_now() - t0);
    }
    return bench_median(r, reps);
}

void peaks_measure(peaks *p, int reps)
{
    memset(p, 0, sizeof *p);
    p->threads = 1;
    p->fma_f32_scalar = rate(run_fma_scalar, NULL, reps);
#if defined(__x86_64__)
    if (has_feature("avx2") && has_feature("fma") && has_feature("ymm-state")) {
        p->fma_f32_ymm = rate(run_fma_ymm, NULL, reps);
        p->dot_i8_ymm = rate(run_dot_ymm, NULL, reps);
        if (!stream_buf)
            stream_buf = aligned_alloc(64, 3 * 4096);
        if (stream_buf) {
            memset(stream_buf, 1, 3 * 4096);
            p->stream_l1 = rate(run_stream, stream_buf, reps);
        }
    }
    if (has_feature("avx512f") && has_feature("zmm-state"))
        p->fma_f32_zmm = rate(run_fma_zmm, NULL, reps);
    if (has_feature("avx512f") && has_feature("avx512vnni") && has_feature("zmm-state"))
        p->dot_i8_zmm = rate(run_dot_zmm, NULL, reps);
#endif
}

double peak_best_fma(const peaks *p)
{
    return p->fma_f32_zmm > 0 ? p->fma_f32_zmm : p->fma_f32_ymm > 0 ? p->fma_f32_ymm
                                                                    : p->fma_f32_scalar;
}
double peak_best_dot(const peaks *p)
{
    return p->dot_i8_zmm > p->dot_i8_ymm ? p->dot_i8_zmm : p->dot_i8_ymm;
}
