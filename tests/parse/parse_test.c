/* Parser tests: the spelling table against the spec's syntax lines (transcribed below), round trips,
 * operand shapes and targets of every spelling, and >100 invalid spellings with their messages. */
#include "ptxcpu.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned passed, failed;

static void check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void check(int ok, const char *fmt, ...)
{
    if (ok) {
        passed++;
        return;
    }
    if (++failed <= 60) {
        va_list ap;
        va_start(ap, fmt);
        printf("FAIL: ");
        vprintf(fmt, ap);
        printf("\n");
        va_end(ap);
    }
}

/* ---- the spec's syntax lines ---------------------------------------------------------------
 * <.a,.b> picks exactly one alternative, {.a,.b} at most one. Each line is expanded into the
 * spellings it allows; the section is where the spec gives that line. */
#define T6 "<.u16,.u32,.u64,.s16,.s32,.s64>"
#define T4 "<.u32,.s32,.u64,.s64>"
#define RND "<.rn,.rz,.rm,.rp>"
#define ORND "{.rn,.rz,.rm,.rp}"
#define I8 "<.u8,.u16,.u32,.u64,.s8,.s16,.s32,.s64>"
static const struct { const char *sec, *pattern; } syntax[] = {
    {"9.7.1.1", "add<.u16,.u32,.u64,.s16,.s32,.s64,.u16x2,.s16x2>"}, {"9.7.1.1", "add.sat.s32"},
    {"9.7.1.2", "sub" T6}, {"9.7.1.2", "sub.sat.s32"},
    {"9.7.1.3", "mul<.hi,.lo>" T6}, {"9.7.1.3", "mul.wide<.u16,.u32,.s16,.s32>"},
    {"9.7.1.4", "mad<.hi,.lo>" T6}, {"9.7.1.4", "mad.wide<.u16,.u32,.s16,.s32>"},
    {"9.7.1.4", "mad.hi.sat.s32"},
    {"9.7.1.5", "mul24<.hi,.lo><.u32,.s32>"},
    {"9.7.1.6", "mad24<.hi,.lo><.u32,.s32>"}, {"9.7.1.6", "mad24.hi.sat.s32"},
    {"9.7.1.7", "sad" T6}, {"9.7.1.8", "div" T6}, {"9.7.1.9", "rem" T6},
    {"9.7.1.10", "abs<.s16,.s32,.s64>"}, {"9.7.1.11", "neg<.s16,.s32,.s64>"},
    {"9.7.1.12", "min<.u16,.u32,.u64,.u16x2,.s16,.s64>"}, {"9.7.1.12", "min{.relu}<.s16x2,.s32>"},
    {"9.7.1.13", "max<.u16,.u32,.u64,.u16x2,.s16,.s64>"}, {"9.7.1.13", "max{.relu}<.s16x2,.s32>"},
    {"9.7.1.14", "popc<.b32,.b64>"}, {"9.7.1.15", "clz<.b32,.b64>"},
    {"9.7.1.16", "bfind{.shiftamt}<.u32,.u64,.s32,.s64>"}, {"9.7.1.17", "fns.b32"},
    {"9.7.1.18", "brev<.b32,.b64>"}, {"9.7.1.19", "bfe<.u32,.u64,.s32,.s64>"},
    {"9.7.1.20", "bfi<.b32,.b64>"}, {"9.7.1.21", "szext<.clamp,.wrap><.u32,.s32>"},
    {"9.7.1.22", "bmsk<.clamp,.wrap>.b32"}, {"9.7.1.23", "dp4a<.u32,.s32><.u32,.s32>"},
    {"9.7.1.24", "dp2a<.lo,.hi><.u32,.s32><.u32,.s32>"},
    {"9.7.2.1", "add.cc" T4}, {"9.7.2.2", "addc{.cc}" T4}, {"9.7.2.3", "sub.cc" T4},
    {"9.7.2.4", "subc{.cc}" T4}, {"9.7.2.5", "mad<.hi,.lo>.cc" T4},
    {"9.7.2.6", "madc<.hi,.lo>{.cc}" T4},
    {"9.7.3.1", "testp<.finite,.infinite,.number,.notanumber,.normal,.subnormal><.f32,.f64>"},
    {"9.7.3.2", "copysign<.f32,.f64>"},
    {"9.7.3.3", "add" ORND "{.ftz}{.sat}.f32"}, {"9.7.3.3", "add" ORND "{.ftz}.f32x2"},
    {"9.7.3.3", "add" ORND ".f64"},
    {"9.7.3.4", "sub" ORND "{.ftz}{.sat}.f32"}, {"9.7.3.4", "sub" ORND "{.ftz}.f32x2"},
    {"9.7.3.4", "sub" ORND ".f64"},
    {"9.7.3.5", "mul" ORND "{.ftz}{.sat}.f32"}, {"9.7.3.5", "mul" ORND "{.ftz}.f32x2"},
    {"9.7.3.5", "mul" ORND ".f64"},
    {"9.7.3.6", "fma" RND "{.ftz}{.sat}.f32"}, {"9.7.3.6", "fma" RND "{.ftz}.f32x2"},
    {"9.7.3.6", "fma" RND ".f64"},
    {"9.7.3.7", "mad{.ftz}{.sat}.f32"}, {"9.7.3.7", "mad" RND "{.ftz}{.sat}.f32"},
    {"9.7.3.7", "mad" RND ".f64"},
    {"9.7.3.8", "div" RND "{.ftz}.f32"}, {"9.7.3.8", "div" RND ".f64"},
    {"9.7.3.13", "rcp" RND "{.ftz}.f32"}, {"9.7.3.13", "rcp" RND ".f64"},
    {"9.7.3.15", "sqrt" RND "{.ftz}.f32"}, {"9.7.3.15", "sqrt" RND ".f64"},
    {"9.7.3.8", "div.approx{.ftz}.f32"}, {"9.7.3.8", "div.full{.ftz}.f32"},
    {"9.7.3.13", "rcp.approx{.ftz}.f32"}, {"9.7.3.14", "rcp.approx.ftz.f64"},
    {"9.7.3.15", "sqrt.approx{.ftz}.f32"}, {"9.7.3.16", "rsqrt.approx{.ftz}.f32"},
    {"9.7.3.16", "rsqrt.approx.f64"}, {"9.7.3.17", "rsqrt.approx.ftz.f64"},
    {"9.7.3.18", "sin.approx{.ftz}.f32"}, {"9.7.3.19", "cos.approx{.ftz}.f32"},
    {"9.7.3.20", "lg2.approx{.ftz}.f32"}, {"9.7.3.21", "ex2.approx{.ftz}.f32"},
    {"9.7.3.22", "tanh.approx.f32"},
    /* 9.7.3.11/12's three-input forms, spelled partly like these: syntaxn[] below */
    {"9.7.3.9", "abs{.ftz}.f32"}, {"9.7.3.9", "abs.f64"},
    {"9.7.3.10", "neg{.ftz}.f32"}, {"9.7.3.10", "neg.f64"},
    {"9.7.3.11", "min{.ftz}{.NaN}{.xorsign.abs}.f32"}, {"9.7.3.11", "min.f64"},
    {"9.7.3.12", "max{.ftz}{.NaN}{.xorsign.abs}.f32"}, {"9.7.3.12", "max.f64"},
    {"9.7.4.1", "add{.rn}{.ftz}{.sat}<.f16,.f16x2>"}, {"9.7.4.1", "add{.rn}<.bf16,.bf16x2>"},
    {"9.7.4.2", "sub{.rn}{.ftz}{.sat}<.f16,.f16x2>"}, {"9.7.4.2", "sub{.rn}<.bf16,.bf16x2>"},
    {"9.7.4.3", "mul{.rn}{.ftz}{.sat}<.f16,.f16x2>"}, {"9.7.4.3", "mul{.rn}<.bf16,.bf16x2>"},
    {"9.7.4.4", "fma.rn{.ftz}{.sat}<.f16,.f16x2>"}, {"9.7.4.4", "fma.rn{.ftz}.relu<.f16,.f16x2>"},
    {"9.7.4.4", "fma.rn{.relu}<.bf16,.bf16x2>"},
    {"9.7.4.4", "fma.rn.oob{.relu}<.f16,.f16x2,.bf16,.bf16x2>"},
    {"9.7.4.5", "neg{.ftz}<.f16,.f16x2>"}, {"9.7.4.5", "neg<.bf16,.bf16x2>"},
    {"9.7.4.6", "abs{.ftz}<.f16,.f16x2>"}, {"9.7.4.6", "abs<.bf16,.bf16x2>"},
    {"9.7.4.7", "min{.ftz}{.NaN}{.xorsign.abs}<.f16,.f16x2>"},
    {"9.7.4.7", "min{.NaN}{.xorsign.abs}<.bf16,.bf16x2>"},
    {"9.7.4.8", "max{.ftz}{.NaN}{.xorsign.abs}<.f16,.f16x2>"},
    {"9.7.4.8", "max{.NaN}{.xorsign.abs}<.bf16,.bf16x2>"},
    {"9.7.4.9", "tanh.approx<.f16,.f16x2,.bf16,.bf16x2>"},
    {"9.7.4.10", "ex2.approx<.f16,.f16x2>"}, {"9.7.4.10", "ex2.approx.ftz<.bf16,.bf16x2>"},
    {"9.7.5.1", "add" ORND "{.sat}.f32<.f16,.bf16>"},
    {"9.7.5.2", "sub" ORND "{.sat}.f32<.f16,.bf16>"},
    {"9.7.5.3", "fma" RND "{.sat}.f32<.f16,.bf16>"},
    {"9.7.6.1", "set<.eq,.ne><.u32,.s32,.f32><.b16,.b32,.b64>"},
    {"9.7.6.1", "set<.eq,.ne><.and,.or,.xor><.u32,.s32,.f32><.b16,.b32,.b64>"},
    {"9.7.6.1", "set<.eq,.ne,.lt,.le,.gt,.ge,.lo,.ls,.hi,.hs><.u32,.s32,.f32><.u16,.u32,.u64>"},
    {"9.7.6.1", "set<.eq,.ne,.lt,.le,.gt,.ge,.lo,.ls,.hi,.hs><.and,.or,.xor><.u32,.s32,.f32><.u16,.u32,.u64>"},
    {"9.7.6.1", "set<.eq,.ne,.lt,.le,.gt,.ge><.u32,.s32,.f32><.s16,.s32,.s64>"},
    {"9.7.6.1", "set<.eq,.ne,.lt,.le,.gt,.ge><.and,.or,.xor><.u32,.s32,.f32><.s16,.s32,.s64>"},
    {"9.7.6.1", "set<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan>{.ftz}<.u32,.s32,.f32>.f32"},
    {"9.7.6.1", "set<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan><.and,.or,.xor>{.ftz}<.u32,.s32,.f32>.f32"},
    {"9.7.6.1", "set<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan><.u32,.s32,.f32>.f64"},
    {"9.7.6.1", "set<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan><.and,.or,.xor><.u32,.s32,.f32>.f64"},
    {"9.7.6.2", "setp<.eq,.ne><.b16,.b32,.b64>"},
    {"9.7.6.2", "setp<.eq,.ne><.and,.or,.xor><.b16,.b32,.b64>"},
    {"9.7.6.2", "setp<.eq,.ne,.lt,.le,.gt,.ge,.lo,.ls,.hi,.hs><.u16,.u32,.u64>"},
    {"9.7.6.2", "setp<.eq,.ne,.lt,.le,.gt,.ge,.lo,.ls,.hi,.hs><.and,.or,.xor><.u16,.u32,.u64>"},
    {"9.7.6.2", "setp<.eq,.ne,.lt,.le,.gt,.ge><.s16,.s32,.s64>"},
    {"9.7.6.2", "setp<.eq,.ne,.lt,.le,.gt,.ge><.and,.or,.xor><.s16,.s32,.s64>"},
    {"9.7.6.2", "setp<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan>{.ftz}.f32"},
    {"9.7.6.2", "setp<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan><.and,.or,.xor>{.ftz}.f32"},
    {"9.7.6.2", "setp<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan>.f64"},
    {"9.7.6.2", "setp<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan><.and,.or,.xor>.f64"},
    /* 9.7.7: .ftz only with float sources (docs/SEMANTICS.md) */
    {"9.7.7.1", "set<.eq,.ne>{.and,.or,.xor}<.f16,.bf16><.b16,.b32,.b64>"},
    {"9.7.7.1", "set<.eq,.ne,.lt,.le,.gt,.ge,.lo,.ls,.hi,.hs>{.and,.or,.xor}<.f16,.bf16><.u16,.u32,.u64>"},
    {"9.7.7.1", "set<.eq,.ne,.lt,.le,.gt,.ge>{.and,.or,.xor}<.f16,.bf16><.s16,.s32,.s64>"},
    {"9.7.7.1", "set<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan>{.and,.or,.xor}{.ftz}.f16<.f16,.f32,.f64>"},
    {"9.7.7.1", "set<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan>{.and,.or,.xor}.bf16<.f16,.f32,.f64>"},
    {"9.7.7.1", "set<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan>{.and,.or,.xor}{.ftz}<.u16,.s16,.u32,.s32>.f16"},
    {"9.7.7.1", "set<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan>{.and,.or,.xor}<.u16,.s16,.u32,.s32>.bf16"},
    {"9.7.7.1", "set<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan>{.and,.or,.xor}{.ftz}<.f16x2,.u32,.s32>.f16x2"},
    {"9.7.7.1", "set<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan>{.and,.or,.xor}<.bf16x2,.u32,.s32>.bf16x2"},
    {"9.7.7.2", "setp<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan>{.and,.or,.xor}{.ftz}<.f16,.f16x2>"},
    {"9.7.7.2", "setp<.eq,.ne,.lt,.le,.gt,.ge,.equ,.neu,.ltu,.leu,.gtu,.geu,.num,.nan>{.and,.or,.xor}<.bf16,.bf16x2>"},
    {"9.7.8.1", "and<.pred,.b16,.b32,.b64>"}, {"9.7.8.2", "or<.pred,.b16,.b32,.b64>"},
    {"9.7.8.3", "xor<.pred,.b16,.b32,.b64>"}, {"9.7.8.4", "not<.pred,.b16,.b32,.b64>"},
    {"9.7.8.5", "cnot<.b16,.b32,.b64>"}, {"9.7.8.7", "shf<.l,.r><.clamp,.wrap>.b32"},
    {"9.7.9.3", "mov<.pred,.b16,.b32,.b64,.u16,.u32,.u64,.s16,.s32,.s64,.f32,.f64>"},
    {"9.7.9.7", "prmt.b32{.f4e,.b4e,.rc8,.ecl,.ecr,.rc16}"},
    /* 9.7.9.21 cvt between integer types: every pair; .sat where the Integer Notes allow it (d's
     * range not a superset of a's), one line per dtype */
    {"9.7.9.21", "cvt" I8 I8}, {"9.7.9.21", "cvt.sat.u8<.u16,.u32,.u64,.s8,.s16,.s32,.s64>"},
    {"9.7.9.21", "cvt.sat.u16<.u32,.u64,.s8,.s16,.s32,.s64>"},
    {"9.7.9.21", "cvt.sat.u32<.u64,.s8,.s16,.s32,.s64>"}, {"9.7.9.21", "cvt.sat.u64<.s8,.s16,.s32,.s64>"},
    {"9.7.9.21", "cvt.sat.s8<.u8,.u16,.u32,.u64,.s16,.s32,.s64>"},
    {"9.7.9.21", "cvt.sat.s16<.u16,.u32,.u64,.s32,.s64>"}, {"9.7.9.21", "cvt.sat.s32<.u32,.u64,.s64>"},
    {"9.7.9.21", "cvt.sat.s64.u64"},
    /* 9.7.9.21 cvt with a float type: .frnd to a float of less precision (int to float, narrowing,
     * f16 <-> bf16), .irnd to an integer or (optional) to the same float type, none widening; .ftz
     * where .dtype or .atype is .f32, .sat on integer, .f16, .f32 and .f64 d */
    {"9.7.9.21", "cvt" RND "{.sat}<.f16,.f64>" I8}, {"9.7.9.21", "cvt" RND ".bf16" I8},
    {"9.7.9.21", "cvt" RND "{.ftz}{.sat}.f32" I8},
    {"9.7.9.21", "cvt<.rni,.rzi,.rmi,.rpi>{.sat}" I8 "<.f16,.bf16,.f64>"},
    {"9.7.9.21", "cvt<.rni,.rzi,.rmi,.rpi>{.ftz}{.sat}" I8 ".f32"},
    {"9.7.9.21", "cvt{.rni,.rzi,.rmi,.rpi}{.sat}.f16.f16"}, {"9.7.9.21", "cvt{.rni,.rzi,.rmi,.rpi}.bf16.bf16"},
    {"9.7.9.21", "cvt{.rni,.rzi,.rmi,.rpi}{.ftz}{.sat}.f32.f32"},
    {"9.7.9.21", "cvt{.rni,.rzi,.rmi,.rpi}{.sat}.f64.f64"},
    {"9.7.9.21", "cvt{.ftz}{.sat}.f32<.f16,.bf16>"}, {"9.7.9.21", "cvt{.sat}.f64<.f16,.bf16>"},
    {"9.7.9.21", "cvt{.ftz}{.sat}.f64.f32"},
    {"9.7.9.21", "cvt" RND "{.ftz}{.sat}.f32.f64"}, {"9.7.9.21", "cvt" RND "{.sat}.f16<.f64,.bf16>"},
    {"9.7.9.21", "cvt" RND "<.bf16.f64,.bf16.f16>"},
    {"9.7.9.21", "cvt" RND "{.ftz}{.sat}.f16.f32"}, {"9.7.9.21", "cvt" RND "{.ftz}.bf16.f32"},
    {"9.7.9.21", "cvt<.rn,.rz><.relu,.satfinite,.relu.satfinite><.f16,.bf16>.f32"},
    /* two .f32 into a packed .f16x2/.bf16x2 (d, a, b); .f32 to .tf32: .rna, or .rn/.rz with
     * .satfinite before .relu (the syntax line's order, not that of the half forms) */
    {"9.7.9.21", "cvt<.rn,.rz>{.relu}{.satfinite}<.f16x2,.bf16x2>.f32"},
    {"9.7.9.21", "cvt.rna{.satfinite}.tf32.f32"},
    {"9.7.9.21", "cvt<.rn,.rz>{.satfinite}{.relu}.tf32.f32"},
    /* the OCP MX formats, .s2f6x2, .rs (the x4 forms: d, {a, b, e, f}, rbits); cvt.pack (9.7.9.22) */
    {"9.7.9.21", "cvt.rn.satfinite{.relu}<.e4m3x2,.e5m2x2,.e2m3x2,.e3m2x2,.e2m1x2><.f32,.f16x2,.bf16x2>"},
    {"9.7.9.21", "cvt.rn{.relu}.f16x2<.e4m3x2,.e5m2x2,.e2m3x2,.e3m2x2,.e2m1x2>"},
    {"9.7.9.21", "cvt.rn{.relu}{.satfinite}{.scaled::n2::ue8m0}.bf16x2<.e4m3x2,.e5m2x2,.e2m3x2,.e3m2x2,.e2m1x2>"},
    {"9.7.9.21", "cvt<.rz,.rp>{.satfinite}.ue8m0x2<.f32,.bf16x2>"},
    {"9.7.9.21", "cvt.rn.bf16x2.ue8m0x2"},
    {"9.7.9.21", "cvt.rn.satfinite{.relu}{.scaled::n2::ue8m0}.s2f6x2<.f32,.bf16x2>"},
    {"9.7.9.21", "cvt.rn{.satfinite}{.relu}{.scaled::n2::ue8m0}.bf16x2.s2f6x2"},
    {"9.7.9.21", "cvt.rs{.relu}{.satfinite}<.f16x2,.bf16x2>.f32"},
    {"9.7.9.21", "cvt.rs{.relu}.satfinite<.e2m1x4,.e4m3x4,.e5m2x4,.e2m3x4,.e3m2x4>.f32"},
    {"9.7.9.22", "cvt.pack.sat<.u16,.s16>.s32"},
    {"9.7.9.22", "cvt.pack.sat<.u2,.s2,.u4,.s4,.u8,.s8>.s32.b32"},
    {"9.7.8.6", "lop3.b32"}, {"9.7.8.6", "lop3<.or,.and>.b32"},
    {"9.7.8.8", "shl<.b16,.b32,.b64>"},
    {"9.7.8.9", "shr<.b16,.b32,.b64,.u16,.u32,.u64,.s16,.s32,.s64>"},
    {"9.7.6.4", "slct<.b16,.b32,.b64,.u16,.u32,.u64,.s16,.s32,.s64,.f32,.f64>.s32"},
    {"9.7.6.4", "slct{.ftz}<.b16,.b32,.b64,.u16,.u32,.u64,.s16,.s32,.s64,.f32,.f64>.f32"},
    {"9.7.6.3", "selp<.b16,.b32,.b64,.u16,.u32,.u64,.s16,.s32,.s64,.f32,.f64>"},
    /* warp-level (9.7.9.6, 9.7.13.9-14) */
    {"9.7.9.6", "shfl.sync<.up,.down,.bfly,.idx>.b32"},
    {"9.7.13.9", "vote.sync<.all,.any,.uni>.pred"}, {"9.7.13.9", "vote.sync.ballot.b32"},
    {"9.7.13.10", "match<.any,.all>.sync<.b32,.b64>"},
    {"9.7.13.11", "activemask.b32"},
    {"9.7.13.12", "redux.sync<.add,.min,.max><.u32,.s32>"},
    {"9.7.13.12", "redux.sync<.and,.or,.xor>.b32"},
    {"9.7.13.12", "redux.sync<.min,.max>{.abs}{.NaN}.f32"},
    {"9.7.13.14", "elect.sync"},
};

