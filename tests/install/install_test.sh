#!/usr/bin/env bash
# Install suite driver: `meson install --destdir` of the build into a temporary folder, then each
# example built against that copy through its ptxcpu.pc alone, run and its output checked.
# Usage: install_test.sh shared|static EXAMPLE.c IN_TREE_EXE...: the output of each example's
# installed build must match the in-tree build's. The environment comes from meson.build:
# CC, MESON, PTXCPU_BUILD_ROOT, PTXCPU_SANITIZE, PTXCPU_DEFAULT_LIBRARY, PTXCPU_CROSS and
# PTXCPU_CROSS_PC_LIBDIR (the cross file's pkg_config_libdir);
# MESON_EXE_WRAPPER from `meson test` in a cross build. Exit 77 (skip) says why, loudly.
set -euo pipefail

mode=$1
shift
skip() { echo "SKIP: $*"; exit 77; }
die() { echo "FAIL: $*"; exit 1; }

case $mode in
shared | static) ;;
*) die "mode must be shared or static, not '$mode'" ;;
esac
[ -n "${MESON:-}" ] || skip "meson is not on PATH at configure time, so this test cannot install"
command -v pkg-config >/dev/null || skip "pkg-config not found (apt-get install pkg-config)"
want_lib=$([ "$mode" = shared ] && echo shared || echo static)
case ${PTXCPU_DEFAULT_LIBRARY:-both} in
both | "$want_lib") ;;
*) skip "-Ddefault_library=$PTXCPU_DEFAULT_LIBRARY builds no $want_lib library to install" ;;
esac
# A cross build's examples run under the runner `meson test` names; without one they cannot run.
run=()
if [ -n "${PTXCPU_CROSS:-}" ]; then
    [ -n "${MESON_EXE_WRAPPER:-}" ] || skip "cross build without an exe_wrapper: nothing runs them"
    [ -n "${PTXCPU_CROSS_PC_LIBDIR:-}" ] ||
        skip "cross file without pkg_config_libdir: the host's hwloc.pc cannot be found"
    read -r -a run <<<"$MESON_EXE_WRAPPER"
fi

