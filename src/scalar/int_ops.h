/* Scalar reference semantics of the integer (9.7.1) and extended-precision (9.7.2) instructions:
 * one lane, written as the spec's pseudo-code reads, with docs/SEMANTICS.md's choices where it is
 * open. */
#ifndef PTXCPU_SCALAR_INT_OPS_H
#define PTXCPU_SCALAR_INT_OPS_H

#include "internal.h"
#include <stdint.h>

typedef unsigned __int128 u128;
typedef __int128 s128;

/* Width of one element of the type (x2 types: of one half). */
static inline unsigned ty_bits(int ty)
{
    switch (ty) {
    case TY_U8: case TY_S8: return 8;
    case TY_U16: case TY_S16: case TY_U16X2: case TY_S16X2: case TY_F16: case TY_F16X2:
    case TY_BF16: case TY_BF16X2: return 16;
    case TY_U64: case TY_S64: case TY_B64: case TY_F64: return 64;
    default: return 32;
    }
}
static inline int ty_signed(int ty)
{
    return ty == TY_S16 || ty == TY_S32 || ty == TY_S64 || ty == TY_S16X2 || ty == TY_S8;
}
static inline int ty_x2(int ty)
{
    return ty == TY_U16X2 || ty == TY_S16X2 || ty == TY_F16X2 || ty == TY_BF16X2 ||
           ty == TY_F32X2;
}
static inline uint64_t mask_bits(unsigned n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }
/* Two's-complement value of the low n bits of v. */
static inline int64_t sext(uint64_t v, unsigned n)
{
    return n >= 64 ? (int64_t)v : (int64_t)((v ^ (1ull << (n - 1))) & mask_bits(n)) - (int64_t)(1ull << (n - 1));
}
/* Value of an element as a wide integer, signed or not per type. */
static inline s128 ival(int ty, uint64_t v, unsigned n)
{
    return ty_signed(ty) ? (s128)sext(v, n) : (s128)(v & mask_bits(n));
}
static inline int64_t clamp_s32(int64_t v)
{
    return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v;
}

/* Applies an element operation to both halves of an x2 register, or to the whole register. */
#define PER_ELEMENT(ty, a, b, EXPR)                                                              \
    (ty_x2(ty) ? (((EXPR((a) & 0xffff, (b) & 0xffff)) & 0xffff) |                               \
                  (((EXPR((a) >> 16, (b) >> 16)) & 0xffff) << 16))                              \
               : (EXPR((a), (b))) & mask_bits(ty_bits(ty)))

/* ---- add, sub (9.7.1.1-2) and add.cc/addc, sub.cc/subc (9.7.2.1-4) --------------------------- */
static inline uint64_t ptx_lane_ADD(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)c; (void)e;
    unsigned n = ty_bits(ty);
    if (m & M_SAT) /* add.sat.s32: limits the result to MININT..MAXINT */
        return (uint32_t)clamp_s32((int64_t)sext(a, 32) + sext(b, 32));
    if (m & (M_CCIN | M_CCOUT)) { /* d = a + b (+ CC.CF); carry-out of the unsigned sum */
        u128 sum = (u128)(a & mask_bits(n)) + (b & mask_bits(n)) + ((m & M_CCIN) ? *cf : 0);
        if (m & M_CCOUT)
            *cf = (unsigned)(sum >> n) & 1;
        return (uint64_t)sum & mask_bits(n);
    }
#define ADD_ELEM(x, y) ((x) + (y))
    return PER_ELEMENT(ty, a, b, ADD_ELEM);
#undef ADD_ELEM
}

static inline uint64_t ptx_lane_SUB(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)c; (void)e;
    unsigned n = ty_bits(ty);
    if (m & M_SAT)
        return (uint32_t)clamp_s32((int64_t)sext(a, 32) - sext(b, 32));
    if (m & (M_CCIN | M_CCOUT)) { /* d = a - (b + CC.CF); borrow-out: the unsigned result wrapped */
        u128 sub = (u128)(b & mask_bits(n)) + ((m & M_CCIN) ? *cf : 0);
        u128 av = a & mask_bits(n);
        if (m & M_CCOUT)
            *cf = av < sub;
        return (uint64_t)(av - sub) & mask_bits(n);
    }
    return (a - b) & mask_bits(n);
}

