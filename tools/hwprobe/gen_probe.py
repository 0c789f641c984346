#!/usr/bin/env python3
"""Writes a CUDA program that runs PTX instructions on an NVIDIA GPU and prints what the hardware
returned as `ptxcpu check` vector lines (docs/VECTORS.md), so that real silicon is an oracle.

Usage: gen_probe.py [--lanes N] [--sm 90] [--extra] [--cases FILE] OPS_DEF... > probe.cu
  OPS_DEF   one or more src/ops.def files; their PTX_OP rows are united by mnemonic and source
            count (min.f32 has a two- and a three-input row)
  --extra   also probe the 9.7.3 spellings no table has yet (div, rcp, sqrt, rsqrt, sin, cos,
            lg2, ex2, tanh): their lines go to a second output, for the families still to come
  --cases F lines `MNEMONIC [cf=0|1] OPERAND...` (hex): these inputs run first, in the first
            lanes of their spelling, before the generated ones (questions asked of the hardware)
  --sm N    skip rows whose minimum target is newer than sm_N (default 90, the H100)

The generated program takes two arguments, the vector file to write and the file for the extra
spellings; see tools/hwprobe/README.md. Each spelling runs as its own kernel on LANES threads,
with inputs that are the same on every run (a fixed-seed generator over edge values and random
bits chosen by operand type). Registers are declared inside each asm block with bit-size types
(.b16/.b32/.b64), which every typed PTX instruction accepts.
"""
import re
import sys

ROW = re.compile(r'^PTX_OP\((\w+), "([^"]+)", (\w+), (\w+), (\w+), ([\w|]+), (\w+), '
                 r'(\d+), (\d+), (\d+), (\d+), (\d+), (\d+), CC_(\w+), (\d+), (\d+), (\d+), '
                 r'"([^"]*)"\)')

# The 9.7.3 spellings that no ops.def has yet: (mnemonic, d bits, source bits...).
def extra_rows():
    rnd = ['rn', 'rz', 'rm', 'rp']
    out = []
    for ftz in ['', '.ftz']:
        out += [(f'div.approx{ftz}.f32', 32, [32, 32]), (f'div.full{ftz}.f32', 32, [32, 32])]
        out += [(f'div.{r}{ftz}.f32', 32, [32, 32]) for r in rnd]
        out += [(f'rcp.approx{ftz}.f32', 32, [32])] + [(f'rcp.{r}{ftz}.f32', 32, [32]) for r in rnd]
        out += [(f'sqrt.approx{ftz}.f32', 32, [32])]
        out += [(f'sqrt.{r}{ftz}.f32', 32, [32]) for r in rnd]
        out += [(f'{op}.approx{ftz}.f32', 32, [32]) for op in ['rsqrt', 'sin', 'cos', 'lg2', 'ex2']]
    out += [(f'div.{r}.f64', 64, [64, 64]) for r in rnd]
    out += [(f'rcp.{r}.f64', 64, [64]) for r in rnd] + [(f'sqrt.{r}.f64', 64, [64]) for r in rnd]
    out += [('rcp.approx.ftz.f64', 64, [64]), ('rsqrt.approx.f64', 64, [64]),
            ('rsqrt.approx.ftz.f64', 64, [64]), ('tanh.approx.f32', 32, [32])]
    for t, w in [('f16', 16), ('f16x2', 32), ('bf16', 16), ('bf16x2', 32)]:
        out.append((f'tanh.approx.{t}', w, [w]))
        out.append((f'ex2.approx.{t}' if t.startswith('f') else f'ex2.approx.ftz.{t}', w, [w]))
    for t, w in [('f16', 16), ('f16x2', 32), ('bf16', 16), ('bf16x2', 32)]:  # 9.7.4.2-4
        h = t.startswith('f')
        mods = [f'{r}{f}{s}' for r in ['', '.rn'] for f in (['', '.ftz'] if h else ['']) for s in
                (['', '.sat'] if h else [''])]
        out += [(f'{op}{m}.{t}', w, [w, w]) for op in ['sub', 'mul'] for m in mods]
        fm = [f'.rn{f}{s}' for f in (['', '.ftz'] if h else ['']) for s in
              (['', '.sat', '.relu'] if h else ['', '.relu'])]
        fm += ['.rn.oob', '.rn.oob.relu']
        out += [(f'fma{m}.{t}', w, [w, w, w]) for m in fm]
    return out


