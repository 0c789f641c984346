/* Internal vocabulary shared by the table, parser, kernels and dispatcher: the enums that the
 * columns of ops.def name, the row struct, and the per-ISA kernel table. Never installed. */
#ifndef PTXCPU_INTERNAL_H
#define PTXCPU_INTERNAL_H

#include "error.h" /* ptx_fail, PTX_HIDDEN; includes ptxcpu.h */
#include <stdint.h>

/* Semantic families (column 3 of ops.def, listed by its PTX_FAMILY lines), and their facts:
 * PTX_FPU_<family> (1: kernels set the FP environment), PTX_SLEEF_<family> (computed by SLEEF),
 * PTX_DEFERS_CANON_<family> (chains canonicalize NaNs at the end). */
enum ptx_sem {
#define PTX_FAMILY(SEM, ...) SEM_##SEM,
#include "ops.def"
#undef PTX_FAMILY
    PTX_NSEMS
};
enum {
#define PTX_FAMILY(SEM, FPU, SLEEF, DEFERS)                                                      \
    PTX_FPU_##SEM = FPU, PTX_SLEEF_##SEM = SLEEF, PTX_DEFERS_CANON_##SEM = DEFERS,
#include "ops.def"
#undef PTX_FAMILY
};

/* Instruction types (columns 4 and 5). */
enum ptx_ty {
    TY_NONE, TY_U16, TY_S16, TY_U32, TY_S32, TY_U64, TY_S64, TY_U16X2, TY_S16X2, TY_B32, TY_B64,
    TY_F16, TY_F16X2, TY_BF16, TY_BF16X2, TY_F32, TY_F32X2, TY_F64, TY_B16, TY_PRED,
    TY_U8, TY_S8, /* cvt's 8-bit types, held in 16-bit registers */
    TY_TF32       /* cvt's .tf32 d: 1 + 8 + 10 bits at the top of a .b32, the low 13 bits 0 */,
    /* cvt's packed OCP MX formats (two elements in a 16-bit register, a's upper) */
    TY_E4M3X2, TY_E5M2X2, TY_E2M3X2, TY_E3M2X2, TY_E2M1X2, TY_UE8M0X2,
    TY_S2F6X2, /* two .s2f6 fixed-point values (s8 * 2^-6) in a 16-bit register, a's upper */
    TY_U2, TY_S2, TY_U4, TY_S4, /* cvt.pack's sub-byte convertTypes */
    TY_B128, /* mov's .b128 (9.7.9.4): two 64-bit halves, PTXCPU_B128 */
    /* cvt.rs's x4 formats: four elements in d, a's in the top byte (.e2m1x4: nibble of a .b16) */
    TY_E4M3X4, TY_E5M2X4, TY_E2M3X4, TY_E3M2X4, TY_E2M1X4
};

/* Modifiers (column 6), a bit set. M_LEGACY marks the sm_1x mad.f32 kernels only. */
#define M_SAT      (1u << 0)
#define M_FTZ      (1u << 1)
#define M_RELU     (1u << 2)
#define M_HI       (1u << 3)
#define M_LO       (1u << 4)
#define M_WIDE     (1u << 5)
#define M_CCOUT    (1u << 6)
#define M_CCIN     (1u << 7)
#define M_SHIFTAMT (1u << 8)
#define M_CLAMP    (1u << 9)
#define M_WRAP     (1u << 10)
#define M_LEGACY   (1u << 11)
#define M_NAN      (1u << 13) /* float min/max .NaN: a NaN input gives the canonical NaN */
#define M_XORSIGN  (1u << 14) /* float min/max .xorsign.abs (the spec allows them only together) */
#define M_ABS      (1u << 22) /* three-input float min/max .abs: the min/max of |a|, |b|, |c| */
#define M_LEFT     (1u << 30) /* shf.l (shf.r without it) */
#define M_SATFINITE (1u << 31) /* cvt .satfinite: ±Inf to ±MAX_NORM (9.7.9.21) */
/* Not a PTX modifier: set by the SIMD chain template on float sub/mad steps whose NaN results may
 * stay uncanonicalized until the chain's end (src/simd/float_ops.h, SIMD_DEFERS_CANON). */
