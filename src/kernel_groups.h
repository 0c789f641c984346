/* Kernel groups: each SIMD ISA's kernels are compiled as PTX_NGROUPS translation units, one per
 * group of families, so they build in parallel; src/kernel_table.c makes them the ISA's table. */
#ifndef PTXCPU_KERNEL_GROUPS_H
#define PTXCPU_KERNEL_GROUPS_H

/* PTX_NGROUPS and the group of every family, PTX_GROUP_<family>, come from src/ops.def
 * (tools/gen_ops.py, FAMILIES, says how groups are chosen). meson.build reads PTX_NGROUPS and
 * builds each SIMD ISA's kernel file once per group, with -DPTX_FAMILY_GROUP=<g> (the scalar
 * kernels stay one TU, meson.build says why). */
#include "ops.def"

#define PTX_CAT(a, b) PTX_CAT_(a, b)
#define PTX_CAT_(a, b) a##b

/* PTX_IF_IN_GROUP(SEM, M): M where family SEM's kernels are compiled in this translation unit (in
 * group PTX_FAMILY_GROUP; in an extension's TU, the extension's families; every family where
 * neither is defined), else a macro that drops its arguments. Decided by the preprocessor, so a group's TU does not even parse the other rows. */
#if defined(PTX_KERNEL_EXT_ID) /* an ISA extension's TU: its families (EXTENSION_FAMILIES) */
#define PTX_IN_GROUP(SEM) PTX_PROBE(PTX_CAT(PTX_CAT(PTX_EXTFAM_, PTX_KERNEL_EXT_ID), _##SEM))
#elif defined(PTX_FAMILY_GROUP)
#define PTX_IN_GROUP(SEM) PTX_GROUP_SAME(PTX_GROUP_##SEM, PTX_FAMILY_GROUP)
#else
#define PTX_IN_GROUP(SEM) 1
#endif
#define PTX_IF_IN_GROUP(SEM, M) PTX_CAT(PTX_IF_IN_GROUP_, PTX_IN_GROUP(SEM))(M)
#define PTX_IF_IN_GROUP_1(M) M
#define PTX_IF_IN_GROUP_0(M) PTX_DROP
#define PTX_DROP(...)
/* PTX_GROUP_SAME(g, h): 1 if groups g and h are the same, else 0. PTX_GROUP_SAME_<g>_<h> is
 * "~, 1" where g == h and an unknown identifier otherwise; the probe takes the second item. */
#define PTX_GROUP_SAME(g, h) PTX_PROBE(PTX_CAT(PTX_CAT(PTX_GROUP_SAME_, g), PTX_CAT(_, h)))
#define PTX_PROBE(...) PTX_PROBE_(__VA_ARGS__, 0, ~)
#define PTX_PROBE_(x, y, ...) y
#define PTX_GROUP_SAME_0_0 ~, 1
#define PTX_GROUP_SAME_1_1 ~, 1
#define PTX_GROUP_SAME_2_2 ~, 1
#define PTX_GROUP_SAME_3_3 ~, 1
#define PTX_GROUP_SAME_4_4 ~, 1
#define PTX_GROUP_SAME_5_5 ~, 1
#define PTX_GROUP_SAME_6_6 ~, 1
#define PTX_GROUP_SAME_7_7 ~, 1
#if PTX_NGROUPS > 8
#error "more than 8 kernel groups: add PTX_GROUP_SAME_<g>_<g> lines"
#endif

/* PTX_IF_CHAIN(ID, M): M where row ID has a register-resident chain of its own (PTX_CHAIN_<ID> in
 * ops.def, from tools/gen_ops.py's CHAIN_ROWS), else a macro that drops its arguments; and
 * PTX_CHAIN_OR_NULL(ID, fn): fn there, else NULL (ptxcpu_run_chain then steps the batched kernel:
 * src/chain.c). */
#define PTX_HAS_CHAIN(ID) PTX_PROBE(PTX_CHAIN_##ID)
#define PTX_IF_CHAIN(ID, M) PTX_CAT(PTX_IF_IN_GROUP_, PTX_HAS_CHAIN(ID))(M)
#define PTX_CHAIN_OR_NULL(ID, fn) PTX_CAT(PTX_CHAIN_OR_NULL_, PTX_HAS_CHAIN(ID))(fn)
#define PTX_CHAIN_OR_NULL_1(fn) fn
#define PTX_CHAIN_OR_NULL_0(fn) NULL

/* The kernels of a group's TU are hidden functions named after the ISA's table, for
 * src/kernel_table.c: kind k (batched) or c (chain), e.g. ptx_kernels_avx2_k_add_u32. */
#define PTX_GROUP_KERNEL(kind, ID) PTX_CAT(PTX_KERNEL_TABLE, _##kind##_##ID)

#endif