/* The syntax lines whose source or destination count differs from a form of the same name, with
 * those counts: min{.ftz}{.NaN}{.abs}.f32 d, a, b, c (9.7.3.11/12, beside the two-input forms);
 * mov's vector pack forms d, {a, b} and d, {a, b, c, e} and unpack forms {d.x, d.y}, a and
 * {d.x, d.y, d.z, d.w}, a (9.7.9.4, beside mov d, a; .b128 only there). The lines above take the
 * sources spec_shape says and one destination register. */
static const struct { const char *sec, *pattern; unsigned nsrc, ndst; } syntaxn[] = {
    {"9.7.3.11", "min{.ftz}{.NaN}{.abs}.f32", 3, 1}, {"9.7.3.12", "max{.ftz}{.NaN}{.abs}.f32", 3, 1},
    {"9.7.9.4", "mov<.b16,.b32,.b64,.b128>", 2, 1}, {"9.7.9.4", "mov<.b32,.b64,.b128>", 4, 1},
    {"9.7.9.4", "mov<.b16,.b32,.b64,.b128>", 1, 2}, {"9.7.9.4", "mov<.b32,.b64,.b128>", 1, 4},
};

#define MAXSPELL 8192
/* nsrc 0: spec_shape's; ndst: destination registers (a vector d's), 1 for a plain d */
static struct { char mn[64]; const char *sec; unsigned nsrc, ndst; } spelled[MAXSPELL];
static int nspelled;

static void expand(const char *pat, char *out, size_t len, const char *sec)
{
    const char *open = strpbrk(pat, "<{");
    if (!open) {
        snprintf(out + len, 64 - len, "%s", pat);
        if (nspelled < MAXSPELL) {
            strcpy(spelled[nspelled].mn, out);
            spelled[nspelled].ndst = 1;
            spelled[nspelled++].sec = sec;
        }
        return;
    }
    size_t lit = (size_t)(open - pat);
    memcpy(out + len, pat, lit);
    len += lit;
    const char *close = strchr(open, *open == '<' ? '>' : '}');
    if (*open == '{')
        expand(close + 1, out, len, sec); /* the optional group left out */
    for (const char *p = open + 1; p < close;) {
        size_t alt = strcspn(p, ",>}");
        memcpy(out + len, p, alt);
        out[len + alt] = 0;
        expand(close + 1, out, len + alt, sec);
        p += alt + 1;
    }
}

/* ---- what the spec says about each spelling's operands and target ----------------------- */
static int has(const char *mn, const char *tok) /* ".tok" occurs as a whole token */
{
    size_t n = strlen(tok);
    for (const char *p = strstr(mn, tok); p; p = strstr(p + 1, tok))
        if (p[n] == 0 || p[n] == '.')
            return 1;
    return 0;
}
static int opcode_is(const char *mn, const char *op)
{
    size_t n = strlen(op);
    return !strncmp(mn, op, n) && mn[n] == '.';
}
static unsigned type_bits(const char *mn) /* width of the (first) instruction type */
{
    static const struct { const char *t; unsigned bits; } tys[] = {
        {".u16x2", 32}, {".s16x2", 32}, {".f16x2", 32}, {".bf16x2", 32}, {".f32x2", 64},
        {".u16", 16}, {".s16", 16}, {".b16", 16}, {".f16", 16}, {".bf16", 16}, {".u32", 32}, {".s32", 32},
        {".b32", 32}, {".f32", 32}, {".tf32", 32}, {".u64", 64}, {".s64", 64}, {".b64", 64},
        {".f64", 64}, {".b128", 128}, /* the OCP MX pairs: 16-bit registers (.e2m1x2's .b8 too) */
        {".e4m3x2", 16}, {".e5m2x2", 16}, {".e2m3x2", 16}, {".e3m2x2", 16}, {".e2m1x2", 16},
        {".ue8m0x2", 16}, {".s2f6x2", 16},
        /* the x4 forms of cvt.rs: a .b32 (.e2m1x4: a .b16) */
        {".e4m3x4", 32}, {".e5m2x4", 32}, {".e2m3x4", 32}, {".e3m2x4", 32}, {".e2m1x4", 16}};
    for (size_t i = 0; i < sizeof tys / sizeof tys[0]; i++)
        if (has(mn, tys[i].t))
            return tys[i].bits;
    return 0;
}

