#!/bin/bash
# Profiles the demo program before and after its change and compares the
# two profiles with the perf that was just built.
. "$(dirname "$0")/lib.sh"

DEMO=$BUILD/demo
PERF=$TOP/perf
mkdir -p "$DEMO"

for v in before after; do
	mkdir -p "$DEMO/$v"
	cc -g -O2 -fno-omit-frame-pointer -o "$DEMO/$v/div" "$TOP/demo/$v/div.c"
	say "recording $v: perf record -e cpu-clock -g -o build/demo/$v.data build/demo/$v/div"
	"$PERF" record -q -e cpu-clock -g -o "$DEMO/$v.data" "$DEMO/$v/div" > /dev/null
done

run() {
	echo
	say "\$ perf $*"
	"$PERF" "$@"
}

cd "$DEMO"
run diff before.data after.data
run diff --stream before.data after.data
run diff --folded before.data after.data
run diff --flamegraph=perf-diff.svg --flame-html=perf-diff.html before.data after.data
say "open build/demo/perf-diff.svg or perf-diff.html in a browser: red grew, blue shrank"
run diff --stream --stream-nr 20 --percent-limit 1 --before "$TOP/demo/before" \
	--after "$TOP/demo/after" before.data after.data

# Data-type profiling: which members of struct session the hot loop touches
cc -g -O2 -o "$DEMO/sessions" "$TOP/demo/datatype/sessions.c"
say "recording: perf record -e cpu-clock -o build/demo/sessions.data build/demo/sessions"
"$PERF" record -q -e cpu-clock -o "$DEMO/sessions.data" "$DEMO/sessions" > /dev/null
run report -i sessions.data -s type,typeoff --hierarchy --stdio --percent-limit 0.5
run annotate -i sessions.data --data-type='struct session'
