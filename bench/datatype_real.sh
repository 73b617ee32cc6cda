#!/bin/bash
# Data-type profiling of real programs (bench/lib/realprog.sh: SQLite,
# expat and tree-sitter, C, and LevelDB and RE2, C++, built -O2 -g, 500k
# cpu-clock samples or more): the typed share of perf report -s type, why
# the other samples did not resolve (perf annotate --type-stat), and the
# time and peak memory of -s type,typeoff against -s sym on the same
# profile, run in turn.
set -eu

PERF=${PERF:?path of the patched perf}
BUILD=${BUILD:?build directory}
# shellcheck source=bench/lib/realprog.sh
. "$(dirname "$0")/lib/realprog.sh"
DIR=$BUILD/bench/datatype_real
RUNS=7	# this kind of VM: one run in five can be 40% off
mkdir -p "$DIR"
cd "$DIR"
printf '[report]\n\tdata-type-thread = false\n' > one-thread.config

# run NAME CMD...: one run of CMD, appends "NAME seconds max-RSS-KiB" to times
run() {
	local name=$1
	shift
	/usr/bin/time -f "$name %e %M" -a -o times "$@" > "$name.out" 2> /dev/null
}

# ratio COLUMN [RUN]: the median over the runs of the RUN run's (type if
# not given) COLUMN over that of the sym run just before it: a pair sees
# the same machine, where the medians of the two series each may catch
# another moment of it
ratio() {
	awk -v c="$1" -v r="${2:-type}" '$1 == "sym" { s = $c } $1 == r { print $c / s }' times |
		sort -g | awk '{ v[NR] = $1 } END { printf "%.2f", v[int((NR + 1) / 2)] }'
}

# measure DATA: prints samples, typed %, typed % and named % of the memory
# accesses, offset outside %, time ratio, memory ratio
measure() {
	local data=$1

	rm -f times
	for _ in $(seq $RUNS); do	# A B A B: both see the same machine
		run sym "$PERF" report -i "$data" -s sym --stdio -q
		run type "$PERF" report -i "$data" -s type,typeoff --stdio -q -t '|'
		# the functions analysed by the thread that reads the samples
		PERF_CONFIG=$DIR/one-thread.config \
			run one "$PERF" report -i "$data" -s type,typeoff --stdio -q -t '|'
	done
	"$PERF" annotate -i "$data" --data-type --type-stat --stdio 2> /dev/null |
		sed -n '/^Data type statistics/,$p' > type-stat
	samples "$data" | tr '\n' ' '
	awk -F'|' '{ sub(/%/, "", $1); gsub(/ +$/, "", $2) }
		$2 !~ /^\(unknown\)/ { t += $1 } END { printf "%.1f ", t }' type.out > typed
	# named: of a C/C++ type, the pseudo types "(stack operation)",
	# "(jump table)", "(constant)", ... left out
	awk -F'|' '{ sub(/%/, "", $1); gsub(/ +$/, "", $2) }
		$2 !~ /^\(/ { t += $1 } END { printf "%.1f ", t }' type.out > named
	cat typed
	# the same rows over the samples of user code at a memory access:
	# kernel samples and other instructions have no data type
	awk -v typed="$(cat typed)" -v named="$(cat named)" '{ sub(/%/, "", $2) }
		/kernel sample|not a memory instruction/ { other += $2 }
		END { printf "%.1f %.1f ", other < 100 ? typed * 100 / (100 - other) : 0,
			  other < 100 ? named * 100 / (100 - other) : 0 }' type-stat
	awk '/offset outside the type/ { p = $2 } END { printf "%s ", p ? p : "?" }' type-stat
	echo "$(ratio 2) $(ratio 3) $(ratio 2 one) $(ratio 3 one)"
}

# typed: of all samples; typed/mem: of the samples of user code at a memory
# access (all samples but kernel ones and other instructions); named/mem:
# the same without the pseudo types; one thread: the functions analysed by
# the thread that reads the samples (report.data-type-thread = false)
printf '  %-18s %8s %7s %9s %9s %8s %12s %12s %11s %11s\n' program samples typed typed/mem \
	named/mem outside "time/-s sym" "mem/-s sym" "one thread" "one thread"
for prog in "sqlite-3.50.4 sqlite better-sqlite3@12.4.1 sqlbench 95" \
	    "leveldb-1.20 leveldb leveldown@6.1.1 kvbench 8" \
	    "expat-2.1.0 expat node-expat@2.4.1 xmlbench 26" \
	    "tree-sitter-0.25.1 treesitter tree-sitter@0.25.1 tsbench 75" \
	    "re2-1.15.9 re2 re2@1.15.9 rebench 100"; do
	read -r name kind spec bin rounds <<< "$prog"
	"realprog_$kind" "$name" "$spec" "-O2 -g" || continue
	rounds=$(cat "$name.rounds" 2> /dev/null || echo "$rounds")
	realprog_record "$name.data" "$REALPROG/$name/$bin" "$rounds"
	n=$(samples "$name.data")
	if [ "$n" -lt 500000 ]; then	# a fast machine: more rounds, once
		rounds=$((rounds * 550000 / (n + 1) + 1))
		realprog_record "$name.data" "$REALPROG/$name/$bin" "$rounds"
	fi
	echo "$rounds" > "$name.rounds"
	read -r n typed typed_mem named_mem outside time mem time1 mem1 <<< "$(measure "$name.data")"
	printf '  %-18s %8d %6s%% %8s%% %8s%% %8s %11sx %11sx %10sx %10sx\n' "$name" "$n" \
		"$typed" "$typed_mem" "$named_mem" "$outside" "$time" "$mem" "$time1" "$mem1"
	awk '/^  not resolved/ { on = 1; next } on && $1 > 0 { $1 = ""; print }' type-stat |
		sort -gr | head -4 | sed 's/^ */      not resolved: /'
done
# the typed share target is of the samples that can have a type: typed/mem
printf '  %-18s %8s %7s %9s %9s %8s %12s %12s\n' targets ">=500k" "" ">=85%" "" "<=2%" \
	"<=1.5x" "<=1.5x"
