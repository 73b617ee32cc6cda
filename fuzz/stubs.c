/* What the perf sources built into the harnesses need of perf's debug.c and libapi */
#include <stdio.h>
#include <string.h>

int verbose = -1;
int debug_peo_args;

int eprintf(int level, int var, const char *fmt, ...)
{
	(void)level; (void)var; (void)fmt;
	return 0;
}

char *str_error_r(int errnum, char *buf, size_t buflen)
{
	snprintf(buf, buflen, "%s", strerror(errnum));
	return buf;
}
