/* Checks the vector layer just defined against simd/vec_contract.h: every <isa>/vec.h includes it
 * last, so a primitive missing or of another type fails that layer's build, used or not. */
#ifndef PTXCPU_SIMD_VEC_CHECK_H
#define PTXCPU_SIMD_VEC_CHECK_H

#include "simd/vec_contract.h"

#ifndef VL
#error "the layer defines VL, its lanes per chunk"
#endif

/* A _Generic with a single association and no default is a compile error unless its (unevaluated)
 * operand has exactly that type: a function must have the contract's signature, a shift macro
 * must take and give its type, and a name nobody declared is an error anyway. Nothing here is
 * ever called or emitted. */
#define VEC_CHECK_FN_(R, NAME, ARGS) (void)_Generic(NAME, R(*) ARGS: 0);
#define VEC_CHECK_IMM_(T, NAME) (void)_Generic(NAME(*(T *)p, 1), T: 0);
static inline void vec_check_contract_(void *p)
{
    (void)_Generic(((v64 *)p)->lo, v32: 0); /* v64 is the pair of v32 halves */
    (void)_Generic(((v64 *)p)->hi, v32: 0);
    VEC_REQUIRED(VEC_CHECK_FN_)
    VEC_SHIFTS_IMM(VEC_CHECK_IMM_)
#ifdef VEC_HAS_NATIVE16
    (void)NL16;
    VEC_NATIVE16(VEC_CHECK_FN_)
#endif
#if defined(VEC_HAS_WIDEN16) && !defined(VEC_HAS_NATIVE16)
#error "VEC_HAS_WIDEN16 needs VEC_HAS_NATIVE16"
#endif
#ifdef VEC_HAS_WIDEN16
    VEC_WIDEN16(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_NATIVE64
    (void)NL64;
    VEC_NATIVE64(VEC_CHECK_FN_)
    VEC_NATIVE64_SHIFTS_IMM(VEC_CHECK_IMM_)
#endif
#if defined(VEC_HAS_N64_MULLO) && !defined(VEC_HAS_NATIVE64)
#error "VEC_HAS_N64_MULLO needs VEC_HAS_NATIVE64"
#endif
#ifdef VEC_HAS_N64_MULLO
    VEC_OPT_N64_MULLO(VEC_CHECK_FN_)
#endif
#if defined(VEC_HAS_N64_FLOAT) && !defined(VEC_HAS_NATIVE64)
#error "VEC_HAS_N64_FLOAT needs VEC_HAS_NATIVE64"
#endif
#ifdef VEC_HAS_N64_FLOAT
    VEC_OPT_N64_FLOAT(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_FCMP_F32
    VEC_OPT_FCMP_F32(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_VM_V32
    VEC_OPT_VM_V32(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_FCMP_F64
    VEC_OPT_FCMP_F64(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_ISNAN_F32
    VEC_OPT_ISNAN_F32(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_CVT_U64_F64
    VEC_OPT_CVT_U64_F64(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_MADD16_ACC
    VEC_OPT_MADD16_ACC(VEC_CHECK_FN_)
#endif
#if defined(VEC_HAS_DPBUSD) && defined(VEC_HAS_DOT4)
#error "VEC_HAS_DPBUSD and VEC_HAS_DOT4: int_ops.h defines v32_dot4_acc on v32_dpbusd"
#endif
#ifdef VEC_HAS_DPBUSD
    VEC_OPT_DPBUSD(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_DOT4
    VEC_OPT_DOT4(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_POPC
    VEC_OPT_POPC(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_CLZ
    VEC_OPT_CLZ(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_REVBITS8
    VEC_OPT_REVBITS8(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_WARP_BITS
    VEC_OPT_WARP_BITS(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_WARP_PERMUTE
    VEC_OPT_WARP_PERMUTE(VEC_CHECK_FN_)
#endif
#ifdef VEC_HAS_SRAV64
    VEC_OPT_SRAV64(VEC_CHECK_FN_)
#endif
}
#undef VEC_CHECK_FN_
#undef VEC_CHECK_IMM_

#endif
