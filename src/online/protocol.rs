//! The messages between a Musket server and its clients: one JSON object per WebSocket text
//! message, tagged by `t`. docs/online.md describes the exchange.

use serde::{Deserialize, Serialize};

use crate::rules::online::Entry;
use crate::rules::order::Command;

/// The largest message either side accepts (a header carries a whole scenario: Shiloh 1862's
/// is about 0.2 MB as JSON); a larger one closes the connection.
pub const MAX_MESSAGE: usize = 4 << 20;

/// Most messages a client may send in a second, on average over [`BURST`] (a guard, far above
/// what a player or a computer player sends).
pub const RATE: f64 = 100.0;
/// Messages a client may send at once before [`RATE`] applies.
pub const BURST: f64 = 400.0;

/// The longest chat line, in characters.
pub const MAX_CHAT: usize = 500;

/// A client's message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ToServer {
    /// Host a game: the header as RON ([`crate::rules::online::header_text`]) with the host's
    /// side and commitment; the server chooses the code and writes its own commitment.
    Host { header: String },
    /// Take the free seat of a game.
    Join { game: String },
    /// Follow a game as a seat: the server sends the log from entry `have` on, then every
    /// entry as it is accepted.
    Open {
        game: String,
        token: String,
        have: u32,
    },
    /// The seat's next entry: the join (no command) or a command, with its values.
    Send {
        n: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        command: Option<Command>,
        reveal: String,
        commit: String,
    },
    /// A line to the other player.
    Chat { text: String },
}

/// The server's message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ToClient {
    /// The seat a host or join gave: keep the token, it is the only key to the seat.
    Seat {
        game: String,
        side: String,
        token: String,
    },
    /// The log from entry `from` on (the header as RON when `from` is 0).
    Log {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        header: Option<String>,
        from: u32,
        entries: Vec<Entry>,
    },
    /// An entry accepted, to both seats in order.
    Entry {
        entry: Entry,
    },
    /// The seat's entry `n` refused by the rules or the protocol (the connection is kept).
    Refused {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        n: Option<u32>,
        kind: String,
        why: String,
    },
    /// The other seat's connection: `since` seconds without one (0: connected).
    Presence {
        side: String,
        connected: bool,
        since: u64,
    },
    Chat {
        from: String,
        text: String,
    },
    /// A fault that ends the connection (bad message, unknown game, wrong token…).
    Error {
        why: String,
    },
}

impl ToClient {
    pub fn text(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }
}

impl ToServer {
    pub fn text(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }
}

/// A token bucket: `rate` a second, [`BURST`] at once.
#[derive(Debug)]
pub struct Rate {
    tokens: f64,
    rate: f64,
    at: std::time::Instant,
}

impl Default for Rate {
    /// The server's limit on a connection: [`RATE`].
    fn default() -> Self {
        Rate::at(RATE)
    }
}

impl Rate {
    pub fn at(rate: f64) -> Rate {
        Rate {
            tokens: BURST,
            rate,
            at: std::time::Instant::now(),
        }
    }

    fn refill(&mut self) {
        let now = std::time::Instant::now();
        let dt = now.duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * self.rate).min(BURST);
    }

    /// Take one message; false when the client sends too fast.
    pub fn take(&mut self) -> bool {
        self.refill();
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }

    /// Take one message, or how long to wait before one may be sent.
    pub fn wait(&mut self) -> Option<std::time::Duration> {
        if self.take() {
            return None;
        }
        Some(std::time::Duration::from_secs_f64(
            (1.0 - self.tokens) / self.rate,
        ))
    }
}
