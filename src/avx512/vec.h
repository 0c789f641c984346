/* The AVX-512 vector layer (F+BW+DQ+VL): VL = 16 lanes (v16 = 256-bit, v32 = 512-bit, v64 = two
 * 512-bit halves, vm = __mmask16). What AVX2 shares at its width is in simd/vec_x86.h. */
#ifndef PTXCPU_AVX512_VEC_H
#define PTXCPU_AVX512_VEC_H

#include <simde/x86/avx512.h>
#include <simde/x86/avx2.h>
#include <simde/x86/f16c.h>
#include <simde/x86/fma.h>
#include <stdint.h>
#include <string.h>

#include "simd/vec_contract.h"

#if defined(SIMDE_X86_AVX512F_NATIVE) && defined(SIMDE_X86_AVX512BW_NATIVE) && \
    defined(SIMDE_X86_AVX512DQ_NATIVE) && defined(SIMDE_X86_AVX512VL_NATIVE)
#define PTX512_NATIVE 1 /* else simde emulates AVX-512 on AVX2 (the differential test's build) */
#else
#define PTX512_NATIVE 0
#endif

#define VL 16

typedef simde__m256i v16;                  /* VL x u16 */
typedef simde__m512i v32;                  /* VL x u32 */
typedef struct { v32 lo, hi; } v64;        /* VL x u64: lanes 0..7 in lo, 8..15 in hi */
typedef simde__mmask16 vm;                 /* bit i = lane i */
typedef simde__mmask8 vmh;                 /* bit i = lane i of a v64 half */

/* simd/vec_x86.h's names for this width */
#define X86_V(op) simde_mm512_##op
#define X86_VSI(op) simde_mm512_##op##_si512
#define X86_H(op) simde_mm256_##op
#define X86_HSI(op) simde_mm256_##op##_si256
#define F32_(x) simde_mm512_castsi512_ps(x)
#define I32_(x) simde_mm512_castps_si512(x)
#define F64_(x) simde_mm512_castsi512_pd(x)
#define I64_(x) simde_mm512_castpd_si512(x)

/* ---- what simde 0.7.4 lacks: native intrinsic when compiled for AVX-512, else two halves ---- */
VINL simde__m256i lo256_(v32 a) { return simde_mm512_castsi512_si256(a); }
VINL simde__m256i hi256_(v32 a) { return simde_mm512_extracti64x4_epi64(a, 1); }
VINL v32 join256_(simde__m256i lo, simde__m256i hi)
{
    return simde_mm512_inserti64x4(simde_mm512_castsi256_si512(lo), hi, 1);
}
#if PTX512_NATIVE
#define x512_srai_epi32(a, n) _mm512_srai_epi32((a), (n))
VINL v32 x512_cvtepu32_epi64(simde__m256i a) { return _mm512_cvtepu32_epi64(a); }
VINL v32 x512_cvtepi32_epi64(simde__m256i a) { return _mm512_cvtepi32_epi64(a); }
VINL v32 x512_cvtepu16_epi32(simde__m256i a) { return _mm512_cvtepu16_epi32(a); }
VINL v32 x512_cvtepi16_epi32(simde__m256i a) { return _mm512_cvtepi16_epi32(a); }
VINL simde__m256i x512_cvtepi32_epi16(v32 a) { return _mm512_cvtepi32_epi16(a); }
VINL simde__m256i x512_cvtusepi32_epi16(v32 a) { return _mm512_cvtusepi32_epi16(a); }
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
VINL void x512_mask_storeu_epi16(uint16_t *p, simde__mmask32 k, v32 v) { _mm512_mask_storeu_epi16(p, k, v); }
VINL v32 x512_mulhi_epu16(v32 a, v32 b) { return _mm512_mulhi_epu16(a, b); }
VINL v32 x512_srai63_epi64(v32 a) { return _mm512_srai_epi64(a, 63); }
VINL v32 x512_shuffle_epi32_f5(v32 a) { return _mm512_shuffle_epi32(a, _MM_PERM_DDBB); }
VINL simde__mmask8 x512_cmpgt_epu64_mask(v32 a, v32 b) { return _mm512_cmpgt_epu64_mask(a, b); }
VINL v32 x512_cvtepi32_ps(v32 a) { return _mm512_castps_si512(_mm512_cvtepi32_ps(a)); }
VINL v32 x512_rint_ps(v32 a) /* vrndscaleps in MXCSR's mode */
{
    return _mm512_castps_si512(_mm512_roundscale_ps(_mm512_castsi512_ps(a), _MM_FROUND_CUR_DIRECTION));
}
VINL v32 x512_cvtps_epi32(v32 a) { return _mm512_cvtps_epi32(_mm512_castsi512_ps(a)); }
#else
/* s32 <-> f32 and rounding to integral on two 256-bit halves (simde's emulation of these rounds by
 * the mode; its roundscale does not) */