/* ---- mul, mad (9.7.1.3-4) and mad.cc/madc (9.7.2.5-6) ---------------------------------------- */
static inline s128 full_product(int ty, uint64_t a, uint64_t b)
{
    unsigned n = ty_bits(ty);
    if (ty_signed(ty))
        return (s128)sext(a, n) * (s128)sext(b, n);
    return (s128)((u128)(a & mask_bits(n)) * (u128)(b & mask_bits(n)));
}

/* t<2n-1..n>, t<n-1..0> or all of t, as a bit pattern of the destination width. */
static inline uint64_t product_part(int ty, unsigned m, uint64_t a, uint64_t b)
{
    unsigned n = ty_bits(ty);
    u128 t = (u128)full_product(ty, a, b);
    if (m & M_HI)
        return (uint64_t)(t >> n) & mask_bits(n);
    if (m & M_LO)
        return (uint64_t)t & mask_bits(n);
    return (uint64_t)t & mask_bits(2 * n); /* .wide */
}

static inline uint64_t ptx_lane_MUL(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)c; (void)e; (void)cf;
    return product_part(ty, m, a, b);
}

static inline uint64_t ptx_lane_MAD(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)e;
    unsigned n = (m & M_WIDE) ? 2 * ty_bits(ty) : ty_bits(ty);
    uint64_t t = product_part(ty, m, a, b);
    if (m & M_SAT) /* mad.hi.sat.s32: the 32-bit signed addition saturates */
        return (uint32_t)clamp_s32((int64_t)sext(t, 32) + sext(c, 32));
    u128 sum = (u128)t + (c & mask_bits(n)) + ((m & M_CCIN) ? *cf : 0);
    if (m & M_CCOUT)
        *cf = (unsigned)(sum >> n) & 1;
    return (uint64_t)sum & mask_bits(n);
}

/* ---- mul24, mad24 (9.7.1.5-6): the low 24 bits of a and b, sign- or zero-extended ------------ */
static inline uint64_t product24_part(int ty, unsigned m, uint64_t a, uint64_t b)
{
    int64_t a24 = ty_signed(ty) ? sext(a, 24) : (int64_t)(a & 0xffffff);
    int64_t b24 = ty_signed(ty) ? sext(b, 24) : (int64_t)(b & 0xffffff);
    uint64_t t = (uint64_t)(a24 * b24); /* the 48-bit product, exact in 64 bits */
    return (m & M_HI) ? (t >> 16) & 0xffffffff : t & 0xffffffff;
}

static inline uint64_t ptx_lane_MUL24(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                      uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)c; (void)e; (void)cf;
    return product24_part(ty, m, a, b);
}

static inline uint64_t ptx_lane_MAD24(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                      uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)e; (void)cf;
    uint64_t t = product24_part(ty, m, a, b);
    if (m & M_SAT)
        return (uint32_t)clamp_s32((int64_t)sext(t, 32) + sext(c, 32));
    return (t + c) & 0xffffffff;
}

/* ---- sad, div, rem, abs, neg, min, max (9.7.1.7-13) ------------------------------------------ */
static inline uint64_t ptx_lane_SAD(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)m; (void)rnd; (void)e; (void)cf;
    unsigned n = ty_bits(ty);
    s128 ia = ival(ty, a, n), ib = ival(ty, b, n);
    s128 diff = (ia < ib) ? ib - ia : ia - ib;
    return (uint64_t)((u128)c + (u128)diff) & mask_bits(n);
}

/* Division by zero gives all bits set; INT_MIN / -1 wraps to INT_MIN (docs/SEMANTICS.md). */
static inline uint64_t ptx_lane_DIV(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)m; (void)rnd; (void)c; (void)e; (void)cf;
    unsigned n = ty_bits(ty);
    s128 ia = ival(ty, a, n), ib = ival(ty, b, n);
    if (ib == 0)
        return mask_bits(n);
    return (uint64_t)(ia / ib) & mask_bits(n); /* 128-bit: INT_MIN / -1 cannot trap */
}

