/* The AVX2 vector layer: VL = 8 lanes (v16 = 128-bit, v32 = 256-bit, v64 = two 256-bit halves, vm =
 * 8 lanes of 32-bit all-ones/zero masks). What AVX-512 shares at its width is in simd/vec_x86.h. */
#ifndef PTXCPU_AVX2_VEC_H
#define PTXCPU_AVX2_VEC_H

#include <simde/x86/avx2.h>
#include <simde/x86/f16c.h>
#include <simde/x86/fma.h>
#include <stdint.h>

#include "simd/vec_contract.h"

#define VL 8

typedef simde__m128i v16;                  /* VL x u16 */
typedef simde__m256i v32;                  /* VL x u32 */
typedef struct { v32 lo, hi; } v64;        /* VL x u64: lanes 0..3 in lo, 4..7 in hi */
typedef simde__m256i vm;                   /* VL lane masks, one 32-bit all-ones/zero each */
typedef simde__m256i vmh;                  /* a v64 half's lane masks, 64-bit all-ones/zero */

/* simd/vec_x86.h's names for this width */
#define X86_V(op) simde_mm256_##op
#define X86_VSI(op) simde_mm256_##op##_si256
#define X86_H(op) simde_mm_##op
#define X86_HSI(op) simde_mm_##op##_si128
#define F32_(x) simde_mm256_castsi256_ps(x)
#define I32_(x) simde_mm256_castps_si256(x)
#define F64_(x) simde_mm256_castsi256_pd(x)
#define I64_(x) simde_mm256_castpd_si256(x)

/* ---- lane masks: vectors, so blendv and movemask use them as they are ----------------------- */
/* Bit i of a warp's word, as a 32- / 64-bit lane i (chunk k's lanes start at k * lanes per chunk):
 * the constants a word is tested against, loaded, where a shifted setr was built lane by lane */
#include "simd/lane_bits.h"
VINL vm vm_from_bits(uint32_t bits)
{
    const v32 sel = simde_mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    v32 t = simde_mm256_and_si256(simde_mm256_set1_epi32((int32_t)bits), sel);
    return simde_mm256_cmpeq_epi32(t, sel);
}
/* The word broadcast (once a warp: common to its chunks), then a test of each lane's bit against a
 * constant: two operations a chunk, where a shift, a move to a vector and a broadcast came first */
VINL vm vm_from_word(uint32_t word, unsigned k)
{
    const v32 sel = simde_mm256_loadu_si256(lane_bits32_() + k * VL);
    return simde_mm256_cmpeq_epi32(simde_mm256_and_si256(simde_mm256_set1_epi32((int32_t)word), sel), sel);
}
VINL uint32_t vm_to_bits(vm m)
{
    return (uint32_t)simde_mm256_movemask_ps(simde_mm256_castsi256_ps(m));
}
/* A warp's four chunk masks as one word: two saturating packs to bytes (each 128-bit half holds
 * lanes 0-3 then 4-7 of every chunk), dwords put back in lane order, one vpmovmskb: five
 * operations where a movmskps, shift and or a chunk took ten, which left testp's f32 rows behind
 * the plain C loop (docs/PERFORMANCE.md, "Figures behind design choices in the source") */
