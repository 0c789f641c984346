/* SIMD bodies of the data movement and conversion instructions (9.7.9): mov (a copy); prmt, as
 * byte shuffles within each 16-byte block (a lane's four bytes stay in its block), the selectors
 * looked up as bytes; cvt between integer types as read, clamp, resize. */
#ifndef PTXCPU_SIMD_MOVE_OPS_H
#define PTXCPU_SIMD_MOVE_OPS_H

/* ---- mov d, a: the register copied (bits: no float unit touches them) ----------------------- */
SIMD_BODY(MOV, 16, 16, 0, 0, 0) { return a; }
SIMD_BODY(MOV, 32, 32, 0, 0, 0) { return a; }
SIMD_BODY(MOV, 64, 64, 0, 0, 0) { return a; }

/* mov's pack forms (9.7.9.4): two or four elements into d, a's in the low bits; 8-bit elements
 * are the low bytes of 16-bit registers */
VINL v32 simd_pack_bytes(v16 a, v16 b)
{
    const v32 byte = v32_set1(0xff);
    return v32_or(v32_and(v32_from16_u(a), byte), v32_slli(v32_and(v32_from16_u(b), byte), 8));
}
VINL v32 simd_pack_halves(v16 a, v16 b)
{
    return v32_or(v32_from16_u(a), v32_slli(v32_from16_u(b), 16));
}
VINL v64 simd_pack_words(v32 a, v32 b)
{
    return v64_or(v64_from32_u(a), v64_slli(v64_from32_u(b), 32));
}
SIMD_BODY(MOVPACK, 16, 16, 16, 0, 0) { return v16_from32(simd_pack_bytes(a, b)); }
SIMD_BODY(MOVPACK, 32, 16, 16, 0, 0) { return simd_pack_halves(a, b); }
SIMD_BODY(MOVPACK, 64, 32, 32, 0, 0) { return simd_pack_words(a, b); }
SIMD_BODY(MOVPACK4, 32, 16, 16, 16, 16)
{
    return v32_or(simd_pack_bytes(a, b), v32_slli(simd_pack_bytes(c, e), 16));
}
SIMD_BODY(MOVPACK4, 64, 16, 16, 16, 16)
{
    return simd_pack_words(simd_pack_halves(a, b), simd_pack_halves(c, e));
}
VINL ptxcpu_lanemask simd_word_MOV(ptxcpu_lanemask a, ptxcpu_lanemask b) { return (void)b, a; }
VINL v32 simd_words_MOV(v32 a, v32 b) { return (void)b, a; }
#ifdef VEC_HAS_NATIVE16
#define SIMD_NATIVE_N16_MOV ~, N16
NATIVE_BODY(16, vm, MOV) { return a; }
/* mov.b16 d, {a, b}: the low bytes, b's moved up by a multiply (no 16-bit shift in the layer) */
#define SIMD_NATIVE_N16_MOVPACK ~, N16
NATIVE_BODY(16, vm, MOVPACK) { return n16_or(n16_and(a, n16_set1(0xff)), n16_mullo(b, n16_set1(0x100))); }
#endif
#ifdef VEC_HAS_NATIVE64
#define SIMD_NATIVE_N64_MOV ~, N64
NATIVE_BODY(64, n64m, MOV) { return a; }
#endif

/* ---- prmt ------------------------------------------------------------------------------------ */
/* d's selectors, one byte each (source byte 0..7 of [b, a], bit 3: replicate the sign): the
 * default mode spreads c's low four nibbles over the lane's bytes; a mode looks its table's row
 * c & 3 up, the row's four entries at bytes 4 (c & 3) .. 4 (c & 3) + 3 of the mode's pattern */
VINL v32 simd_prmt_selectors(unsigned m, v32 c)
{
    static const uint8_t nib_bytes[16] = {0, 0, 1, 1, 4, 4, 5, 5, 8, 8, 9, 9, 12, 12, 13, 13};
    const int mode = ptx_prmt_mode(m);
    if (mode >= 0) {
        const v32 row = v32_mullo(v32_and(c, v32_set1(3)), v32_set1(0x04040404u));
        const v32 idx = v32_or(row, v32_set1(0x03020100u));
        return v32_shuffle8(v32_bcast16b(&ptx_prmt_mode_table[mode][0][0]), idx);
    }
    const v32 t = v32_shuffle8(c, v32_bcast16b(nib_bytes)); /* bytes c0 c0 c1 c1 of each lane */
    return v32_or(v32_and(t, v32_set1(0x000f000fu)), v32_and(v32_srli(t, 4), v32_set1(0x0f000f00u)));
}

