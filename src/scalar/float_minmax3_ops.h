/* Scalar reference of the three-input min/max{.ftz}{.NaN}{.abs}.f32 (9.7.3.11-12): the spec's
 * pseudo-code, d = two_inputs_min(two_inputs_min(a, b), c) after .abs, on fsg_minmax. */
#ifndef PTXCPU_SCALAR_FLOAT_MINMAX3_OPS_H
#define PTXCPU_SCALAR_FLOAT_MINMAX3_OPS_H

/* The composition is exact: the first step's result is an input (flushed, if .ftz) or the
 * canonical NaN; with -0 < +0 the order of non-NaN patterns is total, so min(min(a, b), c) is the
 * least of the three; a NaN from the first step (both NaN) is then ignored (.NaN: kept) like an
 * input NaN. .abs clears the sign bits first: the result is a magnitude (docs/SEMANTICS.md). */
static inline uint64_t fsg_minmax3(int mx, unsigned m, uint64_t a, uint64_t b, uint64_t c)
{
    sf_fmt f = fmt_of(TY_F32);
    if (m & M_ABS) {
        a &= 0x7fffffffu;
        b &= 0x7fffffffu;
        c &= 0x7fffffffu;
    }
    unsigned two = m & (M_FTZ | M_NAN);
    return fsg_minmax(f, mx, two, fsg_minmax(f, mx, two, a, b), c);
}
#define FSG3_LANE(SEM, MX)                                                                      \
    static inline uint64_t ptx_lane_##SEM(int ty, int ty2, unsigned m, int rnd, uint64_t a,   \
                                          uint64_t b, uint64_t c, uint64_t e, unsigned *cf)   \
    {                                                                                          \
        (void)ty; (void)ty2; (void)rnd; (void)e; (void)cf;                                     \
        return fsg_minmax3(MX, m, a, b, c);                                                    \
    }
FSG3_LANE(FMIN3, 0)
FSG3_LANE(FMAX3, 1)
#undef FSG3_LANE

#endif
