/* What the AVX2 and AVX-512 layers share: the same instructions at two widths, written once on the
 * names each vec.h gives its width. What differs (masks, compares, simde's gaps) stays there. */
#ifndef PTXCPU_SIMD_VEC_X86_H
#define PTXCPU_SIMD_VEC_X86_H

/* The including layer has defined VL, the types, its part of vec_pair64.h's hooks (vmh,
 * vm_half64_*, vm_join64, h64_cmp*, h64_sel, h64_set1), h64_signfill (each 64-bit element's sign
 * in all its bits; h64_srav too where it has the instruction), v32_bcast16b, blend_odd32_(even,
 * odd) (the odd 32-bit elements from odd, the rest from even), and the names of its intrinsics:
 *   X86_V(op)    v32's, simde_mm<bits>_op;        X86_VSI(op): simde_mm<bits>_op_si<bits>
 *   X86_H(op)    v16's (half the width);          X86_HSI(op)
 *   F32_, F64_   v32 as __m<bits> / __m<bits>d;   I32_, I64_: back */
#include "simd/fenv_x86.h"

#if !defined(SIMDE_X86_AVX2_NATIVE) || !defined(SIMDE_X86_FMA_NATIVE) || \
    !defined(SIMDE_X86_F16C_NATIVE)
#error "the x86 layers need at least -mavx2 -mfma -mf16c (simde's fallback fmadd is not fused)"
#endif

/* ---- loads, stores, constants --------------------------------------------------------------- */
VINL v16 v16_load(const uint16_t *p) { return X86_HSI(loadu)((const void *)p); }
VINL v32 v32_load(const uint32_t *p) { return X86_VSI(loadu)((const void *)p); }
VINL void v16_store(uint16_t *p, v16 v) { X86_HSI(storeu)((void *)p, v); }
VINL void v32_store(uint32_t *p, v32 v) { X86_VSI(storeu)((void *)p, v); }
VINL v16 v16_set1(uint16_t x) { return X86_H(set1_epi16)((int16_t)x); }
VINL v32 v32_set1(uint32_t x) { return X86_V(set1_epi32)((int32_t)x); }
VINL v32 v32_zero(void) { return X86_VSI(setzero)(); }

/* ---- v16 ------------------------------------------------------------------------------------ */
VINL v16 v16_add(v16 a, v16 b) { return X86_H(add_epi16)(a, b); }
VINL v16 v16_sub(v16 a, v16 b) { return X86_H(sub_epi16)(a, b); }
VINL v16 v16_mullo(v16 a, v16 b) { return X86_H(mullo_epi16)(a, b); }
VINL v16 v16_mulhi_u(v16 a, v16 b) { return X86_H(mulhi_epu16)(a, b); }
VINL v16 v16_mulhi_s(v16 a, v16 b) { return X86_H(mulhi_epi16)(a, b); }
VINL v16 v16_and(v16 a, v16 b) { return X86_HSI(and)(a, b); }
VINL v16 v16_or(v16 a, v16 b) { return X86_HSI(or)(a, b); }
VINL v16 v16_xor(v16 a, v16 b) { return X86_HSI(xor)(a, b); }
VINL v16 v16_min_u(v16 a, v16 b) { return X86_H(min_epu16)(a, b); }
VINL v16 v16_max_u(v16 a, v16 b) { return X86_H(max_epu16)(a, b); }
VINL v16 v16_min_s(v16 a, v16 b) { return X86_H(min_epi16)(a, b); }
VINL v16 v16_max_s(v16 a, v16 b) { return X86_H(max_epi16)(a, b); }
VINL v16 v16_abs_s(v16 a) { return X86_H(abs_epi16)(a); }

