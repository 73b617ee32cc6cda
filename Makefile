# perf-delta: Linux perf 6.1 with the perf-delta series applied.
# See README.md. Every target runs as root on Debian 12 and installs what
# it needs.

.PHONY: all deps worktree perf perf-san export status discard check record-built fuzz demo bench clean

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

# SANITIZE=1: also build perf with ASan+UBSan (build/perf-san) and run the
# series' tests and the fuzz smoke with it
check: perf $(if $(filter 1,$(SANITIZE)),perf-san)
	@SANITIZE=$(SANITIZE) scripts/check.sh

# after a make check: the build keys of the patches it built, for CI
record-built:
	@scripts/record-built.sh

perf-san: worktree
	@scripts/build.sh --sanitize

fuzz: perf
	@scripts/fuzz.sh

demo: perf
	@scripts/demo.sh

bench: perf
	@scripts/bench.sh

clean:
	@scripts/worktree.sh --check-exported
	rm -rf build perf
