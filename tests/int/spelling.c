/* Per-spelling oracle for every integer instruction of spec 9.7.1 and 9.7.2, and for selp (9.7.6.3:
 * the chosen operand's bits, on every type, floats included), written from the spec pseudo-code
 * and docs/SEMANTICS.md with __int128, compared bit for bit with the scalar kernels. */
#include "common.h"

enum op {
    O_ADD, O_SUB, O_MUL, O_MAD, O_MUL24, O_MAD24, O_SAD, O_DIV, O_REM, O_ABS, O_NEG, O_MIN, O_MAX,
    O_POPC, O_CLZ, O_BFIND, O_FNS, O_BREV, O_BFE, O_BFI, O_SZEXT, O_BMSK, O_DP4A, O_DP2A, O_SELP,
    O_COUNT
};
static const char *const op_names[O_COUNT] = {
    "add", "sub", "mul", "mad", "mul24", "mad24", "sad", "div", "rem", "abs", "neg", "min", "max",
    "popc", "clz", "bfind", "fns", "brev", "bfe", "bfi", "szext", "bmsk", "dp4a", "dp2a", "selp"};

enum {
    F_HI = 1, F_LO = 2, F_WIDE = 4, F_SAT = 8, F_RELU = 16, F_CCIN = 32, F_CCOUT = 64,
    F_SHAMT = 128, F_CLAMP = 256, F_WRAP = 512
};
static const struct { const char *name; unsigned flag; } mods[] = {
    {"hi", F_HI}, {"lo", F_LO}, {"wide", F_WIDE}, {"sat", F_SAT}, {"relu", F_RELU},
    {"cc", F_CCOUT}, {"shiftamt", F_SHAMT}, {"clamp", F_CLAMP}, {"wrap", F_WRAP}};

/* How test inputs of an operand are chosen: a value, a bit position/length, fns base, fns offset. */
enum kind { K_VAL, K_POS, K_BASE, K_OFF };

typedef struct spelling {
    const char *mn;
    enum op op;
    unsigned w;      /* element width of the instruction type */
    int sgn, sgn2;   /* signedness of the (first, second) type */
    int x2;          /* .u16x2 / .s16x2 */
    unsigned f;      /* F_* modifiers */
    unsigned nsrc, dbits, sbits[4];
    enum kind kind[4];
} spelling;

/* ---- Parsing a mnemonic into what the oracle needs (independent of the library's table) ---- */

static int parse_type(const char *t, unsigned *w, int *sgn, int *x2, int floats)
{
    if ((t[0] != 'u' && t[0] != 's' && t[0] != 'b' && (t[0] != 'f' || !floats)) || !t[1])
        return 0;
    char *end;
    unsigned long bits = strtoul(t + 1, &end, 10);
    if (bits != 16 && bits != 32 && bits != 64)
        return 0;
    *x2 = !strcmp(end, "x2");
    if (*end && !*x2)
        return 0;
    *w = (unsigned)bits;
    *sgn = t[0] == 's';
    return 1;
}

