/* Float and half abs/neg/min/max bodies (9.7.3.9-12, 9.7.4.5-8) on the vector layer, all integer
 * operations on the bit patterns (no FP environment); the reference is scalar/float_sign_ops.h.
 * min/max compare sign-magnitude patterns as signed integers: that is the float order (with
 * -0 < +0) except when both are negative, where it is reversed, so the signed min and max swap. */
#ifndef PTXCPU_SIMD_FLOAT_SIGN_OPS_H
#define PTXCPU_SIMD_FLOAT_SIGN_OPS_H

/* ---- two 16-bit elements per v32 lane (f16x2, bf16x2; the scalar 16-bit rows widened) ------- */
#define FSG_H2(x) ((uint32_t)(x) * 0x10001u) /* x in both halves */
/* exponent field of the half format: f16 0x7c00, bf16 0x7f80 */
#define FSG_H2_EXP(ty) (((ty) == TY_BF16 || (ty) == TY_BF16X2) ? 0x7f80u : 0x7c00u)
/* all ones in the halves of mag (a magnitude, sign bits clear) that are NaN: mag > exp sets the
 * half's top bit of mag + (0x7fff - exp), which never carries out of the half */
VINL v32 fsg_h2_nanmask(v32 mag, uint32_t exp)
{
    return v32_srai16(v32_add(mag, v32_set1(FSG_H2(0x7fff - exp))), 15);
}
/* .ftz (f16): a half whose exponent field is 0 keeps only its sign */
VINL v32 fsg_h2_flush(v32 x)
{
    v32 expf = v32_and(x, v32_set1(FSG_H2(0x7c00)));
    v32 normal = v32_srai16(v32_add(expf, v32_set1(FSG_H2(0x7fff))), 15);
    return v32_and(x, v32_or(normal, v32_set1(FSG_H2(0x8000))));
}
VINL v32 fsg_h2_bitsel(v32 m, v32 x, v32 y) { return v32_or(v32_and(m, x), v32_andnot(m, y)); }

VINL v32 fsg_h2_absneg(int neg, unsigned m, uint32_t exp, v32 x)
{
    if (m & M_FTZ)
        x = fsg_h2_flush(x);
    v32 mag = v32_and(x, v32_set1(FSG_H2(0x7fff)));
    v32 nan = fsg_h2_nanmask(mag, exp), r = neg ? v32_xor(x, v32_set1(FSG_H2(0x8000))) : mag;
    return v32_or(v32_andnot(nan, r), v32_srli16(nan, 1)); /* NaN halves: 0x7fff */
}

VINL v32 fsg_h2_minmax(int mx, unsigned m, uint32_t exp, v32 a, v32 b)
{
    const v32 magm = v32_set1(FSG_H2(0x7fff));
    if (m & M_FTZ) {
        a = fsg_h2_flush(a);
        b = fsg_h2_flush(b);
    }
    v32 ma = v32_and(a, magm), mb = v32_and(b, magm);
    v32 na = fsg_h2_nanmask(ma, exp), nb = fsg_h2_nanmask(mb, exp);
    v32 nanres = (m & M_NAN) ? v32_or(na, nb) : v32_and(na, nb), r;
    if (m & M_XORSIGN) {
        /* magnitudes: signed order is the float order, NaNs above infinity; max reads them as 0 */
        r = mx ? v32_max16_s(v32_andnot(na, ma), v32_andnot(nb, mb)) : v32_min16_s(ma, mb);
        r = v32_or(r, v32_and(v32_xor(a, b), v32_set1(FSG_H2(0x8000))));
    } else {
        /* a NaN becomes what the comparison never picks: 0x7fff (the top) for min, 0xffff for
         * max (negative, below every other negative pattern in the reversed order) */
        if (mx) {
            a = v32_or(a, na);
            b = v32_or(b, nb);
        } else {
            a = v32_or(v32_andnot(na, a), v32_srli16(na, 1));
            b = v32_or(v32_andnot(nb, b), v32_srli16(nb, 1));
        }
        v32 bothneg = v32_srai16(v32_and(a, b), 15);
        v32 lo = v32_min16_s(a, b), hi = v32_max16_s(a, b);
        r = mx ? fsg_h2_bitsel(bothneg, lo, hi) : fsg_h2_bitsel(bothneg, hi, lo);
        if (!mx && !(m & M_NAN))
            return r; /* two NaNs already gave 0x7fff */
    }
    return v32_or(v32_andnot(nanres, r), v32_srli16(nanres, 1));
}

/* ---- f32 ------------------------------------------------------------------------------------ */
VINL v32 fsg_f32_absneg(int neg, unsigned m, v32 x)
{
    if (m & M_FTZ)
        x = f32_flush(x);
    v32 mag = v32_and(x, v32_set1(0x7fffffff));
#ifdef VEC_HAS_ISNAN_F32 /* neg runs in the FP environment (exceptions masked): one compare */
    if (neg)
        return v32_sel(v32_isnan_f32(x), v32_set1(0x7fffffff), v32_xor(x, v32_set1(0x80000000u)));
#endif
    vm nan = v32_cmpgt_s(mag, v32_set1(0x7f800000));
    return v32_sel(nan, v32_set1(0x7fffffff), neg ? v32_xor(x, v32_set1(0x80000000u)) : mag);
}

