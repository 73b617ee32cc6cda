#!/bin/bash
# Runs every check of perf-delta on the built work tree. Each check is
# counted; the last line is "N passed, N failed, N skipped".
. "$(dirname "$0")/lib.sh"
set +e

passed=0 failed=0 skipped=0
tmp=$(mktemp -d)
trap 'git_linux worktree remove --force "$tmp/fresh" 2>/dev/null; rm -rf "$tmp"' EXIT

pass() { passed=$((passed + 1)); echo "PASS  $*"; }
fail() { failed=$((failed + 1)); echo "FAIL  $*"; }
skip() { skipped=$((skipped + 1)); echo "SKIP  $*"; }

check_series_applies() {
	local patch ok=1

	git_linux worktree add -q --detach "$tmp/fresh" base || { fail "fresh copy of base"; return; }
	for patch in $(series_files); do
		if ! git -C "$tmp/fresh" am -q "$patch" > "$tmp/am.log" 2>&1; then
			sed 's/^/      /' "$tmp/am.log"
			fail "series applies on a fresh base: stops at $(basename "$patch")"
			ok=0
			break
		fi
	done
	[ $ok = 1 ] && pass "series applies on a fresh base ($(series_files | wc -l) patches)"
	# git am stops a message at a line that looks like a diff: what it
	# applied must export to patches/ again
	if [ $ok = 1 ]; then
		format_series "$tmp/applied" "$tmp/fresh" >/dev/null 2>&1
		if diff -r "$tmp/applied" "$PATCHES" > "$tmp/applied.diff"; then
			pass "the applied series exports to patches/ byte for byte"
		else
			head -20 "$tmp/applied.diff" | sed 's/^/      /'
			fail "the applied series exports to patches/ byte for byte"
		fi
	fi
	git_linux worktree remove --force "$tmp/fresh"
}

# Every patch must build on its own: build the commits base..HEAD in
# order, incrementally. The commits are cut into $STREAMS runs of
# consecutive commits, built side by side, each in its own work tree
# (build/series-N) kept between runs: perf's make spends most of a small
# rebuild in one process, so one run leaves the other CPU idle. The
# builds make the perf binary in perf's DEBUG=1 configuration (no
# optimization) without debug info, which compiles faster: 5.5 patches a
# minute on two CPUs, against 4.2 optimized with -g0. The head is built
# in full, optimized, by 'make perf'.
# What built once builds again: build/series-built lists the build keys
# (and the whole trees, as earlier runs wrote them), so a rebase that only
# adds commits, rewords messages or changes shell tests and man pages
# rebuilds only what changed.
STREAMS=2

# A fresh machine has no build/series-built, and building the whole
# series takes longer than CI gives: .ci/series-built lists the keys of
# the commits that an earlier make check built (written by 'make
# record-built' after a make check). A commit found there is skipped, and
# counted as skipped: a patch changed since builds again.
LEDGER=$TOP/.ci/series-built

# build_stream N FIRST LAST: builds commits FIRST..LAST (1-based, of
# base..HEAD) in build/series-N; writes "PASS|SKIP|FAIL<TAB>n<TAB>note"
# lines to $tmp/stream-N
build_stream() {
	local s=$1 first=$2 last=$3 wt=$BUILD/series-$1 out=$BUILD/series-perf-$1
	local built=$BUILD/series-built n=0 commit tree key log=$tmp/series-build-$1.log

	mkdir -p "$out"
	for commit in $(git_linux rev-list --reverse base..HEAD); do
		n=$((n + 1))
		[ $n -ge "$first" ] && [ $n -le "$last" ] || continue
		tree=$(git_linux rev-parse "$commit^{tree}")
		key=$(build_key "$commit")
		if grep -qx -e "$tree" -e "$key" "$built" 2>/dev/null; then
			grep -qx "$key" "$built" || echo "$key" >> "$built"
			echo "PASS	$n	(built before)"
			continue
		fi
		if grep -qx "$key" "$LEDGER" 2>/dev/null; then
			echo "SKIP	$n	(built by the check that recorded it in .ci/series-built)"
			continue
		fi
		git -C "$wt" checkout -q --detach "$commit"
		if make -C "$wt/tools/perf" O="$out" NO_LIBBFD=1 PYTHON=/usr/bin/python3 \
			DEBUG=1 EXTRA_CFLAGS=-g0 -j"$(nproc)" perf > "$log" 2>&1; then
			echo "$key" >> "$built"
			echo "PASS	$n	"
		else
			echo "FAIL	$n	"
			grep -E 'error' "$log" | head -20 | sed 's/^/      /' > "$tmp/series-error-$n"
		fi
	done > "$tmp/stream-$s"
}

