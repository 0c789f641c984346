/* Error reporting: the per-thread message behind ptxcpu_last_error and the status names. A leaf
 * (it calls nothing else of ptxcpu), so the parser, dispatcher, API glue and launcher all use it. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

/* One message per thread: threads whose calls fail at once each read their own. */
static _Thread_local char last_error[768];

ptxcpu_status ptx_fail(ptxcpu_status s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return s;
}

void ptx_clear_error(void) { last_error[0] = 0; }

const char *ptxcpu_last_error(void) { return last_error; }

const char *ptxcpu_status_name(ptxcpu_status s)
{
    switch (s) {
    case PTXCPU_OK: return "ok";
    case PTXCPU_E_PARSE: return "invalid instruction";
    case PTXCPU_E_TARGET: return "target does not support it";
    case PTXCPU_E_NULL: return "null pointer";
    case PTXCPU_E_RANGE: return "out of range";
    case PTXCPU_E_ALIGN: return "misaligned";
    case PTXCPU_E_ISA: return "ISA unavailable";
    case PTXCPU_E_ARG: return "invalid argument";
    }
    return "unknown status"; /* a value outside the enum, cast by the caller */
}
