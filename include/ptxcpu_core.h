/* ptxcpu core API, everything but the grid launcher: warp registers, parsing a mnemonic,
 * resolving it to a kernel, running it over a batch. ptxcpu.h and ptxcpu_launch.h include it. */
#ifndef PTXCPU_CORE_H
#define PTXCPU_CORE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define PTXCPU_API
#else
#define PTXCPU_API __attribute__((visibility("default")))
#endif

#define PTXCPU_VERSION "0.2.0"
#define PTXCPU_WARP 32 /* lanes per warp */

/* ---- Warp registers ------------------------------------------------------------------------
 * A warp register holds one PTX register for all 32 lanes; lane i is element i. Registers are bit
 * containers: the instruction gives them a type. 64-byte alignment is recommended (the SIMD
 * kernels are fastest then); natural alignment of the lane type is required. */
typedef struct ptxcpu_w16 { _Alignas(64) uint16_t lane[PTXCPU_WARP]; } ptxcpu_w16;
typedef struct ptxcpu_w32 { _Alignas(64) uint32_t lane[PTXCPU_WARP]; } ptxcpu_w32;
typedef struct ptxcpu_w64 { _Alignas(64) uint64_t lane[PTXCPU_WARP]; } ptxcpu_w64;

/* A lane mask: bit i is lane i. Used for guard predicates (@p), active lanes and CC.CF. */
typedef uint32_t ptxcpu_lanemask;

/* ---- Status codes ---------------------------------------------------------------------------
 * Every call returns one; on failure ptxcpu_last_error() gives a one-line message (per thread). */
typedef enum ptxcpu_status {
    PTXCPU_OK = 0,
    PTXCPU_E_PARSE = 1,     /* mnemonic is not a spelling the spec allows */
    PTXCPU_E_TARGET = 2,    /* instruction needs a newer sm_XX than the target, or bad target */
    PTXCPU_E_NULL = 3,      /* a required pointer is NULL */
    PTXCPU_E_RANGE = 4,     /* a count, stride or size is out of range (n overflow, ...) */
    PTXCPU_E_ALIGN = 5,     /* a register pointer or stride breaks the lane type's alignment */
    PTXCPU_E_ISA = 6,       /* ISA not compiled in, or this CPU lacks it */
    PTXCPU_E_ARG = 7,       /* any other invalid argument */
} ptxcpu_status;

PTXCPU_API const char *ptxcpu_status_name(ptxcpu_status s);
/* Message of the last failing call on this thread ("" if none). Valid until the next call. */
PTXCPU_API const char *ptxcpu_last_error(void);
PTXCPU_API const char *ptxcpu_version(void);

/* ---- Instructions ---------------------------------------------------------------------------
 * ptxcpu_parse validates a mnemonic as PTX spells it, without operands or guard
 * ("mad.rn.ftz.f32", "dp2a.hi.u32.s32", "addc.cc.u64") for a target ("sm_80"; NULL = the default
 * target sm_100, see docs/SEMANTICS.md). The target also selects semantics that changed with it
 * (mad.f32 without rounding is the legacy sm_1x mad there; sub.f32 flushes subnormals on sm_1x). */
typedef struct ptxcpu_insn {
    uint16_t op;     /* index into the instruction table (ptxcpu_insn_at) */
    uint16_t sm;     /* target, e.g. 80 for sm_80 */
} ptxcpu_insn;

PTXCPU_API ptxcpu_status ptxcpu_parse(const char *mnemonic, const char *target, ptxcpu_insn *out);
/* One spelling may name forms with different source counts: min.f32, min.ftz.f32, min.NaN.f32 and
 * min.ftz.NaN.f32 (and max) are the two-input form (d, a, b) and the three-input one (d, a, b, c)
 * of PTX 9.7.3.11-12, two rows of the table (ptxcpu_insn_desc.nsrc tells them apart); mov.b16,
 * mov.b32 and mov.b64 are the move d, a (9.7.9.3) and the vector packs d, {a, b} and (.b32,
 * .b64) d, {a, b, c, d} of 9.7.9.4, the elements as sources in order (an 8-bit element in a
 * 16-bit register, its low byte read). ptxcpu_parse returns the two-input form of the four min
 * spellings, mov's d, a, and the only form of every other spelling (min.abs.f32 is three-input
 * only). ptxcpu_parse_n picks the form by its count of
 * source operands, as an assembler does from the operands written: nsrc 0 is ptxcpu_parse; any
 * other nsrc gives the spelling's form with exactly that many sources, or PTXCPU_E_PARSE when
 * it has none ("min.abs.f32 takes 3 sources (a, b, c), not 2; 9.7.3.11"). */