static int parse_spelling(const char *mn, spelling *s)
{
    char buf[64], *save = NULL;
    memset(s, 0, sizeof *s);
    s->mn = mn;
    if (strlen(mn) >= sizeof buf)
        return 0;
    strcpy(buf, mn);
    char *tok = strtok_r(buf, ".", &save);
    size_t n = strlen(tok);
    if (!strcmp(tok, "addc") || !strcmp(tok, "subc") || !strcmp(tok, "madc")) {
        s->f |= F_CCIN;
        tok[n - 1] = 0;
    }
    int found = 0;
    for (int i = 0; i < O_COUNT; i++)
        if (!strcmp(tok, op_names[i])) {
            s->op = (enum op)i;
            found = 1;
        }
    if (!found)
        return 0;
    int ntypes = 0;
    while ((tok = strtok_r(NULL, ".", &save))) {
        unsigned i, w;
        int sgn, x2;
        for (i = 0; i < sizeof mods / sizeof mods[0]; i++)
            if (!strcmp(tok, mods[i].name))
                break;
        if (i < sizeof mods / sizeof mods[0])
            s->f |= mods[i].flag;
        else if (parse_type(tok, &w, &sgn, &x2, s->op == O_SELP) && ntypes == 0) {
            s->w = w, s->sgn = sgn, s->x2 = x2;
            ntypes++;
        } else if (parse_type(tok, &w, &sgn, &x2, s->op == O_SELP) && ntypes == 1 && w == 32 && !x2) {
            s->sgn2 = sgn;
            ntypes++;
        } else
            return 0;
    }
    if (!ntypes)
        return 0;
    /* Operand shapes, from the spec's operand descriptions. */
    unsigned w = s->x2 ? 32 : s->w;
    static const unsigned nsrc[O_COUNT] = {2, 2, 2, 3, 2, 3, 3, 2, 2, 1, 1, 2, 2,
                                           1, 1, 1, 3, 1, 3, 4, 2, 2, 3, 3, 3};
    s->nsrc = nsrc[s->op];
    s->dbits = w;
    for (unsigned i = 0; i < s->nsrc; i++)
        s->sbits[i] = w, s->kind[i] = K_VAL;
    switch (s->op) {
    case O_MUL: case O_MAD:
        if (s->f & F_WIDE)
            s->dbits = 2 * w, s->sbits[2] = s->op == O_MAD ? 2 * w : 0;
        break;
    case O_POPC: case O_CLZ: case O_BFIND: s->dbits = 32; break;
    case O_BFE: s->sbits[1] = s->sbits[2] = 32, s->kind[1] = s->kind[2] = K_POS; break;
    case O_BFI: s->sbits[2] = s->sbits[3] = 32, s->kind[2] = s->kind[3] = K_POS; break;
    case O_SZEXT: s->kind[1] = K_POS; break;
    case O_BMSK: s->kind[0] = s->kind[1] = K_POS; break;
    case O_FNS: s->kind[1] = K_BASE, s->kind[2] = K_OFF; break;
    case O_SELP: s->sbits[2] = PTXCPU_PRED; break; /* c: a predicate, values 0 and 1 */
    default: break;
    }
    return 1;
}

/* ---- The oracle ---------------------------------------------------------------------------- */

/* Mathematical value of the low w bits of x read as .u/.s of width w. */
static i128 val(uint64_t x, unsigned w, int sgn)
{
    x &= mask_bits(w);
    if (sgn && (x >> (w - 1) & 1))
        return (i128)x - ((i128)1 << w);
    return (i128)x;
}
static uint64_t wrap(i128 r, unsigned w) { return (uint64_t)(u128)r & mask_bits(w); }
static i128 sat32(i128 r)
{
    const i128 lo = -((i128)1 << 31), hi = ((i128)1 << 31) - 1;
    return r < lo ? lo : r > hi ? hi : r;
}
static unsigned bit(uint64_t x, unsigned i) { return (unsigned)(x >> i) & 1u; }

/* min/max (with .relu) of two values of the same type */
static i128 minmax(enum op op, i128 a, i128 b, int relu)
{
    i128 r = op == O_MIN ? (a < b ? a : b) : (a > b ? a : b);
    return relu && r < 0 ? 0 : r;
}

/* x[] holds the raw source bits; cf is this lane's CC.CF. Returns d (raw bits of the destination
 * width) and sets *cfo to the carry/borrow out when the instruction writes CC.CF. */