static inline uint64_t ptx_lane_REM(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)m; (void)rnd; (void)c; (void)e; (void)cf;
    unsigned n = ty_bits(ty);
    s128 ia = ival(ty, a, n), ib = ival(ty, b, n);
    if (ib == 0)
        return mask_bits(n);
    return (uint64_t)(ia % ib) & mask_bits(n); /* C truncates: the sign follows the dividend */
}

static inline uint64_t ptx_lane_ABS(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)m; (void)rnd; (void)b; (void)c; (void)e; (void)cf;
    unsigned n = ty_bits(ty);
    s128 ia = ival(ty, a, n);
    return (uint64_t)(ia < 0 ? -ia : ia) & mask_bits(n);
}

static inline uint64_t ptx_lane_NEG(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)m; (void)rnd; (void)b; (void)c; (void)e; (void)cf;
    unsigned n = ty_bits(ty);
    return (uint64_t)(-ival(ty, a, n)) & mask_bits(n);
}

static inline uint64_t minmax_elem(int ty, unsigned m, int want_max, uint64_t a, uint64_t b)
{
    unsigned n = ty_bits(ty);
    s128 ia = ival(ty, a, n), ib = ival(ty, b, n);
    s128 r = want_max ? (ia > ib ? ia : ib) : (ia < ib ? ia : ib);
    if ((m & M_RELU) && r < 0) /* .relu clamps negative results to 0 */
        r = 0;
    return (uint64_t)r & mask_bits(n);
}

static inline uint64_t ptx_lane_MIN(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)c; (void)e; (void)cf;
#define MIN_ELEM(x, y) minmax_elem(ty, m, 0, (x), (y))
    return PER_ELEMENT(ty, a, b, MIN_ELEM);
#undef MIN_ELEM
}

static inline uint64_t ptx_lane_MAX(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)c; (void)e; (void)cf;
#define MAX_ELEM(x, y) minmax_elem(ty, m, 1, (x), (y))
    return PER_ELEMENT(ty, a, b, MAX_ELEM);
#undef MAX_ELEM
}

/* ---- bit instructions (9.7.1.14-22), transcribed from the spec's pseudo-code ------------------ */
static inline uint64_t ptx_lane_POPC(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)m; (void)rnd; (void)b; (void)c; (void)e; (void)cf;
    uint64_t x = a & mask_bits(ty_bits(ty));
    uint32_t d = 0;
    while (x != 0) {
        if (x & 1)
            d++;
        x >>= 1;
    }
    return d;
}

static inline uint64_t ptx_lane_CLZ(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)m; (void)rnd; (void)b; (void)c; (void)e; (void)cf;
    unsigned max = ty_bits(ty);
    uint64_t mask = 1ull << (max - 1);
    uint32_t d = 0;
    while (d < max && (a & mask) == 0) {
        d++;
        a <<= 1;
    }
    return d;
}

static inline uint64_t ptx_lane_BFIND(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                      uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)b; (void)c; (void)e; (void)cf;
    int msb = (int)ty_bits(ty) - 1;
    if (ty_signed(ty) && (a >> msb) & 1) /* negate negative signed inputs */
        a = ~a;
    uint32_t d = 0xffffffff;
    for (int i = msb; i >= 0; i--) {
        if ((a >> i) & 1) {
            d = (uint32_t)i;
            break;
        }
    }
    if ((m & M_SHIFTAMT) && d != 0xffffffff)
        d = (uint32_t)msb - d;
    return d;
}