# Spellings ptxas refuses for the probe's target, with its reason; they are left out.
PTXAS_REFUSES = {
    'mad.f32': 'sm_20+: "Rounding modifier required for instruction mad"',
    'mad.ftz.f32': 'as mad.f32', 'mad.sat.f32': 'as mad.f32', 'mad.ftz.sat.f32': 'as mad.f32',
}


def read_cases(path):
    """{mnemonic: [(a, b, c, e, cf)]} from lines `MNEMONIC [cf=0|1] OPERAND...`."""
    out = {}
    for line in open(path):
        line = line.split('#')[0].split()
        if not line:
            continue
        cf = 0
        if line[1:2] and line[1].startswith('cf='):
            cf = int(line.pop(1)[3:])
        ops = [int(x, 16) for x in line[1:]]
        out.setdefault(line[0], []).append(tuple(ops + [0] * (4 - len(ops))) + (cf,))
    return out


def read_rows(paths, sm_max):
    rows = {}
    for p in paths:
        for line in open(p):
            m = ROW.match(line)
            if not m:
                continue
            (_, mnem, fam, ty, _, mods, _, dw, aw, bw, cw, ew, nsrc, cc, sm, _, _, _) = m.groups()
            if int(sm) > sm_max or 'LEGACY' in mods or mnem in PTXAS_REFUSES:
                continue
            srcs = [int(x) for x in (aw, bw, cw, ew)][:int(nsrc)]
            rows[(mnem, int(nsrc))] = (mnem, int(dw), srcs, cc, ty)  # min.f32: two source counts
    return list(rows.values())


def operand_class(mnem, ty, width):
    """The kind of values an operand gets: edge values of its type plus random bits."""
    m = mnem.split('.')
    floaty = ty.startswith(('F', 'BF')) or any(x in m for x in
                                                ('f32', 'f64', 'f16', 'bf16', 'f16x2', 'bf16x2'))
    if not floaty:
        return f'INT{width}'
    if width == 16:
        return 'BF16' if 'bf16' in m or 'bf16x2' in m else 'F16'
    if width == 32:
        if 'bf16x2' in m:
            return 'BF16X2'
        if 'f16x2' in m:
            return 'F16X2'
        return 'F32'
    return 'F32X2' if 'f32x2' in m else 'F64'


REG = {16: ('b16', 'h', 'unsigned short'), 32: ('b32', 'r', 'unsigned'),
       64: ('b64', 'l', 'unsigned long long')}


