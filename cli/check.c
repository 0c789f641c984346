/* `ptxcpu check [--isa LIST] FILE...`: runs test-vector files (docs/VECTORS.md) on every usable
 * ISA. All files are parsed first (any error: exit 2, nothing run), then lines are packed by
 * mnemonic (and immediate: lop3's immLut) into the lanes of warps, run in batches, and each lane
 * is compared with its line. A warp line (a cross-lane instruction: shfl.sync, vote.sync, ...)
 * holds a whole warp and runs alone, as one warp, twice: under a canary and its complement in
 * every destination, so that any write to a lane outside exec shows. */
#include "cli.h"
#include "approx.h"
#include "row_name.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAXTOK 16
/* A warp line's tokens after its mnemonic, '[', ']' and '|' counted: exec=, 4 lists of 32, '->'
 * and two of them joined by '|' take 207. */
#define WMAXTOK 1024
#define WS " \t\r\n\v\f"

/* Expected value of one register element (or of the whole register when elems == 1). */
enum want { W_BITS, W_ANY, W_NAN, W_APPROX, W_NONE /* warp line: a lane outside exec, '-' */ };
typedef struct expect {
    enum want kind;
    uint64_t bits;
    double value; /* W_APPROX: the exact result (cli/approx.c) */
} expect;

struct wline;
typedef struct vline {
    struct wline *w;           /* a warp line (cross-lane instruction); NULL: a one-lane line */
    const char *file;
    unsigned lineno;
    ptxcpu_insn insn;
    ptxcpu_insn_desc d;
    uint64_t src[4];
    int vec;                   /* an operand of several registers or a .b128 (multi_reg): */
    uint64_t vsrc[4][4];       /*   source s's element j (a .b128's halves, low first) */
    uint64_t vres[4];          /*   d's elements, or a .b128 d's halves (exact bits) */
    unsigned imm_bits;         /* width of the instruction's immediate (lop3's immLut); 0: none */
    uint64_t imm;              /* its value: part of the kernel, so lines run per (insn, imm) */
    unsigned cf_in;            /* carry-in (reads_cc) */
    int split;                 /* result written element-wise (hi:lo) */
    expect res[2];             /* [0] whole register or upper element (d of d|p), [1] lower */
    unsigned p_want;           /* d|p (PTXCPU_DST_B32_PRED): the expected p, 0 or 1 */
    int cf_out;                /* expected carry-out (writes_cc) */
    int approx;                /* an element is ~VALUE: the token after the result is its bound */
    approx_bound bound;
    char *shown;               /* "MNEMONIC [cf=X] OPERANDS" as written (a warp line:
                                  "MNEMONIC exec=MASK") */
    char *want_text;           /* "RESULT [cf=X]" as written */
} vline;

typedef struct vset {
    vline *v;
    size_t n, cap;
} vset;

/* ---- parsing ------------------------------------------------------------------------------ */

/* Reports a malformed line as FILE:LINE: what; returns 0. */
static int bad(const char *file, unsigned ln, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int bad(const char *file, unsigned ln, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%u: ", file, ln);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 0;
}

/* The tokens joined by single spaces, in a new string. */
static char *join(char **tok, int n)
{
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len += strlen(tok[i]) + 1;
    char *s = malloc(len), *p = s;
    if (!s) {
        perror("ptxcpu check");
        exit(2);
    }
    *p = 0;
    for (int i = 0; i < n; i++)
        p += sprintf(p, "%s%s", i ? " " : "", tok[i]);
    return s;
}

static int is_cf_tok(const char *t) { return !strncmp(t, "cf=", 3); }

/* Operands of several registers (docs/VECTORS.md): a vector (PTXCPU_VEC: mov's {d.x, d.y}, cvt.rs's
 * {a, b, e, f}), written one token an element, and a .b128, written as one value of up to 32 hex
 * digits and held as two 64-bit halves */
static int multi_reg(unsigned bits) { return bits >> 8 || bits == PTXCPU_B128; }
static unsigned reg_elems(unsigned bits) { return bits == PTXCPU_B128 ? 2 : PTXCPU_VEC_N(bits); }
static unsigned elem_width(unsigned bits)
{
    return bits == PTXCPU_B128 ? 64 : PTXCPU_VEC_BITS(bits);
}
static unsigned written_ops(unsigned bits) { return PTXCPU_VEC_N(bits); }
/* Result tokens a destination has, joined by '|' (p|q and d|p: 2) */
static unsigned written_results(unsigned bits)
{
    return bits == PTXCPU_DST_PRED_PAIR || bits == PTXCPU_DST_B32_PRED ? 2 : PTXCPU_VEC_N(bits);
}

/* A .b128 value: 0x and 1 to 32 hex digits, into its halves */
static int parse_b128(const char *t, uint64_t half[2], char *why, size_t whylen)
{
    size_t n = t[0] == '0' && (t[1] == 'x' || t[1] == 'X') ? strspn(t + 2, "0123456789abcdefABCDEF")
                                                           : 0;
    if (!n || t[2 + n] || n > 32) {
        char tb[64];
        snprintf(why, whylen, "'%s' is not a .b128 value (0x and 1 to 32 hex digits)",
                 cli_shown(t, tb, sizeof tb));
        return 0;
    }
    half[0] = half[1] = 0;
    for (size_t i = 0; i < n; i++) {
        char c = t[2 + i];
        unsigned x = (unsigned)(isdigit((unsigned char)c) ? c - '0' : (c | 0x20) - 'a' + 10);
        half[1] = half[1] << 4 | half[0] >> 60;
        half[0] = half[0] << 4 | x;
    }
    return 1;
}

/* An operand or result token of an operand of several registers: one element, or a .b128 */
static int parse_multi(const char *t, unsigned bits, uint64_t *out, char *why, size_t whylen)
{
    if (bits == PTXCPU_B128)
        return parse_b128(t, out, why, whylen);
    return cli_parse_operand(t, multi_reg(bits) ? elem_width(bits) : bits, 1, out, why, whylen);
}

/* Parses a cf=0|1 token into *cf; names the problem otherwise. */
static int parse_cf(const char *t, unsigned *cf, const char *file, unsigned ln)
{
    char tb[64];
    if (strcmp(t, "cf=0") && strcmp(t, "cf=1"))
        return bad(file, ln, "'%s': the carry token is cf=0 or cf=1", cli_shown(t, tb, sizeof tb));
    *cf = t[3] == '1';
    return 1;
}

/* One expected element of `bits` bits: hex, `*`, or `nan` (floating-point types only). */
static int parse_elem(const char *t, const vline *v, unsigned bits, expect *e, char *why,
                      size_t whylen)
{
    if (!strcmp(t, "*")) {
        e->kind = W_ANY;
        return 1;
    }
    if (t[0] == '~') {
        if (v->d.elem == PTXCPU_ELEM_INT) {
            snprintf(why, whylen, "'~' for the integer result of %s", v->d.mnemonic);
            return 0;
        }
        e->kind = W_APPROX;
        return approx_parse_value(t + 1, &e->value, why, whylen);
    }
    if (!strcmp(t, "nan")) {
        if (v->d.elem == PTXCPU_ELEM_INT) {
            snprintf(why, whylen, "'nan' for the integer result of %s", v->d.mnemonic);
            return 0;
        }
        e->kind = W_NAN;
        return 1;
    }
    if (!(t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))) {
        char tb[64];
        snprintf(why, whylen, "'%s' is not 0x-prefixed hex, '*', 'nan' or '~VALUE'",
                 cli_shown(t, tb, sizeof tb));
        return 0;
    }
    e->kind = W_BITS;
    return cli_parse_operand(t, bits, 0, &e->bits, why, whylen);
}

static int parse_pred_result(const char *t, vline *v, const char *file, unsigned ln);

