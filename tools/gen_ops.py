#!/usr/bin/env python3
"""Writes src/ops.def, the one table of every PTX spelling ptxcpu accepts.

The spec's syntax lines are expanded here once (in their spec order of modifiers); every other
part of the project (parser, kernels, CLI list, tests, benchmarks) expands the generated X-macro.
Run: python3 tools/gen_ops.py > src/ops.def
"""
import itertools
import sys

rows = []  # (mnem, sem, ty, ty2, mods, rnd, dw, aw, bw, cw, ew, nsrc, cc, sm, ptx, sec)

# The semantic families, in enum order (SEM_<name>), each with the two facts the build needs:
# - fpu: its SIMD body computes on the vector FPU, so the kernels set the rounding mode and clear
#   FTZ/DAZ around each batch (div/rem too: their 32-bit quotients go through f64);
# - cost: the seconds of one core an AVX2 kernel translation unit takes with only this family in
#   it (tools/family_cost.py; None for a family not measured yet: the median is assumed). The
#   generator places the families into KERNEL_GROUPS groups, the translation units each SIMD ISA's
#   kernels are compiled as in parallel (src/kernel_groups.h), balancing these costs.
KERNEL_GROUPS = 5
FAMILIES = [  # (name, fpu, cost)
    ('ADD', 0, 1.58), ('SUB', 0, 1.19), ('MUL', 0, 1.35), ('MAD', 0, 3.63), ('MUL24', 0, 0.73),
    ('MAD24', 0, 0.81), ('SAD', 0, 0.78), ('DIV', 1, 1.20), ('REM', 1, 1.45), ('ABS', 0, 0.76), ('NEG', 0, 0.60),
    ('MIN', 0, 0.88), ('MAX', 0, 0.94), ('POPC', 0, 0.55), ('CLZ', 0, 0.59), ('BFIND', 0, 0.87), ('FNS', 0, 0.59),
    ('BREV', 0, 0.53), ('BFE', 0, 0.69), ('BFI', 0, 0.65), ('BMSK', 0, 0.52), ('SZEXT', 0, 0.87),
    ('DP4A', 0, 1.55), ('DP2A', 0, 1.22), ('FSUB', 1, 1.89), ('FMAD', 1, 4.47), ('HADD', 1, 1.70),
    ('COPYSIGN', 0, 0.57), ('FADD', 1, 1.54), ('FMUL', 1, 2.76), ('FFMA', 1, 3.40),
    ('FABS', 0, 1.14), ('FNEG', 1, 0.97), ('FMIN', 0, 2.55), ('FMAX', 0, 2.54),
    # three-input min/max .f32 (9.7.3.11-12): rows of their own, after the two-input ones
    ('FMIN3', 0, 0.99), ('FMAX3', 0, 1.13),
    ('HSUB', 1, 1.65), ('HMUL', 1, 1.80), ('HFMA', 1, 3.29), ('FDIV', 1, 1.87), ('FRCP', 1, 1.77),
    ('FSQRT', 1, 0.81),
    ('TESTP', 1, 0.76), ('FDIVA', 1, 1.02), ('FRSQRT', 1, 0.68), ('FRCPH', 1, 0.59),
    # sin, cos, lg2, ex2, tanh .approx (9.7.3.18-22, 9.7.4.9-10): SLEEF's deterministic functions
    ('FSIN', 1, 1.02), ('FCOS', 1, 0.75), ('FLG2', 1, 0.58), ('FEX2', 1, 0.96), ('FTANH', 1, 0.81),
    # mixed precision add, sub, fma (9.7.5)
    ('MXADD', 1, 0.93), ('MXSUB', 1, 1.07), ('MXFMA', 1, 0.98),
    # comparison and selection (9.7.6); setp's compares are on the operands' bits (floats too)
    ('SELP', 0, 1.04), ('SETP', 0, None), ('SET', 0, None), ('SLCT', 0, None),
    # logic and shift (9.7.8)
    ('AND', 0, None), ('OR', 0, None), ('XOR', 0, None), ('NOT', 0, None), ('CNOT', 0, None),
    ('SHF', 0, None), ('SHL', 0, None), ('SHR', 0, None),
    # lop3 (9.7.8.6): its immLut is context (ptxcpu_resolve_imm), one kernel per form
    ('LOP3', 0, None),
    # data movement and conversion (9.7.9)
    ('PRMT', 0, 0.98), ('CVTI', 0, 3.57), ('MOV', 0, 0.89), ('CVTF', 1, 23.66),
    # mov's vector pack forms (9.7.9.4): two and four elements
    ('MOVPACK', 0, None), ('MOVPACK4', 0, None),
    # warp-level: shfl.sync (9.7.9.6), vote/match/activemask/redux/elect .sync (9.7.13)
    ('SHFL', 0, None), ('VOTE', 0, None), ('MATCH', 0, None), ('ACTMASK', 0, None),
    ('REDUX', 0, None), ('ELECT', 0, None),
    # cvt with the OCP MX formats (.e4m3x2 ... .ue8m0x2: 9.7.9.21)
    ('CVTMX', 0, None), ('CVTMXS', 1, None),
    # to .s2f6x2 from two .f32 with .scaled::n2::ue8m0: the scale factors are c, not b
    ('CVTMXSC', 0, None),
    # cvt.rs: stochastic rounding to .f16x2/.bf16x2 with rbits (9.7.9.21); cvt.pack (9.7.9.22)
    ('CVTRS', 0, None), ('CVTPACK', 0, None),
    # operands of several registers (PTXCPU_VEC): mov's unpack forms and .b128 packs (9.7.9.4),
    # cvt.rs to the x4 formats from {a, b, e, f} (9.7.9.21); kernels of their own, whole warps
    ('MOVVEC', 0, None), ('CVTRSX4', 0, None)]

# ISA extensions (PTX_EXTENSIONS in src/internal.h, in the order the dispatcher lays them over
# their base ISA's table): the families each one's kernel table holds. Its translation unit expands
# only these families' rows (PTX_EXTFAM_<extension>_<family>, a probe: src/kernel_groups.h).
EXTENSION_FAMILIES = {
    'AVX512_VNNI': ['DP4A', 'DP2A'], 'AVX512_VPOPCNTDQ': ['POPC', 'CLZ', 'BFIND'],
    'AVX512_CD': ['CLZ', 'BFIND'], 'AVX512_GFNI': ['BREV'], 'AVX2_GFNI': ['BREV'],
    'AVX2_VNNI': ['DP4A', 'DP2A'], 'NEON_DOTPROD': ['DP4A', 'DP2A']}

# Families computed by SLEEF (the .approx transcendentals): SLEEF's deterministic functions exist
# only as FMA builds, so on an x86-64 CPU without FMA the dispatcher refuses them (never a fault).
SLEEF_FAMILIES = {'FSIN', 'FCOS', 'FLG2', 'FEX2', 'FTANH'}
# Families whose chains canonicalize NaNs once after the last step (exact: NaN is absorbing in a
# sum, a product and a fused product-sum; src/simd/float_ops.h, SIMD_DEFERS_CANON).
DEFERS_CANON_FAMILIES = {'FSUB', 'FMAD', 'FADD', 'FMUL', 'FFMA'}

W = {'u8': 16, 's8': 16, 'u16': 16, 's16': 16, 'u32': 32, 's32': 32, 'u64': 64, 's64': 64, 'u16x2': 32, 's16x2': 32,
     'pred': 1, 'b16': 16, 'b32': 32, 'b64': 64, 'f16': 16, 'f16x2': 32, 'bf16': 16, 'bf16x2': 32, 'f32': 32,
     'f32x2': 64, 'f64': 64, 'b128': 128}


def VEC(n, bits):
    """A vector operand of n registers (PTXCPU_VEC in include/ptxcpu_core.h)."""
    return n << 8 | bits


def ndst(r):
    """Destination registers of a row: a vector d's count, else 1."""
    return r[6] >> 8 or 1


def row(mnem, sem, ty, mods=(), rnd='NONE', ws=None, cc='NONE', sm=10, ptx=(1, 0), sec='',
        ty2='NONE'):
    dw, srcs = ws
    srcs = list(srcs) + [0] * (4 - len(srcs))
    nsrc = sum(1 for s in srcs if s)
    m = '|'.join('M_' + x.upper() for x in mods) or '0'
    rows.append((mnem, sem, ty.upper(), ty2.upper(), m, rnd, dw, *srcs, nsrc, cc, sm, ptx, sec))


def name(*parts):
    return '.'.join(p for p in parts if p)


INT6 = ['u16', 'u32', 'u64', 's16', 's32', 's64']

# 9.7.1.1 add
for t in ['u16', 'u32', 'u64', 's16', 's32', 's64', 'u16x2', 's16x2']:
    x2 = t.endswith('x2')
    row(name('add', t), 'ADD', t, ws=(W[t], [W[t]] * 2), sm=90 if x2 else 10,
        ptx=(8, 0) if x2 else (1, 0), sec='9.7.1.1')
row('add.sat.s32', 'ADD', 's32', ('sat',), ws=(32, [32, 32]), sec='9.7.1.1')
# 9.7.1.2 sub
for t in INT6:
    row(name('sub', t), 'SUB', t, ws=(W[t], [W[t]] * 2), sec='9.7.1.2')
row('sub.sat.s32', 'SUB', 's32', ('sat',), ws=(32, [32, 32]), sec='9.7.1.2')
# 9.7.1.3 mul, 9.7.1.4 mad
for op, sem, sec in [('mul', 'MUL', '9.7.1.3'), ('mad', 'MAD', '9.7.1.4')]:
    for mode in ['hi', 'lo', 'wide']:
        for t in INT6:
            if mode == 'wide' and W[t] == 64:
                continue
            dw = 2 * W[t] if mode == 'wide' else W[t]
            srcs = [W[t], W[t]] + ([dw] if op == 'mad' else [])
            row(name(op, mode, t), sem, t, (mode,), ws=(dw, srcs), sec=sec)
        if op == 'mad' and mode == 'hi':
            row('mad.hi.sat.s32', sem, 's32', ('hi', 'sat'), ws=(32, [32, 32, 32]), sec=sec)
