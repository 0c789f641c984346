/* Why a mnemonic is no spelling (ptxcpu_parse's failure messages): the mnemonic split into its
 * parts, compared with the parts of every row, and the first of nine rules that applies. */
#include "parse_explain.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAXTOK 8
#define TOKLEN 24

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

/* Every spelling split into its parts, which explaining a failure compares against. Built once
 * (pthread_once: the first failing parse of any thread), read-only after. */
static toks row_toks[PTX_NROWS];
static pthread_once_t row_toks_once = PTHREAD_ONCE_INIT;

static void split_rows(void)
{
    for (unsigned i = 0; i < PTX_NROWS; i++)
        split(ptx_rows[i].mnem, &row_toks[i]);
}

static int is_type_tok(const char *t)
{
    /* PTX fundamental and packed type names: u8..u64, s.., b.., f.., bf16, e4m3.., pred, x2 forms */
    if (!strcmp(t, "pred") || !strncmp(t, "bf16", 4) || !strncmp(t, "tf32", 4) ||
        !strncmp(t, "e4m3", 4) || !strncmp(t, "e5m2", 4) || !strncmp(t, "e2m3", 4) ||
        !strncmp(t, "e3m2", 4) || !strncmp(t, "e2m1", 4) || !strncmp(t, "ue8m0", 5) ||
        !strncmp(t, "s2f6", 4))
        return 1;
    if (strchr("usbf", t[0]) && isdigit((unsigned char)t[1])) {
        const char *p = t + 1;
        while (isdigit((unsigned char)*p))
            p++;
        return *p == 0 || (p[0] == 'x' && isdigit((unsigned char)p[1]));
    }
    return 0;
}

static int is_float_type(const char *t)
{
    return t[0] == 'f' || !strncmp(t, "bf", 2) || !strncmp(t, "tf", 2) || !strncmp(t, "e4", 2) ||
           !strncmp(t, "e5", 2) || !strncmp(t, "e2", 2) || !strncmp(t, "e3", 2) ||
           !strncmp(t, "ue8", 3) || !strncmp(t, "s2f", 3);
}