static int parse_result(const char *t, vline *v, const char *file, unsigned ln)
{
    char why[200], tb[64];
    if (v->d.dst_bits == PTXCPU_DST_PRED || v->d.dst_bits == PTXCPU_DST_PRED_PAIR ||
        v->d.dst_bits == PTXCPU_DST_B32_PRED)
        return parse_pred_result(t, v, file, ln);
    if (strchr(t, '|')) /* (not "'|' is not a hex digit": say what the line got wrong) */
        return bad(file, ln, "result '%s': %s writes one register, no predicate (RESULT|PRED is "
                   "for a d|p destination: lop3.or, lop3.and)", cli_shown(t, tb, sizeof tb),
                   v->d.mnemonic);
    const char *colon = strchr(t, ':');
    if (!colon) {
        if (!parse_elem(t, v, v->d.dst_bits, &v->res[0], why, sizeof why))
            return bad(file, ln, "result: %s", why);
        if (v->d.elems == 2 && v->res[0].kind == W_APPROX)
            return bad(file, ln, "'%s': an approximate result of %s is written element-wise, "
                       "HI:LO ('~0x1p+0:~0x1p-1')", cli_shown(t, tb, sizeof tb), v->d.mnemonic);
        if (v->d.elems == 2 && v->res[0].kind == W_NAN) { /* `nan`: every element a NaN */
            v->split = 1;
            v->res[1] = v->res[0];
        }
        return 1;
    }
    if (v->d.elems != 2)
        return bad(file, ln, "'%s': element-wise results (hi:lo) are only for packed types, not %s",
                   cli_shown(t, tb, sizeof tb), v->d.mnemonic);
    char hi[64];
    size_t nhi = (size_t)(colon - t);
    if (nhi >= sizeof hi || strchr(colon + 1, ':'))
        return bad(file, ln, "'%s': an element-wise result is HI:LO", cli_shown(t, tb, sizeof tb));
    memcpy(hi, t, nhi);
    hi[nhi] = 0;
    unsigned eb = v->d.dst_bits / 2;
    if (!parse_elem(hi, v, eb, &v->res[0], why, sizeof why) ||
        !parse_elem(colon + 1, v, eb, &v->res[1], why, sizeof why))
        return bad(file, ln, "result element (HI:LO, %u bits each): %s", eb, why);
    v->split = 1;
    return 1;
}

/* A line's count of operands is not the instruction's (want; its immediate, if any, is operand
 * imm_at + 1): FILE:LINE: MNEMONIC takes N operands, the line has M. */
static int bad_count(const char *mn, unsigned imm_at, unsigned want, int has, const char *file,
                     unsigned ln)
{
    char counts[32], where[48] = "";
    if (imm_at < want)
        snprintf(where, sizeof where, " (%s is operand %u)", CLI_IMM_NAME, imm_at + 1);
    return bad(file, ln, "%s takes %s operand%s%s, the line has %d", mn,
               cli_source_counts(mn, counts, sizeof counts), want == 1 ? "" : "s", where, has);
}

/* ---- warp lines (docs/VECTORS.md, "Warp lines": the cross-lane instructions) ---------------- */

typedef struct wline {
    ptxcpu_lanemask exec;             /* the lanes that execute: the warp's guard */
    uint64_t src[4][PTXCPU_WARP];     /* each source's 32 lanes, lanes outside exec included */
    unsigned ndst;                    /* destinations: 1, or 2 for d|p (PTXCPU_DST_B32_PRED) */
    expect want[2][PTXCPU_WARP];      /* per destination and lane; W_NONE outside exec */
} wline;

/* Destination k of a warp line: its name in messages and its width (d|p: d 32 bits, p a
 * predicate). */
static const char *wdst_name(const vline *v, unsigned k) { return v->w->ndst > 1 && k ? "p" : "d"; }
static unsigned wdst_bits(const vline *v, unsigned k)
{
    if (v->d.dst_bits == PTXCPU_DST_B32_PRED)
        return k ? PTXCPU_DST_PRED : 32;
    return v->d.dst_bits;
}

/* One expected lane of destination k: a predicate is 0, 1 or `*`; a register hex, `*` or (float
 * results) `nan`. */
static int parse_wresult(const char *t, const vline *v, unsigned k, expect *e, char *why,
                         size_t whylen)
{
    char tb[64];
    if (!strcmp(t, "*")) {
        e->kind = W_ANY;
        return 1;
    }
    if (wdst_bits(v, k) == PTXCPU_DST_PRED) {
        if (strcmp(t, "0") && strcmp(t, "1")) {
            snprintf(why, whylen, "'%s': %s's %s is a predicate: 0, 1 or *",
                     cli_shown(t, tb, sizeof tb), v->d.mnemonic, wdst_name(v, k));
            return 0;
        }
        *e = (expect){.kind = W_BITS, .bits = (uint64_t)(t[0] == '1')};
        return 1;
    }
    if (t[0] == '~') {
        snprintf(why, whylen, "'%s': a warp line's results are exact (hex, * or nan)",
                 cli_shown(t, tb, sizeof tb));
        return 0;
    }
    return parse_elem(t, v, wdst_bits(v, k), e, why, whylen);
}

/* An operand or a destination as written: one token, or a per-lane list of 32. */
typedef struct witem {
    int list;
    const char *one;
    const char *lane[PTXCPU_WARP];
} witem;

/* Reads the item at tok[*i] (a token, or '[' ... ']') and moves *i past it. */
static int read_witem(char **tok, int ntok, int *i, witem *it, const char *file, unsigned ln)
{
    memset(it, 0, sizeof *it);
    if (!strcmp(tok[*i], "]"))
        return bad(file, ln, "']' without its '['");
    if (strcmp(tok[*i], "[")) {
        it->one = tok[(*i)++];
        return 1;
    }
    unsigned n = 0;
    int j = *i + 1;
    for (; j < ntok && strcmp(tok[j], "]"); j++) {
        if (!strcmp(tok[j], "->"))
            return bad(file, ln, "'[' without its ']' before '->'");
        if (!strcmp(tok[j], "[") || !strcmp(tok[j], "|"))
            return bad(file, ln, "'%s' inside a list: a per-lane list is [v0 v1 ... v31], one "
                       "value a lane, closed by ']'", tok[j]);
        if (n < PTXCPU_WARP)
            it->lane[n] = tok[j];
        n++;
    }
    if (j == ntok)
        return bad(file, ln, "'[' without its ']'");
    if (n != PTXCPU_WARP)
        return bad(file, ln, "a per-lane list has %u value%s, not %d (lane 0 first)", n,
                   n == 1 ? "" : "s", PTXCPU_WARP);
    it->list = 1;
    *i = j + 1;
    return 1;
}

/* Parses a warp line, `MNEMONIC exec=MASK OPERAND... -> RESULT[|RESULT]`, into *v (whose insn and
 * d are set): text is the whole line from its mnemonic on. Also the line of a one-lane
 * instruction that uses exec= or a list, to say that it cannot. */
