/* The AVX2 vector layer: a chunk is VL = 8 lanes (v16 = 128-bit, v32 = 256-bit, v64 = two 256-bit
 * halves, vm = 8 lanes of 32-bit all-ones/zero masks), primitives named by lane type, in simde. */
#ifndef PTXCPU_AVX2_VEC_H
#define PTXCPU_AVX2_VEC_H

#include <simde/x86/avx2.h>
#include <simde/x86/f16c.h>
#include <simde/x86/fma.h>
#include <stdint.h>

#include "simd/fenv_x86.h"

#if !defined(SIMDE_X86_AVX2_NATIVE) || !defined(SIMDE_X86_FMA_NATIVE) || \
    !defined(SIMDE_X86_F16C_NATIVE)
#error "the AVX2 layer is built with -mavx2 -mfma -mf16c (simde's fallback fmadd is not fused)"
#endif

#define VL 8
#ifndef VINL
#define VINL static inline __attribute__((always_inline))
#endif

typedef simde__m128i v16;                  /* VL x u16 */
typedef simde__m256i v32;                  /* VL x u32 */
typedef struct { v32 lo, hi; } v64;        /* VL x u64: lanes 0..3 in lo, 4..7 in hi */
typedef simde__m256i vm;                   /* VL lane masks, one 32-bit all-ones/zero each */

/* ---- loads, stores (the guarded store never touches a lane whose bit is 0) ------------------ */
VINL v16 v16_load(const uint16_t *p) { return simde_mm_loadu_si128((const void *)p); }
VINL v32 v32_load(const uint32_t *p) { return simde_mm256_loadu_si256((const void *)p); }
VINL v64 v64_load(const uint64_t *p)
{
    return (v64){simde_mm256_loadu_si256((const void *)p),
                 simde_mm256_loadu_si256((const void *)(p + 4))};
}
VINL void v16_store(uint16_t *p, v16 v) { simde_mm_storeu_si128((void *)p, v); }
VINL void v32_store(uint32_t *p, v32 v) { simde_mm256_storeu_si256((void *)p, v); }
VINL void v64_store(uint64_t *p, v64 v)
{
    simde_mm256_storeu_si256((void *)p, v.lo);
    simde_mm256_storeu_si256((void *)(p + 4), v.hi);
}
VINL vm vm_from_bits(uint32_t bits);
VINL v32 vm_widen64_lo(vm m);
VINL v32 vm_widen64_hi(vm m);
/* AVX2 has no 16-bit masked store: partial chunks are written lane by lane. */
VINL void v16_store_guard(uint16_t *p, v16 v, uint32_t bits)
{
    if ((bits & 0xff) == 0xff) {
        v16_store(p, v);
    } else if (bits & 0xff) {
        uint16_t t[VL];
        v16_store(t, v);
        for (unsigned i = 0; i < VL; i++)
            if ((bits >> i) & 1)
                p[i] = t[i];
    }
}
VINL void v32_store_guard(uint32_t *p, v32 v, uint32_t bits)
{
    if ((bits & 0xff) == 0xff)
        v32_store(p, v);
    else if (bits & 0xff)
        simde_mm256_maskstore_epi32((int32_t *)(void *)p, vm_from_bits(bits), v);
}
VINL void v64_store_guard(uint64_t *p, v64 v, uint32_t bits)
{
    if ((bits & 0xff) == 0xff) {
        v64_store(p, v);
    } else if (bits & 0xff) {
        vm m = vm_from_bits(bits);
        simde_mm256_maskstore_epi64((int64_t *)(void *)p, vm_widen64_lo(m), v.lo);
        simde_mm256_maskstore_epi64((int64_t *)(void *)(p + 4), vm_widen64_hi(m), v.hi);
    }
}

