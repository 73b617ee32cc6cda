#!/bin/bash
# Fuzzes the input paths of the series.  Mutated perf.data files (recorded
# -g profiles, fixture files with branch stacks, cycles and memory samples)
# go through the commands the series adds, so do the profiled binaries with
# damaged DWARF, line tables, CFI or symbols, and --before source trees made
# hostile; a signal, a hang (timeout) or a sanitizer report is a failure,
# saved with its input in build/fuzz/failures.
# The line diff of srclist and the x86 decoder run in process under
# libFuzzer (clang), built from the sources of the work tree.
#
# usage: fuzz.sh [--smoke]
#   FUZZ_SEED     seed of the mutations and of libFuzzer (1)
#   FUZZ_FILES    mutated files (20000; --smoke 300)
#   FUZZ_RUNS     executions per libFuzzer harness (1000000; --smoke 100000)
#   FUZZ_BINARIES damaged copies of the profiled binaries (2000; --smoke 36)
#   FUZZ_TIMEOUT  seconds one command may take on one file (60: a loaded
#                 machine makes diff --stream with srclines take 30 s)
#   PERF          the perf to fuzz (./perf)
#   FUZZ_DIR      where corpus, harnesses and failures go (build/fuzz)
# Prints one "PASS|FAIL  fuzz ..." line per target; exits 1 on a failure.
. "$(dirname "$0")/lib.sh"
set +e

SEED=${FUZZ_SEED:-1}
SMOKE=0
if [ "${1:-}" = --smoke ]; then
	SMOKE=1 FILES=${FUZZ_FILES:-300} RUNS=${FUZZ_RUNS:-100000}
	BINARIES=${FUZZ_BINARIES:-36}
else
	FILES=${FUZZ_FILES:-20000} RUNS=${FUZZ_RUNS:-1000000}
	BINARIES=${FUZZ_BINARIES:-2000}
fi
TIMEOUT=${FUZZ_TIMEOUT:-60}
PERF=${PERF:-$TOP/perf}
W=${FUZZ_DIR:-$BUILD/fuzz}
FAILURES=$W/failures
status=0

# A count read from a damaged file may ask calloc() for more than there
# is: perf takes the NULL as a refusal, which is what it should do
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 PAGER=cat

result() {	# OK MESSAGE
	if [ "$1" = 0 ]; then
		echo "PASS  fuzz $2"
	else
		echo "FAIL  fuzz $2"
		status=1
	fi
}

# Two builds of the demo program recorded with callchains, the data-type
# demo, and fixture files with branch stacks (cycles) and memory samples.
make_corpus() {
	local c=$W/corpus v

	[ -s "$c/mem.data" ] && return 0
	rm -rf "$c"
	mkdir -p "$c"
	for v in before after; do
		mkdir -p "$c/$v"
		cc -g -O2 -fno-omit-frame-pointer -o "$c/$v/div" "$TOP/demo/$v/div.c" || return 1
		"$PERF" record -q -e cpu-clock -F 250 -g -o "$c/$v.data" "$c/$v/div" \
			> /dev/null 2>&1 || return 1
	done
	cc -g -O2 -o "$c/sessions" "$TOP/demo/datatype/sessions.c" || return 1
	"$PERF" record -q -e cpu-clock -F 250 -o "$c/sessions.data" "$c/sessions" \
		> /dev/null 2>&1 || return 1
	cat > "$c/br.desc" <<-EOF
	event cycles
	process 4001 div
	binary div
	sample repeat=4 ip=checksum.constprop.0+0x10 branches=checksum.constprop.0+0x20>checksum.constprop.0+0x8:7,main+0x50>checksum.constprop.0:3:M
	sample repeat=2 ip=divide+4 callchain=main+0x40 branches=divide+0x8>divide:12
	EOF
	cat > "$c/mem.desc" <<-EOF
	event mem-loads
	process 4002 div
	binary div
	sample repeat=2 ip=checksum.constprop.0+0x10 addr=0x7ffc00001000 weight=90 data_src=l3-hitm
	sample ip=divide+4 addr=0x7ffc00001008 weight=30 data_src=l1-hit
	EOF
	(cd "$c/before" && "$PERF" test -w fixture ../br.desc ../br.data &&
		"$PERF" test -w fixture ../mem.desc ../mem.data) > /dev/null 2>&1
}

