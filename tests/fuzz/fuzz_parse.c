/* libFuzzer target fuzz_parse: ptxcpu_parse on a fuzzed mnemonic and target, then describe and
 * last_error on the result, with the invariants include/ptxcpu_core.h promises checked (trap if
 * not). */
#include "ptxcpu.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"

/* Only the characters a PTX mnemonic is made of: messages about such a mnemonic quote it and
 * show no empty list, which a mnemonic with '(' or ' ' in it could fake. */
static int plain_mnemonic(const char *s)
{
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              *s == '.' || *s == '_'))
            return 0;
    return 1;
}

/* A register's width: 16, 32, 64, a .b128, or a vector of 2 or 4 registers of 16, 32, 64 bits */
static int reg_bits_ok(unsigned b)
{
    const unsigned n = PTXCPU_VEC_N(b), w = PTXCPU_VEC_BITS(b);
    return (w == 16 || w == 32 || w == 64 || (w == PTXCPU_B128 && n == 1)) &&
           (n == 1 || n == 2 || n == 4);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* MNEMONIC, or MNEMONIC\nTARGET (a NUL separates too): the copies are NUL-terminated, so a
     * NUL inside TARGET cuts it there, as it would for a C caller. No separator: target NULL. */
    size_t cut = 0;
    while (cut < size && data[cut] != 0 && data[cut] != '\n')
        cut++;
    char *mn = malloc(cut + 1);
    char *target = NULL;
    CHECK(mn);
    memcpy(mn, data, cut);
    mn[cut] = 0;
    if (cut < size) {
        size_t tlen = size - cut - 1;
        target = malloc(tlen + 1);
        CHECK(target);
        memcpy(target, data + cut + 1, tlen);
        target[tlen] = 0;
    }

    ptxcpu_insn insn = {0xbeef, 0xbeef};
    ptxcpu_status st = ptxcpu_parse(mn, target, &insn);
    const char *msg = ptxcpu_last_error();
    CHECK(msg != NULL);
    size_t mlen = strlen(msg);
    CHECK(st == PTXCPU_OK || st == PTXCPU_E_PARSE || st == PTXCPU_E_TARGET);
    ptxcpu_insn_desc d;
    if (st == PTXCPU_OK) {
        /* exactly a table spelling, on a target at least its minimum; the error is cleared */
        CHECK(mlen == 0);
        CHECK(insn.op < ptxcpu_insn_count());
        CHECK(ptxcpu_describe(&insn, &d) == PTXCPU_OK);
        CHECK(d.mnemonic && !strcmp(d.mnemonic, mn));
        CHECK(insn.sm >= d.min_sm);
        CHECK(target || insn.sm == 100); /* NULL = the default target sm_100 */
        ptxcpu_insn_desc e;
        CHECK(ptxcpu_insn_at(insn.op, &e) == PTXCPU_OK && e.mnemonic == d.mnemonic);
        CHECK(d.nsrc <= 4 && (d.nsrc >= 1 || !strcmp(mn, "activemask.b32"))); /* (no source) */
        CHECK(d.dst_bits == PTXCPU_DST_PRED || d.dst_bits == PTXCPU_DST_PRED_PAIR ||
              d.dst_bits == PTXCPU_DST_B32_PRED || reg_bits_ok(d.dst_bits));
        for (unsigned k = 0; k < 4; k++)
            CHECK(k < d.nsrc ? (d.src_bits[k] == PTXCPU_PRED || reg_bits_ok(d.src_bits[k]))
                             : d.src_bits[k] == 0);
        CHECK(d.elems == 1 || d.elems == 2 || d.elems == 4);
    } else {
        /* a failure leaves out alone and says why in one bounded line */
        CHECK(insn.op == 0xbeef && insn.sm == 0xbeef);
        CHECK(mlen > 0 && mlen < 768);
        CHECK(!memchr(msg, '\n', mlen) || (target && strchr(target, '\n')));
        if (st == PTXCPU_E_PARSE && *mn && strlen(mn) <= 64 && plain_mnemonic(mn)) {
            CHECK(strstr(msg, mn) != NULL);
            CHECK(!strstr(msg, "(null)") && !strstr(msg, "()") && !strstr(msg, ", )") &&
                  !strstr(msg, "  "));
        }
    }
    /* describe with an op the parser never made: refused, never read out of the table */
    if (size >= 2) {
        ptxcpu_insn bogus = {(uint16_t)(data[0] | data[size - 1] << 8), 100};
        ptxcpu_status ds = ptxcpu_describe(&bogus, &d);
        CHECK(bogus.op < ptxcpu_insn_count() ? ds == PTXCPU_OK : ds == PTXCPU_E_ARG);
    }
    free(mn);
    free(target);
    return 0;
}
