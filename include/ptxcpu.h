/* ptxcpu — execute NVIDIA PTX arithmetic instructions on CPUs, bit-exactly, over 32-lane warps.
 * This is the whole public API: the core (ptxcpu_core.h: parse a mnemonic, resolve it to a
 * kernel, run it over a batch) and the grid launcher (ptxcpu_launch.h). */
#ifndef PTXCPU_H
#define PTXCPU_H

#include "ptxcpu_core.h"
#include "ptxcpu_launch.h"

#endif /* PTXCPU_H */