#define M_RAWNAN   (1u << 12)
/* fma.oob (9.7.4.4): an operand a or b that is the tensors' OOB NaN makes the result +0. */
#define M_OOB      (1u << 15)
/* testp's property (9.7.3.1), exactly one per testp row (d is a predicate: PTXCPU_DST_PRED). */
#define M_FINITE     (1u << 16)
#define M_INFINITE   (1u << 17)
#define M_NUMBER     (1u << 18)
#define M_NOTANUMBER (1u << 19)
#define M_NORMAL     (1u << 20)
#define M_SUBNORMAL  (1u << 21)
/* prmt's mode (9.7.9.7), at most one per prmt row, none for the default mode: the bits of testp's
 * properties, which no prmt row has (a row's modifiers are read by its own family only). */
#define M_F4E  (1u << 16)
#define M_B4E  (1u << 17)
#define M_RC8  (1u << 18)
#define M_ECL  (1u << 19)
#define M_ECR  (1u << 20)
#define M_RC16 (1u << 21)
#define M_PRMT_MODES (M_F4E | M_B4E | M_RC8 | M_ECL | M_ECR | M_RC16)
/* cvt's .rna (9.7.9.21, .tf32 only: to nearest, ties away from zero), in the same bits: the row's
 * rounding is none, the mode no FP environment has. */
#define M_RNA (1u << 16)
/* cvt .scaled::n2::ue8m0 (to .bf16x2 from an MX format; a second source holds two ue8m0 scale
 * factors), in the bit after .rna's */
#define M_SCALED (1u << 17)
/* The warp-level instructions' operation (9.7.9.6, 9.7.13.9-14), one per row, in the same bits
 * (read by these families only): shfl.sync's mode, vote.sync's and match.sync's, redux.sync's
 * operator (with M_ABS and M_NAN for its .f32 forms). */
#define M_UP     (1u << 16)
#define M_DOWN   (1u << 17)
#define M_BFLY   (1u << 18)
#define M_IDX    (1u << 19)
#define M_ALL    (1u << 16)
#define M_ANY    (1u << 17)
#define M_UNI    (1u << 18)
#define M_BALLOT (1u << 19)
#define M_ADD    (1u << 16)
#define M_MIN    (1u << 17)
#define M_MAX    (1u << 18)
#define M_AND    (1u << 19)
#define M_OR     (1u << 20)
#define M_XOR    (1u << 21)

/* A comparison's operator and Boolean operator (setp, set: 9.7.6-9.7.7), in the modifiers' bits
 * 23-29. They are context, not kernel: rows differing only in them share one kernel, which reads
 * them from ptx_kctx (tools/gen_ops.py strips them from the kernel's key). */
enum ptx_cmp {
    CMP_NONE, CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_LO, CMP_LS, CMP_HI, CMP_HS,
    CMP_EQU, CMP_NEU, CMP_LTU, CMP_LEU, CMP_GTU, CMP_GEU, CMP_NUM, CMP_NAN
};
enum ptx_bop { BOP_NONE, BOP_AND, BOP_OR, BOP_XOR };
#define M_CMP_SHIFT 23
#define M_BOP_SHIFT 28
#define M_CMP_OF(m) (((m) >> M_CMP_SHIFT) & 31u)
#define M_BOP_OF(m) (((m) >> M_BOP_SHIFT) & 3u)
#define M_CMP_EQ  ((uint32_t)CMP_EQ << M_CMP_SHIFT)
#define M_CMP_NE  ((uint32_t)CMP_NE << M_CMP_SHIFT)
#define M_CMP_LT  ((uint32_t)CMP_LT << M_CMP_SHIFT)
#define M_CMP_LE  ((uint32_t)CMP_LE << M_CMP_SHIFT)
#define M_CMP_GT  ((uint32_t)CMP_GT << M_CMP_SHIFT)
#define M_CMP_GE  ((uint32_t)CMP_GE << M_CMP_SHIFT)
#define M_CMP_LO  ((uint32_t)CMP_LO << M_CMP_SHIFT)
#define M_CMP_LS  ((uint32_t)CMP_LS << M_CMP_SHIFT)
#define M_CMP_HI  ((uint32_t)CMP_HI << M_CMP_SHIFT)
#define M_CMP_HS  ((uint32_t)CMP_HS << M_CMP_SHIFT)
#define M_CMP_EQU ((uint32_t)CMP_EQU << M_CMP_SHIFT)
#define M_CMP_NEU ((uint32_t)CMP_NEU << M_CMP_SHIFT)
#define M_CMP_LTU ((uint32_t)CMP_LTU << M_CMP_SHIFT)
#define M_CMP_LEU ((uint32_t)CMP_LEU << M_CMP_SHIFT)
#define M_CMP_GTU ((uint32_t)CMP_GTU << M_CMP_SHIFT)
#define M_CMP_GEU ((uint32_t)CMP_GEU << M_CMP_SHIFT)
#define M_CMP_NUM ((uint32_t)CMP_NUM << M_CMP_SHIFT)
#define M_CMP_NAN ((uint32_t)CMP_NAN << M_CMP_SHIFT)
#define M_BOP_AND ((uint32_t)BOP_AND << M_BOP_SHIFT)
#define M_BOP_OR  ((uint32_t)BOP_OR << M_BOP_SHIFT)
#define M_BOP_XOR ((uint32_t)BOP_XOR << M_BOP_SHIFT)
/* An operator's truth table over the four outcomes of comparing a with b: bit 0 a < b, bit 1
 * a == b, bit 2 a > b, bit 3 unordered (a NaN operand). Ordered operators are false on NaN, the
 * unordered ones (...u) true; lo/ls/hi/hs are lt/le/gt/ge (on unsigned operands); num / nan test
 * for NaN. By operator: eq 2, ne 5, lt 1, le 3, gt 4, ge 6, lo 1, ls 3, hi 4, hs 6, equ 10,
 * neu 13, ltu 9, leu 11, gtu 12, geu 14, num 7, nan 8; packed 4 bits an operator, 0-15 in one
 * word and 16-18 in another (no table in memory to share between threads or TUs). */
