/* Mnemonic parser: ptxcpu_parse and ptxcpu_parse_n accept exactly the spellings of ops.def on a
 * known target; why any other mnemonic fails is src/parse_explain.c's to say. */
#include "internal.h"
#include "parse_explain.h"

#include <ctype.h>
#include <string.h>

#define DEFAULT_SM 100 /* target NULL (ptxcpu_core.h) */

/* ---- targets ------------------------------------------------------------------------------ */
static const unsigned known_sm[] = {10, 11, 12, 13, 20, 21, 30, 32, 35, 37, 50, 52, 53, 60, 61,
                                    62, 70, 72, 75, 80, 86, 87, 88, 89, 90, 100, 101, 103, 110,
                                    120, 121};

/* "sm_80" (or sm_90a, sm_100f) into 80; NULL is the default target. 0 if not a known target. */
static int parse_target(const char *s, unsigned *sm)
{
    if (!s) {
        *sm = DEFAULT_SM;
        return 1;
    }
    if (strncmp(s, "sm_", 3) != 0 || !isdigit((unsigned char)s[3]) || s[3] == '0')
        return 0;
    unsigned v = 0;
    const char *p = s + 3;
    while (isdigit((unsigned char)*p) && v < 10000)
        v = v * 10 + (unsigned)(*p++ - '0');
    if (*p == 'a' || *p == 'f') /* arch- and family-specific targets: same instructions here */
        p++;
    if (*p)
        return 0;
    for (size_t i = 0; i < sizeof known_sm / sizeof known_sm[0]; i++)
        if (known_sm[i] == v) {
            *sm = v;
            return 1;
        }
    return 0;
}

/* ---- ptxcpu_parse -------------------------------------------------------------------------- */
/* ptxcpu_parse (nsrc 0), ptxcpu_parse_n (ndst 1) and ptxcpu_parse_form; fn names the entry
 * point in NULL messages. */
static ptxcpu_status parse_n(const char *fn, const char *mnemonic, unsigned ndst, unsigned nsrc,
                             const char *target, ptxcpu_insn *out)
{
    if (!mnemonic || !out)
        return ptx_fail(PTXCPU_E_NULL, "%s: %s is NULL", fn, mnemonic ? "out" : "mnemonic");
    unsigned sm;
    if (!parse_target(target, &sm))
        return ptx_fail(PTXCPU_E_TARGET, "unknown target '%s'; targets look like sm_80 (sm_10 "
                        "through sm_121)", target);
    const char *mn = mnemonic;
    if (!*mn)
        return ptx_fail(PTXCPU_E_PARSE, "empty mnemonic");
    if (strlen(mn) > 64)
        return ptx_fail(PTXCPU_E_PARSE, "mnemonic of %zu characters is too long", strlen(mn));
    int i = ptx_find_spelling(mn, ndst, nsrc);
    if (i >= 0) {
        if (sm < ptx_rows[i].sm)
            return ptx_fail(PTXCPU_E_TARGET, "%s requires sm_%u (target is sm_%u)", mn,
                            ptx_rows[i].sm, sm);
        out->op = (uint16_t)i;
        out->sm = (uint16_t)sm;
        ptx_clear_error();
        return PTXCPU_OK;
    }
    return ptx_explain_mnemonic(mn, ndst, nsrc);
}

ptxcpu_status ptxcpu_parse(const char *mnemonic, const char *target, ptxcpu_insn *out)
{
    return parse_n("ptxcpu_parse", mnemonic, 1, 0, target, out);
}

ptxcpu_status ptxcpu_parse_n(const char *mnemonic, unsigned nsrc, const char *target,
                             ptxcpu_insn *out)
{
    return parse_n("ptxcpu_parse_n", mnemonic, 1, nsrc, target, out);
}

ptxcpu_status ptxcpu_parse_form(const char *mnemonic, unsigned ndst, unsigned nsrc,
                                const char *target, ptxcpu_insn *out)
{
    if (ndst > 4)
        return ptx_fail(PTXCPU_E_PARSE, "%s: no form writes %u destination registers (at most "
                        "4)", mnemonic ? mnemonic : "(NULL)", ndst);
    return parse_n("ptxcpu_parse_form", mnemonic, ndst, nsrc, target, out);
}
