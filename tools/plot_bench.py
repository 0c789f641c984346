#!/usr/bin/env python3
"""Draws `ptxcpu bench --json` output as one picture: where every instruction stands.

Usage: tools/plot_bench.py BENCH.json[.gz] OUT.png|OUT.svg [--title T]

Panels, each drawn only when the run has rows for it (the caption names the batch modes it did
not measure); the format follows OUT's extension:
  - chains: each register-resident chain's fraction of this CPU's peak, per ISA (bars), and its
    speed against the plain-C loop doing the same chain (markers, log axis); rows of a mode this
    script does not know (e.g. dot-accumulate) join them as 'mnemonic [mode]' where they have
    either figure on one thread, and are otherwise left out and named in the caption;
  - grids: the launcher's grid-compute fraction of peak per thread count, grid-memory's rate;
  - batch-l1 / batch-mem: every spelling's speed against the plain-C -O3 loop over the same data,
    one dot per spelling, grouped by family (the mnemonic's first word) and ISA, the median of each
    group marked; the legend gives each ISA's min, median and count below 1.0x.
The 1.0x line (as fast as plain C) is drawn on every speed axis; the peaks the run measured are
in the caption; the title names the CPU, the ptxcpu version and the commit the run records
(`cpu_model`, `ptxcpu`, `commit` in the JSON; --title replaces it).

Needs matplotlib (Debian: python3-matplotlib). When the python3 running this script lacks it
(e.g. a pyenv one), the script runs itself again with the first of PYTHON_CANDIDATES that has it.
Exit status: 0 written; 2 bad arguments, unreadable or invalid JSON, unwritable output, no
matplotlib, or no row any panel draws.
"""
import argparse
import gzip
import io
import json
import math
import os
import statistics
import subprocess
import sys

PYTHON_CANDIDATES = ['/usr/bin/python3', '/usr/local/bin/python3']
REEXEC_MARK = 'PLOT_BENCH_REEXEC'  # set in the environment of the second run: no third
FORMATS = ('.png', '.svg')
BATCH_MODES = (('batch-l1', 'L1-resident batches'), ('batch-mem', 'memory-resident batches'))
KNOWN_MODES = {'chain', 'grid-compute', 'grid-memory'} | {m for m, _ in BATCH_MODES}
ISA_COLORS = {'scalar': '#7f7f7f', 'avx2': '#1f77b4', 'avx512': '#d62728', 'neon': '#2ca02c'}
OTHER_COLORS = ['#9467bd', '#8c564b', '#e377c2', '#bcbd22', '#17becf', '#ff7f0e']
ISA_ORDER = ['scalar', 'avx2', 'avx512', 'neon']


class Failure(Exception):
    """An error the user can fix; main() prints it and exits 2."""


# --- finding matplotlib ------------------------------------------------------------------------

def has_matplotlib(python):
    """True when the interpreter at path `python` can import matplotlib."""
    try:
        return subprocess.run([python, '-c', 'import matplotlib'], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=60).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def matplotlib_python():
    """A python3 that has matplotlib: this one first, then PYTHON_CANDIDATES; None if none has."""
    try:
        import matplotlib  # noqa: F401
        return sys.executable
    except ImportError:
        pass
    here = os.path.realpath(sys.executable)
    for cand in PYTHON_CANDIDATES:
        if os.path.realpath(cand) != here and os.access(cand, os.X_OK) and has_matplotlib(cand):
            return cand
    return None


def pyplot_or_reexec(argv):
    """matplotlib.pyplot (headless backend); runs the script under another python3 if this one
    lacks matplotlib, and fails with the package to install if none has it."""
    try:
        import matplotlib
        matplotlib.use('Agg')
        import matplotlib.pyplot as plt
        return plt
    except ImportError:
        pass
    tried = [sys.executable]
    if not os.environ.get(REEXEC_MARK):
        python = matplotlib_python()
        if python:
            os.environ[REEXEC_MARK] = '1'
            os.execv(python, [python, os.path.abspath(__file__)] + argv)
        tried += PYTHON_CANDIDATES
    raise Failure('matplotlib is missing (none of %s can import it): install it, e.g. '
                  '`apt-get install python3-matplotlib` on Debian/Ubuntu'
                  % ', '.join(dict.fromkeys(tried)))


# --- reading the bench JSON --------------------------------------------------------------------

