/* The AVX-512 vector layer (F+BW+DQ+VL): a chunk is VL = 16 lanes (v16 = 256-bit, v32 = 512-bit,
 * v64 = two 512-bit halves, vm = __mmask16), the same API as avx2/vec.h, in simde. */
#ifndef PTXCPU_AVX512_VEC_H
#define PTXCPU_AVX512_VEC_H

#include <simde/x86/avx512.h>
#include <simde/x86/avx2.h>
#include <simde/x86/f16c.h>
#include <simde/x86/fma.h>
#include <stdint.h>

#include "simd/fenv_x86.h"
#include <string.h>

#if !defined(SIMDE_X86_AVX2_NATIVE) || !defined(SIMDE_X86_FMA_NATIVE) || \
    !defined(SIMDE_X86_F16C_NATIVE)
#error "the AVX-512 layer is built with at least -mavx2 -mfma -mf16c (simde's fallback fmadd is not fused)"
#endif
#if defined(SIMDE_X86_AVX512F_NATIVE) && defined(SIMDE_X86_AVX512BW_NATIVE) && \
    defined(SIMDE_X86_AVX512DQ_NATIVE) && defined(SIMDE_X86_AVX512VL_NATIVE)
#define PTX512_NATIVE 1 /* else simde emulates AVX-512 on AVX2 (the differential test's build) */
#else
#define PTX512_NATIVE 0
#endif

#define VL 16
#ifndef VINL
#define VINL static inline __attribute__((always_inline))
#endif

typedef simde__m256i v16;                  /* VL x u16 */
typedef simde__m512i v32;                  /* VL x u32 */
typedef struct { v32 lo, hi; } v64;        /* VL x u64: lanes 0..7 in lo, 8..15 in hi */
typedef simde__mmask16 vm;                 /* bit i = lane i */