PTXCPU_API ptxcpu_status ptxcpu_parse_n(const char *mnemonic, unsigned nsrc, const char *target,
                                        ptxcpu_insn *out);
/* The unpack forms of mov (9.7.9.4: mov.b64 {lo, hi}, a) have one source, as mov d, a has: their
 * count of destination registers tells them apart. ptxcpu_parse_form picks the form with ndst
 * destination registers (the registers in d's braces; 1 for a plain d, which p|q and d|p are too;
 * 0 is 1) and nsrc sources (0: any, the first form so spelled), so ptxcpu_parse_form(m, 1, nsrc,
 * ...) is ptxcpu_parse_n. ptxcpu_parse and ptxcpu_parse_n never give an unpack form; mov.b128,
 * which has no d, a form, parses as its two-source pack d, {a, b}. */
PTXCPU_API ptxcpu_status ptxcpu_parse_form(const char *mnemonic, unsigned ndst, unsigned nsrc,
                                           const char *target, ptxcpu_insn *out);

/* How the elements of an instruction's registers are typed. */
typedef enum ptxcpu_elem {
    PTXCPU_ELEM_INT = 0, /* integer / bit types */
    PTXCPU_ELEM_F16 = 1,
    PTXCPU_ELEM_BF16 = 2,
    PTXCPU_ELEM_F32 = 3,
    PTXCPU_ELEM_F64 = 4
} ptxcpu_elem;

typedef struct ptxcpu_insn_desc {
    const char *mnemonic;    /* canonical spelling */
    const char *section;     /* spec section, e.g. "9.7.1.3" */
    unsigned nsrc;           /* source operands, 0..4, in the spec's order (a, b, c, d); 0 only
                                for activemask.b32, which reads the guard alone; a vector
                                operand {a, b, e, f} is one source (PTXCPU_VEC below) */
    unsigned dst_bits;       /* lane width of the destination: 16, 32, 64 or 128 (.b128,
                                below), or PTXCPU_DST_PRED (1): a predicate,
                                PTXCPU_DST_PRED_PAIR (2): two, p|q, PTXCPU_DST_B32_PRED (33):
                                d|p, or PTXCPU_VEC(n, bits): n registers {d0, ...} (below) */
    unsigned src_bits[4];    /* lane width of each source (0 past nsrc), or PTXCPU_PRED (1): a
                                predicate source (selp's c), or PTXCPU_VEC(n, bits): a vector
                                operand {a, b, ...}, below */
    int reads_cc;            /* reads CC.CF (addc, subc, madc) */
    int writes_cc;           /* writes CC.CF (.cc forms) */
    unsigned min_sm;         /* minimum target, e.g. 61 for dp4a */
    unsigned ptx_major, ptx_minor; /* PTX ISA version that introduced it */
    ptxcpu_elem elem;        /* element type of d and the sources (floats: all operands, but
                              * mixed precision (9.7.5): d's and c's, F32; its 16-bit a and b
                              * are the .f16/.bf16 the mnemonic ends with; set (9.7.6.1): a's
                              * and b's, its .stype, the last part, d being .dtype; cvt
                              * (9.7.9.21): d's, its .dtype, a being .atype) */
    unsigned elems;          /* elements per register: 2 for .x2 types, else 1 */
} ptxcpu_insn_desc;

