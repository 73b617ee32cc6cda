# Shared settings of the perf-delta scripts; sourced, not run.

set -eu

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$TOP/build
LINUX=$BUILD/linux		# the work tree: base + patches/, a git repository
OUT=$BUILD/perf			# perf's out-of-tree build directory
OUT_SAN=$BUILD/perf-san		# the same with ASan+UBSan (make check SANITIZE=1)
PATCHES=$TOP/patches
TARBALL=/usr/src/linux-source-6.1.tar.xz
STAMP=$BUILD/applied		# "<sha of patches/> <HEAD>" of the last apply or export

export GIT_AUTHOR_NAME="perf-delta developers"
export GIT_AUTHOR_EMAIL="perf-delta@example.org"
export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME
export GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL

say() { echo "perf-delta: $*"; }
die() { echo "perf-delta: error: $*" >&2; exit 1; }

git_linux() { git -C "$LINUX" "$@"; }

# The patches listed in series, in order, as paths.
series_files() {
	[ -f "$PATCHES/series" ] || return 0
	grep -v '^[[:space:]]*\(#\|$\)' "$PATCHES/series" | sed "s|^|$PATCHES/|"
}

patches_sha() {
	{ cat "$PATCHES/series" 2>/dev/null; series_files | xargs -r cat; } |
		sha256sum | cut -d' ' -f1
}

# The version of the base tree, as its top Makefile states it.
base_version() {
	awk '/^VERSION =/ { v = $3 } /^PATCHLEVEL =/ { p = $3 }
	     /^SUBLEVEL =/ { s = $3 } END { print v "." p "." s }' "$LINUX/Makefile"
}

# Writes the commits base..HEAD of the work tree (or of the tree $2) as
# patches into $1, in the stable form that patches/ holds.
format_series() {
	local dir=$1 repo=${2:-$LINUX}

	git -C "$repo" -c core.abbrev=12 -c diff.renames=true -c diff.noprefix=false \
		format-patch -q --zero-commit --no-signature --no-numbered \
		--no-thread --stat=72 -o "$dir" base..HEAD
	(cd "$dir" && ls -1 ./*.patch 2>/dev/null | sed 's|^\./||' > series)
}

# Succeeds when the work tree may be thrown away: nothing uncommitted and
# no commit that was made after the last apply or export.
worktree_is_exported() {
	local head recorded

	[ -d "$LINUX/.git" ] || return 0
	[ -z "$(git_linux status --porcelain)" ] || return 1
	head=$(git_linux rev-parse HEAD)
	[ "$head" = "$(git_linux rev-parse base)" ] && return 0
	recorded=$(cut -d' ' -f2 "$STAMP" 2>/dev/null || true)
	[ "$head" = "$recorded" ]
}

refuse_unexported() {
	worktree_is_exported && return 0
	git_linux status --short | head -20 >&2
	git_linux log --oneline "$(cut -d' ' -f2 "$STAMP" 2>/dev/null || echo base)..HEAD" \
		2>/dev/null | head -20 >&2
	die "$LINUX holds commits or changes that are not in patches/.
  To keep them:    commit them in $LINUX, run 'make export', commit patches/
  To throw away:   run 'make discard' (resets the work tree to patches/)"
}

# What the build of COMMIT reads: its tree without tools/perf's shell
# tests and Documentation (the build generates nothing from the man pages
# but the help text), as one hash
build_key() {	# COMMIT
	{
		git_linux ls-tree "$1" | grep -v '	tools$'
		git_linux ls-tree "$1:tools" | grep -v '	perf$'
		git_linux ls-tree "$1:tools/perf" | grep -v -e '	tests$' -e '	Documentation$'
		git_linux ls-tree "$1:tools/perf/tests" | grep -v '	shell$'
	} | sha1sum | cut -d' ' -f1
}
