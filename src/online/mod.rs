//! Online play over the network: the server ([`server`], `musket serve`), its store
//! ([`store`]), the messages ([`protocol`]) and the client that follows a seat and lets a
//! computer player play it ([`client`], `musket online`). The game itself — the log, the dice,
//! the replay that judges — is [`crate::rules::online`]; docs/online.md is the players' and
//! hosts' description.

pub mod client;
pub mod protocol;
pub mod server;
pub mod store;

use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// Both ends' WebSocket limits: a message or frame over [`protocol::MAX_MESSAGE`] ends the
/// connection.
pub fn ws_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(protocol::MAX_MESSAGE))
        .max_frame_size(Some(protocol::MAX_MESSAGE))
}
