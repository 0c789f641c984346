/* Scalar reference of sin, cos, lg2, ex2, tanh .approx (9.7.3.18-22) and half tanh, ex2
 * (9.7.4.9-10): SLEEF's deterministic single-lane functions (Sleef_finz_*f1_*purecfma), whose bits
 * equal those of SLEEF's deterministic AVX2, AVX-512 and AdvSIMD functions the SIMD tables call. */
#ifndef PTXCPU_SCALAR_FLOAT_APPROX_H
#define PTXCPU_SCALAR_FLOAT_APPROX_H

#include "softfloat.h"

#include <string.h>

/* The single-lane functions: sleef.h declares them only under FP_FAST_FMA (<math.h>'s, set by
 * -mfma); the library has them whatever the TU's flags, so the header is read with it defined
 * (as <math.h> defines it: the same definition is no conflict). */
#ifndef FP_FAST_FMA
#define FP_FAST_FMA 1
#define PTXCPU_UNDEF_FP_FAST_FMA_
#endif
#include <sleef.h>
#ifdef PTXCPU_UNDEF_FP_FAST_FMA_
#undef FP_FAST_FMA
#undef PTXCPU_UNDEF_FP_FAST_FMA_
#endif

/* SLEEF computes in the FPU's mode: round to nearest, no flushing, no trap enabled, whatever the
 * caller set. The guard costs one read of the control register when it already is so (the SIMD
 * kernels set it per batch; only the scalar kernels reach here in the caller's mode). Its own
 * names: a TU may hold another ISA's (emulated) environment hook. */
#if defined(__x86_64__) || defined(__i386__)
typedef uint32_t approx_fenv; /* the caller's MXCSR, or UINT32_MAX: left as it was */
static inline approx_fenv approx_fenv_enter(void)
{
    uint32_t old, want;
    __asm__ __volatile__("stmxcsr %0" : "=m"(old));
    want = 0x1f80u | (old & 0x3f); /* RN, every exception masked, FTZ = DAZ = 0 */
    if (old == want)
        return UINT32_MAX;
    __asm__ __volatile__("ldmxcsr %0" : : "m"(want) : "memory");
    return old;
}
static inline void approx_fenv_leave(approx_fenv old)
{
    if (old != UINT32_MAX)
        __asm__ __volatile__("ldmxcsr %0" : : "m"(old) : "memory");
}
#elif defined(__aarch64__)
typedef uint64_t approx_fenv;
static inline approx_fenv approx_fenv_enter(void)
{
    uint64_t old;
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(old) : : "memory");
    if (old) /* FPCR 0: RN, FZ = FZ16 = 0, DN = AH = 0, no trap enabled */
        __asm__ __volatile__("msr fpcr, %0" : : "r"((uint64_t)0) : "memory");
    return old;
}
static inline void approx_fenv_leave(approx_fenv old)
{
    if (old)
        __asm__ __volatile__("msr fpcr, %0" : : "r"(old) : "memory");
}
#else
#include <fenv.h>
typedef int approx_fenv;
static inline approx_fenv approx_fenv_enter(void)
{
    int old = fegetround();
    if (old != FE_TONEAREST)
        fesetround(FE_TONEAREST);
    return old;
}
static inline void approx_fenv_leave(approx_fenv old)
{
    if (old != FE_TONEAREST)
        fesetround(old);
}
#endif

/* Which function, and its SLEEF variant: u35 (3.5 ulp) where it meets the spec's bound (sin, cos:
 * absolute error; tanh: relative 2^-11), u10 where the bound is about an ulp (lg2: relative 2^-22;
 * ex2: 2 ulp from the correctly rounded result). README.md has the measured maxima. */
enum { APPROX_SIN, APPROX_COS, APPROX_LG2, APPROX_EX2, APPROX_TANH };

static inline uint32_t approx_sleef_f32(int fn, uint32_t a)
{
    float x, r;
    memcpy(&x, &a, 4);
    approx_fenv env = approx_fenv_enter();
    switch (fn) {
    case APPROX_SIN: r = Sleef_finz_sinf1_u35purecfma(x); break;
    case APPROX_COS: r = Sleef_finz_cosf1_u35purecfma(x); break;
    case APPROX_LG2: r = Sleef_finz_log2f1_u10purecfma(x); break;
    case APPROX_EX2: r = Sleef_finz_exp2f1_u10purecfma(x); break;
    default: r = Sleef_finz_tanhf1_u35purecfma(x); break;
    }
    approx_fenv_leave(env);
    uint32_t d;
    memcpy(&d, &r, 4);
    return d;
}

