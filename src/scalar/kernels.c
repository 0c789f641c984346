/* The scalar variant: the rows of ops.def (of group PTX_FAMILY_GROUP, or all) expanded into batched
 * kernels over 32-lane warps; src/kernel_table.c makes them the table ptx_kernels_scalar. The
 * per-lane semantics live in int_ops.h and float_ops.h. */
#include "float_ops.h"
#include "int_ops.h"
#include "warp_ops.h"
#include "internal.h"
#include "kernel_groups.h"

#include <string.h>

/* Loads lane i of a warp register of `bits` bits (0 = operand absent; 1 = a predicate, one
 * ptxcpu_lanemask: lane i's bit; 2 = two, p|q: lane i's bits as p | q << 1; 33 = d|p, a 32-bit
 * lane and p's bit above it). */
static inline uint64_t load_lane(const void *reg, unsigned bits, unsigned i)
{
    switch (bits) {
    case 1: return (*(const ptxcpu_lanemask *)reg >> i) & 1;
    case 2: {
        const ptxcpu_lanemask *p = reg;
        return ((p[0] >> i) & 1) | ((p[1] >> i) & 1) << 1;
    }
    case 16: return ((const uint16_t *)reg)[i];
    case 32: return ((const uint32_t *)reg)[i];
    case 33: return ((const uint32_t *)reg)[i] | (uint64_t)((((const ptxcpu_lanemask *)reg)[32] >> i) & 1) << 32;
    case 64: return ((const uint64_t *)reg)[i];
    default: return 0;
    }
}
/* (bits 1: a predicate register, one ptxcpu_lanemask: only lane i's bit changes; bits 2: two) */
static inline void store_lane(void *reg, unsigned bits, unsigned i, uint64_t v)
{
    switch (bits) {
    case 1: {
        ptxcpu_lanemask *p = reg;
        *p = (*p & ~(1u << i)) | (ptxcpu_lanemask)(v & 1) << i;
        break;
    }
    case 2: {
        ptxcpu_lanemask *p = reg;
        p[0] = (p[0] & ~(1u << i)) | (ptxcpu_lanemask)(v & 1) << i;
        p[1] = (p[1] & ~(1u << i)) | (ptxcpu_lanemask)((v >> 1) & 1) << i;
        break;
    }
    case 16: ((uint16_t *)reg)[i] = (uint16_t)v; break;
    case 32: ((uint32_t *)reg)[i] = (uint32_t)v; break;
    case 33: { /* (a 32-bit register then p's mask: bit 32 of v) */
        ptxcpu_lanemask *p = (ptxcpu_lanemask *)reg + 32;
        ((uint32_t *)reg)[i] = (uint32_t)v;
        *p = (*p & ~(1u << i)) | (ptxcpu_lanemask)((v >> 32) & 1) << i;
        break;
    }
    default: ((uint64_t *)reg)[i] = v; break;
    }
}

static inline const void *warp_src(const ptxcpu_batch *bt, unsigned k, size_t w)
{
    return (const char *)bt->src[k].base + (ptrdiff_t)w * bt->src[k].stride;
}

/* Loads every source lane of warp w, its guard and its CC word. */
#define LOAD_WARP(AW, BW, CW, S3W, CC)                                                           \
    const unsigned bits[4] = {AW, BW, CW, S3W};                                                \
    uint64_t src[4][PTXCPU_WARP], res[PTXCPU_WARP];                                            \
    for (unsigned k = 0; k < 4; k++)                                                           \
        for (unsigned i = 0; i < PTXCPU_WARP; i++)                                             \
            src[k][i] = bits[k] ? load_lane(warp_src(bt, k, w), bits[k], i) : 0;               \
    ptxcpu_lanemask guard =                                                                    \
        bt->guard ? *(const ptxcpu_lanemask *)((const char *)bt->guard +                       \
                                               (ptrdiff_t)w * bt->guard_stride)                \
                  : ~0u;                                                                       \
    ptxcpu_lanemask *ccw =                                                                     \
        (CC) ? (ptxcpu_lanemask *)((char *)bt->cc + (ptrdiff_t)w * bt->cc_stride) : NULL;      \
    ptxcpu_lanemask cc = ccw ? *ccw : 0;

/* One step over the active lanes: res = op(src), CC.CF per lane in cc (TY2: the second type's
 * value, an expression). */
