#!/usr/bin/env python3
"""Writes the plain-C baseline of `ptxcpu bench`: for every row of src/ops.def, the loop over lanes
a competent user would write for that PTX instruction in plain C, and a table of them.

One template per semantic family, parameterised by the row's type and modifiers; the semantics are
those of src/scalar (and the README's Semantics section), written the way C code usually says them: integer
arithmetic on unsigned types (wider ones, or __int128, where a result needs more bits), explicit
saturation and division guards, __builtin_clz/popcount; float arithmetic with fmaf/fma, fesetround
around the loop for a directed rounding modifier, .ftz/.sat/canonical NaNs as the helpers in
bench/plain_c_ops.h. The warp-level instructions (shfl.sync, vote, match, activemask, redux,
elect) loop over warps and each warp's executing lanes, as a user emulating a warp writes it
(XLANE_SEMS). The build compiles the output once per ISA's flags (meson.build).
Run: python3 tools/gen_plain_c.py src/ops.def TABLE.c FENV.c PART.c [PART.c ...]  (see main();
the table is named by the macro PLAIN_C_TABLE, ptx_plain_c_<isa>, when the output is compiled)
"""
import re
import sys

ROW = re.compile(r'PTX_OP\((\w+), "([^"]+)", (\w+), (\w+), (\w+), ([\w|]+), (\w+), (\d+), (\d+), '
                 r'(\d+), (\d+), (\d+), (\d+), CC_(\w+),')


class Row:
    def __init__(self, m):
        (self.id, self.mnem, self.sem, self.ty, self.ty2, mods, self.rnd, dw, aw, bw, cw, ew,
         nsrc, self.cc) = m.groups()
        self.mods = set() if mods == '0' else {x[2:].lower() for x in mods.split('|')}
        self.bits = [int(dw), int(aw), int(bw), int(cw), int(ew)]
        self.nsrc = int(nsrc)
        self.signed = self.ty.startswith('S')
        self.x2 = self.ty.endswith('X2')
        self.n = elem_bits(self.ty)  # bits of one element

    def has(self, mod):
        return mod in self.mods


def elem_bits(ty):
    return {'U16': 16, 'S16': 16, 'B16': 16, 'U64': 64, 'S64': 64, 'B64': 64, 'F64': 64, 'F16': 16,
            'BF16': 16, 'F16X2': 16, 'BF16X2': 16, 'F32X2': 32, 'U16X2': 16,
            'S16X2': 16}.get(ty, 32)


def U(n):
    return f'uint{n}_t'


def S(n):
    return f'int{n}_t'


# wider unsigned / signed types that hold a product or a carry of n-bit operands
W2 = {16: 'uint32_t', 32: 'uint64_t', 64: 'u128'}
SW2 = {16: 'int32_t', 32: 'int64_t', 64: 's128'}
FLOAT = {'F32': 'float', 'F32X2': 'float', 'F64': 'double', 'F16': 'f16', 'F16X2': 'f16',
         'BF16': 'bf16', 'BF16X2': 'bf16'}
FPFX = {'float': 'f32', 'double': 'f64', 'f16': 'f16', 'bf16': 'bf16'}
FESET = {'RZ': 'FE_TOWARDZERO', 'RM': 'FE_DOWNWARD', 'RP': 'FE_UPWARD'}
FLOAT_SEMS = ('FSUB', 'FMAD', 'HADD', 'COPYSIGN', 'FADD', 'FMUL', 'FFMA', 'FABS', 'FNEG', 'FMIN',
              'FMAX', 'HSUB', 'HMUL', 'HFMA', 'FDIV', 'FRCP', 'FSQRT', 'TESTP', 'FDIVA', 'FRSQRT',
              'FRCPH', 'FSIN', 'FCOS', 'FLG2', 'FEX2', 'FTANH', 'FMIN3', 'FMAX3')
ELEMENTWISE_X2 = ('ADD', 'MIN', 'MAX', 'FSUB', 'HADD', 'FADD', 'FMUL', 'FFMA', 'FABS', 'FNEG',
                  'FMIN', 'FMAX', 'HSUB', 'HMUL', 'HFMA', 'FTANH', 'FEX2')
MIXED_SEMS = ('MXADD', 'MXSUB', 'MXFMA')
CVT_C = {'F32': 'float', 'F64': 'double'}
# cvt with the OCP MX formats and .s2f6x2 (the scaled forms: CVTMXS; to .s2f6x2 from two .f32:
# CVTMXSC)
MX_SEMS = ('CVTMX', 'CVTMXS', 'CVTMXSC')


