//! Great Campaigns of the American Civil War: combat values, ratio, artillery, flank attacks,
//! die roll modifiers and the Combat Results Table (seeds `gcacw-7.2-7.4-…` and
//! `gcacw-flank-attacks`, settled by `gcacw-tables.md`).

mod actions;
pub mod activation;
pub mod assault;
pub mod assess;
pub mod data;
pub mod entrench;
pub mod fatigue;
pub mod flank;
pub mod odds;
pub mod profile;
mod recovery;
pub mod resolve;
pub mod state;

use crate::rules::attack::{
    AttackError, AttackRequest, AttackType, Choices, Odds, ZocEntry, ZocKind, ZocMap,
};
use crate::rules::dice::DieSource;
use crate::rules::event::Event;
use crate::rules::game::Game;
use crate::rules::hex::Coord;
use crate::rules::ruleset::Ruleset;
use crate::rules::unit::UnitIdx;

use data::Tables;

/// The GCACW rule system with its tables.
#[derive(Debug, Clone)]
pub struct Gcacw {
    pub tables: Tables,
}

/// The rule system from a tables text (text, name), or the built-in tables.
pub fn from_text(
    text: Option<(&str, &str)>,
) -> Result<std::sync::Arc<dyn Ruleset>, crate::rules::tables::RulesError> {
    let tables = match text {
        Some((t, name)) => Tables::parse(t, name)?,
        None => Tables::builtin(),
    };
    Ok(std::sync::Arc::new(Gcacw::new(tables)))
}

impl Gcacw {
    pub fn new(tables: Tables) -> Self {
        Gcacw { tables }
    }

    pub fn builtin() -> Self {
        Gcacw::new(Tables::builtin())
    }

    /// gcacw-tables.md §4: an undemoralized combat unit (not a leader) on the map exerts a ZOC.
    pub fn exerts_zoc(game: &Game, u: UnitIdx) -> bool {
        game.unit(u).is_combat() && !state::unit(game, u).is_demoralized()
    }

    /// The ZOC a unit in `from` exerts into the adjacent hex `to`, if any (gcacw-tables.md §4):
    /// none into or out of a swamp or mountain hex across a hexside no listed route traverses;
    /// restricted across a woods hexside no listed route traverses; else normal.
    pub fn zoc_kind(&self, game: &Game, from: Coord, to: Coord) -> Option<ZocKind> {
        let map = game.map();
        if !map.contains(to) {
            return None;
        }
        let z = &self.tables.zoc;
        let w = game.weather();
        let side = map.side_between(from, to);
        let swampy = |c: Coord| map.terrain(c).is_some_and(|t| t.is_swamp_or_mountain(w));
        if (swampy(from) || swampy(to)) && !side.route_any(&z.swamp_mountain_routes) {
            return None;
        }
        if side.has_any(&z.restricted_by) && !side.route_any(&z.restricted_unless_routes) {
            Some(ZocKind::Restricted)
        } else {
            Some(ZocKind::Normal)
        }
    }

    /// Every ZOC reaching `hex`, in unit order.
    pub fn zoc_into(&self, game: &Game, hex: Coord) -> Vec<ZocEntry> {
        let mut out = Vec::new();
        if !game.map().contains(hex) {
            return out;
        }
        for n in hex.neighbors() {
            for &u in game.units_at(n) {
                if Self::exerts_zoc(game, u)
                    && let Some(kind) = self.zoc_kind(game, n, hex)
                {
                    out.push(ZocEntry { unit: u, kind });
                }
            }
        }
        out.sort_by_key(|e| e.unit);
        out
    }

    /// Whether any unit of `side`'s enemies exerts a ZOC into `hex`.
    pub fn in_enemy_zoc(&self, game: &Game, hex: Coord, enemy: crate::rules::unit::SideId) -> bool {
        hex.neighbors().into_iter().any(|n| {
            game.units_at(n).iter().any(|&u| {
                let unit = game.unit(u);
                unit.side == enemy
                    && Self::exerts_zoc(game, u)
                    && self.zoc_kind(game, n, hex).is_some()
            })
        })
    }
}

