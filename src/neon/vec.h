/* The NEON vector layer (Armv8-A AdvSIMD): VL = 4 lanes (v16 = 64-bit, v32 = 128-bit, v64 = two
 * 128-bit halves, vm = 4 lanes of 32-bit all-ones/zero masks). Native on aarch64; on x86-64 simde
 * emulates it (the differential test's build). */
#ifndef PTXCPU_NEON_VEC_H
#define PTXCPU_NEON_VEC_H

#include <simde/arm/neon.h>
#include <stdint.h>

#include "neon/fenv.h"
#include "simd/vec_contract.h"

#if defined(SIMDE_ARM_NEON_A64V8_NATIVE)
#define PTXNEON_NATIVE 1 /* simde's types are arm_neon.h's: its intrinsics fill simde's gaps */
#else
#define PTXNEON_NATIVE 0 /* simde emulates NEON: fused vfmaq needs x86 FMA underneath */
#if !defined(SIMDE_X86_FMA_NATIVE)
#error "emulated NEON is built with -mavx2 -mfma (simde's fallback vfmaq is not fused)"
#endif
#endif

#define VL 4

typedef simde_uint16x4_t v16;              /* VL x u16 */
typedef simde_uint32x4_t v32;              /* VL x u32 */
typedef struct { v32 lo, hi; } v64;        /* VL x u64: lanes 0, 1 in lo, 2, 3 in hi (as u64x2) */
typedef simde_uint32x4_t vm;               /* VL lane masks, one 32-bit all-ones/zero each */
typedef simde_uint32x4_t vmh;              /* a v64 half's lane masks, 64-bit all-ones/zero */

/* Views of a 128-bit register; all free (the same register). */
#define U64_(x) simde_vreinterpretq_u64_u32(x)
#define S64_(x) simde_vreinterpretq_s64_u32(x)
#define S32_(x) simde_vreinterpretq_s32_u32(x)
#define U16_(x) simde_vreinterpretq_u16_u32(x)
#define S16_(x) simde_vreinterpretq_s16_u32(x)
#define U8_(x) simde_vreinterpretq_u8_u32(x)
#define S8_(x) simde_vreinterpretq_s8_u32(x)
#define FROM_U64_(x) simde_vreinterpretq_u32_u64(x)
#define FROM_S64_(x) simde_vreinterpretq_u32_s64(x)
#define FROM_S32_(x) simde_vreinterpretq_u32_s32(x)
#define FROM_U16_(x) simde_vreinterpretq_u32_u16(x)
#define FROM_S16_(x) simde_vreinterpretq_u32_s16(x)
#define FROM_U8_(x) simde_vreinterpretq_u32_u8(x)
#define D_S16_(x) simde_vreinterpret_s16_u16(x)
#define D_FROM_S16_(x) simde_vreinterpret_u16_s16(x)
#define F32_(x) simde_vreinterpretq_f32_u32(x)
#define I32_(x) simde_vreinterpretq_u32_f32(x)
#define F64_(x) simde_vreinterpretq_f64_u32(x)
#define I64_(x) simde_vreinterpretq_u32_f64(x)

/* ---- loads, stores (v64's in simd/vec_pair64.h, the guarded ones after it), constants ------- */
VINL v16 v16_load(const uint16_t *p) { return simde_vld1_u16(p); }
VINL v32 v32_load(const uint32_t *p) { return simde_vld1q_u32(p); }
VINL void v16_store(uint16_t *p, v16 v) { simde_vst1_u16(p, v); }
VINL void v32_store(uint32_t *p, v32 v) { simde_vst1q_u32(p, v); }
VINL v16 v16_set1(uint16_t x) { return simde_vdup_n_u16(x); }
VINL v32 v32_set1(uint32_t x) { return simde_vdupq_n_u32(x); }
VINL v32 v32_zero(void) { return simde_vdupq_n_u32(0); }

