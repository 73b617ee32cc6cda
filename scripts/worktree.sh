#!/bin/bash
# Brings the work tree build/linux to base + patches/: unpacks the base
# when it is missing or changed, re-applies the series when patches/ changed.
. "$(dirname "$0")/lib.sh"

PARTS="tools scripts include arch/x86 kernel/bpf Makefile COPYING"

tarball_id() {
	dpkg-query -W -f='${Package} ${Version}\n' linux-source-6.1 2>/dev/null ||
		stat -c '%s %Y' "$TARBALL"
}

unpack_base() {
	local tmp=$BUILD/linux.tmp

	[ -f "$TARBALL" ] || die "$TARBALL not found (package linux-source-6.1)"
	say "unpacking the base from $TARBALL"
	rm -rf "$tmp" && mkdir -p "$tmp"
	tar -xJf "$TARBALL" -C "$tmp" --strip-components=1 \
		$(printf 'linux-source-6.1/%s ' $PARTS)
	git -C "$tmp" init -q -b main
	git -C "$tmp" add -A
	GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
		git -C "$tmp" commit -q -m "Linux $(LINUX=$tmp base_version) ($(tarball_id))"
	git -C "$tmp" tag base
	tarball_id > "$tmp/.git/perf-delta-base"
	rm -rf "$LINUX" "$STAMP" "$OUT"
	mv "$tmp" "$LINUX"
}

apply_series() {
	local patch log=$BUILD/am.log

	git_linux reset -q --hard base
	git_linux clean -q -fdx
	rm -f "$STAMP"
	for patch in $(series_files); do
		[ -f "$patch" ] || die "patches/series names $(basename "$patch"), which is missing"
		if ! git_linux am -q --whitespace=nowarn "$patch" > "$log" 2>&1; then
			git_linux am --abort || true
			git_linux reset -q --hard base
			grep -E '^(error|fatal):' "$log" >&2 || cat "$log" >&2
			die "patch $(basename "$patch") does not apply ($(grep -oE 'patch failed: [^:]+|[^ :]+: does not exist in index|[^ :]+: already exists in working directory' "$log" | head -1))"
		fi
	done
	echo "$(patches_sha) $(git_linux rev-parse HEAD)" > "$STAMP"
	say "applied $(series_files | wc -l) patches"
}

case "${1:-}" in
--check-exported)
	refuse_unexported
	exit 0
	;;
--discard)
	[ -d "$LINUX/.git" ] || exit 0
	rm -f "$STAMP"
	git_linux am --abort >/dev/null 2>&1 || true
	git_linux reset -q --hard base
	git_linux clean -q -fdx
	;;
esac

mkdir -p "$BUILD"
if [ ! -d "$LINUX/.git" ] || ! git_linux rev-parse -q --verify base >/dev/null ||
   [ "$(cat "$LINUX/.git/perf-delta-base" 2>/dev/null)" != "$(tarball_id)" ]; then
	refuse_unexported
	unpack_base
fi

if [ "$(cut -d' ' -f1 "$STAMP" 2>/dev/null)" != "$(patches_sha)" ]; then
	refuse_unexported
	apply_series
fi
