#!/usr/bin/env python3
"""Write mutated copies of perf.data files, reproducibly.

usage: mutate.py SEED FIRST COUNT OUTDIR INPUT...

Writes OUTDIR/<n>.data for n in FIRST..FIRST+COUNT-1.  File n is a
mutation of INPUT[n % len(INPUT)] made by a random generator seeded with
(SEED, n) only, so any one file can be made again on its own.  Most
mutations hit the data section (the events), the rest the header, the
attributes and the feature sections.  The mutation applied is printed
as "n input what" lines.
"""
import random
import struct
import sys

INTERESTING = [0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff,
               0x80000000, 0xffffffff, 0x7fffffffffffffff, 0xffffffffffffffff]


def data_section(buf):
    if len(buf) < 56 or buf[:8] != b"PERFILE2":
        return 0, len(buf)
    off, size = struct.unpack_from("<QQ", buf, 40)
    if off >= len(buf):
        return 0, len(buf)
    return off, min(len(buf), off + size)


def position(rnd, buf):
    start, end = data_section(buf)
    if end > start and rnd.random() < 0.8:
        return rnd.randrange(start, end)
    return rnd.randrange(len(buf))


def mutate_once(rnd, buf):
    kind = rnd.choice(["bitflip", "byte", "word", "truncate", "cut", "repeat",
                       "size"])
    pos = position(rnd, buf)
    if kind == "bitflip":
        for _ in range(rnd.randint(1, 4)):
            p = position(rnd, buf)
            buf[p] ^= 1 << rnd.randrange(8)
    elif kind == "byte":
        buf[pos] = rnd.choice([0, 0xff, 0x7f, 0x80, rnd.randrange(256)])
    elif kind == "word":
        width = rnd.choice([2, 4, 8])
        value = rnd.choice(INTERESTING + [rnd.getrandbits(8 * width)])
        value &= (1 << (8 * width)) - 1
        pos = min(pos, len(buf) - width)
        if pos >= 0:
            buf[pos:pos + width] = value.to_bytes(width, "little")
    elif kind == "truncate":
        del buf[max(pos, 1):]
    elif kind == "cut":
        del buf[pos:pos + rnd.choice([1, 8, rnd.randint(1, 4096)])]
    elif kind == "repeat":
        chunk = buf[pos:pos + rnd.choice([8, rnd.randint(1, 4096)])]
        buf[pos:pos] = chunk * rnd.randint(1, 3)
    elif kind == "size":
        # the u16 size of the event header at an 8-byte boundary of the data
        start, end = data_section(buf)
        if end - start >= 8:
            p = start + 6 + 8 * rnd.randrange((end - start) // 8)
            if p + 2 <= len(buf):
                v = rnd.choice([0, 1, 7, 8, 0xfff8, 0xffff, rnd.randrange(65536)])
                buf[p:p + 2] = v.to_bytes(2, "little")
    return kind


def main():
    seed, first, count, outdir = (int(sys.argv[1]), int(sys.argv[2]),
                                  int(sys.argv[3]), sys.argv[4])
    inputs = sys.argv[5:]
    contents = [open(path, "rb").read() for path in inputs]
    for n in range(first, first + count):
        rnd = random.Random(seed * 1000003 + n)
        i = n % len(inputs)
        buf = bytearray(contents[i])
        kinds = [mutate_once(rnd, buf) for _ in range(rnd.choice([1, 1, 1, 2, 3]))
                 if len(buf) > 0]
        with open("%s/%d.data" % (outdir, n), "wb") as f:
            f.write(buf)
        print(n, inputs[i], "+".join(kinds))


if __name__ == "__main__":
    main()
