/* The kernel x86 instruction decoder, built as perf's intel-pt-insn-decoder.c does */
#include <linux/kernel.h>
#include <string.h>
#include <endian.h>
#include <byteswap.h>
#include "arch/x86/include/asm/insn.h"
#include "arch/x86/lib/inat.c"
#include "arch/x86/lib/insn.c"
