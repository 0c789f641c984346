// Hardware probe behind docs/SEMANTICS.md's "H100" rows for half fma/mul (9.7.4.3-9.7.4.4): not
// built by meson (it needs nvcc and an NVIDIA GPU of sm_90 or later).
//   nvcc -arch=sm_90 -o half_probe tools/hwprobe/half_probe.cu && ./half_probe
// Seen on an H100 (sm_90, nvcc 13): fma.oob zeroes the result for a or b = 0x7ff7 / 0xfff7 only
// (f16 and bf16, whatever c; c = 0x7ff7 is an ordinary NaN; per element for x2); .relu maps -0
// and negatives to +0 and NaNs to 0x7fff; .sat maps -0 to +0; mul.rn.ftz.f16 0x3bfe * 0x0401 =
// 0x0400 (tininess after rounding).
#include <cstdio>
typedef unsigned short u16;

// d[i] = OP(x[i] in the operand position the macro names, the other operands p, q)
#define K(NAME, INSN)                                                                            \
    __global__ void NAME(const u16 *x, u16 *d, u16 p, u16 q)                                   \
    {                                                                                          \
        int i = blockIdx.x * 256 + threadIdx.x;                                                \
        asm(INSN : "=h"(d[i]) : "h"(x[i]), "h"(p), "h"(q));                                     \
    }
K(oob_f16_a, "fma.rn.oob.f16 %0, %1, %2, %3;")
K(fma_f16_a, "fma.rn.f16 %0, %1, %2, %3;")
K(oob_f16_b, "fma.rn.oob.f16 %0, %2, %1, %3;")
K(fma_f16_b, "fma.rn.f16 %0, %2, %1, %3;")
K(oob_f16_c, "fma.rn.oob.f16 %0, %2, %3, %1;")
K(fma_f16_c, "fma.rn.f16 %0, %2, %3, %1;")
K(oob_bf16_a, "fma.rn.oob.bf16 %0, %1, %2, %3;")
K(fma_bf16_a, "fma.rn.bf16 %0, %1, %2, %3;")
K(oob_bf16_b, "fma.rn.oob.bf16 %0, %2, %1, %3;")
K(fma_bf16_b, "fma.rn.bf16 %0, %2, %1, %3;")
K(relu_f16, "fma.rn.relu.f16 %0, %1, %2, %3;")
K(relu_bf16, "fma.rn.relu.bf16 %0, %1, %2, %3;")
K(sat_f16, "fma.rn.sat.f16 %0, %1, %2, %3;")
K(mul_ftz_f16, "mul.rn.ftz.f16 %0, %1, %2;")

__global__ void packed(unsigned *o)
{
    unsigned r, s;
    asm("fma.rn.oob.f16x2 %0, %1, %2, %2;" : "=r"(r) : "r"(0x7ff73c00u), "r"(0x3c003c00u));
    asm("fma.rn.oob.bf16x2 %0, %1, %2, %2;" : "=r"(s) : "r"(0x3f80fff7u), "r"(0x3f803f80u));
    o[0] = r;
    o[1] = s;
}

typedef void (*kernel)(const u16 *, u16 *, u16, u16);
static u16 *x, *d, h[65536], g[65536];

static void run(kernel k, u16 p, u16 q, u16 *out)
{
    k<<<256, 256>>>(x, d, p, q);
    cudaMemcpy(out, d, sizeof h, cudaMemcpyDeviceToHost);
}

// The x (all 2^16) where the .oob form differs from the plain one, as ranges.
static void differs(const char *name, kernel k, kernel plain, u16 p, u16 q)
{
    run(k, p, q, h);
    run(plain, p, q, g);
    printf("%s p=%04x q=%04x differs:", name, p, q);
    int start = -1;
    for (int i = 0; i <= 65536; i++) {
        int df = i < 65536 && h[i] != g[i];
        if (df && start < 0)
            start = i;
        if (!df && start >= 0) {
            printf(" [%04x..%04x]->%04x (plain %04x)", start, i - 1, h[start], g[start]);
            start = -1;
        }
    }
    printf("\n");
}

// The results for a few x: zeros, -1, 1, a subnormal, NaNs of both signs.
static void show(const char *name, kernel k, u16 p, u16 q)
{
    static const u16 xs[] = {0x0000, 0x8000, 0x8001, 0xbc00, 0xbf80, 0x3c00, 0x3f80, 0x3bfe,
                             0x7c01, 0x7e00, 0x7fff, 0xfe00, 0xffff, 0x7f81, 0x7fc0, 0xffc0};
    run(k, p, q, h);
    printf("%s p=%04x q=%04x:", name, p, q);
    for (u16 v : xs)
        printf(" %04x:%04x", v, h[v]);
    printf("\n");
}

int main()
{
    cudaMalloc(&x, sizeof h);
    cudaMalloc(&d, sizeof h);
    for (int i = 0; i < 65536; i++)
        h[i] = (u16)i;
    cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
    differs("oob.f16 a=x", oob_f16_a, fma_f16_a, 0x3c00, 0x3c00);
    differs("oob.f16 b=x", oob_f16_b, fma_f16_b, 0x3c00, 0x3c00);
    differs("oob.f16 c=x", oob_f16_c, fma_f16_c, 0x3c00, 0x3c00);
    differs("oob.f16 a=7ff7 b=1 c=x", oob_f16_c, fma_f16_c, 0x7ff7, 0x3c00);
    differs("oob.f16 a=fff7 b=0 c=x", oob_f16_c, fma_f16_c, 0xfff7, 0x0000);
    differs("oob.bf16 a=x", oob_bf16_a, fma_bf16_a, 0x3f80, 0x3f80);
    differs("oob.bf16 b=x", oob_bf16_b, fma_bf16_b, 0x3f80, 0x3f80);
    show("relu.f16 x*1+0", relu_f16, 0x3c00, 0x0000);
    show("relu.f16 x*1-0", relu_f16, 0x3c00, 0x8000);
    show("relu.bf16 x*1-0", relu_bf16, 0x3f80, 0x8000);
    show("sat.f16 x*1-0", sat_f16, 0x3c00, 0x8000);
    show("sat.f16 x*-1-0", sat_f16, 0xbc00, 0x8000);
    show("mul.ftz.f16 x*0401", mul_ftz_f16, 0x0401, 0);
    unsigned *o, r[2];
    cudaMalloc(&o, sizeof r);
    packed<<<1, 1>>>(o);
    cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
    printf("fma.rn.oob.f16x2 0x7ff73c00 * 1 + 1 = %08x, bf16x2 0x3f80fff7 * 1 + 1 = %08x\n", r[0], r[1]);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
