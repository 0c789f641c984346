/* sin, cos, lg2, ex2, tanh .approx (9.7.3.18-22) and half tanh, ex2 (9.7.4.9-10) on the vector
 * layer: SLEEF's deterministic vector functions (Sleef_finz_*: AVX2 f8, AVX-512F f16, AdvSIMD f4),
 * which give the bits of the scalar reference's Sleef_finz_*f1_*purecfma on every input; where
 * the ISA is emulated (simde), the scalar SLEEF function lane by lane. Around the call the bit
 * fixups of src/scalar/float_approx.h: .ftz flushing, canonical NaNs, the rounding to halves. The
 * kernels run these rows in round to nearest with FTZ/DAZ off, as SLEEF needs. */
#ifndef PTXCPU_SIMD_FLOAT_APPROX_H
#define PTXCPU_SIMD_FLOAT_APPROX_H

#include "approx_tiny.h"

#if VL == 8 && defined(SIMDE_X86_AVX2_NATIVE) && defined(SIMDE_X86_FMA_NATIVE)
#include <sleef.h>
#define APPROX_CALL(FN, U, x)                                                                    \
    _mm256_castps_si256(Sleef_finz_##FN##f8_##U##avx2(_mm256_castsi256_ps(x)))
#elif VL == 16 && PTX512_NATIVE
#include <sleef.h>
#define APPROX_CALL(FN, U, x)                                                                    \
    _mm512_castps_si512(Sleef_finz_##FN##f16_##U##avx512f(_mm512_castsi512_ps(x)))
#elif VL == 4 && PTXNEON_NATIVE
#include <sleef.h>
#define APPROX_CALL(FN, U, x)                                                                    \
    vreinterpretq_u32_f32(Sleef_finz_##FN##f4_##U##advsimd(vreinterpretq_f32_u32(x)))
#endif

/* The f32 function on every lane (the variants of src/scalar/float_approx.h). */
VINL v32 approx_v32(int fn, v32 x)
{
#ifdef APPROX_CALL
    switch (fn) {
    case APPROX_SIN: return APPROX_CALL(sin, u35, x);
    case APPROX_COS: return APPROX_CALL(cos, u35, x);
    case APPROX_LG2: return APPROX_CALL(log2, u10, x);
    case APPROX_EX2: return APPROX_CALL(exp2, u10, x);
    default: return APPROX_CALL(tanh, u35, x);
    }
#else
    uint32_t l[VL];
    v32_store(l, x);
    for (unsigned i = 0; i < VL; i++)
        l[i] = approx_sleef_f32(fn, l[i]);
    return v32_load(l);
#endif
}

/* On tiny inputs SLEEF returns sinf(x) = x for |x| < 2^-12, tanhf(x) = x for |x| < 2^-25 and
 * cosf(x) = 1 for |x| < 2^-24 (approx_tiny.h; every such input, both signs:
 * tools/sleef_tiny_check.c), but it computes them, and their subnormal intermediates cost a
 * microcode assist per vector on x86 (docs/PERFORMANCE.md, "SLEEF on tiny inputs"): such lanes
 * bypass the call (0 goes in instead). The scalar reference calls SLEEF on every input, so suite
 * simd compares the bypass with SLEEF. */
VINL v32 approx_v32_tiny(int fn, v32 a, uint32_t below, v32 result)
{
    vm tiny = v32_cmplt_u(v32_and(a, v32_set1(0x7fffffff)), v32_set1(below));
    return v32_sel(tiny, result, approx_v32(fn, v32_sel(tiny, v32_zero(), a)));
}
VINL v32 approx_v32_fast(int fn, v32 a)
{
    switch (fn) {
    case APPROX_SIN: return approx_v32_tiny(fn, a, APPROX_TINY_SIN, a);
    case APPROX_TANH: return approx_v32_tiny(fn, a, APPROX_TINY_TANH, a);
    case APPROX_COS: return approx_v32_tiny(fn, a, APPROX_TINY_COS, v32_set1(0x3f800000u));
    default: return approx_v32(fn, a);
    }
}

VINL v32 approx_f32v(int fn, unsigned m, v32 a)
{
    if (m & M_FTZ)
        a = f32_flush(a);
    v32 r = approx_v32_fast(fn, a);
    if (m & M_FTZ)
        r = f32_flush(r);
    return f32_canon(r);
}
/* f16: exact widening, one rounding to nearest even, NaN -> 0x7fff (no .ftz form exists). */
VINL v16 approx_f16v(int fn, v16 a)
{
    v16 d = v16_to_f16_rn(approx_v32_fast(fn, v32_from_f16(a)));
    vm nan = v16_cmpgt_s(v16_and(d, v16_set1(0x7fff)), v16_set1(0x7c00));
    return v16_sel(nan, v16_set1(0x7fff), d);
}
/* bf16 in the low 16 bits of each lane (bf16_round: nearest even, NaN -> 0x7fff); .ftz flushes
 * the input and the rounded result. */
VINL v32 approx_bf16_flush(v32 x)
{
    return v32_sel(v32_cmpeq(v32_and(x, v32_set1(0x7f80)), v32_zero()),
                   v32_and(x, v32_set1(0x8000)), x);
}
VINL v32 approx_bf16v(int fn, unsigned m, v32 a)
{
    if (m & M_FTZ)
        a = approx_bf16_flush(a);
    v32 d = bf16_round(approx_v32_fast(fn, v32_slli(a, 16)));
    return (m & M_FTZ) ? approx_bf16_flush(d) : d;
}

VINL v16 approx_body16(int fn, int ty, unsigned m, v16 a)
{
    if (ty == TY_BF16)
        return v16_from32(approx_bf16v(fn, m, v32_from16_u(a)));
    return approx_f16v(fn, a);
}
VINL v32 approx_body32(int fn, int ty, unsigned m, v32 a)
{
    if (ty == TY_BF16X2) {
        v32 lo = approx_bf16v(fn, m, v32_and(a, v32_set1(0xffff)));
        return v32_or(lo, v32_slli(approx_bf16v(fn, m, v32_srli(a, 16)), 16));
    }
    if (ty == TY_F16X2) {
        v16 lo, hi;
        v32_split16(a, &lo, &hi);
        return v32_join16(approx_f16v(fn, lo), approx_f16v(fn, hi));
    }
    return approx_f32v(fn, m, a);
}

#define APPROX_BODIES(SEM, FN)                                                                   \
    SIMD_BODY(SEM, 32, 32, 0, 0, 0) { return approx_body32(FN, ty, m, a); }                     \
    SIMD_BODY(SEM, 16, 16, 0, 0, 0) { return approx_body16(FN, ty, m, a); }
APPROX_BODIES(FSIN, APPROX_SIN)
APPROX_BODIES(FCOS, APPROX_COS)
APPROX_BODIES(FLG2, APPROX_LG2)
APPROX_BODIES(FEX2, APPROX_EX2)
APPROX_BODIES(FTANH, APPROX_TANH)

#endif