/* ---- constants ------------------------------------------------------------------------------ */
VINL v16 v16_set1(uint16_t x) { return simde_mm_set1_epi16((int16_t)x); }
VINL v32 v32_set1(uint32_t x) { return simde_mm256_set1_epi32((int32_t)x); }
VINL v64 v64_set1(uint64_t x)
{
    v32 t = simde_mm256_set1_epi64x((int64_t)x);
    return (v64){t, t};
}
VINL v32 v32_zero(void) { return simde_mm256_setzero_si256(); }

/* ---- lane masks ----------------------------------------------------------------------------- */
VINL vm vm_from_bits(uint32_t bits)
{
    const v32 sel = simde_mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    v32 t = simde_mm256_and_si256(simde_mm256_set1_epi32((int32_t)bits), sel);
    return simde_mm256_cmpeq_epi32(t, sel);
}
VINL uint32_t vm_to_bits(vm m)
{
    return (uint32_t)simde_mm256_movemask_ps(simde_mm256_castsi256_ps(m));
}
VINL vm vm_and(vm a, vm b) { return simde_mm256_and_si256(a, b); }
VINL vm vm_or(vm a, vm b) { return simde_mm256_or_si256(a, b); }
VINL vm vm_xor(vm a, vm b) { return simde_mm256_xor_si256(a, b); }
VINL vm vm_andnot(vm a, vm b) { return simde_mm256_andnot_si256(a, b); } /* ~a & b */
VINL vm vm_not(vm a) { return simde_mm256_xor_si256(a, simde_mm256_set1_epi32(-1)); }
VINL vm vm_none(void) { return simde_mm256_setzero_si256(); }
VINL int vm_any(vm a) { return !simde_mm256_testz_si256(a, a); }
/* The masks of 64-bit lanes 0..3 / 4..7, and back. */
VINL v32 vm_widen64_lo(vm m) { return simde_mm256_cvtepi32_epi64(simde_mm256_castsi256_si128(m)); }
VINL v32 vm_widen64_hi(vm m)
{
    return simde_mm256_cvtepi32_epi64(simde_mm256_extracti128_si256(m, 1));
}
/* Low 32 bits of each 64-bit lane of (lo, hi), in lane order. */
VINL v32 narrow64_(v32 lo, v32 hi)
{
    simde__m256 t = simde_mm256_shuffle_ps(simde_mm256_castsi256_ps(lo),
                                           simde_mm256_castsi256_ps(hi), 0x88);
    return simde_mm256_permute4x64_epi64(simde_mm256_castps_si256(t), 0xd8);
}
VINL vm vm_narrow64_(v32 lo, v32 hi) { return narrow64_(lo, hi); }
VINL vm vm_from16_(v16 m) { return simde_mm256_cvtepi16_epi32(m); }
VINL v16 vm_to16_(vm m)
{
    return simde_mm_packs_epi32(simde_mm256_castsi256_si128(m), simde_mm256_extracti128_si256(m, 1));
}

