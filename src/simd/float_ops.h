/* Float op bodies (copysign, sub, mad, f16/bf16 add; add, mul, fma: float_arith.h) on the vector
 * layer; the reference is src/scalar/float_ops.h. Rounding comes from MXCSR, which the kernel sets
 * once per batch (RC per the row's mode, FTZ/DAZ off, exceptions masked); .ftz, .sat, canonical
 * NaNs and the f64 NaN rule are done here on the bit patterns, exactly as docs/SEMANTICS.md says. */
#ifndef PTXCPU_SIMD_FLOAT_OPS_H
#define PTXCPU_SIMD_FLOAT_OPS_H

/* ---- f32 bit-pattern helpers ---------------------------------------------------------------- */
VINL v32 f32_flush(v32 x) /* subnormal -> zero of its sign (a zero exponent: clear the rest) */
{
    return v32_clear_where_none(x, v32_set1(0x7f800000), v32_set1(0x7fffffff));
}
VINL v32 f32_canon(v32 x) /* NaN -> 0x7fffffff */
{
#ifdef VEC_HAS_ISNAN_F32 /* a float compare: one operation fewer on a mad chain's critical path */
    vm nan = v32_isnan_f32(x);
#else
    vm nan = v32_cmpgt_s(v32_and(x, v32_set1(0x7fffffff)), v32_set1(0x7f800000));
#endif
    return v32_sel(nan, v32_set1(0x7fffffff), x);
}
/* Clamp to [+0, 1]: x86 max/min return the second operand for NaN and for two zeros, so NaN and
 * -0 become +0. */
VINL v32 f32_sat(v32 x)
{
    return v32_fmin_f32(v32_fmax_f32(x, v32_zero()), v32_set1(0x3f800000));
}
VINL v32 f32_finish(unsigned m, v32 r)
{
    if (m & M_FTZ)
        r = f32_flush(r);
    return (m & M_SAT) ? f32_sat(r) : f32_canon(r);
}
/* The f64 NaN rule of the scalar reference (f64_nan_rule): a NaN result becomes a NaN operand
 * quieted, payload and sign kept, b's before c's before a's, else the canonical NaN. The CPU's
 * own pick cannot be used: x86 takes the first source of the encoding (which the compiler
 * chooses), Arm prefers signalling NaNs. NaN results are rare, so the fix-up sits behind one test;
 * the selects go from the lowest priority (a) to the highest (b). */
VINL vm f64_nan_lanes(v64 x)
{
    return v64_cmpgt_s(v64_and(x, v64_set1(0x7fffffffffffffffull)),
                       v64_set1(0x7ff0000000000000ull));
}
VINL v64 f64_nan_rule_v(unsigned m, v64 r, unsigned n, v64 a, v64 b, v64 c)
{
    if (m & M_RAWNAN) /* a chain step: the chain redoes itself with the rule if it made a NaN */
        return r;
    vm nan = f64_nan_lanes(r);
    if (!vm_any(nan))
        return r;
    v64 quiet = v64_set1(1ull << 51), pick = v64_set1(0x7fffffffffffffffull);
    pick = v64_sel(f64_nan_lanes(a), v64_or(a, quiet), pick);
    if (n == 3)
        pick = v64_sel(f64_nan_lanes(c), v64_or(c, quiet), pick);
    pick = v64_sel(f64_nan_lanes(b), v64_or(b, quiet), pick);
    return v64_sel(nan, pick, r);
}

/* Chains may canonicalize f32 NaNs once, at the end, instead of after every step (the compare
 * and select otherwise sit on the dependency chain after each FMA). Exact for sub, add, mul, mad
 * and fma without .ftz/.sat: canon(f(canon(x))) == canon(f(x)) for every x, because both sides
 * are x's own result when x is not a NaN, and f of any NaN is a NaN (NaN is absorbing in a sum,
 * a product and a fused product-sum, whatever the payload); by induction k steps with a
 * canonicalization after each equal k raw steps canonicalized once. .sat (NaN -> +0) and .ftz
 * (its +-2^-126 edge lanes go to the scalar reference) keep theirs per step. The f64 NaN rule
 * cannot be applied at the end (which NaN survives depends on every step's operands), so f64 steps
 * skip it under M_RAWNAN and a chain whose result has a NaN lane runs again with the rule on every
 * step (kernels.h, SIMD_CHAIN_REDO_NAN): by the same absorption, a result without NaN lanes never
 * had one, and the rule, which changes NaN lanes only, changed nothing on the way. */
