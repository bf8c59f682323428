//! What follows from the three dice of an NGG 1812 combat: [`Assessment::outcome`], in the
//! rules' order: the values compared and the hits (11.8, 11.9, 11.14, 11.15), the hits applied
//! (11.17), the withdrawal (11.11, 11.12), pursuit (11.16), the advance (11.12, 11.13) and the
//! commanders who roll to escape (11.19). The odds enumerate it; the resolution applies it.

use std::collections::BTreeMap;

use crate::rules::game::Game;
use crate::rules::unit::{Status, UnitIdx, UnitKind};

use super::Ngg;
use super::assess::{Assessment, Outcome, Res, Step, Why, Withdrawal};

/// Each combat unit's state during the combat: 0 undisrupted, 1 disrupted, 2 gone.
type States = BTreeMap<UnitIdx, u8>;

/// The units of `v` still on the map.
fn alive(st: &States, v: &[UnitIdx]) -> Vec<UnitIdx> {
    v.iter()
        .copied()
        .filter(|u| st.get(u).is_some_and(|s| *s < 2))
        .collect()
}

/// The units of `v` still undisrupted.
fn undisrupted(st: &States, v: &[UnitIdx]) -> Vec<UnitIdx> {
    v.iter()
        .copied()
        .filter(|u| st.get(u) == Some(&0))
        .collect()
}

/// No values compared yet: nothing happens.
fn nothing() -> Outcome {
    Outcome {
        fav: 0,
        fdv: 0,
        diff: 0,
        res: Res::NoCombat,
        attacker_hits: 0,
        defender_hits: 0,
        adjustment: None,
        attacker_steps: Vec::new(),
        defender_steps: Vec::new(),
        withdrawal: Withdrawal::Stays,
        advance: Vec::new(),
        escapes: Vec::new(),
        notes: Vec::new(),
    }
}

impl Assessment {
    /// Everything that follows from the attacker's die `ad`, the defender's `dd` and 11.15's
    /// die `ld` (ignored on a tie).
    pub fn outcome(&self, rules: &Ngg, game: &Game, ad: u8, dd: u8, ld: u8) -> Outcome {
        let mut o = nothing();
        if let Some(h) = self.pre_withdrawal {
            let mut attack_stack_all = self.stack.combat.clone();
            attack_stack_all.extend(&self.stack.leaders);
            o.withdrawal = Withdrawal::To(h);
            o.advance = attack_stack_all;
            o.notes
                .push("11.1: the cavalry-only defenders withdraw before combat".into());
            return o;
        }
        if self.leaders_only {
            o.escapes = self.defence.leaders.clone();
            o.notes
                .push("11.19: unaccompanied commanders attacked: each rolls to escape".into());
            return o;
        }
        self.compare(rules, &mut o, ad, dd, ld);
        let mut st = self.apply_hits(game, &mut o);
        self.withdraw(rules, game, &mut st, &mut o);
        self.pursue(rules, game, &mut st, &mut o);
        self.advance(rules, game, &st, &mut o);
        self.escapes(game, &st, &mut o);
        o
    }

    /// 11.8, 11.9, 11.14, 11.15: the final values compared, who wins and the hits each side
    /// inflicts.
    fn compare(&self, rules: &Ngg, o: &mut Outcome, ad: u8, dd: u8, ld: u8) {
        let t = &rules.tables;
        o.fav = self.fav_base + i32::from(ad);
        o.fdv = self.fdv_base + i32::from(dd);
        o.diff = o.fav - o.fdv;
        let adj = t.loser_adjustment(ld);
        let loser_hits = |d: i32, cap: u32| -> u32 { (d / 2 + adj).clamp(0, cap as i32) as u32 };
        match o.diff.cmp(&0) {
            std::cmp::Ordering::Greater => {
                o.res = Res::Win;
                o.defender_hits = (o.diff as u32).min(self.attacker_cap);
                o.attacker_hits = loser_hits(o.diff, self.defender_cap);
                o.adjustment = Some(adj);
            }
            std::cmp::Ordering::Less => {
                o.res = Res::Loss;
                o.attacker_hits = ((-o.diff) as u32).min(self.defender_cap);
                o.defender_hits = loser_hits(-o.diff, self.attacker_cap);
                o.adjustment = Some(adj);
            }
            std::cmp::Ordering::Equal => {
                o.res = Res::Tie;
                // 11.9 gives the attacker a hit on a tie, but 11.18's play note says disrupted
                // units can never inflict hits: against a disrupted-only defence the play note
                // prevails (a reading, documented).
                o.attacker_hits = if self.disrupted_only { 0 } else { t.tie_hits };
            }
        }
    }

