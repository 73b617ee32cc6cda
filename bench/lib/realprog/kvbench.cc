// kvbench: a workload for LevelDB (with snappy), driven through its C++
// API on an in-memory Env: batched writes of generated keys, point reads
// checked against a std::map model, forward and backward iterator scans,
// deletes and compactions.
// Usage: kvbench ROUNDS (each round is about 1 s of CPU).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "leveldb/db.h"
#include "leveldb/env.h"
#include "leveldb/write_batch.h"
#include "helpers/memenv/memenv.h"

namespace {

constexpr int kKeys = 60000;

void check(const leveldb::Status &s, const char *what)
{
	if (!s.ok()) {
		std::fprintf(stderr, "kvbench: %s: %s\n", what, s.ToString().c_str());
		std::exit(1);
	}
}

std::string make_key(int i)
{
	char buf[32];

	std::snprintf(buf, sizeof(buf), "user%08d", i);
	return buf;
}

std::string make_value(std::mt19937 &rng)
{
	static const std::vector<std::string> words = {
		"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf",
	};
	std::string v;

	while (v.size() < 100)
		v += words[rng() % words.size()] + ' ';
	return v;
}

unsigned long one_round(leveldb::Env *env, std::mt19937 &rng)
{
	std::map<std::string, std::string> model;
	std::unordered_map<std::string, int> reads;
	std::vector<int> order(kKeys);
	leveldb::Options options;
	leveldb::DB *raw;
	unsigned long sum = 0;

	options.env = env;
	options.create_if_missing = true;
	options.write_buffer_size = 512 << 10;
	leveldb::DestroyDB("/kv", options);
	check(leveldb::DB::Open(options, "/kv", &raw), "open");
	std::unique_ptr<leveldb::DB> db(raw);

	for (int i = 0; i < kKeys; i++)
		order[i] = i;
	std::shuffle(order.begin(), order.end(), rng);
	for (size_t i = 0; i < order.size(); i += 100) {
		leveldb::WriteBatch batch;

		for (size_t j = i; j < i + 100 && j < order.size(); j++) {
			std::string key = make_key(order[j]);

			model[key] = make_value(rng);
			batch.Put(key, model[key]);
		}
		check(db->Write(leveldb::WriteOptions(), &batch), "write");
	}
	for (int i = 0; i < kKeys / 2; i++) {
		std::string key = make_key(rng() % kKeys), value;

		check(db->Get(leveldb::ReadOptions(), key, &value), "get");
		if (value != model[key])
			std::abort();
		reads[key]++;
	}
	for (auto it = model.begin(); it != model.end();) {
		if (rng() % 4 == 0) {
			check(db->Delete(leveldb::WriteOptions(), it->first), "delete");
			it = model.erase(it);
		} else {
			++it;
		}
	}
	db->CompactRange(nullptr, nullptr);
	std::unique_ptr<leveldb::Iterator> it(db->NewIterator(leveldb::ReadOptions()));
	auto m = model.begin();
	for (it->SeekToFirst(); it->Valid(); it->Next(), ++m) {
		if (m == model.end() || it->key().ToString() != m->first)
			std::abort();
		sum += it->value().size();
	}
	for (it->SeekToLast(); it->Valid(); it->Prev())
		sum += it->key().size();
	for (const auto &r : reads)
		sum += r.second;
	return sum;
}

} // namespace

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? std::atoi(argv[1]) : 1;
	std::unique_ptr<leveldb::Env> env(leveldb::NewMemEnv(leveldb::Env::Default()));
	std::mt19937 rng(1);
	unsigned long sum = 0;

	while (rounds-- > 0)
		sum += one_round(env.get(), rng);
	std::printf("kvbench: checksum %lu\n", sum);
	return 0;
}