static int parse_warp_line(const char *text, vline *v, const char *file, unsigned ln)
{
    const ptxcpu_insn_desc *d = &v->d;
    const char *mn = d->mnemonic;
    char tb[64], why[200];
    if (!cli_is_cross_lane(d))
        return bad(file, ln, "%s reads no other lane: 'exec=' and [lists] belong to the warp lines "
                   "of shfl.sync, vote.sync, match.sync, activemask, redux.sync and elect.sync; "
                   "its lines are one lane each, MNEMONIC OPERAND... -> RESULT (docs/VECTORS.md)",
                   mn);
    /* tokens: white space separates, and '[', ']' and '|' are tokens of their own */
    const char *rest = text + strcspn(text, WS);
    size_t len = strlen(rest), ntok = 0;
    char *buf = malloc(3 * len + 1), *q = buf;
    char **tok = malloc(WMAXTOK * sizeof *tok);
    if (!buf || !tok) {
        perror("ptxcpu check");
        exit(2);
    }
    for (const char *p = rest; *p; p++) {
        if (strchr("[]|", *p)) {
            *q++ = ' ';
            *q++ = *p;
            *q++ = ' ';
        } else {
            *q++ = *p;
        }
    }
    *q = 0;
    int ok = 0, n, i = 1;
    wline *w = calloc(1, sizeof *w);
    if (!w) {
        perror("ptxcpu check");
        exit(2);
    }
    v->w = w;
    w->ndst = d->dst_bits == PTXCPU_DST_B32_PRED ? 2 : 1;
    for (char *save, *p = strtok_r(buf, WS, &save); p; p = strtok_r(NULL, WS, &save)) {
        if (ntok == WMAXTOK) {
            bad(file, ln, "too many tokens for a warp line (more than %d)", WMAXTOK);
            goto out;
        }
        tok[ntok++] = p;
    }
    n = (int)ntok;
    if (n == 0 || strncmp(tok[0], "exec=", 5)) {
        for (int j = 1; j < n; j++)
            if (!strncmp(tok[j], "exec=", 5)) {
                bad(file, ln, "'%s': exec= comes right after the mnemonic (%s exec=MASK "
                    "OPERAND... -> RESULT)", cli_shown(tok[j], tb, sizeof tb), mn);
                goto out;
            }
        bad(file, ln, "%s reads other lanes (%s): its line is a warp line, '%s exec=MASK "
            "OPERAND... -> RESULT', exec= right after the mnemonic (docs/VECTORS.md, \"Warp "
            "lines\")", mn, d->section, mn);
        goto out;
    }
    {
        const char *m = tok[0] + 5;
        uint64_t mask;
        if (!(m[0] == '0' && (m[1] == 'x' || m[1] == 'X')) ||
            !cli_parse_operand(m, 32, 0, &mask, why, sizeof why)) {
            bad(file, ln, "'%s': exec= is 0x and at most 8 hex digits, bit i = lane i",
                cli_shown(tok[0], tb, sizeof tb));
            goto out;
        }
        w->exec = (ptxcpu_lanemask)mask;
    }
    witem ops[4];
    unsigned nops = 0;
    while (i < n && strcmp(tok[i], "->")) {
        if (!strcmp(tok[i], "|")) {
            bad(file, ln, "'|' among the operands: destinations are joined by '|' after '->'");
            goto out;
        }
        if (!strncmp(tok[i], "exec=", 5)) {
            bad(file, ln, "'%s': exec= is given once, right after the mnemonic",
                cli_shown(tok[i], tb, sizeof tb));
            goto out;
        }
        witem it;
        if (!read_witem(tok, n, &i, &it, file, ln))
            goto out;
        if (nops < 4)
            ops[nops] = it;
        nops++;
    }
    if (i == n) {
        bad(file, ln, "no '->' and result after the operands of %s", mn);
        goto out;
    }
    if (nops != d->nsrc) {
        const char *names = cli_cross_lane_operands(d);
        if (d->nsrc == 0)
            bad(file, ln, "%s takes no operands, the line has %u", mn, nops);
        else
            bad(file, ln, "%s takes %u operand%s (%s), the line has %u", mn, d->nsrc,
                d->nsrc == 1 ? "" : "s", names, nops);
        goto out;
    }
    for (unsigned s = 0; s < d->nsrc; s++) {
        /* a float instruction's (redux.sync.min.f32) membermask is an integer all the same */
        int integer = d->elem == PTXCPU_ELEM_INT || s > 0;
        for (unsigned lane = 0; lane < PTXCPU_WARP; lane++) {
            if (!ops[s].list && lane > 0) {
                w->src[s][lane] = w->src[s][0];
                continue;
            }
            const char *t = ops[s].list ? ops[s].lane[lane] : ops[s].one;
            if (!cli_parse_operand(t, d->src_bits[s], integer, &w->src[s][lane], why,
                                   sizeof why)) {
                if (ops[s].list)
                    bad(file, ln, "operand %u, lane %u: %s", s + 1, lane, why);
                else
                    bad(file, ln, "operand %u: %s", s + 1, why);
                goto out;
            }
        }
    }
    i++; /* past "->" */
    witem res[2];
    unsigned nres = 0;
    if (i == n) {
        bad(file, ln, "no result after '->'");
        goto out;
    }
    for (;;) {
        if (!strcmp(tok[i], "|")) {
            bad(file, ln, "a '|' with no destination before it");
            goto out;
        }
        witem it;
        if (!read_witem(tok, n, &i, &it, file, ln))
            goto out;
        if (nres < 2)
            res[nres] = it;
        nres++;
        if (i < n && !strcmp(tok[i], "|")) {
            if (++i == n) {
                bad(file, ln, "a '|' with no destination after it");
                goto out;
            }
            continue;
        }
        break;
    }
    if (nres != w->ndst) {
        if (w->ndst == 2)
            bad(file, ln, "%s writes d|p: give both, joined by '|', each one value or a list "
                "(-> 0x00000005|1)", mn);
        else
            bad(file, ln, "%s writes one destination (%s), the line gives %u joined by '|'", mn,
                d->dst_bits == PTXCPU_DST_PRED ? "a predicate" : "a register", nres);
        goto out;
    }
    for (unsigned k = 0; k < w->ndst; k++) {
        expect one = {0};
        if (!res[k].list) {
            if (!strcmp(res[k].one, "-")) {
                bad(file, ln, "%s: '-' alone: a lane outside exec is written '-' in a per-lane "
                    "list; one value is every executing lane's", wdst_name(v, k));
                goto out;
            }
            if (!parse_wresult(res[k].one, v, k, &one, why, sizeof why)) {
                bad(file, ln, "result %s: %s", wdst_name(v, k), why);
                goto out;
            }
        }
        for (unsigned lane = 0; lane < PTXCPU_WARP; lane++) {
            int on = w->exec >> lane & 1;
            expect *e = &w->want[k][lane];
            if (!res[k].list) {
                *e = on ? one : (expect){.kind = W_NONE};
                continue;
            }
            const char *t = res[k].lane[lane];
            if (!strcmp(t, "-")) {
                if (on) {
                    bad(file, ln, "result %s, lane %u: '-' for a lane that executes "
                        "(exec=0x%08x): give its result, or * for any", wdst_name(v, k), lane,
                        (unsigned)w->exec);
                    goto out;
                }
                e->kind = W_NONE;
                continue;
            }
            if (!on) {
                bad(file, ln, "result %s, lane %u: outside exec=0x%08x, so written '-' (its "
                    "register is not written)", wdst_name(v, k), lane, (unsigned)w->exec);
                goto out;
            }
            if (!parse_wresult(t, v, k, e, why, sizeof why)) {
                bad(file, ln, "result %s, lane %u: %s", wdst_name(v, k), lane, why);
                goto out;
            }
        }
    }
    if (i < n) {
        bad(file, ln, "unexpected '%s' after the result of %s", cli_shown(tok[i], tb, sizeof tb),
            mn);
        goto out;
    }
    {
        char head[160];
        snprintf(head, sizeof head, "%s exec=0x%08x", mn, (unsigned)w->exec);
        v->shown = strdup(head);
        if (!v->shown) {
            perror("ptxcpu check");
            exit(2);
        }
    }
    ok = 1;
out:
    if (!ok) {
        free(w);
        v->w = NULL;
    }
    free(buf);
    free(tok);
    return ok;
}

/* Does the text after the mnemonic use a warp line's syntax: an exec= token or a list? */
static int warp_syntax(const char *rest)
{
    if (strpbrk(rest, "[]"))
        return 1;
    for (const char *p = strstr(rest, "exec="); p; p = strstr(p + 1, "exec="))
        if (strchr(WS, p[-1]))
            return 1;
    return 0;
}

/* Operands a form is written with: a vector source's elements, one for any other source */
static unsigned written_count(const ptxcpu_insn_desc *d)
{
    unsigned n = 0;
    for (unsigned s = 0; s < d->nsrc; s++)
        n += written_ops(d->src_bits[s]);
    return n;
}

/* The form of spelling mn written with nops operands and nres results (0: any), where one
 * spelling has several (min.f32 d, a, b, c; mov's packs d, {a, b} and unpacks {d.x, d.y}, a) */
static ptxcpu_status pick_form(const char *mn, unsigned nops, unsigned nres, ptxcpu_insn *out)
{
    ptxcpu_status best = PTXCPU_E_PARSE;
    for (unsigned ndst = 1; ndst <= 4; ndst++)
        for (unsigned nsrc = 1; nsrc <= 4; nsrc++) {
            ptxcpu_insn insn;
            ptxcpu_insn_desc d;
            ptxcpu_status st = ptxcpu_parse_form(mn, ndst, nsrc, NULL, &insn);
            if (st == PTXCPU_OK && (ptxcpu_describe(&insn, &d), written_count(&d) == nops) &&
                (!nres || written_results(d.dst_bits) == nres)) {
                *out = insn;
                return PTXCPU_OK;
            }
            best = st == PTXCPU_E_TARGET ? st : best;
        }
    return best;
}

