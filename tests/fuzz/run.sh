#!/bin/sh
# tests/fuzz/run.sh SECONDS [TARGET...]: builds the libFuzzer targets in build-fuzz/, replays
# tests/fuzz/regressions/, fuzzes each TARGET (default: all) for SECONDS. Exit 1 on a crash.
# Exit 77 (SKIPPED) without clang's libFuzzer. Environment: FUZZ_BUILD (build folder, default
# build-fuzz), FUZZ_RUNS (stop each target after this many executions, SECONDS still the limit),
# FUZZ_OPTS (more libFuzzer options, e.g. -rss_limit_mb=4096), CC (default clang), FUZZ_LIB (an
# instrumented libptxcpu.a built elsewhere -- clang, -fsanitize=address,undefined and
# -fsanitize=fuzzer-no-link, as CI's sanitizer build is -- used instead of building one).
set -u
export LC_ALL=C # (libFuzzer logs quote raw input bytes)
usage() { echo "usage: tests/fuzz/run.sh SECONDS [parse|vecfile|operand|run]..." >&2; exit 2; }
[ $# -ge 1 ] || usage
secs=$1; shift
case $secs in '' | *[!0-9]*) usage ;; esac
all="parse vecfile operand run"
targets=${*:-$all}
for t in $targets; do case " $all " in *" $t "*) ;; *) usage ;; esac; done