/* ---- lane masks ----------------------------------------------------------------------------- */
VINL v32 lane_bits_(void)
{
    static const uint32_t bit[4] = {1, 2, 4, 8};
    return simde_vld1q_u32(bit);
}
VINL vm vm_from_bits(uint32_t bits) { return simde_vtstq_u32(simde_vdupq_n_u32(bits), lane_bits_()); }
VINL vm vm_from_word(uint32_t word, unsigned k) { return vm_from_bits(word >> (k * VL)); }
VINL uint32_t vm_to_bits(vm m) { return simde_vaddvq_u32(simde_vandq_u32(m, lane_bits_())); }
VINL vm vm_and(vm a, vm b) { return simde_vandq_u32(a, b); }
VINL vm vm_or(vm a, vm b) { return simde_vorrq_u32(a, b); }
VINL vm vm_andnot(vm a, vm b) { return simde_vbicq_u32(b, a); } /* ~a & b */
VINL vm vm_not(vm a) { return simde_vmvnq_u32(a); }
VINL vm vm_xor(vm a, vm b) { return simde_veorq_u32(a, b); }
VINL vm vm_none(void) { return simde_vdupq_n_u32(0); }
VINL int vm_any(vm a) { return simde_vmaxvq_u32(a) != 0; }
/* The masks of 64-bit lanes 0, 1 / 2, 3 (zip each 32-bit mask with itself), and back. */
VINL vmh vm_half64_lo(vm m) { return simde_vzip1q_u32(m, m); }
VINL vmh vm_half64_hi(vm m) { return simde_vzip2q_u32(m, m); }
VINL vm vm_join64(vmh lo, vmh hi) { return simde_vuzp1q_u32(lo, hi); }
VINL vm vm_from16_(simde_uint16x4_t m) { return FROM_S32_(simde_vmovl_s16(D_S16_(m))); }

/* ---- v16 ------------------------------------------------------------------------------------ */
VINL v16 v16_add(v16 a, v16 b) { return simde_vadd_u16(a, b); }
VINL v16 v16_sub(v16 a, v16 b) { return simde_vsub_u16(a, b); }
VINL v16 v16_mullo(v16 a, v16 b) { return simde_vmul_u16(a, b); }
/* umull / smull to 32 bits, then the high halves (shrn #16). */
VINL v16 v16_mulhi_u(v16 a, v16 b) { return simde_vshrn_n_u32(simde_vmull_u16(a, b), 16); }
VINL v16 v16_mulhi_s(v16 a, v16 b)
{
    return D_FROM_S16_(simde_vshrn_n_s32(simde_vmull_s16(D_S16_(a), D_S16_(b)), 16));
}
VINL v16 v16_and(v16 a, v16 b) { return simde_vand_u16(a, b); }
VINL v16 v16_or(v16 a, v16 b) { return simde_vorr_u16(a, b); }
VINL v16 v16_xor(v16 a, v16 b) { return simde_veor_u16(a, b); }
VINL v16 v16_min_u(v16 a, v16 b) { return simde_vmin_u16(a, b); }
VINL v16 v16_max_u(v16 a, v16 b) { return simde_vmax_u16(a, b); }
VINL v16 v16_min_s(v16 a, v16 b) { return D_FROM_S16_(simde_vmin_s16(D_S16_(a), D_S16_(b))); }
VINL v16 v16_max_s(v16 a, v16 b) { return D_FROM_S16_(simde_vmax_s16(D_S16_(a), D_S16_(b))); }
VINL v16 v16_abs_s(v16 a) { return D_FROM_S16_(simde_vabs_s16(D_S16_(a))); } /* -32768 stays */
VINL v16 v16_eqm(v16 a, v16 b) { return simde_vceq_u16(a, b); }
VINL v16 v16_gtm_s(v16 a, v16 b) { return simde_vcgt_s16(D_S16_(a), D_S16_(b)); }
VINL vm vm_of_m16(v16 m) { return vm_from16_(m); }
VINL vm v16_cmpeq(v16 a, v16 b) { return vm_of_m16(v16_eqm(a, b)); }
VINL vm v16_cmpgt_s(v16 a, v16 b) { return vm_of_m16(v16_gtm_s(a, b)); }
VINL v16 v16_sel(vm m, v16 a, v16 b) { return simde_vbsl_u16(simde_vmovn_u32(m), a, b); }

/* ---- v32 ------------------------------------------------------------------------------------ */
VINL v32 v32_add(v32 a, v32 b) { return simde_vaddq_u32(a, b); }
VINL v32 v32_sub(v32 a, v32 b) { return simde_vsubq_u32(a, b); }
VINL v32 v32_mullo(v32 a, v32 b) { return simde_vmulq_u32(a, b); }
VINL v32 v32_and(v32 a, v32 b) { return simde_vandq_u32(a, b); }
VINL v32 v32_or(v32 a, v32 b) { return simde_vorrq_u32(a, b); }
VINL v32 v32_xor(v32 a, v32 b) { return simde_veorq_u32(a, b); }
VINL v32 v32_andnot(v32 a, v32 b) { return simde_vbicq_u32(b, a); } /* ~a & b */
VINL v32 v32_not(v32 a) { return simde_vmvnq_u32(a); }
#define v32_slli(a, n) simde_vshlq_n_u32((a), (n))
#define v32_srli(a, n) simde_vshrq_n_u32((a), (n))
#define v32_srai(a, n) FROM_S32_(simde_vshrq_n_s32(S32_(a), (n)))
/* Per-lane shifts; counts >= 32 give 0. ushl shifts by the signed low byte of the count
 * (negative: right), so counts are clamped to 32 first. */
