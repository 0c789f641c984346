/* Three-input min/max{.ftz}{.NaN}{.abs}.f32 bodies (9.7.3.11-12) on the vector layer, integer
 * operations on the bit patterns; the reference is scalar/float_minmax3_ops.h. */
#ifndef PTXCPU_SIMD_FLOAT_MINMAX3_OPS_H
#define PTXCPU_SIMD_FLOAT_MINMAX3_OPS_H

/* .abs: the operands are magnitudes, whose signed order is the float order with NaNs above
 * infinity, so a plain signed min/max of the three does it: min skips NaNs by itself (a NaN
 * result means all three were NaN); max reads NaNs as -1 (below every magnitude) unless .NaN,
 * where the largest magnitude is a NaN exactly when some operand is. */
VINL v32 fsg3_f32_abs(int mx, unsigned m, v32 a, v32 b, v32 c)
{
    const v32 magm = v32_set1(0x7fffffff), inf = v32_set1(0x7f800000);
    a = v32_and(a, magm);
    b = v32_and(b, magm);
    c = v32_and(c, magm);
    if (mx && !(m & M_NAN)) {
        const v32 none = v32_set1(0xffffffffu);
        a = v32_sel(v32_cmpgt_s(a, inf), none, a);
        b = v32_sel(v32_cmpgt_s(b, inf), none, b);
        c = v32_sel(v32_cmpgt_s(c, inf), none, c);
        v32 r = v32_max_s(v32_max_s(a, b), c);
        return v32_sel(v32_cmplt_s(r, v32_zero()), magm, r);
    }
    v32 hi = v32_max_s(v32_max_s(a, b), c);
    v32 r = mx ? hi : v32_min_s(v32_min_s(a, b), c);
    /* min without .NaN: r is NaN only when all are; with .NaN (or max.NaN): hi is NaN when any is */
    v32 nanof = (!mx && !(m & M_NAN)) ? r : hi;
    return v32_sel(v32_cmpgt_s(nanof, inf), magm, r);
}

/* Without .abs: the spec's two steps, each the two-input body (the operands flushed once). */
VINL v32 fsg3_f32(int mx, unsigned m, v32 a, v32 b, v32 c)
{
    if (m & M_FTZ) {
        a = f32_flush(a);
        b = f32_flush(b);
        c = f32_flush(c);
    }
    if (m & M_ABS)
        return fsg3_f32_abs(mx, m, a, b, c);
    unsigned two = m & M_NAN;
    return fsg_f32_minmax(mx, two, fsg_f32_minmax(mx, two, a, b), c);
}

SIMD_BODY(FMIN3, 32, 32, 32, 32, 0) { return fsg3_f32(0, m, a, b, c); }
SIMD_BODY(FMAX3, 32, 32, 32, 32, 0) { return fsg3_f32(1, m, a, b, c); }

#endif