/* A predicate destination (testp; later setp and the other comparisons): dst_bits ==
 * PTXCPU_DST_PRED. A warp's predicate register is one ptxcpu_lanemask, bit i = lane i, like the
 * guard masks, so a predicate written by one instruction can guard the next. The batch's d then
 * points at lanemasks (4-byte aligned; d_stride in bytes between warps' masks, at least 4 when
 * n > 1), 32 * dst_bits / 8 = 4 bytes a register as for the other widths. Lanes whose guard bit is 0
 * keep their predicate bit: only the guarded lanes' bits of the mask change. d may also be exactly
 * the guard masks (same base and stride: @p testp.finite.f32 p, a): each warp's guard is read
 * before its d is written. ptxcpu_run_chain refuses such an instruction (and.pred included:
 * chains are the benchmarks' register workload, not the predicates'). A partial guard updates the mask by read-modify-write: two threads must not
 * write lanes of the same predicate register at once, even with disjoint guards. */
#define PTXCPU_DST_PRED 1u
/* Two predicate destinations, p|q (setp, 9.7.6.2: q is p's related value from the complement of
 * the compare, written whether or not the PTX spells |q): dst_bits == PTXCPU_DST_PRED_PAIR. A
 * warp's register is two lanemasks, p then q (8 bytes, 4-byte aligned; d_stride at least 8 when
 * n > 1), each updated in its guarded lanes only, as a PTXCPU_DST_PRED d is. p's masks may be
 * exactly the guard masks (same base and stride) and are then usable as the next guard as is; q's
 * are at d + 4 with d's stride. A caller that wants only p still gives q its 4 bytes. */
#define PTXCPU_DST_PRED_PAIR 2u
/* A 32-bit register and a predicate, d|p (lop3.BoolOp, 9.7.8.6): dst_bits == PTXCPU_DST_B32_PRED.
 * A warp's d is its 32 lanes (128 bytes, a ptxcpu_w32's) followed by p's lanemask: 132 bytes,
 * 4-byte aligned, d_stride at least 132 when n > 1 (ptxcpu_w32p below has the layout, padded to
 * 192 bytes). Guarded lanes write both, the others neither. d may be exactly a 32-bit source;
 * p may not be the guard masks or q (write p elsewhere and copy it). PTX's sink form (`_|p`)
 * still gives the register: the caller's scratch. */
#define PTXCPU_DST_B32_PRED 33u
typedef struct ptxcpu_w32p {
    _Alignas(64) uint32_t lane[PTXCPU_WARP];
    ptxcpu_lanemask pred;
} ptxcpu_w32p;
/* A predicate source (selp's c): src_bits[k] == PTXCPU_PRED. Like a predicate d, its register is
 * one ptxcpu_lanemask a warp (bit i = lane i: a guard mask or a predicate d can be passed as is),
 * 4-byte aligned, the source's stride in bytes between warps' masks (0: one mask for all). */
#define PTXCPU_PRED 1u

/* A 128-bit register (mov.b128, 9.7.9.4): 128 in dst_bits/src_bits. A warp's .b128 register is
 * the 32 lanes' low 64 bits, then their high 64 bits: two ptxcpu_w64, 512 bytes, 8-byte aligned
 * (lane i's value is lo.lane[i] | (unsigned __int128)hi.lane[i] << 64). */
#define PTXCPU_B128 128u
/* A vector operand (9.7.9.4's {a, b} and {a, b, c, d}; cvt.rs's {a, b, e, f}): n registers of
 * `bits` bits (16, 32 or 64; 8-bit elements are held in 16-bit registers) that one instruction
 * reads or writes together. They lie one after the other in memory, the operand's base pointing
 * at the first (element x, then y, ...), n * 32 * bits / 8 bytes a warp, aligned as one register
 * of `bits`; the operand's stride walks warps as for any register (at least the whole vector for
 * d). A register file whose vector elements are apart copies them together first. Guarded lanes
 * write every element; no element may be the sink `_` (write to scratch instead). */
#define PTXCPU_VEC(n, bits) ((unsigned)(n) << 8 | (unsigned)(bits))
#define PTXCPU_VEC_N(b) ((b) >> 8 ? (b) >> 8 : 1u)  /* registers in an operand (1: not a vector) */
#define PTXCPU_VEC_BITS(b) ((b) & 0xffu)            /* their width (or a predicate code) */
/* Bytes of one warp's register of any dst_bits/src_bits value: a predicate's lane mask (4; p|q
 * 8), d|p's 132, a .b128's 512, a vector's n registers. */