/* The operands and result of a line of a form with an operand of several registers (multi_reg):
 * elements one token each in order, a .b128 one token; d's elements joined by '|' (exact bits) */
static int parse_vec_line(char **tok, int n, int arrow, vline *v, const char *file, unsigned ln)
{
    const ptxcpu_insn_desc *d = &v->d;
    char why[200];
    unsigned want = written_count(d), k = 0;
    if ((unsigned)(arrow - 1) != want)
        return bad(file, ln, "%s takes %u operand%s (a vector's elements one each), the line has "
                   "%d", d->mnemonic, want, want == 1 ? "" : "s", arrow - 1);
    for (unsigned s = 0; s < d->nsrc; s++)
        for (unsigned j = 0; j < written_ops(d->src_bits[s]); j++, k++)
            if (!parse_multi(tok[1 + k], d->src_bits[s], &v->vsrc[s][j], why, sizeof why))
                return bad(file, ln, "operand %u: %s", k + 1, why);
    for (unsigned s = 0; s < d->nsrc; s++)
        v->src[s] = v->vsrc[s][0];
    if (arrow + 1 >= n)
        return bad(file, ln, "no result after '->'");
    if (arrow + 2 < n)
        return bad(file, ln, "unexpected token after the result of %s", d->mnemonic);
    const char *t = tok[arrow + 1];
    unsigned parts = written_results(d->dst_bits), got = 0;
    for (;; got++) {
        char part[64];
        size_t len = strcspn(t, "|");
        if (got == parts || len >= sizeof part)
            return bad(file, ln, "%s writes %u register%s: give %u result%s joined by '|'",
                       d->mnemonic, parts, parts == 1 ? "" : "s", parts, parts == 1 ? "" : "s");
        memcpy(part, t, len);
        part[len] = 0;
        if (!parse_multi(part, d->dst_bits, &v->vres[got], why, sizeof why))
            return bad(file, ln, "result %u: %s", got + 1, why);
        if (!t[len])
            break;
        t += len + 1;
    }
    if (got + 1 != parts)
        return bad(file, ln, "%s writes %u registers: give %u results joined by '|'", d->mnemonic,
                   parts, parts);
    v->shown = join(tok, arrow);
    v->want_text = join(tok + arrow + 1, n - arrow - 1);
    return 1;
}

/* Parses one non-blank, comment-stripped line into *v. */
static int parse_line(char *text, vline *v, const char *file, unsigned ln)
{
    char *tok[MAXTOK] = {0}, tb[64];
    int n = 0;
    { /* a cross-lane instruction, or a line written as a warp line: parse_warp_line */
        char *end = text + strcspn(text, WS), saved = *end;
        ptxcpu_insn insn;
        ptxcpu_insn_desc desc;
        *end = 0;
        int known = ptxcpu_parse(text, NULL, &insn) == PTXCPU_OK;
        *end = saved;
        if (known && (ptxcpu_describe(&insn, &desc), cli_is_cross_lane(&desc) ||
                      warp_syntax(end))) {
            memset(v, 0, sizeof *v);
            v->file = file;
            v->lineno = ln;
            v->insn = insn;
            v->d = desc;
            return parse_warp_line(text, v, file, ln);
        }
    }
    for (char *save, *p = strtok_r(text, WS, &save); p; p = strtok_r(NULL, WS, &save)) {
        if (n == MAXTOK)
            return bad(file, ln, "too many tokens (more than %d)", MAXTOK);
        tok[n++] = p;
    }
    memset(v, 0, sizeof *v);
    v->file = file;
    v->lineno = ln;
    if (ptxcpu_parse(tok[0], NULL, &v->insn))
        return bad(file, ln, "bad mnemonic '%s': %s", cli_shown(tok[0], tb, sizeof tb),
                   ptxcpu_last_error());
    ptxcpu_describe(&v->insn, &v->d);
    const ptxcpu_insn_desc *d = &v->d;
    int arrow = -1;
    for (int i = 1; i < n && arrow < 0; i++)
        if (!strcmp(tok[i], "->"))
            arrow = i;
    if (arrow < 0)
        return bad(file, ln, "no '->' and result after %s", tok[0]);
    /* the operands on the line pick the form where a spelling has two (min.f32 d, a, b, c:
     * docs/VECTORS.md); a count no form has is reported below against the first form. An
     * instruction with an immediate (lop3) has one form, the immediate an operand, no source. */
    unsigned nops = 0, nres = arrow + 1 < n ? 1 : 0;
    for (int j = 1; j < arrow; j++)
        nops += !is_cf_tok(tok[j]);
    for (const char *c = arrow + 1 < n ? tok[arrow + 1] : ""; (c = strchr(c, '|')); c++)
        nres++;
    if ((nops != written_count(d) || (nres > 1 && nres != written_results(d->dst_bits))) && nops > 0 &&
        !ptxcpu_insn_imm_bits(&v->insn)) {
        ptxcpu_insn other;
        ptxcpu_status st = pick_form(tok[0], nops, nres, &other);
        if (st == PTXCPU_OK) {
            v->insn = other;
            ptxcpu_describe(&v->insn, &v->d);
        } else if (st == PTXCPU_E_TARGET) {
            return bad(file, ln, "%s", ptxcpu_last_error());
        } else if (nres > 1 && written_results(d->dst_bits) == 1 &&
                   (ptxcpu_parse_form(tok[0], 2, 0, NULL, &other) == PTXCPU_OK ||
                    ptxcpu_parse_form(tok[0], 4, 0, NULL, &other) == PTXCPU_OK)) {
            return bad(file, ln, "%s has no form with %u operand%s and %u results (the unpack "
                       "forms write 2 or 4 registers, joined by '|')", tok[0], nops,
                       nops == 1 ? "" : "s", nres);
        }
    }
    v->vec = multi_reg(d->dst_bits);
    for (unsigned s = 0; s < d->nsrc; s++)
        v->vec |= multi_reg(d->src_bits[s]);
    if (v->vec)
        return parse_vec_line(tok, n, arrow, v, file, ln);
    v->imm_bits = ptxcpu_insn_imm_bits(&v->insn);
    const unsigned nimm = v->imm_bits > 0, want = d->nsrc + nimm;
    const unsigned imm_at = nimm ? cli_imm_at(d) : want; /* its place among the operands */
    /* a wrong count is told before an operand is read: a missing immLut would be read as q */
    if (nimm && nops != want)
        return bad_count(tok[0], imm_at, want, (int)nops, file, ln);
    int i = 1;
    if (d->reads_cc) {
        if (i >= arrow || !is_cf_tok(tok[i]))
            return bad(file, ln, "%s reads CC.CF: give cf=0 or cf=1 before the operands",
                       tok[0]);
        if (!parse_cf(tok[i], &v->cf_in, file, ln))
            return 0;
        i++;
    }
    char why[200];
    unsigned k = 0; /* operands as written: the sources, the immediate at imm_at */
    for (; i < arrow; i++, k++) {
        if (is_cf_tok(tok[i]))
            return bad(file, ln, "'%s' here: %s takes no carry-in",
                       cli_shown(tok[i], tb, sizeof tb), d->mnemonic);
        if (k >= want)
            break;
        if (k == imm_at) {
            if (!cli_parse_imm(tok[i], CLI_IMM_NAME, v->imm_bits, &v->imm, why, sizeof why))
                return bad(file, ln, "operand %u (%s): %s", k + 1, CLI_IMM_NAME, why);
            continue;
        }
        unsigned s = k - (k > imm_at);
        if (!cli_parse_operand(tok[i], d->src_bits[s], d->elem == PTXCPU_ELEM_INT, &v->src[s],
                               why, sizeof why))
            return bad(file, ln, "operand %u: %s", k + 1, why);
    }
    if (k != want || i != arrow)
        return bad_count(tok[0], imm_at, want, arrow - 1 - (d->reads_cc ? 1 : 0), file, ln);
    if (arrow + 1 >= n)
        return bad(file, ln, "no result after '->'");
    if (!parse_result(tok[arrow + 1], v, file, ln))
        return 0;
    int rest = n - arrow - 2;
    v->approx = v->res[0].kind == W_APPROX || (v->split && v->res[1].kind == W_APPROX);
    if (v->approx) { /* ~VALUE BOUND */
        if (rest < 1 || is_cf_tok(tok[arrow + 2]))
            return bad(file, ln, "an approximate (~) result needs its bound after it: abs=2^E, "
                       "rel=2^E or ulp=N");
        if (!approx_parse_bound(tok[arrow + 2], &v->bound, why, sizeof why))
            return bad(file, ln, "bound: %s", why);
        rest--;
    }
    if (d->writes_cc) {
        unsigned cf = 0;
        int at = n - rest;
        if (rest < 1 || !is_cf_tok(tok[at]))
            return bad(file, ln, "%s writes CC.CF: give the expected cf=0 or cf=1 after the result",
                       tok[0]);
        if (!parse_cf(tok[at], &cf, file, ln))
            return 0;
        v->cf_out = (int)cf;
        rest--;
    }
    if (rest > 0) {
        const char *extra = tok[n - rest];
        return bad(file, ln,
                   is_cf_tok(extra) ? "'%s' after the result: %s writes no carry-out"
                                    : "unexpected '%s' after the result of %s",
                   cli_shown(extra, tb, sizeof tb), tok[0]);
    }
    v->shown = join(tok, arrow);
    v->want_text = join(tok + arrow + 1, n - arrow - 1);
    return 1;
}