# The commands: @M@ is the mutated file, @O@ the file it was made from.
CMDS=(
	"diff --stream @O@ @M@"
	"diff --stream --before $TOP/demo/before --after $TOP/demo/after @M@ @O@"
	"diff --folded @O@ @M@"
	"diff --flamegraph=out.svg @M@ @O@"
	"diff --flame-html=out.html @O@ @M@"
	"report -i @M@ -s type,typeoff,typecln,symoff --stdio"
	"annotate -i @M@ --data-type --type-stat --stdio"
	"diff @M@ @O@"
	"mem report -i @M@ --vmlinux $W/kernel/vmlinux -s type,typeoff --stdio"
	"c2c report -i @M@ --vmlinux $W/kernel/vmlinux --stdio"
)

# Runs perf with the arguments in $1 (a string split on blanks) in $W/run;
# prints the kind of failure, if any.  A refusal must name one of the
# files given after it.
run_cmd() {	# ARGS NAME...
	local st name named=0
	local -a args

	read -ra args <<< "$1"
	shift
	(cd "$W/run" && timeout -s KILL "$TIMEOUT" "$PERF" "${args[@]}") \
		> "$W/run/out" 2> "$W/run/err" < /dev/null
	st=$?
	for name; do
		grep -qF -e "$(basename "$name")" "$W/run/err" && named=1
	done
	if [ $st = 137 ]; then
		echo hang
	elif [ $st -gt 128 ] && [ $st -lt 192 ]; then
		echo "signal$((st - 128))"
	elif grep -q 'ERROR: AddressSanitizer\|runtime error:' "$W/run/err"; then
		echo sanitizer
	elif [ $st != 0 ] && [ $named = 0 ]; then
		echo unnamed
	elif [ $st != 0 ] && [ $st != 1 ] && [ $st != 255 ]; then
		echo "exit$st"
	fi
}

