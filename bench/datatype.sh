#!/bin/bash
# Data-type profiling: accuracy of perf report -s type,typeoff on the
# corpus of tools/perf/tests/shell/lib/data_type built at -O2 and sampled
# with cpu-clock, and its speed against perf report -s sym on the same
# profile of 200k samples or more, measured side by side; peak memory of
# both.
set -eu

PERF=${PERF:?path of the patched perf}
BUILD=${BUILD:?build directory}
CORPUS=${CORPUS:-$BUILD/linux/tools/perf/tests/shell/lib/data_type}
DIR=$BUILD/bench/datatype
RUNS=3
MIN_SAMPLES=200000
mkdir -p "$DIR"
cd "$DIR"

# header FILE KEY: a value of the header comment of a corpus program
header() { sed -n "s/^ \* $2: //p" "$1" | head -1; }

# build SRC OPT: compile a corpus program into bin/NAME.OPT
build() {
	local name cc=cc

	name=$(basename "$1")
	case $1 in *.cpp) cc=c++ ;; esac
	mkdir -p bin
	# shellcheck disable=SC2046 # cflags and with (other units) are lists
	$cc -g -"$2" $(header "$1" cflags) -o "bin/${name%.*}.$2" "$1" \
		$(header "$1" with | sed "s|[^ ]*|$(dirname "$1")/&|g")
}

# hot_sym SRC DATA: the hot function as perf names it (demangled or not)
hot_sym() {
	local name

	"$PERF" report -i "$2" --stdio -q -F sym 2> /dev/null > sym.out
	for name in $(header "$1" hot); do
		if grep -q "\[\.\] $name\$" sym.out; then
			echo "$name"
			return
		fi
	done
}

# Accuracy: samples of the hot function, resolved to a type, right type+field
echo "  accuracy at -O2, cpu-clock at 4 kHz, samples of the hot function:"
printf '  %-20s %8s %9s %9s\n' program samples resolved right
: > accuracy
for src in "$CORPUS"/*.c "$CORPUS"/*.cpp; do
	name=$(basename "$src")
	name=${name%.*}
	build "$src" O2
	"$PERF" record -q -e cpu-clock -F 4000 -o "$name.data" \
		"bin/$name.O2" "$(header "$src" n | cut -d' ' -f1)" > /dev/null 2>&1
	sym=$(hot_sym "$src" "$name.data")
	# sym among the keys, so that --symbols filters samples, not types
	"$PERF" report -i "$name.data" --stdio -q -F sample,sym,typeoff \
		${sym:+--symbols="$sym"} 2> /dev/null |
	awk -v name="$name" -v right="$(header "$src" typeoff)" \
	    -v also="$(header "$src" also)" '
		/^#/ || NF < 2 { next }
		{
			n = $1
			sub(/^ *[0-9]+ +/, ""); sub(/^\[\.\] [^ ]+ +/, ""); sub(/ +$/, "")
			total += n
			if ($0 !~ /^\(unknown\)/)
				resolved += n
			if ($0 == right || $0 == also)
				ok += n
		}
		END {
			printf "  %-20s %8d %8.1f%% %8.1f%%\n", name, total,
				total ? 100 * resolved / total : 0,
				resolved ? 100 * ok / resolved : 0
			printf "%d %d %d\n", total, resolved, ok > "/dev/stderr"
		}' 2>> accuracy
done
awk '{ t += $1; r += $2; o += $3 }
	END { printf "  %-20s %8d %8.1f%% %8.1f%%   (targets: resolved >= 90%%, right >= 95%%)\n",
		"total", t, t ? 100 * r / t : 0, r ? 100 * o / r : 0 }' accuracy

# Speed: a profile of every corpus program at -O2 and -O0 in turn, at
# 25 kHz, taken again with more rounds until it has enough samples
for src in "$CORPUS"/*.c "$CORPUS"/*.cpp; do
	build "$src" O0
done
rounds=1
samples=0
while [ ! -s big.data ] || [ "$samples" -lt $MIN_SAMPLES ]; do
	: > run.sh
	for src in "$CORPUS"/*.c "$CORPUS"/*.cpp; do
		name=$(basename "$src")
		name=${name%.*}
		read -r n2 n0 <<< "$(header "$src" n)"
		echo "bin/$name.O2 $((n2 * rounds)); bin/$name.O0 $((n0 * rounds))" >> run.sh
	done
	"$PERF" record -q -F 25000 -e cpu-clock -o big.data -- sh run.sh > /dev/null 2>&1
	samples=$("$PERF" report -i big.data --stdio -q -F sample,comm 2> /dev/null |
		awk '{ n += $1 } END { print n + 0 }')
	rounds=$((rounds * 2))
done
printf '  big.data: %s samples\n' "$samples"

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

measure sym "$PERF" report -i big.data -s sym --stdio > results
measure type,typeoff "$PERF" report -i big.data -s type,typeoff --stdio >> results
awk '{ printf "  -s %-14s %6.2f s  peak %7.1f MiB\n", $1, $2, $3 / 1024; t[$1] = $2 }
	END { printf "  perf report -s type,typeoff / -s sym: %.2fx (target: at most 2x)\n",
		t["type,typeoff"] / t["sym"] }' results