# 9.7.1.5 mul24, 9.7.1.6 mad24
for op, sem, sec in [('mul24', 'MUL24', '9.7.1.5'), ('mad24', 'MAD24', '9.7.1.6')]:
    for mode in ['hi', 'lo']:
        for t in ['u32', 's32']:
            row(name(op, mode, t), sem, t, (mode,), ws=(32, [32] * (3 if op == 'mad24' else 2)),
                sec=sec)
        if op == 'mad24' and mode == 'hi':
            row('mad24.hi.sat.s32', sem, 's32', ('hi', 'sat'), ws=(32, [32] * 3), sec=sec)
# 9.7.1.7 .. 9.7.1.11
for op, sem, sec, n, types in [('sad', 'SAD', '9.7.1.7', 3, INT6), ('div', 'DIV', '9.7.1.8', 2, INT6),
                               ('rem', 'REM', '9.7.1.9', 2, INT6),
                               ('abs', 'ABS', '9.7.1.10', 1, ['s16', 's32', 's64']),
                               ('neg', 'NEG', '9.7.1.11', 1, ['s16', 's32', 's64'])]:
    for t in types:
        row(name(op, t), sem, t, ws=(W[t], [W[t]] * n), sec=sec)
# 9.7.1.12 min, 9.7.1.13 max
for op, sem, sec in [('min', 'MIN', '9.7.1.12'), ('max', 'MAX', '9.7.1.13')]:
    for t in ['u16', 'u32', 'u64', 'u16x2', 's16', 's64']:
        new = t == 'u16x2'
        row(name(op, t), sem, t, ws=(W[t], [W[t]] * 2), sm=90 if new else 10,
            ptx=(8, 0) if new else (1, 0), sec=sec)
    for t in ['s16x2', 's32']:
        for relu in ['', 'relu']:
            new = relu or t == 's16x2'
            row(name(op, relu, t), sem, t, (relu,) if relu else (), ws=(W[t], [W[t]] * 2),
                sm=90 if new else 10, ptx=(8, 0) if new else (1, 0), sec=sec)
# 9.7.1.14 popc, 9.7.1.15 clz
for op, sem, sec in [('popc', 'POPC', '9.7.1.14'), ('clz', 'CLZ', '9.7.1.15')]:
    for t in ['b32', 'b64']:
        row(name(op, t), sem, t, ws=(32, [W[t]]), sm=20, ptx=(2, 0), sec=sec)
# 9.7.1.16 bfind
for sh in ['', 'shiftamt']:
    for t in ['u32', 'u64', 's32', 's64']:
        row(name('bfind', sh, t), 'BFIND', t, (sh,) if sh else (), ws=(32, [W[t]]), sm=20,
            ptx=(2, 0), sec='9.7.1.16')
row('fns.b32', 'FNS', 'b32', ws=(32, [32, 32, 32]), sm=30, ptx=(6, 0), sec='9.7.1.17')
for t in ['b32', 'b64']:
    row(name('brev', t), 'BREV', t, ws=(W[t], [W[t]]), sm=20, ptx=(2, 0), sec='9.7.1.18')
for t in ['u32', 'u64', 's32', 's64']:
    row(name('bfe', t), 'BFE', t, ws=(W[t], [W[t], 32, 32]), sm=20, ptx=(2, 0), sec='9.7.1.19')
for t in ['b32', 'b64']:
    row(name('bfi', t), 'BFI', t, ws=(W[t], [W[t], W[t], 32, 32]), sm=20, ptx=(2, 0),
        sec='9.7.1.20')
for mode in ['clamp', 'wrap']:
    for t in ['u32', 's32']:
        row(name('szext', mode, t), 'SZEXT', t, (mode,), ws=(32, [32, 32]), sm=70, ptx=(7, 6),
            sec='9.7.1.21')
for mode in ['clamp', 'wrap']:
    row(name('bmsk', mode, 'b32'), 'BMSK', 'b32', (mode,), ws=(32, [32, 32]), sm=70, ptx=(7, 6),
        sec='9.7.1.22')
for at, bt in itertools.product(['u32', 's32'], repeat=2):
    row(name('dp4a', at, bt), 'DP4A', at, ty2=bt, ws=(32, [32] * 3), sm=61, ptx=(5, 0),
        sec='9.7.1.23')
for mode in ['lo', 'hi']:
    for at, bt in itertools.product(['u32', 's32'], repeat=2):
        row(name('dp2a', mode, at, bt), 'DP2A', at, (mode,), ty2=bt, ws=(32, [32] * 3), sm=61,
            ptx=(5, 0), sec='9.7.1.24')

# 9.7.2 extended precision
XT = ['u32', 's32', 'u64', 's64']
def xver(t, v32):
    return (v32 if W[t] == 32 else (4, 3)), (10 if W[t] == 32 else 20)
for op, sem, sec in [('add', 'ADD', '9.7.2.1'), ('sub', 'SUB', '9.7.2.3')]:
    for t in XT:
        p, sm = xver(t, (1, 2))
        row(name(op, 'cc', t), sem, t, ('ccout',), ws=(W[t], [W[t]] * 2), cc='W', sm=sm, ptx=p,
            sec=sec)
for op, sem, sec in [('addc', 'ADD', '9.7.2.2'), ('subc', 'SUB', '9.7.2.4')]:
    for cc in ['', 'cc']:
        for t in XT:
            p, sm = xver(t, (1, 2))
            row(name(op, cc, t), sem, t, ('ccin', 'ccout') if cc else ('ccin',),
                ws=(W[t], [W[t]] * 2), cc='RW' if cc else 'R', sm=sm, ptx=p, sec=sec)
for mode in ['hi', 'lo']:
    for t in XT:
        p, _ = xver(t, (3, 0))
        row(name('mad', mode, 'cc', t), 'MAD', t, (mode, 'ccout'), ws=(W[t], [W[t]] * 3), cc='W',
            sm=20, ptx=p, sec='9.7.2.5')
for mode in ['hi', 'lo']:
    for cc in ['', 'cc']:
        for t in XT:
            p, _ = xver(t, (3, 0))
            row(name('madc', mode, cc, t), 'MAD', t, (mode, 'ccin', 'ccout') if cc else (mode, 'ccin'),
                ws=(W[t], [W[t]] * 3), cc='RW' if cc else 'R', sm=20, ptx=p, sec='9.7.2.6')

# 9.7.3.1 testp: d is a predicate (d bits 1: one bit per lane, a ptxcpu_lanemask per warp); the
# property tested is a modifier bit (M_FINITE ... M_SUBNORMAL)
for op in ['finite', 'infinite', 'number', 'notanumber', 'normal', 'subnormal']:
    for t in ['f32', 'f64']:
        row(name('testp', op, t), 'TESTP', t, (op,), ws=(1, [W[t]]), sm=20, ptx=(2, 0),
            sec='9.7.3.1')
# 9.7.3.2 copysign
for t in ['f32', 'f64']:
    row(name('copysign', t), 'COPYSIGN', t, ws=(W[t], [W[t]] * 2), sm=20, ptx=(2, 0),
        sec='9.7.3.2')
RND = ['', 'rn', 'rz', 'rm', 'rp']
# 9.7.3.3 float add
for r in RND:
    for ftz in ['', 'ftz']:
        for sat in ['', 'sat']:
            row(name('add', r, ftz, sat, 'f32'), 'FADD', 'f32', tuple(x for x in (ftz, sat) if x),
                rnd=(r or 'none').upper(), ws=(32, [32, 32]), sm=20 if r in ('rm', 'rp') else 10,
                sec='9.7.3.3')
for r in RND:
    for ftz in ['', 'ftz']:
        row(name('add', r, ftz, 'f32x2'), 'FADD', 'f32x2', (ftz,) if ftz else (),
            rnd=(r or 'none').upper(), ws=(64, [64, 64]), sm=100, ptx=(8, 6), sec='9.7.3.3')
for r in RND:
    row(name('add', r, 'f64'), 'FADD', 'f64', rnd=(r or 'none').upper(), ws=(64, [64, 64]), sm=13,
        sec='9.7.3.3')
# 9.7.3.4 float sub
for r in RND:
    for ftz in ['', 'ftz']:
        for sat in ['', 'sat']:
            row(name('sub', r, ftz, sat, 'f32'), 'FSUB', 'f32', tuple(x for x in (ftz, sat) if x),
                rnd=(r or 'none').upper(), ws=(32, [32, 32]), sm=20 if r in ('rm', 'rp') else 10,
                sec='9.7.3.4')
for r in RND:
    for ftz in ['', 'ftz']:
        row(name('sub', r, ftz, 'f32x2'), 'FSUB', 'f32x2', (ftz,) if ftz else (),
            rnd=(r or 'none').upper(), ws=(64, [64, 64]), sm=100, ptx=(8, 6), sec='9.7.3.4')
for r in RND:
    row(name('sub', r, 'f64'), 'FSUB', 'f64', rnd=(r or 'none').upper(), ws=(64, [64, 64]), sm=13,
        sec='9.7.3.4')
# 9.7.3.5 float mul
for r in RND:
    for ftz in ['', 'ftz']:
        for sat in ['', 'sat']:
            row(name('mul', r, ftz, sat, 'f32'), 'FMUL', 'f32', tuple(x for x in (ftz, sat) if x),
                rnd=(r or 'none').upper(), ws=(32, [32, 32]), sm=20 if r in ('rm', 'rp') else 10,
                sec='9.7.3.5')
for r in RND:
    for ftz in ['', 'ftz']:
        row(name('mul', r, ftz, 'f32x2'), 'FMUL', 'f32x2', (ftz,) if ftz else (),
            rnd=(r or 'none').upper(), ws=(64, [64, 64]), sm=100, ptx=(8, 6), sec='9.7.3.5')