/* ---- v32 ------------------------------------------------------------------------------------ */
VINL v32 v32_add(v32 a, v32 b) { return X86_V(add_epi32)(a, b); }
VINL v32 v32_sub(v32 a, v32 b) { return X86_V(sub_epi32)(a, b); }
VINL v32 v32_mullo(v32 a, v32 b) { return X86_V(mullo_epi32)(a, b); }
VINL v32 v32_and(v32 a, v32 b) { return X86_VSI(and)(a, b); }
VINL v32 v32_or(v32 a, v32 b) { return X86_VSI(or)(a, b); }
VINL v32 v32_xor(v32 a, v32 b) { return X86_VSI(xor)(a, b); }
VINL v32 v32_andnot(v32 a, v32 b) { return X86_VSI(andnot)(a, b); } /* ~a & b */
VINL v32 v32_not(v32 a) { return X86_VSI(xor)(a, X86_V(set1_epi32)(-1)); }
#define v32_slli(a, n) X86_V(slli_epi32)((a), (n))
#define v32_srli(a, n) X86_V(srli_epi32)((a), (n))
VINL v32 v32_sllv(v32 a, v32 n) { return X86_V(sllv_epi32)(a, n); } /* x86's: >= 32 gives 0 */
VINL v32 v32_srlv(v32 a, v32 n) { return X86_V(srlv_epi32)(a, n); }
VINL v32 v32_min_u(v32 a, v32 b) { return X86_V(min_epu32)(a, b); }
VINL v32 v32_max_u(v32 a, v32 b) { return X86_V(max_epu32)(a, b); }
VINL v32 v32_min_s(v32 a, v32 b) { return X86_V(min_epi32)(a, b); }
VINL v32 v32_max_s(v32 a, v32 b) { return X86_V(max_epi32)(a, b); }
VINL v32 v32_abs_s(v32 a) { return X86_V(abs_epi32)(a); }
/* High 32 bits of the 64-bit products: pmuludq / pmuldq of the even elements and of the odd ones
 * shifted down, the high halves interleaved back. */
VINL v32 v32_mulhi_u(v32 a, v32 b)
{
    v32 ev = X86_V(srli_epi64)(X86_V(mul_epu32)(a, b), 32);
    v32 od = X86_V(mul_epu32)(X86_V(srli_epi64)(a, 32), X86_V(srli_epi64)(b, 32));
    return blend_odd32_(ev, od);
}
VINL v32 v32_mulhi_s(v32 a, v32 b)
{
    v32 ev = X86_V(srli_epi64)(X86_V(mul_epi32)(a, b), 32);
    v32 od = X86_V(mul_epi32)(X86_V(srli_epi64)(a, 32), X86_V(srli_epi64)(b, 32));
    return blend_odd32_(ev, od);
}

