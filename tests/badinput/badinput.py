#!/usr/bin/env python3
# Runs every row of docs/BAD_INPUT.md as written: the tables there are this test's only data, so
# the document and the behaviour cannot drift apart. Usage: badinput.py BAD_INPUT.md PTXCPU API
# (API: the badinput_api helper). PTXCPU_RUNNER (e.g. "qemu-aarch64 -L /") starts cross-built
# programs. Exit 0 when every row holds.
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import tempfile

TIMEOUT = 120  # seconds per command; a hang is a failure, not a stuck suite
WILDCARD = '<*>'
ENV_VARS = ('PTXCPU_ISA', 'PTXCPU_EXT', 'PTXCPU_THREADS')  # a row's environment is what it says

# Tables by their header: which kind of row each holds.
KINDS = {
    ('mnemonic', 'target', 'ptxcpu_parse', 'ptxcpu eval', 'message'): 'parse',
    ('command', 'exit', 'message'): 'cli',
    ('fixture', 'contents'): 'fixture',
    ('call', 'environment', 'result', 'message'): 'api',
}


def split_cells(line):
    """The cells of a markdown table line; '\\|' is a literal bar."""
    cells = re.split(r'(?<!\\)\|', line.strip().strip('|'))
    return [c.strip().replace('\\|', '|') for c in cells]


def code(cell):
    """A cell's code span content, or the text itself."""
    m = re.fullmatch(r'`(.*)`', cell)
    return m.group(1) if m else cell


def literal(cell):
    """A mnemonic or target cell: '-' is none; "..." a string with backslash escapes (the empty
    string, control bytes); else the code span's text."""
    if cell == '-':
        return None
    text = code(cell)
    if text.startswith('"'):
        return bytes(text[1:-1], 'ascii').decode('unicode_escape')
    return text


def read_tables(path):
    """(kind, line number, cells) for every row of every table."""
    rows, lines = [], open(path, encoding='utf-8').read().splitlines()
    i = 0
    while i < len(lines):
        ruled = i + 1 < len(lines) and re.match(r'\|[-: |]+\|$', lines[i + 1])
        if lines[i].startswith('|') and ruled:
            head = tuple(c.lower().strip('`') for c in split_cells(lines[i]))
            if head not in KINDS:
                sys.exit(f'{path}:{i + 1}: a table this test does not know: {head}')
            i += 2
            while i < len(lines) and lines[i].startswith('|'):
                cells = split_cells(lines[i])
                if len(cells) != len(head):
                    sys.exit(f'{path}:{i + 1}: {len(cells)} cells, the header has {len(head)}')
                rows.append((KINDS[head], i + 1, cells))
                i += 1
        else:
            i += 1
    return rows


def pattern(text, subst):
    """A message cell as a regex: literal text, WILDCARD for anything, placeholders filled."""
    for k, v in subst.items():
        text = text.replace(k, v)
    return '.*?'.join(re.escape(p) for p in text.split(WILDCARD))


def random_bytes(n, seed):
    """n bytes of a xorshift64 stream: the same bytes on every machine and Python version."""
    x, out = seed or 1, bytearray()
    while len(out) < n:
        x ^= (x << 13) & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 7
        x ^= (x << 17) & 0xFFFFFFFFFFFFFFFF
        out += x.to_bytes(8, 'little')
    return bytes(out[:n])


def make_fixture(tmp, name, contents):
    path = os.path.join(tmp, name)
    if contents == 'mkfifo':
        os.mkfifo(path)
    elif contents == 'mkdir':
        os.mkdir(path)
    else:
        data = eval(contents, {'__builtins__': {}, 'random_bytes': random_bytes})  # noqa: S307
        with open(path, 'wb') as f:
            f.write(data)


