//! `style:NAME`: one style of the search level's portfolio ([`super::search::portfolio`])
//! played alone for the whole game: `ai2`'s planner with that style's weights, what `ai3`
//! would play if it never switched. A measuring tool: `ai3` should do at least as well as each.
//! `split:A/B`: two styles, the side's formations playing them in turn along the front
//! (`rules::ai::formation`): what a choice of style per formation could gain (issue 49 item 2).

use super::search::{Script, portfolio};
use super::strong::Strong;
use super::{Decision, Player, StyleId};
use crate::rules::game::Game;

pub struct Fixed {
    player: Strong,
    name: String,
}

impl Fixed {
    /// The player of the portfolio's style `style`.
    pub fn new(style: StyleId) -> Self {
        let script = portfolio()[style.index()];
        Fixed {
            player: Strong::with_style(2, script.style),
            name: style_name(&script),
        }
    }
}

impl Fixed {
    /// The player whose formations play `a` and `b` in turn along the front.
    pub fn split(a: StyleId, b: StyleId) -> Self {
        let p = portfolio();
        Fixed {
            player: Strong::with_split([p[a.index()].style, p[b.index()].style]),
            name: split_name(a, b),
        }
    }
}

/// `split:A/B` as the command line takes it.
pub fn split_name(a: StyleId, b: StyleId) -> String {
    let p = portfolio();
    format!(
        "split:{}/{}",
        p[a.index()].name.replace(' ', "-"),
        p[b.index()].name.replace(' ', "-")
    )
}

/// A style's name as the command line takes it: `style:` and its name, hyphens for spaces
/// (`style:dig-in`).
pub fn style_name(script: &Script) -> String {
    format!("style:{}", script.name.replace(' ', "-"))
}

/// The index in the portfolio of the style named `name` (`dig-in`, `dig in`, `DIG_IN`).
pub fn style_index(name: &str) -> Option<usize> {
    let norm = |s: &str| s.trim().to_ascii_lowercase().replace(['-', '_'], " ");
    let want = norm(name);
    portfolio().iter().position(|s| norm(s.name) == want)
}

/// The portfolio's styles as the command line takes them, for messages.
pub fn style_names() -> String {
    portfolio()
        .iter()
        .map(|s| s.name.replace(' ', "-"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Player for Fixed {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, game: &Game) -> Decision {
        let mut d = self.player.decide(game);
        let why = d.why.strip_prefix("ai: ").unwrap_or(&d.why);
        d.why = format!("{}: {why}", self.name);
        d
    }
}