/* ---- v32 as 16-bit elements and bytes ------------------------------------------------------- */
VINL v32 v32_add16(v32 a, v32 b) { return X86_V(add_epi16)(a, b); }
VINL v32 v32_min16_u(v32 a, v32 b) { return X86_V(min_epu16)(a, b); }
VINL v32 v32_max16_u(v32 a, v32 b) { return X86_V(max_epu16)(a, b); }
VINL v32 v32_min16_s(v32 a, v32 b) { return X86_V(min_epi16)(a, b); }
VINL v32 v32_max16_s(v32 a, v32 b) { return X86_V(max_epi16)(a, b); }
#define v32_slli16(a, n) X86_V(slli_epi16)((a), (n))
#define v32_srli16(a, n) X86_V(srli_epi16)((a), (n))
#define v32_srai16(a, n) X86_V(srai_epi16)((a), (n))
VINL v32 v32_madd16(v32 a, v32 b) { return X86_V(madd_epi16)(a, b); }
VINL v32 v32_shuffle8(v32 a, v32 idx) { return X86_V(shuffle_epi8)(a, idx); } /* pshufb */
/* Per-byte bit counts: pshufb looks up each nibble's count. */
VINL v32 v32_popc8(v32 a)
{
    static const uint8_t lut[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    const v32 t = v32_bcast16b(lut), m = X86_V(set1_epi8)(0x0f);
    v32 lo = X86_VSI(and)(a, m), hi = X86_VSI(and)(X86_V(srli_epi16)(a, 4), m);
    return X86_V(add_epi8)(X86_V(shuffle_epi8)(t, lo), X86_V(shuffle_epi8)(t, hi));
}
VINL v32 v32_sum8x8(v32 a) { return X86_V(sad_epu8)(a, X86_VSI(setzero)()); } /* psadbw vs 0 */

/* ---- v64 halves: the rest of vec_pair64.h's hooks, then the pair ops ------------------------ */
VINL v32 h64_load(const uint64_t *p) { return X86_VSI(loadu)((const void *)p); }
VINL void h64_store(uint64_t *p, v32 v) { X86_VSI(storeu)((void *)p, v); }
VINL v32 h64_add(v32 a, v32 b) { return X86_V(add_epi64)(a, b); }
VINL v32 h64_sub(v32 a, v32 b) { return X86_V(sub_epi64)(a, b); }
VINL v32 h64_sllv(v32 a, v32 n) { return X86_V(sllv_epi64)(a, n); }
VINL v32 h64_srlv(v32 a, v32 n) { return X86_V(srlv_epi64)(a, n); }
#define h64_slli(a, n) X86_V(slli_epi64)((a), (n))
#define h64_srli(a, n) X86_V(srli_epi64)((a), (n))
VINL v32 h64_fadd_f64(v32 a, v32 b) { return I64_(X86_V(add_pd)(F64_(a), F64_(b))); }
VINL v32 h64_fsub_f64(v32 a, v32 b) { return I64_(X86_V(sub_pd)(F64_(a), F64_(b))); }
VINL v32 h64_fmul_f64(v32 a, v32 b) { return I64_(X86_V(mul_pd)(F64_(a), F64_(b))); }
VINL v32 h64_fdiv_f64(v32 a, v32 b) { return I64_(X86_V(div_pd)(F64_(a), F64_(b))); }
VINL v32 h64_fsqrt_f64(v32 a) { return I64_(X86_V(sqrt_pd)(F64_(a))); }
VINL v32 h64_fma_f64(v32 a, v32 b, v32 c)
{
    return I64_(X86_V(fmadd_pd)(F64_(a), F64_(b), F64_(c)));
}
#include "simd/vec_pair64.h"
/* Arithmetic 64-bit shift by n, the sign for n >= 64: the layer's one instruction where it has it
 * (AVX-512 vpsravq: the layer defines h64_srav), else a logical shift of a ^ s, then ^ s (s: the
 * sign in every bit), the compiler's own sequence for C's >> on int64_t. On the halves: the pair
 * form's sign went through a lane mask and back (v64_cmpgt_s, v64_sel), which kept shr.s64 at
 * 0.6x the plain loop. */
#ifndef h64_srav
VINL v32 h64_srav(v32 a, v32 n)
{
    const v32 s = h64_signfill(a);
    return X86_VSI(xor)(h64_srlv(X86_VSI(xor)(a, s), n), s);
}
#endif
#define VEC_HAS_SRAV64 1
VINL v64 v64_srav(v64 a, v64 n) { return V64_MAP2(h64_srav, a, n); }
/* 32 x 32 -> 64 products of the low halves of each lane (pmuludq / pmuldq). */
VINL v64 v64_mul32_u(v64 a, v64 b) { return V64_MAP2(X86_V(mul_epu32), a, b); }
VINL v64 v64_mul32_s(v64 a, v64 b) { return V64_MAP2(X86_V(mul_epi32), a, b); }

/* ---- native geometries (vec_contract.h): one full vector of 16- or 64-bit lanes ------------- *
 * n16 holds NL16 = 2 VL u16, n64 NL64 = VL / 2 u64 (the register of a v64 half), n64m is a half's
 * lane flags. What needs the ISA's masks (compares to them, selects, guarded stores, the 64-bit
 * min/max/abs AVX2 lacks) is in the layer. */
#define VEC_HAS_NATIVE16 1
#define VEC_HAS_NATIVE64 1
#define NL16 (2 * VL)
#define NL64 (VL / 2)
typedef v32 n16;
typedef v32 n64;
typedef vmh n64m;
VINL n16 n16_load(const uint16_t *p) { return X86_VSI(loadu)((const void *)p); }
VINL void n16_store(uint16_t *p, n16 v) { X86_VSI(storeu)((void *)p, v); }
VINL n16 n16_zero(void) { return X86_VSI(setzero)(); }
VINL n16 n16_set1(uint16_t x) { return X86_V(set1_epi16)((int16_t)x); }
VINL n16 n16_add(n16 a, n16 b) { return X86_V(add_epi16)(a, b); }
VINL n16 n16_sub(n16 a, n16 b) { return X86_V(sub_epi16)(a, b); }
VINL n16 n16_mullo(n16 a, n16 b) { return X86_V(mullo_epi16)(a, b); }
VINL n16 n16_mulhi_s(n16 a, n16 b) { return X86_V(mulhi_epi16)(a, b); }
VINL n16 n16_min_u(n16 a, n16 b) { return X86_V(min_epu16)(a, b); }
VINL n16 n16_max_u(n16 a, n16 b) { return X86_V(max_epu16)(a, b); }
VINL n16 n16_min_s(n16 a, n16 b) { return X86_V(min_epi16)(a, b); }
VINL n16 n16_max_s(n16 a, n16 b) { return X86_V(max_epi16)(a, b); }
VINL n16 n16_abs_s(n16 a) { return X86_V(abs_epi16)(a); }
VINL n16 n16_and(n16 a, n16 b) { return v32_and(a, b); }
VINL n16 n16_or(n16 a, n16 b) { return v32_or(a, b); }
VINL n16 n16_xor(n16 a, n16 b) { return v32_xor(a, b); }
VINL n16 n16_not(n16 a) { return v32_not(a); }
VINL n64 n64_load(const uint64_t *p) { return h64_load(p); }
VINL void n64_store(uint64_t *p, n64 v) { h64_store(p, v); }
VINL n64 n64_zero(void) { return X86_VSI(setzero)(); }
VINL n64 n64_set1(uint64_t x) { return h64_set1(x); }
VINL n64 n64_add(n64 a, n64 b) { return h64_add(a, b); }
VINL n64 n64_sub(n64 a, n64 b) { return h64_sub(a, b); }
VINL n64 n64_and(n64 a, n64 b) { return v32_and(a, b); }
VINL n64 n64_xor(n64 a, n64 b) { return v32_xor(a, b); }
VINL n64 n64_not(n64 a) { return v32_not(a); }
VINL n64 n64_mul32_u(n64 a, n64 b) { return X86_V(mul_epu32)(a, b); }
#define n64_slli(a, n) h64_slli((a), (n))
#define n64_srli(a, n) h64_srli((a), (n))
VINL n64m n64_cmpeq(n64 a, n64 b) { return h64_cmpeq(a, b); }
VINL n64m n64_cmpgt_s(n64 a, n64 b) { return h64_cmpgt_s(a, b); }
VINL n64 n64_sel(n64m m, n64 a, n64 b) { return h64_sel(m, a, b); }
/* VEC_HAS_N64_FLOAT: n64 is a v32 register (n64_isnan_f64 is the layer's: a mask or a vector) */
#define VEC_HAS_N64_FLOAT 1
VINL n64 n64_fadd_f64(n64 a, n64 b) { return h64_fadd_f64(a, b); }
VINL n64 n64_fsub_f64(n64 a, n64 b) { return h64_fsub_f64(a, b); }
VINL n64 n64_fmul_f64(n64 a, n64 b) { return h64_fmul_f64(a, b); }
VINL n64 n64_or(n64 a, n64 b) { return v32_or(a, b); }
VINL n64 n64_fma_f64(n64 a, n64 b, n64 c) { return h64_fma_f64(a, b, c); }
VINL n64 n64_fdiv_f64(n64 a, n64 b) { return h64_fdiv_f64(a, b); }
VINL n64 n64_fsqrt_f64(n64 a) { return h64_fsqrt_f64(a); }
VINL v32 n64_as_v32(n64 a) { return a; }
VINL n64 v32_as_n64(v32 a) { return a; }

/* ---- f32 arithmetic (rounding from MXCSR, set by the kernel) -------------------------------- */
VINL v32 v32_fadd_f32(v32 a, v32 b) { return I32_(X86_V(add_ps)(F32_(a), F32_(b))); }
VINL v32 v32_fsub_f32(v32 a, v32 b) { return I32_(X86_V(sub_ps)(F32_(a), F32_(b))); }
VINL v32 v32_fmul_f32(v32 a, v32 b) { return I32_(X86_V(mul_ps)(F32_(a), F32_(b))); }
VINL v32 v32_fdiv_f32(v32 a, v32 b) { return I32_(X86_V(div_ps)(F32_(a), F32_(b))); }
VINL v32 v32_fsqrt_f32(v32 a) { return I32_(X86_V(sqrt_ps)(F32_(a))); }
VINL v32 v32_fma_f32(v32 a, v32 b, v32 c)
{
    return I32_(X86_V(fmadd_ps)(F32_(a), F32_(b), F32_(c)));
}
/* maxps / minps: the second operand when either is NaN or both are zeros. */
VINL v32 v32_fmax_f32(v32 a, v32 b) { return I32_(X86_V(max_ps)(F32_(a), F32_(b))); }
VINL v32 v32_fmin_f32(v32 a, v32 b) { return I32_(X86_V(min_ps)(F32_(a), F32_(b))); }

/* ---- GFNI (PTX_EXT_GFNI: each extension's table is the layer built again with its flags) ----- */
#if PTX_EXT_GFNI
#include <simde/x86/gfni.h>
#define VEC_HAS_REVBITS8 1
/* gf2p8affineqb with the anti-diagonal matrix: result bit i of a byte = its bit 7 - i. */
VINL v32 v32_revbits8(v32 a)
{
    return X86_V(gf2p8affine_epi64_epi8)(a, h64_set1(0x8040201008040201ull), 0);
}
#endif

#endif
