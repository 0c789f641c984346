/* The vector-layer contract: every primitive an <isa>/vec.h gives the op bodies (simd/int_ops.h,
 * float_ops.h) and the kernel template (simd/kernels.h), one line of semantics each, in lists that
 * simd/vec_check.h checks each layer against; and the width-generic names (VT, SIMD_BODY, ...). */
#ifndef PTXCPU_SIMD_VEC_CONTRACT_H
#define PTXCPU_SIMD_VEC_CONTRACT_H

#include <stdint.h>

/* Primitives are always inlined: a body becomes straight-line code only once they are, and no
 * copy may be emitted that the linker could share between ISA objects. (The emulated test tables
 * define VINL as plain static inline: their code only needs to be right.) */
#ifndef VINL
#define VINL static inline __attribute__((always_inline))
#endif

/* ---- types ------------------------------------------------------------------------------------
 * A layer works on chunks of VL lanes (VL a power of two dividing 32, the warp size), every lane
 * type with the same count, so bodies mix widths without moving lanes between vectors:
 *   VL    lanes per chunk
 *   v16   VL x u16;   v32   VL x u32
 *   v64   VL x u64, and exactly `struct { v32 lo, hi; }`: lanes 0..VL/2-1 in lo, the rest in hi,
 *         each half VL/2 u64 elements. Bodies rely on it: they apply v32 bit and byte ops to .lo
 *         and .hi, build results as (v64){lo, hi}, and read an f32x2 lane as two f32 of a half.
 *         simd/vec_pair64.h holds the v64 primitives that follow from the halves' ops.
 *   vm    one flag per lane (a vector of all-ones/zero lanes, or a mask register)
 * Each primitive below is a function of exactly the signature given (not a macro: the check takes
 * its type), except the shifts by an immediate, which are macros wherever the ISA needs the count
 * as a constant. Signed variants (_s) read the lanes as two's complement; all arithmetic wraps. */

/* X(return type, name, (parameter types)) */
#define VEC_LOADSTORE(X)                                                                           \
    X(v16, v16_load, (const uint16_t *))  /* VL lanes from p (any alignment) */                    \
    X(v32, v32_load, (const uint32_t *))                                                           \
    X(v64, v64_load, (const uint64_t *))                                                           \
    X(void, v16_store, (uint16_t *, v16)) /* VL lanes to p */                                      \
    X(void, v32_store, (uint32_t *, v32))                                                          \
    X(void, v64_store, (uint64_t *, v64))                                                          \
    /* lane i to p[i] where bit i of bits is 1; no other lane is touched, not even rewritten with  \
     * its own value (another thread may own it) */                                                \
    X(void, v16_store_guard, (uint16_t *, v16, uint32_t))                                          \
    X(void, v32_store_guard, (uint32_t *, v32, uint32_t))                                          \
    X(void, v64_store_guard, (uint64_t *, v64, uint32_t))                                          \
    X(v16, v16_set1, (uint16_t))          /* x in every lane */                                    \
    X(v32, v32_set1, (uint32_t))                                                                   \
    X(v64, v64_set1, (uint64_t))                                                                   \
    X(v32, v32_zero, (void))              /* 0; also what an absent operand reads */

#define VEC_MASKS(X)                                                                               \
    X(vm, vm_from_bits, (uint32_t))       /* lane i set iff bit i is (bits VL and up ignored) */   \
    X(uint32_t, vm_to_bits, (vm))         /* and back (bits VL and up 0) */                        \
    /* lane i set iff bit k * VL + i of word is: chunk k's lanes of a warp's CC word, the word     \
     * common to the warp's chunks (the kernel template's flat path) */                           \
    X(vm, vm_from_word, (uint32_t, unsigned))                                                      \
    X(vm, vm_and, (vm, vm))                                                                        \
    X(vm, vm_or, (vm, vm))                                                                         \
    X(vm, vm_andnot, (vm, vm))            /* ~a & b */                                             \
    X(vm, vm_not, (vm))                                                                            \
    X(vm, vm_xor, (vm, vm))                                                                        \
    X(vm, vm_none, (void))                /* no lane set */                                        \
    X(int, vm_any, (vm))                  /* nonzero iff some lane is set */

