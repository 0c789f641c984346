/* Half sub, mul and fma bodies (9.7.4.2-9.7.4.4, f16/bf16 and x2) on the vector layer; the reference
 * is src/scalar/half_ops.h. The kernels run these rows in round to nearest with FTZ/DAZ off.
 *
 * Halves widen exactly to f32 (vcvtph2ps, or a shift for bf16), which computes:
 *  - sub: half add of -b (float_ops.h's body; the sign flip of a NaN changes nothing).
 *  - mul: a * b is exact in f32 for f16 (22 bits, 2^-48..2^32). For bf16 (16 bits) it is exact
 *    unless below 2^-126; there a product >= 2^-134 still has its last bit at or above 2^-149,
 *    so f32's subnormal rounding leaves it exact, and one below 2^-134 rounds (monotonically) to
 *    at most 2^-134, which rounds to a zero in bf16 as the exact product does (the tie goes even).
 *    Overflow gives inf either way (bf16's threshold is below f32's). One rounding, then.
 *  - fma: p = a * b as above, then p + c is rounded to ODD in f32 (TwoSum gives the exact error;
 *    a nonzero error sets the last bit of the truncated sum), and that rounds to nearest at 11
 *    (8) bits: round-to-odd at >= p + 2 bits followed by round-to-nearest equals one rounding of
 *    the exact value (Boldo and Melquiond, "When double rounding is odd"), and the f32 grid is
 *    at least 2 bits finer than the half grid at every magnitude, subnormal ones included. bf16
 *    products may leave f32's range (bf16 has its exponents), so bf16 fma computes in f64 instead
 *    (bf16_fma_odd below): no lane goes to the scalar reference.
 *  - .ftz (f16): inputs flushed before widening; a result is tiny (docs/SEMANTICS.md: after
 *    rounding, unbounded exponent) iff the value is below the midpoint 2^-14 (1 - 2^-12) under
 *    the smallest normal, a 12-bit number, so the odd-rounded (or exact) f32 compares the same.
 *  - .sat clamps the f32 before the final rounding, .relu the half after it: rounding is monotonic
 *    and sign-keeping, and 0 and 1 are on every grid. */
#ifndef PTXCPU_SIMD_HALF_OPS_H
#define PTXCPU_SIMD_HALF_OPS_H

/* ---- sub: add of the negated b ---------------------------------------------------------------- */
SIMD_BODY(HSUB, 16, 16, 16, 0, 0)
{
    return simd_HADD_16_16(ty, ty2, m, rnd, a, v16_add(b, v16_set1(0x8000)), c, e, cf);
}
SIMD_BODY(HSUB, 32, 32, 32, 0, 0)
{
    return simd_HADD_32_32(ty, ty2, m, rnd, a, v32_xor(b, v32_set1(0x80008000u)), c, e, cf);
}

/* ---- bf16 fma: p + c rounded to odd at f32's precision, through f64 ---------------------------
 * a, b, c: exact f32 widenings of bf16 (8-bit significands, exponents -133..127).
 *  - p = a * b is exact in f64: 16 significant bits, 2^-266 <= |p| < 2^256, inside f64's normal
 *    range. s = p + c rounded to nearest in f64 and err = (p + c) - s by TwoSum (exact: no
 *    overflow, |p + c| < 2^257), so x = p + c = s + err exactly.
 *  - f = s rounded to nearest in f32 (the exact f32 or the overflowing inf), back = f in f64.
 *    Where s is finite, d = (back - s) - err has the sign of back - x and is 0 iff back == x:
 *    back - s is exact (Sterbenz: back is within a factor 2 of s unless it is 0, -s then, or inf),
 *    and rounding the difference of two f64 to nearest keeps its sign and never makes 0 of a
 *    nonzero one (every operand is a multiple of 2^-1074).
 *  - Round to odd at f32's precision: x itself where back == x; else the truncation of x (f, or
 *    one step below it in magnitude where f overshoots |x|, i.e. where d has f's sign: an inf
 *    steps down to the largest finite, a zero never overshoots) with its last bit set. That is
 *    the ODD f32 neighbour of x, as half_core's f32 path makes for f16, and it rounds to nearest
 *    in bf16 as x does (the same Boldo-Melquiond argument: f32 is >= 2 bits finer than bf16,
 *    subnormals included, and past f32's range both go to inf).
 *  - s NaN or inf (an operand is): f is that, the rounding leaves it. */
VINL v32 bf16_fma_odd(v32 a, v32 b, v32 c)
{
    v64 abs = v64_set1(0x7fffffffffffffffull);
    v64 wa = v64_from_f32(a), wb = v64_from_f32(b), wc = v64_from_f32(c);
    v64 p = v64_fmul_f64(wa, wb);
    v64 s = v64_fadd_f64(p, wc);
    v64 bb = v64_fsub_f64(s, p);
    v64 err = v64_fadd_f64(v64_fsub_f64(p, v64_fsub_f64(s, bb)), v64_fsub_f64(wc, bb));
    v32 f = v32_from_f64(s);
    v64 d = v64_fsub_f64(v64_fsub_f64(v64_from_f32(f), s), err);
    vm fin = v64_cmpgt_s(v64_set1(0x7ff0000000000000ull), v64_and(s, abs));
    vm inexact = vm_andnot(v64_cmpeq(v64_and(d, abs), v64_set1(0)), fin);
    /* d's sign survives the narrowing (a tiny d becomes a signed zero) */
    v32 over = v32_srli(v32_not(v32_xor(v32_from_f64(d), f)), 31);
    return v32_sel(inexact, v32_or(v32_sub(f, over), v32_set1(1)), f);
}