#define STEP_WARP(SEM, TY, TY2, MODS, RND)                                                       \
    for (unsigned i = 0; i < PTXCPU_WARP; i++) {                                               \
        if (!((guard >> i) & 1))                                                               \
            continue;                                                                          \
        unsigned cf = (cc >> i) & 1;                                                           \
        res[i] = ptx_lane_##SEM(TY_##TY, TY2, MODS, RND_##RND, src[0][i], src[1][i],           \
                                src[2][i], src[3][i], &cf);                                    \
        cc = (cc & ~(1u << i)) | ((ptxcpu_lanemask)cf << i);                                   \
    }

/* A row's modifiers: the kernel's, and for a compare family (PTX_CMPFAM_<family>) and lop3 the
 * operators its context holds (a constant elsewhere, so the lane ops' tests of it fold). */
#define SCALAR_CTXFAM_LOP3 ~, 1
#define SCALAR_CTX_MODS(SEM) (PTX_PROBE(PTX_CMPFAM_##SEM) || PTX_PROBE(SCALAR_CTXFAM_##SEM))
#define SCALAR_MODS(SEM, MODS) ((MODS) | (SCALAR_CTX_MODS(SEM) ? ptx_kctx_mods(ctx) : 0u))
/* and its second type (set's d: one kernel serves the destination types of one width; lop3's
 * lane function takes its immLut there) */