#define VEC_INT16(X)                                                                               \
    X(v16, v16_add, (v16, v16))                                                                    \
    X(v16, v16_sub, (v16, v16))                                                                    \
    X(v16, v16_mullo, (v16, v16))         /* low 16 bits of the product */                         \
    X(v16, v16_mulhi_u, (v16, v16))       /* high 16 bits of the 32-bit product */                 \
    X(v16, v16_mulhi_s, (v16, v16))                                                                \
    X(v16, v16_and, (v16, v16))                                                                    \
    X(v16, v16_or, (v16, v16))                                                                     \
    X(v16, v16_xor, (v16, v16))                                                                    \
    X(v16, v16_min_u, (v16, v16))                                                                  \
    X(v16, v16_max_u, (v16, v16))                                                                  \
    X(v16, v16_min_s, (v16, v16))                                                                  \
    X(v16, v16_max_s, (v16, v16))                                                                  \
    X(v16, v16_abs_s, (v16))              /* -32768 stays */                                       \
    X(vm, v16_cmpeq, (v16, v16))                                                                   \
    X(vm, v16_cmpgt_s, (v16, v16))                                                                 \
    /* the same compares as 16-bit lane masks (0xffff or 0 a lane), so that a 16-bit test stays   \
     * in 16-bit lanes until vm_of_m16 makes its one vm (AVX2 and NEON widen each vm) */          \
    X(v16, v16_eqm, (v16, v16))                                                                    \
    X(v16, v16_gtm_s, (v16, v16))                                                                  \
    X(vm, vm_of_m16, (v16))               /* 16-bit lane masks as the lanes' vm */                 \
    X(v16, v16_sel, (vm, v16, v16))       /* m ? a : b, per lane */

#define VEC_INT32(X)                                                                               \
    X(v32, v32_add, (v32, v32))                                                                    \
    X(v32, v32_sub, (v32, v32))                                                                    \
    X(v32, v32_mullo, (v32, v32))         /* low 32 bits of the product */                         \
    X(v32, v32_mulhi_u, (v32, v32))       /* high 32 bits of the 64-bit product */                 \
    X(v32, v32_mulhi_s, (v32, v32))                                                                \
    X(v32, v32_divq, (v32, v32, int))     /* trunc(a / b), signed iff the int is; b != 0, and     \
                                             INT_MIN / -1 is the caller's business */              \
    X(v32, v32_and, (v32, v32))                                                                    \
    X(v32, v32_or, (v32, v32))                                                                     \
    X(v32, v32_xor, (v32, v32))                                                                    \
    X(v32, v32_andnot, (v32, v32))        /* ~a & b */                                             \
    X(v32, v32_not, (v32))                                                                         \
    X(v32, v32_sllv, (v32, v32))          /* a << n per lane; n >= 32 gives 0 */                   \
    X(v32, v32_srlv, (v32, v32))          /* a >> n per lane (logical); n >= 32 gives 0 */         \
    X(v32, v32_min_u, (v32, v32))                                                                  \
    X(v32, v32_max_u, (v32, v32))                                                                  \
    X(v32, v32_min_s, (v32, v32))                                                                  \
    X(v32, v32_max_s, (v32, v32))                                                                  \
    X(v32, v32_abs_s, (v32))              /* INT_MIN stays */                                      \
    X(vm, v32_cmpeq, (v32, v32))                                                                   \
    X(vm, v32_cmpgt_s, (v32, v32))                                                                 \
    X(vm, v32_cmplt_s, (v32, v32))                                                                 \
    X(vm, v32_cmpgt_u, (v32, v32))                                                                 \
    X(vm, v32_cmplt_u, (v32, v32))                                                                 \
    X(v32, v32_sel, (vm, v32, v32))       /* m ? a : b, per lane */                                \
    X(v32, v32_inc_where, (v32, vm))      /* a + 1 in m's lanes, a elsewhere (a carry in) */       \
    X(v32, v32_dec_where, (v32, vm))      /* a - 1 in m's lanes, a elsewhere (a borrow in) */      \
    /* a & ~bits in the lanes where a & test is 0, a elsewhere (a subnormal flushed to its sign) */ \
    X(v32, v32_clear_where_none, (v32, v32, v32))