VINL v32 x512_rint_ps(v32 a)
{
    return join256_(simde_mm256_castps_si256(simde_mm256_round_ps(simde_mm256_castsi256_ps(lo256_(a)), SIMDE_MM_FROUND_CUR_DIRECTION)),
                    simde_mm256_castps_si256(simde_mm256_round_ps(simde_mm256_castsi256_ps(hi256_(a)), SIMDE_MM_FROUND_CUR_DIRECTION)));
}
VINL v32 x512_cvtepi32_ps(v32 a)
{
    return join256_(simde_mm256_castps_si256(simde_mm256_cvtepi32_ps(lo256_(a))),
                    simde_mm256_castps_si256(simde_mm256_cvtepi32_ps(hi256_(a))));
}
VINL v32 x512_cvtps_epi32(v32 a)
{
    return join256_(simde_mm256_cvtps_epi32(simde_mm256_castsi256_ps(lo256_(a))),
                    simde_mm256_cvtps_epi32(simde_mm256_castsi256_ps(hi256_(a))));
}
/* (simde has no vpmovusdw: unsigned lanes clamped to 0xffff, then their low halves) */
#define x512_cvtusepi32_epi16(a) x512_cvtepi32_epi16(simde_mm512_min_epu32((a), simde_mm512_set1_epi32(0xffff)))
#define x512_srai_epi32(a, n) join256_(simde_mm256_srai_epi32(lo256_(a), (n)), simde_mm256_srai_epi32(hi256_(a), (n)))
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
X512_MASK_STORE_(x512_mask_storeu_epi16, uint16_t, simde__mmask32, v32, 32)
VINL v32 x512_mulhi_epu16(v32 a, v32 b)
{
    return join256_(simde_mm256_mulhi_epu16(lo256_(a), lo256_(b)),
                    simde_mm256_mulhi_epu16(hi256_(a), hi256_(b)));
}
VINL v32 x512_srai63_epi64(v32 a) /* 0 - the sign bit */
{
    return simde_mm512_sub_epi64(simde_mm512_setzero_si512(), simde_mm512_srli_epi64(a, 63));
}
VINL simde__mmask8 x512_cmpgt_epu64_mask(v32 a, v32 b)
{
    return (simde__mmask8)~simde_mm512_cmple_epu64_mask(a, b);
}
VINL v32 x512_shuffle_epi32_f5(v32 a)
{
    return join256_(simde_mm256_shuffle_epi32(lo256_(a), 0xf5), simde_mm256_shuffle_epi32(hi256_(a), 0xf5));
}
#endif

/* ---- lane masks: mask registers ------------------------------------------------------------- */
/* Bit i of a warp's word, as a 32- / 64-bit lane i (chunk k's lanes start at k * lanes per chunk):
 * the constants a word is tested against, loaded, where a shifted setr was built lane by lane */
#include "simd/lane_bits.h"
VINL vm vm_from_bits(uint32_t bits) { return (vm)bits; }
VINL uint32_t vm_to_bits(vm m) { return m; }
/* A test of the word, broadcast (once a warp: common to its chunks), against each lane's bit:
 * vptestmd runs at the vector ALUs' rate, where the word moved into a mask register (kmov from a
 * GPR or from memory) is slow on some cores and held the carry readers back (docs/PERFORMANCE.md,
 * "Figures behind design choices in the source") */
VINL vm vm_from_word(uint32_t word, unsigned k)
{
    return simde_mm512_test_epi32_mask(simde_mm512_set1_epi32((int32_t)word),
                                       simde_mm512_loadu_si512(lane_bits32_() + k * VL));
}
VINL vm vm_and(vm a, vm b) { return (vm)(a & b); }
VINL vm vm_or(vm a, vm b) { return (vm)(a | b); }
VINL vm vm_andnot(vm a, vm b) { return (vm)(~a & b); }
VINL vm vm_not(vm a) { return (vm)~a; }
VINL vm vm_xor(vm a, vm b) { return (vm)(a ^ b); }
VINL vm vm_none(void) { return 0; }
VINL int vm_any(vm a) { return a != 0; }
/* A v64 half's lanes are bits 0..7 / 8..15. vm_join64 is a macro: as a function's arguments, gcc
 * would evaluate the halves' compares the other way round and reorder the 64-bit div/rem code. */
