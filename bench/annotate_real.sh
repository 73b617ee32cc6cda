#!/bin/bash
# perf diff --annotate on a real release pair: SQLite 3.49.2 and 3.50.4 as
# two better-sqlite3 releases bundle them, built -O2 -g, the same workload
# recorded with cpu-clock. Times --annotate of the 20 hottest functions of
# both profiles, with the source trees as --before/--after, against
# perf annotate --stdio of the same 20 functions of the new profile alone
# (one perf annotate per function: it takes one symbol), run in turn, and
# prints how many source rows paired a line of each build.
set -eu

PERF=${PERF:?path of the patched perf}
BUILD=${BUILD:?build directory}
LIB=$(cd "$(dirname "$0")/lib" && pwd)
. "$LIB/realprog.sh"
DIR=$BUILD/bench/annotate_real
RUNS=3
NR=20
# the builds of bench/stream_real.sh
CFLAGS="-O2 -g -fno-omit-frame-pointer"
mkdir -p "$DIR"
cd "$DIR"

realprog_sqlite sqlite-3.49.2-fp better-sqlite3@11.10.0 "$CFLAGS" || exit 0
realprog_sqlite sqlite-3.50.4-fp better-sqlite3@12.4.1 "$CFLAGS" || exit 0
OLD=$REALPROG/sqlite-3.49.2-fp NEW=$REALPROG/sqlite-3.50.4-fp
export RECORD_OPTS="-F 4000"
realprog_record old.data "$OLD/sqlbench" 100
realprog_record new.data "$NEW/sqlbench" 100
printf '  profiles: %s and %s samples\n' "$(samples old.data)" "$(samples new.data)"

annotate_diff() {
	"$PERF" diff --annotate --annotate-nr $NR --before "$OLD/src" --after "$NEW/src" \
		old.data new.data 2> /dev/null
}
annotate_diff > diff.out
mapfile -t funcs < <(awk '/^## / { print $2 }' diff.out)
annotate_each() {
	for f in "${funcs[@]}"; do
		"$PERF" annotate --stdio -i new.data "$f" > /dev/null 2>&1
	done
}
awk '/^## / { f++ } /^ / && substr($0, 80, 2) != " |" && length($0) > 74 {
		o = substr($0, 61, 7) + 0; n = substr($0, 68, 7) + 0
		if (o && n) both++; else if (o) oo++; else if (n) nn++
		if (substr($0, 76, 1) == "*") changed++
	}
	END { printf "  %d functions, source rows: %d with a line of both builds, %d old only, %d new only (%d marked changed)\n",
		f, both, oo, nn, changed }' diff.out

seconds() {
	local t0

	t0=$(date +%s.%N)
	"$@" > /dev/null 2>&1
	echo "$(date +%s.%N) - $t0" | bc -l
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

td=() ta=()
for _ in $(seq $RUNS); do	# A B A B: both see the same machine
	td+=("$(seconds annotate_diff)")
	ta+=("$(seconds annotate_each)")
done
d=$(printf '%s\n' "${td[@]}" | median)
a=$(printf '%s\n' "${ta[@]}" | median)
printf '  diff --annotate of %d functions of both %.2f s, perf annotate --stdio of them in one profile %.2f s: %.2fx (target: below 1x)\n' \
	"${#funcs[@]}" "$d" "$a" "$(echo "$d / $a" | bc -l)"