for r in RND:
    row(name('mul', r, 'f64'), 'FMUL', 'f64', rnd=(r or 'none').upper(), ws=(64, [64, 64]), sm=13,
        sec='9.7.3.5')
# 9.7.3.6 fma (a rounding modifier is required)
for r in RND[1:]:
    for ftz in ['', 'ftz']:
        for sat in ['', 'sat']:
            row(name('fma', r, ftz, sat, 'f32'), 'FFMA', 'f32', tuple(x for x in (ftz, sat) if x),
                rnd=r.upper(), ws=(32, [32] * 3), sm=20, ptx=(2, 0), sec='9.7.3.6')
for r in RND[1:]:
    for ftz in ['', 'ftz']:
        row(name('fma', r, ftz, 'f32x2'), 'FFMA', 'f32x2', (ftz,) if ftz else (), rnd=r.upper(),
            ws=(64, [64] * 3), sm=100, ptx=(8, 6), sec='9.7.3.6')
for r in RND[1:]:
    row(name('fma', r, 'f64'), 'FFMA', 'f64', rnd=r.upper(), ws=(64, [64] * 3), sm=13, ptx=(1, 4),
        sec='9.7.3.6')
# 9.7.3.7 float mad
for r in RND:
    for ftz in ['', 'ftz']:
        for sat in ['', 'sat']:
            row(name('mad', r, ftz, sat, 'f32'), 'FMAD', 'f32', tuple(x for x in (ftz, sat) if x),
                rnd=(r or 'none').upper(), ws=(32, [32, 32, 32]), sm=20 if r else 10,
                ptx=(1, 0), sec='9.7.3.7')
for r in RND[1:]:
    row(name('mad', r, 'f64'), 'FMAD', 'f64', rnd=r.upper(), ws=(64, [64] * 3), sm=13,
        sec='9.7.3.7')
# 9.7.3.8 div, 9.7.3.13 rcp, 9.7.3.15 sqrt: the IEEE-rounded forms (.rnd required). div's
# modifiers date from PTX ISA 1.4; rcp/sqrt had .rn.f64 and .ftz in 1.4, other roundings in 2.0.
for op, sem, sec, n in [('div', 'FDIV', '9.7.3.8', 2), ('rcp', 'FRCP', '9.7.3.13', 1),
                        ('sqrt', 'FSQRT', '9.7.3.15', 1)]:
    for r in RND[1:]:
        for ftz in ['', 'ftz']:
            row(name(op, r, ftz, 'f32'), sem, 'f32', (ftz,) if ftz else (), rnd=r.upper(),
                ws=(32, [32] * n), sm=20, ptx=(1, 4) if op == 'div' else (2, 0), sec=sec)
    for r in RND[1:]:
        row(name(op, r, 'f64'), sem, 'f64', rnd=r.upper(), ws=(64, [64] * n),
            sm=13 if r == 'rn' else 20, ptx=(1, 4) if op == 'div' or r == 'rn' else (2, 0),
            sec=sec)
# 9.7.3.8, 9.7.3.13-17: the approximate algebraic forms (docs/SEMANTICS.md). Those a correctly
# rounded operation serves (div.full, rcp.approx.f32, sqrt.approx.f32) are rows of the IEEE
# families without a rounding modifier (RN); div.approx is a * (1/b) (FDIVA), rsqrt.approx its
# own family, rcp.approx.ftz.f64 the upper-word reciprocal (FRCPH). .approx/.full/.ftz date
# from PTX ISA 1.4; the f64 gross approximations from 2.1 (rcp) and 4.0 (rsqrt), sm_20.
for ftz in ['', 'ftz']:
    fm = (ftz,) if ftz else ()
    row(name('div', 'approx', ftz, 'f32'), 'FDIVA', 'f32', fm, ws=(32, [32, 32]), ptx=(1, 4),
        sec='9.7.3.8')
    row(name('div', 'full', ftz, 'f32'), 'FDIV', 'f32', fm, ws=(32, [32, 32]), ptx=(1, 4),
        sec='9.7.3.8')
    row(name('rcp', 'approx', ftz, 'f32'), 'FRCP', 'f32', fm, ws=(32, [32]), ptx=(1, 4),
        sec='9.7.3.13')
    row(name('sqrt', 'approx', ftz, 'f32'), 'FSQRT', 'f32', fm, ws=(32, [32]), ptx=(1, 4),
        sec='9.7.3.15')
    row(name('rsqrt', 'approx', ftz, 'f32'), 'FRSQRT', 'f32', fm, ws=(32, [32]), ptx=(1, 4),
        sec='9.7.3.16')
row('rcp.approx.ftz.f64', 'FRCPH', 'f64', ('ftz',), ws=(64, [64]), sm=20, ptx=(2, 1),
    sec='9.7.3.14')
row('rsqrt.approx.f64', 'FRSQRT', 'f64', ws=(64, [64]), sm=13, ptx=(1, 4), sec='9.7.3.16')
row('rsqrt.approx.ftz.f64', 'FRSQRT', 'f64', ('ftz',), ws=(64, [64]), sm=20, ptx=(4, 0),
    sec='9.7.3.17')
# 9.7.3.9 abs, 9.7.3.10 neg, 9.7.3.11 min, 9.7.3.12 max (float; the three-input min/max forms,
# families FMIN3/FMAX3, share four mnemonics with the two-input ones: their rows come after them,
# so a parse by mnemonic alone finds the two-input form, and nsrc tells the two apart)
for op, sem, sec in [('abs', 'FABS', '9.7.3.9'), ('neg', 'FNEG', '9.7.3.10')]:
    for ftz in ['', 'ftz']:
        row(name(op, ftz, 'f32'), sem, 'f32', (ftz,) if ftz else (), ws=(32, [32]), sec=sec)
    row(name(op, 'f64'), sem, 'f64', ws=(64, [64]), sm=13, sec=sec)
for op, sem, sec in [('min', 'FMIN', '9.7.3.11'), ('max', 'FMAX', '9.7.3.12')]:
    for ftz in ['', 'ftz']:
        for nan in ['', 'NaN']:
            for xs in ['', 'xorsign.abs']:
                sm, p = (86, (7, 2)) if xs else (80, (7, 0)) if nan else (10, (1, 0))
                row(name(op, ftz, nan, xs, 'f32'), sem, 'f32',
                    tuple(x for x in (ftz, nan and 'nan', xs and 'xorsign') if x),
                    ws=(32, [32, 32]), sm=sm, ptx=p, sec=sec)
    row(name(op, 'f64'), sem, 'f64', ws=(64, [64, 64]), sm=13, sec=sec)
    for ftz in ['', 'ftz']:  # min{.ftz}{.NaN}{.abs}.f32 d, a, b, c: sm_100, PTX ISA 8.8
        for nan in ['', 'NaN']:
            for ab in ['', 'abs']:
                row(name(op, ftz, nan, ab, 'f32'), sem + '3', 'f32',
                    tuple(x for x in (ftz, nan and 'nan', ab) if x), ws=(32, [32, 32, 32]),
                    sm=100, ptx=(8, 8), sec=sec)
# 9.7.3.18 sin, 9.7.3.19 cos, 9.7.3.20 lg2, 9.7.3.21 ex2 (.approx required from PTX ISA 1.4,
# which introduced it and .ftz; the pre-1.4 bare spellings are not accepted), 9.7.3.22 tanh
for op, sem, sec in [('sin', 'FSIN', '9.7.3.18'), ('cos', 'FCOS', '9.7.3.19'),
                     ('lg2', 'FLG2', '9.7.3.20'), ('ex2', 'FEX2', '9.7.3.21')]:
    for ftz in ['', 'ftz']:
        row(name(op, 'approx', ftz, 'f32'), sem, 'f32', (ftz,) if ftz else (), ws=(32, [32]),
            ptx=(1, 4), sec=sec)
row('tanh.approx.f32', 'FTANH', 'f32', ws=(32, [32]), sm=75, ptx=(7, 0), sec='9.7.3.22')
# 9.7.4.1 half add
for t in ['f16', 'f16x2']:
    for r in ['', 'rn']:
        for ftz in ['', 'ftz']:
            for sat in ['', 'sat']:
                row(name('add', r, ftz, sat, t), 'HADD', t, tuple(x for x in (ftz, sat) if x),
                    rnd=(r or 'none').upper(), ws=(W[t], [W[t]] * 2), sm=53, ptx=(4, 2),
                    sec='9.7.4.1')
for t in ['bf16', 'bf16x2']:
    for r in ['', 'rn']:
        row(name('add', r, t), 'HADD', t, rnd=(r or 'none').upper(), ws=(W[t], [W[t]] * 2),
            sm=90, ptx=(7, 8), sec='9.7.4.1')

# 9.7.4.2 half sub, 9.7.4.3 half mul: the syntax of half add
for op, sem, sec in [('sub', 'HSUB', '9.7.4.2'), ('mul', 'HMUL', '9.7.4.3')]:
    for t in ['f16', 'f16x2']:
        for r in ['', 'rn']:
            for ftz in ['', 'ftz']:
                for sat in ['', 'sat']:
                    row(name(op, r, ftz, sat, t), sem, t, tuple(x for x in (ftz, sat) if x),
                        rnd=(r or 'none').upper(), ws=(W[t], [W[t]] * 2), sm=53, ptx=(4, 2),
                        sec=sec)
    for t in ['bf16', 'bf16x2']:
        for r in ['', 'rn']:
            row(name(op, r, t), sem, t, rnd=(r or 'none').upper(), ws=(W[t], [W[t]] * 2), sm=90,
                ptx=(7, 8), sec=sec)
