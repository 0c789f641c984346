#!/usr/bin/env python3
"""Turns a hardware probe's output (gen_probe.py's program, run on a GPU) into the vector files
the repository keeps: the first LANES lines of every spelling, minus the lines where ptxcpu
deliberately differs from the hardware (each rule below names the decision in docs/SEMANTICS.md).

Usage: select.py [--lanes N] [--pending FILE] LIST HW.vec... > tests/vectors/hw_h100.vec
  LIST       the spellings ptxcpu implements, one per line (`ptxcpu list | cut -d' ' -f1`)
  --pending  write the spellings ptxcpu lacks to FILE instead of dropping them
"""
import re
import sys

LINE = re.compile(r'^(\S+)((?:\s+cf=[01])?)\s+(.*?)\s*->\s*(\S+)(.*)$')


def bfe_bfi_wide_position(mnem, ops):
    """bfe/bfi .b64: the hardware reads all 32 bits of position and length, the spec's
    pseudo-code only the low 8 (docs/SEMANTICS.md, 'Known differences')."""
    if mnem in ('bfe.u64', 'bfe.s64'):
        return any(x >= 256 for x in ops[1:3])
    if mnem == 'bfi.b64':
        return any(x >= 256 for x in ops[2:4])
    return False


def fns_offset_int_min(mnem, ops):
    """fns with offset -2^31: the hardware returns 0, the spec's pseudo-code 'not found'."""
    return mnem == 'fns.b32' and ops[2] == 0x80000000


def abs_f64_signalling(mnem, ops):
    """abs.f64 of a signalling NaN: the hardware quiets it, the spec passes NaNs through
    unchanged (PTX 9.7.3.9)."""
    return mnem == 'abs.f64' and (ops[0] >> 52) & 0x7ff == 0x7ff and not ops[0] >> 51 & 1 \
        and ops[0] & ((1 << 51) - 1) != 0


RULES = [bfe_bfi_wide_position, fns_offset_int_min, abs_f64_signalling]


def main():
    args = sys.argv[1:]
    lanes, pending = 128, None
    while args and args[0].startswith('--'):
        opt = args.pop(0)
        if opt == '--lanes':
            lanes = int(args.pop(0))
        elif opt == '--pending':
            pending = open(args.pop(0), 'w')
    # a listed name may carry its sources (min.f32(a,b,c), the three-input form): a line is that
    # row's when it has as many operands; each row keeps its own first LANES lines
    listed = [l.split()[0] for l in open(args[0]) if l.strip()]
    known = {n.split('(')[0] for n in listed}
    with_srcs = {(n.split('(')[0], n.count(',') + 1) for n in listed if '(' in n}
    kept, dropped = {}, {r.__name__: 0 for r in RULES}
    header = None
    body, pend = [], []
    for path in args[1:]:
        for line in open(path):
            if line.startswith('# Recorded on'):
                header = line.rstrip()
            m = LINE.match(line)
            if not m:
                continue
            mnem = m.group(1)
            if mnem not in known:
                if pending and sum(1 for x in pend if x[0] == mnem) < lanes:
                    pend.append((mnem, line.rstrip()))
                continue
            ops = [int(x, 16) for x in m.group(3).split()]
            hit = next((r for r in RULES if r(mnem, ops)), None)
            if hit:
                dropped[hit.__name__] += 1
                continue
            key = mnem + ('(%s)' % ','.join('abcd'[:len(ops)])
                          if (mnem, len(ops)) in with_srcs else '')
            if kept.get(key, 0) < lanes:
                kept[key] = kept.get(key, 0) + 1
                body.append((key, line.rstrip()))
    print(header or '# Recorded on a GPU by tools/hwprobe.')
    print(f'# tools/hwprobe/select.py: the first {lanes} lines of each of {len(kept)} spellings '
          'that ptxcpu implements and the probe could run;')
    print('# lines left out where ptxcpu deliberately differs from the hardware '
          '(docs/SEMANTICS.md, "Known differences"):')
    for r in RULES:
        print(f'#   {r.__name__}: {dropped[r.__name__]} ({r.__doc__.split(":")[0].strip()})')
    last = None
    for mnem, line in body:
        if mnem != last:
            print(f'\n# {mnem}')
            last = mnem
        print(line)
    if pending:
        pending.write((header or '# Recorded on a GPU by tools/hwprobe.') + '\n')
        pending.write('# Spellings ptxcpu does not implement yet, for the families to come; '
                      f'the first {lanes} lines of each.\n')
        last = None
        for mnem, line in pend:
            if mnem != last:
                pending.write(f'\n# {mnem}\n')
                last = mnem
            pending.write(line + '\n')
    missing = sorted(set(listed) - set(kept))
    sys.stderr.write(f'{len(kept)} spellings kept, {len(missing)} of the list not probed\n')


if __name__ == '__main__':
    main()
