#!/bin/bash
# Writes the commits base..HEAD of the work tree back to patches/.
. "$(dirname "$0")/lib.sh"

[ -d "$LINUX/.git" ] || die "no work tree at $LINUX; run 'make' first"
if [ -n "$(git_linux status --porcelain)" ]; then
	git_linux status --short | head -20 >&2
	die "$LINUX has uncommitted changes; commit (or fold with --fixup) first"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
format_series "$tmp"
rm -f "$PATCHES"/*.patch
mkdir -p "$PATCHES"
cp "$tmp"/*.patch "$PATCHES"/ 2>/dev/null || true
cp "$tmp/series" "$PATCHES/series"
echo "$(patches_sha) $(git_linux rev-parse HEAD)" > "$STAMP"
say "exported $(series_files | wc -l) patches to patches/"