impl Gcacw {
    /// What an extended march costs `u`: `loss` manpower and, with `disorganize`,
    /// disorganization, by GCACW's strength rules (resolve.rs); the events.
    pub fn march_losses(
        &self,
        game: &mut Game,
        u: crate::rules::unit::UnitIdx,
        loss: u32,
        disorganize: bool,
    ) -> Vec<Event> {
        let t = &self.tables;
        let mut ev = Vec::new();
        let take = loss.min(game.unit(u).manpower);
        if take > 0 && resolve::lose_manpower(t, game, u, take, &mut ev) {
            return ev;
        }
        if disorganize {
            resolve::disorganize(t, game, u, &mut ev);
        }
        ev
    }
}

impl Ruleset for Gcacw {
    fn movement(&self) -> &dyn crate::rules::ruleset::Movement {
        &self.tables.movement
    }
    fn sequence(&self) -> &crate::rules::sequence::Sequence {
        &self.tables.sequence
    }

    fn computer(&self) -> Option<&crate::rules::tables::ComputerPlay> {
        self.tables.computer.as_ref()
    }

    fn special_actions(
        &self,
        game: &Game,
        unit: crate::rules::unit::UnitIdx,
    ) -> Vec<crate::rules::attack::SpecialAction> {
        entrench::action(self, game, unit).into_iter().collect()
    }

    fn apply_special(
        &self,
        game: &mut Game,
        unit: crate::rules::unit::UnitIdx,
        key: &str,
    ) -> Vec<Event> {
        if key == entrench::KEY {
            entrench::begin(game, unit)
        } else {
            Vec::new()
        }
    }

    fn end_of_turn(&self, game: &mut Game, _dice: &mut dyn DieSource) -> Vec<Event> {
        entrench::complete(game)
    }

    fn actions(&self) -> Option<&dyn crate::rules::actions::Actions> {
        Some(self)
    }

    fn recovery_phase(&self, game: &mut Game) -> Vec<Event> {
        recovery::recovery_phase(game)
    }

    /// A unit that leaves its hex leaves its breastworks, built or begun.
    fn leaves_hex(&self, game: &mut Game, unit: crate::rules::unit::UnitIdx) {
        if let Some(own) = state::unit_mut(game, unit) {
            own.entrenched = false;
            own.entrenching = false;
        }
    }

    fn unit_states(
        &self,
        scenario: &crate::rules::scenario::Scenario,
    ) -> Box<dyn crate::rules::unit::UnitStates> {
        Box::new(state::GcacwUnits::of(scenario))
    }

