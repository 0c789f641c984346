/* The list of emulated tables, from SIMD_EMU_TABLES(X) = X(table symbol, "name") ... that
 * tests/meson.build defines on this file's command line alone, with SIMD_EMU_SKIPPED. */
#include "emu_tables.h"

#include <stddef.h>

#define EMU_DECL(sym, name) extern const struct ptxcpu_kernel_entry sym[PTX_NKERNELS];
SIMD_EMU_TABLES(EMU_DECL)
#undef EMU_DECL

const emu_table emu_tables[] = {
#define EMU_ROW(sym, name) {name, sym},
    SIMD_EMU_TABLES(EMU_ROW)
#undef EMU_ROW
    {NULL, NULL}};

const char emu_skipped[] = SIMD_EMU_SKIPPED;
const char emu_why[] = SIMD_EMU_WHY;