/* ---- what simde 0.7.4 lacks: native intrinsic when compiled for AVX-512, else two halves ---- */
VINL simde__m256i lo256_(v32 a) { return simde_mm512_castsi512_si256(a); }
VINL simde__m256i hi256_(v32 a) { return simde_mm512_extracti64x4_epi64(a, 1); }
VINL v32 join256_(simde__m256i lo, simde__m256i hi)
{
    return simde_mm512_inserti64x4(simde_mm512_castsi256_si512(lo), hi, 1);
}
#if PTX512_NATIVE
#define x512_srai_epi32(a, n) _mm512_srai_epi32((a), (n))
VINL v32 x512_srav_epi32(v32 a, v32 n) { return _mm512_srav_epi32(a, n); }
VINL v32 x512_cvtepu32_epi64(simde__m256i a) { return _mm512_cvtepu32_epi64(a); }
VINL v32 x512_cvtepi32_epi64(simde__m256i a) { return _mm512_cvtepi32_epi64(a); }
VINL v32 x512_cvtepu16_epi32(simde__m256i a) { return _mm512_cvtepu16_epi32(a); }
VINL v32 x512_cvtepi16_epi32(simde__m256i a) { return _mm512_cvtepi16_epi32(a); }
VINL simde__m256i x512_cvtepi32_epi16(v32 a) { return _mm512_cvtepi32_epi16(a); }
VINL simde__m512 x512_cvtph_ps(simde__m256i a) { return _mm512_cvtph_ps(a); }
VINL simde__m256i x512_cvtps_ph_rn(simde__m512 a)
{
    return _mm512_cvtps_ph(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
}
VINL vm x256_movepi16_mask(simde__m256i a) { return _mm256_movepi16_mask(a); }
VINL simde__m512d x512_cvtepi32_pd(simde__m256i a) { return _mm512_cvtepi32_pd(a); }
VINL simde__m256i x512_cvtpd_epi32(simde__m512d a) { return _mm512_cvtpd_epi32(a); }
VINL simde__m512d x512_trunc_pd(simde__m512d a)
{
    return _mm512_roundscale_pd(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
}
VINL simde__m512d x512_cvtps_pd(simde__m256i a) { return _mm512_cvtps_pd(_mm256_castsi256_ps(a)); }
VINL simde__m256i x512_cvtpd_ps(simde__m512d a) { return _mm256_castps_si256(_mm512_cvtpd_ps(a)); }
VINL void x256_mask_storeu_epi16(uint16_t *p, vm k, simde__m256i v) { _mm256_mask_storeu_epi16(p, k, v); }
VINL void x512_mask_storeu_epi32(uint32_t *p, vm k, v32 v) { _mm512_mask_storeu_epi32(p, k, v); }
VINL void x512_mask_storeu_epi64(uint64_t *p, simde__mmask8 k, v32 v) { _mm512_mask_storeu_epi64(p, k, v); }
#else
#define x512_srai_epi32(a, n) join256_(simde_mm256_srai_epi32(lo256_(a), (n)), simde_mm256_srai_epi32(hi256_(a), (n)))
VINL v32 x512_srav_epi32(v32 a, v32 n)
{
    return join256_(simde_mm256_srav_epi32(lo256_(a), lo256_(n)),
                    simde_mm256_srav_epi32(hi256_(a), hi256_(n)));
}
#define X512_WIDEN_(NAME, CVT)                                                                   \
    VINL v32 NAME(simde__m256i a)                                                              \
    {                                                                                          \
        return join256_(CVT(simde_mm256_castsi256_si128(a)),                                   \
                        CVT(simde_mm256_extracti128_si256(a, 1)));                             \
    }
X512_WIDEN_(x512_cvtepu32_epi64, simde_mm256_cvtepu32_epi64)
X512_WIDEN_(x512_cvtepi32_epi64, simde_mm256_cvtepi32_epi64)
X512_WIDEN_(x512_cvtepu16_epi32, simde_mm256_cvtepu16_epi32)
X512_WIDEN_(x512_cvtepi16_epi32, simde_mm256_cvtepi16_epi32)
VINL simde__m128i x256_cvtepi32_epi16_(simde__m256i a)
{
    simde__m256i t = simde_mm256_and_si256(a, simde_mm256_set1_epi32(0xffff));
    t = simde_mm256_packus_epi32(t, t);
    return simde_mm256_castsi256_si128(simde_mm256_permute4x64_epi64(t, 0x08));
}
VINL simde__m256i x512_cvtepi32_epi16(v32 a)
{
    return simde_mm256_set_m128i(x256_cvtepi32_epi16_(hi256_(a)), x256_cvtepi32_epi16_(lo256_(a)));
}
VINL simde__m512 x512_cvtph_ps(simde__m256i a)
{
    return simde_mm512_castsi512_ps(
        join256_(simde_mm256_castps_si256(simde_mm256_cvtph_ps(simde_mm256_castsi256_si128(a))),
                 simde_mm256_castps_si256(simde_mm256_cvtph_ps(simde_mm256_extracti128_si256(a, 1)))));
}
VINL simde__m256i x512_cvtps_ph_rn(simde__m512 a)
{
    v32 i = simde_mm512_castps_si512(a);
    return simde_mm256_set_m128i(simde_mm256_cvtps_ph(simde_mm256_castsi256_ps(hi256_(i)), 0),
                                 simde_mm256_cvtps_ph(simde_mm256_castsi256_ps(lo256_(i)), 0));
}
VINL vm x256_movepi16_mask(simde__m256i a) /* sign bit of each 16-bit lane */
{
    uint32_t b = (uint32_t)simde_mm256_movemask_epi8(simde_mm256_packs_epi16(a, simde_mm256_setzero_si256()));
    return (vm)((b & 0xff) | ((b >> 8) & 0xff00));
}
VINL simde__m512d x512_cvtepi32_pd(simde__m256i a)
{
    return simde_mm512_castsi512_pd(join256_(
        simde_mm256_castpd_si256(simde_mm256_cvtepi32_pd(simde_mm256_castsi256_si128(a))),
        simde_mm256_castpd_si256(simde_mm256_cvtepi32_pd(simde_mm256_extracti128_si256(a, 1)))));
}
VINL simde__m256i x512_cvtpd_epi32(simde__m512d a)
{
    v32 i = simde_mm512_castpd_si512(a);
    return simde_mm256_set_m128i(simde_mm256_cvtpd_epi32(simde_mm256_castsi256_pd(hi256_(i))),
                                 simde_mm256_cvtpd_epi32(simde_mm256_castsi256_pd(lo256_(i))));
}
VINL simde__m512d x512_cvtps_pd(simde__m256i a)
{
    return simde_mm512_castsi512_pd(join256_(
        simde_mm256_castpd_si256(simde_mm256_cvtps_pd(simde_mm_castsi128_ps(simde_mm256_castsi256_si128(a)))),
        simde_mm256_castpd_si256(simde_mm256_cvtps_pd(simde_mm_castsi128_ps(simde_mm256_extracti128_si256(a, 1))))));
}
VINL simde__m256i x512_cvtpd_ps(simde__m512d a)
{
    v32 i = simde_mm512_castpd_si512(a);
    return simde_mm256_set_m128i(simde_mm_castps_si128(simde_mm256_cvtpd_ps(simde_mm256_castsi256_pd(hi256_(i)))),
                                 simde_mm_castps_si128(simde_mm256_cvtpd_ps(simde_mm256_castsi256_pd(lo256_(i)))));
}
VINL simde__m512d x512_trunc_pd(simde__m512d a) /* simde's roundscale ignores the mode here */
{
    v32 i = simde_mm512_castpd_si512(a);
#define X512_TRUNC_ (SIMDE_MM_FROUND_TO_ZERO | SIMDE_MM_FROUND_NO_EXC)
    return simde_mm512_castsi512_pd(
        join256_(simde_mm256_castpd_si256(simde_mm256_round_pd(simde_mm256_castsi256_pd(lo256_(i)), X512_TRUNC_)),
                 simde_mm256_castpd_si256(simde_mm256_round_pd(simde_mm256_castsi256_pd(hi256_(i)), X512_TRUNC_))));
}
/* Lane by lane: emulation only, for testing the layer's logic. */
#define X512_MASK_STORE_(NAME, T, K, V, N)                                                       \
    VINL void NAME(T *p, K k, V v)                                                             \
    {                                                                                          \
        T t[N];                                                                                \
        memcpy(t, &v, sizeof t);                                                               \
        for (unsigned i = 0; i < (N); i++)                                                     \
            if ((k >> i) & 1)                                                                  \
                p[i] = t[i];                                                                   \
    }
X512_MASK_STORE_(x256_mask_storeu_epi16, uint16_t, vm, simde__m256i, 16)
X512_MASK_STORE_(x512_mask_storeu_epi32, uint32_t, vm, v32, 16)
X512_MASK_STORE_(x512_mask_storeu_epi64, uint64_t, simde__mmask8, v32, 8)
#endif

/* ---- loads, stores (the guarded store never touches a lane whose bit is 0) ------------------ */
VINL v16 v16_load(const uint16_t *p) { return simde_mm256_loadu_si256((const void *)p); }
VINL v32 v32_load(const uint32_t *p) { return simde_mm512_loadu_si512((const void *)p); }
VINL v64 v64_load(const uint64_t *p)
{
    return (v64){simde_mm512_loadu_si512((const void *)p), simde_mm512_loadu_si512((const void *)(p + 8))};
}
VINL void v16_store(uint16_t *p, v16 v) { simde_mm256_storeu_si256((void *)p, v); }
VINL void v32_store(uint32_t *p, v32 v) { simde_mm512_storeu_si512((void *)p, v); }
VINL void v64_store(uint64_t *p, v64 v)
{
    simde_mm512_storeu_si512((void *)p, v.lo);
    simde_mm512_storeu_si512((void *)(p + 8), v.hi);
}
VINL void v16_store_guard(uint16_t *p, v16 v, uint32_t bits)
{
    if ((bits & 0xffff) == 0xffff)
        v16_store(p, v);
    else if (bits & 0xffff)
        x256_mask_storeu_epi16(p, (vm)bits, v);
}
VINL void v32_store_guard(uint32_t *p, v32 v, uint32_t bits)
{
    if ((bits & 0xffff) == 0xffff)
        v32_store(p, v);
    else if (bits & 0xffff)
        x512_mask_storeu_epi32(p, (vm)bits, v);
}
VINL void v64_store_guard(uint64_t *p, v64 v, uint32_t bits)
{
    if ((bits & 0xffff) == 0xffff) {
        v64_store(p, v);
    } else {
        if (bits & 0xff)
            x512_mask_storeu_epi64(p, (simde__mmask8)bits, v.lo);
        if (bits & 0xff00)
            x512_mask_storeu_epi64(p + 8, (simde__mmask8)(bits >> 8), v.hi);
    }
}

/* ---- constants, lane masks ------------------------------------------------------------------ */
VINL v16 v16_set1(uint16_t x) { return simde_mm256_set1_epi16((int16_t)x); }
VINL v32 v32_set1(uint32_t x) { return simde_mm512_set1_epi32((int32_t)x); }
VINL v64 v64_set1(uint64_t x)
{
    v32 t = simde_mm512_set1_epi64((int64_t)x);
    return (v64){t, t};
}
VINL v32 v32_zero(void) { return simde_mm512_setzero_si512(); }
VINL vm vm_from_bits(uint32_t bits) { return (vm)bits; }
VINL uint32_t vm_to_bits(vm m) { return m; }
VINL vm vm_and(vm a, vm b) { return (vm)(a & b); }
VINL vm vm_or(vm a, vm b) { return (vm)(a | b); }
VINL vm vm_xor(vm a, vm b) { return (vm)(a ^ b); }
VINL vm vm_andnot(vm a, vm b) { return (vm)(~a & b); }
VINL vm vm_not(vm a) { return (vm)~a; }
VINL vm vm_none(void) { return 0; }
VINL int vm_any(vm a) { return a != 0; }

/* ---- v16 ------------------------------------------------------------------------------------ */
VINL v16 v16_add(v16 a, v16 b) { return simde_mm256_add_epi16(a, b); }
VINL v16 v16_sub(v16 a, v16 b) { return simde_mm256_sub_epi16(a, b); }
VINL v16 v16_mullo(v16 a, v16 b) { return simde_mm256_mullo_epi16(a, b); }
VINL v16 v16_mulhi_u(v16 a, v16 b) { return simde_mm256_mulhi_epu16(a, b); }
VINL v16 v16_mulhi_s(v16 a, v16 b) { return simde_mm256_mulhi_epi16(a, b); }
VINL v16 v16_and(v16 a, v16 b) { return simde_mm256_and_si256(a, b); }
VINL v16 v16_or(v16 a, v16 b) { return simde_mm256_or_si256(a, b); }
VINL v16 v16_xor(v16 a, v16 b) { return simde_mm256_xor_si256(a, b); }
VINL v16 v16_min_u(v16 a, v16 b) { return simde_mm256_min_epu16(a, b); }
VINL v16 v16_max_u(v16 a, v16 b) { return simde_mm256_max_epu16(a, b); }
VINL v16 v16_min_s(v16 a, v16 b) { return simde_mm256_min_epi16(a, b); }
VINL v16 v16_max_s(v16 a, v16 b) { return simde_mm256_max_epi16(a, b); }
VINL v16 v16_abs_s(v16 a) { return simde_mm256_abs_epi16(a); }
#define v16_slli(a, n) simde_mm256_slli_epi16((a), (n))
#define v16_srli(a, n) simde_mm256_srli_epi16((a), (n))
#define v16_srai(a, n) simde_mm256_srai_epi16((a), (n))
VINL vm v16_cmpeq(v16 a, v16 b) { return x256_movepi16_mask(simde_mm256_cmpeq_epi16(a, b)); }
VINL vm v16_cmpgt_s(v16 a, v16 b) { return x256_movepi16_mask(simde_mm256_cmpgt_epi16(a, b)); }
VINL v16 v16_sel(vm m, v16 a, v16 b) { return simde_mm256_mask_blend_epi16(m, b, a); }

/* ---- v32 ------------------------------------------------------------------------------------ */
VINL v32 v32_add(v32 a, v32 b) { return simde_mm512_add_epi32(a, b); }
VINL v32 v32_sub(v32 a, v32 b) { return simde_mm512_sub_epi32(a, b); }
VINL v32 v32_mullo(v32 a, v32 b) { return simde_mm512_mullo_epi32(a, b); }
VINL v32 v32_and(v32 a, v32 b) { return simde_mm512_and_si512(a, b); }
VINL v32 v32_or(v32 a, v32 b) { return simde_mm512_or_si512(a, b); }
VINL v32 v32_xor(v32 a, v32 b) { return simde_mm512_xor_si512(a, b); }
VINL v32 v32_andnot(v32 a, v32 b) { return simde_mm512_andnot_si512(a, b); } /* ~a & b */
VINL v32 v32_not(v32 a) { return simde_mm512_xor_si512(a, simde_mm512_set1_epi32(-1)); }
#define v32_slli(a, n) simde_mm512_slli_epi32((a), (n))
#define v32_srli(a, n) simde_mm512_srli_epi32((a), (n))
#define v32_srai(a, n) x512_srai_epi32((a), (n))
VINL v32 v32_sllv(v32 a, v32 n) { return simde_mm512_sllv_epi32(a, n); }
VINL v32 v32_srlv(v32 a, v32 n) { return simde_mm512_srlv_epi32(a, n); }
VINL v32 v32_srav(v32 a, v32 n) { return x512_srav_epi32(a, n); }
VINL v32 v32_min_u(v32 a, v32 b) { return simde_mm512_min_epu32(a, b); }
VINL v32 v32_max_u(v32 a, v32 b) { return simde_mm512_max_epu32(a, b); }
VINL v32 v32_min_s(v32 a, v32 b) { return simde_mm512_min_epi32(a, b); }
VINL v32 v32_max_s(v32 a, v32 b) { return simde_mm512_max_epi32(a, b); }
VINL v32 v32_abs_s(v32 a) { return simde_mm512_abs_epi32(a); }
VINL vm v32_cmpeq(v32 a, v32 b) { return simde_mm512_cmpeq_epi32_mask(a, b); }
VINL vm v32_cmpgt_s(v32 a, v32 b) { return simde_mm512_cmpgt_epi32_mask(a, b); }
VINL vm v32_cmplt_s(v32 a, v32 b) { return simde_mm512_cmpgt_epi32_mask(b, a); }
VINL vm v32_cmpgt_u(v32 a, v32 b) { return (vm)~simde_mm512_cmple_epu32_mask(a, b); }
VINL vm v32_cmplt_u(v32 a, v32 b) { return (vm)~simde_mm512_cmpge_epu32_mask(a, b); }
VINL v32 v32_sel(vm m, v32 a, v32 b) { return simde_mm512_mask_blend_epi32(m, b, a); }
VINL v32 v32_add16(v32 a, v32 b) { return simde_mm512_add_epi16(a, b); }
VINL v32 v32_sub16(v32 a, v32 b) { return simde_mm512_sub_epi16(a, b); }
VINL v32 v32_min16_u(v32 a, v32 b) { return simde_mm512_min_epu16(a, b); }
VINL v32 v32_max16_u(v32 a, v32 b) { return simde_mm512_max_epu16(a, b); }
VINL v32 v32_min16_s(v32 a, v32 b) { return simde_mm512_min_epi16(a, b); }
VINL v32 v32_max16_s(v32 a, v32 b) { return simde_mm512_max_epi16(a, b); }
#define v32_slli16(a, n) simde_mm512_slli_epi16((a), (n))
#define v32_srli16(a, n) simde_mm512_srli_epi16((a), (n))
#define v32_srai16(a, n) simde_mm512_srai_epi16((a), (n))
VINL v32 v32_madd16(v32 a, v32 b) { return simde_mm512_madd_epi16(a, b); }
VINL v32 v32_shuffle8(v32 a, v32 idx) { return simde_mm512_shuffle_epi8(a, idx); }
VINL v32 v32_bcast16b(const uint8_t pat[16])
{
    return simde_mm512_broadcast_i32x4(simde_mm_loadu_si128((const void *)pat));
}
VINL v32 v32_mulhi_u(v32 a, v32 b)
{
    v32 ev = simde_mm512_srli_epi64(simde_mm512_mul_epu32(a, b), 32);
    v32 od = simde_mm512_mul_epu32(simde_mm512_srli_epi64(a, 32), simde_mm512_srli_epi64(b, 32));
    return simde_mm512_mask_blend_epi32(0xaaaa, ev, od);
}
VINL v32 v32_mulhi_s(v32 a, v32 b)
{
    v32 ev = simde_mm512_srli_epi64(simde_mm512_mul_epi32(a, b), 32);
    v32 od = simde_mm512_mul_epi32(simde_mm512_srli_epi64(a, 32), simde_mm512_srli_epi64(b, 32));
    return simde_mm512_mask_blend_epi32(0xaaaa, ev, od);
}
VINL v32 v32_popc8(v32 a)
{
    static const uint8_t lut[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    const v32 t = v32_bcast16b(lut), m = simde_mm512_set1_epi8(0x0f);
    v32 lo = simde_mm512_and_si512(a, m), hi = simde_mm512_and_si512(simde_mm512_srli_epi16(a, 4), m);
    return simde_mm512_add_epi8(simde_mm512_shuffle_epi8(t, lo), simde_mm512_shuffle_epi8(t, hi));
}
VINL v32 v32_sum8x8(v32 a) { return simde_mm512_sad_epu8(a, simde_mm512_setzero_si512()); }

/* ---- v64 ------------------------------------------------------------------------------------ */
#define V64_MAP2(a, b, F) ((v64){F((a).lo, (b).lo), F((a).hi, (b).hi)})
VINL v64 v64_add(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm512_add_epi64); }
VINL v64 v64_sub(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm512_sub_epi64); }
VINL v64 v64_and(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm512_and_si512); }
VINL v64 v64_or(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm512_or_si512); }
VINL v64 v64_xor(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm512_xor_si512); }
VINL v64 v64_andnot(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm512_andnot_si512); }
VINL v64 v64_not(v64 a) { return v64_xor(a, v64_set1(~0ull)); }
VINL v64 v64_sllv(v64 a, v64 n) { return V64_MAP2(a, n, simde_mm512_sllv_epi64); }
VINL v64 v64_srlv(v64 a, v64 n) { return V64_MAP2(a, n, simde_mm512_srlv_epi64); }
#define v64_slli(a, n) ((v64){simde_mm512_slli_epi64((a).lo, (n)), simde_mm512_slli_epi64((a).hi, (n))})
#define v64_srli(a, n) ((v64){simde_mm512_srli_epi64((a).lo, (n)), simde_mm512_srli_epi64((a).hi, (n))})
VINL v64 v64_mul32_u(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm512_mul_epu32); }
VINL v64 v64_mul32_s(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm512_mul_epi32); }
#define V64_CMP_(a, b, F) ((vm)((unsigned)F((a).lo, (b).lo) | ((unsigned)F((a).hi, (b).hi) << 8)))
VINL vm v64_cmpeq(v64 a, v64 b) { return V64_CMP_(a, b, simde_mm512_cmpeq_epi64_mask); }
VINL vm v64_cmpgt_s(v64 a, v64 b) { return V64_CMP_(a, b, simde_mm512_cmpgt_epi64_mask); }
VINL vm v64_cmpgt_u(v64 a, v64 b) { return (vm)~V64_CMP_(a, b, simde_mm512_cmple_epu64_mask); }
VINL v64 v64_sel(vm m, v64 a, v64 b)
{
    return (v64){simde_mm512_mask_blend_epi64((simde__mmask8)m, b.lo, a.lo),
                 simde_mm512_mask_blend_epi64((simde__mmask8)(m >> 8), b.hi, a.hi)};
}

