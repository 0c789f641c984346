#!/bin/sh
# Suite `cli`: an instruction's immediate operand (lop3's immLut, 9.7.8.6) and its d|p result in
# `ptxcpu eval` and `ptxcpu check` (docs/VECTORS.md): the spec's examples evaluate, d|p prints and
# compares both parts, and a bad immLut (256, missing, not an integer) is a clear error, exit 2
# and one message naming the operand (and, in a file, FILE:LINE), never a crash.
# Usage: imm_operand_test.sh PTXCPU
set -u
ptx=$1
. "$(dirname "$0")/../common/cli_prelude.sh"

# run ARGS...: sets rc, out (stdout), err (stderr)
run() { run_px "$@"; }

# eval_is RESULT ARGS...: `ptxcpu eval ARGS` exits 0 and every ISA's line gives RESULT
eval_is() {
    want=$1
    shift
    run eval "$@"
    other=$(printf '%s\n' "$out" | awk -v w="$want" 'NF != 2 || $2 != w' | head -1)
    if [ "$rc" -eq 0 ] && [ -n "$out" ] && [ -z "$other" ]; then ok
    else no "eval $*: exit $rc, stdout '$out', stderr '$err' (want $want on every line)"; fi
}

# eval_bad PATTERN ARGS...: `ptxcpu eval ARGS` exits 2 with one line on stderr matching PATTERN
# (a case pattern) and nothing on stdout
eval_bad() {
    pat=$1
    shift
    run eval "$@"
    # shellcheck disable=SC2254
    case $err in $pat) m=1 ;; *) m=0 ;; esac
    if [ "$rc" -eq 2 ] && [ "$m" -eq 1 ] && [ -z "$out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
    then ok; echo "ok: eval $*: $err"
    else no "eval $*: exit $rc, stderr '$err', stdout '$out' (want exit 2, '$pat')"; fi
}

# check_bad NAME PATTERN LINE: a file whose line 3 is LINE (line 1 good) exits 2, nothing run,
# one message "FILE:3: " followed by PATTERN
check_bad() {
    f="$tmp/$1.vec"
    printf 'lop3.b32 0xf0f0f0f0 0xcccccccc 0xaaaaaaaa 0x96 -> 0x96969696\n# comment\n%s\n' "$3" >"$f"
    run check "$f"
    # shellcheck disable=SC2254
    case $err in "$f:3: "$2) m=1 ;; *) m=0 ;; esac
    if [ "$rc" -eq 2 ] && [ "$m" -eq 1 ] && [ -z "$out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ]
    then ok; echo "ok: check $1: $err"
    else no "check $1 ('$3'): exit $rc, stderr '$err', stdout '$out' (want '$f:3: $2')"; fi
}

# ---- ptxcpu eval: the spec's identity immLut = F(0xF0, 0xCC, 0xAA) on the t words themselves
eval_is 0x96969696 lop3.b32 0xf0f0f0f0 0xcccccccc 0xaaaaaaaa 0x96
eval_is 0x80808080 lop3.b32 0xf0f0f0f0 0xcccccccc 0xaaaaaaaa 0x80
eval_is 0xfefefefe lop3.b32 0xf0f0f0f0 0xcccccccc 0xaaaaaaaa 254
eval_is 0x1a1a1a1a lop3.b32 0xf0f0f0f0 0xcccccccc 0xaaaaaaaa 0x1A
eval_is 0x80808080'|1' lop3.or.b32 0xf0f0f0f0 0xcccccccc 0xaaaaaaaa 0x80 0
eval_is 0x00000000'|0' lop3.or.b32 0xf0f0f0f0 0xcccccccc 0xaaaaaaaa 0x00 0
eval_is 0x00000000'|1' lop3.or.b32 0xf0f0f0f0 0xcccccccc 0xaaaaaaaa 0x00 '!0'
eval_is 0x40404040'|1' lop3.and.b32 0xf0f0f0f0 0xcccccccc 0xaaaaaaaa 0x40 1
eval_is 0x40404040'|0' lop3.and.b32 0xf0f0f0f0 0xcccccccc 0xaaaaaaaa 0x40 '!1'
eval_is 0x00000000'|0' lop3.and.b32 0xf0f0f0f0 0xcccccccc 0xaaaaaaaa 0x00 1
eval_is 0xffffffff'|0' lop3.and.b32 0 0 0 255 0

# ---- ptxcpu eval: bad immLut
eval_bad "ptxcpu eval: operand 4 (immLut): '256' is out of range: immLut is 0..255*" \
    lop3.b32 1 2 3 256
eval_bad "ptxcpu eval: operand 4 (immLut): '0x100' is out of range*" lop3.b32 1 2 3 0x100
eval_bad "ptxcpu eval: operand 4 (immLut): '99999999999999999999999' is out of range*" \
    lop3.or.b32 1 2 3 99999999999999999999999 1
