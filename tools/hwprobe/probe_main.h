/* Host side of the hardware probe: deterministic inputs per spelling, one launch each, and the
 * results printed as `ptxcpu check` lines. Included at the end of the generated probe.cu. */

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t seed_of(const char *s)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    while (*s) h = (h ^ (unsigned char)*s++) * 1099511628211ull;
    return h;
}

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))
static const uint64_t edge_i16[] = {0, 1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 0xff, 0x100, 0x7ffe,
                                    0x7fff, 0x8000, 0x8001, 0xfffe, 0xffff};
static const uint64_t edge_i32[] = {0, 1, 2, 3, 7, 8, 15, 16, 17, 24, 31, 32, 33, 63, 64, 65, 255,
                                    256, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffff, 0x800000,
                                    0xffffff, 0x1000000, 0xff800000, 0x7ffffffe, 0x7fffffff,
                                    0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0x01020304,
                                    0x80ff7f01, 0xfffffff0};
static const uint64_t edge_i64[] = {0, 1, 2, 31, 32, 33, 63, 64, 65, 0xffffffffull, 0x100000000ull,
                                    0x7fffffffull, 0x80000000ull, 0x7ffffffffffffffeull,
                                    0x7fffffffffffffffull, 0x8000000000000000ull,
                                    0x8000000000000001ull, 0xfffffffffffffffeull,
                                    0xffffffffffffffffull, 0x0010000000000000ull};
/* Positive edges of each float format; a random sign is applied. */
static const uint64_t edge_f16[] = {0, 1, 2, 0x3ff, 0x400, 0x401, 0x1400, 0x3800, 0x3bff, 0x3c00,
                                    0x3c01, 0x3e00, 0x4000, 0x4200, 0x7bff, 0x7c00, 0x7c01, 0x7d55,
                                    0x7e00, 0x7fff};
static const uint64_t edge_bf16[] = {0, 1, 2, 0x7f, 0x80, 0x81, 0x3400, 0x3f00, 0x3f7f, 0x3f80,
                                     0x3f81, 0x3fc0, 0x4000, 0x4040, 0x7f7f, 0x7f80, 0x7f81,
                                     0x7fa5, 0x7fc0, 0x7fff};
static const uint64_t edge_f32[] = {0, 1, 2, 0x7fffff, 0x800000, 0x800001, 0x33800000, 0x34000000,
                                    0x3effffff, 0x3f000000, 0x3f7fffff, 0x3f800000, 0x3f800001,
                                    0x3fc00000, 0x40000000, 0x40490fdb, 0x4b000000, 0x4b800000,
                                    0x7f7fffff, 0x7f800000, 0x7f800001, 0x7fa12345, 0x7fc00000,
                                    0x7fc12345, 0x7fffffff, 0x00ffffff, 0x1f800000, 0x5f800000};
static const uint64_t edge_f64[] = {0, 1, 2, 0xfffffffffffffull, 0x10000000000000ull,
                                    0x10000000000001ull, 0x3ca0000000000000ull,
                                    0x3fe0000000000000ull, 0x3fefffffffffffffull,
                                    0x3ff0000000000000ull, 0x3ff0000000000001ull,
                                    0x3ff8000000000000ull, 0x4000000000000000ull,
                                    0x400921fb54442d18ull, 0x4330000000000000ull,
                                    0x7fefffffffffffffull, 0x7ff0000000000000ull,
                                    0x7ff0000000000001ull, 0x7ff4000000012345ull,
                                    0x7ff8000000000000ull, 0x7ff8000000012345ull,
                                    0x7fffffffffffffffull, 0x36a0000000000000ull,
                                    0x47e0000000000000ull, 0x3810000000000000ull,
                                    0x3690000000000000ull};

/* One float of `bits` width, exponent field `ebits`: an edge value, a value with an exponent
 * near 1.0 (so that sums cancel and products round), or random bits; random sign. */
static uint64_t float_value(uint64_t *s, const uint64_t *edge, size_t nedge, int bits, int ebits)
{
    uint64_t r = splitmix64(s), sign = (r & 1) << (bits - 1), v;
    int mbits = bits - 1 - ebits, bias = (1 << (ebits - 1)) - 1;
    switch ((r >> 1) % 4) {
    case 0: v = edge[(r >> 8) % nedge]; break;
    case 1: case 2: {
        int span = ebits > 5 ? 26 : 12;
        uint64_t e = (uint64_t)(bias + (int)((r >> 8) % (2 * span + 1)) - span);
        uint64_t m = splitmix64(s) & ((1ull << mbits) - 1);
        v = (e << mbits) | m;
        break;
    }
    default: v = splitmix64(s); break;
    }
    v &= (bits == 64 ? ~0ull : ((1ull << bits) - 1)) >> 1;
    return v | sign;
}

static uint64_t int_value(uint64_t *s, const uint64_t *edge, size_t nedge, int bits)
{
    uint64_t r = splitmix64(s), mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    if (r & 1) return edge[(r >> 8) % nedge] & mask;
    if ((r >> 1) % 4 == 0) return (r >> 16) % 70; /* small counts, positions, lengths */
    return splitmix64(s) & mask;
}

