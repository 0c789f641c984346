#!/usr/bin/env python3
"""Writes tests/vectors/families.vec (vectors for every PTX spelling of PTX ISA 9.7.1-9.7.5) and warps.vec
(many lines of a few spellings, so that `ptxcpu check` packs several warps and a partial one),
derived from the spec's pseudo-code and docs/SEMANTICS.md with exact integer / Fraction
arithmetic (never ptxcpu).

Usage: python3 tests/vectors/gen/families.py tests/vectors
"""
import os
import random
import sys
from fractions import Fraction

# ---- spellings, enumerated from the syntax lines of the spec sections ----------------------------

INT6 = ['u16', 'u32', 'u64', 's16', 's32', 's64']
CC4 = ['u32', 's32', 'u64', 's64']
RND = ['rn', 'rz', 'rm', 'rp']


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
    # 9.7.3.2 copysign, 9.7.3.4 sub, 9.7.3.7 mad, 9.7.4.1 half add
    out += ['copysign.f32', 'copysign.f64']
    opt = lambda m: ['', '.' + m]
    out += ['sub%s%s%s.f32' % (r, f, s) for r in [''] + ['.' + x for x in RND]
            for f in opt('ftz') for s in opt('sat')]
    out += ['sub%s%s.f32x2' % (r, f) for r in [''] + ['.' + x for x in RND] for f in opt('ftz')]
    out += ['sub%s.f64' % r for r in [''] + ['.' + x for x in RND]]
    out += ['mad%s%s.f32' % (f, s) for f in opt('ftz') for s in opt('sat')]
    out += ['mad.%s%s%s.f32' % (r, f, s) for r in RND for f in opt('ftz') for s in opt('sat')]
    out += ['mad.%s.f64' % r for r in RND]
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
    # 9.7.5 mixed precision: f32 d and c, f16/bf16 a (and b)
    for op in ('add', 'sub', 'fma'):
        rnds = ([''] if op != 'fma' else []) + ['.' + x for x in RND]
        out += ['%s%s%s.f32.%s' % (op, r, s, t) for r in rnds for s in opt('sat')
                for t in ('f16', 'bf16')]
    return out


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
        self.name = name
        tok = name.split('.')
        self.op = tok[0]
        self.mods = set(tok[1:])
        types = [t for t in tok[1:] if t[0] in 'usbf' and t[1].isdigit() or t.startswith('bf16')]
        self.type = types[0]
        self.btype = types[1] if len(types) > 1 else None
        self.signed = self.type[0] == 's'
        t = self.type
        self.n = int(''.join(c for c in t.split('x')[0] if c.isdigit()))
        self.packed = t.endswith('x2')
        self.float = t[0] == 'f' or t.startswith('bf')
        reg = self.n * (2 if self.packed else 1)
        op, n = self.op, self.n
        nsrc = {'abs': 1, 'neg': 1, 'popc': 1, 'clz': 1, 'bfind': 1, 'brev': 1, 'bfi': 4}.get(op, 2)
        if op in ('mad', 'madc', 'mad24', 'sad', 'fns', 'bfe', 'dp4a', 'dp2a', 'fma'):
            nsrc = 3
        self.src = [reg] * nsrc
        self.dst = reg
        if 'wide' in self.mods:
            self.dst = 2 * n
            if op == 'mad':
                self.src[2] = 2 * n
        if op in ('popc', 'clz', 'bfind'):
            self.dst = 32
        if op == 'bfe':
            self.src[1:] = [32, 32]
        if op == 'bfi':
            self.src[2:] = [32, 32]
        self.mixed = self.type == 'f32' and self.btype in ('f16', 'bf16')
        if self.mixed:      # 9.7.5: a (and fma's b) are halves, d and the last source f32
            self.src = [16] * (nsrc - 1) + [32]
        self.reads_cc = op in ('addc', 'subc', 'madc')
        self.writes_cc = 'cc' in self.mods
        self.rnd = next((r for r in RND if r in self.mods), None)


# ---- integer semantics (spec pseudo-code, docs/SEMANTICS.md choices) ----------------------------

def int_eval(I, a, cf):
    """Returns (d, cf_out or None) for integer spelling I on operand bits a[]."""
    op, n, s, mods = I.op, I.n, I.signed, I.mods
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

FMT = {'f16': (5, 10), 'bf16': (8, 7), 'f32': (8, 23), 'f64': (11, 52)}
NAN = ('nan',)


def canon_nan(fmt):
    E, m = FMT[fmt]
    return M(E + m) if fmt in ('f32', 'f64') else 0x7fff   # SEMANTICS: canonical NaNs


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
                to_inf = {'rn': True, 'rz': False, 'rm': sg == 1, 'rp': sg == 0}[rnd]
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
    """b's magnitude with a's sign bit; a NaN b: canonical for f32, kept (payload) for f64."""
    E, m = FMT[fmt]
    sign, mag = 1 << (E + m), b & M(E + m)
    if fmt == 'f32' and decode(b, fmt, False) == NAN:
        return canon_nan(fmt)
    return (a & sign) | mag


