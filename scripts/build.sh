#!/bin/bash
# Builds perf from the work tree out of tree into build/perf, links ./perf.
# --sanitize: with AddressSanitizer and UndefinedBehaviorSanitizer, into
# build/perf-san (no Python binding: it cannot load the ASan runtime).
. "$(dirname "$0")/lib.sh"

args=(NO_LIBBFD=1 PYTHON=/usr/bin/python3)
out=$OUT
log=$BUILD/build.log
if [ "${1:-}" = --sanitize ]; then
	out=$OUT_SAN
	log=$BUILD/build-san.log
	# WERROR=0: GCC 12 sees a format-truncation in util/build-id.c under UBSan
	args+=(NO_LIBPYTHON=1 WERROR=0
	       "EXTRA_CFLAGS=-fno-omit-frame-pointer -fsanitize=address -fsanitize=undefined")
fi
mkdir -p "$out"
say "building perf in $out (log: ${log#"$TOP"/})"
if ! make -C "$LINUX/tools/perf" O="$out" "${args[@]}" -j"$(nproc)" > "$log" 2>&1; then
	grep -E 'error|Error' "$log" | head -40 >&2
	die "perf does not build; see ${log#"$TOP"/}"
fi
[ "$out" = "$OUT" ] || exit 0
ln -sfn build/perf/perf "$TOP/perf"
say "built ./perf: $("$TOP/perf" version), base Linux $(base_version)"