check_patches_build() {
	local count s per result n note subject

	count=$(git_linux rev-list --count base..HEAD)
	per=$(((count + STREAMS - 1) / STREAMS))
	for s in $(seq 1 $STREAMS); do
		git -C "$BUILD/series-$s" rev-parse -q --verify HEAD >/dev/null 2>&1 && continue
		rm -rf "$BUILD/series-$s"
		git_linux worktree prune
		git_linux worktree add -q --detach "$BUILD/series-$s" base ||
			{ fail "work tree build/series-$s"; return; }
	done
	for s in $(seq 1 $STREAMS); do
		build_stream "$s" $(((s - 1) * per + 1)) $((s * per)) &
	done
	wait
	for s in $(seq 1 $STREAMS); do
		while IFS='	' read -r result n note; do
			subject=$(git_linux log -1 --format=%s "HEAD~$((count - n))")
			if [ "$result" = PASS ]; then
				pass "patch $n builds: $subject${note:+ $note}"
			elif [ "$result" = SKIP ]; then
				skip "patch $n builds: $subject $note"
			else
				cat "$tmp/series-error-$n" 2>/dev/null
				fail "patch $n builds: $subject"
			fi
		done < "$tmp/stream-$s"
	done
}

check_checkpatch() {
	local patch out

	for patch in $(series_files); do
		out=$("$LINUX/scripts/checkpatch.pl" --no-tree --no-signoff --terse \
			--show-types "$patch" 2>&1)
		echo "$out" | grep -E ': (WARNING|CHECK):' | sed 's/^/      /'
		if echo "$out" | grep -q ': ERROR:'; then
			echo "$out" | grep ': ERROR:' | sed 's/^/      /'
			fail "checkpatch $(basename "$patch")"
		else
			pass "checkpatch $(basename "$patch")"
		fi
	done
}

# The descriptions of the perf tests the series adds: shell tests by their
# second line, C suites by the .desc or DEFINE_SUITE() they add.
added_tests() {
	local f

	for f in $(git_linux diff --diff-filter=A --name-only base HEAD -- \
			'tools/perf/tests/shell/*.sh'); do
		# perf test runs only the executable ones; lib/ holds helpers
		[ -x "$LINUX/$f" ] || continue
		sed -n '2s/^.//p' "$LINUX/$f" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//'
	done
	git_linux diff base HEAD -- 'tools/perf/tests/*.c' 'tools/perf/arch/*/tests/*.c' |
		sed -n 's/^+.*\(\.desc[[:space:]]*=\|DEFINE_SUITE(\)[[:space:]]*"\([^"]*\)".*/\2/p'
}

# results OUT: the result lines of perf test -v output, as perf test
# prints them without -v: "NUM: description : Ok"
results() {
	awk '/^ *[0-9]+(\.[0-9]+)?: .*:[ \t]*$/ { head = $0; sub(/[ \t]*:[ \t]*$/, "", head); next }
	     end && match($0, /: (Ok|FAILED!|Skip.*)$/) { print head " : " substr($0, RSTART + 2) }
	     { end = ($0 == "---- end ----") }' <<< "$1"
}

# run_perf_test DESC [OUT [SUFFIX]]: perf test DESC, run with -v so that
# the output of a failure is the failing run's own
run_perf_test() {
	local desc=$1 OUT=${2:-$OUT} num out line

	num=$(cd "$LINUX/tools/perf" && "$OUT/perf" test list 2>&1 |
		awk -v d="$desc" -F': ' '{ n = $1; sub(/^[ \t]+/, "", n); $1 = "";
			sub(/^ /, ""); if ($0 == d) { print n; exit } }')
	if [ -z "$num" ]; then
		fail "perf test '$desc': not in 'perf test list'"
		return
	fi
	out=$(cd "$LINUX/tools/perf" && PATH="$OUT:$PATH" "$OUT/perf" test -v "$num" 2>&1)
	while IFS= read -r line; do
		case "$line" in
		*": Ok") pass "perf test $line${3:-}" ;;
		*": Skip"*) skip "perf test $line${3:-}" ;;
		*": FAILED!"*) fail "perf test $line${3:-}" ;;
		*) fail "perf test $num: no result: $(echo "$out" | tail -1)" ;;
		esac
	done <<< "$(results "$out" | sed 's/[[:space:]]\{2,\}/ /g')"
	if echo "$out" | grep -q 'FAILED!'; then
		# every FAIL: line, then the end: a long test's first failures
		# would be cut off by the tail alone
		echo "$out" | grep '^FAIL: ' | sed 's/^/      /'
		echo "$out" | tail -60 | sed 's/^/      /'
		rerun_failure "$num" "$OUT"
	fi
}

