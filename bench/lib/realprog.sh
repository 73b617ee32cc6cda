# shellcheck shell=bash
# Real programs for the benchmarks: code bases nobody here wrote, fetched
# from the npm registry at bench time (npm checks each tarball against the
# registry's integrity hash), built -O2 -g with a workload driver of ours
# (bench/lib/realprog/) into $BUILD/realprog/NAME. A program is built once:
# a second run finds its stamp and does nothing. Sourced, not run; every
# function returns non-zero after one "skipped: ..." line when it cannot
# fetch or build, so that a benchmark goes on without the program.

REALPROG=${BUILD:?build directory}/realprog
REALPROG_DRIVERS=$(cd "$(dirname "${BASH_SOURCE[0]}")/realprog" && pwd)

# realprog_fetch_npm SPEC: unpacks the npm package SPEC (NAME@VERSION) into
# $REALPROG/npm/SPEC and prints that directory
realprog_fetch_npm() {
	local dir=$REALPROG/npm/$1 dl=$REALPROG/download

	if [ ! -f "$dir/.unpacked" ]; then
		if ! command -v npm > /dev/null; then
			echo "  skipped $1: npm is not installed (apt-get install npm)" >&2
			return 1
		fi
		mkdir -p "$dl" "$dir"
		if ! (cd "$dl" && timeout 300 npm pack -q "$1" > /dev/null 2> npm.log); then
			echo "  skipped $1: npm pack failed (no network?):" \
				"$(grep -m1 'error code' "$dl/npm.log")" >&2
			return 1
		fi
		tar -xzf "$dl/${1%@*}-${1##*@}.tgz" -C "$dir" --strip-components=1
		touch "$dir/.unpacked"
	fi
	echo "$dir"
}

# realprog_build NAME STAMP CMD...: runs CMD in $REALPROG/NAME unless the
# last build there was the same STAMP
realprog_build() {
	local name=$1 stamp=$2 dir=$REALPROG/$1
	shift 2

	[ "$(cat "$dir/.built" 2> /dev/null)" = "$stamp" ] && return 0
	mkdir -p "$dir"
	if ! (cd "$dir" && "$@") > "$dir/build.log" 2>&1; then
		echo "  skipped $name: build failed, see $dir/build.log" >&2
		return 1
	fi
	echo "$stamp" > "$dir/.built"
}

# realprog_npm_build NAME SPEC CFLAGS DRIVER SCRIPT: builds
# $REALPROG/NAME from the npm package SPEC with SCRIPT, sh run there on a
# fresh src/ that holds DRIVER (of bench/lib/realprog/); SCRIPT finds the
# unpacked package in $pkg and CFLAGS in $cflags
realprog_npm_build() {
	local name=$1 spec=$2 cflags=$3 driver=$REALPROG_DRIVERS/$4 script=$5 pkg

	pkg=$(realprog_fetch_npm "$spec") || return 1
	realprog_build "$name" "$spec $cflags $(cksum < "$driver")" \
		env pkg="$pkg" cflags="$cflags" sh -c "
			rm -rf src && mkdir src && cp '$driver' src/ && $script"
}

# realprog_sqlite NAME SPEC CFLAGS: $REALPROG/NAME/sqlbench, the SQLite
# amalgamation that the npm package SPEC (better-sqlite3) bundles, driven
# by sqlbench.c; its source tree (sqlite3.c, sqlbench.c) is
# $REALPROG/NAME/src
realprog_sqlite() {
	# shellcheck disable=SC2016 # expanded by the build's sh
	realprog_npm_build "$1" "$2" "$3" sqlbench.c '
		cp "$pkg"/deps/sqlite3/sqlite3.[ch] src/ &&
		cc $cflags -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION \
			-o sqlbench src/sqlbench.c src/sqlite3.c -lm'
}