    /// 11.17: the hits applied, the attacker's first, then 11.17's optional extra hit on an odd
    /// number. Returns every combat unit's state afterwards.
    fn apply_hits(&self, game: &Game, o: &mut Outcome) -> States {
        let mut st = States::new();
        for u in self
            .attacker_units()
            .into_iter()
            .chain(self.defender_units())
        {
            st.insert(u, u8::from(game.unit(u).status == Status::Disrupted));
        }
        let att_support: Vec<UnitIdx> = if o.res == Res::Tie {
            Vec::new() // 11.9: one unit in the attacking stack
        } else {
            self.attacker_supports
                .iter()
                .flat_map(|s| s.combat.clone())
                .collect()
        };
        let def_support: Vec<UnitIdx> = self
            .defender_supports
            .iter()
            .flat_map(|s| s.combat.clone())
            .collect();
        o.attacker_steps = allocate(
            &mut st,
            o.attacker_hits,
            &self.stack.combat,
            &att_support,
            self.attacker_losses.as_deref(),
            &mut o.notes,
            "attacker",
        );
        o.defender_steps = allocate(
            &mut st,
            o.defender_hits,
            &self.defence.combat,
            &def_support,
            self.defender_losses.as_deref(),
            &mut o.notes,
            "defender",
        );
        if self.odd_hit_attacker && o.attacker_hits % 2 == 1 {
            let steps = &mut o.attacker_steps;
            odd_hit(&mut st, &self.stack.combat, &att_support, steps);
        }
        if self.odd_hit_defender && o.defender_hits % 2 == 1 {
            let steps = &mut o.defender_steps;
            odd_hit(&mut st, &self.defence.combat, &def_support, steps);
        }
        st
    }

    /// 11.10-11.12: whether the surviving defenders withdraw (by choice, or forced by a win of
    /// `forced_withdrawal_margin` or more), and where to; a forced withdrawal that cannot be
    /// made eliminates them.
    fn withdraw(&self, rules: &Ngg, game: &Game, st: &mut States, o: &mut Outcome) {
        let def_alive = alive(st, &self.defence.combat);
        let margin = rules.tables.forced_withdrawal_margin;
        let wants = match o.res {
            _ if def_alive.is_empty() => None,
            Res::Win if o.diff >= margin => Some(true),
            Res::Win | Res::Loss if self.withdraw => Some(false),
            _ => None,
        };
        if def_alive.is_empty() {
            o.withdrawal = Withdrawal::Eliminated;
            return;
        }
        let Some(forced) = wants else { return };
        let mut movers = def_alive.clone();
        movers.extend(&self.defence.leaders);
        match self.withdrawal_hex(rules, game, &movers) {
            Some(h) => {
                if let Some(c) = self.retreat_choice
                    && c != h
                {
                    o.notes.push(format!(
                        "the chosen withdrawal hex {} is over capacity; {} used",
                        game.label(c),
                        game.label(h)
                    ));
                }
                o.withdrawal = Withdrawal::To(h);
            }
            None if forced => {
                o.withdrawal = Withdrawal::Blocked;
                for u in &def_alive {
                    st.insert(*u, 2);
                    o.defender_steps.push(Step {
                        unit: *u,
                        eliminated: true,
                        why: Why::NoWithdrawal,
                    });
                }
                o.notes
                    .push("11.12: the defenders must withdraw and cannot: eliminated".into());
            }
            None => {
                o.withdrawal = Withdrawal::NoLegalHex;
                o.notes
                    .push("11.11: no legal withdrawal hex: the defenders stay".into());
            }
        }
    }

    /// 11.16: a withdrawing stack without undisrupted cavalry, pursued by an attacking stack
    /// with some, loses a disrupted unit.
    fn pursue(&self, rules: &Ngg, game: &Game, st: &mut States, o: &mut Outcome) {
        if !matches!(o.withdrawal, Withdrawal::To(_)) {
            return;
        }
        let cav = |st: &States, v: &[UnitIdx]| {
            undisrupted(st, v)
                .iter()
                .any(|u| game.unit(*u).kind == UnitKind::Cavalry)
        };
        if !cav(st, &self.stack.combat) || cav(st, &self.defence.combat) {
            return;
        }
        for _ in 0..rules.tables.pursuit_hits {
            if let Some(u) = self
                .defence
                .combat
                .iter()
                .copied()
                .find(|u| st.get(u) == Some(&1))
            {
                st.insert(u, 2);
                o.defender_steps.push(Step {
                    unit: u,
                    eliminated: true,
                    why: Why::Pursuit,
                });
            } else {
                o.notes.push(
                    "11.16: attacking cavalry pursues but no defending unit is disrupted".into(),
                );
            }
        }
    }

