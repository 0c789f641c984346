#!/usr/bin/env python3
"""Writes tests/vectors/families.vec (vectors for every PTX spelling of PTX ISA 9.7.1-9.7.8 and 9.7.9's mov, prmt, cvt and cvt.pack), warps.vec
(many lines of a few spellings, so that `ptxcpu check` packs several warps and a partial one) and
warp_lanes.vec (warp lines of the cross-lane instructions: shfl.sync, vote.sync, match.sync,
activemask, redux.sync, elect.sync),
derived from the spec's pseudo-code and docs/SEMANTICS.md with exact integer / Fraction
arithmetic (never ptxcpu).

Usage: python3 tests/vectors/gen/families.py tests/vectors
"""
import math
import os
import random
import sys
from fractions import Fraction

# ---- spellings, enumerated from the syntax lines of the spec sections ----------------------------

INT6 = ['u16', 'u32', 'u64', 's16', 's32', 's64']
CC4 = ['u32', 's32', 'u64', 's64']
RND = ['rn', 'rz', 'rm', 'rp']
TESTP = ['finite', 'infinite', 'number', 'notanumber', 'normal', 'subnormal']


THREE = ' (a, b, c)'  # marks a three-input form in the spelling list (not in the lines)
PACK = ' {%d elements}'  # marks mov's vector pack forms (9.7.9.4) likewise
UNPACK = ' {%d destinations}'  # and its unpack forms {x, y} / {x, y, z, w}, d, a


def spellings():
    out = []
    out += ['add.' + t for t in INT6 + ['u16x2', 's16x2']] + ['add.sat.s32']
    out += ['sub.' + t for t in INT6] + ['sub.sat.s32']
    for op in ('mul', 'mad'):
        out += ['%s.%s.%s' % (op, m, t) for m in ('hi', 'lo', 'wide') for t in INT6
                if m != 'wide' or t[1:] in ('16', '32')]
    out += ['mad.hi.sat.s32']
    out += ['%s.%s.%s' % (op, m, t) for op in ('mul24', 'mad24') for m in ('hi', 'lo')
            for t in ('u32', 's32')] + ['mad24.hi.sat.s32']
    out += ['%s.%s' % (op, t) for op in ('sad', 'div', 'rem') for t in INT6]
    out += ['%s.%s' % (op, t) for op in ('abs', 'neg') for t in ('s16', 's32', 's64')]
    for op in ('min', 'max'):
        out += ['%s.%s' % (op, t) for t in ('u16', 'u32', 'u64', 'u16x2', 's16', 's64')]
        out += ['%s%s.%s' % (op, r, t) for r in ('', '.relu') for t in ('s16x2', 's32')]
    out += ['%s.%s' % (op, t) for op in ('popc', 'clz', 'brev') for t in ('b32', 'b64')]
    out += ['bfind%s.%s' % (m, t) for m in ('', '.shiftamt') for t in ('u32', 'u64', 's32', 's64')]
    out += ['fns.b32']
    out += ['bfe.' + t for t in ('u32', 'u64', 's32', 's64')] + ['bfi.b32', 'bfi.b64']
    out += ['szext.%s.%s' % (m, t) for m in ('clamp', 'wrap') for t in ('u32', 's32')]
    out += ['bmsk.clamp.b32', 'bmsk.wrap.b32']
    out += ['dp4a.%s.%s' % (a, b) for a in ('u32', 's32') for b in ('u32', 's32')]
    out += ['dp2a.%s.%s.%s' % (m, a, b) for m in ('lo', 'hi') for a in ('u32', 's32')
            for b in ('u32', 's32')]
    # 9.7.2 extended precision
    out += ['add.cc.' + t for t in CC4] + ['sub.cc.' + t for t in CC4]
    out += ['%s%s.%s' % (op, cc, t) for op in ('addc', 'subc') for cc in ('', '.cc') for t in CC4]
    out += ['mad.%s.cc.%s' % (m, t) for m in ('hi', 'lo') for t in CC4]
    out += ['madc.%s%s.%s' % (m, cc, t) for m in ('hi', 'lo') for cc in ('', '.cc') for t in CC4]
    # 9.7.3.1 testp (a predicate result: 0 or 1)
    out += ['testp.%s.%s' % (p, t) for p in TESTP for t in ('f32', 'f64')]
    # 9.7.3.2 copysign, 9.7.3.3 add, 9.7.3.4 sub, 9.7.3.5 mul, 9.7.3.6 fma, 9.7.3.7 mad,
    # 9.7.4.1 half add
    out += ['copysign.f32', 'copysign.f64']
    opt = lambda m: ['', '.' + m]
    for op in ('add', 'mul'):
        out += ['%s%s%s%s.f32' % (op, r, f, s) for r in [''] + ['.' + x for x in RND]
                for f in opt('ftz') for s in opt('sat')]
        out += ['%s%s%s.f32x2' % (op, r, f) for r in [''] + ['.' + x for x in RND]
                for f in opt('ftz')]
        out += ['%s%s.f64' % (op, r) for r in [''] + ['.' + x for x in RND]]
    out += ['fma.%s%s%s.f32' % (r, f, s) for r in RND for f in opt('ftz') for s in opt('sat')]
    out += ['fma.%s%s.f32x2' % (r, f) for r in RND for f in opt('ftz')]
    out += ['fma.%s.f64' % r for r in RND]
    out += ['sub%s%s%s.f32' % (r, f, s) for r in [''] + ['.' + x for x in RND]
            for f in opt('ftz') for s in opt('sat')]
    out += ['sub%s%s.f32x2' % (r, f) for r in [''] + ['.' + x for x in RND] for f in opt('ftz')]
    out += ['sub%s.f64' % r for r in [''] + ['.' + x for x in RND]]
    out += ['mad%s%s.f32' % (f, s) for f in opt('ftz') for s in opt('sat')]
    out += ['mad.%s%s%s.f32' % (r, f, s) for r in RND for f in opt('ftz') for s in opt('sat')]
    out += ['mad.%s.f64' % r for r in RND]
    # 9.7.3.8 div, 9.7.3.13 rcp, 9.7.3.15 sqrt (IEEE-rounded forms)
    out += ['%s.%s%s.f32' % (op, r, f) for op in ('div', 'rcp', 'sqrt') for r in RND
            for f in opt('ftz')]
    out += ['%s.%s.f64' % (op, r) for op in ('div', 'rcp', 'sqrt') for r in RND]
    # 9.7.3.8, 9.7.3.13-17: the approximate algebraic forms (docs/SEMANTICS.md's methods)
    out += ['%s%s.f32' % (op, f) for op in ('div.approx', 'div.full', 'rcp.approx', 'sqrt.approx',
                                            'rsqrt.approx') for f in opt('ftz')]
    out += ['rcp.approx.ftz.f64', 'rsqrt.approx.f64', 'rsqrt.approx.ftz.f64']
    out += ['add%s%s%s.%s' % (r, f, s, t) for t in ('f16', 'f16x2') for r in opt('rn')
            for f in opt('ftz') for s in opt('sat')]
    out += ['add%s.%s' % (r, t) for t in ('bf16', 'bf16x2') for r in opt('rn')]
    # 9.7.4.2 half sub, 9.7.4.3 half mul, 9.7.4.4 half fma
    for op in ('sub', 'mul'):
        out += ['%s%s%s%s.%s' % (op, r, f, s, t) for t in ('f16', 'f16x2') for r in opt('rn')
                for f in opt('ftz') for s in opt('sat')]
        out += ['%s%s.%s' % (op, r, t) for t in ('bf16', 'bf16x2') for r in opt('rn')]
    out += ['fma.rn%s%s.%s' % (f, s, t) for t in ('f16', 'f16x2') for f in opt('ftz')
            for s in ('', '.sat', '.relu')]
    out += ['fma.rn%s.%s' % (r, t) for t in ('bf16', 'bf16x2') for r in opt('relu')]
    out += ['fma.rn.oob%s.%s' % (r, t) for t in ('f16', 'f16x2', 'bf16', 'bf16x2')
            for r in opt('relu')]
    # 9.7.3.9-12 abs, neg, min, max (the two-input forms), 9.7.4.5-8 their half forms
    mm = lambda ftz: [f + n + x for f in (opt('ftz') if ftz else ['']) for n in opt('NaN')
                      for x in opt('xorsign.abs')]
    out += ['%s%s.f32' % (op, f) for op in ('abs', 'neg') for f in opt('ftz')]
    out += ['abs.f64', 'neg.f64']
    out += ['%s%s.f32' % (op, s) for op in ('min', 'max') for s in mm(True)]
    out += ['min.f64', 'max.f64']
    # 9.7.3.11-12 the three-input forms min/max{.ftz}{.NaN}{.abs}.f32 d, a, b, c (THREE: their
    # lines have three operands, which tells min.f32's two forms apart)
    out += ['%s%s%s%s.f32%s' % (op, f, n, a, THREE) for op in ('min', 'max') for f in opt('ftz')
            for n in opt('NaN') for a in opt('abs')]
    out += ['%s%s.%s' % (op, f, t) for op in ('neg', 'abs') for t in ('f16', 'f16x2')
            for f in opt('ftz')]
    out += ['%s.%s' % (op, t) for op in ('neg', 'abs') for t in ('bf16', 'bf16x2')]
    out += ['%s%s.%s' % (op, s, t) for op in ('min', 'max')
            for t in ('f16', 'f16x2', 'bf16', 'bf16x2') for s in mm(not t.startswith('bf'))]
    out += approx_spellings()  # 9.7.3.18-22, 9.7.4.9-10: ~ expectations (approx_lines)
    # 9.7.5 mixed precision: f32 d and c, f16/bf16 a (and b)
    for op in ('add', 'sub', 'fma'):
        rnds = ([''] if op != 'fma' else []) + ['.' + x for x in RND]
        out += ['%s%s%s.f32.%s' % (op, r, s, t) for r in rnds for s in opt('sat')
                for t in ('f16', 'bf16')]
    # 9.7.6.3 selp: c a predicate (0 or 1)
    out += ['selp.' + t for t in ('b16', 'b32', 'b64', 'u16', 'u32', 'u64', 's16', 's32', 's64',
                                  'f32', 'f64')]
    # 9.7.6.2 setp p, a, b{, c}: every operator its type takes (Integer and Floating Point Notes),
    # with and without a BoolOp (c a predicate), .ftz on f32
    for t in SETP_OPS:
        out += ['setp.%s%s%s.%s' % (c, b, f, t) for c in SETP_OPS[t] for b in ('', '.and', '.or', '.xor')
                for f in (opt('ftz') if t == 'f32' else [''])]
    # 9.7.6.4 slct d, a, b, c: c .s32 or .f32 (.ftz)
    sel = ('b16', 'b32', 'b64', 'u16', 'u32', 'u64', 's16', 's32', 's64', 'f32', 'f64')
    out += ['slct.%s.s32' % t for t in sel] + ['slct%s.%s.f32' % (f, t) for f in opt('ftz') for t in sel]
    # 9.7.8 logic and shift; lop3 (9.7.8.6): immLut an operand of the line, d|p its .BoolOp forms
    out += ['%s.%s' % (op, t) for op in ('and', 'or', 'xor', 'not') for t in ('pred', 'b16', 'b32', 'b64')]
    out += ['cnot.%s' % t for t in ('b16', 'b32', 'b64')]
    out += ['shf.%s.%s.b32' % (d, m) for d in ('l', 'r') for m in ('clamp', 'wrap')]
    out += ['lop3.b32', 'lop3.or.b32', 'lop3.and.b32']
    # 9.7.9.3 mov d, a between registers
    out += ['mov.' + t for t in ('pred', 'b16', 'b32', 'b64', 'u16', 'u32', 'u64', 's16', 's32', 's64',
                                 'f32', 'f64')]
    # 9.7.9.4 mov's pack forms d, {a, b} and d, {a, b, c, e} (PACK: the element count, marked in
    # the spelling list only: the line's operand count picks the form)
    out += ['mov.%s%s' % (t, PACK % n) for t, n in (('b16', 2), ('b32', 2), ('b64', 2), ('b32', 4),
                                                     ('b64', 4), ('b128', 2), ('b128', 4))]
    # and its unpack forms {x, y} / {x, y, z, w}, a (UNPACK: the line's result count picks them)
    out += ['mov.%s%s' % (t, UNPACK % n) for t, n in MOV_UNPACK]
    # 9.7.9.7 prmt: the default mode and the six modes
    out += ['prmt.b32' + m for m in ('', '.f4e', '.b4e', '.rc8', '.ecl', '.ecr', '.rc16')]
    # 9.7.9.21 cvt between integer types: every pair, .sat where d's range does not hold a's
    ints = ('u8', 'u16', 'u32', 'u64', 's8', 's16', 's32', 's64')
    out += ['cvt%s.%s.%s' % (s, d, a) for s in ('', '.sat') for d in ints for a in ints
            if not s or not (int_limits(d)[0] <= int_limits(a)[0] and int_limits(a)[1] <= int_limits(d)[1])]
    out += cvtf_spellings()  # 9.7.9.21 cvt with a float type
    out += cvtmx_spellings()  # 9.7.9.21 cvt with the OCP MX formats and .s2f6x2
    out += cvtrs_spellings()  # 9.7.9.21 cvt.rs (stochastic rounding with rbits)
    out += cvtpack_spellings()  # 9.7.9.22 cvt.pack
    out += ['shl.%s' % t for t in ('b16', 'b32', 'b64')]
    out += ['shr.%s' % t for t in ('b16', 'b32', 'b64', 'u16', 'u32', 'u64', 's16', 's32', 's64')]
    # 9.7.6.1 set d, a, b{, c}: the same, with a destination type u32, s32 or f32 first
    for t in SETP_OPS:
        out += ['set.%s%s%s.%s.%s' % (c, b, f, dt, t) for c in SETP_OPS[t]
                for b in ('', '.and', '.or', '.xor') for f in (opt('ftz') if t == 'f32' else [''])
                for dt in ('u32', 's32', 'f32')]
    # 9.7.7.1 set on halves: d .f16/.bf16 of every 9.7.6 source type and .f16 (.ftz on float
    # sources, never with bf16); d .u16/.s16/.u32/.s32 of .f16/.bf16; packed sources with d of
    # their own type, .u32 or .s32
    half_ops = dict(list(SETP_OPS.items())[:-2] + [('f16', SETP_FLOAT)] + list(SETP_OPS.items())[-2:])
    forms = [(dt, t, half_ops[t]) for dt in ('f16', 'bf16') for t in half_ops] + \
        [(dt, t, SETP_FLOAT) for t in ('f16', 'bf16') for dt in ('u16', 's16', 'u32', 's32')] + \
        [(dt, t, SETP_FLOAT) for t in ('f16x2', 'bf16x2') for dt in (t, 'u32', 's32')]
    for dt, t, ops in forms:
        ftz = [''] if 'bf16' in (dt, t) or t[0] != 'f' else opt('ftz')
        out += ['set.%s%s%s.%s.%s' % (c, b, f, dt, t) for c in ops
                for b in ('', '.and', '.or', '.xor') for f in ftz]
    # 9.7.7.2 setp on halves: .f16 and .f16x2 (.ftz), .bf16 and .bf16x2
    for t in ('f16', 'f16x2', 'bf16', 'bf16x2'):
        out += ['setp.%s%s%s.%s' % (c, b, f, t) for c in SETP_FLOAT for b in ('', '.and', '.or', '.xor')
                for f in (opt('ftz') if t[0] == 'f' else [''])]
    return out


SETP_ORDERED = ['eq', 'ne', 'lt', 'le', 'gt', 'ge']
SETP_FLOAT = SETP_ORDERED + ['equ', 'neu', 'ltu', 'leu', 'gtu', 'geu', 'num', 'nan']
SETP_OPS = {'b16': ['eq', 'ne'], 'b32': ['eq', 'ne'], 'b64': ['eq', 'ne'],
            'u16': SETP_ORDERED + ['lo', 'ls', 'hi', 'hs'], 'u32': SETP_ORDERED + ['lo', 'ls', 'hi', 'hs'],
            'u64': SETP_ORDERED + ['lo', 'ls', 'hi', 'hs'],
            's16': SETP_ORDERED, 's32': SETP_ORDERED, 's64': SETP_ORDERED,
            'f32': SETP_FLOAT, 'f64': SETP_FLOAT}
SETP_BOOL = ('and', 'or', 'xor')


# ---- integer helpers --------------------------------------------------------------------------

def M(n):
    return (1 << n) - 1


def sx(v, n):
    v &= M(n)
    return v - (1 << n) if v >> (n - 1) else v


def clamp32(v):
    return max(-(1 << 31), min((1 << 31) - 1, v)) & M(32)


class Insn:
    """What a spelling means: op, modifiers, type, widths of d and the sources."""

    def __init__(self, name):
        self.three = name.endswith(THREE)          # min/max d, a, b, c (9.7.3.11-12)
        name = name[:-len(THREE)] if self.three else name
        self.name = name
        tok = name.split('.')
        self.op = tok[0]
        self.mods = set(tok[1:])
        types = [t for t in tok[1:] if t[0] in 'usbf' and t[1].isdigit() or t.startswith('bf16')
                 or t in ('pred', 'tf32')]
        self.type = types[0]
        self.btype = types[1] if len(types) > 1 else None
        self.signed = self.type[0] == 's'
        t = self.type
        self.n = 1 if t == 'pred' else int(''.join(c for c in t.split('x')[0] if c.isdigit()))
        self.packed = t.endswith('x2')
        self.float = t[0] == 'f' or t.startswith('bf')
        reg = self.n * (2 if self.packed else 1)
        op, n = self.op, self.n
        nsrc = {'abs': 1, 'neg': 1, 'popc': 1, 'clz': 1, 'bfind': 1, 'brev': 1, 'bfi': 4,
                'rcp': 1, 'sqrt': 1, 'rsqrt': 1, 'sin': 1, 'cos': 1, 'lg2': 1, 'ex2': 1,
                'tanh': 1}.get(op, 2)
        if op in ('mad', 'madc', 'mad24', 'sad', 'fns', 'bfe', 'dp4a', 'dp2a', 'fma') or self.three:
            nsrc = 3
        self.src = [reg] * nsrc
        self.dst = reg
        if 'wide' in self.mods:
            self.dst = 2 * n
            if op == 'mad':
                self.src[2] = 2 * n
        if op in ('popc', 'clz', 'bfind'):
            self.dst = 32
        if op == 'testp':
            self.src, self.dst = [reg], 1                  # d: a predicate
        self.select = op == 'selp'                         # bits chosen, whatever the type
        self.compare = op in ('setp', 'set')               # p = BoolOp(a CmpOp b, c)
        if self.compare:
            self.src, self.dst = [reg, reg] + [1] * bool(self.mods & set(SETP_BOOL)), 2  # p|q
        self.logic = op in ('and', 'or', 'xor', 'not', 'cnot', 'shl', 'shr', 'shf', 'prmt', 'mov')
        if self.logic:                                     # 9.7.8: bits; .pred a lane's bit
            self.n = 1 if self.type == 'pred' else int(self.type[1:])
            nl = 1 if op in ('not', 'cnot', 'mov') else 3 if op in ('shf', 'prmt') else 2
            self.src, self.dst = [self.n] * nl, self.n
            if op in ('shl', 'shr'):
                self.src[1] = 32                           # the amount b: 32 bits
            self.float = op == 'mov' and t[0] == 'f'      # (mov.f32's operands in hex: bits)
        self.lop3 = op == 'lop3'                           # 9.7.8.6: d = F(a, b, c), F immLut's
        if self.lop3:                                      # .BoolOp: d|p (33 bits), q a predicate
            self.bop = next((b for b in ('or', 'and') if b in self.mods), None)
            self.src, self.dst = [32] * 3 + [1] * bool(self.bop), 33 if self.bop else 32
        self.cvt_float = op == 'cvt' and any(x in CVT_FLOATS for x in types)
        self.cvt_int = op == 'cvt' and not self.cvt_float  # 9.7.9.21 between integer types:
        if op == 'cvt':                                    # 8-bit types in 16-bit registers
            self.dtype, self.atype = types[0], types[1]
            self.src, self.dst = [cvt_reg(self.atype)], cvt_reg(self.dtype)
            self.signed, self.float = self.atype[0] == 's', False
            if self.dtype in CVT_X:                        # d, a, b: two .f32 into a packed d
                self.src = [32] * (2 if self.dtype.endswith('x2') else 1)
        if self.cvt_float:                                 # (operands and results in hex)
            self.float = True
            self.irnd = next((r for r in CVT_IRND if r in self.mods), None)
            self.frnd = next((r for r in RND if r in self.mods), None)
        self.slct = op == 'slct'                           # d = c >= 0 ? a : b, c .s32/.f32
        if self.slct:
            self.type, self.btype = types[0], types[1]
            self.n = int(self.type[1:])
            self.signed, self.float = False, False         # (a, b, d: bits, shown in hex)
            self.src, self.dst = [self.n, self.n, 32], self.n
        if op == 'set':                                    # set.CmpOp...dtype.stype
            self.type, self.btype = t, dt = types[1], types[0]
            self.signed = t[0] == 's'
            self.packed = t.endswith('x2')
            self.n = int(''.join(c for c in t.split('x')[0] if c.isdigit()))
            self.float = t[0] == 'f' or t.startswith('bf')
            self.src[:2] = [self.n * (2 if self.packed else 1)] * 2
            self.dst = 16 if dt in ('f16', 'bf16', 'u16', 's16') else 32
        if self.select:
            self.src = [reg, reg, 1]                       # c: a predicate
        if op == 'bfe':
            self.src[1:] = [32, 32]
        if op == 'bfi':
            self.src[2:] = [32, 32]
        self.mixed = self.type == 'f32' and self.btype in ('f16', 'bf16') and op != 'set'
        if self.mixed:      # 9.7.5: a (and fma's b) are halves, d and the last source f32
            self.src = [16] * (nsrc - 1) + [32]
        self.reads_cc = op in ('addc', 'subc', 'madc')
        self.writes_cc = 'cc' in self.mods
        self.rnd = next((r for r in RND if r in self.mods), None)


# ---- integer semantics (spec pseudo-code, docs/SEMANTICS.md choices) ----------------------------