static inline size_t ptxcpu_reg_bytes(unsigned bits)
{
    return PTXCPU_VEC_N(bits) * ((size_t)PTXCPU_WARP * PTXCPU_VEC_BITS(bits) / 8);
}
/* The alignment such a register needs: its lanes' (a predicate's lane mask: 4; a .b128's 8) */
static inline size_t ptxcpu_reg_align(unsigned bits)
{
    const unsigned b = PTXCPU_VEC_BITS(bits);
    return b < 8 ? 4 : b == PTXCPU_B128 ? 8 : b / 8;
}

PTXCPU_API size_t ptxcpu_insn_count(void); /* rows in the table (a spelling with two forms: 2) */
PTXCPU_API ptxcpu_status ptxcpu_insn_at(size_t index, ptxcpu_insn_desc *out);
PTXCPU_API ptxcpu_status ptxcpu_describe(const ptxcpu_insn *insn, ptxcpu_insn_desc *out);

/* ---- ISAs and dispatch ----------------------------------------------------------------------
 * Each ISA has one immutable kernel table. The active ISA is chosen once (the best the CPU has,
 * or PTXCPU_ISA=scalar|avx2|avx512|neon from the environment) and can be forced by
 * ptxcpu_isa_force. Forcing an ISA the CPU lacks or the build lacks is an error, never a silent
 * fallback. */
typedef enum ptxcpu_isa {
    PTXCPU_ISA_BEST = -1, /* "the active ISA" wherever an ISA is asked for */
    PTXCPU_ISA_SCALAR = 0,
    PTXCPU_ISA_AVX2 = 1,
    PTXCPU_ISA_AVX512 = 2,
    PTXCPU_ISA_NEON = 3,
    PTXCPU_ISA_COUNT = 4
} ptxcpu_isa;

PTXCPU_API const char *ptxcpu_isa_name(ptxcpu_isa isa);
PTXCPU_API ptxcpu_status ptxcpu_isa_from_name(const char *name, ptxcpu_isa *out);
PTXCPU_API int ptxcpu_isa_compiled(ptxcpu_isa isa); /* kernels for it are in this build */
PTXCPU_API int ptxcpu_isa_usable(ptxcpu_isa isa);   /* compiled in and this CPU runs it */
PTXCPU_API ptxcpu_isa ptxcpu_isa_active(void);
PTXCPU_API ptxcpu_status ptxcpu_isa_force(ptxcpu_isa isa);
/* The ISA extensions an ISA's kernels use on this CPU, comma separated ("vnni,vpopcntdq"; ""
 * for none): optional features detected one by one (AVX-512 VNNI, VPOPCNTDQ, GFNI; Arm dotprod)
 * whose kernels replace the base ISA's for the families they speed up. PTXCPU_EXT in the
 * environment limits them: "none", or a comma-separated list of names; a name that is no
 * extension of any ISA makes every ptxcpu_resolve and ptxcpu_isa_force fail (PTXCPU_E_ISA). */
PTXCPU_API const char *ptxcpu_isa_extensions(ptxcpu_isa isa);
/* CPU features found, space separated ("avx2 fma f16c bmi2 ..."). */
PTXCPU_API const char *ptxcpu_cpu_features(void);
/* The processor's name ("AMD EPYC 9R45 ..."): x86's CPUID brand string, elsewhere the "model
 * name" of /proc/cpuinfo; "(unknown)" where neither gives one. */
PTXCPU_API const char *ptxcpu_cpu_model(void);

/* ---- Batches --------------------------------------------------------------------------------
 * An operand is a base pointer and a stride in bytes between consecutive warps' registers:
 * stride 0 is a uniform operand (one register for every warp: an immediate), stride equal to the
 * register size is a packed array, any other stride walks a register file laid out per warp.
 * Lanes whose guard bit is 0 are never written: neither d nor their CC.CF bit change (nor their
 * bit of a predicate d: PTXCPU_DST_PRED).
 * d may be exactly a source (same base and stride), and a predicate d exactly the guard masks;
 * any other overlap of d with a source, the guard masks or the CC words, and d registers of consecutive warps that overlap (|d_stride| less
 * than a register), are refused with PTXCPU_E_ARG. */