static uint64_t oracle(const spelling *s, const uint64_t x[4], unsigned cf, unsigned *cfo)
{
    const unsigned w = s->w;
    const int sg = s->sgn;
    const i128 A = val(x[0], w, sg), B = val(x[1], w, sg), C = val(x[2], w, sg);
    const uint64_t m = mask_bits(w);
    if (!(s->f & F_CCIN))
        cf = 0;
    *cfo = 0;
    switch (s->op) {
    case O_ADD: case O_SUB:
        if (s->x2) { /* two independent 16-bit additions */
            uint64_t d = 0;
            for (unsigned i = 0; i < 2; i++)
                d |= wrap((i128)(x[0] >> 16 * i & 0xffff) + (i128)(x[1] >> 16 * i & 0xffff), 16) << 16 * i;
            return d;
        }
        if (s->f & (F_CCIN | F_CCOUT)) { /* full-width unsigned, CF = carry-out / borrow-out */
            u128 ua = x[0] & m, ub = x[1] & m;
            if (s->op == O_ADD) {
                u128 r = ua + ub + cf;
                *cfo = (unsigned)(r >> w) & 1;
                return (uint64_t)r & m;
            }
            *cfo = ua < ub + cf;
            return (uint64_t)(ua - ub - cf) & m;
        } else {
            i128 r = s->op == O_ADD ? A + B : A - B;
            return wrap(s->f & F_SAT ? sat32(r) : r, w);
        }
    case O_MUL: case O_MAD: {
        u128 t = (u128)A * (u128)B; /* bits 0..127 of the exact product (w <= 64) */
        if (s->f & F_WIDE)
            return (uint64_t)(t + (s->op == O_MAD ? (u128)(x[2] & mask_bits(2 * w)) : 0)) &
                   mask_bits(2 * w);
        uint64_t part = (uint64_t)(s->f & F_HI ? t >> w : t) & m;
        if (s->op == O_MUL)
            return part;
        if (s->f & F_SAT) /* mad.hi.sat.s32: signed high half + c, clamped */
            return wrap(sat32(val(part, w, 1) + C), w);
        u128 r = (u128)part + (x[2] & m) + cf;
        *cfo = (unsigned)(r >> w) & 1;
        return (uint64_t)r & m;
    }
    case O_MUL24: case O_MAD24: {
        u128 t = (u128)(val(x[0], 24, sg) * val(x[1], 24, sg)); /* 48-bit product */
        uint64_t part = (uint64_t)(s->f & F_HI ? t >> 16 : t) & 0xffffffffu;
        if (s->op == O_MUL24)
            return part;
        if (s->f & F_SAT)
            return wrap(sat32(val(part, 32, 1) + val(x[2], 32, 1)), 32);
        return (part + x[2]) & 0xffffffffu;
    }
    case O_SAD: return wrap(C + (A < B ? B - A : A - B), w);
    case O_DIV: return B == 0 ? m : wrap(A / B, w); /* C division truncates, as PTX */
    case O_REM: return B == 0 ? m : wrap(A % B, w);
    case O_ABS: return wrap(A < 0 ? -A : A, w);
    case O_NEG: return wrap(-A, w);
    case O_MIN: case O_MAX:
        if (s->x2) {
            uint64_t d = 0;
            for (unsigned i = 0; i < 2; i++)
                d |= wrap(minmax(s->op, val(x[0] >> 16 * i, 16, sg), val(x[1] >> 16 * i, 16, sg),
                                 s->f & F_RELU), 16) << 16 * i;
            return d;
        }
        return wrap(minmax(s->op, A, B, s->f & F_RELU), w);
    case O_POPC: {
        uint64_t a = x[0] & m, d = 0;
        while (a != 0) {
            if (a & 1)
                d++;
            a >>= 1;
        }
        return d;
    }
    case O_CLZ: {
        uint64_t a = x[0] & m, msk = 1ull << (w - 1), d = 0;
        while (d < w && !(a & msk)) {
            d++;
            a <<= 1;
        }
        return d;
    }
    case O_BFIND: {
        unsigned msb = w - 1;
        uint64_t a = x[0] & m, d = 0xffffffffu;
        if (sg && bit(a, msb))
            a = ~a & m;
        for (int i = (int)msb; i >= 0; i--)
            if (bit(a, (unsigned)i)) {
                d = (unsigned)i;
                break;
            }
        if ((s->f & F_SHAMT) && d != 0xffffffffu)
            d = msb - d;
        return d;
    }
    case O_FNS: {
        uint64_t mask = x[0] & 0xffffffffu, base = x[1] & 0xffffffffu, d = 0xffffffffu;
        int64_t offset = (int64_t)val(x[2], 32, 1);
        if (base > 31) /* undefined in the spec; docs/SEMANTICS.md: "not found" */
            return d;
        if (offset == 0)
            return bit(mask, (unsigned)base) ? base : d;
        int64_t pos = (int64_t)base, count = (offset < 0 ? -offset : offset) - 1;
        int64_t inc = offset > 0 ? 1 : -1;
        while (pos >= 0 && pos < 32) {
            if (bit(mask, (unsigned)pos)) {
                if (count == 0)
                    return (uint64_t)pos;
                count--;
            }
            pos += inc;
        }
        return d;
    }
    case O_BREV: {
        uint64_t d = 0;
        for (unsigned i = 0; i < w; i++)
            d |= (uint64_t)bit(x[0], w - 1 - i) << i;
        return d;
    }
    case O_BFE: {
        unsigned msb = w - 1, pos = (unsigned)(x[1] & 0xff), len = (unsigned)(x[2] & 0xff);
        unsigned sbit = (!sg || len == 0) ? 0 : bit(x[0], pos + len - 1 < msb ? pos + len - 1 : msb);
        uint64_t d = 0;
        for (unsigned i = 0; i <= msb; i++)
            d |= (uint64_t)((i < len && pos + i <= msb) ? bit(x[0], pos + i) : sbit) << i;
        return d;
    }
    case O_BFI: {
        unsigned msb = w - 1, pos = (unsigned)(x[2] & 0xff), len = (unsigned)(x[3] & 0xff);
        uint64_t f = x[1] & m;
        for (unsigned i = 0; i < len && pos + i <= msb; i++)
            f = (f & ~(1ull << (pos + i))) | (uint64_t)bit(x[0], i) << (pos + i);
        return f;
    }
    case O_SZEXT: {
        uint32_t a = (uint32_t)x[0], b = (uint32_t)x[1], b1 = b & 0x1f;
        int too_large = b >= 32 && (s->f & F_CLAMP);
        uint32_t mask = too_large ? 0 : ~0u << b1, sign_pos = (b1 - 1) & 0x1f, sign_bit;
        if (b1 == 0 || too_large || !sg)
            sign_bit = 0;
        else
            sign_bit = (a >> sign_pos) & 1;
        return (a & ~mask) | (sign_bit ? mask : 0);
    }
    case O_BMSK: {
        uint32_t a = (uint32_t)x[0], b = (uint32_t)x[1], a1 = a & 0x1f, b1 = b & 0x1f;
        uint32_t mask0 = ~0u << a1, sum = a1 + b1;
        uint32_t mask1 = sum >= 32 ? 0 : ~0u << sum; /* only used when sum < 32 */
        int sum_ovf = sum >= 32, pos_ovf = 0, width_ovf = 0;
        if (s->f & F_CLAMP) {
            if (a >= 32)
                pos_ovf = 1, mask0 = 0;
            if (b >= 32)
                width_ovf = 1;
        }
        if (sum_ovf || pos_ovf || width_ovf)
            mask1 = 0;
        else if (b1 == 0)
            mask1 = ~0u;
        return mask0 & ~mask1;
    }
    case O_DP4A: case O_DP2A: {
        i128 d = val(x[2], 32, 0); /* the sum is taken mod 2^32: c's signedness does not matter */
        unsigned n = s->op == O_DP4A ? 4 : 2, ea = s->op == O_DP4A ? 8 : 16;
        unsigned bsel = s->op == O_DP2A && (s->f & F_HI) ? 2 : 0;
        for (unsigned i = 0; i < n; i++)
            d += val(x[0] >> ea * i, ea, sg) * val(x[1] >> 8 * (bsel + i), 8, s->sgn2);
        return wrap(d, 32);
    }
    case O_SELP: /* d = (c == 1) ? a : b, the chosen register's bits */
        return (x[2] & 1 ? x[0] : x[1]) & m;
    case O_COUNT: break;
    }
    return 0;
}