# 9.7.4.4 half fma: .rn required; .relu (and any bf16) sm_80 / PTX 7.0; .oob sm_90 / PTX 8.1
for t in ['f16', 'f16x2', 'bf16', 'bf16x2']:
    bf = t.startswith('bf')
    for ftz in ([''] if bf else ['', 'ftz']):
        for clamp in ['', 'relu'] if bf else ['', 'sat', 'relu']:
            new = bf or clamp == 'relu'
            row(name('fma', 'rn', ftz, clamp, t), 'HFMA', t, tuple(x for x in (ftz, clamp) if x),
                rnd='RN', ws=(W[t], [W[t]] * 3), sm=80 if new else 53,
                ptx=(7, 0) if new else (4, 2), sec='9.7.4.4')
    for relu in ['', 'relu']:
        row(name('fma', 'rn', 'oob', relu, t), 'HFMA', t, ('oob', relu) if relu else ('oob',),
            rnd='RN', ws=(W[t], [W[t]] * 3), sm=90, ptx=(8, 1), sec='9.7.4.4')
# 9.7.4.5 neg, 9.7.4.6 abs, 9.7.4.7 min, 9.7.4.8 max (half precision)
for op, sem, sec, p in [('neg', 'FNEG', '9.7.4.5', (6, 0)), ('abs', 'FABS', '9.7.4.6', (6, 5))]:
    for t in ['f16', 'f16x2']:
        for ftz in ['', 'ftz']:
            row(name(op, ftz, t), sem, t, (ftz,) if ftz else (), ws=(W[t], [W[t]]), sm=53, ptx=p,
                sec=sec)
    for t in ['bf16', 'bf16x2']:
        row(name(op, t), sem, t, ws=(W[t], [W[t]]), sm=80, ptx=(7, 0), sec=sec)
for op, sem, sec in [('min', 'FMIN', '9.7.4.7'), ('max', 'FMAX', '9.7.4.8')]:
    for t in ['f16', 'f16x2', 'bf16', 'bf16x2']:
        for ftz in ([''] if t.startswith('bf') else ['', 'ftz']):
            for nan in ['', 'NaN']:
                for xs in ['', 'xorsign.abs']:
                    sm, p = (86, (7, 2)) if xs else (80, (7, 0))
                    row(name(op, ftz, nan, xs, t), sem, t,
                        tuple(x for x in (ftz, nan and 'nan', xs and 'xorsign') if x),
                        ws=(W[t], [W[t], W[t]]), sm=sm, ptx=p, sec=sec)

# 9.7.4.9 half tanh, 9.7.4.10 half ex2 (bf16: sm_90, PTX ISA 7.8; ex2's bf16 forms are .ftz only)
for t in ['f16', 'f16x2', 'bf16', 'bf16x2']:
    bf = t.startswith('bf')
    sm, p = (90, (7, 8)) if bf else (75, (7, 0))
    row(name('tanh', 'approx', t), 'FTANH', t, ws=(W[t], [W[t]]), sm=sm, ptx=p, sec='9.7.4.9')
for t in ['f16', 'f16x2', 'bf16', 'bf16x2']:
    bf = t.startswith('bf')
    sm, p = (90, (7, 8)) if bf else (75, (7, 0))
    row(name('ex2', 'approx', 'ftz' if bf else '', t), 'FEX2', t, ('ftz',) if bf else (),
        ws=(W[t], [W[t]]), sm=sm, ptx=p, sec='9.7.4.10')

# 9.7.5 mixed precision: d and c are f32, a (and b) the .f16/.bf16 second type (ty2), converted
# exactly to f32; add/sub write a and c (the spec's names), fma a, b, c. .rnd optional for add/sub,
# required for fma.
for op, sem, sec in [('add', 'MXADD', '9.7.5.1'), ('sub', 'MXSUB', '9.7.5.2'),
                     ('fma', 'MXFMA', '9.7.5.3')]:
    for r in RND if op != 'fma' else RND[1:]:
        for sat in ['', 'sat']:
            for at in ['f16', 'bf16']:
                row(name(op, r, sat, 'f32', at), sem, 'f32', (sat,) if sat else (),
                    rnd=(r or 'none').upper(), ws=(32, [16, 16, 32] if op == 'fma' else [16, 32]),
                    ty2=at, sm=100, ptx=(8, 6), sec=sec)

# The rows with a register-resident chain of their own (src/simd/kernels.h, src/scalar/kernels.c):
# the chains `ptxcpu bench` measures (bench/bench.c, `chains[]`), the demo's and the grids'
# (mad.rn.f32, dp4a.s32.s32). Every other row's ptxcpu_run_chain runs its batched kernel once a
# step (src/chain.c): the same results, without a copy of every kernel as a chain (they were two
# thirds of the library's code).
#
# Each with its chain tuning (src/simd/kernels.h reads it; the figures behind it are in
# docs/PERFORMANCE.md, "Chain tuning"): unroll, the steps unrolled four times (the float mad/fma
# chains, whose 8 vectors in flight exactly cover the FMA latency, so the loop's own counter and
# branch showed); uniform, twice the warps a group on 32-register layers when b and c are uniform
# (the demo's and the grids' f32 chains); vecs, a C expression of the SIMD layer (VL, and the dp4a
# body's DOT4_REBASES) for the vectors in flight where 8 leave the ports idle (dp4a's rebased pairs
# on AVX-512) or spill (AVX2's mad.f64), 0 for the default.
FMA_CHAIN = {'unroll': 1, 'uniform': 1}
DOT4_REBASED_CHAIN = {'vecs': 'VL >= 16 && DOT4_REBASES ? 16 : 0'}
CHAIN_ROWS = {'mad.rn.f32': FMA_CHAIN, 'fma.rn.f32': FMA_CHAIN,
              'mad.rn.f64': {'unroll': 1, 'vecs': 'VL == 8 ? 8 : 0'}, 'mad.lo.u32': {},
              'dp4a.u32.u32': DOT4_REBASED_CHAIN, 'dp4a.u32.s32': {}, 'dp4a.s32.u32': {},
              'dp4a.s32.s32': DOT4_REBASED_CHAIN, 'dp2a.lo.s32.s32': {}, 'mad.lo.cc.u32': {},
              'madc.hi.cc.u32': {}, 'mul.hi.u64': {}, 'add.rn.f16x2': {}, 'ex2.approx.f32': {},
              'sin.approx.f32': {}}
assert all(set(t) <= {'unroll', 'uniform', 'vecs'} for t in CHAIN_ROWS.values())

# 9.7.6.3 selp: c is a predicate (width 1: one lane mask a warp, PTXCPU_PRED); .f64 sm_13
for t in ['b16', 'b32', 'b64', 'u16', 'u32', 'u64', 's16', 's32', 's64', 'f32', 'f64']:
    row(name('selp', t), 'SELP', t, ws=(W[t], [W[t], W[t], 1]), sm=13 if t == 'f64' else 10,
        sec='9.7.6.3')

# 9.7.6.2 setp: d is two predicates, p|q (PTXCPU_DST_PRED_PAIR: width 2); the BoolOp forms read
# a predicate c. The compare operator
# and the Boolean operator are context (ptx_kctx), not kernel: every row of one type and form
# shares a kernel. Operators by type (the Integer and Floating Point Notes): bit-size eq/ne,
# signed eq..ge, unsigned also lo/ls/hi/hs, floats the ordered, unordered, num and nan ones.
CMP_BITS = ['eq', 'ne']
CMP_SIGNED = CMP_BITS + ['lt', 'le', 'gt', 'ge']
CMP_UNSIGNED = CMP_SIGNED + ['lo', 'ls', 'hi', 'hs']
CMP_FLOAT = CMP_SIGNED + ['equ', 'neu', 'ltu', 'leu', 'gtu', 'geu', 'num', 'nan']
BOOL_OPS = ['and', 'or', 'xor']
CMP_TYPES = [(t, CMP_BITS) for t in ['b16', 'b32', 'b64']] + \
    [(t, CMP_UNSIGNED) for t in ['u16', 'u32', 'u64']] + \
    [(t, CMP_SIGNED) for t in ['s16', 's32', 's64']] + [('f32', CMP_FLOAT), ('f64', CMP_FLOAT)]

def compare_rows(op, t, ops, ftzs, sec, sm, ptx=(1, 0), dts=('',)):
    """The rows of one compare form: every operator, BoolOp and .ftz (and set's d types, dts)."""
    for cmp in ops:
        for bop in [''] + BOOL_OPS:
            for ftz in ftzs:
                for dt in dts:
                    mods = ['cmp_' + cmp] + (['bop_' + bop] if bop else []) + ([ftz] if ftz else [])
                    row(name(op, cmp, bop, ftz, dt, t), op.upper(), t, tuple(mods), ty2=dt or 'NONE',
                        ws=(W[dt] if dt else 2, [W[t], W[t]] + ([1] if bop else [])), sm=sm,
                        ptx=ptx, sec=sec)


for t, ops in CMP_TYPES:
    compare_rows('setp', t, ops, ['', 'ftz'] if t == 'f32' else [''], '9.7.6.2', 13 if t == 'f64' else 10)

# 9.7.6.1 set: d (.dtype u32, s32, f32) is all ones or 1.0 where BoolOp(a CmpOp b, c) holds, else
# 0; the same operators and forms as setp (context), the destination type a second type.
for t, ops in CMP_TYPES:
    compare_rows('set', t, ops, ['', 'ftz'] if t == 'f32' else [''], '9.7.6.1',
                 13 if t == 'f64' else 10, dts=('u32', 's32', 'f32'))

# 9.7.7 half comparisons, the same context operators. 9.7.7.1 set: d .f16 (or .bf16) of any
# 9.7.6 source type, 1.0 or 0.0 in d's format; d .u16/.s16/.u32/.s32 of a .f16/.bf16 source,
# 0xffff or all ones; .f16x2/.bf16x2 sources compared per half, each half of d 1.0 (d .f16x2,
# .bf16x2) or 0xffff (d .u32, .s32). .ftz only on float sources (it flushes their subnormals; an
# integer source has none: the spelling is refused) and never with bf16 in d or source.
HALF_CMP_TYPES = CMP_TYPES[:-2] + [('f16', CMP_FLOAT)] + CMP_TYPES[-2:]
HALF_SET_FORMS = [('f16', t, ops) for t, ops in HALF_CMP_TYPES] + \
    [('bf16', t, ops) for t, ops in HALF_CMP_TYPES] + \
    [(dt, t, CMP_FLOAT) for t in ['f16', 'bf16'] for dt in ['u16', 's16', 'u32', 's32']] + \
    [(dt, t, CMP_FLOAT) for t in ['f16x2', 'bf16x2'] for dt in [t, 'u32', 's32']]