static void free_set(vset *set)
{
    for (size_t l = 0; l < set->n; l++) {
        free(set->v[l].shown);
        free(set->v[l].want_text);
        free(set->v[l].w);
    }
    free(set->v);
}

/* Opens a vector file: "-" is standard input, any other name must be a regular file. The open
 * does not wait (O_NONBLOCK), so a FIFO without a writer is refused instead of blocking forever,
 * and devices such as /dev/zero, whose one line never ends, are refused before a read. */
static FILE *open_vectors(const char *file)
{
    if (!strcmp(file, "-"))
        return stdin;
    int fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        fprintf(stderr, "%s: cannot open: %s\n", file, strerror(errno));
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        fprintf(stderr, "%s: is %s, not a regular file (give '-' to read standard input)\n",
                file, S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ? "a FIFO"
                      : S_ISCHR(st.st_mode) ? "a character device"
                      : S_ISBLK(st.st_mode) ? "a block device" : "a socket or other special file");
        close(fd);
        return NULL;
    }
    FILE *f = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0 ? fdopen(fd, "r") : NULL;
    if (!f) {
        fprintf(stderr, "%s: cannot open: %s\n", file, strerror(errno));
        close(fd);
    }
    return f;
}

/* The first byte of a line that no vector file holds, or len: a NUL anywhere (it would hide the
 * rest of the line), and outside a comment anything but printable ASCII and white space. */
static size_t bad_byte(const char *s, size_t len)
{
    int comment = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        comment |= c == '#';
        if (c == 0 || (!comment && !isprint(c) && !isspace(c)))
            return i;
    }
    return len;
}

static int load_file(const char *file, vset *set)
{
    FILE *f = open_vectors(file);
    if (!f)
        return 0;
    if (f == stdin)
        file = "(standard input)";
    char *buf = NULL;
    size_t cap = 0, first = set->n;
    unsigned ln = 0;
    int ok = 1;
    ssize_t len;
    while (ok && (len = getline(&buf, &cap, f)) >= 0) {
        ln++;
        size_t at = bad_byte(buf, (size_t)len);
        if (at < (size_t)len) {
            ok = bad(file, ln, "byte 0x%02x in column %zu: vector files are ASCII text (is it a "
                     "binary file?)", (unsigned char)buf[at], at + 1);
            break;
        }
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = 0;
        char *p = buf;
        while (isspace((unsigned char)*p))
            p++;
        if (!*p)
            continue;
        if (set->n == set->cap) {
            set->cap = set->cap ? set->cap * 2 : 256;
            set->v = realloc(set->v, set->cap * sizeof *set->v);
            if (!set->v) {
                perror("ptxcpu check");
                exit(2);
            }
        }
        ok = parse_line(p, &set->v[set->n], file, ln);
        set->n += (size_t)ok;
    }
    if (ok && ferror(f)) {
        fprintf(stderr, "%s:%u: read error: %s\n", file, ln + 1, strerror(errno));
        ok = 0;
    }
    /* A file that tests nothing is a mistake (truncated to nothing, the wrong file), not a pass. */
    if (ok && set->n == first) {
        fprintf(stderr, "%s: no test vectors (%s)\n", file,
                ln ? "only comments and blank lines" : "the file is empty");
        ok = 0;
    }
    free(buf);
    if (f != stdin)
        fclose(f);
    return ok;
}

/* ---- ISA selection ------------------------------------------------------------------------ */

/* Fills use[] from "a,b,c"; names the problem and returns 0 on an unknown or unusable ISA. */
static int parse_isa_list(const char *list, int use[PTXCPU_ISA_COUNT])
{
    char buf[256];
    if (strlen(list) >= sizeof buf || !*list) {
        fprintf(stderr, "ptxcpu check: --isa needs a list such as scalar,avx2\n");
        return 0;
    }
    strcpy(buf, list);
    if (list[strlen(list) - 1] == ',' || list[0] == ',' || strstr(list, ",,")) {
        fprintf(stderr, "ptxcpu check: --isa '%s': empty ISA name in the list\n", list);
        return 0;
    }
    for (char *save, *name = strtok_r(buf, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        ptxcpu_isa isa;
        ptxcpu_insn probe;
        ptxcpu_kernel k;
        if (ptxcpu_isa_from_name(name, &isa) || (ptxcpu_parse("add.u32", NULL, &probe),
                                                 ptxcpu_resolve(&probe, isa, &k))) {
            fprintf(stderr, "ptxcpu check: --isa %s: %s\n", name, ptxcpu_last_error());
            return 0;
        }
        use[isa] = 1;
    }
    return 1;
}

/* ---- running ------------------------------------------------------------------------------ */

/* ---- predicate results (docs/VECTORS.md: `0` or `1`) ----------------------------------------- */
/* A predicate destination (PTXCPU_DST_PRED) or source (PTXCPU_PRED) is one lane mask per warp,
 * p|q (PTXCPU_DST_PRED_PAIR) two: lane `lane` of warp w is bit lane of each; its value is
 * p | q << 1. `bits` (1 or 2) is the number of masks a warp. (d|p, PTXCPU_DST_B32_PRED: a 32-bit
 * register then one mask, get_lane below.) */
static uint64_t pred_get(const unsigned char *regs, unsigned bits, size_t w, unsigned lane)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < bits; k++) {
        ptxcpu_lanemask m;
        memcpy(&m, regs + (w * bits + k) * sizeof m, sizeof m);
        v |= (uint64_t)(m >> lane & 1) << k;
    }
    return v;
}
static void pred_set(unsigned char *regs, unsigned bits, size_t w, unsigned lane, uint64_t v)
{
    for (unsigned k = 0; k < bits; k++) {
        ptxcpu_lanemask m;
        memcpy(&m, regs + (w * bits + k) * sizeof m, sizeof m);
        m = (m & ~(1u << lane)) | (ptxcpu_lanemask)(v >> k & 1) << lane;
        memcpy(regs + (w * bits + k) * sizeof m, &m, sizeof m);
    }
}
/* The result of an instruction whose d is a predicate: 0 or 1; or p|q (setp), each 0 or 1; or
 * RESULT|PRED (lop3.BoolOp's d|p): d as any 32-bit result (hex or `*`), p 0 or 1. */
