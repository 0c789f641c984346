#!/bin/sh
# Tests of `ptxcpu check` (docs/VECTORS.md): vector files pass, wrong vectors fail with exit 1,
# malformed files and bad --isa lists exit 2 naming file:line; warp lines (cross-lane
# instructions) run and report per destination and lane. Usage: check_test.sh MODE PTXCPU [FILE]
set -u
mode=$1 ptx=$2 file=${3:-}
. "$(dirname "$0")/../common/cli_prelude.sh"

# run ARGS...: `ptxcpu check ARGS`; sets rc, out (stdout), err (stderr)
run() { run_px check "$@"; }

# expect_pass FILE...: exit 0, last line "N passed, 0 failed" with N > 0
expect_pass() {
    run "$@"
    last=$(tail -n 1 "$tmp/out")
    n=${last%% passed, 0 failed}
    if [ "$rc" -eq 0 ] && [ "$last" = "$n passed, 0 failed" ] && [ "$n" -gt 0 ] 2>/dev/null; then
        ok
    else
        no "check $* -> exit $rc, last line '$last'"; printf '%s\n%s\n' "$out" "$err" | head -20
    fi
}

# malformed NAME LINE CONTENT: the file's line LINE is bad -> exit 2, "FILE:LINE:" on stderr,
# nothing run (empty stdout). Line 1 is a good line, so nothing may run before the error.
malformed() {
    f="$tmp/$1.vec"
    printf 'add.u32 1 2 -> 0x00000003\n# comment\n%s\n' "$3" >"$f"
    run "$f"
    case $err in
    "$f:$2: "*) msg_ok=1 ;;
    *) msg_ok=0 ;;
    esac
    if [ "$rc" -eq 2 ] && [ "$msg_ok" -eq 1 ] && [ -z "$out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]; then
        ok; echo "ok: $1: $err"
    else
        no "$1 ('$3'): exit $rc, stderr '$err', stdout '$out'"
    fi
}

case $mode in
pass)
    # PTXCPU_CHECK_ISA: the ISAs to name with --isa (the cross build names neon, so a build or
    # CPU without it fails instead of passing on scalar alone); unset: every usable ISA
    expect_pass ${PTXCPU_CHECK_ISA:+--isa "$PTXCPU_CHECK_ISA"} "$file"
    ;;

bench)
    # `ptxcpu bench` on the spellings matching $file: exit 0 and a result row of the active ISA;
    # under emulation (PTXCPU_UNDER_EMULATION, set by the cross runner) the note saying that its
    # numbers are not performance comes first.
    px bench --filter "$file" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    isa=$(px info | awk '$1 == "active" { print $3 }')
    rows=$(awk -v f="$file" -v i="$isa" '$1 == f && $2 == i' "$tmp/out" | wc -l)
    note=$(grep -c '^NOTE: running under emulation.*not performance' "$tmp/out")
    want_note=0
    case ${PTXCPU_UNDER_EMULATION:-0} in 0) ;; *) want_note=1 ;; esac
    if [ "$rc" -eq 0 ] && [ "$rows" -gt 0 ] && [ "$note" -eq "$want_note" ]; then ok; cat "$tmp/out"
    else no "bench --filter $file: exit $rc, $rows rows of $isa, note $note (want $want_note)"
        cat "$tmp/out" "$tmp/err"; fi
    ;;