for dt, t, ops in HALF_SET_FORMS:
    bf = 'bf' in dt + t
    compare_rows('set', t, ops, [''] if bf or t[0] != 'f' else ['', 'ftz'], '9.7.7.1',
                 90 if bf else 53, (7, 8) if bf else (6, 5) if dt[0] in 'us' else (4, 2), (dt,))
# 9.7.7.2 setp on halves: .f16x2/.bf16x2 give p from the low halves, q from the high ones; the
# scalar forms write q as !t BoolOp c (9.7.6.2's rule)
for t in ['f16', 'f16x2', 'bf16', 'bf16x2']:
    bf = t.startswith('bf')
    compare_rows('setp', t, CMP_FLOAT, [''] if bf else ['', 'ftz'], '9.7.7.2', 90 if bf else 53,
                 (7, 8) if bf else (4, 2))

# 9.7.6.4 slct: d = c >= 0 ? a : b, d, a, b of .dtype (bits copied), c of the second type .s32 or
# .f32 (.ftz: a subnormal c is a zero, so a); .f64 dtype sm_13
SELECT_TYPES = ['b16', 'b32', 'b64', 'u16', 'u32', 'u64', 's16', 's32', 's64', 'f32', 'f64']
for ct, ftzs in [('s32', ['']), ('f32', ['', 'ftz'])]:
    for ftz in ftzs:
        for t in SELECT_TYPES:
            row(name('slct', ftz, t, ct), 'SLCT', t, (ftz,) if ftz else (), ty2=ct,
                ws=(W[t], [W[t], W[t], 32]), sm=13 if t == 'f64' else 10, sec='9.7.6.4')

# 9.7.8 logic and shift: and, or, xor, not on predicates (one lane mask a warp, width 1) and bit
# types; cnot; shf's funnel (c the amount); shl/shr with a 32-bit amount b
for op, sem, sec, nsrc in [('and', 'AND', '9.7.8.1', 2), ('or', 'OR', '9.7.8.2', 2),
                           ('xor', 'XOR', '9.7.8.3', 2), ('not', 'NOT', '9.7.8.4', 1)]:
    for t in ['pred', 'b16', 'b32', 'b64']:
        row(name(op, t), sem, t, ws=(W[t], [W[t]] * nsrc), sec=sec)
for t in ['b16', 'b32', 'b64']:
    row(name('cnot', t), 'CNOT', t, ws=(W[t], [W[t]]), sec='9.7.8.5')
for d in ['l', 'r']:
    for mode in ['clamp', 'wrap']:
        row(name('shf', d, mode, 'b32'), 'SHF', 'b32', (mode,) + (('left',) if d == 'l' else ()),
            ws=(32, [32, 32, 32]), sm=32, ptx=(3, 1), sec='9.7.8.7')
for t in ['b16', 'b32', 'b64']:
    row(name('shl', t), 'SHL', t, ws=(W[t], [W[t], 32]), sec='9.7.8.8')
for t in ['b16', 'b32', 'b64', 'u16', 'u32', 'u64', 's16', 's32', 's64']:
    row(name('shr', t), 'SHR', t, ws=(W[t], [W[t], 32]), sec='9.7.8.9')
# 9.7.8.6 lop3: d = F(a, b, c) by the 8-bit table immLut, an immediate bound when the kernel is
# resolved (context); the .BoolOp form writes d|p (d bits 33, PTXCPU_DST_B32_PRED: the register,
# then p's lane mask), p = (d != 0) BoolOp q, q a predicate source
row('lop3.b32', 'LOP3', 'b32', ws=(32, [32, 32, 32]), sm=50, ptx=(4, 3), sec='9.7.8.6')
for bop in ['or', 'and']:
    row(name('lop3', bop, 'b32'), 'LOP3', 'b32', ('bop_' + bop,), ws=(33, [32, 32, 32, 1]), sm=70,
        ptx=(8, 2), sec='9.7.8.6')

# 9.7.9.7 prmt: d's four bytes picked from the eight of [b, a] by c (the default mode: four
# selector nibbles, bit 3 replicating the byte's sign; a mode: the mode's table row c & 3)
for mode in ['', 'f4e', 'b4e', 'rc8', 'ecl', 'ecr', 'rc16']:
    row(name('prmt', 'b32', mode), 'PRMT', 'b32', (mode,) if mode else (), ws=(32, [32, 32, 32]),
        sm=20, ptx=(2, 0), sec='9.7.9.7')

# 9.7.9.3 mov d, a between registers: the bits copied (signalling NaNs too); .pred on lane masks.
# (The sreg, address and function-name forms belong to the module runner.)
for t in ['pred', 'b16', 'b32', 'b64', 'u16', 'u32', 'u64', 's16', 's32', 's64', 'f32', 'f64']:
    row(name('mov', t), 'MOV', t, ws=(W[t], [W[t]]), sm=13 if t == 'f64' else 10, sec='9.7.9.3')
# 9.7.9.4 mov d, {a, b} and d, {a, b, c, e}: vector elements packed into d, a's in the low bits;
# the same mnemonics as the scalar moves, the source count picks the form (MOVPACK: two elements,
# MOVPACK4: four; a SIMD body is named by d's and a's widths, and mov.b32's two forms share them).
# 8-bit elements (.b8) are held in 16-bit registers, their low byte read.
for t, n in [('b16', 2), ('b32', 2), ('b64', 2), ('b32', 4), ('b64', 4)]:
    w = W[t] // n
    row(name('mov', t), 'MOVPACK' if n == 2 else 'MOVPACK4', t, ws=(W[t], [max(w, 16)] * n),
        ty2={8: 'u8', 16: 'b16', 32: 'b32'}[w], sec='9.7.9.4')
# The unpack forms {d.x, d.y, ...}, a (d a vector operand: its count of registers picks the form,
# ptxcpu_parse_form; 8-bit elements zero-extended into 16-bit registers) and the .b128 packs
# (MOVVEC: byte moves between registers, one kernel of its own a row). .b128: sm_70, PTX 8.3.
# (.b128's packs first: ptxcpu_parse gives a spelling's first form, d, {a, b} there)
for n in [2, 4]:
    w = 128 // n
    row('mov.b128', 'MOVVEC', 'b128', ws=(128, [w] * n), ty2='b%d' % w, sm=70, ptx=(8, 3),
        sec='9.7.9.4')
for t, n in [('b16', 2), ('b32', 4), ('b32', 2), ('b64', 4), ('b64', 2), ('b128', 4), ('b128', 2)]:
    w, new = W[t] // n, t == 'b128'
    row(name('mov', t), 'MOVVEC', t, ws=(VEC(n, max(w, 16)), [W[t]]),
        ty2={8: 'u8', 16: 'b16', 32: 'b32', 64: 'b64'}[w], sm=70 if new else 10,
        ptx=(8, 3) if new else (1, 0), sec='9.7.9.4')

# 9.7.9.21 cvt between integer types (6.5.1's table: chop, sign or zero extension): every
# .dtype.atype pair, .sat where d's range does not hold a's (the Integer Notes); 8-bit types in
# 16-bit registers (d: the chopped value extended by dtype's signedness, 6.5.1 note 1)
CVT_INTS = ['u8', 'u16', 'u32', 'u64', 's8', 's16', 's32', 's64']


def int_range(t):
    n = int(t[1:])
    return (-(1 << (n - 1)), (1 << (n - 1)) - 1) if t[0] == 's' else (0, (1 << n) - 1)


for sat in ['', 'sat']:
    for dt in CVT_INTS:
        for at in CVT_INTS:
            (dlo, dhi), (alo, ahi) = int_range(dt), int_range(at)
            if sat and dlo <= alo and ahi <= dhi:
                continue
            row(name('cvt', sat, dt, at), 'CVTI', dt, (sat,) if sat else (), ty2=at,
                ws=(W[dt], [W[at]]), sec='9.7.9.21')

# 9.7.9.21 cvt with a float type (CVTF): d = a rounded to dtype. The rounding token says what
# rounds: .frnd (.rn/.rz/.rm/.rp) a value to dtype's precision (int to float, a narrowing float to
# float, f16 <-> bf16: required there, illegal elsewhere), .irnd (.rni/.rzi/.rmi/.rpi) to an
# integral value (float to int: required; float to the same float type: optional). Both are the
# row's rnd; the type pair tells which. .ftz only where dtype or atype is .f32, .sat (to [0, 1])
# only on .f16/.f32/.f64 d (float to int: accepted, redundant: d is clamped anyway); .relu and
# .satfinite on .f16/.bf16 d from .f32 with .rn/.rz (frnd2). Modifiers-after-types spellings
# (cvt.f64.bf16.rp) are not accepted: README.
CVT_FLOATS = ['f16', 'bf16', 'f32', 'f64']
IRND = {'rni': 'RN', 'rzi': 'RZ', 'rmi': 'RM', 'rpi': 'RP'}
FRND = {'rn': 'RN', 'rz': 'RZ', 'rm': 'RM', 'rp': 'RP'}


def cvtf_target(dt, at, mods):
    """(sm, PTX ISA) of a float cvt, from the section's notes."""
    if 'relu' in mods or 'satfinite' in mods:
        return 80, (8, 1) if 'satfinite' in mods else (7, 0)
    if (dt, at) == ('bf16', 'f32'):
        return 80, (7, 0)
    if (dt, at) == ('f32', 'bf16'):
        return 80, (7, 8) if 'ftz' in mods else (7, 1)
    if 'bf16' in (dt, at):
        return 90, (7, 8)
    return (13 if 'f64' in (dt, at) else 10), (1, 0)


