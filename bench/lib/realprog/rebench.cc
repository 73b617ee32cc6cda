/*
 * rebench: a workload for RE2, through its C++ API: 40,000 generated log
 * lines (5 MB) matched by seven patterns (anchored and not, captures,
 * alternations, character classes, a case-insensitive one) one by one and
 * as an RE2::Set, FindAndConsume over the whole text, and GlobalReplace
 * in every fourth line.
 * Usage: rebench ROUNDS (each round is about 0.2 s of CPU).
 */
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "re2/re2.h"
#include "re2/set.h"

static const char *const patterns[] = {
	"^(\\d{4})-(\\d{2})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2})",
	"user=([a-z]+)(\\d+)",
	"(GET|POST|PUT|DELETE) (/[a-z0-9/_]*)",
	"status=(2\\d\\d|3\\d\\d|4\\d\\d|5\\d\\d)",
	"(?i)error|warn(ing)?|fatal",
	"[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}",
	"latency=(\\d+)\\.(\\d+)ms",
};

#define NR_PATTERNS (sizeof(patterns) / sizeof(patterns[0]))
#define LINES 40000

static std::vector<std::string> make_lines(void)
{
	static const char *const methods[] = { "GET", "POST", "PUT", "DELETE" };
	static const char *const levels[] = { "info", "WARN", "error", "debug" };
	std::vector<std::string> lines;
	char buf[256];

	srand(1);
	for (int i = 0; i < LINES; i++) {
		snprintf(buf, sizeof(buf),
			 "2026-%02d-%02d %02d:%02d:%02d %s user=u%c%c%d %s /api/v%d/item_%d/x "
			 "status=%d id=%08x-%04x-%04x latency=%d.%03dms trailer %d\n",
			 1 + i % 12, 1 + i % 28, i % 24, i % 60, (i * 7) % 60,
			 levels[rand() % 4], 'a' + rand() % 26, 'a' + rand() % 26, rand() % 1000,
			 methods[rand() % 4], rand() % 3, rand() % 5000,
			 200 + 100 * (rand() % 4) + rand() % 10, (unsigned)rand(),
			 rand() % 0x10000, rand() % 0x10000, rand() % 900, rand() % 1000, i);
		lines.push_back(buf);
	}
	return lines;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? std::atoi(argv[1]) : 1;
	std::vector<std::string> lines = make_lines();
	std::vector<RE2 *> res;
	RE2::Set set(RE2::DefaultOptions, RE2::UNANCHORED);
	std::string text, word, user;
	long hits = 0;
	int num;

	for (size_t i = 0; i < NR_PATTERNS; i++) {
		res.push_back(new RE2(patterns[i]));
		if (set.Add(patterns[i], NULL) < 0)
			return 1;
	}
	if (!set.Compile())
		return 1;
	for (const std::string &l : lines)
		text += l;

	while (rounds-- > 0) {
		for (const std::string &l : lines) {
			std::vector<int> which;

			for (RE2 *re : res)
				hits += RE2::PartialMatch(l, *re);
			if (set.Match(l, &which))
				hits += which.size();
			if (RE2::PartialMatch(l, *res[1], &user, &num))
				hits += num & 1;
		}
		re2::StringPiece input(text);
		while (RE2::FindAndConsume(&input, *res[2], &word))
			hits++;
		for (size_t i = 0; i < lines.size(); i += 4) {
			std::string l = lines[i];

			hits += RE2::GlobalReplace(&l, *res[5], "<id>");
			hits += RE2::GlobalReplace(&l, "\\d+", "N");
		}
	}
	printf("%ld\n", hits);
	for (RE2 *re : res)
		delete re;
	return 0;
}