coverage)
    # every row that `ptxcpu list` prints has at least 2 lines in the files given (families.vec,
    # and warp_lanes.vec for the cross-lane spellings, one warp line each); where two rows
    # share a spelling, the one listed with its sources (min.f32(a,b,c): the three-input form)
    # counts the lines of its spelling with that many operands, the plain name the others; a
    # spelling of one row counts all its lines (lop3.or.b32(a,b,c,d)'s have 5 operands, immLut
    # among them); mov's unpack forms, listed with d's registers (mov.b64{x,y}), count the lines
    # of their spelling with as many results joined by '|'
    shift 2 # the vector files
    px list | awk '{print $1}' >"$tmp/list"
    awk '!/^#/ && NF { k = 0; for (i = 2; i <= NF && $i != "->"; i++) k += ($i !~ /^cf=/)
                       nr = i < NF ? split($(i + 1), parts, "|") : 1
                       n[$1 "/" k]++; n[$1]++; n[$1 "|" nr]++ }
         END { for (k in n) print k, n[k] }' "$@" >"$tmp/count"
    missing=$(awk 'NR == FNR { n[$1] = $2; next }
                   { row[FNR] = $1; b = $1; sub(/[({].*/, "", b); base[FNR] = b; rows[b]++ }
                   END { for (r = 1; r in row; r++) {
                             b = base[r]; mine[r] = -1
                             if (row[r] != b && rows[b] > 1) {
                                 ops = substr(row[r], length(b) + 1)
                                 if (ops ~ /^{/) {
                                     nd = gsub(/,/, "", ops) + 1; mine[r] = n[b "|" nd] + 0
                                 } else {
                                     k = gsub(/[a-d]/, "", ops); mine[r] = n[b "/" k] + 0
                                 }
                                 taken[b] += mine[r] } }
                         for (r = 1; r in row; r++) {
                             c = mine[r] >= 0 ? mine[r] : n[base[r]] - taken[base[r]]
                             if (c < 2) print row[r] } }' "$tmp/count" "$tmp/list")
    total=$(wc -l <"$tmp/list")
    if [ -z "$missing" ] && [ "$total" -gt 0 ]; then ok; else no "fewer than 2 lines:" $missing; fi
    ;;

wrong)
    f="$tmp/wrong.vec"
    cat >"$f" <<'EOF'
add.u32            1 2 -> 0x00000003
add.u32            1 2 -> 0x00000004
add.cc.u32         0xffffffff 1 -> 0x00000000 cf=0
add.f16x2          0x3c007c01 0x3c000000 -> 0x4000:0x3c00
addc.cc.u32  cf=1  0 0 -> 0x00000001 cf=0
EOF
    run --isa scalar "$f"
    want="$f:2: scalar: add.u32 1 2: expected 0x00000004, got 0x00000003
$f:3: scalar: add.cc.u32 0xffffffff 1: expected 0x00000000 cf=0, got 0x00000000 cf=1
$f:4: scalar: add.f16x2 0x3c007c01 0x3c000000: expected 0x4000:0x3c00, got 0x4000:0x7fff
2 passed, 3 failed"
    if [ "$rc" -eq 1 ] && [ "$out" = "$want" ]; then ok; else no "wrong vectors: exit $rc, got:
$out
wanted:
$want"; fi
    run "$f" # every usable ISA: still exit 1, a mismatch line
    case $out in *"$f:2: "*"expected 0x00000004, got 0x00000003"*) m=1 ;; *) m=0 ;; esac
    if [ "$rc" -eq 1 ] && [ "$m" -eq 1 ]; then ok; else no "wrong vectors, all ISAs: exit $rc"; fi
    ;;

malformed)
    malformed missing-cf-in 3 'addc.u32 0x00000001 0x00000002 -> 0x00000003'
    malformed missing-cf-out 3 'add.cc.u32 1 2 -> 0x00000003'
    malformed cf-not-read 3 'add.u32 cf=1 1 2 -> 0x00000003'
    malformed cf-not-written 3 'add.u32 1 2 -> 0x00000003 cf=0'
    malformed cf-value 3 'addc.u32 cf=2 1 2 -> 0x00000003'
    malformed too-many-operands 3 'add.u32 1 2 3 -> 0x00000006'
    malformed too-few-operands 3 'mad.lo.u32 1 2 -> 0x00000002'
    malformed min-four-operands 3 'min.f32 0x0 0x0 0x0 0x0 -> 0x00000000'
    malformed three-input-two-operands 3 'min.abs.f32 0x0 0x0 -> 0x00000000'
    malformed hex-too-wide 3 'add.u16 0x10000 1 -> 0x0001'
    malformed hex-bad-digit 3 'add.u32 0x12g4 1 -> 0x0001'
    malformed decimal-float 3 'sub.f32 1 0x00000000 -> 0x3f800000'
    malformed decimal-too-big 3 'add.s16 65536 1 -> 0x0001'
    malformed decimal-too-small 3 'add.s16 -32769 1 -> 0x0001'
    malformed bad-mnemonic 3 'add.f17 1 2 -> 0x0003'
    malformed bad-result 3 'add.u32 1 2 -> three'
    malformed result-too-wide 3 'add.u16 1 2 -> 0x00003'
    malformed nan-integer 3 'add.u32 1 2 -> nan'
    malformed colon-not-packed 3 'add.u32 1 2 -> 0x0000:0x0003'
    malformed colon-element-too-wide 3 'add.f16x2 0x0 0x0 -> 0x00000:0x0000'
    malformed colon-three-elements 3 'add.u16x2 0x0 0x0 -> 0x0:0x0:0x0'
    malformed no-arrow 3 'add.u32 1 2 0x00000003'
    malformed no-result 3 'add.u32 1 2 ->'
    malformed extra-token 3 'add.u32 1 2 -> 0x00000003 0x4'
    malformed approx-no-bound 3 'add.f32 0x0 0x0 -> ~0x0p+0'
    malformed approx-bound-cf 3 'add.f32 0x0 0x0 -> ~0x0p+0 cf=0'
    malformed approx-decimal 3 'add.f32 0x0 0x0 -> ~0.5 ulp=1'
    malformed approx-no-exponent 3 'add.f32 0x0 0x0 -> ~0x1.8 ulp=1'
    malformed approx-no-digits 3 'add.f32 0x0 0x0 -> ~0x.p+1 ulp=1'
    malformed approx-inf 3 'add.f32 0x0 0x0 -> ~inf ulp=1'
    malformed approx-overflow 3 'add.f32 0x0 0x0 -> ~0x1p+99999 ulp=1'
    malformed approx-integer 3 'add.u32 1 2 -> ~0x1.8p+1 ulp=0'
    malformed approx-packed-whole 3 'add.f16x2 0x0 0x0 -> ~0x1p+0 ulp=1'
    malformed approx-bad-bound 3 'add.f32 0x0 0x0 -> ~0x0p+0 ulp'
    malformed approx-bound-kind 3 'add.f32 0x0 0x0 -> ~0x0p+0 err=2^-3'
    malformed approx-ulp-negative 3 'add.f32 0x0 0x0 -> ~0x0p+0 ulp=-1'
    malformed approx-ulp-huge 3 'add.f32 0x0 0x0 -> ~0x0p+0 ulp=99999999999999999999'
    malformed approx-abs-no-exp 3 'add.f32 0x0 0x0 -> ~0x0p+0 abs=2^'
    malformed approx-abs-junk 3 'add.f32 0x0 0x0 -> ~0x0p+0 abs=2^-3x'
    malformed approx-abs-huge 3 'add.f32 0x0 0x0 -> ~0x0p+0 rel=2^5000'
    malformed approx-abs-dot 3 'add.f32 0x0 0x0 -> ~0x0p+0 abs=2^.'
    malformed bound-without-approx 3 'add.f32 0x0 0x0 -> 0x00000000 ulp=1'
    # warp lines (docs/VECTORS.md, "Warp lines"): cross-lane instructions only, exec= required
    l32=$(awk 'BEGIN { printf "["; for (i = 0; i < 32; i++) printf "%s%d", i ? " " : "", i; printf "]" }')
    d16=$(awk 'BEGIN { printf "["; for (i = 0; i < 32; i++) printf("%s%s", i ? " " : "", (i < 16) ? "-" : "1"); printf "]" }')
    malformed warp-no-exec 3 'shfl.sync.idx.b32 0 5 0x1f 0xffffffff -> 0x00000000|1'
    malformed warp-no-exec-activemask 3 'activemask.b32 -> 0xffffffff'
    malformed warp-exec-not-first 3 'redux.sync.add.u32 1 exec=0xffffffff 0xffffffff -> 0x00000020'
    malformed warp-exec-twice 3 'redux.sync.add.u32 exec=0x1 exec=0x1 1 0xffffffff -> 0x00000001'
    malformed warp-exec-one-lane 3 'add.u32 exec=0xffffffff 1 2 -> 0x00000003'
    malformed warp-list-one-lane 3 "add.u32 $l32 2 -> 0x00000003"
    malformed warp-exec-decimal 3 'activemask.b32 exec=65535 -> 0x0000ffff'
    malformed warp-exec-too-wide 3 'activemask.b32 exec=0x100000000 -> 0x00000000'
    malformed warp-exec-empty 3 'activemask.b32 exec= -> 0x00000000'
    malformed warp-list-short 3 'redux.sync.add.u32 exec=0xffffffff [1 2 3] 0xffffffff -> 0x00000006'
    malformed warp-list-long 3 "redux.sync.add.u32 exec=0xffffffff ${l32%]} 32] 0xffffffff -> 0x00000006"
    malformed warp-list-unclosed 3 'redux.sync.add.u32 exec=0xffffffff [1 2 3 0xffffffff -> 0x00000006'
    malformed warp-list-nested 3 "redux.sync.add.u32 exec=0xffffffff [$l32] 0xffffffff -> 0x00000006"
    malformed warp-list-stray-close 3 'redux.sync.add.u32 exec=0xffffffff 1] 0xffffffff -> 0x00000020'
    malformed warp-list-bad-lane 3 "redux.sync.add.u32 exec=0xffffffff ${l32%31]}0x1g] 0xffffffff -> 0x00000006"
    malformed warp-too-few-operands 3 'vote.sync.any.pred exec=0xffffffff 1 -> 1'
    malformed warp-too-many-operands 3 'elect.sync exec=0xffffffff 0xffffffff 0 -> 0x00000000|1'
    malformed warp-activemask-operand 3 'activemask.b32 exec=0x1 0x1 -> 0x00000001'
    malformed warp-no-arrow 3 'redux.sync.add.u32 exec=0x1 1 1'
    malformed warp-no-result 3 'redux.sync.add.u32 exec=0x1 1 1 ->'
    malformed warp-dash-executing 3 "vote.sync.all.pred exec=0x0001ffff 1 0xffffffff -> $d16"
    malformed warp-value-outside-exec 3 "vote.sync.all.pred exec=0xfffe0000 1 0xffffffff -> ${d16%]} ]"
    malformed warp-dash-alone 3 'activemask.b32 exec=0x0 -> -'
    malformed warp-missing-p 3 'shfl.sync.idx.b32 exec=0xffffffff 7 0 0x1f 0xffffffff -> 0x00000007'
    malformed warp-extra-dest 3 'redux.sync.add.u32 exec=0x1 1 1 -> 0x00000001|1'
    malformed warp-trailing-bar 3 'match.all.sync.b32 exec=0x1 1 1 -> 0x00000001|'
    malformed warp-leading-bar 3 'match.all.sync.b32 exec=0x1 1 1 -> |0x00000001|1'
    malformed warp-bar-operand 3 'shfl.sync.idx.b32 exec=0x1 1|2 0 0x1f 1 -> 0x00000001|1'
    malformed warp-extra-token 3 'redux.sync.add.u32 exec=0x1 1 1 -> 0x00000001 cf=0'
    malformed warp-pred-result 3 'vote.sync.all.pred exec=0x1 1 1 -> 0x1'
    malformed warp-pred-operand 3 'vote.sync.all.pred exec=0x1 2 1 -> 1'
    malformed warp-p-not-pred 3 'elect.sync exec=0x1 1 -> 0x00000000|0x1'
    malformed warp-nan-integer 3 'redux.sync.add.u32 exec=0x1 1 1 -> nan'
    malformed warp-approx 3 'redux.sync.min.f32 exec=0x1 0x3f800000 1 -> ~0x1p+0 ulp=0'
    malformed warp-float-decimal 3 'redux.sync.min.f32 exec=0x1 1.5 1 -> 0x3fc00000'
    malformed warp-b64-too-wide 3 'match.any.sync.b64 exec=0x1 0x10000000000000000 1 -> 0x00000001'
    # a malformed second file: nothing runs, the message names that file
    printf 'add.u32 1 2 -> 0x00000003\n' >"$tmp/good.vec"
    printf '\n\n\nadd.u32 1 -> 0x1\n' >"$tmp/bad2.vec"
    run "$tmp/good.vec" "$tmp/bad2.vec"
    case $err in "$tmp/bad2.vec:4: "*) m=1 ;; *) m=0 ;; esac
    if [ "$rc" -eq 2 ] && [ "$m" -eq 1 ] && [ -z "$out" ]; then ok; else no "second file: exit $rc, '$err'"; fi
    # a missing file
    run "$tmp/good.vec" "$tmp/no-such.vec"
    case $err in "$tmp/no-such.vec"*) m=1 ;; *) m=0 ;; esac
    if [ "$rc" -eq 2 ] && [ "$m" -eq 1 ] && [ -z "$out" ]; then ok; echo "ok: missing-file: $err"
    else no "missing file: exit $rc, '$err'"; fi
    ;;

