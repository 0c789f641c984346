/* libFuzzer target fuzz_run: ptxcpu_run, ptxcpu_run_chain and ptxcpu_exec on fuzzed batches laid
 * out in guard-paged, ASan-poisoned memory, checked against include/ptxcpu_core.h and the scalar
 * kernel. */
#include "ptxcpu.h"

#include <sanitizer/asan_interface.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_check.h"
#include "test_common.h"

/* ---- the arena ---------------------------------------------------------------------------------
 * Every operand lies in memory that holds exactly the bytes its descriptor names. One memfd holds every operand's bytes. The library sees each role (d, the four sources, guard,
 * cc) through its own mapping with a PROT_NONE page on either side: sources and guard read-only,
 * d and cc read-write, so a write to a source faults. The harness fills and inspects the same
 * bytes through a second, read-write view of the whole memfd, which ASan never poisons. In the
 * library's view of a slot everything outside the registers of the current descriptor is
 * ASan-poisoned, so a stray access between strided registers is reported even where no page
 * boundary falls. Mappings are made once; an input only moves poison, except for strides too
 * wide for a slot, whose registers are mapped one by one (their pages alone, unpoisoned: poison
 * scattered over the reservation would leave ASan shadow pages resident everywhere) into a large
 * PROT_NONE reservation. */
enum { R_D, R_A, R_B, R_C, R_E, R_G, R_CC, NROLE };
#define SLOT (128u * 1024)        /* a role's slot: extents up to this many bytes */
#define MAXPG (64u * 1024)        /* the largest page size the arena allows for */
#define MAXN 12                   /* warps actually laid out; larger n are only huge ones */
#define WIDE_SPAN (1ull << 36)    /* a role's reservation for wide strides */
#define MARGIN 256u               /* bytes either side of an extent that must stay unchanged */
#define MAXREG 512u               /* the widest warp register (a .b128, a vector of 4 x 32 bits) */

static struct {
    int ready;
    size_t pg;                       /* the page size */
    int fd;
    unsigned char *hv;               /* the harness's view of the whole memfd */
    unsigned char *slot[NROLE];      /* the library's view of each role's slot */
    unsigned char *wide[NROLE];      /* each role's reservation for wide strides */
    size_t slot_off[NROLE], wide_off[NROLE];
} A;

static int writable(int role) { return role == R_D || role == R_CC; }

static void arena_init(void)
{
    const size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    CHECK(pg >= 4096 && pg <= MAXPG && SLOT % pg == 0);
    A.pg = pg;
    size_t total = NROLE * (size_t)SLOT + NROLE * (size_t)MAXN * 2 * pg;
    A.fd = memfd_create("fuzz_run", 0);
    CHECK(A.fd >= 0 && ftruncate(A.fd, (off_t)total) == 0);
    A.hv = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_SHARED, A.fd, 0);
    CHECK(A.hv != MAP_FAILED);
    for (int r = 0; r < NROLE; r++) {
        A.slot_off[r] = (size_t)r * SLOT;
        A.wide_off[r] = NROLE * (size_t)SLOT + (size_t)r * MAXN * 2 * pg;
        unsigned char *res = mmap(NULL, SLOT + 2 * pg, PROT_NONE,
                                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        CHECK(res != MAP_FAILED);
        A.slot[r] = mmap(res + pg, SLOT, writable(r) ? PROT_READ | PROT_WRITE : PROT_READ,
                         MAP_SHARED | MAP_FIXED, A.fd, (off_t)A.slot_off[r]);
        CHECK(A.slot[r] == res + pg);
        ASAN_POISON_MEMORY_REGION(A.slot[r], SLOT);
        A.wide[r] = mmap(NULL, WIDE_SPAN, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                         -1, 0);
        CHECK(A.wide[r] != MAP_FAILED);
    }
    A.ready = 1;
}

