/* SIMD bodies of the logic and shift instructions (9.7.8): and, or, xor, not on bit types and on
 * predicates (a chunk's lane masks), cnot, shl, shr, shf. 16-bit lanes widen to 32 for the
 * shifts, which the layers have only there, and narrow back (the same lanes, the low halves). */
#ifndef PTXCPU_SIMD_LOGIC_OPS_H
#define PTXCPU_SIMD_LOGIC_OPS_H

/* and, or, xor, not of the three widths */
#define SIMD_LOGIC_DEF(SEM, OP16, OP32, OP64)                                                    \
    SIMD_BODY(SEM, 16, 16, 16, 0, 0)                                                           \
    {                                                                                          \
        (void)ty, (void)ty2, (void)m, (void)rnd, (void)c, (void)e, (void)cf;                   \
        return OP16(a, b);                                                                     \
    }                                                                                          \
    SIMD_BODY(SEM, 32, 32, 32, 0, 0)                                                           \
    {                                                                                          \
        (void)ty, (void)ty2, (void)m, (void)rnd, (void)c, (void)e, (void)cf;                   \
        return OP32(a, b);                                                                     \
    }                                                                                          \
    SIMD_BODY(SEM, 64, 64, 64, 0, 0)                                                           \
    {                                                                                          \
        (void)ty, (void)ty2, (void)m, (void)rnd, (void)c, (void)e, (void)cf;                   \
        return OP64(a, b);                                                                     \
    }
#define SIMD_NOT32_(a, b) v32_not(a)
#define SIMD_NOT64_(a, b) v64_not(a)
SIMD_LOGIC_DEF(AND, v16_and, v32_and, v64_and)
SIMD_LOGIC_DEF(OR, v16_or, v32_or, v64_or)
SIMD_LOGIC_DEF(XOR, v16_xor, v32_xor, v64_xor)
#undef SIMD_LOGIC_DEF
SIMD_BODY(NOT, 16, 16, 0, 0, 0) { return v16_xor(a, v16_set1(0xffff)); }
SIMD_BODY(NOT, 32, 32, 0, 0, 0) { return v32_not(a); }
SIMD_BODY(NOT, 64, 64, 0, 0, 0) { return v64_not(a); }

/* .pred: a warp's masks, one word each (the word kernel of simd/kernels_pred.h) */
VINL ptxcpu_lanemask simd_word_AND(ptxcpu_lanemask a, ptxcpu_lanemask b) { return a & b; }
VINL ptxcpu_lanemask simd_word_OR(ptxcpu_lanemask a, ptxcpu_lanemask b) { return a | b; }
VINL ptxcpu_lanemask simd_word_XOR(ptxcpu_lanemask a, ptxcpu_lanemask b) { return a ^ b; }
VINL ptxcpu_lanemask simd_word_NOT(ptxcpu_lanemask a, ptxcpu_lanemask b) { return (void)b, ~a; }
/* the same on VL warps' masks at once (the word kernel's loop over packed masks) */
VINL v32 simd_words_AND(v32 a, v32 b) { return v32_and(a, b); }
VINL v32 simd_words_OR(v32 a, v32 b) { return v32_or(a, b); }
VINL v32 simd_words_XOR(v32 a, v32 b) { return v32_xor(a, b); }
VINL v32 simd_words_NOT(v32 a, v32 b) { return (void)b, v32_not(a); }

/* cnot: 1 where a is 0, else 0 */
SIMD_BODY(CNOT, 16, 16, 0, 0, 0) { return v16_sel(v16_cmpeq(a, v16_set1(0)), v16_set1(1), v16_set1(0)); }
SIMD_BODY(CNOT, 32, 32, 0, 0, 0) { return v32_sel(v32_cmpeq(a, v32_zero()), v32_set1(1), v32_zero()); }
SIMD_BODY(CNOT, 64, 64, 0, 0, 0)
{
    const v64 zero = v64_set1(0);
    return v64_sel(v64_cmpeq(a, zero), v64_set1(1), zero);
}

/* shl, shr by the unsigned 32-bit b: the layers' variable shifts give 0 for an amount of the
 * lane width or more (the clamp); an arithmetic shift is a logical one of a ^ s, then ^ s (s:
 * the sign in every bit), which fills with the sign for any amount */
SIMD_BODY(SHL, 16, 16, 32, 0, 0) { return v16_from32(v32_sllv(v32_from16_u(a), b)); }
SIMD_BODY(SHL, 32, 32, 32, 0, 0) { return v32_sllv(a, b); }
SIMD_BODY(SHL, 64, 64, 32, 0, 0) { return v64_sllv(a, v64_from32_u(b)); }
VINL v32 simd_sra32(v32 a, v32 n)
{
    const v32 s = v32_srai(a, 31);
    return v32_xor(v32_srlv(v32_xor(a, s), n), s);
}
SIMD_BODY(SHR, 16, 16, 32, 0, 0)
{
    return v16_from32(ty == TY_S16 ? simd_sra32(v32_from16_s(a), b)
                                   : v32_srlv(v32_from16_u(a), b));
}
SIMD_BODY(SHR, 32, 32, 32, 0, 0) { return ty == TY_S32 ? simd_sra32(a, b) : v32_srlv(a, b); }
SIMD_BODY(SHR, 64, 64, 32, 0, 0)
{
    const v64 n = v64_from32_u(b);
    if (ty != TY_S64)
        return v64_srlv(a, n);
#ifdef VEC_HAS_SRAV64
    return v64_srav(a, n);
#else
    const v64 zero = v64_set1(0), s = v64_sel(v64_cmpgt_s(zero, a), v64_set1(~0ull), zero);
    return v64_xor(v64_srlv(v64_xor(a, s), n), s);
#endif
}

/* shf: n = min(c, 32) or c & 31; .l: (b << n) | (a >> (32 - n)), .r: (b << (32 - n)) | (a >> n),
 * each shift by 32 giving 0 (so n = 0 and n = 32 need no case) */
SIMD_BODY(SHF, 32, 32, 32, 32, 0)
{
    const v32 n = (m & M_CLAMP) ? v32_min_u(c, v32_set1(32)) : v32_and(c, v32_set1(31));
    const v32 k = v32_sub(v32_set1(32), n);
    return (m & M_LEFT) ? v32_or(v32_sllv(b, n), v32_srlv(a, k))
                        : v32_or(v32_sllv(b, k), v32_srlv(a, n));
}

#endif
