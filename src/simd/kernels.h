/* The kernel template, included once per ISA translation unit after that ISA's vec.h: expands the
 * rows of ops.def and PTX_EXTRA_KERNELS into batched kernels and register-resident chains on the
 * op bodies. A whole-ISA TU (no PTX_FAMILY_GROUP) also defines the table PTX_KERNEL_TABLE (entries
 * tagged PTX_KERNEL_ISA); a group's TU (-DPTX_FAMILY_GROUP=g, src/kernel_groups.h) only its
 * families' kernels, which src/kernel_table.c makes the table.
 * Sources are a, b, c and src[3] (the spec's d: bfi's field length), named s3 here because d is
 * the destination. */
#ifndef PTXCPU_SIMD_KERNELS_H
#define PTXCPU_SIMD_KERNELS_H

#if !defined(PTX_KERNEL_TABLE) || !defined(PTX_KERNEL_ISA)
#error "define PTX_KERNEL_TABLE and PTX_KERNEL_ISA before including simd/kernels.h"
#endif

#include "internal.h"
#include "batch_flat.h"
#include "kernel_groups.h"
#include "scalar/float_ops.h" /* the reference lane functions, for the fallbacks */

#include <string.h>

#include "simd/fallback.h"
/* The op bodies all take SIMD_BODY's parameters (fallback.h), and most use only some of them. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "simd/int_ops.h"
#include "simd/float_ops.h"
#include "simd/native_ops.h"
#include "simd/cmp_ops.h"
#include "simd/logic_ops.h"
#include "simd/move_ops.h"
#include "simd/cvt_ops.h"
#include "simd/cvt_mx.h"
#include "simd/cvt_rs.h"
#include "simd/cvt_pack.h"
#pragma GCC diagnostic pop

#define NCH (PTXCPU_WARP / VL) /* chunks per warp */

/* Chunk k of a warp register of w bits at p (0 = operand absent: zero, p is not evaluated); its
 * store, and its store to the lanes of bit mask g only. */
#define WARP_CHUNK_LOAD(w) WARP_CHUNK_LOAD_(w)
#define WARP_CHUNK_LOAD_(w) WARP_CHUNK_LOAD_##w
#define WARP_CHUNK_LOAD_0(p, k) v32_zero()
/* (a predicate source, one lane mask a warp: chunk k % NCH of mask k / NCH, so the flat path's
 * running chunk index walks the masks as the per-warp path's k < NCH does its warp's) */
#define WARP_CHUNK_LOAD_1(p, k) vm_from_word(((const ptxcpu_lanemask *)(p))[(k) / NCH], (k) % NCH)
#define WARP_CHUNK_LOAD_16(p, k) v16_load((const uint16_t *)(p) + (k) * VL)
#define WARP_CHUNK_LOAD_32(p, k) v32_load((const uint32_t *)(p) + (k) * VL)
#define WARP_CHUNK_LOAD_64(p, k) v64_load((const uint64_t *)(p) + (k) * VL)
#define WARP_CHUNK_STORE(w) WARP_CHUNK_STORE_(w)
#define WARP_CHUNK_STORE_(w) WARP_CHUNK_STORE_##w
#define WARP_CHUNK_STORE_16(p, k, v) v16_store((uint16_t *)(p) + (k) * VL, v)
#define WARP_CHUNK_STORE_32(p, k, v) v32_store((uint32_t *)(p) + (k) * VL, v)
#define WARP_CHUNK_STORE_64(p, k, v) v64_store((uint64_t *)(p) + (k) * VL, v)
#define WARP_CHUNK_STORE_GUARD(w) WARP_CHUNK_STORE_GUARD_(w)
#define WARP_CHUNK_STORE_GUARD_(w) WARP_CHUNK_STORE_GUARD_##w
#define WARP_CHUNK_STORE_GUARD_16(p, k, v, g) v16_store_guard((uint16_t *)(p) + (k) * VL, v, g)
#define WARP_CHUNK_STORE_GUARD_32(p, k, v, g) v32_store_guard((uint32_t *)(p) + (k) * VL, v, g)
#define WARP_CHUNK_STORE_GUARD_64(p, k, v, g) v64_store_guard((uint64_t *)(p) + (k) * VL, v, g)
/* SIMD_SET(xw, dw)(x, v): x = v where a source of xw bits and d (dw bits) have one width; else
 * only v is evaluated (dead code: a chain feeds d back only into a source of its width). */
#define SIMD_SET(xw, dw) SIMD_SET_(xw, dw)
#define SIMD_SET_(xw, dw) SIMD_SET_##xw##_##dw
#define SIMD_SET_IS(x, v) ((x) = (v))
#define SIMD_SET_NO(x, v) ((void)(v))
#define SIMD_SET_16_16 SIMD_SET_IS
#define SIMD_SET_32_32 SIMD_SET_IS
#define SIMD_SET_64_64 SIMD_SET_IS
#define SIMD_SET_0_16 SIMD_SET_NO
#define SIMD_SET_0_32 SIMD_SET_NO
#define SIMD_SET_0_64 SIMD_SET_NO
#define SIMD_SET_16_32 SIMD_SET_NO
#define SIMD_SET_16_64 SIMD_SET_NO
#define SIMD_SET_32_16 SIMD_SET_NO
#define SIMD_SET_32_64 SIMD_SET_NO
#define SIMD_SET_64_16 SIMD_SET_NO
#define SIMD_SET_64_32 SIMD_SET_NO

/* ---- chunk geometries: G is CH (the layer's chunk: VL lanes of every width, bodies
 * simd_<SEM>_<DW>_<AW>) or, for a row whose d and sources all have one width W and whose family
 * has a native body (simd/native_ops.h), N<W> (full vectors of NL<W> W-bit lanes, bodies
 * simd_n<W>_<SEM>), or for a 16 x 16 -> 32-bit product row W16 (n16 sources, w32 results:
 * simd_w16_<SEM>). SIMD_GEO picks it by probing two macro names: SIMD_GEOW_<widths> (defined
 * below for those patterns) and SIMD_NATIVE_<N16|N64|W16>_<SEM> (native_ops.h, only where the
 * layer has that geometry); each expands to `~, G`, an undefined name leaves CH. */