if [ $# -eq 0 ] || [ $(($# % 2)) -ne 0 ]; then die "expected pairs of EXAMPLE.c IN_TREE_EXE"; fi
examples=()
for f in "$@"; do examples+=("$(realpath "$f")"); done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ptxcpu-install-$mode.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
root=$tmp/root

# --no-rebuild: `meson test` built everything already, and a rebuild from inside a test would
# race the other tests. Nothing is written to the build folder but meson-logs/install-log.txt.
if ! "$MESON" install -C "$PTXCPU_BUILD_ROOT" --destdir "$root" --no-rebuild --quiet \
    >"$tmp/install.log" 2>&1; then
    cat "$tmp/install.log"
    die "meson install --destdir failed"
fi
mapfile -t pcs < <(find "$root" -name ptxcpu.pc)
[ ${#pcs[@]} -eq 1 ] || die "expected one installed ptxcpu.pc, found ${#pcs[@]}: ${pcs[*]}"
pcdir=$(dirname "${pcs[0]}")
echo "installed into $root; ptxcpu.pc in ${pcdir#"$root"}"

# The .pc names the configured prefix (say /usr/local); as sysroot the destdir is prepended to
# every -I and -L it yields. System folders are not filtered out, so a prefix of /usr still yields
# its -I/-L (hwloc's flags then point into the destdir too, where nothing is: harmless).
export PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 PKG_CONFIG_ALLOW_SYSTEM_LIBS=1
if [ -n "${PTXCPU_CROSS:-}" ]; then
    export PKG_CONFIG_LIBDIR=$pcdir:$PTXCPU_CROSS_PC_LIBDIR # not the build machine's .pc files
else
    export PKG_CONFIG_PATH=$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
fi
static=()
[ "$mode" = static ] && static=(--static)
cflags=$(pkg-config --cflags ptxcpu) || die "pkg-config --cflags ptxcpu failed"
libs=$(pkg-config "${static[@]}" --libs ptxcpu) || die "pkg-config ${static[*]} --libs failed"
echo "pkg-config --cflags: $cflags"
echo "pkg-config ${static[*]:+${static[*]} }--libs: $libs"

# The flags must lead into the destdir: its headers, its library, nothing from the source tree.
incdir=
for f in $cflags; do
    if [[ $f == -I* && -f ${f#-I}/ptxcpu.h ]]; then incdir=${f#-I}; fi
done
case $incdir in "$root"/*) ;; *) die "no -I from ptxcpu.pc holds ptxcpu.h in $root" ;; esac
for h in ptxcpu_core.h ptxcpu_launch.h; do
    [ -f "$incdir/$h" ] || die "$h not installed beside ptxcpu.h"
done
libdir=
for f in $libs; do
    if [[ $f == -L* && ( -e ${f#-L}/libptxcpu.a || -e ${f#-L}/libptxcpu.so ) ]]; then
        libdir=${f#-L}
    fi
done
case $libdir in "$root"/*) ;; *) die "no -L from ptxcpu.pc holds libptxcpu in $root" ;; esac
[ -f "$libdir/libptxcpu.a" ] || [ "$mode" = shared ] || die "libptxcpu.a not installed"
[ -e "$libdir/libptxcpu.so" ] || [ "$mode" = static ] || die "libptxcpu.so not installed"
if [ "$mode" = static ]; then
    # As on a system with only the static library: -lptxcpu can then only be libptxcpu.a.
    rm -f "$libdir"/libptxcpu.so*
else
    export LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi

# The examples hold to the house rules on their own: C11, no warnings.
# A library built with sanitizers needs their runtimes in the program that links it.
ccflags=(-std=c11 -O2 -Wall -Wextra -Werror)
case ${PTXCPU_SANITIZE:-none} in
none | "") ;;
*) ccflags+=("-fsanitize=$PTXCPU_SANITIZE" -fno-omit-frame-pointer) ;;
esac
read -r -a cc <<<"$CC"
cd "$tmp"

# Each installed header compiles on its own (ptxcpu_mpi.h needs MPI's flags: the mpi suite builds
# examples/launch_mpi.c), and ptxcpu.h alone still declares the grid launcher.
for h in ptxcpu.h ptxcpu_core.h ptxcpu_launch.h; do
    printf '#include <%s>\nint main(void) { return PTXCPU_WARP != 32; }\n' "$h" >"only_$h.c"
done
printf '#include <ptxcpu.h>\nint main(void) { return sizeof(ptxcpu_dim3) != 12 || !sizeof &ptxcpu_launch; }\n' \
    >only_ptxcpu_launcher.c
for f in only_*.c; do
    # shellcheck disable=SC2086 # pkg-config's output is a list of words
    "${cc[@]}" "${ccflags[@]}" $cflags -fsyntax-only "$f" ||
        die "$f (one installed header) does not compile on its own"
done
echo "every installed header but ptxcpu_mpi.h compiles on its own"
for ((i = 0; i < ${#examples[@]}; i += 2)); do
    src=${examples[i]} in_tree=${examples[i + 1]}
    name=$(basename "$src" .c)
    echo
    echo "+ ${cc[*]} ${ccflags[*]} $cflags $name.c -o $name $libs"
    # shellcheck disable=SC2086 # pkg-config's output is a list of words
    if ! "${cc[@]}" "${ccflags[@]}" $cflags "$src" -o "$name" $libs >"$name.cc.log" 2>&1; then
        cat "$name.cc.log"
        # A library that a dependency's .pc lists for static linking (hwloc's Libs.private has
        # -ludev) may lack its development files on this system: that is not this .pc's fault.
        missing=$(sed -n 's/.*\(cannot\|unable to\) find \(library \)\{0,1\}-l\([^ :]*\).*/\3/p' \
            "$name.cc.log" | sort -u | tr '\n' ' ')
        if [ "$mode" = static ] && [ -n "$missing" ] && ! grep -qw ptxcpu <<<"$missing"; then
            skip "static link: no development library for -l${missing% } (named by a" \
                "dependency's pkg-config file for --static; hwloc's -ludev: libudev-dev," \
                "libudev-dev:arm64 for the aarch64 cross build)"
        fi
        die "$name did not build against the installed library"
    fi
    cat "$name.cc.log"
    # A static link needs no libptxcpu.so; a shared one loads the destdir's (checked natively
    # only: under a runner the loader's trace would be the runner's own).
    if [ "$mode" = static ]; then
        if command -v readelf >/dev/null && readelf -d "$name" | grep -q 'NEEDED.*libptxcpu'; then
            die "$name, linked statically, still needs libptxcpu.so"
        fi
    elif [ ${#run[@]} -eq 0 ]; then
        loaded=$(LD_TRACE_LOADED_OBJECTS=1 "./$name" | grep libptxcpu || true)
        [[ $loaded == *"=> $libdir/libptxcpu.so"* ]] ||
            die "$name loads '$loaded', not the one in $libdir"
    fi
    rc=0
    "${run[@]}" "./$name" >"$name.out" 2>&1 || rc=$?
    cat "$name.out"
    [ $rc -eq 0 ] || die "$name exited with status $rc"
    case $name in
    api_one_screen) patterns=('all lanes as expected' '\.rz 0x3f800002, \.rn 0x3f800003') ;;
    launch_grid) patterns=('^\(n - 1\) n \(2n - 1\) / 6: .* \(equal\)$') ;;
    *) patterns=() ;;
    esac
    for p in "${patterns[@]}"; do
        grep -Eq "$p" "$name.out" || die "$name's output lacks /$p/"
    done
    "${run[@]}" "$in_tree" >"$name.in-tree.out" 2>&1 || die "the in-tree $name failed"
    diff -u "$name.in-tree.out" "$name.out" || die "$name: installed and in-tree builds differ"
done

# The installed tool runs too (it is linked to the shared library).
if [ "$mode" = shared ]; then
    mapfile -t tools < <(find "$root" -type f -name ptxcpu -perm -u+x)
    [ ${#tools[@]} -eq 1 ] || die "expected one installed ptxcpu tool, found ${#tools[@]}"
    echo
    "${run[@]}" "${tools[0]}" eval mad.rz.f32 0x3f800001 0x3f800001 0x0 ||
        die "the installed ptxcpu tool failed"
fi
echo
echo "installed $mode library: every example built through ptxcpu.pc alone and checked"