/* ---- Test inputs -------------------------------------------------------------------------- */

typedef struct edges { uint64_t v[128]; size_t n; } edges;

static void edge_add(edges *e, uint64_t v)
{
    for (size_t i = 0; i < e->n; i++)
        if (e->v[i] == v)
            return;
    if (e->n < sizeof e->v / sizeof e->v[0])
        e->v[e->n++] = v;
}

static void make_edges(edges *e, enum kind k, unsigned bits, int x2)
{
    static const unsigned ks[] = {1, 4, 7, 8, 15, 16, 23, 24, 31, 32, 33, 47, 48, 63};
    static const uint64_t pos[] = {0, 1, 2, 7, 8, 15, 16, 23, 24, 31, 32, 33, 63, 64, 65, 127, 128,
                                   255, 256, 257, 0xffffffff, 0x80000000, 0x11f, 0x10000020,
                                   0xffffff00, 0xffffff1f};
    static const int32_t off[] = {0, 1, -1, 2, -2, 3, -3, 5, -5, 16, -16, 31, -31, 32, -32, 33,
                                  -33, INT32_MIN, INT32_MAX, INT32_MIN + 1};
    static const uint64_t halves[] = {0, 1, 2, 0x7ffe, 0x7fff, 0x8000, 0x8001, 0xfffe, 0xffff};
    static const uint64_t pat32[] = {0x7fff8000, 0x80007fff, 0xffff0001, 0x0001ffff, 0x7fff7fff,
                                     0x80008000, 0xff800000, 0x017fffff, 0xabcdef12, 0x80ff7f01};
    static const uint64_t pat64[] = {0xffffffff00000000ull, 0x8000000080000000ull,
                                     0x7fffffff7fffffffull, 0xffffffff80000000ull,
                                     0x00000000ffffffffull, 0x0123456789abcdefull};
    const uint64_t m = mask_bits(bits);
    e->n = 0;
    switch (k) {
    case K_OFF:
        for (size_t i = 0; i < sizeof off / sizeof off[0]; i++)
            edge_add(e, (uint32_t)off[i]);
        return;
    case K_BASE: case K_POS: /* fns base: every position 0..33, then the big ones */
        for (uint64_t i = 0; k == K_BASE && i < 34; i++)
            edge_add(e, i);
        for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++)
            edge_add(e, pos[i]);
        return;
    case K_VAL:
        break;
    }
    if (x2) { /* every pair of 16-bit edge halves */
        for (size_t i = 0; i < sizeof halves / sizeof halves[0]; i++)
            for (size_t j = 0; j < sizeof halves / sizeof halves[0]; j++)
                edge_add(e, halves[i] << 16 | halves[j]);
        return;
    }
    uint64_t smin = 1ull << (bits - 1);
    const uint64_t base[] = {0, 1, 2, 3, m, m - 1, smin, smin + 1, smin - 1, smin - 2};
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++)
        edge_add(e, base[i] & m);
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++)
        if (ks[i] < bits) {
            uint64_t p = 1ull << ks[i];
            edge_add(e, p), edge_add(e, p - 1), edge_add(e, p + 1);
        }
    if (bits >= 32)
        for (size_t i = 0; i < sizeof pat32 / sizeof pat32[0]; i++)
            edge_add(e, pat32[i]);
    if (bits == 64)
        for (size_t i = 0; i < sizeof pat64 / sizeof pat64[0]; i++)
            edge_add(e, pat64[i]);
}

