//! `style:NAME`: one style of the search level's portfolio ([`super::search::portfolio`])
//! played alone for the whole game: `ai2`'s planner with that style's weights, what `ai3`
//! would play if it never switched. A measuring tool: `ai3` should do at least as well as each.

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