# realprog_leveldb NAME SPEC CFLAGS: $REALPROG/NAME/kvbench, LevelDB and
# snappy as the npm package SPEC (leveldown) bundles them, driven by
# kvbench.cc, on LevelDB's in-memory Env
realprog_leveldb() {
	# shellcheck disable=SC2016 # expanded by the build's sh
	realprog_npm_build "$1" "$2" "$3" kvbench.cc '
		cp -r "$pkg"/deps/leveldb/leveldb-* src/leveldb &&
		cp -r "$pkg"/deps/snappy src/snappy &&
		cd src/leveldb &&
		c++ $cflags -std=c++17 -pthread -DOS_LINUX -DLEVELDB_PLATFORM_POSIX \
			-DLEVELDB_ATOMIC_PRESENT -DSNAPPY -I. -Iinclude \
			-I../snappy/snappy -I../snappy/linux -o ../../kvbench ../kvbench.cc \
			$(ls db/*.cc table/*.cc util/*.cc port/port_posix*.cc \
			      helpers/memenv/memenv.cc | grep -v -e _test -e _bench \
			      -e testutil -e testharness -e leveldbutil -e env_win) \
			../snappy/snappy/snappy.cc ../snappy/snappy/snappy-sinksource.cc \
			../snappy/snappy/snappy-stubs-internal.cc'
}

# realprog_expat NAME SPEC CFLAGS: $REALPROG/NAME/xmlbench, expat as the
# npm package SPEC (node-expat) bundles it, driven by xmlbench.c
realprog_expat() {
	# shellcheck disable=SC2016 # expanded by the build's sh
	realprog_npm_build "$1" "$2" "$3" xmlbench.c '
		cp -r "$pkg"/deps/libexpat src/libexpat &&
		cc $cflags -DHAVE_EXPAT_CONFIG_H -Isrc/libexpat -Isrc/libexpat/lib \
			-o xmlbench src/xmlbench.c src/libexpat/lib/xmlparse.c \
			src/libexpat/lib/xmlrole.c src/libexpat/lib/xmltok.c'
}

# realprog_treesitter NAME SPEC CFLAGS: $REALPROG/NAME/tsbench, the
# tree-sitter runtime that the npm package SPEC (tree-sitter) bundles, with
# the JSON grammar of tree-sitter-json, driven by tsbench.c
realprog_treesitter() {
	local grammar

	grammar=$(realprog_fetch_npm tree-sitter-json@0.24.8) || return 1
	# shellcheck disable=SC2016 # expanded by the build's sh
	GRAMMAR=$grammar realprog_npm_build "$1" "$2" "$3" tsbench.c '
		cp -r "$pkg"/vendor/tree-sitter/lib src/lib &&
		cp -r "$GRAMMAR"/src src/json &&
		cc $cflags -Isrc/lib/include -Isrc/lib/src -Isrc/json -o tsbench \
			src/tsbench.c src/lib/src/lib.c src/json/parser.c'
}

# realprog_re2 NAME SPEC CFLAGS: $REALPROG/NAME/rebench, RE2 as the npm
# package SPEC (re2) bundles it, driven by rebench.cc
realprog_re2() {
	# shellcheck disable=SC2016 # expanded by the build's sh
	realprog_npm_build "$1" "$2" "$3" rebench.cc '
		cp -r "$pkg"/vendor/re2 "$pkg"/vendor/util src/ &&
		c++ $cflags -std=c++17 -pthread -Isrc -o rebench src/rebench.cc \
			src/re2/*.cc src/util/rune.cc src/util/strutil.cc'
}

# realprog_record DATA CMD...: records CMD with cpu-clock into DATA, at a
# frequency high enough for 500k samples in half a minute, unless DATA is
# newer than the program and was taken with the same command; extra perf
# record options come from $RECORD_OPTS
realprog_record() {
	local data=$1 cmd
	shift

	cmd="${RECORD_OPTS:-} $*"
	[ -s "$data" ] && [ "$data" -nt "$1" ] && [ "$(cat "$data.cmd" 2> /dev/null)" = "$cmd" ] && return 0
	# shellcheck disable=SC2086 # RECORD_OPTS is a list of options
	"$PERF" record -q -e cpu-clock -F 20000 ${RECORD_OPTS:-} -o "$data" -- "$@" \
		> /dev/null 2>&1
	echo "$cmd" > "$data.cmd"
}

# samples DATA: the number of samples in DATA
samples() {
	"$PERF" report -i "$1" --stdio -q -F sample,comm 2> /dev/null |
		awk '{ n += $1 } END { print n + 0 }'
}
