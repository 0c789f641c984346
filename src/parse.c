/* Mnemonic parser: accepts exactly the spellings of ops.def and explains every other one — which
 * modifier or type is wrong, what the spec allows instead, and the section that says so. */
#include "internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAXTOK 8
#define TOKLEN 24
#define DEFAULT_SM 100 /* target NULL (ptxcpu.h) */

typedef struct toks {
    int n;
    char t[MAXTOK][TOKLEN];
} toks;

/* Splits "mad.rn.f32" into {"mad", "rn", "f32"}; returns 0 (empty part), -1 (a part too long)
 * or -2 (too many parts) on failure. */
static int split(const char *s, toks *out)
{
    out->n = 0;
    const char *p = s;
    for (;;) {
        const char *dot = strchr(p, '.');
        size_t len = dot ? (size_t)(dot - p) : strlen(p);
        if (len == 0)
            return 0;
        if (len >= TOKLEN)
            return -1;
        if (out->n == MAXTOK)
            return -2;
        memcpy(out->t[out->n], p, len);
        out->t[out->n][len] = 0;
        out->n++;
        if (!dot)
            return 1;
        p = dot + 1;
    }
}

static toks row_toks[PTX_NROWS];
static int row_toks_ready;

static void init_row_toks(void)
{
    /* Idempotent and deterministic: racing threads write identical bytes. */
    if (__atomic_load_n(&row_toks_ready, __ATOMIC_ACQUIRE))
        return;
    for (unsigned i = 0; i < PTX_NROWS; i++)
        split(ptx_rows[i].mnem, &row_toks[i]);
    __atomic_store_n(&row_toks_ready, 1, __ATOMIC_RELEASE);
}

static int is_type_tok(const char *t)
{
    /* PTX fundamental and packed type names: u8..u64, s.., b.., f.., bf16, e4m3.., pred, x2 forms */
    if (!strcmp(t, "pred") || !strncmp(t, "bf16", 4) || !strncmp(t, "tf32", 4) ||
        !strncmp(t, "e4m3", 4) || !strncmp(t, "e5m2", 4))
        return 1;
    if (strchr("usbf", t[0]) && isdigit((unsigned char)t[1])) {
        const char *p = t + 1;
        while (isdigit((unsigned char)*p))
            p++;
        return *p == 0 || (p[0] == 'x' && isdigit((unsigned char)p[1]));
    }
    return 0;
}

static const char *category(const char *t)
{
    if (is_type_tok(t)) return "type";
    if (!strcmp(t, "rn") || !strcmp(t, "rz") || !strcmp(t, "rm") || !strcmp(t, "rp"))
        return "rounding modifier";
    if (!strcmp(t, "hi") || !strcmp(t, "lo") || !strcmp(t, "wide")) return "mode";
    if (!strcmp(t, "clamp") || !strcmp(t, "wrap")) return "mode";
    return "modifier";
}

static int has_tok(const toks *k, int from, const char *t)
{
    for (int i = from; i < k->n; i++)
        if (!strcmp(k->t[i], t))
            return 1;
    return 0;
}

static int ntypes(const toks *k)
{
    int n = 0;
    for (int i = 1; i < k->n; i++)
        n += is_type_tok(k->t[i]);
    return n;
}

/* Same instruction types (in order) as the given tokens. */
static int same_types(const toks *a, const toks *b)
{
    int ia = 1, ib = 1;
    for (;;) {
        while (ia < a->n && !is_type_tok(a->t[ia])) ia++;
        while (ib < b->n && !is_type_tok(b->t[ib])) ib++;
        if (ia >= a->n || ib >= b->n)
            return ia >= a->n && ib >= b->n;
        if (strcmp(a->t[ia], b->t[ib]))
            return 0;
        ia++, ib++;
    }
}

static int levenshtein(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la > 40 || lb > 40)
        return 99;
    int d[41][41];
    for (int i = 0; i <= la; i++) d[i][0] = i;
    for (int j = 0; j <= lb; j++) d[0][j] = j;
    for (int i = 1; i <= la; i++)
        for (int j = 1; j <= lb; j++) {
            int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < c) c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c) c = d[i][j - 1] + 1;
            d[i][j] = c;
        }
    return d[la][lb];
}

