/* Public API glue: the instruction table's entry points, batch validation (check_batch) and
 * ptxcpu_run / ptxcpu_run_chain / ptxcpu_exec. Messages go through ptx_fail (error.c). */
#include "batch_flat.h"
#include "internal.h"

const char *ptxcpu_version(void) { return PTXCPU_VERSION; }

size_t ptxcpu_insn_count(void) { return PTX_NROWS; }

ptxcpu_status ptxcpu_insn_at(size_t index, ptxcpu_insn_desc *out)
{
    if (!out)
        return ptx_fail(PTXCPU_E_NULL, "ptxcpu_insn_at: out is NULL");
    if (index >= PTX_NROWS)
        return ptx_fail(PTXCPU_E_RANGE, "ptxcpu_insn_at: index %zu >= %d", index, PTX_NROWS);
    ptx_describe_row((unsigned)index, out);
    return PTXCPU_OK;
}

ptxcpu_status ptxcpu_describe(const ptxcpu_insn *insn, ptxcpu_insn_desc *out)
{
    if (!insn || !out)
        return ptx_fail(PTXCPU_E_NULL, "ptxcpu_describe: %s is NULL", insn ? "out" : "insn");
    if (insn->op >= PTX_NROWS)
        return ptx_fail(PTXCPU_E_ARG, "ptxcpu_describe: insn was not made by ptxcpu_parse");
    ptx_describe_row(insn->op, out);
    return PTXCPU_OK;
}

ptxcpu_isa ptxcpu_kernel_isa(ptxcpu_kernel k) { return k ? (ptxcpu_isa)k->isa : PTXCPU_ISA_BEST; }

/* n registers of regbytes each at base + i*stride, aligned to `align` (a power of two): every
 * address must be representable. This runs on every call (at 32 warps the checks one by one were
 * a large share of an add.u32 call: docs/PERFORMANCE.md, "Figures behind design choices in the
 * source"), so no divisions, and the usual operand is cleared by one test:
 * present, below 2^62, aligned, stride 0..2^24 bytes and n at most 2^24, where no address
 * computation can overflow (2^62 + 2^48 + a register < 2^63). Any other goes through the checks
 * below, which name what is wrong. */
#define CLEAR_LIMIT ((size_t)1 << 24)
static inline ptxcpu_status check_operand(const char *fn, const char *what, const void *base,
                                          ptrdiff_t stride, size_t n, size_t align,
                                          size_t regbytes)
{
    uintptr_t p = (uintptr_t)base;
    if (p - 1 < ((uintptr_t)1 << 62) - 1 && n <= CLEAR_LIMIT && (size_t)stride <= CLEAR_LIMIT &&
        !((p | (size_t)stride) & (align - 1)))
        return PTXCPU_OK;
    if (!base)
        return ptx_fail(PTXCPU_E_NULL, "%s: %s is NULL", fn, what);
    if ((uintptr_t)base & (align - 1))
        return ptx_fail(PTXCPU_E_ALIGN, "%s: %s at %p is not %zu-byte aligned", fn, what,
                        base, align);
    if ((size_t)stride & (align - 1))
        return ptx_fail(PTXCPU_E_ALIGN,
                        "%s: %s stride %td is not a multiple of %zu bytes", fn, what, stride,
                        align);
    /* |stride| in unsigned arithmetic: PTRDIFF_MIN has no signed negation */
    size_t span = stride < 0 ? (size_t)0 - (size_t)stride : (size_t)stride, reach = 0;
    if (n > 1 && span &&
        (__builtin_mul_overflow(n - 1, span, &reach) || reach > (size_t)PTRDIFF_MAX))
        return ptx_fail(PTXCPU_E_RANGE, "%s: %s: n = %zu warps of stride %td overflow",
                        fn, what, n, stride);
    if (n > 1 && span) {
        uintptr_t last = (uintptr_t)base;
        size_t off = reach + regbytes;
        if (stride > 0 ? last > UINTPTR_MAX - off : last < reach)
            return ptx_fail(PTXCPU_E_RANGE, "%s: %s: n = %zu warps run past the address "
                            "space", fn, what, n);
    }
    return PTXCPU_OK;
}