static inline uint32_t approx_f32_flush(uint32_t x)
{
    return (x & 0x7f800000) ? x : (x & 0x80000000u);
}

/* One f32 element: .ftz flushes the input and the result to a zero of their sign; every NaN
 * result is the canonical 0x7fffffff (docs/SEMANTICS.md). SLEEF's special values are the spec's
 * tables (sin/cos of +-Inf NaN, lg2 of +-0 -Inf and of a negative NaN, ex2 of -Inf +0, tanh of
 * +-Inf +-1), checked by tests/approx. */
static inline uint32_t approx_f32(int fn, unsigned m, uint32_t a)
{
    if (m & M_FTZ)
        a = approx_f32_flush(a);
    uint32_t r = approx_sleef_f32(fn, a);
    if (m & M_FTZ)
        r = approx_f32_flush(r);
    return (r & 0x7fffffff) > 0x7f800000 ? 0x7fffffff : r;
}

/* One f16 / bf16 element: widened exactly to f32, the f32 function, rounded once to nearest even
 * into the half format (bf16 .ftz: the input flushed first, a subnormal bf16 result flushed after
 * the rounding); NaN results are the canonical 0x7fff. */
static inline uint64_t approx_half(int fn, sf_fmt f, unsigned m, uint64_t h)
{
    int bf = f.ebits == 8;
    if (bf && (m & M_FTZ) && !(h & 0x7f80))
        h &= 0x8000;
    sf_val v = sf_decode(f, h, 0);
    uint32_t x;
    if (v.cls == SF_NAN)
        return sf_nan(f);
    if (v.cls == SF_INF || v.cls == SF_ZERO) {
        x = (uint32_t)(v.sign ? 0x80000000u : 0) | (v.cls == SF_INF ? 0x7f800000u : 0);
    } else { /* every f16 / bf16 number is an f32 number (bf16 subnormals f32 subnormals) */
        int top = v.exp + 63 - __builtin_clzll(v.sig);
        uint32_t s = v.sign ? 0x80000000u : 0;
        if (top < -126) /* in units of 2^-149 */
            x = s | (uint32_t)(v.sig << (v.exp + 149));
        else
            x = s | (uint32_t)(top + 127) << 23 |
                (uint32_t)((v.sig << (23 - (top - v.exp))) & 0x7fffff);
    }
    uint32_t r = approx_sleef_f32(fn, x);
    sf_val y = sf_decode(SF_F32, r, 0);
    uint64_t d;
    switch (y.cls) {
    case SF_NAN: return sf_nan(f);
    case SF_INF: d = sf_inf(f, y.sign); break;
    case SF_ZERO: d = sf_zero(f, y.sign); break;
    default: d = sf_round(f, y.sign, (sf_u128)y.sig, y.exp, RND_RN, 0); break;
    }
    if ((m & M_FTZ) && !(d & sf_expmask(f)))
        d &= sf_signbit(f);
    return d;
}

static inline uint64_t approx_lane(int fn, int ty, unsigned m, uint64_t a)
{
    switch (ty) {
    case TY_F16: case TY_BF16:
        return approx_half(fn, fmt_of(ty), m, a);
    case TY_F16X2: case TY_BF16X2:
        return approx_half(fn, fmt_of(ty), m, a & 0xffff) |
               approx_half(fn, fmt_of(ty), m, a >> 16) << 16;
    default:
        return approx_f32(fn, m, (uint32_t)a);
    }
}

#define APPROX_LANE_FN(SEM, FN)                                                                  \
    static inline uint64_t ptx_lane_##SEM(int ty, int ty2, unsigned m, int rnd, uint64_t a,     \
                                          uint64_t b, uint64_t c, uint64_t e, unsigned *cf)     \
    {                                                                                          \
        (void)ty2; (void)rnd; (void)b; (void)c; (void)e; (void)cf;                             \
        return approx_lane(FN, ty, m, a);                                                      \
    }
APPROX_LANE_FN(FSIN, APPROX_SIN)
APPROX_LANE_FN(FCOS, APPROX_COS)
APPROX_LANE_FN(FLG2, APPROX_LG2)
APPROX_LANE_FN(FEX2, APPROX_EX2)
APPROX_LANE_FN(FTANH, APPROX_TANH)

#endif