/* A v32 also holds 2*VL u16 elements (the x2 types' halves) or 4*VL bytes; these ops see it so. */
#define VEC_INT32_PARTS(X)                                                                         \
    X(v32, v32_add16, (v32, v32))                                                                  \
    X(v32, v32_min16_u, (v32, v32))                                                                \
    X(v32, v32_max16_u, (v32, v32))                                                                \
    X(v32, v32_min16_s, (v32, v32))                                                                \
    X(v32, v32_max16_s, (v32, v32))                                                                \
    X(v32, v32_madd16, (v32, v32))        /* per lane lo16(a) lo16(b) + hi16(a) hi16(b), signed    \
                                             (pmaddwd) */                                          \
    X(v32, v32_shuffle8, (v32, v32))      /* byte i of each 16-byte block: a's byte idx[i] of the  \
                                             same block, 0 where idx[i] has its top bit set; the   \
                                             bodies use only idx bytes 0..15 and 0x80 */           \
    X(v32, v32_bcast16b, (const uint8_t *)) /* a 16-byte pattern repeated over the vector */       \
    X(v32, v32_popc8, (v32))              /* the bit count of every byte */                        \
    X(v32, v32_sum8x8, (v32))             /* each 64-bit element: the sum of its 8 bytes */

#define VEC_INT64(X)                                                                               \
    X(v64, v64_add, (v64, v64))                                                                    \
    X(v64, v64_sub, (v64, v64))                                                                    \
    X(v64, v64_mul32_u, (v64, v64))       /* the 64-bit product of the lanes' low 32 bits,         \
                                             zero-extended (_s: sign-extended) */                  \
    X(v64, v64_mul32_s, (v64, v64))                                                                \
    X(v64, v64_and, (v64, v64))                                                                    \
    X(v64, v64_or, (v64, v64))                                                                     \
    X(v64, v64_xor, (v64, v64))                                                                    \
    X(v64, v64_andnot, (v64, v64))        /* ~a & b */                                             \
    X(v64, v64_not, (v64))                                                                         \
    X(v64, v64_sllv, (v64, v64))          /* n >= 64 gives 0 */                                    \
    X(v64, v64_srlv, (v64, v64))                                                                   \
    X(vm, v64_cmpeq, (v64, v64))                                                                   \
    X(vm, v64_cmpgt_s, (v64, v64))                                                                 \
    X(vm, v64_cmpgt_u, (v64, v64))                                                                 \
    X(v64, v64_sel, (vm, v64, v64))

#define VEC_WIDTHS(X)                                                                              \
    X(v32, v32_from16_u, (v16))           /* zero-extended */                                      \
    X(v32, v32_from16_s, (v16))           /* sign-extended */                                      \
    X(v16, v16_from32, (v32))             /* the low 16 bits of each lane */                       \
    X(v16, v16_from32_ss, (v32))          /* each lane (signed) saturated to -32768..32767 */       \
    X(v16, v16_from32_su, (v32))          /* each lane (signed) saturated to 0..65535 */            \
    X(v64, v64_from32_u, (v32))           /* zero-extended */                                      \
    X(v64, v64_from32_s, (v32))           /* sign-extended */                                      \
    X(v32, v32_from64, (v64))             /* the low 32 bits of each lane */                       \
    X(v32, v32_from64_hi, (v64))          /* the high 32 bits */                                   \
    /* the high 32 bits of each lane and back (low halves 0), in a lane order of the layer's       \
     * choosing: one shuffle each way, for bodies that compute each high word on its own */        \
    X(v32, v32_hi_words, (v64))                                                                    \
    X(v64, v64_of_hi_words, (v32))                                                                 \
    /* a v32's bits as two v16 and back (which lanes go where is the layer's business: the bodies  \
     * only split, work on 16-bit lanes and join) */                                               \
    X(void, v32_split16, (v32, v16 *, v16 *))                                                      \
    X(v32, v32_join16, (v16, v16))