def load_bench(path):
    """The bench JSON at path (gzip-compressed where the name ends in .gz) as a dict with a list of
    result rows; Failure if it is not one."""
    try:
        opener = gzip.open if path.endswith('.gz') else open
        with opener(path, 'rt', encoding='utf-8') as f:
            data = json.load(f)
    except OSError as e:  # (gzip.BadGzipFile is one)
        raise Failure('%s: cannot read: %s' % (path, e.strerror or e))
    except (ValueError, UnicodeDecodeError, EOFError) as e:
        raise Failure('%s: not valid JSON: %s' % (path, e))
    if not isinstance(data, dict) or not isinstance(data.get('results'), list):
        raise Failure('%s: not `ptxcpu bench --json` output (no "results" list)' % path)
    for i, row in enumerate(data['results']):
        if not isinstance(row, dict) or not all(isinstance(row.get(k), str)
                                                for k in ('mnemonic', 'isa', 'mode')):
            raise Failure('%s: result %d lacks a mnemonic, isa or mode' % (path, i))
        threads = row.setdefault('threads', 1)
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise Failure('%s: result %d: threads is not a positive integer' % (path, i))
    if not isinstance(data.get('peaks', {}), dict):
        raise Failure('%s: "peaks" is not an object' % path)
    return data


def number(row, key):
    """row[key] as a finite positive float, or None (null, absent, not a number, <= 0)."""
    v = row.get(key)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0:
        return None
    return float(v)


def family(mnemonic):
    """The mnemonic's first word: add, mad, dp4a, ..."""
    return mnemonic.split('.')[0]


def rows_of(data, mode):
    return [r for r in data['results'] if r['mode'] == mode]


def per_instruction_rows(data):
    """The chain rows, then those of modes this script does not know (dot-accumulate, ...) that
    have a fraction of peak or a plain-C figure on one thread, named by mnemonic and [mode] on two
    lines; and how many rows of each unknown mode are left out (neither figure, or more threads)."""
    rows, left_out = rows_of(data, 'chain'), {}
    for r in data['results']:
        if r['mode'] in KNOWN_MODES:
            continue
        if r['threads'] == 1 and (number(r, 'fraction_of_peak')
                                  or number(r, 'speedup_vs_plain_c')):
            rows.append(dict(r, mnemonic='%s\n[%s]' % (r['mnemonic'], r['mode'])))
        else:
            left_out[r['mode']] = left_out.get(r['mode'], 0) + 1
    return rows, left_out


def isas_in(rows):
    """The ISAs of rows, known ones in ISA_ORDER first, then the others by name."""
    seen = {r['isa'] for r in rows}
    return [i for i in ISA_ORDER if i in seen] + sorted(seen - set(ISA_ORDER))


def isa_color(isa, isas):
    if isa in ISA_COLORS:
        return ISA_COLORS[isa]
    others = [i for i in isas if i not in ISA_COLORS]
    return OTHER_COLORS[others.index(isa) % len(OTHER_COLORS)]


def times(x):
    """0.52 -> '0.52x', 12.3 -> '12x'."""
    return ('%.2gx' if x < 10 else '%.0fx') % x


# --- drawing -----------------------------------------------------------------------------------

def log_speed_axis(ax, values, headroom=1.4):
    """Log y axis for speed ratios around the 1.0x line (drawn), with the slow side shaded;
    headroom: factor above the highest value (room for a legend)."""
    lo = min(values + [1.0]) / 1.4
    hi = max(values + [1.0]) * headroom
    ax.set_yscale('log')
    ax.set_ylim(lo, hi)
    ax.axhspan(lo, 1.0, color='#d62728', alpha=0.06, lw=0)
    ax.axhline(1.0, color='black', lw=1.2, ls='--', zorder=1)
    ticks = [2.0 ** k for k in range(-8, 12) if lo <= 2.0 ** k <= hi]
    ax.set_yticks(ticks)
    ax.set_yticklabels([times(t) for t in ticks])
    ax.minorticks_off()
    ax.grid(axis='y', color='#dddddd', lw=0.6)


def group_offsets(n, width=0.8):
    """x offsets of n side-by-side groups in a slot of the given width, and each one's width."""
    w = width / n
    return [(i - (n - 1) / 2) * w for i in range(n)], w