/* an OCP MX pair type (.e4m3x2 ... .ue8m0x2), or the fixed-point pair .s2f6x2 */
static int mx_type(const char *t)
{
    return has(t, ".e4m3x2") || has(t, ".e5m2x2") || has(t, ".e2m3x2") || has(t, ".e3m2x2") ||
           has(t, ".e2m1x2") || has(t, ".ue8m0x2") || has(t, ".s2f6x2");
}

static unsigned last_type_bits(const char *mn) /* width of the last part, a type (set's .stype) */
{
    return type_bits(strrchr(mn, '.'));
}

static int mixed(const char *mn) /* 9.7.5: an f32 instruction on .f16/.bf16 a (and b) */
{
    return has(mn, ".f32") && (has(mn, ".f16") || has(mn, ".bf16")) && !opcode_is(mn, "set") &&
           !opcode_is(mn, "cvt");
}

static unsigned spec_min_sm(const char *mn)
{
    /* the warp-level sections' Target ISA Notes (redux .f32: sm_100a) */
    if (opcode_is(mn, "shfl") || opcode_is(mn, "vote") || opcode_is(mn, "activemask")) return 30;
    if (opcode_is(mn, "match")) return 70;
    if (opcode_is(mn, "redux")) return has(mn, ".f32") ? 100 : 80;
    if (!strcmp(mn, "elect.sync")) return 90;
    if (opcode_is(mn, "cvt") && has(mn, ".pack")) /* 9.7.9.22: sub-byte types sm_75 */
        return has(mn, ".u8") || has(mn, ".s8") || has(mn, ".u16") || has(mn, ".s16") ? 72 : 75;
    if (opcode_is(mn, "cvt") && has(mn, ".rs")) return 100; /* sm_100a */
    if (opcode_is(mn, "cvt") && mx_type(mn)) /* f8: sm_89; f6, f4, ue8m0 and to .bf16x2: sm_100 */
        return (has(mn, ".e4m3x2") || has(mn, ".e5m2x2")) && !has(mn, ".bf16x2.e4m3x2") &&
               !has(mn, ".bf16x2.e5m2x2") ? 89 : 100;
    if (mixed(mn)) return 100;
    int x2int = has(mn, ".u16x2") || has(mn, ".s16x2");
    if (opcode_is(mn, "popc") || opcode_is(mn, "clz") || opcode_is(mn, "bfind") ||
        opcode_is(mn, "brev") || opcode_is(mn, "bfe") || opcode_is(mn, "bfi"))
        return 20;
    if (opcode_is(mn, "fns")) return 30;
    if (opcode_is(mn, "shf")) return 32; /* 9.7.8.7 */
    if (opcode_is(mn, "prmt")) return 20; /* 9.7.9.7 */
    if (opcode_is(mn, "cvt")) { /* 9.7.9.21's target notes */
        if (has(mn, ".tf32")) /* .rna sm_80; .rn/.rz sm_90, with .satfinite sm_100 */
            return has(mn, ".rna") ? 80 : has(mn, ".satfinite") ? 100 : 90;
        if (has(mn, ".f16x2") || has(mn, ".bf16x2"))
            return 80;
        if (has(mn, ".relu") || has(mn, ".satfinite") || has(mn, ".bf16.f32") || has(mn, ".f32.bf16"))
            return 80;
        return has(mn, ".bf16") ? 90 : has(mn, ".f64") ? 13 : 10;
    }
    if (opcode_is(mn, "mov")) return has(mn, ".f64") ? 13 : has(mn, ".b128") ? 70 : 10; /* 9.7.9.3-4 */
    if (opcode_is(mn, "lop3")) return has(mn, ".or") || has(mn, ".and") ? 70 : 50; /* 9.7.8.6 */
    if (opcode_is(mn, "copysign") || opcode_is(mn, "testp")) return 20;
    if ((opcode_is(mn, "div") || opcode_is(mn, "rcp") || opcode_is(mn, "sqrt") ||
         opcode_is(mn, "rsqrt")) && (has(mn, ".approx") || has(mn, ".full")))
        return has(mn, ".f32") ? 10 : has(mn, ".ftz") ? 20 : 13; /* 9.7.3.8, 13-17: f32 all targets */
    if ((opcode_is(mn, "div") || opcode_is(mn, "rcp") || opcode_is(mn, "sqrt")) &&
        (has(mn, ".f32") || (has(mn, ".f64") && !has(mn, ".rn")))) /* .rnd.f32; .rz/.rm/.rp.f64 */
        return 20;
    if (opcode_is(mn, "szext") || opcode_is(mn, "bmsk")) return 70;
    if (opcode_is(mn, "tanh") || (opcode_is(mn, "ex2") && !has(mn, ".f32"))) /* 9.7.3.22, 9.7.4.9/10 */
        return has(mn, ".bf16") || has(mn, ".bf16x2") ? 90 : 75;
    if (opcode_is(mn, "sin") || opcode_is(mn, "cos") || opcode_is(mn, "lg2") ||
        opcode_is(mn, "ex2"))
        return 10;
    if (opcode_is(mn, "dp4a") || opcode_is(mn, "dp2a")) return 61;
    int half = has(mn, ".f16") || has(mn, ".f16x2"), bf = has(mn, ".bf16") || has(mn, ".bf16x2");
    if (opcode_is(mn, "fma") && (half || bf)) /* 9.7.4.4's target notes */
        return has(mn, ".oob") ? 90 : has(mn, ".relu") || bf ? 80 : 53;
    if (opcode_is(mn, "abs") || opcode_is(mn, "neg")) { /* 9.7.4.5/6: bf16 needs sm_80 */
        if (bf) return 80;
        if (half) return 53;
    }
    if ((opcode_is(mn, "min") || opcode_is(mn, "max")) && (has(mn, ".f32") || half || bf)) {
        if (has(mn, ".xorsign")) return 86; /* 9.7.3.11/12, 9.7.4.7/8 */
        if (has(mn, ".NaN") || half || bf) return 80;
    }
    if (x2int || bf) return 90;
    if ((opcode_is(mn, "min") || opcode_is(mn, "max")) && has(mn, ".relu")) return 90;
    if (has(mn, ".f16") || has(mn, ".f16x2")) return 53;
    if (has(mn, ".f32x2")) return 100;
    if (has(mn, ".f64")) return 13;
    if (opcode_is(mn, "madc") || (opcode_is(mn, "mad") && has(mn, ".cc"))) return 20;
    if (has(mn, ".cc") || opcode_is(mn, "addc") || opcode_is(mn, "subc"))
        return type_bits(mn) == 64 ? 20 : 10;
    if (opcode_is(mn, "mad") && has(mn, ".f32")) /* any rounding modifier needs sm_20 */
        return (has(mn, ".rn") || has(mn, ".rz") || has(mn, ".rm") || has(mn, ".rp")) ? 20 : 10;
    if (opcode_is(mn, "fma") && has(mn, ".f32")) return 20;
    if ((opcode_is(mn, "sub") || opcode_is(mn, "add") || opcode_is(mn, "mul")) && has(mn, ".f32"))
        return (has(mn, ".rm") || has(mn, ".rp")) ? 20 : 10;
    return 10;
}

/* The PTX ISA version (major * 10 + minor) from the "PTX ISA Notes" of the sections transcribed
 * so far (float and half abs/neg/min/max); 0: not transcribed here. */
static unsigned spec_ptx(const char *mn)
{
    int half = has(mn, ".f16") || has(mn, ".f16x2"), bf = has(mn, ".bf16") || has(mn, ".bf16x2");
    int f32 = has(mn, ".f32") || has(mn, ".f64");
    if ((opcode_is(mn, "abs") || opcode_is(mn, "neg")) && (half || bf || f32))
        return bf ? 70 : !half ? 10 : opcode_is(mn, "abs") ? 65 : 60;
    if ((opcode_is(mn, "min") || opcode_is(mn, "max")) && (half || bf || f32))
        return has(mn, ".xorsign") ? 72 : (has(mn, ".NaN") || half || bf) ? 70 : 10;
    if (opcode_is(mn, "testp")) return 20; /* 9.7.3.1 */
    if (opcode_is(mn, "shfl") || opcode_is(mn, "vote") || opcode_is(mn, "match")) return 60;
    if (opcode_is(mn, "activemask")) return 62;
    if (opcode_is(mn, "redux")) return has(mn, ".f32") ? 86 : 70;
    if (!strcmp(mn, "elect.sync")) return 80;
    if (opcode_is(mn, "cvt") && has(mn, ".pack")) return 65; /* 9.7.9.22 */
    if (opcode_is(mn, "cvt") && has(mn, ".s2f6x2")) return 91;
    if (opcode_is(mn, "cvt") && has(mn, ".rs")) return 87;
    if (opcode_is(mn, "cvt") && mx_type(mn)) { /* to .bf16x2 9.2; f8 from .bf16x2 9.1; f8 7.8 */
        int f8 = has(mn, ".e4m3x2") || has(mn, ".e5m2x2");
        const char *atype = strrchr(mn, '.');
        if (has(mn, ".bf16x2") && mx_type(atype) && strcmp(atype, ".ue8m0x2")) return 92;
        if (f8) return !strcmp(atype, ".bf16x2") ? 91 : 78;
        return 86;
    }
    if (opcode_is(mn, "cvt")) { /* 9.7.9.21's PTX ISA notes */
        if (has(mn, ".tf32")) /* .rna 7.0; .rn/.rz 7.8; .satfinite: 8.1 with .rna, else 8.6 */
            return has(mn, ".satfinite") ? (has(mn, ".rna") ? 81 : 86) : has(mn, ".rna") ? 70 : 78;
        if (has(mn, ".f16x2") || has(mn, ".bf16x2")) /* 7.0; .satfinite 8.1 */
            return has(mn, ".satfinite") ? 81 : 70;
        if (has(mn, ".satfinite")) return 81;
        if (has(mn, ".relu") || has(mn, ".bf16.f32")) return 70;
        if (has(mn, ".f32.bf16")) return has(mn, ".ftz") ? 78 : 71;
        return has(mn, ".bf16") ? 78 : 10;
    }
    if (opcode_is(mn, "lop3")) return has(mn, ".or") || has(mn, ".and") ? 82 : 43; /* 9.7.8.6 */
    if (opcode_is(mn, "mov") && has(mn, ".b128")) return 83; /* 9.7.9.4 */
    if ((opcode_is(mn, "set") || opcode_is(mn, "setp")) && (half || bf)) { /* 9.7.7.1-2 */
        const char *stype = strrchr(mn, '.');
        int int_d = opcode_is(mn, "set") && strncmp(stype - 4, ".f16", 4) && strncmp(stype - 5, ".bf16", 5) &&
                    strncmp(stype - 6, ".f16x2", 6) && strncmp(stype - 7, ".bf16x2", 7);
        return bf ? 78 : int_d && (has(mn, ".f16") || has(mn, ".f16x2")) && (!strcmp(stype, ".f16") ||
                                                                            !strcmp(stype, ".f16x2"))
                              ? 65 : 42;
    }
    if (opcode_is(mn, "tanh") || (opcode_is(mn, "ex2") && (half || bf))) /* 9.7.3.22, 9.7.4.9/10 */
        return bf ? 78 : 70;
    if (opcode_is(mn, "sin") || opcode_is(mn, "cos") || opcode_is(mn, "lg2") ||
        opcode_is(mn, "ex2")) /* .approx and .ftz from PTX ISA 1.4 */
        return 14;
    if (has(mn, ".approx") || has(mn, ".full")) /* 9.7.3.8, 13-17 */
        return !has(mn, ".f64") || !has(mn, ".ftz") ? 14 : opcode_is(mn, "rcp") ? 21 : 40;
    return 0;
}

/* The warp-level instructions' operands (9.7.9.6, 9.7.13.9-14): the sources, membermask last
 * (a .b32), and d, d|p (PTXCPU_DST_B32_PRED) or a predicate d. */