#define SIMD_DEFERS_CANON(SEM, m) (PTX_DEFERS_CANON_##SEM && !((m) & (M_FTZ | M_SAT | M_LEGACY)))
VINL v32 simd_canon_32(int ty, v32 x) { return f32_canon(x); }
VINL v64 simd_canon_64(int ty, v64 x)
{
    if (ty == TY_F32X2)
        return (v64){f32_canon(x.lo), f32_canon(x.hi)};
    return x; /* f64: the steps applied the NaN rule */
}
VINL v16 simd_canon_16(int ty, v16 x) { return x; } /* (no 16-bit row defers) */
/* Whether an f64 chain's result has a NaN lane (SIMD_CHAIN_REDO_NAN; only f64 rows ask) */
VINL int simd_anynan_64(v64 x) { return vm_any(f64_nan_lanes(x)); }
VINL int simd_anynan_32(v32 x) { return (void)x, 0; }
VINL int simd_anynan_16(v16 x) { return (void)x, 0; }

/* ---- sub ------------------------------------------------------------------------------------ */
VINL v32 fsub_f32(unsigned m, v32 a, v32 b)
{
    if (m & M_FTZ) {
        a = f32_flush(a);
        b = f32_flush(b);
    }
    v32 r = v32_fsub_f32(a, b);
    if (m & M_RAWNAN)
        return r;
    return f32_finish(m, r); /* exact when subnormal: flushing it is right */
}
SIMD_BODY(FSUB, 32, 32, 32, 0, 0)
{
    return fsub_f32(m, a, b);
}
SIMD_BODY(FSUB, 64, 64, 64, 0, 0)
{
    if (ty == TY_F32X2) /* two f32 per lane: the f32 body on both halves of the chunk */
        return (v64){fsub_f32(m, a.lo, b.lo), fsub_f32(m, a.hi, b.hi)};
    return f64_nan_rule_v(m, v64_fsub_f64(a, b), 2, a, b, b);
}

/* ---- mad (fused) ---------------------------------------------------------------------------- */
/* The sm_1x mad.f32 (always round to nearest, inputs and results flushed), in binary64:
 *  - a * b of two binary32 is exact (48 bits); its significand is cut to 24 bits by masking the
 *    low 29 bits of the binary64 (never subnormal there: |a*b| >= 2^-252; masking leaves 0, inf
 *    and NaN what they are). With c = +-0 the spec says mul then add: the product is rounded, not
 *    cut, which is the rounding below applied to the exact product (s = p + 0 is exact).
 *  - s = p + c rounded to binary64, then to binary32: both terms have 24-bit significands, and
 *    rounding a sum of two p-bit numbers to nearest at q >= 2p + 2 bits and then at p bits is the
 *    correctly rounded sum (Figueroa; 53 >= 50), exponent range aside, which binary64 has.
 *  - Flushing: a result is tiny when its rounding with unbounded exponent is below 2^-126, i.e.
 *    when the exact sum lies below m = 2^-126 (1 - 2^-25), the midpoint under 2^-126 (a tie there
 *    goes up to the even 2^-126). |s| < m says the same: m is a binary64, and no sum of a normal
 *    binary32 and a 24-bit product comes closer to m than 2^-156 without being exact in binary64
 *    (the closest 24-bit values to m are m +- 2^-151), so rounding cannot carry a sum onto m. */
VINL v32 fmad_legacy_f32(v32 a, v32 b, v32 c)
{
    a = f32_flush(a);
    b = f32_flush(b);
    c = f32_flush(c);
    vm c_zero = v32_cmpeq(v32_and(c, v32_set1(0x7fffffff)), v32_zero());
    v64 p = v64_fmul_f64(v64_from_f32(a), v64_from_f32(b));
    p = v64_sel(c_zero, p, v64_and(p, v64_set1(~0x1fffffffull)));
    v64 s = v64_fadd_f64(p, v64_from_f32(c));
    vm tiny = v64_cmpgt_s(v64_set1(0x380ffffff0000000ull), /* m = 2^-126 (1 - 2^-25) */
                          v64_and(s, v64_set1(0x7fffffffffffffffull)));
    v32 r = v32_from_f64(s);
    r = v32_sel(tiny, v32_and(r, v32_set1(0x80000000u)), r);
    return v32_sel(c_zero, v32_fadd_f32(r, c), r); /* the product, then + c: the sign of a 0 sum */
}
/* mad.rnd / fma.rnd on f32 lanes (fma.f32x2: on each half), one rounding */
VINL v32 ffma_f32(unsigned m, int rnd, v32 a, v32 b, v32 c)
{
    v32 fa = a, fb = b, fc = c;
    if (m & M_FTZ) {
        fa = f32_flush(a);
        fb = f32_flush(b);
        fc = f32_flush(c);
    }
    v32 r = v32_fma_f32(fa, fb, fc);
    if (m & M_FTZ) {
        /* |r| == 2^-126 may come from a value whose rounding with unbounded exponent is tiny */
        vm edge = v32_cmpeq(v32_and(r, v32_set1(0x7fffffff)), v32_set1(0x00800000));
        r = f32_finish(m, r);
        if (vm_any(edge)) {
            vm none = vm_none();
            r = v32_sel(edge, simd_lanes_FMAD_32_32(TY_F32, TY_NONE, m, rnd, a, b, c, v32_zero(),
                                                    &none), r);
        }
        return r;
    }
    if (m & M_RAWNAN)
        return r;
    return f32_finish(m, r);
}
SIMD_BODY(FMAD, 32, 32, 32, 32, 0)
{
    if (m & M_LEGACY)
        return f32_finish(m, fmad_legacy_f32(a, b, c));
    return ffma_f32(m, rnd, a, b, c);
}
SIMD_BODY(FMAD, 64, 64, 64, 64, 0)
{
    return f64_nan_rule_v(m, v64_fma_f64(a, b, c), 3, a, b, c);
}