VINL vmh vm_half64_lo(vm m) { return (vmh)m; }
VINL vmh vm_half64_hi(vm m) { return (vmh)(m >> 8); }
#define vm_join64(lo, hi) ((vm)((unsigned)(lo) | ((unsigned)(hi) << 8)))

/* ---- compares, selects ---------------------------------------------------------------------- */
VINL v16 v16_eqm(v16 a, v16 b) { return simde_mm256_cmpeq_epi16(a, b); }
VINL v16 v16_gtm_s(v16 a, v16 b) { return simde_mm256_cmpgt_epi16(a, b); }
VINL vm vm_of_m16(v16 m) { return x256_movepi16_mask(m); }
VINL vm v16_cmpeq(v16 a, v16 b) { return vm_of_m16(v16_eqm(a, b)); }
VINL vm v16_cmpgt_s(v16 a, v16 b) { return vm_of_m16(v16_gtm_s(a, b)); }
VINL v16 v16_sel(vm m, v16 a, v16 b) { return simde_mm256_mask_blend_epi16(m, b, a); }
VINL vm v32_cmpeq(v32 a, v32 b) { return simde_mm512_cmpeq_epi32_mask(a, b); }
VINL vm v32_cmpgt_s(v32 a, v32 b) { return simde_mm512_cmpgt_epi32_mask(a, b); }
VINL vm v32_cmplt_s(v32 a, v32 b) { return simde_mm512_cmpgt_epi32_mask(b, a); }
/* (simde 0.7.4 has no cmpgt_epu32_mask / cmplt_epu32_mask: the complements of le / ge) */
VINL vm v32_cmpgt_u(v32 a, v32 b) { return (vm)~simde_mm512_cmple_epu32_mask(a, b); }
VINL vm v32_cmplt_u(v32 a, v32 b) { return (vm)~simde_mm512_cmpge_epu32_mask(a, b); }
VINL v32 v32_sel(vm m, v32 a, v32 b) { return simde_mm512_mask_blend_epi32(m, b, a); }
/* masked vpsubd / vpaddd of all-ones: one instruction, no mask-to-vector move */
VINL v32 v32_inc_where(v32 a, vm m) { return simde_mm512_mask_sub_epi32(a, m, a, simde_mm512_set1_epi32(-1)); }
VINL v32 v32_dec_where(v32 a, vm m) { return simde_mm512_mask_add_epi32(a, m, a, simde_mm512_set1_epi32(-1)); }
/* vptestmd, vpandnd, vpblendmd: a test of the kept lanes needs no mask inversion */
VINL v32 v32_clear_where_none(v32 a, v32 test, v32 bits)
{
    return simde_mm512_mask_blend_epi32(simde_mm512_test_epi32_mask(a, test),
                                        simde_mm512_andnot_si512(bits, a), a);
}
VINL vmh h64_cmpeq(v32 a, v32 b) { return simde_mm512_cmpeq_epi64_mask(a, b); }
VINL vmh h64_cmpgt_s(v32 a, v32 b) { return simde_mm512_cmpgt_epi64_mask(a, b); }
VINL v32 h64_sel(vmh m, v32 a, v32 b) { return simde_mm512_mask_blend_epi64(m, b, a); }
/* simde 0.7.4 has no cmpgt_epu64_mask either: the complement of the whole <= mask (one per half,
 * through vec_pair64.h, changes the code gcc makes of the carry chains and min/max) */
VINL vm v64_cmpgt_u(v64 a, v64 b)
{
    return (vm)~((unsigned)simde_mm512_cmple_epu64_mask(a.lo, b.lo) |
                 ((unsigned)simde_mm512_cmple_epu64_mask(a.hi, b.hi) << 8));
}