/* Float lanes are bit patterns in the integer vectors; rounding is the mode vec_fenv_enter set. */
#define VEC_FLOAT(X)                                                                               \
    X(v32, v32_fadd_f32, (v32, v32))                                                               \
    X(v32, v32_fsub_f32, (v32, v32))                                                               \
    X(v32, v32_fma_f32, (v32, v32, v32))  /* a * b + c, one rounding */                            \
    X(v32, v32_fmul_f32, (v32, v32))                                                               \
    X(v32, v32_fdiv_f32, (v32, v32))                                                               \
    X(v32, v32_fsqrt_f32, (v32))                                                                   \
    /* x86 maxps / minps: b when either is NaN or both are zeros, else the larger / smaller */     \
    X(v32, v32_fmax_f32, (v32, v32))                                                               \
    X(v32, v32_fmin_f32, (v32, v32))                                                               \
    X(v64, v64_fadd_f64, (v64, v64))                                                               \
    X(v64, v64_fsub_f64, (v64, v64))                                                               \
    X(v64, v64_fmul_f64, (v64, v64))                                                               \
    X(v64, v64_fdiv_f64, (v64, v64))                                                               \
    X(v64, v64_fsqrt_f64, (v64))                                                                   \
    X(v64, v64_fma_f64, (v64, v64, v64))                                                           \
    X(v64, v64_from_f32, (v32))           /* f32 -> f64, exact; a NaN keeps sign and payload,     \
                                             quieted (cvtps2pd, fcvtl: cvt.f64.f32 relies on it) */ \
    X(v32, v32_from_f64, (v64))           /* f64 -> f32, rounded by the mode */                    \
    X(v32, v32_from_f16, (v16))           /* f16 -> f32, exact */                                  \
    X(v16, v16_to_f16_rn, (v32))          /* f32 -> f16, to nearest even whatever the mode */      \
    X(v32, v32_cvt_f32_s32, (v32))        /* s32 -> f32, rounded by the mode */                    \
    /* f32 -> s32 rounded by the mode; a lane that is NaN or out of range gives any value (the     \
     * bodies pass only values in range and fix the others) */                                    \
    X(v32, v32_cvt_s32_f32, (v32))                                                                 \
    X(v32, v32_cvt_s32_f64, (v64))        /* f64 -> s32 the same way */                            \
    X(v64, v64_cvt_f64_s32, (v32))        /* s32 -> f64, exact */                                  \
    /* f32 rounded to an integral value by the mode (a zero keeps its sign; NaN: any NaN) */       \
    X(v32, v32_rint_f32, (v32))

/* The floating-point environment, set once per batch of a float row: vec_fenv_enter(rnd) sets the
 * row's rounding mode (RND_*; RND_NONE as RN), no flush to zero, every exception masked, and
 * returns the caller's state for vec_fenv_leave; neither lets a memory access cross it. */
#define VEC_FENV(X)                                                                                \
    X(vec_fenv, vec_fenv_enter, (int))                                                             \
    X(void, vec_fenv_leave, (vec_fenv))

#define VEC_REQUIRED(X)                                                                            \
    VEC_LOADSTORE(X) VEC_MASKS(X) VEC_INT16(X) VEC_INT32(X) VEC_INT32_PARTS(X) VEC_INT64(X)      \
    VEC_WIDTHS(X) VEC_FLOAT(X) VEC_FENV(X)