def draw_chain_peaks(ax, rows):
    """Bars: each chain's fraction of peak per ISA, with the percentage written on top."""
    title = 'chains: fraction of peak (8 warps, register-resident)'
    rows = [r for r in rows if number(r, 'fraction_of_peak')]
    names = list(dict.fromkeys(r['mnemonic'] for r in rows))
    isas = isas_in(rows)
    offs, w = group_offsets(len(isas))
    for isa, off in zip(isas, offs):
        pts = [(names.index(r['mnemonic']) + off, 100 * number(r, 'fraction_of_peak'))
               for r in rows if r['isa'] == isa]
        ax.bar([x for x, _ in pts], [y for _, y in pts], w, color=isa_color(isa, isas), label=isa)
        for x, y in pts:
            if y >= 1:
                ax.text(x, y + 1, '%.0f' % y, ha='center', va='bottom', fontsize=6, rotation=90)
    ax.axhline(100, color='black', lw=1, ls='--')
    ax.set_ylim(0, max([125] + [100 * number(r, 'fraction_of_peak') * 1.2 for r in rows]))
    ax.set_ylabel('% of peak')
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=40, ha='right', fontsize=8)
    ax.set_xlim(-0.6, len(names) - 0.4)
    ax.set_title(title, fontsize=10, loc='left')
    ax.legend(fontsize=7, ncol=len(isas), loc='upper right', frameon=False,
              title='peak: best f32 FMA lanes/s (f64: half; dp4a/dp2a: int8 dot lanes/s)',
              title_fontsize=7)


def draw_chain_plain(ax, rows):
    """Markers on a log axis: each chain's speed against the plain-C chain, per ISA."""
    title = 'chains: speed vs the plain-C chain'
    rows = [r for r in rows if number(r, 'speedup_vs_plain_c')]
    names = list(dict.fromkeys(r['mnemonic'] for r in rows))
    isas = isas_in(rows)
    offs, _ = group_offsets(len(isas), 0.5)
    for isa, off in zip(isas, offs):
        sel = [r for r in rows if r['isa'] == isa]
        ax.scatter([names.index(r['mnemonic']) + off for r in sel],
                   [number(r, 'speedup_vs_plain_c') for r in sel], s=22,
                   color=isa_color(isa, isas), label=isa, zorder=3)
    log_speed_axis(ax, [number(r, 'speedup_vs_plain_c') for r in rows])
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=40, ha='right', fontsize=8)
    ax.set_xlim(-0.6, len(names) - 0.4)
    ax.set_title(title, fontsize=10, loc='left')
    ax.legend(fontsize=7, ncol=len(isas), loc='upper right', frameon=False)


def draw_grids(ax, compute, memory):
    """grid-compute's fraction of peak per thread count (bars); grid-memory's rates as text."""
    title = 'grids (launcher, all blocks)'
    compute = [r for r in compute if number(r, 'fraction_of_peak')]
    memory = [r for r in memory if number(r, 'warp_insn_per_s')]
    frac = {r['threads']: 100 * number(r, 'fraction_of_peak') for r in compute}
    threads = sorted(frac)
    ax.bar(range(len(threads)), [frac[t] for t in threads], 0.6, color='#d62728')
    for i, t in enumerate(threads):
        ax.text(i, frac[t] + 1, '%.0f%%' % frac[t], ha='center', va='bottom', fontsize=8)
    ax.axhline(100, color='black', lw=1, ls='--')
    ax.set_ylim(0, 125)
    ax.set_xticks(range(len(threads)))
    ax.set_xticklabels(['%d thr' % t for t in threads], fontsize=8)
    ax.set_ylabel('grid-compute mad.rn.f32, % of peak x threads', fontsize=8)
    if memory:
        one = next((number(r, 'warp_insn_per_s') for r in memory if r['threads'] == 1), None)
        lines = ['grid-memory add.u32:']
        for r in sorted(memory, key=lambda r: r['threads']):
            rate = number(r, 'warp_insn_per_s')
            scale = ' (%.2fx)' % (rate / one) if one and r['threads'] > 1 else ''
            lines.append('%d thr %.3g warp-insn/s%s' % (r['threads'], rate, scale))
        ax.set_xlabel('\n'.join(lines), fontsize=7)
    ax.set_title(title, fontsize=10, loc='left')


def batch_summary(values):
    """min, median and the count below 1.0x of a list of speed ratios, as legend text."""
    slow = sum(v < 1.0 for v in values)
    return 'min %s, median %s, %d of %d below 1.0x' % (
        times(min(values)), times(statistics.median(values)), slow, len(values))


def best_per_spelling(rows):
    """Each spelling's best speed vs plain C over its ISAs."""
    best = {}
    for r in rows:
        best[r['mnemonic']] = max(best.get(r['mnemonic'], 0), number(r, 'speedup_vs_plain_c'))
    return list(best.values())