/* base > 31 is undefined in the spec: "not found" (docs/SEMANTICS.md). */
static inline uint64_t ptx_lane_FNS(int ty, int ty2, unsigned m, int rnd, uint64_t mask,
                                    uint64_t base, uint64_t offset, uint64_t e, unsigned *cf)
{
    (void)ty; (void)ty2; (void)m; (void)rnd; (void)e; (void)cf;
    uint32_t d = 0xffffffff;
    int64_t off = sext(offset, 32);
    if ((uint32_t)base > 31)
        return d;
    if (off == 0) {
        if ((mask >> base) & 1)
            d = (uint32_t)base;
    } else {
        int64_t pos = (int64_t)base;
        int64_t count = (off < 0 ? -off : off) - 1;
        int64_t inc = off > 0 ? 1 : -1;
        while (pos >= 0 && pos < 32) {
            if ((mask >> pos) & 1) {
                if (count == 0) {
                    d = (uint32_t)pos;
                    break;
                }
                count = count - 1;
            }
            pos = pos + inc;
        }
    }
    return d;
}

static inline uint64_t ptx_lane_BREV(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)m; (void)rnd; (void)b; (void)c; (void)e; (void)cf;
    unsigned msb = ty_bits(ty) - 1;
    uint64_t d = 0;
    for (unsigned i = 0; i <= msb; i++)
        d |= ((a >> (msb - i)) & 1) << i;
    return d;
}

static inline uint64_t ptx_lane_BFE(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)m; (void)rnd; (void)e; (void)cf;
    unsigned msb = ty_bits(ty) - 1;
    unsigned pos = b & 0xff, len = c & 0xff; /* restricted to 0..255 */
    uint64_t sbit;
    if (!ty_signed(ty) || len == 0)
        sbit = 0;
    else
        sbit = (a >> (pos + len - 1 < msb ? pos + len - 1 : msb)) & 1;
    uint64_t d = 0;
    for (unsigned i = 0; i <= msb; i++) {
        uint64_t bit = (i < len && pos + i <= msb) ? (a >> (pos + i)) & 1 : sbit;
        d |= bit << i;
    }
    return d;
}

static inline uint64_t ptx_lane_BFI(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t d, unsigned *cf)
{
    (void)ty2; (void)m; (void)rnd; (void)cf;
    unsigned msb = ty_bits(ty) - 1;
    unsigned pos = c & 0xff, len = d & 0xff;
    uint64_t f = b;
    for (unsigned i = 0; i < len && pos + i <= msb; i++)
        f = (f & ~(1ull << (pos + i))) | (((a >> i) & 1) << (pos + i));
    return f;
}

static inline uint64_t ptx_lane_BMSK(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)ty2; (void)rnd; (void)c; (void)e; (void)cf;
    uint32_t a1 = a & 0x1f, b1 = b & 0x1f, sum = a1 + b1;
    uint32_t mask0 = ~0u << a1;
    uint32_t mask1 = sum >= 32 ? 0 : ~0u << sum; /* a shift by >= 32 would be undefined in C */
    int sum_overflow = sum >= 32, pos_overflow = 0, width_overflow = 0;
    if (m & M_CLAMP) {
        if ((uint32_t)a >= 32) {
            pos_overflow = 1;
            mask0 = 0;
        }
        if ((uint32_t)b >= 32)
            width_overflow = 1;
    }
    if (sum_overflow || pos_overflow || width_overflow)
        mask1 = 0;
    else if (b1 == 0)
        mask1 = ~0u;
    return mask0 & ~mask1;
}

static inline uint64_t ptx_lane_SZEXT(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                      uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)c; (void)e; (void)cf;
    uint32_t b1 = b & 0x1f;
    int too_large = ((uint32_t)b >= 32 && (m & M_CLAMP));
    uint32_t mask = too_large ? 0 : ~0u << b1;
    uint32_t sign_pos = (b1 - 1) & 0x1f;
    int sign_bit = (b1 == 0 || too_large || ty != TY_S32) ? 0 : (int)((a >> sign_pos) & 1);
    return (((uint32_t)a & ~mask) | (sign_bit ? mask : 0));
}

/* ---- dp4a, dp2a (9.7.1.23-24): products accumulate into 32 bits, wrapping -------------------- */
static inline int64_t byte_of(uint64_t v, unsigned i, int ty)
{
    uint64_t x = (v >> (8 * i)) & 0xff;
    return ty == TY_S32 ? sext(x, 8) : (int64_t)x;
}
static inline int64_t half_of(uint64_t v, unsigned i, int ty)
{
    uint64_t x = (v >> (16 * i)) & 0xffff;
    return ty == TY_S32 ? sext(x, 16) : (int64_t)x;
}