/* ---- v16 ------------------------------------------------------------------------------------ */
VINL v16 v16_add(v16 a, v16 b) { return simde_mm_add_epi16(a, b); }
VINL v16 v16_sub(v16 a, v16 b) { return simde_mm_sub_epi16(a, b); }
VINL v16 v16_mullo(v16 a, v16 b) { return simde_mm_mullo_epi16(a, b); }
VINL v16 v16_mulhi_u(v16 a, v16 b) { return simde_mm_mulhi_epu16(a, b); }
VINL v16 v16_mulhi_s(v16 a, v16 b) { return simde_mm_mulhi_epi16(a, b); }
VINL v16 v16_and(v16 a, v16 b) { return simde_mm_and_si128(a, b); }
VINL v16 v16_or(v16 a, v16 b) { return simde_mm_or_si128(a, b); }
VINL v16 v16_xor(v16 a, v16 b) { return simde_mm_xor_si128(a, b); }
VINL v16 v16_min_u(v16 a, v16 b) { return simde_mm_min_epu16(a, b); }
VINL v16 v16_max_u(v16 a, v16 b) { return simde_mm_max_epu16(a, b); }
VINL v16 v16_min_s(v16 a, v16 b) { return simde_mm_min_epi16(a, b); }
VINL v16 v16_max_s(v16 a, v16 b) { return simde_mm_max_epi16(a, b); }
VINL v16 v16_abs_s(v16 a) { return simde_mm_abs_epi16(a); }
#define v16_slli(a, n) simde_mm_slli_epi16((a), (n))
#define v16_srli(a, n) simde_mm_srli_epi16((a), (n))
#define v16_srai(a, n) simde_mm_srai_epi16((a), (n))
VINL vm v16_cmpeq(v16 a, v16 b) { return vm_from16_(simde_mm_cmpeq_epi16(a, b)); }
VINL vm v16_cmpgt_s(v16 a, v16 b) { return vm_from16_(simde_mm_cmpgt_epi16(a, b)); }
VINL v16 v16_sel(vm m, v16 a, v16 b) { return simde_mm_blendv_epi8(b, a, vm_to16_(m)); }

