#!/bin/bash
# perf diff --stream on a real release pair: SQLite 3.49.2 and 3.50.4 as
# two better-sqlite3 releases bundle them, built -O2 -g with frame
# pointers, the same workload recorded with cpu-clock -g. Prints the share
# of the old side's hits that pair (matched or changed) with the source
# trees as --before/--after, the same for a profile against itself,
# whether every paired frame's lines agree with diff(1) of the two files
# (bench/lib/stream_lines.py), the share of ALL the old hits that pair
# when every chain is shown, beside the same for two runs of the same
# build (chains sampled once or twice in one run rarely recur in
# another: that share is the ceiling) and the share that pairs of the old
# chains of at least 0.1% of the hits, and the time against perf report
# -g of both files, run in turn.
set -eu

PERF=${PERF:?path of the patched perf}
BUILD=${BUILD:?build directory}
LIB=$(cd "$(dirname "$0")/lib" && pwd)
. "$LIB/realprog.sh"
DIR=$BUILD/bench/stream_real
RUNS=3
CFLAGS="-O2 -g -fno-omit-frame-pointer"
mkdir -p "$DIR"
cd "$DIR"

realprog_sqlite sqlite-3.49.2-fp better-sqlite3@11.10.0 "$CFLAGS" || exit 0
realprog_sqlite sqlite-3.50.4-fp better-sqlite3@12.4.1 "$CFLAGS" || exit 0
OLD=$REALPROG/sqlite-3.49.2-fp NEW=$REALPROG/sqlite-3.50.4-fp
export RECORD_OPTS="-g -F 4000"
realprog_record old.data "$OLD/sqlbench" 100
realprog_record new.data "$NEW/sqlbench" 100
realprog_record old2.data "$OLD/sqlbench" 100
printf '  profiles: %s and %s samples\n' "$(samples old.data)" "$(samples new.data)"

stream() { "$PERF" diff --stream --before "$1" --after "$2" "$3" "$4" 2> /dev/null; }

# paired LABEL OLD-TREE NEW-TREE OLD-DATA NEW-DATA: share of paired old hits
paired() {
	stream "$2" "$3" "$4" "$5" > stream.out || true
	python3 "$LIB/stream_lines.py" "$2" "$3" < stream.out > check.out 2> disagree.out
	read -r hits total frames agree missed missed_hits < check.out
	printf '  %-24s %5.1f%% of the old hits in chains paired (chains carry %.1f%%),\n' \
		"$1" "$(echo "100 * $hits / ($total + 0.0001)" | bc -l)" "$total"
	printf '    lines agree with diff(1) in %d of %d paired frames;' "$agree" "$frames"
	printf ' unpaired chains that diff(1) pairs: %d (%.1f%% hits)\n' "$missed" "$missed_hits"
	cat disagree.out
}
paired "3.49.2 -> 3.50.4:" "$OLD/src" "$NEW/src" old.data new.data
paired "3.49.2 against itself:" "$OLD/src" "$OLD/src" old.data old.data
echo "  targets: >= 90% paired, 100% against itself, every frame agrees, none left unpaired"

# whole LABEL OLD-TREE NEW-TREE OLD-DATA NEW-DATA: every chain shown, the
# share of all the old hits that pair, from the section headers (exact,
# where the shown hits of thousands of one-sample chains round to 0.00%),
# and the share that pairs of the hits of the old chains of at least
# 0.1% of the profile (about 20 samples: chains that recur in another run)
whole() {
	"$PERF" diff --stream --stream-nr 1000000 --percent-limit 0 --before "$2" --after "$3" "$4" "$5" \
		2> /dev/null | awk -v label="$1" '
		/^\[ / { pairs = /^\[ (Matched|Hot chains in old perf data but)/ }
		/^\[ (Matched|Hot chains in old perf data but)/ {
			match($0, /[0-9.]+% of old hits/); p += substr($0, RSTART, RLENGTH - 12)
		}
		/^  hits: / {
			h = $2 + 0
			if (h >= 0.1) { warm += h; if (pairs) warm_paired += h }
		}
		END {
			printf "  %-24s %5.1f%% of all the old hits paired;", label, p
			printf " %5.1f%% of the %.1f%% in old chains of >= 0.1%%\n",
				100 * warm_paired / (warm + 0.0001), warm
		}'
}
echo "  every chain of the profiles (a run's chains sampled once or twice rarely recur in another run):"
whole "3.49.2 -> 3.50.4:" "$OLD/src" "$NEW/src" old.data new.data
whole "3.49.2, two runs:" "$OLD/src" "$OLD/src" old.data old2.data
echo "  targets: >= 90% of the old hits paired, read as the share of the chains"
echo "    shown and of the chains of >= 0.1% (all the old hits: bounded by two runs)"

seconds() {
	local t0

	t0=$(date +%s.%N)
	"$@" > /dev/null 2>&1
	echo "$(date +%s.%N) - $t0" | bc -l
}
report_both() {
	"$PERF" report -i old.data -g --stdio > /dev/null 2>&1
	"$PERF" report -i new.data -g --stdio > /dev/null 2>&1
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

ts=() tr=()
for _ in $(seq $RUNS); do	# A B A B: both see the same machine
	ts+=("$(seconds stream "$OLD/src" "$NEW/src" old.data new.data)")
	tr+=("$(seconds report_both)")
done
s=$(printf '%s\n' "${ts[@]}" | median)
r=$(printf '%s\n' "${tr[@]}" | median)
printf '  --stream --before --after %.2f s, perf report -g of both %.2f s: %.2fx (target: at most 2x)\n' \
	"$s" "$r" "$(echo "$s / $r" | bc -l)"