/* ---- the rest of what simd/vec_x86.h builds on ---------------------------------------------- */
VINL v32 v32_bcast16b(const uint8_t pat[16])
{
    return simde_mm512_broadcast_i32x4(simde_mm_loadu_si128((const void *)pat));
}
VINL v32 blend_odd32_(v32 even, v32 odd) { return simde_mm512_mask_blend_epi32(0xaaaa, even, odd); }
VINL v32 h64_set1(uint64_t x) { return simde_mm512_set1_epi64((int64_t)x); }
VINL v32 h64_signfill(v32 a) { return x512_srai63_epi64(a); }
#if PTX512_NATIVE /* vpsravq (simde 0.7.4 has no srav_epi64): n >= 64 gives the sign, as PTX's */
VINL v32 h64_srav(v32 a, v32 n) { return _mm512_srav_epi64(a, n); }
#define h64_srav h64_srav
#endif

#include "simd/vec_x86.h"

#define v32_srai(a, n) x512_srai_epi32((a), (n)) /* simde 0.7.4 lacks it: not in vec_x86.h */

/* ---- guarded stores: masked vmovdqu16/32/64 (the guard never touches an inactive lane) ------ */
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

/* ---- native geometries: the mask-register parts (the rest is in simd/vec_x86.h) ------------ */
/* 32 u16 lanes are a whole warp register; the guard is one masked vmovdqu16 */
VINL void n16_store_guard(uint16_t *p, n16 v, uint32_t bits)
{
    if (bits == 0xffffffffu)
        n16_store(p, v);
    else if (bits)
        x512_mask_storeu_epi16(p, (simde__mmask32)bits, v);
}
VINL void n64_store_guard(uint64_t *p, n64 v, uint32_t bits)
{
    if ((bits & 0xff) == 0xff)
        n64_store(p, v);
    else if (bits & 0xff)
        x512_mask_storeu_epi64(p, (simde__mmask8)bits, v);
}
VINL n16 n16_mulhi_u(n16 a, n16 b) { return x512_mulhi_epu16(a, b); }
VINL n64 n64_min_u(n64 a, n64 b) { return simde_mm512_min_epu64(a, b); }
VINL n64 n64_max_u(n64 a, n64 b) { return simde_mm512_max_epu64(a, b); }
VINL n64 n64_min_s(n64 a, n64 b) { return simde_mm512_min_epi64(a, b); }
VINL n64 n64_max_s(n64 a, n64 b) { return simde_mm512_max_epi64(a, b); }
VINL n64 n64_abs_s(n64 a) { return simde_mm512_abs_epi64(a); }
VINL n64 n64_signfill(n64 a) { return x512_srai63_epi64(a); }
/* Signed 64-bit high products: the scalar imul, one a lane, beats 18 vector operations per 8
 * lanes; unsigned ones (14 operations) stay vectors (docs/PERFORMANCE.md, "Figures behind design
 * choices in the source") */
#define VEC_LANE_MULHI_S64 1
/* vpshufd on port 5: 512-bit shifts have port 0 only, which the multiplies share */
VINL n64 n64_hi32(n64 a) { return x512_shuffle_epi32_f5(a); }
/* one sign test into a mask and a masked vpsubq (the shift, and, sub took three vector ops) */
VINL n64 n64_sub_ifneg(n64 r, n64 s, n64 x)
{
    return simde_mm512_mask_sub_epi64(r, simde_mm512_movepi64_mask(s), r, x);
}
VINL n64m n64_cmpgt_u(n64 a, n64 b) { return x512_cmpgt_epu64_mask(a, b); }
/* masked vpsubq / vpaddq of all-ones: one instruction, no mask-to-vector move */
VINL n64 n64_inc_where(n64 a, n64m m) { return simde_mm512_mask_sub_epi64(a, m, a, n64_set1(~0ull)); }
VINL n64 n64_dec_where(n64 a, n64m m) { return simde_mm512_mask_add_epi64(a, m, a, n64_set1(~0ull)); }
/* vptestmq of the broadcast word against each lane's bit: the warp's vectors share one broadcast
 * (a load), where (bits >> 8k) moved into a mask register cost a GPR-to-mask move per vector */
VINL n64m n64m_from_bits(uint32_t bits, unsigned k)
{
    const n64 sel = simde_mm512_loadu_si512(lane_bits64_() + k * NL64);
    return simde_mm512_test_epi64_mask(simde_mm512_set1_epi32((int32_t)bits), sel);
}
VINL uint32_t n64m_to_bits(n64m m) { return m; }
VINL n64m n64m_and(n64m a, n64m b) { return (n64m)(a & b); }
VINL n64m n64m_or(n64m a, n64m b) { return (n64m)(a | b); }
VINL n64m n64m_none(void) { return 0; }
#define VEC_HAS_N64_MULLO 1 /* DQ vpmullq */
VINL n64 n64_mullo(n64 a, n64 b) { return simde_mm512_mullo_epi64(a, b); }