/* ---- v32 ------------------------------------------------------------------------------------ */
VINL v32 v32_add(v32 a, v32 b) { return simde_mm256_add_epi32(a, b); }
VINL v32 v32_sub(v32 a, v32 b) { return simde_mm256_sub_epi32(a, b); }
VINL v32 v32_mullo(v32 a, v32 b) { return simde_mm256_mullo_epi32(a, b); }
VINL v32 v32_and(v32 a, v32 b) { return simde_mm256_and_si256(a, b); }
VINL v32 v32_or(v32 a, v32 b) { return simde_mm256_or_si256(a, b); }
VINL v32 v32_xor(v32 a, v32 b) { return simde_mm256_xor_si256(a, b); }
VINL v32 v32_andnot(v32 a, v32 b) { return simde_mm256_andnot_si256(a, b); } /* ~a & b */
VINL v32 v32_not(v32 a) { return simde_mm256_xor_si256(a, simde_mm256_set1_epi32(-1)); }
#define v32_slli(a, n) simde_mm256_slli_epi32((a), (n))
#define v32_srli(a, n) simde_mm256_srli_epi32((a), (n))
#define v32_srai(a, n) simde_mm256_srai_epi32((a), (n))
/* Per-lane shifts; counts >= 32 give 0 (sll, srl) or the sign (sra). */
VINL v32 v32_sllv(v32 a, v32 n) { return simde_mm256_sllv_epi32(a, n); }
VINL v32 v32_srlv(v32 a, v32 n) { return simde_mm256_srlv_epi32(a, n); }
VINL v32 v32_srav(v32 a, v32 n) { return simde_mm256_srav_epi32(a, n); }
VINL v32 v32_min_u(v32 a, v32 b) { return simde_mm256_min_epu32(a, b); }
VINL v32 v32_max_u(v32 a, v32 b) { return simde_mm256_max_epu32(a, b); }
VINL v32 v32_min_s(v32 a, v32 b) { return simde_mm256_min_epi32(a, b); }
VINL v32 v32_max_s(v32 a, v32 b) { return simde_mm256_max_epi32(a, b); }
VINL v32 v32_abs_s(v32 a) { return simde_mm256_abs_epi32(a); }
VINL vm v32_cmpeq(v32 a, v32 b) { return simde_mm256_cmpeq_epi32(a, b); }
VINL vm v32_cmpgt_s(v32 a, v32 b) { return simde_mm256_cmpgt_epi32(a, b); }
VINL vm v32_cmplt_s(v32 a, v32 b) { return simde_mm256_cmpgt_epi32(b, a); }
VINL vm v32_cmpgt_u(v32 a, v32 b)
{
    const v32 s = simde_mm256_set1_epi32(INT32_MIN);
    return simde_mm256_cmpgt_epi32(simde_mm256_xor_si256(a, s), simde_mm256_xor_si256(b, s));
}
VINL vm v32_cmplt_u(v32 a, v32 b) { return v32_cmpgt_u(b, a); }
VINL v32 v32_sel(vm m, v32 a, v32 b) { return simde_mm256_blendv_epi8(b, a, m); }
/* 16-bit element ops on a v32 seen as 2*VL x u16 (the x2 types). */
VINL v32 v32_add16(v32 a, v32 b) { return simde_mm256_add_epi16(a, b); }
VINL v32 v32_sub16(v32 a, v32 b) { return simde_mm256_sub_epi16(a, b); }
VINL v32 v32_min16_u(v32 a, v32 b) { return simde_mm256_min_epu16(a, b); }
VINL v32 v32_max16_u(v32 a, v32 b) { return simde_mm256_max_epu16(a, b); }
VINL v32 v32_min16_s(v32 a, v32 b) { return simde_mm256_min_epi16(a, b); }
VINL v32 v32_max16_s(v32 a, v32 b) { return simde_mm256_max_epi16(a, b); }
#define v32_slli16(a, n) simde_mm256_slli_epi16((a), (n))
#define v32_srli16(a, n) simde_mm256_srli_epi16((a), (n))
#define v32_srai16(a, n) simde_mm256_srai_epi16((a), (n))
/* pmaddwd: per 32-bit lane, lo16(a)*lo16(b) + hi16(a)*hi16(b), signed 16-bit elements. */
VINL v32 v32_madd16(v32 a, v32 b) { return simde_mm256_madd_epi16(a, b); }
/* pshufb within each 16-byte block; idx bytes with the top bit set give 0. */
VINL v32 v32_shuffle8(v32 a, v32 idx) { return simde_mm256_shuffle_epi8(a, idx); }
/* A 16-byte pattern repeated over the vector. */
VINL v32 v32_bcast16b(const uint8_t pat[16])
{
    return simde_mm256_broadcastsi128_si256(simde_mm_loadu_si128((const void *)pat));
}
/* High 32 bits of the 64-bit product, unsigned / signed. */
VINL v32 v32_mulhi_u(v32 a, v32 b)
{
    v32 ev = simde_mm256_srli_epi64(simde_mm256_mul_epu32(a, b), 32);
    v32 od = simde_mm256_mul_epu32(simde_mm256_srli_epi64(a, 32), simde_mm256_srli_epi64(b, 32));
    return simde_mm256_blend_epi32(ev, od, 0xaa);
}
VINL v32 v32_mulhi_s(v32 a, v32 b)
{
    v32 ev = simde_mm256_srli_epi64(simde_mm256_mul_epi32(a, b), 32);
    v32 od = simde_mm256_mul_epi32(simde_mm256_srli_epi64(a, 32), simde_mm256_srli_epi64(b, 32));
    return simde_mm256_blend_epi32(ev, od, 0xaa);
}
/* Per-byte population counts (each byte of the result is 0..8). */
VINL v32 v32_popc8(v32 a)
{
    static const uint8_t lut[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    const v32 t = v32_bcast16b(lut), m = simde_mm256_set1_epi8(0x0f);
    v32 lo = simde_mm256_and_si256(a, m), hi = simde_mm256_and_si256(simde_mm256_srli_epi16(a, 4), m);
    return simde_mm256_add_epi8(simde_mm256_shuffle_epi8(t, lo), simde_mm256_shuffle_epi8(t, hi));
}
/* Sum of the 8 bytes of each 64-bit lane, as a 64-bit value (psadbw against zero). */
VINL v32 v32_sum8x8(v32 a) { return simde_mm256_sad_epu8(a, simde_mm256_setzero_si256()); }

/* ---- v64 ------------------------------------------------------------------------------------ */
#define V64_MAP2(a, b, F) ((v64){F((a).lo, (b).lo), F((a).hi, (b).hi)})
VINL v64 v64_add(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm256_add_epi64); }
VINL v64 v64_sub(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm256_sub_epi64); }
VINL v64 v64_and(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm256_and_si256); }
VINL v64 v64_or(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm256_or_si256); }
VINL v64 v64_xor(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm256_xor_si256); }
VINL v64 v64_andnot(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm256_andnot_si256); }
VINL v64 v64_not(v64 a) { return v64_xor(a, v64_set1(~0ull)); }
VINL v64 v64_sllv(v64 a, v64 n) { return V64_MAP2(a, n, simde_mm256_sllv_epi64); }
VINL v64 v64_srlv(v64 a, v64 n) { return V64_MAP2(a, n, simde_mm256_srlv_epi64); }
#define v64_slli(a, n) ((v64){simde_mm256_slli_epi64((a).lo, (n)), simde_mm256_slli_epi64((a).hi, (n))})
#define v64_srli(a, n) ((v64){simde_mm256_srli_epi64((a).lo, (n)), simde_mm256_srli_epi64((a).hi, (n))})
/* Unsigned 32 x 32 -> 64 products of the low halves of each lane (pmuludq / pmuldq). */
VINL v64 v64_mul32_u(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm256_mul_epu32); }
VINL v64 v64_mul32_s(v64 a, v64 b) { return V64_MAP2(a, b, simde_mm256_mul_epi32); }
VINL vm v64_cmpeq(v64 a, v64 b)
{
    return vm_narrow64_(simde_mm256_cmpeq_epi64(a.lo, b.lo), simde_mm256_cmpeq_epi64(a.hi, b.hi));
}
VINL vm v64_cmpgt_s(v64 a, v64 b)
{
    return vm_narrow64_(simde_mm256_cmpgt_epi64(a.lo, b.lo), simde_mm256_cmpgt_epi64(a.hi, b.hi));
}
VINL vm v64_cmpgt_u(v64 a, v64 b)
{
    const v64 s = v64_set1(1ull << 63);
    return v64_cmpgt_s(v64_xor(a, s), v64_xor(b, s));
}
VINL v64 v64_sel(vm m, v64 a, v64 b)
{
    return (v64){simde_mm256_blendv_epi8(b.lo, a.lo, vm_widen64_lo(m)),
                 simde_mm256_blendv_epi8(b.hi, a.hi, vm_widen64_hi(m))};
}
/* Sum of the 8 bytes of each lane. */
VINL v64 v64_sum8(v64 a) { return (v64){v32_sum8x8(a.lo), v32_sum8x8(a.hi)}; }