# Feeds file $1 (a mutation of $2) to command $3; prints the failure kind, if any.
run_one() {
	local m=$1 o=$2 cmd=${CMDS[$3]}

	cmd=${cmd//@M@/$m}
	run_cmd "${cmd//@O@/$o}" "$m" "$o"
}

fuzz_files() {
	local inputs=("$W/corpus/before.data" "$W/corpus/after.data" "$W/corpus/sessions.data"
		      "$W/corpus/br.data" "$W/corpus/mem.data" "$W/kernel/kmem.data")
	local n first c kind fails=0 unclear=0 batch=100 i
	local -a per_cmd

	rm -rf "$W/mutated" "$W/run"
	mkdir -p "$W/mutated" "$W/run" "$FAILURES"
	for ((first = 0; first < FILES; first += batch)); do
		python3 "$TOP/fuzz/mutate.py" "$SEED" "$first" \
			$((FILES - first < batch ? FILES - first : batch)) "$W/mutated" \
			"${inputs[@]}" > "$W/mutated/list" || return 1
		while read -r n orig what; do
			c=$((n % ${#CMDS[@]}))
			per_cmd[c]=$((${per_cmd[c]:-0} + 1))
			kind=$(run_one "$W/mutated/$n.data" "$orig" $c)
			case $kind in
			"") ;;
			unnamed | exit*)
				unclear=$((unclear + 1))
				echo "$kind $n ($what) perf ${CMDS[c]}" >> "$W/unclear.log" ;;
			*)
				fails=$((fails + 1))
				i=$FAILURES/$SEED-$n
				mkdir -p "$i"
				cp "$W/mutated/$n.data" "$orig" "$W/run/err" "$i/"
				echo "$kind: perf ${CMDS[c]}  (M=$n.data, a $what of O=$orig)" > "$i/what"
				echo "      $kind: $i" ;;
			esac
			rm -f "$W/mutated/$n.data"
		done < "$W/mutated/list"
	done
	for c in "${!CMDS[@]}"; do
		echo "      perf ${CMDS[c]}: ${per_cmd[c]:-0} files"
	done
	[ $unclear = 0 ] || echo "      $unclear refusals without the file name or with an odd exit status: build/fuzz/unclear.log"
	result $fails "perf.data files: $FILES mutated files (seed $SEED), $fails crashes/hangs/sanitizer reports"
}

# Records the programs whose binaries fuzz_binaries() damages, with an
# empty build-id cache of their own: perf must read the binary at its path,
# damaged, not a copy cached by an earlier run.
make_elf_corpus() {
	local e=$W/elf v

	[ -s "$e/forged.data" ] && return 0
	rm -rf "$e"
	mkdir -p "$e/bin" "$e/before" "$e/after" "$e/forged" "$e/buildid"
	for v in before after; do
		cc -g -O2 -fno-omit-frame-pointer -o "$e/$v/div" "$TOP/demo/$v/div.c" &&
		"$PERF" --buildid-dir "$e/buildid" record -q -N -e cpu-clock -F 250 -g -o "$e/$v.data" "$e/$v/div" \
			> /dev/null 2>&1 || return 1
	done
	# Source names that climb out of any tree: ../../../../etc/div.c
	cc -g -O2 -fno-omit-frame-pointer -fdebug-prefix-map="$TOP/demo/before=../../../../etc" \
		-o "$e/forged/div" "$TOP/demo/before/div.c" &&
	"$PERF" --buildid-dir "$e/buildid" record -q -N -e cpu-clock -F 250 -g -o "$e/forged.data" \
		"$e/forged/div" > /dev/null 2>&1 || return 1
	cc -g -O2 -o "$e/bin/sessions" "$TOP/demo/datatype/sessions.c" &&
	"$PERF" --buildid-dir "$e/buildid" record -q -N -e cpu-clock -F 250 -o "$e/sessions.data" "$e/bin/sessions" \
		> /dev/null 2>&1 || return 1
	for v in bin/sessions before/div after/div; do
		cp "$e/$v" "$e/$v.orig" || return 1
	done
}

# The commands on damaged binaries, and the binary each one reads
ELF_CMDS=(
	"report -i @E@/sessions.data -s type,typeoff,typecln,symoff --stdio|bin/sessions"
	"annotate -i @E@/sessions.data --data-type --type-stat --stdio|bin/sessions"
	"diff --stream @E@/before.data @E@/after.data|before/div"
	"diff --stream --before $TOP/demo/before --after $TOP/demo/after @E@/before.data @E@/after.data|after/div"
	"diff --folded @E@/before.data @E@/after.data|before/div"
	"diff --flame-html=out.html @E@/before.data @E@/after.data|after/div"
)

# Damaged DWARF, line tables, CFI and symbol tables of the profiled
# binaries (fuzz/corrupt_elf.py), one damaged section per run.
fuzz_binaries() {
	local e=$W/elf n c cmd bin what kind fails=0 i
	local -a per_cmd

	mkdir -p "$W/run" "$FAILURES"
	# The damage must reach perf: the demo's type comes and goes with the
	# DWARF of the binary at its recorded path
	cp "$e/bin/sessions.orig" "$e/bin/sessions"
	run_cmd "--buildid-dir $e/buildid report -i $e/sessions.data -s type --stdio" > /dev/null
	if ! grep -q 'struct session' "$W/run/out"; then
		result 1 "damaged binaries: the demo's types do not resolve"
		return
	fi
	objcopy --strip-debug "$e/bin/sessions.orig" "$e/bin/sessions"
	run_cmd "--buildid-dir $e/buildid report -i $e/sessions.data -s type --stdio" > /dev/null
	if grep -q 'struct session' "$W/run/out"; then
		result 1 "damaged binaries: perf does not read the binary at its recorded path"
		return
	fi
	for ((n = 0; n < BINARIES; n++)); do
		c=$((n % ${#ELF_CMDS[@]}))
		cmd=${ELF_CMDS[c]%|*} bin=${ELF_CMDS[c]#*|}
		cp "$e/bin/sessions.orig" "$e/bin/sessions"
		cp "$e/before/div.orig" "$e/before/div"
		cp "$e/after/div.orig" "$e/after/div"
		what=$(python3 "$TOP/fuzz/corrupt_elf.py" "$SEED" "$n" "$e/$bin.orig" "$e/$bin") ||
			{ result 1 "damaged binaries: corrupt_elf.py failed"; return; }
		per_cmd[c]=$((${per_cmd[c]:-0} + 1))
		kind=$(run_cmd "--buildid-dir $e/buildid ${cmd//@E@/$e}" "$bin" sessions.data before.data after.data)
		case $kind in
		"" | unnamed | exit*) ;;
		*)
			fails=$((fails + 1))
			i=$FAILURES/elf-$SEED-$n
			mkdir -p "$i"
			cp "$e/$bin" "$W/run/err" "$i/"
			echo "$kind: perf ${cmd//@E@/$e}  ($bin: $what)" > "$i/what"
			echo "      $kind: $i" ;;
		esac
	done
	cp "$e/bin/sessions.orig" "$e/bin/sessions"
	cp "$e/before/div.orig" "$e/before/div"
	cp "$e/after/div.orig" "$e/after/div"
	for c in "${!ELF_CMDS[@]}"; do
		echo "      perf ${ELF_CMDS[c]%|*}: ${per_cmd[c]:-0} binaries" | sed "s|@E@/||g"
	done
	result $fails "damaged binaries: $BINARIES variants (seed $SEED), $fails crashes/hangs/sanitizer reports"
}

# A vmlinux and a kernel module in miniature, built from the sources of the
# series' data_type_kernel.sh, and a fixture with a kernel sample on every
# instruction of both: the module's code and data are read through its
# relocations, which fuzz_kernel() damages.
make_kernel_corpus() {
	local k=$W/kernel src=$LINUX/tools/perf/tests/shell/lib/data_type_kernel
	local -a kcc=(cc -g -O2 -mcmodel=kernel -fno-pie -ffreestanding
		-fno-asynchronous-unwind-tables -mno-red-zone -fcf-protection=none)

	[ -s "$k/kmem.data" ] && return 0
	rm -rf "$k"
	mkdir -p "$k/buildid"
	"${kcc[@]}" -fstack-protector-strong -c "$src/vmlinux.c" -o "$k/vmlinux.o" &&
	cc -nostdlib -static -no-pie -T "$src/vmlinux.lds" -o "$k/vmlinux.orig" "$k/vmlinux.o" &&
	"${kcc[@]}" -c "$src/module.c" -o "$k/bio.ko.orig" || return 1
	cp "$k/vmlinux.orig" "$k/vmlinux" && cp "$k/bio.ko.orig" "$k/bio.ko" || return 1
	printf 'event cpu-clock\nkernel %s/vmlinux\nmodule %s/bio.ko 0xffffffffc0200000\nprocess 1 swapper\n' \
		"$k" "$k" > "$k/kernel.desc"
	objdump -d --no-show-raw-insn "$k/vmlinux" "$k/bio.ko" |
		sed -n -e 's/^\([0-9a-f]*\) <\(.*\)>:$/F \1 \2/p' -e 's/^ *\([0-9a-f]*\):.*/I \1/p' |
		kernel_samples >> "$k/kernel.desc"
	kernel_mem_samples "$k" > "$k/kmem.desc" &&
	"$PERF" test -w fixture "$k/kernel.desc" "$k/kernel.data" > /dev/null 2>&1 &&
	"$PERF" test -w fixture "$k/kmem.desc" "$k/kmem.data" > /dev/null 2>&1
}

# Memory samples of the vmlinux in $1: a %gs-relative read of a per-cpu
# variable, which tells where the per-cpu area is, then a read of every
# per-cpu and global variable by its data address
kernel_mem_samples() {
	local base=ffff8881 word

	word=$(objdump -d --no-show-raw-insn "$1/vmlinux" |
	       awk '$2 == "<percpu_word>:" { on = 1; next }
		    on && /\(%r[a-z0-9]*,%r[a-z0-9]*,1\)/ { sub(":", "", $1); print $1; exit }')
	printf 'event mem-loads\nkernel %s/vmlinux\nprocess 1 swapper\n' "$1"
	# update_rq_clock() adds to runqueues.clock, 24 bytes in
	echo "sample ip=update_rq_clock addr=0x$base$(printf %08x $((0x$(nm "$1/vmlinux" |
		awk '$3 == "runqueues" { print substr($1, 9) }') + 24))) data_src=l3-hitm"
	nm "$1/vmlinux" | while read -r addr type name; do
		case $type in
		[dDbB])	;;
		*)	continue ;;
		esac
		case $addr in
		00000000*) addr=$base${addr#00000000} ;;
		esac
		echo "sample repeat=2 ip=0x$word addr=0x$addr data_src=l3-hitm"
	done
}

