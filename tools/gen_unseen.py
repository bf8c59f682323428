#!/usr/bin/env python3
"""Battlefields the computer opponent has not been tuned on, for measuring it (issue 19).

Writes variants of a shipped scenario: every stack starts up to two hexes from where it does
in the original (a random walk over the map, seeded), every victory hex moves up to one hex and
its points are redrawn from 1 to 6, and the map, rules and turns stay. `musket check` judges
each variant; one it refuses (a unit on terrain it cannot enter, a stack too large) is drawn
again. Nothing here is shipped: the variants are for `musket selfplay`.

    python3 tools/gen_unseen.py scenarios/foxs-gap.ron OUT_DIR COUNT [--musket PATH]
"""

import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from gen_scenarios import neighbours  # noqa: E402

HEX = re.compile(r'hex: "(\d\d)(\d\d)"')


def size(text):
    cols = int(re.search(r"columns: (\d+)", text).group(1))
    rows = int(re.search(r"rows: (\d+)", text).group(1))
    return cols, rows


def walk(h, steps, rng, cols, rows):
    for _ in range(steps):
        options = [n for n in neighbours(h) if 1 <= n[0] <= cols and 1 <= n[1] <= rows]
        h = rng.choice(options)
    return h


def section(text, key):
    """The span of a top-level field (`    key: ...`) up to the next one."""
    m = re.search(rf"\n    {key}:", text)
    if not m:
        return None
    nxt = re.search(r"\n    [a-z_]+:", text[m.end():])
    end = m.end() + nxt.start() if nxt else len(text)
    return m.start(), end


def variant(text, rng):
    cols, rows = size(text)

    def walk_from(m, steps):
        return walk((int(m.group(1)), int(m.group(2))), rng.randint(0, steps), rng, cols, rows)

    def label(h):
        return f'hex: "{h[0]:02}{h[1]:02}"'

    a, b = section(text, "victory")
    victory = HEX.sub(lambda m: label(walk_from(m, 1)), text[a:b])
    victory = re.sub(r"points: \d+", lambda m: f"points: {rng.randint(1, 6)}", victory)
    text = text[:a] + victory + text[b:]
    # Each stack (the units starting in one hex) moves together.
    a, b = section(text, "units")
    stacks = {}

    def stack(m):
        key = m.group(0)
        if key not in stacks:
            stacks[key] = label(walk_from(m, 2))
        return stacks[key]

    return text[:a] + HEX.sub(stack, text[a:b]) + text[b:]


def main():
    args = sys.argv[1:]
    musket = "musket"
    if "--musket" in args:
        i = args.index("--musket")
        musket = args[i + 1]
        del args[i : i + 2]
    src, out, count = args[0], args[1], int(args[2])
    text = open(src).read()
    os.makedirs(out, exist_ok=True)
    base = os.path.splitext(os.path.basename(src))[0]
    made = 0
    seed = 0
    while made < count and seed < count * 50:
        seed += 1
        rng = random.Random(f"{base}-{seed}")
        v = variant(text, rng).replace("title: \"", f'title: "Unseen {seed}: ', 1)
        path = os.path.join(out, f"{base}-unseen-{seed}.ron")
        open(path, "w").write(v)
        r = subprocess.run([musket, "check", path], capture_output=True, text=True)
        if r.returncode != 0:
            os.remove(path)
            continue
        made += 1
        print(path)


if __name__ == "__main__":
    main()