    /// 11.12 / 11.13: the units of the attacking stack that may advance into the vacated hex.
    fn advance(&self, rules: &Ngg, game: &Game, st: &States, o: &mut Outcome) {
        let margin = rules.tables.forced_withdrawal_margin;
        let att_und = undisrupted(st, &self.stack.combat);
        let all_gone = alive(st, &self.defence.combat).is_empty();
        let stack_survives = !alive(st, &self.stack.combat).is_empty();
        if all_gone {
            // 11.13: "any undisrupted unit(s) in the attacking stack (including any
            // Commander(s))": the commanders may advance even if every combat unit of the stack
            // is disrupted (not if they were all eliminated: then the commanders roll, 11.19).
            o.advance = att_und;
            if stack_survives {
                o.advance.extend(&self.stack.leaders);
            }
        } else if matches!(o.withdrawal, Withdrawal::To(_)) && o.res == Res::Win && o.diff >= margin
        {
            o.advance = att_und;
            if !o.advance.is_empty() {
                o.advance.extend(&self.stack.leaders);
            }
        } else if matches!(o.withdrawal, Withdrawal::To(_)) && o.res == Res::Win {
            o.advance = att_und
                .into_iter()
                .filter(|u| game.unit(*u).kind == UnitKind::Cavalry)
                .collect();
        }
    }

    /// 11.19: the commanders on hexes whose combat units were all eliminated, hex by hex: the
    /// attacking stack, its supports, the defending stack, its supports.
    fn escapes(&self, game: &Game, st: &States, o: &mut Outcome) {
        let mut hexes = vec![self.stack.hex];
        hexes.extend(self.attacker_supports.iter().map(|s| s.hex));
        hexes.push(self.defender_hex);
        hexes.extend(self.defender_supports.iter().map(|s| s.hex));
        for h in hexes {
            let combat_before: Vec<UnitIdx> = game
                .units_at(h)
                .iter()
                .copied()
                .filter(|u| !game.unit(*u).is_leader())
                .collect();
            if combat_before.is_empty() {
                continue;
            }
            let gone = combat_before.iter().all(|u| st.get(u) == Some(&2));
            if gone {
                o.escapes.extend(
                    game.units_at(h)
                        .iter()
                        .copied()
                        .filter(|u| game.unit(*u).is_leader()),
                );
            }
        }
    }
}

/// 11.17: apply `hits` to `main` (at least half) and then `support`. With the player's list,
/// each entry takes one hit in turn (a unit named twice is disrupted, then eliminated); the
/// rest follows the default: disrupt the undisrupted units of the stack in unit order, then
/// eliminate its disrupted units, then the same in the supporting stacks.
fn allocate(
    st: &mut States,
    hits: u32,
    main: &[UnitIdx],
    support: &[UnitIdx],
    order: Option<&[UnitIdx]>,
    notes: &mut Vec<String>,
    who: &str,
) -> Vec<Step> {
    let start = st.clone();
    let run = |st: &mut States, order: Option<&[UnitIdx]>| -> Vec<Step> {
        let mut steps = Vec::new();
        let mut listed = order.unwrap_or(&[]).iter().copied();
        for _ in 0..hits {
            let pick = listed
                .by_ref()
                .find(|u| {
                    (main.contains(u) || support.contains(u)) && st.get(u).is_some_and(|s| *s < 2)
                })
                .or_else(|| {
                    [main, support].into_iter().find_map(|group| {
                        group
                            .iter()
                            .copied()
                            .find(|u| st.get(u) == Some(&0))
                            .or_else(|| group.iter().copied().find(|u| st.get(u) == Some(&1)))
                    })
                });
            let Some(u) = pick else { break };
            let s = st.get(&u).copied().unwrap_or(0) + 1;
            st.insert(u, s);
            steps.push(Step {
                unit: u,
                eliminated: s >= 2,
                why: Why::Hit,
            });
        }
        steps
    };
    let steps = run(st, order);
    if order.is_some() {
        let on_main = steps.iter().filter(|s| main.contains(&s.unit)).count();
        let main_gone = main.iter().all(|u| st.get(u) == Some(&2));
        if on_main * 2 < steps.len() && !main_gone {
            notes.push(format!("{who} losses: at least half the hits go to the stack itself (11.17); default order used"));
            *st = start;
            return run(st, None);
        }
    }
    steps
}

/// 11.17's option: one more hit on a disrupted unit (the stack's first, else a supporting
/// stack's), eliminating it.
fn odd_hit(st: &mut States, main: &[UnitIdx], support: &[UnitIdx], steps: &mut Vec<Step>) {
    if let Some(u) = main
        .iter()
        .chain(support)
        .copied()
        .find(|u| st.get(u) == Some(&1))
    {
        st.insert(u, 2);
        steps.push(Step {
            unit: u,
            eliminated: true,
            why: Why::OddHit,
        });
    }
}
