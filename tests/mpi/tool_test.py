#!/usr/bin/env python3
# The tool under mpirun against the single process: `ptxcpu demo` across 2 and 3 ranks prints one
# table whose checksums are the single process's; `ptxcpu info` lists every rank's cpuset;
# `ptxcpu bench` runs its grid-mpi mode (JSON mode, ranks, threads_per_rank, scaling).
# Usage: tool_test.py MPIRUN PTXCPU [MPIRUN ARGS...]. Exit 0 when every check holds.
import json
import os
import subprocess
import sys
import tempfile

MPIRUN, PTXCPU, MPIRUN_ARGS = sys.argv[1], sys.argv[2], sys.argv[3:]
DEMO = ['demo', '--threads-total', '32768', '--length', '16']
failures = []


def check(ok, what):
    print(('ok   ' if ok else 'FAIL ') + what)
    if not ok:
        failures.append(what)


def run(cmd, ranks=0):
    if ranks:
        cmd = [MPIRUN] + MPIRUN_ARGS + ['-np', str(ranks)] + cmd
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=240)
    if p.returncode != 0:
        print(f'$ {" ".join(cmd)}\nexit {p.returncode}\n{p.stdout}\n{p.stderr}')
    return p


with tempfile.TemporaryDirectory() as tmp:
    single_json = os.path.join(tmp, 'single.json')
    p = run([PTXCPU] + DEMO + ['--json', single_json])
    check(p.returncode == 0, 'ptxcpu demo (one process) exits 0')
    single = {r['chain']: r['checksum'] for r in json.load(open(single_json))['results']}
    check(len(single) == 2, 'one process: two chains')
    for n in (2, 3):
        path = os.path.join(tmp, f'np{n}.json')
        p = run([PTXCPU] + DEMO + ['--json', path], ranks=n)
        check(p.returncode == 0, f'mpirun -np {n} ptxcpu demo exits 0')
        if p.returncode:
            continue
        check(p.stdout.count('warp-insn/s') == 2, f'-np {n}: one table (rank 0 prints)')
        doc = json.load(open(path))
        check(doc.get('mpi_ranks') == n, f'-np {n}: JSON mpi_ranks = {n}')
        for r in doc['results']:
            check(r['checksum'] == single[r['chain']],
                  f'-np {n}: {r["chain"]} on {r["ranks"]} rank(s): checksum {r["checksum"]} = '
                  f'one process\'s {single[r["chain"]]}')
        check(sorted({r['ranks'] for r in doc['results']}) == [1, n], f'-np {n}: rows of 1 and {n} ranks')

    p = run([PTXCPU, 'info'])
    check(p.returncode == 0 and 'mpi: built' in p.stdout, 'ptxcpu info says MPI is built')
    p = run([PTXCPU, 'info'], ranks=2)
    check(p.returncode == 0 and 'mpi: 2 rank(s)' in p.stdout and 'rank 0 on ' in p.stdout
          and 'rank 1 on ' in p.stdout and p.stdout.count('cpu features:') == 1,
          'mpirun -np 2 ptxcpu info: one report, every rank\'s cpuset')

    path = os.path.join(tmp, 'bench.json')
    p = run([PTXCPU, 'bench', '--filter', 'mad.rn.f32', '--json', path], ranks=2)
    check(p.returncode == 0, 'mpirun -np 2 ptxcpu bench exits 0')
    if p.returncode == 0:
        doc = json.load(open(path))
        rows = doc['results']
        check(doc.get('mpi_ranks') == 2 and doc.get('mpi_launch_overhead_us', 0) > 0,
              'bench JSON: mpi_ranks 2, mpi_launch_overhead_us')
        check([r['mode'] for r in rows] == ['grid-mpi', 'grid-mpi'] and
              [r['ranks'] for r in rows] == [1, 2] and all('threads_per_rank' in r for r in rows),
              'bench JSON: grid-mpi on 1 and 2 ranks, with threads_per_rank')
        check(len({r['checksum'] for r in rows}) == 1 and rows[0]['scaling'] == 1,
              'bench grid-mpi: the same checksum on 1 and 2 ranks, scaling against 1 rank')

print(f'{len(failures)} failure(s)')
sys.exit(1 if failures else 0)
