#!/usr/bin/env python3
"""Write a copy of an ELF file with one of its debug or symbol sections damaged.

usage: corrupt_elf.py SEED N INPUT OUTPUT [SECTION...]

With SECTIONs, the damaged section is one of them (those the file has).

The damage is made by a random generator seeded with (SEED, N) only, so a
variant can be made again on its own.  The relocation sections of a
relocatable file (a kernel module) are damaged entry by entry too: an
offset past its section, a symbol index past the symbol table, a type
the reader does not know, a wild addend.  Only section contents change: the
ELF and section headers and the build-id note stay, so perf still takes the
file for the binary the profile names.  Prints "section what" on stdout.
"""
import random
import struct
import sys

# The sections the series reads, directly or through libdw and libelf
TARGETS = [".debug_info", ".debug_abbrev", ".debug_line", ".debug_loclists",
           ".debug_loc", ".debug_addr", ".got", ".rela.dyn",
           ".debug_rnglists", ".debug_str", ".debug_line_str", ".debug_aranges",
           ".debug_frame", ".eh_frame", ".eh_frame_hdr", ".symtab", ".strtab",
           ".rela.text", ".rela.debug_info", ".rela.debug_line", ".rela.debug_loclists",
           ".rela.debug_rnglists", ".rela.debug_aranges", ".rela.debug_frame"]

INTERESTING = [0, 1, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0xffffffff]


def sections(buf):
    """Name -> (offset, size) of the sections of an ELF64 little-endian file."""
    if buf[:4] != b"\x7fELF" or buf[4] != 2 or buf[5] != 1:
        sys.exit("corrupt_elf.py: not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", buf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", buf, 0x3a)
    hdrs = [struct.unpack_from("<IIQQQQ", buf, shoff + i * shentsize)
            for i in range(shnum)]
    stroff = hdrs[shstrndx][4]
    found = {}
    for name, sh_type, _, _, off, size in hdrs:
        end = buf.index(b"\0", stroff + name)
        if sh_type != 8 and size:	# SHT_NOBITS has no bytes in the file
            found[buf[stroff + name:end].decode()] = (off, size)
    return found


RELA_SIZE = 24	# Elf64_Rela: r_offset, r_info (symbol << 32 | type), r_addend


def damage_rela(rnd, buf, off, size):
    """One field of one relocation entry set to an interesting value."""
    entry = off + rnd.randrange(size // RELA_SIZE) * RELA_SIZE
    field = rnd.choice(["offset", "symbol", "type", "addend"])
    value = rnd.choice(INTERESTING)
    if field == "offset":
        struct.pack_into("<Q", buf, entry, value)
    elif field == "symbol":
        struct.pack_into("<I", buf, entry + 12, value)
    elif field == "type":
        struct.pack_into("<I", buf, entry + 8, value)
    else:
        struct.pack_into("<q", buf, entry + 16, -value if rnd.randrange(2) else value)
    return "relocation %s at %#x" % (field, entry - off)


def damage(rnd, buf, off, size, name):
    kinds = ["bytes", "bitflip", "word", "zero", "fill", "tail"]
    if name.startswith(".rela") and size >= RELA_SIZE:
        kinds += ["rela"] * 3
    kind = rnd.choice(kinds)
    if kind == "rela":
        return damage_rela(rnd, buf, off, size)
    pos = off + rnd.randrange(size)
    if kind == "bytes":
        for _ in range(rnd.randint(1, 4)):
            buf[off + rnd.randrange(size)] = rnd.randrange(256)
    elif kind == "bitflip":
        buf[pos] ^= 1 << rnd.randrange(8)
    elif kind == "word" and size >= 4:
        pos = off + rnd.randrange(size - 3)
        struct.pack_into("<I", buf, pos, rnd.choice(INTERESTING))
    elif kind in ("zero", "fill"):
        n = min(rnd.randint(1, 64), off + size - pos)
        buf[pos:pos + n] = bytes([0 if kind == "zero" else 0xff]) * n
    else:	# the section cut short: its tail is garbage
        n = off + size - pos
        buf[pos:off + size] = bytes(rnd.randrange(256) for _ in range(min(n, 4096))) + \
            bytes(max(0, n - 4096))
    return "%s at %#x" % (kind, pos - off)


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    seed, n, src, dst = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    targets = sys.argv[5:] or TARGETS
    buf = bytearray(open(src, "rb").read())
    rnd = random.Random("%d-%d" % (seed, n))
    present = sections(buf)
    names = [s for s in targets if s in present]
    if not names:
        sys.exit("corrupt_elf.py: %s has none of the sections to damage" % src)
    name = rnd.choice(names)
    what = damage(rnd, buf, *present[name], name)
    open(dst, "wb").write(buf)
    print(name, what)


if __name__ == "__main__":
    main()
