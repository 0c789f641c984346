/* int-oracle: the integer oracle suite's entry point: every integer spelling against an __int128
 * oracle, then multi-word chains against GMP; prints "int-oracle: N passed, N failed". */
#include <time.h>

#include "common.h"

unsigned long long g_pass, g_fail;

int main(void)
{
    clock_t t0 = clock();
    run_spellings();
    run_multiword();
    printf("time: %.1f s cpu (PTXCPU_TEST_SCALE=%u)\n", (double)(clock() - t0) / CLOCKS_PER_SEC,
           test_scale());
    printf("int-oracle: %llu passed, %llu failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