/* ---- width changes -------------------------------------------------------------------------- */
VINL v32 v32_from16_u(v16 a) { return x512_cvtepu16_epi32(a); }
VINL v32 v32_from16_s(v16 a) { return x512_cvtepi16_epi32(a); }
VINL v16 v16_from32(v32 a) { return x512_cvtepi32_epi16(a); }
VINL v16 v16_from32_ss(v32 a) { return simde_mm512_cvtsepi32_epi16(a); } /* vpmovsdw */
VINL v16 v16_from32_su(v32 a) /* the negative lanes to 0, then vpmovusdw */
{
    return x512_cvtusepi32_epi16(simde_mm512_max_epi32(a, simde_mm512_setzero_si512()));
}
#if PTX512_NATIVE /* one zero-masked vpermd per half (vpmovzxdq needs the high half extracted) */
VINL v64 v64_from32_u(v32 a)
{
    const v32 lo = _mm512_setr_epi32(0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0);
    const v32 hi = _mm512_setr_epi32(8, 0, 9, 0, 10, 0, 11, 0, 12, 0, 13, 0, 14, 0, 15, 0);
    return (v64){_mm512_maskz_permutexvar_epi32(0x5555, lo, a),
                 _mm512_maskz_permutexvar_epi32(0x5555, hi, a)};
}
#else
VINL v64 v64_from32_u(v32 a) { return (v64){x512_cvtepu32_epi64(lo256_(a)), x512_cvtepu32_epi64(hi256_(a))}; }
#endif
VINL v64 v64_from32_s(v32 a) { return (v64){x512_cvtepi32_epi64(lo256_(a)), x512_cvtepi32_epi64(hi256_(a))}; }
VINL v32 v32_from64(v64 a)
{
    return join256_(simde_mm512_cvtepi64_epi32(a.lo), simde_mm512_cvtepi64_epi32(a.hi));
}
VINL v32 v32_from64_hi(v64 a) { return v32_from64(v64_srli(a, 32)); }
/* as on AVX2: vshufps per 128-bit block, unpacks with zero back */
VINL v32 v32_hi_words(v64 a)
{
    return I32_(simde_mm512_shuffle_ps(F32_(a.lo), F32_(a.hi), 0xdd));
}
VINL v64 v64_of_hi_words(v32 h)
{
    const v32 z = simde_mm512_setzero_si512();
    return (v64){simde_mm512_unpacklo_epi32(z, h), simde_mm512_unpackhi_epi32(z, h)};
}
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

/* shfl.sync's permute of a warp: one vpermi2d over its two vectors */
#define VEC_HAS_WARP_PERMUTE 1
VINL v32 v32_warp_permute(const uint32_t *p, v32 idx)
{
    return simde_mm512_permutex2var_epi32(simde_mm512_loadu_si512((const void *)p), idx,
                                          simde_mm512_loadu_si512((const void *)(p + 16)));
}
/* lop3's table is vpternlogd's immediate, in the same bit order (simd/kernels_lop3.h) */
#define VEC_HAS_TERNLOG 1
#define v32_ternlog(a, b, c, imm) simde_mm512_ternarylogic_epi32(a, b, c, imm)

/* ---- float compares and conversions (rounding from MXCSR, set by the kernel) ---------------- */
/* NaN lanes of f32 bits: one unordered compare into a mask register */
#define VEC_HAS_ISNAN_F32 1
VINL vm v32_isnan_f32(v32 a) { return simde_mm512_cmp_ps_mask(F32_(a), F32_(a), SIMDE_CMP_UNORD_Q); }
VINL vm v32_isnum_f32(v32 a) { return simde_mm512_cmp_ps_mask(F32_(a), F32_(a), SIMDE_CMP_ORD_Q); }
VINL vm v32_ltinf_f32(v32 a)
{
    return simde_mm512_cmp_ps_mask(F32_(a), F32_(v32_set1(0x7f800000u)), SIMDE_CMP_LT_OQ);
}
/* f32 compares for setp/set: one vcmpps into a mask register each (quiet predicates) */
#define VEC_HAS_FCMP_F32 1
#define AVX512_FCMP_(name, pred)                                                                 \
    VINL vm v32_fcmp_##name##_f32(v32 a, v32 b) { return simde_mm512_cmp_ps_mask(F32_(a), F32_(b), pred); }
