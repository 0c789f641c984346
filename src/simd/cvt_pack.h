/* SIMD body of cvt.pack (9.7.9.22): a and b clamped by signed compares to convertType's range,
 * packed into d's low bits (a's above b's), c's low bits above them for the narrow types. */
#ifndef PTXCPU_SIMD_CVT_PACK_H
#define PTXCPU_SIMD_CVT_PACK_H

VINL v32 simd_cvtpack_clamp(int ty, v32 x)
{
    const unsigned size = cvtpack_size(ty);
    const int32_t lo = cvtpack_signed(ty) ? -(1 << (size - 1)) : 0;
    const int32_t hi = cvtpack_signed(ty) ? (1 << (size - 1)) - 1 : (1 << size) - 1;
    const v32 clamped = v32_min_s(v32_max_s(x, v32_set1((uint32_t)lo)), v32_set1((uint32_t)hi));
    /* (an unsigned type's clamped value fits its size bits already) */
    return cvtpack_signed(ty) ? v32_and(clamped, v32_set1((1u << size) - 1)) : clamped;
}

SIMD_BODY(CVTPACK, 32, 32, 0, 0, 0)
{
    (void)ty2; (void)m; (void)rnd; (void)e; (void)cf;
    const unsigned size = cvtpack_size(ty);
    const v32 packed = v32_or(v32_slli(simd_cvtpack_clamp(ty, a), size), simd_cvtpack_clamp(ty, b));
    return size == 16 ? packed : v32_or(packed, v32_slli(c, 2 * size));
}

#endif
