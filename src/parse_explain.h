/* Why a mnemonic failed to parse (src/parse_explain.c): the one entry point src/parse.c calls once
 * ptx_find_spelling has no row of the mnemonic. */
#ifndef PTXCPU_PARSE_EXPLAIN_H
#define PTXCPU_PARSE_EXPLAIN_H

#include "internal.h"

/* mn (not empty, at most 64 characters) has no row with ndst destination registers (0 or 1: a
 * plain d) and nsrc sources (0: any count). Sets this thread's message to why (a wrong count of
 * destinations or sources, a character or part no spelling has,
 * the modifier or type that is wrong and what the spec allows instead) and returns
 * PTXCPU_E_PARSE. */
PTX_HIDDEN ptxcpu_status ptx_explain_mnemonic(const char *mn, unsigned ndst, unsigned nsrc);

#endif