/* ---- f16 / bf16 add (round to nearest even) ------------------------------------------------- *
 * f16: F16C widens exactly, the f32 sum is rounded once to 24 bits and then to 11; that double
 * rounding is innocuous for addition since 24 >= 2 * 11 + 2. Clamping (.sat) before the final
 * rounding equals clamping after it: rounding is monotonic and 0 and 1 are representable. A
 * subnormal f16 sum of (flushed) inputs is exact, so flushing it after rounding is right. */
VINL v16 f16_flush(v16 x)
{
    vm sub = v16_cmpeq(v16_and(x, v16_set1(0x7c00)), v16_set1(0));
    return v16_sel(sub, v16_and(x, v16_set1(0x8000)), x);
}
VINL v16 hadd_f16(unsigned m, v16 a, v16 b)
{
    if (m & M_FTZ) {
        a = f16_flush(a);
        b = f16_flush(b);
    }
    v32 s = v32_fadd_f32(v32_from_f16(a), v32_from_f16(b));
    if (m & M_SAT)
        s = f32_sat(s);
    v16 r = v16_to_f16_rn(s);
    if (m & M_FTZ)
        r = f16_flush(r);
    if (!(m & M_SAT)) {
        vm nan = v16_cmpgt_s(v16_and(r, v16_set1(0x7fff)), v16_set1(0x7c00));
        r = v16_sel(nan, v16_set1(0x7fff), r);
    }
    return r;
}
/* bf16: f32 sum (exact widening; 24 >= 2 * 8 + 2), then round to nearest even on the bits:
 * the bf16 result in the low 16 bits of each lane. vcvtneps2bf16 would flush subnormals. */
VINL v32 bf16_round(v32 s)
{
    vm nan = v32_cmpgt_s(v32_and(s, v32_set1(0x7fffffff)), v32_set1(0x7f800000));
    v32 odd = v32_and(v32_srli(s, 16), v32_set1(1));
    v32 r = v32_srli(v32_add(s, v32_add(v32_set1(0x7fff), odd)), 16);
    return v32_sel(nan, v32_set1(0x7fff), r);
}
SIMD_BODY(HADD, 16, 16, 16, 0, 0)
{
    if (ty == TY_BF16) {
        v32 s = v32_fadd_f32(v32_slli(v32_from16_u(a), 16), v32_slli(v32_from16_u(b), 16));
        return v16_from32(bf16_round(s));
    }
    return hadd_f16(m, a, b);
}
SIMD_BODY(HADD, 32, 32, 32, 0, 0)
{
    if (ty == TY_BF16X2) {
        v32 hm = v32_set1(0xffff0000u);
        v32 lo = bf16_round(v32_fadd_f32(v32_slli(a, 16), v32_slli(b, 16)));
        v32 hi = bf16_round(v32_fadd_f32(v32_and(a, hm), v32_and(b, hm)));
        return v32_or(lo, v32_slli(hi, 16));
    }
    v16 alo, ahi, blo, bhi;
    v32_split16(a, &alo, &ahi);
    v32_split16(b, &blo, &bhi);
    return v32_join16(hadd_f16(m, alo, blo), hadd_f16(m, ahi, bhi));
}

/* ---- copysign: b's magnitude with a's sign bit, NaNs included (bits, as the hardware) ------- */
SIMD_BODY(COPYSIGN, 32, 32, 32, 0, 0)
{
    v32 sign = v32_set1(0x80000000u);
    return v32_or(v32_and(a, sign), v32_andnot(sign, b));
}
SIMD_BODY(COPYSIGN, 64, 64, 64, 0, 0)
{
    v64 sign = v64_set1(1ull << 63);
    return v64_or(v64_and(a, sign), v64_andnot(sign, b));
}

#include "simd/float_arith.h"
#include "simd/float_sign_ops.h" /* abs, neg, min, max (9.7.3.9-12, 9.7.4.5-8) */
#include "simd/half_ops.h" /* half sub, mul, fma (9.7.4.2-9.7.4.4) */
#include "simd/float_divsqrt.h" /* div, rcp, sqrt (IEEE-rounded) */
#include "simd/float_test_ops.h" /* testp (9.7.3.1) */
#include "simd/float_approx_alg.h" /* div.approx, rsqrt.approx, rcp.approx.ftz.f64 */
#include "simd/float_approx.h" /* sin, cos, lg2, ex2, tanh .approx (SLEEF) */

#include "simd/mixed_ops.h" /* mixed-precision add, sub, fma (9.7.5) */

#endif
