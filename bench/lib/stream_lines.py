#!/usr/bin/python3
"""Reads the output of perf diff --stream --before OLD --after NEW on
stdin and checks every frame of a chain pair against the line mapping of
diff(1) between the two source files: an old line that diff keeps must be
shown beside its new line, unmarked; a line that diff changes must be
marked '*', on either side (a changed pair may show an unchanged old line
beside a new line that diff adds). Frames whose file is not under both
trees are not checked. Also finds the chains left in "old only" that
diff(1) pairs with a chain of "new only" (same functions, each old line
mapped to the new line or changed, every frame without a source line
the same). Prints: old-hits-paired old-hits-total frames-checked
frames-agreeing missed-chains missed-old-hits, and the first
disagreements on stderr."""
import os
import re
import subprocess
import sys

old_root, new_root = sys.argv[1], sys.argv[2]
FRAME = re.compile(r'^(.*) (\S+):(\d+)$')
HITS = re.compile(r'hits: ([0-9.]+)%')
maps = {}


def find(root, name):
    for d, _, files in os.walk(root):
        if os.path.basename(name) in files:
            path = os.path.join(d, os.path.basename(name))
            if path.endswith(name):
                return path
    return None


def line_map(name):
    """diff(1) between the trees' NAME: (changed old lines, shifts, added new
    lines), or None"""
    if name not in maps:
        old, new = find(old_root, name), find(new_root, name)
        if not old or not new:
            maps[name] = None
            return None
        out = subprocess.run(['diff', old, new], capture_output=True, text=True).stdout
        changed, shift, added = {}, [], set()
        for m in re.finditer(r'^(\d+)(?:,(\d+))?([acd])(\d+)(?:,(\d+))?$', out, re.M):
            a1, a2 = int(m[1]), int(m[2] or m[1])
            b1, b2 = int(m[4]), int(m[5] or m[4])
            if m[3] in 'ac':
                added.update(range(b1, b2 + 1))
            if m[3] == 'a':       # "NaM": lines after old N are new
                shift.append((a1 + 1, b2 - a1))
                continue
            for line in range(a1, a2 + 1):
                changed[line] = True
            # "N,McA,B": old N..M became new A..B; "N,MdA": gone after new A
            shift.append((a2 + 1, (b2 if m[3] == 'c' else b1) - a2))
        maps[name] = (changed, shift, added)
    return maps[name]


def mapped(name, line):
    changed, shift, _ = line_map(name)
    if line in changed:
        return 'changed'
    delta = 0
    for start, d in shift:
        if line >= start:
            delta = d
    return line + delta


section, width, old_hits = None, None, None
paired = total = checked = agree = 0
bad = []
only = {'old': [], 'new': []}
for raw in sys.stdin:
    raw = raw.rstrip('\n')
    if raw.startswith('[ '):
        section = ('matched' if 'Matched' in raw else 'changed' if 'changed' in raw
                   else 'old' if 'old perf data only' in raw else 'new')
        continue
    if 'hits:' in raw and section:
        hits = HITS.findall(raw)
        right = raw.find('hits:', raw.find('hits:') + 1)
        has_old = raw.lstrip().startswith('hits:') and raw.find('hits:') == 2
        width = (right if right > 0 else len(raw)) - 6
        pair = has_old and right > 0
        if has_old:
            total += float(hits[0])
            if pair and section in ('matched', 'changed'):
                paired += float(hits[0])
        in_pair = pair and section in ('matched', 'changed')
        if section in ('old', 'new'):
            only[section].append((float(hits[0]), []))
        continue
    if section in ('old', 'new') and only[section]:
        text = raw.strip().lstrip('* ')
        m = FRAME.match(text)
        if m:
            only[section][-1][1].append((m[1], m[2], int(m[3])))
        elif text and not text.startswith('---'):
            only[section][-1][1].append((text, None, None))
        continue
    if not section or not width or not in_pair or len(raw) < width + 6:
        continue
    left, right = raw[2:2 + width].rstrip(), raw[width + 6:]
    lmark, rmark = raw[0] == '*', raw[width + 4] == '*'
    lf, rf = FRAME.match(left), FRAME.match(right)
    if not lf or not rf or line_map(lf[2]) is None:
        continue
    checked += 1
    want = mapped(lf[2], int(lf[3]))
    if lmark or rmark:
        ok = (lmark == (want == 'changed') and rf[2] == lf[2] and
              rmark == (int(rf[3]) in line_map(lf[2])[2]))
    else:
        ok = (rf[2] == lf[2] and int(rf[3]) == want)
    agree += ok
    if not ok and len(bad) < 5:
        bad.append('%s  |  %s  (diff(1): %s)' % (raw[:width + 2].strip(), right, want))


def diff_pairs(old, new):
    if [f[:2] for f in old] != [f[:2] for f in new]:
        return False
    for (_, name, line), (_, _, nline) in zip(old, new):
        if name is None:
            continue
        want = mapped(name, line) if line_map(name) else line
        if want != 'changed' and want != nline:
            return False
    return True


missed = [h for h, chain in only['old']
          if any(diff_pairs(chain, other) for _, other in only['new'])]
print('%.2f %.2f %d %d %d %.2f' % (paired, total, checked, agree, len(missed), sum(missed)))
for b in bad:
    print('      disagrees: ' + b, file=sys.stderr)