static inline uint64_t ptx_lane_DP4A(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)m; (void)rnd; (void)e; (void)cf;
    uint64_t d = c;
    for (unsigned i = 0; i < 4; ++i)
        d += (uint64_t)(byte_of(a, i, ty) * byte_of(b, i, ty2));
    return d & 0xffffffff;
}

static inline uint64_t ptx_lane_DP2A(int ty, int ty2, unsigned m, int rnd, uint64_t a,
                                     uint64_t b, uint64_t c, uint64_t e, unsigned *cf)
{
    (void)rnd; (void)e; (void)cf;
    uint64_t d = c;
    unsigned b_select = (m & M_LO) ? 0 : 2;
    for (unsigned i = 0; i < 2; ++i)
        d += (uint64_t)(half_of(a, i, ty) * byte_of(b, b_select + i, ty2));
    return d & 0xffffffff;
}

/* 9.7.6.3 selp: c is the lane's predicate bit; d is the chosen operand's bits whatever the type
 * (a NaN's payload kept). */
static inline uint64_t ptx_lane_SELP(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                     uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)ty2; (void)m; (void)rnd; (void)e; (void)cf;
    return (c & 1) ? a : b;
}

/* ---- 9.7.8 logic and shift: bits of the type's width (.pred: one bit, the lane's) ---- */
static inline unsigned ptx_logic_width(int ty)
{
    return ty == TY_PRED ? 1 : ty == TY_B16 || ty == TY_U16 || ty == TY_S16 ? 16
           : ty == TY_B32 || ty == TY_U32 || ty == TY_S32 ? 32 : 64;
}
static inline uint64_t ptx_logic_mask(int ty)
{
    unsigned w = ptx_logic_width(ty);
    return w == 64 ? ~0ull : (1ull << w) - 1;
}
#define PTX_LOGIC_LANE(SEM, EXPR)                                                                \
    static inline uint64_t ptx_lane_##SEM(int ty, int ty2, unsigned m, int rnd, uint64_t a,    \
                                          uint64_t b, uint64_t c, uint64_t e, unsigned *cf)    \
    {                                                                                          \
        (void)ty2; (void)m; (void)rnd; (void)b; (void)c; (void)e; (void)cf;                    \
        return (EXPR) & ptx_logic_mask(ty);                                                    \
    }
PTX_LOGIC_LANE(AND, a & b)
PTX_LOGIC_LANE(OR, a | b)
PTX_LOGIC_LANE(XOR, a ^ b)
PTX_LOGIC_LANE(NOT, ~a)
PTX_LOGIC_LANE(CNOT, (uint64_t)((a & ptx_logic_mask(ty)) == 0))
/* shl: the unsigned 32-bit amount b clamped to the width (a shift by the width or more is 0) */
PTX_LOGIC_LANE(SHL, (uint32_t)b >= ptx_logic_width(ty) ? 0 : a << (uint32_t)b)
/* shr: .s types fill with the sign bit (an amount of the width or more: all sign bits) */
static inline uint64_t ptx_lane_SHR(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)m; (void)rnd; (void)c; (void)e; (void)cf;
    const unsigned w = ptx_logic_width(ty), n = (uint32_t)b >= w ? w : (uint32_t)b;
    const uint64_t x = a & ptx_logic_mask(ty);
    if (ty == TY_S16 || ty == TY_S32 || ty == TY_S64) {
        const int64_t s = w == 16 ? (int16_t)x : w == 32 ? (int32_t)x : (int64_t)x;
        return (uint64_t)(n == w ? (s < 0 ? -1 : 0) : s >> n) & ptx_logic_mask(ty);
    }
    return n == w ? 0 : x >> n;
}
/* shf: the 64-bit [b, a] shifted by n = min(c, 32) (.clamp) or c & 31 (.wrap); .l keeps its upper
 * 32 bits, .r its lower (a shift by 32 is defined: .l gives a, .r gives b) */
