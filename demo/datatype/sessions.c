/*
 * perf-delta demo: which data does the hot code touch?  A table of
 * sessions whose hot loop reads two members and updates a third.
 */
#include <stdio.h>
#include <stdlib.h>

#define NR_SESSIONS	4096
#define ROUNDS		150000

struct stats {
	long	bytes;
	long	packets;
};

struct session {
	long		id;
	char		name[40];
	int		refcnt;
	int		state;
	struct stats	rx;
	struct stats	tx;
	double		score;
};

static __attribute__((noinline)) double rank(struct session *s, int nr)
{
	double total = 0;
	int i;

	for (i = 0; i < nr; i++) {
		if (s[i].state)
			s[i].score += s[i].rx.bytes * 0.5;
		total += s[i].score;
	}
	return total;
}

int main(void)
{
	struct session *s = calloc(NR_SESSIONS, sizeof(*s));
	double total = 0;
	int i;

	for (i = 0; i < NR_SESSIONS; i++) {
		s[i].id = i;
		s[i].state = i & 1;
		s[i].rx.bytes = i * 3;
	}
	for (i = 0; i < ROUNDS; i++)
		total += rank(s, NR_SESSIONS);
	printf("%g\n", total);
	return 0;
}