AVX512_FCMP_(lt, SIMDE_CMP_LT_OQ)
AVX512_FCMP_(le, SIMDE_CMP_LE_OQ)
AVX512_FCMP_(eq, SIMDE_CMP_EQ_OQ)
AVX512_FCMP_(lg, SIMDE_CMP_NEQ_OQ)
AVX512_FCMP_(un, SIMDE_CMP_UNORD_Q)
#undef AVX512_FCMP_
#define VEC_HAS_FCMP_F64 1
#define AVX512_FCMP64_(name, pred)                                                               \
    VINL vm v64_fcmp_##name##_f64(v64 a, v64 b)                                                \
    {                                                                                          \
        return vm_join64(simde_mm512_cmp_pd_mask(F64_(a.lo), F64_(b.lo), pred),                \
                         simde_mm512_cmp_pd_mask(F64_(a.hi), F64_(b.hi), pred));               \
    }
AVX512_FCMP64_(lt, SIMDE_CMP_LT_OQ)
AVX512_FCMP64_(le, SIMDE_CMP_LE_OQ)
AVX512_FCMP64_(eq, SIMDE_CMP_EQ_OQ)
AVX512_FCMP64_(lg, SIMDE_CMP_NEQ_OQ)
AVX512_FCMP64_(un, SIMDE_CMP_UNORD_Q)
#undef AVX512_FCMP64_
VINL n64m n64_isnan_f64(n64 a) { return simde_mm512_cmp_pd_mask(F64_(a), F64_(a), SIMDE_CMP_UNORD_Q); }
/* one masked vporq (the compiler keeps a blend of an or as two operations) */
VINL n64 n64_or_where(n64m m, n64 r, n64 a, n64 b) { return simde_mm512_mask_or_epi64(r, m, a, b); }
#if PTX512_NATIVE /* DQ converts u64 <-> f64 (by MXCSR; truncating back); emulated: int_ops.h's */
#define VEC_HAS_CVT_U64_F64 1
VINL v64 v64_cvt_f64_u64(v64 a) { return (v64){I64_(_mm512_cvtepu64_pd(a.lo)), I64_(_mm512_cvtepu64_pd(a.hi))}; }
VINL v64 v64_cvtt_u64_f64(v64 x) { return (v64){_mm512_cvttpd_epu64(F64_(x.lo)), _mm512_cvttpd_epu64(F64_(x.hi))}; }
#endif
/* f32 <-> f64: widening is exact, narrowing rounds by MXCSR */
VINL v64 v64_from_f32(v32 a) { return (v64){I64_(x512_cvtps_pd(lo256_(a))), I64_(x512_cvtps_pd(hi256_(a)))}; }
VINL v32 v32_from_f64(v64 a) { return join256_(x512_cvtpd_ps(F64_(a.lo)), x512_cvtpd_ps(F64_(a.hi))); }
VINL v32 v32_from_f16(v16 a) { return I32_(x512_cvtph_ps(a)); }
VINL v16 v16_to_f16_rn(v32 a) { return x512_cvtps_ph_rn(F32_(a)); }
/* s32 <-> f32 (cvt): vcvtdq2ps and vcvtps2dq, both rounded by MXCSR */
VINL v32 v32_cvt_f32_s32(v32 a) { return x512_cvtepi32_ps(a); }
VINL v32 v32_cvt_s32_f32(v32 a) { return x512_cvtps_epi32(a); }
VINL v32 v32_cvt_s32_f64(v64 a) { return join256_(x512_cvtpd_epi32(F64_(a.lo)), x512_cvtpd_epi32(F64_(a.hi))); }
VINL v64 v64_cvt_f64_s32(v32 a) { return (v64){I64_(x512_cvtepi32_pd(lo256_(a))), I64_(x512_cvtepi32_pd(hi256_(a)))}; }
VINL v32 v32_rint_f32(v32 a) { return x512_rint_ps(a); }

/* ---- ISA extensions (PTX_EXTENSIONS in internal.h): each extension's table is this layer built
 * again with the extension's flags and macro, so these primitives exist only in those TUs; GFNI's
 * is in simd/vec_x86.h. ---------------------------------------------------------------------- */
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

#include "simd/vec_check.h"

#endif
