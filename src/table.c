/* The instruction table: ops.def expanded into data, plus the target-dependent kernel choice. */
#include "internal.h"

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
        /* mad.f32 without rounding: legacy on sm_1x, else mad.rn.ftz.f32 (SEMANTICS.md) */
        if (sm < 20)
            return (r->mods & M_SAT) ? PTX_K_mad_legacy_sat_f32 : PTX_K_mad_legacy_f32;
        return find_row(op, r->mods | M_FTZ, RND_RN);
    }
    if (r->sem == SEM_FSUB && r->ty == TY_F32 && sm < 20 && !(r->mods & M_FTZ))
        return find_row(op, r->mods | M_FTZ, r->rnd); /* sm_1x sub.f32 flushes subnormals */
    return op;
}
