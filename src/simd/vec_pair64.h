/* The v64 primitives that are one operation on each half of the pair {v32 lo, hi}, written once for
 * every layer: a layer defines the half operations (h64_*) and mask hooks below, then this. */
#ifndef PTXCPU_SIMD_VEC_PAIR64_H
#define PTXCPU_SIMD_VEC_PAIR64_H

/* What the layer defines first, on one half (a v32 register seen as VL/2 u64 elements):
 *   vmh                         the lane flags of one half (same form as vm, or a smaller mask)
 *   vmh vm_half64_lo(vm m)      m's flags of lanes 0..VL/2-1; vm_half64_hi: of lanes VL/2..VL-1
 *   vm vm_join64(vmh lo, vmh hi)  the two halves' flags as one vm (a function or a macro)
 *   v32 h64_load(const uint64_t *), void h64_store(uint64_t *, v32), v32 h64_set1(uint64_t)
 *   v32 h64_add, h64_sub, h64_sllv, h64_srlv (v32, v32); h64_slli, h64_srli (a, immediate)
 *   vmh h64_cmpeq, h64_cmpgt_s (v32, v32); v32 h64_sel(vmh, v32, v32)
 *   v32 h64_fadd_f64, h64_fsub_f64, h64_fmul_f64, h64_fdiv_f64 (v32, v32); h64_fma_f64 (v32 x3);
 *   v32 h64_fsqrt_f64 (v32)
 * and v32_and, v32_or, v32_xor, v32_andnot, v32_not: bits are bits, however they make lanes.
 * The guarded stores, the multiplies, the width changes and v64_cmpgt_u stay in the layers: each
 * ISA builds them its own way (v64_cmpgt_u: AVX2 has only signed compares, AVX-512's is the
 * complement of a whole <= mask, which one per half would change the code of the carry chains). */

#define V64_MAP1(F, a) ((v64){F((a).lo), F((a).hi)})
#define V64_MAP2(F, a, b) ((v64){F((a).lo, (b).lo), F((a).hi, (b).hi)})

VINL v64 v64_load(const uint64_t *p) { return (v64){h64_load(p), h64_load(p + VL / 2)}; }
VINL void v64_store(uint64_t *p, v64 v)
{
    h64_store(p, v.lo);
    h64_store(p + VL / 2, v.hi);
}
VINL v64 v64_set1(uint64_t x)
{
    v32 t = h64_set1(x);
    return (v64){t, t};
}

VINL v64 v64_add(v64 a, v64 b) { return V64_MAP2(h64_add, a, b); }
VINL v64 v64_sub(v64 a, v64 b) { return V64_MAP2(h64_sub, a, b); }
VINL v64 v64_and(v64 a, v64 b) { return V64_MAP2(v32_and, a, b); }
VINL v64 v64_or(v64 a, v64 b) { return V64_MAP2(v32_or, a, b); }
VINL v64 v64_xor(v64 a, v64 b) { return V64_MAP2(v32_xor, a, b); }
VINL v64 v64_andnot(v64 a, v64 b) { return V64_MAP2(v32_andnot, a, b); } /* ~a & b */
VINL v64 v64_not(v64 a) { return V64_MAP1(v32_not, a); }
VINL v64 v64_sllv(v64 a, v64 n) { return V64_MAP2(h64_sllv, a, n); }
VINL v64 v64_srlv(v64 a, v64 n) { return V64_MAP2(h64_srlv, a, n); }
#define v64_slli(a, n) ((v64){h64_slli((a).lo, (n)), h64_slli((a).hi, (n))})
#define v64_srli(a, n) ((v64){h64_srli((a).lo, (n)), h64_srli((a).hi, (n))})

VINL vm v64_cmpeq(v64 a, v64 b) { return vm_join64(h64_cmpeq(a.lo, b.lo), h64_cmpeq(a.hi, b.hi)); }
VINL vm v64_cmpgt_s(v64 a, v64 b)
{
    return vm_join64(h64_cmpgt_s(a.lo, b.lo), h64_cmpgt_s(a.hi, b.hi));
}
VINL v64 v64_sel(vm m, v64 a, v64 b)
{
    return (v64){h64_sel(vm_half64_lo(m), a.lo, b.lo), h64_sel(vm_half64_hi(m), a.hi, b.hi)};
}

VINL v64 v64_fadd_f64(v64 a, v64 b) { return V64_MAP2(h64_fadd_f64, a, b); }
VINL v64 v64_fsub_f64(v64 a, v64 b) { return V64_MAP2(h64_fsub_f64, a, b); }
VINL v64 v64_fmul_f64(v64 a, v64 b) { return V64_MAP2(h64_fmul_f64, a, b); }
VINL v64 v64_fdiv_f64(v64 a, v64 b) { return V64_MAP2(h64_fdiv_f64, a, b); }
VINL v64 v64_fsqrt_f64(v64 a) { return V64_MAP1(h64_fsqrt_f64, a); }
VINL v64 v64_fma_f64(v64 a, v64 b, v64 c)
{
    return (v64){h64_fma_f64(a.lo, b.lo, c.lo), h64_fma_f64(a.hi, b.hi, c.hi)};
}

#endif