/* ---- width changes -------------------------------------------------------------------------- */
VINL v32 v32_from16_u(v16 a) { return simde_mm256_cvtepu16_epi32(a); }
VINL v32 v32_from16_s(v16 a) { return simde_mm256_cvtepi16_epi32(a); }
VINL v16 v16_from32(v32 a) /* low 16 bits of each lane */
{
    v32 t = simde_mm256_and_si256(a, simde_mm256_set1_epi32(0xffff));
    t = simde_mm256_packus_epi32(t, t);
    return simde_mm256_castsi256_si128(simde_mm256_permute4x64_epi64(t, 0x08));
}
VINL v64 v64_from32_u(v32 a)
{
    return (v64){simde_mm256_cvtepu32_epi64(simde_mm256_castsi256_si128(a)),
                 simde_mm256_cvtepu32_epi64(simde_mm256_extracti128_si256(a, 1))};
}
VINL v64 v64_from32_s(v32 a)
{
    return (v64){simde_mm256_cvtepi32_epi64(simde_mm256_castsi256_si128(a)),
                 simde_mm256_cvtepi32_epi64(simde_mm256_extracti128_si256(a, 1))};
}
VINL v32 v32_from64(v64 a) { return narrow64_(a.lo, a.hi); }           /* low halves */
VINL v32 v32_from64_hi(v64 a) { return narrow64_(simde_mm256_srli_epi64(a.lo, 32),
                                                 simde_mm256_srli_epi64(a.hi, 32)); }