/* ---- width changes -------------------------------------------------------------------------- */
VINL v32 v32_from16_u(v16 a) { return x512_cvtepu16_epi32(a); }
VINL v32 v32_from16_s(v16 a) { return x512_cvtepi16_epi32(a); }
VINL v16 v16_from32(v32 a) { return x512_cvtepi32_epi16(a); }
VINL v64 v64_from32_u(v32 a) { return (v64){x512_cvtepu32_epi64(lo256_(a)), x512_cvtepu32_epi64(hi256_(a))}; }
VINL v64 v64_from32_s(v32 a) { return (v64){x512_cvtepi32_epi64(lo256_(a)), x512_cvtepi32_epi64(hi256_(a))}; }
VINL v32 v32_from64(v64 a)
{
    return join256_(simde_mm512_cvtepi64_epi32(a.lo), simde_mm512_cvtepi64_epi32(a.hi));
}
VINL v32 v32_from64_hi(v64 a) { return v32_from64(v64_srli(a, 32)); }
VINL void v32_split16(v32 a, v16 *lo, v16 *hi)
{
    *lo = lo256_(a);
    *hi = hi256_(a);
}
VINL v32 v32_join16(v16 lo, v16 hi) { return join256_(lo, hi); }

/* trunc(a / b) of 32-bit lanes, b != 0, exact through f64 (see avx2/vec.h). */
VINL simde__m256i divq8_(simde__m256i a, simde__m256i b, int sgn)
{
    const simde__m256i flip = simde_mm256_set1_epi32(sgn ? 0 : INT32_MIN);
    const simde__m512d off = simde_mm512_set1_pd(sgn ? 0.0 : 2147483648.0);
    simde__m512d ad = simde_mm512_add_pd(x512_cvtepi32_pd(simde_mm256_xor_si256(a, flip)), off);
    simde__m512d bd = simde_mm512_add_pd(x512_cvtepi32_pd(simde_mm256_xor_si256(b, flip)), off);
    simde__m512d q = x512_trunc_pd(simde_mm512_div_pd(ad, bd));
    return simde_mm256_xor_si256(x512_cvtpd_epi32(simde_mm512_sub_pd(q, off)), flip);
}
VINL v32 v32_divq(v32 a, v32 b, int sgn)
{
    return join256_(divq8_(lo256_(a), lo256_(b), sgn), divq8_(hi256_(a), hi256_(b), sgn));
}

