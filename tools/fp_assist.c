/* What x86 microcode assists cost the float rows: 8-lane vmulps and vdivps over 8192 operands of
 * one kind (one lane in eight of the kind, the rest normal), ns per 32 lanes (a warp), minimum of
 * 300 passes, with MXCSR as the kernels run (FTZ/DAZ off) and with FTZ/DAZ on (not usable: it
 * changes results), plus the bench's mixed-bit operands and their f64 detour (widen, operate,
 * narrow: exact for mul, double rounding harmless for div). Not built by meson:
 *   gcc -O2 -mavx2 -mfma -std=c11 tools/fp_assist.c -o /tmp/fp_assist && /tmp/fp_assist
 * docs/PERFORMANCE.md has the Xeon's figures. */
#define _GNU_SOURCE
#include <simde/x86/avx2.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

enum { N = 8192 };
static float A[N], B[N], D[N];

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}
static float from_bits(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* the f64 detour: both halves widened, the op in f64, narrowed by MXCSR's mode */
static inline simde__m256 via_f64(simde__m256 a, simde__m256 b, int div)
{
    simde__m256d al = simde_mm256_cvtps_pd(simde_mm256_castps256_ps128(a));
    simde__m256d ah = simde_mm256_cvtps_pd(simde_mm256_extractf128_ps(a, 1));
    simde__m256d bl = simde_mm256_cvtps_pd(simde_mm256_castps256_ps128(b));
    simde__m256d bh = simde_mm256_cvtps_pd(simde_mm256_extractf128_ps(b, 1));
    simde__m256d rl = div ? simde_mm256_div_pd(al, bl) : simde_mm256_mul_pd(al, bl);
    simde__m256d rh = div ? simde_mm256_div_pd(ah, bh) : simde_mm256_mul_pd(ah, bh);
    return simde_mm256_set_m128(simde_mm256_cvtpd_ps(rh), simde_mm256_cvtpd_ps(rl));
}

/* One pass over the operands with EXPR(a, b) per vector, timed: ns per warp, best of 300. */
#define TIMED(NAME, EXPR)                                                                          \
    static double NAME(void)                                                                       \
    {                                                                                              \
        double best = 1e9;                                                                         \
        for (int r = 0; r < 300; r++) {                                                            \
            double t0 = now();                                                                     \
            for (int i = 0; i < N; i += 8) {                                                       \
                simde__m256 a = simde_mm256_loadu_ps(A + i), b = simde_mm256_loadu_ps(B + i);      \
                simde_mm256_storeu_ps(D + i, EXPR);                                                \
            }                                                                                      \
            double dt = now() - t0;                                                                \
            best = dt < best ? dt : best;                                                          \
        }                                                                                          \
        return best / (N / 32) * 1e9;                                                              \
    }
TIMED(mul8, simde_mm256_mul_ps(a, b))
TIMED(div8, simde_mm256_div_ps(a, b))
TIMED(mul8_f64, via_f64(a, b, 0))
TIMED(div8_f64, via_f64(a, b, 1))

static void row(const char *what, double (*mul)(void), double (*div)(void))
{
    unsigned csr = simde_mm_getcsr();
    double m = mul(), d = div();
    simde_mm_setcsr(csr | 0x8040); /* FTZ | DAZ */
    double mf = mul(), df = div();
    simde_mm_setcsr(csr);
    printf("%-34s mul %7.2f (ftz/daz %6.2f)   div %7.2f (ftz/daz %6.2f)\n", what, m, mf, d, df);
}

/* operands: lane i % 8 == 0 of kind k (a's exponent ea, b's eb), the others in [1, 2) x [2, 4) */
static void fill_kind(unsigned ea, unsigned eb)
{
    for (uint32_t i = 0; i < N; i++) {
        uint32_t h = i * 2654435761u, ma = (h >> 9) | 1, mb = (h >> 12) | 1;
        int odd = i % 8 != 0;
        A[i] = from_bits((odd ? 127u : ea) << 23 | ma);
        B[i] = from_bits((odd ? 128u : eb) << 23 | mb);
    }
}

int main(void)
{
    static const struct {
        const char *what;
        unsigned ea, eb;
    } kinds[] = {
        {"normal", 127, 128},
        {"2^-97, 2^-37 (product subnormal)", 30, 90},
        {"subnormal a, normal result", 0, 250},
        {"subnormal a, subnormal quotient", 0, 128},
        {"result underflows to 0", 10, 10},
        {"overflow", 200, 200},
    };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        fill_kind(kinds[k].ea, kinds[k].eb);
        row(kinds[k].what, mul8, div8);
    }
    /* the bench's operands (bench/bench.c, workload_mix): bytes of j * 2654435761 >> (8 + i) */
    for (int j = 0; j < N * 4; j++) {
        ((unsigned char *)A)[j] = (unsigned char)(j * 2654435761u >> 8);
        ((unsigned char *)B)[j] = (unsigned char)(j * 2654435761u >> 9);
    }
    row("the bench's mixed bits", mul8, div8);
    row("the bench's mixed bits, f64 detour", mul8_f64, div8_f64);
    return 0;
}