static int parse_pred_result(const char *t, vline *v, const char *file, unsigned ln)
{
    char tb[64];
    if (v->d.dst_bits == PTXCPU_DST_B32_PRED) {
        const char *bar = strchr(t, '|');
        char dpart[64], why[200];
        size_t nd = bar ? (size_t)(bar - t) : 0;
        if (!bar || nd >= sizeof dpart || (strcmp(bar + 1, "0") && strcmp(bar + 1, "1")))
            return bad(file, ln, "result '%s': %s writes a register and a predicate: RESULT|PRED "
                       "(0x00000000|1), PRED 0 or 1", cli_shown(t, tb, sizeof tb), v->d.mnemonic);
        memcpy(dpart, t, nd);
        dpart[nd] = 0;
        if (!parse_elem(dpart, v, 32, &v->res[0], why, sizeof why))
            return bad(file, ln, "result (RESULT|PRED): %s", why);
        v->p_want = bar[1] == '1';
        return 1;
    }
    if (v->d.dst_bits == PTXCPU_DST_PRED_PAIR) {
        if (strlen(t) != 3 || (t[0] != '0' && t[0] != '1') || t[1] != '|' ||
            (t[2] != '0' && t[2] != '1'))
            return bad(file, ln, "result '%s': %s writes two predicates: p|q, each 0 or 1",
                       cli_shown(t, tb, sizeof tb), v->d.mnemonic);
        v->res[0] = (expect){.kind = W_BITS, .bits = (uint64_t)(t[0] == '1') | (t[2] == '1') << 1};
        return 1;
    }
    if (strcmp(t, "0") && strcmp(t, "1"))
        return bad(file, ln, "result '%s': %s writes a predicate: 0 or 1",
                   cli_shown(t, tb, sizeof tb), v->d.mnemonic);
    v->res[0] = (expect){.kind = W_BITS, .bits = (uint64_t)(t[0] == '1')};
    return 1;
}
/* Bytes of a warp register of `bits` bits (a predicate: one lane mask; d|p: 32 lanes of 32 bits,
 * then p's mask). */
static size_t reg_bytes(unsigned bits) { return ptxcpu_reg_bytes(bits); }

typedef struct got {
    uint64_t r;
    uint64_t rv[4]; /* a line of a vector form (vline.vec): d's elements, or a .b128's halves */
    unsigned cf;
    int err; /* the kernel could not be run */
    char *msg; /* a warp line that failed: what differs (malloc'd); NULL otherwise */
} got;

static void *xalloc(size_t n)
{
    /* C11's aligned_alloc wants a multiple of the alignment (a predicate register is 4 bytes) */
    void *p = aligned_alloc(64, (n + 63) / 64 * 64 + 64 * !n);
    if (!p) {
        perror("ptxcpu check");
        exit(2);
    }
    return p;
}

/* A lane's value; d|p (PTXCPU_DST_B32_PRED) is d | p << 32, read as warp 0 of a 32-bit register
 * and of a predicate at the warp's register and 128 bytes on. */
static uint64_t get_lane(const unsigned char *regs, unsigned bits, size_t w, unsigned lane)
{
    if (bits == PTXCPU_DST_B32_PRED) {
        const unsigned char *r = regs + w * reg_bytes(bits);
        return get_lane(r, 32, 0, lane) | pred_get(r + reg_bytes(32), 1, 0, lane) << 32;
    }
    if (bits <= PTXCPU_DST_PRED_PAIR)
        return pred_get(regs, bits, w, lane);
    const unsigned char *p = regs + w * (bits / 8) * PTXCPU_WARP + lane * (bits / 8);
    union { uint16_t h; uint32_t s; uint64_t x; } u;
    memcpy(&u, p, bits / 8);
    return bits == 16 ? u.h : bits == 32 ? u.s : u.x;
}

static void set_lane(unsigned char *regs, unsigned bits, size_t w, unsigned lane, uint64_t v)
{
    if (bits == PTXCPU_DST_B32_PRED) {
        unsigned char *r = regs + w * reg_bytes(bits);
        set_lane(r, 32, 0, lane, v);
        pred_set(r + reg_bytes(32), 1, 0, lane, v >> 32);
        return;
    }
    if (bits <= PTXCPU_DST_PRED_PAIR) {
        pred_set(regs, bits, w, lane, v);
        return;
    }
    unsigned char *p = regs + w * (bits / 8) * PTXCPU_WARP + lane * (bits / 8);
    union { uint16_t h; uint32_t s; uint64_t x; } u;
    if (bits == 16) u.h = (uint16_t)v;
    else if (bits == 32) u.s = (uint32_t)v;
    else u.x = v;
    memcpy(p, &u, bits / 8);
}

/* Element j of a lane of an operand of several registers (multi_reg; any other: the lane) */
static uint64_t get_elem(const unsigned char *regs, unsigned bits, size_t w, unsigned lane,
                         unsigned j)
{
    if (!multi_reg(bits))
        return get_lane(regs, bits, w, lane);
    return get_lane(regs + w * reg_bytes(bits) + j * reg_bytes(elem_width(bits)), elem_width(bits),
                    0, lane);
}
static void set_elem(unsigned char *regs, unsigned bits, size_t w, unsigned lane, unsigned j,
                     uint64_t v)
{
    if (!multi_reg(bits))
        set_lane(regs, bits, w, lane, v);
    else
        set_lane(regs + w * reg_bytes(bits) + j * reg_bytes(elem_width(bits)), elem_width(bits), 0,
                 lane, v);
}

#define POISON 0xa5a5a5a5a5a5a5a5ull
/* What an unwritten lane of d holds: POISON's bits, for a predicate one bit of it a lane (both
 * values occur, so a stray write of either shows). */
static uint64_t poison(unsigned bits, unsigned lane)
{
    if (bits == PTXCPU_DST_B32_PRED)
        return poison(32, lane) | poison(PTXCPU_DST_PRED, lane) << 32;
    if (bits <= PTXCPU_DST_PRED_PAIR)
        return POISON >> lane & ((1u << bits) - 1);
    return POISON & (bits == 64 ? ~0ull : (1ull << bits) - 1);
}

/* The lane value a line expects where it is exact bits: d|p's as d | p << 32 (get_lane). */
static uint64_t want_bits(const vline *v)
{
    return v->res[0].bits | (v->d.dst_bits == PTXCPU_DST_B32_PRED ? (uint64_t)v->p_want << 32 : 0);
}

/* The instruction of a line as messages name it: its mnemonic, and its immediate if it has one
 * ("lop3.b32 immLut 0x96"). */
static const char *kernel_name(const vline *v, char *buf, size_t len)
{
    if (!v->imm_bits)
        return v->d.mnemonic;
    snprintf(buf, len, "%s %s 0x%02llx", v->d.mnemonic, CLI_IMM_NAME, (unsigned long long)v->imm);
    return buf;
}

/* Runs the lines idx[0..n) (all one instruction and immediate) on isa, packed 32 to a warp;
 * fills out[]. Returns 0 when an inactive lane was written (reported on stderr). */