#define PTX_CMP_TABLE_OF(MODS)                                                                   \
    (M_CMP_OF(MODS) < 16 ? (unsigned)(0xcb9da64316431520ull >> (4 * M_CMP_OF(MODS))) & 15u      \
                         : (unsigned)(0x87eull >> (4 * (M_CMP_OF(MODS) - 16))) & 15u)
/* BoolOp(t, c) by lanes of 32-bit words (BOP_NONE: t, c ignored). */
static inline uint32_t ptx_bop_apply(unsigned bop, uint32_t t, uint32_t c)
{
    return bop == BOP_AND ? t & c : bop == BOP_OR ? t | c : bop == BOP_XOR ? t ^ c : t;
}
/* The float types, whose compares have the ordered and unordered operators (a constant
 * expression: kernel templates test it in enums) */
#define PTX_TY_IS_FLOAT(ty)                                                                      \
    ((ty) == TY_F16 || (ty) == TY_F16X2 || (ty) == TY_BF16 || (ty) == TY_BF16X2 ||             \
     (ty) == TY_F32 || (ty) == TY_F64)
/* What set writes for true in (each half of) a d of type ty2 (9.7.6.1, 9.7.7.1): 1.0 in a float
 * format, all ones in an integer one (0xffff a half for a packed source's .u32/.s32 d). */
static inline uint32_t ptx_set_true(int ty2, int packed)
{
    switch (ty2) {
    case TY_F32: return 0x3f800000u;
    case TY_F16: case TY_F16X2: return 0x3c00;
    case TY_BF16: case TY_BF16X2: return 0x3f80;
    case TY_U16: case TY_S16: return 0xffff;
    default: return packed ? 0xffff : 0xffffffffu;
    }
}

/* Rounding (column 7). NONE (= no modifier written) is RN except for legacy mad.f32. */
enum ptx_rnd { RND_NONE, RND_RN, RND_RZ, RND_RM, RND_RP };

/* CC.CF use (column 14). */
enum { CC_NONE = 0, CC_R = 1, CC_W = 2, CC_RW = 3 };

/* Row ids: PTX_OP_<id>, then the extra kernels that no spelling names directly. */
enum ptx_op_id {
#define PTX_OP(ID, ...) PTX_OP_##ID,
#include "ops.def"
#undef PTX_OP
    PTX_NROWS,
    PTX_K_mad_legacy_f32 = PTX_NROWS, /* mad{.ftz}.f32 on sm_1x */
    PTX_K_mad_legacy_sat_f32,         /* mad{.ftz}.sat.f32 on sm_1x */
    PTX_NKERNELS
};
#define PTX_KERNEL_OF_mad_legacy_f32 mad_legacy_f32 /* (each extra kernel is its own) */
#define PTX_KERNEL_OF_mad_legacy_sat_f32 mad_legacy_sat_f32