/* The bytes [lo, hi) an operand's n registers lie in (check_operand has ruled out overflow). */
typedef struct span { uintptr_t lo, hi; } span;
static inline span operand_span(const void *base, ptrdiff_t stride, size_t n, size_t regbytes)
{
    ptrdiff_t reach = (ptrdiff_t)(n - 1) * stride; /* n <= PTRDIFF_MAX / 256 here */
    uintptr_t p = (uintptr_t)base;
    return reach < 0 ? (span){p + (uintptr_t)reach, p + regbytes}
                     : (span){p, p + (uintptr_t)reach + regbytes};
}

/* Whether an operand whose span meets d's shares bytes with d's registers without being the same
 * registers (same base and stride, which every kernel allows for a source, alias_ok: it reads a
 * warp's sources before writing its d). Kernels work on chunks of lanes and groups of warps, so
 * any other overlap would give results that depend on the ISA. Registers of one stride S (or a
 * uniform operand against d's walk) keep their offset from d modulo S, the register-file layout:
 * apart exactly when that offset leaves room for both. Other layouts whose spans meet are
 * refused. Only called when the spans meet, which the usual separate arrays never do. */
static __attribute__((noinline)) int overlaps_d(const ptxcpu_batch *b, size_t dbytes,
                                                const void *base, ptrdiff_t stride, size_t bytes,
                                                int alias_ok)
{
    if (alias_ok && base == b->d && (stride == b->d_stride || b->n == 1))
        return 0;
    if (b->n == 1 || (stride != b->d_stride && stride != 0))
        return 1;
    /* |d_stride| >= dbytes > 0 here (check_batch), and below 2^63 (check_operand) */
    ptrdiff_t S = b->d_stride < 0 ? -b->d_stride : b->d_stride;
    ptrdiff_t off = (ptrdiff_t)((uintptr_t)base - (uintptr_t)b->d);
    ptrdiff_t r = off >= 0 && off < S ? off : (off % S + S) % S; /* the usual case: no division */
    return !((size_t)r >= dbytes && (size_t)r + bytes <= (size_t)S);
}

/* Whether span s meets d's span ds: one test per operand on the usual path. */
static inline int meets(span ds, span s) { return s.hi > ds.lo && ds.hi > s.lo; }

/* The usual batch cleared in one pass, without a branch per test: n from 1 to 2^24, every operand
 * present, below 2^62, aligned, stride 0..2^24 - 1 (d's at least a register when n > 1; a written
 * CC word's nonzero when n > 1), and d's bytes apart from every other operand's or d exactly a
 * source. No address computation can overflow then (see check_operand). The tests of all operands
 * are folded into three words (pointers - 1, strides, everything else). 0: check_batch's tests one
 * by one decide, and name what is wrong. */
static inline int batch_clear(const ptx_row *r, const ptxcpu_batch *b)
{
    const uintptr_t d = (uintptr_t)b->d, dst = (size_t)b->d_stride, n1 = b->n - 1;
    const size_t dbytes = ptx_reg_bytes(r->bits[0]);
    const uintptr_t dhi = d + n1 * dst + dbytes, multi = n1 != 0;
    uintptr_t ptrs = d - 1, strides = dst | n1, bad = ((d | dst) & (ptx_reg_align(r->bits[0]) - 1)) |
                                                      (multi & (dst < dbytes));
    for (unsigned i = 0; i < r->nsrc; i++) {
        uintptr_t s = (uintptr_t)b->src[i].base, st = (size_t)b->src[i].stride;
        size_t w = r->bits[i + 1]; /* (1: a predicate source, one 4-byte lane mask) */
        uintptr_t hi = s + n1 * st + ptx_reg_bytes(r->bits[i + 1]);
        uintptr_t same = (s == d) & ((st == dst) | !multi);
        ptrs |= s - 1;
        strides |= st;
        bad |= ((s | st) & (ptx_reg_align((unsigned)w) - 1)) | ((hi > d) & (dhi > s) & !same);
    }
    if (b->guard) {
        uintptr_t g = (uintptr_t)b->guard, st = (size_t)b->guard_stride, hi = g + n1 * st + 4;
        /* a predicate d may be exactly the guard masks */
        uintptr_t same = (uintptr_t)ptx_pred_d(r->bits[0]) & (g == d) & ((st == dst) | !multi);
        ptrs |= g - 1;
        strides |= st;
        bad |= ((g | st) & 3) | ((hi > d) & (dhi > g) & !same);
    }
    if (r->cc) {
        uintptr_t c = (uintptr_t)b->cc, st = (size_t)b->cc_stride, hi = c + n1 * st + 4;
        ptrs |= c - 1;
        strides |= st;
        bad |= ((c | st) & 3) | ((hi > d) & (dhi > c)) | ((r->cc >> 1) & multi & (st == 0));
    }
    return !((ptrs >> 62) | (strides >> 24) | bad);
}

