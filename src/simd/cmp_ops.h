/* SIMD bodies of the comparisons (setp: 9.7.6.2): a chunk's outcome masks, a < b, a == b and
 * unordered, on the operands' bits; the compare kernel (simd/kernels_pred.h) makes a warp's t from
 * them by the operator's truth table, read from the kernel's context. */
#ifndef PTXCPU_SIMD_CMP_OPS_H
#define PTXCPU_SIMD_CMP_OPS_H

typedef struct simd_cmp_out {
    vm lt, eq, un; /* lt and eq are clear in unordered lanes */
} simd_cmp_out;

#define SIMD_CMP_BODY(SEM, W) VINL simd_cmp_out simd_cmp_##SEM##_##W(int ty, unsigned m, VT(W) a, VT(W) b)

/* Floats as the scalar reference reads them (ptx_cmp_outcome): a magnitude above inf is a NaN;
 * .ftz zeroes a subnormal's magnitude; the magnitude negated where the sign is set orders the
 * others as signed integers, -0 and +0 both 0. No FP environment (DAZ) reaches integer compares.
 * Written once for both widths; W-bit lanes hold the magnitudes without overflow. */
#define SIMD_FCMP_DEF(W, ABS, INF, MIN_NORMAL)                                                   \
    VINL simd_cmp_out simd_fcmp_##W(unsigned m, v##W a, v##W b)                                \
    {                                                                                          \
        const v##W zero = v##W##_set1(0), inf = v##W##_set1(INF);                             \
        v##W xa = v##W##_and(a, v##W##_set1(ABS)), xb = v##W##_and(b, v##W##_set1(ABS));      \
        const vm un = vm_or(v##W##_cmpgt_s(xa, inf), v##W##_cmpgt_s(xb, inf));                 \
        if (m & M_FTZ) {                                                                       \
            const v##W min_normal = v##W##_set1(MIN_NORMAL);                                   \
            xa = v##W##_sel(v##W##_cmpgt_s(min_normal, xa), zero, xa);                         \
            xb = v##W##_sel(v##W##_cmpgt_s(min_normal, xb), zero, xb);                         \
        }                                                                                      \
        const v##W ka = v##W##_sel(v##W##_cmpgt_s(zero, a), v##W##_sub(zero, xa), xa);         \
        const v##W kb = v##W##_sel(v##W##_cmpgt_s(zero, b), v##W##_sub(zero, xb), xb);         \
        return (simd_cmp_out){vm_andnot(un, v##W##_cmpgt_s(kb, ka)),                           \
                              vm_andnot(un, v##W##_cmpeq(ka, kb)), un};                        \
    }
SIMD_FCMP_DEF(32, 0x7fffffffu, 0x7f800000u, 0x00800000u)
SIMD_FCMP_DEF(64, 0x7fffffffffffffffull, 0x7ff0000000000000ull, 0x0010000000000000ull)
#undef SIMD_FCMP_DEF

/* 16-bit lanes have a signed compare only: unsigned a < b is min(a, b) == a without a == b */
SIMD_CMP_BODY(SETP, 16)
{
    (void)m;
    const vm eq = v16_cmpeq(a, b);
    const vm lt = ty == TY_S16 ? v16_cmpgt_s(b, a) : vm_andnot(eq, v16_cmpeq(v16_min_u(a, b), a));
    return (simd_cmp_out){lt, eq, vm_none()};
}
SIMD_CMP_BODY(SETP, 32)
{
    if (ty == TY_F32)
        return simd_fcmp_32(m, a, b);
    const vm lt = ty == TY_S32 ? v32_cmplt_s(a, b) : v32_cmplt_u(a, b);
    return (simd_cmp_out){lt, v32_cmpeq(a, b), vm_none()};
}
SIMD_CMP_BODY(SETP, 64)
{
    if (ty == TY_F64)
        return simd_fcmp_64(m, a, b);
    const vm lt = ty == TY_S64 ? v64_cmpgt_s(b, a) : v64_cmpgt_u(b, a);
    return (simd_cmp_out){lt, v64_cmpeq(a, b), vm_none()};
}

/* set (9.7.6.1) compares as setp does */
#define simd_cmp_SET_16 simd_cmp_SETP_16
#define simd_cmp_SET_32 simd_cmp_SETP_32
#define simd_cmp_SET_64 simd_cmp_SETP_64

#endif