/* The extra kernels, with the same columns as ops.def so kernel templates expand them too. */
#define PTX_EXTRA_KERNELS(X)                                                                     \
    X(mad_legacy_f32, "mad.f32@sm_1x", FMAD, F32, NONE, M_FTZ | M_LEGACY, NONE, 32, 32, 32, 32, \
      0, 3, CC_NONE, 10, 1, 0, "9.7.3.7")                                                       \
    X(mad_legacy_sat_f32, "mad.sat.f32@sm_1x", FMAD, F32, NONE, M_FTZ | M_SAT | M_LEGACY, NONE,  \
      32, 32, 32, 32, 0, 3, CC_NONE, 10, 1, 0, "9.7.3.7")

typedef struct ptx_row {
    const char *mnem;
    const char *sec;
    uint8_t sem, ty, ty2, rnd, cc, nsrc;
    uint32_t mods;
    uint16_t bits[5]; /* d, a, b, c, e; 1 = a predicate (PTXCPU_PRED): one lane mask a warp; d 2 =
                         p|q; PTXCPU_VEC(n, w): a vector operand of n registers */
    uint8_t sm, ptx_major, ptx_minor;
} ptx_row;

PTX_HIDDEN extern const ptx_row ptx_rows[PTX_NKERNELS];

/* What a kernel takes at run time besides the batch: its row's context, resolved once per table
 * entry (ptxcpu_prepare picks which of the entry's two). One kernel serves every row that differs
 * only in what the context holds (ops.def's PTX_KERNEL lines); its hot loop never branches per
 * lane on it. */
