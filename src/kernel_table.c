/* One ISA's kernel table, PTX_KERNEL_TABLE (entries tagged PTX_KERNEL_ISA), made of the kernels its
 * TUs define (one per group of src/kernel_groups.h; scalar: one); meson.build builds it per ISA. */
#include "internal.h"
#include "kernel_groups.h"

#if !defined(PTX_KERNEL_TABLE) || !defined(PTX_KERNEL_ISA) || !defined(PTX_KERNEL_FLAT)
#error "kernel_table.c: define PTX_KERNEL_TABLE, PTX_KERNEL_ISA, PTX_KERNEL_FLAT (meson.build does)"
#endif

/* Every kernel, defined in the TU of its family's group, and the chains of the rows that have
 * one. A family that ops.def does not place stops the build here (PTX_GROUP_<family>
 * undeclared), as does a group number past PTX_NGROUPS; a kernel no TU defines fails the link. A
 * table entry's kernels are never NULL but for the chain of a row without one of its own
 * (PTX_IF_CHAIN). */
#define PTX_TABLE_DECLARE(KID, SEM, ...)                                                         \
    _Static_assert(PTX_GROUP_##SEM < PTX_NGROUPS, "family " #SEM ": no such kernel group");    \
    PTX_HIDDEN void PTX_GROUP_KERNEL(k, KID)(const ptx_kctx *ctx, const ptxcpu_batch *bt);     \
    PTX_HIDDEN void PTX_GROUP_KERNEL(f, KID)(const ptx_kctx *ctx, const ptxcpu_batch *bt);     \
    PTX_HIDDEN void PTX_GROUP_KERNEL(o, KID)(const ptx_kctx *ctx, const ptxcpu_batch *bt);
#define PTX_KERNEL PTX_TABLE_DECLARE
#include "ops.def"
#undef PTX_KERNEL
#define PTX_TABLE_DECLARE_EXTRA(ID, MN, SEM, ...) PTX_TABLE_DECLARE(ID, SEM)
PTX_EXTRA_KERNELS(PTX_TABLE_DECLARE_EXTRA)
#define PTX_TABLE_DECLARE_CHAIN(ID)                                                              \
    PTX_HIDDEN void PTX_GROUP_KERNEL(c, ID)(const ptxcpu_batch *bt, unsigned feedback,         \
                                            uint64_t steps);
#define PTX_OP(ID, ...) PTX_IF_CHAIN(ID, PTX_TABLE_DECLARE_CHAIN)(ID)
#include "ops.def"
#undef PTX_OP

/* A SIMD ISA's kernels have a flat-only entry f and its one-warp form o (simd/kernels.h); the
 * scalar ones have neither. */
#if PTX_KERNEL_FLAT
#define PTX_TABLE_FLAT(KID) PTX_GROUP_KERNEL(f, KID), PTX_GROUP_KERNEL(o, KID)
#else
#define PTX_TABLE_FLAT(KID) NULL, NULL
#endif
/* A row's entry: its kernel (PTX_KERNEL_OF_<id>), its chain, and its context. */
#define PTX_TABLE_ENTRY(IDX, ID, RND, MODS, TY2)                                                 \
    PTX_TABLE_ENTRY_(IDX, ID, PTX_KERNEL_OF_##ID, RND, MODS, TY2)
#define PTX_TABLE_ENTRY_(IDX, ID, KID, RND, MODS, TY2) PTX_TABLE_ENTRY__(IDX, ID, KID, RND, MODS, TY2)
#define PTX_TABLE_ENTRY__(IDX, ID, KID, RND, MODS, TY2)                                          \
    [IDX] = {PTX_GROUP_KERNEL(k, KID), PTX_CHAIN_OR_NULL(ID, PTX_GROUP_KERNEL(c, ID)),         \
             PTX_TABLE_FLAT(KID), IDX, PTX_KERNEL_ISA, PTX_EXT_NONE,                           \
             PTX_KCTX_PAIR(RND, MODS, TY2)},
PTX_HIDDEN extern const struct ptxcpu_kernel_entry PTX_KERNEL_TABLE[PTX_NKERNELS];
const struct ptxcpu_kernel_entry PTX_KERNEL_TABLE[PTX_NKERNELS] = {
#define PTX_OP(ID, MN, SEM, TY, TY2, MODS, RND, ...) PTX_TABLE_ENTRY(PTX_OP_##ID, ID, RND, MODS, TY2)
#include "ops.def"
#undef PTX_OP
#define PTX_EXTRA(ID, MN, SEM, TY, TY2, MODS, RND, ...) PTX_TABLE_ENTRY(PTX_K_##ID, ID, RND, MODS, TY2)
    PTX_EXTRA_KERNELS(PTX_EXTRA)
#undef PTX_EXTRA
};

/* The instructions resolved with an immediate (ptxcpu_resolve_imm): lop3's rows, an entry per
 * immLut, [row - PTX_LUT_ROW0][immLut], each with its table in the context (ctx.lut). */
_Static_assert(PTX_OP_lop3_or_b32 == PTX_LUT_ROW0 + 1 && PTX_OP_lop3_and_b32 == PTX_LUT_ROW0 + 2 &&
               PTX_LUT_ROWS == 3, "lop3's rows: ptx_row_imm_bits assumes them in a row");
#define PTX_LUT_ENTRY_(IDX, KID, MODS, LUT)                                                      \
    {PTX_GROUP_KERNEL(k, KID), NULL, PTX_TABLE_FLAT(KID), IDX, PTX_KERNEL_ISA, PTX_EXT_NONE,   \
     PTX_KCTX_PAIR_IMM(NONE, MODS, NONE, LUT)},
#define PTX_LUT_ENTRY(IDX, KID, MODS, LUT) PTX_LUT_ENTRY_(IDX, KID, MODS, LUT)
/* (4^k entries from immLut B on: the 256 of a row as four nested fours) */
#define PTX_LUT_1(ID, MODS, B) PTX_LUT_ENTRY(PTX_OP_##ID, PTX_KERNEL_OF_##ID, MODS, B)
#define PTX_LUT_4(ID, MODS, B)                                                                   \
    PTX_LUT_1(ID, MODS, B) PTX_LUT_1(ID, MODS, B + 1) PTX_LUT_1(ID, MODS, B + 2)               \
    PTX_LUT_1(ID, MODS, B + 3)
#define PTX_LUT_16(ID, MODS, B)                                                                  \
    PTX_LUT_4(ID, MODS, B) PTX_LUT_4(ID, MODS, B + 4) PTX_LUT_4(ID, MODS, B + 8)               \
    PTX_LUT_4(ID, MODS, B + 12)
#define PTX_LUT_64(ID, MODS, B)                                                                  \
    PTX_LUT_16(ID, MODS, B) PTX_LUT_16(ID, MODS, B + 16) PTX_LUT_16(ID, MODS, B + 32)          \
    PTX_LUT_16(ID, MODS, B + 48)
#define PTX_LUT_256(ID, MODS)                                                                    \
    {PTX_LUT_64(ID, MODS, 0) PTX_LUT_64(ID, MODS, 64) PTX_LUT_64(ID, MODS, 128)                \
     PTX_LUT_64(ID, MODS, 192)},
PTX_HIDDEN extern const struct ptxcpu_kernel_entry PTX_CAT(PTX_KERNEL_TABLE, _lut)[PTX_LUT_ROWS][256];
const struct ptxcpu_kernel_entry PTX_CAT(PTX_KERNEL_TABLE, _lut)[PTX_LUT_ROWS][256] = {
    PTX_LUT_256(lop3_b32, 0) PTX_LUT_256(lop3_or_b32, M_BOP_OR) PTX_LUT_256(lop3_and_b32, M_BOP_AND)
};