warp)
    # warp lines (docs/VECTORS.md, "Warp lines"): lists with spaces inside the brackets and
    # around '|', '*', 'nan', '-', predicates negated, a uniform result where no lane executes,
    # mixed with one-lane lines; then wrong ones, whose messages name the destination and lanes
    ids=$(awk 'BEGIN { for (i = 0; i < 32; i++) printf "%s%d", i ? " " : "", i }')
    up_d=$(awk 'BEGIN { for (i = 0; i < 32; i++) printf("%s%s", i ? " " : "", (i > 15) ? "-" : sprintf("0x%08x", i ? i - 1 : 0)) }')
    up_p=$(awk 'BEGIN { for (i = 0; i < 32; i++) printf("%s%s", i ? " " : "", (i > 15) ? "-" : i ? "1" : "0") }')
    nans=$(awk 'BEGIN { for (i = 0; i < 32; i++) printf("%s%s", i ? " " : "", (i % 2) ? "0x7fc00000" : "0xff800001") }')
    elect_p=$(awk 'BEGIN { for (i = 0; i < 32; i++) printf("%s%s", i ? " " : "", (i < 4) ? "-" : "0") }')
    ballot_a='1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1'
    f="$tmp/warp.vec"
    cat >"$f" <<EOV
shfl.sync.idx.b32 exec=0xffffffff [$ids] 5 0x1f 0xffffffff -> 0x00000005|1
add.u32 1 2 -> 0x00000003
shfl.sync.up.b32 exec=0x0000ffff [ $ids ] 1 0 0xffffffff -> [ $up_d ] | [$up_p]
redux.sync.max.f32 exec=0xffffffff [$nans] 0xffffffff -> nan
redux.sync.add.u32 exec=0xffffffff 1 0xffffffff -> *
activemask.b32 exec=0x00000000 -> 0x12345678
vote.sync.uni.pred exec=0x00000001 !1 1 -> 1
vote.sync.ballot.b32 exec=0x0000ffff [$ballot_a] 0x0000ffff -> 0x00005555
EOV
    run --isa scalar "$f"
    if [ "$rc" -eq 0 ] && [ "$out" = "8 passed, 0 failed" ]; then ok
    else no "warp lines: exit $rc, '$out', '$err'"; fi
    expect_pass "$f" # every usable ISA
    f="$tmp/warp_wrong.vec"
    cat >"$f" <<EOV
