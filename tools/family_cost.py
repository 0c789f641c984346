#!/usr/bin/env python3
"""Measures what each semantic family costs to compile: the seconds of one core that one SIMD
ISA's kernel translation unit takes with only that family in it. tools/gen_ops.py places the
families into kernel groups by these figures (FAMILIES' cost column).

Run from the repository root, with a configured build folder (its compile_commands.json gives the
ISA's command line). The figure is the compiler's CPU time (user + sys of the child), so other
work on the machine inflates it far less than it would wall time:
    python3 tools/family_cost.py build avx2 [FAMILY ...]
Prints one `('NAME', seconds),` line a family, the fastest of two compiles.
"""
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def isa_command(build, isa):
    for c in json.load(open(os.path.join(build, 'compile_commands.json'))):
        if f'libptxcpu_{isa}_g0.a.p' in c['output']:
            return c['command'], c['directory']
    sys.exit(f'{build}: no {isa} kernel group in compile_commands.json')


def families():
    out = subprocess.run([sys.executable, os.path.join(ROOT, 'tools/gen_ops.py'), '--families'],
                         check=True, capture_output=True, text=True).stdout
    return out.split()


def compile_seconds(tree, command, directory, fam):
    with open(os.path.join(tree, 'src', 'ops.def'), 'w') as f:
        subprocess.run([sys.executable, os.path.join(ROOT, 'tools/gen_ops.py'), '--alone', fam],
                       check=True, stdout=f)
    cmd = command.replace(ROOT, tree).split()
    for flag in ('-MQ', '-MF'):  # no dependency file
        i = cmd.index(flag)
        del cmd[i:i + 2]
    cmd.remove('-MD')
    cmd[cmd.index('-o') + 1] = os.devnull
    best = None
    for _ in range(2):
        before = cpu_seconds()
        subprocess.run(cmd, cwd=directory.replace(ROOT, tree), check=True)
        best = min(best or 1e9, cpu_seconds() - before)
    return best


def cpu_seconds():
    """user + sys of the children waited for so far (the compiler and its cc1)"""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    build, isa = os.path.abspath(sys.argv[1]), sys.argv[2]
    command, directory = isa_command(build, isa)
    with tempfile.TemporaryDirectory() as tree:
        for d in ('src', 'include', 'dispatch'):
            shutil.copytree(os.path.join(ROOT, d), os.path.join(tree, d))
        os.makedirs(directory.replace(ROOT, tree), exist_ok=True)
        for fam in sys.argv[3:] or families():
            print(f"('{fam}', {compile_seconds(tree, command, directory, fam):.2f}),", flush=True)


if __name__ == '__main__':
    main()