def cvtf_rows(dt, at, rnds, relu_forms=False):
    """Every spelling of cvt .dtype.atype with the given rounding tokens ('' for none)."""
    ftzs = ['', 'ftz'] if 'f32' in (dt, at) else ['']
    sats = ['', 'sat'] if dt in ('f16', 'f32', 'f64') or dt in CVT_INTS else ['']
    for r in rnds:
        for ftz in ftzs:
            for sat in sats:
                mods = tuple(x for x in (ftz, sat) if x)
                sm, p = cvtf_target(dt, at, mods)
                row(name('cvt', r, ftz, sat, dt, at), 'CVTF', dt, mods, ty2=at,
                    rnd={**IRND, **FRND}.get(r, 'NONE'), ws=(W[dt], [W[at]]), sm=sm, ptx=p,
                    sec='9.7.9.21')
    if relu_forms:  # cvt.frnd2{.relu}{.satfinite}.f16/.bf16.f32
        for r in ['rn', 'rz']:
            for relu in ['', 'relu']:
                for sf in ['', 'satfinite']:
                    if relu or sf:
                        mods = tuple(x for x in (relu, sf) if x)
                        sm, p = cvtf_target(dt, at, mods)
                        row(name('cvt', r, relu, sf, dt, at), 'CVTF', dt, mods, ty2=at,
                            rnd=FRND[r], ws=(W[dt], [W[at]]), sm=sm, ptx=p, sec='9.7.9.21')


FSIZE = {'f16': 16, 'bf16': 16, 'f32': 32, 'f64': 64}
for dt in CVT_FLOATS:
    for at in CVT_INTS:
        cvtf_rows(dt, at, FRND)
for at in CVT_FLOATS:
    for dt in CVT_INTS:
        cvtf_rows(dt, at, IRND)
for dt in CVT_FLOATS:
    for at in CVT_FLOATS:
        if dt == at:
            cvtf_rows(dt, at, [''] + list(IRND))
        elif FSIZE[dt] > FSIZE[at]:
            cvtf_rows(dt, at, [''])
        else:
            cvtf_rows(dt, at, FRND, relu_forms=at == 'f32')
# Two .f32 into a packed .f16x2/.bf16x2 (a's in the high half), and .f32 to .tf32 (.rna: ties away;
# a modifier bit, the row's rounding none). Target and PTX ISA from the section's notes (.rn/.rz
# .tf32: PTX 7.8, sm_90 as the other 7.8 forms; with .satfinite: sm_100, PTX 8.6).
for dt in ['f16x2', 'bf16x2']:
    for r in ['rn', 'rz']:
        for relu in ['', 'relu']:
            for sf in ['', 'satfinite']:
                mods = tuple(x for x in (relu, sf) if x)
                row(name('cvt', r, relu, sf, dt, 'f32'), 'CVTF', dt, mods, ty2='f32', rnd=FRND[r],
                    ws=(32, [32, 32]), sm=80, ptx=(8, 1) if sf else (7, 0), sec='9.7.9.21')
W['tf32'] = 32
for sf in ['', 'satfinite']:
    row(name('cvt', 'rna', sf, 'tf32', 'f32'), 'CVTF', 'tf32', ('rna',) + ((sf,) if sf else ()),
        ty2='f32', ws=(32, [32]), sm=80, ptx=(8, 1) if sf else (7, 0), sec='9.7.9.21')
for r in ['rn', 'rz']:
    for sf in ['', 'satfinite']:
        for relu in ['', 'relu']:
            row(name('cvt', r, sf, relu, 'tf32', 'f32'), 'CVTF', 'tf32',
                tuple(x for x in (relu, sf) if x), ty2='f32', rnd=FRND[r], ws=(32, [32]),
                sm=100 if sf else 90, ptx=(8, 6) if sf else (7, 8), sec='9.7.9.21')

# 9.7.9.21 cvt with the packed 8-, 6- and 4-bit formats of OCP MX v1.0 (CVTMX): two elements a
# register, a's (or a's upper half's) in the upper one. To them from two .f32 (d, a, b) or one
# .f16x2/.bf16x2 (d, a): .rn.satfinite required, .relu optional; from them to .f16x2 (.rn, .relu)
# and .bf16x2 (.rn, .relu, .satfinite, .scaled::n2::ue8m0 with a .b16 scale-factor operand);
# .ue8m0x2 (powers of two) from two .f32 or a .bf16x2 by .rz/.rp, and back to .bf16x2. Registers:
# the x2 formats in 16 bits (.b16; .e2m1x2's .b8 too, as cvt's 8-bit types). Targets: .e4m3x2 /
# .e5m2x2 sm_89 (PTX 7.8), the others sm_100 (PTX 8.6), from .bf16x2 to f8 PTX 9.1, to .bf16x2
# PTX 9.2. The scaled forms are family CVTMXS (their b, 16 bits, is the scale factors). (.rs:
# below; the x4 forms: not yet.)
MX_F8, MX_F6, MX_F4 = ['e4m3x2', 'e5m2x2'], ['e2m3x2', 'e3m2x2'], ['e2m1x2']
for t in MX_F8 + MX_F6 + MX_F4 + ['ue8m0x2']:
    W[t] = 16
for x in MX_F8 + MX_F6 + MX_F4:
    f8 = x in MX_F8
    sm, p = (89, (7, 8)) if f8 else (100, (8, 6))
    for relu in ['', 'relu']:
        mods = ('satfinite',) + ((relu,) if relu else ())
        row(name('cvt.rn.satfinite', relu, x, 'f32'), 'CVTMX', x, mods, ty2='f32', rnd='RN',
            ws=(16, [32, 32]), sm=sm, ptx=p, sec='9.7.9.21')
        for h in ['f16x2', 'bf16x2']:
            row(name('cvt.rn.satfinite', relu, x, h), 'CVTMX', x, mods, ty2=h, rnd='RN',
                ws=(16, [32]), sm=sm, ptx=(9, 1) if f8 and h == 'bf16x2' else p, sec='9.7.9.21')
        row(name('cvt.rn', relu, 'f16x2', x), 'CVTMX', 'f16x2', (relu,) if relu else (), ty2=x,
            rnd='RN', ws=(32, [16]), sm=sm, ptx=p, sec='9.7.9.21')
        for sf in ['', 'satfinite']:
            for sc in ['', 'scaled::n2::ue8m0']:
                row(name('cvt.rn', relu, sf, sc, 'bf16x2', x), 'CVTMXS' if sc else 'CVTMX', 'bf16x2',
                    tuple(m for m in (relu, sf, sc and 'scaled') if m), ty2=x, rnd='RN',
                    ws=(32, [16, 16] if sc else [16]), sm=100, ptx=(9, 2), sec='9.7.9.21')
for r in ['rz', 'rp']:
    for sf in ['', 'satfinite']:
        for a, ws in [('f32', [32, 32]), ('bf16x2', [32])]:
            row(name('cvt', r, sf, 'ue8m0x2', a), 'CVTMX', 'ue8m0x2', (sf,) if sf else (), ty2=a,
                rnd=r.upper(), ws=(16, ws), sm=100, ptx=(8, 6), sec='9.7.9.21')
row('cvt.rn.bf16x2.ue8m0x2', 'CVTMX', 'bf16x2', ty2='ue8m0x2', rnd='RN', ws=(32, [16]), sm=100,
    ptx=(8, 6), sec='9.7.9.21')
# .s2f6x2 (5.2.4: two 8-bit two's complement fixed-point values, s8 * 2^-6) to and from .f32 and
# .bf16x2, the scale factors of .scaled::n2::ue8m0 dividing on the way in and multiplying on the
# way out (family CVTMXS, their last source 16 bits; from two .f32 CVTMXSC: a SIMD body is named by
# d's and a's widths, and b is a .f32 there). sm_100a, PTX 9.1.
W['s2f6x2'] = 16
for relu in ['', 'relu']:
    for sc in ['', 'scaled::n2::ue8m0']:
        mods = tuple(m for m in ('satfinite', relu, sc and 'scaled') if m)
        for a, ws in [('f32', [32, 32]), ('bf16x2', [32])]:
            fam = 'CVTMX' if not sc else 'CVTMXSC' if a == 'f32' else 'CVTMXS'
            row(name('cvt.rn.satfinite', relu, sc, 's2f6x2', a), fam,
                's2f6x2', mods, ty2=a, rnd='RN', ws=(16, ws + ([16] if sc else [])), sm=100,
                ptx=(9, 1), sec='9.7.9.21')
        for sf in ['', 'satfinite']:
            row(name('cvt.rn', sf, relu, sc, 'bf16x2', 's2f6x2'), 'CVTMXS' if sc else 'CVTMX',
                'bf16x2', tuple(m for m in (relu, sf, sc and 'scaled') if m), ty2='s2f6x2',
                rnd='RN', ws=(32, [16, 16] if sc else [16]), sm=100, ptx=(9, 1), sec='9.7.9.21')
# cvt.rs: two .f32 to .f16x2/.bf16x2 rounded toward or away from zero by the carry of the
# discarded bits plus rbits' random bits (a's in rbits' upper half). sm_100a, PTX 8.7.
for dt in ['f16x2', 'bf16x2']:
    for relu in ['', 'relu']:
        for sf in ['', 'satfinite']:
            row(name('cvt.rs', relu, sf, dt, 'f32'), 'CVTRS', dt,
                tuple(m for m in (relu, sf) if m), ty2='f32', ws=(32, [32, 32, 32]), sm=100,
                ptx=(8, 7), sec='9.7.9.21')