VINL simde_int32x4_t shift_count32_(v32 n) { return S32_(simde_vminq_u32(n, simde_vdupq_n_u32(32))); }
VINL v32 v32_sllv(v32 a, v32 n) { return simde_vshlq_u32(a, shift_count32_(n)); }
VINL v32 v32_srlv(v32 a, v32 n) { return simde_vshlq_u32(a, simde_vnegq_s32(shift_count32_(n))); }
VINL v32 v32_min_u(v32 a, v32 b) { return simde_vminq_u32(a, b); }
VINL v32 v32_max_u(v32 a, v32 b) { return simde_vmaxq_u32(a, b); }
VINL v32 v32_min_s(v32 a, v32 b) { return FROM_S32_(simde_vminq_s32(S32_(a), S32_(b))); }
VINL v32 v32_max_s(v32 a, v32 b) { return FROM_S32_(simde_vmaxq_s32(S32_(a), S32_(b))); }
VINL v32 v32_abs_s(v32 a) { return FROM_S32_(simde_vabsq_s32(S32_(a))); } /* INT_MIN stays */
VINL vm v32_cmpeq(v32 a, v32 b) { return simde_vceqq_u32(a, b); }
VINL vm v32_cmpgt_s(v32 a, v32 b) { return simde_vcgtq_s32(S32_(a), S32_(b)); }
VINL vm v32_cmplt_s(v32 a, v32 b) { return simde_vcltq_s32(S32_(a), S32_(b)); }
VINL vm v32_cmpgt_u(v32 a, v32 b) { return simde_vcgtq_u32(a, b); }
VINL vm v32_cmplt_u(v32 a, v32 b) { return simde_vcltq_u32(a, b); }
/* a mask is a vector of all-ones/zero lanes */
#define VEC_HAS_VM_V32 1
VINL v32 v32_of_vm(vm m) { return m; }
VINL v32 v32_sel(vm m, v32 a, v32 b) { return simde_vbslq_u32(m, a, b); }
/* a lane mask is all-ones (-1) where set */
VINL v32 v32_inc_where(v32 a, vm m) { return simde_vsubq_u32(a, m); }
VINL v32 v32_dec_where(v32 a, vm m) { return simde_vaddq_u32(a, m); }
VINL v32 v32_clear_where_none(v32 a, v32 test, v32 bits)
{
    return simde_vbslq_u32(simde_vtstq_u32(a, test), a, simde_vbicq_u32(a, bits));
}
/* 16-bit element ops on a v32 seen as 2*VL x u16 (the x2 types). */
VINL v32 v32_add16(v32 a, v32 b) { return FROM_U16_(simde_vaddq_u16(U16_(a), U16_(b))); }
VINL v32 v32_min16_u(v32 a, v32 b) { return FROM_U16_(simde_vminq_u16(U16_(a), U16_(b))); }
VINL v32 v32_max16_u(v32 a, v32 b) { return FROM_U16_(simde_vmaxq_u16(U16_(a), U16_(b))); }
VINL v32 v32_min16_s(v32 a, v32 b) { return FROM_S16_(simde_vminq_s16(S16_(a), S16_(b))); }
VINL v32 v32_max16_s(v32 a, v32 b) { return FROM_S16_(simde_vmaxq_s16(S16_(a), S16_(b))); }
#define v32_slli16(a, n) FROM_U16_(simde_vshlq_n_u16(U16_(a), (n)))
#define v32_srli16(a, n) FROM_U16_(simde_vshrq_n_u16(U16_(a), (n)))
#define v32_srai16(a, n) FROM_S16_(simde_vshrq_n_s16(S16_(a), (n)))
/* pmaddwd: per 32-bit lane, lo16(a)*lo16(b) + hi16(a)*hi16(b) of signed 16-bit elements, i.e.
 * smull + smull2 to 32-bit products and addp of neighbours (which wraps like pmaddwd). */
VINL v32 v32_madd16(v32 a, v32 b)
{
    simde_int32x4_t lo = simde_vmull_s16(simde_vget_low_s16(S16_(a)), simde_vget_low_s16(S16_(b)));
    simde_int32x4_t hi = simde_vmull_high_s16(S16_(a), S16_(b));
    return FROM_S32_(simde_vpaddq_s32(lo, hi));
}
/* tbl within the 16-byte register; idx bytes >= 16 give 0 (pshufb: those with the top bit set,
 * the only other kind the bodies use). */
