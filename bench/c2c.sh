#!/bin/bash
# perf c2c report --stdio with data types (member lines, type table,
# layouts) against --no-data-type, run in turn on the same file: loads
# and stores placed by the fixture writer on the real instructions of
# SQLite (bench/lib/realprog.sh, built -O2 -g) that access its globals,
# with their real data addresses, on 4 CPUs of 2 NUMA nodes
# (bench/lib/c2c_fixture.py), 200k samples or more.
set -eu

PERF=${PERF:?path of the patched perf}
BUILD=${BUILD:?build directory}
# shellcheck source=bench/lib/realprog.sh
. "$(dirname "$0")/lib/realprog.sh"
FIXTURE=$(cd "$(dirname "$0")/lib" && pwd)/c2c_fixture.py
DIR=$BUILD/bench/c2c
RUNS=5
MIN_SAMPLES=200000
mkdir -p "$DIR"
cd "$DIR"

realprog_sqlite sqlite-3.50.4 better-sqlite3@12.4.1 "-O2 -g" || exit 0
bin=$REALPROG/sqlite-3.50.4/sqlbench
python3 "$FIXTURE" "$bin" $MIN_SAMPLES sqlbench > sqlite.desc
"$PERF" test -w fixture sqlite.desc sqlite.data
n=$("$PERF" c2c report -i sqlite.data --stats 2> /dev/null |
	awk -F: '/Total records/ { print $2 + 0 }')

# run NAME CMD...: one run of CMD, appends "NAME seconds max-RSS-KiB" to times
run() {
	local name=$1
	shift
	/usr/bin/time -f "$name %e %M" -a -o times "$@" > "$name.out" 2> /dev/null
}

# median NAME COLUMN: the median of a column of the runs of NAME in times
median() {
	awk -v n="$1" -v c="$2" '$1 == n { print $c }' times | sort -g |
		awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

rm -f times
for _ in $(seq $RUNS); do	# A B A B: both see the same machine
	run plain "$PERF" c2c report -i sqlite.data --stdio --no-data-type
	run types "$PERF" c2c report -i sqlite.data --stdio
done
members=$(sed -n '/Cache Line Distribution Pareto/,$p' types.out | grep -c '^  [^ 0-9-]')
unknown=$(sed -n '/Cache Line Distribution Pareto/,$p' types.out | grep -c '^  .*(unknown)')
printf '  sqlite.data: %s samples, %s member lines (%s unknown), %s layouts\n' "$n" \
	"$members" "$unknown" "$(grep -c '^#   *offset' types.out)"
printf '  --stdio with types %.2f s, --no-data-type %.2f s: %.2fx (target: at most 1.5x)\n' \
	"$(median types 2)" "$(median plain 2)" \
	"$(echo "$(median types 2) $(median plain 2)" | awk '{ print $1 / $2 }')"
printf '  peak memory %.1f MiB and %.1f MiB: %.2fx\n' \
	"$(median types 3 | awk '{ print $1 / 1024 }')" \
	"$(median plain 3 | awk '{ print $1 / 1024 }')" \
	"$(echo "$(median types 3) $(median plain 3)" | awk '{ print $1 / $2 }')"