def draw_batches(ax, rows, mode, what):
    """One dot per spelling at its speed vs plain C, grouped by family and ISA, medians marked."""
    rows = [r for r in rows if number(r, 'speedup_vs_plain_c')]
    title = '%s (%s): speed vs the plain-C -O3 loop, one dot per spelling' % (mode, what)
    fams = list(dict.fromkeys(family(r['mnemonic']) for r in rows))
    summary = 'best ISA per spelling: ' + batch_summary(best_per_spelling(rows))
    reference = [number(r, 'speedup_vs_plain_c') for r in rows if r['isa'] == 'scalar']
    if len(isas_in(rows)) > 1 and reference:
        # the scalar reference is no one's fast path; drawn, it would stretch the axis tenfold
        summary += ';  scalar reference (not drawn): ' + batch_summary(reference)
        rows = [r for r in rows if r['isa'] != 'scalar']
    isas = isas_in(rows)
    offs, w = group_offsets(len(isas))
    for isa, off in zip(isas, offs):
        sel = [r for r in rows if r['isa'] == isa]
        xs, ys = [], []
        for fi, fam in enumerate(fams):
            vals = sorted(number(r, 'speedup_vs_plain_c') for r in sel
                          if family(r['mnemonic']) == fam)
            # spread a group's dots evenly across its sub-slot (sorted: the shape reads as a
            # distribution; deterministic, unlike random jitter)
            for k, v in enumerate(vals):
                xs.append(fi + off + (k / max(len(vals) - 1, 1) - 0.5) * w * 0.7)
                ys.append(v)
            if vals:
                ax.plot([fi + off - w * 0.45, fi + off + w * 0.45], [statistics.median(vals)] * 2,
                        color='black', lw=1.5, zorder=2)
        vals = [number(r, 'speedup_vs_plain_c') for r in sel]
        ax.scatter(xs, ys, s=9, color=isa_color(isa, isas), alpha=0.75, lw=0, zorder=3,
                   label='%s: %s' % (isa, batch_summary(vals)))
    log_speed_axis(ax, [number(r, 'speedup_vs_plain_c') for r in rows], headroom=3)
    counts = {f: len({r['mnemonic'] for r in rows if family(r['mnemonic']) == f}) for f in fams}
    ax.set_xticks(range(len(fams)))
    ax.set_xticklabels(['%s\n%d' % (f, counts[f]) for f in fams], fontsize=8)
    for fi in range(1, len(fams)):
        ax.axvline(fi - 0.5, color='#eeeeee', lw=0.6, zorder=0)
    ax.set_xlim(-0.6, len(fams) - 0.4)
    ax.set_ylabel('kernel / plain C')
    ax.set_xlabel('family (first word of the mnemonic), spellings measured', fontsize=8)
    ax.set_title(title + '\n' + summary, fontsize=10, loc='left')
    ax.plot([], [], color='black', lw=1.5, label='median of a family on an ISA')
    ax.legend(fontsize=7, ncol=len(isas) + 1, loc='upper left', frameon=True, framealpha=0.85)


def caption(data, skipped, drawn_modes):
    """The measured peaks and the run's identity, and what was left out or not measured."""
    pk = data.get('peaks', {})

    def g(key, scale=1e9):
        v = number(pk, key)
        return '%.3g' % (v / scale) if v else '-'
    text = ('Peaks measured in this run, 1 core: f32 FMA lanes/s %s G (zmm), %s G (ymm), %s G '
            '(scalar); int8 dot lanes/s %s G (ymm), %s G (zmm vpdpbusd); L1 stream %s GB/s'
            % (g('fma_f32_lanes_per_s_zmm'), g('fma_f32_lanes_per_s_ymm'),
               g('fma_f32_lanes_per_s_scalar'), g('dot_i8_lanes_per_s_ymm'),
               g('dot_i8_lanes_per_s_zmm_vnni'), g('stream_l1_bytes_per_s')))
    if number(data, 'launch_overhead_us'):
        text += '; empty launch %.3g us' % data['launch_overhead_us']
    text += '.\nptxcpu %s; CPU features: %s.' % (data.get('ptxcpu', '?'),
                                                data.get('cpu_features', '?'))
    absent = [m for m, _ in BATCH_MODES if m not in drawn_modes]
    if absent:
        text += '  Not measured in this run: %s (`ptxcpu bench --full` measures batch-mem).' % \
            ', '.join(absent)
    if skipped:
        text += '  Not drawn (modes unknown to this plot, without a one-thread figure): ' + \
            ', '.join('%s (%d rows)' % (m, n) for m, n in sorted(skipped.items())) + '.'
    return text


def write_png(fig, out):
    """fig as a 256-colour PNG: a third of the size of matplotlib's RGBA one, and the same to the
    eye (flat colours, anti-aliased edges). Pillow comes with matplotlib."""
    from PIL import Image
    buf = io.BytesIO()
    fig.savefig(buf, format='png', dpi=100)
    buf.seek(0)
    Image.open(buf).convert('RGB').quantize(256).save(out, format='PNG', optimize=True)