# "F ADDR FUNC" and "I ADDR" lines of a disassembly in, a fixture sample
# at each instruction out
kernel_samples() {
	local kind addr func= start

	while read -r kind addr name; do
		if [ "$kind" = F ]; then
			func=$name start=$((16#$addr))
		elif [ -n "$func" ]; then
			echo "sample ip=$func+0x$(printf %x $((16#$addr - start)))"
		fi
	done
}

KERNEL_CMDS=(
	"report -i @K@/kernel.data --vmlinux @K@/vmlinux -s type,typeoff,typecln,symoff --stdio"
	"annotate -i @K@/kernel.data --vmlinux @K@/vmlinux --data-type --type-stat --stdio"
	"mem report -i @K@/kmem.data --vmlinux @K@/vmlinux -s type,typeoff --stdio"
	"c2c report -i @K@/kmem.data --vmlinux @K@/vmlinux --stdio"
)

# The module with damaged relocations (one entry or the bytes of a .rela
# section), symbols or DWARF; every fourth variant damages the vmlinux.
fuzz_kernel() {
	local k=$W/kernel n c cmd file what kind fails=0 i
	local -a sections per_cmd

	mkdir -p "$W/run" "$FAILURES"
	# The damage must reach perf: struct bio comes and goes with the
	# module's DWARF at its path
	for file in stripped orig; do
		cp "$k/bio.ko.orig" "$k/bio.ko"
		[ $file = stripped ] && objcopy --strip-debug "$k/bio.ko.orig" "$k/bio.ko"
		run_cmd "--buildid-dir $k/buildid report -i $k/kernel.data --vmlinux $k/vmlinux -s type --stdio" > /dev/null
		if grep -q 'struct bio *$' "$W/run/out"; then
			[ $file = orig ] && continue
			result 1 "damaged kernel module: perf does not read the module at its path"
			return
		fi
		[ $file = stripped ] && continue
		result 1 "damaged kernel module: the module's types do not resolve"
		return
	done
	for ((n = 0; n < BINARIES; n++)); do
		c=$((n % ${#KERNEL_CMDS[@]}))
		cmd=${KERNEL_CMDS[c]//@K@/$k}
		file=bio.ko sections=()
		[ $((n % 4)) = 3 ] && file=vmlinux
		[ $((n % 4)) = 1 ] && sections=(.rela.text .rela.debug_info .rela.debug_line)
		cp "$k/bio.ko.orig" "$k/bio.ko"
		cp "$k/vmlinux.orig" "$k/vmlinux"
		what=$(python3 "$TOP/fuzz/corrupt_elf.py" "$SEED" "$n" "$k/$file.orig" "$k/$file" \
			"${sections[@]}") ||
			{ result 1 "damaged kernel module: corrupt_elf.py failed"; return; }
		per_cmd[c]=$((${per_cmd[c]:-0} + 1))
		kind=$(run_cmd "--buildid-dir $k/buildid $cmd" "$file" kernel.data)
		case $kind in
		"" | unnamed | exit*) ;;
		*)
			fails=$((fails + 1))
			i=$FAILURES/kernel-$SEED-$n
			mkdir -p "$i"
			cp "$k/$file" "$W/run/err" "$i/"
			echo "$kind: perf $cmd  ($file: $what)" > "$i/what"
			echo "      $kind: $i" ;;
		esac
	done
	cp "$k/bio.ko.orig" "$k/bio.ko"
	cp "$k/vmlinux.orig" "$k/vmlinux"
	for c in "${!KERNEL_CMDS[@]}"; do
		echo "      perf ${KERNEL_CMDS[c]}: ${per_cmd[c]:-0} variants" | sed "s|@K@/||g"
	done
	result $fails "damaged kernel module and vmlinux: $BINARIES variants (seed $SEED), $fails crashes/hangs/sanitizer reports"
}

# Source trees given to --before that a user would not expect: an escaping
# symbolic link, a FIFO, a device, a directory, binary data, a 1 MB line,
# CRLF line ends, an empty file, a file that comes and goes, and a binary
# whose DWARF names its sources with ".." out of any tree.  perf must
# finish, say what it did not map, and never hang on a FIFO or device.
HOSTILE=(escape escape-dir fifo device directory binary longline crlf empty vanishing forged)

hostile_tree() {	# CASE DIR
	local d=$2 src=$TOP/demo/before/div.c

	mkdir -p "$d"
	case $1 in
	escape)		ln -s /etc/passwd "$d/div.c" ;;
	escape-dir)	ln -s / "$d/$(echo "$TOP" | cut -d/ -f2)" ;;
	fifo)		mkfifo "$d/div.c" ;;
	device)		mknod "$d/div.c" c 1 5 2> /dev/null || ln -s /dev/zero "$d/div.c" ;;
	directory)	mkdir "$d/div.c" ;;
	binary)		head -c 65536 "$PERF" > "$d/div.c" ;;
	longline)	{ head -c 1048576 /dev/zero | tr '\0' x; echo; cat "$src"; } > "$d/div.c" ;;
	crlf)		sed 's/$/\r/' "$src" > "$d/div.c" ;;
	empty)		: > "$d/div.c" ;;
	vanishing | forged) cp "$src" "$d/div.c" ;;
	esac
}