/* ---- mul, fma: the f32 core ---------------------------------------------------------------------
 * a, b, c: exact f32 widenings. Returns the product (mul) or the odd-rounded p + c (fma), flushed
 * under .ftz and clamped under .sat, ready for the one rounding to the half format. */
VINL v32 half_core(int fma, int bf, unsigned m, v32 a, v32 b, v32 c)
{
    v32 sign = v32_set1(0x80000000u), abs = v32_set1(0x7fffffff);
    v32 s;
    if (fma && bf) {
        s = bf16_fma_odd(a, b, c);
    } else {
        s = v32_fma_f32(a, b, sign); /* a * b + (-0): the product, signed zeros included */
        if (fma) { /* TwoSum (exact without overflow, the only case where it is used), round to odd */
            v32 p = s;
            s = v32_fadd_f32(p, c);
            v32 bb = v32_fsub_f32(s, p);
            v32 err = v32_fadd_f32(v32_fsub_f32(p, v32_fsub_f32(s, bb)), v32_fsub_f32(c, bb));
            vm inexact = vm_andnot(v32_cmpeq(v32_and(err, abs), v32_zero()),
                                   v32_cmplt_u(v32_and(s, abs), v32_set1(0x7f800000)));
            /* truncation: one step down in magnitude when the error points toward zero */
            v32 odd = v32_or(v32_sub(s, v32_srli(v32_xor(s, err), 31)), v32_set1(1));
            s = v32_sel(inexact, odd, s);
        }
    }
    if (m & M_FTZ) {
        vm tiny = v32_cmplt_u(v32_and(s, abs), v32_set1(0x387ff000)); /* 2^-14 (1 - 2^-12) */
        s = v32_sel(tiny, v32_and(s, sign), s);
    }
    return (m & M_SAT) ? f32_sat(s) : s;
}

/* One f16 element per lane of v16. */
VINL v16 half_f16(int fma, unsigned m, v16 a, v16 b, v16 c)
{
    vm oob = vm_none();
    v16 abs = v16_set1(0x7fff), zero = v16_set1(0);
    if (m & M_OOB)
        oob = vm_or(v16_cmpeq(v16_and(a, abs), v16_set1(0x7ff7)),
                    v16_cmpeq(v16_and(b, abs), v16_set1(0x7ff7)));
    if (m & M_FTZ) {
        a = f16_flush(a);
        b = f16_flush(b);
        c = f16_flush(c);
    }
    v32 s = half_core(fma, 0, m, v32_from_f16(a), v32_from_f16(b), v32_from_f16(c));
    v16 r = v16_to_f16_rn(s);
    if (!(m & M_SAT)) /* NaN -> 0x7fff (.sat has none left) */
        r = v16_sel(v16_cmpgt_s(v16_and(r, abs), v16_set1(0x7c00)), abs, r);
    if (m & M_RELU) /* negatives, -0 too, to +0; the canonical NaN is positive */
        r = v16_sel(v16_cmpgt_s(zero, r), zero, r);
    return (m & M_OOB) ? v16_sel(oob, zero, r) : r;
}

/* One bf16 element per lane, given as f32 bits (the bf16 in the top half, zeros below); the
 * result in the low 16 bits of each lane. */
VINL v32 half_bf16(int fma, unsigned m, v32 a, v32 b, v32 c)
{
    v32 r = bf16_round(half_core(fma, 1, m, a, b, c)); /* NaN -> 0x7fff */
    if (m & M_RELU)
        r = v32_sel(v32_cmpeq(v32_and(r, v32_set1(0x8000)), v32_set1(0x8000)), v32_zero(), r);
    if (m & M_OOB) {
        v32 abs = v32_set1(0x7fff0000), oobv = v32_set1(0x7ff70000);
        vm oob = vm_or(v32_cmpeq(v32_and(a, abs), oobv), v32_cmpeq(v32_and(b, abs), oobv));
        r = v32_sel(oob, v32_zero(), r);
    }
    return r;
}

VINL v16 half_body16(int fma, int ty, unsigned m, v16 a, v16 b, v16 c)
{
    if (ty == TY_BF16)
        return v16_from32(half_bf16(fma, m, v32_slli(v32_from16_u(a), 16),
                                    v32_slli(v32_from16_u(b), 16), v32_slli(v32_from16_u(c), 16)));
    return half_f16(fma, m, a, b, c);
}

VINL v32 half_body32(int fma, int ty, unsigned m, v32 a, v32 b, v32 c)
{
    if (ty == TY_BF16X2) { /* each element in place as an f32: low ones shifted up, high masked */
        v32 hm = v32_set1(0xffff0000u);
        v32 lo = half_bf16(fma, m, v32_slli(a, 16), v32_slli(b, 16), v32_slli(c, 16));
        v32 hi = half_bf16(fma, m, v32_and(a, hm), v32_and(b, hm), v32_and(c, hm));
        return v32_or(lo, v32_slli(hi, 16));
    }
    v16 alo, ahi, blo, bhi, clo, chi;
    v32_split16(a, &alo, &ahi);
    v32_split16(b, &blo, &bhi);
    v32_split16(c, &clo, &chi);
    return v32_join16(half_f16(fma, m, alo, blo, clo), half_f16(fma, m, ahi, bhi, chi));
}

SIMD_BODY(HMUL, 16, 16, 16, 0, 0)
{
    return half_body16(0, ty, m, a, b, b);
}
SIMD_BODY(HMUL, 32, 32, 32, 0, 0)
{
    return half_body32(0, ty, m, a, b, b);
}
SIMD_BODY(HFMA, 16, 16, 16, 16, 0)
{
    return half_body16(1, ty, m, a, b, c);
}
SIMD_BODY(HFMA, 32, 32, 32, 32, 0)
{
    return half_body32(1, ty, m, a, b, c);
}

#endif