/* each byte: b's where the selector's bit 2 is set, else a's, both of the byte the selector's
 * two lsbs name in the lane; then, in the default mode, the sign where its bit 3 is set */
SIMD_BODY(PRMT, 32, 32, 32, 32, 0)
{
    static const uint8_t lane_base[16] = {0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12};
    static const uint8_t bit2_set[16] = {0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff,
                                         0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff};
    static const uint8_t bit3_set[16] = {0, 0, 0, 0, 0, 0, 0, 0,
                                         0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    const v32 sel = simd_prmt_selectors(m, c);
    const v32 pos = v32_or(v32_and(sel, v32_set1(0x03030303u)), v32_bcast16b(lane_base));
    const v32 from_b = v32_shuffle8(v32_bcast16b(bit2_set), sel);
    const v32 v = v32_or(v32_and(from_b, v32_shuffle8(b, pos)),
                         v32_andnot(from_b, v32_shuffle8(a, pos)));
    if (ptx_prmt_mode(m) >= 0)
        return v;
    /* the sign of each byte: its high nibble >= 8, by the same table */
    const v32 nib8 = v32_bcast16b(bit3_set);
    const v32 sign = v32_shuffle8(nib8, v32_and(v32_srli(v, 4), v32_set1(0x0f0f0f0fu)));
    const v32 replicate = v32_shuffle8(nib8, sel);
    return v32_or(v32_and(replicate, sign), v32_andnot(replicate, v));
}

/* ---- cvt between integer types: ty = dtype, ty2 = atype ------------------------------------
 * a's value is read in a's register width (an 8-bit atype extended from its low byte), clamped
 * there for .sat (bounds in a's reading: d's range meets it, or no clamp is needed), resized to
 * d's width (chop, or extend by atype's signedness: 6.5.1's table), and an 8-bit dtype's low byte
 * extended by its signedness over d's 16 bits (6.5.1 note 1). */

/* the low byte of each 16-bit lane, extended by signedness s */
VINL v16 simd_cvti_byte16(v16 x, int s)
{
    const v16 low = v16_and(x, v16_set1(0xff));
    return s ? v16_sub(v16_xor(low, v16_set1(0x80)), v16_set1(0x80)) : low;
}

/* .sat's bounds in a's reading: whether each applies (d's range ends inside a's) and its bits */
VINL int simd_cvti_has_lo(int ty, int ty2)
{
    return ty_signed(ty2) && (!ty_signed(ty) || ty_bits(ty) < ty_bits(ty2));
}
VINL uint64_t simd_cvti_lo(int ty) { return ty_signed(ty) ? (uint64_t)-1 << (ty_bits(ty) - 1) : 0; }
VINL uint64_t simd_cvti_hi(int ty) { return ~0ull >> (64 - ty_bits(ty) + ty_signed(ty)); }
VINL int simd_cvti_has_hi(int ty, int ty2) { return simd_cvti_hi(ty) < simd_cvti_hi(ty2); }

#define SIMD_CVTI_CLAMP(W, MAX_S, MIN_S, MIN_U)                                                    \
    VINL VT(W) simd_cvti_clamp_##W(VT(W) x, int ty, int ty2)                                       \
    {                                                                                              \
        if (simd_cvti_has_lo(ty, ty2))                                                             \
            x = MAX_S(x, v##W##_set1((uint##W##_t)simd_cvti_lo(ty)));                              \
        if (simd_cvti_has_hi(ty, ty2))                                                             \
            x = ty_signed(ty2) ? MIN_S(x, v##W##_set1((uint##W##_t)simd_cvti_hi(ty)))              \
                               : MIN_U(x, v##W##_set1((uint##W##_t)simd_cvti_hi(ty)));             \
        return x;                                                                                  \
    }
VINL v64 simd_cvti_max_s64(v64 x, v64 y) { return v64_sel(v64_cmpgt_s(y, x), y, x); }
VINL v64 simd_cvti_min_s64(v64 x, v64 y) { return v64_sel(v64_cmpgt_s(x, y), y, x); }
VINL v64 simd_cvti_min_u64(v64 x, v64 y) { return v64_sel(v64_cmpgt_u(x, y), y, x); }
SIMD_CVTI_CLAMP(16, v16_max_s, v16_min_s, v16_min_u)
SIMD_CVTI_CLAMP(32, v32_max_s, v32_min_s, v32_min_u)
SIMD_CVTI_CLAMP(64, simd_cvti_max_s64, simd_cvti_min_s64, simd_cvti_min_u64)
#undef SIMD_CVTI_CLAMP

/* resizing from AW to DW bits: chop, or extend by signedness s */
VINL v16 simd_cvti_resize_16_16(v16 x, int s) { (void)s; return x; }
VINL v32 simd_cvti_resize_16_32(v16 x, int s) { return s ? v32_from16_s(x) : v32_from16_u(x); }
VINL v64 simd_cvti_resize_32_64(v32 x, int s)
{
    return s ? v64_from32_s(x) : v64_from32_u(x);
}
VINL v64 simd_cvti_resize_16_64(v16 x, int s) { return simd_cvti_resize_32_64(simd_cvti_resize_16_32(x, s), s); }
VINL v16 simd_cvti_resize_32_16(v32 x, int s) { (void)s; return v16_from32(x); }
VINL v32 simd_cvti_resize_32_32(v32 x, int s) { (void)s; return x; }
VINL v16 simd_cvti_resize_64_16(v64 x, int s) { (void)s; return v16_from32(v32_from64(x)); }
VINL v32 simd_cvti_resize_64_32(v64 x, int s) { (void)s; return v32_from64(x); }
VINL v64 simd_cvti_resize_64_64(v64 x, int s) { (void)s; return x; }

/* .sat of a 64-bit a into a d of 32 bits or fewer, on the 32-bit words (no 64-bit compares): a
 * is within the low word's reading when its high word is that word's sign fill (signed a) or zero;
 * else it lies past d's range on the side the high word's sign says */
VINL v32 simd_cvti_clamp_64_to_32(v64 x, int ty, int ty2)
{
    const v32 lo = v32_from64(x), hi = v32_from64_hi(x), zero = v32_zero();
    const v32 dlo = v32_set1((uint32_t)simd_cvti_lo(ty)), dhi = v32_set1((uint32_t)simd_cvti_hi(ty));
    if (!ty_signed(ty2))
        return v32_sel(v32_cmpeq(hi, zero), v32_min_u(lo, dhi), dhi);
    const v32 past = v32_sel(v32_cmplt_s(hi, zero), dlo, dhi);
    if (ty_signed(ty))
        return v32_sel(v32_cmpeq(hi, v32_srai(lo, 31)), v32_min_s(v32_max_s(lo, dlo), dhi), past);
    return v32_sel(v32_cmpeq(hi, zero), v32_min_u(lo, dhi), past);
}

/* (a clamped value is in d's range, so an 8-bit d's register already holds its extension) */
#define SIMD_CVTI_DEF(DW, AW)                                                                      \
    SIMD_BODY(CVTI, DW, AW, 0, 0, 0)                                                               \
    {                                                                                              \
        VT(AW) x = a;                                                                              \
        SIMD_CVTI_READ8_##AW                                                                       \
        SIMD_CVTI_SAT_NARROW_##AW##_##DW                                                         \
        if (m & M_SAT)                                                                             \
            return simd_cvti_resize_##AW##_##DW(simd_cvti_clamp_##AW(x, ty, ty2), ty_signed(ty2)); \
        VT(DW) r = simd_cvti_resize_##AW##_##DW(x, ty_signed(ty2));                                \
        SIMD_CVTI_WRITE8_##DW                                                                      \
        return r;                                                                                  \
    }
#define SIMD_CVTI_SAT_NARROW_64_16                                                               \
    if (m & M_SAT)                                                                                 \
        return v16_from32(simd_cvti_clamp_64_to_32(x, ty, ty2));
#define SIMD_CVTI_SAT_NARROW_64_32                                                               \
    if (m & M_SAT)                                                                                 \
        return simd_cvti_clamp_64_to_32(x, ty, ty2);
#define SIMD_CVTI_SAT_NARROW_16_16
#define SIMD_CVTI_SAT_NARROW_16_32
#define SIMD_CVTI_SAT_NARROW_16_64
/* (32 -> 16 bits: the narrowing saturates, so a 16-bit d from a signed a needs no clamp before;
 * other clamps leave the value in d's range, which the saturation then keeps) */
#define SIMD_CVTI_SAT_NARROW_32_16                                                               \
    if (m & M_SAT) {                                                                               \
        if (!ty_signed(ty2) || ty_bits(ty) != 16)                                                  \
            x = simd_cvti_clamp_32(x, ty, ty2);                                                    \
        return ty_bits(ty) == 8 || ty_signed(ty) ? v16_from32_ss(x) : v16_from32_su(x);           \
    }                                                                                              \
    if (ty_bits(ty) == 8) /* the byte extended in 32-bit lanes: then in -128..255, so saturating  \
                           * narrowing keeps it (one op where the chop is two or three) */        \
        return v16_from32_ss(ty_signed(ty) ? v32_srai(v32_slli(x, 24), 24)                        \
                                           : v32_and(x, v32_set1(0xff)));
#define SIMD_CVTI_SAT_NARROW_32_32
#define SIMD_CVTI_SAT_NARROW_32_64
#define SIMD_CVTI_SAT_NARROW_64_64
#define SIMD_CVTI_READ8_16 if (ty_bits(ty2) == 8) x = simd_cvti_byte16(x, ty_signed(ty2));
#define SIMD_CVTI_READ8_32
#define SIMD_CVTI_READ8_64
#define SIMD_CVTI_WRITE8_16 if (ty_bits(ty) == 8) r = simd_cvti_byte16(r, ty_signed(ty));
#define SIMD_CVTI_WRITE8_32
#define SIMD_CVTI_WRITE8_64
SIMD_CVTI_DEF(16, 16) SIMD_CVTI_DEF(16, 32) SIMD_CVTI_DEF(16, 64)
SIMD_CVTI_DEF(32, 16) SIMD_CVTI_DEF(32, 32) SIMD_CVTI_DEF(32, 64)
SIMD_CVTI_DEF(64, 16) SIMD_CVTI_DEF(64, 32) SIMD_CVTI_DEF(64, 64)
#undef SIMD_CVTI_DEF

/* The rows of one register width on the layer's full vectors (simd/native_ops.h): 16-bit
 * registers (the 8- and 16-bit types) as NL16 lanes, not VL-lane halves of a vector; 64-bit
 * ones as NL64 lanes, not {lo, hi} pairs. The same steps, read and clamp and (8-bit) extend. */
#ifdef VEC_HAS_NATIVE16
#define SIMD_NATIVE_N16_CVTI ~, N16
VINL n16 simd_cvti_byte_n16(n16 x, int s)
{
    const n16 low = n16_and(x, n16_set1(0xff));
    return s ? n16_sub(n16_xor(low, n16_set1(0x80)), n16_set1(0x80)) : low;
}
NATIVE_BODY(16, vm, CVTI)
{
    n16 x = ty_bits(ty2) == 8 ? simd_cvti_byte_n16(a, ty_signed(ty2)) : a;
    if ((m & M_SAT) && simd_cvti_has_lo(ty, ty2))
        x = n16_max_s(x, n16_set1((uint16_t)simd_cvti_lo(ty)));
    if ((m & M_SAT) && simd_cvti_has_hi(ty, ty2)) {
        const n16 hi = n16_set1((uint16_t)simd_cvti_hi(ty));
        x = ty_signed(ty2) ? n16_min_s(x, hi) : n16_min_u(x, hi);
    }
    return ty_bits(ty) == 8 && !(m & M_SAT) ? simd_cvti_byte_n16(x, ty_signed(ty)) : x;
}
#endif
#ifdef VEC_HAS_NATIVE64
#define SIMD_NATIVE_N64_CVTI ~, N64
NATIVE_BODY(64, n64m, CVTI)
{
    n64 x = a;
    if ((m & M_SAT) && simd_cvti_has_lo(ty, ty2))
        x = n64_max_s(x, n64_set1(simd_cvti_lo(ty)));
    if ((m & M_SAT) && simd_cvti_has_hi(ty, ty2)) {
        const n64 hi = n64_set1(simd_cvti_hi(ty));
        x = ty_signed(ty2) ? n64_min_s(x, hi) : n64_min_u(x, hi);
    }
    return x;
}
#endif

#endif