/* The tests one by one, inlined where they run (fn is then a constant): every batch of
 * ptxcpu_run_chain and ptxcpu_prepare, and those of ptxcpu_run that batch_clear did not clear. */
static inline __attribute__((always_inline)) ptxcpu_status
check_batch(const char *fn, ptxcpu_kernel k, const ptxcpu_batch *b)
{
    static const char *const names[4] = {"src[0] (a)", "src[1] (b)", "src[2] (c)", "src[3] (d)"};
    if (!k)
        return ptx_fail(PTXCPU_E_NULL, "%s: kernel is NULL (use ptxcpu_resolve)", fn);
    if (!b)
        return ptx_fail(PTXCPU_E_NULL, "%s: batch is NULL", fn);
    if (b->n == 0)
        return PTXCPU_OK;
    const ptx_row *r = &ptx_rows[k->op];
    if (b->n > (size_t)PTRDIFF_MAX / 256)
        return ptx_fail(PTXCPU_E_RANGE, "%s: n = %zu warps is too many", fn, b->n);
    const size_t dbytes = ptx_reg_bytes(r->bits[0]);
    ptxcpu_status s = check_operand(fn, "d", b->d, b->d_stride, b->n, ptx_reg_align(r->bits[0]),
                                    dbytes);
    if (s)
        return s;
    if (b->d_stride == 0 && b->n > 1)
        return ptx_fail(PTXCPU_E_ARG, "%s: d_stride is 0 with n = %zu: every warp "
                        "would write the same register", fn, b->n);
    if (b->n > 1 && (size_t)(b->d_stride < 0 ? -b->d_stride : b->d_stride) < dbytes)
        return ptx_fail(PTXCPU_E_ARG, "%s: d_stride %td is less than a %zu-byte register: "
                        "the warps' d registers would overlap", fn, b->d_stride, dbytes);
    for (unsigned i = 0; i < r->nsrc; i++)
        if ((s = check_operand(fn, names[i], b->src[i].base, b->src[i].stride, b->n,
                                ptx_reg_align(r->bits[i + 1]), ptx_reg_bytes(r->bits[i + 1]))))
            return s;
    if (b->guard && (s = check_operand(fn, "guard", b->guard, b->guard_stride, b->n, 4, 4)))
        return s;
    if (r->cc) {
        if (!b->cc)
            return ptx_fail(PTXCPU_E_NULL, "%s: %s %s CC.CF but cc is NULL", fn, r->mnem,
                            r->cc == CC_R ? "reads" : r->cc == CC_W ? "writes" : "reads and writes");
        if ((s = check_operand(fn, "cc", b->cc, b->cc_stride, b->n, 4, 4)))
            return s;
        if ((r->cc & CC_W) && b->cc_stride == 0 && b->n > 1)
            return ptx_fail(PTXCPU_E_ARG, "%s: cc_stride is 0 with n = %zu but %s "
                            "writes CC.CF", fn, b->n, r->mnem);
    }
    /* every operand is valid on its own; now d against the others */
    const span ds = operand_span(b->d, b->d_stride, b->n, dbytes);
    for (unsigned i = 0; i < r->nsrc; i++) {
        size_t bytes = ptx_reg_bytes(r->bits[i + 1]);
        if (meets(ds, operand_span(b->src[i].base, b->src[i].stride, b->n, bytes)) &&
            overlaps_d(b, dbytes, b->src[i].base, b->src[i].stride, bytes, 1))
            return ptx_fail(PTXCPU_E_ARG, "%s: d overlaps %s without being the same registers "
                            "(d may alias a source only with its base and stride)", fn, names[i]);
    }
    if (b->guard && meets(ds, operand_span(b->guard, b->guard_stride, b->n, 4)) &&
        overlaps_d(b, dbytes, b->guard, b->guard_stride, 4, ptx_pred_d(r->bits[0])))
        return ptx_fail(PTXCPU_E_ARG, "%s: d overlaps the guard masks%s", fn,
                        ptx_pred_d(r->bits[0]) ? " without being the same masks (base and "
                                                        "stride)" : "");
    if (r->cc && meets(ds, operand_span(b->cc, b->cc_stride, b->n, 4)) &&
        overlaps_d(b, dbytes, b->cc, b->cc_stride, 4, 0))
        return ptx_fail(PTXCPU_E_ARG, "%s: d overlaps the CC words (cc)", fn);
    return PTXCPU_OK;
}