    fn name(&self) -> &'static str {
        "Great Campaigns of the American Civil War"
    }

    fn attack_types(&self) -> &'static [AttackType] {
        &[AttackType::March, AttackType::Assault, AttackType::Grand]
    }

    fn reads_differential(&self) -> bool {
        true
    }

    /// Attackers in several hexes make a grand assault (7.1).
    fn kind_for(
        &self,
        game: &Game,
        attackers: &[UnitIdx],
        chosen: Option<AttackType>,
    ) -> Option<AttackType> {
        let mut hexes: Vec<Coord> = attackers
            .iter()
            .filter(|u| !game.unit(**u).is_leader())
            .filter_map(|u| game.unit(*u).hex)
            .collect();
        hexes.sort();
        hexes.dedup();
        match chosen {
            Some(AttackType::Assault) | None if hexes.len() > 1 => Some(AttackType::Grand),
            k => k,
        }
    }

    fn tables_text(&self) -> &'static str {
        data::DEFAULT_TABLES
    }

    fn counter(&self, game: &Game, unit: UnitIdx) -> crate::rules::ruleset::CounterFace {
        counter(state::gu(game, unit))
    }

    fn unit_facts(&self, game: &Game, unit: UnitIdx) -> String {
        let u = state::gu(game, unit);
        if !u.is_leader() {
            format!(" a{} t{:+}", u.own.artillery, u.own.tactical)
        } else if let Some(d) = u.own.tactical_defence {
            format!("/{d:+}")
        } else {
            String::new()
        }
    }

    fn profile(&self) -> &'static crate::rules::scenario::Profile {
        &profile::PROFILE
    }

    fn tables_in_use(&self) -> String {
        crate::rules::tables::canonical(&self.tables)
    }

    fn tables_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.tables).unwrap_or_default()
    }

    fn zoc(&self, game: &Game) -> ZocMap {
        let map = game.map();
        let mut pairs = Vec::new();
        for (i, u) in game.units.iter().enumerate() {
            if !Self::exerts_zoc(game, UnitIdx(i as u32)) {
                continue;
            }
            let Some(from) = u.hex else { continue };
            for to in from.neighbors() {
                if let (Some(ix), Some(kind)) = (map.index(to), self.zoc_kind(game, from, to)) {
                    pairs.push((
                        ix as u32,
                        ZocEntry {
                            unit: UnitIdx(i as u32),
                            kind,
                        },
                    ));
                }
            }
        }
        ZocMap::from_pairs(map.len(), pairs)
    }

    fn zoc_at(&self, game: &Game, hex: Coord) -> Vec<ZocEntry> {
        self.zoc_into(game, hex)
    }

    fn default_attack_type(
        &self,
        game: &Game,
        req: &AttackRequest,
    ) -> Result<AttackType, AttackError> {
        assess::attack_type(game, req)
    }

    fn check(
        &self,
        game: &Game,
        req: &AttackRequest,
        choices: &Choices,
    ) -> Result<(), AttackError> {
        resolve::check_choices(self, game, req, choices)
    }

    fn odds(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        let a = assess::Assessment::new(self, game, req)?;
        Ok(odds::odds(self, game, &a))
    }

    /// The modifier lines, the flank notes and the JSON details are text the computer players
    /// never read: left out.
    fn odds_unexplained(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        let a = assess::Assessment::new(self, game, req)?;
        Ok(odds::numbers(self, &a))
    }

    /// One assessment for the check (no choices to check but their defaults) and the numbers.
    fn checked_odds(&self, game: &Game, req: &AttackRequest) -> Result<Odds, AttackError> {
        let a = assess::Assessment::new(self, game, req)?;
        resolve::check_plan(game, &a, &Choices::default())?;
        Ok(odds::numbers(self, &a))
    }

    fn resolve(
        &self,
        game: &mut Game,
        req: &AttackRequest,
        choices: &Choices,
        dice: &mut dyn DieSource,
    ) -> Result<Vec<Event>, AttackError> {
        resolve::resolve(self, game, req, choices, dice)
    }
}

/// A GCACW counter: the strength marker (its disorganized side reduced), the artillery and
/// tactical values in the corners (a leader's tactical value at the bottom), and the markers
/// of fatigue, demoralization, breastworks, the exhausted side and inactivity.
fn counter(u: state::Gu) -> crate::rules::ruleset::CounterFace {
    use crate::rules::ruleset::{CounterFace, Marker};
    let mut markers = Vec::new();
    if u.fatigue > 0 {
        markers.push((format!("F{}", u.fatigue), Marker::Fatigue));
    }
    if u.own.demoralized > 0 {
        markers.push((format!("D{}", u.own.demoralized), Marker::Harm));
    }
    if u.own.entrenched {
        markers.push(("E".into(), Marker::Works));
    } else if u.own.entrenching {
        markers.push(("e".into(), Marker::Works));
    }
    if u.own.exhausted {
        markers.push(("Ex".into(), Marker::Exhausted));
    }
    if !u.own.active {
        markers.push(("i".into(), Marker::Inactive));
    }
    markers.extend(crate::rules::ruleset::status_marker(&u));
    if u.is_leader() {
        return CounterFace {
            value: format!("{:+}", u.own.tactical),
            markers,
            ..CounterFace::default()
        };
    }
    CounterFace {
        value: u.strength_label(),
        corners: [
            (u.own.artillery > 0).then(|| format!("a{}", u.own.artillery)),
            (u.own.tactical != 0).then(|| format!("{:+}", u.own.tactical)),
        ],
        reduced: u.own.disorganized,
        markers,
    }
}
