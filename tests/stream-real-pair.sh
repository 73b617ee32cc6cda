#!/bin/bash
# perf diff --stream on a real release pair: SQLite 3.49.2 and 3.50.4 as
# two better-sqlite3 releases bundle them, built -O2 -g with frame pointers
# as bench/stream_real.sh builds them (the builds are shared through
# $BUILD/realprog), the same workload recorded with cpu-clock -g. With the
# two source trees as --before/--after: at least 90% of the hits of the
# old chains shown pair (matched or changed), every paired frame's lines
# agree with diff(1) of the two files (bench/lib/stream_lines.py), no old
# chain left unpaired is one that diff(1) pairs, and the old profile
# against itself pairs every chain shown. Skips when the packages cannot
# be fetched or built.
set -eu

PERF=${PERF:?path of the patched perf}
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
LIB=$top/bench/lib
. "$LIB/realprog.sh"

CFLAGS="-O2 -g -fno-omit-frame-pointer"
for v in "3.49.2-fp better-sqlite3@11.10.0" "3.50.4-fp better-sqlite3@12.4.1"; do
	# shellcheck disable=SC2086 # two words: name and package
	set -- $v
	realprog_sqlite "sqlite-$1" "$2" "$CFLAGS" 2>&1 ||
		{ echo "skip: SQLite from $2 cannot be fetched or built"; exit 2; }
done
OLD=$REALPROG/sqlite-3.49.2-fp NEW=$REALPROG/sqlite-3.50.4-fp

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
for v in old new; do
	dir=$OLD
	[ $v = new ] && dir=$NEW
	"$PERF" record -q -e cpu-clock -g -F 4000 -o $v.data -- "$dir/sqlbench" 40 \
		> /dev/null 2> record.err || { cat record.err; echo "skip: perf record -g failed"; exit 2; }
done

err=0
# check LABEL MIN-PAIRED OLD-TREE NEW-TREE OLD-DATA NEW-DATA
check() {
	local paired total frames agree missed missed_hits

	"$PERF" diff --stream --before "$3" --after "$4" "$5" "$6" > stream.out 2> stream.err ||
		{ cat stream.err; echo "FAIL: $1: perf diff --stream failed"; err=1; return; }
	python3 "$LIB/stream_lines.py" "$3" "$4" < stream.out > check.out 2> disagree.out
	read -r paired total frames agree missed missed_hits < check.out
	echo "$1: the old chains shown carry $total% of the hits, $paired% paired;" \
		"$agree of $frames frames agree with diff(1); $missed unpaired that it pairs"
	if ! awk -v p="$paired" -v t="$total" -v min="$2" 'BEGIN { exit !(t > 0 && p >= min * t) }'; then
		cat stream.out
		echo "FAIL: $1: under $2 of the shown old hits paired"
		err=1
	fi
	if [ "$frames" = 0 ] || [ "$agree" != "$frames" ] || [ "$missed" != 0 ]; then
		cat disagree.out
		echo "FAIL: $1: lines that disagree with diff(1), or chains it pairs left unpaired"
		err=1
	fi
}
check "3.49.2 -> 3.50.4" 0.9 "$OLD/src" "$NEW/src" old.data new.data
check "3.49.2 against itself" 1 "$OLD/src" "$OLD/src" old.data old.data
exit $err