/* What a part is, in the words of the messages; "type" exactly when is_type_tok. */
static const char *category(const char *t)
{
    if (is_type_tok(t)) return "type";
    if (!strcmp(t, "rn") || !strcmp(t, "rz") || !strcmp(t, "rm") || !strcmp(t, "rp") ||
        !strcmp(t, "approx") || !strcmp(t, "full") || /* div/rcp/sqrt need one of these (9.7.3.8) */
        !strcmp(t, "rni") || !strcmp(t, "rzi") || !strcmp(t, "rmi") || !strcmp(t, "rpi"))
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

/* The first type part of k ("" if none). */
static const char *first_type(const toks *k)
{
    for (int i = 1; i < k->n; i++)
        if (is_type_tok(k->t[i]))
            return k->t[i];
    return "";
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

/* Whether row r has part t after its opcode. */
static int row_has(unsigned r, const char *t) { return has_tok(&row_toks[r], 1, t); }

/* Whether row r has every part of k after the opcode, in any order. */
static int row_has_all(unsigned r, const toks *k)
{
    for (int i = 1; i < k->n; i++)
        if (!row_has(r, k->t[i]))
            return 0;
    return 1;
}

/* Whether some row in `rows` has part t (rows: one flag per row). */
static int rows_have(const unsigned char *rows, const char *t)
{
    for (unsigned r = 0; r < PTX_NROWS; r++)
        if (rows[r] && row_has(r, t))
            return 1;
    return 0;
}

/* Whether any row, of any opcode, has part t. */
static int any_row_has(const char *t)
{
    for (unsigned r = 0; r < PTX_NROWS; r++)
        if (row_has(r, t))
            return 1;
    return 0;
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

/* ---- messages -------------------------------------------------------------------------------
 * A small string builder (it truncates at its size, as the messages always have), and the lists
 * of the rows in a selection (one flag per row) that the messages name. */
typedef struct sb { char s[600]; size_t n; } sb;
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

/* Takes back what was added after the first n characters. */
static void sb_cut(sb *b, size_t n)
{
    b->n = n;
    b->s[n] = 0;
}

/* Appends each distinct part of the rows in sel whose category() is cat, as ".a, .b"; cat NULL:
 * every part but types (modifiers, modes and roundings alike). Parts in given (if not NULL) are
 * left out. */
static void sb_list_tokens(sb *b, const unsigned char *sel, const char *cat, const toks *given)
{
    char seen[24][2 * TOKLEN];
    int nseen = 0, cut = 0;
    for (unsigned i = 0; i < PTX_NROWS; i++) {
        if (!sel[i]) continue;
        for (int k = 1; k < row_toks[i].n; k++) {
            char t[2 * TOKLEN];
            snprintf(t, sizeof t, "%s", row_toks[i].t[k]);
            if (cat ? strcmp(category(t), cat) != 0 : is_type_tok(t)) continue;
            if (given && has_tok(given, 1, t)) continue;
            /* consecutive types are one choice: mixed precision's .f32.f16, set's .dtype.stype,
             * cvt.pack's .u8.s32.b32 */
            while (is_type_tok(row_toks[i].t[k]) && k + 1 < row_toks[i].n && is_type_tok(row_toks[i].t[k + 1]) &&
                   strlen(t) + 1 + strlen(row_toks[i].t[k + 1]) < sizeof t)
                strcat(strcat(t, "."), row_toks[i].t[++k]);
            int dup = 0;
            for (int s = 0; s < nseen; s++) dup |= !strcmp(seen[s], t);
            if (dup) continue;
            if (nseen == 24) { /* (the rest: an ellipsis, so that the notes after fit) */
                cut = 1;
                continue;
            }
            strcpy(seen[nseen++], t);
            sb_add(b, "%s.%s", nseen > 1 ? ", " : "", t);
        }
    }
    if (cut)
        sb_add(b, ", ... (`ptxcpu list` has them all)");
}

/* Appends " (9.7.1.1, 9.7.1.2)": the distinct sections of the rows in sel. */
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

/* Appends the spellings of the first `max` rows in sel, and their count if there are more. */
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

/* ---- explaining a failure -------------------------------------------------------------------
 * explain_parts() tries nine rules in order; the first that recognises the mistake writes the message.
 * They share a context on the failing call's stack (no file-scope state: threads whose parses
 * fail at once never meet): the mnemonic and its parts, the rows of its opcode and of its types,
 * the rows a message lists, and the message. */
typedef struct why {
    const char *mn;                 /* the mnemonic as given */
    const toks *k;                  /* its parts; k->t[0] is the opcode */
    const char *op;                 /* k->t[0] */
    unsigned char in_op[PTX_NROWS]; /* rows of this opcode */
    int nop;
    unsigned char typed[PTX_NROWS]; /* rows of this opcode with the given types, in order */
    int ntyped;
    unsigned char sel[PTX_NROWS];   /* the rows the message lists; each rule fills it */
    sb m;                           /* the message */
} why;

static void why_init(why *w, const char *mn, const toks *k)
{
    memset(w, 0, sizeof *w);
    w->mn = mn;
    w->k = k;
    w->op = k->t[0];
    for (unsigned r = 0; r < PTX_NROWS; r++) {
        w->nop += w->in_op[r] = !strcmp(row_toks[r].t[0], w->op);
        w->ntyped += w->typed[r] = w->in_op[r] && same_types(&row_toks[r], k);
    }
}

/* Every PTX instruction opcode the messages recognise, implemented or not. Consulted only once
 * the table has no row of the opcode (outside_sections, within rule 1), to say "a PTX instruction
 * outside the sections ptxcpu implements" instead of "unknown"; the table's own opcodes are here
 * too, so adding (or removing) a family never needs to edit it. */
static const char *const ptx_opcodes[] = {
    /* integer and extended precision (9.7.1, 9.7.2) */
    "add", "sub", "mul", "mad", "mul24", "mad24", "sad", "div", "rem", "abs", "neg", "min", "max",
    "popc", "clz", "bfind", "fns", "brev", "bfe", "bfi", "szext", "bmsk", "dp4a", "dp2a", "addc",
    "subc", "madc",
    /* floating point, half and mixed precision (9.7.3 to 9.7.5) */
    "testp", "copysign", "fma", "rcp", "sqrt", "rsqrt", "sin", "cos", "lg2", "ex2", "tanh",
    /* comparison and selection, logic and shift, data movement and conversion */
    "setp", "selp", "set", "slct", "and", "or", "xor", "not", "cnot", "shl", "shr", "shf", "lop3",
    "prmt", "mov", "ld", "st", "cvt", "cvta",
    /* video */
    "vadd", "vsub", "vmad", "vabsdiff", "vmin", "vmax", "vset", "vshl", "vshr", NULL};

/* The mnemonic in lower case is a spelling: PTX is case-sensitive. */
static int case_slip(why *w)
{
    char low[64];
    size_t len = strlen(w->mn) < 63 ? strlen(w->mn) : 63;
    for (size_t i = 0; i < len; i++) low[i] = (char)tolower((unsigned char)w->mn[i]);
    low[len] = 0;
    if (!strcmp(low, w->mn))
        return 0;
    for (unsigned i = 0; i < PTX_NROWS; i++)
        if (!strcmp(low, ptx_rows[i].mnem)) {
            sb_add(&w->m, "%s: PTX is case-sensitive; did you mean '%s'?", w->mn, low);
            return 1;
        }
    return 0;
}

/* Is row r the first of its chapter (chlen characters of its section) with its opcode? */
static int first_op_in_chapter(unsigned r, size_t chlen)
{
    for (unsigned i = 0; i < r; i++)
        if (!strncmp(ptx_rows[i].sec, ptx_rows[r].sec, chlen) &&
            !strcmp(row_toks[i].t[0], row_toks[r].t[0]))
            return 0;
    return 1;
}

/* Appends the sections the table implements, from its rows (so the list cannot go stale):
 * "integer (9.7.1), extended precision (9.7.2), floating point (9.7.3: copysign, add, ...), ..."
 * (a chapter implemented in part names its opcodes, each once). */
static void add_sections(sb *b)
{
    static const struct { const char *chapter, *name; int whole; } kinds[] = {
        {"9.7.1.", "integer", 1}, {"9.7.2.", "extended precision", 1},
        {"9.7.3.", "floating point", 0}, {"9.7.4.", "half precision", 0},
        {"9.7.5.", "mixed precision", 0}, {"9.7.6.", "comparison and selection", 1},
        {"9.7.7.", "half comparison", 1}, {"9.7.8.", "logic and shift", 1}};
    for (size_t k = 0, n = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        size_t len = strlen(kinds[k].chapter), ops = 0;
        for (unsigned r = 0; r < PTX_NROWS && !(kinds[k].whole && ops); r++) {
            /* (a whole chapter: its first row is enough; the opcode test is quadratic) */
            const char *sec = ptx_rows[r].sec;
            if (strncmp(sec, kinds[k].chapter, len) ||
                (!kinds[k].whole && !first_op_in_chapter(r, len)))
                continue;
            if (ops == 0)
                sb_add(b, "%s%s (%.*s%s", n++ ? ", " : "", kinds[k].name, (int)len - 1, sec,
                       kinds[k].whole ? "" : ": ");
            if (!kinds[k].whole)
                sb_add(b, "%s%s", ops ? ", " : "", row_toks[r].t[0]);
            ops++;
        }
        if (ops)
            sb_add(b, ")");
    }
}

/* The opcode is a PTX instruction, of a section ptxcpu does not implement. */
static int outside_sections(why *w)
{
    if (w->nop) /* the table has the opcode: never "outside" (rule 1 has returned already) */
        return 0;
    for (int i = 0; ptx_opcodes[i]; i++)
        if (!strcmp(w->op, ptx_opcodes[i])) {
            sb_add(&w->m, "%s: '%s' is a PTX instruction outside the sections ptxcpu implements: ",
                   w->mn, w->op);
            add_sections(&w->m);
            return 1;
        }
    return 0;
}

/* Within two edits of a spelling (first choice) or of an opcode: the first nearest one. */
static int near_miss(why *w)
{
    int best = 99, obest = 99;
    const char *name = NULL, *oname = NULL;
    for (unsigned i = 0; i < PTX_NROWS; i++) {
        int d = levenshtein(w->mn, ptx_rows[i].mnem), od = levenshtein(w->op, row_toks[i].t[0]);
        if (d < best) best = d, name = ptx_rows[i].mnem;
        if (od < obest) obest = od, oname = row_toks[i].t[0];
    }
    if (best > 2 && obest > 2)
        return 0;
    sb_add(&w->m, "%s: unknown instruction '%s'; did you mean '%s'?", w->mn, w->op,
           best <= 2 ? name : oname);
    return 1;
}

/* Rule 1, an opcode no row has: a case slip, an instruction of another section, a near miss, or
 * else the sections ptxcpu implements. */
static int unknown_opcode(why *w)
{
    if (w->nop)
        return 0;
    if (case_slip(w) || outside_sections(w) || near_miss(w))
        return 1;
    sb_add(&w->m, "%s: unknown instruction '%s'; ptxcpu implements ", w->mn, w->op);
    add_sections(&w->m);
    sb_add(&w->m, " (see `ptxcpu list`)");
    return 1;
}

/* A type the opcode never takes: its types, and whether PTX has other float forms of it. */
static int op_has_types(const unsigned char *sel)
{
    for (unsigned i = 0; i < PTX_NROWS; i++)
        for (int k = 1; sel[i] && k < row_toks[i].n; k++)
            if (is_type_tok(row_toks[i].t[k]))
                return 1;
    return 0;
}

static void foreign_type(why *w, const char *t)
{
    if (!op_has_types(w->in_op)) { /* (elect.sync) */
        sb_add(&w->m, "%s: %s takes no type", w->mn, w->op);
        sb_list_sections(&w->m, w->in_op);
        return;
    }
    sb_add(&w->m, "%s: %s does not take type .%s; its types are ", w->mn, w->op, t);
    sb_list_tokens(&w->m, w->in_op, "type", NULL);
    sb_list_sections(&w->m, w->in_op);
    if (is_float_type(t))
        sb_add(&w->m, "; PTX's other floating-point %s forms are outside the sections ptxcpu "
               "implements", w->op);
}

/* A modifier the opcode never takes ("no modifier" if another opcode has it): what the forms of
 * the given types allow, or, if no form has them, what all forms of the opcode allow. */
static void foreign_modifier(why *w, const char *t)
{
    const unsigned char *rows = w->ntyped ? w->typed : w->in_op;
    sb_add(&w->m, "%s: %s .%s for %s; ", w->mn,
           any_row_has(t) ? "no modifier" : "unknown modifier", t, w->op);
    size_t before = w->m.n;
    sb_add(&w->m, "%s", w->op);
    for (int j = 1; w->ntyped && j < w->k->n; j++)
        if (is_type_tok(w->k->t[j]))
            sb_add(&w->m, ".%s", w->k->t[j]);
    sb_add(&w->m, " allows ");
    size_t mark = w->m.n;
    sb_list_tokens(&w->m, rows, NULL, NULL);
    if (w->m.n == mark) {
        sb_cut(&w->m, before);
        sb_add(&w->m, "%s takes no modifiers", w->op);
    }
    sb_list_sections(&w->m, rows);
}

/* Rule 2, a part that no form of the opcode has (the first such): a type, else a modifier (a
 * foreign type says more: cvt.rn.f32.u32 is one of PTX's float forms, not a wrong .rn). */
static int foreign_part(why *w)
{
    for (int types = 1; types >= 0; types--)
        for (int i = 1; i < w->k->n; i++) {
            const char *t = w->k->t[i];
            if (rows_have(w->in_op, t) || is_type_tok(t) != types)
                continue;
            if (types)
                foreign_type(w, t);
            else
                foreign_modifier(w, t);
            return 1;
        }
    return 0;
}

/* Rule 3, a modifier given twice (a repeated type is a count of types: rule 4). */
static int given_twice(why *w)
{
    const toks *k = w->k;
    for (int i = 1; i < k->n; i++)
        for (int j = i + 1; j < k->n; j++)
            if (!is_type_tok(k->t[i]) && !strcmp(k->t[i], k->t[j])) {
                sb_add(&w->m, "%s: .%s is given twice", w->mn, k->t[i]);
                return 1;
            }
    return 0;
}

/* Rule 4, a count of types no form of the opcode has: one, two for dp4a/dp2a (.atype.btype),
 * one or two for add/sub/fma (.type, or .f32.atype in mixed precision, 9.7.5). */
static int type_count(why *w)
{
    int have = ntypes(w->k), one = 0, two = 0, two_here = 0, three = 0;
    if (!op_has_types(w->in_op)) /* (elect.sync: the other rules name what is missing) */
        return 0;
    for (unsigned r = 0; r < PTX_NROWS; r++)
        if (w->in_op[r]) {
            int n = ntypes(&row_toks[r]);
            one |= n == 1, two |= n == 2, three |= n == 3; /* (cvt.pack's .u8.s32.b32) */
            two_here |= n == 2 && !strcmp(first_type(&row_toks[r]), first_type(w->k));
        }
    /* where an opcode has both, two types are the mixed-precision pair only after its .f32 */
    if ((have == 1 && one) || (have == 2 && two && (!one || two_here)) || (have == 3 && three))
        return 0;
    if (have == 0)
        sb_add(&w->m, "%s: missing the type; %s takes ", w->mn, w->op);
    else
        sb_add(&w->m, "%s: %s takes %s, not %d; its types are ", w->mn, w->op,
               one && two ? "one type (.type), or two in mixed precision (.f32.atype)"
               : two      ? (!strncmp(w->op, "dp", 2) ? "two types (.atype.btype)"
                             : !strcmp(w->op, "set") ? "two types (.dtype.stype)"
                             : three ? "two types (.dtype.atype), or three (cvt.pack's .u8.s32.b32)"
                                                     : "two types (.dtype.atype)")
                          : "one type (.type)",
               have);
    sb_list_tokens(&w->m, w->in_op, "type", NULL);
    sb_list_sections(&w->m, w->in_op);
    return 1;
}

/* Whether k has every part of row after the opcode. */
static int has_all(const toks *k, const toks *row)
{
    for (int i = 1; i < row->n; i++)
        if (!has_tok(k, 1, row->t[i]))
            return 0;
    return 1;
}

/* Whether k's types are in row's order (two types in the other order are another instruction:
 * set.eq.f16.u32 is no misspelt set.eq.u32.f16) */
static int types_in_order(const toks *k, const toks *row)
{
    return !strcmp(first_type(k), first_type(row));
}

/* Rule 5, the parts of a form in another order (its types in theirs). */
static int out_of_order(why *w)
{
    for (unsigned r = 0; r < PTX_NROWS; r++)
        if (w->in_op[r] && row_toks[r].n == w->k->n && row_has_all(r, w->k) &&
            has_all(w->k, &row_toks[r]) && types_in_order(w->k, &row_toks[r])) {
            /* (the same parts: add.f32.f32 is not add.sat.f32) */
            sb_add(&w->m, "%s: modifiers out of order; the spec writes %s (%s)", w->mn,
                   ptx_rows[r].mnem, ptx_rows[r].sec);
            return 1;
        }
    return 0;
}

/* Whether row r is in a section of some form of the given types. */
static int in_typed_section(const why *w, unsigned r)
{
    for (unsigned q = 0; q < PTX_NROWS; q++)
        if (w->typed[q] && !strcmp(ptx_rows[q].sec, ptx_rows[r].sec))
            return 1;
    return 0;
}

/* sel: the opcode's forms with modifier t, those in the given types' sections if there are any
 * (.sat on add.u32 points to add.sat.s32 of 9.7.1.1, not to half add's .sat). Returns 0 when
 * there are none there (the forms listed are then of other sections). */
static int forms_with(why *w, const char *t)
{
    int nsel = 0;
    for (unsigned r = 0; r < PTX_NROWS; r++)
        nsel += w->sel[r] = w->in_op[r] && row_has(r, t) && in_typed_section(w, r);
    if (!nsel)
        for (unsigned r = 0; r < PTX_NROWS; r++)
            w->sel[r] = w->in_op[r] && row_has(r, t);
    return nsel != 0;
}

/* Appends what the given types' forms take in t's category instead, with their sections:
 * "; the .f16 forms of add (9.7.4.1) take .rn" (or "take no modifier"). */
static void typed_forms_take(why *w, const char *t)
{
    sb_add(&w->m, "; the");
    for (int i = 1; i < w->k->n; i++)
        if (is_type_tok(w->k->t[i]))
            sb_add(&w->m, " .%s", w->k->t[i]);
    sb_add(&w->m, " forms of %s", w->op);
    sb_list_sections(&w->m, w->typed);
    sb_add(&w->m, " take ");
    size_t before = w->m.n;
    sb_list_tokens(&w->m, w->typed, category(t), NULL);
    if (w->m.n == before)
        sb_add(&w->m, "no %s", category(t));
}

/* Notes the spec states in its own words, added to the generic message. */
static const char *spec_note(const char *op, const char *mod)
{
    if ((!strcmp(op, "mul") || !strcmp(op, "mad")) && !strcmp(mod, "wide"))
        return ".wide is supported only for 16- and 32-bit integer types";
    return NULL;
}

/* Rule 6 (and 9) when no form has the given types: the opcode's types. */
static int no_such_types(why *w)
{
    sb_add(&w->m, "%s: no form of %s has the type%s", w->mn, w->op, ntypes(w->k) > 1 ? "s" : "");
    for (int i = 1; i < w->k->n; i++)
        if (is_type_tok(w->k->t[i]))
            sb_add(&w->m, " .%s", w->k->t[i]);
    /* two types (set's .dtype.stype, slct's): the forms of the given last type, else of the
     * given first one, else every form */
    const char *last = w->k->t[w->k->n - 1], *first = first_type(w->k);
    for (int pass = 0; pass < 2 && ntypes(w->k) == 2; pass++) {
        int n = 0;
        for (unsigned r = 0; r < PTX_NROWS; r++)
            n += w->sel[r] = w->in_op[r] && ntypes(&row_toks[r]) == 2 &&
                             !strcmp(pass ? first_type(&row_toks[r])
                                          : row_toks[r].t[row_toks[r].n - 1],
                                     pass ? first : last);
        if (n) {
            sb_add(&w->m, "; with .%s %s it takes ", pass ? first : last,
                   pass ? "first" : "last");
            sb_list_tokens(&w->m, w->sel, "type", NULL);
            sb_list_sections(&w->m, w->sel);
            return 1;
        }
    }
    sb_add(&w->m, "; its types are ");
    sb_list_tokens(&w->m, w->in_op, "type", NULL);
    sb_list_sections(&w->m, w->in_op);
    return 1;
}

/* Rule 6 for a rounding the given types' forms do not take (cvt.rn.s32.f32: float to integer
 * rounds by .rni ...; cvt.rn.f32.f16: widening takes none): the roundings they take. */
static int rounding_not_for_type(why *w, const char *t)
{
    sb_add(&w->m, "%s: .%s is not a rounding of the", w->mn, t);
    for (int i = 1; i < w->k->n; i++)
        if (is_type_tok(w->k->t[i]))
            sb_add(&w->m, " .%s", w->k->t[i]);
    sb_add(&w->m, " forms of %s; they take ", w->op);
    size_t before = w->m.n;
    sb_list_tokens(&w->m, w->typed, "rounding modifier", NULL);
    if (w->m.n == before) { /* (or one of their own: cvt.rs's x4 forms) */
        sb_add(&w->m, "no rounding modifier; e.g. ");
        sb_list_rows(&w->m, w->typed, 2);
    }
    sb_list_sections(&w->m, w->typed);
    return 1;
}

/* Rule 6, a modifier that no form of the given types has: the types whose forms have it. */
static int modifier_not_for_type(why *w)
{
    for (int i = 1; i < w->k->n; i++) {
        const char *t = w->k->t[i];
        if (is_type_tok(t) || rows_have(w->typed, t))
            continue;
        if (w->ntyped == 0)
            return no_such_types(w);
        if (!strcmp(w->op, "cvt") && !strcmp(category(t), "rounding modifier"))
            return rounding_not_for_type(w, t);
        int here = forms_with(w, t);
        sb_add(&w->m, "%s: .%s applies only to ", w->mn, t);
        sb_list_tokens(&w->m, w->sel, "type", NULL);
        sb_list_sections(&w->m, w->sel);
        if (!here) /* forms of other sections: say what the given types' own section allows */
            typed_forms_take(w, t);
        const char *note = spec_note(w->op, t);
        if (note)
            sb_add(&w->m, "; %s", note);
        return 1;
    }
    return 0;
}

/* The given modifiers (indexes into k), the rarest among the forms of the given types first;
 * ties: a plain modifier (.sat) before a mode or rounding (.lo, .rn). Returns how many. */
static int by_rarity(const why *w, int order[MAXTOK])
{
    int cnt[MAXTOK], no = 0;
    for (int i = 1; i < w->k->n; i++) {
        const char *t = w->k->t[i];
        if (is_type_tok(t)) continue;
        int c = 0;
        for (unsigned r = 0; r < PTX_NROWS; r++)
            c += w->typed[r] && row_has(r, t);
        cnt[i] = 2 * c + (strcmp(category(t), "modifier") != 0);
        int at = no++;
        while (at > 0 && cnt[order[at - 1]] > cnt[i]) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = i;
    }
    return no;
}

/* Whether a form of the given types has both a and b. */
static int combined(const why *w, const char *a, const char *b)
{
    for (unsigned r = 0; r < PTX_NROWS; r++)
        if (w->typed[r] && row_has(r, a) && row_has(r, b))
            return 1;
    return 0;
}

/* Rule 7, two modifiers that no form of the given types combines: the rarer one named first
 * (".sat", not ".lo"), with the forms that have it. */
static int not_combined(why *w)
{
    int order[MAXTOK], no = by_rarity(w, order);
    for (int x = 0; x < no; x++)
        for (int y = 0; y < no; y++) {
            const char *a = w->k->t[order[x]], *b = w->k->t[order[y]];
            if (x == y || combined(w, a, b))
                continue;
            for (unsigned r = 0; r < PTX_NROWS; r++)
                w->sel[r] = w->typed[r] && row_has(r, a);
            sb_add(&w->m, "%s: .%s cannot be combined with .%s; the spec allows ", w->mn, a, b);
            sb_list_rows(&w->m, w->sel, 6);
            sb_list_sections(&w->m, w->sel);
            return 1;
        }
    return 0;
}

/* sel: the forms of the given types that hold every given part and the fewest parts more;
 * returns how many. */
static int fewest_additions(why *w)
{
    int best = 99, nsel = 0, n = w->k->n;
    for (unsigned r = 0; r < PTX_NROWS; r++)
        if (w->typed[r] && row_has_all(r, w->k) && row_toks[r].n - n < best)
            best = row_toks[r].n - n;
    for (unsigned r = 0; r < PTX_NROWS; r++)
        nsel += w->sel[r] = w->typed[r] && row_has_all(r, w->k) && row_toks[r].n - n == best;
    return nsel;
}

/* What sel's forms add: the category of the first part of one of them that was not given. */
static const char *missing_category(const why *w)
{
    for (unsigned r = 0; r < PTX_NROWS; r++)
        if (w->sel[r])
            for (int i = 1; i < row_toks[r].n; i++)
                if (!has_tok(w->k, 1, row_toks[r].t[i]))
                    return category(row_toks[r].t[i]);
    return "modifier";
}

/* Rule 8, something required is missing (mul's mode, mad.f64's rounding): the parts of that
 * category the nearest forms have, and those forms. */
static int missing_part(why *w)
{
    if (!fewest_additions(w))
        return 0;
    const char *cat = missing_category(w);
    sb_add(&w->m, "%s: missing %s: ", w->mn, cat);
    size_t mark = w->m.n;
    sb_list_tokens(&w->m, w->sel, cat, w->k); /* (what was given is not missing) */
    if (strchr(w->m.s + mark, ',')) { /* several: say "one of" before the list */
        char list[200];
        snprintf(list, sizeof list, "%s", w->m.s + mark);
        sb_cut(&w->m, mark);
        sb_add(&w->m, "one of %s", list);
    }
    sb_add(&w->m, " is required; e.g. ");
    sb_list_rows(&w->m, w->sel, 4);
    sb_list_sections(&w->m, w->sel);
    return 1;
}

/* Rule 9, anything else: the forms of the given types. */
static int other_spelling(why *w)
{
    if (w->ntyped == 0)
        return no_such_types(w);
    sb_add(&w->m, "%s: not a spelling the spec allows; %s forms of this type: ", w->mn, w->op);
    sb_list_rows(&w->m, w->typed, 8);
    sb_list_sections(&w->m, w->typed);
    return 1;
}

/* Why mn, split into k, is no spelling: the message of the first rule that applies. */
static ptxcpu_status explain_parts(const char *mn, const toks *k)
{
    static int (*const rules[])(why *) = {
        unknown_opcode, foreign_part, given_twice, type_count, out_of_order,
        modifier_not_for_type, not_combined, missing_part, other_spelling,
    };
    pthread_once(&row_toks_once, split_rows);
    why w;
    why_init(&w, mn, k);
    for (size_t i = 0; !rules[i](&w); i++)
        ; /* other_spelling always applies */
    return ptx_fail(PTXCPU_E_PARSE, "%s", w.m.s);
}

/* ---- before the rules: a count of sources, a foreign character, a mnemonic split() refuses -- */
/* Whether mn is some row's spelling, of any counts */
static int spelled(const char *mn)
{
    for (unsigned nd = 1; nd <= 4; nd++)
        if (ptx_find_spelling(mn, nd, 0) >= 0)
            return 1;
    return 0;
}

/* mn is a spelling, but of no row with ndst destination registers and nsrc sources: the counts
 * it has, e.g. "min.abs.f32 takes 3 sources (a, b, c), not 2; 9.7.3.11"; mov's unpack forms
 * (a vector d) after the others. */
static ptxcpu_status wrong_count(const char *mn, unsigned ndst, unsigned nsrc)
{
    static const char *const names[] = {"", "a", "a, b", "a, b, c", "a, b, c, d"};
    sb b = {{0}, 0}, vec = {{0}, 0};
    sb secs = {{0}, 0}; /* the forms' sections, each once (mov d, a 9.7.9.3; d, {a, b} 9.7.9.4) */
    sb_add(&b, "%s takes ", mn);
    for (unsigned i = 0, n = 0; i < PTX_NROWS; i++)
        if (!strcmp(mn, ptx_rows[i].mnem)) {
            unsigned c = ptx_rows[i].nsrc, nd = PTXCPU_VEC_N(ptx_rows[i].bits[0]);
            if (nd > 1)
                sb_add(&vec, "%s%u", vec.n ? " or " : "", nd);
            else
                sb_add(&b, "%s%u source%s (%s)", n++ ? " or " : "", c, c == 1 ? "" : "s",
                       c < 5 ? names[c] : "");
            if (!strstr(secs.s, ptx_rows[i].sec))
                sb_add(&secs, "%s%s", secs.n ? ", " : "", ptx_rows[i].sec);
        }
    if (vec.n)
        sb_add(&b, ", or writes %s registers {d.x, ...} from 1 source (ptxcpu_parse_form)", vec.s);
    if (ndst > 1)
        return ptx_fail(PTXCPU_E_PARSE, "%s; not %u destination registers from %u source%s; %s",
                        b.s, ndst, nsrc, nsrc == 1 ? "" : "s", secs.s);
    return ptx_fail(PTXCPU_E_PARSE, "%s, not %u; %s", b.s, nsrc, secs.s);
}

/* A character no spelling has: the guard predicate, operands, a control byte; else PTXCPU_OK. */
static ptxcpu_status foreign_char(const char *mn)
{
    if (mn[0] == '@')
        return ptx_fail(PTXCPU_E_PARSE, "%s: the guard predicate is not part of the mnemonic; pass "
                        "guard masks in the batch", mn);
    for (const char *p = mn; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '.' || *p == '_' || *p == ':')) { /* (.scaled::n2::ue8m0) */
            unsigned char c = (unsigned char)*p;
            char what[32]; /* a control byte would not show in the message */
            snprintf(what, sizeof what, isprint(c) ? "character '%c'" : "byte 0x%02x", c);
            return ptx_fail(PTXCPU_E_PARSE, "%s: unexpected %s: give the mnemonic alone, without "
                            "operands, e.g. 'add.s32'", mn, what);
        }
    return PTXCPU_OK;
}

/* Why split() refused mn (its result sp). */
static ptxcpu_status split_failure(const char *mn, int sp)
{
    if (sp == 0)
        return ptx_fail(PTXCPU_E_PARSE, "%s: empty modifier (a leading, doubled or trailing '.')",
                        mn);
    if (sp == -1)
        return ptx_fail(PTXCPU_E_PARSE, "%s: a part of %d or more characters is no PTX modifier",
                        mn, TOKLEN);
    return ptx_fail(PTXCPU_E_PARSE, "%s: more than %d dot-separated parts; no spelling has more "
                    "than 6", mn, MAXTOK);
}

/* parse_explain.h: the checks before the rules first, in the order they have always been made. */
ptxcpu_status ptx_explain_mnemonic(const char *mn, unsigned ndst, unsigned nsrc)
{
    if ((nsrc || ndst > 1) && spelled(mn))
        return wrong_count(mn, ndst, nsrc);
    ptxcpu_status s = foreign_char(mn);
    if (s)
        return s;
    toks k;
    int sp = split(mn, &k);
    return sp == 1 ? explain_parts(mn, &k) : split_failure(mn, sp);
}
