//! `musket selfplay --seat-adjusted`: a fair measure on a field decided by the seat.
//!
//! On such a field a better player cannot win more games, only win more from the weaker seat or
//! by more points. So every game of the first player (against the second) is paired with a
//! mirror game: the second player against itself, with the same seed, the first player's seat
//! taken by the second player. For each game the difference of the two seat scores (win 1, draw
//! ½, loss 0) and of the two victory-point margins is the first player's edge from that seat;
//! the report gives the mean edge per seat and pooled over seats, with a 95% interval (normal
//! approximation on the paired differences).

use serde_json::{Value, json};

/// One pair of games: the first player's result in its seat, the mirror's in the same seat.
#[derive(Debug, Clone, Copy)]
pub struct Pair {
    /// The seat (side) the first player had.
    pub seat: usize,
    /// Score difference: the first player's minus the mirror's (−1 to 1).
    pub score: f64,
    /// Victory-point margin difference.
    pub margin: f64,
    /// The two scores (for the rates).
    pub own: f64,
    pub mirror: f64,
}

/// A seat's score (1 win, ½ draw, 0 loss) and margin from a game's outcome.
pub fn seat_result(winner: Option<usize>, points: [u32; 2], seat: usize) -> (f64, f64) {
    let score = match winner {
        Some(w) if w == seat => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    (score, f64::from(points[seat]) - f64::from(points[1 - seat]))
}

fn mean_ci(xs: &[f64]) -> (f64, f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    let m = xs.iter().sum::<f64>() / n;
    let var = if xs.len() > 1 {
        xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let h = 1.96 * (var / n).sqrt();
    (m, m - h, m + h)
}

fn summary(pairs: &[&Pair]) -> Value {
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    let scores: Vec<f64> = pairs.iter().map(|p| p.score).collect();
    let margins: Vec<f64> = pairs.iter().map(|p| p.margin).collect();
    let (s, lo, hi) = mean_ci(&scores);
    let (m, _, _) = mean_ci(&margins);
    let n = pairs.len().max(1) as f64;
    json!({
        "score": round(s),
        "low": round(lo),
        "high": round(hi),
        "margin": round(m),
        "games": pairs.len(),
        "own_rate": round(pairs.iter().map(|p| p.own).sum::<f64>() / n),
        "mirror_rate": round(pairs.iter().map(|p| p.mirror).sum::<f64>() / n),
    })
}

/// The report: pooled over seats, and per seat (by side name).
pub fn report(pairs: &[Pair], side_names: [String; 2]) -> Value {
    let all: Vec<&Pair> = pairs.iter().collect();
    let mut out = summary(&all);
    let mut seats = serde_json::Map::new();
    for (s, name) in side_names.into_iter().enumerate() {
        let of: Vec<&Pair> = pairs.iter().filter(|p| p.seat == s).collect();
        seats.insert(name, summary(&of));
    }
    if let Some(o) = out.as_object_mut() {
        o.insert("seats".into(), Value::Object(seats));
    }
    out
}

/// Pooled over fields: the edge over every pair of every field (seats are each field's own,
/// so no per-seat split).
pub fn pooled(pairs: &[Pair]) -> Value {
    let all: Vec<&Pair> = pairs.iter().collect();
    summary(&all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_decided_field_scores_zero_and_a_better_seat_result_counts() {
        // The first player wins from seat 0 as the mirror does, loses from seat 1 as the
        // mirror does: no edge.
        let p = |seat, own: f64, mirror: f64| Pair {
            seat,
            score: own - mirror,
            margin: 0.0,
            own,
            mirror,
        };
        let even = [
            p(0, 1.0, 1.0),
            p(1, 0.0, 0.0),
            p(0, 1.0, 1.0),
            p(1, 0.0, 0.0),
        ];
        assert_eq!(report(&even, ["A".into(), "B".into()])["score"], 0.0);
        // A draw from the weak seat where the mirror lost: +½ in that seat, +¼ pooled.
        let better = [p(0, 1.0, 1.0), p(1, 0.5, 0.0)];
        let r = report(&better, ["A".into(), "B".into()]);
        assert_eq!(r["score"], 0.25);
        assert_eq!(r["seats"]["B"]["score"], 0.5);
        assert_eq!(seat_result(Some(1), [3, 5], 1), (1.0, 2.0));
        assert_eq!(seat_result(None, [3, 5], 0), (0.5, -2.0));
    }
}
