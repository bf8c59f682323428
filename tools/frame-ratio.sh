#!/usr/bin/env bash
# Frame time of a scenario against an empty Bevy window, under Xvfb + lavapipe at 1280x720,
# alternating runs so both see the same machine. Usage: tools/frame-ratio.sh [SCENARIO] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
scenario="${1:-scenarios/south-mountain.ron}"
rounds="${2:-3}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/musket-target}"
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
export MUSKET_DATA_DIR="${MUSKET_DATA_DIR:-$(mktemp -d)}"
# A player's environment: with RUST_BACKTRACE set, the debug build's wgpu captures a backtrace
# at every lock it takes (its debug lock tracing), several times a frame.
unset RUST_BACKTRACE RUST_LIB_BACKTRACE
# MUSKET_BIN: a copy of the binary to measure (the shared target folder's may be another build).
bin="${MUSKET_BIN:-$CARGO_TARGET_DIR/debug/musket}"
out=$(mktemp -d)
for r in $(seq "$rounds"); do
  for mode in empty game; do
    if [ "$mode" = empty ]; then args=(--empty-window); else args=("$scenario"); fi
    xvfb-run -a -s "-screen 0 1280x720x24" "$bin" "${args[@]}" --frames 120 --report "$out/$mode-$r.json" >/dev/null 2>&1
  done
done
python3 - "$out" "$rounds" <<'PY'
import json, sys, statistics
out, rounds = sys.argv[1], int(sys.argv[2])
e = [json.load(open(f"{out}/empty-{r}.json")) for r in range(1, rounds + 1)]
g = [json.load(open(f"{out}/game-{r}.json")) for r in range(1, rounds + 1)]
ratios = [gg["mean_ms"] / ee["mean_ms"] for ee, gg in zip(e, g)]
print(json.dumps({
    "empty_mean_ms": [round(x["mean_ms"], 2) for x in e],
    "game_mean_ms": [round(x["mean_ms"], 2) for x in g],
    "ratio_per_round": [round(r, 2) for r in ratios],
    "ratio_median": round(statistics.median(ratios), 2),
    "startup_ms": [round(x["startup_ms"]) for x in g],
    "units": g[0]["units"], "hexes": g[0]["hexes"],
}, indent=2))
PY
