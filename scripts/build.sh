#!/bin/bash
# Builds perf from the work tree out of tree into build/perf, links ./perf.
. "$(dirname "$0")/lib.sh"

log=$BUILD/build.log
mkdir -p "$OUT"
say "building perf in $OUT (log: build/build.log)"
if ! make -C "$LINUX/tools/perf" O="$OUT" NO_LIBBFD=1 PYTHON=/usr/bin/python3 \
	-j"$(nproc)" > "$log" 2>&1; then
	grep -E 'error|Error' "$log" | head -40 >&2
	die "perf does not build; see build/build.log"
fi
ln -sfn build/perf/perf "$TOP/perf"
say "built ./perf: $("$TOP/perf" version), base Linux $(base_version)"
