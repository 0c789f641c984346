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
    case TY_E4M3X2: case TY_E5M2X2: case TY_E2M3X2: case TY_E3M2X2: case TY_E2M1X2:
    case TY_UE8M0X2: case TY_S2F6X2: out->elems = 2; out->elem = PTXCPU_ELEM_INT; break; /* (bits) */
    case TY_E4M3X4: case TY_E5M2X4: case TY_E2M3X4: case TY_E3M2X4: case TY_E2M1X4:
        out->elems = 4; out->elem = PTXCPU_ELEM_INT; break;
    default: out->elem = PTXCPU_ELEM_INT; break;
    }
}

/* The rows whose kernel depends on the target, and those kernels (ops.def's PTX_RETARGET lines,
 * tools/gen_ops.py: sm_1x f32 flushing, the legacy mad.f32). */
static const struct retarget {
    uint8_t set;
    uint16_t sm1x, sm20;
} retargets[PTX_NROWS] = {
#define PTX_RETARGET(ID, SM1X, SM20) [PTX_OP_##ID] = {1, SM1X, SM20},
#include "ops.def"
#undef PTX_RETARGET
};

unsigned ptx_kernel_id(unsigned op, unsigned sm)
{
    const struct retarget *t = &retargets[op];
    return !t->set ? op : sm < 20 ? t->sm1x : t->sm20;
}
