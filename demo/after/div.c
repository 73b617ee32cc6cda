/* perf-delta demo: after/div.c adds a comment and changes one line. */
#include <stdio.h>
#include <stdlib.h>

#define LOOPS 40000000L

/* Divide a quarter of the time only: the loop below gets cheaper */
static __attribute__((noinline)) int compute_flag(void)
{
	int i;

	i = rand() % 4 == 0;
	return i;
}

static __attribute__((noinline)) long divide(long n, long d)
{
	return n / d + n % d;
}

static __attribute__((noinline)) long checksum(const long *v, int nr)
{
	long sum = 0;
	int i;

	for (i = 0; i < nr; i++)
		sum ^= v[i] * 31;
	return sum;
}

int main(void)
{
	long vals[64] = { 0 };
	long i, k = 0;

	srand(1);
	for (i = 0; i < LOOPS; i++) {
		if (compute_flag())
			k += divide(i, (i & 15) + 3);
		vals[i & 63] += k;
		if ((i & 7) == 0)
			k ^= checksum(vals, 64);
	}
	printf("%ld\n", k);
	return 0;
}