static inline uint64_t ptx_lane_SHF(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)ty2; (void)rnd; (void)e; (void)cf;
    const uint32_t cw = (uint32_t)c, n = (m & M_CLAMP) ? (cw < 32 ? cw : 32) : cw & 31;
    const uint64_t v = (uint64_t)(uint32_t)b << 32 | (uint32_t)a;
    return (m & M_LEFT) ? (v << n) >> 32 : (v >> n) & 0xffffffffu;
}

/* 9.7.8.6 lop3: bit j of d is bit 4 a_j + 2 b_j + c_j of the table (ty2 carries it here: the
 * scalar kernel passes its context's immLut there), as a multiplexer: c picks within each pair of
 * the table's bits, b within each pair of those, then a. The .BoolOp form (d bits 33) returns p =
 * (d != 0) BoolOp q in bit 32, q being e's lane bit. */
static inline uint32_t ptx_lop3(unsigned lut, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t t[8];
    for (unsigned i = 0; i < 8; i++)
        t[i] = (uint32_t)0 - ((lut >> i) & 1); /* table bit i in every bit */
    for (unsigned i = 0; i < 4; i++) /* c: t[i] = c ? t[2i+1] : t[2i] */
        t[i] = (c & t[2 * i + 1]) | (~c & t[2 * i]);
    for (unsigned i = 0; i < 2; i++)
        t[i] = (b & t[2 * i + 1]) | (~b & t[2 * i]);
    return (a & t[1]) | (~a & t[0]);
}
static inline uint64_t ptx_lane_LOP3(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                     uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)rnd; (void)cf;
    const uint32_t d = ptx_lop3((unsigned)ty2, (uint32_t)a, (uint32_t)b, (uint32_t)c);
    if (!M_BOP_OF(m))
        return d;
    return d | (uint64_t)(ptx_bop_apply(M_BOP_OF(m), d != 0, (uint32_t)e & 1) & 1) << 32;
}

/* 9.7.6.4 slct: d = c >= 0 ? a : b, the chosen operand's bits; c .s32 or .f32 (ty2) read from its
 * bits: an f32 NaN is not >= 0 (b), either zero is (a), and .ftz makes a subnormal a zero (a). */
static inline uint64_t ptx_lane_SLCT(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                     uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty; (void)rnd; (void)e; (void)cf;
    const uint32_t cw = (uint32_t)c, mag = cw & 0x7fffffffu;
    int ge;
    if (ty2 != TY_F32)
        ge = (int32_t)cw >= 0;
    else if (mag > 0x7f800000u)
        ge = 0;
    else if (mag == 0 || ((m & M_FTZ) && mag < 0x00800000u))
        ge = 1;
    else
        ge = !(cw >> 31);
    return ge ? a : b;
}

/* 9.7.6.2 setp: which outcome comparing a with b has (0 a < b, 1 a == b, 2 a > b, 3 unordered:
 * the bit of ptx_cmp_table's truth tables). Floats are compared on their bits, so no FP
 * environment reaches them: a NaN (magnitude above inf) is unordered; .ftz makes a subnormal's
 * magnitude 0 first (bf16 rows have no .ftz); the magnitude, negated where the sign is set, orders
 * the rest as integers, -0 and +0 both 0. */