static uint64_t operand(uint64_t *s, enum operand_class c)
{
    switch (c) {
    case INT16: return int_value(s, edge_i16, N_OF(edge_i16), 16);
    case INT32: return int_value(s, edge_i32, N_OF(edge_i32), 32);
    case INT64: return int_value(s, edge_i64, N_OF(edge_i64), 64);
    case F16: return float_value(s, edge_f16, N_OF(edge_f16), 16, 5);
    case BF16: return float_value(s, edge_bf16, N_OF(edge_bf16), 16, 8);
    case F16X2: return float_value(s, edge_f16, N_OF(edge_f16), 16, 5) << 16 |
                       float_value(s, edge_f16, N_OF(edge_f16), 16, 5);
    case BF16X2: return float_value(s, edge_bf16, N_OF(edge_bf16), 16, 8) << 16 |
                        float_value(s, edge_bf16, N_OF(edge_bf16), 16, 8);
    case F32: return float_value(s, edge_f32, N_OF(edge_f32), 32, 8);
    case F32X2: return float_value(s, edge_f32, N_OF(edge_f32), 32, 8) << 32 |
                       float_value(s, edge_f32, N_OF(edge_f32), 32, 8);
    case F64: return float_value(s, edge_f64, N_OF(edge_f64), 64, 11);
    }
    return 0;
}

#define CUDA_OK(x)                                                                                 \
    do {                                                                                           \
        cudaError_t e_ = (x);                                                                      \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));     \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static void print_row(FILE *f, const struct probe_row *r, uint64_t *const src[4],
                      const unsigned char *cf, const uint64_t *d, const unsigned char *cfo)
{
    fprintf(f, "\n# %s (hardware)\n", r->mnem);
    for (int i = 0; i < PROBE_LANES; i++) {
        fprintf(f, "%-24s", r->mnem);
        if (r->cc & CC_R) fprintf(f, " cf=%d", r->borrow ? !cf[i] : cf[i]);
        for (int k = 0; k < r->nsrc; k++) fprintf(f, " 0x%0*llx", r->sw[k] / 4,
                                                  (unsigned long long)src[k][i]);
        if (r->dw == 1) /* a predicate (testp): 0 or 1 */
            fprintf(f, " -> %llu", (unsigned long long)d[i]);
        else
            fprintf(f, " -> 0x%0*llx", r->dw / 4, (unsigned long long)d[i]);
        if (r->cc & CC_W) fprintf(f, " cf=%d", r->borrow ? !cfo[i] : cfo[i]);
        fputc('\n', f);
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s VECTORS_OUT EXTRA_OUT\n", argv[0]);
        return 2;
    }
    FILE *out = fopen(argv[1], "w"), *extra = fopen(argv[2], "w");
    if (!out || !extra) { perror("fopen"); return 2; }
    cudaDeviceProp prop;
    CUDA_OK(cudaGetDeviceProperties(&prop, 0));
    const char *hdr = "# Recorded on %s (sm_%d%d) by tools/hwprobe: what the hardware returned.\n";
    fprintf(out, hdr, prop.name, prop.major, prop.minor);
    fprintf(extra, hdr, prop.name, prop.major, prop.minor);
    size_t n = PROBE_LANES, bytes = n * sizeof(uint64_t);
    uint64_t *h_src[4], *h_d = (uint64_t *)malloc(bytes);
    unsigned char *h_cf = (unsigned char *)malloc(n), *h_cfo = (unsigned char *)malloc(n);
    unsigned long long *d_src[4], **d_srcv, *d_d;
    unsigned char *d_cf, *d_cfo;
    for (int k = 0; k < 4; k++) {
        h_src[k] = (uint64_t *)calloc(n, sizeof(uint64_t));
        CUDA_OK(cudaMalloc(&d_src[k], bytes));
    }
    CUDA_OK(cudaMalloc(&d_srcv, sizeof d_src));
    CUDA_OK(cudaMemcpy(d_srcv, d_src, sizeof d_src, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMalloc(&d_d, bytes));
    CUDA_OK(cudaMalloc(&d_cf, n));
    CUDA_OK(cudaMalloc(&d_cfo, n));
    for (size_t r = 0; r < N_OF(probe_rows); r++) {
        const struct probe_row *row = &probe_rows[r];
        uint64_t s = seed_of(row->mnem);
        for (size_t i = 0; i < n; i++) {
            for (int k = 0; k < row->nsrc; k++) h_src[k][i] = operand(&s, row->cls[k]);
            h_cf[i] = splitmix64(&s) & 1;
            if (i < (size_t)row->ncases) { /* the spec's cf, converted to the hardware flag */
                for (int k = 0; k < row->nsrc; k++) h_src[k][i] = row->cases[i][k];
                h_cf[i] = (unsigned char)(row->cases[i][4] ^ (unsigned)row->borrow);
            }
        }
        for (int k = 0; k < row->nsrc; k++)
            CUDA_OK(cudaMemcpy(d_src[k], h_src[k], bytes, cudaMemcpyHostToDevice));
        CUDA_OK(cudaMemcpy(d_cf, h_cf, n, cudaMemcpyHostToDevice));
        row->kernel<<<(unsigned)(n + 127) / 128, 128>>>(d_srcv, d_cf, d_d, d_cfo, (int)n);
        CUDA_OK(cudaGetLastError());
        CUDA_OK(cudaMemcpy(h_d, d_d, bytes, cudaMemcpyDeviceToHost));
        CUDA_OK(cudaMemcpy(h_cfo, d_cfo, n, cudaMemcpyDeviceToHost));
        print_row(row->extra ? extra : out, row, h_src, h_cf, h_d, h_cfo);
    }
    fclose(out);
    fclose(extra);
    fprintf(stderr, "%zu spellings x %zu lanes\n", N_OF(probe_rows), n);
    return 0;
}