#define SCALAR_TY2(SEM, TY2)                                                                     \
    (PTX_PROBE(PTX_CMPFAM_##SEM)       ? (int)ctx->ty2                                         \
     : PTX_PROBE(SCALAR_CTXFAM_##SEM) ? (int)ctx->lut                                          \
                                      : TY_##TY2)

/* Stores the active lanes of d and, for CC writers, the CC word. */
#define STORE_WARP(DW, CC)                                                                       \
    void *dreg = (char *)bt->d + (ptrdiff_t)w * bt->d_stride;                                  \
    for (unsigned i = 0; i < PTXCPU_WARP; i++)                                                 \
        if ((guard >> i) & 1)                                                                  \
            store_lane(dreg, DW, i, res[i]);                                                   \
    if (((CC) & CC_W) && ccw)                                                                  \
        *ccw = cc;

/* The vector-operand families (PTX_VECFAM_<family>): an operand of up to four registers (a .b128
 * is two, its 64-bit halves), each lane's elements in an array; the family's lane function
 * ptx_lanev_<family> maps a lane's sources (source k, element j) to d's elements. */
static inline unsigned vec_regs(unsigned bits)
{
    return PTXCPU_VEC_BITS(bits) == PTXCPU_B128 ? 2 : PTXCPU_VEC_N(bits);
}
static inline unsigned vec_width(unsigned bits)
{
    return PTXCPU_VEC_BITS(bits) == PTXCPU_B128 ? 64 : PTXCPU_VEC_BITS(bits);
}
static inline void load_vec_lane(const void *reg, unsigned bits, unsigned i, uint64_t *e)
{
    const size_t one = ptxcpu_reg_bytes(vec_width(bits));
    for (unsigned j = 0; j < vec_regs(bits); j++)
        e[j] = load_lane((const char *)reg + j * one, vec_width(bits), i);
}
static inline void store_vec_lane(void *reg, unsigned bits, unsigned i, const uint64_t *e)
{
    const size_t one = ptxcpu_reg_bytes(vec_width(bits));
    for (unsigned j = 0; j < vec_regs(bits); j++)
        store_lane((char *)reg + j * one, vec_width(bits), i, e[j]);
}
static inline ptxcpu_lanemask warp_guard(const ptxcpu_batch *bt, size_t w)
{
    return bt->guard ? *(const ptxcpu_lanemask *)((const char *)bt->guard +
                                                  (ptrdiff_t)w * bt->guard_stride)
                     : ~0u;
}
/* Every lane's sources read before d is written (d may be exactly a source) */
#define SCALAR_VEC_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                  \
    PTX_HIDDEN void PTX_GROUP_KERNEL(k, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt)       \
    {                                                                                          \
        (void)ctx;                                                                             \
        static const unsigned bits[4] = {AW, BW, CW, S3W};                                     \
        for (size_t w = 0; w < bt->n; w++) {                                                   \
            const ptxcpu_lanemask guard = warp_guard(bt, w);                                   \
            uint64_t in[PTXCPU_WARP][4][4] = {{{0}}}, out[PTXCPU_WARP][4] = {{0}};             \
            for (unsigned i = 0; i < PTXCPU_WARP; i++)                                         \
                for (unsigned k = 0; k < 4; k++)                                               \
                    if (bits[k] && ((guard >> i) & 1))                                         \
                        load_vec_lane(warp_src(bt, k, w), bits[k], i, in[i][k]);               \
            void *dreg = (char *)bt->d + (ptrdiff_t)w * bt->d_stride;                          \
            for (unsigned i = 0; i < PTXCPU_WARP; i++)                                         \
                if ((guard >> i) & 1) {                                                        \
                    ptx_lanev_##SEM(TY_##TY, TY_##TY2, MODS, DW, in[i], out[i]);                \
                    store_vec_lane(dreg, DW, i, out[i]);                                       \
                }                                                                              \
        }                                                                                      \
    }
#define SCALAR_ROW_KERNEL(ID, SEM, ...)                                                          \
    PTX_CAT(SCALAR_ROW_KERNEL_VEC, PTX_PROBE(PTX_VECFAM_##SEM))(ID, SEM, __VA_ARGS__)
#define SCALAR_ROW_KERNEL_VEC1 SCALAR_VEC_KERNEL
#define SCALAR_ROW_KERNEL_VEC0 SCALAR_KERNEL

/* One batched kernel (RND CTX: the row's directed rounding from ctx). Every source lane of a warp is read before any lane
 * of it is written, so a destination that is exactly a source (even of another width) is safe. */
#define SCALAR_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                      \
    PTX_HIDDEN void PTX_GROUP_KERNEL(k, ID)(const ptx_kctx *ctx, const ptxcpu_batch *bt)       \
    {                                                                                          \
        (void)ctx; /* (read by RND CTX kernels and compare families only) */                   \
        for (size_t w = 0; w < bt->n; w++) {                                                   \
            LOAD_WARP(AW, BW, CW, S3W, CC)                                                     \
            PTX_CAT(SCALAR_STEP_XLANE, PTX_PROBE(PTX_XLANE_##SEM))(SEM, TY, SCALAR_TY2(SEM, TY2), \
                                                              SCALAR_MODS(SEM, MODS), RND)    \
            STORE_WARP(DW, CC)                                                                 \
        }                                                                                      \
    }
/* A warp-level family's step (PTX_XLANE_<family>): the whole warp at once, its guard the lanes
 * that execute (scalar/warp_ops.h); every other family's, lane by lane. */
#define SCALAR_STEP_XLANE0 STEP_WARP
#define SCALAR_STEP_XLANE1(SEM, TY, TY2, MODS, RND)                                              \
    (void)cc;                                                                                  \
    ptx_warp_##SEM(TY_##TY, MODS, src, guard, res);
/* The chain of a row with one of its own (PTX_IF_CHAIN; the others' ptxcpu_run_chain steps the
 * batched kernel: src/chain.c). */
#define SCALAR_CHAIN(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)                       \
    PTX_HIDDEN void PTX_GROUP_KERNEL(c, ID)(const ptxcpu_batch *bt, unsigned feedback,         \
                                            uint64_t steps)                                    \
    {                                                                                          \
        for (size_t w = 0; w < bt->n; w++) {                                                   \
            LOAD_WARP(AW, BW, CW, S3W, CC)                                                     \
            for (uint64_t s = 0; s < steps; s++) {                                             \
                STEP_WARP(SEM, TY, TY_##TY2, MODS, RND)                                        \
                memcpy(src[feedback], res, sizeof res);                                        \
            }                                                                                  \
            if (steps == 0)                                                                    \
                memcpy(res, src[feedback], sizeof res);                                        \
            STORE_WARP(DW, CC)                                                                 \
        }                                                                                      \
    }

#define PTX_KERNEL_TABLE ptx_kernels_scalar /* names the kernels (PTX_GROUP_KERNEL) */
#define PTX_KERNEL(KID, SEM, ...) PTX_IF_IN_GROUP(SEM, SCALAR_ROW_KERNEL)(KID, SEM, __VA_ARGS__)
#include "ops.def"
#undef PTX_KERNEL
#define SCALAR_EXTRA(ID, MN, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, NSRC, CC, ...)         \
    SCALAR_KERNEL(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, CC)
PTX_EXTRA_KERNELS(SCALAR_EXTRA)
#undef SCALAR_EXTRA
#define PTX_OP(ID, MN, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, S3W, NSRC, CC, SM, PM, PN, SEC)  \
    PTX_IF_IN_GROUP(SEM, PTX_IF_CHAIN(ID, SCALAR_CHAIN))(ID, SEM, TY, TY2, MODS, RND, DW, AW, BW,   \
                                                         CW, S3W, CC)
#include "ops.def"
#undef PTX_OP
