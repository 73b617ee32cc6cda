#!/bin/bash
# Data-type profiling of kernel samples: how many memory accesses of hot
# kernel functions resolve, and what for the others, with the time of
# perf report -s type,typeoff against -s sym. This machine cannot record
# samples of a kernel whose vmlinux is at hand, so a fixture puts one
# sample on each memory access of the functions, read from a vmlinux with
# DWARF: $VMLINUX, or the newest of /usr/lib/debug/boot (Debian's
# linux-image-*-dbg packages). Skipped when there is none.
set -eu

PERF=${PERF:?path of the patched perf}
BUILD=${BUILD:?build directory}
VMLINUX=${VMLINUX:-$(ls /usr/lib/debug/boot/vmlinux-* 2> /dev/null | tail -1)}
FUNCS="__schedule scheduler_tick update_curr enqueue_task_fair dequeue_task_fair
	pick_next_task_fair try_to_wake_up task_tick_fair load_balance
	select_task_rq_fair update_load_avg __alloc_pages get_page_from_freelist
	kmem_cache_alloc kmem_cache_free __kmalloc kfree handle_mm_fault
	__handle_mm_fault unmap_page_range tcp_sendmsg_locked tcp_recvmsg_locked
	ip_rcv do_sys_openat2 path_openat __d_lookup_rcu dput vfs_read vfs_write
	filemap_read copy_page_to_iter fput pipe_read pipe_write do_syscall_64
	ktime_get hrtimer_interrupt rcu_sched_clock_irq account_user_time
	mutex_lock futex_wait __wake_up_common"

if [ -z "$VMLINUX" ] || [ ! -r "$VMLINUX" ]; then
	echo "  skipped: no vmlinux with DWARF (set VMLINUX, or install linux-image-amd64-dbg)"
	exit 0
fi
DIR=$BUILD/bench/datatype_kernel
mkdir -p "$DIR"
cd "$DIR"

# One sample on each instruction of FUNCS that reads or writes memory
nm "$VMLINUX" > nm.out
found=0
{
	printf 'event cpu-clock\nkernel %s\nprocess 1 swapper\n' "$VMLINUX"
	for f in $FUNCS; do
		start=$(awk -v f="$f" '$3 == f { print $1; exit }' nm.out)
		[ -n "$start" ] || continue
		found=$((found + 1))
		objdump -d --no-show-raw-insn --start-address=0x"$start" \
			--stop-address=$((0x$start + 0x10000)) "$VMLINUX" 2> /dev/null |
		awk '/^[0-9a-f]+ <.*>:$/ { if (++n > 1) exit; next }
		     /^ *[0-9a-f]+:\t/ && /\(/ && $2 !~ /^(lea|nop|call|jmp|push|pop)/ {
			sub(":", "", $1); print "sample ip=0x" $1 }'
	done
	echo "# $found functions"
} > kernel.desc
"$PERF" test -w fixture kernel.desc kernel.data > /dev/null
echo "  $VMLINUX: $(grep -c '^sample' kernel.desc) memory accesses in" \
	"$(sed -n 's/^# \([0-9]*\) functions$/\1/p' kernel.desc) functions"

# --data-type-skid=none: each sample is on its access
"$PERF" annotate -i kernel.data --vmlinux "$VMLINUX" --data-type-skid=none --type-stat \
	--stdio 2> /dev/null | sed -n '/^Data type statistics/,$p' | grep -v ' 0\.0%  ' |
	sed 's/^/  /'

for keys in sym type,typeoff; do
	/usr/bin/time -f '%e %M' -o time.out "$PERF" report -i kernel.data --vmlinux "$VMLINUX" \
		-s "$keys" --stdio > /dev/null 2>&1
	read -r t m < time.out
	printf '  -s %-14s %6.2f s  peak %7.1f MiB\n' "$keys" "$t" "$(echo "$m / 1024" | bc -l)"
done