/* Shifts by a constant 0 <= n < the element width: X(type, name) is type name(type a, n). */
#define VEC_SHIFTS_IMM(X)                                                                          \
    X(v32, v32_slli)                                                                               \
    X(v32, v32_srli)                      /* logical */                                            \
    X(v32, v32_srai)                      /* arithmetic */                                         \
    X(v32, v32_slli16)                    /* on the 16-bit elements */                             \
    X(v32, v32_srli16)                                                                             \
    X(v32, v32_srai16)                                                                             \
    X(v64, v64_slli)                                                                               \
    X(v64, v64_srli)

/* ---- optional primitives: a layer that has the operation defines VEC_HAS_<X> to 1 and these;
 * the bodies use them then, and a generic sequence of the primitives above otherwise. */
/* VEC_HAS_ISNAN_F32: a float compare finds the NaN lanes (f32_canon; else an integer compare),
 * the others (isnum: an ordered compare), and the lanes below +inf (ltinf, ordered: on |a|, the
 * finite ones) */
#define VEC_OPT_ISNAN_F32(X)                                                                       \
    X(vm, v32_isnan_f32, (v32)) X(vm, v32_isnum_f32, (v32)) X(vm, v32_ltinf_f32, (v32))
/* VEC_HAS_FCMP_F32: ordered float compares of f32 bits, a < b, a <= b, a == b, a <> b (false on
 * NaN), and unordered (either NaN): quiet, no exception; DAZ clear (setp, set: simd/cmp_ops.h) */
#define VEC_OPT_FCMP_F32(X)                                                                        \
    X(vm, v32_fcmp_lt_f32, (v32, v32)) X(vm, v32_fcmp_le_f32, (v32, v32))                        \
    X(vm, v32_fcmp_eq_f32, (v32, v32)) X(vm, v32_fcmp_lg_f32, (v32, v32))                        \
    X(vm, v32_fcmp_un_f32, (v32, v32))
/* VEC_HAS_TERNLOG: v32_ternlog(a, b, c, imm), a macro: bit j of lane i is bit 4 a + 2 b + c of the
 * constant imm (lop3's immLut in one instruction, AVX-512's vpternlogd); else lop3 runs a formula
 * of the table in and/or/xor/andnot/not (simd/kernels_lop3.h). */
/* VEC_HAS_VM_V32: a mask is a v32 of all-ones/zero lanes already (set's d: the mask ANDed with
 * the true value; else v32_sel) */
#define VEC_OPT_VM_V32(X) X(v32, v32_of_vm, (vm))
/* VEC_HAS_FCMP_F64: the same of f64 bits, v64 lanes */
#define VEC_OPT_FCMP_F64(X)                                                                        \
    X(vm, v64_fcmp_lt_f64, (v64, v64)) X(vm, v64_fcmp_le_f64, (v64, v64))                        \
    X(vm, v64_fcmp_eq_f64, (v64, v64)) X(vm, v64_fcmp_lg_f64, (v64, v64))                        \
    X(vm, v64_fcmp_un_f64, (v64, v64))
/* VEC_HAS_CVT_U64_F64: u64 <-> f64 (64-bit div/rem; else int_ops.h builds both from halves) */
#define VEC_OPT_CVT_U64_F64(X)                                                                     \
    X(v64, v64_cvt_f64_u64, (v64))        /* rounded by the mode */                                \
    X(v64, v64_cvtt_u64_f64, (v64))       /* truncated; the operand is in [0, 2^64) */
/* VEC_HAS_MADD16_ACC: c + v32_madd16(a, b) in one operation (VNNI vpdpwssd; else two) */
#define VEC_OPT_MADD16_ACC(X) X(v32, v32_madd16_acc, (v32, v32, v32))
/* VEC_HAS_DPBUSD: c + the four products of a's unsigned and b's signed bytes, per lane (VNNI
 * vpdpbusd); int_ops.h builds v32_dot4_acc on it and defines VEC_HAS_DOT4 */
#define VEC_OPT_DPBUSD(X) X(v32, v32_dpbusd, (v32, v32, v32))
/* VEC_HAS_DOT4 (not with VEC_HAS_DPBUSD): c + the four products of a's and b's bytes per lane, a's
 * signed iff sa, b's iff sb (dp4a; else 16-bit pmaddwd pairs) */
