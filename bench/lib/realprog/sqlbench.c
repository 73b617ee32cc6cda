/*
 * sqlbench: a workload for the SQLite amalgamation, driven through its C
 * API: an in-memory database filled with generated rows, then indexed
 * lookups, joins, aggregates, sorts, LIKE scans, updates and deletes.
 * Usage: sqlbench ROUNDS (each round is about 1 s of CPU).
 */
#include <stdio.h>
#include <stdlib.h>
#include "sqlite3.h"

#define ROWS 20000

static void check(sqlite3 *db, int rc, const char *what)
{
	if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
		fprintf(stderr, "sqlbench: %s: %s\n", what, sqlite3_errmsg(db));
		exit(1);
	}
}

static void exec(sqlite3 *db, const char *sql)
{
	check(db, sqlite3_exec(db, sql, NULL, NULL, NULL), sql);
}

/* Runs a query and folds every column of every row into a checksum. */
static unsigned long query(sqlite3 *db, const char *sql, int arg)
{
	sqlite3_stmt *stmt;
	unsigned long sum = 0;
	int rc, i;

	check(db, sqlite3_prepare_v2(db, sql, -1, &stmt, NULL), sql);
	if (sqlite3_bind_parameter_count(stmt) > 0)
		sqlite3_bind_int(stmt, 1, arg);
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
		for (i = 0; i < sqlite3_column_count(stmt); i++)
			sum = sum * 31 + sqlite3_column_int64(stmt, i) +
			      sqlite3_column_bytes(stmt, i);
	check(db, rc, sql);
	sqlite3_finalize(stmt);
	return sum;
}

static void fill(sqlite3 *db, unsigned int *seed)
{
	static const char *const words[] = {
		"alpha", "bravo", "charlie", "delta", "echo", "foxtrot",
		"golf", "hotel", "india", "juliet", "kilo", "lima",
	};
	sqlite3_stmt *ins, *cust;
	char name[64];
	int i;

	exec(db, "BEGIN");
	check(db, sqlite3_prepare_v2(db, "INSERT INTO orders(cust, amount, day, note) "
				     "VALUES (?, ?, ?, ?)", -1, &ins, NULL), "insert");
	check(db, sqlite3_prepare_v2(db, "INSERT INTO customers(id, name, city) "
				     "VALUES (?, ?, ?)", -1, &cust, NULL), "insert");
	for (i = 0; i < ROWS / 10; i++) {
		snprintf(name, sizeof(name), "%s %s %d", words[rand_r(seed) % 12],
			 words[rand_r(seed) % 12], i);
		sqlite3_bind_int(cust, 1, i);
		sqlite3_bind_text(cust, 2, name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(cust, 3, words[rand_r(seed) % 12], -1, SQLITE_STATIC);
		check(db, sqlite3_step(cust), "insert customer");
		sqlite3_reset(cust);
	}
	for (i = 0; i < ROWS; i++) {
		snprintf(name, sizeof(name), "order %d of %s", rand_r(seed) % 1000,
			 words[rand_r(seed) % 12]);
		sqlite3_bind_int(ins, 1, rand_r(seed) % (ROWS / 10));
		sqlite3_bind_double(ins, 2, (rand_r(seed) % 100000) / 100.0);
		sqlite3_bind_int(ins, 3, rand_r(seed) % 365);
		sqlite3_bind_text(ins, 4, name, -1, SQLITE_TRANSIENT);
		check(db, sqlite3_step(ins), "insert order");
		sqlite3_reset(ins);
	}
	sqlite3_finalize(ins);
	sqlite3_finalize(cust);
	exec(db, "COMMIT");
}

static unsigned long round_of_queries(sqlite3 *db, unsigned int *seed)
{
	unsigned long sum = 0;
	int i;

	exec(db, "DROP TABLE IF EXISTS orders; DROP TABLE IF EXISTS customers;"
		 "CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT, city TEXT);"
		 "CREATE TABLE orders(id INTEGER PRIMARY KEY, cust INTEGER,"
		 " amount REAL, day INTEGER, note TEXT)");
	fill(db, seed);
	exec(db, "CREATE INDEX orders_cust ON orders(cust);"
		 "CREATE INDEX orders_day ON orders(day, amount)");
	for (i = 0; i < 200; i++)
		sum += query(db, "SELECT sum(amount), count(*) FROM orders WHERE cust = ?",
			     rand_r(seed) % (ROWS / 10));
	for (i = 0; i < 20; i++)
		sum += query(db, "SELECT day, count(*), avg(amount) FROM orders "
			     "WHERE day BETWEEN ? AND ? + 30 GROUP BY day", rand_r(seed) % 300);
	sum += query(db, "SELECT c.city, count(*), sum(o.amount) FROM orders o "
		     "JOIN customers c ON c.id = o.cust GROUP BY c.city ORDER BY 3 DESC", 0);
	sum += query(db, "SELECT note, amount FROM orders ORDER BY note, amount LIMIT 500", 0);
	sum += query(db, "SELECT count(*) FROM orders WHERE note LIKE '%of d%'", 0);
	sum += query(db, "SELECT name, (SELECT max(amount) FROM orders WHERE cust = c.id) "
		     "FROM customers c WHERE city = 'echo'", 0);
	sum += query(db, "SELECT upper(substr(note, 1, 8)), length(note), "
		     "printf('%.2f', amount) FROM orders WHERE id % 7 = ?", 3);
	exec(db, "UPDATE orders SET amount = amount * 1.01 WHERE day < 100");
	exec(db, "DELETE FROM orders WHERE amount > 900");
	sum += query(db, "SELECT count(DISTINCT cust) FROM orders", 0);
	return sum;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 1;
	unsigned int seed = 1;
	unsigned long sum = 0;
	sqlite3 *db;

	if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
		fprintf(stderr, "sqlbench: cannot open an in-memory database\n");
		return 1;
	}
	while (rounds-- > 0)
		sum += round_of_queries(db, &seed);
	sqlite3_close(db);
	printf("sqlbench: checksum %lu\n", sum);
	return 0;
}