VINL v32 v32_shuffle8(v32 a, v32 idx) { return FROM_U8_(simde_vqtbl1q_u8(U8_(a), U8_(idx))); }
VINL v32 v32_bcast16b(const uint8_t pat[16]) { return FROM_U8_(simde_vld1q_u8(pat)); }
/* High 32 bits of the 64-bit product: umull + umull2 (smull + smull2), uzp2 of the halves. */
VINL v32 v32_mulhi_u(v32 a, v32 b)
{
    simde_uint64x2_t lo = simde_vmull_u32(simde_vget_low_u32(a), simde_vget_low_u32(b));
    simde_uint64x2_t hi = simde_vmull_high_u32(a, b);
    return simde_vuzp2q_u32(FROM_U64_(lo), FROM_U64_(hi));
}
VINL v32 v32_mulhi_s(v32 a, v32 b)
{
    simde_int64x2_t lo = simde_vmull_s32(simde_vget_low_s32(S32_(a)), simde_vget_low_s32(S32_(b)));
    simde_int64x2_t hi = simde_vmull_high_s32(S32_(a), S32_(b));
    return simde_vuzp2q_u32(FROM_S64_(lo), FROM_S64_(hi));
}
/* Per-byte population counts (cnt). */
VINL v32 v32_popc8(v32 a) { return FROM_U8_(simde_vcntq_u8(U8_(a))); }
/* Sum of the 8 bytes of each 64-bit lane, as a 64-bit value (uaddlp x 3). */
VINL v32 v32_sum8x8(v32 a)
{
    return FROM_U64_(simde_vpaddlq_u32(simde_vpaddlq_u16(simde_vpaddlq_u8(U8_(a)))));
}

/* ---- v64 halves (each seen as u64x2): simd/vec_pair64.h's hooks, then the pair ops -------- */
VINL v32 h64_load(const uint64_t *p) { return FROM_U64_(simde_vld1q_u64(p)); }
VINL void h64_store(uint64_t *p, v32 v) { simde_vst1q_u64(p, U64_(v)); }
VINL v32 h64_set1(uint64_t x) { return FROM_U64_(simde_vdupq_n_u64(x)); }
VINL v32 h64_add(v32 a, v32 b) { return FROM_U64_(simde_vaddq_u64(U64_(a), U64_(b))); }
VINL v32 h64_sub(v32 a, v32 b) { return FROM_U64_(simde_vsubq_u64(U64_(a), U64_(b))); }
/* Per-lane 64-bit shift counts: >= 64 gives 0, so clamp to 64 before ushl reads the low byte. */
VINL simde_int64x2_t shift_count64_(v32 n)
{
    const simde_uint64x2_t k64 = simde_vdupq_n_u64(64);
    return S64_(simde_vbslq_u32(FROM_U64_(simde_vcltq_u64(U64_(n), k64)), n, FROM_U64_(k64)));
}
VINL v32 h64_sllv(v32 a, v32 n) { return FROM_U64_(simde_vshlq_u64(U64_(a), shift_count64_(n))); }
VINL v32 h64_srlv(v32 a, v32 n)
{
    return FROM_U64_(simde_vshlq_u64(U64_(a), simde_vnegq_s64(shift_count64_(n))));
}
#define h64_slli(a, n) FROM_U64_(simde_vshlq_n_u64(U64_(a), (n)))
#define h64_srli(a, n) FROM_U64_(simde_vshrq_n_u64(U64_(a), (n)))
VINL vmh h64_cmpeq(v32 a, v32 b) { return FROM_U64_(simde_vceqq_u64(U64_(a), U64_(b))); }
VINL vmh h64_cmpgt_s(v32 a, v32 b) { return FROM_U64_(simde_vcgtq_s64(S64_(a), S64_(b))); }
VINL v32 h64_sel(vmh m, v32 a, v32 b) { return simde_vbslq_u32(m, a, b); }
/* simde 0.7.4 has no vdivq_f64: fdiv itself natively, lane by lane under emulation. */
VINL simde_float64x2_t divq_f64_(simde_float64x2_t a, simde_float64x2_t b)
{
#if PTXNEON_NATIVE
    return vdivq_f64(a, b);
#else
    double x[2], y[2];
    simde_vst1q_f64(x, a);
    simde_vst1q_f64(y, b);
    x[0] /= y[0];
    x[1] /= y[1];
    return simde_vld1q_f64(x);
#endif
}
VINL v32 h64_fadd_f64(v32 a, v32 b) { return I64_(simde_vaddq_f64(F64_(a), F64_(b))); }
VINL v32 h64_fsub_f64(v32 a, v32 b) { return I64_(simde_vsubq_f64(F64_(a), F64_(b))); }
VINL v32 h64_fmul_f64(v32 a, v32 b) { return I64_(simde_vmulq_f64(F64_(a), F64_(b))); }
VINL v32 h64_fdiv_f64(v32 a, v32 b) { return I64_(divq_f64_(F64_(a), F64_(b))); }
/* Nor vsqrtq_f64 / vdivq_f32 / vsqrtq_f32: native fsqrt / fdiv, else lane by lane (the C
 * operators and sqrt round by the mode the kernel set; -frounding-math keeps them there). */