static void warp_shape(const char *mn, unsigned *nsrc, unsigned *dbits, unsigned sbits[4])
{
    const unsigned b32[4] = {32, 32, 32, 32};
    if (opcode_is(mn, "shfl")) /* d|p, a, b, c, membermask */
        *nsrc = 4, *dbits = PTXCPU_DST_B32_PRED, memcpy(sbits, b32, sizeof b32);
    else if (opcode_is(mn, "vote")) /* d, {!}a (a predicate), membermask; .ballot: a .b32 d */
        *nsrc = 2, *dbits = has(mn, ".ballot") ? 32 : PTXCPU_DST_PRED, sbits[0] = PTXCPU_PRED,
        sbits[1] = 32, sbits[2] = sbits[3] = 0;
    else if (opcode_is(mn, "match")) /* d (.b32 mask) or d|p, a of the type, membermask */
        *nsrc = 2, *dbits = has(mn, ".all") ? PTXCPU_DST_B32_PRED : 32,
        sbits[0] = type_bits(mn), sbits[1] = 32, sbits[2] = sbits[3] = 0;
    else if (opcode_is(mn, "activemask")) /* d alone */
        *nsrc = 0, *dbits = 32, memset(sbits, 0, 4 * sizeof *sbits);
    else if (opcode_is(mn, "redux")) /* d, src, membermask: .b32 registers */
        *nsrc = 2, *dbits = 32, sbits[0] = sbits[1] = 32, sbits[2] = sbits[3] = 0;
    else if (!strcmp(mn, "elect.sync")) /* d|p, membermask */
        *nsrc = 1, *dbits = PTXCPU_DST_B32_PRED, sbits[0] = 32, sbits[1] = sbits[2] = sbits[3] = 0;
}

/* nsrc, d bits and source bits from the spec's operand descriptions. */
static void spec_shape(const char *mn, unsigned *nsrc, unsigned *dbits, unsigned sbits[4])
{
    unsigned t = type_bits(mn);
    int one = opcode_is(mn, "abs") || opcode_is(mn, "neg") || opcode_is(mn, "popc") ||
              opcode_is(mn, "clz") || opcode_is(mn, "bfind") || opcode_is(mn, "brev") ||
              opcode_is(mn, "rcp") || opcode_is(mn, "sqrt") || opcode_is(mn, "testp") ||
              opcode_is(mn, "rsqrt") || opcode_is(mn, "sin") || opcode_is(mn, "cos") ||
              opcode_is(mn, "lg2") || opcode_is(mn, "ex2") || opcode_is(mn, "tanh") ||
              opcode_is(mn, "not") || opcode_is(mn, "cnot") || opcode_is(mn, "mov");
    int three = opcode_is(mn, "mad") || opcode_is(mn, "fma") || opcode_is(mn, "madc") ||
                opcode_is(mn, "mad24") ||
                opcode_is(mn, "sad") || opcode_is(mn, "bfe") || opcode_is(mn, "fns") ||
                opcode_is(mn, "dp4a") || opcode_is(mn, "dp2a") || opcode_is(mn, "selp") ||
                opcode_is(mn, "slct") || opcode_is(mn, "shf") || opcode_is(mn, "lop3") ||
                opcode_is(mn, "prmt");
    *nsrc = one ? 1 : three ? 3 : opcode_is(mn, "bfi") ? 4 : 2;
    *dbits = t;
    for (unsigned i = 0; i < 4; i++) sbits[i] = i < *nsrc ? t : 0;
    if (opcode_is(mn, "popc") || opcode_is(mn, "clz") || opcode_is(mn, "bfind")) *dbits = 32;
    if (has(mn, ".wide")) *dbits = 2 * t, sbits[2] = opcode_is(mn, "mad") ? 2 * t : 0;
    if (opcode_is(mn, "bfe")) sbits[1] = sbits[2] = 32;
    if (opcode_is(mn, "bfi")) sbits[2] = sbits[3] = 32;
    if (opcode_is(mn, "szext")) sbits[1] = 32;
    if (opcode_is(mn, "testp")) *dbits = PTXCPU_DST_PRED; /* "result is .pred" (9.7.3.1) */
    if (opcode_is(mn, "selp")) sbits[2] = PTXCPU_PRED; /* "Operand c is a predicate" (9.7.6.3) */
    if (has(mn, ".pred")) { /* and/or/xor/not .pred: every operand a predicate */
        *dbits = 1;
        for (unsigned i = 0; i < *nsrc; i++)
            sbits[i] = 1;
    }
    if (opcode_is(mn, "shl") || opcode_is(mn, "shr")) sbits[1] = 32; /* "b must be a 32-bit value" */
    /* lop3: immLut is an immediate bound at resolution, not a source; .BoolOp adds q and writes
     * d|p (9.7.8.6) */
    if (opcode_is(mn, "lop3") && (has(mn, ".or") || has(mn, ".and")))
        *nsrc = 4, sbits[3] = PTXCPU_PRED, *dbits = PTXCPU_DST_B32_PRED;
    if (opcode_is(mn, "slct")) { /* d, a, b of .dtype; c "must match the second instruction type" */
        char dt[16];
        const char *p = mn + 4 + 4 * has(mn, ".ftz"); /* ".u64.s32" */
        snprintf(dt, sizeof dt, ".%.*s", (int)strcspn(p + 1, "."), p + 1);
        *dbits = sbits[0] = sbits[1] = type_bits(dt), sbits[2] = 32;
    }
    if (opcode_is(mn, "setp") || opcode_is(mn, "set")) { /* d, a, b{, c}: c with a BoolOp */
        int bop = has(mn, ".and") || has(mn, ".or") || has(mn, ".xor");
        *nsrc = bop ? 3 : 2, sbits[2] = bop ? PTXCPU_PRED : 0; /* "c has type .pred" */
        *dbits = PTXCPU_DST_PRED_PAIR;
        if (opcode_is(mn, "set")) { /* d of .dtype, the type before the last; a and b of .stype */
            const char *stype = strrchr(mn, '.'), *dtype = stype - 1;
            while (*dtype != '.')
                dtype--;
            char dt[16];
            snprintf(dt, sizeof dt, "%.*s", (int)(stype - dtype), dtype);
            *dbits = type_bits(dt);
            sbits[0] = sbits[1] = last_type_bits(mn);
        }
    }
    if (opcode_is(mn, "cvt")) { /* d of .dtype, a of .atype; 8-bit types in 16-bit registers */
        const char *atype = strrchr(mn, '.'), *dtype = atype - 1;
        while (*dtype != '.')
            dtype--;
        char dt[16];
        snprintf(dt, sizeof dt, "%.*s", (int)(atype - dtype), dtype);
        *nsrc = 1, *dbits = has(dt, ".u8") || has(dt, ".s8") ? 16 : type_bits(dt);
        sbits[0] = has(atype, ".u8") || has(atype, ".s8") ? 16 : type_bits(atype);
        sbits[1] = sbits[2] = 0;
        if (!strcmp(atype, ".f32") && (type_bits(dt) == 16 || has(dt, ".f16x2") ||
                                       has(dt, ".bf16x2") || has(dt, ".ue8m0x2")))
            if (has(dt, ".f16x2") || has(dt, ".bf16x2") || mx_type(dt)) /* d, a, b: two .f32 */
                *nsrc = 2, sbits[1] = sbits[0];
        if (has(mn, ".scaled::n2::ue8m0")) { /* d, a{, b}, scale-factor (.b16) */
            if (*nsrc == 2)
                *nsrc = 3, sbits[2] = 16;
            else
                *nsrc = 2, sbits[1] = 16;
        }
        if (has(mn, ".rs")) /* d, a, b, rbits */
            *nsrc = 3, sbits[2] = 32;
        if (has(mn, ".rs") && has(dt, "x4")) /* d, {a, b, e, f}, rbits: a vector of four .f32 */
            *nsrc = 2, sbits[0] = PTXCPU_VEC(4, 32), sbits[1] = 32, sbits[2] = 0;
    }
    if (opcode_is(mn, "cvt") && has(mn, ".pack")) { /* d, a, b (.s32){, c (.b32)}: 9.7.9.22 */
        *nsrc = has(mn, ".b32") ? 3 : 2, *dbits = 32;
        for (unsigned i = 0; i < 4; i++) sbits[i] = i < *nsrc ? 32 : 0;
    }
    if (mixed(mn)) { /* d and the last source f32, a (and fma's b) 16-bit */
        *dbits = 32;
        for (unsigned i = 0; i < *nsrc; i++) sbits[i] = i + 1 < *nsrc ? 16 : 32;
    }
    warp_shape(mn, nsrc, dbits, sbits);
}

/* The source count of spelling k: its syntax line's, or what spec_shape says. */
static unsigned spelled_nsrc(int k)
{
    unsigned nsrc, dbits, sbits[4];
    spec_shape(spelled[k].mn, &nsrc, &dbits, sbits);
    return spelled[k].nsrc ? spelled[k].nsrc : nsrc;
}

/* The first row spelled mn (what ptxcpu_parse must return), or -1. */
static long first_row(const char *mn)
{
    for (size_t j = 0; j < ptxcpu_insn_count(); j++) {
        ptxcpu_insn_desc e;
        if (ptxcpu_insn_at(j, &e) == PTXCPU_OK && !strcmp(e.mnemonic, mn))
            return (long)j;
    }
    return -1;
}

/* ---- valid spellings ------------------------------------------------------------------------ */
static const unsigned known_sm[] = {10, 11, 12, 13, 20, 21, 30, 32, 35, 37, 50, 52, 53, 60, 61, 62,
                                    70, 72, 75, 80, 86, 87, 88, 89, 90, 100, 101, 103, 110, 120, 121};
#define NKNOWN (sizeof known_sm / sizeof known_sm[0])

static int by_spelling(const void *x, const void *y)
{
    const int j = *(const int *)x, k = *(const int *)y;
    const int c = strcmp(spelled[j].mn, spelled[k].mn);
    return c ? c : spelled_nsrc(j) != spelled_nsrc(k) ? (int)spelled_nsrc(j) - (int)spelled_nsrc(k)
                                                      : (int)spelled[j].ndst - (int)spelled[k].ndst;
}