static uint64_t random_input(rng_t *r, enum kind k, unsigned bits, const edges *e)
{
    const uint64_t m = mask_bits(bits), u = rng_next(r);
    unsigned pick = (unsigned)(u & 7);
    switch (k) {
    case K_POS:
        return pick < 3 ? (u >> 8) % 70 : pick < 5 ? (u >> 8) % 300 : pick < 6 ? e->v[(u >> 8) % e->n]
                                                                               : u >> 32;
    case K_BASE:
        return pick < 6 ? (u >> 8) % 32 : pick < 7 ? e->v[(u >> 8) % e->n] : u >> 32;
    case K_OFF:
        return pick < 4 ? (uint32_t)((int32_t)((u >> 8) % 81) - 40) : pick < 5 ? e->v[(u >> 8) % e->n]
                                                                                : u >> 32;
    case K_VAL:
        break;
    }
    switch (pick) {
    case 4: return e->v[(u >> 8) % e->n];
    case 5: return (e->v[(u >> 8) % e->n] + ((u >> 40) % 7) - 3) & m;
    case 6: return (uint64_t)((int64_t)((u >> 8) % 201) - 100) & m;
    case 7: { /* a random magnitude, either sign */
        uint64_t v = rng_next(r) >> (u >> 8) % 64;
        return (u >> 20 & 1 ? 0 - v : v) & m;
    }
    default: return rng_next(r) & m;
    }
}

/* ---- Running one spelling ------------------------------------------------------------------ */

#define CH_WARPS 128
#define CH_LANES (CH_WARPS * PTXCPU_WARP)

typedef struct chunk {
    void *src[4], *d;
    uint64_t x[4][CH_LANES], d0[CH_LANES];
    ptxcpu_lanemask cc[CH_WARPS], cc0[CH_WARPS], guard[CH_WARPS];
} chunk;