fuzz_sources() {
	local e=$W/elf t kind fails=0 flipper= old
	local cases=0

	mkdir -p "$W/run"
	for t in "${HOSTILE[@]}"; do
		rm -rf "$W/src"
		hostile_tree "$t" "$W/src/$t"
		if [ "$t" = vanishing ]; then
			(while :; do mv -f "$W/src/$t/div.c" "$W/src/$t/x" 2> /dev/null
				mv -f "$W/src/$t/x" "$W/src/$t/div.c" 2> /dev/null; done) &
			flipper=$!
		fi
		old=$e/before.data
		[ "$t" = forged ] && old=$e/forged.data
		kind=$(run_cmd "diff --stream --before $W/src/$t --after $TOP/demo/after $old $e/after.data")
		[ -n "$flipper" ] && kill "$flipper" && wait "$flipper" 2> /dev/null
		flipper=
		cases=$((cases + 1))
		# A source file perf cannot use is not an error of the command
		[ -z "$kind" ] && ! grep -q . "$W/run/out" && kind=empty-output
		if [ -n "$kind" ]; then
			fails=$((fails + 1))
			echo "      $kind: --before tree with $t: $(tail -2 "$W/run/err" | tr '\n' ' ')"
		fi
	done
	for t in /nonexistent-tree /etc/passwd; do
		kind=$(run_cmd "diff --stream --before $t --after $TOP/demo/after $e/before.data $e/after.data" "$t")
		cases=$((cases + 1))
		[ -z "$kind" ] && grep -q . "$W/run/out" && kind=not-refused
		if [ -n "$kind" ]; then
			fails=$((fails + 1))
			echo "      $kind: --before $t: $(tail -2 "$W/run/err" | tr '\n' ' ')"
		fi
	done
	rm -rf "$W/src"
	result $fails "hostile source trees: $cases cases, $fails failures"
}