static int run_group(const vset *set, const size_t *idx, size_t n, ptxcpu_isa isa, got *out)
{
    const vline *first = &set->v[idx[0]];
    const ptxcpu_insn_desc *d = &first->d;
    char name[96];
    size_t nw = (n + PTXCPU_WARP - 1) / PTXCPU_WARP;
    unsigned char *src[4] = {0}, *dst;
    for (unsigned s = 0; s < d->nsrc; s++) { /* (a predicate source: one lane mask a warp) */
        src[s] = xalloc(nw * reg_bytes(d->src_bits[s]));
        memset(src[s], 0x5a, nw * reg_bytes(d->src_bits[s]));
    }
    dst = xalloc(nw * reg_bytes(d->dst_bits));
    ptxcpu_lanemask *guard = calloc(nw, sizeof *guard), *cc = calloc(nw, sizeof *cc);
    if (!guard || !cc) {
        perror("ptxcpu check");
        exit(2);
    }
    for (size_t i = 0; i < nw * PTXCPU_WARP; i++)
        for (unsigned j = 0; j < reg_elems(d->dst_bits); j++)
            set_elem(dst, d->dst_bits, i / PTXCPU_WARP, (unsigned)(i % PTXCPU_WARP), j,
                     poison(elem_width(d->dst_bits), (unsigned)(i % PTXCPU_WARP)));
    for (size_t i = 0; i < n; i++) {
        const vline *v = &set->v[idx[i]];
        size_t w = i / PTXCPU_WARP;
        unsigned lane = (unsigned)(i % PTXCPU_WARP);
        for (unsigned s = 0; s < d->nsrc; s++)
            for (unsigned j = 0; j < reg_elems(d->src_bits[s]); j++)
                set_elem(src[s], d->src_bits[s], w, lane, j, v->vec ? v->vsrc[s][j] : v->src[s]);
        guard[w] |= 1u << lane;
        /* a predicate (and d|p's d): the opposite of the expected bits, so a lane left
         * unwritten shows (POISON's bits would be right for about half the lines) */
        if (d->dst_bits <= PTXCPU_DST_PRED_PAIR || d->dst_bits == PTXCPU_DST_B32_PRED)
            set_lane(dst, d->dst_bits, w, lane, ~want_bits(v));
        /* carry-in where read; else the opposite of the expected carry-out, so a kernel that
         * forgets to write CC.CF is caught */
        unsigned c = d->reads_cc ? v->cf_in : !v->cf_out;
        cc[w] |= (ptxcpu_lanemask)c << lane;
    }
    /* inactive lanes get CC bits set so a write to them shows */
    for (size_t w = 0; w < nw; w++)
        cc[w] |= ~guard[w] & 0x5a5a5a5au;
    ptxcpu_batch b = {.n = nw, .d = dst, .d_stride = (ptrdiff_t)reg_bytes(d->dst_bits),
                      .guard = guard, .guard_stride = sizeof *guard,
                      .cc = cc, .cc_stride = sizeof *cc};
    for (unsigned s = 0; s < d->nsrc; s++) {
        b.src[s].base = src[s];
        b.src[s].stride = (ptrdiff_t)reg_bytes(d->src_bits[s]);
    }
    ptxcpu_kernel k;
    int err = (first->imm_bits ? ptxcpu_resolve_imm(&first->insn, isa, first->imm, &k)
                               : ptxcpu_resolve(&first->insn, isa, &k)) ||
              ptxcpu_run(k, &b);
    if (err)
        fprintf(stderr, "ptxcpu check: %s: %s: %s\n", ptxcpu_isa_name(isa),
                kernel_name(first, name, sizeof name), ptxcpu_last_error());
    int clean = 1;
    for (size_t i = 0; i < nw * PTXCPU_WARP; i++) {
        size_t w = i / PTXCPU_WARP;
        unsigned lane = (unsigned)(i % PTXCPU_WARP);
        uint64_t r = get_lane(dst, multi_reg(d->dst_bits) ? elem_width(d->dst_bits) : d->dst_bits,
                              w * reg_elems(d->dst_bits), lane);
        unsigned cf = cc[w] >> lane & 1;
        int kept = 1;
        for (unsigned j = 0; j < reg_elems(d->dst_bits); j++)
            kept &= get_elem(dst, d->dst_bits, w, lane, j) ==
                    poison(multi_reg(d->dst_bits) ? elem_width(d->dst_bits) : d->dst_bits, lane);
        if (i < n) {
            out[i] = (got){.r = r, .cf = cf, .err = err};
            for (unsigned j = 0; j < reg_elems(d->dst_bits) && multi_reg(d->dst_bits); j++)
                out[i].rv[j] = get_elem(dst, d->dst_bits, w, lane, j);
        } else if (!err && (!kept || cf != (0x5a5a5a5au >> lane & 1))) {
            fprintf(stderr, "ptxcpu check: %s: %s wrote inactive lane %u of warp %zu\n",
                    ptxcpu_isa_name(isa), kernel_name(first, name, sizeof name), lane, w);
            clean = 0;
        }
    }
    for (unsigned s = 0; s < d->nsrc; s++)
        free(src[s]);
    free(dst);
    free(guard);
    free(cc);
    return clean;
}

static int elem_ok(const expect *e, const vline *v, unsigned bits, uint64_t r)
{
    ptxcpu_elem elem = v->d.elem;
    switch (e->kind) {
    case W_ANY: return 1;
    case W_NAN: return cli_is_nan(elem, bits, r);
    case W_APPROX: return approx_ok(elem, r, e->value, &v->bound);
    default: return e->bits == r;
    }
}

/* ---- running a warp line ------------------------------------------------------------------ */

/* The canary of a destination lane before run `run` (0 or 1): poison()'s bits, then their
 * complement, so that a write of any value to a lane outside exec shows in one of the runs. */
static uint64_t canary(unsigned bits, unsigned lane, int run)
{
    uint64_t c = poison(bits, lane);
    unsigned width = bits == PTXCPU_DST_B32_PRED ? 33 : bits;
    return run ? ~c & (width >= 64 ? ~0ull : (1ull << width) - 1) : c;
}

/* Destination k's part of a lane's value as get_lane reads it (d|p: d | p << 32). */
static uint64_t wpart(const vline *v, unsigned k, uint64_t r)
{
    if (v->d.dst_bits != PTXCPU_DST_B32_PRED)
        return r;
    return k ? r >> 32 & 1 : r & 0xffffffffu;
}

static const char *wvalue(const vline *v, unsigned k, uint64_t r, char *buf, size_t len)
{
    unsigned bits = wdst_bits(v, k);
    if (bits == PTXCPU_DST_PRED)
        snprintf(buf, len, "%u", (unsigned)(r & 1));
    else
        snprintf(buf, len, "0x%0*llx", (int)(bits / 4), (unsigned long long)r);
    return buf;
}

#define WARP_LANES_SHOWN 3
/* Compares the destinations after run `run` with the line: NULL when every lane is right, else
 * the message (malloc'd): per destination, its first differing lanes and how many differ. */
static char *warp_diff(const vline *v, const unsigned char *dst, int run)
{
    const wline *w = v->w;
    char msg[1024] = "", a[40], b[40];
    size_t at = 0;
#define WADD(...)                                                                               \
    (at += (size_t)snprintf(msg + at, at < sizeof msg ? sizeof msg - at : 0, __VA_ARGS__))
    for (unsigned k = 0; k < w->ndst; k++) {
        unsigned differ = 0;
        for (unsigned lane = 0; lane < PTXCPU_WARP; lane++) {
            uint64_t r = wpart(v, k, get_lane(dst, v->d.dst_bits, 0, lane));
            uint64_t c = wpart(v, k, canary(v->d.dst_bits, lane, run));
            const expect *e = &w->want[k][lane];
            if (e->kind == W_NONE ? r == c : elem_ok(e, v, wdst_bits(v, k), r))
                continue;
            if (differ < WARP_LANES_SHOWN) {
                WADD("%s", differ ? "; " : at ? "; " : "");
                if (!differ)
                    WADD("%s: ", wdst_name(v, k));
                if (e->kind == W_NONE)
                    WADD("lane %u is outside exec but was written: %s (canary %s)", lane,
                         wvalue(v, k, r, a, sizeof a), wvalue(v, k, c, b, sizeof b));
                else
                    WADD("lane %u: expected %s, got %s", lane,
                         e->kind == W_NAN ? "nan" : wvalue(v, k, e->bits, b, sizeof b),
                         wvalue(v, k, r, a, sizeof a));
            }
            differ++;
        }
        if (differ > WARP_LANES_SHOWN)
            WADD(" (%u lanes differ)", differ);
    }
#undef WADD
    if (!at)
        return NULL;
    char *s = strdup(msg);
    if (!s) {
        perror("ptxcpu check");
        exit(2);
    }
    return s;
}

/* Runs a warp line on isa as one warp (its exec the guard), twice, under a canary and its
 * complement; fills *g (msg: the mismatch, NULL when it passed). */