/* ---- one operand ---------------------------------------------------------------------------- */
typedef struct lay {
    int checked;           /* the library must validate it (and may access it) */
    int owner;             /* the role whose memory holds it: itself, or d / src[0] for an alias */
    unsigned reg, align;   /* register bytes; the lane type's alignment */
    uintptr_t base;
    ptrdiff_t stride;
    size_t nreg;           /* registers laid out (0: none, the pointer is NULL or junk) */
    int wide;              /* registers mapped one by one (else in the role's slot) */
    uintptr_t lo, hi;      /* slot: the extent; wide: the first and last mapped page + pg */
    uintptr_t page[MAXN];  /* wide: register w's first page (w in address order) */
    unsigned npages[MAXN];
} lay;

static uint64_t mag(ptrdiff_t s) { return s < 0 ? 0 - (uint64_t)s : (uint64_t)s; }

/* The statuses (as bits) that an operand of n registers at base/stride justifies, by the rules of
 * ptxcpu_core.h: a NULL pointer, a base or stride off the lane type's alignment, registers whose
 * addresses cannot be represented (a reach beyond PTRDIFF_MAX, or past either end of the address
 * space). 0 = a valid operand. */
static unsigned rules(uintptr_t base, ptrdiff_t stride, size_t n, unsigned align, unsigned reg)
{
    if (!base)
        return 1u << PTXCPU_E_NULL;
    unsigned v = 0;
    if (base % align || (uint64_t)stride % align)
        v |= 1u << PTXCPU_E_ALIGN;
    if (n > 1) {
        unsigned __int128 off = (unsigned __int128)(n - 1) * mag(stride);
        if (off > PTRDIFF_MAX || (stride < 0 ? off > base : base + off + reg > UINTPTR_MAX))
            v |= 1u << PTXCPU_E_RANGE;
    }
    return v;
}

/* The harness's view of library address p inside role `owner`'s layout L. */
static unsigned char *hview(const lay *L, int owner, uintptr_t p)
{
    const size_t pg = A.pg;
    if (!L->wide) {
        CHECK(p >= (uintptr_t)A.slot[owner] && p < (uintptr_t)A.slot[owner] + SLOT);
        return A.hv + A.slot_off[owner] + (p - (uintptr_t)A.slot[owner]);
    }
    for (size_t j = 0; j < L->nreg; j++)
        if (p >= L->page[j] && p < L->page[j] + L->npages[j] * pg)
            return A.hv + A.wide_off[owner] + j * 2 * pg + (p - L->page[j]);
    __builtin_trap();
}

static uintptr_t reg_addr(const lay *L, size_t w) { return L->base + (uintptr_t)((ptrdiff_t)w * L->stride); }

/* Lays out L->nreg registers of L for role r: in the slot when the extent fits, flush against the
 * page after it (flush_end) or `shift` bytes after the page before it; else one by one in the
 * wide reservation. mis: the base's offset from the alignment (a misaligned-base case).
 * Returns 0 when it cannot (the caller then lays out one register). */
static int place(lay *L, int r, int flush_end, unsigned shift, unsigned mis)
{
    const size_t pg = A.pg;
    uint64_t s = mag(L->stride);
    size_t n = L->nreg;
    uint64_t span = (uint64_t)(n - 1) * s + L->reg; /* n <= MAXN and s < 2^36 here */
    uintptr_t lo;
    if (span + 64 + MARGIN <= SLOT) {
        uintptr_t start = (uintptr_t)A.slot[r], end = start + SLOT;
        if (flush_end) {
            lo = end - span;
            lo -= (lo - mis) % L->align;
        } else {
            lo = start + (shift & ~(uintptr_t)(L->align - 1)) + mis;
        }
        L->wide = 0;
        L->lo = lo;
        L->hi = lo + span;
    } else {
        if (s < 3 * pg || span + 2 * pg + 64 > WIDE_SPAN)
            return 0;
        lo = (uintptr_t)A.wide[r] + pg + (shift & ~(uintptr_t)(L->align - 1)) + mis;
        L->wide = 1;
        for (size_t j = 0; j < n; j++) {
            uintptr_t a = lo + j * s;
            L->page[j] = a & ~(uintptr_t)(pg - 1);
            L->npages[j] = (unsigned)(((a + L->reg - 1) / pg) - (a / pg) + 1);
            void *m = mmap((void *)L->page[j], L->npages[j] * pg,
                           writable(r) ? PROT_READ | PROT_WRITE : PROT_READ,
                           MAP_SHARED | MAP_FIXED, A.fd, (off_t)(A.wide_off[r] + j * 2 * pg));
            CHECK(m == (void *)L->page[j]);
        }
        L->lo = L->page[0];
        L->hi = L->page[n - 1] + L->npages[n - 1] * pg;
    }
    L->base = L->stride < 0 ? lo + (n - 1) * s : lo;
    if (!L->wide)
        for (size_t w = 0; w < n; w++)
            ASAN_UNPOISON_MEMORY_REGION((void *)reg_addr(L, w), L->reg);
    return 1;
}