def run(argv, env_extra=(), stdin_path=None, stdin_data=None):
    """(exit status or a description of the crash/hang, stdout + stderr)."""
    env = {k: v for k, v in os.environ.items() if k not in ENV_VARS}
    env.update(env_extra)
    runner = shlex.split(os.environ.get('PTXCPU_RUNNER', ''))
    stdin = open(stdin_path, 'rb') if stdin_path else None
    try:  # stdin: the file, or a pipe carrying stdin_data (empty unless given)
        p = subprocess.run(runner + argv, env=env, stdin=stdin,
                           input=None if stdin else (stdin_data or b''),
                           capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return f'hung (killed after {TIMEOUT} s)', ''
    finally:
        if stdin_path:
            stdin.close()
    out = (p.stdout + p.stderr).decode('utf-8', 'replace')
    return (p.returncode if p.returncode >= 0 else f'killed by signal {-p.returncode}'), out


def check_parse(cells, exe, api, subst):
    mn, target, want_status, want_exit, msg = (literal(cells[0]), literal(cells[1]),
                                               code(cells[2]), code(cells[3]), code(cells[4]))
    errs = []
    rc, out = run([api, 'parse', mn] + ([target] if target is not None else []))
    got = out.split('\n')[0].split('\t')
    if rc != 0 or got[0] != want_status or not re.search(pattern(msg, subst), got[-1]):
        errs.append(f'ptxcpu_parse: want {want_status} "{msg}", got {out.strip()!r} (exit {rc})')
    rc, out = run([exe, 'eval'] + (['--target', target] if target is not None else []) + [mn])
    if str(rc) != want_exit or not re.search(pattern('ptxcpu eval: ' + msg, subst), out):
        errs.append(f'ptxcpu eval: want exit {want_exit} "ptxcpu eval: {msg}", got exit {rc}: '
                    f'{out.strip()!r}')
    return errs


def check_cli(cells, exe, subst):
    words = shlex.split(code(cells[0]))
    words = [w.replace('$T', subst['$T']).replace('$NOT_COMPILED', subst['$NOT_COMPILED'])
             for w in words]
    env, stdin_path, stdin_data = {}, None, None
    if words[:1] == ['cat'] and words[2:3] == ['|']:  # cat FILE | ptxcpu ...: stdin is a pipe
        stdin_data = open(words[1], 'rb').read()
        words = words[3:]
    while words and re.fullmatch(r'[A-Z_]+=.*', words[0]):
        k, v = words.pop(0).split('=', 1)
        env[k] = v
    if '<' in words:  # ptxcpu ... < FILE: stdin is that file
        stdin_path = words[words.index('<') + 1]
        words = words[:words.index('<')]
    if words[:1] != ['ptxcpu']:
        return [f'the command must start with ptxcpu: {cells[0]}']
    rc, out = run([exe] + words[1:], env, stdin_path, stdin_data)
    want_exit, msg = code(cells[1]), code(cells[2])
    if str(rc) != want_exit or (msg != '-' and not re.search(pattern(msg, subst), out)):
        return [f'want exit {want_exit} and "{msg}", got exit {rc}: {out.strip()[:2000]!r}']
    return []


def check_api(cells, api, subst):
    call, env_cell, want, msg = code(cells[0]), code(cells[1]), code(cells[2]), code(cells[3])
    for k, v in subst.items():
        env_cell = env_cell.replace(k, v)
    env = dict(w.split('=', 1) for w in shlex.split(env_cell)) if env_cell != '-' else {}
    rc, out = run([api, 'call', call], env)
    got = out.split('\n')[0].split('\t')
    if (rc != 0 or len(got) != 2 or not re.fullmatch(pattern(want, subst), got[0], re.S)
            or (msg != '-' and not re.search(pattern(msg, subst), got[1]))):
        return [f'want {want} "{msg}", got exit {rc}: {out.strip()!r}']
    return []


def main():
    doc, exe, api = sys.argv[1:4]
    name = os.path.basename(doc)
    rows = read_tables(doc)
    with tempfile.TemporaryDirectory(prefix='badinput.') as tmp:
        rc, isa = run([api, 'not-compiled'])
        subst = {'$T': tmp, '$NOT_COMPILED': isa.strip()}
        fixtures = {code(c[0]): code(c[1]) for kind, _, c in rows if kind == 'fixture'}
        for fx, contents in fixtures.items():
            make_fixture(tmp, fx, contents)
        tests = [(ln, kind, cells) for kind, ln, cells in rows if kind != 'fixture']
        text = '\n'.join(code(c[0]) for _, _, c in tests)
        problems = [f'fixture {f} is used by no row' for f in fixtures if f'$T/{f}' not in text]
        # every API case the helper has is in the document, once, and no other
        rc, listing = run([api, 'list'])
        calls = [(code(c[0]), code(c[1])) for _, kind, c in tests if kind == 'api']
        cases = listing.splitlines()
        problems += [f'API case not in {name}: {c}' for c in cases
                     if c not in [call for call, _ in calls]]
        problems += [f'{name}: no such API case: {c}' for c, _ in calls if c not in cases]
        problems += [f'{name}: API case twice with one environment: {c} {e}'
                     for c, e in set(calls) if calls.count((c, e)) > 1]

        def one(t):
            ln, kind, cells = t
            if kind == 'parse':
                return check_parse(cells, exe, api, subst)
            if kind == 'cli':
                return check_cli(cells, exe, subst)
            return check_api(cells, api, subst)

        workers = max(2, min(8, os.cpu_count() or 2))
        with concurrent.futures.ThreadPoolExecutor(workers) as pool:
            results = list(pool.map(one, tests))
    failed = 0
    for (ln, kind, cells), errs in zip(tests, results):
        if errs:
            failed += 1
            print(f'FAIL {name}:{ln}: {cells[0]}')
            for e in errs:
                print(f'    {e}')
        else:
            print(f'ok   {name}:{ln}: {cells[0]}' + (f' {cells[1]}' if kind == 'api' else ''))
    for p in problems:
        print(f'FAIL {p}')
    print(f'badinput: {len(tests)} rows, {failed} failed'
          + (f', {len(problems)} problems with the tables' if problems else ''))
    return 1 if failed or problems else 0


if __name__ == '__main__':
    sys.exit(main())
