#!/usr/bin/env python3
"""Suite `plot`: tools/plot_bench.py writes a valid image, and fails cleanly on bad input.

Usage: test_plot.py TOOL SAMPLE.json CASE
  png, svg  draws SAMPLE.json into a temporary image of that format; it must be a valid PNG (its
            signature and header, a plausible pixel size) or SVG (well-formed XML with an <svg>
            root and the panels' text, the unknown modes of the sample included), of plausible
            size. Exit 77 (meson: skipped) with the
            reason when no python3 the tool would use has matplotlib.
  partial   draws only SAMPLE.json's batch-l1 rows, with a CPU model and commit and no --title,
            as SVG: the title must name the CPU and commit, the caption the unmeasured batch-mem,
            and no chain or grid panel may be drawn.
  errors    a missing file, invalid JSON, JSON that is not bench output, an unknown image format,
            an unwritable output and a missing matplotlib: each must exit 2 with a message on
            stderr and write no image.
The tool runs under this script's python3, as a user's `python3 tools/plot_bench.py` would: it
finds a python3 with matplotlib itself when this one has none.
"""
import importlib.util
import json
import os
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SKIP = 77
MIN_BYTES = 20_000       # a figure with every panel drawn is far larger; a blank one is not
MAX_BYTES = 3_000_000
MIN_PIXELS = (1000, 700)


def load_tool(path):
    spec = importlib.util.spec_from_file_location('plot_bench', path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def run(tool, args, env=None):
    return subprocess.run([sys.executable, tool] + args, capture_output=True, text=True,
                          env=env, timeout=100)


def check_png(data):
    """None if data is a PNG of plausible size, else what is wrong."""
    if not data.startswith(b'\x89PNG\r\n\x1a\n') or data[12:16] != b'IHDR':
        return 'no PNG signature and IHDR chunk'
    w, h = struct.unpack('>II', data[16:24])
    if w < MIN_PIXELS[0] or h < MIN_PIXELS[1]:
        return 'PNG of %dx%d pixels, expected at least %dx%d' % ((w, h) + MIN_PIXELS)
    if not data.rstrip(b'\0').endswith(b'IEND\xaeB`\x82'):
        return 'PNG does not end with an IEND chunk (truncated?)'
    return None


def check_svg(data):
    """None if data is a well-formed SVG that carries the panels' text, else what is wrong."""
    try:
        root = ET.fromstring(data)
    except ET.ParseError as e:
        return 'SVG is not well-formed XML: %s' % e
    if not root.tag.endswith('svg'):
        return 'root element is %s, not svg' % root.tag
    # matplotlib writes text as glyph paths, each labelled by a comment with the string
    text = data.decode('utf-8', 'replace')
    for word in ('batch-l1', 'batch-mem', 'chains', 'grid-memory', 'dot-accumulate', 'single-warp'):
        if word not in text:
            return 'no %r anywhere in the SVG' % word
    return None


def render_case(tool, sample, fmt):
    mod = load_tool(tool)
    python = mod.matplotlib_python()
    if python is None:
        tried = ', '.join(dict.fromkeys([sys.executable] + mod.PYTHON_CANDIDATES))
        print('SKIP: no python3 with matplotlib (tried %s); install python3-matplotlib (Debian) '
              'to run this test' % tried, file=sys.stderr)
        return SKIP
    print('matplotlib found by %s' % python)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'bench.' + fmt)
        p = run(tool, [sample, out, '--title', 'plot suite'])
        if p.returncode != 0:
            print('FAIL: exit %d\n%s%s' % (p.returncode, p.stdout, p.stderr))
            return 1
        if not os.path.isfile(out):
            print('FAIL: exit 0 but no %s written' % out)
            return 1
        with open(out, 'rb') as f:
            data = f.read()
    if not MIN_BYTES <= len(data) <= MAX_BYTES:
        print('FAIL: %s of %d bytes, expected %d..%d' % (fmt, len(data), MIN_BYTES, MAX_BYTES))
        return 1
    wrong = check_png(data) if fmt == 'png' else check_svg(data)
    if wrong:
        print('FAIL: ' + wrong)
        return 1
    print('ok: %s of %d bytes' % (fmt, len(data)))
    return 0


