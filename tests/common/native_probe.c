/* Run by tests/meson.build at configure time (-Demulated_tables=auto): prints the x86 kernel
 * tables this machine runs natively -- AVX512 and the extension ids of PTX_EXTENSIONS -- whose
 * emulated copies would test nothing the native ones do not. The library's own detection. */
#include "../../dispatch/cpu_features.c"

int main(void)
{
    if (ptx_cpu_has_isa(PTXCPU_ISA_AVX512))
        printf("AVX512\n");
#define PTX_PROBE_EXT(ID, NAME, BASE, ...)                                                       \
    if (ptx_cpu_has_isa(PTXCPU_ISA_##BASE) && ptx_cpu_has_ext(PTX_EXT_##ID))                     \
        printf("%s\n", #ID);
    PTX_EXTENSIONS(PTX_PROBE_EXT)
    return 0;
}