#define VEC_OPT_DOT4(X) X(v32, v32_dot4_acc, (v32, v32, v32, int, int))
/* VEC_HAS_POPC: bit counts of 32- and 64-bit lanes (popc, clz; else per-byte counts summed) */
#define VEC_OPT_POPC(X)                                                                            \
    X(v32, v32_popc, (v32))                                                                        \
    X(v32, v64_popc, (v64))
/* VEC_HAS_CLZ: leading zeros of 32- and 64-bit lanes, 32 / 64 for 0 (clz, bfind; else smear and
 * count) */
#define VEC_OPT_CLZ(X)                                                                             \
    X(v32, v32_clz, (v32))                                                                         \
    X(v32, v64_clz, (v64))
/* VEC_HAS_REVBITS8: the bits of every byte reversed (brev; else two nibble lookups) */
#define VEC_OPT_REVBITS8(X) X(v32, v32_revbits8, (v32))
/* VEC_HAS_SRAV64: arithmetic shift of 64-bit lanes by n, the sign for n >= 64 (shr.s64; else a
 * logical shift between two XORs with a sign built by a compare and a select) */
#define VEC_OPT_SRAV64(X) X(v64, v64_srav, (v64, v64))
/* VEC_HAS_WARP_BITS: a warp's lane flags as its mask word, from its NCH chunks' masks m[0..NCH-1]
 * (lane i of chunk k at bit k * VL + i: testp; else one vm_to_bits, shift and or a chunk) */
#define VEC_OPT_WARP_BITS(X) X(uint32_t, vm_warp_bits, (const vm *))
/* VEC_HAS_WARP_PERMUTE: lane i is lane idx[i] (0..31) of the warp register at p, its 32 lanes
 * read as the layer likes (shfl.sync: AVX-512's vpermi2d, AVX2's four vpermd; else a store of idx
 * and one load a lane) */
#define VEC_OPT_WARP_PERMUTE(X) X(v32, v32_warp_permute, (const uint32_t *, v32))

/* ---- native geometries (optional): a layer whose vector holds NL16 u16 or NL64 u64 lanes defines
 * VEC_HAS_NATIVE16 / VEC_HAS_NATIVE64, NL16 / NL64 (powers of two dividing 32) and these. The kernel
 * template then runs a row whose d and sources all have that width, in a family with a native body
 * (simd/native_ops.h), on full vectors of that width instead of VL-lane chunks: no half-empty
 * 16-bit vectors, no {lo, hi} pairs or width-generic masks around 64-bit lanes.
 *   n16   NL16 x u16                       n64   NL64 x u64
 *   n64m  one flag per n64 lane (a mask register, or a vector of all-ones/zero 64-bit lanes) */
#define VEC_NATIVE16(X)                                                                            \
    X(n16, n16_load, (const uint16_t *))  /* NL16 lanes from p (any alignment) */                  \
    X(void, n16_store, (uint16_t *, n16))                                                          \
    X(void, n16_store_guard, (uint16_t *, n16, uint32_t)) /* as v16_store_guard, NL16 lanes */     \
    X(n16, n16_zero, (void))                                                                       \
    X(n16, n16_set1, (uint16_t))                                                                   \
    X(n16, n16_add, (n16, n16))                                                                    \
    X(n16, n16_sub, (n16, n16))                                                                    \
    X(n16, n16_mullo, (n16, n16))                                                                  \
    X(n16, n16_mulhi_u, (n16, n16))                                                                \
    X(n16, n16_mulhi_s, (n16, n16))                                                                \
    X(n16, n16_min_u, (n16, n16))                                                                  \
    X(n16, n16_max_u, (n16, n16))                                                                  \
    X(n16, n16_min_s, (n16, n16))                                                                  \
    X(n16, n16_max_s, (n16, n16))                                                                  \
    X(n16, n16_abs_s, (n16))              /* -32768 stays */                                       \
    X(n16, n16_and, (n16, n16))                                                                    \
    X(n16, n16_or, (n16, n16))                                                                     \
    X(n16, n16_xor, (n16, n16))                                                                    \
    X(n16, n16_not, (n16))
