/* The library's error reporting: ptx_fail sets the calling thread's message (ptxcpu_last_error)
 * and returns the status. Defined in error.c, a leaf that calls nothing else of ptxcpu. */
#ifndef PTXCPU_ERROR_H
#define PTXCPU_ERROR_H

#include "ptxcpu.h"

/* Internal symbols stay out of the shared library's interface (also without -fvisibility). Here,
 * in the lowest internal header, so that error.c needs nothing else; internal.h includes it. */
#if defined(__GNUC__) && !defined(_WIN32)
#define PTX_HIDDEN __attribute__((visibility("hidden")))
#else
#define PTX_HIDDEN
#endif

/* Sets this thread's message, printf-style; returns s, for `return ptx_fail(...)`. */
PTX_HIDDEN ptxcpu_status ptx_fail(ptxcpu_status s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Empties this thread's message (a successful ptxcpu_parse leaves ""). */
PTX_HIDDEN void ptx_clear_error(void);

#endif
