#!/usr/bin/env python3
"""Compares the H100 results recorded for the approximate algebraic spellings (div.approx/.full,
rcp/sqrt/rsqrt .approx, the .ftz.f64 upper-word forms) with ptxcpu's methods as the independent
vector generator (tests/vectors/gen/families.py) evaluates them: per spelling, the lines that agree
bit for bit and the largest distance in units in the last place (ordered-integer distance of the
two bit patterns; NaN against NaN counts as agreeing in value, not in bits).
Run: python3 tools/compare_hw_approx.py tests/vectors/hw_h100_pending.vec [--agreeing SPELLING...]
(--agreeing prints the lines of those spellings that agree bit for bit, vector-file style)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'tests', 'vectors', 'gen'))
import families  # noqa: E402

MINE = ['div.approx.f32', 'div.approx.ftz.f32', 'div.full.f32', 'div.full.ftz.f32',
        'rcp.approx.f32', 'rcp.approx.ftz.f32', 'sqrt.approx.f32', 'sqrt.approx.ftz.f32',
        'rsqrt.approx.f32', 'rsqrt.approx.ftz.f32', 'rcp.approx.ftz.f64', 'rsqrt.approx.f64',
        'rsqrt.approx.ftz.f64']


def ordered(v, w):
    """Bit pattern -> integer whose order is the values' order (-0 and +0 adjacent)."""
    sign = 1 << (w - 1)
    return -(v & (sign - 1)) if v & sign else v


def isnan(v, w):
    e, m = (8, 23) if w == 32 else (11, 52)
    return (v >> m) & ((1 << e) - 1) == (1 << e) - 1 and v & ((1 << m) - 1)


def main():
    path = sys.argv[1]
    agreeing = sys.argv[sys.argv.index('--agreeing') + 1:] if '--agreeing' in sys.argv else None
    stats = {}
    for line in open(path):
        tok = line.split()
        if not tok or tok[0] not in MINE:
            continue
        name = tok[0]
        ops = [int(t, 16) for t in tok[1:tok.index('->')]]
        hw = int(tok[tok.index('->') + 1], 16)
        I = families.Insn(name)
        ours = families.float_eval(I, ops)
        w = 64 if name.endswith('f64') else 32
        st = stats.setdefault(name, [0, 0, 0, 0])  # lines, bit-equal, max ulp, NaN-vs-NaN
        st[0] += 1
        if ours == hw:
            st[1] += 1
            if agreeing is not None and name in agreeing:
                print('%-22s %s -> 0x%0*x' % (name, ' '.join('0x%0*x' % (w // 4, o) for o in ops),
                                               w // 4, hw))
            continue
        if isnan(ours, w) and isnan(hw, w):
            st[3] += 1
            continue
        if isnan(ours, w) or isnan(hw, w):
            st[2] = float('inf')
            print('NaN mismatch %s %s: ours 0x%x hw 0x%x' % (name, [hex(o) for o in ops], ours, hw),
                  file=sys.stderr)
            continue
        d = abs(ordered(ours, w) - ordered(hw, w))
        if name.endswith('ftz.f64'):
            d = d / 2 ** 32      # in units of the 1.11.20 result's last place
        st[2] = max(st[2], d)
    if agreeing is None:
        print('| spelling | lines | bit-equal | NaN (other bits) | max distance (ulp) |')
        print('|---|---|---|---|---|')
        for name in MINE:
            if name in stats:
                n, eq, mx, nn = stats[name]
                print('| `%s` | %d | %d | %d | %s |' % (name, n, eq, nn, mx))


if __name__ == '__main__':
    main()