static void test_table(void)
{
    char buf[64];
    for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++)
        expand(syntax[i].pattern, buf, 0, syntax[i].sec);
    for (size_t i = 0; i < sizeof syntaxn / sizeof syntaxn[0]; i++) {
        int from = nspelled;
        expand(syntaxn[i].pattern, buf, 0, syntaxn[i].sec);
        for (int k = from; k < nspelled; k++)
            spelled[k].nsrc = syntaxn[i].nsrc, spelled[k].ndst = syntaxn[i].ndst;
    }
    /* The table is exactly the set the syntax lines spell: as many rows as distinct spellings,
     * and (below) every row spelled by a line of its own section, none twice. */
    static int order[MAXSPELL]; /* (sorted by spelling and source count: a twin is a neighbour) */
    for (int k = 0; k < nspelled; k++)
        order[k] = k;
    qsort(order, (size_t)nspelled, sizeof *order, by_spelling);
    for (int k = 1; k < nspelled; k++)
        check(by_spelling(&order[k - 1], &order[k]) != 0, "%s is spelled twice (%s and %s)",
              spelled[order[k]].mn, spelled[order[k - 1]].sec, spelled[order[k]].sec);
    size_t n = ptxcpu_insn_count();
    check(nspelled < MAXSPELL, "more than %d spellings: raise MAXSPELL", MAXSPELL - 1);
    check(n == (size_t)nspelled, "ptxcpu_insn_count() = %zu, the spec's syntax lines spell %d", n,
          nspelled);
    for (size_t i = 0; i < n; i++) {
        ptxcpu_insn_desc d, d2;
        ptxcpu_insn insn;
        if (ptxcpu_insn_at(i, &d) != PTXCPU_OK) {
            check(0, "ptxcpu_insn_at(%zu) failed: %s", i, ptxcpu_last_error());
            continue;
        }
        /* with its source and destination counts it is this row; without, the first row so
         * spelled (the two-input form, where a three-input one shares the spelling) */
        const unsigned ndst = PTXCPU_VEC_N(d.dst_bits);
        ptxcpu_status st = ptxcpu_parse_form(d.mnemonic, ndst, d.nsrc, NULL, &insn);
        check(st == PTXCPU_OK, "%s (%u sources) does not parse on the default target: %s",
              d.mnemonic, d.nsrc, ptxcpu_last_error());
        if (st)
            continue;
        check(insn.op == i && insn.sm == 100, "%s (%u sources) parses to op %u sm %u, want op %zu "
              "sm 100", d.mnemonic, d.nsrc, insn.op, insn.sm, i);
        long first = first_row(d.mnemonic);
        ptxcpu_insn plain;
        ptxcpu_insn_desc fd;
        check(ptxcpu_parse(d.mnemonic, NULL, &plain) == PTXCPU_OK && plain.op == first &&
                  ptxcpu_insn_at((size_t)first, &fd) == PTXCPU_OK &&
                  (first == (long)i || (fd.nsrc == 2 && d.nsrc == 3) ||
                   (opcode_is(d.mnemonic, "mov") && (fd.nsrc == 1 || fd.dst_bits == 128))),
              "ptxcpu_parse(%s) gives op %u, want the first row so spelled (%ld), the two-input "
              "one where two share it", d.mnemonic, plain.op, first);
        check(ptxcpu_parse_n(d.mnemonic, 0, NULL, &plain) == PTXCPU_OK && plain.op == first,
              "ptxcpu_parse_n(%s, 0) differs from ptxcpu_parse", d.mnemonic);
        if (ndst > 1) /* an unpack form: never ptxcpu_parse_n's, one count too many refused */
            check(ptxcpu_parse_n(d.mnemonic, d.nsrc, NULL, &plain) != PTXCPU_OK ||
                      plain.op != insn.op, "ptxcpu_parse_n(%s, %u) gives the unpack form",
                  d.mnemonic, d.nsrc);
        if (ndst > 1) {
            ptxcpu_insn keep = {0xbeef, 0xbeef};
            st = ptxcpu_parse_form(d.mnemonic, ndst, 2, NULL, &keep);
            check(st == PTXCPU_E_PARSE && strstr(ptxcpu_last_error(), "destination registers") &&
                      keep.op == 0xbeef,
                  "ptxcpu_parse_form(%s, %u, 2): status %d '%s'", d.mnemonic, ndst, (int)st,
                  ptxcpu_last_error());
        }
        /* a source count no row so spelled has: refused, naming the counts it has */
        unsigned other = d.nsrc % 4 + 1;
        while (other != d.nsrc) {
            int taken = 0;
            for (size_t j = 0; j < n; j++) {
                ptxcpu_insn_desc e;
                ptxcpu_insn_at(j, &e);
                taken |= !strcmp(e.mnemonic, d.mnemonic) && e.nsrc == other &&
                         PTXCPU_VEC_N(e.dst_bits) == 1;
            }
            if (!taken)
                break;
            other = other % 4 + 1;
        }
        if (other != d.nsrc && ndst == 1) {
            char want[64];
            snprintf(want, sizeof want, "not %u; ", other);
            ptxcpu_insn keep = {0xbeef, 0xbeef};
            st = ptxcpu_parse_n(d.mnemonic, other, NULL, &keep);
            const char *after = strstr(ptxcpu_last_error(), want); /* then the forms' sections */
            check(st == PTXCPU_E_PARSE && strstr(ptxcpu_last_error(), d.mnemonic) &&
                      strstr(ptxcpu_last_error(), "takes") && after && strstr(after, d.section) &&
                      keep.op == 0xbeef,
                  "ptxcpu_parse_n(%s, %u): status %d '%s', want PTXCPU_E_PARSE '... %s'",
                  d.mnemonic, other, (int)st, ptxcpu_last_error(), want);
        }
        check(ptxcpu_describe(&insn, &d2) == PTXCPU_OK && !strcmp(d2.mnemonic, d.mnemonic),
              "%s does not round-trip through ptxcpu_describe", d.mnemonic);
        /* the row is one the spec's syntax lines spell, under the same section */
        int found = -1;
        for (int k = 0; k < nspelled; k++)
            if (!strcmp(spelled[k].mn, d.mnemonic) && spelled_nsrc(k) == d.nsrc &&
                spelled[k].ndst == ndst)
                found = k;
        check(found >= 0, "table row %s is not spelled by any syntax line of the spec",
              d.mnemonic);
        if (found >= 0)
            check(!strcmp(spelled[found].sec, d.section), "%s: section %s, the spec gives it in %s",
                  d.mnemonic, d.section, spelled[found].sec);
        for (size_t j = 0; j < i; j++) {
            ptxcpu_insn_desc e;
            ptxcpu_insn_at(j, &e);
            check(strcmp(e.mnemonic, d.mnemonic) != 0 || e.nsrc != d.nsrc ||
                      PTXCPU_VEC_N(e.dst_bits) != ndst,
                  "%s (%u sources) is in the table twice", d.mnemonic, d.nsrc);
        }
        /* operands as the spec describes them */
        unsigned nsrc, dbits, sbits[4];
        spec_shape(d.mnemonic, &nsrc, &dbits, sbits);
        int vec = found >= 0 && spelled[found].nsrc && opcode_is(d.mnemonic, "mov");
        int three = found >= 0 && spelled[found].nsrc == 3 && !vec; /* 9.7.3.11/12 d, a, b, c */
        if (three)
            nsrc = 3, sbits[2] = sbits[0];
        if (vec && ndst == 1) { /* 9.7.9.4: n elements of d's width / n bits, a .b8 in a 16-bit register */
            nsrc = spelled[found].nsrc;
            for (unsigned k = 0; k < 4; k++)
                sbits[k] = k >= nsrc ? 0 : dbits / nsrc < 16 ? 16 : dbits / nsrc;
        }
        if (vec && ndst > 1) /* the unpacks: a, and d a vector of ndst such registers */
            sbits[0] = dbits, dbits = PTXCPU_VEC(ndst, dbits / ndst < 16 ? 16 : dbits / ndst);
        check(d.nsrc == nsrc && d.dst_bits == dbits && !memcmp(d.src_bits, sbits, sizeof sbits),
              "%s: nsrc %u d %u src %u/%u/%u/%u; spec: nsrc %u d %u src %u/%u/%u/%u", d.mnemonic,
              d.nsrc, d.dst_bits, d.src_bits[0], d.src_bits[1], d.src_bits[2], d.src_bits[3],
              nsrc, dbits, sbits[0], sbits[1], sbits[2], sbits[3]);
        int rcc = opcode_is(d.mnemonic, "addc") || opcode_is(d.mnemonic, "subc") ||
                  opcode_is(d.mnemonic, "madc");
        int wcc = has(d.mnemonic, ".cc");
        check(d.reads_cc == rcc && d.writes_cc == wcc, "%s: reads_cc %d writes_cc %d, want %d %d",
              d.mnemonic, d.reads_cc, d.writes_cc, rcc, wcc);
        unsigned elems = strstr(d.mnemonic, "16x2") || strstr(d.mnemonic, "32x2") ? 2 : 1;
        const char *tmn = opcode_is(d.mnemonic, "set") ? strrchr(d.mnemonic, '.') : d.mnemonic;
        char cvt_dtype[16] = "";
        if (opcode_is(d.mnemonic, "cvt")) { /* ".f32" of cvt.rn.f32.s32: d's type */
            const char *atype = strrchr(d.mnemonic, '.'), *dtype = atype - 1;
            while (*dtype != '.')
                dtype--;
            snprintf(cvt_dtype, sizeof cvt_dtype, "%.*s", (int)(atype - dtype), dtype);
            tmn = cvt_dtype;
            elems = strstr(cvt_dtype, "x2") ? 2 : strstr(cvt_dtype, "x4") ? 4 : 1; /* (d's elements: .e4m3x2 from .f32 too) */
        }
        /* (set: its sources' .stype, the last part; d is .dtype: ptxcpu_insn_desc has one elem;
         * slct: d's, a's and b's, the first type) */
        char slct_type[16] = "";
        if (opcode_is(d.mnemonic, "slct")) { /* ".u32" of slct{.ftz}.u32.f32 */
            const char *t = d.mnemonic + 4 + 4 * has(d.mnemonic, ".ftz");
            snprintf(slct_type, sizeof slct_type, ".%.*s", (int)strcspn(t + 1, "."), t + 1);
            tmn = slct_type;
        }
        ptxcpu_elem el = mixed(d.mnemonic) ? PTXCPU_ELEM_F32 /* d's type (and c's) */
                       : has(tmn, ".f16") || has(tmn, ".f16x2") ? PTXCPU_ELEM_F16
                       : has(tmn, ".bf16") || has(tmn, ".bf16x2") ? PTXCPU_ELEM_BF16
                       : has(tmn, ".f32") || has(tmn, ".f32x2") ? PTXCPU_ELEM_F32
                       : has(tmn, ".f64") ? PTXCPU_ELEM_F64 : PTXCPU_ELEM_INT;
        check(d.elem == el && d.elems == elems, "%s: elem %d x%u, want %d x%u", d.mnemonic,
              (int)d.elem, d.elems, (int)el, elems);
        unsigned want_ptx = three ? 88 : spec_ptx(d.mnemonic); /* "three input arguments": 8.8 */
        check(!want_ptx || d.ptx_major * 10 + d.ptx_minor == want_ptx,
              "%s: PTX ISA %u.%u, the spec says %u.%u", d.mnemonic, d.ptx_major, d.ptx_minor,
              want_ptx / 10, want_ptx % 10);
        unsigned want_sm = three ? 100 : spec_min_sm(d.mnemonic); /* ... requires sm_100 */
        check(d.min_sm == want_sm, "%s: min_sm %u, the spec says sm_%u", d.mnemonic, d.min_sm,
              want_sm);

        /* on its own minimum target, and refused one known target below it */
        char tgt[16];
        snprintf(tgt, sizeof tgt, "sm_%u", d.min_sm);
        st = ptxcpu_parse_form(d.mnemonic, ndst, d.nsrc, tgt, &insn);
        check(st == PTXCPU_OK && insn.sm == d.min_sm && insn.op == i, "%s on %s: %s", d.mnemonic, tgt,
              ptxcpu_last_error());
        unsigned below = 0;
        for (size_t k = 0; k < NKNOWN; k++)
            if (known_sm[k] < d.min_sm) below = known_sm[k];
        if (below) {
            char tb[16], want[80];
            snprintf(tb, sizeof tb, "sm_%u", below);
            snprintf(want, sizeof want, "requires sm_%u (target is sm_%u)", d.min_sm, below);
            st = ptxcpu_parse_form(d.mnemonic, ndst, d.nsrc, tb, &insn);
            check(st == PTXCPU_E_TARGET && strstr(ptxcpu_last_error(), want) &&
                      strstr(ptxcpu_last_error(), d.mnemonic),
                  "%s on %s: status %d '%s', want PTXCPU_E_TARGET '%s'", d.mnemonic, tb, (int)st,
                  ptxcpu_last_error(), want);
        }
    }
    /* every spelling of the syntax lines is accepted */
    for (int k = 0; k < nspelled; k++) {
        ptxcpu_insn insn;
        check(ptxcpu_parse_form(spelled[k].mn, spelled[k].ndst, spelled_nsrc(k), NULL, &insn) == PTXCPU_OK,
              "%s (%s, %u sources) is refused: %s", spelled[k].mn, spelled[k].sec,
              spelled_nsrc(k), ptxcpu_last_error());
    }
    /* the target also picks semantics: legacy mad.f32 on sm_1x is still the same row */
    ptxcpu_insn a, b;
    check(ptxcpu_parse("mad.f32", "sm_13", &a) == PTXCPU_OK &&
              ptxcpu_parse("mad.f32", NULL, &b) == PTXCPU_OK && a.op == b.op && a.sm == 13,
          "mad.f32 on sm_13 and on the default target should be the same row, sm 13");
}

/* ---- targets -------------------------------------------------------------------------------- */
static void test_targets(void)
{
    ptxcpu_insn insn;
    for (size_t k = 0; k < NKNOWN; k++) {
        char t[16];
        snprintf(t, sizeof t, "sm_%u", known_sm[k]);
        ptxcpu_status st = ptxcpu_parse("add.u32", t, &insn);
        check(st == PTXCPU_OK && insn.sm == known_sm[k], "target %s: status %d sm %u (%s)", t,
              (int)st, insn.sm, ptxcpu_last_error());
    }
    check(ptxcpu_parse("add.u32", NULL, &insn) == PTXCPU_OK && insn.sm == 100,
          "target NULL should be the default sm_100, got sm %u", insn.sm);
    /* architecture-specific targets name the same instruction set */
    check(ptxcpu_parse("add.u16x2", "sm_90a", &insn) == PTXCPU_OK && insn.sm == 90,
          "sm_90a should be accepted as sm_90: %s", ptxcpu_last_error());
    static const char *const bad[] = {"sm_99", "compute_80", "sm_", "", "SM_80", "sm80", "sm_80x",
                                      "sm_-80", " sm_80", "sm_80 ", "sm_9", "sm_1000", "sm_0",
                                      "sm_18446744073709551696", "sm_4294967376", "80"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        insn.op = 0xbeef;
        ptxcpu_status st = ptxcpu_parse("add.u32", bad[i], &insn);
        check(st == PTXCPU_E_TARGET && strstr(ptxcpu_last_error(), bad[i]) &&
                  strstr(ptxcpu_last_error(), "target") && insn.op == 0xbeef,
              "target '%s': status %d '%s', want PTXCPU_E_TARGET naming it", bad[i], (int)st,
              ptxcpu_last_error());
    }
    /* NULL arguments */
    check(ptxcpu_parse(NULL, NULL, &insn) == PTXCPU_E_NULL && strstr(ptxcpu_last_error(), "mnemonic"),
          "ptxcpu_parse(NULL mnemonic): '%s'", ptxcpu_last_error());
    check(ptxcpu_parse("add.u32", NULL, NULL) == PTXCPU_E_NULL && strstr(ptxcpu_last_error(), "out"),
          "ptxcpu_parse(NULL out): '%s'", ptxcpu_last_error());
}