#define VEC_NATIVE64(X)                                                                            \
    X(n64, n64_load, (const uint64_t *))  /* NL64 lanes from p (any alignment) */                  \
    X(void, n64_store, (uint64_t *, n64))                                                          \
    X(void, n64_store_guard, (uint64_t *, n64, uint32_t)) /* as v64_store_guard, NL64 lanes */     \
    X(n64, n64_zero, (void))                                                                       \
    X(n64, n64_set1, (uint64_t))                                                                   \
    X(n64, n64_add, (n64, n64))                                                                    \
    X(n64, n64_sub, (n64, n64))                                                                    \
    X(n64, n64_and, (n64, n64))                                                                    \
    X(n64, n64_xor, (n64, n64))                                                                    \
    X(n64, n64_or, (n64, n64))                                                                     \
    X(n64, n64_not, (n64))                                                                         \
    X(n64, n64_mul32_u, (n64, n64))       /* the 64-bit product of the lanes' low 32 bits */       \
    X(n64, n64_min_u, (n64, n64))                                                                  \
    X(n64, n64_max_u, (n64, n64))                                                                  \
    X(n64, n64_min_s, (n64, n64))                                                                  \
    X(n64, n64_max_s, (n64, n64))                                                                  \
    X(n64, n64_abs_s, (n64))              /* INT64_MIN stays */                                    \
    X(n64, n64_signfill, (n64))           /* all ones where the lane is negative, else 0 */        \
    X(n64, n64_hi32, (n64))               /* high 32 bits to the low half (high half: any) */      \
    X(n64, n64_sub_ifneg, (n64, n64, n64)) /* r - x where s < 0 (signed), else r: (r, s, x) */    \
    X(n64m, n64_cmpeq, (n64, n64))                                                                 \
    X(n64m, n64_cmpgt_u, (n64, n64))                                                               \
    X(n64m, n64_cmpgt_s, (n64, n64))                                                               \
    X(n64, n64_sel, (n64m, n64, n64))     /* m ? a : b, per lane */                                \
    X(n64, n64_inc_where, (n64, n64m))    /* a + 1 in the set lanes, a in the others */            \
    X(n64, n64_dec_where, (n64, n64m))    /* a - 1 in the set lanes */                             \
    /* lane i set iff bit k NL64 + i of a warp's bits is (vector k of the warp: the whole word, so \
     * the warp's vectors share its broadcast) */                                                  \
    X(n64m, n64m_from_bits, (uint32_t, unsigned))                                                  \
    X(uint32_t, n64m_to_bits, (n64m))     /* lane i to bit i (bits NL64 and up 0) */               \
    X(n64m, n64m_and, (n64m, n64m))                                                                \
    X(n64m, n64m_or, (n64m, n64m))                                                                 \
    X(n64m, n64m_none, (void))
/* VEC_HAS_WIDEN16 (with VEC_HAS_NATIVE16): the widening geometry of 16 -> 32-bit rows (mul.wide,
 * mad.wide .u16/.s16). A w32 holds the 32-bit results of one n16's NL16 lanes (in an order only
 * these primitives see); load / store put lane i at p[i]. */
#define VEC_WIDEN16(X)                                                                             \
    X(w32, w32_load, (const uint32_t *))                                                           \
    X(void, w32_store, (uint32_t *, w32))                                                          \
    X(void, w32_store_guard, (uint32_t *, w32, uint32_t)) /* lane i where bit i is set */          \
    X(w32, w32_zero, (void))                                                                       \
    X(w32, w32_add, (w32, w32))                                                                    \
    X(w32, w32_mul16_u, (n16, n16))       /* exact products of the u16 lanes */                    \
    X(w32, w32_mul16_s, (n16, n16))       /* of the s16 lanes */