# The libFuzzer harnesses, built from the work tree's sources
build_harnesses() {
	local t=$LINUX/tools p=$LINUX/tools/perf lf=$W/lf
	local cflags=(-g -O1 -fsanitize=fuzzer,address,undefined -D_GNU_SOURCE
		-DHAVE_AUXTRACE_SUPPORT -I"$lf" -I"$p/util" -I"$p" -I"$t/include"
		-I"$t/lib/perf/include" -I"$t/lib" -I"$t/arch/x86/include" -I"$t"
		-include "$t/include/linux/compiler.h")

	mkdir -p "$lf"
	awk -f "$t/arch/x86/tools/gen-insn-attr-x86.awk" "$t/arch/x86/lib/x86-opcode-map.txt" \
		> "$lf/inat-tables.c" || return 1
	clang "${cflags[@]}" -o "$lf/srclist_fuzz" "$TOP/fuzz/srclist_fuzz.c" "$TOP/fuzz/stubs.c" \
		"$p/util/srclist.c" "$p/util/strbuf.c" "$p/util/hashmap.c" "$p/util/strlist.c" \
		"$p/util/rblist.c" "$t/lib/rbtree.c" "$t/lib/zalloc.c" \
		"$t/lib/perf/lib.c" > "$lf/build.log" 2>&1 &&
	clang "${cflags[@]}" -o "$lf/insn_fuzz" "$TOP/fuzz/insn_fuzz.c" "$TOP/fuzz/stubs.c" \
		"$TOP/fuzz/insn_lib.c" "$p/util/insn-arch.c" >> "$lf/build.log" 2>&1
}

