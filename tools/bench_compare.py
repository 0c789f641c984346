#!/usr/bin/env python3
"""Compares `ptxcpu bench --json` runs of two builds, each row's best of its runs.

  python3 tools/bench_compare.py BEFORE.json[,BEFORE2.json...] AFTER.json[,AFTER2.json...]

Prints, per build, batch-l1 min / median / count below 1.0x plain C per ISA, the chains of
mad.rn.f32 and dp4a.s32.s32 and the one-warp prepared calls; then the per-row ratio of the SIMD
batch-l1 rates (after / before) and, as the noise floor, the same ratio between two runs of one
build where a side has two runs or more (on a shared VM the floor can exceed any change)."""
import json
import statistics
import sys


def runs(arg):
    return [json.load(open(f))['results'] for f in arg.split(',')]


def best(rs, mode, key, better=max):
    out = {}
    for run in rs:
        for r in run:
            if r['mode'] == mode and r.get(key) is not None:
                k = (r['mnemonic'], r['isa'], r.get('call', ''))
                out[k] = better(out[k], r[key]) if k in out else r[key]
    return out


def summary(label, rs):
    print(f'== {label} ({len(rs)} runs)')
    sp = best(rs, 'batch-l1', 'speedup_vs_plain_c')
    for isa in ('avx2', 'avx512', 'neon'):
        v = [x for (m, i, _), x in sp.items() if i == isa]
        if v:
            print(f'  batch-l1 {isa}: min {min(v):.2f} median {statistics.median(v):.2f} '
                  f'below 1.0x {sum(x < 1 for x in v)} of {len(v)}')
    for (m, i, _), x in sorted(best(rs, 'chain', 'warp_insn_per_s').items()):
        if m in ('mad.rn.f32', 'dp4a.s32.s32') and i != 'scalar':
            print(f'  chain {m} {i}: {x:.3g} warp insn/s')
    for (m, i, c), x in sorted(best(rs, 'single-warp', 'ns_per_call', min).items()):
        if m in ('add.u32', 'mad.rn.f32') and i != 'scalar':
            print(f'  single-warp {m} {i} {c}: {x:.3g} ns')


def ratios(label, a, b):
    A, B = best(a, 'batch-l1', 'warp_insn_per_s'), best(b, 'batch-l1', 'warp_insn_per_s')
    r = sorted((B[k] / A[k], k) for k in A if k in B and k[1] != 'scalar')
    if not r:
        return
    x = [v for v, _ in r]
    print(f'{label}: {len(x)} rows, median {statistics.median(x):.3f}, below 0.9: '
          f'{sum(v < 0.9 for v in x)}, lowest: ' +
          ', '.join(f'{k[0]} {k[1]} {v:.2f}' for v, k in r[:4]))


def main():
    before, after = runs(sys.argv[1]), runs(sys.argv[2])
    summary('before', before)
    summary('after', after)
    for label, side in (('before', before), ('after', after)):
        if len(side) > 1:
            ratios(f'noise ({label}: run 2 / run 1)', side[:1], side[1:2])
    ratios('after / before', before, after)


if __name__ == '__main__':
    main()
