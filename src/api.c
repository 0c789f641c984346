/* Public API glue: error reporting, the instruction table's description, batch validation. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static _Thread_local char last_error[512];

ptxcpu_status ptx_fail(ptxcpu_status s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return s;
}
void ptx_clear_error(void) { last_error[0] = 0; }
const char *ptxcpu_last_error(void) { return last_error; }
const char *ptxcpu_version(void) { return PTXCPU_VERSION; }

const char *ptxcpu_status_name(ptxcpu_status s)
{
    switch (s) {
    case PTXCPU_OK: return "ok";
    case PTXCPU_E_PARSE: return "invalid instruction";
    case PTXCPU_E_TARGET: return "target does not support it";
    case PTXCPU_E_NULL: return "null pointer";
    case PTXCPU_E_RANGE: return "out of range";
    case PTXCPU_E_ALIGN: return "misaligned";
    case PTXCPU_E_ISA: return "ISA unavailable";
    case PTXCPU_E_ARG: return "invalid argument";
    }
    return "unknown status";
}

size_t ptxcpu_insn_count(void) { return PTX_NROWS; }

static void describe_row(unsigned op, ptxcpu_insn_desc *out)
{
    const ptx_row *r = &ptx_rows[op];
    memset(out, 0, sizeof *out);
    out->mnemonic = r->mnem;
    out->section = r->sec;
    out->nsrc = r->nsrc;
    out->dst_bits = r->bits[0];
    for (unsigned k = 0; k < 4; k++)
        out->src_bits[k] = r->bits[k + 1];
    out->reads_cc = (r->cc & CC_R) != 0;
    out->writes_cc = (r->cc & CC_W) != 0;
    out->min_sm = r->sm;
    out->ptx_major = r->ptx_major;
    out->ptx_minor = r->ptx_minor;
    out->elems = 1;
    switch (r->ty) {
    case TY_F16X2: out->elems = 2; /* fall through */
    case TY_F16: out->elem = PTXCPU_ELEM_F16; break;
    case TY_BF16X2: out->elems = 2; /* fall through */
    case TY_BF16: out->elem = PTXCPU_ELEM_BF16; break;
    case TY_F32X2: out->elems = 2; /* fall through */
    case TY_F32: out->elem = PTXCPU_ELEM_F32; break;
    case TY_F64: out->elem = PTXCPU_ELEM_F64; break;
    case TY_U16X2: case TY_S16X2: out->elems = 2; out->elem = PTXCPU_ELEM_INT; break;
    default: out->elem = PTXCPU_ELEM_INT; break;
    }
}

ptxcpu_status ptxcpu_insn_at(size_t index, ptxcpu_insn_desc *out)
{
    if (!out)
        return ptx_fail(PTXCPU_E_NULL, "ptxcpu_insn_at: out is NULL");
    if (index >= PTX_NROWS)
        return ptx_fail(PTXCPU_E_RANGE, "ptxcpu_insn_at: index %zu >= %d", index, PTX_NROWS);
    describe_row((unsigned)index, out);
    return PTXCPU_OK;
}

ptxcpu_status ptxcpu_describe(const ptxcpu_insn *insn, ptxcpu_insn_desc *out)
{
    if (!insn || !out)
        return ptx_fail(PTXCPU_E_NULL, "ptxcpu_describe: %s is NULL", insn ? "out" : "insn");
    if (insn->op >= PTX_NROWS)
        return ptx_fail(PTXCPU_E_ARG, "ptxcpu_describe: insn was not made by ptxcpu_parse");
    describe_row(insn->op, out);
    return PTXCPU_OK;
}

ptxcpu_isa ptxcpu_kernel_isa(ptxcpu_kernel k) { return k ? (ptxcpu_isa)k->isa : PTXCPU_ISA_BEST; }

/* n registers of regbytes each at base + i*stride, aligned to `align` (a power of two): every
 * address must be representable. This runs on every call (at 32 warps the checks one by one were
 * a third of an add.u32 call), so no divisions, and the usual operand is cleared by one test:
 * present, below 2^62, aligned, stride 0..2^24 bytes and n at most 2^24, where no address
 * computation can overflow (2^62 + 2^48 + a register < 2^63). Any other goes through the checks
 * below, which name what is wrong. */