/* Undoes place(): poison back over a slot extent; wide pages unmapped. */
static void unplace(lay *L)
{
    const size_t pg = A.pg;
    if (!L->nreg)
        return;
    if (!L->wide) {
        /* whole 8-byte granules: the unpoisoning of a register that starts inside one made its
         * first bytes addressable too, and nothing else in the slot is unpoisoned */
        uintptr_t from = L->lo & ~(uintptr_t)7, to = (L->hi + 7) & ~(uintptr_t)7;
        ASAN_POISON_MEMORY_REGION((void *)from, to - from);
        return;
    }
    for (size_t j = 0; j < L->nreg; j++) {
        void *m = mmap((void *)L->page[j], L->npages[j] * pg, PROT_NONE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
        CHECK(m == (void *)L->page[j]);
    }
}

/* The bytes of an owned layout that the harness fills and watches: [from, to) in the library's
 * view for a slot (the extent and a margin), each register's pages for wide. */
typedef struct span {
    uintptr_t from[MAXN], to[MAXN];
    size_t n;
} span;
static void watched(const lay *L, int r, span *sp)
{
    const size_t pg = A.pg;
    sp->n = 0;
    if (!L->nreg)
        return;
    if (!L->wide) {
        uintptr_t start = (uintptr_t)A.slot[r], end = start + SLOT;
        sp->from[0] = L->lo - MARGIN < start ? start : L->lo - MARGIN;
        sp->to[0] = L->hi + MARGIN > end ? end : L->hi + MARGIN;
        sp->n = 1;
        return;
    }
    for (size_t j = 0; j < L->nreg; j++) {
        sp->from[j] = L->page[j];
        sp->to[j] = L->page[j] + L->npages[j] * pg;
    }
    sp->n = L->nreg;
}

/* ---- input ---------------------------------------------------------------------------------- */
typedef struct rd {
    const uint8_t *p;
    size_t n;
} rd;
static unsigned u8(rd *r)
{
    if (!r->n)
        return 0;
    r->n--;
    return *r->p++;
}
static uint64_t u32(rd *r)
{
    uint64_t v = 0;
    for (int i = 0; i < 4; i++)
        v = v << 8 | u8(r);
    return v;
}

/* Operand bytes: the input's tail, repeated; a fixed pattern when there is none. */
static void fill(unsigned char *dst, size_t len, const rd *tail, size_t *pos)
{
    for (size_t i = 0; i < len; i++, (*pos)++)
        dst[i] = tail->n ? tail->p[*pos % tail->n] : (unsigned char)((*pos * 0x9e3779b1u) >> 24);
}

/* The stride of a descriptor for an operand with lane alignment a and register size reg, from
 * the class byte c, the parameter p (and for wide ones a 32-bit draw), n warps. */
static ptrdiff_t pick_stride(unsigned c, unsigned p, rd *in, unsigned a, unsigned reg, size_t n)
{
    const size_t pg = A.pg;
    int neg = p & 1;
    ptrdiff_t s;
    switch (c % 8) {
    case 0: return (ptrdiff_t)reg;                       /* packed */
    case 1: return 0;                                    /* uniform */
    case 2: return (ptrdiff_t)(a * (1 + p));             /* strided, overlapping or gapped */
    case 3: return -(ptrdiff_t)(a * (1 + p));
    case 4: return -(ptrdiff_t)reg;
    case 5: /* wide: beyond a slot, up to what the reservation holds */
        s = (ptrdiff_t)((3 * pg + (u32(in) * 4099u * a) % (WIDE_SPAN / (MAXN + 1))) & ~(uint64_t)(a - 1));
        return neg ? -s : s;
    case 6: /* huge: with n >= 2 (3 for the positive ones) the registers cannot be addressed */
        switch ((p >> 1) % (n >= 3 || n <= 1 ? 5 : 3)) {
        case 0: return PTRDIFF_MIN;
        case 1: return -(ptrdiff_t)(((uint64_t)1 << 56) + a * p);
        case 2: return -(PTRDIFF_MAX & ~(ptrdiff_t)(a - 1));
        case 3: return (ptrdiff_t)1 << 62;
        default: return PTRDIFF_MAX & ~(ptrdiff_t)(a - 1);
        }
    default: /* misaligned */
        s = (ptrdiff_t)(a * (1 + (p >> 1)) + 1 + (p >> 1) % (a - 1));
        return neg ? -s : s;
    }
}

/* ---- the run -------------------------------------------------------------------------------- */
static const char *const targets[] = {NULL, "sm_10", "sm_13", "sm_20", "sm_80", "sm_90a"};

/* Snapshots of the writable roles' watched bytes (d, cc), and the reference run's packed
 * operands (harness-only state). */
#define SNAP (MAXN * 2 * MAXPG) /* >= SLOT */
static unsigned char before[2][SNAP];
static unsigned char mayset[2][SNAP]; /* bits a successful run may change */
static _Alignas(64) unsigned char ref_src[4][MAXN * MAXREG];
static _Alignas(64) unsigned char ref_d[MAXN * MAXREG];
static ptxcpu_lanemask ref_guard[MAXN], ref_cc[MAXN];

/* A watched byte's place in a snapshot array: a slot's one span from the start, wide spans
 * (at most two pages each) at 2 * pg apart. */
static unsigned char *snap(unsigned char *buf, const span *sp, uintptr_t p)
{
    const size_t pg = A.pg;
    for (size_t j = 0; j < sp->n; j++)
        if (p >= sp->from[j] && p < sp->to[j])
            return buf + j * 2 * pg + (p - sp->from[j]);
    __builtin_trap();
}
static unsigned char *snap_of(unsigned char (*buf)[SNAP], int r, const span *sp, uintptr_t p)
{
    return snap(buf[r == R_D ? 0 : 1], sp, p);
}

/* ptxcpu_resolve, or for the rows resolved with an immediate (lop3) ptxcpu_resolve_imm of lut */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!A.ready)
        arena_init();
    rd in = {data, size};

    /* the instruction, target and ISA */
    size_t count = ptxcpu_insn_count();
    unsigned opsel = u8(&in) << 8;
    opsel |= u8(&in);
    ptxcpu_insn_desc d;
    CHECK(ptxcpu_insn_at(opsel % count, &d) == PTXCPU_OK);
    const char *target = targets[u8(&in) % 6];
    ptxcpu_insn insn;
    ptxcpu_status st = ptxcpu_parse_form(d.mnemonic, PTXCPU_VEC_N(d.dst_bits), d.nsrc, target, &insn);
    if (st) {
        CHECK(st == PTXCPU_E_TARGET && target);
        CHECK(ptxcpu_parse_form(d.mnemonic, PTXCPU_VEC_N(d.dst_bits), d.nsrc, NULL, &insn) == PTXCPU_OK);
    }
    unsigned isel = u8(&in) % 5;
    ptxcpu_isa isa = isel == 4 ? PTXCPU_ISA_BEST : (ptxcpu_isa)isel;
    ptxcpu_kernel k = NULL;
    /* (lop3: its table from the input, the same for the scalar reference below) */
    const unsigned lut = ptxcpu_insn_imm_bits(&insn) ? u8(&in) : 0;
    st = test_resolve_lut(&insn, isa, lut, &k);
    if (isa != PTXCPU_ISA_BEST && !ptxcpu_isa_usable(isa)) {
        CHECK(st == PTXCPU_E_ISA);
        return 0;
    }
    CHECK(st == PTXCPU_OK && k);
    unsigned api = u8(&in); /* 0 run, 1 chain, 2 exec (active ISA, default target) */
    int mode = api % 3;
    ptxcpu_insn first;
    if (mode == 2 && (ptxcpu_parse(d.mnemonic, NULL, &first) != PTXCPU_OK || first.op != insn.op ||
                      ptxcpu_insn_imm_bits(&first)))
        mode = 0; /* ptxcpu_exec runs the first form of a shared spelling (two-input min.f32),
                     and has no immediate to give lop3 */
    if (mode == 2) {
        CHECK(ptxcpu_parse_form(d.mnemonic, PTXCPU_VEC_N(d.dst_bits), d.nsrc, NULL, &insn) == PTXCPU_OK);
        CHECK(ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k) == PTXCPU_OK);
    }
    if (api >= 0xfe) { /* the NULLs the API names */
        ptxcpu_batch b0 = {0};
        CHECK((api & 1 ? ptxcpu_run(NULL, &b0) : ptxcpu_run(k, NULL)) == PTXCPU_E_NULL);
        CHECK((api & 1 ? ptxcpu_run_chain(NULL, &b0, 0, 1) : ptxcpu_run_chain(k, NULL, 0, 1)) ==
              PTXCPU_E_NULL);
        return 0;
    }

    /* n: mostly 0..MAXN; else one so large that d's registers cannot be addressed */
    unsigned nsel = u8(&in);
    size_t n;
    int huge_n = nsel >= 0xf0;
    if (!huge_n) {
        n = nsel % (MAXN + 1);
    } else {
        static const size_t big[] = {SIZE_MAX, SIZE_MAX / 2, ((size_t)1 << 62) + 1,
                                     ((size_t)1 << 63) + 5, (size_t)PTRDIFF_MAX / 256 + 1,
                                     ((size_t)1 << 40) + 1, ((size_t)1 << 25) + 1};
        n = big[nsel % (sizeof big / sizeof big[0])];
    }
    unsigned feedback = u8(&in);
    feedback = feedback >= 0xf8 ? 0xffffffffu - (feedback & 7) : feedback % 5;
    unsigned ssel = u8(&in);
    uint64_t steps = ssel >= 0xf0 ? ssel - 0xe8u : ssel % 4;
    unsigned gmode = u8(&in);

    /* every operand's descriptor and layout */
    lay L[NROLE];
    memset(L, 0, sizeof L);
    int reads_cc = d.reads_cc, writes_cc = d.writes_cc;
    for (int r = 0; r < NROLE; r++) {
        lay *o = &L[r];
        unsigned c = u8(&in), f = u8(&in), p = u8(&in);
        o->owner = r;
        if (r == R_D) {
            /* (a predicate d, PTXCPU_DST_PRED: one 4-byte lane mask a warp; p|q two) */
            o->checked = 1, o->reg = ptxcpu_reg_bytes(d.dst_bits);
            o->align = ptxcpu_reg_align(d.dst_bits);
        } else if (r <= R_E) {
            unsigned kk = (unsigned)(r - R_A);
            o->checked = kk < d.nsrc;
            unsigned bits = o->checked ? d.src_bits[kk] : 32;
            o->reg = ptxcpu_reg_bytes(bits); /* (a predicate source, PTXCPU_PRED: a 4-byte mask) */
            o->align = ptxcpu_reg_align(bits);
        } else if (r == R_G) { /* (a NULL guard is no error: every lane active) */
            o->checked = !(gmode & 1) && (f >> 4) != 15, o->reg = 4, o->align = 4;
        } else {
            o->checked = reads_cc || writes_cc, o->reg = 4, o->align = 4;
        }
        if (!o->checked) { /* ignored by the library: junk it must not touch */
            o->base = (uintptr_t)0xdead000000000000ull | (uintptr_t)(c << 16 | f << 8 | p);
            o->stride = (ptrdiff_t)(0x5a5a5a5a5a5a5a5aull ^ (uint64_t)(f << 3));
            if (r == R_CC && (f & 1))
                o->base = 0;
            continue;
        }
        o->stride = pick_stride(c, p, &in, o->align, o->reg, n);
        if (r == R_D && huge_n && o->stride) {
            /* a huge n must be refused: d's reach past PTRDIFF_MAX whatever the class gave */
            uint64_t need = (uint64_t)PTRDIFF_MAX / (n - 1) + 1;
            need = (need + o->align - 1) & ~(uint64_t)(o->align - 1);
            if (mag(o->stride) < need)
                o->stride = o->stride < 0 ? -(ptrdiff_t)need : (ptrdiff_t)need;
        }
        unsigned special = f >> 4;
        if (special == 15) { /* NULL */
            o->base = 0;
            continue;
        }
        if (r >= R_A && r <= R_E && special == 13 && L[R_D].reg == o->reg && L[R_D].align == o->align) {
            o->owner = L[R_D].owner, o->base = L[R_D].base, o->stride = L[R_D].stride; /* d aliases it */
            continue;
        }
        if (r > R_A && r <= R_E && special == 12 && L[R_A].checked && L[R_A].reg == o->reg) {
            o->owner = L[R_A].owner, o->base = L[R_A].base, o->stride = L[R_A].stride;
            continue;
        }
        unsigned mis = special == 14 ? 1 + p % (o->align - 1) : 0;
        /* the registers to lay out: all n when the arena can hold them; else (huge strides and
         * huge n, built so that the registers cannot be addressed at all) the first alone */
        int addressable = !huge_n && (n <= 1 || (unsigned __int128)(n - 1) * mag(o->stride) +
                                                        o->reg + 2 * A.pg + 128 <= WIDE_SPAN);
        o->nreg = addressable && n > 1 ? n : 1;
        CHECK(place(o, r, f & 1, 8 * ((f >> 1) & 7), mis));
        /* (harness self-check: memory is missing only where the rules refuse the operand) */
        unsigned why = rules(o->base, o->stride, n, o->align, o->reg);
        if (!huge_n && n > 1)
            CHECK(addressable ? !(why >> PTXCPU_E_RANGE & 1) : (why >> PTXCPU_E_RANGE & 1));
    }

    /* what a correct library answers: OK exactly when no rule is broken, else one of them */
    unsigned viol = 0;
    if (n > 0) {
        for (int r = 0; r < NROLE; r++)
            if (L[r].checked)
                viol |= rules(L[r].base, L[r].stride, n, L[r].align, L[r].reg);
        if (reads_cc || writes_cc) {
            if (!L[R_CC].base)
                viol |= 1u << PTXCPU_E_NULL;
            if (writes_cc && L[R_CC].stride == 0 && n > 1)
                viol |= 1u << PTXCPU_E_ARG;
        }
        if (L[R_D].stride == 0 && n > 1)
            viol |= 1u << PTXCPU_E_ARG;
        if (n > 1 && mag(L[R_D].stride) < L[R_D].reg) /* the warps' d registers would overlap */
            viol |= 1u << PTXCPU_E_ARG;
        if (n > ((size_t)1 << 32)) /* a limit on n is the library's to set (E_RANGE) */
            viol |= 1u << PTXCPU_E_RANGE;
    }
    unsigned chain_viol = 0;
    if (mode == 1 && (feedback >= d.nsrc || d.src_bits[feedback] != d.dst_bits ||
                      d.dst_bits == PTXCPU_DST_PRED || d.dst_bits == PTXCPU_DST_PRED_PAIR))
        chain_viol = 1u << PTXCPU_E_ARG; /* (no chains of predicates: and.pred is refused too) */

    /* fill the owned bytes; snapshot what the library may write */
    rd tail = in;
    size_t pos = 0;
    span sp[NROLE];
    for (int r = 0; r < NROLE; r++) {
        watched(&L[r], r, &sp[r]);
        for (size_t j = 0; j < sp[r].n; j++) {
            unsigned char *h = hview(&L[r], r, sp[r].from[j]);
            size_t len = sp[r].to[j] - sp[r].from[j];
            fill(h, len, &tail, &pos);
            if (r == R_G && (gmode >> 1) % 4 == 1)
                memset(h, 0xff, len); /* every lane active */
            else if (r == R_G && (gmode >> 1) % 4 == 2)
                memset(h, 0, len);
            if (writable(r))
                memcpy(snap_of(before, r, &sp[r], sp[r].from[j]), h, len);
        }
    }
    size_t nw = viol == 0 && n <= MAXN ? n : 0; /* warps laid out in full, to check */
    ptxcpu_lanemask active[MAXN];
    for (size_t w = 0; w < nw; w++)
        active[w] = L[R_G].checked && L[R_G].base
                        ? *(const ptxcpu_lanemask *)hview(&L[R_G], R_G, reg_addr(&L[R_G], w))
                        : ~0u;
    /* the reference's operands, read before the run (d may be a source) */
    int d_apart = nw <= 1 || mag(L[R_D].stride) >= L[R_D].reg;
    int want_ref = viol == 0 && chain_viol == 0 && nw > 0 && d_apart;
    if (want_ref) {
        for (unsigned kk = 0; kk < d.nsrc; kk++) {
            const lay *o = &L[R_A + kk];
            const lay *own = &L[o->owner];
            for (size_t w = 0; w < nw; w++)
                memcpy(ref_src[kk] + w * o->reg, hview(own, o->owner, reg_addr(o, w)), o->reg);
        }
        for (size_t w = 0; w < nw; w++) {
            memcpy(ref_d + w * L[R_D].reg, hview(&L[R_D], R_D, reg_addr(&L[R_D], w)), L[R_D].reg);
            ref_guard[w] = active[w];
            if (reads_cc || writes_cc)
                memcpy(&ref_cc[w], hview(&L[R_CC], R_CC, reg_addr(&L[R_CC], w)), 4);
        }
    }

    /* the call */
    ptxcpu_batch b = {.n = n, .d = (void *)L[R_D].base, .d_stride = L[R_D].stride,
                      .guard = (const ptxcpu_lanemask *)L[R_G].base,
                      .guard_stride = L[R_G].stride,
                      .cc = (ptxcpu_lanemask *)L[R_CC].base, .cc_stride = L[R_CC].stride};
    if (!L[R_G].checked)
        b.guard = NULL;
    for (int kk = 0; kk < 4; kk++)
        b.src[kk] = (ptxcpu_src){(const void *)L[R_A + kk].base, L[R_A + kk].stride};
    st = mode == 0 ? ptxcpu_run(k, &b)
       : mode == 1 ? ptxcpu_run_chain(k, &b, feedback, steps)
                   : ptxcpu_exec(d.mnemonic, &b);

    /* the status: OK exactly when the descriptor is valid; else a reason it is not */
    if (n == 0)
        CHECK(st == PTXCPU_OK || (chain_viol && st == PTXCPU_E_ARG));
    else if (!(viol | chain_viol))
        CHECK(st == PTXCPU_OK);
    else
        CHECK(st != PTXCPU_OK && ((viol | chain_viol) >> st & 1));
    if (st != PTXCPU_OK)
        CHECK(ptxcpu_last_error()[0] != 0);

    /* what may have changed: d's active lanes and cc's active-lane bits of a CC writer, after a
     * run of at least one warp; nothing else, and nothing at all after a refusal */
    int ran = st == PTXCPU_OK && n > 0;
    for (int r = R_D; r < NROLE; r++) {
        if (!writable(r))
            continue;
        for (size_t j = 0; j < sp[r].n; j++)
            memset(snap_of(mayset, r, &sp[r], sp[r].from[j]), 0, sp[r].to[j] - sp[r].from[j]);
    }
    if (ran) {
        /* a vector d: each of its registers' active lanes (a .b128: its two halves') */
        unsigned nreg = d.dst_bits == PTXCPU_B128 ? 2 : PTXCPU_VEC_N(d.dst_bits);
        unsigned lb = d.dst_bits == PTXCPU_B128 ? 8 : PTXCPU_VEC_BITS(d.dst_bits) / 8;
        size_t one = ptxcpu_reg_bytes(d.dst_bits) / nreg;
        for (size_t w = 0; w < nw && d.dst_bits < 8; w++) /* the active bits (of p and q) */
            for (unsigned k = 0; k < d.dst_bits; k++)
                memcpy(snap_of(mayset, R_D, &sp[R_D], reg_addr(&L[R_D], w) + 4 * k), &active[w], 4);
        for (size_t w = 0; w < nw && d.dst_bits == PTXCPU_DST_B32_PRED; w++) /* d|p's p */
            memcpy(snap_of(mayset, R_D, &sp[R_D], reg_addr(&L[R_D], w) + 4 * PTXCPU_WARP),
                   &active[w], 4);
        for (size_t w = 0; w < nw && lb; w++)
            for (unsigned j = 0; j < nreg; j++)
                for (unsigned i = 0; i < PTXCPU_WARP; i++)
                    if (active[w] >> i & 1)
                        memset(snap_of(mayset, R_D, &sp[R_D], reg_addr(&L[R_D], w) + j * one + i * lb),
                               0xff, lb);
        if (writes_cc)
            for (size_t w = 0; w < nw; w++) {
                ptxcpu_lanemask m = active[w];
                memcpy(snap_of(mayset, R_CC, &sp[R_CC], reg_addr(&L[R_CC], w)), &m, 4);
            }
    }
    for (int r = R_D; r < NROLE; r++) {
        if (!writable(r))
            continue;
        for (size_t j = 0; j < sp[r].n; j++) {
            const unsigned char *h = hview(&L[r], r, sp[r].from[j]);
            const unsigned char *old = snap_of(before, r, &sp[r], sp[r].from[j]);
            const unsigned char *ok = snap_of(mayset, r, &sp[r], sp[r].from[j]);
            for (size_t i = 0; i < sp[r].to[j] - sp[r].from[j]; i++)
                CHECK(((h[i] ^ old[i]) & ~ok[i]) == 0);
        }
    }

    /* the same batch on the scalar kernel, packed: the same d and CC words */
    if (want_ref && st == PTXCPU_OK) {
        ptxcpu_kernel ks;
        CHECK(test_resolve_lut(&insn, PTXCPU_ISA_SCALAR, lut, &ks) == PTXCPU_OK);
        ptxcpu_batch rb = {.n = nw, .d = ref_d, .d_stride = (ptrdiff_t)L[R_D].reg,
                           .guard = ref_guard, .guard_stride = 4, .cc = ref_cc, .cc_stride = 4};
        for (unsigned kk = 0; kk < d.nsrc; kk++)
            rb.src[kk] = (ptxcpu_src){ref_src[kk], (ptrdiff_t)L[R_A + kk].reg};
        CHECK((mode == 1 ? ptxcpu_run_chain(ks, &rb, feedback, steps) : ptxcpu_run(ks, &rb)) ==
              PTXCPU_OK);
        for (size_t w = 0; w < nw; w++) {
            CHECK(!memcmp(hview(&L[R_D], R_D, reg_addr(&L[R_D], w)), ref_d + w * L[R_D].reg,
                          L[R_D].reg));
            if (writes_cc)
                CHECK(!memcmp(hview(&L[R_CC], R_CC, reg_addr(&L[R_CC], w)), &ref_cc[w], 4));
        }
    }

    for (int r = 0; r < NROLE; r++)
        unplace(&L[r]);
    return 0;
}