static void run_warp(const vline *v, ptxcpu_isa isa, got *g)
{
    const ptxcpu_insn_desc *d = &v->d;
    const wline *w = v->w;
    unsigned char *src[4] = {0}, *dst = xalloc(reg_bytes(d->dst_bits));
    memset(g, 0, sizeof *g);
    ptxcpu_batch b = {.n = 1, .d = dst, .d_stride = (ptrdiff_t)reg_bytes(d->dst_bits),
                      .guard = &w->exec};
    for (unsigned s = 0; s < d->nsrc; s++) {
        src[s] = xalloc(reg_bytes(d->src_bits[s]));
        memset(src[s], 0, reg_bytes(d->src_bits[s]));
        for (unsigned lane = 0; lane < PTXCPU_WARP; lane++)
            set_lane(src[s], d->src_bits[s], 0, lane, w->src[s][lane]);
        b.src[s].base = src[s];
        b.src[s].stride = (ptrdiff_t)reg_bytes(d->src_bits[s]);
    }
    ptxcpu_kernel k;
    g->err = ptxcpu_resolve(&v->insn, isa, &k) != PTXCPU_OK;
    for (int run = 0; run < 2 && !g->err && !g->msg; run++) {
        for (unsigned lane = 0; lane < PTXCPU_WARP; lane++)
            set_lane(dst, d->dst_bits, 0, lane, canary(d->dst_bits, lane, run));
        g->err = ptxcpu_run(k, &b) != PTXCPU_OK;
        if (!g->err)
            g->msg = warp_diff(v, dst, run);
    }
    if (g->err)
        fprintf(stderr, "ptxcpu check: %s: %s: %s\n", ptxcpu_isa_name(isa), d->mnemonic,
                ptxcpu_last_error());
    for (unsigned s = 0; s < d->nsrc; s++)
        free(src[s]);
    free(dst);
}

static int line_ok(const vline *v, const got *g)
{
    if (g->err)
        return 0;
    if (v->w)
        return !g->msg;
    if (v->d.writes_cc && g->cf != (unsigned)v->cf_out)
        return 0;
    if (v->d.dst_bits == PTXCPU_DST_B32_PRED)
        return (g->r >> 32 & 1) == v->p_want && elem_ok(&v->res[0], v, 32, g->r & 0xffffffffu);
    if (v->vec && multi_reg(v->d.dst_bits))
        return !memcmp(g->rv, v->vres, reg_elems(v->d.dst_bits) * sizeof *g->rv);
    if (v->vec)
        return g->r == v->vres[0];
    if (!v->split)
        return elem_ok(&v->res[0], v, v->d.dst_bits, g->r);
    unsigned eb = v->d.dst_bits / 2;
    uint64_t m = (1ull << eb) - 1;
    return elem_ok(&v->res[0], v, eb, g->r >> eb & m) &&
           elem_ok(&v->res[1], v, eb, g->r & m);
}

static void print_mismatch(const vline *v, const got *g, ptxcpu_isa isa)
{
    if (v->w) { /* FILE:LINE: ISA: MNEMONIC exec=MASK: d: lane 3: expected X, got Y; ... */
        printf("%s:%u: %s: %s: %s\n", v->file, v->lineno, ptxcpu_isa_name(isa), v->shown,
               g->err ? "an error (see stderr)" : g->msg);
        return;
    }
    printf("%s:%u: %s: %s: expected %s, got ", v->file, v->lineno, ptxcpu_isa_name(isa), v->shown,
           v->want_text);
    if (g->err) {
        printf("an error (see stderr)\n");
        return;
    }

    if (v->d.dst_bits == PTXCPU_B128) {
        printf("0x%016llx%016llx", (unsigned long long)g->rv[1], (unsigned long long)g->rv[0]);
    } else if (multi_reg(v->d.dst_bits)) {
        for (unsigned j = 0; j < reg_elems(v->d.dst_bits); j++)
            printf("%s0x%0*llx", j ? "|" : "", (int)(elem_width(v->d.dst_bits) / 4),
                   (unsigned long long)g->rv[j]);
    } else if (v->split) {
        unsigned eb = v->d.dst_bits / 2;
        printf("0x%0*llx:0x%0*llx", (int)(eb / 4), (unsigned long long)(g->r >> eb),
               (int)(eb / 4), (unsigned long long)(g->r & ((1ull << eb) - 1)));
    } else if (v->d.dst_bits == PTXCPU_DST_PRED) {
        printf("%u", (unsigned)(g->r & 1));
    } else if (v->d.dst_bits == PTXCPU_DST_PRED_PAIR) {
        printf("%u|%u", (unsigned)(g->r & 1), (unsigned)(g->r >> 1 & 1));
    } else if (v->d.dst_bits == PTXCPU_DST_B32_PRED) {
        printf("0x%08llx|%u", (unsigned long long)(g->r & 0xffffffffu), (unsigned)(g->r >> 32 & 1));
    } else {
        printf("0x%0*llx", (int)(v->d.dst_bits / 4), (unsigned long long)g->r);
    }
    if (v->d.writes_cc)
        printf(" cf=%u", g->cf);
    printf("\n");
}

/* Lines run in one batch when they share the kernel: the instruction and its immediate. */
static int same_kernel(const vline *x, const vline *y)
{
    /* (a warp line is a warp of its own, never packed with another line) */
    return x->insn.op == y->insn.op && x->imm == y->imm && !x->w && !y->w;
}

static const vset *sort_set;
static int by_kernel(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    const vline *x = &sort_set->v[i], *y = &sort_set->v[j];
    if (x->insn.op != y->insn.op)
        return x->insn.op < y->insn.op ? -1 : 1;
    if (x->imm != y->imm)
        return x->imm < y->imm ? -1 : 1;
    return (i > j) - (i < j);
}

int cli_check(int argc, char **argv)
{
    int use[PTXCPU_ISA_COUNT] = {0}, named = 0, a = 1;
    for (; a < argc && argv[a][0] == '-' && argv[a][1]; a++) { /* "-" alone: standard input */
        const char *list = NULL;
        if (!strcmp(argv[a], "--isa")) {
            if (a + 1 >= argc) {
                fprintf(stderr, "ptxcpu check: --isa needs a list such as scalar,avx2\n");
                return 2;
            }
            list = argv[++a];
        } else if (!strncmp(argv[a], "--isa=", 6)) {
            list = argv[a] + 6;
        } else if (!strcmp(argv[a], "--")) {
            a++;
            break;
        } else {
            fprintf(stderr, "ptxcpu check: unknown option '%s'\n", argv[a]);
            return 2;
        }
        if (!parse_isa_list(list, use))
            return 2;
        named = 1;
    }
    if (a >= argc) {
        fprintf(stderr, "ptxcpu check: no FILE given (usage: ptxcpu check [--isa LIST] FILE...)\n");
        return 2;
    }
    if (!named)
        for (int i = 0; i < PTXCPU_ISA_COUNT; i++)
            use[i] = ptxcpu_isa_usable((ptxcpu_isa)i);

    vset set = {0};
    for (; a < argc; a++)
        if (!load_file(argv[a], &set)) {
            free_set(&set);
            return 2;
        }

    size_t *idx = malloc((set.n ? set.n : 1) * sizeof *idx);
    got *res = malloc((set.n ? set.n : 1) * sizeof *res);
    if (!idx || !res) {
        perror("ptxcpu check");
        return 2;
    }
    for (size_t i = 0; i < set.n; i++)
        idx[i] = i;
    sort_set = &set;
    qsort(idx, set.n, sizeof *idx, by_kernel);

    unsigned long passed = 0, failed = 0;
    int clean = 1;
    for (int i = 0; i < PTXCPU_ISA_COUNT; i++) {
        if (!use[i])
            continue;
        got *g = malloc((set.n ? set.n : 1) * sizeof *g);
        if (!g) {
            perror("ptxcpu check");
            return 2;
        }
        for (size_t s = 0, e; s < set.n; s = e) {
            if (set.v[idx[s]].w) {
                run_warp(&set.v[idx[s]], (ptxcpu_isa)i, &res[idx[s]]);
                e = s + 1;
                continue;
            }
            for (e = s + 1; e < set.n && same_kernel(&set.v[idx[e]], &set.v[idx[s]]); e++)
                ;
            clean &= run_group(&set, idx + s, e - s, (ptxcpu_isa)i, g + s);
            for (size_t j = s; j < e; j++)
                res[idx[j]] = g[j];
        }
        for (size_t l = 0; l < set.n; l++) { /* report in file order */
            if (line_ok(&set.v[l], &res[l])) {
                passed++;
            } else {
                failed++;
                print_mismatch(&set.v[l], &res[l], (ptxcpu_isa)i);
            }
            free(res[l].msg);
            res[l].msg = NULL;
        }
        free(g);
    }
    printf("%lu passed, %lu failed\n", passed, failed);
    free_set(&set);
    free(idx);
    free(res);
    return failed || !clean ? 1 : 0;
}