typedef struct ptxcpu_kernel_ctx { /* (opaque in ptxcpu_core.h, which ptxcpu_prepared names) */
    uint8_t rnd;         /* the row's rounding (enum ptx_rnd); read by kernels of RND CTX */
    uint8_t fenv_preset; /* the caller promised the default FP environment: it is not read */
    uint8_t cmp;         /* a comparison's operator (enum ptx_cmp: setp, set) */
    uint8_t bop;         /* its Boolean operator with c (enum ptx_bop) */
    uint8_t ty2;         /* a compare family's second type (set's d: what it writes for true) */
    uint8_t lut;         /* lop3's immLut (ptxcpu_resolve_imm: a table of entries, one a value) */
} ptx_kctx;
/* The modifier bits a context holds, as the row has them (M_CMP_OF, M_BOP_OF read them back) */
static inline uint32_t ptx_kctx_mods(const ptx_kctx *ctx)
{
    return (uint32_t)ctx->cmp << M_CMP_SHIFT | (uint32_t)ctx->bop << M_BOP_SHIFT;
}
/* A table entry's two contexts: [0] for ptxcpu_run, [1] with the promise */
#define PTX_KCTX_PAIR(RND, MODS, TY2) PTX_KCTX_PAIR_IMM(RND, MODS, TY2, 0)
/* (an entry of an instruction whose immediate is context: lop3's table LUT) */
#define PTX_KCTX_PAIR_IMM(RND, MODS, TY2, LUT)                                                   \
    {{RND_##RND, 0, M_CMP_OF(MODS), M_BOP_OF(MODS), TY_##TY2, LUT},                             \
     {RND_##RND, 1, M_CMP_OF(MODS), M_BOP_OF(MODS), TY_##TY2, LUT}}
/* RND_CTX: the rounding of a kernel shared by the directed modes, read from its context `ctx`,
 * which tells the compiler it is one of RZ, RM, RP (tests of RN or none fold away). */
static inline __attribute__((always_inline)) int ptx_rnd_directed(unsigned rnd)
{
    if (rnd < RND_RZ || rnd > RND_RP)
        __builtin_unreachable();
    return (int)rnd;
}
#define RND_CTX ptx_rnd_directed(ctx->rnd)

typedef void (*ptx_kernel_fn)(const ptx_kctx *ctx, const ptxcpu_batch *b);
typedef void (*ptx_chain_fn)(const ptxcpu_batch *b, unsigned feedback, uint64_t steps);

struct ptxcpu_kernel_entry {
    ptx_kernel_fn fn;
    ptx_chain_fn chain; /* NULL: the row has no chain of its own (ptx_chain_by_steps) */
    /* fn's flat path alone, for a batch that passes ptx_flat_path of the row's widths
     * (src/batch_flat.h): what ptxcpu_prepare runs there. NULL: fn serves every batch. */
    ptx_kernel_fn flat;
    /* flat for a batch of exactly one warp (its count a constant: no loop). NULL with flat. */
    ptx_kernel_fn one;
    uint16_t op;  /* kernel id (row or extra) */
    uint8_t isa;
    uint8_t ext;  /* PTX_EXT_NONE, or the ISA extension this kernel needs */
    ptx_kctx ctx[2]; /* the row's context: [0] as is, [1] with the default FP environment promised */
};

/* ISA extensions: optional CPU features (detected one by one) that some families use when
 * present. Each has its own kernel table, built with the base ISA's flags plus the extension's,
 * holding only the families tools/gen_ops.py lists for it (EXTENSION_FAMILIES; fn == NULL
 * elsewhere); the dispatcher lays it over the base ISA's table when the CPU has the feature, in
 * this order. X(id, name, base ISA) */
#define PTX_EXTENSIONS(X)                                                                        \
    X(AVX512_VNNI, "vnni", AVX512)                                                               \
    X(AVX512_VPOPCNTDQ, "vpopcntdq", AVX512)                                                     \
    X(AVX512_CD, "cd", AVX512) /* after vpopcntdq: its clz wins */                               \
    X(AVX512_GFNI, "gfni", AVX512)                                                               \
    X(AVX2_GFNI, "gfni", AVX2)                                                                   \
    X(AVX2_VNNI, "avxvnni", AVX2)                                                                \
    X(NEON_DOTPROD, "dotprod", NEON)
enum ptx_ext {
    PTX_EXT_NONE,
#define PTX_EXT_ENUM(ID, ...) PTX_EXT_##ID,
    PTX_EXTENSIONS(PTX_EXT_ENUM)
#undef PTX_EXT_ENUM
    PTX_EXT_COUNT
};

/* Bytes of a warp register of `bits` bits (a predicate, 1 bit: one ptxcpu_lanemask) and the
 * alignment it needs, for d and sources alike. */
static inline size_t ptx_reg_bytes(unsigned bits) { return ptxcpu_reg_bytes(bits); }
static inline size_t ptx_reg_align(unsigned bits) { return ptxcpu_reg_align(bits); }
/* Instructions with an immediate that selects the operation, resolved with it
 * (ptxcpu_resolve_imm): lop3's immLut, 8 bits; its rows PTX_OP_lop3_b32 and the two after it each
 * have a table of 256 entries a base ISA (ptx_kernels_<isa>_lut, src/kernel_table.c). */
#define PTX_LUT_ROW0 PTX_OP_lop3_b32
#define PTX_LUT_ROWS 3
static inline unsigned ptx_row_imm_bits(unsigned op)
{
    return op - PTX_LUT_ROW0 < PTX_LUT_ROWS ? 8 : 0;
}
/* d is one predicate (PTXCPU_DST_PRED) or two (PTXCPU_DST_PRED_PAIR): lane masks. (d bits
 * PTXCPU_DST_B32_PRED, 33, is a 32-bit register then p's lane mask: 132 bytes, 4-byte aligned,
 * which ptx_reg_bytes and ptx_reg_align give as they are.) */
static inline int ptx_pred_d(unsigned bits) { return bits == PTXCPU_DST_PRED || bits == PTXCPU_DST_PRED_PAIR; }

/* One immutable table per ISA, PTX_NKERNELS entries, defined by each ISA's kernel file. */
PTX_HIDDEN extern const struct ptxcpu_kernel_entry ptx_kernels_scalar[PTX_NKERNELS];

/* ptxcpu_run_chain of a kernel whose chain is NULL (a row without a chain of its own): the
 * batched kernel once a step (src/chain.c). The batch and feedback are checked. */
PTX_HIDDEN void ptx_chain_by_steps(ptxcpu_kernel k, const ptxcpu_batch *b, unsigned feedback,
                                   uint64_t steps);

/* The row spelled exactly mn with ndst destination registers and nsrc sources (0: any; the first
 * row so spelled is the two-input form where a three-input one shares the spelling, mov's d, a
 * where the unpack forms do), or -1; by hash (src/lookup.c). */
PTX_HIDDEN int ptx_find_spelling(const char *mn, unsigned ndst, unsigned nsrc);

/* The kernel that runs row `op` on target `sm` (legacy mad.f32, sm_1x sub.f32 flushing). */
PTX_HIDDEN unsigned ptx_kernel_id(unsigned op, unsigned sm);
/* The public description of row `op` (ptxcpu_insn_at, ptxcpu_describe); table.c. */
PTX_HIDDEN void ptx_describe_row(unsigned op, ptxcpu_insn_desc *out);

#endif
