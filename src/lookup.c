/* Spellings looked up by hash: an open-addressing table of row indices over ops.def's mnemonics,
 * built once (pthread_once), so ptxcpu_parse costs the same at 666 rows as at 5,000. */
#include "internal.h"

#include <pthread.h>
#include <string.h>

/* A power of two, at least twice the rows: linear probes stay short. */
enum { SPELLING_SLOTS = PTX_NROWS <= 2048 ? 1u << 12 : PTX_NROWS <= 4096 ? 1u << 13 : 1u << 14 };
_Static_assert(SPELLING_SLOTS >= 2 * PTX_NROWS, "grow SPELLING_SLOTS with the table");

static uint16_t slot_row[SPELLING_SLOTS]; /* row + 1; 0 = empty. Written only by build_slots. */
static pthread_once_t slots_once = PTHREAD_ONCE_INIT;

static uint32_t spelling_hash(const char *s) /* FNV-1a */
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* Rows in index order: two rows of one spelling (the two- and three-input min.f32) probe from
 * the same slot, the lower index first. */
static void build_slots(void)
{
    for (unsigned i = 0; i < PTX_NROWS; i++) {
        uint32_t h = spelling_hash(ptx_rows[i].mnem) & (SPELLING_SLOTS - 1);
        while (slot_row[h])
            h = (h + 1) & (SPELLING_SLOTS - 1);
        slot_row[h] = (uint16_t)(i + 1);
    }
}

int ptx_find_spelling(const char *mn, unsigned ndst, unsigned nsrc)
{
    pthread_once(&slots_once, build_slots);
    for (uint32_t h = spelling_hash(mn) & (SPELLING_SLOTS - 1); slot_row[h];
         h = (h + 1) & (SPELLING_SLOTS - 1)) {
        const ptx_row *r = &ptx_rows[slot_row[h] - 1];
        if (!strcmp(mn, r->mnem) && (!nsrc || r->nsrc == nsrc) &&
            PTXCPU_VEC_N(r->bits[0]) == (ndst ? ndst : 1))
            return slot_row[h] - 1;
    }
    return -1;
}