/* Run nl lanes of inputs already in ch->x (and CF bits in ch->cc) and check every lane. Variant v
 * picks: odd = random guard masks (and a CC word even where the insn has no CC use); v % 3 == 2 =
 * d is the same register as a. */
static void run_chunk(const spelling *s, ptxcpu_kernel k, chunk *ch, size_t nl, unsigned v, rng_t *r)
{
    const size_t nw = (nl + PTXCPU_WARP - 1) / PTXCPU_WARP;
    const int guarded = v & 1, uses_cc = (s->f & (F_CCIN | F_CCOUT)) != 0;
    const int alias = v % 3 == 2 && s->dbits == s->sbits[0];
    for (size_t i = nl; i < nw * PTXCPU_WARP; i++) /* pad a partial warp */
        for (unsigned o = 0; o < s->nsrc; o++)
            ch->x[o][i] = ch->x[o][0];
    for (unsigned o = 0; o < s->nsrc; o++)
        for (size_t i = 0; i < nw * PTXCPU_WARP; i++)
            lane_set(ch->src[o], s->sbits[o], i, ch->x[o][i]);
    void *d = alias ? ch->src[0] : ch->d;
    for (size_t i = 0; i < nw * PTXCPU_WARP; i++) {
        ch->d0[i] = alias ? ch->x[0][i] : rng_next(r) & mask_bits(s->dbits);
        lane_set(d, s->dbits, i, ch->d0[i]);
    }
    for (size_t j = 0; j < nw; j++) {
        uint64_t g = rng_next(r);
        ch->guard[j] = (g & 3) == 0 ? 0 : (g & 3) == 1 ? ~0u : (ptxcpu_lanemask)(g >> 32);
        if (nl < (j + 1) * PTXCPU_WARP) /* lanes past nl are padding: keep them inactive */
            ch->guard[j] &= (ptxcpu_lanemask)((1ull << (nl - j * PTXCPU_WARP)) - 1);
        ch->cc0[j] = ch->cc[j];
    }
    ptxcpu_batch b = {0};
    b.n = nw;
    b.d = d, b.d_stride = (ptrdiff_t)(PTXCPU_WARP * s->dbits / 8);
    for (unsigned o = 0; o < s->nsrc; o++)
        b.src[o].base = ch->src[o], b.src[o].stride = (ptrdiff_t)(PTXCPU_WARP * s->sbits[o] / 8);
    if (guarded || nl % PTXCPU_WARP)
        b.guard = ch->guard, b.guard_stride = sizeof(ptxcpu_lanemask);
    if (uses_cc || guarded)
        b.cc = ch->cc, b.cc_stride = sizeof(ptxcpu_lanemask);
    ptxcpu_status st = ptxcpu_run(k, &b);
    if (st != PTXCPU_OK) {
        fail("%s: ptxcpu_run: %s (%s)", s->mn, ptxcpu_status_name(st), ptxcpu_last_error());
        return;
    }
    for (size_t i = 0; i < nl; i++) {
        size_t j = i / PTXCPU_WARP;
        unsigned l = i % PTXCPU_WARP, cf = ch->cc0[j] >> l & 1, cfo = 0;
        int active = !b.guard || (ch->guard[j] >> l & 1);
        uint64_t xs[4] = {ch->x[0][i], ch->x[1][i], ch->x[2][i], ch->x[3][i]};
        uint64_t want = active ? oracle(s, xs, cf, &cfo) : ch->d0[i];
        unsigned want_cf = active && (s->f & F_CCOUT) ? cfo : cf;
        uint64_t got = lane_get(d, s->dbits, i);
        unsigned got_cf = b.cc ? ch->cc[j] >> l & 1 : want_cf;
        if (got == want && got_cf == want_cf) {
            pass();
            continue;
        }
        char in[160];
        int n = 0;
        for (unsigned o = 0; o < s->nsrc; o++)
            n += snprintf(in + n, sizeof in - (size_t)n, " 0x%llx", (unsigned long long)xs[o]);
        char cin[16] = "", cwant[16] = "", cgot[16] = "";
        if (b.cc) {
            snprintf(cin, sizeof cin, " cf=%u", cf);
            snprintf(cwant, sizeof cwant, " cf=%u", want_cf);
            snprintf(cgot, sizeof cgot, " cf=%u", got_cf);
        }
        fail("%s%s%s%s: expected 0x%llx%s, got 0x%llx%s", s->mn, in, cin,
             active ? (alias ? " (d=a)" : "") : " (inactive lane)", (unsigned long long)want, cwant,
             (unsigned long long)got, cgot);
    }
}