/* A small string builder for messages. */
typedef struct sb { char s[400]; size_t n; } sb;
static void sb_add(sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_add(sb *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (b->n < sizeof b->s) {
        int w = vsnprintf(b->s + b->n, sizeof b->s - b->n, fmt, ap);
        if (w > 0)
            b->n += (size_t)w;
        if (b->n >= sizeof b->s)
            b->n = sizeof b->s - 1;
    }
    va_end(ap);
}
/* Appends each distinct token of rows in `sel` that satisfies pick(), as ".a, .b". */
static void sb_list_tokens(sb *b, const unsigned char *sel, int (*pick)(const char *))
{
    char seen[64][TOKLEN];
    int nseen = 0;
    for (unsigned i = 0; i < PTX_NROWS; i++) {
        if (!sel[i]) continue;
        for (int k = 1; k < row_toks[i].n; k++) {
            const char *t = row_toks[i].t[k];
            if (!pick(t)) continue;
            int dup = 0;
            for (int s = 0; s < nseen; s++) dup |= !strcmp(seen[s], t);
            if (dup || nseen == 64) continue;
            strcpy(seen[nseen++], t);
            sb_add(b, "%s.%s", nseen > 1 ? ", " : "", t);
        }
    }
}
static void sb_list_sections(sb *b, const unsigned char *sel)
{
    const char *seen[16];
    int nseen = 0;
    sb_add(b, " (");
    for (unsigned i = 0; i < PTX_NROWS; i++) {
        if (!sel[i]) continue;
        int dup = 0;
        for (int s = 0; s < nseen; s++) dup |= !strcmp(seen[s], ptx_rows[i].sec);
        if (dup || nseen == 16) continue;
        seen[nseen++] = ptx_rows[i].sec;
        sb_add(b, "%s%s", nseen > 1 ? ", " : "", ptx_rows[i].sec);
    }
    sb_add(b, ")");
}
static void sb_list_rows(sb *b, const unsigned char *sel, int max)
{
    int n = 0, total = 0;
    for (unsigned i = 0; i < PTX_NROWS; i++) total += sel[i];
    for (unsigned i = 0; i < PTX_NROWS && n < max; i++)
        if (sel[i])
            sb_add(b, "%s%s", n++ ? ", " : "", ptx_rows[i].mnem);
    if (total > max)
        sb_add(b, ", ... (%d forms)", total);
}

/* PTX instructions outside the five sections implemented here, to say so instead of "unknown". */
static const char *const other_ptx[] = {
    "fma", "rcp", "sqrt", "rsqrt", "sin", "cos", "lg2", "ex2", "tanh", "testp",
    "copysign", "cvt", "cvta", "mov", "ld", "st", "setp", "selp", "set", "slct", "and", "or",
    "xor", "not", "cnot", "shl", "shr", "shf", "lop3", "prmt", "vadd", "vsub", "vmad",
    "vabsdiff", "vmin", "vmax", "vset", "vshl", "vshr", NULL};
static int is_float_type(const char *t)
{
    return t[0] == 'f' || !strncmp(t, "bf", 2) || !strncmp(t, "tf", 2) || !strncmp(t, "e4", 2) ||
           !strncmp(t, "e5", 2);
}

static int pick_type(const char *t) { return is_type_tok(t); }
static int pick_mod(const char *t) { return !is_type_tok(t); }
static const char *cat_wanted;
static int pick_cat(const char *t) { return !strcmp(category(t), cat_wanted); }

/* Notes the spec states in its own words, added to the generic message. */
static const char *spec_note(const char *op, const char *mod)
{
    if ((!strcmp(op, "mul") || !strcmp(op, "mad")) && !strcmp(mod, "wide"))
        return ".wide is supported only for 16- and 32-bit integer types";
    return NULL;
}

static ptxcpu_status explain(const char *mn, const toks *k)
{
    unsigned char in_op[PTX_NROWS] = {0}, sel[PTX_NROWS];
    const char *op = k->t[0];
    int nop = 0;
    sb m = {{0}, 0};
    for (unsigned i = 0; i < PTX_NROWS; i++)
        nop += in_op[i] = !strcmp(row_toks[i].t[0], op);

    if (!nop) { /* unknown opcode: suggest the nearest spelling or opcode */
        int best = 99, bi = -1;
        for (unsigned i = 0; i < PTX_NROWS; i++) {
            int d = levenshtein(mn, ptx_rows[i].mnem);
            if (d < best) best = d, bi = (int)i;
        }
        char low[64];
        size_t L = strlen(mn) < 63 ? strlen(mn) : 63;
        for (size_t i = 0; i < L; i++) low[i] = (char)tolower((unsigned char)mn[i]);
        low[L] = 0;
        if (strcmp(low, mn) != 0) {
            for (unsigned i = 0; i < PTX_NROWS; i++)
                if (!strcmp(low, ptx_rows[i].mnem))
                    return ptx_fail(PTXCPU_E_PARSE, "%s: PTX is case-sensitive; did you mean '%s'?",
                                    mn, low);
        }
        for (int i = 0; other_ptx[i]; i++)
            if (!strcmp(op, other_ptx[i]))
                return ptx_fail(PTXCPU_E_PARSE, "%s: '%s' is a PTX instruction outside the sections "
                                "ptxcpu implements: integer (9.7.1), extended precision (9.7.2), "
                                "float sub (9.7.3.4), float mad (9.7.3.7), half add (9.7.4.1)",
                                mn, op);
        int obest = 99;
        const char *oname = NULL;
        for (unsigned i = 0; i < PTX_NROWS; i++) {
            int d = levenshtein(op, row_toks[i].t[0]);
            if (d < obest) obest = d, oname = row_toks[i].t[0];
        }
        if (best <= 2)
            return ptx_fail(PTXCPU_E_PARSE, "%s: unknown instruction '%s'; did you mean '%s'?", mn,
                            op, ptx_rows[bi].mnem);
        if (obest <= 2)
            return ptx_fail(PTXCPU_E_PARSE, "%s: unknown instruction '%s'; did you mean '%s'?", mn,
                            op, oname);
        return ptx_fail(PTXCPU_E_PARSE,
                        "%s: unknown instruction '%s'; ptxcpu implements the integer (9.7.1), "
                        "extended-precision (9.7.2), float sub (9.7.3.4), float mad (9.7.3.7) and "
                        "half add (9.7.4.1) instructions (see `ptxcpu list`)", mn, op);
    }

    /* tokens outside the opcode's vocabulary */
    for (int i = 1; i < k->n; i++) {
        const char *t = k->t[i];
        int known = 0;
        for (unsigned r = 0; r < PTX_NROWS && !known; r++)
            known = in_op[r] && has_tok(&row_toks[r], 1, t);
        if (known) continue;
        int elsewhere = 0;
        for (unsigned r = 0; r < PTX_NROWS && !elsewhere; r++)
            elsewhere = has_tok(&row_toks[r], 1, t);
        if (is_type_tok(t)) {
            sb_add(&m, "%s: %s does not take type .%s; its types are ", mn, op, t);
            sb_list_tokens(&m, in_op, pick_type);
            sb_list_sections(&m, in_op);
            if (is_float_type(t))
                sb_add(&m, "; PTX's other floating-point %s forms are outside the sections "
                       "ptxcpu implements", op);
            return ptx_fail(PTXCPU_E_PARSE, "%s", m.s);
        }
        /* a modifier this opcode never takes: list what the given type allows, if it is one */
        int nsel = 0;
        for (unsigned r = 0; r < PTX_NROWS; r++)
            nsel += sel[r] = in_op[r] && same_types(&row_toks[r], k);
        if (!nsel)
            memcpy(sel, in_op, sizeof sel);
        sb_add(&m, "%s: %s .%s for %s; ", mn, elsewhere ? "no modifier" : "unknown modifier", t,
               op);
        size_t before = m.n;
        sb_add(&m, "%s", op);
        for (int j = 1; nsel && j < k->n; j++)
            if (is_type_tok(k->t[j]))
                sb_add(&m, ".%s", k->t[j]);
        sb_add(&m, " allows ");
        size_t mark = m.n;
        sb_list_tokens(&m, sel, pick_mod);
        if (m.n == mark) {
            m.n = before;
            m.s[m.n] = 0;
            sb_add(&m, "%s takes no modifiers", op);
        }
        sb_list_sections(&m, sel);
        return ptx_fail(PTXCPU_E_PARSE, "%s", m.s);
    }
    for (int i = 1; i < k->n; i++)
        for (int j = i + 1; j < k->n; j++)
            if (!is_type_tok(k->t[i]) && !strcmp(k->t[i], k->t[j]))
                return ptx_fail(PTXCPU_E_PARSE, "%s: .%s is given twice", mn, k->t[i]);

    /* how many types: 1, or 2 for dp4a/dp2a (.atype.btype) */
    int want = 0;
    for (unsigned r = 0; r < PTX_NROWS; r++)
        if (in_op[r]) { want = ntypes(&row_toks[r]); break; }
    int have = ntypes(k);
    if (have != want) {
        if (have == 0)
            sb_add(&m, "%s: missing the type; %s takes ", mn, op);
        else
            sb_add(&m, "%s: %s takes %s type%s (%s), not %d; its types are ", mn, op,
                   want == 2 ? "two" : "one", want == 2 ? "s" : "",
                   want == 2 ? ".atype.btype" : ".type", have);
        sb_list_tokens(&m, in_op, pick_type);
        sb_list_sections(&m, in_op);
        return ptx_fail(PTXCPU_E_PARSE, "%s", m.s);
    }

    /* same tokens in another order */
    for (unsigned r = 0; r < PTX_NROWS; r++) {
        if (!in_op[r] || row_toks[r].n != k->n) continue;
        int all = 1;
        for (int i = 1; i < k->n; i++) all &= has_tok(&row_toks[r], 1, k->t[i]);
        if (all)
            return ptx_fail(PTXCPU_E_PARSE, "%s: modifiers out of order; the spec writes %s (%s)",
                            mn, ptx_rows[r].mnem, ptx_rows[r].sec);
    }

    /* rows of this opcode with the same types */
    unsigned char typed[PTX_NROWS];
    for (unsigned r = 0; r < PTX_NROWS; r++)
        typed[r] = in_op[r] && same_types(&row_toks[r], k);
    int ntyped = 0;
    for (unsigned r = 0; r < PTX_NROWS; r++) ntyped += typed[r];

    /* a modifier that no form of this type has */
    for (int i = 1; i < k->n; i++) {
        const char *t = k->t[i];
        if (is_type_tok(t)) continue;
        int ok = 0;
        for (unsigned r = 0; r < PTX_NROWS && !ok; r++)
            ok = typed[r] && has_tok(&row_toks[r], 1, t);
        if (ok) continue;
        /* forms with the modifier, preferably in the sections this type belongs to */
        int nsel = 0;
        for (unsigned r = 0; r < PTX_NROWS; r++) {
            int same_sec = 0;
            for (unsigned q = 0; q < PTX_NROWS && !same_sec; q++)
                same_sec = typed[q] && !strcmp(ptx_rows[q].sec, ptx_rows[r].sec);
            nsel += sel[r] = in_op[r] && has_tok(&row_toks[r], 1, t) && same_sec;
        }
        if (!nsel)
            for (unsigned r = 0; r < PTX_NROWS; r++)
                sel[r] = in_op[r] && has_tok(&row_toks[r], 1, t);
        if (ntyped == 0) {
            sb_add(&m, "%s: no form of %s has this type", mn, op);
        } else {
            sb_add(&m, "%s: .%s applies only to ", mn, t);
            sb_list_tokens(&m, sel, pick_type);
            sb_list_sections(&m, sel);
            const char *note = spec_note(op, t);
            if (note)
                sb_add(&m, "; %s", note);
        }
        return ptx_fail(PTXCPU_E_PARSE, "%s", m.s);
    }

    /* two modifiers that no form combines; name the rarer one first (".sat", not ".lo") */
    int order[MAXTOK], cnt[MAXTOK], no = 0;
    for (int i = 1; i < k->n; i++) {
        if (is_type_tok(k->t[i])) continue;
        cnt[i] = 0;
        for (unsigned r = 0; r < PTX_NROWS; r++)
            cnt[i] += typed[r] && has_tok(&row_toks[r], 1, k->t[i]);
        /* ties: a plain modifier (.sat) before a mode or rounding (.lo, .rn) */
        cnt[i] = 2 * cnt[i] + (strcmp(category(k->t[i]), "modifier") != 0);
        int at = no++;
        while (at > 0 && cnt[order[at - 1]] > cnt[i]) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = i;
    }
    for (int x = 0; x < no; x++)
        for (int y = 0; y < no; y++) {
            const char *a = k->t[order[x]], *b = k->t[order[y]];
            if (x == y) continue;
            int ok = 0;
            for (unsigned r = 0; r < PTX_NROWS && !ok; r++)
                ok = typed[r] && has_tok(&row_toks[r], 1, a) && has_tok(&row_toks[r], 1, b);
            if (ok) continue;
            for (unsigned r = 0; r < PTX_NROWS; r++)
                sel[r] = typed[r] && has_tok(&row_toks[r], 1, a);
            sb_add(&m, "%s: .%s cannot be combined with .%s; the spec allows ", mn, a, b);
            sb_list_rows(&m, sel, 6);
            sb_list_sections(&m, sel);
            return ptx_fail(PTXCPU_E_PARSE, "%s", m.s);
        }

    /* something required is missing: the forms that contain every given token */
    int best = 99;
    for (unsigned r = 0; r < PTX_NROWS; r++) {
        sel[r] = 0;
        if (!typed[r]) continue;
        int all = 1;
        for (int i = 1; i < k->n; i++) all &= has_tok(&row_toks[r], 1, k->t[i]);
        if (all && row_toks[r].n - k->n < best) best = row_toks[r].n - k->n;
    }
    int nsel = 0;
    for (unsigned r = 0; r < PTX_NROWS; r++) {
        if (!typed[r]) continue;
        int all = 1;
        for (int i = 1; i < k->n; i++) all &= has_tok(&row_toks[r], 1, k->t[i]);
        nsel += sel[r] = all && row_toks[r].n - k->n == best;
    }
    if (nsel) {
        /* the missing category: the first token of a candidate that was not given */
        const char *miss = NULL;
        for (unsigned r = 0; r < PTX_NROWS && !miss; r++)
            if (sel[r])
                for (int i = 1; i < row_toks[r].n && !miss; i++)
                    if (!has_tok(k, 1, row_toks[r].t[i]))
                        miss = row_toks[r].t[i];
        cat_wanted = miss ? category(miss) : "modifier";
        sb_add(&m, "%s: missing %s: ", mn, cat_wanted);
        size_t mark = m.n;
        sb_list_tokens(&m, sel, pick_cat);
        int several = strchr(m.s + mark, ',') != NULL;
        if (several) { /* say "one of" before the list */
            char list[200];
            snprintf(list, sizeof list, "%s", m.s + mark);
            m.n = mark;
            m.s[m.n] = 0;
            sb_add(&m, "one of %s", list);
        }
        sb_add(&m, " is required; e.g. ");
        sb_list_rows(&m, sel, 4);
        sb_list_sections(&m, sel);
        return ptx_fail(PTXCPU_E_PARSE, "%s", m.s);
    }
    sb_add(&m, "%s: not a spelling the spec allows; %s forms of this type: ", mn, op);
    sb_list_rows(&m, typed, 8);
    sb_list_sections(&m, typed);
    return ptx_fail(PTXCPU_E_PARSE, "%s", m.s);
}

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

ptxcpu_status ptxcpu_parse(const char *mnemonic, const char *target, ptxcpu_insn *out)
{
    if (!mnemonic || !out)
        return ptx_fail(PTXCPU_E_NULL, "ptxcpu_parse: %s is NULL", mnemonic ? "out" : "mnemonic");
    init_row_toks();
    unsigned sm;
    if (!parse_target(target, &sm))
        return ptx_fail(PTXCPU_E_TARGET, "unknown target '%s'; targets look like sm_80 (sm_10 "
                        "through sm_121)", target);
    const char *mn = mnemonic;
    if (!*mn)
        return ptx_fail(PTXCPU_E_PARSE, "empty mnemonic");
    if (strlen(mn) > 64)
        return ptx_fail(PTXCPU_E_PARSE, "mnemonic of %zu characters is too long", strlen(mn));
    for (unsigned i = 0; i < PTX_NROWS; i++) {
        if (strcmp(mn, ptx_rows[i].mnem) != 0)
            continue;
        if (sm < ptx_rows[i].sm)
            return ptx_fail(PTXCPU_E_TARGET, "%s requires sm_%u (target is sm_%u)", mn,
                            ptx_rows[i].sm, sm);
        out->op = (uint16_t)i;
        out->sm = (uint16_t)sm;
        ptx_clear_error();
        return PTXCPU_OK;
    }
    if (mn[0] == '@')
        return ptx_fail(PTXCPU_E_PARSE, "%s: the guard predicate is not part of the mnemonic; pass "
                        "guard masks in the batch", mn);
    for (const char *p = mn; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '.' || *p == '_')) {
            unsigned char c = (unsigned char)*p;
            char what[32]; /* a control byte would not show in the message */
            snprintf(what, sizeof what, isprint(c) ? "character '%c'" : "byte 0x%02x", c);
            return ptx_fail(PTXCPU_E_PARSE, "%s: unexpected %s: give the mnemonic alone, without "
                            "operands, e.g. 'add.s32'", mn, what);
        }
    toks k;
    int sp = split(mn, &k);
    if (sp == 0)
        return ptx_fail(PTXCPU_E_PARSE, "%s: empty modifier (a leading, doubled or trailing '.')",
                        mn);
    if (sp == -1)
        return ptx_fail(PTXCPU_E_PARSE, "%s: a part of %d or more characters is no PTX modifier",
                        mn, TOKLEN);
    if (sp == -2)
        return ptx_fail(PTXCPU_E_PARSE, "%s: more than %d dot-separated parts; no spelling has "
                        "more than 6", mn, MAXTOK);
    return explain(mn, &k);
}