/* A v32 seen as two v16 (raw bits: lane order inside is the layer's business) and back. */
VINL void v32_split16(v32 a, v16 *lo, v16 *hi)
{
    *lo = simde_mm256_castsi256_si128(a);
    *hi = simde_mm256_extracti128_si256(a, 1);
}
VINL v32 v32_join16(v16 lo, v16 hi) { return simde_mm256_set_m128i(hi, lo); }

/* trunc(a / b) of 32-bit lanes (signed or not), b != 0, through f64: the quotient of two 32-bit
 * integers is never within 2^-52 (relative) of an integer it is not, so in any rounding mode the
 * f64 quotient truncates to the exact one. Signed INT_MIN / -1 is the caller's business. */
VINL simde__m128i divq4_(simde__m128i a, simde__m128i b, int sgn)
{
    const simde__m128i flip = simde_mm_set1_epi32(sgn ? 0 : INT32_MIN);
    const simde__m256d off = simde_mm256_set1_pd(sgn ? 0.0 : 2147483648.0);
    simde__m256d ad = simde_mm256_add_pd(simde_mm256_cvtepi32_pd(simde_mm_xor_si128(a, flip)), off);
    simde__m256d bd = simde_mm256_add_pd(simde_mm256_cvtepi32_pd(simde_mm_xor_si128(b, flip)), off);
    simde__m256d q = simde_mm256_round_pd(simde_mm256_div_pd(ad, bd),
                                          SIMDE_MM_FROUND_TO_ZERO | SIMDE_MM_FROUND_NO_EXC);
    return simde_mm_xor_si128(simde_mm256_cvtpd_epi32(simde_mm256_sub_pd(q, off)), flip);
}
VINL v32 v32_divq(v32 a, v32 b, int sgn)
{
    return simde_mm256_set_m128i(
        divq4_(simde_mm256_extracti128_si256(a, 1), simde_mm256_extracti128_si256(b, 1), sgn),
        divq4_(simde_mm256_castsi256_si128(a), simde_mm256_castsi256_si128(b), sgn));
}