/* Edge values of every operand crossed (and CF 0/1 for instructions that read it), then random
 * lanes. Returns the number of lanes run. */
static size_t test_spelling(const spelling *s, ptxcpu_kernel k, chunk *ch, rng_t *r)
{
    const unsigned scale = test_scale();
    edges e[5];
    size_t dims = s->nsrc, combos = 1, lanes = 0;
    for (unsigned o = 0; o < s->nsrc; o++) {
        make_edges(&e[o], s->kind[o], s->sbits[o], s->x2);
        combos *= e[o].n;
    }
    if (s->f & F_CCIN) {
        e[dims].v[0] = 0, e[dims].v[1] = 1, e[dims].n = 2;
        combos *= 2, dims++;
    }
    /* Edge crossing; under PTXCPU_TEST_SCALE=N every N-th combination. */
    size_t nl = 0;
    unsigned v = 0;
    for (size_t c = 0; c < combos; c += scale) {
        size_t q = c;
        for (size_t o = 0; o < dims; o++) {
            uint64_t val = e[o].v[q % e[o].n];
            q /= e[o].n;
            if (o < s->nsrc)
                ch->x[o][nl] = val;
            else if (val)
                ch->cc[nl / PTXCPU_WARP] |= 1u << nl % PTXCPU_WARP;
            else
                ch->cc[nl / PTXCPU_WARP] &= ~(1u << nl % PTXCPU_WARP);
        }
        if (!(s->f & F_CCIN) && nl % PTXCPU_WARP == 0)
            ch->cc[nl / PTXCPU_WARP] = (ptxcpu_lanemask)rng_next(r);
        if (++nl == CH_LANES || c + scale >= combos) {
            run_chunk(s, k, ch, nl, v++, r);
            lanes += nl, nl = 0;
        }
    }
    /* Random lanes: at least 10^5 / scale. */
    size_t want = (100000 + scale - 1) / scale;
    for (size_t done = 0; done < want; done += CH_LANES) {
        for (size_t i = 0; i < CH_LANES; i++)
            for (unsigned o = 0; o < s->nsrc; o++)
                ch->x[o][i] = random_input(r, s->kind[o], s->sbits[o], &e[o]);
        for (size_t j = 0; j < CH_WARPS; j++)
            ch->cc[j] = (ptxcpu_lanemask)rng_next(r);
        run_chunk(s, k, ch, CH_LANES, v++, r);
        lanes += CH_LANES;
    }
    return lanes;
}

/* The table's shape of an instruction must match the spec's (what the oracle assumes). */
static int shape_ok(const spelling *s, const ptxcpu_insn_desc *d)
{
    int ok = d->nsrc == s->nsrc && d->dst_bits == s->dbits &&
             (d->elem == PTXCPU_ELEM_INT || s->op == O_SELP) &&
             !d->reads_cc == !(s->f & F_CCIN) && !d->writes_cc == !(s->f & F_CCOUT);
    for (unsigned o = 0; o < s->nsrc; o++)
        ok = ok && d->src_bits[o] == s->sbits[o];
    if (!ok)
        fail("%s: table shape (nsrc %u, d %u, a %u b %u c %u d %u, cc r%d w%d) differs from the "
             "spec's (nsrc %u, d %u, a %u b %u c %u d %u, cc r%d w%d)", s->mn, d->nsrc, d->dst_bits,
             d->src_bits[0], d->src_bits[1], d->src_bits[2], d->src_bits[3], d->reads_cc,
             d->writes_cc, s->nsrc, s->dbits, s->sbits[0], s->sbits[1], s->sbits[2], s->sbits[3],
             !!(s->f & F_CCIN), !!(s->f & F_CCOUT));
    return ok;
}

