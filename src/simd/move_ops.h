/* SIMD bodies of the data movement instructions (9.7.9): prmt, as byte shuffles within each
 * 16-byte block (a lane's four bytes stay in its block), the selectors looked up as bytes. */
#ifndef PTXCPU_SIMD_MOVE_OPS_H
#define PTXCPU_SIMD_MOVE_OPS_H

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

#endif