shfl.sync.idx.b32 exec=0xffffffff [$ids] 5 0x1f 0xffffffff -> 0x00000006|1
vote.sync.ballot.b32 exec=0x0000ffff [$ballot_a] 0x0000ffff -> 0x00005555
elect.sync exec=0xfffffff0 0xffffffff -> 0x00000004|[$elect_p]
match.all.sync.b32 exec=0x0000000f [1 1 1 2 $(echo "$ids" | cut -d' ' -f5-)] 0xf -> 0x0000000f|1
EOV
    run --isa scalar "$f"
    want="$f:1: scalar: shfl.sync.idx.b32 exec=0xffffffff: d: lane 0: expected 0x00000006, got 0x00000005; lane 1: expected 0x00000006, got 0x00000005; lane 2: expected 0x00000006, got 0x00000005 (32 lanes differ)
$f:3: scalar: elect.sync exec=0xfffffff0: p: lane 4: expected 0, got 1
$f:4: scalar: match.all.sync.b32 exec=0x0000000f: d: lane 0: expected 0x0000000f, got 0x00000000; lane 1: expected 0x0000000f, got 0x00000000; lane 2: expected 0x0000000f, got 0x00000000 (4 lanes differ); p: lane 0: expected 1, got 0; lane 1: expected 1, got 0; lane 2: expected 1, got 0 (4 lanes differ)
1 passed, 3 failed"
    if [ "$rc" -eq 1 ] && [ "$out" = "$want" ]; then ok; else no "wrong warp lines: exit $rc, got:
$out
wanted:
$want"; fi
    # eval runs one lane: a cross-lane instruction is refused, pointing at warp lines
    run_px eval shfl.sync.idx.b32 1 5 0x1f 0xffffffff
    case $err in *"reads other lanes"*"warp line"*) m=1 ;; *) m=0 ;; esac
    if [ "$rc" -eq 2 ] && [ "$m" -eq 1 ] && [ -z "$out" ]; then ok; echo "ok: eval: $err"
    else no "eval of a cross-lane instruction: exit $rc, '$err'"; fi
    ;;

approx)
    # ~VALUE BOUND on exact instructions, whose results are known: 1 + 0 = 1 (f32, f16x2, ...)
    f="$tmp/approx.vec"
    cat >"$f" <<'EOF'
add.f32   0x3f800000 0x00000000 -> ~0x1.000002p+0 ulp=1
add.f32   0x3f800000 0x00000000 -> ~0x1.000002p+0 ulp=0
add.f32   0x3f800000 0x00000000 -> ~0x1.000001p+0 ulp=0
add.f32   0x3f800000 0x00000000 -> ~0x1.0001p+0 abs=2^-16
add.f32   0x3f800000 0x00000000 -> ~0x1.0001p+0 abs=2^-16.5
add.f32   0x3f800000 0x00000000 -> ~-0x1.0001p+0 rel=2^1
add.f32   0x3f800000 0x00000000 -> ~0x1.0001p+0 rel=2^-16
add.f32   0x3f800000 0x00000000 -> ~0x1.0001p+0 rel=2^-17
add.f32   0x7fc00000 0x00000000 -> ~0x1p+0 ulp=1000
add.f32   0x7f7fffff 0x7f7fffff -> ~0x1.fffffep+127 ulp=1
add.f32   0x7f7fffff 0x7f7fffff -> ~0x1.fffffep+127 abs=2^1000
add.f32   0x80000000 0x00000000 -> ~-0x1p-149 ulp=1
add.f16x2 0x3c003c00 0x00000000 -> ~0x1.004p+0:0x3c00 ulp=1
add.f16x2 0x3c003c00 0x00000000 -> 0x3c00:~0x1.004p+0 ulp=0
add.f16x2 0x3c007e00 0x00000000 -> ~0x1p+0:nan rel=2^-20
add.bf16  0x3f80 0x0000 -> ~0x1.02p+0 ulp=1
add.f64   0x3ff0000000000000 0x0000000000000000 -> ~0x1.0000000000001p+0 ulp=1
EOF
    run --isa scalar "$f"
    want="$f:2: scalar: add.f32 0x3f800000 0x00000000: expected ~0x1.000002p+0 ulp=0, got 0x3f800000