def top_panels(data, chains):
    """The top row's panels that have data: (width, draw) pairs, draw taking the axes."""
    compute, memory = rows_of(data, 'grid-compute'), rows_of(data, 'grid-memory')
    panels = []
    if any(number(r, 'fraction_of_peak') for r in chains):
        panels.append((5, lambda ax: draw_chain_peaks(ax, chains)))
    if any(number(r, 'speedup_vs_plain_c') for r in chains):
        panels.append((5, lambda ax: draw_chain_plain(ax, chains)))
    if any(number(r, 'fraction_of_peak') for r in compute) or \
            any(number(r, 'warp_insn_per_s') for r in memory):
        panels.append((2, lambda ax: draw_grids(ax, compute, memory)))
    return panels


def batch_panels(data):
    """The batch modes that have rows with a plain-C figure: (mode, what, rows)."""
    return [(mode, what, rows_of(data, mode)) for mode, what in BATCH_MODES
            if any(number(r, 'speedup_vs_plain_c') for r in rows_of(data, mode))]


def default_title(data):
    """Which CPU and which build the figure shows, from the run's own record."""
    return 'ptxcpu bench on %s (ptxcpu %s, commit %s)' % (
        data.get('cpu_model', 'an unrecorded CPU'), data.get('ptxcpu', '?'),
        data.get('commit', 'unrecorded'))


def render(plt, data, out, title):
    """Draws the panels that have data into one figure and saves it (format by extension): a top
    row of chains and grids, then a full-width row per batch mode."""
    chains, skipped = per_instruction_rows(data)
    top, batches = top_panels(data, chains), batch_panels(data)
    if not top and not batches:
        raise Failure('nothing to draw: no rows with a fraction of peak, a plain-C figure or a '
                      'grid rate')
    heights = ([1] if top else []) + [1.15] * len(batches)
    fig = plt.figure(figsize=(18, 1.5 + 3.8 * sum(heights)))
    cols = sum(w for w, _ in top) if top else 12
    gs = fig.add_gridspec(len(heights), cols, height_ratios=heights, hspace=0.5, wspace=1.2,
                          left=0.055, right=0.99, top=1 - 0.9 / fig.get_figheight(),
                          bottom=1.1 / fig.get_figheight())
    col = 0
    for width, draw in top:
        draw(fig.add_subplot(gs[0, col:col + width]))
        col += width
    for i, (mode, what, rows) in enumerate(batches):
        draw_batches(fig.add_subplot(gs[i + (1 if top else 0), :]), rows, mode, what)
    fig.suptitle(title, fontsize=14, x=0.055, ha='left')
    fig.text(0.055, 0.012, caption(data, skipped, [m for m, _, _ in batches]), fontsize=8,
             va='bottom', wrap=True)
    try:
        if out.lower().endswith('.svg'):
            fig.savefig(out)
        else:
            write_png(fig, out)
    except OSError as e:
        raise Failure('%s: cannot write: %s' % (out, e.strerror or e))
    finally:
        plt.close(fig)


def check_output(out):
    """Failure unless out ends in a known format and its directory is writable."""
    ext = os.path.splitext(out)[1].lower()
    if ext not in FORMATS:
        raise Failure('%s: unknown image format %r (use %s)' % (out, ext, ' or '.join(FORMATS)))
    folder = os.path.dirname(os.path.abspath(out))
    if not os.path.isdir(folder):
        raise Failure('%s: cannot write: no directory %s' % (out, folder))
    if not os.access(folder, os.W_OK) or (os.path.exists(out) and not os.access(out, os.W_OK)):
        raise Failure('%s: cannot write: permission denied' % out)


def main(argv):
    ap = argparse.ArgumentParser(prog='plot_bench.py', description=__doc__.split('\n')[0])
    ap.add_argument('bench_json', help='the file `ptxcpu bench --json FILE` wrote')
    ap.add_argument('out', help='the image to write: .png or .svg')
    ap.add_argument('--title', default=None,
                    help='the figure title (default: the CPU, version and commit the run records)')
    args = ap.parse_args(argv)  # exits 2 on bad arguments
    try:
        check_output(args.out)
        data = load_bench(args.bench_json)
        plt = pyplot_or_reexec(argv)
        title = args.title or default_title(data)
        render(plt, data, args.out, title)
    except Failure as e:
        print('plot_bench.py: %s' % e, file=sys.stderr)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
