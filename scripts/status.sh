#!/bin/bash
# Exits 1 while the work tree holds changes or commits not in patches/.
. "$(dirname "$0")/lib.sh"

[ -d "$LINUX/.git" ] || { say "no work tree yet"; exit 0; }

dirty=$(git_linux status --porcelain)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
format_series "$tmp"
stale=$(diff -rq "$tmp" "$PATCHES" 2>&1 || true)

[ -z "$dirty$stale" ] && { say "work tree and patches/ agree"; exit 0; }
if [ -n "$dirty" ]; then
	say "uncommitted changes in $LINUX:"
	git_linux status --short | sed 's/^/  /'
fi
if [ -n "$stale" ]; then
	say "commits base..HEAD differ from patches/ (run 'make export'):"
	echo "$stale" | sed "s|$tmp|work tree|; s|$PATCHES|patches|; s/^/  /"
fi
exit 1
