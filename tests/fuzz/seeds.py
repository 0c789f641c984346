#!/usr/bin/env python3
"""Seed corpora and dictionaries of the libFuzzer targets (tests/fuzz/run.sh), from the sources.
Writes OUT/seeds-<target>/ and OUT/<target>.dict: every spelling of src/ops.def (what
`ptxcpu list` prints), the invalid spellings of tests/parse/parse_test.c and tests/vectors/*.vec.
Generated at run time so the repository holds no thousands of seed files.
Usage: seeds.py ROOT OUT"""
import os
import re
import shutil
import struct
import sys

root, out = sys.argv[1], sys.argv[2]


def corpus(name):
    d = os.path.join(out, 'seeds-' + name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d


def write(d, i, data):
    with open(os.path.join(d, '%05d' % i), 'wb') as f:
        f.write(data)


def write_dict(name, tokens):
    with open(os.path.join(out, name + '.dict'), 'w') as f:
        for t in sorted(set(tokens)):
            f.write('"%s"\n' % ''.join(c if c.isalnum() or c in '._-+:=*>' else '\\x%02x' % ord(c)
                                       for c in t))


# The instruction table: the second column of ops.def, in table order (ptxcpu_insn_at's index).
spellings = re.findall(r'^PTX_OP\(\w+, "([^"]+)"', open(os.path.join(root, 'src/ops.def')).read(),
                       re.M)
assert len(spellings) >= 200, 'src/ops.def: no spellings found'
# The invalid spellings the parser tests name, with their targets.
bad = re.findall(r'^\s*\{"([^"]*)", (NULL|"[^"]*"), E_[PT]',
                 open(os.path.join(root, 'tests/parse/parse_test.c')).read(), re.M)
assert len(bad) >= 100, 'tests/parse/parse_test.c: no invalid spellings found'

# fuzz_parse: MNEMONIC or MNEMONIC\nTARGET
d = corpus('parse')
targets = ['sm_13', 'sm_80', 'sm_100', 'sm_90a', 'sm_1000', 'compute_80', 'sm_', 'sm_0x50']
i = 0
for k, mn in enumerate(spellings):
    write(d, i, mn.encode()); i += 1
    write(d, i, (mn + '\n' + targets[k % len(targets)]).encode()); i += 1
for mn, tgt in bad:
    write(d, i, mn.encode() + (b'\n' + tgt.strip('"').encode() if tgt != 'NULL' else b'')); i += 1
toks = ['sm_', 'sm_90a', 'sm_100f', '@p ', ' ', ';', '\n', '\0']
for mn in spellings:
    parts = mn.split('.')
    toks.append(parts[0])
    toks += ['.' + p for p in parts[1:]]
write_dict('parse', toks)

# fuzz_vecfile: each vector file, the large ones cut into one file per blank-line block
d = corpus('vecfile')
i = 0
vecdir = os.path.join(root, 'tests/vectors')
for name in sorted(os.listdir(vecdir)):
    if not name.endswith('.vec'):
        continue
    text = open(os.path.join(vecdir, name), 'rb').read()
    blocks = [text] if len(text) <= 4096 else [b for b in re.split(rb'\n\s*\n', text) if b.strip()]
    for b in blocks:
        write(d, i, b[:4096]); i += 1
write_dict('vecfile', toks[:4] + ['->', 'cf=0', 'cf=1', 'nan', '*', '0x', '#', ':', 'exec=', '[',
                         ']', '|', '-'] +
           [mn for mn in spellings])

# fuzz_operand: selector byte (width 16/32/64, integer-typed), why-length byte, token
d = corpus('operand')
tokens = [b'0x0', b'0xffff', b'0xFFFFffff', b'0x8000000000000000', b'0x', b'0x1g', b'123', b'-1',
          b'+7', b'-32768', b'65535', b'65536', b'-2147483648', b'4294967295',
          b'18446744073709551615', b'18446744073709551616', b'-9223372036854775808', b'-', b'+',
          b'1e5', b'007', b'0X7fFf', b'0x000000000000000001', b'-0']
i = 0
for sel in range(8):
    for t in tokens:
        write(d, i, bytes([sel, 199]) + t); i += 1
write_dict('operand', ['0x', '0X', '-', '+', '18446744073709551615', '9223372036854775808',
                       '4294967296', '65536', '32768'])

# fuzz_run: one seed per spelling, each ISA and API in turn, n = 1..8 packed operands; then a few
# per spelling with strided, uniform and guarded layouts. Layout: op (2 bytes), target, ISA, API,
# n, feedback, steps, guard mode, then per role (d, a, b, c, e, guard, cc) class, flags, param;
# the rest are operand bytes.
d = corpus('run')
i = 0
data = bytes((x * 37 + 11) & 0xff for x in range(96))
for k in range(len(spellings)):
    for variant in range(3):
        isa = (k + variant) % 5
        api = (k + variant) % 3
        n = 1 + (k + 3 * variant) % 8
        gmode = [1, 2, 6][variant]            # no guard, all lanes, from the bytes
        roles = []
        for r in range(7):
            c = [0, 2, 4][variant] if r != 5 else 0
            roles += [c, (variant * 2) & 0xe, 3 + r]
        head = struct.pack('>H', k) + bytes([variant, isa, api, n, 0, 1 + variant, gmode])
        write(d, i, head + bytes(roles) + data); i += 1