/* ---- floating point (rounding from MXCSR, set by the kernel) -------------------------------- */
#define F32_(x) simde_mm512_castsi512_ps(x)
#define I32_(x) simde_mm512_castps_si512(x)
#define F64_(x) simde_mm512_castsi512_pd(x)
#define I64_(x) simde_mm512_castpd_si512(x)
/* NaN lanes of f32 bits: one unordered compare into a mask register */
#define VEC_HAS_ISNAN_F32 1
VINL vm v32_isnan_f32(v32 a) { return simde_mm512_cmp_ps_mask(F32_(a), F32_(a), SIMDE_CMP_UNORD_Q); }
VINL v32 v32_fadd_f32(v32 a, v32 b) { return I32_(simde_mm512_add_ps(F32_(a), F32_(b))); }
VINL v32 v32_fsub_f32(v32 a, v32 b) { return I32_(simde_mm512_sub_ps(F32_(a), F32_(b))); }
VINL v32 v32_fma_f32(v32 a, v32 b, v32 c)
{
    return I32_(simde_mm512_fmadd_ps(F32_(a), F32_(b), F32_(c)));
}
VINL v32 v32_fmax_f32(v32 a, v32 b) { return I32_(simde_mm512_max_ps(F32_(a), F32_(b))); }
VINL v32 v32_fmin_f32(v32 a, v32 b) { return I32_(simde_mm512_min_ps(F32_(a), F32_(b))); }
#define V64F2_(a, b, F) ((v64){I64_(F(F64_((a).lo), F64_((b).lo))), I64_(F(F64_((a).hi), F64_((b).hi)))})
VINL v64 v64_fsub_f64(v64 a, v64 b) { return V64F2_(a, b, simde_mm512_sub_pd); }
VINL v64 v64_fadd_f64(v64 a, v64 b) { return V64F2_(a, b, simde_mm512_add_pd); }
VINL v64 v64_fmul_f64(v64 a, v64 b) { return V64F2_(a, b, simde_mm512_mul_pd); }
VINL v64 v64_fdiv_f64(v64 a, v64 b) { return V64F2_(a, b, simde_mm512_div_pd); }
#if PTX512_NATIVE /* DQ converts u64 <-> f64 (by MXCSR; truncating back); emulated: int_ops.h's */
#define VEC_HAS_CVT_U64_F64 1
VINL v64 v64_cvt_f64_u64(v64 a) { return (v64){I64_(_mm512_cvtepu64_pd(a.lo)), I64_(_mm512_cvtepu64_pd(a.hi))}; }
VINL v64 v64_cvtt_u64_f64(v64 x) { return (v64){_mm512_cvttpd_epu64(F64_(x.lo)), _mm512_cvttpd_epu64(F64_(x.hi))}; }
#endif
/* f32 <-> f64: widening is exact, narrowing rounds by MXCSR */
VINL v64 v64_from_f32(v32 a) { return (v64){I64_(x512_cvtps_pd(lo256_(a))), I64_(x512_cvtps_pd(hi256_(a)))}; }
VINL v32 v32_from_f64(v64 a) { return join256_(x512_cvtpd_ps(F64_(a.lo)), x512_cvtpd_ps(F64_(a.hi))); }
VINL v64 v64_fma_f64(v64 a, v64 b, v64 c)
{
    return (v64){I64_(simde_mm512_fmadd_pd(F64_(a.lo), F64_(b.lo), F64_(c.lo))),
                 I64_(simde_mm512_fmadd_pd(F64_(a.hi), F64_(b.hi), F64_(c.hi)))};
}
VINL v32 v32_from_f16(v16 a) { return I32_(x512_cvtph_ps(a)); }
VINL v16 v16_to_f16_rn(v32 a) { return x512_cvtps_ph_rn(F32_(a)); }