VINL v32 fsg_f32_minmax(int mx, unsigned m, v32 a, v32 b)
{
    const v32 magm = v32_set1(0x7fffffff), inf = v32_set1(0x7f800000);
    if (m & M_FTZ) {
        a = f32_flush(a);
        b = f32_flush(b);
    }
    v32 ma = v32_and(a, magm), mb = v32_and(b, magm), r;
    vm na = v32_cmpgt_s(ma, inf), nb = v32_cmpgt_s(mb, inf);
    vm nanres = (m & M_NAN) ? vm_or(na, nb) : vm_and(na, nb);
    if (m & M_XORSIGN) {
        r = mx ? v32_max_s(v32_sel(na, v32_zero(), ma), v32_sel(nb, v32_zero(), mb))
               : v32_min_s(ma, mb);
        r = v32_or(r, v32_and(v32_xor(a, b), v32_set1(0x80000000u)));
    } else {
        v32 nanv = mx ? v32_set1(0xffffffffu) : magm; /* as for the halves */
        a = v32_sel(na, nanv, a);
        b = v32_sel(nb, nanv, b);
        vm bothneg = v32_cmplt_s(v32_and(a, b), v32_zero());
        v32 lo = v32_min_s(a, b), hi = v32_max_s(a, b);
        r = mx ? v32_sel(bothneg, lo, hi) : v32_sel(bothneg, hi, lo);
        if (!mx && !(m & M_NAN))
            return r;
    }
    return v32_sel(nanres, magm, r);
}

/* ---- f64 NaNs keep their payload: abs unchanged; neg, min, max quieted (two: b's) ----------- */
VINL vm fsg_f64_isnan(v64 x)
{
    return v64_cmpgt_s(v64_and(x, v64_set1(0x7fffffffffffffffull)),
                       v64_set1(0x7ff0000000000000ull));
}
VINL v64 fsg_f64_minmax(int mx, unsigned m, v64 a, v64 b)
{
    vm na = fsg_f64_isnan(a), nb = fsg_f64_isnan(b);
    vm nanres = (m & M_NAN) ? vm_or(na, nb) : vm_and(na, nb);
    v64 nanv = v64_set1(mx ? ~0ull : 0x7fffffffffffffffull);
    v64 x = v64_sel(na, nanv, a), y = v64_sel(nb, nanv, b);
    vm bothneg = v64_cmpgt_s(v64_set1(0), v64_and(x, y)), xgt = v64_cmpgt_s(x, y);
    v64 lo = v64_sel(xgt, y, x), hi = v64_sel(xgt, x, y);
    v64 r = mx ? v64_sel(bothneg, lo, hi) : v64_sel(bothneg, hi, lo);
    v64 first = v64_or(v64_sel(nb, b, a), v64_set1(1ull << 51));
    return v64_sel(nanres, first, r);
}

/* ---- bodies --------------------------------------------------------------------------------- */
SIMD_BODY(FABS, 16, 16, 0, 0, 0)
{
    return v16_from32(fsg_h2_absneg(0, m, FSG_H2_EXP(ty), v32_from16_u(a)));
}
SIMD_BODY(FNEG, 16, 16, 0, 0, 0)
{
    return v16_from32(fsg_h2_absneg(1, m, FSG_H2_EXP(ty), v32_from16_u(a)));
}
SIMD_BODY(FABS, 32, 32, 0, 0, 0)
{
    return ty == TY_F32 ? fsg_f32_absneg(0, m, a) : fsg_h2_absneg(0, m, FSG_H2_EXP(ty), a);
}
SIMD_BODY(FNEG, 32, 32, 0, 0, 0)
{
    return ty == TY_F32 ? fsg_f32_absneg(1, m, a) : fsg_h2_absneg(1, m, FSG_H2_EXP(ty), a);
}
SIMD_BODY(FABS, 64, 64, 0, 0, 0)
{
    return v64_sel(fsg_f64_isnan(a), a, v64_and(a, v64_set1(0x7fffffffffffffffull)));
}
SIMD_BODY(FNEG, 64, 64, 0, 0, 0)
{
    return v64_sel(fsg_f64_isnan(a), v64_or(a, v64_set1(1ull << 51)),
                   v64_xor(a, v64_set1(1ull << 63)));
}
#define FSG_MINMAX_BODIES(SEM, MX)                                                               \
    SIMD_BODY(SEM, 16, 16, 16, 0, 0)                                                           \
    {                                                                                          \
        v32 r = fsg_h2_minmax(MX, m, FSG_H2_EXP(ty), v32_from16_u(a), v32_from16_u(b));        \
        return v16_from32(r);                                                                  \
    }                                                                                          \
    SIMD_BODY(SEM, 32, 32, 32, 0, 0)                                                           \
    {                                                                                          \
        if (ty == TY_F32)                                                                      \
            return fsg_f32_minmax(MX, m, a, b);                                                \
        return fsg_h2_minmax(MX, m, FSG_H2_EXP(ty), a, b);                                     \
    }                                                                                          \
    SIMD_BODY(SEM, 64, 64, 64, 0, 0) { return fsg_f64_minmax(MX, m, a, b); }
FSG_MINMAX_BODIES(FMIN, 0)
FSG_MINMAX_BODIES(FMAX, 1)
#undef FSG_MINMAX_BODIES

#include "simd/float_minmax3_ops.h" /* the three-input min/max .f32 */

#endif