/* A few results straight from the spec's examples, as a check of the oracle itself. */
static void oracle_self_check(void)
{
    static const struct { const char *mn; uint64_t a, b, c, want; } ex[] = {
        {"fns.b32", 0xaaaaaaaa, 3, 1, 3},       {"fns.b32", 0xaaaaaaaa, 3, (uint32_t)-1, 3},
        {"fns.b32", 0xaaaaaaaa, 2, 1, 3},       {"fns.b32", 0xaaaaaaaa, 2, (uint32_t)-1, 1},
        {"szext.wrap.u32", 0xffffffff, 0, 0, 0}, {"bmsk.wrap.b32", 1, 2, 0, 6},
        {"mul24.hi.u32", 0xffffff, 0xffffff, 0, 0xfffffe00}, {"clz.b64", 1, 0, 0, 63},
        {"bfind.shiftamt.s64", 1, 0, 0, 63},    {"bfe.s32", 0xf0, 4, 4, 0xffffffff},
        {"mul.hi.s64", (uint64_t)-1, 1, 0, (uint64_t)-1}, {"dp2a.hi.s32.s32", 0xffff0001, 0x02ff0000, 5, 2},
    };
    for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
        spelling s;
        unsigned cfo;
        uint64_t x[4] = {ex[i].a, ex[i].b, ex[i].c, 0};
        if (!parse_spelling(ex[i].mn, &s))
            fail("oracle self-check: cannot parse %s", ex[i].mn);
        else if (oracle(&s, x, 0, &cfo) != ex[i].want)
            fail("oracle self-check: %s 0x%llx 0x%llx 0x%llx: oracle gives 0x%llx, spec 0x%llx",
                 ex[i].mn, (unsigned long long)x[0], (unsigned long long)x[1],
                 (unsigned long long)x[2], (unsigned long long)oracle(&s, x, 0, &cfo),
                 (unsigned long long)ex[i].want);
        else
            pass();
    }
}

void run_spellings(void)
{
    oracle_self_check();
    chunk *ch = calloc(1, sizeof *ch);
    if (!ch)
        exit(2);
    for (unsigned o = 0; o < 4; o++)
        ch->src[o] = warp_alloc(CH_LANES * 8);
    ch->d = warp_alloc(CH_LANES * 8);
    rng_t r = {0x5eed1234abcdull};
    size_t n1 = 0, n2 = 0, total = 0;
    for (size_t i = 0; i < ptxcpu_insn_count(); i++) {
        ptxcpu_insn_desc desc;
        spelling s;
        ptxcpu_insn insn;
        if (ptxcpu_insn_at(i, &desc) != PTXCPU_OK ||
            (desc.elem != PTXCPU_ELEM_INT && strncmp(desc.mnemonic, "selp.", 5)) ||
            !strncmp(desc.mnemonic, "setp.", 5) || !strncmp(desc.mnemonic, "set.", 4) ||
            !strncmp(desc.mnemonic, "slct.", 5) || !strcmp(desc.section, "9.7.8") ||
            !strncmp(desc.section, "9.7.8.", 6) || /* (comparisons, logic and shift: tests/cmp) */
            !strncmp(desc.section, "9.7.9.", 6) || /* (data movement: tests/move) */
            !strncmp(desc.section, "9.7.13.", 7))  /* (warp-level: tests/move/warp_oracle.c) */
            continue;
        n1 += !strncmp(desc.section, "9.7.1.", 6);
        n2 += !strncmp(desc.section, "9.7.2.", 6);
        if (!parse_spelling(desc.mnemonic, &s)) {
            fail("%s: no oracle for this spelling", desc.mnemonic);
            continue;
        }
        ptxcpu_kernel k = scalar_kernel(desc.mnemonic, &insn);
        if (!k || !shape_ok(&s, &desc))
            continue;
        unsigned long long f0 = g_fail;
        size_t lanes = test_spelling(&s, k, ch, &r);
        total += lanes;
        printf("%-22s %8zu lanes%s\n", desc.mnemonic, lanes, g_fail > f0 ? "  MISMATCHES" : "");
    }
    if (n1 != 141 || n2 != 48)
        fail("table has %zu integer spellings in 9.7.1 and %zu in 9.7.2; the spec has 141 and 48", n1, n2);
    printf("spellings: %zu (9.7.1) + %zu (9.7.2), %zu lanes checked\n", n1, n2, total);
    for (unsigned o = 0; o < 4; o++)
        free(ch->src[o]);
    free(ch->d);
    free(ch);
}
