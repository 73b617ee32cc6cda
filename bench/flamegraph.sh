#!/bin/bash
# perf diff --flamegraph against the first step of the classic pipeline,
# perf script on both files, measured side by side on the same pair of
# profiles of 100k samples or more each; peak memory of both.
set -eu

PERF=${PERF:?path of the patched perf}
TOP=$(cd "$(dirname "$0")/.." && pwd)
DIR=${BUILD:?build directory}/bench/flamegraph
RUNS=3
mkdir -p "$DIR"
cd "$DIR"

# 100k samples at 25 kHz take 4 s of CPU; loop the demo program that long
for v in before after; do
	mkdir -p $v
	cc -g -O2 -fno-omit-frame-pointer -o $v/div "$TOP/demo/$v/div.c"
	if [ ! -s $v.data ]; then
		"$PERF" record -q -F 25000 -e cpu-clock -g -o $v.data -- \
			sh -c "for i in 1 2 3 4 5 6 7; do $v/div; done" > /dev/null
	fi
	printf '  %s.data: %s samples\n' $v \
		"$("$PERF" report -i $v.data -D 2>/dev/null | grep -c PERF_RECORD_SAMPLE)"
done

# measure NAME CMD...: median wall time and peak memory of CMD
measure() {
	local name=$1 t mem
	shift
	for _ in $(seq $RUNS); do
		/usr/bin/time -f '%e %M' -o time.out "$@" > /dev/null 2>&1
		cat time.out
	done | sort -g | awk -v n="$name" '{ t[NR] = $1; m[NR] = $2 }
		END { i = int((NR + 1) / 2); printf "%s %s %s\n", n, t[i], m[i] }'
}

script() { "$PERF" script -i before.data; "$PERF" script -i after.data; }
export -f script
export PERF

measure script bash -c script > results
measure flamegraph "$PERF" diff --flamegraph=diff.svg before.data after.data >> results
awk '{ printf "  %-12s %6.2f s  peak %7.1f MiB\n", $1, $2, $3 / 1024; t[$1] = $2 }
	END { printf "  perf script on both files / perf diff --flamegraph: %.1fx (target: at least 5x)\n",
		t["script"] / t["flamegraph"] }' results
