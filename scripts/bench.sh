#!/bin/bash
# Runs the benchmarks of perf-delta: each prints ratios of commands
# measured side by side in the same run.
. "$(dirname "$0")/lib.sh"

benches=$(ls "$TOP"/bench/*.sh 2>/dev/null || true)
[ -n "$benches" ] || { say "no benchmarks yet"; exit 0; }
for b in $benches; do
	say "benchmark $(basename "$b" .sh)"
	PERF="$TOP/perf" BUILD="$BUILD" bash "$b"
done