VINL simde_float64x2_t sqrtq_f64_(simde_float64x2_t a)
{
#if PTXNEON_NATIVE
    return vsqrtq_f64(a);
#else
    double x[2];
    simde_vst1q_f64(x, a);
    x[0] = __builtin_sqrt(x[0]);
    x[1] = __builtin_sqrt(x[1]);
    return simde_vld1q_f64(x);
#endif
}
VINL v32 h64_fsqrt_f64(v32 a) { return I64_(sqrtq_f64_(F64_(a))); }
VINL v32 h64_fma_f64(v32 a, v32 b, v32 c) /* fmla: a * b + c, one rounding */
{
    return I64_(simde_vfmaq_f64(F64_(c), F64_(a), F64_(b)));
}
#include "simd/vec_pair64.h"
/* (vec_pair64.h has no v64_cmpgt_u: the x86 layers' differ in shape) */
VINL vm v64_cmpgt_u(v64 a, v64 b)
{
    return vm_join64(FROM_U64_(simde_vcgtq_u64(U64_(a.lo), U64_(b.lo))),
                     FROM_U64_(simde_vcgtq_u64(U64_(a.hi), U64_(b.hi))));
}
/* 32 x 32 -> 64 products of the low halves of each lane: uzp1 gathers the four low words, then
 * umull / umull2 (smull / smull2). */
VINL v64 v64_mul32_u(v64 a, v64 b)
{
    v32 al = simde_vuzp1q_u32(a.lo, a.hi), bl = simde_vuzp1q_u32(b.lo, b.hi);
    return (v64){FROM_U64_(simde_vmull_u32(simde_vget_low_u32(al), simde_vget_low_u32(bl))),
                 FROM_U64_(simde_vmull_high_u32(al, bl))};
}
VINL v64 v64_mul32_s(v64 a, v64 b)
{
    simde_int32x4_t al = S32_(simde_vuzp1q_u32(a.lo, a.hi)), bl = S32_(simde_vuzp1q_u32(b.lo, b.hi));
    return (v64){FROM_S64_(simde_vmull_s32(simde_vget_low_s32(al), simde_vget_low_s32(bl))),
                 FROM_S64_(simde_vmull_high_s32(al, bl))};
}

/* ---- guarded stores ------------------------------------------------------------------------- */
/* NEON has no masked store: a partial chunk is written lane by lane with st1 {v.<t>}[i]. */
#define NEON_STORE_LANE_(ST, p, v, bits, i, L)                                                   \
    if (((bits) >> (i)) & 1)                                                                   \
    ST((p) + (i), (v), (L))
#define NEON_STORE_GUARD4_(W, T, ST)                                                             \
    VINL void v##W##_store_guard(T *p, v##W v, uint32_t bits)                                  \
    {                                                                                          \
        if ((bits & 0xf) == 0xf) {                                                             \
            v##W##_store(p, v);                                                                \
            return;                                                                            \
        }                                                                                      \
        NEON_STORE_LANE_(ST, p, v, bits, 0, 0);                                                \
        NEON_STORE_LANE_(ST, p, v, bits, 1, 1);                                                \
        NEON_STORE_LANE_(ST, p, v, bits, 2, 2);                                                \
        NEON_STORE_LANE_(ST, p, v, bits, 3, 3);                                                \
    }
NEON_STORE_GUARD4_(16, uint16_t, simde_vst1_lane_u16)
NEON_STORE_GUARD4_(32, uint32_t, simde_vst1q_lane_u32)
VINL void v64_store_guard(uint64_t *p, v64 v, uint32_t bits)
{
    if ((bits & 0xf) == 0xf) {
        v64_store(p, v);
    } else {
        NEON_STORE_LANE_(simde_vst1q_lane_u64, p, U64_(v.lo), bits, 0, 0);
        NEON_STORE_LANE_(simde_vst1q_lane_u64, p, U64_(v.lo), bits, 1, 1);
        NEON_STORE_LANE_(simde_vst1q_lane_u64, p, U64_(v.hi), bits, 2, 0);
        NEON_STORE_LANE_(simde_vst1q_lane_u64, p, U64_(v.hi), bits, 3, 1);
    }
}

