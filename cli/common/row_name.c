/* The name `ptxcpu list` and `ptxcpu bench` show for a row of the instruction table: one that
 * tells apart two rows of one spelling (the two- and three-input min.f32; mov's packs and unpacks,
 * mov.b64{x,y}), and the count of sources where a section's forms differ in it. */
#include "row_name.h"
#include "ptxcpu.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Whether each row has another source count than the first row of its opcode in its section
 * (the three-input min/max of 9.7.3.11-12, after the two-input forms): worked out once for the
 * whole table, through an open-addressing table keyed by (section, opcode), so that `list` and
 * `bench` name every row in one pass instead of one scan of the table a row. */
enum { ROW_KEYS = 1u << 14 };
static struct row_key { const char *sec, *mn; size_t oplen; unsigned nsrc; } row_keys[ROW_KEYS];
static unsigned char row_other[ROW_KEYS / 2]; /* per row; written only by find_other_counts */
static pthread_once_t other_once = PTHREAD_ONCE_INIT;

static uint32_t key_hash(const char *sec, const char *mn, size_t oplen)
{
    uint32_t h = 2166136261u; /* FNV-1a over the section, a separator, the opcode */
    for (; *sec; sec++)
        h = (h ^ (unsigned char)*sec) * 16777619u;
    h = (h ^ '|') * 16777619u;
    for (size_t i = 0; i < oplen; i++)
        h = (h ^ (unsigned char)mn[i]) * 16777619u;
    return h & (ROW_KEYS - 1);
}

static void find_other_counts(void)
{
    size_t n = ptxcpu_insn_count();
    for (size_t i = 0; i < n && n < ROW_KEYS / 2; i++) {
        ptxcpu_insn_desc d;
        if (ptxcpu_insn_at(i, &d) != PTXCPU_OK)
            continue;
        size_t oplen = strcspn(d.mnemonic, ".");
        uint32_t h = key_hash(d.section, d.mnemonic, oplen);
        for (;; h = (h + 1) & (ROW_KEYS - 1)) {
            struct row_key *k = &row_keys[h];
            if (!k->mn) { /* the first row of its opcode in its section */
                *k = (struct row_key){d.section, d.mnemonic, oplen, d.nsrc};
                break;
            }
            if (k->oplen == oplen && !strcmp(k->sec, d.section) &&
                !strncmp(k->mn, d.mnemonic, oplen)) {
                row_other[i] = k->nsrc != d.nsrc;
                break;
            }
        }
    }
}

const char *cli_row_name(size_t index, char *buf, size_t len)
{
    static const char *const ops[] = {"", "(a)", "(a,b)", "(a,b,c)", "(a,b,c,d)"};
    ptxcpu_insn_desc d;
    ptxcpu_insn insn;
    if (ptxcpu_insn_at(index, &d) != PTXCPU_OK)
        return "";
    /* the spelling alone names another row (min.f32 is the two-input form), or the section's
     * forms take different counts (min.abs.f32 is three-input only): add the sources */
    int shared = ptxcpu_parse(d.mnemonic, NULL, &insn) != PTXCPU_OK || insn.op != index;
    pthread_once(&other_once, find_other_counts);
    /* (lop3's forms take 3 and 4 sources but differ in spelling: no count needed) */
    int other = index < ROW_KEYS / 2 && row_other[index] && !(!shared && ptxcpu_insn_imm_bits(&insn));
    if (PTXCPU_VEC_N(d.dst_bits) > 1) /* mov's unpacks: the registers d's braces hold */
        snprintf(buf, len, "%s%s", d.mnemonic,
                 PTXCPU_VEC_N(d.dst_bits) == 2 ? "{x,y}" : "{x,y,z,w}");
    else
        snprintf(buf, len, "%s%s", d.mnemonic, (shared || other) && d.nsrc < 5 ? ops[d.nsrc] : "");
    return buf;
}

/* The operand counts spelling mn has forms with, "2" or "2 or 3" (the two- and three-input
 * min.f32), for a message about a wrong count of operands; "" where none (not a spelling). An
 * immediate is an operand as written (lop3.b32 a b c immLut: 4), not a source. */
const char *cli_source_counts(const char *mn, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    for (unsigned c = 1; c <= 4 && n < len; c++) {
        ptxcpu_insn insn;
        ptxcpu_status st = ptxcpu_parse_n(mn, c, NULL, &insn);
        if (st == PTXCPU_OK || st == PTXCPU_E_TARGET) {
            unsigned imm = st == PTXCPU_OK && ptxcpu_insn_imm_bits(&insn) > 0;
            int w = snprintf(buf + n, len - n, "%s%u", n ? " or " : "", c + imm);
            n += w > 0 ? (size_t)w : 0;
        }
    }
    return buf;
}