#define SIMD_PROBE_(...) SIMD_PROBE__(__VA_ARGS__, CH, ~)
#define SIMD_PROBE__(x, g, ...) g
#define SIMD_GEOW_16_16_0_0_0 ~, N16
#define SIMD_GEOW_16_16_16_0_0 ~, N16
#define SIMD_GEOW_16_16_16_16_0 ~, N16
#define SIMD_GEOW_64_64_0_0_0 ~, N64
#define SIMD_GEOW_64_64_64_0_0 ~, N64
#define SIMD_GEOW_64_64_64_64_0 ~, N64
#define SIMD_GEOW_32_16_16_0_0 ~, W16
#define SIMD_GEOW_32_16_16_32_0 ~, W16
/* A row may name its geometry outright (SIMD_ROWGEO_<ID>, native_ops.h: `~, L64`); else its
 * widths and family pick it. */
#define SIMD_PROBE_ROW_(...) SIMD_PROBE__(__VA_ARGS__, WIDTHS, ~)
#define SIMD_GEO_ROW(ID, SEM, DW, AW, BW, CW, S3W)                                               \
    SIMD_GEO_ROW_(SIMD_PROBE_ROW_(SIMD_ROWGEO_##ID), SEM, DW, AW, BW, CW, S3W)
#define SIMD_GEO_ROW_(G, ...) SIMD_GEO_ROW__(G, __VA_ARGS__)
#define SIMD_GEO_ROW__(G, ...) SIMD_GEO_BY_##G(__VA_ARGS__)
#define SIMD_GEO_BY_WIDTHS(...) SIMD_GEO(__VA_ARGS__)
#define SIMD_GEO_BY_L64(...) L64
#define SIMD_GEO(SEM, DW, AW, BW, CW, S3W)                                                       \
    SIMD_GEO_FAM_(SEM, SIMD_PROBE_(SIMD_GEOW_##DW##_##AW##_##BW##_##CW##_##S3W))
#define SIMD_GEO_FAM_(SEM, GW) SIMD_GEO_FAM__(SEM, GW)
#define SIMD_GEO_FAM__(SEM, GW) SIMD_PROBE_(SIMD_NATIVE_##GW##_##SEM)
/* What the template needs of a geometry: chunks per warp, lanes per chunk, a chunk's type, load,
 * store and guarded store for a register of w bits (0: absent, reads zero), the CC.CF mask type
 * and its conversions, the body, NaN canonicalization at a chain's end (of the native rows only
 * N64's float ones defer it: native_ops.h),
 * and the warps a chain group runs (CH: SIMD_CHAIN_WARPS; native: 8 / 16 vectors in flight, as
 * many as the 16- / 64-bit chunks had). */
#define GEO_(x, G) GEO__(x, G)
#define GEO__(x, G) GEO_##x##_##G
#define GEO_NCH(G) GEO_(nch, G)
#define GEO_VL(G) GEO_(vl, G)
#define GEO_BITS(G) ((uint32_t)((1ull << GEO_VL(G)) - 1))
#define GEO_VT(G, w) GEO_(vt, G)(w)
#define GEO_LOAD(G, w) GEO_(load, G)(w)
#define GEO_STORE(G, w) GEO_(store, G)(w)
#define GEO_STORE_GUARD(G, w) GEO_(guard, G)(w)
#define GEO_CF(G) GEO_(cf, G)
#define GEO_CF_FROM(G) GEO_(cf_from, G)
#define GEO_CF_WORD(G) GEO_(cf_word, G)
#define GEO_CF_TO(G) GEO_(cf_to, G)
#define GEO_CF_NONE(G) GEO_(cf_none, G)
#define GEO_BODY(G, SEM, DW, AW) GEO_(body, G)(SEM, DW, AW)
#define GEO_CANON(G, DW) GEO_(canon, G)(DW)
#define GEO_ANYNAN(G, DW) GEO_(anynan, G)(DW)
#define GEO_CHAIN_WARPS(G) GEO_(warps, G)
#define GEO_CANON_NONE(ty, x) (x)
#define GEO_ANYNAN_NONE(x) ((void)(x), 0)

#define GEO_nch_CH NCH
#define GEO_vl_CH VL
#define GEO_vt_CH(w) VT(w)
#define GEO_load_CH(w) WARP_CHUNK_LOAD(w)
#define GEO_store_CH(w) WARP_CHUNK_STORE(w)
#define GEO_guard_CH(w) WARP_CHUNK_STORE_GUARD(w)
#define GEO_cf_CH vm
#define GEO_cf_from_CH(cc, k) vm_from_bits(((cc) >> ((k) * VL)) & GEO_BITS(CH))
#define GEO_cf_word_CH vm_from_word
#define GEO_cf_to_CH vm_to_bits
#define GEO_cf_none_CH vm_none
#define GEO_body_CH(SEM, DW, AW) simd_##SEM##_##DW##_##AW
#define GEO_canon_CH(DW) simd_canon_##DW
#define GEO_anynan_CH(DW) simd_anynan_##DW
#define GEO_warps_CH SIMD_CHAIN_WARPS

/* N16, N64: a source is of the row's width or absent (zero) */
#define GEO_NATIVE_(W, x, w) GEO_NATIVE__(W, x, w)
#define GEO_NATIVE__(W, x, w) GEO_N##W##_##x##_##w
#define GEO_N16_LOAD_0(p, k) n16_zero()
#define GEO_N16_LOAD_16(p, k) n16_load((const uint16_t *)(p) + (k) * NL16)
#define GEO_N16_STORE_16(p, k, v) n16_store((uint16_t *)(p) + (k) * NL16, v)
#define GEO_N16_STORE_GUARD_16(p, k, v, g) n16_store_guard((uint16_t *)(p) + (k) * NL16, v, g)
#define GEO_N64_LOAD_0(p, k) n64_zero()
#define GEO_N64_LOAD_64(p, k) n64_load((const uint64_t *)(p) + (k) * NL64)
#define GEO_N64_STORE_64(p, k, v) n64_store((uint64_t *)(p) + (k) * NL64, v)
#define GEO_N64_STORE_GUARD_64(p, k, v, g) n64_store_guard((uint64_t *)(p) + (k) * NL64, v, g)
#define GEO_nch_N16 ((unsigned)(PTXCPU_WARP / NL16))
#define GEO_vl_N16 NL16
#define GEO_vt_N16(w) n16
#define GEO_load_N16(w) GEO_NATIVE_(16, LOAD, w)
#define GEO_store_N16(w) GEO_NATIVE_(16, STORE, w)
#define GEO_guard_N16(w) GEO_NATIVE_(16, STORE_GUARD, w)
#define GEO_cf_N16 vm /* (no 16-bit row has a carry: never read) */
#define GEO_cf_from_N16(cc, k) ((void)(cc), vm_none())
#define GEO_cf_word_N16(cc, k) ((void)(cc), vm_none())
#define GEO_cf_to_N16 vm_to_bits
#define GEO_cf_none_N16 vm_none
#define GEO_body_N16(SEM, DW, AW) simd_n16_##SEM
#define GEO_canon_N16(DW) GEO_CANON_NONE
#define GEO_anynan_N16(DW) GEO_ANYNAN_NONE
#define GEO_warps_N16 (GEO_nch_N16 >= 8 ? 1u : 8 / GEO_nch_N16)
#define GEO_nch_N64 ((unsigned)(PTXCPU_WARP / NL64))
#define GEO_vl_N64 NL64
#define GEO_vt_N64(w) n64
#define GEO_load_N64(w) GEO_NATIVE_(64, LOAD, w)
#define GEO_store_N64(w) GEO_NATIVE_(64, STORE, w)
#define GEO_guard_N64(w) GEO_NATIVE_(64, STORE_GUARD, w)
#define GEO_cf_N64 n64m
#define GEO_cf_from_N64(cc, k) n64m_from_bits(cc, k)
#define GEO_cf_word_N64 n64m_from_bits
#define GEO_cf_to_N64 n64m_to_bits
#define GEO_cf_none_N64 n64m_none
#define GEO_body_N64(SEM, DW, AW) simd_n64_##SEM
#define GEO_canon_N64(DW) simd_n64_canon
#define GEO_anynan_N64(DW) simd_n64_anynan
#define GEO_warps_N64 (GEO_nch_N64 >= 16 ? 1u : 16 / GEO_nch_N64)
/* W16: NL16 lanes a chunk, 16-bit sources as N16's, 32-bit registers (d, mad's c) as w32 */
#define GEO_W16_(x, w) GEO_W16__(x, w)
#define GEO_W16__(x, w) GEO_W16_##x##_##w
#define GEO_W16_VT_0 n16
#define GEO_W16_VT_16 n16
#define GEO_W16_VT_32 w32
#define GEO_W16_LOAD_0 GEO_N16_LOAD_0
#define GEO_W16_LOAD_16 GEO_N16_LOAD_16
#define GEO_W16_LOAD_32(p, k) w32_load((const uint32_t *)(p) + (k) * NL16)
#define GEO_W16_STORE_32(p, k, v) w32_store((uint32_t *)(p) + (k) * NL16, v)
#define GEO_W16_STORE_GUARD_32(p, k, v, g) w32_store_guard((uint32_t *)(p) + (k) * NL16, v, g)
#define GEO_nch_W16 GEO_nch_N16
#define GEO_vl_W16 NL16
#define GEO_vt_W16(w) GEO_W16_(VT, w)
#define GEO_load_W16(w) GEO_W16_(LOAD, w)
#define GEO_store_W16(w) GEO_W16_(STORE, w)
#define GEO_guard_W16(w) GEO_W16_(STORE_GUARD, w)
#define GEO_cf_W16 GEO_cf_N16
#define GEO_cf_from_W16 GEO_cf_from_N16
#define GEO_cf_word_W16 GEO_cf_word_N16
#define GEO_cf_to_W16 GEO_cf_to_N16
#define GEO_cf_none_W16 GEO_cf_none_N16
#define GEO_body_W16(SEM, DW, AW) simd_w16_##SEM
#define GEO_canon_W16(DW) GEO_CANON_NONE
#define GEO_anynan_W16(DW) GEO_ANYNAN_NONE
#define GEO_warps_W16 (GEO_nch_W16 >= 4 ? 1u : 4 / GEO_nch_W16) /* 8 result vectors */
/* L64: one 64-bit lane a chunk, computed by the scalar reference (ptx_lane_<SEM>, CC.CF as its
 * unsigned bit), for the rows a layer runs faster on the CPU's scalar unit; a warp is 32
 * independent lanes, enough for a chain's latencies to overlap */
#define GEO_L64_(x, w) GEO_L64__(x, w)
#define GEO_L64__(x, w) GEO_L64_##x##_##w
#define GEO_L64_LOAD_0(p, k) ((uint64_t)0)
#define GEO_L64_LOAD_64(p, k) (((const uint64_t *)(p))[k])
#define GEO_L64_STORE_64(p, k, v) (((uint64_t *)(p))[k] = (v))
#define GEO_L64_STORE_GUARD_64(p, k, v, g) ((g) ? (void)(((uint64_t *)(p))[k] = (v)) : (void)0)
#define GEO_nch_L64 ((unsigned)PTXCPU_WARP)
#define GEO_vl_L64 1
#define GEO_vt_L64(w) uint64_t
#define GEO_load_L64(w) GEO_L64_(LOAD, w)
#define GEO_store_L64(w) GEO_L64_(STORE, w)
#define GEO_guard_L64(w) GEO_L64_(STORE_GUARD, w)
#define GEO_cf_L64 unsigned
#define GEO_cf_from_L64(cc, k) (((cc) >> (k)) & 1u)
#define GEO_cf_word_L64 GEO_cf_from_L64
#define GEO_cf_to_L64(cf) (cf)
#define GEO_cf_none_L64() 0u
#define GEO_body_L64(SEM, DW, AW) ptx_lane_##SEM
#define GEO_canon_L64(DW) GEO_CANON_NONE
#define GEO_anynan_L64(DW) GEO_ANYNAN_NONE
#define GEO_warps_L64 1u

/* The template's helpers are VINL, always inlined like the op bodies: GCC's inlining budget grows
 * with the TU, and a group's TU left e.g. simd_flat out of line where the whole-ISA TU had it
 * inlined. */

/* ---- floating-point environment: set once per batch by the ISA's hook, restored after --------
 * (vec_fenv, vec_fenv_enter(rnd), vec_fenv_enter_preset(rnd), vec_fenv_leave(old): from vec.h,
 * e.g. simd/fenv_x86.h). preset: the kernel's context says the caller promised the default
 * environment (ptxcpu_prepare with PTXCPU_PREPARE_DEFAULT_FENV): it is not read. */
VINL vec_fenv simd_fenv_enter(int fp, int rnd, int preset)
{
    vec_fenv old = VEC_FENV_KEPT;
    /* the promise laid out as the straight path: a prepared call on one warp then takes no branch
     * for the environment (docs/PERFORMANCE.md: reading MXCSR is most of a one-warp float call) */
    if (fp)
        old = __builtin_expect(preset, 1) ? vec_fenv_enter_preset(rnd) : vec_fenv_enter(rnd);
    return old;
}
VINL void simd_fenv_leave(int fp, vec_fenv old)
{
    if (fp)
        vec_fenv_leave(old);
}
/* Families that compute on the vector FPU (ops.def's PTX_FAMILY lines). */
#define SIMD_IS_FP(SEM) PTX_FPU_##SEM

/* Warp w's register of source k, its guard mask and its CC word. */
VINL const void *simd_src(const ptxcpu_batch *bt, unsigned k, size_t w)
{
    return (const char *)bt->src[k].base + (ptrdiff_t)w * bt->src[k].stride;
}
VINL ptxcpu_lanemask simd_guard(const ptxcpu_batch *bt, size_t w)
{
    const char *g = (const char *)bt->guard;
    return g ? *(const ptxcpu_lanemask *)(g + (ptrdiff_t)w * bt->guard_stride) : ~0u;
}
VINL ptxcpu_lanemask *simd_ccw(const ptxcpu_batch *bt, size_t w)
{
    return (ptxcpu_lanemask *)((char *)bt->cc + (ptrdiff_t)w * bt->cc_stride);
}

/* Every chunk of every source of warp w into the chunk arrays A, B, C, S3. A warp's sources are
 * all read before its d is written, so d may be exactly any source, even of another width. */
#define SIMD_WARP_LOAD(G, AW, BW, CW, S3W, A, B, C, S3, w)                                       \
    for (unsigned k = 0; k < GEO_NCH(G); k++) {                                                \
        (A)[k] = GEO_LOAD(G, AW)(simd_src(bt, 0, w), k);                                       \
        (B)[k] = GEO_LOAD(G, BW)(simd_src(bt, 1, w), k);                                       \
        (C)[k] = GEO_LOAD(G, CW)(simd_src(bt, 2, w), k);                                       \
        (S3)[k] = GEO_LOAD(G, S3W)(simd_src(bt, 3, w), k);                                     \
    }

/* Chunk k of one step: SET(out, op(a, b, c, s3)), with CC.CF of the chunk's lanes cfin (chunk k
 * of the warp's CC word; evaluated only where the row has CC) and, for CC writers, CC.CF out put
 * into the new word ccn. The one call of an op body. */
#define SIMD_CHUNK_STEP(G, SEM, TY, TY2, MODS, RND, DW, AW, CC, SET, out, a, b, c, s3, cfin,   \
                        ccn, k)                                                                \
    {                                                                                          \
        GEO_CF(G) cf = (CC) ? (cfin) : GEO_CF_NONE(G)();                                       \
        SET(out, GEO_BODY(G, SEM, DW, AW)(TY_##TY, TY_##TY2, MODS, RND_##RND, a, b, c, s3, &cf)); \
        if ((CC) & CC_W)                                                                       \
            (ccn) |= GEO_CF_TO(G)(cf) << ((k) * GEO_VL(G)); /* (the bits past the chunk's: 0) */ \
    }
/* One step of a warp: SET(OUT[k], op) for every chunk k; CC.CF changes in the guard's lanes. */
#define SIMD_WARP_STEP(G, SEM, TY, TY2, MODS, RND, DW, AW, CC, SET, OUT, A, B, C, S3, cc, guard) \
    {                                                                                          \
        ptxcpu_lanemask ccn = 0;                                                               \
        for (unsigned k = 0; k < GEO_NCH(G); k++)                                              \
            SIMD_CHUNK_STEP(G, SEM, TY, TY2, MODS, RND, DW, AW, CC, SET, (OUT)[k], (A)[k],     \
                            (B)[k], (C)[k], (S3)[k], GEO_CF_FROM(G)(cc, k), ccn, k)            \
        if ((CC) & CC_W)                                                                       \
            (cc) = ((cc) & ~(guard)) | (ccn & (guard));                                        \
    }

/* Stores the guard's lanes of warp w's d from the chunks R (never touching the other lanes) and
 * the CC word cc of a CC writer at ccw. */
#define SIMD_WARP_STORE(G, DW, CC, R, w, guard, cc, ccw)                                         \
    {                                                                                          \
        void *dreg = (char *)bt->d + (ptrdiff_t)(w) * bt->d_stride;                            \
        if ((guard) == ~0u) {                                                                  \
            for (unsigned k = 0; k < GEO_NCH(G); k++)                                          \
                GEO_STORE(G, DW)(dreg, k, (R)[k]);                                             \
        } else {                                                                               \
            for (unsigned k = 0; k < GEO_NCH(G); k++)                                          \
                GEO_STORE_GUARD(G, DW)(dreg, k, (R)[k],                                        \
                                       ((guard) >> (k * GEO_VL(G))) & GEO_BITS(G));            \
        }                                                                                      \
        if ((CC) & CC_W)                                                                       \
            *(ccw) = (cc);                                                                     \
    }

/* Chains run G warps (bt->n in groups of SIMD_CHAIN_WARPS, the rest one by one) with every
 * chunk of every register in local arrays: the G * NCH steps of one iteration are independent,
 * so their latencies overlap (one warp's chain alone waits on its own latency every step). */
#ifndef SIMD_CHAIN_WARPS
#define SIMD_CHAIN_WARPS (NCH >= 4 ? 2 : 4) /* 8 independent vectors per step */
#endif
/* Warps per group in a row's chains: more where its tuning asks for more vectors in flight
 * (SIMD_CHAIN_VECS). A wide group's remainder runs in groups of the geometry's default, then one
 * by one. */
#define SIMD_CHAIN_G(G, ID)                                                                      \
    (SIMD_CHAIN_VECS(ID) ? SIMD_CHAIN_VECS(ID) / GEO_NCH(G) : GEO_CHAIN_WARPS(G))
/* `steps` steps of a group with modifiers SM, each result fed back into X (of XW bits) in place
 * (so the fed-back chunks stay in one register each: a separate result array copied into X every
 * step cost two moves a chunk on the critical path); nothing when X cannot take d (absent or of
 * another width: ptxcpu_run_chain refuses such a feedback before we get here). */
#define SIMD_CHAIN_STEPS(GEO, NW, X, XW, SEM, TY, TY2, SM, RND, DW, AW, CC, U, UNR)             \
    if ((XW) == (DW) && (UNR)) {                                                               \
        _Pragma("GCC unroll 4")                                                                \
        for (uint64_t s = 0; s < steps; s++)                                                   \
            SIMD_CHAIN_STEP(GEO, NW, X, XW, SEM, TY, TY2, SM, RND, DW, AW, CC, U)              \
    } else if ((XW) == (DW)) {                                                                 \
        for (uint64_t s = 0; s < steps; s++)                                                   \
            SIMD_CHAIN_STEP(GEO, NW, X, XW, SEM, TY, TY2, SM, RND, DW, AW, CC, U)              \
    }
/* (U: b and c are uniform, read from the group's first warp: SIMD_CHAIN_WIDE) */
#define SIMD_CHAIN_STEP(GEO, NW, X, XW, SEM, TY, TY2, SM, RND, DW, AW, CC, U)                   \
    for (unsigned j = 0; j < (NW); j++)                                                        \
        SIMD_WARP_STEP(GEO, SEM, TY, TY2, SM, RND, DW, AW, CC, SIMD_SET(XW, DW), X[j], A[j],    \
                       B[(U) ? 0 : j], C[(U) ? 0 : j], S3[j], ccs[j], guards[j])
/* A chain row's tuning is a column of tools/gen_ops.py's CHAIN_ROWS, read here by probes of its
 * row id (an undefined name leaves the default):
 * - PTX_CHAIN_UNROLL_<ID>: the steps unrolled four times. The float mad/fma chains' 8 vectors in
 *   flight are exactly the FMA latency times its throughput, and the loop's counter and branch,
 *   issued among them, cost a tenth of the peak (docs/PERFORMANCE.md). Only those rows: unrolling
 *   every chain made the build half as long again, and dp4a's (bound by its ports) gained nothing.
 * - PTX_CHAIN_VECS_<ID>: vectors in flight a group keeps (an expression of the layer; 0, or no
 *   column, is SIMD_CHAIN_G's default), where the step's dependency chain is too long for 8.
 * - PTX_CHAIN_UNIFORM_<ID>: on 32 vector registers (VL >= 16), with a and d the only per-warp
 *   registers (b and c of stride 0, as a grid's uniform m and c are) the group runs twice the
 *   warps, b and c read from its first warp (2 + 2 registers): 16 vectors in flight, twice the
 *   FMA latency times its throughput, where 8 left the demo's block below the FMA peak and 16 with
 *   b and c per warp spilled them. Emitted for those rows only (a constant-false branch in every
 *   row's chain made a kernel TU longer to build); the chain then tests only what a call decides:
 *   the feedback and the strides. */
#define SIMD_CHAIN_UNROLL(ID) PTX_PROBE(PTX_CHAIN_UNROLL_##ID)
#define SIMD_CHAIN_VECS(ID) PTX_PROBE(PTX_CHAIN_VECS_##ID)
#define SIMD_PROBE_U_(...) SIMD_PROBE__(__VA_ARGS__, NO, ~)
#if VL >= 16
#define SIMD_CHAIN_WIDE(ID) SIMD_CHAIN_WIDE_(SIMD_PROBE_U_(PTX_CHAIN_UNIFORM_##ID))
#else
#define SIMD_CHAIN_WIDE(ID) SIMD_CHAIN_WIDE_NO
#endif
#define SIMD_CHAIN_WIDE_(X) SIMD_CHAIN_WIDE__(X)
#define SIMD_CHAIN_WIDE__(X) SIMD_CHAIN_WIDE_##X
#define SIMD_CHAIN_WIDE_NO(...)
#define SIMD_CHAIN_WIDE_YES(G, ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)            \
    if (feedback == 0 && !bt->src[1].stride && !bt->src[2].stride)                             \
        for (; w + 2 * GEO_CHAIN_WARPS(G) <= bt->n; w += 2 * GEO_CHAIN_WARPS(G))               \
            SIMD_CHAIN_GROUP(G, 2 * GEO_CHAIN_WARPS(G), SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, \
                             S3W, CC, 1, SIMD_CHAIN_UNROLL(ID))
/* R = the fed-back register X of every warp of a group (one loop per case of the feedback
 * switch: a switch inside the chunk loop spilled). R is zeroed only in the dead case: a memset on
 * every call (a rep stos) was most of a short chain's cost (figures: docs/PERFORMANCE.md,
 * "Figures behind design choices in the source"). */
#define SIMD_CHAIN_RESULT(GEO, NW, X, XW, DW)                                                    \
    if ((XW) != (DW)) /* (a refused feedback: R is only kept defined) */                        \
        memset(R, 0, sizeof R);                                                                \
    else                                                                                       \
        for (unsigned j = 0; j < (NW); j++)                                                    \
            for (unsigned k = 0; k < GEO_NCH(GEO); k++)                                        \
                SIMD_SET(XW, DW)(R[j][k], X[j][k])
/* A chain step's modifiers: NaNs canonicalized once at the end where that is exact. */
#define SIMD_CHAIN_MODS(SEM, MODS) (SIMD_DEFERS_CANON(SEM, MODS) ? (MODS) | M_RAWNAN : (MODS))
/* The f64 rows among those (float_ops.h): their steps skip the NaN rule, and a group whose result
 * has a NaN lane runs again from its sources with the rule on every step. */
#define SIMD_CHAIN_REDO_NAN(SEM, TY, DW, MODS)                                                  \
    ((DW) == 64 && TY_##TY == TY_F64 && SIMD_DEFERS_CANON(SEM, MODS))
/* Loads a group's registers, runs its steps with modifiers SM and leaves the fed-back register in
 * R (its source value if steps == 0). */
#define SIMD_CHAIN_RUN(GEO, NW, SEM, TY, TY2, SM, RND, DW, AW, BW, CW, S3W, CC, U, UNR)           \
    {                                                                                          \
        for (unsigned j = 0; j < (NW); j++) {                                                  \
            SIMD_WARP_LOAD(GEO, AW, BW, CW, S3W, A[j], B[j], C[j], S3[j], w + j)               \
            guards[j] = simd_guard(bt, w + j);                                                 \
            ccs[j] = (CC) ? *simd_ccw(bt, w + j) : 0;                                          \
        }                                                                                      \
        /* one loop per feedback source, so the fed-back chunks stay in registers */           \
        switch ((U) ? 0 : feedback) {                                                          \
        case 0: SIMD_CHAIN_STEPS(GEO, NW, A, AW, SEM, TY, TY2, SM, RND, DW, AW, CC, U, UNR); break; \
        case 1: SIMD_CHAIN_STEPS(GEO, NW, B, BW, SEM, TY, TY2, SM, RND, DW, AW, CC, 0, UNR); break; \
        case 2: SIMD_CHAIN_STEPS(GEO, NW, C, CW, SEM, TY, TY2, SM, RND, DW, AW, CC, 0, UNR); break; \
        default:                                                                               \
            SIMD_CHAIN_STEPS(GEO, NW, S3, S3W, SEM, TY, TY2, SM, RND, DW, AW, CC, 0, UNR);          \
            break;                                                                             \
        }                                                                                      \
        switch ((U) ? 0 : feedback) {                                                          \
        case 0: SIMD_CHAIN_RESULT(GEO, NW, A, AW, DW); break;                                  \
        case 1: SIMD_CHAIN_RESULT(GEO, NW, B, BW, DW); break;                                  \
        case 2: SIMD_CHAIN_RESULT(GEO, NW, C, CW, DW); break;                                  \
        default: SIMD_CHAIN_RESULT(GEO, NW, S3, S3W, DW); break;                               \
        }                                                                                      \
    }
#define SIMD_CHAIN_GROUP(GEO, NW, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC, U, UNR)    \
    {                                                                                          \
        GEO_VT(GEO, AW) A[NW][GEO_NCH(GEO)];                                                   \
        GEO_VT(GEO, BW) B[NW][GEO_NCH(GEO)];                                                   \
        GEO_VT(GEO, CW) C[NW][GEO_NCH(GEO)];                                                   \
        GEO_VT(GEO, S3W) S3[NW][GEO_NCH(GEO)];                                                 \
        GEO_VT(GEO, DW) R[NW][GEO_NCH(GEO)];                                                   \
        ptxcpu_lanemask guards[NW], ccs[NW];                                                   \
        SIMD_CHAIN_RUN(GEO, NW, SEM, TY, TY2, SIMD_CHAIN_MODS(SEM, MODS), RND, DW, AW, BW, CW, \
                       S3W, CC, U, UNR)                                                        \
        if (SIMD_CHAIN_REDO_NAN(SEM, TY, DW, MODS) && steps > 0) {                             \
            /* NaN is absorbing in these ops, so a result without NaN lanes never had one on   \
             * any step, where the rule changes nothing: the result is the ruled chain's */    \
            int nan_ = 0;                                                                      \
            for (unsigned j = 0; j < (NW); j++)                                                \
                for (unsigned k = 0; k < GEO_NCH(GEO); k++)                                    \
                    nan_ |= GEO_ANYNAN(GEO, DW)(R[j][k]);                                      \
            if (nan_)                                                                          \
                SIMD_CHAIN_RUN(GEO, NW, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC, U, UNR) \
        }                                                                                      \
        /* NaNs canonicalized where the steps left that to the end */                          \
        if (steps > 0 && SIMD_DEFERS_CANON(SEM, MODS))                                         \
            for (unsigned j = 0; j < (NW); j++)                                                \
                for (unsigned k = 0; k < GEO_NCH(GEO); k++)                                    \
                    R[j][k] = GEO_CANON(GEO, DW)(TY_##TY, R[j][k]);                            \
        for (unsigned j = 0; j < (NW); j++)                                                    \
            SIMD_WARP_STORE(GEO, DW, CC, R[j], w + j, guards[j], ccs[j], simd_ccw(bt, w + j))  \
    }

/* The flat path's condition (ptx_flat_path) is src/batch_flat.h's, shared with ptxcpu_prepare. */

/* Chunk i of the flat path (chunk k of its warp): its sources are read right before its d chunk
 * is written, which simd_flat allows only where no later chunk reads those bytes. */
#define SIMD_FLAT_CHUNK(G, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC, i, k, cfin, ccn)    \
    {                                                                                          \
        GEO_VT(G, DW) r;                                                                       \
        SIMD_CHUNK_STEP(G, SEM, TY, TY2, MODS, RND, DW, AW, CC, SIMD_SET_IS, r,                \
                        GEO_LOAD(G, AW)(pa, i), GEO_LOAD(G, BW)(pb, i),                        \
                        GEO_LOAD(G, CW)(pc, i), GEO_LOAD(G, S3W)(ps3, i), cfin, ccn, k)        \
        GEO_STORE(G, DW)(pd, i, r);                                                            \
    }
/* The flat path: warp by warp where there are CC words, else one run of chunks. The operand bases
 * and the count are locals, which a store through d cannot change. A chunk's CC.CF is a test of
 * the warp's word (GEO_CF_WORD: broadcast once, then one vector op a chunk, where a shift and a
 * move into a mask register or vector a chunk kept the carry readers behind a plain C loop:
 * docs/PERFORMANCE.md); two warps an iteration, as the no-CC run of chunks is unrolled too. */
#define SIMD_FLAT(G, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC, NWARPS)                   \
    {                                                                                          \
        const void *pa = bt->src[0].base, *pb = bt->src[1].base, *pc = bt->src[2].base,        \
                   *ps3 = bt->src[3].base;                                                     \
        (void)pa, (void)pb, (void)pc, (void)ps3; /* (absent operands are not read) */          \
        void *pd = bt->d;                                                                      \
        if (CC) { /* one CC word per warp: every lane is active, so it is replaced */          \
            ptxcpu_lanemask *ccw = bt->cc;                                                     \
            const size_t n = (NWARPS);                                                         \
            _Pragma("GCC unroll 2")                                                            \
            for (size_t w = 0; w < n; w++) {                                                   \
                ptxcpu_lanemask cc = ccw[w], ccn = 0;                                          \
                _Pragma("GCC unroll 8")                                                        \
                for (unsigned k = 0; k < GEO_NCH(G); k++)                                      \
                    SIMD_FLAT_CHUNK(G, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC,       \
                                    w * GEO_NCH(G) + k, k, GEO_CF_WORD(G)(cc, k), ccn)        \
                if ((CC) & CC_W)                                                               \
                    ccw[w] = ccn;                                                              \
            }                                                                                  \
        } else { /* (CC_NONE: no CC word is read, and the compound literal is never written) */ \
            const size_t nch = (NWARPS)*GEO_NCH(G);                                            \
            _Pragma("GCC unroll 4")                                                            \
            for (size_t i = 0; i < nch; i++)                                                   \
                SIMD_FLAT_CHUNK(G, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC_NONE, i, 0,    \
                                GEO_CF_NONE(G)(), (ptxcpu_lanemask){0})                        \
        }                                                                                      \
    }

/* A kernel's batched entry k and its flat-only entries f and o (static in a whole-ISA TU; in a
 * group's, hidden and named for src/kernel_table.c). */
#ifdef PTX_FAMILY_GROUP
#define SIMD_NAME(kind, ID) PTX_GROUP_KERNEL(kind, ID)
#define SIMD_FN(kind, ID) PTX_HIDDEN void PTX_GROUP_KERNEL(kind, ID)
#else
#define SIMD_NAME(kind, ID) kind##_##ID
#define SIMD_FN(kind, ID) static void kind##_##ID
#endif
/* A kernel's flat path as a function: f (out of line, for any count) and o (one warp). */
#define SIMD_FLAT_FN(attrs, kind, NWARPS, G, ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC) \
    attrs SIMD_FN(kind, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt)                       \
    {                                                                                          \
        vec_fenv fenv = simd_fenv_enter(SIMD_IS_FP(SEM), RND_##RND, ctx->fenv_preset);         \
        SIMD_FLAT(G, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC, NWARPS)                 \
        simd_fenv_leave(SIMD_IS_FP(SEM), fenv);                                                \
    }
/* G: the kernel's chunk geometry (SIMD_GEO), chosen once per kernel at preprocessing. RND is a
 * constant, or CTX: the row's directed mode from the context (RND_CTX, internal.h). */
#define SIMD_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                        \
    SIMD_KERNEL_G_(SIMD_GEO_ROW(ID, SEM, DW, AW, BW, CW, S3W), ID, SEM, TY, TY2, MODS, RND, DW, AW, \
                   BW, CW, S3W, CC)
#define SIMD_KERNEL_G_(...) SIMD_KERNEL_G(__VA_ARGS__)
#define SIMD_KERNEL_G(G, ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                 \
    /* f: a batch that passed ptx_flat_path (k's test on every call, or ptxcpu_prepare's       \
     * once). Out of line, so that k reaches it with a jump and a flat call pays neither the   \
     * per-warp path's register saves nor k's tests where ptxcpu_prepare made them. */         \
    SIMD_FLAT_FN(__attribute__((noinline)), f, bt->n, G, ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, \
                 CW, S3W, CC)                                                                  \
    /* o: f for a batch of one warp (ptxcpu_prepare's pick there): the count a constant, so    \
     * the warp's chunks run straight, with no loop to enter or leave (an emulator's call). On \
     * a line of its own (docs/PERFORMANCE.md: a short kernel across two lines of code is      \
     * slower). */                                                                             \
    SIMD_FLAT_FN(__attribute__((aligned(64))), o, 1, G, ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, \
                 CW, S3W, CC)                                                                  \
    SIMD_FN(k, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt)                                \
    {                                                                                          \
        if (ptx_flat_path(bt, DW, AW, BW, CW, S3W, CC)) {                                      \
            SIMD_NAME(f, ID)(ctx, bt);                                                         \
            return;                                                                            \
        }                                                                                      \
        vec_fenv fenv = simd_fenv_enter(SIMD_IS_FP(SEM), RND_##RND, ctx->fenv_preset);         \
        {                                                                                      \
            /* the batch as a local: a store through d cannot change it, so the warp loop keeps \
             * its bases and strides in registers instead of reloading them every warp */      \
            const ptxcpu_batch walk_ = *bt;                                                    \
            const ptxcpu_batch *const bt = &walk_;                                             \
            for (size_t w = 0; w < bt->n; w++) {                                               \
                GEO_VT(G, AW) A[GEO_NCH(G)];                                                   \
                GEO_VT(G, BW) B[GEO_NCH(G)];                                                   \
                GEO_VT(G, CW) C[GEO_NCH(G)];                                                   \
                GEO_VT(G, S3W) S3[GEO_NCH(G)];                                                 \
                GEO_VT(G, DW) R[GEO_NCH(G)];                                                   \
                SIMD_WARP_LOAD(G, AW, BW, CW, S3W, A, B, C, S3, w)                             \
                const ptxcpu_lanemask guard = simd_guard(bt, w);                               \
                ptxcpu_lanemask *ccw = (CC) ? simd_ccw(bt, w) : NULL;                          \
                ptxcpu_lanemask cc = ccw ? *ccw : 0;                                           \
                SIMD_WARP_STEP(G, SEM, TY, TY2, MODS, RND, DW, AW, CC, SIMD_SET_IS, R, A, B, C, \
                               S3, cc, guard)                                                  \
                SIMD_WARP_STORE(G, DW, CC, R, w, guard, cc, ccw)                               \
            }                                                                                  \
        }                                                                                      \
        simd_fenv_leave(SIMD_IS_FP(SEM), fenv);                                                \
    }

/* A row's chain c, for the rows tools/gen_ops.py lists in CHAIN_ROWS (PTX_IF_CHAIN); the others'
 * ptxcpu_run_chain steps k (src/chain.c). */
#define SIMD_CHAIN_FN(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                      \
    SIMD_CHAIN_FN_G_(SIMD_GEO_ROW(ID, SEM, DW, AW, BW, CW, S3W), ID, SEM, TY, TY2, MODS, RND, DW, \
                     AW, BW, CW, S3W, CC)
#define SIMD_CHAIN_FN_G_(...) SIMD_CHAIN_FN_G(__VA_ARGS__)
#define SIMD_CHAIN_FN_G(G, ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)               \
    SIMD_FN(c, ID)(const ptxcpu_batch *bt, unsigned feedback, uint64_t steps)                  \
    {                                                                                          \
        vec_fenv fenv = simd_fenv_enter(SIMD_IS_FP(SEM), RND_##RND, 0);                        \
        size_t w = 0;                                                                          \
        SIMD_CHAIN_WIDE(ID)(G, ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)           \
        for (; w + SIMD_CHAIN_G(G, ID) <= bt->n; w += SIMD_CHAIN_G(G, ID))                     \
            SIMD_CHAIN_GROUP(G, SIMD_CHAIN_G(G, ID), SEM, TY, TY2, MODS, RND, DW, AW, BW, CW,  \
                             S3W, CC, 0, SIMD_CHAIN_UNROLL(ID))                                \
        if (SIMD_CHAIN_G(G, ID) != GEO_CHAIN_WARPS(G)) /* a wide group's remainder */          \
            for (; w + GEO_CHAIN_WARPS(G) <= bt->n; w += GEO_CHAIN_WARPS(G))                   \
                SIMD_CHAIN_GROUP(G, GEO_CHAIN_WARPS(G), SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, \
                                 S3W, CC, 0, SIMD_CHAIN_UNROLL(ID))                            \
        for (; w < bt->n; w++)                                                                 \
            SIMD_CHAIN_GROUP(G, 1, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC, 0,        \
                             SIMD_CHAIN_UNROLL(ID))                                            \
        simd_fenv_leave(SIMD_IS_FP(SEM), fenv);                                                \
    }

/* A row's kernels by the width of its d: a register, or a predicate (simd/kernels_pred.h), and a
 * compare family's by its own template there. */
#include "simd/kernels_pred.h"
#include "simd/kernels_lop3.h"
#include "simd/kernels_xlane.h"
#include "simd/kernels_vec.h"
#define SIMD_ROW_KERNEL(ID, SEM, ...)                                                            \
    PTX_CAT(SIMD_ROW_KERNEL_VEC, PTX_PROBE(PTX_VECFAM_##SEM))(ID, SEM, __VA_ARGS__)
/* (a family with a vector operand or a .b128 register, PTX_VECFAM_<family>: simd/kernels_vec.h) */
#define SIMD_ROW_KERNEL_VEC1 SIMD_VEC_KERNEL
#define SIMD_ROW_KERNEL_VEC0(ID, SEM, ...)                                                       \
    PTX_CAT(SIMD_ROW_KERNEL_XLANE, PTX_PROBE(PTX_XLANE_##SEM))(ID, SEM, __VA_ARGS__)
/* (a warp-level family, PTX_XLANE_<family>: whole warps, simd/kernels_xlane.h) */
#define SIMD_ROW_KERNEL_XLANE1 SIMD_XLANE_KERNEL
#define SIMD_ROW_KERNEL_XLANE0(ID, SEM, ...)                                                     \
    PTX_CAT(SIMD_ROW_KERNEL_OWN, PTX_PROBE(SIMD_OWN_KERNEL_##SEM))(ID, SEM, __VA_ARGS__)
/* (a family with a template of its own: lop3, simd/kernels_lop3.h) */
#define SIMD_OWN_KERNEL_LOP3 ~, 1
#define SIMD_ROW_KERNEL_OWN1 SIMD_LOP3_KERNEL
#define SIMD_ROW_KERNEL_OWN0 SIMD_ROW_KERNEL_STD
#define SIMD_ROW_KERNEL_STD(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                \
    PTX_CAT(SIMD_ROW_KERNEL_CMP, PTX_PROBE(PTX_CMPFAM_##SEM))(DW)(ID, SEM, TY, TY2, MODS, RND, DW, \
                                                             AW, BW, CW, S3W, CC)
/* (a compare family's rows, PTX_CMPFAM_<family>: the compare kernel) */
#define SIMD_ROW_KERNEL_CMP1(DW) SIMD_CMP_KERNEL
#define SIMD_ROW_KERNEL_CMP0(DW) SIMD_ROW_KERNEL_(DW)
#define SIMD_ROW_KERNEL_(DW) SIMD_ROW_KERNEL__(DW)
#define SIMD_ROW_KERNEL__(DW) SIMD_ROW_KERNEL_##DW
#define SIMD_ROW_KERNEL_1(ID, SEM, TY, TY2, MODS, RND, DW, AW, ...)                              \
    PTX_CAT(SIMD_PRED_KERNEL_A, AW)(ID, SEM, TY, TY2, MODS, RND, DW, AW, __VA_ARGS__)
/* (a predicate d from predicate sources, and.pred ...: word operations, simd/kernels_pred.h) */
#define SIMD_PRED_KERNEL_A1 SIMD_WORD_KERNEL
#define SIMD_PRED_KERNEL_A16 SIMD_PRED_KERNEL
#define SIMD_PRED_KERNEL_A32 SIMD_PRED_KERNEL
#define SIMD_PRED_KERNEL_A64 SIMD_PRED_KERNEL
#define SIMD_ROW_KERNEL_16 SIMD_KERNEL
#define SIMD_ROW_KERNEL_32 SIMD_KERNEL
#define SIMD_ROW_KERNEL_64 SIMD_KERNEL
/* The kernels (PTX_KERNEL lines of ops.def, and the extra kernels), then the chains of the rows
 * that have one (PTX_IF_CHAIN). */
#define PTX_KERNEL(KID, SEM, ...) PTX_IF_IN_GROUP(SEM, SIMD_ROW_KERNEL)(KID, SEM, __VA_ARGS__)
#include "ops.def"
#undef PTX_KERNEL
#define SIMD_EXTRA(ID, MN, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, NSRC, CC, ...)           \
    PTX_IF_IN_GROUP(SEM, SIMD_ROW_KERNEL)(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)
PTX_EXTRA_KERNELS(SIMD_EXTRA)
#undef SIMD_EXTRA
#define PTX_OP(ID, MN, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, NSRC, CC, SM, PM, PN, SEC)  \
    PTX_IF_IN_GROUP(SEM, PTX_IF_CHAIN(ID, SIMD_CHAIN_FN))(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, \
                                                          CW, S3W, CC)
#include "ops.def"
#undef PTX_OP

#ifndef PTX_FAMILY_GROUP /* a whole-ISA TU: its table */
/* An extension's table (PTX_KERNEL_EXT_ID = its id in PTX_EXTENSIONS, e.g. AVX512_VNNI) holds
 * only the extension's families, the only rows its TU expands (PTX_IF_IN_GROUP); its other
 * entries stay zero (fn NULL: the base ISA's kernel). */
#ifdef PTX_KERNEL_EXT_ID
#define SIMD_EXT_X(id) SIMD_EXT_X_(id)
#define SIMD_EXT_X_(id) PTX_EXT_##id
#define SIMD_TABLE_EXT SIMD_EXT_X(PTX_KERNEL_EXT_ID)
#else
#define SIMD_TABLE_EXT PTX_EXT_NONE
#endif
/* A row's entry: its kernel's functions (PTX_KERNEL_OF_<id>), its chain, and its context. */
#define SIMD_ENTRY(IDX, ID, SEM, RND, MODS, TY2)                                                 \
    SIMD_ENTRY_(IDX, ID, PTX_KERNEL_OF_##ID, RND, MODS, TY2)
#define SIMD_ENTRY_(IDX, ID, KID, RND, MODS, TY2) SIMD_ENTRY__(IDX, ID, KID, RND, MODS, TY2)
#define SIMD_ENTRY__(IDX, ID, KID, RND, MODS, TY2)                                               \
    [IDX] = {k_##KID, PTX_CHAIN_OR_NULL(ID, c_##ID), f_##KID, o_##KID, IDX, PTX_KERNEL_ISA,    \
             SIMD_TABLE_EXT, PTX_KCTX_PAIR(RND, MODS, TY2)},

PTX_HIDDEN extern const struct ptxcpu_kernel_entry PTX_KERNEL_TABLE[PTX_NKERNELS];
const struct ptxcpu_kernel_entry PTX_KERNEL_TABLE[PTX_NKERNELS] = {
#define PTX_OP(ID, MN, SEM, TY, TY2, MODS, RND, ...)                                             \
    PTX_IF_IN_GROUP(SEM, SIMD_ENTRY)(PTX_OP_##ID, ID, SEM, RND, MODS, TY2)
#include "ops.def"
#undef PTX_OP
#define PTX_EXTRA(ID, MN, SEM, TY, TY2, MODS, RND, ...)                                          \
    PTX_IF_IN_GROUP(SEM, SIMD_ENTRY)(PTX_K_##ID, ID, SEM, RND, MODS, TY2)
    PTX_EXTRA_KERNELS(PTX_EXTRA)
#undef PTX_EXTRA
};

#endif /* !PTX_FAMILY_GROUP */

#endif