typedef struct ptxcpu_src {
    const void *base;
    ptrdiff_t stride;
} ptxcpu_src;

typedef struct ptxcpu_batch {
    size_t n;                 /* number of warps; 0 does nothing */
    void *d;                  /* destination registers */
    ptrdiff_t d_stride;       /* must be nonzero when n > 1 */
    ptxcpu_src src[4];        /* sources in spec order; unused ones ignored */
    const ptxcpu_lanemask *guard; /* per-warp guard masks; NULL = all lanes active */
    ptrdiff_t guard_stride;   /* bytes between warps' masks; 0 = one mask for all */
    ptxcpu_lanemask *cc;      /* per-warp CC.CF words (bit i = lane i); required when the
                                 instruction reads or writes CC.CF, read then updated in place */
    ptrdiff_t cc_stride;      /* bytes between warps' CC words; 0 only if not written or n <= 1 */
} ptxcpu_batch;

/* A kernel: one instruction on one ISA. An opaque handle into an immutable table; valid for the
 * life of the process, safe to share between threads. */
typedef const struct ptxcpu_kernel_entry *ptxcpu_kernel;

/* Resolve insn to the kernel of isa (PTXCPU_ISA_BEST = the active ISA). */
PTXCPU_API ptxcpu_status ptxcpu_resolve(const ptxcpu_insn *insn, ptxcpu_isa isa,
                                        ptxcpu_kernel *out);
/* Instructions with an immediate operand that selects the operation (lop3's immLut, 9.7.8.6: the
 * 8-bit table of F(a, b, c)) resolve with its value: ptxcpu_insn_imm_bits gives its width (8 for
 * lop3.b32, lop3.or.b32 and lop3.and.b32; 0 for every other instruction, and for a NULL or invalid
 * insn), and ptxcpu_resolve_imm takes the value, which must fit that width (PTXCPU_E_RANGE
 * otherwise). The immediate is not a batch operand: lop3.b32's sources are a, b, c; lop3.or.b32's
 * a, b, c, q (ptxcpu_insn_desc.nsrc 3 and 4). ptxcpu_resolve of such an instruction, and
 * ptxcpu_resolve_imm of any other, is PTXCPU_E_ARG. The kernel runs as any other (ptxcpu_run,
 * ptxcpu_prepare, ...); each value is its own kernel handle, valid for the life of the process. */
PTXCPU_API unsigned ptxcpu_insn_imm_bits(const ptxcpu_insn *insn);
PTXCPU_API ptxcpu_status ptxcpu_resolve_imm(const ptxcpu_insn *insn, ptxcpu_isa isa, uint64_t imm,
                                            ptxcpu_kernel *out);
PTXCPU_API ptxcpu_isa ptxcpu_kernel_isa(ptxcpu_kernel k);
/* The variant a kernel is: its ISA's name, or "<isa>+<extension>" ("avx512+vnni"). */
PTXCPU_API const char *ptxcpu_kernel_variant(ptxcpu_kernel k);
/* Validate the batch (NULLs, strides, alignment, overflow) and run the kernel on it. */
PTXCPU_API ptxcpu_status ptxcpu_run(ptxcpu_kernel k, const ptxcpu_batch *batch);
/* A dependent chain, the register-resident workload of benchmarks: runs k `steps` times over every
 * warp of the batch, and after each step the result replaces source `feedback` (0-based, in spec
 * order; it must have d's width), so each step waits for the one before. The caller's source
 * registers are not written; CC.CF is carried from step to step for instructions that read and
 * write it. d receives the last result (steps 0: source `feedback`); guards and CC words apply
 * as in ptxcpu_run. Warps stay in registers between steps for the chains `ptxcpu bench` and the
 * demo measure (mad.rn.f32, fma.rn.f32, mad.rn.f64, dp4a, ...: docs/ARCHITECTURE.md); other
 * instructions run their batched kernel once a step, with the same results. */
PTXCPU_API ptxcpu_status ptxcpu_run_chain(ptxcpu_kernel k, const ptxcpu_batch *batch,
                                          unsigned feedback, uint64_t steps);
/* Parse + resolve on the active ISA + run, for one-off use. The mnemonic is read as ptxcpu_parse
 * reads it: min.f32 is the two-input form (ptxcpu_parse_n + ptxcpu_resolve for the other). */
