//! The **alert** of an army asleep in its camps (a project addition, optional; old files load
//! unchanged): `alert: (side: "Confederate", within: 6, turn: 5, source: "…")`. Until the side is
//! alerted its units other than leaders may not move; it is alerted at the start of one of its
//! player-turns when an enemy combat unit stands within `within` hexes of one of its units, or
//! on game turn `turn` at the latest. What the alert does then is the rule system's (GBACW: each
//! unit's morale check, a mounted unit that fails fighting on foot: `gbacw::alert`); the rule
//! systems whose profile plays it say so ([`super::Profile::alert`]). Checked here.

use serde::{Deserialize, Serialize};

use super::super::unit::SideId;
use super::battle::check_played;
use super::{Check, MAX_TURN, Profiles, ScenarioFile, quoted, side_named};

/// The most hexes an alert's sighting distance may be.
pub const MAX_WITHIN: i64 = 100;

/// The alert as written in a scenario file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlertFile {
    /// The side asleep in its camps.
    pub side: String,
    /// The sighting distance in hexes: an enemy combat unit this near one of the side's units
    /// alerts it.
    pub within: i64,
    /// The game turn by which the side is alerted whatever the enemy does (none: only by the
    /// enemy).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<i64>,
    /// Where it comes from (`[pub] …` or `[project default]`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
}

/// A checked alert.
#[derive(Clone, Debug, PartialEq)]
pub struct Alert {
    pub side: SideId,
    pub within: u32,
    pub turn: Option<u32>,
    pub source: String,
}

impl Alert {
    /// "not yet alerted: it moves once an enemy is within 6 hexes of its army (or on turn 5)
    /// [source]".
    pub fn describe(&self) -> String {
        let mut s = format!(
            "not yet alerted (the scenario's alert): its army moves once an enemy combat unit is within {} hexes of one of its units",
            self.within
        );
        if let Some(t) = self.turn {
            s.push_str(&format!(", or from game turn {t}"));
        }
        if !self.source.is_empty() {
            s.push_str(&format!(" {}", self.source));
        }
        s
    }
}

/// Check the scenario's alert, if it has one.
pub(super) fn check_alert(
    ck: &mut Check,
    file: &ScenarioFile,
    profiles: Profiles,
) -> Option<Alert> {
    let a = file.alert.as_ref()?;
    check_played(ck, file, profiles, "alert", |p| p.alert.is_some());
    let side = side_named(&file.sides, &a.side);
    if side.is_none() {
        ck.bad(
            "alert.side",
            quoted(&a.side),
            format!("not a side of the scenario ({})", file.sides.join(", ")),
        );
    }
    let within = (1..=MAX_WITHIN).contains(&a.within);
    if !within {
        ck.bad(
            "alert.within",
            a.within,
            format!("out of range: 1 to {MAX_WITHIN} hexes (the sighting distance)"),
        );
    }
    let turn = match a.turn {
        Some(t) if !(1..=MAX_TURN).contains(&t) => {
            ck.bad(
                "alert.turn",
                t,
                format!("out of range: turns are counted from 1 to {MAX_TURN}"),
            );
            return None;
        }
        t => t.map(|t| t as u32),
    };
    within.then_some(())?;
    Some(Alert {
        side: side?,
        within: a.within as u32,
        turn,
        source: a.source.clone(),
    })
}