/* Any batch batch_clear did not clear: the tests one by one, then the run. Out of line, so that
 * ptxcpu_run's usual path does not carry their code and register saves. */
static __attribute__((noinline)) ptxcpu_status run_checked(ptxcpu_kernel k, const ptxcpu_batch *b)
{
    ptxcpu_status s = check_batch("ptxcpu_run", k, b);
    if (s == PTXCPU_OK && b->n)
        k->fn(&k->ctx[0], b);
    return s;
}

ptxcpu_status ptxcpu_run(ptxcpu_kernel k, const ptxcpu_batch *b)
{
    if (__builtin_expect(!k || !b || !b->n || !batch_clear(&ptx_rows[k->op], b), 0))
        return run_checked(k, b);
    k->fn(&k->ctx[0], b);
    return PTXCPU_OK;
}

/* ptxcpu_run_chain's batches that batch_clear did not clear (out of line, as run_checked). */
static __attribute__((noinline)) ptxcpu_status check_chain_batch(ptxcpu_kernel k,
                                                                 const ptxcpu_batch *b)
{
    return check_batch("ptxcpu_run_chain", k, b);
}

ptxcpu_status ptxcpu_run_chain(ptxcpu_kernel k, const ptxcpu_batch *b, unsigned feedback,
                               uint64_t steps)
{
    /* the usual batch cleared in one pass, as in ptxcpu_run: a grid's block runs one chain a
     * call, where the tests one by one were a twentieth of a 256-step mad.rn.f32 chain */
    if (__builtin_expect(!k || !b || !b->n || !batch_clear(&ptx_rows[k->op], b), 0)) {
        ptxcpu_status s = check_chain_batch(k, b);
        if (s)
            return s;
    }
    const ptx_row *r = &ptx_rows[k->op];
    if (feedback >= r->nsrc)
        return ptx_fail(PTXCPU_E_ARG, "ptxcpu_run_chain: %s has %u sources; feedback %u is not one",
                        r->mnem, r->nsrc, feedback);
    if (ptx_pred_d(r->bits[0]) || r->bits[0] == PTXCPU_DST_B32_PRED)
        return ptx_fail(PTXCPU_E_ARG, "ptxcpu_run_chain: %s writes a predicate; chains run "
                        "register results only", r->mnem);
    if (r->bits[feedback + 1] != r->bits[0])
        return ptx_fail(PTXCPU_E_ARG, "ptxcpu_run_chain: %s: source %u is %u-bit but d is %u-bit",
                        r->mnem, feedback, r->bits[feedback + 1], r->bits[0]);
    if (b->n && k->chain)
        k->chain(b, feedback, steps);
    else if (b->n)
        ptx_chain_by_steps(k, b, feedback, steps);
    return PTXCPU_OK;
}

ptxcpu_status ptxcpu_exec(const char *mnemonic, const ptxcpu_batch *batch)
{
    ptxcpu_insn insn;
    ptxcpu_kernel k;
    ptxcpu_status s = ptxcpu_parse(mnemonic, NULL, &insn);
    if (s)
        return s;
    if (ptx_row_imm_bits(insn.op)) /* (a mnemonic has no operands to give it) */
        return ptx_fail(PTXCPU_E_ARG, "ptxcpu_exec: %s takes its immLut as part of the "
                        "instruction: ptxcpu_parse it and run the kernel of ptxcpu_resolve_imm",
                        mnemonic);
    if ((s = ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k)))
        return s;
    return ptxcpu_run(k, batch);
}

