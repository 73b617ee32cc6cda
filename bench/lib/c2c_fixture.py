#!/usr/bin/env python3
# c2c_fixture.py BINARY SAMPLES [NAME]: print a fixture description (see
# tools/perf/tests/fixture.c of the series) of loads and stores of the
# -O2 -g program BINARY, at least SAMPLES of them, placed on its real
# instructions that access a global or static variable (RIP-relative
# operands, whose data address objdump computes) with those addresses.
# No PMU here records memory samples: the program's code and data are
# real, the counts and CPUs are made up. Threads on 4 CPUs of 2 NUMA
# nodes: the stores of a cache line come from one CPU, its loads from
# all four; a load of a line that is also stored is a HITM, remote when
# the loading CPU is on the other node.
import re
import subprocess
import sys
import zlib

binary, want = sys.argv[1], int(sys.argv[2])
comm = sys.argv[3] if len(sys.argv) > 3 else 'prog'
PIE_BASE = 0x555555554000
LINE = 64
# instructions whose memory operand, even last, is only read
READ_ONLY = ('cmp', 'test', 'bt', 'ucomis', 'comis', 'push', 'pcmp', 'vpcmp',
             'vucomis', 'vcomis')
NO_ACCESS = ('lea', 'nop', 'call', 'jmp', 'prefetch')

elf = subprocess.run(['readelf', '-h', binary], capture_output=True, text=True).stdout
base = PIE_BASE if 'DYN' in elf else 0

# the data symbols: what may be shared between threads
data = set()
for line in subprocess.run(['nm', binary], capture_output=True, text=True).stdout.splitlines():
    f = line.split()
    if len(f) == 3 and f[1] in 'DdBb':
        data.add(int(f[0], 16))

insn = re.compile(r'^\s*([0-9a-f]+):\s+(\S+)\s+(\S+)\s+#\s+([0-9a-f]+) <([^>+]+)(\+0x[0-9a-f]+)?>')
accesses = []  # (ip, addr, is_store)
dump = subprocess.run(['objdump', '-d', '--no-show-raw-insn', binary],
                      capture_output=True, text=True).stdout
for line in dump.splitlines():
    m = insn.match(line)
    if not m or '(%rip)' not in m.group(3):
        continue
    ip, mnem, ops, target = int(m.group(1), 16), m.group(2), m.group(3), int(m.group(4), 16)
    if mnem.startswith(NO_ACCESS):
        continue
    sym_start = target - int(m.group(6) or '0x0', 16)
    if sym_start not in data:
        continue
    store = ops.endswith('(%rip)') and not mnem.startswith(READ_ONLY)
    accesses.append((ip, target, store))
if not accesses:
    sys.exit('%s: no instruction accesses a global through %%rip' % binary)

# the CPU that stores to each line, from the first store to it
writer = {}
for ip, addr, store in accesses:
    if store:
        writer.setdefault(addr // LINE, 2 + zlib.crc32(b'%x' % (addr // LINE)) % 2 * 1)
weights = [1 + zlib.crc32(b'%x' % ip) % 16 for ip, _, _ in accesses]
scale = max(1, -(-want // sum(weights)))

print('event mem-loads mem-stores')
print('topology 0-1 2-3')
print('process 7000 %s' % comm)
print('binary %s' % binary)
total = 0
for (ip, addr, store), weight in zip(accesses, weights):
    n = weight * scale
    line = addr // LINE
    if store:
        cpu = writer[line]
        src = 'store-l1-miss' if zlib.crc32(b'%x' % ip) % 2 else 'store-l1-hit'
        print('sample repeat=%d event=mem-stores ip=0x%x cpu=%d addr=0x%x data_src=%s' %
              (n, base + ip, cpu, base + addr, src))
    else:
        cpu = zlib.crc32(b'%x' % ip) % 4
        if line not in writer:
            src, lat = 'l1-hit', 30
        elif cpu // 2 == writer[line] // 2:
            src, lat = 'l3-hitm', 150
        else:
            src, lat = 'remote-hitm', 300
        print('sample repeat=%d ip=0x%x cpu=%d addr=0x%x weight=%d data_src=%s' %
              (n, base + ip, cpu, base + addr, lat, src))
    total += n
print('# %d accesses, %d samples' % (len(accesses), total))