def float_eval(I, a):
    """Result bits of a float spelling (default target: mad.f32 without rounding = .rn.ftz)."""
    fmt = I.type.replace('x2', '')
    if I.op == 'copysign':
        return copysign_eval(fmt, a[0], a[1])
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
            r = mul_exact(x[0], x[1])
        else:
            r = add_exact(mul_exact(x[0], x[1]), x[2], rnd)
        if 'oob' in I.mods and any(o & 0x7fff == 0x7ff7 for o in ops[:2]):
            return 0            # SEMANTICS: the OOB NaN 0x7ff7/0xfff7 in a or b gives +0
        d = encode(r, fmt, rnd, ftz, sat)
        if 'relu' in I.mods and d >> (w - 1):
            d = 0               # negatives and -0 to +0; the canonical NaN is positive
        return d

    if not I.packed:
        return one(a)
    lo = one([o & M(w) for o in a])
    hi = one([o >> w & M(w) for o in a])
    return hi << w | lo


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
    if I.op in ('sub', 'add'):
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
    elif I.op == 'mul':
        pairs = [(1 + u, 1 + u), (1 - u / 2, mn), (1 - u, mn * (1 + u)), ('inf', 0), (1, 'nan'),
                 ('max', 2), ('-max', 2), (Fraction(1, 2), 3), (-1, 0), (0, -1),
                 (tiny(fmt, 1), Fraction(1, 2)), (tiny(fmt, 3), Fraction(1, 2)), (mn, 2),
                 (Fraction(3, 2), Fraction(3, 4)), (-1, 'inf')]
        cases = [(b(x), b(y)) for x, y in pairs]    # (1-u)(minnormal(1+u)): tiny only before
        cases.append((nz, b(1)))                      # rounding (an H100: 0x3bfe*0x0401=0x0400)
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


# ---- output -------------------------------------------------------------------------------------

def fmt_operand(I, v, w):
    """Decimal for small integer operands (exercises the decimal syntax), else hex."""
    if not I.float:
        sv = sx(v, w) if I.signed or I.op in ('fns',) else v
        if -256 <= sv <= 256 and not I.packed:
            return str(sv)
    return '0x%0*x' % (w // 4, v)


def fmt_result(I, r, k):
    if I.packed and k % 2 == 0:                        # every other line element-wise: HI:LO
        h = I.dst // 2
        return '0x%0*x:0x%0*x' % (h // 4, r >> h, h // 4, r & M(h))
    return '0x%0*x' % (I.dst // 4, r)


def lines_for(name, rng, count=None):
    """Vector lines for one spelling; count: that many, drawing the inputs again as needed."""
    I = Insn(name)
    cases = []
    while len(cases) < (count or 1):
        cases += float_cases(I, rng) if I.float else int_cases(I, rng)
    out = []
    for k, a in enumerate(cases[:count] if count else cases):
        cf_in = k % 2 if I.reads_cc else 0
        if I.float:
            r, cf = float_eval(I, list(a)), None
        else:
            r, cf = int_eval(I, list(a), cf_in)
        ops = ' '.join(fmt_operand(I, v, w) for v, w in zip(a, I.src))
        line = '%-22s %s%s -> %s' % (name, 'cf=%d ' % cf_in if I.reads_cc else '', ops,
                                     fmt_result(I, r, k))
        if I.writes_cc:
            line += ' cf=%d' % cf
        out.append(line + '\n')
    return out


GEN = ('# Generated by tests/vectors/gen/families.py from the spec pseudo-code and\n'
       '# docs/SEMANTICS.md (div/rem by 0 = all ones, INT_MIN/-1 = INT_MIN, canonical NaNs,\n'
       '# .sat maps NaN and -0 to +0, .ftz tininess after rounding, mad.f32 = mad.rn.ftz.f32 on\n'
       '# the default target) with exact integer / Fraction arithmetic; do not edit by hand.\n')

# spellings for warps.vec and how many lines each (not multiples of 32: partial last warps)
WARPS = [('addc.cc.u64', 100), ('madc.hi.cc.s32', 75), ('sub.rm.ftz.f32x2', 70),
         ('add.f16x2', 33), ('bfe.s64', 65), ('div.s16', 40), ('mad.wide.s16', 97),
         ('dp2a.hi.s32.u32', 64), ('mad.rp.f64', 50), ('sub.cc.s32', 31)]


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else '.'
    names = spellings()
    assert len(names) == len(set(names)), 'a spelling listed twice'
    with open(os.path.join(outdir, 'families.vec'), 'w') as f:
        f.write(f'# Vectors for every one of the {len(names)} PTX spellings of PTX ISA 9.7.1-9.7.5 '
                '(10 or more lines each).\n' + GEN)
        for name in names:
            f.write('\n# %s\n' % name)
            f.writelines(lines_for(name, random.Random(name)))
    with open(os.path.join(outdir, 'warps.vec'), 'w') as f:
        f.write('# Many lines of a few spellings, interleaved, so that `ptxcpu check` fills several\n'
                '# warps and leaves the last one partial (inactive lanes).\n' + GEN)
        groups = [lines_for(n, random.Random('warps ' + n), c) for n, c in WARPS]
        for k in range(max(len(g) for g in groups)):
            f.writelines(g[k] for g in groups if k < len(g))


if __name__ == '__main__':
    main()
