//! The build and the tree: `cargo run` then `cargo test` build every crate the game uses once
//! (the dev-dependencies change no crate's features), and nothing binary is committed outside
//! `assets/`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// `cargo tree` lines `name version|features` for these edge kinds, per package.
fn features(edges: &str) -> BTreeMap<String, BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "--locked",
            "-e",
            edges,
            "--prefix",
            "none",
            "--format",
            "{p}|{f}",
        ])
        .current_dir(ROOT)
        .output()
        .expect("run cargo tree");
    assert!(
        out.status.success(),
        "cargo tree failed (it reads every package's manifest offline: `cargo fetch` first, \
         as .ci/run does): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut map: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let line = line.trim_end_matches(" (*)");
        let Some((pkg, feats)) = line.split_once('|') else {
            continue;
        };
        // A package built for the host and the target may show twice: keep every set.
        let pkg = pkg.split(" (").next().unwrap_or(pkg).to_string();
        map.entry(pkg).or_default().insert(feats.to_string());
    }
    map
}

// Issue 8.11: proptest's `std` feature turned on rand's `sys_rng` (and getrandom's) only in the
// test build, so `cargo test` after `cargo run` compiled 20 crates, Bevy's among them, again.
#[test]
fn dev_dependencies_change_no_features_of_the_games_crates() {
    let game = features("normal,build");
    let with_dev = features("normal,build,dev");
    let mut differ = Vec::new();
    for (pkg, sets) in &game {
        match with_dev.get(pkg) {
            Some(d) if d == sets => {}
            other => differ.push(format!("{pkg}: {sets:?} -> {other:?}")),
        }
    }
    assert!(
        game.len() > 100,
        "cargo tree listed only {} packages",
        game.len()
    );
    assert!(
        differ.is_empty(),
        "the dev-dependencies change the features of:\n{}",
        differ.join("\n")
    );
}

fn tracked_files() -> Option<Vec<String>> {
    let out = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(ROOT)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    Some(
        String::from_utf8_lossy(&out.stdout)
            .split('\0')
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
    )
}

// Issue 8.12: a 7 MB Python wheel was committed at the root. Nothing binary, downloaded or
// generated-and-binary is committed outside `assets/`.
#[test]
fn nothing_binary_is_committed_outside_assets() {
    let Some(files) = tracked_files() else {
        eprintln!("not a git checkout: the tree check needs `git ls-files`; skipped");
        return;
    };
    assert!(files.iter().any(|f| f == "Cargo.toml"), "{files:?}");
    let mut bad = Vec::new();
    for f in &files {
        if f.starts_with("assets/") {
            continue;
        }
        let path = Path::new(ROOT).join(f);
        // A file deleted in the work tree but still in the index is the index's business.
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let head = &bytes[..bytes.len().min(8192)];
        let binary = head.contains(&0) || std::str::from_utf8(head).is_err() && bytes.len() < 8192;
        let suspicious = [
            ".whl", ".pyc", ".so", ".dll", ".exe", ".zip", ".tar.gz", ".png",
        ]
        .iter()
        .any(|ext| f.ends_with(ext));
        if binary || suspicious || f.contains("__pycache__/") {
            bad.push(format!("{f} ({} bytes)", bytes.len()));
        }
    }
    assert!(
        bad.is_empty(),
        "binary or downloaded files outside assets/:\n{}",
        bad.join("\n")
    );
}
