/* Host side of the hardware probe (tools/hwprobe): the row description gen_probe.py emits for
 * each spelling, and the operand classes whose edge values and random bits feed it. */
#ifndef PROBE_HOST_H
#define PROBE_HOST_H
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CC_NONE, CC_R, CC_W, CC_RW };
enum operand_class { INT16, INT32, INT64, F16, BF16, F16X2, BF16X2, F32, F32X2, F64 };

typedef void (*probe_kernel)(const unsigned long long *const *, const unsigned char *,
                             unsigned long long *, unsigned char *, int);

struct probe_row {
    const char *mnem;
    probe_kernel kernel;
    int dw, nsrc, sw[4];
    enum operand_class cls[4];
    int cc;
    int borrow; /* sub.cc/subc: the spec's CC.CF is a borrow, the hardware's flag a carry */
    int extra;  /* a spelling no ptxcpu table has yet: written to the second file */
    const unsigned long long (*cases)[5]; /* inputs asked for (a, b, c, e, cf), run first */
    int ncases;
};
#endif
