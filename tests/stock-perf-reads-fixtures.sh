#!/bin/bash
# Debian's stock perf 6.1 must read the fixture writer's files exactly as
# the patched perf does: same samples, symbols, callchains, branch stacks,
# data addresses and memory report.
set -eu

PERF=${PERF:?path of the patched perf}
STOCK=${STOCK:-/usr/bin/perf}
[ -x "$STOCK" ] || { echo "skip: no stock perf at $STOCK"; exit 2; }

top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/demo/before/div.c
kernel=$top/build/linux/tools/perf/tests/shell/lib/data_type_kernel
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
cc -g -O0 -o div "$src"
# a vmlinux in miniature, from the kernel data-type test of the series
cc -g -O2 -mcmodel=kernel -fno-pie -ffreestanding -fno-asynchronous-unwind-tables \
	-mno-red-zone -c "$kernel/vmlinux.c" -o vmlinux.o
cc -nostdlib -static -no-pie -T "$kernel/vmlinux.lds" -o vmlinux vmlinux.o

cat > cpu.desc <<EOF
process 4000 div
binary div
sample repeat=3 ip=divide+4 callchain=main+0x40
sample repeat=2 ip=checksum+8 callchain=main+0x60
EOF
cat > br.desc <<EOF
event cycles
process 4001 div
binary div
sample repeat=4 ip=checksum+0x10 branches=checksum+0x20>checksum+0x8:7,main+0x50>checksum:3:M
EOF
cat > mem.desc <<EOF
event mem-loads
process 4002 div
binary div
sample repeat=2 ip=checksum+0x10 addr=0x7ffc00001000 weight=90 data_src=l3-hitm
sample ip=divide+4 addr=0x7ffc00001008 weight=30 data_src=l1-hit
EOF

cat > kern.desc <<EOF
kernel vmlinux
process 4003 swapper
sample repeat=3 ip=update_rq_clock callchain=account_tick+4,start_kernel+8
sample repeat=2 ip=copy_name+4 callchain=start_kernel+0x10
EOF

status=0
compare() {	# NAME ARGS...: the output of both perfs must be identical
	local name=$1
	shift
	"$PERF" "$@" > new.out 2>/dev/null
	"$STOCK" "$@" > stock.out 2>/dev/null
	if [ -s new.out ] && cmp -s new.out stock.out; then
		echo "  same: $name ($(wc -l < new.out) lines)"
	else
		echo "  DIFFERENT: $name"
		diff new.out stock.out | head -10
		status=1
	fi
}

for d in cpu br mem kern; do
	"$PERF" test -w fixture $d.desc $d.data
done
compare "script callchains" script -i cpu.data -F ip,sym
compare "report" report -i cpu.data --stdio -q --no-children
compare "script brstack" script -i br.data -F ip,sym,brstack
compare "script brstacksym" script -i br.data -F brstacksym
compare "script addr" script -i mem.data -F ip,sym,addr
compare "mem report" mem report -i mem.data --stdio -q -F overhead,sample,local_weight,snoop
compare "kernel script" script -i kern.data --vmlinux vmlinux -F ip,sym
compare "kernel report" report -i kern.data --vmlinux vmlinux --stdio -q --no-children
exit $status