def int_eval(I, a, cf):
    """Returns (d, cf_out or None) for integer spelling I on operand bits a[]."""
    op, n, s, mods = I.op, I.n, I.signed, I.mods
    if op == 'selp':                                   # d = (c == 1) ? a : b (9.7.6.3)
        return (a[0] if a[2] == 1 else a[1]), None
    v = lambda x, w=n: sx(x, w) if s else x & M(w)

    if I.packed and op in ('add', 'min', 'max'):
        d = 0
        for k in (0, 1):
            x, y = v(a[0] >> 16 * k, 16), v(a[1] >> 16 * k, 16)
            r = x + y if op == 'add' else (min(x, y) if op == 'min' else max(x, y))
            if 'relu' in mods:
                r = max(r, 0)
            d |= (r & 0xffff) << 16 * k
        return d, None
    if op in ('add', 'addc', 'sub', 'subc'):
        c = cf if I.reads_cc else 0
        if op in ('add', 'addc'):
            full = (a[0] & M(n)) + (a[1] & M(n)) + c
            out = full >> n
        else:
            full = (a[0] & M(n)) - ((a[1] & M(n)) + c)
            out = 1 if full < 0 else 0              # borrow-out
        if 'sat' in mods:
            r = sx(a[0], 32) + sx(a[1], 32) if op == 'add' else sx(a[0], 32) - sx(a[1], 32)
            return clamp32(r), None
        return full & M(n), out if I.writes_cc else None
    if op in ('mul', 'mad', 'madc'):
        t = v(a[0]) * v(a[1])
        if 'wide' in mods:
            d = t if op == 'mul' else t + a[2]
            return d & M(2 * n), None
        part = (t >> n) if 'hi' in mods else t
        if 'sat' in mods:                            # mad.hi.sat.s32
            return clamp32(sx(part, 32) + sx(a[2], 32)), None
        if op == 'mul':
            return part & M(n), None
        full = (part & M(n)) + (a[2] & M(n)) + (cf if I.reads_cc else 0)
        return full & M(n), (full >> n) if I.writes_cc else None
    if op in ('mul24', 'mad24'):
        x, y = a[0] & M(24), a[1] & M(24)
        if s:
            x, y = sx(x, 24), sx(y, 24)
        t = x * y
        part = (t >> 16) if 'hi' in mods else t
        if op == 'mul24':
            return part & M(32), None
        if 'sat' in mods:
            return clamp32(sx(part, 32) + sx(a[2], 32)), None
        return (part + a[2]) & M(32), None
    if op == 'sad':
        x, y = v(a[0]), v(a[1])
        return (a[2] + (y - x if x < y else x - y)) & M(n), None
    if op in ('div', 'rem'):
        x, y = v(a[0]), v(a[1])
        if y == 0:
            return M(n), None                        # SEMANTICS: all bits set
        q = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)   # truncating division
        return ((q if op == 'div' else x - q * y) & M(n)), None
    if op == 'abs':
        return abs(v(a[0])) & M(n), None
    if op == 'neg':
        return -v(a[0]) & M(n), None
    if op in ('min', 'max'):
        x, y = v(a[0]), v(a[1])
        r = min(x, y) if op == 'min' else max(x, y)
        if 'relu' in mods:
            r = max(r, 0)
        return r & M(n), None
    if op == 'popc':
        return bin(a[0] & M(n)).count('1'), None
    if op == 'clz':
        return n - (a[0] & M(n)).bit_length(), None
    if op == 'bfind':
        x = a[0] & M(n)
        if s and x >> (n - 1):
            x = ~x & M(n)
        d = x.bit_length() - 1 if x else M(32)
        if 'shiftamt' in mods and d != M(32):
            d = n - 1 - d
        return d, None
    if op == 'brev':
        return int(format(a[0] & M(n), '0%db' % n)[::-1], 2), None
    if op == 'fns':
        mask, base, off = a[0], a[1], sx(a[2], 32)
        if base > 31:
            return M(32), None                       # SEMANTICS: base > 31 is "not found"
        if off == 0:
            return (base if mask >> base & 1 else M(32)), None
        pos, count, inc = base, abs(off) - 1, 1 if off > 0 else -1
        while 0 <= pos < 32:
            if mask >> pos & 1:
                if count == 0:
                    return pos, None
                count -= 1
            pos += inc
        return M(32), None
    if op == 'bfe':
        msb, pos, ln = n - 1, a[1] & 0xff, a[2] & 0xff
        sbit = 0 if not s or ln == 0 else a[0] >> min(pos + ln - 1, msb) & 1
        d = 0
        for i in range(n):
            bit = a[0] >> (pos + i) & 1 if i < ln and pos + i <= msb else sbit
            d |= bit << i
        return d, None
    if op == 'bfi':
        msb, pos, ln = n - 1, a[2] & 0xff, a[3] & 0xff
        f = a[1]
        i = 0
        while i < ln and pos + i <= msb:
            f = f & ~(1 << (pos + i)) | (a[0] >> i & 1) << (pos + i)
            i += 1
        return f & M(n), None
    if op == 'szext':
        x, b = a[0], a[1]
        b1 = b & 0x1f
        too_large = b >= 32 and 'clamp' in mods
        mask = 0 if too_large else (M(32) << b1) & M(32)
        sign_pos = (b1 - 1) & 0x1f
        sign = False if (b1 == 0 or too_large or not s) else x >> sign_pos & 1
        return (x & ~mask & M(32)) | (mask if sign else 0), None
    if op == 'bmsk':
        x, b = a[0], a[1]
        a1 = x & 0x1f
        mask0 = (M(32) << a1) & M(32)
        b1 = b & 0x1f
        total = a1 + b1
        mask1 = (M(32) << total) & M(32)
        over = total >= 32
        if 'clamp' in mods:
            if x >= 32:
                over, mask0 = True, 0
            if b >= 32:
                over = True
        if over:
            mask1 = 0
        elif b1 == 0:
            mask1 = M(32)
        return mask0 & ~mask1 & M(32), None
    if op in ('dp4a', 'dp2a'):
        sa, sb = I.type == 's32', I.btype == 's32'
        vb = [sx(a[1] >> 8 * k, 8) if sb else a[1] >> 8 * k & 0xff for k in range(4)]
        if op == 'dp4a':
            va = [sx(a[0] >> 8 * k, 8) if sa else a[0] >> 8 * k & 0xff for k in range(4)]
            d = a[2] + sum(x * y for x, y in zip(va, vb))
        else:
            va = [sx(a[0] >> 16 * k, 16) if sa else a[0] >> 16 * k & 0xffff for k in range(2)]
            sel = 0 if 'lo' in mods else 2
            d = a[2] + va[0] * vb[sel] + va[1] * vb[sel + 1]
        return d & M(32), None
    raise ValueError(I.name)


# ---- floating point: exact values, one rounding --------------------------------------------------

FMT = {'f16': (5, 10), 'bf16': (8, 7), 'f32': (8, 23), 'f64': (11, 52),
       'f64hi': (11, 20),   # f64hi: an f64's upper word (1.11.20), rcp/rsqrt.approx.ftz.f64
       'tf32': (8, 10)}     # cvt's .tf32: 1.8.10, at the top of a 32-bit d (the low 13 bits 0)
NAN = ('nan',)


def canon_nan(fmt):
    E, m = FMT[fmt]
    return M(E + m) if fmt in ('f32', 'f64', 'f64hi') else 0x7fff   # SEMANTICS: canonical NaNs


def decode(bits, fmt, ftz):
    """('nan',) | ('inf', sign) | ('fin', sign, Fraction magnitude)."""
    E, m = FMT[fmt]
    bias = M(E - 1)
    sg, e, f = bits >> (E + m) & 1, bits >> m & M(E), bits & M(m)
    if e == M(E):
        return NAN if f else ('inf', sg)
    if e == 0:
        if ftz:
            return ('fin', sg, Fraction(0))
        return ('fin', sg, Fraction(f, 1 << m) * Fraction(2) ** (1 - bias))
    return ('fin', sg, Fraction((1 << m) | f, 1 << m) * Fraction(2) ** (e - bias))


def ilog2(x):
    e = x.numerator.bit_length() - x.denominator.bit_length()
    while Fraction(2) ** e > x:
        e -= 1
    while Fraction(2) ** (e + 1) <= x:
        e += 1
    return e


def round_mag(x, sg, p, emin, rnd):
    """Rounds the magnitude x > 0 (sign sg) to p bits with exponent >= emin (None: unbounded)."""
    e = ilog2(x)
    if emin is not None:
        e = max(e, emin)
    q = Fraction(2) ** (e - p + 1)
    k = x / q
    fl = k.numerator // k.denominator
    rem = k - fl
    up = {'rn': rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1),
          'rna': rem >= Fraction(1, 2),              # cvt's .rna: ties away from zero
          'rz': False, 'rm': sg == 1 and rem > 0, 'rp': sg == 0 and rem > 0}[rnd]
    return (fl + up) * q


def encode(val, fmt, rnd, ftz, sat):
    """Rounds the exact value to fmt's bits (SEMANTICS: .ftz tininess after rounding, .sat)."""
    E, m = FMT[fmt]
    bias = M(E - 1)
    emin, p = 1 - bias, m + 1
    maxf = (2 - Fraction(1, 1 << m)) * Fraction(2) ** bias
    if val[0] == 'fin' and val[2] != 0:
        sg, x = val[1], val[2]
        if ftz and round_mag(x, sg, p, None, rnd) < Fraction(2) ** emin:
            val = ('fin', sg, Fraction(0))
        else:
            r = round_mag(x, sg, p, emin, rnd)
            if r > maxf:     # overflow: infinity or the largest finite, by rounding direction
                to_inf = {'rn': True, 'rna': True, 'rz': False, 'rm': sg == 1, 'rp': sg == 0}[rnd]
                val = ('inf', sg) if to_inf else ('fin', sg, maxf)
            else:
                val = ('fin', sg, r)
    if sat:
        if val == NAN or val[1] == 1:
            val = ('fin', 0, Fraction(0))           # NaN, negatives and -0 give +0
        elif val[0] == 'inf' or val[2] > 1:
            val = ('fin', 0, Fraction(1))
    if val == NAN:
        return canon_nan(fmt)
    sg = val[1] << (E + m)
    if val[0] == 'inf':
        return sg | M(E) << m
    x = val[2]
    if x == 0:
        return sg
    e = ilog2(x)
    if e < emin:                                    # subnormal
        return sg | int(x / Fraction(2) ** (emin - m))
    return sg | (e + bias) << m | int(x / Fraction(2) ** (e - m)) - (1 << m)


def signed(v):
    return -v[2] if v[1] else v[2]


def add_exact(x, y, rnd):
    """x + y exactly (IEEE 754 signs of zero sums)."""
    if NAN in (x, y):
        return NAN
    if x[0] == 'inf' and y[0] == 'inf':
        return x if x[1] == y[1] else NAN
    if x[0] == 'inf' or y[0] == 'inf':
        return x if x[0] == 'inf' else y
    s = signed(x) + signed(y)
    if s == 0:
        if x[2] == 0 and y[2] == 0 and x[1] == y[1]:
            return ('fin', x[1], Fraction(0))
        return ('fin', 1 if rnd == 'rm' else 0, Fraction(0))
    return ('fin', 1 if s < 0 else 0, abs(s))


def neg(x):
    return x if x == NAN else (x[0], 1 - x[1]) + x[2:]


def mul_exact(x, y):
    if NAN in (x, y):
        return NAN
    sg = x[1] ^ y[1]
    if x[0] == 'inf' or y[0] == 'inf':
        other = y if x[0] == 'inf' else x
        return NAN if other[0] == 'fin' and other[2] == 0 else ('inf', sg)
    return ('fin', sg, x[2] * y[2])


def copysign_eval(fmt, a, b):
    """b's magnitude with a's sign bit, a NaN b's payload kept (as the H100 does)."""
    E, m = FMT[fmt]
    sign, mag = 1 << (E + m), b & M(E + m)
    return (a & sign) | mag


def order_key(v):
    """The spec's order of non-NaN values for min/max: by value, and -0.0 < +0.0."""
    if v[0] == 'inf':
        return (float('-inf') if v[1] else float('inf'), 0)
    return (-v[2] if v[1] else v[2], 1 - v[1])


def minmax3_eval(I, fmt, ops):
    """Three-input min/max .f32 (9.7.3.11-12): .abs makes the operands magnitudes; NaNs are
    ignored (the result is NaN only when all three are), with .NaN any NaN gives the canonical
    NaN; otherwise the least / greatest of the rest in the spec's order (-0 < +0)."""
    x = [decode(o, fmt, 'ftz' in I.mods) for o in ops]
    if 'abs' in I.mods:
        x = [v if v == NAN else (v[0], 0) + v[2:] for v in x]
    num = [v for v in x if v != NAN]
    if not num or ('NaN' in I.mods and len(num) < 3):
        return canon_nan(fmt)
    pick = min if I.op == 'min' else max
    return encode(pick(num, key=order_key), fmt, 'rn', False, False)


def signop_eval(I, fmt, ops):
    """abs/neg/min/max of one element (9.7.3.9-12, 9.7.4.5-8 pseudo-code; SEMANTICS: NaN results
    canonical; f64 keeps NaNs: abs unchanged (spec), neg and min/max quieted, b's first, as an
    H100)."""
    w = sum(FMT[fmt]) + 1
    x = [decode(o, fmt, 'ftz' in I.mods) for o in ops]
    if I.op in ('abs', 'neg'):
        if x[0] == NAN:
            if fmt != 'f64':
                return canon_nan(fmt)
            return ops[0] | 1 << 51 if I.op == 'neg' else ops[0]
        return encode((x[0][0], 0 if I.op == 'abs' else 1 - x[0][1]) + x[0][2:], fmt, 'rn',
                      False, False)
    xorsign = (ops[0] ^ ops[1]) >> (w - 1) & 1          # of the inputs, before .abs
    if 'xorsign' in I.mods:
        x = [v if v == NAN else (v[0], 0) + v[2:] for v in x]
    na, nb = x[0] == NAN, x[1] == NAN
    if (na and nb) or ('NaN' in I.mods and (na or nb)):
        return (ops[1] if nb else ops[0]) | 1 << 51 if fmt == 'f64' else canon_nan(fmt)
    if na or nb:
        d = x[1] if na else x[0]
    elif I.op == 'min':
        d = x[0] if order_key(x[0]) < order_key(x[1]) else x[1]
    else:
        d = x[0] if order_key(x[0]) > order_key(x[1]) else x[1]
    if 'xorsign' in I.mods:
        d = (d[0], xorsign) + d[2:]
    return encode(d, fmt, 'rn', False, False)


def div_exact(x, y):
    """x / y exactly (IEEE 754 special cases)."""
    if NAN in (x, y):
        return NAN
    sg = x[1] ^ y[1]
    if x[0] == 'inf':
        return NAN if y[0] == 'inf' else ('inf', sg)
    if y[0] == 'inf':
        return ('fin', sg, Fraction(0))
    if y[2] == 0:
        return NAN if x[2] == 0 else ('inf', sg)
    return ('fin', sg, x[2] / y[2])