# rerun_failure NUM OUT: whether a failure of perf test NUM is
# intermittent: up to three runs more
rerun_failure() {
	local num=$1 OUT=$2 try

	for try in 1 2 3; do
		if (cd "$LINUX/tools/perf" && PATH="$OUT:$PATH" "$OUT/perf" test "$num" 2>&1) |
				grep -q 'FAILED!'; then
			echo "      failed again in run $try after"
			return
		fi
	done
	echo "      passed in each of 3 runs after: intermittent"
}

check_perf_tests() {
	local desc

	while IFS= read -r desc; do
		[ -n "$desc" ] && run_perf_test "$desc"
	done <<< "$(added_tests)"
}

# SANITIZE=1: the same tests with the ASan+UBSan build.  An ASan report
# aborts perf, so fails its test; the reports are listed (leaks are not
# checked: perf leaves much to exit()).  UBSan reports go to the tests'
# output only (base perf has some, in util/pmu.c's list walks); the fuzz
# smoke with this perf fails on any.
check_perf_tests_sanitized() {
	local desc logs=$tmp/san

	[ "${SANITIZE:-}" = 1 ] || return 0
	mkdir -p "$logs"
	while IFS= read -r desc; do
		[ -n "$desc" ] &&
			ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:abort_on_error=1:log_path=$logs/asan \
			run_perf_test "$desc" "$OUT_SAN" " [ASan+UBSan]"
	done <<< "$(added_tests)"
	cat "$logs"/* 2>/dev/null | grep '^SUMMARY: AddressSanitizer' | sort | uniq -c |
		sed 's/^/      /'
}

# A bounded run of scripts/fuzz.sh (fixed seed): one check per target
check_fuzz_smoke() {
	local perf line st failed_before

	for perf in "$OUT/perf" ${SANITIZE:+"$OUT_SAN/perf"}; do
		[ "${SANITIZE:-}" = 1 ] || [ "$perf" = "$OUT/perf" ] || continue
		PERF=$perf "$TOP/scripts/fuzz.sh" --smoke > "$tmp/fuzz.log" 2>&1
		st=$?
		failed_before=$failed
		while IFS= read -r line; do
			case "$line" in
			"PASS  "*) pass "${line#PASS  } [${perf#"$TOP"/}]" ;;
			"FAIL  "*) fail "${line#FAIL  } [${perf#"$TOP"/}]" ;;
			*) echo "$line" ;;
			esac
		done < "$tmp/fuzz.log"
		[ $st = 0 ] || [ "$failed" != "$failed_before" ] ||
			fail "fuzz smoke with ${perf#"$TOP"/} exited $st"
	done
}

check_export_roundtrip() {
	format_series "$tmp/export" >/dev/null 2>&1
	if diff -r "$tmp/export" "$PATCHES" > "$tmp/export.diff"; then
		pass "export of the work tree reproduces patches/ byte for byte"
	else
		head -20 "$tmp/export.diff" | sed 's/^/      /'
		fail "export of the work tree differs from patches/"
	fi
}

# Project-level tests in tests/: exit 0 passes, 2 skips, anything else fails.
check_project_tests() {
	local t status

	for t in "$TOP"/tests/*.sh; do
		[ -f "$t" ] || continue
		PERF="$TOP/perf" bash "$t" > "$tmp/project.log" 2>&1
		status=$?
		sed 's/^/      /' "$tmp/project.log"
		case $status in
		0) pass "${t#"$TOP"/}" ;;
		2) skip "${t#"$TOP"/}" ;;
		*) fail "${t#"$TOP"/}" ;;
		esac
	done
}

check_scripts() {
	local f

	for f in "$TOP"/scripts/*.sh "$TOP"/tests/*.sh "$TOP"/.ci/run; do
		if bash -n "$f"; then
			pass "shell syntax of ${f#"$TOP"/}"
		else
			fail "shell syntax of ${f#"$TOP"/}"
		fi
	done
}

say "checks on Linux $(base_version) + $(series_files | wc -l) patches"
check_series_applies
check_patches_build
check_checkpatch
check_perf_tests
check_perf_tests_sanitized
check_fuzz_smoke
check_export_roundtrip
check_project_tests
check_scripts
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