root=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
bdir=${FUZZ_BUILD:-$root/build-fuzz}
case $bdir in /*) ;; *) bdir=$PWD/$bdir ;; esac
cc=${CC:-clang}
out=$bdir/fuzz
mkdir -p "$out" || exit 2

skip() { echo "SKIPPED: libFuzzer targets not built: $*"; exit 77; }
# libFuzzer ships with clang (Debian: libclang-rt-14-dev); try linking an empty target with it
command -v "$cc" >/dev/null 2>&1 || skip "no $cc"
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
    >"$out/probe.c"
"$cc" -fsanitize=fuzzer,address,undefined "$out/probe.c" -o "$out/probe" >"$out/probe.log" 2>&1 ||
    skip "$cc cannot link -fsanitize=fuzzer ($(head -n 1 "$out/probe.log")); install clang's libFuzzer (Debian: libclang-rt-14-dev)"

# The library, instrumented (-fsanitize=fuzzer-no-link: coverage for libFuzzer, no main). Only its
# static archive is built (ninja's libptxcpu.a target): the CLI, the bench and the plain-C tables
# of the top-level meson.build are configured but never compiled, which keeps this build at about
# a minute on 2 cores. UBSan's alignment, null, object-size and pointer-overflow checks are left
# out: they triple the compile time of the SIMD kernel files (every vector access is checked),
# and the harness checks alignment itself, while ASan and the guard pages catch the bad accesses
# those checks would. -O1: fast enough to run, a third cheaper to build than -O2.
san="-fno-sanitize-recover=all -fno-sanitize=alignment,null,object-size,pointer-overflow"
setup="-Dtests=disabled -Ddefault_library=static -Db_sanitize=address,undefined -Db_lundef=false
-Doptimization=1 -Ddebug=false"
cargs="-gline-tables-only -fsanitize=fuzzer-no-link $san"
if [ -n "${FUZZ_LIB:-}" ]; then
    lib=$FUZZ_LIB
    [ -f "$lib" ] || { echo "FAIL: FUZZ_LIB=$lib: no such file"; exit 1; }
    # libFuzzer learns nothing from a library without coverage counters: refuse one
    nm "$lib" 2>/dev/null | grep -q '__sanitizer_cov_' ||
        { echo "FAIL: FUZZ_LIB=$lib has no coverage instrumentation (-fsanitize=fuzzer-no-link)"; exit 1; }
    echo "using the instrumented library $lib"
else
    # (re)configured when missing or set up with other options (a stamp holds the last ones)
    if [ ! -f "$bdir/build.ninja" ] || [ "$(cat "$out/setup.stamp" 2>/dev/null)" != "$cc $setup $cargs" ]; then
        wipe=; [ -f "$bdir/build.ninja" ] && wipe=--wipe
        # shellcheck disable=SC2086
        CC=$cc meson setup $wipe "$bdir" "$root" $setup "-Dc_args=$cargs" >"$out/setup.log" 2>&1 ||
            { cat "$out/setup.log"; echo "FAIL: meson setup"; exit 1; }
        echo "$cc $setup $cargs" >"$out/setup.stamp"
    fi
    echo "building the instrumented library in $bdir ..."
    ninja -C "$bdir" libptxcpu.a >"$out/build.log" 2>&1 ||
        { tail -n 40 "$out/build.log"; echo "FAIL: library build"; exit 1; }
    lib=$bdir/libptxcpu.a
fi

# The harnesses: fuzz_vecfile runs cli/check.c, fuzz_operand cli/operands.c; all link the library
# and its dependencies (hwloc, OpenMP).
cflags="-std=c11 -D_GNU_SOURCE -O1 -gline-tables-only -Wall -Wextra -Werror -fsanitize=fuzzer,address,undefined $san"
cflags="$cflags -I$root/include -I$root/cli -I$root/cli/common -I$root/tests/common"
libs="$lib -lhwloc -fopenmp -lpthread -lsleef -lm"
for t in $targets; do
    case $t in
    vecfile)
        extra="$root/cli/check.c $root/cli/approx.c $root/cli/operands.c $root/cli/common/row_name.c"
        ;;
    operand) extra="$root/cli/operands.c" ;;
    *) extra= ;;
    esac
    # shellcheck disable=SC2086
    "$cc" $cflags "$root/tests/fuzz/fuzz_$t.c" $extra $libs -o "$out/fuzz_$t" 2>"$out/cc_$t.log" ||
        { cat "$out/cc_$t.log"; echo "FAIL: compiling fuzz_$t"; exit 1; }
done

python3 "$root/tests/fuzz/seeds.py" "$root" "$out" || { echo "FAIL: seeds.py"; exit 1; }

status=0
for t in $targets; do
    exe=$out/fuzz_$t
    case $t in
    parse) opts="-max_len=256" ;;
    vecfile) opts="-max_len=4096 -close_fd_mask=3" ;; # check.c reports every line it reads
    operand) opts="-max_len=64" ;;
    # entropic scheduling weighs every feature on every run: with the thousands of kernels'
    # features that was 3/4 of fuzz_run's time (2.8k exec/s against 8k without)
    run) opts="-max_len=512 -entropic=0" ;;
    esac
    [ -f "$out/$t.dict" ] && opts="$opts -dict=$out/$t.dict"
    opts="$opts ${FUZZ_OPTS:-}"
    # the committed findings first, each once: they must all pass
    reg=$root/tests/fuzz/regressions/$t
    if [ -d "$reg" ] && [ -n "$(ls -A "$reg")" ]; then
        # shellcheck disable=SC2086
        if ! "$exe" $opts "$reg"/* >"$out/replay_$t.log" 2>&1; then
            tail -n 30 "$out/replay_$t.log"
            echo "fuzz_$t: FAIL (a regression input of tests/fuzz/regressions/$t crashes)"
            status=1
            continue
        fi
    fi
    corpus=$out/corpus-$t
    mkdir -p "$corpus" "$out/artifacts-$t"
    runs=${FUZZ_RUNS:+-runs=$FUZZ_RUNS}
    # shellcheck disable=SC2086
    "$exe" $opts $runs -max_total_time="$secs" -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$out/artifacts-$t/" "$corpus" "$out/seeds-$t" >"$out/log_$t" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log_$t")
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/log_$t")
    last=$(grep -E '^#[0-9]+' "$out/log_$t" | tail -n 1)
    cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    if [ "$rc" -eq 0 ]; then
        verdict=PASS
    else
        verdict=FAIL
        status=1
        grep -E 'ERROR|SUMMARY|==[0-9]+==|runtime error|deadly signal|Test unit written' \
            "$out/log_$t" | head -n 20
    fi
    echo "fuzz_$t: $verdict: ${execs:-?} executions in ${secs}s max, ${speed:-?} exec/s, cov ${cov:-?}, ft ${ft:-?} (log: $out/log_$t)"
    [ "$verdict" = PASS ] || echo "  crashing input in $out/artifacts-$t/: add it to tests/fuzz/regressions/$t/"
done
exit $status