def kernel(idx, mnem, dw, srcs, cc, ty):
    """One kernel: loads the lane's sources, sets CC.CF if the instruction reads it, runs the
    instruction, reads CC.CF back if it writes it. A predicate d (dw 1: testp) is read back as
    0 or 1 in a 32-bit register."""
    reads, writes = cc in ('R', 'RW'), cc in ('W', 'RW')
    pred = dw == 1
    dreg = REG[32] if pred else REG[dw]
    names = ['ra', 'rb', 'rc', 're'][:len(srcs)]
    decl = [f'.reg .{REG[w][0]} {n};' for n, w in zip(names, srcs)]
    decl.append('.reg .pred rd;' if pred else f'.reg .{dreg[0]} rd;')
    decl.append('.reg .b32 t0, z;')
    body = [f'mov.{REG[w][0]} {n}, %{i + 2};' for i, (n, w) in enumerate(zip(names, srcs))]
    body.append('mov.b32 z, 0;')
    cfi = f'%{len(srcs) + 2}'
    if reads:  # carry out of cf + 0xffffffff is 1 exactly when cf != 0
        body.append(f'add.cc.u32 t0, {cfi}, 0xffffffff;')
    body.append(f'{mnem} rd, {", ".join(names)};')
    body.append('selp.u32 %0, 1, 0, rd;' if pred else 'mov.' + dreg[0] + ' %0, rd;')
    body.append('addc.u32 %1, z, z;' if writes else 'mov.b32 %1, z;')
    asm = ' '.join(['{'] + decl + body + ['}'])
    ins = ', '.join(f'"{REG[w][1]}"(({REG[w][2]})S[{i}][i])' for i, w in enumerate(srcs))
    ins = (ins + ', ' if ins else '') + '"r"((unsigned)CF[i])'
    return (f'__global__ void k{idx}(const unsigned long long *const *S, const unsigned char *CF, '
            f'unsigned long long *D, unsigned char *CFO, int n)\n{{\n'
            f'    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    if (i >= n) return;\n'
            f'    {dreg[2]} d; unsigned cfo;\n'
            f'    asm volatile("{asm}" : "={dreg[1]}"(d), "=r"(cfo) : {ins});\n'
            f'    D[i] = d; CFO[i] = (unsigned char)cfo;\n}}\n')


def main():
    args = sys.argv[1:]
    lanes, sm_max, extra, cases = 1024, 90, False, {}
    paths = []
    while args:
        a = args.pop(0)
        if a == '--lanes':
            lanes = int(args.pop(0))
        elif a == '--sm':
            sm_max = int(args.pop(0))
        elif a == '--extra':
            extra = True
        elif a == '--cases':
            cases = read_cases(args.pop(0))
        else:
            paths.append(a)
    rows = [(m, dw, s, cc, ty, 0) for m, dw, s, cc, ty in read_rows(paths, sm_max)]
    if extra:
        known = {r[0] for r in rows}  # (by name: the extra spellings have one form each)
        rows += [(m, dw, s, 'NONE', m.split('.')[-1].upper(), 1) for m, dw, s in extra_rows()
                 if m not in known]
    print('/* Generated by tools/hwprobe/gen_probe.py; do not edit. */')
    print('#include "probe_host.h"')
    for i, (m, dw, s, cc, ty, _) in enumerate(rows):
        print(kernel(i, m, dw, s, cc, ty))
    for i, (m, *_) in enumerate(rows):
        lines = cases.pop(m, [])
        if len(lines) > lanes:
            sys.exit(f'{m}: {len(lines)} cases, more than the {lanes} lanes')
        body = ', '.join('{' + ', '.join(f'0x{x:x}ull' for x in c) + '}' for c in lines)
        print(f'static const unsigned long long cases{i}[][5] = {{{body or "{0}"}}};')
        print(f'#define NCASES{i} {len(lines)}')
    for m in cases:
        sys.stderr.write(f'warning: cases for {m}, which is not probed\n')
    print('static const struct probe_row probe_rows[] = {')
    for i, (m, dw, s, cc, ty, ex) in enumerate(rows):
        cls = ', '.join(operand_class(m, ty, w) for w in s) or 'INT32'
        # spec's CF for sub/subc is a borrow; the probe reports the raw flag and the host converts
        borrow = 1 if re.match(r'^subc?\.', m) and cc != 'NONE' else 0
        print(f'    {{"{m}", k{i}, {dw}, {len(s)}, {{{", ".join(map(str, s)) or "0"}}}, '
              f'{{{cls}}}, CC_{cc}, {borrow}, {ex}, cases{i}, NCASES{i}}},')
    print('};')
    print(f'#define PROBE_LANES {lanes}')
    print('#include "probe_main.h"')


if __name__ == '__main__':
    main()