#define VEC_HAS_WARP_BITS 1
VINL uint32_t vm_warp_bits(const vm *m)
{
    simde__m256i b = simde_mm256_packs_epi16(simde_mm256_packs_epi32(m[0], m[1]),
                                             simde_mm256_packs_epi32(m[2], m[3]));
    b = simde_mm256_permutevar8x32_epi32(b, simde_mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
    return (uint32_t)simde_mm256_movemask_epi8(b);
}
/* shfl.sync's permute of a warp: each quarter's vpermd by idx's low three bits, kept where idx's
 * bits 3-4 name that quarter */
#define VEC_HAS_WARP_PERMUTE 1
VINL simde__m256i v32_warp_permute(const uint32_t *p, simde__m256i idx)
{
    const simde__m256i quarter = simde_mm256_srli_epi32(idx, 3);
    simde__m256i r = simde_mm256_permutevar8x32_epi32(simde_mm256_loadu_si256((const void *)p), idx);
    for (int q = 1; q < 4; q++) {
        const simde__m256i v = simde_mm256_permutevar8x32_epi32(
            simde_mm256_loadu_si256((const void *)(p + 8 * q)), idx);
        r = simde_mm256_blendv_epi8(r, v, simde_mm256_cmpeq_epi32(quarter, simde_mm256_set1_epi32(q)));
    }
    return r;
}
VINL vm vm_and(vm a, vm b) { return simde_mm256_and_si256(a, b); }
VINL vm vm_or(vm a, vm b) { return simde_mm256_or_si256(a, b); }
VINL vm vm_andnot(vm a, vm b) { return simde_mm256_andnot_si256(a, b); } /* ~a & b */
VINL vm vm_not(vm a) { return simde_mm256_xor_si256(a, simde_mm256_set1_epi32(-1)); }
VINL vm vm_xor(vm a, vm b) { return simde_mm256_xor_si256(a, b); }
VINL vm vm_none(void) { return simde_mm256_setzero_si256(); }
VINL int vm_any(vm a) { return !simde_mm256_testz_si256(a, a); }
/* The masks of 64-bit lanes 0..3 / 4..7 (each 32-bit mask sign-extended), and back. */
VINL vmh vm_half64_lo(vm m) { return simde_mm256_cvtepi32_epi64(simde_mm256_castsi256_si128(m)); }
VINL vmh vm_half64_hi(vm m)
{
    return simde_mm256_cvtepi32_epi64(simde_mm256_extracti128_si256(m, 1));
}
/* Low 32 bits of each 64-bit lane of (lo, hi), in lane order. */
VINL v32 narrow64_(v32 lo, v32 hi)
{
    simde__m256 t = simde_mm256_shuffle_ps(simde_mm256_castsi256_ps(lo),
                                           simde_mm256_castsi256_ps(hi), 0x88);
    return simde_mm256_permute4x64_epi64(simde_mm256_castps_si256(t), 0xd8);
}
VINL vm vm_join64(vmh lo, vmh hi) { return narrow64_(lo, hi); }
/* 16-bit lane masks (v16 compares) to vm and back. */
VINL vm vm_from16_(v16 m) { return simde_mm256_cvtepi16_epi32(m); }
VINL v16 vm_to16_(vm m)
{
    return simde_mm_packs_epi32(simde_mm256_castsi256_si128(m), simde_mm256_extracti128_si256(m, 1));
}

/* ---- compares, selects ---------------------------------------------------------------------- */
VINL v16 v16_eqm(v16 a, v16 b) { return simde_mm_cmpeq_epi16(a, b); }
VINL v16 v16_gtm_s(v16 a, v16 b) { return simde_mm_cmpgt_epi16(a, b); }
VINL vm vm_of_m16(v16 m) { return vm_from16_(m); }
VINL vm v16_cmpeq(v16 a, v16 b) { return vm_of_m16(v16_eqm(a, b)); }
VINL vm v16_cmpgt_s(v16 a, v16 b) { return vm_of_m16(v16_gtm_s(a, b)); }
VINL v16 v16_sel(vm m, v16 a, v16 b) { return simde_mm_blendv_epi8(b, a, vm_to16_(m)); }
VINL vm v32_cmpeq(v32 a, v32 b) { return simde_mm256_cmpeq_epi32(a, b); }
VINL vm v32_cmpgt_s(v32 a, v32 b) { return simde_mm256_cmpgt_epi32(a, b); }
VINL vm v32_cmplt_s(v32 a, v32 b) { return simde_mm256_cmpgt_epi32(b, a); }
/* AVX2 compares only signed: unsigned order is signed order with the sign bits flipped. */
VINL vm v32_cmpgt_u(v32 a, v32 b)
{
    const v32 s = simde_mm256_set1_epi32(INT32_MIN);
    return simde_mm256_cmpgt_epi32(simde_mm256_xor_si256(a, s), simde_mm256_xor_si256(b, s));
}
VINL vm v32_cmplt_u(v32 a, v32 b) { return v32_cmpgt_u(b, a); }
VINL v32 v32_sel(vm m, v32 a, v32 b) { return simde_mm256_blendv_epi8(b, a, m); }
/* a lane mask is -1 where set */
VINL v32 v32_inc_where(v32 a, vm m) { return simde_mm256_sub_epi32(a, m); }
VINL v32 v32_dec_where(v32 a, vm m) { return simde_mm256_add_epi32(a, m); }
/* four one-uop operations, where a vpblendvb is three uops on Intel's cores */
VINL v32 v32_clear_where_none(v32 a, v32 test, v32 bits)
{
    vm none = simde_mm256_cmpeq_epi32(simde_mm256_and_si256(a, test), simde_mm256_setzero_si256());
    return simde_mm256_andnot_si256(simde_mm256_and_si256(none, bits), a);
}
VINL vmh h64_cmpeq(v32 a, v32 b) { return simde_mm256_cmpeq_epi64(a, b); }
VINL vmh h64_cmpgt_s(v32 a, v32 b) { return simde_mm256_cmpgt_epi64(a, b); }
VINL v32 h64_sel(vmh m, v32 a, v32 b) { return simde_mm256_blendv_epi8(b, a, m); }

/* ---- the rest of what simd/vec_x86.h builds on ---------------------------------------------- */
VINL v32 v32_bcast16b(const uint8_t pat[16])
{
    return simde_mm256_broadcastsi128_si256(simde_mm_loadu_si128((const void *)pat));
}
VINL v32 blend_odd32_(v32 even, v32 odd) { return simde_mm256_blend_epi32(even, odd, 0xaa); }
VINL v32 h64_set1(uint64_t x) { return simde_mm256_set1_epi64x((int64_t)x); }
/* each 64-bit element's sign in all its bits (AVX2 has no 64-bit arithmetic shift: vpcmpgtq) */
VINL v32 h64_signfill(v32 a) { return simde_mm256_cmpgt_epi64(simde_mm256_setzero_si256(), a); }

#include "simd/vec_x86.h"

/* Unsigned v64 order: signed order with the sign bits flipped (vec_pair64.h has no v64_cmpgt_u:
 * each layer's has its own shape). */
VINL vm v64_cmpgt_u(v64 a, v64 b)
{
    const v64 s = v64_set1(1ull << 63);
    return v64_cmpgt_s(v64_xor(a, s), v64_xor(b, s));
}

/* (not in vec_x86.h: simde 0.7.4 lacks the 512-bit srai, which avx512/vec.h shims) */
#define v32_srai(a, n) simde_mm256_srai_epi32((a), (n))

/* ---- guarded stores: vpmaskmovd / vpmaskmovq (the guard never touches an inactive lane) ----- */
/* AVX2 has no 16-bit masked store: partial chunks are written lane by lane, from t's n lanes. */
VINL void store16_lanes_(uint16_t *p, const uint16_t *t, unsigned n, uint32_t bits)
{
    for (unsigned i = 0; i < n; i++)
        if ((bits >> i) & 1)
            p[i] = t[i];
}
VINL void v16_store_guard(uint16_t *p, v16 v, uint32_t bits)
{
    if ((bits & 0xff) == 0xff) {
        v16_store(p, v);
    } else if (bits & 0xff) {
        uint16_t t[VL];
        v16_store(t, v);
        store16_lanes_(p, t, VL, bits);
    }
}
VINL void v32_store_guard(uint32_t *p, v32 v, uint32_t bits)
{
    if ((bits & 0xff) == 0xff)
        v32_store(p, v);
    else if (bits & 0xff)
        simde_mm256_maskstore_epi32((int32_t *)(void *)p, vm_from_bits(bits), v);
}
VINL void v64_store_guard(uint64_t *p, v64 v, uint32_t bits)
{
    if ((bits & 0xff) == 0xff) {
        v64_store(p, v);
    } else if (bits & 0xff) {
        vm m = vm_from_bits(bits);
        simde_mm256_maskstore_epi64((int64_t *)(void *)p, vm_half64_lo(m), v.lo);
        simde_mm256_maskstore_epi64((int64_t *)(void *)(p + 4), vm_half64_hi(m), v.hi);
    }
}

/* ---- native geometries: the mask-vector parts (the rest is in simd/vec_x86.h) ------------- */
/* AVX2 has no 16-bit masked store: partial vectors are written lane by lane, as v16's */
VINL void n16_store_guard(uint16_t *p, n16 v, uint32_t bits)
{
    if ((bits & 0xffff) == 0xffff) {
        n16_store(p, v);
    } else if (bits & 0xffff) {
        uint16_t t[NL16];
        n16_store(t, v);
        store16_lanes_(p, t, NL16, bits);
    }
}
/* The warp's word broadcast once (common to its vectors), then a test of each lane's bit. */
VINL n64m n64m_from_bits(uint32_t bits, unsigned k)
{
    const n64 sel = simde_mm256_loadu_si256(lane_bits64_() + k * NL64);
    return simde_mm256_cmpeq_epi64(simde_mm256_and_si256(simde_mm256_set1_epi64x(bits), sel), sel);
}
VINL uint32_t n64m_to_bits(n64m m)
{
    return (uint32_t)simde_mm256_movemask_pd(simde_mm256_castsi256_pd(m));
}
VINL n64m n64m_and(n64m a, n64m b) { return simde_mm256_and_si256(a, b); }
VINL n64m n64m_or(n64m a, n64m b) { return simde_mm256_or_si256(a, b); }
VINL n64m n64m_none(void) { return simde_mm256_setzero_si256(); }
/* a lane mask is -1 where set */
VINL n64 n64_inc_where(n64 a, n64m m) { return simde_mm256_sub_epi64(a, m); }
VINL n64 n64_dec_where(n64 a, n64m m) { return simde_mm256_add_epi64(a, m); }
VINL void n64_store_guard(uint64_t *p, n64 v, uint32_t bits)
{
    if ((bits & 0xf) == 0xf)
        n64_store(p, v);
    else if (bits & 0xf)
        simde_mm256_maskstore_epi64((int64_t *)(void *)p, n64m_from_bits(bits, 0), v);
}
VINL n16 n16_mulhi_u(n16 a, n16 b) { return simde_mm256_mulhi_epu16(a, b); }
/* Unsigned order is signed order with the sign bits flipped; min/max/abs are compares + blends. */
VINL n64m n64_cmpgt_u(n64 a, n64 b)
{
    const n64 s = n64_set1(1ull << 63);
    return simde_mm256_cmpgt_epi64(n64_xor(a, s), n64_xor(b, s));
}
VINL n64 n64_min_u(n64 a, n64 b) { return n64_sel(n64_cmpgt_u(a, b), b, a); }
VINL n64 n64_max_u(n64 a, n64 b) { return n64_sel(n64_cmpgt_u(a, b), a, b); }
VINL n64 n64_min_s(n64 a, n64 b) { return n64_sel(n64_cmpgt_s(a, b), b, a); }
VINL n64 n64_max_s(n64 a, n64 b) { return n64_sel(n64_cmpgt_s(a, b), a, b); }
VINL n64 n64_signfill(n64 a) { return simde_mm256_cmpgt_epi64(n64_zero(), a); }
/* The 64-bit high products by 32-bit partial products take 14 vector operations per 4 lanes
 * (20 signed), the scalar imul / mulx one a lane, which is faster for both (docs/PERFORMANCE.md,
 * "Figures behind design choices in the source") */
#define VEC_LANE_MULHI_S64 1
#define VEC_LANE_MULHI_U64 1
/* vpshufd: on an in-lane shuffle port, where a shift would take one of the multiplies' two */
VINL n64 n64_hi32(n64 a) { return simde_mm256_shuffle_epi32(a, 0xf5); }
VINL n64 n64_sub_ifneg(n64 r, n64 s, n64 x) { return n64_sub(r, n64_and(n64_signfill(s), x)); }
VINL n64 n64_abs_s(n64 a)
{
    n64 s = n64_signfill(a);
    return n64_sub(n64_xor(a, s), s);
}

/* ---- the widening geometry (vec_contract.h: w32): 16 u16 lanes in, their 32-bit results as two
 * v32 in lane order. A product is vpmullw / vpmulhw on all 16 lanes, two in-lane unpacks and two
 * vperm2i128 (gcc's mul.wide.u16 loop), where widening each operand's 8-lane chunk with
 * vpmovzxwd took four port-5 shuffles per 16 lanes before one vpmulld (two uops) per chunk. An
 * order without the vperm2i128 (stored by 128-bit halves) was slower (docs/PERFORMANCE.md,
 * "Figures behind design choices in the source"): gcc then extracts the high halves in
 * registers, on the same port, and the stores double. */
#define VEC_HAS_WIDEN16 1
typedef struct { v32 lo, hi; } w32; /* lanes 0-7, 8-15 */
VINL w32 w32_load(const uint32_t *p) { return (w32){v32_load(p), v32_load(p + 8)}; }
VINL void w32_store(uint32_t *p, w32 v)
{
    v32_store(p, v.lo);
    v32_store(p + 8, v.hi);
}
VINL void w32_store_guard(uint32_t *p, w32 v, uint32_t bits)
{
    v32_store_guard(p, v.lo, bits);
    v32_store_guard(p + 8, v.hi, bits >> 8);
}
VINL w32 w32_zero(void) { return (w32){v32_zero(), v32_zero()}; }
VINL w32 w32_add(w32 a, w32 b) { return (w32){v32_add(a.lo, b.lo), v32_add(a.hi, b.hi)}; }
/* the low and high 16-bit halves of 16 products, interleaved into lane order */
VINL w32 w32_join_(n16 lo16, n16 hi16)
{
    v32 l = simde_mm256_unpacklo_epi16(lo16, hi16), h = simde_mm256_unpackhi_epi16(lo16, hi16);
    return (w32){simde_mm256_permute2x128_si256(l, h, 0x20),
                 simde_mm256_permute2x128_si256(l, h, 0x31)};
}
VINL w32 w32_mul16_u(n16 a, n16 b) { return w32_join_(n16_mullo(a, b), n16_mulhi_u(a, b)); }
VINL w32 w32_mul16_s(n16 a, n16 b) { return w32_join_(n16_mullo(a, b), n16_mulhi_s(a, b)); }

/* ---- width changes -------------------------------------------------------------------------- */
VINL v32 v32_from16_u(v16 a) { return simde_mm256_cvtepu16_epi32(a); }
VINL v32 v32_from16_s(v16 a) { return simde_mm256_cvtepi16_epi32(a); }
VINL v16 v16_from32(v32 a) /* low 16 bits of each lane */
{
    v32 t = simde_mm256_and_si256(a, simde_mm256_set1_epi32(0xffff));
    t = simde_mm256_packus_epi32(t, t);
    return simde_mm256_castsi256_si128(simde_mm256_permute4x64_epi64(t, 0x08));
}
VINL v16 v16_from32_ss(v32 a) /* vpackssdw, then lanes 0-3 and 4-7 together */
{
    const v32 t = simde_mm256_packs_epi32(a, a);
    return simde_mm256_castsi256_si128(simde_mm256_permute4x64_epi64(t, 0x08));
}
VINL v16 v16_from32_su(v32 a) /* vpackusdw */
{
    const v32 t = simde_mm256_packus_epi32(a, a);
    return simde_mm256_castsi256_si128(simde_mm256_permute4x64_epi64(t, 0x08));
}
/* One lane-crossing vpermq (lanes 0-1 and 4-5 to the low 128 bits), then in-lane unpacks with
 * zero: one port-5 shuffle for the two halves where a vpermd per half took two (mul.wide.u32:
 * docs/PERFORMANCE.md, "Figures behind design choices in the source"; vpmovzxdq would need the
 * high 128 bits extracted first). */
VINL v64 v64_from32_u(v32 a)
{
    const v32 z = simde_mm256_setzero_si256(), t = simde_mm256_permute4x64_epi64(a, 0xd8);
    return (v64){simde_mm256_unpacklo_epi32(t, z), simde_mm256_unpackhi_epi32(t, z)};
}
VINL v64 v64_from32_s(v32 a) /* (the same lanes as v64_from32_u, the sign words for the zeros) */
{
    const v32 t = simde_mm256_permute4x64_epi64(a, 0xd8), s = simde_mm256_srai_epi32(t, 31);
    return (v64){simde_mm256_unpacklo_epi32(t, s), simde_mm256_unpackhi_epi32(t, s)};
}
VINL v32 v32_from64(v64 a) { return narrow64_(a.lo, a.hi); }           /* low halves */
VINL v32 v32_from64_hi(v64 a) { return narrow64_(simde_mm256_srli_epi64(a.lo, 32),
                                                 simde_mm256_srli_epi64(a.hi, 32)); }
/* vshufps takes dwords 1 and 3 of each 128-bit block of lo, then of hi; the unpacks with zero
 * put them back in the same blocks */
VINL v32 v32_hi_words(v64 a)
{
    return I32_(simde_mm256_shuffle_ps(F32_(a.lo), F32_(a.hi), 0xdd));
}
VINL v64 v64_of_hi_words(v32 h)
{
    const v32 z = simde_mm256_setzero_si256();
    return (v64){simde_mm256_unpacklo_epi32(z, h), simde_mm256_unpackhi_epi32(z, h)};
}
VINL void v32_split16(v32 a, v16 *lo, v16 *hi)
{
    *lo = simde_mm256_castsi256_si128(a);
    *hi = simde_mm256_extracti128_si256(a, 1);
}
VINL v32 v32_join16(v16 lo, v16 hi) { return simde_mm256_set_m128i(hi, lo); }

/* trunc(a / b) of 32-bit lanes (signed or not), b != 0, through f64: the quotient of two 32-bit
 * integers is never within 2^-52 (relative) of an integer it is not, so in any rounding mode the
 * f64 quotient truncates to the exact one. Signed INT_MIN / -1 is the caller's business. */
VINL simde__m128i divq4_(simde__m128i a, simde__m128i b, int sgn)
{
    const simde__m128i flip = simde_mm_set1_epi32(sgn ? 0 : INT32_MIN);
    const simde__m256d off = simde_mm256_set1_pd(sgn ? 0.0 : 2147483648.0);
    simde__m256d ad = simde_mm256_add_pd(simde_mm256_cvtepi32_pd(simde_mm_xor_si128(a, flip)), off);
    simde__m256d bd = simde_mm256_add_pd(simde_mm256_cvtepi32_pd(simde_mm_xor_si128(b, flip)), off);
    simde__m256d q = simde_mm256_round_pd(simde_mm256_div_pd(ad, bd),
                                          SIMDE_MM_FROUND_TO_ZERO | SIMDE_MM_FROUND_NO_EXC);
    return simde_mm_xor_si128(simde_mm256_cvtpd_epi32(simde_mm256_sub_pd(q, off)), flip);
}
VINL v32 v32_divq(v32 a, v32 b, int sgn)
{
    return simde_mm256_set_m128i(
        divq4_(simde_mm256_extracti128_si256(a, 1), simde_mm256_extracti128_si256(b, 1), sgn),
        divq4_(simde_mm256_castsi256_si128(a), simde_mm256_castsi256_si128(b), sgn));
}

/* Carries from sign bits (simd/int_ops.h): a compare with 0 before vm_to_bits (movmskps) folds
 * away, where an unsigned compare costs two xors and a compare. */
#define VEC_CARRY_BY_SIGN 1

/* ---- leading zeros through an exact int -> f32 conversion (no lzcnt on AVX2) ---------------- *
 * x below 2^24 converts exactly; above, x >> 8 does, 8 bits lower. The exponent field is then
 * 127 + the msb's index (0 for 0), in any rounding mode and without an inexact flag. */
#define VEC_HAS_CLZ 1
VINL v32 v32_clz(v32 x)
{
    v32 small = simde_mm256_cmpeq_epi32(simde_mm256_srli_epi32(x, 24), simde_mm256_setzero_si256());
    v32 t = simde_mm256_blendv_epi8(simde_mm256_srli_epi32(x, 8), x, small);
    v32 e = simde_mm256_srli_epi32(I32_(simde_mm256_cvtepi32_ps(t)), 23);
    v32 top = simde_mm256_add_epi32(simde_mm256_set1_epi32(150), /* 158 for small x: 31 + 127 */
                                    simde_mm256_and_si256(small, simde_mm256_set1_epi32(8)));
    return simde_mm256_min_epu32(simde_mm256_sub_epi32(top, e), simde_mm256_set1_epi32(32));
}
/* The high halves where nonzero, else the low ones + 32; the lanes in shuffle_ps's order
 * (0 1 4 5 | 2 3 6 7) until one permute at the end. */
VINL v32 v64_clz(v64 x)
{
    simde__m256 l = simde_mm256_castsi256_ps(x.lo), h = simde_mm256_castsi256_ps(x.hi);
    v32 lo = simde_mm256_castps_si256(simde_mm256_shuffle_ps(l, h, 0x88));
    v32 hi = simde_mm256_castps_si256(simde_mm256_shuffle_ps(l, h, 0xdd));
    v32 hz = simde_mm256_cmpeq_epi32(hi, simde_mm256_setzero_si256());
    v32 r = simde_mm256_add_epi32(v32_clz(simde_mm256_blendv_epi8(hi, lo, hz)),
                                  simde_mm256_and_si256(hz, simde_mm256_set1_epi32(32)));
    return simde_mm256_permute4x64_epi64(r, 0xd8);
}

/* ---- float compares and conversions (rounding from MXCSR, set by the kernel) ---------------- */
/* NaN lanes of f32 bits: one unordered compare (quiet: no exception but for SNaN, masked) */
#define VEC_HAS_ISNAN_F32 1
VINL vm v32_isnan_f32(v32 a)
{
    return I32_(simde_mm256_cmp_ps(F32_(a), F32_(a), SIMDE_CMP_UNORD_Q));
}
VINL vm v32_isnum_f32(v32 a) { return I32_(simde_mm256_cmp_ps(F32_(a), F32_(a), SIMDE_CMP_ORD_Q)); }
VINL vm v32_ltinf_f32(v32 a)
{
    return I32_(simde_mm256_cmp_ps(F32_(a), F32_(v32_set1(0x7f800000u)), SIMDE_CMP_LT_OQ));
}
/* a mask is a vector of all-ones/zero lanes */
#define VEC_HAS_VM_V32 1
VINL v32 v32_of_vm(vm m) { return m; }
/* f32 compares for setp/set: one vcmpps each (quiet predicates) */
#define VEC_HAS_FCMP_F32 1
#define AVX2_FCMP_(name, pred)                                                                   \
    VINL vm v32_fcmp_##name##_f32(v32 a, v32 b) { return I32_(simde_mm256_cmp_ps(F32_(a), F32_(b), pred)); }
AVX2_FCMP_(lt, SIMDE_CMP_LT_OQ)
AVX2_FCMP_(le, SIMDE_CMP_LE_OQ)
AVX2_FCMP_(eq, SIMDE_CMP_EQ_OQ)
AVX2_FCMP_(lg, SIMDE_CMP_NEQ_OQ)
AVX2_FCMP_(un, SIMDE_CMP_UNORD_Q)
#undef AVX2_FCMP_
#define VEC_HAS_FCMP_F64 1
#define AVX2_FCMP64_(name, pred)                                                                 \
    VINL vm v64_fcmp_##name##_f64(v64 a, v64 b)                                                \
    {                                                                                          \
        return vm_join64(I64_(simde_mm256_cmp_pd(F64_(a.lo), F64_(b.lo), pred)),               \
                         I64_(simde_mm256_cmp_pd(F64_(a.hi), F64_(b.hi), pred)));              \
    }
AVX2_FCMP64_(lt, SIMDE_CMP_LT_OQ)
AVX2_FCMP64_(le, SIMDE_CMP_LE_OQ)
AVX2_FCMP64_(eq, SIMDE_CMP_EQ_OQ)
AVX2_FCMP64_(lg, SIMDE_CMP_NEQ_OQ)
AVX2_FCMP64_(un, SIMDE_CMP_UNORD_Q)
#undef AVX2_FCMP64_
VINL n64m n64_isnan_f64(n64 a) /* (n64m: 64-bit all-ones lanes, as vcmppd makes them) */
{
    return I64_(simde_mm256_cmp_pd(F64_(a), F64_(a), SIMDE_CMP_UNORD_Q));
}
VINL n64 n64_or_where(n64m m, n64 r, n64 a, n64 b) { return n64_sel(m, n64_or(a, b), r); }
/* f32 <-> f64: widening is exact, narrowing rounds by MXCSR */
VINL v64 v64_from_f32(v32 a)
{
    return (v64){I64_(simde_mm256_cvtps_pd(simde_mm256_castps256_ps128(F32_(a)))),
                 I64_(simde_mm256_cvtps_pd(simde_mm256_extractf128_ps(F32_(a), 1)))};
}
VINL v32 v32_from_f64(v64 a)
{
    return I32_(simde_mm256_set_m128(simde_mm256_cvtpd_ps(F64_(a.hi)),
                                     simde_mm256_cvtpd_ps(F64_(a.lo))));
}
/* f16 <-> f32 (F16C): widening is exact; narrowing rounds to nearest even whatever MXCSR says. */
VINL v32 v32_from_f16(v16 a) { return I32_(simde_mm256_cvtph_ps(a)); }
VINL v16 v16_to_f16_rn(v32 a) { return simde_mm256_cvtps_ph(F32_(a), 0); }
/* s32 <-> f32 (cvt): vcvtdq2ps and vcvtps2dq, both rounded by MXCSR */
VINL v32 v32_cvt_f32_s32(v32 a) { return I32_(simde_mm256_cvtepi32_ps(a)); }
VINL v32 v32_cvt_s32_f32(v32 a) { return simde_mm256_cvtps_epi32(F32_(a)); }
VINL v64 v64_cvt_f64_s32(v32 a) /* vcvtdq2pd */
{
    return (v64){I64_(simde_mm256_cvtepi32_pd(simde_mm256_castsi256_si128(a))),
                 I64_(simde_mm256_cvtepi32_pd(simde_mm256_extracti128_si256(a, 1)))};
}
VINL v32 v32_rint_f32(v32 a) { return I32_(simde_mm256_round_ps(F32_(a), SIMDE_MM_FROUND_CUR_DIRECTION)); }
VINL v32 v32_cvt_s32_f64(v64 a) /* vcvtpd2dq */
{
    return simde_mm256_set_m128i(simde_mm256_cvtpd_epi32(F64_(a.hi)), simde_mm256_cvtpd_epi32(F64_(a.lo)));
}

/* ---- ISA extensions (PTX_EXTENSIONS in internal.h), built in their own TUs with their flags;
 * GFNI's is in simd/vec_x86.h ---------------------------------------------------------------- */
#if PTX_EXT_AVXVNNI
/* AVX-VNNI: the VEX forms of vpdpbusd / vpdpwssd on ymm. simde 0.7.4 has no intrinsic for them:
 * natively the compiler's own; else (the emulated table) simde's AVX512VL-VNNI 256-bit forms,
 * which compute the same. */
#ifdef __AVXVNNI__
#include <immintrin.h>
#define AVX2_DPBUSD_(c, u, s) _mm256_dpbusd_avx_epi32((c), (u), (s))
#define AVX2_DPWSSD_(c, a, b) _mm256_dpwssd_avx_epi32((c), (a), (b))
#else
#include <simde/x86/avx512/dpbusd.h>
#include <simde/x86/avx512/dpwssd.h>
#define AVX2_DPBUSD_(c, u, s) simde_mm256_dpbusd_epi32((c), (u), (s))
#define AVX2_DPWSSD_(c, a, b) simde_mm256_dpwssd_epi32((c), (a), (b))
#endif
#define VEC_HAS_DPBUSD 1
#define VEC_HAS_MADD16_ACC 1
VINL v32 v32_dpbusd(v32 c, v32 u8, v32 s8) { return AVX2_DPBUSD_(c, u8, s8); }
VINL v32 v32_madd16_acc(v32 c, v32 a, v32 b) { return AVX2_DPWSSD_(c, a, b); }
#endif

#include "simd/vec_check.h"

#endif