/* ---- width changes -------------------------------------------------------------------------- */
VINL v32 v32_from16_u(v16 a) { return simde_vmovl_u16(a); }
VINL v32 v32_from16_s(v16 a) { return FROM_S32_(simde_vmovl_s16(D_S16_(a))); }
VINL v16 v16_from32(v32 a) { return simde_vmovn_u32(a); } /* low 16 bits of each lane */
VINL v16 v16_from32_ss(v32 a)
{
    return simde_vreinterpret_u16_s16(simde_vqmovn_s32(simde_vreinterpretq_s32_u32(a)));
}
VINL v16 v16_from32_su(v32 a) { return simde_vqmovun_s32(simde_vreinterpretq_s32_u32(a)); }
VINL v64 v64_from32_u(v32 a)
{
    return (v64){FROM_U64_(simde_vmovl_u32(simde_vget_low_u32(a))),
                 FROM_U64_(simde_vmovl_high_u32(a))};
}
VINL v64 v64_from32_s(v32 a)
{
    const simde_int32x4_t s = simde_vreinterpretq_s32_u32(a);
    return (v64){FROM_U64_(simde_vreinterpretq_u64_s64(simde_vmovl_s32(simde_vget_low_s32(s)))),
                 FROM_U64_(simde_vreinterpretq_u64_s64(simde_vmovl_high_s32(s)))};
}
VINL v32 v32_from64(v64 a) { return simde_vuzp1q_u32(a.lo, a.hi); }    /* low halves */
VINL v32 v32_from64_hi(v64 a) { return simde_vuzp2q_u32(a.lo, a.hi); } /* high halves */
VINL v32 v32_hi_words(v64 a) { return v32_from64_hi(a); }
VINL v64 v64_of_hi_words(v32 h)
{
    const v32 z = simde_vdupq_n_u32(0);
    return (v64){simde_vzip1q_u32(z, h), simde_vzip2q_u32(z, h)};
}
/* A v32 seen as two v16 (raw bits: lane order inside is the layer's business) and back. */
VINL void v32_split16(v32 a, v16 *lo, v16 *hi)
{
    *lo = simde_vget_low_u16(U16_(a));
    *hi = simde_vget_high_u16(U16_(a));
}
VINL v32 v32_join16(v16 lo, v16 hi) { return FROM_U16_(simde_vcombine_u16(lo, hi)); }

/* trunc(a / b) of 32-bit lanes (signed or not), b != 0, through f64: the quotient of two 32-bit
 * integers is never within 2^-52 (relative) of an integer it is not, so in any rounding mode the
 * f64 quotient truncates (fcvtzs / fcvtzu) to the exact one. Signed INT_MIN / -1 is the caller's
 * business. */
VINL v32 v32_divq(v32 a, v32 b, int sgn)
{
    if (sgn) {
        simde_int64x2_t q0 = simde_vcvtq_s64_f64(
            divq_f64_(simde_vcvtq_f64_s64(simde_vmovl_s32(simde_vget_low_s32(S32_(a)))),
                      simde_vcvtq_f64_s64(simde_vmovl_s32(simde_vget_low_s32(S32_(b))))));
        simde_int64x2_t q1 = simde_vcvtq_s64_f64(
            divq_f64_(simde_vcvtq_f64_s64(simde_vmovl_high_s32(S32_(a))),
                      simde_vcvtq_f64_s64(simde_vmovl_high_s32(S32_(b)))));
        return simde_vuzp1q_u32(FROM_S64_(q0), FROM_S64_(q1));
    }
    simde_uint64x2_t q0 = simde_vcvtq_u64_f64(
        divq_f64_(simde_vcvtq_f64_u64(simde_vmovl_u32(simde_vget_low_u32(a))),
                  simde_vcvtq_f64_u64(simde_vmovl_u32(simde_vget_low_u32(b)))));
    simde_uint64x2_t q1 = simde_vcvtq_u64_f64(
        divq_f64_(simde_vcvtq_f64_u64(simde_vmovl_high_u32(a)),
                  simde_vcvtq_f64_u64(simde_vmovl_high_u32(b))));
    return simde_vuzp1q_u32(FROM_U64_(q0), FROM_U64_(q1));
}

