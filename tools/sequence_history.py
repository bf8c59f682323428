#!/usr/bin/env python3
"""Write assets/rules/sequences.ron: the digest of every sequence of play Musket has shipped as a
rule system's built-in one, read from the project's history.

A save of versions 3 to 5 holds its sequence of play outside its digest; the loader takes it only
if it is one of these (or the generic one, or the loader's own rules file's). Run this after
changing a `sequence` section in assets/rules/*.ron (a test fails until you do):

    cargo build --release --no-default-features
    python3 tools/sequence_history.py [path/to/musket]
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULESETS = ["gcacw", "gbacw", "ngg1812", "shiloh"]


def git(*args):
    return subprocess.run(["git", "-C", ROOT, *args], check=True, capture_output=True,
                          text=True).stdout


def digest(musket, ruleset, text):
    with tempfile.NamedTemporaryFile("w", suffix=".ron", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        r = subprocess.run([musket, "sequence-digest", ruleset, path], capture_output=True,
                           text=True)
    finally:
        os.unlink(path)
    out = r.stdout.strip()
    if r.returncode != 0 or not out or out == "none":
        return None
    return out


def main():
    default = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")),
                           "release", "musket")
    musket = sys.argv[1] if len(sys.argv) > 1 else default
    commits = git("log", "--reverse", "--format=%H", "--", "assets/rules").split()
    seen = {}
    for c in commits + [None]:
        for r in RULESETS:
            path = f"assets/rules/{r}.ron"
            if c is None:
                full = os.path.join(ROOT, path)
                if not os.path.exists(full):
                    continue
                text = open(full, encoding="utf-8").read()
                since = "working tree"
            else:
                try:
                    text = git("show", f"{c}:{path}")
                except subprocess.CalledProcessError:
                    continue
                since = c[:10]
            d = digest(musket, r, text)
            if d and (r, d) not in seen:
                seen[(r, d)] = since
    out = os.path.join(ROOT, "assets", "rules", "sequences.ron")
    with open(out, "w", encoding="utf-8") as f:
        f.write("// The digest of every sequence of play Musket has shipped as a rule system's\n")
        f.write("// built-in one (tools/sequence_history.py; `rules::sequence::history`): a save\n")
        f.write("// of versions 3 to 5 loads only with one of these, the generic one or the\n")
        f.write("// loader's own rules file's. Generated: do not edit.\n[\n")
        for (r, d), since in seen.items():
            f.write(f'    (ruleset: "{r}", digest: "{d}"), // {since}\n')
        f.write("]\n")
    print(f"{len(seen)} sequences written to {out}")


if __name__ == "__main__":
    main()