def partial_case(tool, sample):
    """Only batch-l1 rows: only their panel, the run's identity in the default title."""
    mod = load_tool(tool)
    if mod.matplotlib_python() is None:
        print('SKIP: no python3 with matplotlib; install python3-matplotlib (Debian)',
              file=sys.stderr)
        return SKIP
    with open(sample) as f:
        data = json.load(f)
    data['results'] = [r for r in data['results'] if r['mode'] == 'batch-l1']
    data.update(cpu_model='Test CPU 9000', commit='abc123def456')
    with tempfile.TemporaryDirectory() as tmp:
        src, out = os.path.join(tmp, 'l1.json'), os.path.join(tmp, 'l1.svg')
        with open(src, 'w') as f:
            json.dump(data, f)
        p = run(tool, [src, out])
        if p.returncode != 0:
            print('FAIL: exit %d\n%s%s' % (p.returncode, p.stdout, p.stderr))
            return 1
        with open(out, encoding='utf-8', errors='replace') as f:
            text = f.read()
    wrong = [w for w in ('batch-l1', 'Test CPU 9000', 'abc123def456', 'Not measured in this run')
             if w not in text] + [w for w in ('chains:', 'grids (') if w in text]
    if wrong:
        print('FAIL: SVG text wrong about %s' % wrong)
        return 1
    print('ok: one batch-l1 panel, titled with the CPU and commit')
    return 0


def error_cases(tmp, sample):
    """(name, argv, environment or None, text stderr must contain); outputs go to tmp/out*."""
    def write(name, text):
        path = os.path.join(tmp, name)
        with open(path, 'w') as f:
            f.write(text)
        return path
    with open(sample) as f:
        truncated = write('truncated.json', f.read()[:3000])
    shadow = os.path.join(tmp, 'shadow', 'matplotlib')  # an import of matplotlib that fails
    os.makedirs(shadow)
    write(os.path.join(shadow, '__init__.py'), 'raise ImportError("hidden by test_plot.py")\n')
    no_mpl = dict(os.environ, PYTHONPATH=os.path.dirname(shadow), PLOT_BENCH_REEXEC='1')
    png = os.path.join(tmp, 'out.png')
    return [
        ('missing JSON', [os.path.join(tmp, 'absent.json'), png], None, 'cannot read'),
        ('truncated JSON', [truncated, png], None, 'not valid JSON'),
        ('empty JSON', [write('empty.json', ''), png], None, 'not valid JSON'),
        ('not bench output', [write('other.json', '{"rows": []}'), png], None, 'results'),
        ('row without mode', [write('row.json', '{"results": [{"mnemonic": "add.u32"}]}'), png],
         None, 'lacks'),
        ('threads not a number', [write('thr.json', '{"results": [{"mnemonic": "add.u32", '
                                  '"isa": "avx2", "mode": "grid-memory", "threads": "2"}]}'), png],
         None, 'threads'),
        ('unknown format', [sample, os.path.join(tmp, 'out.jpg')], None, 'format'),
        ('no such directory', [sample, os.path.join(tmp, 'absent', 'out.png')], None,
         'cannot write'),
        ('missing matplotlib', [sample, png], no_mpl, 'matplotlib is missing'),
        ('no arguments', [], None, 'usage'),
        ('not gzip', [write('bad.json.gz', 'not compressed'), png], None, 'cannot read'),
        ('nothing to draw', [write('none.json', '{"results": [{"mnemonic": "add.u32", '
                             '"isa": "avx2", "mode": "batch-l1"}]}'), png], None,
         'nothing to draw'),
    ]


def errors_case(tool, sample):
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, argv, env, needle in error_cases(tmp, sample):
            p = run(tool, argv, env)
            written = [f for f in os.listdir(tmp) if f.startswith('out')]
            if p.returncode != 2 or needle.lower() not in p.stderr.lower() or written:
                print('FAIL %s: exit %d (want 2), stderr %r (want %r), images %s'
                      % (name, p.returncode, p.stderr.strip(), needle, written))
                failed += 1
            else:
                print('ok %s: %s' % (name, p.stderr.strip().splitlines()[-1]))
    return 1 if failed else 0


def main(argv):
    if len(argv) != 4 or argv[3] not in ('png', 'svg', 'partial', 'errors'):
        print(__doc__)
        return 2
    tool, sample, case = argv[1:]
    if case == 'errors':
        return errors_case(tool, sample)
    if case == 'partial':
        return partial_case(tool, sample)
    return render_case(tool, sample, case)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
