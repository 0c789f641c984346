# Sourced by the suites' shell tests of the CLI (tests/check/check_test.sh,
# tests/cli/imm_operand_test.sh) after they set $ptx, the tool's path: how to start it, a
# temporary folder removed on exit, pass/fail counters, and run_px, which captures one run.
# PTXCPU_RUNNER: how to start the tool when it is cross-built (e.g. "qemu-aarch64 -L /")
px() { ${PTXCPU_RUNNER:-} "$ptx" "$@"; }
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "FAIL: $*"; }

# run_px ARGS...: runs the tool; sets rc, out (stdout), err (stderr)
run_px() {
    px "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    out=$(cat "$tmp/out")
    err=$(cat "$tmp/err")
}
