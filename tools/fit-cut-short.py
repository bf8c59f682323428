#!/usr/bin/env python3
"""Fit a value of a playout cut short (a rules file's `computer.cut_short`) to positions.

The positions come from `musket selfplay ... --positions FILE`. Each argument is a set:
one CSV, or NAME=CSV,CSV,... (e.g. the files of every pair of styles on the same fields).
The model is the one `CutShort::chance` computes: the chance that a side wins is
1 / (1 + e^-z), z the sum over the features (1, first_side, points, losses) of each times
(a + b x turns_left). It is fitted by iteratively reweighted least squares (a little ridge
keeps it defined) on the games of even seed and tested on the games of odd seed: the
log-loss of each file's held-out games, against the seat alone. Each file weighs alike in
the fit, whatever its number of positions.

    tools/fit-cut-short.py "sm=$(ls sm-*.csv | paste -sd,)" "fields=$(ls gen-*.csv | paste -sd,)"

A set named test:NAME=... is tested but not fitted on; --model=A,B,A,B,A,B,A,B tests the given
weights (bias, first_side, points, losses, each a and b) instead of fitting:

    tools/fit-cut-short.py --model=-0.8124,0,1.6794,0,5.4551,-5.5565,4.8406,4.3818 sm.csv

Pure Python (no packages): a few seconds for 20,000 positions.
"""
import csv
import math
import sys

FEATURES = ["bias", "first_side", "points", "losses"]


def load(arg):
    name, _, files = arg.rpartition("=")
    rows = []
    for path in files.split(","):
        rows += load_file(path)
    if not rows:
        sys.exit(f"{name or files}: no positions")
    return name or files, rows


def load_file(path):
    rows = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            rows.append((int(r["seed"]), float(r["turns_left"]),
                         [1.0, float(r["first_side"]), float(r["points"]), float(r["losses"])],
                         float(r["result"])))
    return rows


def x_of(row):
    _, left, base, _ = row
    return [v for b in base for v in (b, b * left)]


def chance(beta, row):
    z = sum(a * b for a, b in zip(beta, x_of(row)))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def solve(a, b):
    n = len(b)
    m = [a[i][:] + [b[i]] for i in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows, weights, ridge=1e-3):
    d = 2 * len(FEATURES)
    beta = [0.0] * d
    for _ in range(50):
        h = [[ridge * (i == j) for j in range(d)] for i in range(d)]
        g = [-ridge * v for v in beta]
        for row, w in zip(rows, weights):
            x, p, y = x_of(row), chance(beta, row), row[3]
            s = w * p * (1 - p)
            for i in range(d):
                g[i] += w * (y - p) * x[i]
                for j in range(d):
                    h[i][j] += s * x[i] * x[j]
        step = solve(h, g)
        beta = [a + b for a, b in zip(beta, step)]
        if max(abs(v) for v in step) < 1e-7:
            break
    return beta


def log_loss(p_of, rows):
    total = 0.0
    for row in rows:
        p = min(max(p_of(row), 1e-9), 1 - 1e-9)
        y = row[3]
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(rows)


def main(args):
    model = [a for a in args if a.startswith("--model=")]
    paths = [a for a in args if not a.startswith("--model=")]
    if not paths:
        sys.exit(__doc__)
    sets = dict(load(p) for p in paths)
    if model:
        beta = [float(v) for v in model[-1][len("--model="):].split(",")]
        if len(beta) != 2 * len(FEATURES):
            sys.exit(f"--model: {2 * len(FEATURES)} weights, not {len(beta)}")
    else:
        train, weights = [], []
        for name, rows in sets.items():
            even = [r for r in rows if r[0] % 2 == 0]
            if name.startswith("test:") or not even:
                continue
            train += even
            weights += [1.0 / len(even)] * len(even)
        if not train:
            sys.exit("no set to fit on (every set is test: or has no game of even seed)")
        scale = len(train) / sum(weights)
        beta = fit(train, [w * scale for w in weights])
    for path, rows in sets.items():
        held = [r for r in rows if r[0] % 2 == 1]
        if not held:
            print(f"{path}: no games of odd seed to test on")
            continue
        first = [r for r in rows if r[0] % 2 == 0 and r[2][1] == 1.0]
        p1 = sum(r[3] for r in first) / max(len(first), 1)
        seat = log_loss(lambda r: p1 if r[2][1] == 1.0 else 1 - p1, held)
        print(f"{path}: {len(rows)} positions, held out {len(held)}: "
              f"log-loss {log_loss(lambda r: chance(beta, r), held):.4f} (the seat alone {seat:.4f})")
    for k, name in enumerate(FEATURES):
        print(f"        {name}: ({beta[2 * k]:.4f}, {beta[2 * k + 1]:.4f}),")


if __name__ == "__main__":
    main(sys.argv[1:])
