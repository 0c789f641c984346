#!/usr/bin/env python3
"""Suite `gen`: every committed generated file must be exactly what its generator writes now.

Usage: drift.py ROOT CHECK      runs CHECK's generator from the tree at ROOT into a temporary
                                directory and compares each output with its committed file;
                                prints a unified diff and exits 1 on any difference
       drift.py ROOT --selftest every check must pass on a copy of the generators and files, and
                                fail once a line of a committed file in that copy is changed

The generators are deterministic: gen_ops.py and chains.py use no randomness, and families.py
seeds one random.Random per spelling from its name (string seeds hash the same way in every
Python 3 process, unlike hash()). The committed files are what a Python 3.11 writes.
"""
import difflib
import os
import shutil
import subprocess
import sys
import tempfile

# check: (generator argv relative to ROOT, '{out}' = the output directory; None = its stdout is
#         the one output), {output name: committed path}
CHECKS = {
    'ops': (['tools/gen_ops.py'], {'ops.def': 'src/ops.def'}),
    'chains': (['tests/vectors/gen/chains.py', '{out}'],
               {'chain_add128.vec': 'tests/vectors/chain_add128.vec',
                'chain_sub128.vec': 'tests/vectors/chain_sub128.vec',
                'chain_mul64.vec': 'tests/vectors/chain_mul64.vec'}),
    'families': (['tests/vectors/gen/families.py', '{out}'],
                 {'families.vec': 'tests/vectors/families.vec',
                  'warps.vec': 'tests/vectors/warps.vec',
                  'warp_lanes.vec': 'tests/vectors/warp_lanes.vec'}),
    'hw_approx': (['tests/vectors/gen/hw_approx.py', '{out}'],
                  {'hw_h100_approx.vec': 'tests/vectors/hw_h100_approx.vec'}),
}
# the committed files a generator reads (copied along by the self-test)
INPUTS = {'hw_approx': ['tests/vectors/hw_h100_pending.vec', 'tests/vectors/gen/families.py']}
MAX_DIFF_LINES = 200


def generate(root, check, out):
    """Runs the generator of check with its outputs in out; returns an error message or None."""
    argv, outputs = CHECKS[check]
    cmd = [sys.executable] + [a.replace('{out}', out) for a in argv]
    stdout_target = None if '{out}' in argv[-1] else os.path.join(out, next(iter(outputs)))
    with open(stdout_target, 'w') if stdout_target else open(os.devnull, 'w') as so:
        r = subprocess.run(cmd, cwd=root, stdout=so, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        return '%s exited with %d:\n%s' % (' '.join(argv), r.returncode, r.stderr)
    return None


def run_check(root, check, quiet=False):
    """0 when every output of check equals its committed file, else 1 (and the diffs printed)."""
    say = (lambda *a, **k: None) if quiet else print
    argv, outputs = CHECKS[check]
    with tempfile.TemporaryDirectory(prefix='ptxcpu-drift-') as out:
        err = generate(root, check, out)
        if err:
            say('gen-%s: FAIL: %s' % (check, err))
            return 1
        bad = 0
        for name, committed in outputs.items():
            path = os.path.join(root, committed)
            try:
                with open(path) as f:
                    want = f.read()
            except OSError as e:
                say('gen-%s: FAIL: %s: %s' % (check, committed, e.strerror))
                bad += 1
                continue
            with open(os.path.join(out, name)) as f:
                got = f.read()
            if got == want:
                say('gen-%s: %s is what %s writes (%d lines)' % (check, committed, argv[0],
                                                                want.count('\n')))
                continue
            bad += 1
            diff = list(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                             committed + ' (committed)',
                                             committed + ' (from ' + argv[0] + ' now)'))
            say('gen-%s: FAIL: %s differs from what %s writes:' % (check, committed, argv[0]))
            for line in diff[:MAX_DIFF_LINES]:
                say(line, end='' if line.endswith('\n') else '\n')
            if len(diff) > MAX_DIFF_LINES:
                say('... (%d more diff lines)' % (len(diff) - MAX_DIFF_LINES))
        if bad:
            regen = ' '.join(['python3'] + [a.replace('{out}', os.path.dirname(
                next(iter(outputs.values())))) for a in argv])
            if '{out}' not in argv[-1]:
                regen += ' > ' + next(iter(outputs.values()))
            say('gen-%s: the generator and the committed file disagree: edit the generator, then '
                'run `%s` from the source root and commit both' % (check, regen))
        return 1 if bad else 0


def selftest(root):
    """Each check passes on a faithful copy and fails once a committed line is changed."""
    failures = 0
    for check, (argv, outputs) in CHECKS.items():
        for victim in [None] + list(outputs.values()):
            with tempfile.TemporaryDirectory(prefix='ptxcpu-drift-self-') as copy:
                for rel in [argv[0]] + list(outputs.values()) + INPUTS.get(check, []):
                    os.makedirs(os.path.join(copy, os.path.dirname(rel)), exist_ok=True)
                    shutil.copyfile(os.path.join(root, rel), os.path.join(copy, rel))
                if victim:
                    path = os.path.join(copy, victim)
                    with open(path) as f:
                        lines = f.readlines()
                    k = len(lines) // 2
                    lines[k] = lines[k].rstrip('\n') + ' changed\n'
                    with open(path, 'w') as f:
                        f.writelines(lines)
                rc = run_check(copy, check, quiet=True)
                want = 1 if victim else 0
                what = ('line %d of %s changed' % (k + 1, victim)) if victim else 'unchanged copy'
                ok = rc == want
                failures += not ok
                print('gen-selftest: %s, %s: %s (%s)' % (check, what,
                                                         'fails' if rc else 'passes',
                                                         'as it must' if ok else 'WRONG'))
    return 1 if failures else 0


def main():
    if len(sys.argv) != 3 or (sys.argv[2] not in CHECKS and sys.argv[2] != '--selftest'):
        print('usage: drift.py ROOT {%s|--selftest}' % '|'.join(CHECKS), file=sys.stderr)
        return 2
    root = sys.argv[1]
    return selftest(root) if sys.argv[2] == '--selftest' else run_check(root, sys.argv[2])


if __name__ == '__main__':
    sys.exit(main())