def operand_types(r):
    """C element type of d, a, b, c, e (None where absent)."""
    if r.sem in MIXED_SEMS:  # f32 d and last source, f16/bf16 a (and b)
        h = FLOAT[r.ty2]
        return ['float'] + [h if k < r.nsrc - 1 else 'float' if k < r.nsrc else None
                            for k in range(4)]
    if r.sem in FLOAT_SEMS:
        t = FLOAT[r.ty]
        d = 'uint32_t' if r.bits[0] == 1 else t  # a predicate: one lane mask a warp
        return [d] + [t if k < r.nsrc else None for k in range(4)]
    if r.sem == 'CVTF':  # f32 / f64 as float / double; f16, bf16, integers: their registers' bits
        # (.f16x2 / .bf16x2 of two .f32: b too; their d and .tf32's: the .b32's bits)
        b = CVT_C.get(r.ty2, U(r.bits[2])) if r.nsrc > 1 else None
        return [CVT_C.get(r.ty, U(r.bits[0])), CVT_C.get(r.ty2, U(r.bits[1])), b, None, None]
    if r.sem in MX_SEMS:  # d, a (b), scale-factor: registers' bits; .f32 sources as floats
        src = 'float' if r.ty2 == 'F32' else U(r.bits[1])
        b = None if r.nsrc < 2 else 'float' if r.ty2 == 'F32' else U(r.bits[2])
        return [U(r.bits[0]), src, b, U(r.bits[3]) if r.nsrc > 2 else None, None]
    if r.sem == 'CVTRSX4':  # d's bits, {a, b, e, f} as floats, rbits
        return [U(r.bits[0]), 'float', 'uint32_t', None, None]
    if r.sem == 'MOVVEC':  # registers' bits (a .b128: its halves, a vector: its registers)
        return [U(reg_width(r.bits[0]))] + [U(reg_width(r.bits[k + 1])) if k < r.nsrc else None
                                             for k in range(4)]
    if r.sem == 'CVTRS':  # d's bits, two .f32, rbits
        return ['uint32_t', 'float', 'float', 'uint32_t', None]
    if r.sem == 'SLCT':  # d, a, b the .dtype's bits; c an int32_t or a float
        u = U(r.bits[0])
        return [u, u, u, 'float' if r.ty2 == 'F32' else 'int32_t', None]
    if r.sem in ('SETP', 'SET'):  # c (and setp's d) predicates: a lane mask a warp; x2 sources
        t = FLOAT.get(r.ty, U(r.n))  # as arrays of halves, two a lane
        d = 'uint32_t' if r.sem == 'SETP' else U(r.bits[0])
        return [d] + [t if k < 2 else 'uint32_t' if k < r.nsrc else None for k in range(4)]
    if r.sem == 'LOP3':  # d|p: 33 words a warp; q a lane mask a warp
        return ['uint32_t'] * 4 + ['uint32_t' if r.nsrc > 3 else None]
    if r.sem in XLANE_SEMS:  # d: 32 or 33 (d|p) words a warp, or a predicate's mask; a predicate
        # source (vote's a): one mask a warp
        return ['uint32_t'] + [None if k >= r.nsrc else 'uint32_t' if r.bits[k + 1] == 1
                               else U(r.bits[k + 1]) for k in range(4)]
    if r.ty == 'PRED':  # and/or/xor/not .pred: lane masks, one a warp
        return ['uint32_t'] + ['uint32_t' if k < r.nsrc else None for k in range(4)]
    per = 2 if r.x2 else 1
    # (a predicate source: one lane mask a warp)
    return [U(r.bits[0] // per)] + [None if k >= r.nsrc else 'uint32_t' if r.bits[k + 1] == 1
                                    else U(r.bits[k + 1] // per) for k in range(4)]


def sv(x, r):
    """Operand x read with the row's signedness (an expression)."""
    return f'({S(r.n)}){x}' if r.signed else x


# ---- integer families: each returns the loop body (statements, lane index i) -----------------
def t_addsub(r):
    op = '+' if r.sem == 'ADD' else '-'
    n = r.n
    if r.has('sat'):
        return [f'd[i] = sat_s32((int64_t)(int32_t)a[i] {op} (int32_t)b[i]);']
    if r.has('ccin') or r.has('ccout'):
        cin = ' + cf[i]' if r.has('ccin') else ''
        if r.sem == 'ADD':
            body = [f'{W2[n]} sum = ({W2[n]})a[i] + b[i]{cin};', f'd[i] = ({U(n)})sum;']
            out = f'cf[i] = (uint8_t)(sum >> {n});'
        else:  # the borrow: the unsigned subtraction of b (+ CF) wrapped
            body = [f'{W2[n]} sub = ({W2[n]})b[i]{cin};', f'd[i] = ({U(n)})(a[i] - sub);']
            out = 'cf[i] = a[i] < sub;'
        return body + ([out] if r.has('ccout') else [])
    return [f'd[i] = ({U(n)})(a[i] {op} b[i]);']


def product(r, x, y):
    """(expression, bits) of the product part the row's .hi/.lo/.wide selects."""
    n = r.n
    if r.has('lo'):  # the low half is the same for signed and unsigned operands
        return f'({U(n)})(({W2[n] if n == 16 else U(n)}){x} * {y})', n
    full = (f'({SW2[n]})({S(n)}){x} * ({S(n)}){y}' if r.signed else f'({W2[n]}){x} * {y}')
    if r.has('hi'):
        return f'({U(n)})(({full}) >> {n})', n
    return f'({W2[n]})({full})', 2 * n  # .wide


def t_mul(r):
    p, _ = product(r, 'a[i]', 'b[i]')
    return [f'd[i] = {p};']


def t_mad(r):
    p, pn = product(r, 'a[i]', 'b[i]')
    body = [f'{U(pn)} t = {p};']
    if r.has('sat'):
        return body + ['d[i] = sat_s32((int64_t)(int32_t)t + (int32_t)c[i]);']
    if r.has('ccin') or r.has('ccout'):
        cin = ' + cf[i]' if r.has('ccin') else ''
        body += [f'{W2[pn]} sum = ({W2[pn]})t + c[i]{cin};', f'd[i] = ({U(pn)})sum;']
        return body + ([f'cf[i] = (uint8_t)(sum >> {pn});'] if r.has('ccout') else [])
    return body + [f'd[i] = ({U(pn)})(t + c[i]);']


def t_mul24(r):
    ext = ((lambda x: f'((int32_t)({x} << 8) >> 8)') if r.signed
           else (lambda x: f'(int32_t)({x} & 0xffffff)'))
    body = [f'int64_t p = (int64_t){ext("a[i]")} * {ext("b[i]")};',
            f'uint32_t t = (uint32_t)({"p >> 16" if r.has("hi") else "p"});']
    if r.sem == 'MUL24':
        return body + ['d[i] = t;']
    if r.has('sat'):
        return body + ['d[i] = sat_s32((int64_t)(int32_t)t + (int32_t)c[i]);']
    return body + ['d[i] = t + c[i];']


def t_sad(r):
    lt = f'{sv("a[i]", r)} < {sv("b[i]", r)}'
    return [f'{U(r.n)} diff = ({U(r.n)})({lt} ? b[i] - a[i] : a[i] - b[i]);',
            f'd[i] = ({U(r.n)})(c[i] + diff);']


def t_divrem(r):
    n, ones = r.n, f'({U(r.n)})~({U(r.n)})0'
    op = '/' if r.sem == 'DIV' else '%'
    if not r.signed:
        return [f'd[i] = b[i] ? ({U(n)})(a[i] {op} b[i]) : {ones};']
    # x / -1 is a wrapping negation and x % -1 is 0: INT_MIN / -1 would trap in C
    by_minus1 = f'({U(n)})(0 - a[i])' if r.sem == 'DIV' else '0'
    return [f'd[i] = b[i] == 0 ? {ones} : ({S(n)})b[i] == -1 ? {by_minus1} : '
            f'({U(n)})(({S(n)})a[i] {op} ({S(n)})b[i]);']


def t_absneg(r):
    if r.sem == 'NEG':
        return [f'd[i] = ({U(r.n)})(0 - a[i]);']
    return [f'd[i] = ({S(r.n)})a[i] < 0 ? ({U(r.n)})(0 - a[i]) : a[i];']


def t_minmax(r):
    cmp = '<' if r.sem == 'MIN' else '>'
    pick = f'{sv("a[i]", r)} {cmp} {sv("b[i]", r)} ? a[i] : b[i]'
    if r.has('relu'):
        return [f'{U(r.n)} m = {pick};', f'd[i] = ({S(r.n)})m < 0 ? 0 : m;']
    return [f'd[i] = {pick};']


def t_popc(r):
    return [f'd[i] = (uint32_t)__builtin_popcount{"ll" if r.n == 64 else ""}(a[i]);']


def t_clz(r):
    return [f'd[i] = a[i] ? (uint32_t)__builtin_clz{"ll" if r.n == 64 else ""}(a[i]) : {r.n};']


def t_bfind(r):
    n = r.n
    x = f'({S(n)})a[i] < 0 ? ~a[i] : a[i]' if r.signed else 'a[i]'
    clz = f'(uint32_t)__builtin_clz{"ll" if n == 64 else ""}(x)'
    found = clz if r.has('shiftamt') else f'{n - 1} - {clz}'
    return [f'{U(n)} x = {x};', f'd[i] = x ? {found} : 0xffffffffu;']


def t_fns(r):
    return ['d[i] = fns_b32(a[i], b[i], (int32_t)c[i]);']


def t_brev(r):
    return [f'd[i] = brev{r.n}(a[i]);']


def field_bits(n, pos, length):
    """Statements computing k, how many bits of the field [pos, pos+len) lie inside n bits."""
    return [f'unsigned pos = {pos} & 0xff, len = {length} & 0xff;',
            f'unsigned k = pos >= {n} ? 0 : len < {n} - pos ? len : {n} - pos;',
            f'{U(n)} low = k >= {n} ? ~({U(n)})0 : (({U(n)})1 << k) - 1;']


def t_bfe(r):
    n = r.n
    body = field_bits(n, 'b[i]', 'c[i]')
    body.append(f'{U(n)} field = k ? (a[i] >> pos) & low : 0;')
    if not r.signed:
        return body + ['d[i] = field;']
    # the sign is the field's top bit (or a's top bit when the field reaches past it)
    return body + [f'unsigned top = pos + len - 1 < {n - 1} ? pos + len - 1 : {n - 1};',
                   f'{U(n)} fill = len && (a[i] >> top & 1) ? ~low : 0;',
                   'd[i] = field | fill;']


def t_bfi(r):
    n = r.n
    return field_bits(n, 'c[i]', 'e[i]') + [
        f'd[i] = k ? (b[i] & ~(low << pos)) | ((a[i] & low) << pos) : b[i];']


def t_bmsk(r):
    if r.has('clamp'):
        return ['d[i] = a[i] >= 32 ? 0 : b[i] >= 32 || a[i] + b[i] >= 32 ? ~0u << a[i] '
                ': (~0u << a[i]) & ~(~0u << (a[i] + b[i]));']
    return ['unsigned pos = a[i] & 31, width = b[i] & 31;',
            'd[i] = pos + width >= 32 ? ~0u << pos : (~0u << pos) & ~(~0u << (pos + width));']


def t_szext(r):
    w = '(b[i] > 32 ? 32 : b[i])' if r.has('clamp') else 'b[i] & 31'
    ext = ('(uint32_t)((int32_t)(a[i] << (32 - w)) >> (32 - w))' if r.signed
           else 'a[i] & ((1u << w) - 1)')
    return [f'unsigned w = {w};', f'd[i] = w == 0 ? 0 : w == 32 ? a[i] : {ext};']


def t_dp(r):
    def part(x, ty, width, shift):
        return f'({"int" if ty.startswith("S") else "uint"}{width}_t)({x} >> {shift})'
    if r.sem == 'DP4A':  # four byte products
        count, x, y = 4, part('a[i]', r.ty, 8, '8 * j'), part('b[i]', r.ty2, 8, '8 * j')
    else:  # two products of a's halves with bytes 0-1 (.lo) or 2-3 (.hi) of b
        bsel = 0 if r.has('lo') else 2
        count = 2
        x, y = part('a[i]', r.ty, 16, '16 * j'), part('b[i]', r.ty2, 8, f'8 * ({bsel} + j)')
    return ['uint32_t acc = c[i];',
            f'for (int j = 0; j < {count}; j++)',
            f'    acc += (uint32_t)({x} * {y});',
            'd[i] = acc;']


# ---- float families ----------------------------------------------------------------------------
FUSED_FTZ = ('FMAD', 'FFMA', 'FMUL', 'FDIV', 'FRCP')  # their _ftz helpers flush inputs and results themselves


def float_finish(r, t, expr, nan_from=''):
    """Rounds up a float result: .ftz (results), canonical NaN (f64: the NaN rule over the
    operands nan_from, docs/SEMANTICS.md), .sat."""
    f = FPFX[t]
    body = [f'{t} r = {expr};']
    if r.has('ftz') and r.sem not in FUSED_FTZ:
        body.append(f'r = {f}_ftz(r);')
    if t == 'double' and nan_from:
        body.append(f'r = f64_nan{len(nan_from)}(r, {", ".join(x + "[i]" for x in nan_from)});')
    else:
        body.append(f'r = {f}_canon(r);')
    if r.has('sat'):
        body.append(f'r = {f}_sat(r);')
    return body + ['d[i] = r;']


def inputs(r, t, names):
    f = FPFX[t]
    if r.has('ftz') and r.sem not in FUSED_FTZ:
        return [f'{f}_ftz({x}[i])' for x in names]
    return [f'{x}[i]' for x in names]


def t_fsub(r):
    t = FLOAT[r.ty]
    x, y = inputs(r, t, 'ab')
    return float_finish(r, t, f'{x} {"+" if r.sem == "FADD" else "-"} {y}', 'ab')


def t_fmul(r):
    t = FLOAT[r.ty]
    if r.has('ftz'):
        return float_finish(r, t, 'f32_mul_ftz(a[i], b[i])')
    return float_finish(r, t, 'a[i] * b[i]', 'ab')


def t_fmad(r):
    t = FLOAT[r.ty]
    if t == 'double':
        return float_finish(r, t, 'fma(a[i], b[i], c[i])', 'abc')
    if r.has('ftz'):
        return float_finish(r, t, 'f32_fma_ftz(a[i], b[i], c[i])')
    return float_finish(r, t, 'fmaf(a[i], b[i], c[i])')


def t_hadd(r):
    t = FLOAT[r.ty]
    x, y = inputs(r, t, 'ab')
    return float_finish(r, t, f'{FPFX[t]}_add({x}, {y})')


def t_hsubmul(r):
    t = FLOAT[r.ty]
    x, y = inputs(r, t, 'ab')
    op = 'sub' if r.sem == 'HSUB' else 'mul_ftz' if r.has('ftz') else 'mul'
    return float_finish(r, t, f'{FPFX[t]}_{op}({x}, {y})')


def t_hfma(r):
    t, f = FLOAT[r.ty], FPFX[FLOAT[r.ty]]
    x, y, z = inputs(r, t, 'abc')
    body = float_finish(r, t, f'{f}_fma{"_ftz" if r.has("ftz") else ""}({x}, {y}, {z})')[:-1]
    if r.has('relu'):
        body.append(f'r = {f}_relu(r);')
    if r.has('oob'):
        body.append(f'if ({f}_oob(a[i]) || {f}_oob(b[i]))')
        body.append(f'    r = {f}_from_float(0.0f);')
    return body + ['d[i] = r;']


def t_mixed(r):
    """9.7.5: the halves converted to float (exactly), then the f32 operation in the row's mode."""
    h = FPFX[FLOAT[r.ty2]]
    if r.sem == 'MXFMA':
        expr = f'fmaf({h}_to_float(a[i]), {h}_to_float(b[i]), c[i])'
    else:
        expr = f'{h}_to_float(a[i]) {"+" if r.sem == "MXADD" else "-"} b[i]'
    return float_finish(r, 'float', expr)


def t_copysign(r):
    t = FLOAT[r.ty]
    if t == 'double':  # a NaN b keeps its payload: no canonicalization, as the hardware
        return ['d[i] = copysign(b[i], a[i]);']
    return ['d[i] = copysignf(b[i], a[i]);']


def t_fabsneg(r):
    """fabsf / unary minus (through float for the 16-bit formats); f64 NaNs: abs passes them
    unchanged, neg quiets them and keeps their sign."""
    t = FLOAT[r.ty]
    (x,) = inputs(r, t, 'a')
    neg = r.sem == 'FNEG'
    if t == 'double':
        if neg:
            return ['uint64_t q;', 'memcpy(&q, &a[i], 8);', 'q |= 1ull << 51;',
                    'double qa;', 'memcpy(&qa, &q, 8);', 'd[i] = isnan(a[i]) ? qa : -a[i];']
        return ['d[i] = isnan(a[i]) ? a[i] : fabs(a[i]);']
    if t == 'float':
        return float_finish(r, t, f'-{x}' if neg else f'fabsf({x})')
    v = f'{t}_to_float({x})'
    return float_finish(r, t, f'{t}_from_float({"-" + v if neg else f"fabsf({v})"})')


def t_fminmax(r):
    """fminf / fmaxf (a signalling NaN operand makes them return NaN: the other operand is
    picked first), with the spec's -0 < +0 where the C library leaves it open, .NaN,
    .xorsign.abs; the 16-bit formats through float; f64: two NaNs give b's, quieted."""
    t = FLOAT[r.ty]
    x, y = inputs(r, t, 'ab')
    ft = 'double' if t == 'double' else 'float'
    sfx = '' if t == 'double' else 'f'
    mx = r.sem == 'FMAX'
    if t in ('f16', 'bf16'):
        x, y = f'{t}_to_float({x})', f'{t}_to_float({y})'
    body = [f'{ft} x = {x}, y = {y};']
    if r.has('xorsign'):
        body += ['int neg = !signbit(x) != !signbit(y);', f'x = fabs{sfx}(x);',
                 f'y = fabs{sfx}(y);']
    body += [f'{ft} m = isnan(x) ? y : isnan(y) ? x : fm{"ax" if mx else "in"}{sfx}(x, y);',
             f'm = x == y ? (signbit(x) ? {"y : x" if mx else "x : y"}) : m; /* -0 < +0 */']
    if r.has('nan'):
        body += ['m = isnan(x) || isnan(y) ? NAN : m;']
    if r.has('xorsign'):
        body += [f'm = copysign{sfx}(m, neg ? -1 : 1);']
    if t == 'double':
        return body + ['if (isnan(x) && isnan(y)) { /* the NaN of b, quieted */',
                       '    uint64_t q;', '    memcpy(&q, &y, 8);', '    q |= 1ull << 51;',
                       '    memcpy(&m, &q, 8);', '}', 'd[i] = m;']
    if t == 'float':
        return body + float_finish(r, t, 'm')
    return body + float_finish(r, t, f'{t}_from_float(m)')


def t_fminmax3(r):
    """The three-input min/max .f32: fminf / fmaxf twice with the NaN and -0 < +0 fixes of
    t_fminmax, fabsf for .abs, .NaN as any NaN input."""
    mx = r.sem == 'FMAX3'
    f = 'fmaxf' if mx else 'fminf'
    x, y, z = inputs(r, 'float', 'abc')
    body = [f'float x = {x}, y = {y}, z = {z};']
    if r.has('abs'):
        body += ['x = fabsf(x);', 'y = fabsf(y);', 'z = fabsf(z);']
    for u, v, out in (('x', 'y', 'float m'), ('m', 'z', 'm')):
        body += [f'{out} = isnan({u}) ? {v} : isnan({v}) ? {u} : {u} == {v} && signbit({u}) != '
                 f'signbit({v}) ? (signbit({u}) ? {v if mx else u} : {u if mx else v}) : '
                 f'{f}({u}, {v});']
    if r.has('nan'):
        body += ['m = isnan(x) || isnan(y) || isnan(z) ? NAN : m;']
    return body + float_finish(r, 'float', 'm')


def t_fdivsqrt(r):
    """a / b, 1 / a, sqrt(a) (the mode from fesetround around the loop)."""
    t = FLOAT[r.ty]
    if t == 'double':
        y = 'b[i]' if r.sem == 'FDIV' else 'a[i]'
        expr = {'FDIV': 'a[i] / b[i]', 'FRCP': '1.0 / a[i]', 'FSQRT': 'sqrt(a[i])'}[r.sem]
        made = '0xfff8000000000000ull' if r.sem == 'FSQRT' else '0x7fffffffffffffffull'
        return [f'd[i] = f64_nan_from({expr}, a[i], {y}, {made});']
    if r.sem == 'FSQRT':  # never subnormal: only the input flushes
        return float_finish(r, t, 'sqrtf(f32_ftz(a[i]))' if r.has('ftz') else 'sqrtf(a[i])')
    x = 'a[i]' if r.sem == 'FDIV' else '1.0f'
    y = 'b[i]' if r.sem == 'FDIV' else 'a[i]'
    return float_finish(r, t, f'f32_div_ftz({x}, {y})' if r.has('ftz') else f'{x} / {y}')


def t_testp(r):
    """The C library's classification of each lane, gathered into the warp's lane mask (the loop
    runs over warps, i the warp); zeros are normal (9.7.3.1)."""
    test = {'finite': 'isfinite(x)', 'infinite': 'isinf(x)', 'number': '!isnan(x)',
            'notanumber': 'isnan(x)', 'normal': '(isnormal(x) || x == 0)',
            'subnormal': 'fpclassify(x) == FP_SUBNORMAL'}
    (prop,) = [t for p, t in test.items() if r.has(p)]
    return ['uint32_t m = 0;', 'for (unsigned j = 0; j < 32; j++) {',
            f'    {FLOAT[r.ty]} x = a[32 * i + j];', f'    m |= (uint32_t)(({prop}) != 0) << j;', '}',
            'd[i] = m;']


def t_fapprox(r):
    """div.approx: a * (1.0f / b), the reciprocal's subnormals flushed (9.7.3.8), a subnormal b
    scaled by 2^24 (and the quotient back: docs/SEMANTICS.md); rsqrt.approx:
    1 / sqrt(x) in double, rounded once to float (f32; it is the correctly rounded value), or in
    double (f64); the .ftz.f64 forms on the upper word, rounded to 20 fraction bits."""
    if r.sem == 'FDIVA':
        x, y = inputs(r, 'float', 'ab')
        rcp = f'f32_ftz(1.0f / {y})'
        if r.has('ftz'):
            return float_finish(r, 'float', f'f32_mul_ftz({x}, {rcp})')
        return ['float y = b[i], s = fabsf(y) < FLT_MIN && y != 0 ? 0x1p24f : 1.0f;',
                'y *= s; /* a subnormal b scaled, and the quotient back */'] + \
            float_finish(r, 'float', 'a[i] * f32_ftz(1.0f / y) * s')
    if r.ty == 'F32':
        (x,) = inputs(r, 'float', 'a')
        return float_finish(r, 'float', f'(float)(1.0 / sqrt((double){x}))')
    if r.sem == 'FRSQRT' and not r.has('ftz'):
        return ['d[i] = f64_nan_from(1.0 / sqrt(a[i]), a[i], a[i], 0xfff8000000000000ull);']
    f = '1.0 / t' if r.sem == 'FRCPH' else '1.0 / sqrt(t)'
    return ['uint64_t u;', 'memcpy(&u, &a[i], 8);',
            'u = (u & 0x7ff0000000000000ull) ? u & 0xffffffff00000000ull : u & (1ull << 63);',
            'double t;', 'memcpy(&t, &u, 8);', f'double q = {f};', 'memcpy(&u, &q, 8);',
            'u = (u & 0x7ff0000000000000ull) ? (u + 0x80000000ull) & 0xffffffff00000000ull',
            '                                : u & (1ull << 63);',
            'u = isnan(q) ? 0x7fffffff00000000ull : u;', 'memcpy(&d[i], &u, 8);']


def t_selp(r):
    """d = c ? a : b, c the lane's bit of the warp's predicate mask."""
    return ['d[i] = (c[i / 32] >> (i % 32) & 1) ? a[i] : b[i];']


CMP_C = {'eq': '==', 'ne': '!=', 'lt': '<', 'le': '<=', 'gt': '>', 'ge': '>=', 'lo': '<',
         'ls': '<=', 'hi': '>', 'hs': '>='}
BOP_C = {'and': '&', 'or': '|', 'xor': '^'}


def cmp_test(r, half=0):
    """The C test of lane j of warp i for setp/set (x, y declared by the caller's line); a packed
    source's half `half` of the lane."""
    (cmp,) = [m[4:] for m in r.mods if m.startswith('cmp_')]
    lane = f'2 * (32 * i + j) + {half}' if r.x2 else '32 * i + j'
    x, y = f'a[{lane}]', f'b[{lane}]'
    if r.ty in FLOAT:
        t = FLOAT[r.ty]
        if r.has('ftz'):
            ftz = {'float': 'f32_ftz', 'double': 'f64_ftz'}.get(t, t + '_ftz')
            x, y = f'{ftz}({x})', f'{ftz}({y})'
        if t in ('f16', 'bf16'):  # compared as the floats they are exactly
            x, y, t = f'{t}_to_float({x})', f'{t}_to_float({y})', 'float'
        unord = 'isnan(x) || isnan(y)'
        # (ordered ne is false on NaN, where C's != is true: x < y || x > y)
        test = {'num': '!isnan(x) && !isnan(y)', 'nan': unord, 'ne': '(x < y || x > y)'}.get(cmp) or (
            f'{unord} || x {CMP_C[cmp[:-1]]} y' if cmp.endswith('u') else f'x {CMP_C[cmp]} y')
    else:
        t = S(r.n) if r.signed else U(r.n)
        test = f'x {CMP_C[cmp]} y'
    return f'{t} x = ({t}){x}, y = ({t}){y};', test


def t_setp(r):
    """C's comparison of each lane (signed types read signed, .ftz through <type>_ftz, halves as
    floats, the unordered operators as `isnan(x) || isnan(y) || x OP y`), gathered into the warp's
    lane mask like testp's (the loop runs over warps, i the warp); p and q (of !t, or of a packed
    source's high halves) combined with c's mask by the Boolean operator, d two masks a warp."""
    bop = [m[4:] for m in r.mods if m.startswith('bop_')]
    out = []
    for h, m in enumerate(['m', 'm2'] if r.x2 else ['m']):
        decl, test = cmp_test(r, h)
        out += [f'uint32_t {m} = 0;', 'for (unsigned j = 0; j < 32; j++) {', f'    {decl}',
                f'    {m} |= (uint32_t)(({test}) != 0) << j;', '}']
    q = 'm2' if r.x2 else '~m'
    return out + ([f'd[2 * i] = m {BOP_C[bop[0]]} c[i];', f'd[2 * i + 1] = {q} {BOP_C[bop[0]]} c[i];']
                  if bop else ['d[2 * i] = m;', f'd[2 * i + 1] = {q};'])


SET_TRUE = {'F32': '0x3f800000u', 'F16': '0x3c00u', 'F16X2': '0x3c00u', 'BF16': '0x3f80u',
            'BF16X2': '0x3f80u', 'U16': '0xffffu', 'S16': '0xffffu'}


def t_set(r):
    """set: each lane's test (as setp's), combined with c's bit, as the destination type's true
    value (1.0's bits in a float format, else all ones; a packed source's halves each 1.0 or
    0xffff) or 0; the loop runs over warps, i the warp."""
    bop = [m[4:] for m in r.mods if m.startswith('bop_')]
    one = SET_TRUE.get(r.ty2, '0xffffu' if r.x2 else '0xffffffffu')
    out = ['for (unsigned j = 0; j < 32; j++) {', '    uint32_t v = 0;']
    for h in range(2 if r.x2 else 1):
        decl, test = cmp_test(r, h)
        t = f'(({test}) != 0) {BOP_C[bop[0]]} (c[i] >> j & 1)' if bop else f'({test})'
        out += ['    {', f'        {decl}', f'        v |= (uint32_t)(({t}) ? {one} : 0) << {16 * h};',
                '    }']
    return out + ['    d[32 * i + j] = v;', '}']


def t_slct(r):
    """d = c >= 0 ? a : b, C's comparison on c (an f32 c flushed by f32_ftz for .ftz)."""
    c = 'f32_ftz(c[i])' if r.has('ftz') else 'c[i]'
    zero = '0.0f' if r.ty2 == 'F32' else '0'
    return [f'd[i] = {c} >= {zero} ? a[i] : b[i];']


LOGIC_C = {'AND': 'a[i] & b[i]', 'OR': 'a[i] | b[i]', 'XOR': 'a[i] ^ b[i]', 'NOT': '~a[i]'}


def t_logic(r):
    """C's bit operators, lane by lane (.pred: on the warps' masks, 32 lanes a word)."""
    return [f'd[i] = {LOGIC_C[r.sem]};']


def t_cnot(r):
    return ['d[i] = a[i] == 0;']


def t_shift(r):
    """a << b / a >> b with the amount clamped to the width, as C needs it (C leaves a shift by
    the width or more undefined); .s types shifted as signed (sign fill)."""
    n = r.n
    if r.sem == 'SHL':
        return [f'd[i] = b[i] >= {n} ? 0 : ({U(n)})(a[i] << b[i]);']
    if r.signed:
        return [f'{S(n)} x = ({S(n)})a[i];', f'd[i] = ({U(n)})(x >> (b[i] >= {n} ? {n - 1} : b[i]));']
    return [f'd[i] = b[i] >= {n} ? 0 : a[i] >> b[i];']


def t_shf(r):
    """The funnel as a 64-bit shift of [b, a]."""
    n = 'c[i] < 32 ? c[i] : 32' if r.has('clamp') else 'c[i] & 31'
    out = ['uint32_t n = ' + n + ';', 'uint64_t v = (uint64_t)b[i] << 32 | a[i];']
    return out + ['d[i] = (uint32_t)((v << n) >> 32);' if r.has('left') else 'd[i] = (uint32_t)(v >> n);']


def t_mov(r):
    """The copy (.pred: of the warps' masks)."""
    return ['d[i] = a[i];']


def reg_width(bits):
    """The width of the registers of an operand (a vector's, a .b128's halves' 64)."""
    return 64 if bits == 128 else bits & 0xff


def vec_index(n, j):
    """Lane i's element j of an operand of n registers a warp (a vector, a .b128's halves)."""
    return f'(i & ~(size_t)31) * {n} + (i & 31)' + (f' + {32 * j}' if j else '')


def t_movvec(r):
    """mov's unpacks {d.x, ...}, a and .b128 packs (9.7.9.4) as shifts of a u128 (a .b128: its low
    and high halves, 32 lanes each a warp; a vector d: n registers a warp, one after the other)."""
    w = {'U8': 8, 'B16': 16, 'B32': 32, 'B64': 64}[r.ty2]
    width = {'B16': 16, 'B32': 32, 'B64': 64, 'B128': 128}[r.ty]
    if r.bits[0] >> 8:  # unpack
        dt, n = U(r.bits[0] & 0xff), width // w
        v = (f'((u128)a[{vec_index(2, 1)}] << 64 | a[{vec_index(2, 0)}])' if width == 128
             else 'a[i]')
        mask = f' & {hex((1 << w) - 1)}u' if w == 8 else ''
        vt = 'u128' if width == 128 else 'uint64_t'  # (a u128 only where the value needs one)
        return [f'const {vt} v = {v};'] + [f'd[{vec_index(n, j)}] = ({dt})(v >> {j * w}{mask});'
                                           for j in range(n)]
    els = ' | '.join(f'(u128){x}[i] << {k * w}' for k, x in enumerate('abce'[:r.nsrc]))
    return [f'const u128 v = {els};', f'd[{vec_index(2, 0)}] = (uint64_t)v;',
            f'd[{vec_index(2, 1)}] = (uint64_t)(v >> 64);']


def t_cvtrsx4(r):
    """cvt.rs{.relu}.satfinite.<x4>.f32 d, {a, b, e, f}, rbits: each element by the bit trick of
    mx_from_f32 truncating, its top 8 dropped bits plus its random byte carried in (mx_rs_from_f32);
    the byte of each element as docs/SEMANTICS.md reads the spec's figures."""
    fmt, w = r.ty[:-2].lower(), 4 if r.ty == 'E2M1X4' else 8
    shifts = [24, 8, 16, 0] if r.ty == 'E2M1X4' else [24, 16, 8, 0]
    els = [f'{fmt}_rs_from_f32(a[{vec_index(4, j)}], b[i] >> {s}, {int(r.has("relu"))})'
           for j, s in enumerate(shifts)]
    return [f'd[i] = ({U(r.bits[0])})({els[0]} << {3 * w} | {els[1]} << {2 * w}',
            f'     | {els[2]} << {w} | {els[3]});']


def t_movpack(r):
    """mov d, {a, b} / {a, b, c, e} (9.7.9.4): the elements packed into d, a's in the low bits
    (.u8 elements: their 16-bit registers' low bytes)."""
    w, dt = {'U8': 8, 'B16': 16, 'B32': 32}[r.ty2], U(r.bits[0])
    els = [(f'({dt})({x}[i] & 0xffu)' if w == 8 else f'({dt}){x}[i]') + (f' << {k * w}' if k else '')
           for k, x in enumerate('abce'[:r.nsrc])]
    return [f'd[i] = ({dt})({" | ".join(els)});']


def t_cvti(r):
    """cvt between integer types as C's casts: a's low bits as atype, .sat's comparisons (only
    those that can hold, or -Wtype-limits objects), the cast to dtype, then to d's register."""
    dt, at = r.ty.lower(), r.ty2.lower()
    nd, na = int(dt[1:]), int(at[1:])
    ctype = {'u': 'uint', 's': 'int'}
    x = f'({ctype[at[0]]}{na}_t)a[i]'
    if r.has('sat'):
        dmin, dmax = ('INT%d_MIN' % nd, 'INT%d_MAX' % nd) if dt[0] == 's' else ('0', 'UINT%d_MAX' % nd)
        amax = (1 << (na - (at[0] == 's'))) - 1
        out = [f'{ctype[at[0]]}{na}_t x = {x};']
        if at[0] == 's' and (dt[0] == 'u' or nd < na):
            out.append(f'if (x < {dmin}) x = {dmin};')
        if (1 << (nd - (dt[0] == 's'))) - 1 < amax:
            out.append(f'if (x > {dmax}) x = {dmax};')
        x = 'x'
    else:
        out = []
    return out + [f'd[i] = ({ctype[dt[0]]}{nd}_t){x};']


# cvt's rounding: the .irnd functions (to an integral value) and the .frnd mode, as the helpers
# of bench/plain_c_ops.h take it (rows without one: exact or to nearest)
CVT_IRND = {'RN': 'nearbyint', 'RZ': 'trunc', 'RM': 'floor', 'RP': 'ceil'}
CVT_MODE = dict(FESET, RN='FE_TONEAREST', NONE='FE_TONEAREST')


def cvt_source(r):
    """a as C reads it: an integer of atype (8 bits: the register's low byte), an f32 (flushed by
    .ftz), a double, or an f16 / bf16 as the float it is exactly."""
    at = r.ty2
    if at not in FLOAT:
        return f'({"int" if at[0] == "S" else "uint"}{at[1:]}_t)a[i]'
    return {'F32': 'f32_ftz(a[i])' if r.has('ftz') else 'a[i]', 'F64': 'a[i]',
            'F16': 'f16_bits_to_float(a[i])', 'BF16': 'bf16_to_float(a[i])'}[at]


def cvt_reg(v, bits):
    """v's bits in a register of `bits` bits, as a C constant."""
    v &= (1 << bits) - 1
    return hex(v) + ('ull' if bits == 64 else 'u') if v else '0'


def t_cvtf(r):
    """cvt with a float type (docs/SEMANTICS.md): float to int as nearbyint/trunc/floor/ceil, then
    NaN and the range ends tested before C's cast (which they would make undefined); int or float
    to f32 / f64 as C's cast in the mode fesetround set (one rounding: x86-64 converts 64-bit
    integers in one instruction, or, unsigned ones, halved with the lost bit kept sticky); to
    f16 / bf16 once in the row's mode by f16_round / bf16_round, from a float rounded to odd where
    a is wider; an f32 d's .ftz after rounding, f64 NaNs quieted with their payload."""
    dt, at, x = r.ty, r.ty2, cvt_source(r)
    if dt == 'TF32':
        return cvt_tf32(r)
    if dt in ('F16X2', 'BF16X2'):
        return cvt_half_x2(r)
    integral = r.rnd in CVT_IRND and (dt == at or dt not in FLOAT)
    if dt not in FLOAT:  # float to integer
        nd, signed = int(dt[1:]), dt[0] == 'S'
        reg = max(nd, 16)
        wide, sfx = ('double', '') if at == 'F64' else ('float', 'f')
        lo = -(1 << (nd - 1)) if signed else 0
        nan = lo if signed else 1 << (nd - 1)
        cast = f'({U(reg)})({S(nd)})x' if signed else f'({U(reg)})x'
        hi = (1 << (nd - signed)) - 1
        return [f'{wide} x = {CVT_IRND[r.rnd]}{sfx}({x});',
                f'd[i] = isnan(x) ? {cvt_reg(nan if at == "F64" or nd == 64 else 0, reg)}'
                f' : x < {"-0x1p%d%s" % (nd - 1, sfx) if signed else "0"} ? {cvt_reg(lo, reg)}',
                f'     : x >= 0x1p{nd - signed}{sfx} ? {cvt_reg(hi, reg)} : {cast};']
    if at not in FLOAT:  # the integer's value, exact in the type given (64 bits: rounded to odd)
        na = int(at[1:])
        if dt in ('F32', 'F64') or na <= 16:
            x = f'({CVT_C.get(dt, "float")}){x}'
        elif na == 32:
            x = f'f32_round_odd((double){x})'
        else:
            x = f'f32_round_odd({at[0].lower()}64_to_f64_odd({x}))'
    elif integral:
        x = f'{CVT_IRND[r.rnd]}{"" if at == "F64" else "f"}({x})'
    if dt == 'F64':  # a NaN keeps its payload, quieted: f64's by f64_quiet, a float's by the cast
        if at == 'F64':
            body = [f'double r = isnan(a[i]) ? f64_quiet(a[i]) : {x};']
        else:
            body = [f'double r = {"(double)" + x if at in FLOAT else x};']
        if r.has('sat'):
            body.append('r = f64_sat(r);')
        return body + ['d[i] = r;']
    if dt == 'F32':
        body = [f'float r = {"(float)" + x if at == "F64" else x};']
        if r.has('ftz') and at == 'F64':
            body.append('r = f32_ftz_from(r, a[i]);')
        elif r.has('ftz') and at == 'BF16':  # (bf16's subnormals are f32's)
            body.append('r = f32_ftz(r);')
        if at in FLOAT:
            body.append('r = f32_canon(r);')
        if r.has('sat'):
            body.append('r = f32_sat(r);')
        return body + ['d[i] = r;']
    if at == 'F64':
        x = f'f32_round_odd({x})'
    body = [f'uint16_t r = {"f16" if dt == "F16" else "bf16"}_round({x}, {CVT_MODE[r.rnd]});']
    if r.has('satfinite'):
        body.append(f'r = half_satfinite(r, {"0x7c00" if dt == "F16" else "0x7f80"});')
    if r.has('relu'):
        body.append('r = half_relu(r);')
    if r.has('sat'):
        body.append('r = f16_sat_bits(r);')
    return body + ['d[i] = r;']


def half_clamps(r, v, inf):
    """.satfinite, then .relu, on the f16 / bf16 bits v (their NaN is canonical, so positive)."""
    out = []
    if r.has('satfinite'):
        out.append(f'{v} = half_satfinite({v}, {inf});')
    if r.has('relu'):
        out.append(f'{v} = half_relu({v});')
    return out


def half_pair(r, hi, lo):
    """d of an .f16x2 / .bf16x2 row from its halves' bits hi and lo (expressions), each with the
    row's .satfinite and .relu."""
    inf = '0x7c00' if r.ty == 'F16X2' else '0x7f80'
    return ([f'uint16_t hi = {hi},', f'         lo = {lo};'] + half_clamps(r, 'hi', inf) +
            half_clamps(r, 'lo', inf) + ['d[i] = (uint32_t)hi << 16 | lo;'])


def cvt_half_x2(r):
    """cvt.frnd{.relu}{.satfinite}.f16x2.f32 / .bf16x2.f32 d, a, b: two conversions, each as the
    scalar row's (f16_round / bf16_round in the row's mode), a's in the high half of d."""
    h = 'f16' if r.ty == 'F16X2' else 'bf16'
    mode = CVT_MODE[r.rnd]
    return half_pair(r, f'{h}_round(a[i], {mode})', f'{h}_round(b[i], {mode})')


def t_cvtrs(r):
    """cvt.rs{.relu}{.satfinite}.f16x2.f32 / .bf16x2.f32 d, a, b, rbits: each element by the bit
    trick of stochastic rounding (f16_rs, bf16_rs: the random bits added to the f32 bits below the
    destination's last place, the carry taken, the rest dropped), a's with rbits' upper half."""
    h = 'f16' if r.ty == 'F16X2' else 'bf16'
    return half_pair(r, f'{h}_rs(a[i], c[i] >> 16)', f'{h}_rs(b[i], c[i] & 0xffffu)')


def t_cvtpack(r):
    """cvt.pack.sat.<t>.s32{.b32} d, a, b{, c}: a and b clamped to t's range (clamp_i32), their
    low bits packed, a's above b's, c's low bits above both (the 2-, 4- and 8-bit types)."""
    t = r.ty.lower()
    n = int(t[1:])
    lo, hi = (-(1 << (n - 1)), (1 << (n - 1)) - 1) if t[0] == 's' else (0, (1 << n) - 1)
    el = [f'((uint32_t)clamp_i32((int32_t){x}[i], {lo}, {hi}) & {hex((1 << n) - 1)}u)'
          for x in 'ab']
    return [f'd[i] = {el[0]} << {n}',
            f'     | {el[1]}' + (f' | c[i] << {2 * n};' if n < 16 else ';')]


# .tf32's rounding of the f32 bits to their top 19 (13 bits dropped): the increment added before
# the mask, by mode (.rn: half an ulp less one, plus the kept bits' parity; .rna: half an ulp)
TF32_INC = {'RN': '(u + 0xfffu + (u >> 13 & 1))', 'RNA': '(u + 0x1000u)', 'RZ': 'u'}


def cvt_tf32(r):
    """cvt.rna / .rn / .rz {.satfinite}{.relu}.tf32.f32 as the bit arithmetic users write on the
    f32 bits: add the rounding increment, clear the low 13 bits (a carry out of the fraction is
    the next binade, out of the largest finite Inf; the subnormals are f32's); NaN tested first
    (an increment could carry one into Inf), the canonical 0x7fffe000; .satfinite: +-Inf to
    +-0x7f7fe000; .relu: a negative or -0 to +0."""
    rnd = 'RNA' if r.has('rna') else r.rnd
    out = ['uint32_t u = f32_to_bits(a[i]);',
           f'uint32_t t = isnan(a[i]) ? 0x7fffe000u : {TF32_INC[rnd]} & 0xffffe000u;']
    if r.has('satfinite'):
        out.append('t = (t & 0x7fffffffu) == 0x7f800000u ? t - 0x2000u : t;')
    if r.has('relu'):
        out.append('t = t & 0x80000000u ? 0 : t;')
    return out + ['d[i] = t;']


# cvt with the OCP MX formats: the element formats of bench/plain_c_ops.h (its <name>_from_f32 and
# <name>_to_f32), and each element's width in its register
MX_ELEM = {'E4M3X2': 8, 'E5M2X2': 8, 'E2M3X2': 8, 'E3M2X2': 8, 'E2M1X2': 4, 'UE8M0X2': 8,
           'S2F6X2': 8}


def t_cvtmx(r):
    """cvt to and from .e4m3x2/.e5m2x2/.e2m3x2/.e3m2x2/.e2m1x2/.ue8m0x2/.s2f6x2
    (docs/SEMANTICS.md), per element as users write it: the sources as floats (an .f32, an f16/bf16
    half widened exactly), then the element's bits by rounding the float's bits to nearest even
    and saturating (mx_from_f32), or its power of two from the exponent field (ue8m0_from_f32), or
    the .s2f6 integer by nearbyint of the float divided by the scale factor in double
    (s2f6_from_f32); the other way the element's exact float (mx_to_f32; the 6-bit formats' low 6
    bits; s2f6_to_f32), times the scale factor (mx_scale, exact), rounded to f16 / bf16 once
    (f16_round, bf16_round), then .satfinite and .relu on the bits. a's element (a's upper half)
    goes to d's upper element."""
    dt, at = r.ty, r.ty2
    relu = int(r.has('relu'))
    if dt in MX_ELEM:  # to an MX format or ue8m0 from .f32 a, b, or the halves of a
        if at == 'F32':
            srcs = ['a[i]', 'b[i]']
        else:
            cv = 'f16_bits_to_float' if at == 'F16X2' else 'bf16_to_float'
            srcs = [f'{cv}((uint16_t)(a[i] >> 16))', f'{cv}((uint16_t)a[i])']
        if dt == 'UE8M0X2':
            conv = [f'ue8m0_from_f32({x}, {int(r.rnd == "RP")}, {int(r.has("satfinite"))})'
                    for x in srcs]
        elif dt == 'S2F6X2':  # the scale factors: the last source
            sf = 'c' if at == 'F32' else 'b'
            scales = [f'{sf}[i] >> 8', f'{sf}[i] & 0xffu'] if r.has('scaled') else ['0x7fu'] * 2
            conv = [f's2f6_from_f32({x}, {s}, {relu})' for x, s in zip(srcs, scales)]
        else:
            conv = [f'{dt[:-2].lower()}_from_f32({x}, {relu})' for x in srcs]
        return [f'd[i] = (uint16_t)({conv[0]} << {MX_ELEM[dt]} | {conv[1]});']
    eb = MX_ELEM[at]  # from an MX format (or ue8m0) to .f16x2 / .bf16x2
    mask = {'E2M3X2': '0x3f', 'E3M2X2': '0x3f'}.get(at, hex((1 << eb) - 1))
    els = [f'(a[i] >> {eb} & {mask})', f'(a[i] & {mask})']
    if at == 'UE8M0X2':  # (no scaled form)
        return [f'd[i] = (uint32_t)ue8m0_to_bf16({els[0]}) << 16 | ue8m0_to_bf16({els[1]});']
    f = at[:-2].lower()
    vals = [f'{f}_to_f32{x}' for x in els]
    if r.has('scaled'):
        vals = [f'mx_scale({vals[0]}, b[i] >> 8)', f'mx_scale({vals[1]}, b[i] & 0xffu)']
    h = 'f16' if dt == 'F16X2' else 'bf16'
    return half_pair(r, *(f'{h}_round({v}, FE_TONEAREST)' for v in vals))


# prmt's modes (9.7.9.7): row c & 3 of the spec's table, entry k the source byte of d's byte k
PRMT_MODES = {'f4e': '0,1,2,3, 1,2,3,4, 2,3,4,5, 3,4,5,6', 'b4e': '0,7,6,5, 1,0,7,6, 2,1,0,7, 3,2,1,0',
              'rc8': '0,0,0,0, 1,1,1,1, 2,2,2,2, 3,3,3,3', 'ecl': '0,1,2,3, 1,1,2,3, 2,2,2,3, 3,3,3,3',
              'ecr': '0,0,0,0, 0,1,1,1, 0,1,2,2, 0,1,2,3', 'rc16': '0,1,0,1, 2,3,2,3, 0,1,0,1, 2,3,2,3'}


def t_prmt(r):
    """The byte loop over the 64-bit [b, a]: c's nibbles (the default mode, bit 3 the sign) or the
    mode's table, as a user writes them."""
    mode = next((m for m in r.mods if m in PRMT_MODES), None)
    out = ['uint64_t v = (uint64_t)b[i] << 32 | a[i];', 'uint32_t r = 0;']
    if mode:
        out += [f'static const uint8_t sel[16] = {{{PRMT_MODES[mode]}}};',
                'for (unsigned k = 0; k < 4; k++)',
                '    r |= (uint32_t)(v >> 8 * sel[4 * (c[i] & 3) + k] & 0xff) << 8 * k;']
    else:
        out += ['for (unsigned k = 0; k < 4; k++) {', '    unsigned s = c[i] >> 4 * k & 15;',
                '    uint32_t byte = (uint32_t)(v >> 8 * (s & 7)) & 0xff;',
                '    if (s & 8)', '        byte = byte & 0x80 ? 0xff : 0;',
                '    r |= byte << 8 * k;', '}']
    return out + ['d[i] = r;']


# lop3's table in `ptxcpu bench` (bench/plain_c.h, BENCH_LOP3_LUT): 0x96, a ^ b ^ c, as a user writes it
def lop3_bench_c(i):
    return f'a[{i}] ^ b[{i}] ^ c[{i}]'


def t_lop3(r):
    """lop3 with the bench's table, as its C expression; the .BoolOp form's d is 33 words a warp
    (the register, then p's mask: p = (d != 0) BoolOp q), the loop over warps, i the warp."""
    if r.bits[0] != 33:
        return [f'd[i] = {lop3_bench_c("i")};']
    bop = [m[4:] for m in r.mods if m.startswith('bop_')][0]
    return ['uint32_t nz = 0;', 'for (unsigned j = 0; j < 32; j++) {',
            f'    uint32_t v = {lop3_bench_c("32 * i + j")};', '    d[33 * i + j] = v;',
            '    nz |= (uint32_t)(v != 0) << j;', '}', f'd[33 * i + 32] = nz {BOP_C[bop]} e[i];']


# ---- warp-level instructions (9.7.9.6 shfl.sync, 9.7.13.9-14) ---------------------------------
# Each lane's result reads other lanes, so these loops run over warps (w) and, in each, over the
# executing lanes i (the guard mask G's bits; NULL guard: all 32), as a user emulating a warp in
# plain C writes them: S_i = (m_i & G) | (1 << i), the executing lanes of the lane's own
# membermask and itself (docs/SEMANTICS.md, "Warp-level instructions"), then the result from the
# other lanes of its warp (aw: a's 32 lanes of warp w). Lanes outside G are not written; a
# predicate destination's bits outside G are kept.
XLANE_SEMS = ('SHFL', 'VOTE', 'MATCH', 'ACTMASK', 'REDUX', 'ELECT')


def xlane_member(r):
    """The source that is the membermask (the last), by its operand name."""
    return 'dabce'[r.nsrc] if r.nsrc else None


def lanes_of_s(r, open_lines):
    """The loop over warp w's executing lanes i, with S_i as s; open_lines run inside it."""
    m = xlane_member(r)
    return (['for (unsigned i = 0; i < 32; i++) {', '    if (!(G >> i & 1))', '        continue;',
             f'    uint32_t s = ({m}[32 * w + i] & G) | 1u << i;'] +
            ['    ' + x for x in open_lines] + ['}'])


def t_shfl(r):
    """shfl.sync: the spec's pseudo-code per lane (9.7.9.6): j from b, c and the mode, in range or
    the lane itself; d = a[j] (a lane not executing or not in membermask: its register as is),
    p = in range; d|p: 33 words a warp. membermask is not read (it only names who waits)."""
    mode = next(m for m in r.mods if m in ('up', 'down', 'bfly', 'idx'))
    j = {'up': ('int j = (int)i - (int)bval;', 'int pv = j >= maxl;'),
         'down': ('int j = (int)(i + bval);', 'int pv = j <= maxl;'),
         'bfly': ('int j = (int)(i ^ bval);', 'int pv = j <= maxl;'),
         'idx': ('int j = (int)(minl | (bval & ~seg));', 'int pv = j <= maxl;')}[mode]
    return ['(void)e;', 'uint32_t p = 0;',
            'for (unsigned i = 0; i < 32; i++) {', '    if (!(G >> i & 1))', '        continue;',
            '    uint32_t bval = b[32 * w + i] & 31, cval = c[32 * w + i] & 31;',
            '    uint32_t seg = c[32 * w + i] >> 8 & 31;',
            '    int maxl = (int)((i & seg) | (cval & ~seg));'] + (
               ['    uint32_t minl = i & seg;'] if mode == 'idx' else []) + [
            f'    {j[0]}', f'    {j[1]}', '    if (!pv)', '        j = (int)i;',
            '    d[33 * w + i] = aw[j];', '    p |= (uint32_t)pv << i;', '}',
            'd[33 * w + 32] = (d[33 * w + 32] & ~G) | p;']


def t_vote(r):
    """vote.sync: a is the warp's predicate mask A; .all/.any/.uni over S_i's bits of A (one
    predicate mask a warp), .ballot: A & S_i in each lane."""
    if r.has('ballot'):
        return lanes_of_s(r, ['d[32 * w + i] = a[w] & s;'])
    mode = next(m for m in r.mods if m in ('all', 'any', 'uni'))
    test = {'all': '(a[w] & s) == s', 'any': '(a[w] & s) != 0',
            'uni': '(a[w] & s) == 0 || (a[w] & s) == s'}[mode]
    return ['uint32_t p = 0;'] + lanes_of_s(r, [f'p |= (uint32_t)({test}) << i;']) + \
        ['d[w] = (d[w] & ~G) | p;']


def t_match(r):
    """match.sync: each lane compares its a with every lane's (all 32 or 64 bits) into a mask,
    kept to S_i; .any: that mask; .all: S_i and p if it holds all of S_i, else 0 and !p (d|p)."""
    eq = ['uint32_t eq = 0;', 'for (unsigned j = 0; j < 32; j++)',
          '    eq |= (uint32_t)(aw[j] == aw[i]) << j;']
    if r.has('any'):
        return lanes_of_s(r, eq + ['d[32 * w + i] = eq & s;'])
    return ['uint32_t p = 0;'] + lanes_of_s(r, eq + [
        'int all = (eq & s) == s;', 'd[33 * w + i] = all ? s : 0;', 'p |= (uint32_t)all << i;']) + \
        ['d[33 * w + 32] = (d[33 * w + 32] & ~G) | p;']


def t_actmask(r):
    """activemask.b32: G in every executing lane."""
    return ['for (unsigned i = 0; i < 32; i++)', '    if (G >> i & 1)',
            '        d[32 * w + i] = G;']


REDUX_INT = {'add': ('0', 'acc += x;'), 'and': ('~0u', 'acc &= x;'), 'or': ('0', 'acc |= x;'),
             'xor': ('0', 'acc ^= x;')}  # (the start, the step)


def t_redux(r):
    """redux.sync: the operation over the a of S_i's lanes, each lane looping over the warp's
    lanes and taking those of S_i; .f32 min/max as float compares with
    -0 < +0, NaNs left out (all NaN: 0x7fffffff) or, with .NaN, any NaN giving 0x7fffffff, .abs
    through fabsf (docs/SEMANTICS.md)."""
    op = next(m for m in r.mods if m in ('add', 'min', 'max', 'and', 'or', 'xor'))
    if r.ty == 'F32':
        mx = op == 'max'
        x = 'fabsf(f32_from_bits(aw[j]))' if r.has('abs') else 'f32_from_bits(aw[j])'
        better = '(x > m || (x == m && !signbit(x)))' if mx else '(x < m || (x == m && signbit(x)))'
        nan = r.has('nan')
        return lanes_of_s(r, [
            'float m = 0.0f;', 'int have = 0' + (', nan = 0;' if nan else ';'),
            'for (unsigned j = 0; j < 32; j++) {',
            '    if (!(s >> j & 1))', '        continue;', f'    float x = {x};',
            '    if (isnan(x)) {'] + (['        nan = 1;'] if nan else []) + [
            '        continue;', '    }',
            f'    if (!have || {better})', '        m = x;', '    have = 1;', '}',
            f'd[32 * w + i] = {"nan || !have" if nan else "!have"} ? 0x7fffffffu',
            '                                   : f32_to_bits(m);'])
    if op in REDUX_INT:
        start, step = REDUX_INT[op]
        return lanes_of_s(r, [f'uint32_t acc = {start};', 'for (unsigned j = 0; j < 32; j++) {',
                              '    uint32_t x = aw[j];', '    if (s >> j & 1)', f'        {step}',
                              '}', 'd[32 * w + i] = acc;'])
    t = 'int32_t' if r.signed else 'uint32_t'
    start = {('min', 0): 'UINT32_MAX', ('max', 0): '0', ('min', 1): 'INT32_MAX',
             ('max', 1): 'INT32_MIN'}[(op, int(r.signed))]
    cmp = '<' if op == 'min' else '>'
    return lanes_of_s(r, [f'{t} acc = {start};', 'for (unsigned j = 0; j < 32; j++) {',
                          f'    {t} x = ({t})aw[j];', f'    if ((s >> j & 1) && x {cmp} acc)',
                          '        acc = x;', '}', 'd[32 * w + i] = (uint32_t)acc;'])


def t_elect(r):
    """elect.sync: the leader is S_i's lowest lane; d its lane number, p whether it is i (d|p)."""
    return ['uint32_t p = 0;'] + lanes_of_s(r, [
        'uint32_t leader = (uint32_t)__builtin_ctz(s);', 'd[33 * w + i] = leader;',
        'p |= (uint32_t)(leader == i) << i;']) + ['d[33 * w + 32] = (d[33 * w + 32] & ~G) | p;']


LIBM = {'FSIN': 'sinf', 'FCOS': 'cosf', 'FLG2': 'log2f', 'FEX2': 'exp2f', 'FTANH': 'tanhf'}


def t_approx(r):
    """The libm call a user writes for sin/cos/lg2/ex2/tanh .approx (sinf, exp2f, ...); the 16-bit
    formats through float. Not SLEEF's bits: suite plain checks these rows within a tolerance."""
    t = FLOAT[r.ty]
    (x,) = inputs(r, t, 'a')
    if t == 'float':
        return float_finish(r, t, f'{LIBM[r.sem]}({x})')
    return float_finish(r, t, f'{t}_from_float({LIBM[r.sem]}({t}_to_float({x})))')


TEMPLATES = {
    'ADD': t_addsub, 'SUB': t_addsub, 'MUL': t_mul, 'MAD': t_mad, 'MUL24': t_mul24,
    'MAD24': t_mul24, 'SAD': t_sad, 'DIV': t_divrem, 'REM': t_divrem, 'ABS': t_absneg,
    'NEG': t_absneg, 'MIN': t_minmax, 'MAX': t_minmax, 'POPC': t_popc, 'CLZ': t_clz,
    'BFIND': t_bfind, 'FNS': t_fns, 'BREV': t_brev, 'BFE': t_bfe, 'BFI': t_bfi, 'BMSK': t_bmsk,
    'SZEXT': t_szext, 'DP4A': t_dp, 'DP2A': t_dp, 'FSUB': t_fsub, 'FMAD': t_fmad, 'HADD': t_hadd,
    'COPYSIGN': t_copysign, 'FADD': t_fsub, 'FMUL': t_fmul, 'FFMA': t_fmad,
    'FABS': t_fabsneg, 'FNEG': t_fabsneg, 'FMIN': t_fminmax, 'FMAX': t_fminmax,
    'FMIN3': t_fminmax3, 'FMAX3': t_fminmax3,
    'HSUB': t_hsubmul, 'HMUL': t_hsubmul, 'HFMA': t_hfma,
    'FDIV': t_fdivsqrt, 'FRCP': t_fdivsqrt, 'FSQRT': t_fdivsqrt,
    'TESTP': t_testp,
    'FDIVA': t_fapprox, 'FRSQRT': t_fapprox, 'FRCPH': t_fapprox,
    'FSIN': t_approx, 'FCOS': t_approx, 'FLG2': t_approx, 'FEX2': t_approx, 'FTANH': t_approx,
    'MXADD': t_mixed, 'MXSUB': t_mixed, 'MXFMA': t_mixed,
    'SELP': t_selp, 'SETP': t_setp, 'SET': t_set, 'SLCT': t_slct,
    'AND': t_logic, 'OR': t_logic, 'XOR': t_logic, 'NOT': t_logic, 'CNOT': t_cnot,
    'SHL': t_shift, 'SHR': t_shift, 'SHF': t_shf, 'LOP3': t_lop3,
    'PRMT': t_prmt, 'CVTI': t_cvti, 'MOV': t_mov, 'CVTF': t_cvtf,
    'SHFL': t_shfl, 'VOTE': t_vote, 'MATCH': t_match, 'ACTMASK': t_actmask, 'REDUX': t_redux,
    'ELECT': t_elect, 'CVTMX': t_cvtmx, 'CVTMXS': t_cvtmx, 'CVTMXSC': t_cvtmx,
    'CVTRS': t_cvtrs, 'CVTPACK': t_cvtpack, 'MOVPACK': t_movpack, 'MOVPACK4': t_movpack,
    'MOVVEC': t_movvec, 'CVTRSX4': t_cvtrsx4,
}


def effective(r):
    """The semantics the row has on the default target: mad.f32 without a rounding modifier is
    mad.rn.ftz.f32 there (docs/SEMANTICS.md); other rows without one round to nearest."""
    if r.sem == 'FMAD' and r.ty == 'F32' and r.rnd == 'NONE':
        r.mods.add('ftz')
    return r


def directed(r):
    return r.rnd in FESET and r.sem not in MX_SEMS  # (ue8m0's .rz/.rp: on the bits)


def function(r):
    """The row's loop and its entry (external: the table is another file), named after the row."""
    types = operand_types(r)
    names = 'dabce'
    params = ['size_t n', f'{types[0]} *restrict d']
    params += [f'const {types[k]} *{names[k]}' for k in range(1, 5) if types[k]]
    cc = r.cc != 'NONE'
    if cc:
        params.append('uint8_t *restrict cf')
    count = '2 * n' if r.x2 and r.sem in ELEMENTWISE_X2 else 'n / 32' if r.bits[0] in (1, 2, 33) or r.sem == 'SET' else 'n'
    xlane = r.sem in XLANE_SEMS
    if xlane:
        params.append('const ptxcpu_lanemask *guard')
    body = TEMPLATES[r.sem](r)
    out = [f'static void plain_{r.id}({", ".join(params)})', '{']
    if directed(r):
        out += ['    int caller_mode = fegetround();', f'    fesetround({FESET[r.rnd]});']
    if xlane:  # over warps w, G the executing lanes; aw: a's lanes of the warp (a register a)
        out += ['    for (size_t w = 0; w < n / 32; w++) {',
                '        const uint32_t G = guard ? guard[w] : 0xffffffffu;']
        if r.nsrc > 1 and r.bits[1] != 1:
            out += [f'        const {types[1]} *aw = a + 32 * w;']
    else:
        out += [f'    for (size_t i = 0; i < {count}; i++) {{']
    out += ['        ' + line for line in body]
    out += ['    }']
    if directed(r):
        out += ['    fesetround(caller_mode);']
    out += ['}']
    args = ', '.join(['n', 'd'] + [f'src[{k - 1}]' for k in range(1, 5) if types[k]] +
                     (['cf'] if cc else []) + (['guard'] if xlane else []))
    out += [f'PLAIN_C_ENTRY({r.id})(size_t n, void *d, const void *const src[4], uint8_t *cf,',
            '    const ptxcpu_lanemask *guard)', '{'] + ([] if cc else ['    (void)cf;']) + \
        ([] if r.nsrc else ['    (void)src;']) + \
        ([] if xlane else ['    (void)guard;']) + [f'    plain_{r.id}({args});', '}', '']
    return out


PREAMBLE = """#include "internal.h"
#include "plain_c.h"
#include "plain_c_ops.h"

#include <stddef.h>
#include <stdint.h>

/* ptx_plain_c_<isa>_<row id>: the entries, one set per ISA's build (the table is another file) */
#define PLAIN_C_NAME(table, id) table##_##id
#define PLAIN_C_XNAME(table, id) PLAIN_C_NAME(table, id)
#define PLAIN_C_ENTRY(id) void PLAIN_C_XNAME(PLAIN_C_TABLE, id)
"""


def loops(rows):
    """[(the rows, their loop's lines)]: rows whose loops are the same text but for the row's name
    (e.g. set's .u32 and .s32 d, selp's .b32/.u32/.s32/.f32) share one loop, named after the first
    of them, so it is compiled once per ISA, not once per row (the table points each at it)."""
    shared = {}
    for r in rows:
        lines = function(r)
        key = '\n'.join(lines).replace(r.id, '@')
        if key in shared:
            shared[key][0].append(r)
        else:
            shared[key] = ([r], lines)
    return list(shared.values())


def split(items, parts):
    """items in `parts` consecutive runs of about the same number of lines (GCC's time on a loop
    grows with its size), one translation unit each: they compile in parallel."""
    total = sum(len(lines) for _, lines in items)
    out, size = [[] for _ in range(parts)], 0
    for rs, lines in items:
        out[min(parts - 1, size * parts // total)].append((rs, lines))
        size += len(lines)
    return out


def main():
    """The table of every row (TABLE), the loops of the rows with a directed rounding modifier
    (FENV: they change the rounding mode, so that file is compiled with -frounding-math, as GCC
    requires) and the other rows' loops in the PART files (compiled without it, as a user would:
    it stops GCC from vectorizing selects on float compares)."""
    if len(sys.argv) < 5:
        sys.exit('usage: gen_plain_c.py OPS.def TABLE.c FENV.c PART.c [PART.c ...]')
    src, dst_table, dst_fenv, dst_parts = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    with open(src) as f:
        rows = [effective(Row(m)) for m in map(ROW.match, f) if m]
    assert rows, 'no rows in ' + src
    head = f'/* Generated by tools/gen_plain_c.py from {src.split("/")[-1]}: '
    tail = ' * Edit the generator, not this file. */'
    shared = loops(rows)
    entry = {r.id: rs[0].id for rs, _ in shared for r in rs}

    def loop_file(path, what, items):
        out = [head + 'the plain-C loops of', f' * {what}.', tail, PREAMBLE]
        for rs, lines in items:
            out += ['/* ' + ', '.join(r.mnem for r in rs) + ' */'] + lines
        write(path, out)

    loop_file(dst_fenv, 'the rows with a directed rounding modifier (built with -frounding-math)',
              [x for x in shared if directed(x[0][0])])
    plain = [x for x in shared if not directed(x[0][0])]
    for k, items in enumerate(split(plain, len(dst_parts))):
        loop_file(dst_parts[k], f'part {k + 1} of {len(dst_parts)} of the rows without a directed '
                  'rounding modifier', items)
    table = [head + 'the table of every row\'s plain-C loop', ' * (PLAIN_C_TABLE).', tail,
             PREAMBLE]
    table += [f'PLAIN_C_ENTRY({rs[0].id})(size_t n, void *d, const void *const src[4], '
              'uint8_t *cf, const ptxcpu_lanemask *guard);' for rs, _ in shared]
    table += ['', 'const plain_c_fn PLAIN_C_TABLE[PTX_NROWS] = {']
    table += [f'    [PTX_OP_{r.id}] = PLAIN_C_XNAME(PLAIN_C_TABLE, {entry[r.id]}),' for r in rows]
    table += ['};']
    write(dst_table, table)


def write(path, lines):
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')


if __name__ == '__main__':
    main()