/* ---- floating point (bits in integer vectors; rounding from FPCR, set by the kernel) -------- */
VINL v32 v32_fadd_f32(v32 a, v32 b) { return I32_(simde_vaddq_f32(F32_(a), F32_(b))); }
VINL v32 v32_fsub_f32(v32 a, v32 b) { return I32_(simde_vsubq_f32(F32_(a), F32_(b))); }
VINL v32 v32_fmul_f32(v32 a, v32 b) { return I32_(simde_vmulq_f32(F32_(a), F32_(b))); }
VINL v32 v32_fdiv_f32(v32 a, v32 b)
{
#if PTXNEON_NATIVE
    return I32_(vdivq_f32(F32_(a), F32_(b)));
#else
    float x[4], y[4];
    simde_vst1q_f32(x, F32_(a));
    simde_vst1q_f32(y, F32_(b));
    for (int i = 0; i < 4; i++)
        x[i] /= y[i];
    return I32_(simde_vld1q_f32(x));
#endif
}
VINL v32 v32_fsqrt_f32(v32 a)
{
#if PTXNEON_NATIVE
    return I32_(vsqrtq_f32(F32_(a)));
#else
    float x[4];
    simde_vst1q_f32(x, F32_(a));
    for (int i = 0; i < 4; i++)
        x[i] = __builtin_sqrtf(x[i]);
    return I32_(simde_vld1q_f32(x));
#endif
}
VINL v32 v32_fma_f32(v32 a, v32 b, v32 c) /* fmla: a * b + c, one rounding */
{
    return I32_(simde_vfmaq_f32(F32_(c), F32_(a), F32_(b)));
}
/* The x86 max/min the bodies are written for (the second operand when either is NaN or both are
 * zeros): fcmgt / fcmgt + bsl, since Arm's fmax/fmin return NaN and order -0 < +0. */
VINL v32 v32_fmax_f32(v32 a, v32 b) { return simde_vbslq_u32(simde_vcgtq_f32(F32_(a), F32_(b)), a, b); }
VINL v32 v32_fmin_f32(v32 a, v32 b) { return simde_vbslq_u32(simde_vcltq_f32(F32_(a), F32_(b)), a, b); }
/* ucvtf (by FPCR.RMode) and fcvtzu (truncating) convert u64 <-> f64 directly. Not under
 * emulation: simde 0.7.4's x86 fallback of vcvtq_u64_f64 gives 2^63 for every value >= 2^63, so
 * the emulated build takes int_ops.h's integer conversions. */
#if PTXNEON_NATIVE
#define VEC_HAS_CVT_U64_F64 1
VINL v64 v64_cvt_f64_u64(v64 a) { return (v64){I64_(vcvtq_f64_u64(U64_(a.lo))), I64_(vcvtq_f64_u64(U64_(a.hi)))}; }
VINL v64 v64_cvtt_u64_f64(v64 x) { return (v64){FROM_U64_(vcvtq_u64_f64(F64_(x.lo))), FROM_U64_(vcvtq_u64_f64(F64_(x.hi)))}; }
#endif
/* f32 <-> f64 (fcvtl / fcvtn): widening is exact, narrowing rounds by FPCR */
VINL v64 v64_from_f32(v32 a)
{
    return (v64){I64_(simde_vcvt_f64_f32(simde_vget_low_f32(F32_(a)))),
                 I64_(simde_vcvt_f64_f32(simde_vget_high_f32(F32_(a))))};
}
VINL v32 v32_from_f64(v64 a)
{
    return I32_(simde_vcombine_f32(simde_vcvt_f32_f64(F64_(a.lo)), simde_vcvt_f32_f64(F64_(a.hi))));
}
/* f16 <-> f32: fcvtl widens exactly; fcvtn rounds by FPCR.RMode, which is RN in every kernel that
 * narrows (f16 add has .rn only, RND_RN / RND_NONE rows; FPCR.AHP = 0: IEEE half precision).
 * Both are baseline Armv8-A, but simde 0.7.4 maps them to the instructions only with
 * SIMDE_ARM_NEON_FP16, which also routes its f16 arithmetic to Armv8.2 FP16 intrinsics: natively
 * they are called directly (as vdivq_f64 is); emulated, simde converts lane by lane (RN). */
#if PTXNEON_NATIVE
VINL v32 v32_from_f16(v16 a) { return I32_(vcvt_f32_f16(vreinterpret_f16_u16(a))); }
VINL v16 v16_to_f16_rn(v32 a) { return vreinterpret_u16_f16(vcvt_f16_f32(F32_(a))); }
#else
/* simde renormalizes a zero or subnormal half by subtracting a magic number, which leaves -0 for
 * +0 when the kernel rounds downward (x - x is -0 under RM): zeros take their bits directly. */
VINL v32 v32_from_f16(v16 a)
{
    v32 w = v32_from16_u(a);
    vm zero = v32_cmpeq(v32_and(w, v32_set1(0x7fff)), v32_zero());
    v32 conv = I32_(simde_vcvt_f32_f16(simde_vreinterpret_f16_u16(a)));
    return v32_sel(zero, v32_slli(w, 16), conv);
}
VINL v16 v16_to_f16_rn(v32 a) { return simde_vreinterpret_u16_f16(simde_vcvt_f16_f32(F32_(a))); }
#endif

