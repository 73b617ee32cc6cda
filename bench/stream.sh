#!/bin/bash
# perf diff --stream: the cost of --before/--after, measured side by side
# with plain --stream on the same pair of profiles, and the line mapping
# of a 100k-line file.
set -eu

PERF=${PERF:?path of the patched perf}
TOP=$(cd "$(dirname "$0")/.." && pwd)
DIR=${BUILD:?build directory}/bench/stream
RUNS=7
mkdir -p "$DIR"
cd "$DIR"

for v in before after; do
	mkdir -p $v
	cc -g -O2 -fno-omit-frame-pointer -o $v/div "$TOP/demo/$v/div.c"
	"$PERF" record -q -e cpu-clock -g -o $v.data $v/div > /dev/null
done

# seconds CMD...: wall time of one run, in seconds
seconds() {
	local t0 t1

	t0=$(date +%s.%N)
	"$@" > /dev/null 2>&1
	t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc -l
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

plain=() trees=()
for _ in $(seq $RUNS); do	# alternate, so that both see the same machine
	plain+=("$(seconds "$PERF" diff --stream before.data after.data)")
	trees+=("$(seconds "$PERF" diff --stream --before "$TOP/demo/before" \
		--after "$TOP/demo/after" before.data after.data)")
done
p=$(printf '%s\n' "${plain[@]}" | median)
t=$(printf '%s\n' "${trees[@]}" | median)
printf '  perf diff --stream:                   %.3f s (median of %d)\n' "$p" $RUNS
printf '  perf diff --stream --before --after:  %.3f s (median of %d)\n' "$t" $RUNS
printf '  ratio: %.2fx (target: at most 1.20x)\n' "$(echo "$t / $p" | bc -l)"

ms=$("$PERF" bench internals srclist | sed -n 's/.*changed: \([0-9.]*\) ms.*/\1/p')
printf '  line mapping, 100k lines, 1%% changed: %s ms (target: under 50 ms, %.2fx of it)\n' \
	"$ms" "$(echo "$ms / 50" | bc -l)"
