#!/bin/bash
# Writes .ci/series-built: the build keys of the commits base..HEAD of the
# work tree, each built by a make check here (build/series-built) or
# listed there already. Refuses while a commit has not been built.
. "$(dirname "$0")/lib.sh"

ledger=$TOP/.ci/series-built
built=$BUILD/series-built
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

refuse_unexported
{
	echo "# Build keys (scripts/lib.sh: build_key) of the commits of patches/ that"
	echo "# a make check built, one per line; written by 'make record-built'."
} > "$tmp"
n=0
for commit in $(git_linux rev-list --reverse base..HEAD); do
	n=$((n + 1))
	key=$(build_key "$commit")
	grep -qx "$key" "$built" "$ledger" 2>/dev/null ||
		die "patch $n ($(git_linux log -1 --format=%s "$commit")) has not been built: run make check"
	echo "$key" >> "$tmp"
done
mv "$tmp" "$ledger"
say "recorded the build keys of $n patches in .ci/series-built"
