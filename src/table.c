/* The instruction table: ops.def expanded into data, the public description of a row, and the
 * target-dependent kernel choice. */
#include "internal.h"

#include <string.h>

const ptx_row ptx_rows[PTX_NKERNELS] = {
#define PTX_OP(ID, MN, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, EW, NSRC, CC, SM, PM, PN, SEC)    \
    [PTX_OP_##ID] = {MN, SEC, SEM_##SEM, TY_##TY, TY_##TY2, RND_##RND, CC, NSRC, MODS,             \
                     {DW, AW, BW, CW, EW}, SM, PM, PN},
#include "ops.def"
#undef PTX_OP
#define PTX_EXTRA(ID, MN, SEM, TY, TY2, MODS, RND, DW, AW, BW, CW, EW, NSRC, CC, SM, PM, PN, SEC) \
    [PTX_K_##ID] = {MN, SEC, SEM_##SEM, TY_##TY, TY_##TY2, RND_##RND, CC, NSRC, MODS,             \
                    {DW, AW, BW, CW, EW}, SM, PM, PN},
    PTX_EXTRA_KERNELS(PTX_EXTRA)
#undef PTX_EXTRA
};

/* What ptxcpu_insn_desc tells of a row: its columns, and the element type its ty implies. */
void ptx_describe_row(unsigned op, ptxcpu_insn_desc *out)
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

/* The row with the same family, type and rounding as `op` and modifiers `mods`. */
static unsigned find_row(unsigned op, unsigned mods, unsigned rnd)
{
    const ptx_row *r = &ptx_rows[op];
    for (unsigned i = 0; i < PTX_NROWS; i++)
        if (ptx_rows[i].sem == r->sem && ptx_rows[i].ty == r->ty && ptx_rows[i].rnd == rnd &&
            ptx_rows[i].mods == mods)
            return i;
    return op;
}

unsigned ptx_kernel_id(unsigned op, unsigned sm)
{
    const ptx_row *r = &ptx_rows[op];
    if (r->sem == SEM_FMAD && r->ty == TY_F32 && r->rnd == RND_NONE) {
        /* mad.f32 without rounding: legacy on sm_1x, else mad.rn.ftz.f32 (docs/SEMANTICS.md) */
        if (sm < 20)
            return (r->mods & M_SAT) ? PTX_K_mad_legacy_sat_f32 : PTX_K_mad_legacy_f32;
        return find_row(op, r->mods | M_FTZ, RND_RN);
    }
    int flushes_1x = r->sem == SEM_FSUB || r->sem == SEM_FADD || r->sem == SEM_FMUL ||
                     r->sem == SEM_FABS || r->sem == SEM_FNEG || r->sem == SEM_FMIN ||
                     r->sem == SEM_FMAX || /* their spec notes on sm_1x; the .approx/.full forms: */
                     (r->rnd == RND_NONE && (r->sem == SEM_FDIV || r->sem == SEM_FRCP ||
                                             r->sem == SEM_FSQRT || r->sem == SEM_FDIVA ||
                                             r->sem == SEM_FRSQRT));
    if (flushes_1x && r->ty == TY_F32 && sm < 20 && !(r->mods & M_FTZ))
        return find_row(op, r->mods | M_FTZ, r->rnd); /* sm_1x f32: subnormals flush */
    return op;
}
