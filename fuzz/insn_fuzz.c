/*
 * libFuzzer harness for perf's x86 memory operand decoder: every input is
 * decoded as 64-bit and as 32-bit code.  A decoded instruction must lie
 * within the bytes given and within the 15 bytes x86 allows, its branch
 * or displacement field inside it.
 */
#include <stdint.h>
#include <stdlib.h>
#include "insn-access.h"

static void check(const uint8_t *data, size_t size, int x86_64)
{
	const struct insn_arch *x86 = insn_arch__find("x86");
	struct insn_access ia;

	if (x86->decode(&ia, data, size, 0x400000, x86_64) < 0) {
		if (ia.kind != INSN_KIND_INVALID)
			abort();
		return;
	}
	if (ia.kind == INSN_KIND_INVALID || ia.kind >= INSN_KIND__MAX ||
	    ia.length == 0 || ia.length > size || ia.length > 15 ||
	    ia.rel_offset >= ia.length)
		abort();
	if (!insn_kind__name(ia.kind))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check(data, size, 1);
	check(data, size, 0);
	return 0;
}
