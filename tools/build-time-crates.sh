#!/usr/bin/env bash
# The crates only the build runs (proc macros, build scripts, and what only they use), on every
# platform: Cargo.toml compiles them at opt-level 0 in the dev profile ("Build-time crates").
# Prints one `name = { opt-level = 0 }` line each; after a dependency change, compare with
# Cargo.toml's block (a crate missing there is only compiled slower; a name left there that no
# longer matches makes cargo warn).
set -euo pipefail
cd "$(dirname "$0")/.."
names() { cargo tree --target all --prefix none "$@" 2>/dev/null | sed 's/ (\*)//; s/ (proc-macro)//' | awk '{print $1}' | sort -u; }
comm -13 <(names -e normal,no-proc-macro) <(names -e normal,build) | grep -vx musket | sed 's/$/ = { opt-level = 0 }/'