# The campaign keeps the corpus it grows in build/fuzz/lf; the smoke starts
# from the seeds each time, so that it sees the same inputs every run.
run_harness() {	# NAME MAX_LEN SEED_DIR
	local lf=$W/lf st corpus=$W/lf/$1.corpus

	[ "$SMOKE" = 1 ] && corpus=$W/lf/$1.smoke && rm -rf "$corpus"
	mkdir -p "$corpus" "$FAILURES/$1"
	"$lf/$1" -seed="$SEED" -runs="$RUNS" -max_len="$2" -timeout=10 -rss_limit_mb=1024 \
		-artifact_prefix="$FAILURES/$1/" "$corpus" "$3" > "$lf/$1.log" 2>&1
	st=$?
	[ $st = 0 ] || tail -30 "$lf/$1.log" | sed 's/^/      /'
	result $st "$1: $(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 executions in \2 s/p' \
		"$lf/$1.log" | tail -1) (seed $SEED)"
}

fuzz_functions() {
	local seeds=$W/lf/seeds off

	if ! build_harnesses; then
		grep -E 'error' "$W/lf/build.log" | head -20 | sed 's/^/      /'
		result 1 "libFuzzer harnesses build (clang, libclang-rt-14-dev)"
		return
	fi
	rm -rf "$seeds"
	mkdir -p "$seeds/srclist" "$seeds/insn"
	{ cat "$TOP/demo/before/div.c"; printf '@@@\n'; cat "$TOP/demo/after/div.c"; } \
		> "$seeds/srclist/div"
	objcopy -O binary --only-section=.text "$W/corpus/before/div" "$seeds/text" &&
	for ((off = 0; off < 2048; off += 16)); do
		tail -c +$((off + 1)) "$seeds/text" | head -c 15 > "$seeds/insn/$off"
	done
	run_harness srclist_fuzz 8192 "$seeds/srclist"
	run_harness insn_fuzz 32 "$seeds/insn"
}

[ -x "$PERF" ] || die "no perf at $PERF: run make first"
mkdir -p "$W"
rm -f "$W/unclear.log"
# the kernel's memory samples are mutated too
if ! make_kernel_corpus; then
	result 1 "kernel: building the vmlinux and module or writing their fixtures failed"
elif make_corpus; then
	fuzz_files
else
	result 1 "corpus: recording the demo programs or writing the fixtures failed"
fi
if make_elf_corpus; then
	fuzz_binaries
	fuzz_sources
else
	result 1 "binaries: building or recording the demo programs failed"
fi
[ -s "$W/kernel/kmem.data" ] && fuzz_kernel
fuzz_functions
exit $status