eval_bad "ptxcpu eval: lop3.b32 takes 4 operands (immLut is operand 4), got 3" lop3.b32 1 2 3
eval_bad "ptxcpu eval: lop3.or.b32 takes 5 operands (immLut is operand 4), got 4" \
    lop3.or.b32 1 2 3 1
eval_bad "ptxcpu eval: lop3.b32 takes 4 operands (immLut is operand 4), got 5" lop3.b32 1 2 3 4 5
for imm in x 1.5 0x -1 +1 0xg '' 0x96x; do
    eval_bad "ptxcpu eval: operand 4 (immLut): '$imm'*" lop3.b32 1 2 3 "$imm"
done
eval_bad "ptxcpu eval: operand 4 (immLut): '010': a leading 0 (octal in PTX)*" lop3.b32 1 2 3 010
eval_bad "ptxcpu eval: operand 5: '2': a predicate operand is 0 or 1*" lop3.and.b32 1 2 3 0x80 2
eval_bad "ptxcpu eval: lop3.or.b32 requires sm_70*" --target sm_60 lop3.or.b32 1 2 3 0x80 1

# ---- ptxcpu check: bad immLut and d|p results
check_bad imm-256 "operand 4 (immLut): '256' is out of range: immLut is 0..255*" \
    'lop3.b32 1 2 3 256 -> 0x00000000'
check_bad imm-missing "lop3.b32 takes 4 operands (immLut is operand 4), the line has 3" \
    'lop3.b32 1 2 3 -> 0x00000000'
check_bad imm-missing-boolop "lop3.or.b32 takes 5 operands (immLut is operand 4), the line has 4" \
    'lop3.or.b32 1 2 3 1 -> 0x00000000|1'
check_bad imm-word "operand 4 (immLut): 'and' is not an immLut*" 'lop3.b32 1 2 3 and -> 0x0'
check_bad imm-float "operand 4 (immLut): '1.5'*" 'lop3.b32 1 2 3 1.5 -> 0x0'
check_bad imm-negative "operand 4 (immLut): '-1' is not an immLut*" 'lop3.b32 1 2 3 -1 -> 0x0'
check_bad imm-octal "operand 4 (immLut): '010': a leading 0*" 'lop3.b32 1 2 3 010 -> 0x0'
check_bad imm-extra "lop3.b32 takes 4 operands (immLut is operand 4), the line has 5" \
    'lop3.b32 1 2 3 4 5 -> 0x0'
check_bad imm-cf "'cf=1' here: lop3.b32 takes no carry-in" 'lop3.b32 cf=1 1 2 3 4 -> 0x0'
check_bad q-value "operand 5: '2': a predicate operand is 0 or 1*" \
    'lop3.or.b32 1 2 3 0x80 2 -> 0x00000000|1'
check_bad dp-no-pred "result '0x00000000': lop3.or.b32 writes a register and a predicate*" \
    'lop3.or.b32 1 2 3 0x80 1 -> 0x00000000'
check_bad dp-pred-2 "result '0x0|2': lop3.and.b32 writes a register and a predicate*" \
    'lop3.and.b32 1 2 3 0x80 1 -> 0x0|2'
check_bad dp-nan "result (RESULT|PRED): 'nan' for the integer result of lop3.or.b32" \
    'lop3.or.b32 1 2 3 0x80 1 -> nan|1'
check_bad b32-pred "result '0x0|1': lop3.b32 writes one register, no predicate*" \
    'lop3.b32 1 2 3 4 -> 0x0|1'

# ---- ptxcpu check: lines of several tables in one file run per table, d|p compared both ways
f="$tmp/lop3.vec"
cat >"$f" <<'EOF'
lop3.b32     0xf0f0f0f0 0xcccccccc 0xaaaaaaaa 0x96 -> 0x96969696
lop3.b32     0xf0f0f0f0 0xcccccccc 0xaaaaaaaa 128  -> 0x80808080
lop3.or.b32  0 0 0 0x80 !0 -> 0x00000000|1
lop3.or.b32  0 0 0 0x80 0  -> 0x00000000|1
lop3.and.b32 1 1 1 0x80 1  -> 0x00000001|1
lop3.and.b32 1 1 1 0xfe 1  -> 0x00000000|1
lop3.and.b32 1 1 1 0x80 1  -> *|1
EOF
run check --isa scalar "$f"
want="$f:4: scalar: lop3.or.b32 0 0 0 0x80 0: expected 0x00000000|1, got 0x00000000|0
$f:6: scalar: lop3.and.b32 1 1 1 0xfe 1: expected 0x00000000|1, got 0x00000001|1
5 passed, 2 failed"
if [ "$rc" -eq 1 ] && [ "$out" = "$want" ]; then ok; else no "lop3 mismatches: exit $rc, got:
$out
$err
wanted:
$want"; fi

echo "imm-operands: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