# The x4 forms: d, {a, b, e, f}, rbits (a vector source), .satfinite mandatory; 8 random bits an
# element (docs/SEMANTICS.md has the layout read from the spec's text). .e2m1x4's d is a .b16.
for dt in ['e4m3x4', 'e5m2x4', 'e2m3x4', 'e3m2x4', 'e2m1x4']:
    for relu in ['', 'relu']:
        row(name('cvt.rs', relu, 'satfinite', dt, 'f32'), 'CVTRSX4', dt,
            tuple(m for m in (relu, 'satfinite') if m), ty2='f32',
            ws=(16 if dt == 'e2m1x4' else 32, [VEC(4, 32), 32]), sm=100, ptx=(8, 7),
            sec='9.7.9.21')
# 9.7.9.22 cvt.pack: two .s32 clamped to convertType and packed into d's low bits (a's above b's),
# the rest of d from c's low bits for the 2-, 4- and 8-bit types. sm_72 (sub-byte: sm_75), PTX 6.5.
for t in ['u16', 's16']:
    row(name('cvt.pack.sat', t, 's32'), 'CVTPACK', t, ('sat',), ty2='s32', ws=(32, [32, 32]),
        sm=72, ptx=(6, 5), sec='9.7.9.22')
for t in ['u2', 's2', 'u4', 's4', 'u8', 's8']:
    row(name('cvt.pack.sat', t, 's32', 'b32'), 'CVTPACK', t, ('sat',), ty2='s32',
        ws=(32, [32, 32, 32]), sm=72 if t.endswith('8') else 75, ptx=(6, 5), sec='9.7.9.22')

# Warp-level instructions (9.7.9.6 shfl.sync, 9.7.13.9-14): each lane's result reads other lanes, so
# their kernels take a whole warp (XLANE_FAMILIES), the guard mask being the set of lanes that
# execute; membermask is the last source. d|p destinations are PTXCPU_DST_B32_PRED (33).
for mode in ['up', 'down', 'bfly', 'idx']:
    row(name('shfl.sync', mode, 'b32'), 'SHFL', 'b32', (mode,), ws=(33, [32, 32, 32, 32]), sm=30,
        ptx=(6, 0), sec='9.7.9.6')
for mode in ['all', 'any', 'uni']:
    row(name('vote.sync', mode, 'pred'), 'VOTE', 'pred', (mode,), ws=(1, [1, 32]), sm=30,
        ptx=(6, 0), sec='9.7.13.9')
row('vote.sync.ballot.b32', 'VOTE', 'b32', ('ballot',), ws=(32, [1, 32]), sm=30, ptx=(6, 0),
    sec='9.7.13.9')
for mode in ['any', 'all']:
    for t in ['b32', 'b64']:
        row(name('match', mode, 'sync', t), 'MATCH', t, (mode,), ws=(33 if mode == 'all' else 32,
            [W[t], 32]), sm=70, ptx=(6, 0), sec='9.7.13.10')
row('activemask.b32', 'ACTMASK', 'b32', ws=(32, []), sm=30, ptx=(6, 2), sec='9.7.13.11')
for op in ['add', 'min', 'max']:
    for t in ['u32', 's32']:
        row(name('redux.sync', op, t), 'REDUX', t, (op,), ws=(32, [32, 32]), sm=80, ptx=(7, 0),
            sec='9.7.13.12')
for op in ['and', 'or', 'xor']:
    row(name('redux.sync', op, 'b32'), 'REDUX', 'b32', (op,), ws=(32, [32, 32]), sm=80,
        ptx=(7, 0), sec='9.7.13.12')
for op in ['min', 'max']:  # .f32, .abs, .NaN: sm_100a (the family's sm_100f from PTX 8.8)
    for ab in ['', 'abs']:
        for nan in ['', 'NaN']:
            row(name('redux.sync', op, ab, nan, 'f32'), 'REDUX', 'f32',
                tuple(x.lower() for x in (op, ab, nan) if x), ws=(32, [32, 32]), sm=100,
                ptx=(8, 6), sec='9.7.13.12')
row('elect.sync', 'ELECT', 'b32', ws=(33, [32]), sm=90, ptx=(8, 0), sec='9.7.13.14')
XLANE_FAMILIES = ['SHFL', 'VOTE', 'MATCH', 'ACTMASK', 'REDUX', 'ELECT']
# Families with a vector operand or a .b128 register (PTXCPU_VEC): kernels of their own, whole warps
VEC_FAMILIES = ['MOVVEC', 'CVTRSX4']

assert len({(r[0], r[11], ndst(r)) for r in rows}) == len(rows), 'a mnemonic spelled twice'
assert set(CHAIN_ROWS) <= {r[0] for r in rows}, 'a chain row that is no spelling'
# A mnemonic may name two rows only with different source or destination counts (the three-input
# min/max, mov's packs and unpacks); the id of such a row says its count, so ids stay unique.
SHARED_IDS = {'FMIN3', 'FMAX3', 'MOVPACK', 'MOVPACK4', 'MOVVEC'}


def ident_of(mnem, sem, nsrc, dw=0):
    n = dw >> 8
    return mnem.replace('.', '_').replace(':', '_') + (
        (f'_{n}dst' if n else f'_{nsrc}src') if sem in SHARED_IDS else '')


def rid(r):
    """A row's id (PTX_OP_<id>)."""
    return ident_of(r[0], r[1], r[11], r[6])


def form(r):
    """What tells rows of one spelling apart: the counts of sources and destination registers."""
    return (r[0], r[11], ndst(r))


# Kernels: one per (family, types, modifiers, widths, CC use) and rounding, where the directed
# roundings .rz/.rm/.rp share one kernel that reads the row's mode from its context at run time
# (RND CTX: it sets MXCSR/FPCR anyway, so the mode costs nothing as data) and RN / none keep
# theirs as a constant (the one-warp calls of the default mode take no branch on it; rows whose
# rounding is none and rn can mean different operations: div.full.f32 / div.rn.f32). A kernel
# used by one row is named after it, a shared one after its first row with `rx` for the mode.
DIRECTED = {'RZ', 'RM', 'RP'}


# Modifiers held by the context (the compare and Boolean operators) are not part of the key.
CTX_MODS = ('M_CMP_', 'M_BOP_')


def kernel_mods(m):
    return '|'.join(x for x in m.split('|') if not x.startswith(CTX_MODS)) or '0'


def kernel_key(r):
    (mnem, sem, ty, ty2, m, rnd, dw, a, b, c, e, nsrc, cc, sm, ptx, sec) = r
    if sem == 'SET':  # set's d types of one width share a kernel: what true is, is context
        ty2 = 'D%d' % dw
    if sem == 'MOV':  # a copy: every type of one width shares a kernel
        ty = 'W%d' % dw
    if sem == 'CVTI' and m == '0':  # integer cvt without .sat: pairs of one function share one
        if int(ty[1:]) <= int(ty2[1:]):
            ty2 = 'A%d' % a  # d is a's low bits: any atype of a's register (8-bit a: its byte)
        else:
            ty = 'D%d' % dw  # d is a extended by its type: any wider dtype of d's register
    if sem == 'CVTF':  # .ftz does nothing to an integer a, .sat nothing to an integer d
        drop = 'M_FTZ' if ty2[0] in 'US' else 'M_SAT' if ty[0] in 'US' else None
        m = '|'.join(x for x in m.split('|') if x != drop) or '0'
    return (sem, ty, ty2, kernel_mods(m), 'CTX' if rnd in DIRECTED else rnd, dw, a, b, c, e, cc)


kernels = {}  # key -> (kernel id, rows)
for r in rows:
    kernels.setdefault(kernel_key(r), []).append(r)
kernel_id = {}
for key, krows in kernels.items():
    first = rid(krows[0])
    kid = first if len(krows) == 1 else first.replace(f'_{krows[0][5].lower()}_', '_rx_', 1)
    if any(x.startswith(CTX_MODS) for x in krows[0][4].split('|')):  # a compare's: setp_ctx_c_f32
        (sem, ty, ty2, m, rnd, dw, a, b, c, e, cc) = key
        parts = [krows[0][0].split('.')[0], 'ctx'] + ['c'] * (c > 0) + \
            [x[2:].lower() for x in m.split('|') if x != '0'] + \
            [t.lower() for t in (ty2, ty) if t != 'NONE']
        kid = '_'.join(parts)
    if len(krows) > 1 and key[0] == 'MOV':  # mov_x32: the copy of a 32-bit register
        kid = 'mov_x%d' % key[5]
    if len(krows) > 1 and key[0] == 'CVTI':  # cvt_u8_x16: d .u8 from any a of a 16-bit register
        kid = 'cvt_' + '_'.join(t.lower() if t[0] in 'US' else 'x' + t[1:] for t in key[1:3])
    if key[0] == 'CVTF':  # cvt_rxi_sat_u8_f16: rounding (rx: the directed ones), modifiers, types
        (sem, ty, ty2, m, rnd, *_k) = key
        integral = ty[0] in 'US' or ty == ty2
        parts = ['cvt', {'NONE': '', 'RN': 'rn', 'CTX': 'rx'}[rnd] + ('i' if integral and rnd != 'NONE' else '')]
        kid = '_'.join(x for x in parts + [x[2:].lower() for x in m.split('|') if x != '0'] +
                       [ty.lower(), ty2.lower()] if x)
    assert len(krows) == 1 or kid != first or key[0] == 'CVTF', f'{first}: a shared kernel needs a name of its own'
    for r in krows:
        kernel_id[form(r)] = kid
assert len(set(kernel_id.values())) == len(kernels), 'two kernels of one name'

# Rows that run another row's kernel on some targets (ptx_kernel_id, src/table.c; the reasons in
# docs/SEMANTICS.md): on sm_1x the f32 rows of these families without .ftz flush subnormals, as
# their .ftz twins do (FLUSH_SM1X every row; FLUSH_SM1X_UNROUNDED the .approx/.full forms, written
# without a rounding modifier); mad.f32 without rounding is the legacy sm_1x mad there, and
# mad.rn.ftz.f32 on sm_20 and later.
FLUSH_SM1X = {'FSUB', 'FADD', 'FMUL', 'FABS', 'FNEG', 'FMIN', 'FMAX', 'SETP', 'SET'}
FLUSH_SM1X_UNROUNDED = {'FDIV', 'FRCP', 'FSQRT', 'FDIVA', 'FRSQRT'}