/* s32 <-> f32 (cvt): scvtf rounds by FPCR; fcvtzs truncates, so frinti first rounds by FPCR */
VINL v32 v32_cvt_f32_s32(v32 a) { return I32_(simde_vcvtq_f32_s32(simde_vreinterpretq_s32_u32(a))); }
VINL v32 v32_cvt_s32_f32(v32 a)
{
    return simde_vreinterpretq_u32_s32(simde_vcvtq_s32_f32(simde_vrndiq_f32(F32_(a))));
}

VINL v64 v64_cvt_f64_s32(v32 a) /* sxtl, scvtf (exact) */
{
    const simde_int32x4_t s = simde_vreinterpretq_s32_u32(a);
    return (v64){simde_vreinterpretq_u32_f64(simde_vcvtq_f64_s64(simde_vmovl_s32(simde_vget_low_s32(s)))),
                 simde_vreinterpretq_u32_f64(simde_vcvtq_f64_s64(simde_vmovl_s32(simde_vget_high_s32(s))))};
}
VINL v32 v32_rint_f32(v32 a) { return I32_(simde_vrndiq_f32(F32_(a))); } /* frinti */
VINL v32 v32_cvt_s32_f64(v64 a) /* frinti, fcvtzs to 64 bits, then the low halves (xtn) */
{
    simde_int32x2_t lo = simde_vmovn_s64(simde_vcvtq_s64_f64(simde_vrndiq_f64(F64_(a.lo))));
    simde_int32x2_t hi = simde_vmovn_s64(simde_vcvtq_s64_f64(simde_vrndiq_f64(F64_(a.hi))));
    return simde_vreinterpretq_u32_s32(simde_vcombine_s32(lo, hi));
}

/* ---- what Armv8 has natively: popcount, leading zeros, bit reversal ------------------------- */
/* popc: cnt per byte, uaddlp to 16 and to 32 bits. */
#define VEC_HAS_POPC 1
VINL v32 v32_popc(v32 a)
{
    return simde_vpaddlq_u16(simde_vpaddlq_u8(simde_vcntq_u8(U8_(a))));
}
/* 64-bit lanes: the counts of the two words of each lane, added by addp of neighbours. */
VINL v32 v64_popc(v64 a) { return simde_vpaddq_u32(v32_popc(a.lo), v32_popc(a.hi)); }
/* clz per 32-bit lane; a 64-bit lane is clz(hi), plus clz(lo) when hi is 0 (clz(hi) = 32). */
#define VEC_HAS_CLZ 1
VINL v32 v32_clz(v32 a) { return simde_vclzq_u32(a); }
VINL v32 v64_clz(v64 a)
{
    v32 zh = simde_vclzq_u32(v32_from64_hi(a)), zl = simde_vclzq_u32(v32_from64(a));
    return simde_vaddq_u32(zh, simde_vandq_u32(simde_vceqq_u32(zh, simde_vdupq_n_u32(32)), zl));
}
/* rbit: the bits of every byte reversed. */
#define VEC_HAS_REVBITS8 1
VINL v32 v32_revbits8(v32 a) { return FROM_U8_(simde_vrbitq_u8(U8_(a))); }

/* ---- ISA extensions (PTX_EXTENSIONS in internal.h), built in their own TUs with their flags -- */
#if PTX_EXT_DOTPROD
#define VEC_HAS_DOT4 1
/* udot / sdot (Armv8.2 dotprod). Mixed signedness without i8mm's usdot is rebased exactly: an
 * unsigned byte y is (y ^ 0x80) + 128 as signed, and 128 * sum x is minus sdot(x, 0x80 bytes)
 * (loop-invariant in a chain that feeds back c). All sums wrap. */
VINL v32 v32_dot4_acc(v32 c, v32 a, v32 b, int sa, int sb)
{
    const v32 k80 = v32_set1(0x80808080u);
    if (!sa && !sb)
        return simde_vdotq_u32(c, U8_(a), U8_(b));
    if (sa && sb)
        return FROM_S32_(simde_vdotq_s32(S32_(c), S8_(a), S8_(b)));
    v32 s = sa ? a : b, u = sa ? b : a; /* the signed and the unsigned operand */
    simde_int32x4_t r = simde_vdotq_s32(S32_(c), S8_(s), S8_(v32_xor(u, k80)));
    return FROM_S32_(simde_vsubq_s32(r, simde_vdotq_s32(simde_vdupq_n_s32(0), S8_(s), S8_(k80))));
}
#endif

#include "simd/vec_check.h"

#endif