#define CLEAR_LIMIT ((size_t)1 << 24)
static inline ptxcpu_status check_operand(const char *what, const void *base, ptrdiff_t stride,
                                          size_t n, size_t align, size_t regbytes)
{
    uintptr_t p = (uintptr_t)base;
    if (p - 1 < ((uintptr_t)1 << 62) - 1 && n <= CLEAR_LIMIT && (size_t)stride <= CLEAR_LIMIT &&
        !((p | (size_t)stride) & (align - 1)))
        return PTXCPU_OK;
    if (!base)
        return ptx_fail(PTXCPU_E_NULL, "ptxcpu_run: %s is NULL", what);
    if ((uintptr_t)base & (align - 1))
        return ptx_fail(PTXCPU_E_ALIGN, "ptxcpu_run: %s at %p is not %zu-byte aligned", what,
                        base, align);
    if ((size_t)stride & (align - 1))
        return ptx_fail(PTXCPU_E_ALIGN,
                        "ptxcpu_run: %s stride %td is not a multiple of %zu bytes", what, stride,
                        align);
    /* |stride| in size_t: negating PTRDIFF_MIN as a ptrdiff_t would overflow */
    size_t span = stride < 0 ? (size_t)0 - (size_t)stride : (size_t)stride, reach = 0;
    if (n > 1 && span &&
        (__builtin_mul_overflow(n - 1, span, &reach) || reach > (size_t)PTRDIFF_MAX))
        return ptx_fail(PTXCPU_E_RANGE, "ptxcpu_run: %s: n = %zu warps of stride %td overflow",
                        what, n, stride);
    if (n > 1 && span) {
        uintptr_t last = (uintptr_t)base;
        size_t off = reach + regbytes;
        if (stride > 0 ? last > UINTPTR_MAX - off : last < reach)
            return ptx_fail(PTXCPU_E_RANGE, "ptxcpu_run: %s: n = %zu warps run past the address "
                            "space", what, n);
    }
    return PTXCPU_OK;
}

static ptxcpu_status check_batch(ptxcpu_kernel k, const ptxcpu_batch *b)
{
    static const char *const names[4] = {"src[0] (a)", "src[1] (b)", "src[2] (c)", "src[3] (d)"};
    if (!k)
        return ptx_fail(PTXCPU_E_NULL, "ptxcpu_run: kernel is NULL (use ptxcpu_resolve)");
    if (!b)
        return ptx_fail(PTXCPU_E_NULL, "ptxcpu_run: batch is NULL");
    if (b->n == 0)
        return PTXCPU_OK;
    const ptx_row *r = &ptx_rows[k->op];
    if (b->n > (size_t)PTRDIFF_MAX / 256)
        return ptx_fail(PTXCPU_E_RANGE, "ptxcpu_run: n = %zu warps is too many", b->n);
    ptxcpu_status s = check_operand("d", b->d, b->d_stride, b->n, r->bits[0] / 8,
                                     PTXCPU_WARP * r->bits[0] / 8);
    if (s)
        return s;
    if (b->d_stride == 0 && b->n > 1)
        return ptx_fail(PTXCPU_E_ARG, "ptxcpu_run: d_stride is 0 with n = %zu: every warp "
                        "would write the same register", b->n);
    for (unsigned i = 0; i < r->nsrc; i++)
        if ((s = check_operand(names[i], b->src[i].base, b->src[i].stride, b->n,
                                r->bits[i + 1] / 8, PTXCPU_WARP * r->bits[i + 1] / 8)))
            return s;
    if (b->guard && (s = check_operand("guard", b->guard, b->guard_stride, b->n, 4, 4)))
        return s;
    if (r->cc) {
        if (!b->cc)
            return ptx_fail(PTXCPU_E_NULL, "ptxcpu_run: %s %s CC.CF but cc is NULL", r->mnem,
                            r->cc == CC_R ? "reads" : r->cc == CC_W ? "writes" : "reads and writes");
        if ((s = check_operand("cc", b->cc, b->cc_stride, b->n, 4, 4)))
            return s;
        if ((r->cc & CC_W) && b->cc_stride == 0 && b->n > 1)
            return ptx_fail(PTXCPU_E_ARG, "ptxcpu_run: cc_stride is 0 with n = %zu but %s "
                            "writes CC.CF", b->n, r->mnem);
    }
    return PTXCPU_OK;
}

ptxcpu_status ptxcpu_run(ptxcpu_kernel k, const ptxcpu_batch *b)
{
    ptxcpu_status s = check_batch(k, b);
    if (s == PTXCPU_OK && b->n)
        k->fn(b);
    return s;
}

ptxcpu_status ptxcpu_run_chain(ptxcpu_kernel k, const ptxcpu_batch *b, unsigned feedback,
                               uint64_t steps)
{
    ptxcpu_status s = check_batch(k, b);
    if (s)
        return s;
    const ptx_row *r = &ptx_rows[k->op];
    if (feedback >= r->nsrc)
        return ptx_fail(PTXCPU_E_ARG, "ptxcpu_run_chain: %s has %u sources; feedback %u is not one",
                        r->mnem, r->nsrc, feedback);
    if (r->bits[feedback + 1] != r->bits[0])
        return ptx_fail(PTXCPU_E_ARG, "ptxcpu_run_chain: %s: source %u is %u-bit but d is %u-bit",
                        r->mnem, feedback, r->bits[feedback + 1], r->bits[0]);
    if (b->n)
        k->chain(b, feedback, steps);
    return PTXCPU_OK;
}

ptxcpu_status ptxcpu_exec(const char *mnemonic, const ptxcpu_batch *batch)
{
    ptxcpu_insn insn;
    ptxcpu_kernel k;
    ptxcpu_status s = ptxcpu_parse(mnemonic, NULL, &insn);
    if (s)
        return s;
    if ((s = ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k)))
        return s;
    return ptxcpu_run(k, batch);
}