def mods_of(m):
    return frozenset() if m == '0' else frozenset(m.split('|'))


def row_like(sem, ty, rnd, mods, default, ty2='NONE'):
    """The first row of family sem, types ty and ty2, rounding rnd and modifiers mods, else default."""
    for r in rows:
        if (r[1], r[2], r[3], r[5], mods_of(r[4])) == (sem, ty, ty2, rnd, mods):
            return 'PTX_OP_' + rid(r)
    return default


retargets = []  # (row id, kernel on sm_1x, kernel on sm_20 and later)
for r in rows:
    (mnem, sem, ty, ty2, m, rnd, *_rest) = r
    own, mods = 'PTX_OP_' + rid(r), mods_of(m)
    if sem == 'FMAD' and ty == 'F32' and rnd == 'NONE':
        legacy = 'PTX_K_mad_legacy_sat_f32' if 'M_SAT' in mods else 'PTX_K_mad_legacy_f32'
        retargets.append((own[7:], legacy, row_like(sem, ty, 'RN', mods | {'M_FTZ'}, own)))
    elif ty == 'F32' and 'M_FTZ' not in mods and (
            sem in FLUSH_SM1X or (sem in FLUSH_SM1X_UNROUNDED and rnd == 'NONE')):
        retargets.append((own[7:], row_like(sem, ty, rnd, mods | {'M_FTZ'}, own, ty2), own))
    elif sem == 'SLCT' and ty2 == 'F32' and 'M_FTZ' not in mods:  # sm_1x flushes its f32 c
        twin = next('PTX_OP_' + rid(x) for x in rows
                    if x[1] == sem and x[2] == ty and x[3] == ty2 and 'M_FTZ' in mods_of(x[4]))
        retargets.append((own[7:], twin, own))

# Options for tools/family_cost.py: --families lists the families; --alone F writes the table
# with family F alone in group 0 (every other family in group 1), to time F's kernels by themselves.
if sys.argv[1:2] == ['--families']:
    print(' '.join(f for f, _, _ in FAMILIES))
    sys.exit(0)


def place_groups(families, ngroups):
    """Each family's kernel group: the costliest first, each into the group of the smallest sum so
    far (what a TU costs beyond its headers: a family's cost less the cheapest one's)."""
    known = sorted(c for _, _, c in families if c is not None)
    base = known[0] * 0.9
    net = {f: (known[len(known) // 2] if c is None else c) - base for f, _, c in families}
    sums, group = [0.0] * ngroups, {}
    for f in sorted(net, key=lambda f: (-net[f], f)):
        g = min(range(ngroups), key=lambda g: (sums[g], g))
        group[f], sums[g] = g, sums[g] + net[f]
    return group


GROUP = place_groups(FAMILIES, KERNEL_GROUPS)
if sys.argv[1:2] == ['--alone']:
    GROUP = {f: 0 if f == sys.argv[2] else 1 for f, _, _ in FAMILIES}

assert {r[1] for r in rows} == {f for f, _, _ in FAMILIES}, 'a family without rows, or rows without one'
assert all(c is None or c > 0 for _, _, c in FAMILIES)
assert all(f in {n for n, _, _ in FAMILIES} for fs in EXTENSION_FAMILIES.values() for f in fs)
assert (SLEEF_FAMILIES | DEFERS_CANON_FAMILIES) <= {n for n, _, _ in FAMILIES}
print('/* Generated by tools/gen_ops.py: every PTX spelling ptxcpu implements (PTX ISA section 9.7), one')
print(' * row each, after the list of semantic families. Edit the generator, not this file.')
print(' * Include it with PTX_FAMILY and/or PTX_OP defined; what is left undefined expands to nothing.')
print(' * It also defines PTX_NGROUPS and PTX_GROUP_<family>, the kernel group of each family, and')
print(' * PTX_CHAIN_<id> (`~, 1`, a probe: src/kernel_groups.h) for the rows with a chain of their own,')
print(' * and PTX_EXTFAM_<extension>_<family> (a probe) and PTX_EXTENSION_FAMILIES(X) (X(extension,')
print(' * family) ...) for the families of each ISA extension\'s table.')
print(' * PTX_KERNEL_OF_<row id> names the kernel that runs each row; PTX_CMPFAM_<family> (a probe)')
print(' * marks the families whose rows carry a compare operator (context, not kernel); PTX_XLANE_<family>')
print(' * (a probe) the warp-level ones, whose kernels read other lanes (a whole warp a step);')
print(' * PTX_VECFAM_<family> (a probe) those with a vector operand or a .b128 register.')
print(' *   PTX_RETARGET(row id, kernel on sm_1x, kernel on sm_20 and later): a row whose kernel')
print(' *              depends on the target (ptx_kernel_id)')
print(' *   PTX_FAMILY(family, computes on the vector FPU, computed by SLEEF (needs FMA on x86-64),')
print(' *              its chains canonicalize NaNs once at the end)')
print(' *   PTX_KERNEL(kernel id, semantic family, type, second type, modifiers, rounding (CTX: the')
print(' *              row\'s, from the kernel\'s context at run time), d bits, a bits, b bits, c bits,')
print(' *              e bits, CC.CF use)')
print(' *   PTX_OP(id, mnemonic, semantic family, type, second type (dp4a/dp2a btype), modifiers,')
print(' *          rounding, d bits, a bits, b bits, c bits, e bits (bfi len), sources, CC.CF use,')
print(' *          minimum sm, PTX ISA major, minor, spec section) */')
print('#ifndef PTX_FAMILY')
print('#define PTX_FAMILY(SEM, FPU, SLEEF, DEFERS_CANON)')
print('#define PTX_FAMILY_UNSET_')
print('#endif')
print('#ifndef PTX_OP')
print('#define PTX_OP(...)')
print('#define PTX_OP_UNSET_')
print('#endif')
print('#ifndef PTX_KERNEL')
print('#define PTX_KERNEL(...)')
print('#define PTX_KERNEL_UNSET_')
print('#endif')
print('#ifndef PTX_RETARGET')
print('#define PTX_RETARGET(...)')
print('#define PTX_RETARGET_UNSET_')
print('#endif')
print('#ifndef PTX_NGROUPS')
print(f'#define PTX_NGROUPS {KERNEL_GROUPS}')
for f, _, _ in FAMILIES:
    print(f'#define PTX_GROUP_{f} {GROUP[f]}')
for r in rows:
    if r[0] in CHAIN_ROWS:
        cid, tune = rid(r), CHAIN_ROWS[r[0]]
        print(f'#define PTX_CHAIN_{cid} ~, 1')
        if tune.get('unroll'):
            print(f'#define PTX_CHAIN_UNROLL_{cid} ~, 1')
        if tune.get('uniform'):
            print(f'#define PTX_CHAIN_UNIFORM_{cid} ~, YES')
        if tune.get('vecs'):
            print(f'#define PTX_CHAIN_VECS_{cid} ~, ({tune["vecs"]})')
for f in sorted({r[1] for r in rows if 'M_CMP_' in r[4]}):
    print(f'#define PTX_CMPFAM_{f} ~, 1')
for f in XLANE_FAMILIES:
    print(f'#define PTX_XLANE_{f} ~, 1')
for f in VEC_FAMILIES:
    print(f'#define PTX_VECFAM_{f} ~, 1')
for ext, fams in EXTENSION_FAMILIES.items():
    for f in fams:
        print(f'#define PTX_EXTFAM_{ext}_{f} ~, 1')
for r in rows:
    print(f'#define PTX_KERNEL_OF_{rid(r)} {kernel_id[form(r)]}')
print('#define PTX_EXTENSION_FAMILIES(X) \\')
print(' \\\n'.join(f'    X({ext}, {f})' for ext, fams in EXTENSION_FAMILIES.items() for f in fams))
print('#endif')
for f, fpu, _ in FAMILIES:
    print(f'PTX_FAMILY({f}, {fpu}, {int(f in SLEEF_FAMILIES)}, {int(f in DEFERS_CANON_FAMILIES)})')
for key, krows in kernels.items():
    (sem, ty, ty2, m, rnd, dw, a, b, c, e, cc) = key
    ty, ty2 = krows[0][2:4]  # (types: set's D<width>, cvt's A/D<width> keys are any member's)
    print(f'PTX_KERNEL({kernel_id[form(krows[0])]}, {sem}, {ty}, {ty2}, {m}, {rnd}, {dw}, '
          f'{a}, {b}, {c}, {e}, CC_{cc})')
for t in retargets:
    print(f'PTX_RETARGET({t[0]}, {t[1]}, {t[2]})')
for r in rows:
    (mnem, sem, ty, ty2, m, rnd, dw, a, b, c, e, nsrc, cc, sm, ptx, sec) = r
    ident = rid(r)
    print(f'PTX_OP({ident}, "{mnem}", {sem}, {ty}, {ty2}, {m}, {rnd}, {dw}, {a}, {b}, {c}, {e}, '
          f'{nsrc}, CC_{cc}, {sm}, {ptx[0]}, {ptx[1]}, "{sec}")')
print('#ifdef PTX_FAMILY_UNSET_')
print('#undef PTX_FAMILY')
print('#undef PTX_FAMILY_UNSET_')
print('#endif')
print('#ifdef PTX_RETARGET_UNSET_')
print('#undef PTX_RETARGET')
print('#undef PTX_RETARGET_UNSET_')
print('#endif')
print('#ifdef PTX_KERNEL_UNSET_')
print('#undef PTX_KERNEL')
print('#undef PTX_KERNEL_UNSET_')
print('#endif')
print('#ifdef PTX_OP_UNSET_')
print('#undef PTX_OP')
print('#undef PTX_OP_UNSET_')
print('#endif')
