//! The grid of random tournaments a cross-test runs (C.02.03 7: the checker is fed
//! tournaments from the random tournament generator): sizes mostly small (7-60 players),
//! some up to a few hundred; 3 to 15 rounds; draw rates, byes of each kind, withdrawals,
//! forfeits and double forfeits in exact numbers, some in every round and some in a few;
//! 1-½-0, 3-1-0 and 2-1-0 scoring, the PAB worth a win, a draw or nothing; Baku
//! acceleration now and then for the Dutch system of 2026.

use crate::tournament::{Points, ScoringSystem, SystemId};

use super::GeneratorConfig;
use super::absences::Absences;
use super::amount::Amount;
use super::random::Random;

/// The shares of field sizes: (share, fewest, most players).
const SIZES: [(f64, u32, u32); 3] = [(0.80, 7, 60), (0.15, 61, 150), (0.05, 151, 400)];

/// Tournament `index` of the grid for `system` under `seed`: the same three always give
/// the same configuration. Its absences always fit the field ([`Absences::validate`]).
pub(crate) fn config(system: SystemId, seed: u64, index: u64) -> GeneratorConfig {
    let mut rng = Random::new(
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03),
    );
    let u = rng.unit();
    let mut acc = 0.0;
    let (mut low, mut high) = (SIZES[0].1, SIZES[0].2);
    for (share, fewest, most) in SIZES {
        (low, high) = (fewest, most);
        acc += share;
        if u < acc {
            break;
        }
    }
    let players = rng.range(low, high);
    // A few players cannot be paired for many rounds without meeting twice.
    let rounds = rng.range(3, (players / 2 + 1).clamp(3, 15));
    let (win, draw) = match rng.range(0, 9) {
        0 => (Points::whole(3), Points::ONE),
        1 => (Points::whole(2), Points::ONE),
        _ => (Points::ONE, Points::HALF),
    };
    let baku = system == SystemId::Dutch2026 && win == Points::ONE && rng.chance(0.1);
    let mut scoring = ScoringSystem::for_system(
        ScoringSystem::from_win_draw_loss(win, draw, Points::ZERO),
        Some(system),
    );
    match rng.range(0, 9) {
        0 => scoring.pab = draw,
        1 => scoring.pab = Points::ZERO,
        _ => {}
    }
    let draw_rate = f64::from(rng.range(10, 50)) / 100.0;
    let mut absences = Absences {
        full_byes: amount(&mut rng, rounds, 0.1, 1),
        half_byes: amount(&mut rng, rounds, 0.5, (players / 10).max(1)),
        zero_byes: amount(&mut rng, rounds, 0.2, (players / 20).max(1)),
        withdrawals: amount(&mut rng, rounds, 0.3, 1),
        forfeits: amount(&mut rng, rounds, 0.5, (players / 15).max(1)),
        double_forfeits: amount(&mut rng, rounds, 0.15, 1),
        // ½-0, 0-½, 0-0: single games only.
        unusual: match system {
            SystemId::DoubleSwiss => Default::default(),
            _ => amount(&mut rng, rounds, 0.15, 1),
        },
    };
    if absences.validate(players, rounds).is_err() {
        absences = Absences::default();
    }
    GeneratorConfig {
        players,
        rounds,
        planned_rounds: None,
        seed: rng.next_u64() >> 1,
        draw_rate,
        results: Default::default(),
        forfeit_rate: 0.0,
        bye_rate: 0.0,
        absences,
        scoring,
        baku,
    }
}

/// With probability `used`, an amount: up to `most` in every round, in one stretch of
/// rounds, or in one round.
fn amount(rng: &mut Random, rounds: u32, used: f64, most: u32) -> Amount {
    if !rng.chance(used) {
        return Amount::default();
    }
    let count = rng.range(1, most);
    let text = match rng.range(0, 2) {
        0 => format!("{count}"),
        1 => {
            let first = rng.range(1, rounds);
            let last = rng.range(first, rounds);
            format!("{count}@{first}-{last}")
        }
        _ => format!("{count}@{}", rng.range(1, rounds)),
    };
    text.parse().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_is_repeatable_varied_and_valid() {
        let configs: Vec<GeneratorConfig> = (0..400)
            .map(|i| config(SystemId::Dutch2026, 7, i))
            .collect();
        let again = config(SystemId::Dutch2026, 7, 13);
        assert_eq!(format!("{:?}", configs[13]), format!("{again:?}"));
        assert_ne!(
            format!("{:?}", config(SystemId::Dutch2026, 8, 13)),
            format!("{again:?}")
        );
        for c in &configs {
            assert!((7..=400).contains(&c.players) && (3..=15).contains(&c.rounds));
            assert!(c.absences.validate(c.players, c.rounds).is_ok());
        }
        let share = |f: &dyn Fn(&GeneratorConfig) -> bool| {
            configs.iter().filter(|c| f(c)).count() as f64 / configs.len() as f64
        };
        assert!(share(&|c| c.players <= 60) > 0.7);
        assert!(share(&|c| c.players > 150) > 0.01);
        assert!(share(&|c| !c.absences.half_byes.is_none()) > 0.3);
        assert!(share(&|c| !c.absences.full_byes.is_none()) > 0.03);
        assert!(share(&|c| !c.absences.double_forfeits.is_none()) > 0.05);
        assert!(share(&|c| c.baku) > 0.03);
        assert!(share(&|c| c.scoring.pab == Points::ZERO) > 0.03);
        assert!(share(&|c| c.scoring.win == Points::whole(3)) > 0.03);
    }
}