PTXCPU_API ptxcpu_status ptxcpu_exec(const char *mnemonic, const ptxcpu_batch *batch);

/* ---- Prepared batches: an emulator's call ---------------------------------------------------
 * An emulator runs one instruction instance again and again on the same registers (its register
 * file has fixed addresses), one or a few warps at a time, where ptxcpu_run's checks of every
 * operand would cost more than the instruction. ptxcpu_prepare checks a batch once, exactly as
 * ptxcpu_run does (same status codes and messages), and keeps a copy of it; ptxcpu_run_prepared
 * then runs that copy with no check at all (one warp's cost by row and ISA: docs/PERFORMANCE.md,
 * "Per-call cost").
 *
 * The caller guarantees, for every ptxcpu_run_prepared of a prepared batch:
 *  - every register, guard mask and CC word the batch named at ptxcpu_prepare is still allocated
 *    and readable (d and the CC words writable). Their contents may change freely between runs:
 *    new lane values, new guard masks and new CC words are what the run reads. The batch itself
 *    was copied: changing or freeing the caller's ptxcpu_batch afterwards changes nothing;
 *  - no other thread writes that memory during the run (as for ptxcpu_run);
 *  - with PTXCPU_PREPARE_DEFAULT_FENV, see below.
 * A ptxcpu_prepared is a plain value: it may be copied, stored in arrays, and run from several
 * threads at once where those runs' d registers and CC words are apart. Its fields are private
 * (they may change from one version to the next). After a failed ptxcpu_prepare, *out is a
 * prepared batch that runs nothing. */
struct ptxcpu_kernel_ctx; /* private: what a kernel takes besides the batch (its row's rounding, ...) */
typedef struct ptxcpu_prepared {
    void (*fn_)(const struct ptxcpu_kernel_ctx *, const ptxcpu_batch *); /* private: the entry */
    const struct ptxcpu_kernel_ctx *ctx_; /* private: its context */
    ptxcpu_batch batch_;                  /* private: the checked copy */
} ptxcpu_prepared;

/* ptxcpu_prepare flags. */
#define PTXCPU_PREPARE_DEFAULT_FENV 1u
/* PTXCPU_PREPARE_DEFAULT_FENV: the caller promises that whenever it runs the prepared batch, the
 * thread's floating-point environment has its default control bits: on x86 MXCSR rounds to
 * nearest with flush-to-zero and denormals-are-zero off and every exception masked (0x1f80 but
 * for the sticky flags), on Arm FPCR = 0. Float rows then neither read the environment (on x86
 * stmxcsr is most of a float row's cost on one warp) nor, when they round to nearest, write it;
 * directed-rounding rows set their mode and set the default back, which clears the sticky
 * exception flags. Under any other environment a float row's results are unspecified (never an
 * out-of-bounds access). Without the flag a prepared run is as independent of the environment as
 * ptxcpu_run. No effect on integer rows. */

/* Check `batch` for kernel k as ptxcpu_run does and make *out run it (flags: 0 or
 * PTXCPU_PREPARE_DEFAULT_FENV; any other bit is PTXCPU_E_ARG). */
PTXCPU_API ptxcpu_status ptxcpu_prepare(ptxcpu_kernel k, const ptxcpu_batch *batch,
                                        unsigned flags, ptxcpu_prepared *out);
/* Run a batch ptxcpu_prepare made: the same results as ptxcpu_run on it, without any check.
 * p must be what ptxcpu_prepare wrote (or a copy of it); anything else is undefined behaviour.
 * Inline, so that a call is one indirect call into the kernel (one warp: the kernel's one-warp
 * entry, its chunks in a straight line). The library also exports a function of this name (for
 * callers that take its address). ABI: 0.2.0 added the context to ptxcpu_prepared, so the
 * library's soname is libptxcpu.so.1 (0.1.0's was .so.0). */
static inline void ptxcpu_run_prepared(const ptxcpu_prepared *p) { p->fn_(p->ctx_, &p->batch_); }

#ifdef __cplusplus
}
#endif

#endif /* PTXCPU_CORE_H */