/* ---- invalid spellings -----------------------------------------------------------------------
 * Each message must contain every `want` entry; an entry "x|y" is satisfied by either, "!x"
 * forbids x. Every message also must name the mnemonic and be free of empty lists. */
#define E_P PTXCPU_E_PARSE
#define E_T PTXCPU_E_TARGET
static const struct bad_case {
    const char *mn, *target;
    ptxcpu_status st;
    const char *want[4];
} bad[] = {
    /* .sat is only for .s32 integer add/sub/mad.hi/mad24.hi (9.7.1.1, .2, .4, .6) */
    {"add.sat.u32", NULL, E_P, {".sat applies only to .s32", "9.7.1.1"}},
    {"add.sat.s16", NULL, E_P, {".sat", ".s32", "9.7.1.1"}},
    {"add.sat.u16x2", NULL, E_P, {".sat", ".s32", "9.7.1.1"}},
    {"sub.sat.u32", NULL, E_P, {".sat", ".s32", "9.7.1.2"}},
    {"sub.sat.s64", NULL, E_P, {".sat", ".s32", "9.7.1.2"}},
    {"mad.hi.sat.u32", NULL, E_P, {".sat", ".s32", "9.7.1.4"}},
    {"mad.hi.sat.s64", NULL, E_P, {".sat", ".s32", "9.7.1.4"}},
    {"mad.lo.sat.s32", NULL, E_P, {".sat", ".lo", "mad.hi.sat.s32", "9.7.1.4"}},
    {"mad.wide.sat.s32", NULL, E_P, {".sat", ".wide", "9.7.1.4"}},
    {"mad24.lo.sat.s32", NULL, E_P, {".sat", ".lo", "mad24.hi.sat.s32", "9.7.1.6"}},
    {"mad24.hi.sat.u32", NULL, E_P, {".sat", ".s32", "9.7.1.6"}},
    {"mad24.sat.s32", NULL, E_P, {"missing", ".hi", "9.7.1.6"}},
    {"mul.hi.sat.s32", NULL, E_P, {".sat", "mul", "9.7.4.3"}},
    {"mul24.hi.sat.s32", NULL, E_P, {".sat", "mul24", "9.7.1.5"}},
    {"sad.sat.u32", NULL, E_P, {".sat", "sad", "9.7.1.7"}},
    {"rem.sat.s32", NULL, E_P, {".sat", "rem", "9.7.1.9"}},
    {"min.sat.s32", NULL, E_P, {".sat", ".relu", "9.7.1.12"}},
    /* testp: exactly one property, .f32 or .f64 (9.7.3.1) */
    {"testp.f32", NULL, E_P, {"missing", ".finite", ".subnormal", "9.7.3.1"}},
    {"testp.finite.f16", NULL, E_P, {".f16", ".f32, .f64", "9.7.3.1"}},
    {"testp.finite.normal.f32", NULL, E_P, {".finite", ".normal", "9.7.3.1"}},
    {"testp.ftz.finite.f32", NULL, E_P, {".ftz", "testp"}},
    {"testp.finite.f32", "sm_13", E_T, {"requires sm_20"}},
    /* .wide: 16- and 32-bit types only (9.7.1.3, 9.7.1.4) */
    {"mul.wide.u64", NULL, E_P, {".wide", "16- and 32-bit", "9.7.1.3"}},
    {"mul.wide.s64", NULL, E_P, {".wide", ".u16, .u32, .s16, .s32", "9.7.1.3"}},
    {"mad.wide.u64", NULL, E_P, {".wide", "16- and 32-bit", "9.7.1.4"}},
    {"mul.lo.wide.u32", NULL, E_P, {".lo", ".wide", "9.7.1.3"}},
    {"mul.hi.lo.u32", NULL, E_P, {".hi", ".lo", "9.7.1.3"}},
    {"mad.lo.hi.u32", NULL, E_P, {".hi", ".lo", "9.7.1.4"}},
    {"mul24.wide.u32", NULL, E_P, {".wide", ".hi, .lo", "9.7.1.5"}},
    {"mad24.wide.s32", NULL, E_P, {".wide", "mad24", "9.7.1.6"}},
    {"mad24.hi.lo.s32", NULL, E_P, {".hi", ".lo", "9.7.1.6"}},
    /* a required mode or rounding modifier is missing */
    {"mul.u32", NULL, E_P, {"missing", ".hi, .lo, .wide", "9.7.1.3"}},
    {"mul24.u32", NULL, E_P, {"missing", ".hi, .lo", "9.7.1.5"}},
    {"szext.u32", NULL, E_P, {"missing", ".clamp, .wrap", "9.7.1.21"}},
    {"bmsk.b32", NULL, E_P, {"missing", ".clamp, .wrap", "9.7.1.22"}},
    {"dp2a.u32.u32", NULL, E_P, {"missing", ".lo, .hi", "9.7.1.24"}},
    {"madc.u32", NULL, E_P, {"missing", ".hi, .lo", "9.7.2.6"}},
    {"mad.cc.u32", NULL, E_P, {"missing", "mad.hi.cc.u32", "mad.lo.cc.u32", "9.7.2.5"}},
    {"mad.f64", NULL, E_P, {"missing", "rounding", ".rn, .rz, .rm, .rp", "9.7.3.7"}},
    {"mad.ftz.f64", NULL, E_P, {".ftz", ".f32", "9.7.3.7"}},
    {"mad.sat.f64", NULL, E_P, {".sat", ".f32", "9.7.3.7"}},
    {"add", NULL, E_P, {"missing", "type", ".u32"}},
    {"add.rn", NULL, E_P, {"missing", "type", ".f16"}},
    {"mul.hi", NULL, E_P, {"missing", "type", "9.7.1.3"}},
    {"bfind.shiftamt", NULL, E_P, {"missing", "type", ".u32", "9.7.1.16"}},
    /* modifiers out of the spec's order */
    {"add.s32.sat", NULL, E_P, {"out of order", "add.sat.s32", "9.7.1.1"}},
    {"add.ftz.rn.f16", NULL, E_P, {"out of order", "add.rn.ftz.f16", "9.7.4.1"}},
    {"add.sat.ftz.f16", NULL, E_P, {"out of order", "add.ftz.sat.f16", "9.7.4.1"}},
    {"add.sat.rn.f16", NULL, E_P, {"out of order", "add.rn.sat.f16", "9.7.4.1"}},
    {"add.f16x2.sat", NULL, E_P, {"out of order", "add.sat.f16x2", "9.7.4.1"}},
    {"sub.sat.ftz.f32", NULL, E_P, {"out of order", "sub.ftz.sat.f32", "9.7.3.4"}},
    {"sub.ftz.rn.f32", NULL, E_P, {"out of order", "sub.rn.ftz.f32", "9.7.3.4"}},
    {"mad.ftz.rn.f32", NULL, E_P, {"out of order", "mad.rn.ftz.f32", "9.7.3.7"}},
    {"mad.cc.hi.u32", NULL, E_P, {"out of order", "mad.hi.cc.u32", "9.7.2.5"}},
    {"madc.cc.lo.u32", NULL, E_P, {"out of order", "madc.lo.cc.u32", "9.7.2.6"}},
    {"dp2a.u32.u32.lo", NULL, E_P, {"out of order", "dp2a.lo.u32.u32", "9.7.1.24"}},
    /* duplicated modifiers */
    {"add.sat.sat.s32", NULL, E_P, {".sat", "twice"}},
    {"addc.cc.cc.u32", NULL, E_P, {".cc", "twice"}},
    {"add.cc.cc.u32", NULL, E_P, {".cc", "twice"}},
    {"sub.rn.rn.f32", NULL, E_P, {".rn", "twice"}},
    {"add.rn.rn.f16", NULL, E_P, {".rn", "twice"}},
    {"max.relu.relu.s32", NULL, E_P, {".relu", "twice"}},
    {"mad.rn.rz.f32", NULL, E_P, {".rn", ".rz", "9.7.3.7"}},
    {"szext.clamp.wrap.u32", NULL, E_P, {".clamp", ".wrap", "9.7.1.21"}},
    {"dp2a.lo.hi.u32.u32", NULL, E_P, {".lo", ".hi", "9.7.1.24"}},
    /* wrong types */
    {"add.u8", NULL, E_P, {".u8", ".u16", "9.7.1.1"}},
    {"add.b32", NULL, E_P, {".b32", ".u32", "9.7.1.1"}},
    {"add.u32x2", NULL, E_P, {".u32x2", ".u16x2", "9.7.1.1"}},
    {"add.f16x2x2", NULL, E_P, {".f16x2x2", ".f16x2", "9.7.4.1"}},
    {"mul.lo.f32", NULL, E_P, {".f32", "mul", "9.7.1.3"}},
    {"mul24.lo.u16", NULL, E_P, {".u16", ".u32, .s32", "9.7.1.5"}},
    {"mul24.lo.s16", NULL, E_P, {".s16", ".u32, .s32", "9.7.1.5"}},
    {"sad.f32", NULL, E_P, {".f32", "sad", "9.7.1.7"}},
    {"div.f32", NULL, E_P, {"missing", "rounding", ".rn, .rz, .rm, .rp", "9.7.3.8"}},
    {"rem.f64", NULL, E_P, {".f64", "rem", "9.7.1.9"}},
    {"abs.u32", NULL, E_P, {".u32", ".s16, .s32, .s64", "9.7.1.10"}},
    {"neg.u32", NULL, E_P, {".u32", ".s16, .s32, .s64", "9.7.1.11"}},
    {"min.b32", NULL, E_P, {".b32", "min", "9.7.1.12", "9.7.3.11"}},
    {"max.u8", NULL, E_P, {".u8", "max", "9.7.1.13"}},
    {"popc.u32", NULL, E_P, {".u32", ".b32, .b64", "9.7.1.14"}},
    {"popc.b16", NULL, E_P, {".b16", ".b32, .b64", "9.7.1.14"}},
    {"clz.u32", NULL, E_P, {".u32", ".b32, .b64", "9.7.1.15"}},
    {"bfind.b32", NULL, E_P, {".b32", ".u32, .u64, .s32, .s64", "9.7.1.16"}},
    {"bfind.shiftamt.b32", NULL, E_P, {".b32", ".u32, .u64, .s32, .s64", "9.7.1.16"}},
    {"fns.u32", NULL, E_P, {".u32", ".b32", "9.7.1.17"}},
    {"fns.b64", NULL, E_P, {".b64", ".b32", "9.7.1.17"}},
    {"brev.u32", NULL, E_P, {".u32", ".b32, .b64", "9.7.1.18"}},
    {"brev.s64", NULL, E_P, {".s64", ".b32, .b64", "9.7.1.18"}},
    {"bfe.b32", NULL, E_P, {".b32", ".u32, .u64, .s32, .s64", "9.7.1.19"}},
    {"bfi.u32", NULL, E_P, {".u32", ".b32, .b64", "9.7.1.20"}},
    {"szext.clamp.u64", NULL, E_P, {".u64", ".u32, .s32", "9.7.1.21"}},
    {"bmsk.clamp.u32", NULL, E_P, {".u32", ".b32", "9.7.1.22"}},
    {"dp4a.u64.u64", NULL, E_P, {".u64", ".u32, .s32", "9.7.1.23"}},
    {"dp4a.s32.u16", NULL, E_P, {".u16", ".u32, .s32", "9.7.1.23"}},
    {"dp2a.lo.u32.u64", NULL, E_P, {".u64", ".u32, .s32", "9.7.1.24"}},
    {"addc.u16", NULL, E_P, {".u16", ".u32, .s32, .u64, .s64", "9.7.2.2"}},
    {"subc.cc.f64", NULL, E_P, {".f64", ".u32, .s32, .u64, .s64", "9.7.2.4"}},
    {"madc.lo.u16", NULL, E_P, {".u16", ".u32, .s32, .u64, .s64", "9.7.2.6"}},
    {"sub.rz.f16", NULL, E_P, {".rz", "sub", "9.7.3.4"}},
    {"fma.f16", NULL, E_P, {".rn", "required", "9.7.4.4"}},
    {"fma.rn.sat.bf16", NULL, E_P, {".sat", ".f16, .f16x2", "9.7.4.4"}},
    {"fma.rn.relu.sat.f16", NULL, E_P, {".sat", ".relu", "9.7.4.4"}},
    {"fma.rn.ftz.oob.f16", NULL, E_P, {".oob", ".ftz", "9.7.4.4"}},
    {"fma.rn.relu.oob.f16", NULL, E_P, {"order", "fma.rn.oob.relu.f16", "9.7.4.4"}},
    {"mad.rn.f16", NULL, E_P, {".f16", "mad", "9.7.3.7"}},
    {"add.u32.u32", NULL, E_P, {"one type", "9.7.1.1"}},
    {"popc.b32.b32", NULL, E_P, {"one type", "9.7.1.14"}},
    {"sub.rn.f32.f64", NULL, E_P, {"no form of sub has the types .f32 .f64", ".f32.f16", "9.7.5.2"}},
    {"add.ftz.f32.bf16", NULL, E_P, {".ftz applies only to", "the .f32 .bf16 forms of add (9.7.5.1) take .sat"}},
    {"add.rz.f16", NULL, E_P, {".rz applies only to .f32, .f32x2, .f64, .f32.f16, .f32.bf16", "the .f16 forms of add (9.7.4.1) take .rn"}},
    {"fma.f32.bf16", NULL, E_P, {"missing rounding modifier", "9.7.5.3"}},
    {"add.rz.f32.bf16.sat", NULL, E_P, {"out of order", "add.rz.sat.f32.bf16"}},
    {"add.u16.u16", NULL, E_P, {"or two in mixed precision (.f32.atype), not 2"}},
    {"add.f32.f32", NULL, E_P, {"no form of add has the types .f32 .f32"}},
    /* three or one types on dp4a/dp2a, which take .atype.btype */
    {"dp4a.u32.u32.u32", NULL, E_P, {"two types", ".atype.btype", "not 3", "9.7.1.23"}},
    {"dp4a.u32", NULL, E_P, {"two types", ".atype.btype", "not 1", "9.7.1.23"}},
    {"dp2a.lo.u32", NULL, E_P, {"two types", "not 1", "9.7.1.24"}},
    /* .x2 types where the spec does not allow them */
    {"sub.u16x2", NULL, E_P, {".u16x2", "sub", "9.7.1.2"}},
    {"sub.s16x2", NULL, E_P, {".s16x2", "sub", "9.7.1.2"}},
    {"mul.lo.u16x2", NULL, E_P, {".u16x2", "mul", "9.7.1.3"}},
    {"sad.u16x2", NULL, E_P, {".u16x2", "sad", "9.7.1.7"}},
    {"div.u16x2", NULL, E_P, {".u16x2", "div", "9.7.1.8"}},
    {"neg.s16x2", NULL, E_P, {".s16x2", "neg", "9.7.1.11"}},
    {"add.cc.u16x2", NULL, E_P, {".cc", ".u32, .s32, .u64, .s64", "9.7.2.1"}},
    {"sub.ftz.bf16x2", NULL, E_P, {".ftz", ".f16, .f16x2", "9.7.4.2"}},
    {"mul.rm.bf16", NULL, E_P, {".rm", ".rn", "9.7.4.3"}},
    {"mad.f32x2", NULL, E_P, {".f32x2", "mad", "9.7.3.7"}},
    {"mad.sat.f32x2", NULL, E_P, {".f32x2", "9.7.3.7"}},
    /* .ftz, .sat, .relu, .rnd where the type has none */
    {"sub.ftz.f64", NULL, E_P, {".ftz", ".f32, .f32x2", "9.7.3.4"}},
    {"sub.ftz.rn.f64", NULL, E_P, {".ftz", ".f64|.f32", "9.7.3.4"}},
    {"mad.rn.ftz.f64", NULL, E_P, {".ftz", ".f32", "9.7.3.7"}},
    {"add.ftz.bf16", NULL, E_P, {".ftz", ".f16, .f16x2", "9.7.4.1"}},
    {"add.ftz.bf16x2", NULL, E_P, {".ftz", ".f16, .f16x2", "9.7.4.1"}},
    {"add.rn.ftz.bf16", NULL, E_P, {".ftz", ".f16", "9.7.4.1"}},
    {"sub.sat.f32x2", NULL, E_P, {".sat applies only to .f32", "9.7.3.4"}},
    {"sub.rn.ftz.sat.f32x2", NULL, E_P, {".sat", ".f32", "9.7.3.4"}},
    {"sub.sat.f64", NULL, E_P, {".sat applies only to .f32", "9.7.3.4"}},
    {"sub.rn.sat.f64", NULL, E_P, {".sat", ".f32", "9.7.3.4"}},
    {"mad.rn.sat.f64", NULL, E_P, {".sat", ".f32", "9.7.3.7"}},
    {"add.sat.bf16", NULL, E_P, {".sat", ".f16, .f16x2", "9.7.4.1"}},
    {"add.sat.bf16x2", NULL, E_P, {".sat", ".f16, .f16x2", "9.7.4.1"}},
    {"add.rz.f16", NULL, E_P, {".rz", ".rn", "9.7.4.1"}},
    {"add.rm.bf16", NULL, E_P, {".rm", ".rn", "9.7.4.1"}},
    {"add.rz.bf16x2", NULL, E_P, {".rz", ".rn", "9.7.4.1"}},
    {"min.relu.u32", NULL, E_P, {".relu", ".s16x2, .s32", "9.7.1.12"}},
    {"min.relu.s16", NULL, E_P, {".relu", ".s16x2, .s32", "9.7.1.12"}},
    {"min.relu.u16x2", NULL, E_P, {".relu", ".s16x2, .s32", "9.7.1.12"}},
    {"max.relu.u32", NULL, E_P, {".relu", ".s16x2, .s32", "9.7.1.13"}},
    {"max.relu.s64", NULL, E_P, {".relu", ".s16x2, .s32", "9.7.1.13"}},
    {"abs.relu.s32", NULL, E_P, {".relu", "abs", "9.7.1.10"}},
    {"sub.relu.s32", NULL, E_P, {".relu", "sub"}},
    {"add.relu.f16", NULL, E_P, {".relu", "add"}},
    /* .shiftamt is bfind's alone; other opcodes without modifiers */
    {"popc.shiftamt.b32", NULL, E_P, {".shiftamt", "popc", "9.7.1.14"}},
    {"clz.shiftamt.b32", NULL, E_P, {".shiftamt", "clz", "9.7.1.15"}},
    {"fns.shiftamt.b32", NULL, E_P, {".shiftamt", "fns", "9.7.1.17"}},
    {"div.rn.u32", NULL, E_P, {".rn", ".f32, .f64", "9.7.3.8"}},
    {"sqrt.f64", NULL, E_P, {"missing", "rounding", ".rn, .rz, .rm, .rp", "9.7.3.15"}},
    {"rcp.rn.sat.f32", NULL, E_P, {".sat", "rcp", "9.7.3.13"}},
    {"sqrt.rn.ftz.f64", NULL, E_P, {".ftz", ".f32", "9.7.3.15"}},
    {"dp4a.lo.u32.u32", NULL, E_P, {".lo", "dp4a", "9.7.1.23"}},
    {"dp2a.mid.u32.u32", NULL, E_P, {".mid", ".lo, .hi", "9.7.1.24"}},
    /* .cc where the spec has none (mul, sub with .sat, floats, 16-bit, with .wide) */
    {"mul.cc.u32", NULL, E_P, {".cc", "mul", ".hi, .lo, .wide", "9.7.1.3"}},
    {"mul.lo.cc.u32", NULL, E_P, {".cc", "mul", "9.7.1.3"}},
    {"add.cc.u16", NULL, E_P, {".cc", ".u32, .s32, .u64, .s64", "9.7.2.1"}},
    {"add.cc.sat.s32", NULL, E_P, {".cc", ".sat", "9.7.2.1"}},
    {"sub.cc.sat.s32", NULL, E_P, {".cc", ".sat", "9.7.2.3"}},
    {"sub.cc.f32", NULL, E_P, {".cc", ".u32, .s32, .u64, .s64", "9.7.2.3"}},
    {"mad.lo.cc.u16", NULL, E_P, {".cc", ".u32, .s32, .u64, .s64", "9.7.2.5"}},
    {"mad.hi.cc.sat.s32", NULL, E_P, {".cc", ".sat", "9.7.1.4"}},
    {"mad.wide.cc.u32", NULL, E_P, {".wide", ".cc", "9.7.1.4"}},
    {"madc.wide.u32", NULL, E_P, {".wide", ".hi, .cc, .lo|.hi, .lo", "9.7.2.6"}},
    {"madc.hi.sat.s32", NULL, E_P, {".sat", "madc", "9.7.2.6"}},
    {"addc.hi.u32", NULL, E_P, {".hi", "addc", ".cc", "9.7.2.2"}},
    {"subc.sat.s32", NULL, E_P, {".sat", "subc", ".cc", "9.7.2.4"}},
    /* unknown opcodes, typos, case */
    {"addd.u32", NULL, E_P, {"unknown instruction 'addd'", "did you mean 'add.u32'"}},
    {"mull.lo.u32", NULL, E_P, {"'mull'", "did you mean 'mul.lo.u32'"}},
    {"madd.lo.u32", NULL, E_P, {"'madd'", "did you mean 'mad.lo.u32'"}},
    {"popcnt.b32", NULL, E_P, {"'popcnt'", "did you mean 'popc.b32'"}},
    {"subb.cc.u32", NULL, E_P, {"'subb'", "did you mean 'sub.cc.u32'"}},
    {"add_u32", NULL, E_P, {"did you mean 'add.u32'"}},
    {"unknown", NULL, E_P, {"unknown instruction 'unknown'", "9.7.1", "9.7.4: add"}},
    {"cvta.global.u64", NULL, E_P, {"'cvta'", "did you mean|implement"}},
    {"prmt.b32.f4f", NULL, E_P, {".f4f", "prmt"}},
    {"cvt.sat.u32.u16", NULL, E_P, {"cvt"}},
    {"cvt.u32", NULL, E_P, {"cvt"}},
    {"cvt.u8.u16.u32", NULL, E_P, {"cvt"}},
    /* cvt.pack: .sat required, the narrow types take c (.b32), targets; .rs only to the x2 halves;
     * .s2f6x2 requires .satfinite */
    {"cvt.pack.u16.s32", NULL, E_P, {".sat", "cvt.pack.sat.u16.s32", "9.7.9.22"}},
    {"cvt.pack.sat.u8.s32", NULL, E_P, {".u8.s32.b32", "9.7.9.22"}},
    {"cvt.pack.sat.u32.s32", NULL, E_P, {".pack", "9.7.9.22"}},
    {"cvt.pack.sat.u4.s32.b32", "sm_72", E_T, {"sm_75"}},
    {"cvt.pack.sat.s16.s32", "sm_70", E_T, {"sm_72"}},
    {"cvt.rs.f16.f32", NULL, E_P, {".rs", ".f16x2.f32", "9.7.9.21"}},
    {"cvt.rs.f16x2.f32", "sm_90", E_T, {"sm_100"}},
    {"cvt.rs.e4m3x4.f32", NULL, E_P, {".satfinite", "9.7.9.21"}},
    {"cvt.rs.satfinite.e2m1x4.f32", "sm_90", E_T, {"sm_100"}},
    {"mov.b128", "sm_61", E_T, {"sm_70"}},
    {"cvt.rn.s2f6x2.f32", NULL, E_P, {".satfinite", "9.7.9.21"}},
    /* '::' belongs to .scaled::n2::ue8m0: the message is about the order, or the unknown part */
    {"cvt.rn.scaled::n2::ue8m0.relu.bf16x2.e4m3x2", NULL, E_P,
     {"out of order", "cvt.rn.relu.scaled::n2::ue8m0.bf16x2.e4m3x2"}},
    {"cvt.rn.relu.scaled::n2::ue8m1.bf16x2.e4m3x2", NULL, E_P, {".scaled::n2::ue8m1", "9.7.9.21"}},
    {"cvt.rn.satfinite.s2f6x2.f16x2", NULL, E_P, {"cvt"}},
    {"prmt.f4e.b32", NULL, E_P, {"prmt"}},
    {"prmt.b32.f4e.b4e", NULL, E_P, {"prmt"}},
    {"rcp.approx.f64", NULL, E_P, {"rcp.approx.f64"}},
    {"rcp.approx.ftz.f64", "sm_13", E_T, {"requires sm_20 (target is sm_13)"}},
    {"rsqrt.approx.ftz.f64", "sm_13", E_T, {"requires sm_20 (target is sm_13)"}},
    {"ADD.U32", NULL, E_P, {"case-sensitive", "add.u32"}},
    {"Add.u32", NULL, E_P, {"case-sensitive", "add.u32"}},
    {"MAD.LO.CC.U32", NULL, E_P, {"case-sensitive", "mad.lo.cc.u32"}},
    {"add.s", NULL, E_P, {".s", "add"}},
    {"add.32", NULL, E_P, {".32", "add"}},
    {"clz.b32x", NULL, E_P, {".b32x", "clz", "9.7.1.15"}},
    /* whole instructions, guards, punctuation */
    {"@p add.u32", NULL, E_P, {"guard", "batch"}},
    {"@!p mad.lo.u32", NULL, E_P, {"guard"}},
    {"add.u32 r1, r2", NULL, E_P, {"without operands"}},
    {"mul.lo.u32 %r1", NULL, E_P, {"without operands"}},
    {"add.u32;", NULL, E_P, {"';'"}},
    {"add-u32", NULL, E_P, {"'-'"}},
    {"mad.lo.u32 ", NULL, E_P, {"' '"}},
    {"", NULL, E_P, {"empty"}},
    {"add.u32.", NULL, E_P, {"trailing"}},
    {"add..u32", NULL, E_P, {"doubled"}},
    {".add.u32", NULL, E_P, {"leading"}},
    {".", NULL, E_P, {"empty"}},
    {"add.u32.u32.u32.u32.u32.u32.u32.u32.u32", NULL, E_P, {"!empty modifier"}},
    {"add.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.u32", NULL, E_P,
     {"!empty modifier", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa|too long"}},
    {"add.u32add.u32add.u32add.u32add.u32add.u32add.u32add.u32add.u32add.u32", NULL, E_P,
     {"too long|unknown"}},
    /* instructions that need a newer target than the one named */
    {"add.u16x2", "sm_80", E_T, {"requires sm_90 (target is sm_80)"}},
    {"add.s16x2", "sm_89", E_T, {"requires sm_90 (target is sm_89)"}},
    {"min.relu.s32", "sm_86", E_T, {"requires sm_90 (target is sm_86)"}},
    {"add.bf16", "sm_89", E_T, {"requires sm_90 (target is sm_89)"}},
    {"add.rn.bf16x2", "sm_80", E_T, {"requires sm_90 (target is sm_80)"}},
    {"sub.f32x2", "sm_90", E_T, {"requires sm_100 (target is sm_90)"}},
    {"div.rn.f32", "sm_13", E_T, {"requires sm_20 (target is sm_13)"}},
    {"sqrt.rz.f64", "sm_13", E_T, {"requires sm_20 (target is sm_13)"}},
    {"sub.rm.ftz.f32x2", "sm_90a", E_T, {"requires sm_100 (target is sm_90)"}},
    {"add.f16", "sm_52", E_T, {"requires sm_53 (target is sm_52)"}},
    {"dp4a.u32.s32", "sm_60", E_T, {"requires sm_61 (target is sm_60)"}},
    {"dp2a.hi.s32.s32", "sm_35", E_T, {"requires sm_61 (target is sm_35)"}},
    {"szext.wrap.s32", "sm_62", E_T, {"requires sm_70 (target is sm_62)"}},
    {"bmsk.clamp.b32", "sm_61", E_T, {"requires sm_70 (target is sm_61)"}},
    {"fns.b32", "sm_21", E_T, {"requires sm_30 (target is sm_21)"}},
    {"popc.b64", "sm_13", E_T, {"requires sm_20 (target is sm_13)"}},
    {"sub.f64", "sm_12", E_T, {"requires sm_13 (target is sm_12)"}},
    {"mad.rn.f64", "sm_10", E_T, {"requires sm_13 (target is sm_10)"}},
    {"sub.rm.f32", "sm_13", E_T, {"requires sm_20 (target is sm_13)"}},
    {"mad.rn.f32", "sm_12", E_T, {"requires sm_20 (target is sm_12)"}},
    {"add.cc.u64", "sm_13", E_T, {"requires sm_20 (target is sm_13)"}},
    {"madc.lo.cc.u32", "sm_11", E_T, {"requires sm_20 (target is sm_11)"}},
    {"min.xorsign.abs.f16", "sm_80", E_T, {"requires sm_86 (target is sm_80)"}},
    {"max.NaN.f32", "sm_75", E_T, {"requires sm_80 (target is sm_75)"}},
    {"neg.bf16x2", "sm_75", E_T, {"requires sm_80 (target is sm_75)"}},
    {"abs.ftz.f16", "sm_52", E_T, {"requires sm_53 (target is sm_52)"}},
    {"min.f64", "sm_12", E_T, {"requires sm_13 (target is sm_12)"}},
    /* float and half abs/neg/min/max (9.7.3.9-12, 9.7.4.5-8) */
    {"min.xorsign.f32", NULL, E_P, {"missing modifier: .abs is required", "min.xorsign.abs.f32",
                                    "9.7.3.11"}},
    /* the three-input .abs forms (9.7.3.11/12): sm_100; .abs is not .xorsign.abs */
    {"max.abs.f32", "sm_90", E_T, {"requires sm_100 (target is sm_90)"}},
    {"min.ftz.NaN.abs.f32", "sm_90", E_T, {"requires sm_100 (target is sm_90)"}},
    {"min.abs.NaN.f32", NULL, E_P, {"order", "min.NaN.abs.f32", "9.7.3.11"}},
    {"max.abs.ftz.f32", NULL, E_P, {"order", "max.ftz.abs.f32"}},
    {"min.abs.f64", NULL, E_P, {".abs applies only to", ".f32", "9.7.3.11"}},
    {"min.abs.f16", NULL, E_P, {"missing modifier: .xorsign is required", "min.xorsign.abs.f16",
                                "9.7.4.7"}},
    {"min.abs.abs.f32", NULL, E_P, {".abs", "twice"}},
    {"min.ftz.bf16", NULL, E_P, {".ftz applies only to", ".f16", "9.7.4.7"}},
    {"abs.ftz.f64", NULL, E_P, {".ftz applies only to .f32", "9.7.3.9"}},
    {"min.NaN.f64", NULL, E_P, {".NaN applies only to .f32", "9.7.3.11"}},
    {"min.nan.f32", NULL, E_P, {".nan", ".NaN", "9.7.3.11"}},
    {"max.xorsign.abs.NaN.f16", NULL, E_P, {"order", "max.NaN.xorsign.abs.f16"}},
    {"neg.sat.f32", NULL, E_P, {".sat", "neg"}},
    /* an invalid spelling is a parse error whatever the target */
    {"add.sat.u32", "sm_80", E_P, {".sat", "9.7.1.1"}},
    {"add.u16x2", "sm_99", E_T, {"sm_99"}},
};

/* ptxcpu_parse_n: the source count picks the form; a count the spelling lacks is refused */
static const struct bad_n_case {
    const char *mn;
    unsigned nsrc;
    const char *target;
    ptxcpu_status st;
    const char *want[3];
} bad_n[] = {
    {"min.abs.f32", 2, NULL, E_P, {"min.abs.f32 takes 3 sources (a, b, c), not 2; 9.7.3.11"}},
    {"max.ftz.NaN.abs.f32", 1, NULL, E_P, {"takes 3 sources (a, b, c), not 1", "9.7.3.12"}},
    {"min.f32", 4, NULL, E_P, {"min.f32 takes 2 sources (a, b) or 3 sources (a, b, c), not 4"}},
    {"max.xorsign.abs.f32", 3, NULL, E_P, {"takes 2 sources (a, b), not 3", "9.7.3.12"}},
    {"min.f64", 3, NULL, E_P, {"takes 2 sources (a, b), not 3", "9.7.3.11"}},
    {"add.u32", 3, NULL, E_P, {"add.u32 takes 2 sources (a, b), not 3", "9.7.1.1"}},
    {"mad.lo.u32", 5, NULL, E_P, {"takes 3 sources (a, b, c), not 5"}},
    {"min.f32", 3, "sm_90", E_T, {"min.f32 requires sm_100 (target is sm_90)"}},
    {"min.abs.f64", 3, NULL, E_P, {".abs applies only to", "9.7.3.11"}},
    {"min.abs.f32", 2, "sm_999", E_T, {"sm_999"}},
};

static void test_parse_n(void)
{
    for (size_t i = 0; i < sizeof bad_n / sizeof bad_n[0]; i++) {
        const struct bad_n_case *c = &bad_n[i];
        ptxcpu_insn insn = {0xbeef, 0xbeef};
        ptxcpu_status st = ptxcpu_parse_n(c->mn, c->nsrc, c->target, &insn);
        const char *msg = ptxcpu_last_error();
        check(st == c->st && insn.op == 0xbeef, "ptxcpu_parse_n(%s, %u, %s): status %d '%s', "
              "want %d", c->mn, c->nsrc, c->target ? c->target : "NULL", (int)st, msg, (int)c->st);
        for (int w = 0; w < 3 && c->want[w]; w++)
            check(strstr(msg, c->want[w]) != NULL, "ptxcpu_parse_n(%s, %u): message '%s' lacks "
                  "'%s'", c->mn, c->nsrc, msg, c->want[w]);
    }
    /* the four shared spellings: 2 and 0 give the two-input row, 3 the three-input one */
    static const char *const shared[] = {"min.f32", "min.ftz.NaN.f32", "max.NaN.f32",
                                         "max.ftz.f32"};
    for (size_t i = 0; i < sizeof shared / sizeof shared[0]; i++) {
        ptxcpu_insn i0, i2, i3;
        ptxcpu_insn_desc d2, d3;
        int ok = ptxcpu_parse_n(shared[i], 0, NULL, &i0) == PTXCPU_OK &&
                 ptxcpu_parse_n(shared[i], 2, NULL, &i2) == PTXCPU_OK &&
                 ptxcpu_parse_n(shared[i], 3, NULL, &i3) == PTXCPU_OK &&
                 ptxcpu_describe(&i2, &d2) == PTXCPU_OK && ptxcpu_describe(&i3, &d3) == PTXCPU_OK;
        check(ok && i0.op == i2.op && i2.op != i3.op && d2.nsrc == 2 && d3.nsrc == 3 &&
                  d3.src_bits[2] == 32 && !strcmp(d2.mnemonic, d3.mnemonic),
              "%s: parse_n 0/2/3 should give the two-, two- and three-input rows", shared[i]);
    }
    ptxcpu_insn insn;
    check(ptxcpu_parse_n(NULL, 3, NULL, &insn) == PTXCPU_E_NULL &&
              strstr(ptxcpu_last_error(), "ptxcpu_parse_n"),
          "ptxcpu_parse_n(NULL): '%s'", ptxcpu_last_error());
    check(ptxcpu_parse_n("min.f32", 3, NULL, NULL) == PTXCPU_E_NULL,
          "ptxcpu_parse_n(out NULL) must be PTXCPU_E_NULL");
}

static int contains_alt(const char *msg, const char *alts)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", alts);
    for (char *tok = strtok(buf, "|"); tok; tok = strtok(NULL, "|"))
        if (strstr(msg, tok))
            return 1;
    return 0;
}

static void test_invalid(void)
{
    size_t n = sizeof bad / sizeof bad[0];
    check(n >= 100, "only %zu invalid spellings", n);
    printf("parse: %zu invalid spellings, %d spellings from the spec's syntax lines\n", n, nspelled);
    for (size_t i = 0; i < n; i++) {
        const struct bad_case *c = &bad[i];
        ptxcpu_insn insn = {0xbeef, 0xbeef};
        ptxcpu_status st = ptxcpu_parse(c->mn, c->target, &insn);
        const char *msg = ptxcpu_last_error();
        check(st == c->st, "'%s' (target %s): status %d (%s), want %d; message '%s'", c->mn,
              c->target ? c->target : "default", (int)st, ptxcpu_status_name(st), (int)c->st, msg);
        check(insn.op == 0xbeef && insn.sm == 0xbeef, "'%s': out was written on failure", c->mn);
        for (int w = 0; w < 4 && c->want[w]; w++) {
            int neg = c->want[w][0] == '!';
            int ok = neg ? !strstr(msg, c->want[w] + 1) : contains_alt(msg, c->want[w]);
            check(ok, "'%s': message '%s' %s '%s'", c->mn, msg, neg ? "contains" : "lacks",
                  c->want[w] + neg);
        }
        /* every message names what was given and lists nothing empty */
        if (c->st == PTXCPU_E_PARSE && *c->mn && strlen(c->mn) <= 64)
            check(strstr(msg, c->mn) != NULL, "'%s': message '%s' does not quote the mnemonic",
                  c->mn, msg);
        check(strlen(msg) > 10 && !strstr(msg, "  ") && !strstr(msg, "(null)") &&
                  !strstr(msg, "()") && !strstr(msg, ", )"),
              "'%s': malformed message '%s' (empty, or an empty list)", c->mn, msg);
    }
}

int main(void)
{
    test_table();
    test_targets();
    test_invalid();
    test_parse_n();
    printf("parse: %u passed, %u failed\n", passed, failed);
    return failed != 0;
}
