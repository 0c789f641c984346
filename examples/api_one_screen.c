/* The README's "API in one screen" as a program: parse mad.rz.ftz.f32, resolve it, run it over
 * four warps with a uniform operand and a guard mask, and print lanes a reader can check. */
#include <ptxcpu.h> /* cc api_one_screen.c $(pkg-config --cflags --libs ptxcpu) */

#include <stdio.h>
#include <string.h>

#define N 4 /* warps */

static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

int main(void)
{
    /* A spelling the spec does not allow fails with a reason (f64 mad needs a rounding mode). */
    ptxcpu_insn insn;
    if (ptxcpu_parse("mad.f64", "sm_80", &insn) != PTXCPU_OK)
        printf("mad.f64 rejected: %s\n", ptxcpu_last_error());

    /* 1. parse, 2. resolve on the active ISA. */
    ptxcpu_kernel k;
    if (ptxcpu_parse("mad.rz.ftz.f32", "sm_80", &insn) != PTXCPU_OK ||
        ptxcpu_resolve(&insn, PTXCPU_ISA_BEST, &k) != PTXCPU_OK) {
        fprintf(stderr, "%s\n", ptxcpu_last_error());
        return 1;
    }
    printf("mad.rz.ftz.f32 runs on %s\n", ptxcpu_kernel_variant(k));

    /* Warp w, lane i: a = i, b = w + 1, c = 0.5 in every warp (stride 0), so d = i * (w + 1) + 0.5,
     * exact in f32. Warp 3's guard keeps only even lanes: its odd lanes keep d's old value, -1. */
    static ptxcpu_w32 a[N], b[N], c, d[N]; /* static: 64-byte aligned, off the stack */
    ptxcpu_lanemask guard[N] = {0xffffffffu, 0xffffffffu, 0xffffffffu, 0x55555555u};
    for (int w = 0; w < N; w++)
        for (int i = 0; i < PTXCPU_WARP; i++) {
            a[w].lane[i] = f2u((float)i);
            b[w].lane[i] = f2u((float)(w + 1));
            c.lane[i] = f2u(0.5f);
            d[w].lane[i] = f2u(-1.0f);
        }
    ptxcpu_batch batch = {
        .n = N,
        .d = d, .d_stride = sizeof d[0],
        .src = {{a, sizeof a[0]}, {b, sizeof b[0]}, {&c, 0}},
        .guard = guard, .guard_stride = sizeof guard[0],
    };
    /* 3. run. */
    if (ptxcpu_run(k, &batch) != PTXCPU_OK) {
        fprintf(stderr, "%s\n", ptxcpu_last_error());
        return 1;
    }
    int bad = 0;
    for (int w = 0; w < N; w++) {
        printf("warp %d:", w);
        for (int i = 0; i < PTXCPU_WARP; i++) {
            float want = (guard[w] >> i & 1) ? (float)i * (float)(w + 1) + 0.5f : -1.0f;
            bad += d[w].lane[i] != f2u(want);
            if (i < 4 || i == PTXCPU_WARP - 1)
                printf(" d[%d]=%g", i, u2f(d[w].lane[i]));
        }
        printf("   (lane * %d + 0.5%s)\n", w + 1, w == 3 ? "; odd lanes off: -1" : "");
    }

    /* Where .rz shows: a = b = 1 + 2^-23, c = 2^-24. The exact a * b + c,
     * 1 + 2^-22 + 2^-24 + 2^-46, is just past halfway between 1 + 2^-22 (0x3f800002) and
     * 1 + 3 * 2^-23 (0x3f800003): .rz truncates to 0x3f800002, .rn rounds up to 0x3f800003
     * (ptxcpu_exec: parse, resolve and run in one call). */
    for (int i = 0; i < PTXCPU_WARP; i++) {
        a[0].lane[i] = 0x3f800001u;
        c.lane[i] = 0x33800000u; /* 2^-24 */
    }
    ptxcpu_batch one = {.n = 1, .d = &d[0], .src = {{&a[0], 0}, {&a[0], 0}, {&c, 0}}};
    uint32_t rz, rn;
    if (ptxcpu_run(k, &one) != PTXCPU_OK)
        return 1;
    rz = d[0].lane[0];
    if (ptxcpu_exec("mad.rn.ftz.f32", &one) != PTXCPU_OK)
        return 1;
    rn = d[0].lane[0];
    printf("(1 + 2^-23)^2 + 2^-24: .rz 0x%08x, .rn 0x%08x\n", (unsigned)rz, (unsigned)rn);
    bad += rz != 0x3f800002u || rn != 0x3f800003u;

    printf("%s\n", bad ? "MISMATCH" : "all lanes as expected");
    return bad != 0;
}