$f:5: scalar: add.f32 0x3f800000 0x00000000: expected ~0x1.0001p+0 abs=2^-16.5, got 0x3f800000
$f:8: scalar: add.f32 0x3f800000 0x00000000: expected ~0x1.0001p+0 rel=2^-17, got 0x3f800000
$f:9: scalar: add.f32 0x7fc00000 0x00000000: expected ~0x1p+0 ulp=1000, got 0x7fffffff
$f:11: scalar: add.f32 0x7f7fffff 0x7f7fffff: expected ~0x1.fffffep+127 abs=2^1000, got 0x7f800000
$f:14: scalar: add.f16x2 0x3c003c00 0x00000000: expected 0x3c00:~0x1.004p+0 ulp=0, got 0x3c00:0x3c00
11 passed, 6 failed"
    if [ "$rc" -eq 1 ] && [ "$out" = "$want" ]; then ok; else no "approximate vectors: exit $rc, got:
$out
wanted:
$want"; fi
    ;;

isa)
    for args in "--isa bogus $file" "--isa scalar" "--isa" "--isa scalar, $file" \
        "--isa ,scalar $file" "--frobnicate $file" ""; do
        # shellcheck disable=SC2086
        run $args
        if [ "$rc" -eq 2 ] && [ -n "$err" ] && [ -z "$out" ]; then ok; echo "ok: check $args: $err"
        else no "check $args: exit $rc, '$err'"; fi
    done
    # an ISA this build or CPU cannot run (if any): exit 2 with the reason
    for isa in $(px info | awk '$3 == "no" { print $1 }'); do
        run --isa "$isa" "$file"
        if [ "$rc" -eq 2 ] && [ -n "$err" ] && [ -z "$out" ]; then ok; echo "ok: --isa $isa: $err"
        else no "--isa $isa: exit $rc, '$err'"; fi
    done
    expect_pass --isa scalar "$file"
    expect_pass --isa=scalar,scalar "$file"
    # every usable ISA named explicitly
    usable=$(px info | awk '$3 == "yes" { printf "%s%s", s, $1; s = "," }')
    expect_pass --isa "$usable" "$file"
    ;;

*)
    echo "unknown mode $mode"; exit 99 ;;
esac

echo "check-$mode: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
