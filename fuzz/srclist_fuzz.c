/*
 * libFuzzer harness for the line diff of perf's srclist: the input is two
 * files separated by the first "\n@@@\n" line (or split in half).  The
 * mapping must be a bijection between kept lines, in increasing order.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "srclist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *sep = memmem(data, size, "\n@@@\n", 5);
	size_t before_len = sep ? (size_t)(sep - (const char *)data) + 1 : size / 2;
	const char *after = (const char *)data + (sep ? before_len + 4 : before_len);
	size_t after_len = size - (after - (const char *)data);
	struct srcfile_map *map;
	int line, other, last = 0;

	map = srcfile_map__new_buf((const char *)data, before_len, after, after_len);
	if (!map)
		return 0;
	for (line = 1; ; line++) {
		other = srcfile_map__after_to_before(map, line);
		if (other < 0)
			break;
		if (other == 0)
			continue;
		/* kept lines map back to themselves, in order */
		if (srcfile_map__before_to_after(map, other) != line || other <= last)
			abort();
		last = other;
	}
	srcfile_map__delete(map);
	return 0;
}