/* ---- ISA extensions (PTX_EXTENSIONS in internal.h): each extension's table is this layer built
 * again with the extension's flags and macro, so these primitives exist only in those TUs. ---- */
#if PTX_EXT_VNNI
#define VEC_HAS_DPBUSD 1 /* int_ops.h rebases the other signedness pairs onto it */
#define VEC_HAS_MADD16_ACC 1
VINL v32 v32_dpbusd(v32 c, v32 u8, v32 s8) { return simde_mm512_dpbusd_epi32(c, u8, s8); }
VINL v32 v32_madd16_acc(v32 c, v32 a, v32 b) { return simde_mm512_dpwssd_epi32(c, a, b); }
#endif
#if PTX_EXT_CD && PTX512_NATIVE
/* AVX-512 CD: vplzcntd / vplzcntq (simde 0.7.4 has only the 128-bit form; emulated, the table
 * keeps int_ops.h's smear-and-count clz). */
#define VEC_HAS_CLZ 1
VINL v32 v32_clz(v32 a) { return _mm512_lzcnt_epi32(a); }
VINL v32 v64_clz(v64 a) { return v32_from64((v64){_mm512_lzcnt_epi64(a.lo), _mm512_lzcnt_epi64(a.hi)}); }
#endif
#if PTX_EXT_VPOPCNTDQ
#define VEC_HAS_POPC 1
VINL v32 v32_popc(v32 a) { return simde_mm512_popcnt_epi32(a); }
VINL v32 v64_popc(v64 a)
{
    return v32_from64((v64){simde_mm512_popcnt_epi64(a.lo), simde_mm512_popcnt_epi64(a.hi)});
}
#endif
#if PTX_EXT_GFNI
#include <simde/x86/gfni.h>
#define VEC_HAS_REVBITS8 1
/* gf2p8affineqb with the anti-diagonal matrix: result bit i of a byte = its bit 7 - i. */
VINL v32 v32_revbits8(v32 a)
{
    return simde_mm512_gf2p8affine_epi64_epi8(a, simde_mm512_set1_epi64(0x8040201008040201ll), 0);
}
#endif

#endif
