# perf-delta: Linux perf 6.1 with the perf-delta series applied.
# See README.md. Every target runs as root on Debian 12 and installs what
# it needs.

.PHONY: all deps worktree perf export status discard check demo bench clean

all: perf

deps:
	@scripts/deps.sh

worktree: deps
	@scripts/worktree.sh

perf: worktree
	@scripts/build.sh

export:
	@scripts/export.sh

status:
	@scripts/status.sh

discard:
	@scripts/worktree.sh --discard

check: perf
	@scripts/check.sh

demo: perf
	@scripts/demo.sh

bench: perf
	@scripts/bench.sh

clean:
	@scripts/worktree.sh --check-exported
	rm -rf build perf