/* ---- prepared batches (ptxcpu_prepare, ptxcpu_run_prepared) --------------------------------- */
/* Whether a family computes on the vector FPU, per family (ops.def's PTX_FAMILY lines). */
static const uint8_t sem_fpu[PTX_NSEMS] = {
#define PTX_FAMILY(SEM, FPU, ...) [SEM_##SEM] = FPU,
#include "ops.def"
#undef PTX_FAMILY
};

/* What a failed ptxcpu_prepare leaves: a batch of no warps, run by nothing. */
static void run_nothing(const ptx_kctx *ctx, const ptxcpu_batch *b) { (void)ctx, (void)b; }
static const ptx_kctx no_ctx;

ptxcpu_status ptxcpu_prepare(ptxcpu_kernel k, const ptxcpu_batch *b, unsigned flags,
                             ptxcpu_prepared *out)
{
    if (!out)
        return ptx_fail(PTXCPU_E_NULL, "ptxcpu_prepare: out is NULL");
    *out = (ptxcpu_prepared){.fn_ = run_nothing, .ctx_ = &no_ctx};
    if (flags & ~PTXCPU_PREPARE_DEFAULT_FENV)
        return ptx_fail(PTXCPU_E_ARG, "ptxcpu_prepare: unknown flags %#x",
                        flags & ~PTXCPU_PREPARE_DEFAULT_FENV);
    ptxcpu_status s = check_batch("ptxcpu_prepare", k, b);
    if (s)
        return s;
    const ptx_row *r = &ptx_rows[k->op];
    ptxcpu_batch copy = *b;
    /* absent operands cleared, so the copy names only memory that was checked */
    for (unsigned i = r->nsrc; i < 4; i++)
        copy.src[i] = (ptxcpu_src){NULL, 0};
    if (!r->cc)
        copy.cc = NULL, copy.cc_stride = 0;
    if (!copy.guard)
        copy.guard_stride = 0;
    if (copy.n == 1) { /* one warp's strides are never used: packed ones make it a flat batch */
        copy.d_stride = (ptrdiff_t)ptx_reg_bytes(r->bits[0]);
        for (unsigned i = 0; i < r->nsrc; i++)
            copy.src[i].stride = (ptrdiff_t)ptx_reg_bytes(r->bits[i + 1]);
        copy.cc_stride = r->cc ? (ptrdiff_t)sizeof(ptxcpu_lanemask) : 0;
        copy.guard_stride = copy.guard ? (ptrdiff_t)sizeof(ptxcpu_lanemask) : 0;
    }
    out->batch_ = copy;
    /* the promise is a context of the entry's own (the kernel's FP hook then does not read the
     * environment); integer rows ignore it */
    out->ctx_ = &k->ctx[(flags & PTXCPU_PREPARE_DEFAULT_FENV) && sem_fpu[r->sem]];
    /* a flat batch runs the kernel's flat path directly: the tests the kernel would make on every
     * call (and the register saves of its per-warp path) are paid here once. One warp of narrow
     * registers too, which the kernel itself gives its per-warp path (no flat tests there). */
    int flat = k->flat && ptx_batch_flat(&copy, r->bits[0], r->bits[1], r->bits[2], r->bits[3],
                                         r->bits[4], r->cc);
    out->fn_ = !b->n ? run_nothing : !flat ? k->fn : b->n == 1 ? k->one : k->flat;
    return PTXCPU_OK;
}

/* ptxcpu_run_prepared out of line, as 0.1.0 exported it, for callers that take its address (the
 * header's is inline, and not emitted here: this file does not call it). */
PTXCPU_API void ptx_run_prepared_abi(const ptxcpu_prepared *p) __asm__("ptxcpu_run_prepared");
void ptx_run_prepared_abi(const ptxcpu_prepared *p) { p->fn_(p->ctx_, &p->batch_); }