/* ---- floating point (bits in integer vectors; rounding from MXCSR, set by the kernel) -------- */
#define F32_(x) simde_mm256_castsi256_ps(x)
#define I32_(x) simde_mm256_castps_si256(x)
#define F64_(x) simde_mm256_castsi256_pd(x)
#define I64_(x) simde_mm256_castpd_si256(x)
/* NaN lanes of f32 bits: one unordered compare (quiet: no exception but for SNaN, masked) */
#define VEC_HAS_ISNAN_F32 1
VINL vm v32_isnan_f32(v32 a)
{
    return I32_(simde_mm256_cmp_ps(F32_(a), F32_(a), SIMDE_CMP_UNORD_Q));
}
VINL v32 v32_fadd_f32(v32 a, v32 b) { return I32_(simde_mm256_add_ps(F32_(a), F32_(b))); }
VINL v32 v32_fsub_f32(v32 a, v32 b) { return I32_(simde_mm256_sub_ps(F32_(a), F32_(b))); }
VINL v32 v32_fma_f32(v32 a, v32 b, v32 c)
{
    return I32_(simde_mm256_fmadd_ps(F32_(a), F32_(b), F32_(c)));
}
/* x86 max/min: the second operand when either is NaN or both are zeros. */
VINL v32 v32_fmax_f32(v32 a, v32 b) { return I32_(simde_mm256_max_ps(F32_(a), F32_(b))); }
VINL v32 v32_fmin_f32(v32 a, v32 b) { return I32_(simde_mm256_min_ps(F32_(a), F32_(b))); }
#define V64F2_(a, b, F) ((v64){I64_(F(F64_((a).lo), F64_((b).lo))), I64_(F(F64_((a).hi), F64_((b).hi)))})
VINL v64 v64_fsub_f64(v64 a, v64 b) { return V64F2_(a, b, simde_mm256_sub_pd); }
VINL v64 v64_fadd_f64(v64 a, v64 b) { return V64F2_(a, b, simde_mm256_add_pd); }
VINL v64 v64_fmul_f64(v64 a, v64 b) { return V64F2_(a, b, simde_mm256_mul_pd); }
VINL v64 v64_fdiv_f64(v64 a, v64 b) { return V64F2_(a, b, simde_mm256_div_pd); }
/* f32 <-> f64: widening is exact, narrowing rounds by MXCSR */
VINL v64 v64_from_f32(v32 a)
{
    return (v64){I64_(simde_mm256_cvtps_pd(simde_mm256_castps256_ps128(F32_(a)))),
                 I64_(simde_mm256_cvtps_pd(simde_mm256_extractf128_ps(F32_(a), 1)))};
}
VINL v32 v32_from_f64(v64 a)
{
    return I32_(simde_mm256_set_m128(simde_mm256_cvtpd_ps(F64_(a.hi)), simde_mm256_cvtpd_ps(F64_(a.lo))));
}
VINL v64 v64_fma_f64(v64 a, v64 b, v64 c)
{
    return (v64){I64_(simde_mm256_fmadd_pd(F64_(a.lo), F64_(b.lo), F64_(c.lo))),
                 I64_(simde_mm256_fmadd_pd(F64_(a.hi), F64_(b.hi), F64_(c.hi)))};
}
/* f16 <-> f32 (F16C): widening is exact; narrowing rounds to nearest even whatever MXCSR says. */
VINL v32 v32_from_f16(v16 a) { return I32_(simde_mm256_cvtph_ps(a)); }
VINL v16 v16_to_f16_rn(v32 a) { return simde_mm256_cvtps_ph(F32_(a), 0); }


/* ---- ISA extensions (PTX_EXTENSIONS in internal.h), built in their own TUs with their flags -- */
#if PTX_EXT_AVXVNNI
/* AVX-VNNI: the VEX forms of vpdpbusd / vpdpwssd on ymm. simde 0.7.4 has no intrinsic for them:
 * natively the compiler's own; else (the emulated table) simde's AVX512VL-VNNI 256-bit forms,
 * which compute the same. */
#ifdef __AVXVNNI__
#include <immintrin.h>
#define AVX2_DPBUSD_(c, u, s) _mm256_dpbusd_avx_epi32((c), (u), (s))
#define AVX2_DPWSSD_(c, a, b) _mm256_dpwssd_avx_epi32((c), (a), (b))
#else
#include <simde/x86/avx512/dpbusd.h>
#include <simde/x86/avx512/dpwssd.h>
#define AVX2_DPBUSD_(c, u, s) simde_mm256_dpbusd_epi32((c), (u), (s))
#define AVX2_DPWSSD_(c, a, b) simde_mm256_dpwssd_epi32((c), (a), (b))
#endif
#define VEC_HAS_DPBUSD 1
#define VEC_HAS_MADD16_ACC 1
VINL v32 v32_dpbusd(v32 c, v32 u8, v32 s8) { return AVX2_DPBUSD_(c, u8, s8); }
VINL v32 v32_madd16_acc(v32 c, v32 a, v32 b) { return AVX2_DPWSSD_(c, a, b); }
#endif

#if PTX_EXT_GFNI
#include <simde/x86/gfni.h>
#define VEC_HAS_REVBITS8 1
/* gf2p8affineqb with the anti-diagonal matrix: result bit i of a byte = its bit 7 - i. */
VINL v32 v32_revbits8(v32 a)
{
    return simde_mm256_gf2p8affine_epi64_epi8(a, simde_mm256_set1_epi64x(0x8040201008040201ll), 0);
}
#endif

#endif