static inline unsigned ptx_cmp_outcome(int ty, unsigned m, uint64_t a, uint64_t b)
{
    int64_t ka, kb;
    if (ty == TY_F16 || ty == TY_BF16 || ty == TY_F32 || ty == TY_F64) {
        const unsigned w = ty == TY_F64 ? 64 : ty == TY_F32 ? 32 : 16, frac = ty == TY_F64 ? 52
                           : ty == TY_F32 ? 23 : ty == TY_F16 ? 10 : 7;
        const uint64_t sign = 1ull << (w - 1), min_normal = 1ull << frac;
        const uint64_t inf = (sign - 1) & ~(min_normal - 1); /* all exponent bits */
        uint64_t xa = a & (sign - 1), xb = b & (sign - 1);
        if (xa > inf || xb > inf)
            return 3;
        if (m & M_FTZ) {
            xa = xa < min_normal ? 0 : xa;
            xb = xb < min_normal ? 0 : xb;
        }
        ka = (a & sign) ? -(int64_t)xa : (int64_t)xa;
        kb = (b & sign) ? -(int64_t)xb : (int64_t)xb;
    } else if (ty == TY_S16 || ty == TY_S32 || ty == TY_S64) {
        ka = ty == TY_S16 ? (int16_t)a : ty == TY_S32 ? (int32_t)a : (int64_t)a;
        kb = ty == TY_S16 ? (int16_t)b : ty == TY_S32 ? (int32_t)b : (int64_t)b;
    } else /* unsigned and bit-size types: zero-extended */
        return a < b ? 0 : a == b ? 1 : 2;
    return ka < kb ? 0 : ka == kb ? 1 : 2;
}
/* t = a CmpOp b for the row's operator (m: the context's bits, M_CMP_OF) */
static inline uint32_t ptx_cmp_holds(int ty, unsigned m, uint64_t a, uint64_t b)
{
    return (PTX_CMP_TABLE_OF(m) >> ptx_cmp_outcome(ty, m, a, b)) & 1;
}
/* A packed half type's element type (9.7.7: each half compared by itself); TY_NONE otherwise */
static inline int ptx_cmp_half_of(int ty)
{
    return ty == TY_F16X2 ? TY_F16 : ty == TY_BF16X2 ? TY_BF16 : TY_NONE;
}
/* p = BoolOp(t, c) and q = BoolOp(!t, c) with t = a CmpOp b, the Boolean operator the row's
 * (M_BOP_OF m); without a BoolOp, p = t and q = !t. Packed halves (9.7.7.2): p from the low halves'
 * t, q from the high ones'. Returned as p | q << 1 (d is PTXCPU_DST_PRED_PAIR). */
static inline uint64_t ptx_lane_SETP(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                     uint64_t c, uint64_t e, unsigned *cf)
{
    (void)ty2; (void)rnd; (void)e; (void)cf;
    const int half = ptx_cmp_half_of(ty);
    const uint32_t t = half ? ptx_cmp_holds(half, m, a & 0xffff, b & 0xffff) : ptx_cmp_holds(ty, m, a, b);
    const uint32_t u = half ? ptx_cmp_holds(half, m, a >> 16 & 0xffff, b >> 16 & 0xffff) : t ^ 1;
    return (ptx_bop_apply(M_BOP_OF(m), t, (uint32_t)c) & 1) |
           (ptx_bop_apply(M_BOP_OF(m), u, (uint32_t)c) & 1) << 1;
}
/* 9.7.6.1, 9.7.7.1 set: BoolOp(a CmpOp b, c) as d's type ty2 says true, else 0; packed half
 * sources half by half. */
static inline uint64_t ptx_lane_SET(int ty, int ty2, unsigned m, int rnd, uint64_t a, uint64_t b,
                                    uint64_t c, uint64_t e, unsigned *cf)
{
    (void)rnd; (void)e; (void)cf;
    const int half = ptx_cmp_half_of(ty);
    const uint32_t one = ptx_set_true(ty2, half != TY_NONE);
    if (!half)
        return ptx_bop_apply(M_BOP_OF(m), ptx_cmp_holds(ty, m, a, b), (uint32_t)c) & 1 ? one : 0;
    uint64_t d = 0;
    for (unsigned h = 0; h < 32; h += 16) {
        const uint32_t t = ptx_cmp_holds(half, m, a >> h & 0xffff, b >> h & 0xffff);
        d |= (uint64_t)(ptx_bop_apply(M_BOP_OF(m), t, (uint32_t)c) & 1 ? one : 0) << h;
    }
    return d;
}

#include "move_ops.h" /* prmt, integer cvt (9.7.9): they use the helpers above */
#include "cvt_pack.h" /* cvt.pack (9.7.9.22) */

#endif