/* VEC_LANE_MULHI_S64 / VEC_LANE_MULHI_U64 (no primitives): mul.hi.s64 / .u64 run lane by lane
 * through the scalar reference, where the core's scalar 64 x 64 -> 128-bit multiply beats the
 * layer's vector sequence (measured: docs/PERFORMANCE.md) */
/* with VEC_HAS_NATIVE64, shifts by a constant as VEC_SHIFTS_IMM */
#define VEC_NATIVE64_SHIFTS_IMM(X)                                                                 \
    X(n64, n64_slli)                                                                               \
    X(n64, n64_srli)
/* VEC_HAS_N64_MULLO (with VEC_HAS_NATIVE64): the low 64 bits of the product (AVX-512 DQ vpmullq;
 * else native_ops.h builds it from 32-bit partial products) */
#define VEC_OPT_N64_MULLO(X) X(n64, n64_mullo, (n64, n64))
/* VEC_HAS_N64_FLOAT (with VEC_HAS_NATIVE64): f64 arithmetic on native vectors (rounding by the
 * mode), and an n64 seen as VL 32-bit lanes (the same bits in some order: an f32x2 row's elementwise
 * f32 body runs on it), so that float_ops.h's add / sub / mul / mad / fma rows of 64-bit registers
 * run native */
#define VEC_OPT_N64_FLOAT(X)                                                                       \
    X(n64, n64_fadd_f64, (n64, n64))                                                               \
    X(n64, n64_fsub_f64, (n64, n64))                                                               \
    X(n64, n64_fmul_f64, (n64, n64))                                                               \
    X(n64, n64_fma_f64, (n64, n64, n64))                                                           \
    X(n64, n64_fdiv_f64, (n64, n64))                                                               \
    X(n64, n64_fsqrt_f64, (n64))                                                                   \
    X(n64, n64_or, (n64, n64))            /* (quiets a NaN operand: the f64 NaN rule) */           \
    X(n64m, n64_isnan_f64, (n64))                                                                  \
    X(n64, n64_or_where, (n64m, n64, n64, n64)) /* m ? a | b : r, per lane */                     \
    X(v32, n64_as_v32, (n64))                                                                      \
    X(n64, v32_as_n64, (v32))

/* ---- width-generic names: a register of w bits is a VT(w) in a chunk (w = 0: the operand is
 * absent and reads as a zero v32), SIMD_LT(w) in a lane array, moved by SIMD_VLD / SIMD_VST. */
#define VT(w) VT_(w)
#define VT_(w) VT_##w
#define VT_0 v32
#define VT_1 vm /* a predicate source: the chunk's lanes of the warp's mask */
#define VT_16 v16
#define VT_32 v32
#define VT_64 v64
#define SIMD_LT(w) SIMD_LT_(w)
#define SIMD_LT_(w) SIMD_LT_##w
#define SIMD_LT_0 uint32_t
#define SIMD_LT_16 uint16_t
#define SIMD_LT_32 uint32_t
#define SIMD_LT_64 uint64_t
#define SIMD_VLD(w) SIMD_VLD_(w)
#define SIMD_VLD_(w) SIMD_VLD_##w
#define SIMD_VLD_0 v32_load
#define SIMD_VLD_16 v16_load
#define SIMD_VLD_32 v32_load
#define SIMD_VLD_64 v64_load
#define SIMD_VST(w) SIMD_VST_(w)
#define SIMD_VST_(w) SIMD_VST_##w
#define SIMD_VST_0 v32_store
#define SIMD_VST_16 v16_store
#define SIMD_VST_32 v32_store
#define SIMD_VST_64 v64_store

/* The parameters every op body takes: instruction type, second type, modifiers, rounding, the
 * chunk of each source (absent ones are zero), and CC.CF of the chunk's lanes (in and out). */
#define SIMD_BODY(SEM, DW, AW, BW, CW, EW)                                                       \
    VINL VT(DW) simd_##SEM##_##DW##_##AW(int ty, int ty2, unsigned m, int rnd, VT(AW) a,       \
                                         VT(BW) b, VT(CW) c, VT(EW) e, vm *cf)

#endif