def sqrt_sticky(x, p):
    """A stand-in for sqrt(x) (x > 0) that every rounding to <= p bits treats as the exact root:
    the root itself when it is a dyadic rational, else (r + 1/2) / 2^k with r = floor(root * 2^k)
    of p + 3 bits or more, which lies strictly between r and r + 1, where no rounding boundary
    of a coarser grid lies."""
    k = p + 3 - ilog2(x) // 2
    n = x * Fraction(4) ** k
    r = math.isqrt(n.numerator // n.denominator)
    if r * r == n:
        return Fraction(r, 1) / Fraction(2) ** k
    return (Fraction(r) + Fraction(1, 2)) / Fraction(2) ** k


def sqrt_exact(x, p):
    if x == NAN or (x[1] == 1 and not (x[0] == 'fin' and x[2] == 0)):
        return NAN                      # sqrt(-x) is NaN; sqrt(-0) is -0
    if x[0] == 'inf' or x[2] == 0:
        return x
    return ('fin', 0, sqrt_sticky(x[2], p))


def nan_operand(fmt, op, a):
    """f64 div/rcp/sqrt as an H100 returns NaNs: a NaN operand quieted with its payload, a before
    b; sqrt of a negative number 0xfff8000000000000; else None."""
    if fmt != 'f64':
        return None
    for v in (a[:2] if op == 'div' else a[:1]):
        if decode(v, fmt, False) == NAN:
            return v | 1 << 51
    if op == 'sqrt' and a[0] >> 63 and a[0] != 1 << 63:
        return 0xfff8000000000000
    return None


def testp_eval(I, fmt, a):
    """9.7.3.1 on the decoded value: subnormal = finite, nonzero and below the smallest normal;
    normal = every other finite value, zeros included (the spec's special case)."""
    v = decode(a, fmt, False)
    sub = v[0] == 'fin' and 0 < v[2] < minnorm(fmt)
    prop = {'finite': v[0] == 'fin', 'infinite': v[0] == 'inf', 'number': v != NAN,
            'notanumber': v == NAN, 'normal': v[0] == 'fin' and not sub, 'subnormal': sub}
    return int(prop[next(p for p in TESTP if p in I.mods)])


def float_eval(I, a):
    """Result bits of a float spelling (default target: mad.f32 without rounding = .rn.ftz)."""
    fmt = I.type.replace('x2', '')
    if I.op == 'copysign':
        return copysign_eval(fmt, a[0], a[1])
    if I.op == 'testp':
        return testp_eval(I, fmt, a[0])
    if I.three:
        return minmax3_eval(I, fmt, a)
    if I.op in ('abs', 'neg', 'min', 'max'):
        if not I.packed:
            return signop_eval(I, fmt, a)
        w = sum(FMT[fmt]) + 1
        return (signop_eval(I, fmt, [o >> w & M(w) for o in a]) << w |
                signop_eval(I, fmt, [o & M(w) for o in a]))
    if 'approx' in I.mods and (I.op in ('rsqrt', 'div') or fmt == 'f64'):
        return approx_eval(I, fmt, a)
    if I.op in ('div', 'rcp', 'sqrt'):
        nan = nan_operand(fmt, I.op, a)
        if nan is not None:
            return nan
        ftz = 'ftz' in I.mods
        x = [decode(o, fmt, ftz) for o in a]
        if I.op == 'div':
            r = div_exact(x[0], x[1])
        elif I.op == 'rcp':
            r = div_exact(('fin', 0, Fraction(1)), x[0])
        else:
            r = sqrt_exact(x[0], FMT[fmt][1] + 1)
        return encode(r, fmt, I.rnd or 'rn', ftz, False)   # .approx/.full: RN (SEMANTICS)
    rnd = I.rnd or 'rn'
    ftz = 'ftz' in I.mods or (I.op == 'mad' and fmt == 'f32' and I.rnd is None)
    sat = 'sat' in I.mods
    w = FMT[fmt][0] + FMT[fmt][1] + 1

    def one(ops):
        x = [decode(o, I.btype if I.mixed and k < len(ops) - 1 else fmt, ftz)
             for k, o in enumerate(ops)]
        if I.op == 'sub':
            r = add_exact(x[0], neg(x[1]), rnd)
        elif I.op == 'add':
            r = add_exact(x[0], x[1], rnd)
        elif I.op == 'mul':
            r = mul_exact(x[0], x[1])                 # (a zero product keeps its sign)
        else:
            r = add_exact(mul_exact(x[0], x[1]), x[2], rnd)
        if 'oob' in I.mods and any(o & 0x7fff == 0x7ff7 for o in ops[:2]):
            return 0            # SEMANTICS: the OOB NaN 0x7ff7/0xfff7 in a or b gives +0
        if r == NAN and fmt == 'f64' and not sat:
            # SEMANTICS: f64 keeps NaN payloads: a NaN operand quieted, b's, c's, a's first (H100)
            order = [1, 2, 0] if len(ops) == 3 else [1, 0]
            nans = [ops[i] for i in order if x[i] == NAN]
            return nans[0] | 1 << 51 if nans else canon_nan(fmt)
        d = encode(r, fmt, rnd, ftz, sat)
        if 'relu' in I.mods and d >> (w - 1):
            d = 0               # negatives and -0 to +0; the canonical NaN is positive
        return d

    if not I.packed:
        return one(a)
    lo = one([o & M(w) for o in a])
    hi = one([o >> w & M(w) for o in a])
    return hi << w | lo


def rsqrt_exact(x, p):
    """1/sqrt(x) (spec table: -0 -> -inf, negatives NaN, +inf -> +0), exact for rounding to p."""
    if x == NAN or (x[1] == 1 and not (x[0] == 'fin' and x[2] == 0)):
        return NAN
    if x[0] == 'inf':
        return ('fin', 0, Fraction(0))
    if x[2] == 0:
        return ('inf', x[1])
    return ('fin', 0, sqrt_sticky(1 / x[2], p))


def approx_eval(I, fmt, a):
    """div.approx.f32 = a * (1/b) with the reciprocal RN and flushed when subnormal; rsqrt.approx
    f32 correctly rounded, f64 RN(1 / RN(sqrt(a))); .ftz.f64: on the upper word (1.11.20)."""
    ftz = 'ftz' in I.mods
    if fmt == 'f64' and ftz:
        x = decode(a[0] >> 32, 'f64hi', True)
        r = div_exact(('fin', 0, Fraction(1)), x) if I.op == 'rcp' else rsqrt_exact(x, 24)
        return encode(r, 'f64hi', 'rn', True, False) << 32
    if I.op == 'div':
        x, y = decode(a[0], fmt, ftz), decode(a[1], fmt, ftz)
        scale = not ftz and a[1] & 0x7f800000 == 0 and a[1] & 0x7fffff != 0
        if scale:                                   # a subnormal b: x 2^24, the result / 2^24
            y = ('fin', y[1], y[2] * 2 ** 24)
        q = encode(div_exact(('fin', 0, Fraction(1)), y), fmt, 'rn', False, False)
        if q & 0x7f800000 == 0:
            q &= 0x80000000                         # a subnormal reciprocal flushes, always
        d = encode(mul_exact(x, decode(q, fmt, False)), fmt, 'rn', ftz, False)
        if scale:
            d = encode(mul_exact(decode(d, fmt, False), ('fin', 0, Fraction(2 ** 24))), fmt,
                       'rn', False, False)
        return d
    if fmt == 'f32':
        return encode(rsqrt_exact(decode(a[0], fmt, ftz), 27), fmt, 'rn', ftz, False)
    x = decode(a[0], fmt, False)
    if x == NAN:
        return a[0] | 1 << 51
    if x[1] == 1 and not (x[0] == 'fin' and x[2] == 0):
        return 0xfff8000000000000
    root = decode(encode(sqrt_exact(x, 56), fmt, 'rn', False, False), fmt, False)
    return encode(div_exact(('fin', 0, Fraction(1)), root), fmt, 'rn', False, False)


# ---- inputs -------------------------------------------------------------------------------------

def pool(w, rng):
    """Interesting bit patterns of width w, plus random ones."""
    base = [0, 1, 2, 3, 7, M(w), M(w) - 1, 1 << (w - 1), M(w - 1), (1 << (w - 1)) + 1]
    return base + [rng.getrandbits(w) for _ in range(6)]


POS = [0, 1, 3, 4, 8, 15, 16, 17, 24, 31, 32, 33, 63, 64, 65, 200, 255, 256 + 5, 0xffffffff]

# hand-picked integer cases, by family (values are bit patterns, reduced to each operand's width)
NEGONE = -1
HAND = {
    'div': [(7, 2), (-7 & M(64), 2), (7, -2 & M(64)), (5, 0), (0, 0), ('MIN', NEGONE), (-1, 1)],
    'rem': [(7, 2), (-7, 2), (7, -2), (-7, -2), (5, 0), ('MIN', NEGONE), (0, 3)],
    'abs': [('MIN',), (-5,), (5,), (0,)],
    'neg': [('MIN',), (-5,), (5,), (0,)],
    'add': [('MAX', 1), ('MIN', -1), (-1, 1), ('MAX', 'MAX')],
    'sub': [('MIN', 1), ('MAX', -1), (0, 1), (5, 3)],
    'addc': [(-1, 0), (-1, 1), (0, 0), ('MAX', 'MAX')],
    'subc': [(0, 0), (0, 1), (5, 5), (5, 4), (-1, -1)],
    'fns': [(0xaaaaaaaa, 3, 1), (0xaaaaaaaa, 3, -1), (0xaaaaaaaa, 2, 1), (0xaaaaaaaa, 2, -1),
            (0xaaaaaaaa, 2, 0), (0xaaaaaaaa, 3, 0), (0xffffffff, 32, 1), (0xffffffff, 40, 0),
            (0x80000001, 31, -2), (0x80000001, 0, 2), (0x80000001, 0, 3), (0, 5, 1),
            (0xffffffff, 0, -(1 << 31)), (0x12345678, 16, -5)],
    'min': [(-1, 1), ('MIN', 'MAX'), (5, 5)],
    'max': [(-1, 1), ('MIN', 'MAX'), (-3, -4)],
    'bfind': [(0,), (-1,), (1,), ('MIN',), ('MAX',), (0x100,)],
    'clz': [(0,), (1,), (-1,)],
    'popc': [(0,), (-1,), (0x5555,)],
    'szext': [(0xffffffff, 0), (0x80, 8), (0x7f, 8), (0xffffffff, 32), (0x12345678, 33),
              (0x8000, 16), (0xffff, 47), (0x12345678, 31), (0x40000000, 31), (0xff, 1)],
    'bmsk': [(1, 2), (0, 32), (0, 31), (31, 1), (32, 1), (33, 2), (5, 33), (16, 16), (17, 16),
             (0, 0), (3, 0), (0xffffffff, 0xffffffff)],
}


def resolve(tok, w):
    if tok == 'MIN':
        return 1 << (w - 1)
    if tok == 'MAX':
        return M(w - 1)
    return tok & M(w)


def int_cases(I, rng):
    fam = {'addc': 'addc', 'subc': 'subc'}.get(I.op, I.op)
    if I.op in ('add', 'sub') and I.writes_cc:
        fam = I.op + 'c'
    cases = [tuple(resolve(t, w) for t, w in zip(c, I.src)) for c in HAND.get(fam, [])
             if len(c) == len(I.src)]
    pools = [POS if (I.op in ('bfe', 'bfi') and k >= len(I.src) - 2) or
             (I.op in ('szext', 'fns') and k == 1) or I.op == 'bmsk'
             else pool(w, rng) for k, w in enumerate(I.src)]
    while len(cases) < 10:
        cases.append(tuple(rng.choice(p) & M(w) for p, w in zip(pools, I.src)))
    if I.op == 'mad' and 'sat' in I.mods:   # positive and negative saturation
        cases += [(0x7fffffff, 0x7fffffff, 0x7fffffff), (0x80000000, 0x7fffffff, 0x80000000)]
    if I.op == 'mad24' and 'sat' in I.mods:
        cases += [(0x7fffff, 0x7fffff, 0x7fffffff), (0x800000, 0x7fffff, 0x80000000)]
    if I.op == 'dp4a' or I.op == 'dp2a':
        cases += [(0xffffffff, 0xffffffff, 0), (0x7f80ff01, 0x80ff017f, 0x12345678)]
    return cases


def fbits(fmt, v):
    """Bits of an exactly representable (or specially named) value in fmt."""
    if v == 'nan':
        return {'f16': 0x7e00, 'bf16': 0x7fc0, 'f32': 0x7fc00000, 'f64': 0x7ff8000000000000}[fmt]
    if v in ('inf', '-inf'):
        return encode(('inf', v == '-inf'), fmt, 'rn', False, False)
    if v == 'max' or v == '-max':
        E, m = FMT[fmt]
        return (v == '-max') << (E + m) | (M(E) - 1) << m | M(m)
    return encode(('fin', 1 if v < 0 else 0, abs(Fraction(v))), fmt, 'rn', False, False)


def tiny(fmt, k):
    """k times the smallest subnormal of fmt."""
    E, m = FMT[fmt]
    return Fraction(k) * Fraction(2) ** (2 - (1 << (E - 1)) - m)


def minnorm(fmt):
    return Fraction(2) ** (2 - (1 << (E_(fmt) - 1)))


def E_(fmt):
    return FMT[fmt][0]


def ulp1(fmt):
    return Fraction(1, 1 << FMT[fmt][1])


def mixed_cases(I, rng):
    """9.7.5: halves a (and b), f32 c: ties, cancellation, signed zeros, specials, random."""
    h = I.btype
    hb, fb = (lambda v: fbits(h, v)), (lambda v: fbits('f32', v))
    uh, uf, th = ulp1(h), ulp1('f32'), tiny(h, 1)
    if I.op == 'fma':
        tri = [(1 + uh, 1 + uh, -1), (1 + uh, 1 - uh, -1), (1, 1, uf / 2), (1, 1, -uf / 4),
               (1, -1, 1), (0, -1, 0), ('inf', 0, 1), ('nan', 1, 1), (2, 2, '-inf'),
               ('max', 'max', 0), (th, th, 0), (-th, th, 0), (Fraction(1, 2), Fraction(3, 2), 1),
               (-3, 1, 1), (3, 1, 'max')]
        cases = [(hb(x), hb(y), fb(z)) for x, y, z in tri]
    else:
        pairs = [(1, uf / 2), (1, -uf / 2), (1, -uf / 4), (-1, 3 * uf / 4), (1, 1), (1, -1),
                 (th, 0), (th, -th), ('inf', '-inf'), ('inf', 'inf'), ('nan', 1), (0, 0),
                 (Fraction(1, 2), Fraction(3, 4)), (-2, Fraction(1, 4)), ('max', 'max'),
                 (Fraction(3, 2), '-max')]
        cases = [(hb(x), fb(y)) for x, y in pairs]
    nz = 0x8000
    cases.append((nz,) * (len(I.src) - 1) + (0x80000000,))
    for _ in range(8):  # random halves, c near their value's exponent
        ops = [rng.getrandbits(1) << 15 | rng.randrange(1, 0x7c00 if h == 'f16' else 0x7f80)
               for _ in range(len(I.src) - 1)]
        e = 127 + rng.randrange(-20, 21)
        cases.append(tuple(ops) + (rng.getrandbits(1) << 31 | e << 23 | rng.getrandbits(23),))
    return cases


def float_cases(I, rng):
    if I.mixed:
        return mixed_cases(I, rng)
    fmt = I.type.replace('x2', '')
    b = lambda v: fbits(fmt, v)
    mn, u = minnorm(fmt), ulp1(fmt)
    nz = 1 << (sum(FMT[fmt]))                      # -0.0
    if I.op == 'copysign':                         # every sign pair over zeros, subnormals,
        mags = [0, tiny(fmt, 1), mn, 1, 'max', 'inf', 'nan']  # normals, infinities, NaNs
        cases = [(b(-1 if sa else 1), b(v) | sb * nz) for v in mags for sa in (0, 1)
                 for sb in (0, 1)]
        qnan, snan = b('nan'), b('inf') | 7           # NaN payloads, quiet and signalling,
        cases += [(b(-2), qnan | 0x15), (b(2), snan | nz), (b(-2), snan),  # and NaN as the
                  (nz | qnan, b(3)), (qnan, b(-3))]                       # sign's source
        return cases
    if I.op in ('div', 'rcp', 'sqrt', 'rsqrt'):
        return divsqrt_cases(I, fmt, rng)
    if I.op == 'testp':                            # every class and its boundaries, both signs,
        E, m = FMT[fmt]                            # NaN payloads, and random bits
        vals = [0, 1, M(m), 1 << m, b(1), b('max'), b('inf'), b('inf') | 1, b('nan'),
                b('inf') | M(m), b('nan') | 0x15]
        return [(v | sg * nz,) for v in vals for sg in (0, 1)] + \
            [(rng.getrandbits(E + m + 1),) for _ in range(4)]
    if I.op in ('abs', 'neg', 'min', 'max'):       # signs, zeros, subnormals (.ftz), NaNs
        qn, sn = b('nan') | 0x11, b('inf') | 5       # NaN payloads, quiet and signalling
        vals = [b(0), nz, b(tiny(fmt, 1)), b(-tiny(fmt, 3)), b(1), b(-1), b(Fraction(3, 2)),
                b(-2), b('inf'), b('-inf'), b('-max'), qn, nz | sn]
        if I.op in ('abs', 'neg'):
            cases = [(v,) for v in vals + [nz | qn, sn]]
        elif I.three:                              # orders of three, zeros, NaNs in 0-3 places
            t1, t3, z = b(tiny(fmt, 1)), b(-tiny(fmt, 3)), b(0)
            cases = [(z, nz, z), (nz, z, nz), (z, z, nz), (b(1), b(-1), b(2)),
                     (b(-1), b(-2), b(-3)), (b(-3), b(2), b(-1)), (b(2), b(-3), b(1)),
                     (t1, t3, nz), (t3, z, b(1)), (b('inf'), b('-inf'), b('-max')),
                     (b(-2), b('max'), b(Fraction(3, 2))), (qn, b(-1), b(2)),
                     (b(2), nz | sn, b(-1)), (b(1), b(-2), qn), (qn, nz | sn, b(-1)),
                     (b(3), qn, qn), (qn, nz | sn, qn), (nz | qn, nz, z), (b('-inf'), qn, t1)]
            cases += [(rng.choice(vals), rng.choice(vals), rng.choice(vals)) for _ in range(6)]
        else:
            t1, t3, z = b(tiny(fmt, 1)), b(-tiny(fmt, 3)), b(0)
            cases = [(z, nz), (nz, z), (b(1), b(-1)), (b(-1), b(-2)), (b(-2), b(-1)),
                     (b(Fraction(3, 2)), b(1)), (t1, t3), (t3, nz), (t1, z),
                     (b('inf'), b('-inf')), (b('-max'), b('-inf')), (b(-1), b('max'))]
            cases += [(qn, b(-1)), (b(2), nz | sn), (qn, nz | sn), (nz | sn, qn), (qn, nz),
                      (b('-inf'), qn)]
            cases += [(rng.choice(vals), rng.choice(vals)) for _ in range(6)]
        if I.packed:
            w = sum(FMT[fmt]) + 1
            cases = [tuple(hi << w | lo for hi, lo in zip(cases[i], cases[-1 - i]))
                     for i in range(len(cases))]
        return cases
    if I.op == 'mul':
        pairs = [(Fraction(3, 2), Fraction(5, 4)), (1 + u, 1 + u), (1 + u, 1 - u / 2),
                 (mn, Fraction(1, 2)), (mn, 1 - u / 2), (mn * 2, Fraction(1, 2) - u / 4),
                 (tiny(fmt, 3), Fraction(1, 2)), ('max', 2), ('-max', Fraction(3, 2)),
                 ('inf', 0), (0, '-inf'), ('nan', 1), (-1, 0), (tiny(fmt, 1), tiny(fmt, 1)),
                 (mn * (1 + u), 1 - u), (1, 'nan'), (-1, 'inf'), (0, -1), (mn, 2)]
        cases = [(b(x), b(y)) for x, y in pairs]      # mn(1+u)(1-u): tiny only before rounding
        cases.append((nz, b(3)))                      # -0 * 3 = -0 (sat: +0)
    elif I.op in ('sub', 'add'):
        sgn = -1 if I.op == 'sub' else 1          # c[1] is subtracted by sub, added by add
        pairs = [(Fraction(3, 2), Fraction(1, 4)), (1, u / 128), (-1, u / 128),
                 (1, 3 * u / 4), (tiny(fmt, 3), tiny(fmt, 1)), (mn, mn - tiny(fmt, 1)),
                 (mn + tiny(fmt, 1), mn), (Fraction(1, 2), 1), (2, Fraction(1, 2)),
                 (Fraction(5, 4), Fraction(5, 4)), ('nan', 1), ('inf', 'inf'), ('max', '-max'),
                 ('-max', 'max'), (0, 0)]
        cases = []
        for x, y in pairs:
            yy = y
            if sgn == 1 and not isinstance(y, str):
                yy = -Fraction(y)
            elif sgn == 1:
                yy = {'inf': '-inf', '-max': 'max', 'max': '-max'}.get(y, y)
            cases.append((b(x), b(yy)))
        cases.append((nz, b(0)))                      # -0 - +0 = -0 (sat: +0)
        cases.append((nz, nz))
    else:
        h = Fraction(1, 1 << (FMT[fmt][1] // 2 + 1))   # (1+h)(1-h) - 1 = -h*h exactly (fused)
        tri = [(1 + u, 1 + u, 0), (1, 1, -1), (1 + h, 1 - h, -1),
               (mn * 2, Fraction(1, 2) - u / 4, 0), (1, 1, tiny(fmt, 1)),
               (1 - u / 2, mn, 0), ('inf', 0, 1), ('inf', 1, '-inf'), (1, 1, 'nan'),
               ('max', 2, 0), ('-max', 2, 0), (Fraction(1, 2), Fraction(1, 2), Fraction(1, 4)),
               (2, 1, 0), (-1, 1, 0), (tiny(fmt, 1), tiny(fmt, 1), 0),
               (Fraction(2) ** -60, Fraction(2) ** -70, 0)]
        cases = [tuple(b(v) for v in t) for t in tri]
        cases.append((nz, b(1), nz))                  # -0*1 + -0 = -0 (sat: +0)
        cases.append((b(3), b(-2), b(6)))             # exact zero: +0, rm: -0
        if 'oob' in I.mods:                           # the OOB NaN in a or b, with any c; other
            nn = b('inf') | 0x77 << (FMT[fmt][1] - 7)  # NaNs (and the OOB one as c) stay NaN
            cases += [(0x7ff7, b(1), b(1)), (b(2), 0xfff7, b('nan')), (0xfff7, 0, b('inf')),
                      (b(1), b(1), 0x7ff7), (b('nan'), b(1), b(1)), (nn | nz, b(1), b(-1)),
                      (0x7fff, b(-1), b(0))]
    if fmt == 'f64':                                   # NaN payloads: quiet and signalling,
        qn, sn = b('nan') | 0x1234, b('inf') | 0x5678  # both signs, in every operand position
        nans = [(sn, qn | nz), (b(1), sn | nz), (qn | nz, sn), (b('inf'), b('-inf'))]
        n = len(cases[0])
        cases += [(x, y, b(1))[:n] for x, y in nans]
        if n == 3:
            cases += [(b(1), b(2), sn | nz), (b(0), b('inf'), qn), (b(2), qn | nz, sn)]
    w, m = sum(FMT[fmt]) + 1, FMT[fmt][1]
    bias = M(FMT[fmt][0] - 1)
    rnd_bits = lambda e: rng.getrandbits(1) << (w - 1) | max(0, min(e, 2 * bias)) << m \
        | rng.getrandbits(m)
    for _ in range(8):              # random values whose exponents interact (cancel, round)
        if I.op in ('mad', 'fma'):
            ea, eb = bias + rng.randrange(-3, 4), bias + rng.randrange(-3, 4)
            exps = [ea, eb, ea + eb - bias + rng.randrange(-2, 3)]
        else:
            e = rng.choice([0, 1, 2, bias - 1, bias, bias + 1, 2 * bias - 1,
                            rng.randrange(1, 2 * bias)])
            exps = [e + rng.randrange(3), e + rng.randrange(3)]
        cases.append(tuple(rnd_bits(e) for e in exps))
    if I.packed:                                       # pair the cases up, element-wise
        cases = [tuple(hi << w | lo for hi, lo in zip(cases[i], cases[-1 - i]))
                 for i in range(len(cases))]
    return cases


def divsqrt_cases(I, fmt, rng):
    """Specials, results near the subnormal range (the .ftz edge 2^emin among them), overflow,
    ties, NaN payloads (both operands NaN for div), then random operands."""
    b = lambda v: fbits(fmt, v)
    mn, u, t1 = minnorm(fmt), ulp1(fmt), tiny(fmt, 1)
    nz = 1 << (sum(FMT[fmt]))
    qnan, snan = b('nan'), b('inf') | 7
    if I.op == 'div':
        pairs = [(1, 3), (-2, 3), (1, 'max'), (mn, 3), (t1, 2), (3 * t1, 2), (mn, 1 + u),
                 (mn - t1, 1 - u), ('max', Fraction(1, 2)), (1, t1), (0, 0), ('inf', '-inf'),
                 (1, 0), (-1, 0), (6, -3), ('inf', 2), (2, '-inf')]
        cases = [(b(x), b(y)) for x, y in pairs]
        cases += [(nz, b(5)), (qnan | 5, snan | nz), (b(2), snan), (qnan | nz | 9, b(1))]
        if 'approx' in I.mods:                       # |b| in (2^126, 2^128): 1/b flushes
            big = Fraction(2) ** 127
            cases += [(b(1), b(big)), (b('inf'), b(-big)), (b(3), b(big * 3 / 2)),
                      (b(Fraction(2) ** 126), b(Fraction(2) ** 126))]
    else:
        vals = [3, -3, 0, 'inf', '-inf', 'max', t1, 3 * t1, mn, 1 + u, Fraction(1, 4), 2, 1 - u,
                -1, mn * (1 + u)]
        cases = [(b(v),) for v in vals] + [(nz,), (qnan | 5,), (snan | nz,)]
        if fmt == 'f64' and 'approx' in I.mods:      # the lower word is ignored (.ftz forms)
            cases += [(0x7ff0000000000001,), (0x3ff00000ffffffff,), (0x7fe0000000000000,),
                      (0x7fd0000000000001,), (0x000fffffffffffff | nz,)]
    w, m = sum(FMT[fmt]) + 1, FMT[fmt][1]
    bias = M(FMT[fmt][0] - 1)
    for _ in range(8):
        e = rng.choice([0, 1, bias, 2 * bias - 1, rng.randrange(1, 2 * bias)])
        n = 2 if I.op == 'div' else 1
        cases.append(tuple(rng.getrandbits(1) << (w - 1) | max(0, min(e + rng.randrange(-2, 3), 2 * bias)) << m | rng.getrandbits(m) for _ in range(n)))
    return cases


# ---- .approx transcendentals (9.7.3.18-22, 9.7.4.9-10): ~VALUE BOUND expectations ---------------
# The value is the double-precision result of Python's math module (the C library's sin, cos,
# log2, exp2, tanh: far closer to the truth than the bounds), the bound the spec's Notes for the
# input's range; the special inputs of the spec's tables (+-0, +-Inf, NaN, lg2 of a negative,
# flushed subnormals under .ftz) keep exact expectations.
import struct

APPROX_FN = {'sin': math.sin, 'cos': math.cos, 'lg2': math.log2, 'ex2': lambda x: 2.0 ** x,
             'tanh': math.tanh}


APPROX_TRANSCENDENTAL = ('sin', 'cos', 'lg2', 'ex2', 'tanh')  # ~ lines; the algebraic .approx: bits


def approx_spellings():
    out = ['%s.approx%s.f32' % (op, f) for op in ('sin', 'cos', 'lg2', 'ex2')
           for f in ('', '.ftz')]
    out += ['tanh.approx.f32']
    out += ['tanh.approx.' + t for t in ('f16', 'f16x2', 'bf16', 'bf16x2')]
    out += ['ex2.approx.f16', 'ex2.approx.f16x2', 'ex2.approx.ftz.bf16', 'ex2.approx.ftz.bf16x2']
    return out


def to_bits(fmt, x):
    """Bits of x (a double exactly representable in fmt, or +-inf / nan)."""
    if fmt == 'f32':
        return struct.unpack('<I', struct.pack('<f', x))[0]
    if fmt == 'f16':
        return struct.unpack('<H', struct.pack('<e', x))[0]
    return struct.unpack('<I', struct.pack('<f', x))[0] >> 16      # bf16: x has <= 8 bits


def from_bits(fmt, b):
    if fmt == 'f32':
        return struct.unpack('<f', struct.pack('<I', b))[0]
    if fmt == 'f16':
        return struct.unpack('<e', struct.pack('<H', b))[0]
    return struct.unpack('<f', struct.pack('<I', b << 16))[0]


def approx_bound(op, fmt, x, y):
    """The spec's bound for input x (result y), or None where the spec gives none."""
    if op in ('sin', 'cos'):
        return 'abs=2^-20.5' if abs(x) <= 2 * math.pi else \
            'abs=2^-14.7' if abs(x) <= 100 * math.pi else None
    if op == 'lg2':
        return 'abs=2^-22' if 0.5 < x < 2 else 'rel=2^-22'
    if op == 'ex2':
        if fmt == 'f32':
            return 'ulp=2'
        tiny = 2.0 ** -14 if fmt == 'f16' else 2.0 ** -126
        big = 65504.0 if fmt == 'f16' else 3.3895313892515355e38
        return None if y < tiny or y > big else 'rel=2^-9.9' if fmt == 'f16' else 'rel=2^-7'
    if fmt == 'f32':
        return 'rel=2^-11'
    return 'abs=2^-10.987' if fmt == 'f16' else 'abs=2^-8'


def approx_elem(op, fmt, ftz, b):
    """(expectation, bound or None) for one element of input bits b."""
    w = 32 if fmt == 'f32' else 16
    x = from_bits(fmt, b)
    E = 8 if fmt != 'f16' else 5
    sub = (b >> (w - 1 - E)) & M(E) == 0 and b & M(w - 1 - E)
    if ftz and sub:
        x = -0.0 if b >> (w - 1) else 0.0
    if math.isnan(x):
        return 'nan', None
    special = {('sin', 0): x, ('cos', 0): 1.0, ('lg2', 0): -math.inf, ('ex2', 0): 1.0,
               ('tanh', 0): x}
    if x == 0:
        y = special[(op, 0)]
    elif math.isinf(x):
        y = {'sin': math.nan, 'cos': math.nan, 'lg2': math.inf if x > 0 else math.nan,
             'ex2': math.inf if x > 0 else 0.0, 'tanh': math.copysign(1.0, x)}[op]
    elif op == 'lg2' and x < 0:
        y = math.nan
    else:
        try:
            y = APPROX_FN[op](x)
        except OverflowError:
            y = math.inf
        bound = approx_bound(op, fmt, x, y)
        if bound is None or math.isinf(y):
            return None, None                 # no bound here: the caller draws another input
        return '~' + y.hex(), bound
    if math.isnan(y):
        return 'nan', None
    return '0x%0*x' % (w // 4, to_bits(fmt, y)), None


def approx_inputs(op, fmt, rng):
    """Input values: the spec's special ones, the ends of its ranges, then random ones in them."""
    vals = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, -1.0, 0.5]
    lo, hi = {'sin': (-100 * math.pi, 100 * math.pi), 'cos': (-100 * math.pi, 100 * math.pi),
              'lg2': (2.0 ** -100, 2.0 ** 100), 'ex2': (-126.0, 127.9), 'tanh': (-12.0, 12.0)}[op]
    if fmt == 'f16':
        lo, hi = max(lo, -60000.0), min(hi, 60000.0)
        if op == 'ex2':
            lo, hi = -14.0, 15.9
        if op == 'lg2':
            lo, hi = 2.0 ** -14, 60000.0
    if op in ('sin', 'cos'):
        vals += [2 * math.pi, -2 * math.pi, 100.0, 3.0]
    if op == 'lg2':
        vals += [-3.0, 0.75, 1.5, 1.0e-30, 1.0e30, 2.0]
    vals += [rng.uniform(lo, hi) for _ in range(6)]
    out = []
    for v in vals:
        b = to_bits(fmt, v) if not math.isnan(v) else to_bits(fmt, v) | 1
        if fmt == 'f32':
            b = struct.unpack('<I', struct.pack('<f', v))[0]
        out.append(b)
    sub = 1 if fmt != 'f32' else 3                   # a subnormal: flushed under .ftz
    out += [sub, (1 << (31 if fmt == 'f32' else 15)) | sub]
    return out


def approx_lines(name, rng):
    I = Insn(name)
    fmt = I.type.replace('x2', '')
    ftz = 'ftz' in I.mods
    w = 32 if fmt == 'f32' else 16
    elems = []
    for b in approx_inputs(I.op, fmt, rng):
        want, bound = approx_elem(I.op, fmt, ftz, b)
        if want is not None:
            elems.append((b, want, bound))
    out = []
    if not I.packed:
        for b, want, bound in elems:
            out.append('%-22s 0x%0*x -> %s%s\n' % (name, w // 4, b, want,
                                                    ' ' + bound if bound else ''))
        return out
    # packed: pairs whose approximate elements share one bound (the last element repeats)
    for k in range(0, len(elems), 2):
        hi = elems[k]
        lo = elems[k + 1] if k + 1 < len(elems) else elems[0]
        if hi[2] and lo[2] and hi[2] != lo[2]:
            lo = elems[0]
        bound = hi[2] or lo[2]
        out.append('%-22s 0x%04x%04x -> %s:%s%s\n' % (name, hi[0], lo[0], hi[1], lo[1],
                                                     ' ' + bound if bound else ''))
    return out


# ---- output -------------------------------------------------------------------------------------

def fmt_operand(I, v, w):
    """Decimal for small integer operands (exercises the decimal syntax), else hex."""
    if w == 1:                                         # a predicate: 0 or 1
        return str(v)
    if not I.float and not I.slct:                     # (slct: hex, its d may be a float type)
        sv = sx(v, w) if I.signed or I.op in ('fns',) else v
        if -256 <= sv <= 256 and not I.packed:
            return str(sv)
    return '0x%0*x' % (w // 4, v)


def fmt_result(I, r, k):
    if I.dst == 1:                                     # a predicate: 0 or 1
        return str(r)
    if I.dst == 2:                                     # two, p|q
        return '%d|%d' % (r & 1, r >> 1)
    if I.dst == 33:                                    # a register and a predicate, d|p
        return '0x%08x|%d' % (r & M(32), r >> 32)
    if I.packed and k % 2 == 0:                        # every other line element-wise: HI:LO
        h = I.dst // 2
        return '0x%0*x:0x%0*x' % (h // 4, r >> h, h // 4, r & M(h))
    return '0x%0*x' % (I.dst // 4, r)


def setp_eval(I, a):
    """9.7.6.2 on the decoded values (floats: Fractions, .ftz zeroing subnormals; any NaN makes the
    ordered operators false, the unordered true), then the BoolOp with c: p | q << 1."""
    cmp = next(c for c in SETP_FLOAT + ['lo', 'ls', 'hi', 'hs'] if c in I.mods)

    def holds(x, y):
        if I.float:
            x, y = (decode(v, I.type.replace('x2', ''), 'ftz' in I.mods) for v in (x, y))
            if NAN in (x, y):
                return cmp == 'nan' or (cmp.endswith('u') and cmp != 'num')
            val = lambda d: (-1 if d[1] else 1) * (d[2] if d[0] == 'fin' else Fraction(10) ** 400)
            x, y = val(x), val(y)
            return cmp != 'nan' and (cmp == 'num' or {'eq': x == y, 'ne': x != y, 'lt': x < y,
                                                      'le': x <= y, 'gt': x > y,
                                                      'ge': x >= y}[cmp.rstrip('u')])
        x, y = ((sx(v, I.n) if I.signed else v) for v in (x, y))
        return {'eq': x == y, 'ne': x != y, 'lt': x < y, 'le': x <= y, 'gt': x > y, 'ge': x >= y,
                'lo': x < y, 'ls': x <= y, 'hi': x > y, 'hs': x >= y}[cmp]
    # a packed source (9.7.7): each half by itself, the low one first
    ts = [holds(a[0] >> h & 0xffff, a[1] >> h & 0xffff) for h in (0, 16)] if I.packed \
        else [holds(a[0], a[1])]
    c = a[2] if len(a) > 2 else None
    bop = next((b for b in SETP_BOOL if b in I.mods), None)
    f = lambda t: int({None: t, 'and': t and c, 'or': t or c, 'xor': t != c}[bop])
    if I.op == 'set':  # true: 1.0 in d's float format, else all ones (a packed source's: a half's)
        one = {'f32': 0x3f800000, 'f16': 0x3c00, 'f16x2': 0x3c00, 'bf16': 0x3f80, 'bf16x2': 0x3f80,
               'u16': 0xffff, 's16': 0xffff}.get(I.btype, 0xffff if I.packed else 0xffffffff)
        return sum((one if f(t) else 0) << 16 * h for h, t in enumerate(ts))
    # p = BoolOp(t, c), q = BoolOp(!t, c); packed: q of the high halves' t
    return f(ts[0]) | f(ts[1] if I.packed else not ts[0]) << 1


# 9.7.9.7 prmt's modes, the spec's table as printed: for c[1:0] = 0..3, the sources of d.b3 .. d.b0
PRMT_TABLE = {'f4e': ['3210', '4321', '5432', '6543'], 'b4e': ['5670', '6701', '7012', '0123'],
              'rc8': ['0000', '1111', '2222', '3333'], 'ecl': ['3210', '3211', '3222', '3333'],
              'ecr': ['0000', '1110', '2210', '3210'], 'rc16': ['1010', '3232', '1010', '3232']}


def int_limits(t):
    n = int(t[1:])
    return (-(1 << (n - 1)), (1 << (n - 1)) - 1) if t[0] == 's' else (0, (1 << n) - 1)


def cvt_int_eval(I, a):
    """9.7.9.21, 6.5.1 on Python integers: a's low atype bits as its value, .sat clamping to
    dtype's range, the low dtype bits as dtype's value, written over d's register."""
    na, nd = int(I.atype[1:]), int(I.dtype[1:])
    v = sx(a, na) if I.atype[0] == 's' else a & M(na)
    lo, hi = int_limits(I.dtype)
    if 'sat' in I.mods:
        v = min(max(v, lo), hi)
    v = sx(v & M(nd), nd) if I.dtype[0] == 's' else v & M(nd)
    return v & M(I.dst)


def cvt_int_cases(I, rng):
    """Each type's range ends and one past them (in a's register), zero, random bits."""
    w = I.src[0]
    ends = [e + k for t in ('u8', 's8', 'u16', 's16', 'u32', 's32', 'u64', 's64')
            for e in int_limits(t) for k in (-1, 0, 1)]
    vals = sorted({e & M(w) for e in ends})
    return [(rng.choice(vals),) for _ in range(9)] + [(rng.getrandbits(w),) for _ in range(3)]


# ---- 9.7.9.21 cvt with a float type (docs/SEMANTICS.md "Conversion with a float type") --------

CVT_INTS = ('u8', 'u16', 'u32', 'u64', 's8', 's16', 's32', 's64')
CVT_FLOATS = ('f16', 'bf16', 'f32', 'f64')
CVT_IRND = ('rni', 'rzi', 'rmi', 'rpi')


CVT_X = ('f16x2', 'bf16x2', 'tf32')   # the other destinations, from .f32 alone


def cvt_reg(t):
    """A cvt operand's register width: its type's, 8-bit types in 16 bits (the packed types and
    .tf32: 32)."""
    return 32 if t in CVT_X else max(16, int(t.lstrip('bfsu')))


def cvtf_spellings():
    """The section's syntax lines: cvt{.frnd|.irnd}{.ftz}{.sat}.dtype.atype with a float among
    the types. Integer to float and float to a narrower float (f16 <-> bf16 too): .frnd required;
    float to integer: .irnd required; float to the same float: .irnd or none; float to a wider
    float: none. .ftz where .f32 is one of the types; .sat on an integer, .f16, .f32 or .f64 d;
    cvt.frnd2{.relu}{.satfinite}.f16/.bf16.f32 with .rn/.rz."""
    size = {'f16': 16, 'bf16': 16, 'f32': 32, 'f64': 64}
    out = []

    def rows(dt, at, rnds, relu=False):
        ftzs = ('', '.ftz') if 'f32' in (dt, at) else ('',)
        sats = ('',) if dt == 'bf16' else ('', '.sat')
        out.extend('cvt%s%s%s.%s.%s' % ('.' + r if r else '', f, s, dt, at)
                   for r in rnds for f in ftzs for s in sats)
        if relu:
            out.extend('cvt.%s%s%s.%s.%s' % (r, rl, sf, dt, at) for r in ('rn', 'rz')
                       for rl in ('', '.relu') for sf in ('', '.satfinite') if rl or sf)

    for dt in CVT_FLOATS:
        for at in CVT_INTS:
            rows(dt, at, RND)
    for at in CVT_FLOATS:
        for dt in CVT_INTS:
            rows(dt, at, CVT_IRND)
    for dt in CVT_FLOATS:
        for at in CVT_FLOATS:
            if dt == at:
                rows(dt, at, ('',) + CVT_IRND)
            elif size[dt] > size[at]:
                rows(dt, at, ('',))
            else:
                rows(dt, at, RND, relu=at == 'f32' and dt in ('f16', 'bf16'))
    # cvt.frnd2{.relu}{.satfinite}.f16x2.f32 d, a, b (and .bf16x2), cvt.rna{.satfinite}.tf32.f32,
    # cvt.frnd2{.satfinite}{.relu}.tf32.f32 (.satfinite first there)
    out.extend('cvt.%s%s%s.%s.f32' % (r, rl, sf, dt) for dt in ('f16x2', 'bf16x2')
               for r in ('rn', 'rz') for rl in ('', '.relu') for sf in ('', '.satfinite'))
    out.extend('cvt.rna%s.tf32.f32' % sf for sf in ('', '.satfinite'))
    out.extend('cvt.%s%s%s.tf32.f32' % (r, sf, rl) for r in ('rn', 'rz')
               for sf in ('', '.satfinite') for rl in ('', '.relu'))
    return out


def round_int(q, rnd):
    """The Fraction q rounded to an integer in mode rnd (rn: ties to even)."""
    fl = q.numerator // q.denominator
    rem = q - fl
    if rnd == 'rz':
        return fl if q >= 0 else -((-q).numerator // (-q).denominator)
    if rnd == 'rm':
        return fl
    if rnd == 'rp':
        return fl + (rem > 0)
    return fl + (rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1))


def cvtx_elem(I, fmt, a):
    """One element of the forms from .f32 of the other destinations: .f32 a rounded to fmt (f16,
    bf16: a half of the packed d; tf32: 1.8.10 bits) in .rn / .rz / .rna (ties away), overflow by
    the mode (to +-Inf, .rz to +-MAX), a NaN the canonical one (all ones but the sign); then
    .satfinite (+-Inf to +-MAX) and .relu (negatives, -0 and -Inf to +0; NaN stays)."""
    E, m = FMT[fmt]
    x = decode(a, 'f32', False)
    rnd = next(r for r in ('rn', 'rz', 'rna') if r in I.mods)
    d = M(E + m) if x == NAN else encode(x, fmt, rnd, False, False)
    top = 1 << (E + m)
    if 'satfinite' in I.mods and d & M(E + m) == M(E) << m:
        d = (d & top) | (M(E) - 1) << m | M(m)
    if 'relu' in I.mods and d & top:
        d = 0
    return d


def cvtx_eval(I, a):
    """.f16x2/.bf16x2: a's element in the high half, b's in the low; .tf32: its bits << 13."""
    if I.dtype == 'tf32':
        return cvtx_elem(I, 'tf32', a[0]) << 13
    fmt = I.dtype[:-2]
    return cvtx_elem(I, fmt, a[0]) << 16 | cvtx_elem(I, fmt, a[1])


def cvtf_eval(I, a):
    """d's register bits: a's value (an integer's low atype bits; a float decoded, an .f32
    subnormal a a zero under .ftz), then
    - to an integer d: NaN 0, or 1 << (width - 1) when a is .f64 or d 64 bits; else rounded by
      .irnd, clamped to d's range (infinities included), extended into a 16-bit register by
      dtype's signedness for the 8-bit types;
    - to a float d: NaN the canonical NaN, but to .f64 a's sign and payload (at the top of the
      fraction), quieted; .irnd on the same type: roundToIntegral, a zero keeping the operand's
      sign; else rounded once in .frnd (a wider d: exact), overflow by mode, .ftz on an .f32 d
      (tiny after rounding), .sat to [+0, 1] (NaN, -0 and negatives +0); .satfinite: +-Inf to
      +-MAX_NORM; .relu: negatives and -0 to +0 (NaN stays canonical)."""
    dt, at, mods = I.dtype, I.atype, I.mods
    ftz = 'ftz' in mods
    if at in CVT_INTS:
        na = int(at[1:])
        v = sx(a, na) if at[0] == 's' else a & M(na)
        x = ('fin', int(v < 0), Fraction(abs(v)))           # an int 0 is +0.0
    else:
        x = decode(a, at, ftz and at == 'f32')
    if dt in CVT_INTS:
        nd = int(dt[1:])
        lo, hi = int_limits(dt)
        if x == NAN:
            r = 1 << (nd - 1) if at == 'f64' or nd == 64 else 0
        elif x[0] == 'inf':
            r = lo if x[1] else hi
        else:
            r = min(max(round_int(-x[2] if x[1] else x[2], I.irnd[:2]), lo), hi)
        r &= M(nd)
        if dt[0] == 's':
            r = sx(r, nd)
        return r & M(I.dst)
    E, m = FMT[dt]
    sat = 'sat' in mods
    if x == NAN and dt == 'f64' and not sat:
        Ea, ma = FMT[at]
        return (a >> (Ea + ma) & 1) << 63 | M(11) << 52 | 1 << 51 | (a & M(ma)) << (52 - ma)
    if I.irnd and x[0] == 'fin':                            # round to integral, same type
        n = round_int(-x[2] if x[1] else x[2], I.irnd[:2])
        x = ('fin', x[1], Fraction(abs(n)))                 # (a zero keeps a's sign)
    d = encode(x, dt, I.frnd or 'rn', ftz and dt == 'f32', sat)
    top = 1 << (E + m)
    if 'satfinite' in mods and d & M(E + m) == M(E) << m:   # +-Inf (NaN has a fraction)
        d = (d & top) | (M(E) - 1) << m | M(m)
    if 'relu' in mods and d & top:
        d = 0
    return d


# docs/SEMANTICS.md's own examples for cvt with a float type: (spelling, a, d)
CVTF_EXAMPLES = [('cvt.rz.f16.f32', 0x501502f9, 0x7bff),               # 1e10: MAX_NORM
                 ('cvt.rzi.f32.f32', 0xbf000000, 0x80000000),           # -0.5: -0.0
                 ('cvt.rzi.s32.f64', 0x7ff8000000000000, 0x80000000),   # NaN from .f64
                 ('cvt.rzi.u8.f32', 0x7fc00000, 0x0000),
                 ('cvt.rzi.s8.f64', 0x7ff8000000000000, 0xff80),
                 ('cvt.f64.f32', 0xff800001, 0xfff8000020000000)]       # payload, quieted


# and for the other destinations (spelling, a (and b), d), worked by hand from the rules
CVTX_EXAMPLES = [('cvt.rn.f16x2.f32', (0x3f801000, 0x477ff000), 0x3c007c00),  # tie to even; 65520
                 ('cvt.rz.f16x2.f32', (0x3f803000, 0x477ff000), 0x3c017bff),  # MAX_NORM
                 ('cvt.rn.relu.satfinite.bf16x2.f32', (0xff800000, 0x7fa00000), 0x00007fff),
                 ('cvt.rn.satfinite.bf16x2.f32', (0xff800000, 0x3f818000), 0xff7f3f82),
                 ('cvt.rna.tf32.f32', (0x3f801000,), 0x3f802000),              # tie: away
                 ('cvt.rn.tf32.f32', (0x3f801000,), 0x3f800000),               # tie: even
                 ('cvt.rn.tf32.f32', (0x7f7ff000,), 0x7f800000),               # overflow
                 ('cvt.rz.tf32.f32', (0x7f7fffff,), 0x7f7fe000),
                 ('cvt.rna.satfinite.tf32.f32', (0xff7ff000,), 0xff7fe000),
                 ('cvt.rna.tf32.f32', (0x00001000,), 0x00002000),              # subnormal tie
                 ('cvt.rz.satfinite.relu.tf32.f32', (0xffc00000,), 0x7fffe000)]


def cvtf_self_check():
    for name, a, d in CVTF_EXAMPLES:
        assert cvtf_eval(Insn(name), a) == d, (name, hex(a), hex(cvtf_eval(Insn(name), a)))
    for name, a, d in CVTX_EXAMPLES:
        assert cvtx_eval(Insn(name), a) == d, (name, a, hex(cvtx_eval(Insn(name), a)))


def nan_bits(fmt, sign, quiet, payload):
    """A NaN of fmt: the sign, the quiet bit, a payload below it (nonzero when signalling)."""
    E, m = FMT[fmt]
    f = payload & M(m - 1) | quiet << (m - 1)
    return sign << (E + m) | M(E) << m | (f or 1)


def cvtf_cases(I, rng):
    """Per kind of conversion: NaNs with payloads and signs, +-Inf, +-0, subnormals (.ftz),
    halfway points and ties of d's format in each direction, overflow, d's integer range ends and
    one past them (clamps), -0.5 (a kept -0.0), .sat / .relu / .satfinite inputs, random values."""
    dt, at = I.dtype, I.atype
    ints = at in CVT_INTS
    vals = []                                    # Fractions / fbits names, or ('bits', b)
    if ints:                                     # integer a: ties of d's precision, range ends
        p = FMT[dt][1] + 1
        lo, hi = int_limits(at)
        want = [0, hi, lo if lo else 1, -1, (1 << p) + 1, (1 << p) + 3, -((1 << p) + 1),
                (1 << (p + 1)) + 3]
        if dt == 'f16':                          # f16's overflow: 65520 is MAX_NORM + ulp/2
            want += [65519, 65520, -65520]
        want += [(1 << p) - 1, 2, -3]
        seen, vs = set(), []
        for v in want:
            if lo <= v <= hi and v not in seen:
                seen.add(v)
                vs.append(v)
        vs = vs[:10]
        while len(vs) < 12:                      # random: any, and near d's rounding grain
            r = 1 << (p + 2)
            vs.append(rng.randrange(lo, hi + 1) if len(vs) % 2 else
                      rng.randrange(max(lo, -r), min(hi, r) + 1))
        w, na = I.src[0], int(at[1:])
        return [((v & M(w)) if w == na or k % 4 != 3 else   # an 8-bit a, sign-extended in its
                 (v & M(na)) | rng.getrandbits(8) << 8,)    # register, or over any upper byte
                for k, v in enumerate(vs)]
    Ea, ma = FMT[at]
    nza = 1 << (Ea + ma)
    nanp = ('bits', nan_bits(at, rng.getrandbits(1), 1, rng.getrandbits(ma)))
    snan = ('bits', nan_bits(at, 1, 0, 0x15))
    rnd_val = lambda: ('bits', rng.getrandbits(1) << (Ea + ma) |
                       rng.randrange(1, M(Ea)) << ma | rng.getrandbits(ma))
    if dt in CVT_INTS:                           # float to integer: rounding, clamps, NaN
        lo, hi = int_limits(dt)
        hi_in = encode(('fin', 0, Fraction(hi)), at, 'rz', False, False)   # largest <= hi,
        past = encode(('fin', 0, Fraction(hi + 1)), at, 'rp', False, False)  # least >= hi + 1
        vals = [nanp, 'inf', '-inf', ('bits', nza), Fraction(-1, 2), Fraction(5, 2),
                Fraction(-3, 2), tiny(at, 1), -tiny(at, 3), ('bits', hi_in),
                ('bits', hi_in + 1)] + [('bits', past)] * (past != hi_in + 1) + [
                Fraction(lo) - 1 if lo else Fraction(-7, 4), rng.choice(('max', '-max'))]
        n = int(dt[1:])
        for _ in range(2):                       # random values with fractions in d's range
            mag = Fraction(rng.getrandbits(min(n, ma + 2)), 1 << rng.randrange(0, 4))
            vals.append(mag * rng.choice((1, -1)) if lo else mag)
    elif dt == at and I.irnd:                    # round to integral in the same type
        p = ma + 1
        vals = [nanp, '-inf', ('bits', nza), Fraction(-1, 2), Fraction(1, 2), Fraction(5, 2),
                Fraction(-3, 2), tiny(at, 1), -tiny(at, 3),
                Fraction(2) ** (p - 2) + Fraction(1, 2), 'max', rnd_val()]
        e = rng.randrange(-2, p + 1)
        vals.append(Fraction(rng.getrandbits(p) | 1 << (p - 1), 1 << (p - 1)) *
                    Fraction(2) ** e * rng.choice((1, -1)))
    elif dt == at:                               # the same type, no rounding: .ftz, .sat, NaN
        vals = [snan, nanp, ('bits', nza), tiny(at, 1), -tiny(at, 3), Fraction(3, 2), -2,
                'inf', '-inf', 'max', Fraction(3, 4), rnd_val()]
    elif FMT[dt][1] > ma and FMT[dt][0] >= Ea:   # to a wider float: exact; NaN payloads to f64
        vals = [nanp, snan, tiny(at, 1), -tiny(at, 5), minnorm(at), 'max', '-inf',
                ('bits', nza), Fraction(3, 2), Fraction(-1, 4), Fraction(3, 4), rnd_val(),
                rnd_val()]
    else:                                        # narrower (or f16 <-> bf16): one rounding
        Ed, md = FMT[dt]
        ud = ulp1(dt)
        maxd = (2 - Fraction(1, 1 << md)) * Fraction(2) ** M(Ed - 1)
        umax = Fraction(2) ** (M(Ed - 1) - md)   # the ulp at d's largest finite value
        t1 = tiny(dt, 1)
        cand = [1 + ud / 2, -(1 + 3 * ud / 2), 1 + ud / 2 + ud / 8, -(2 + ud / 4),
                maxd + umax / 2, -(maxd + umax / 4), maxd + umax, t1 / 2, -t1 * 3 / 4,
                t1 * 3 / 2, minnorm(dt) * (1 - ud / 4), -minnorm(dt) * (1 - ud / 8),
                minnorm(dt) * 3 / 4]
        exact = [v for v in cand if decode(fbits(at, v), at, False) ==
                 ('fin', int(v < 0), abs(v))]
        vals = [nanp, rng.choice(('inf', '-inf')), ('bits', nza), Fraction(-3, 2)] + exact
        if at == 'f32':
            vals.append(tiny('f32', 1))          # .ftz: 0; .rp: d's smallest subnormal
        vals.append(rng.choice(('max', '-max')))
        ed, n = M(Ed - 1), max(len(vals) + 2, 14)
        while len(vals) < n:                     # random values in d's exponent range
            e = rng.randrange(max(-ed - md, -(1 << (Ea - 1)) + 2), ed + 2)
            vals.append(Fraction(rng.getrandbits(ma + 1) | 1 << ma, 1 << ma) *
                        Fraction(2) ** e * rng.choice((1, -1)))
    bits = [v[1] if isinstance(v, tuple) else fbits(at, v) for v in vals]
    return [(v,) for k, v in enumerate(bits) if v not in bits[:k]]


def cvtx_cases(I, rng):
    """The other destinations from .f32: per element format, ties at 1 and 2 (to even down and up;
    .rna away), just above and below halfway, the overflow threshold (MAX + ulp/2: a tie), past
    it, f32's MAX, +-Inf, NaNs, -0, a negative (.relu), d's subnormal ties and the rounding into
    its min normal, f32's least subnormal, random values. Packed forms: these paired at random
    (d, a, b), 12 lines; .tf32 16."""
    fmt = 'tf32' if I.dtype == 'tf32' else I.dtype[:-2]
    Ed, md = FMT[fmt]
    ud, t1 = ulp1(fmt), tiny(fmt, 1)
    maxd = (2 - Fraction(1, 1 << md)) * Fraction(2) ** M(Ed - 1)
    umax = Fraction(2) ** (M(Ed - 1) - md)       # the ulp at d's largest finite value
    nanp = ('bits', nan_bits('f32', rng.getrandbits(1), 1, rng.getrandbits(23)))
    snan = ('bits', nan_bits('f32', 1, 0, 0x15))
    rnd_val = lambda: Fraction(rng.getrandbits(24) | 1 << 23, 1 << 23) * rng.choice((1, -1)) * \
        Fraction(2) ** rng.randrange(max(-M(Ed - 1) - md, -126), M(Ed - 1) + 1)
    vals = [nanp, 'inf', '-inf', ('bits', 1 << 31), Fraction(-3, 2), 1 + ud / 2,
            -(1 + 3 * ud / 2), 1 + ud / 2 + ud / 8, 2 + ud, maxd + umax / 2, -(maxd + umax / 4),
            'max', t1 / 2, -t1 * 5 / 2, minnorm(fmt) * (1 - ud / 4)]
    if fmt != 'tf32':                            # 24 for 12 pairs
        vals += [snan, -(2 + ud / 4), maxd + umax * 3 / 4, -t1 * 3 / 4, t1 * 3 / 2,
                 -minnorm(fmt) * (1 - ud / 8), ('bits', 1), rnd_val(), rnd_val()]
        rng.shuffle(vals)
    bits = [v[1] if isinstance(v, tuple) else fbits('f32', v) for v in vals]
    assert all(decode(b, 'f32', False) == ('fin', int(v < 0), abs(v)) for v, b in zip(vals, bits)
               if isinstance(v, Fraction)), 'a case not exact in .f32'
    if fmt == 'tf32':
        return [(b,) for b in bits] + [(fbits('f32', rnd_val()),)]
    return [(bits[2 * k], bits[2 * k + 1]) for k in range(12)]


# ---- 9.7.9.21 cvt with the OCP MX formats (docs/SEMANTICS.md "Conversion with the OCP MX formats")
# Written from the formats' definitions in OCP Microscaling Formats (MX) v1.0 (5.3 the element
# types, 5.4.1 E8M0) and the section's text, on exact Fractions; never from ptxcpu's code.
# name: (exponent bits, mantissa bits, bias, what the all-ones exponent holds: 'nan' e4m3's
# S.1111.111 NaN only, 'ieee' e5m2's infinities and NaNs, None a normal binade)
MX_FMT = {'e4m3': (4, 3, 7, 'nan'), 'e5m2': (5, 2, 15, 'ieee'), 'e2m3': (2, 3, 1, None),
          'e3m2': (3, 2, 3, None), 'e2m1': (2, 1, 1, None)}
MX_MAX = {'e4m3': (Fraction(448), 0x7e), 'e5m2': (Fraction(57344), 0x7b),   # SEMANTICS' values
          'e2m3': (Fraction(15, 2), 0x1f), 'e3m2': (Fraction(28), 0x1f), 'e2m1': (Fraction(6), 0x7)}
MX_F8, MX_F6, MX_F4 = ('e4m3x2', 'e5m2x2'), ('e2m3x2', 'e3m2x2'), ('e2m1x2',)
MX_HALF = ('f16x2', 'bf16x2')
SCALED = 'scaled::n2::ue8m0'


def cvtmx_spellings():
    """The section's syntax lines for the x2 MX types (no .rs: cvtrs_spellings; no x4 forms):
    cvt.rn.satfinite{.relu}.fNx2type.f32 / .fp16x2type, cvt.rn{.relu}.f16x2.fNx2type,
    cvt.rn{.relu}{.satfinite}{.scaled::n2::ue8m0}.bf16x2.fNx2type for N = 8, 6, 4;
    cvt.frnd3{.satfinite}.ue8m0x2.f32 / .bf16x2, cvt.rn.bf16x2.ue8m0x2;
    cvt.rn.satfinite{.relu}{.scaled::n2::ue8m0}.s2f6x2.f32 / .bf16x2,
    cvt.rn{.satfinite}{.relu}{.scaled::n2::ue8m0}.bf16x2.s2f6x2."""
    out = []
    for x in MX_F8 + MX_F6 + MX_F4:
        for rl in ('', '.relu'):
            out += ['cvt.rn.satfinite%s.%s.%s' % (rl, x, a) for a in ('f32',) + MX_HALF]
            out.append('cvt.rn%s.f16x2.%s' % (rl, x))
            out += ['cvt.rn%s%s%s.bf16x2.%s' % (rl, sf, sc, x) for sf in ('', '.satfinite')
                    for sc in ('', '.' + SCALED)]
    out += ['cvt.%s%s.ue8m0x2.%s' % (r, sf, a) for r in ('rz', 'rp') for sf in ('', '.satfinite')
            for a in ('f32', 'bf16x2')]
    out.append('cvt.rn.bf16x2.ue8m0x2')
    for rl in ('', '.relu'):
        for sc in ('', '.' + SCALED):
            out += ['cvt.rn.satfinite%s%s.s2f6x2.%s' % (rl, sc, a) for a in ('f32', 'bf16x2')]
            out += ['cvt.rn%s%s%s.bf16x2.s2f6x2' % (sf, rl, sc) for sf in ('', '.satfinite')]
    return out


class MXInsn:
    """A CVTMX spelling: d's and a's types, modifiers, operand and result widths."""

    def __init__(self, name):
        tok = name.split('.')
        self.name, self.dtype, self.atype, self.mods = name, tok[-2], tok[-1], set(tok[1:-2])
        self.relu, self.satf = 'relu' in self.mods, 'satfinite' in self.mods
        self.scaled = SCALED in self.mods
        self.rnd = next(r for r in ('rn', 'rz', 'rp') if r in self.mods)
        if self.atype == 'f32':
            self.src = [32, 32]
        elif self.atype in MX_HALF:
            self.src = [32]
        else:                                   # a .b16 (.e2m1x2: its .b8 in a 16-bit register)
            self.src = [16, 16] if self.scaled else [16]
        if self.scaled and self.dtype == 's2f6x2':  # the scale factors after the sources
            self.src.append(16)
        self.dst = 32 if self.dtype in MX_HALF else 16


def mx_decode(bits, f):
    """An element's value: ('nan',) | ('inf', sign) | ('fin', sign, magnitude)."""
    E, m, bias, top = MX_FMT[f]
    sg, e, fr = bits >> (E + m) & 1, bits >> m & M(E), bits & M(m)
    if e == M(E) and (top == 'ieee' or top == 'nan' and fr == M(m)):
        return NAN if fr or top == 'nan' else ('inf', sg)
    if e == 0:
        return ('fin', sg, Fraction(fr, 1 << m) * Fraction(2) ** (1 - bias))
    return ('fin', sg, Fraction((1 << m) | fr, 1 << m) * Fraction(2) ** (e - bias))


def mx_encode(val, f, relu):
    """.rn.satfinite{.relu}: the exact value rounded once to nearest even on f's grid (subnormals,
    exponent unbounded above), then a magnitude past MAX_NORM (and +-Inf) is +-MAX_NORM; a zero
    keeps the sign; .relu: a negative result or -0 is +0. NaN: 0x7f for the 8-bit formats, +MAX_NORM
    for the 6- and 4-bit ones (which have no NaN)."""
    E, m, bias, top = MX_FMT[f]
    mx = MX_MAX[f][0]
    if val == NAN:
        return 0x7f if top else M(E + m)
    sg = val[1]
    r = mx if val[0] == 'inf' else Fraction(0) if val[2] == 0 else \
        min(mx, round_mag(val[2], sg, m + 1, 1 - bias, 'rn'))
    if relu and sg:
        return 0
    if r == 0:
        return sg << (E + m)
    e = ilog2(r)
    if e < 1 - bias:                                       # subnormal: a count of the least one
        q = r / Fraction(2) ** (1 - bias - m)
        code = int(q)
    else:
        q = r / Fraction(2) ** (e - m)
        code = (e + bias) << m | (int(q) - (1 << m))
    assert q.denominator == 1
    return sg << (E + m) | code


def half_from(val, h, scale, relu, satf):
    """An exact value (or NaN / Inf) to f16 / bf16 bits: times 2^(scale - 127) (scale 0xff, the
    ue8m0 NaN: the canonical NaN), rounded once to nearest even (overflow Inf, subnormals on the
    format's grid), then .satfinite (+-Inf to +-MAX_NORM) and .relu (negatives and -0 to +0)."""
    if scale == 0xff:
        val = NAN
    if val[0] == 'fin':
        val = ('fin', val[1], val[2] * Fraction(2) ** (scale - 127))
    d = encode(val, h, 'rn', False, False)
    if satf and d & 0x7fff == (0x7c00 if h == 'f16' else 0x7f80):
        d -= 1
    if relu and d & 0x8000:
        d = 0
    return d


def ue8m0_encode(val, rnd, satf):
    """A magnitude to ue8m0 (2^(e - 127), e = 0..254, 0xff NaN; no zero, no sign): .rz the largest
    power of two not above it, .rp the smallest not below, 2^-127 at least (zero and tiny: 0x00);
    past 2^127 and +-Inf: 0xff, .satfinite 0xfe; NaN 0xff."""
    if val == NAN:
        return 0xff
    if val[0] == 'inf':
        return 0xfe if satf else 0xff
    x = val[2]
    if x == 0:
        return 0
    k = ilog2(x)
    if rnd == 'rp' and Fraction(2) ** k != x:
        k += 1
    if k > 127:
        return 0xfe if satf else 0xff
    return max(k, -127) + 127


def cvtmx_eval(I, ops):
    """d's bits; a's element (a's upper half, a's upper element) in d's upper element."""
    at, dt = I.atype, I.dtype
    if at == 'f32':
        vals = [decode(ops[0], 'f32', False), decode(ops[1], 'f32', False)]
    elif at in MX_HALF:
        vals = [decode(ops[0] >> 16, at[:-2], False), decode(ops[0] & 0xffff, at[:-2], False)]
    elif at == 's2f6x2':
        vals = [s2f6_decode(ops[0] >> 8 & 0xff), s2f6_decode(ops[0] & 0xff)]
    else:
        eb = 4 if at == 'e2m1x2' else 8
        els = [ops[0] >> eb & M(eb), ops[0] & M(eb)]       # (.e2m1x2: the register's low byte)
        if at in MX_F6:
            assert all(e < 0x40 for e in els), 'a 6-bit element with its top bits set'
        if at == 'ue8m0x2':
            vals = [NAN if e == 0xff else ('fin', 0, Fraction(2) ** (e - 127)) for e in els]
        else:
            vals = [mx_decode(e, at[:-2]) for e in els]
    if dt in MX_HALF:
        sc = [ops[1] >> 8, ops[1] & 0xff] if I.scaled else [0x7f, 0x7f]
        r = [half_from(v, dt[:-2], s, I.relu, I.satf) for v, s in zip(vals, sc)]
        return r[0] << 16 | r[1]
    if dt == 'ue8m0x2':
        r = [ue8m0_encode(v, I.rnd, I.satf) for v in vals]
        return r[0] << 8 | r[1]
    if dt == 's2f6x2':                                     # (the scale factors: the last source)
        sc = [ops[-1] >> 8, ops[-1] & 0xff] if I.scaled else [0x7f, 0x7f]
        r = [s2f6_encode(v, s, I.relu) for v, s in zip(vals, sc)]
        return r[0] << 8 | r[1]
    r = [mx_encode(v, dt[:-2], I.relu) for v in vals]
    return r[0] << (4 if dt == 'e2m1x2' else 8) | r[1]


# docs/SEMANTICS.md's examples and the formats' ends, worked by hand: (spelling, sources, d)
CVTMX_EXAMPLES = [
    ('cvt.rn.satfinite.e4m3x2.f32', (0xb5800000, 0x43e00000), 0x807e),   # -2^-20: -0; 448
    ('cvt.rn.satfinite.relu.e4m3x2.f32', (0xb5800000, 0x7fc00000), 0x007f),
    ('cvt.rn.satfinite.e4m3x2.f32', (0xffc00000, 0x7f800000), 0x7f7e),   # NaN 0x7f; Inf MAX
    ('cvt.rn.satfinite.e5m2x2.f32', (0x47600000, 0xffc00001), 0x7b7f),   # 57344; NaN
    ('cvt.rn.satfinite.e5m2x2.f32', (0xff800000, 0x47700000), 0xfb7b),   # -Inf; 61440: MAX
    ('cvt.rn.satfinite.e2m3x2.f32', (0x40f00000, 0x7fc00000), 0x1f1f),   # 7.5; NaN +MAX
    ('cvt.rn.satfinite.e3m2x2.f32', (0x41e00000, 0xff800000), 0x1f3f),   # 28; -Inf -MAX
    ('cvt.rn.satfinite.e2m1x2.f32', (0x40c00000, 0xffc00000), 0x0077),   # 6; NaN +MAX
    ('cvt.rn.satfinite.e2m1x2.f32', (0x3fa00000, 0x3fe00000), 0x0024),   # 1.25 -> 1, 1.75 -> 2
    ('cvt.rn.satfinite.e2m1x2.f16x2', (0x34003a00,), 0x0002),            # 0.25 -> 0, 0.75 -> 1
    ('cvt.rn.f16x2.e4m3x2', (0x7e7f,), 0x5f007fff),                      # 448; NaN
    ('cvt.rn.satfinite.bf16x2.e5m2x2', (0x7cfc,), 0x7f7fff7f),           # +-Inf: +-MAX_NORM
    ('cvt.rn.relu.bf16x2.e5m2x2', (0xfc7c,), 0x00007f80),
    ('cvt.rn.scaled::n2::ue8m0.bf16x2.e4m3x2', (0x3838, 0xff80), 0x7fff4000),  # 1 * NaN; 1 * 2
    ('cvt.rn.scaled::n2::ue8m0.bf16x2.e4m3x2', (0x1b19, 0x0000), 0x00060004),  # 5.5, 4.5 ulps
    ('cvt.rn.bf16x2.ue8m0x2', (0x00ff,), 0x00407fff),                    # 2^-127; NaN
    ('cvt.rn.bf16x2.ue8m0x2', (0xfe7f,), 0x7f003f80),                    # 2^127; 1
    ('cvt.rz.ue8m0x2.f32', (0x00000000, 0x7f800000), 0x00ff),
    ('cvt.rz.satfinite.ue8m0x2.f32', (0x7fc00000, 0xff800000), 0xfffe),
    ('cvt.rz.ue8m0x2.f32', (0x3fc00000, 0xbfc00000), 0x7f7f),            # 1.5: 1 (sign ignored)
    ('cvt.rp.ue8m0x2.f32', (0x3fc00000, 0x7f000001), 0x80ff),            # 2; past 2^127
    ('cvt.rp.satfinite.ue8m0x2.bf16x2', (0x7f010030,), 0xfe00),          # past 2^127; 1.5 2^-128
    ('cvt.rp.ue8m0x2.bf16x2', (0x00600040,), 0x0100),                    # 1.5 2^-127; 2^-127
    # .s2f6x2 (s8 * 2^-6): 255/128 is 127.5 steps (even: 128, clamped to 127), -257/128 -128.5
    # (-128); 3/128 1.5 steps (2), -1/128 -0.5 (0, no -0)
    ('cvt.rn.satfinite.s2f6x2.f32', (0x3fff0000, 0xc0008000), 0x7f80),
    ('cvt.rn.satfinite.s2f6x2.f32', (0x3cc00000, 0xbc000000), 0x0200),
    # FLT_MAX / 2^127 (just under 2: 0x7f), 2^-127 / 2^-127 = 1 (0x40)
    ('cvt.rn.satfinite.scaled::n2::ue8m0.s2f6x2.f32', (0x7f7fffff, 0x00400000, 0xfe00), 0x7f40),
    ('cvt.rn.satfinite.relu.s2f6x2.bf16x2', (0xbf807fc0,), 0x007f),     # -1: 0; NaN: MAX
    ('cvt.rn.satfinite.scaled::n2::ue8m0.s2f6x2.bf16x2', (0x3f80bf80, 0xffff), 0x7f7f),  # NaN scale
    ('cvt.rn.bf16x2.s2f6x2', (0x80ff,), 0xc000bc80),                   # -2; -2^-6
    # -2 * 2^127 overflows (.satfinite: -MAX_NORM); 2^-6 * 2^-127: bf16's least subnormal
    ('cvt.rn.satfinite.scaled::n2::ue8m0.bf16x2.s2f6x2', (0x8001, 0xfe00), 0xff7f0001),
    ('cvt.rn.relu.scaled::n2::ue8m0.bf16x2.s2f6x2', (0x7fc0, 0xff7f), 0x7fff0000)]  # NaN; -1: 0


def cvtmx_self_check():
    for f, (mx, code) in MX_MAX.items():
        assert mx_decode(code, f) == ('fin', 0, mx), f
        assert mx_encode(('fin', 0, mx * 4), f, False) == code, f
    for name, ops, d in CVTMX_EXAMPLES:
        got = cvtmx_eval(MXInsn(name), ops)
        assert got == d, (name, [hex(x) for x in ops], hex(got), hex(d))


def mx_values(f):
    """Inputs for a conversion to f (exact Fractions, or named specials): around zero, the
    subnormals and their ties, the least normal, ties at 1 (to even down and up, just above),
    MAX_NORM, its ulp's midpoint and beyond (saturation), f32's extremes, -2^-20 (SEMANTICS)."""
    E, m, bias = MX_FMT[f][:3]
    sub, nrm, u1 = Fraction(2) ** (1 - bias - m), Fraction(2) ** (1 - bias), Fraction(1, 1 << m)
    mx = MX_MAX[f][0]
    umax = Fraction(2) ** (ilog2(mx) - m)            # the ulp at MAX_NORM
    return ['nan', 'snan', 'inf', '-inf', Fraction(0), '-0', sub / 2, -sub * 3 / 4, sub,
            sub * 3 / 2, -sub * 5 / 2, nrm - sub, (nrm - sub / 2), -nrm, 1 + u1 / 2,
            -(1 + 3 * u1 / 2), 1 + u1 / 2 + Fraction(1, 128), 1 - u1 / 4, mx, -mx,
            mx + umax / 2, mx + umax / 4, -(mx + umax), mx * 3, 'max', 'tiny', '-tiny',
            -Fraction(2) ** -20]


def src_bits(fmt, v, rng):
    """v's bits in fmt (f32, f16, bf16), None where v is not exact there."""
    E, m = FMT[fmt]
    if v == 'nan':
        return nan_bits(fmt, rng.getrandbits(1), 1, rng.getrandbits(m))
    if v == 'snan':
        return nan_bits(fmt, 1, 0, 0x15)
    if v == '-0':
        return 1 << (E + m)
    if v in ('tiny', '-tiny'):
        return (v[0] == '-') << (E + m) | 1
    b = fbits(fmt, v)
    if isinstance(v, Fraction) and decode(b, fmt, False) != ('fin', int(v < 0), abs(v)):
        return None
    return b


def rand_src(fmt, lo, hi, rng):
    """A random value of fmt (its full precision) with exponent in [lo, hi], either sign."""
    E, m = FMT[fmt]
    v = Fraction(rng.getrandbits(m) | 1 << m, 1 << m) * Fraction(2) ** rng.randrange(lo, hi + 1)
    return fbits(fmt, v * rng.choice((1, -1)))


def mx_scale_cases(f, rng):
    """(element, scale) pairs of the scaled forms where bf16's rounding decides: products on
    bf16's subnormal grid (2^-133) at ties, just off them, under half of it, and the overflow
    edge (the largest scale that stays finite, and the next), per element value."""
    E, m = MX_FMT[f][:2]
    codes = [c for c in range(1 << (E + m)) if mx_decode(c, f)[0] == 'fin' and c]
    grid = Fraction(2) ** -133
    big = (2 - Fraction(1, 128)) * Fraction(2) ** 127
    ties, off, under, edge = [], [], [], []
    for c in codes:
        v = mx_decode(c, f)[2]
        for s in range(0, 12):
            q = v * Fraction(2) ** (s - 127) / grid
            if q.denominator == 2:
                ties.append((c, s))
            elif q.denominator > 2:
                (under if q < Fraction(1, 2) else off).append((c, s))
        fin = [s for s in range(255) if v * Fraction(2) ** (s - 127) < big + Fraction(2) ** 119]
        if fin and fin[-1] < 254:
            edge += [(c, fin[-1]), (c, fin[-1] + 1)]
    out = []
    for group in (ties, off, under, edge):
        if group:
            out += rng.sample(group, min(4, len(group)))
    return out


def cvtmx_cases(I, rng):
    """Operand tuples: to an MX format, mx_values() (those exact in a .f16x2 / .bf16x2 source)
    and random values over the format's range, paired at random; from an MX format, every element
    value of the 4- and 6-bit formats, the 8-bit formats' zeros, NaNs, infinities, subnormal and
    normal ends and random codes (the scaled forms: scales 0x7f, 0x00, 0xfe, 0xff and random, with
    the bf16 rounding cases of mx_scale_cases); ue8m0: powers of two and the points between
    them around 2^-127 and 2^127, and every code back to .bf16x2 (.s2f6x2: s2f6_cases)."""
    at, dt = I.atype, I.dtype
    if 's2f6x2' in (at, dt):
        return s2f6_cases(I, rng)
    if dt in MX_F8 + MX_F6 + MX_F4 or dt == 'ue8m0x2':
        sfmt = 'f32' if at == 'f32' else at[:-2]
        if dt == 'ue8m0x2':
            p2 = lambda k: Fraction(2) ** k
            vals = ['nan', 'inf', '-inf', Fraction(0), '-0', Fraction(1), Fraction(3, 2),
                    -Fraction(3, 2), Fraction(3, 4), p2(127), p2(127) * Fraction(129, 128),
                    -p2(126) * 3, 'max', p2(-127), p2(-127) * 3 / 2, -p2(-126),
                    p2(-126) * Fraction(129, 128), p2(-128), 'tiny', -p2(-133) * 5]
            lo, hi = -130, 127
        else:
            vals = mx_values(dt[:-2])
            m, bias = MX_FMT[dt[:-2]][1:3]
            lo, hi = -bias - m - 1, ilog2(MX_MAX[dt[:-2]][0]) + 1
        bits = [b for b in (src_bits(sfmt, v, rng) for v in vals) if b is not None]
        while len(bits) < 28 or len(bits) % 2:
            bits.append(rand_src(sfmt, lo, hi, rng))
        rng.shuffle(bits)
        pairs = [(bits[k], bits[k + 1]) for k in range(0, len(bits), 2)]
        return pairs if at == 'f32' else [(h << 16 | l,) for h, l in pairs]
    # from an MX format (or ue8m0) to .f16x2 / .bf16x2
    f = at[:-2]
    if at == 'ue8m0x2':
        codes = list(range(256))
    elif at in MX_F4 + MX_F6:
        codes = list(range(16 if at in MX_F4 else 64))
    else:
        E, m, bias, top = MX_FMT[f]
        codes = [0x00, 0x80, 0x01, 0x81, M(m), (1 << m) | 0x80, MX_MAX[f][1], MX_MAX[f][1] | 0x80,
                 bias << m, 0x7f, 0xff] + ([0x7c, 0xfc, 0x7d, 0xfe] if top == 'ieee' else [])
        while len(codes) < 32:
            codes.append(rng.getrandbits(8))
    rng.shuffle(codes)
    if len(codes) % 2:
        codes.append(rng.getrandbits(6))
    eb = 4 if at == 'e2m1x2' else 8
    regs = [codes[k] << eb | codes[k + 1] for k in range(0, len(codes), 2)]
    if at == 'e2m1x2':                           # its .b8 in a 16-bit register: any upper byte
        regs += [rng.getrandbits(16) for _ in range(4)]
    if not I.scaled:
        return [(r,) for r in regs]
    scales = [0x7f, 0x00, 0xfe, 0xff, 0x80, 0x76]
    out = [(r, rng.choice(scales) << 8 | (rng.choice(scales) if k % 2 else rng.getrandbits(8)))
           for k, r in enumerate(regs)]
    sc = mx_scale_cases(f, rng)
    if len(sc) % 2:
        sc.append((1 << MX_FMT[f][1], 0x7f))
    for k in range(0, len(sc), 2):
        (c1, s1), (c2, s2) = sc[k], sc[k + 1]
        if k % 4:
            c1 |= 1 << (eb - 1) if at not in MX_F6 else 0x20   # the negative twin
        out.append((c1 << eb | c2, s1 << 8 | s2))
    return out


def vec_lines(name, cases, result, src, dst, halves, op=None):
    """A line per operand tuple of cases: the operands in hex of widths src (or as op(k, v) gives
    source k), d = result(ops) in hex of width dst, every other line as HI:LO where d is two
    halves."""
    op = op or (lambda k, v: '0x%0*x' % (src[k] // 4, v))
    out = []
    for k, ops in enumerate(cases):
        r = result(ops)
        res = '0x%04x:0x%04x' % (r >> 16, r & 0xffff) if halves and k % 2 == 0 else \
            '0x%0*x' % (dst // 4, r)
        out.append('%-22s %s -> %s\n' % (name, ' '.join(op(j, v) for j, v in enumerate(ops)), res))
    return out


def mov_packed(ops, ebits):
    """d of mov d, {a, b, ...}: the elements' low ebits bits, a's lowest."""
    return int.from_bytes(b''.join((v & M(ebits)).to_bytes(ebits // 8, 'little') for v in ops),
                          'little')


def movpack_lines(name, rng):
    """mov d, {a, b} / {a, b, c, e} (9.7.9.4): d's bytes are the elements' little-endian bytes in
    operand order; an 8-bit element is the low byte of a 16-bit register (its high byte random)."""
    mn, n = name.split(' ')[0], int(name.split('{')[1].split(' ')[0])
    dbits = int(mn.split('.b')[1])
    ebits = dbits // n
    rbits = max(ebits, 16)
    top = (1 << rbits) - 1
    cases = [[0] * n, [top] * n, [0x5555555555555555 & top, 0xaaaaaaaaaaaaaaaa & top] * (n // 2),
             [(k + 1) * 0x0101010101010101 & top for k in range(n)]]
    cases += [[rng.getrandbits(rbits) for _ in range(n)] for _ in range(8 if dbits < 128 else 16)]

    packed = lambda ops: mov_packed(ops, ebits)
    worked = {'mov.b32 2': ([0x1234, 0xabcd], 0xabcd1234),  # the spec's d = a.x | (a.y << 16)
              'mov.b32 4': ([0x112, 0x234, 0x356, 0x478], 0x78563412),  # high bytes ignored
              'mov.b64 2': ([0x11112222, 0x33334444], 0x3333444411112222),
              # the spec's mov.b128 %y, {%b1, %b2}: d = a.x | (a.y << 64); and a.x | ... (a.w << 96)
              'mov.b128 2': ([0x1111222233334444, 0x5555666677778888],
                             0x55556666777788881111222233334444),
              'mov.b128 4': ([1, 2, 3, 4], 0x00000004000000030000000200000001)}
    if '%s %d' % (mn, n) in worked:
        ops, want = worked['%s %d' % (mn, n)]
        assert packed(ops) == want, (mn, n)
    return vec_lines(mn, cases, packed, [rbits] * n, dbits, False)


# mov's unpack forms (9.7.9.4): (type, destinations); element j of a is bits [j*w, (j+1)*w) of a,
# w = its width / the count, in destination j (x the lowest); an 8-bit element goes to a 16-bit
# register, zero-extended. The line gives the destinations in order joined by '|', each in hex of
# its register's width: the count of results picks the form (one: 9.7.9.3's mov d, a).
MOV_UNPACK = (('b16', 2), ('b32', 4), ('b32', 2), ('b64', 4), ('b64', 2), ('b128', 4),
              ('b128', 2))


def mov_unpack(a, abits, n):
    """The destinations' values, x first."""
    w = abits // n
    return [a >> (j * w) & M(w) for j in range(n)]


def movunpack_line(mn, a, n):
    abits = int(mn.split('.b')[1])
    rbits = max(abits // n, 16)
    return '%-22s 0x%0*x -> %s\n' % (mn, abits // 4, a, '|'.join(
        '0x%0*x' % (rbits // 4, v) for v in mov_unpack(a, abits, n)))


# (type, count, a, the line's results) worked by hand, the spec's examples among them:
# mov.b32 {r,g,b,a},%r1; mov.b64 {lo,hi}, %x (%x a double: pi); mov.b128 {%b1, %b2}, %y
MOVUNPACK_EXAMPLES = [
    ('b16', 2, 0xabcd, '0x00cd|0x00ab'), ('b32', 2, 0x12345678, '0x5678|0x1234'),
    ('b32', 4, 0x80ff0112, '0x0012|0x0001|0x00ff|0x0080'),
    ('b64', 2, 0x400921fb54442d18, '0x54442d18|0x400921fb'),
    ('b64', 4, 0x1111222233334444, '0x4444|0x3333|0x2222|0x1111'),
    ('b128', 2, 0x55556666777788881111222233334444, '0x1111222233334444|0x5555666677778888'),
    ('b128', 4, 0x00000004000000030000000200000001, '0x00000001|0x00000002|0x00000003|0x00000004')]


# docs/VECTORS.md's examples ("Several destinations and vector operands"), as the generator
# writes them (but single-spaced): vectors_md_self_check
VECTORS_MD_EXAMPLES = [
    'mov.b32 0x12345678 -> 0x5678|0x1234',
    'mov.b16 0xabcd -> 0x00cd|0x00ab',
    'mov.b128 0x1111222233334444 0x5555666677778888 -> 0x55556666777788881111222233334444',
    'mov.b128 0x00000004000000030000000200000001 -> 0x00000001|0x00000002|0x00000003|0x00000004',
    'cvt.rs.satfinite.e4m3x4.f32 0x3f864000 0x3f864000 0x3bf20000 0xb8200000 0x9c9b38fa -> '
    '0x39380480',
    'cvt.rs.satfinite.e2m1x4.f32 0x40a00000 0x40a00000 0xbe800000 0x3e800000 0x80807f7f -> 0x7690']


def vectors_md_self_check():
    one = lambda line: ' '.join(line.split())
    got = [movunpack_line('mov.b32', 0x12345678, 2), movunpack_line('mov.b16', 0xabcd, 2)]
    got += vec_lines('mov.b128', [(0x1111222233334444, 0x5555666677778888)],
                     lambda ops: mov_packed(ops, 64), (64, 64), 128, False)
    got.append(movunpack_line('mov.b128', 0x00000004000000030000000200000001, 4))
    for name, ops, d in (CVTRS4_EXAMPLES[0], CVTRS4_EXAMPLES[-3]):   # (asserted there too)
        got += vec_lines(name, [ops], lambda o: cvtrs4_eval(name, o), (32,) * 5,
                         16 if 'e2m1' in name else 32, False)
    assert [one(g) for g in got] == VECTORS_MD_EXAMPLES, [one(g) for g in got]


def movunpack_lines(name, rng):
    """a: zero, all ones, alternating bits, ascending bytes (element j's bytes j + 1), elements
    with the top bit set (no sign extension), one element nonzero at a time, random bits."""
    mn, n = name.split(' ')[0], int(name.split('{')[1].split(' ')[0])
    abits = int(mn.split('.b')[1])
    w, top = abits // n, M(abits)
    for t, k, a, res in MOVUNPACK_EXAMPLES:
        if 'mov.' + t == mn and k == n:
            assert movunpack_line(mn, a, n).split('-> ')[1] == res + '\n', (mn, n)
    cases = [0, top, int('5' * 32, 16) & top, int('a' * 32, 16) & top,
             int.from_bytes(bytes(range(1, abits // 8 + 1)), 'little'),
             sum((1 << (w - 1)) << (j * w) for j in range(n))]
    cases += [(rng.getrandbits(w) | 1) << (j * w) for j in range(n)]
    while len(cases) < 20:
        cases.append(rng.getrandbits(abits))
    return [movunpack_line(mn, a, n) for a in cases]


def cvtmx_lines(name, rng):
    I = MXInsn(name)
    return vec_lines(name, cvtmx_cases(I, rng), lambda ops: cvtmx_eval(I, ops), I.src, I.dst,
                     I.dst == 32)


# ---- .s2f6x2 (5.2.4: s8 * 2^-6), 9.7.9.21 cvt.rs, 9.7.9.22 cvt.pack ------------------------------
# From the spec's text and pseudo-code and docs/SEMANTICS.md's rows ("Conversion with the OCP MX
# formats": .s2f6x2, .rs; "Packing with saturation: cvt.pack"), on exact Fractions and integers.
# .s2f6x2 goes through MXInsn and cvtmx_eval (the scale factors as the other scaled forms'),
# with s2f6_decode / s2f6_encode for its elements.
def P2(k):
    return Fraction(2) ** k


def s2f6_decode(c):
    """An .s2f6 element's exact value (no -0, no Inf or NaN)."""
    v = Fraction(sx(c, 8), 64)
    return ('fin', int(v < 0), abs(v))


def s2f6_encode(val, scale, relu):
    """.rn.satfinite{.relu} to .s2f6: the exact value divided by 2^(scale - 127), rounded once to
    nearest even on the 2^-6 grid, clamped to -128..127 (+-Inf: the ends); NaN and scale 0xff
    (ue8m0's NaN) give 0x7f, +MAX_NORM; .relu: a negative result gives 0."""
    if val == NAN or scale == 0xff:
        return 0x7f
    if val[0] == 'inf':
        k = -128 if val[1] else 127
    else:
        x = signed(val) * 64 / P2(scale - 127)
        k = math.floor(x)
        rem = x - k
        k += rem > Fraction(1, 2) or (rem == Fraction(1, 2) and k % 2 == 1)
        k = max(-128, min(127, k))
    return 0 if relu and k < 0 else k & 0xff


# Elements to .s2f6 (value, scale byte): with scale 127, the grid's ties (to even, either sign;
# -1/128 gives 0), just past a tie, the ends and their ties (255/128: 128, clamped; -257/128:
# -128), past the ends, zeros, specials; scaled, the scale bytes 0 (x 2^127: f32 subnormals come
# to the grid, 1.5 2^-133 a tie), 1, 126, 128, 254 (/ 2^127: FLT_MAX just under 2), 255 (NaN)
S2F6_TO = [Fraction(0), '-0', Fraction(1), Fraction(-1), Fraction(127, 64), Fraction(255, 128),
           Fraction(2), Fraction(-2), Fraction(-257, 128), Fraction(-3), Fraction(1, 128),
           Fraction(3, 128), Fraction(5, 128), Fraction(-3, 128), Fraction(-1, 128),
           Fraction(9, 1024), Fraction(-1, 64), Fraction(5, 4), 'tiny', 'inf', '-inf', 'nan',
           'snan', 'max', '-max']
S2F6_SCALED = [(Fraction(3, 2) * P2(-133), 0), (3 * P2(-133), 1), (P2(-127), 0), (-P2(-126), 0),
               (Fraction(1), 0), (Fraction(-1), 0), (Fraction(3, 2) * P2(127), 254),
               ('max', 254), ('-max', 254), (P2(120), 254), (3 * P2(120), 254), (Fraction(1), 255),
               ('-inf', 255), (Fraction(-2), 255), ('nan', 0), ('inf', 0), (Fraction(3, 4), 126),
               (Fraction(3, 2), 128), ('-0', 254), ('tiny', 0), (Fraction(-5, 4), 127)]
# .s2f6 codes to .bf16x2: zero, +-1 step, the ends, +-1, +-1/2; scaled, (code, scale) at the
# ends of the scale's range: -2 2^127 overflows, 2^-6 2^-127 is bf16's least subnormal, 255 NaN
S2F6_CODES = [0x00, 0x01, 0x02, 0x03, 0x04, 0x08, 0x10, 0x20, 0x3f, 0x40, 0x60, 0x7e, 0x7f,
              0x80, 0x81, 0xa0, 0xc0, 0xe0, 0xfe, 0xff]
S2F6_FROM_SCALED = [(0x80, 254), (0x7f, 254), (0x01, 254), (0x00, 254), (0x81, 253), (0x80, 253),
                    (0x01, 0), (0x80, 0), (0xff, 0), (0x7f, 0), (0x00, 0), (0xc0, 1), (0x7f, 1),
                    (0x40, 255), (0xc1, 255), (0xff, 255), (0x40, 127), (0xff, 127), (0x20, 128),
                    (0x3f, 200), (0xc0, 60)]


def pair_up(items, rng, extra):
    """items shuffled (one from extra() added if odd) and paired: [(first, second), ...]."""
    items = list(items)
    rng.shuffle(items)
    if len(items) % 2:
        items.append(extra())
    return [(items[k], items[k + 1]) for k in range(0, len(items), 2)]


def s2f6_cases(I, rng):
    """Operand tuples of an .s2f6x2 spelling: S2F6_TO / S2F6_SCALED (the values exact in the
    source format) and random values near the grid, or S2F6_CODES / S2F6_FROM_SCALED and random
    codes and scales, two elements a line."""
    if I.atype == 's2f6x2':
        els = list(S2F6_FROM_SCALED) if I.scaled else [(c, 0x7f) for c in S2F6_CODES]
        els += [(rng.getrandbits(8), rng.choice((0x7f, rng.getrandbits(8)))) for _ in range(4)]
        extra = lambda: (rng.getrandbits(8), 0x7f)
    else:
        sfmt = 'f32' if I.atype == 'f32' else 'bf16'
        vals = S2F6_SCALED + rng.sample([(v, 0x7f) for v in S2F6_TO], 8) if I.scaled else \
            [(v, 0x7f) for v in S2F6_TO]
        els = [(b, s) for b, s in ((src_bits(sfmt, v, rng), s) for v, s in vals) if b is not None]

        def extra():                       # a value of the 2^-6 grid's range after the scale
            s = rng.randrange(110, 145) if I.scaled else 0x7f
            return (rand_src(sfmt, s - 127 - 8, s - 127 + 1, rng), s)
        els += [extra() for _ in range(4)]
    out = []
    for (x, s1), (y, s2) in pair_up(els, rng, extra):
        regs = (x << 16 | y,) if I.atype == 'bf16x2' else (x << 8 | y,) if I.atype == 's2f6x2' \
            else (x, y)
        out.append(regs + ((s1 << 8 | s2,) if I.scaled else ()))
    return out


# cvt.rs{.relu}{.satfinite}.f16x2/.bf16x2.f32 d, a, b, rbits: each element truncated on the
# destination's grid (subnormals included, exponent unbounded above), one step away from zero
# when the k bits just below the grid's last place (the top k of them, where more are discarded:
# f16 subnormals) plus the element's k random bits carry out of k bits; k = 13 for f16 (the low
# 13 bits of rbits' half), 16 for bf16. a: rbits' upper half.
RS_BITS = {'f16': 13, 'bf16': 16}


def cvtrs_spellings():
    """cvt.rs{.relu}{.satfinite}.f16x2/.bf16x2.f32 d, a, b, rbits and
    cvt.rs{.relu}.satfinite.{f8x4type, f6x4type, f4x4type}.f32 d, {a, b, e, f}, rbits."""
    return ['cvt.rs%s%s.%s.f32' % (rl, sf, h) for h in MX_HALF for rl in ('', '.relu')
            for sf in ('', '.satfinite')] + \
        ['cvt.rs%s.satfinite.%s.f32' % (rl, x) for x in MX_X4 for rl in ('', '.relu')]


def rs_round(val, h, rb, relu, satf):
    """One element: f16 / bf16 bits of the exact value (or NaN / Inf) with random bits rb. Past
    MAX_NORM: Inf; .satfinite: +-Inf to +-MAX_NORM; NaN 0x7fff; .relu: negatives and -0 to +0."""
    E, m = FMT[h]
    k, maxf = RS_BITS[h], (2 - Fraction(1, 1 << m)) * P2(M(E - 1))
    if val == NAN:
        return 0x7fff
    if val[0] == 'fin' and val[2]:
        q = P2(max(ilog2(val[2]), 2 - (1 << (E - 1))) - m)      # the grid at the value
        t = val[2] / q
        n = math.floor(t)
        n += math.floor((t - n) * (1 << k)) + (rb & M(k)) >> k   # the carry out of k bits
        val = ('fin', val[1], n * q) if n * q <= maxf else ('inf', val[1])
    if satf and val[0] == 'inf':
        val = ('fin', val[1], maxf)
    d = encode(val, h, 'rn', False, False)                      # exact here
    return 0 if relu and d & 0x8000 else d


def cvtrs_eval(name, ops):
    h, mods = name.split('.')[-2][:-2], name.split('.')[1:-2]
    r = [rs_round(decode(x, 'f32', False), h, rb, 'relu' in mods, 'satfinite' in mods)
         for x, rb in ((ops[0], ops[2] >> 16), (ops[1], ops[2] & 0xffff))]
    return r[0] << 16 | r[1]


# (element, its random bits): carries at the boundary (k bits of ones and one more or one less;
# f16: rbits' top 3 bits ignored), into the next binade, to Inf past MAX_NORM (65520 + 2^12 of
# the 13 bits), f16 subnormals (a tie on the 2^-24 grid; 2^-37 the last of the 13 bits taking
# part, 2^-44 below them; 2^-25; the least normal from below), bf16's (f32's least subnormal
# rounds up to bf16's), zeros, Inf, NaN
RS_EDGES = {
    'f16': [(1 + P2(-23), 0x1fff), (1 + P2(-23), 0xfffe), (-1 - P2(-23), 0x1fff),
            (2 - P2(-23), 0x0001), (2 - P2(-23), 0xe000), (Fraction(65520), 0x1000),
            (Fraction(65520), 0xefff), (-65536 + P2(-8), 0x0001), (P2(33), 0), (-P2(40), 0xffff),
            ('inf', 0x1234), ('-inf', 0xffff), ('nan', 0x1fff), ('snan', 0), (Fraction(0), 0x1fff),
            ('-0', 0xffff), (11 * P2(-25), 0x1000), (11 * P2(-25), 0x0fff),
            (5 * P2(-24) + P2(-44), 0x1fff), (5 * P2(-24) + P2(-37), 0x1fff),
            (5 * P2(-24) + P2(-37) - P2(-45), 0x1fff), (P2(-25), 0x1000), (-P2(-25), 0x0fff),
            ('tiny', 0x1fff), ('-tiny', 0xffff), (P2(-14) - P2(-38), 1), (P2(-14) - P2(-38), 0),
            (Fraction(-3, 2), 0x1fff)],
    'bf16': [(1 + P2(-23), 0xffff), (1 + P2(-23), 0xfffe), (-1 - P2(-7) + P2(-23), 0x0001),
             (1 + P2(-7) - P2(-23), 0), ('max', 0x0001), ('-max', 0),
             (P2(127) * Fraction(255, 128), 0xffff), (-P2(127) * Fraction(511, 256), 0x8000),
             ('inf', 0x1234), ('-inf', 0xffff), ('nan', 0xffff), ('snan', 0), (Fraction(0), 0xffff),
             ('-0', 0xffff), ('tiny', 0xffff), ('-tiny', 0xfffe), (P2(-126) - P2(-149), 1),
             (P2(-126) - P2(-149), 0), (3 * P2(-134), 0x8000), (3 * P2(-134), 0x7fff),
             (-3 * P2(-134), 0x8000), (Fraction(-3, 2), 0xffff),
             (P2(100) * Fraction(257, 256), 0x8000), (P2(100) * Fraction(257, 256), 0x7fff)]}
RS_RANGE = {'f16': (-26, 16), 'bf16': (-136, 127)}   # random values' exponents

CVTRS_EXAMPLES = [   # (spelling, (a, b, rbits), d), worked by hand
    # 1 + 2^-23: 1 in the 13 bits; + 0x1fff carries (0x3c01), + 0x1ffe does not
    ('cvt.rs.f16x2.f32', (0x3f800001, 0x3f800001, 0x1fff1ffe), 0x3c013c00),
    # 65520: 2047.5 steps of 32, 0x1000 in the 13 bits: + 0xf000 (0x1000) carries to 2^16 = Inf,
    # + 0xefff (0x0fff) does not: MAX_NORM
    ('cvt.rs.f16x2.f32', (0x477ff000, 0x477ff000, 0xf000efff), 0x7c007bff),
    ('cvt.rs.satfinite.f16x2.f32', (0x477ff000, 0x477ff000, 0xf000efff), 0x7bff7bff),
    # 5 2^-24 + 2^-37: the 13 bits 0x0001, + 0x1fff carries (6); 2^-45 less: 0x0000, no carry
    ('cvt.rs.f16x2.f32', (0x34a00100, 0x34a000ff, 0x1fff1fff), 0x00060005),
    # -(1 + 2^-23) + 1 no carry: -1, .relu 0; 2^-149 is 1 in bf16's 16 bits, + 0xffff: 2^-133
    ('cvt.rs.relu.bf16x2.f32', (0xbf800001, 0x00000001, 0x0001ffff), 0x00000001),
    # FLT_MAX: 0xffff + 1 carries past bf16's MAX_NORM; -Inf; .satfinite: +-MAX_NORM
    ('cvt.rs.satfinite.bf16x2.f32', (0x7f7fffff, 0xff800000, 0x00010000), 0x7f7fff7f),
    ('cvt.rs.bf16x2.f32', (0x7fc00000, 0x80000000, 0xffffffff), 0x7fff8000)]   # NaN; -0


# cvt.rs{.relu}.satfinite.{e4m3x4, e5m2x4, e2m3x4, e3m2x4, e2m1x4}.f32 d, {a, b, e, f}, rbits:
# each element's exact value (subnormals exact) truncated on the MX format's grid (ulp
# 2^(max(floor(log2|x|), emin) - m), exponent unbounded above), one step away from zero when k,
# the top 8 bits of the discarded fraction (floor(frac * 256)), plus the element's random byte r
# carry out of 8 bits (k + r >= 256); past MAX_NORM (and +-Inf): +-MAX_NORM; the sign kept (-0
# where a negative value truncates to zero); NaN: 0x7f (e4m3, e5m2), +MAX_NORM (e2m3, e3m2,
# e2m1); .relu: a result with the sign bit set (-0 too) is 0. d: a in the top byte (nibble for
# .e2m1x4, d a .b16), f in the lowest; the 6-bit formats' bytes have their top 2 bits 0.
# The random bytes, the project's reading of the spec's text (docs/SEMANTICS.md): a rbits[31:24],
# b [23:16], e [15:8], f [7:0]; .e2m1x4 ("upper 8 bits of both halves for a, b"): a [31:24],
# b [15:8], e [23:16], f [7:0]. Each line: the four elements as four operands, then rbits.
MX_X4 = ('e4m3x4', 'e5m2x4', 'e2m3x4', 'e3m2x4', 'e2m1x4')
RS4_SHIFT = {'e2m1': (24, 8, 16, 0)}   # rbits' byte of a, b, e, f; the others (24, 16, 8, 0)


def rs_mx(val, f, r, relu):
    """One element: f's bits of the exact value (or NaN / Inf) with the random byte r."""
    E, m, bias, top = MX_FMT[f]
    if val[0] == 'fin' and val[2]:
        ulp = P2(max(ilog2(val[2]), 1 - bias) - m)
        q = val[2] / ulp
        t = math.floor(q)
        t += (math.floor((q - t) * 256) + r) >> 8                 # the carry out of 8 bits
        val = ('fin', val[1], min(MX_MAX[f][0], t * ulp))
    return mx_encode(val, f, relu)      # t * ulp is on f's grid: mx_encode's rounding is exact


def cvtrs4_eval(name, ops):
    f = name.split('.')[-2][:-2]
    w = 4 if f == 'e2m1' else 8
    d = 0
    for x, sh in zip(ops[:4], RS4_SHIFT.get(f, (24, 16, 8, 0))):
        d = d << w | rs_mx(decode(x, 'f32', False), f, ops[4] >> sh & 0xff, '.relu.' in name)
    return d


def rs4_edges(f):
    """(element, its random byte): the carry at k + r = 256 and not at 255 (either sign; bits
    below the top 8 of the discarded fraction not counting), into the next binade, exact grid
    values and zeros with r = 255 (no carry), subnormal results and the least normal from below,
    values under the least subnormal (to +-0, or up to it), f32 subnormals, MAX_NORM, the carry
    past it and a value past it (to +-MAX_NORM), f32's largest, +-Inf, NaNs."""
    E, m, bias = MX_FMT[f][:3]
    mx = MX_MAX[f][0]
    u1, sub = P2(-m), P2(1 - bias - m)          # the grid at 1, the subnormal grid
    umax = P2(ilog2(mx) - m)                    # the grid at MAX_NORM
    c100, c128 = 1 + u1 * Fraction(100, 256), 1 + u1 / 2 + P2(-23)
    s3 = sub * (3 + Fraction(200, 256))
    return [(c100, 156), (c100, 155), (-c100, 156), (-c100, 155), (c128, 127), (c128, 128),
            (2 - u1 / 256, 1), (2 - u1 / 256, 0), (1 + u1, 255), (-(1 + u1), 255),
            (Fraction(0), 255), ('-0', 255), (s3, 56), (s3, 55), (-s3, 56),
            (-sub * 5 / 256, 250), (-sub * 5 / 256, 251), (sub * 5 / 256, 251),
            (sub * 5 / 256, 0), (P2(1 - bias) - sub / 256, 1), (P2(1 - bias) - sub / 256, 0),
            ('tiny', 255), ('-tiny', 255), (mx, 255), (-mx, 0), (mx - umax / 2, 128),
            (mx - umax / 2, 127), (mx + umax / 2, 128), (mx + umax / 2, 0), (-(mx + umax), 0),
            (mx * 3, 0), ('max', 0), ('-max', 255), ('inf', 0), ('-inf', 255), ('nan', 0x80),
            ('snan', 0xff)]


CVTRS4_EXAMPLES = [   # (spelling, (a, b, e, f, rbits), d), worked by hand
    # e4m3 (ulp 2^-3 at 1, 2^-9 the least subnormal): 1 + 100/256 ulp, k = 100: r = 156 carries
    # (1.125, 0x39), 155 does not (1, 0x38); (3 + 200/256) 2^-9, r = 56: 4 subnormal steps
    # (0x04), 55: 3 (0x03); -5/256 2^-9, r = 250: -0 (0x80), 251: -2^-9 (0x81); .relu: 0
    ('cvt.rs.satfinite.e4m3x4.f32', (0x3f864000, 0x3f864000, 0x3bf20000, 0xb8200000, 0x9c9b38fa),
     0x39380480),
    ('cvt.rs.relu.satfinite.e4m3x4.f32',
     (0x3f864000, 0x3f864000, 0x3bf20000, 0xb8200000, 0x9c9b38fa), 0x39380400),
    ('cvt.rs.satfinite.e4m3x4.f32', (0x3f864000, 0x3f864000, 0x3bf20000, 0xb8200000, 0x9c9b37fb),
     0x39380381),
    # 464 (14.5 steps of 32), r = 128: 480 past 448: MAX_NORM 0x7e; NaN 0x7f; -Inf -448 (0xfe);
    # -0 with r = 255: -0 (0x80); .relu: 0x7e, 0x7f, 0, 0
    ('cvt.rs.satfinite.e4m3x4.f32', (0x43e80000, 0x7fc00000, 0xff800000, 0x80000000, 0x800000ff),
     0x7e7ffe80),
    ('cvt.rs.relu.satfinite.e4m3x4.f32',
     (0x43e80000, 0x7fc00000, 0xff800000, 0x80000000, 0x800000ff), 0x7e7f0000),
    # e5m2: 2 - 2^-10 (k = 255), r = 1: 2 (0x40), r = 0: 1.75 (0x3f); 2^16: 57344 (0x7b);
    # -1.5 2^-16 (k = 128), r = 127: -2^-16 (0x81)
    ('cvt.rs.satfinite.e5m2x4.f32', (0x3fffe000, 0x3fffe000, 0x47800000, 0xb7c00000, 0x0100007f),
     0x403f7b81),
    ('cvt.rs.relu.satfinite.e5m2x4.f32',
     (0x3fffe000, 0x3fffe000, 0x47800000, 0xb7c00000, 0x0100007f), 0x403f7b00),
    # e2m3: 7.75, r = 128: 8, past 7.5 (0x1f); -NaN: +MAX_NORM 0x1f; -Inf: -7.5 (0x3f);
    # 0.25 + 2^-11 (2 steps of 2^-3 and k = 1), r = 255: 3 steps (0x03)
    ('cvt.rs.satfinite.e2m3x4.f32', (0x40f80000, 0xffc00000, 0xff800000, 0x3e804000, 0x800000ff),
     0x1f1f3f03),
    ('cvt.rs.relu.satfinite.e2m3x4.f32',
     (0x40f80000, 0xffc00000, 0xff800000, 0x3e804000, 0x800000ff), 0x1f1f0003),
    # e3m2: 28 with r = 255: 28 (0x1f); -30 (7.5 steps of 4), r = 127: -28 (0x3f); 1.3125, k = 64,
    # r = 192: 1.5 (0x0e); -2^-149, r = 255: -0 (0x20)
    ('cvt.rs.satfinite.e3m2x4.f32', (0x41e00000, 0xc1f00000, 0x3fa80000, 0x80000001, 0xff7fc0ff),
     0x1f3f0e20),
    ('cvt.rs.relu.satfinite.e3m2x4.f32',
     (0x41e00000, 0xc1f00000, 0x3fa80000, 0x80000001, 0xff7fc0ff), 0x1f000e00),
    # e2m1 (a: rbits[31:24], b: [15:8], e: [23:16], f: [7:0]): 5 (k = 128) with 0x80: 6 (0x7),
    # with 0x7f: 4 (0x6); -0.25 (k = 128) with 0x80: -0.5 (0x9); 0.25 with 0x7f: 0
    ('cvt.rs.satfinite.e2m1x4.f32', (0x40a00000, 0x40a00000, 0xbe800000, 0x3e800000, 0x80807f7f),
     0x7690),
    ('cvt.rs.relu.satfinite.e2m1x4.f32',
     (0x40a00000, 0x40a00000, 0xbe800000, 0x3e800000, 0x80807f7f), 0x7600),
    # NaN: +6 (0x7); Inf: 6; -FLT_MAX: -6 (0xf); 7 (3.5 steps of 2), r = 0x80: 8, past 6
    ('cvt.rs.satfinite.e2m1x4.f32', (0x7fc00000, 0x7f800000, 0xff7fffff, 0x40e00000, 0x80ffff80),
     0x77f7)]


# cvt.pack.sat.convertType.s32{.b32} d, a, b{, c}: a and b clamped to convertType's range, b's
# in d's low `size` bits, a's above them, c's low bits above those (the 2-, 4-, 8-bit types)
PACK_TYPES = ('u16', 's16', 'u2', 's2', 'u4', 's4', 'u8', 's8')


def cvtpack_spellings():
    return ['cvt.pack.sat.%s.s32%s' % (t, '' if t[1:] == '16' else '.b32') for t in PACK_TYPES]


def cvtpack_eval(name, ops):
    t = name.split('.')[3]
    n, (lo, hi) = int(t[1:]), int_limits(t)
    ta, tb = (min(max(sx(v, 32), lo), hi) & M(n) for v in ops[:2])
    d = ta << n | tb
    return d if n == 16 else (d | ops[2] << 2 * n) & M(32)


def cvtpack_cases(name, rng):
    """a and b: convertType's ends and one past them, 0, +-1, s32's ends, random bits (paired at
    random); c: 0, all ones, random."""
    lo, hi = int_limits(name.split('.')[3])
    vals = [lo - 1, lo, lo + 1, hi - 1, hi, hi + 1, 0, -1, 1, -(1 << 31), (1 << 31) - 1,
            rng.randrange(lo, hi + 1), sx(rng.getrandbits(32), 32),
            sx(rng.getrandbits(32) >> rng.randrange(32), 32)]
    a, b = vals[:], vals[:]
    rng.shuffle(a)
    rng.shuffle(b)
    cs = (0, M(32), rng.getrandbits(32))
    c = [] if name.endswith('.s32') else [cs[k % 3] if k < 6 else rng.getrandbits(32)
                                          for k in range(len(vals))]
    return [(x, y) + tuple(c[k:k + 1]) for k, (x, y) in enumerate(zip(a, b))]


CVTPACK_EXAMPLES = [
    ('cvt.pack.sat.s16.s32', (-40000, 40000), 0x80007fff),
    ('cvt.pack.sat.u16.s32', (-1, 65536), 0x0000ffff),
    ('cvt.pack.sat.u8.s32.b32', (300, 7, 0x1234), 0x1234ff07),         # c's low 16 bits on top
    ('cvt.pack.sat.s8.s32.b32', (-129, 127, 0xffffffff), 0xffff807f),
    ('cvt.pack.sat.s4.s32.b32', (-9, 8, 0x00abcdef), 0xabcdef87),      # -8, 7
    ('cvt.pack.sat.u4.s32.b32', (5, -3, 0xf0000001), 0x00000150),      # c's low 24 bits
    ('cvt.pack.sat.u2.s32.b32', (4, 2, 0xffffffff), 0xfffffffe),
    ('cvt.pack.sat.s2.s32.b32', (-(1 << 31), (1 << 31) - 1, 3), 0x00000039)]   # -2, 1


def rs_pack_self_check():
    for name, ops, d in CVTRS_EXAMPLES + CVTPACK_EXAMPLES + CVTRS4_EXAMPLES:
        ops = tuple(v & M(32) for v in ops)
        got = (cvtpack_eval if name.startswith('cvt.pack') else cvtrs4_eval if 'x4.' in name
               else cvtrs_eval)(name, ops)
        assert got == d, (name, [hex(x) for x in ops], hex(got), hex(d))
    for f in MX_FMT:            # the formats' ends through rs_mx (no carry from an exact value)
        mx, code = MX_MAX[f]
        assert rs_mx(('fin', 0, mx), f, 255, False) == code, f
        assert rs_mx(('fin', 1, mx * 2), f, 0, False) == code | 1 << sum(MX_FMT[f][:2]), f


def cvtrs4_lines(name, rng):
    """Four elements a line: rs4_edges(), random values over the format's range with random
    bytes, and random values with the byte that just carries (256 - k) or just does not
    (255 - k), shuffled: 20 lines."""
    f = name.split('.')[-2][:-2]
    m, bias = MX_FMT[f][1:3]
    els = [(src_bits('f32', v, rng), r) for v, r in rs4_edges(f)]
    assert None not in (b for b, _ in els), 'an .rs edge not exact in f32'
    lo, hi = -bias - m - 2, ilog2(MX_MAX[f][0]) + 1
    while len(els) < 80:
        b = rand_src('f32', lo, hi, rng)
        if len(els) % 2:
            els.append((b, rng.getrandbits(8)))
            continue
        x = decode(b, 'f32', False)[2]
        q = x / P2(max(ilog2(x), 1 - bias) - m)
        k = math.floor((q - math.floor(q)) * 256)
        els.append((b, min(255, 256 - k - rng.getrandbits(1))))
    rng.shuffle(els)
    sh = RS4_SHIFT.get(f, (24, 16, 8, 0))
    cases = [tuple(b for b, _ in els[j:j + 4]) +
             (sum(r << s for (_, r), s in zip(els[j:j + 4], sh)),) for j in range(0, len(els), 4)]
    return vec_lines(name, cases, lambda ops: cvtrs4_eval(name, ops), (32,) * 5,
                     16 if f == 'e2m1' else 32, False)


def cvtrs_lines(name, rng):
    if 'x4.' in name:
        return cvtrs4_lines(name, rng)
    h = name.split('.')[-2][:-2]
    lo, hi = RS_RANGE[h]
    els = [(src_bits('f32', v, rng), rb) for v, rb in RS_EDGES[h]]
    assert None not in (b for b, _ in els), 'an .rs edge not exact in f32'
    extra = lambda: (rand_src('f32', lo, hi, rng), rng.getrandbits(16))
    els += [extra() for _ in range(6)]
    cases = [(x, y, rx << 16 | ry) for (x, rx), (y, ry) in pair_up(els, rng, extra)]
    return vec_lines(name, cases, lambda ops: cvtrs_eval(name, ops), (32, 32, 32), 32, True)


def cvtpack_lines(name, rng):
    """a and b in decimal, c in hex."""
    return vec_lines(name, cvtpack_cases(name, rng), lambda ops: cvtpack_eval(name, ops),
                     (32, 32, 32), 32, False, lambda k, v: str(v) if k < 2 else '0x%08x' % v)


def prmt_eval(I, a):
    """9.7.9.7 on bytes: the eight bytes of [b, a] as a little-endian byte string; the default
    mode's nibble k picks d's byte k, its bit 3 asks for the byte's sign spread over it."""
    src = (a[1] << 32 | a[0]).to_bytes(8, 'little')
    mode = next((m for m in I.mods if m in PRMT_TABLE), None)
    if mode:
        row = PRMT_TABLE[mode][a[2] & 3]
        picks = [(int(row[3 - k]), False) for k in range(4)]
    else:
        picks = [(a[2] >> 4 * k & 7, bool(a[2] >> 4 * k & 8)) for k in range(4)]
    out = bytes((0xff if src[p] >= 0x80 else 0) if sign else src[p] for p, sign in picks)
    return int.from_bytes(out, 'little')


def prmt_cases(rng):
    """Words with bytes of both signs; selectors: identity, the b bytes, sign requests, all
    ones, random (bits above 15 random: they select nothing)"""
    words = [0x80ff7f01, 0x00fe8081, 0x12345678, 0xdeadbeef]
    sels = [0x3210, 0x7654, 0x8888, 0xffff, 0x0000, 0xba98, 0x4c1d, 0xf0e1]
    cases = []
    for k in range(12):
        x, y = rng.choice(words + [rng.getrandbits(32)]), rng.choice(words + [rng.getrandbits(32)])
        sel = sels[k] if k < len(sels) else rng.getrandbits(16)
        cases.append((x, y, rng.getrandbits(16) << 16 | sel))
    return cases


def logic_eval(I, a):
    """9.7.8 with Python's unbounded integers: shifts clamp the amount to the width, .s fills
    with the sign; shf shifts the 64-bit [b, a]."""
    op, n = I.op, I.n
    if op == 'prmt':
        return prmt_eval(I, a)
    if op == 'mov':                                    # 9.7.9.3: the bits, signalling NaNs too
        return a[0]
    if op == 'shf':
        c = a[2]
        k = min(c, 32) if 'clamp' in I.mods else c & 31
        v = a[1] << 32 | a[0]
        return (v << k) >> 32 & M(32) if 'l' in I.mods else v >> k & M(32)
    if op in ('shl', 'shr'):
        k = min(a[1], n)
        x = sx(a[0], n) if I.signed else a[0]
        return (x << k if op == 'shl' else x >> k) & M(n)
    x, y = a[0], a[1] if len(a) > 1 else 0
    return {'and': x & y, 'or': x | y, 'xor': x ^ y, 'not': ~x & M(n), 'cnot': int(x == 0)}[op]


def logic_cases(I, rng):
    """Edges and random bits; shift amounts at the width's edges and past them."""
    if I.op == 'prmt':
        return prmt_cases(rng)
    if I.op == 'mov' and I.n > 1:                      # floats' special bits among the values
        special = {32: [0x7f800001, 0xffc00000, 0x80000000, 0x00000001, 0x7f800000],
                   64: [0x7ff0000000000001, 0xfff8000000000000, 0x8000000000000000, 1]}
        vals = [0, 1, M(I.n), 1 << (I.n - 1)] + special.get(I.n, [])
        return [(rng.choice(vals),) for _ in range(8)] + [(rng.getrandbits(I.n),) for _ in range(4)]
    vals = [0, 1, M(I.n)] + ([1 << (I.n - 1), M(I.n - 1)] if I.n > 1 else []) + \
        [rng.getrandbits(I.n) for _ in range(3)]
    amounts = [0, 1, I.n - 1 if I.n > 1 else 0, I.n, I.n + 1, 31, 32, 33, 255, M(32)]
    cases = []
    for k in range(12):
        v = [rng.choice(vals) for _ in I.src]
        if I.op in ('shl', 'shr'):
            v[1] = amounts[k % len(amounts)]
        if I.op == 'shf':
            v[2] = amounts[k % len(amounts)]
        cases.append(tuple(v))
    return cases


LOP3_T = (0xF0, 0xCC, 0xAA)  # 9.7.8.6: immLut = F(ta, tb, tc)
# the spec's four examples: F with Python's operators on words, and the immLut the spec gives
LOP3_SPEC = [(lambda a, b, c: a & b & c, 0x80), (lambda a, b, c: a | b | c, 0xFE),
             (lambda a, b, c: a & b & ~c, 0x40), (lambda a, b, c: (a & b | c) ^ a, 0x1A)]
# other tables: constants, one input or its complement, xor/majority/select of three, two-input
LOP3_LUTS = [0x00, 0xFF, 0xF0, 0xCC, 0xAA, 0x0F, 0x33, 0x55, 0x96, 0x69, 0xE8, 0xCA, 0xD8,
             0x3C, 0x5A, 0x66, 0xC0, 0xFC, 0x01, 0x7F]


def lop3_eval(I, lut, a, q=None):
    """9.7.8.6 by the spec's table, bit by bit: bit j of d is bit 4 a_j + 2 b_j + c_j of immLut;
    .BoolOp: d | p << 32 with p = (d != 0) BoolOp q."""
    d = sum((lut >> (4 * (a[0] >> j & 1) + 2 * (a[1] >> j & 1) + (a[2] >> j & 1)) & 1) << j
            for j in range(32))
    if I.bop is None:
        return d
    p = (d != 0 or q == 1) if I.bop == 'or' else (d != 0 and q == 1)
    return d | int(p) << 32


Q_TOKENS = ('0', '1', '!0', '!1')                     # q as written, and its value
Q_VALUE = {'0': 0, '1': 1, '!0': 1, '!1': 0}


def lop3_lines(name, rng, count=None):
    """The spec's examples on edge and random words (each line also checked against the
    example's F on the words, the spec's identity immLut = F(0xF0, 0xCC, 0xAA) asserted), a
    sample of other tables and random ones; the .BoolOp forms with each q token on a zero and a
    nonzero d (tables 0x00 and 0xFF), q cycling through them elsewhere. count: that many lines of
    two tables (0x1A, 0x96), so that `ptxcpu check` runs several warps of one kernel."""
    I = Insn(name)
    spread = (0xF0F0F0F0, 0xCCCCCCCC, 0xAAAAAAAA)      # the spec's t words, in every byte
    edges = [0, M(32), 1 << 31, 1, 0x55555555, 0x0000FFFF] + list(spread)
    word = lambda: rng.choice(edges) if rng.getrandbits(2) == 0 else rng.getrandbits(32)
    words = lambda: (word(), word(), word())
    cases = []                                         # (immLut, (a, b, c), F or None)
    if count:
        cases = [((0x1A, 0x96)[k % 2], words(), None) for k in range(count)]
    else:
        for F, lut in LOP3_SPEC:
            assert F(*LOP3_T) & 0xFF == lut, 'the spec example %#x' % lut
            cases += [(lut, spread, F), (lut, (0, 0, 0), F), (lut, (M(32),) * 3, F)]
            cases += [(lut, words(), F) for _ in range(3 if I.bop else 5)]
        luts = LOP3_LUTS + [rng.getrandbits(8) for _ in range(8)]
        for lut in luts[::2] if I.bop else luts:
            cases += [(lut, words(), None) for _ in range(2)]
    qs = [Q_TOKENS[k % 4] for k in range(len(cases))]
    if I.bop and not count:                            # d == 0 and d != 0 with each q token
        cases += [(lut, words(), None) for lut in (0x00, 0xFF) for _ in Q_TOKENS]
        qs += list(Q_TOKENS) * 2
    out = []
    for k, ((lut, a, F), qt) in enumerate(zip(cases, qs)):
        r = lop3_eval(I, lut, a, Q_VALUE[qt])
        if F is not None:
            assert r & M(32) == F(*a) & M(32), (name, lut, a)
        ops = [fmt_operand(I, v, 32) for v in a]
        ops.append(str(lut) if k % 3 == 1 else '0x%02x' % lut)   # decimal now and then
        if I.bop:
            ops.append(qt)
        out.append('%-22s %s -> %s\n' % (I.name, ' '.join(ops), fmt_result(I, r, k)))
    return out


def slct_eval(I, a):
    """9.7.6.4: c >= 0 on c's value (f32: decoded, so either zero is >= 0 and NaN is not; .ftz
    zeroes a subnormal), the chosen operand's bits."""
    if I.btype == 's32':
        ge = sx(a[2], 32) >= 0
    else:
        c = decode(a[2], 'f32', 'ftz' in I.mods)
        ge = c != NAN and (c[1] == 0 or (c[0] == 'fin' and c[2] == 0))
    return a[0] if ge else a[1]


def slct_cases(I, rng):
    """Random a and b; c at the edges of its type (both zeros, subnormals, inf, NaN; INT_MIN)."""
    cs = [0, 1 << 31, 1, (1 << 31) | 1, 0x007fffff, 0x807fffff, 0x00800000, 0x7f800000, 0xff800000,
          0x7fc00000, 0xffc00001, 0x7fffffff]
    return [(rng.getrandbits(I.n), rng.getrandbits(I.n), c) for c in cs]


def setp_cases(I, rng):
    """Pairs of the type's edges (floats: both zeros, subnormals, the smallest normal, 1, inf and
    NaNs, each sign) and random bits, equal pairs included; c alternating."""
    if I.float:
        E, m = FMT[I.type.replace('x2', '')]
        top = 1 << (E + m)
        mags = [0, 1, M(m), 1 << m, M(E - 1) << m, M(E) << m, (M(E) << m) | 1 << (m - 1),
                (M(E) << m) | 1]
        vals = mags + [v | top for v in mags]
    else:
        vals = pool(I.n, rng)
    vals += [rng.getrandbits(I.n) for _ in range(4)]
    pick = (lambda: rng.choice(vals) | rng.choice(vals) << 16) if I.packed else (lambda: rng.choice(vals))
    cases = []
    # (set: 1,152 spellings of 9.7.6, 12 lines each; 2,112 of 9.7.7, 6 each; setp 24)
    half = I.btype in HALF_D or I.type in HALF_D
    for k in range(24 if I.op == 'setp' else 6 if half else 12):
        x = pick()
        y = x if k % 5 == 0 else pick()
        if I.packed and k % 5 == 3:  # one half equal, the other not
            y = (y & 0xffff0000) | (x & 0xffff)
        cases.append((x, y, k % 2)[:len(I.src)])
    return cases


HALF_D = ('f16', 'bf16', 'u16', 's16', 'f16x2', 'bf16x2')


def lines_for(name, rng, count=None):
    """Vector lines for one spelling; count: that many, drawing the inputs again as needed."""
    if '.approx' in name and name.split('.')[0] in APPROX_TRANSCENDENTAL:
        return approx_lines(name, rng)
    if name.startswith('lop3.'):
        return lop3_lines(name, rng, count)
    if name.startswith('mov.') and name.endswith('elements}'):
        return movpack_lines(name, rng)
    if name.startswith('mov.') and name.endswith('destinations}'):
        return movunpack_lines(name, rng)
    if name.startswith('cvt.rs.'):
        return cvtrs_lines(name, rng)
    if name.startswith('cvt.pack.'):
        return cvtpack_lines(name, rng)
    if name.startswith('cvt.') and any(t in name for t in MX_F8 + MX_F6 + MX_F4 +
                                       ('ue8m0x2', 's2f6x2')):
        return cvtmx_lines(name, rng)
    I = Insn(name)
    cases = []
    while len(cases) < (count or 1):
        cases += logic_cases(I, rng) if I.logic else cvt_int_cases(I, rng) if I.cvt_int else \
            (cvtx_cases(I, rng) if I.dtype in CVT_X else cvtf_cases(I, rng)) if I.cvt_float else \
            slct_cases(I, rng) if I.slct else setp_cases(I, rng) if I.compare else \
            float_cases(I, rng) if I.float and not I.select else int_cases(I, rng)
    out = []
    for k, a in enumerate(cases[:count] if count else cases):
        cf_in = k % 2 if I.reads_cc else 0
        if I.logic:
            r, cf = logic_eval(I, list(a)), None
        elif I.cvt_int:
            r, cf = cvt_int_eval(I, a[0]), None
        elif I.cvt_float:
            r, cf = (cvtx_eval(I, a) if I.dtype in CVT_X else cvtf_eval(I, a[0])), None
        elif I.slct:
            r, cf = slct_eval(I, list(a)), None
        elif I.compare:
            r, cf = setp_eval(I, list(a)), None
        elif I.float and not I.select:
            r, cf = float_eval(I, list(a)), None
        else:
            r, cf = int_eval(I, list(a), cf_in)
        ops = ' '.join(fmt_operand(I, v, w) for v, w in zip(a, I.src))
        if I.compare and len(a) == 3 and k % 3 == 2:   # {!}c: the register holds !c, negated
            ops = ops[:ops.rindex(' ') + 1] + '!%d' % (1 - a[2])
        line = '%-22s %s%s -> %s' % (I.name, 'cf=%d ' % cf_in if I.reads_cc else '', ops,
                                     fmt_result(I, r, k))
        if I.writes_cc:
            line += ' cf=%d' % cf
        out.append(line + '\n')
    return out


# ---- warp lines: the cross-lane instructions (docs/VECTORS.md, "Warp lines") --------------------
# shfl.sync (9.7.9.6), vote.sync, match.sync, activemask, redux.sync, elect.sync (9.7.13.9-14), one
# warp a line, modelled from the spec's text and pseudo-code and docs/SEMANTICS.md's
# "Warp-level instructions": G is exec (the lanes that execute), lane i of G brings its own
# membermask m_i and works over S_i = (m_i & G) | (1 << i) (a non-executing lane of m_i counts as
# exited; a lane missing from its own mask is taken as if it were in it). Lanes outside G are not
# written: their results are '-'.

WARP = 32
FULL = 0xffffffff


def warp_spellings():
    out = ['shfl.sync.%s.b32' % m for m in ('up', 'down', 'bfly', 'idx')]
    out += ['vote.sync.%s.pred' % m for m in ('all', 'any', 'uni')] + ['vote.sync.ballot.b32']
    out += ['match.%s.sync.%s' % (m, t) for m in ('any', 'all') for t in ('b32', 'b64')]
    out += ['activemask.b32']
    out += ['redux.sync.%s.%s' % (op, t) for op in ('add', 'min', 'max') for t in ('u32', 's32')]
    out += ['redux.sync.%s.b32' % op for op in ('and', 'or', 'xor')]
    out += ['redux.sync.%s%s%s.f32' % (op, ab, nan) for op in ('min', 'max')
            for ab in ('', '.abs') for nan in ('', '.NaN')]
    out += ['elect.sync']
    return out


def lanes(mask):
    return [i for i in range(WARP) if mask >> i & 1]


def member_set(G, m, i):
    """S_i: the executing lanes of lane i's membermask, and lane i itself."""
    return (m & G) | (1 << i)


def shfl_model(mode, a, b, c, G):
    """9.7.9.6's pseudo-code for every executing lane: (d, p); j from another lane's register
    whatever that lane does (SEMANTICS: the register as it is)."""
    d, p = [None] * WARP, [None] * WARP
    for i in lanes(G):
        bval, cval, seg = b[i] & 31, c[i] & 31, c[i] >> 8 & 31
        max_lane = (i & seg) | (cval & ~seg & 31)
        min_lane = i & seg
        if mode == 'up':
            j = i - bval
            ok = j >= max_lane
        elif mode == 'down':
            j = i + bval
            ok = j <= max_lane
        elif mode == 'bfly':
            j = i ^ bval
            ok = j <= max_lane
        else:
            j = min_lane | (bval & ~seg & 31)
            ok = j <= max_lane
        if not ok:
            j = i
        d[i], p[i] = a[j], int(ok)
    return d, p


def vote_model(mode, a, m, G):
    d = [None] * WARP
    ballot = sum(a[j] << j for j in range(WARP))
    for i in lanes(G):
        S = member_set(G, m[i], i)
        vals = [a[j] for j in lanes(S)]
        d[i] = (int(all(vals)) if mode == 'all' else int(any(vals)) if mode == 'any'
                else int(len(set(vals)) == 1) if mode == 'uni' else ballot & S)
    return d


def match_model(mode, a, m, G):
    d, p = [None] * WARP, [None] * WARP
    for i in lanes(G):
        S = member_set(G, m[i], i)
        if mode == 'any':
            d[i] = sum(1 << j for j in lanes(S) if a[j] == a[i])
        else:
            same = all(a[j] == a[i] for j in lanes(S))
            d[i], p[i] = (S if same else 0), int(same)
    return d, p


def f32_nan(v):
    return (v & 0x7f800000) == 0x7f800000 and v & 0x7fffff != 0


def redux_reduce(op, t, mods, vals):
    if t == 'f32':
        if 'abs' in mods:
            vals = [v & 0x7fffffff for v in vals]
        if 'NaN' in mods and any(f32_nan(v) for v in vals):
            return 0x7fffffff
        vals = [v for v in vals if not f32_nan(v)]
        if not vals:
            return 0x7fffffff
        key = lambda v: (from_bits('f32', v), v >> 31 == 0)    # +0.0 > -0.0
        return (min if op == 'min' else max)(vals, key=key)
    if op == 'add':
        return sum(vals) & M(32)
    if op in ('min', 'max'):
        key = (lambda v: sx(v, 32)) if t == 's32' else (lambda v: v)
        return (min if op == 'min' else max)(vals, key=key)
    r = {'and': FULL, 'or': 0, 'xor': 0}[op]
    for v in vals:
        r = r & v if op == 'and' else r | v if op == 'or' else r ^ v
    return r


def redux_model(name, a, m, G):
    parts = name.split('.')
    op, t, mods = parts[2], parts[-1], parts[3:-1]
    d = [None] * WARP
    for i in lanes(G):
        d[i] = redux_reduce(op, t, mods, [a[j] for j in lanes(member_set(G, m[i], i))])
    return d


def elect_model(m, G):
    d, p = [None] * WARP, [None] * WARP
    for i in lanes(G):
        S = member_set(G, m[i], i)
        leader = (S & -S).bit_length() - 1
        d[i], p[i] = leader, int(i == leader)
    return d, p


def warp_operand(tokens):
    """One token (every lane's register) or a list of 32."""
    if isinstance(tokens, str):
        return tokens
    if all(t == tokens[0] for t in tokens):
        return tokens[0]
    return '[' + ' '.join(tokens) + ']'


def warp_result(vals, fmt, G, as_list=False):
    """A destination's lanes: one value where every executing lane has it, else a list with
    '-' outside exec."""
    on = [fmt(vals[i]) for i in lanes(G)]
    if on and not as_list and all(t == on[0] for t in on):
        return on[0]
    return '[' + ' '.join(fmt(vals[i]) if G >> i & 1 else '-' for i in range(WARP)) + ']'


def hex32(v):
    return '0x%08x' % v


def hex64(v):
    return '0x%016x' % v


def pred(v):
    return str(v)


def per_lane(v):
    return list(v) if isinstance(v, list) else [v] * WARP


def warp_line(name, G, ops, dests):
    line = '%s exec=0x%08x' % (name, G)
    for o in ops:
        line += ' ' + warp_operand(o)
    return line + ' -> ' + '|'.join(dests) + '\n'


def rand_exec(rng):
    """An exec mask with some lanes on and some off."""
    while True:
        g = rng.getrandbits(32) | rng.getrandbits(32)
        if g not in (0, FULL):
            return g


SEG8 = [0xff << (8 * (i // 8)) for i in range(WARP)]        # membermask: the lane's group of 8
HALVES = [0xffff << (16 * (i // 16)) for i in range(WARP)]  # its half warp


def rand_masks(rng):
    return [rng.getrandbits(32) | rng.getrandbits(32) for _ in range(WARP)]


def not_own(rng, base):
    """Membermasks with lane i's own bit cleared in some lanes (undefined in the spec; SEMANTICS:
    computed as if it were set)."""
    return [m & ~(1 << i) if rng.random() < 0.4 else m for i, m in enumerate(per_lane(base))]


def shfl_lines(name, rng):
    mode = name.split('.')[2]
    clamp = 0 if mode == 'up' else 0x1f          # CUDA's __shfl_*_sync: c = (32 - width) << 8 | clamp
    out = []
    def emit(G, a, b, c, m):
        A, B, C, Mm = per_lane(a), per_lane(b), per_lane(c), per_lane(m)
        d, p = shfl_model(mode, A, B, C, G)
        btok = [str(v) if v < 64 else hex32(v) for v in B]
        out.append(warp_line(name, G, [[hex32(v) for v in A], btok, ['0x%x' % v for v in C],
                                        [hex32(v) for v in Mm]],
                             [warp_result(d, hex32, G), warp_result(p, pred, G)]))
    ident = list(range(WARP))
    rnd = lambda: [rng.getrandbits(32) for _ in range(WARP)]
    first = {'up': 1, 'down': 1, 'bfly': 1, 'idx': 5}[mode]
    emit(FULL, ident, first, clamp, FULL)                                      # full warp
    emit(FULL, rnd(), {'up': 4, 'down': 2, 'bfly': 16, 'idx': 30}[mode], clamp, FULL)
    emit(FULL, rnd(), 3, 24 << 8 | clamp, FULL)                                # width 8
    G = rand_exec(rng)
    emit(G, rnd(), [rng.randrange(64) for _ in range(WARP)], 16 << 8 | clamp, G)  # width 16
    # bits of b and c above those read: ignored
    junk_c = [rng.getrandbits(19) << 13 | 28 << 8 | rng.getrandbits(3) << 5 | clamp
              for _ in range(WARP)]
    emit(FULL, rnd(), [rng.getrandbits(27) << 5 | 2 for _ in range(WARP)], junk_c, FULL)
    # a clamp that is not CUDA's: lanes past it keep their own value
    emit(FULL, ident, 2 if mode != 'idx' else 9, 7 if mode != 'up' else 5, FULL)
    # every register per lane, partial exec: sources from lanes that do not execute
    G = rand_exec(rng)
    emit(G, rnd(), [rng.getrandbits(32) for _ in range(WARP)],
         [rng.getrandbits(32) for _ in range(WARP)], rand_masks(rng))
    # lanes outside their own membermask, a few lanes executing
    emit(0x80000001 | 1 << rng.randrange(1, 31), rnd(), 1, clamp, not_own(rng, 0x0000ffff))
    if mode == 'idx':
        emit(0, rnd(), 5, clamp, FULL)                                          # nothing executes
    return out


VOTE_TOK = {0: ('0', '!1'), 1: ('1', '!0')}   # tokens that give the register value


def vote_lines(name, rng):
    mode = name.split('.')[2]
    out = []
    def emit(G, a, m, neg=0.0):
        A = per_lane(a)
        toks = [VOTE_TOK[v][1] if rng.random() < neg else VOTE_TOK[v][0] for v in A]
        if not isinstance(a, list):
            toks = VOTE_TOK[a][1] if neg >= 1 else VOTE_TOK[a][0]
        d = vote_model(mode, A, per_lane(m), G)
        fmt = hex32 if mode == 'ballot' else pred
        out.append(warp_line(name, G, [toks, [hex32(v) for v in per_lane(m)]],
                             [warp_result(d, fmt, G)]))
    bits = lambda p: [int(rng.random() < p) for _ in range(WARP)]
    emit(FULL, 1, FULL)
    emit(FULL, 0, FULL, neg=1.0)                                   # !1 in every lane
    emit(FULL, bits(0.5), FULL, neg=0.3)
    # partial exec: the lanes that do not execute hold the other value
    # (.all over executing lanes all set, .any over all clear: reading another lane changes it)
    G = rand_exec(rng)
    v = {'all': 1, 'any': 0}.get(mode, rng.randrange(2))
    emit(G, [v if G >> i & 1 else 1 - v for i in range(WARP)], FULL, neg=0.5)
    # groups of 8: one all set, one all clear, two mixed
    grp = [1] * 8 + [0] * 8 + [1, 0] * 4 + [0] * 7 + [1]
    emit(FULL, grp, SEG8)
    emit(rand_exec(rng), grp, HALVES, neg=0.2)
    emit(FULL, bits(0.8), not_own(rng, SEG8))                      # outside their own mask
    emit(rand_exec(rng), bits(0.5), rand_masks(rng), neg=0.5)
    if mode == 'ballot':
        emit(0, bits(0.5), FULL)
    return out


def match_lines(name, rng):
    mode, t = name.split('.')[1], name.split('.')[3]
    width = 64 if t == 'b64' else 32
    fmt = hex64 if width == 64 else hex32
    out = []
    def emit(G, a, m):
        A, Mm = per_lane(a), per_lane(m)
        d, p = match_model(mode, A, Mm, G)
        dests = [warp_result(d, hex32, G)] + ([warp_result(p, pred, G)] if mode == 'all' else [])
        out.append(warp_line(name, G, [[fmt(v) for v in A], [hex32(v) for v in Mm]], dests))
    pool = [rng.getrandbits(width) for _ in range(3)]
    if width == 64:     # values equal in one half only: the whole register is compared
        pool = [0x0000000100000005, 0x0000000200000005, 0x0000000100000007]
    pick = lambda k: [pool[rng.randrange(k)] for _ in range(WARP)]
    emit(FULL, pool[0], FULL)
    emit(FULL, pick(3), FULL)
    # partial exec: the executing lanes agree, the others hold another value
    G = rand_exec(rng)
    emit(G, [pool[0] if G >> i & 1 else pool[1] for i in range(WARP)], FULL)
    # groups of 8: uniform groups and mixed ones
    emit(FULL, [pool[0]] * 8 + [pool[1]] * 8 + pick(2)[:8] + [pool[2]] * 8, SEG8)
    emit(rand_exec(rng), pick(2), HALVES)
    emit(FULL, [pool[i // 16] for i in range(WARP)], not_own(rng, 0x0000ffff))
    emit(rand_exec(rng), pick(2), rand_masks(rng))
    return out


def activemask_lines(name, rng):
    out = []
    for G in (FULL, 0x0000ffff, 1 << 31, 0x80000001, rand_exec(rng), rand_exec(rng), 0):
        d = [G if G >> i & 1 else None for i in range(WARP)]
        out.append(warp_line(name, G, [], [warp_result(d, hex32, G)]))
    return out


F32_SPECIAL = [0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000,
               0x00000001, 0x80000001, 0x7f7fffff, 0xff7fffff, 0x7fffffff, 0x7fc00000,
               0xffc00000, 0x7f800001, 0x40490fdb, 0xc0490fdb]
F32_NANS = [0x7fc00000, 0xffc00000, 0x7f800001, 0x7fffffff, 0xff812345]


def redux_lines(name, rng):
    t = name.split('.')[-1]
    out = []
    def emit(G, a, m):
        A, Mm = per_lane(a), per_lane(m)
        d = redux_model(name, A, Mm, G)
        if t == 's32' and rng.random() < 0.5:    # signed sources as decimal integers
            atok = [str(sx(v, 32)) for v in A]
        else:
            atok = [hex32(v) for v in A]
        out.append(warp_line(name, G, [atok, [hex32(v) for v in Mm]], [warp_result(d, hex32, G)]))
    if t == 'f32':
        fl = lambda: [to_bits('f32', rng.choice([-1, 1]) * rng.randrange(1, 1000) / 8)
                      for _ in range(WARP)]
        emit(FULL, fl(), FULL)
        emit(FULL, [0x80000000 if i % 3 else 0x00000000 for i in range(WARP)], FULL)  # +-0
        emit(FULL, [0x80000000] * 16 + [0x00000000] * 16, HALVES)
        a = fl()
        for i in rng.sample(range(WARP), 5):
            a[i] = rng.choice(F32_NANS)
        emit(FULL, a, FULL)                                                    # some NaNs
        a = fl()
        a[8:16] = [rng.choice(F32_NANS) for _ in range(8)]                     # a group all NaN
        a[17] = 0x7f800001
        emit(FULL, a, SEG8)
        emit(FULL, [rng.choice(F32_SPECIAL) for _ in range(WARP)], SEG8)       # +-inf, subnormals
        G = rand_exec(rng)   # the lanes that do not execute hold NaN and -inf: never read
        emit(G, [v if G >> i & 1 else rng.choice([0x7fc00000, 0xff800000, 0x7f800000])
                 for i, v in enumerate(fl())], FULL)
        emit(rand_exec(rng), [rng.choice(F32_SPECIAL + [0x3f800000] * 8) for _ in range(WARP)],
             not_own(rng, rand_masks(rng)))
        return out
    edge = [0, 1, 0x7fffffff, 0x80000000, 0xffffffff, 0x80000001, 0xfffffffe, 5]
    rnd = lambda: [rng.getrandbits(32) for _ in range(WARP)]
    emit(FULL, 0xfffffffb, FULL)                         # add: 32 x -5 wraps
    emit(FULL, rnd(), FULL)
    emit(FULL, [rng.choice(edge) for _ in range(WARP)], SEG8)    # signed vs unsigned order
    G = rand_exec(rng)   # the lanes that do not execute hold extremes: never read
    emit(G, [rng.getrandbits(16) if G >> i & 1 else rng.choice([0, 0xffffffff, 0x80000000,
                                                                  0x7fffffff])
             for i in range(WARP)], FULL)
    emit(rand_exec(rng), rnd(), HALVES)
    emit(FULL, [rng.choice(edge) for _ in range(WARP)], not_own(rng, 0xffff0000))
    emit(rand_exec(rng), rnd(), rand_masks(rng))
    if name == 'redux.sync.add.u32':
        emit(0, rnd(), FULL)
    return out


def elect_lines(name, rng):
    out = []
    def emit(G, m):
        Mm = per_lane(m)
        d, p = elect_model(Mm, G)
        out.append(warp_line(name, G, [[hex32(v) for v in Mm]],
                             [warp_result(d, hex32, G), warp_result(p, pred, G)]))
    emit(FULL, FULL)
    emit(0xfffffff0, FULL)              # lane 0 does not execute: the lowest that does leads
    emit(FULL, SEG8)                    # a leader per group of 8
    emit(rand_exec(rng), HALVES)
    emit(FULL, 0xffff0000)              # lanes 0-15 outside the mask: each its own leader
    emit(rand_exec(rng), not_own(rng, rand_masks(rng)))
    emit(0, FULL)
    return out


def warp_lines_for(name):
    rng = random.Random('warp ' + name)
    fam = name.split('.')[0]
    return {'shfl': shfl_lines, 'vote': vote_lines, 'match': match_lines,
            'activemask': activemask_lines, 'redux': redux_lines,
            'elect': elect_lines}[fam](name, rng)


# docs/VECTORS.md's two warp-line examples (also in vectors_md.vec): the model must give them
WARP_EXAMPLES = [
    'vote.sync.ballot.b32 exec=0x0000ffff [1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 1 1 1 1 1 1 1 1 1 1 1 1 '
    '1 1 1] 0x0000ffff -> 0x00005555',
    'shfl.sync.idx.b32 exec=0xffffffff [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 '
    '23 24 25 26 27 28 29 30 31] 5 0x1f 0xffffffff -> 0x00000005|1',
]


def warp_self_check():
    """The model on docs/VECTORS.md's examples and on a few facts the spec states outright."""
    a = [1, 0] * 8 + [1] * 16
    d = vote_model('ballot', a, [0xffff] * WARP, 0xffff)
    assert warp_line('vote.sync.ballot.b32', 0xffff, [[str(v) for v in a], hex32(0xffff)],
                     [warp_result(d, hex32, 0xffff)]) == WARP_EXAMPLES[0] + '\n'
    d, p = shfl_model('idx', list(range(WARP)), [5] * WARP, [0x1f] * WARP, FULL)
    assert warp_line('shfl.sync.idx.b32', FULL, [[str(i) for i in range(WARP)], '5', '0x1f',
                                                 hex32(FULL)],
                     [warp_result(d, hex32, FULL), warp_result(p, pred, FULL)]) == \
        WARP_EXAMPLES[1] + '\n'
    d, p = shfl_model('up', list(range(WARP)), [1] * WARP, [0] * WARP, FULL)   # the spec's example
    assert d == [0] + list(range(31)) and p == [0] + [1] * 31
    d, p = shfl_model('bfly', list(range(WARP)), [1] * WARP, [0x1f] * WARP, FULL)
    assert d == [i ^ 1 for i in range(WARP)]
    assert redux_reduce('min', 'f32', [], [0x00000000, 0x80000000]) == 0x80000000
    assert redux_reduce('max', 'f32', [], [0x00000000, 0x80000000]) == 0x00000000
    assert redux_reduce('max', 'f32', [], [0x7fc00000, 0x3f800000]) == 0x3f800000
    assert redux_reduce('max', 'f32', ['NaN'], [0x7fc00000, 0x3f800000]) == 0x7fffffff
    assert redux_reduce('min', 'f32', ['abs'], [0xff800000, 0x3f800000]) == 0x3f800000
    assert redux_reduce('min', 's32', [], [0xffffffff, 1]) == 0xffffffff
    assert redux_reduce('min', 'u32', [], [0xffffffff, 1]) == 1


def write_warp_lanes(outdir):
    warp_self_check()
    names = warp_spellings()
    assert len(names) == 31 and len(set(names)) == 31
    with open(os.path.join(outdir, 'warp_lanes.vec'), 'w') as f:
        f.write('# Warp lines (docs/VECTORS.md) for the %d cross-lane spellings: shfl.sync (9.7.9.6),\n'
                '# vote.sync, match.sync, activemask, redux.sync and elect.sync (9.7.13.9-14).\n'
                '# Generated by tests/vectors/gen/families.py from the spec\'s pseudo-code and\n'
                '# docs/SEMANTICS.md ("Warp-level instructions": S_i = (m_i & exec) | (1 << i),\n'
                '# shfl from any lane\'s register, redux.f32 with -0 < +0 and NaN 0x7fffffff); do not\n'
                '# edit by hand.\n' % len(names))
        for name in names:
            f.write('\n# %s\n' % name)
            f.writelines(warp_lines_for(name))


GEN = ('# Generated by tests/vectors/gen/families.py from the spec pseudo-code and\n'
       '# docs/SEMANTICS.md (div/rem by 0 = all ones, INT_MIN/-1 = INT_MIN, canonical NaNs,\n'
       '# .sat maps NaN and -0 to +0, .ftz tininess after rounding, mad.f32 = mad.rn.ftz.f32 on\n'
       '# the default target) with exact integer / Fraction arithmetic; do not edit by hand.\n')

# spellings for warps.vec and how many lines each (not multiples of 32: partial last warps)
WARPS = [('addc.cc.u64', 100), ('madc.hi.cc.s32', 75), ('sub.rm.ftz.f32x2', 70),
         ('add.f16x2', 33), ('bfe.s64', 65), ('div.s16', 40), ('mad.wide.s16', 97),
         ('dp2a.hi.s32.u32', 64), ('mad.rp.f64', 50), ('sub.cc.s32', 31),
         ('testp.notanumber.f32', 70), ('lop3.or.b32', 75)]


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else '.'
    names = spellings()
    assert len(names) == len(set(names)), 'a spelling listed twice'
    cvtf_self_check()
    cvtmx_self_check()
    rs_pack_self_check()
    vectors_md_self_check()
    with open(os.path.join(outdir, 'families.vec'), 'w') as f:
        f.write(f'# Vectors for every one of the {len(names)} PTX spellings of PTX ISA 9.7.1-9.7.8 and 9.7.9 (mov, prmt, cvt, cvt.pack) '
                '(6 or more lines each).\n' + GEN)
        for name in names:
            f.write('\n# %s\n' % name)
            f.writelines(lines_for(name, random.Random(name)))
    with open(os.path.join(outdir, 'warps.vec'), 'w') as f:
        f.write('# Many lines of a few spellings, interleaved, so that `ptxcpu check` fills several\n'
                '# warps and leaves the last one partial (inactive lanes).\n' + GEN)
        groups = [lines_for(n, random.Random('warps ' + n), c) for n, c in WARPS]
        for k in range(max(len(g) for g in groups)):
            f.writelines(g[k] for g in groups if k < len(g))
    write_warp_lanes(outdir)


if __name__ == '__main__':
    main()
