//! How the generator draws a played game's result from the two ratings (checklist row 76:
//! the RTG's results follow a rating model).
//!
//! - [`ResultModel::Elo`]: the expected score of FIDE's B.02 table (a normal distribution
//!   of σ = 2000/7), draws at a fixed rate between equal players, fewer as the expected
//!   score moves away from ½; no advantage for White.
//! - [`ResultModel::Tec`]: the statistical model of FIDE's Technical Commission for
//!   tournament simulations, with the parameters FIDE's reference tool (Gacrux 1.11,
//!   `drawresult`) uses: White's and Black's winning chances are two logistic curves of
//!   scale 370 in the rating difference, each shifted by an amount that moves with the
//!   mean rating `m` of the two players, `96 + 0.0986 (m − 2000)` for White's win and
//!   `−150 − 0.157 (m − 2000)` for Black's; a draw is what is left. Stronger fields draw
//!   more, and White scores more than Black between equal players.

/// The model of a played game's result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ResultModel {
    /// Expected score from the rating difference, a fixed draw rate (the default).
    #[default]
    Elo,
    /// The Technical Commission's statistical model (White's advantage, draws rising with
    /// the mean rating).
    Tec,
}

impl ResultModel {
    /// The probabilities of White's win, a draw and Black's win of a game between White
    /// rated `rw` and Black rated `rb`; `draw_rate` is the Elo model's draw rate between
    /// equal players (the TEC model has its own). They are non-negative and sum to 1.
    pub fn probabilities(self, rw: f64, rb: f64, draw_rate: f64) -> [f64; 3] {
        match self {
            ResultModel::Elo => {
                let expected = expected_score(rw - rb);
                let draw = draw_rate.min(2.0 - 2.0 * expected.max(1.0 - expected));
                // Rounding may leave a win a few 1e-17 below nothing.
                let win = (expected - draw / 2.0).max(0.0);
                [win, draw, (1.0 - win - draw).max(0.0)]
            }
            ResultModel::Tec => {
                const SCALE: f64 = 370.0;
                let mean = (rw + rb) / 2.0 - 2000.0;
                let white_shift = 96.0 + 0.0986 * mean;
                let black_shift = -150.0 - 0.157 * mean;
                let white = 1.0 / (1.0 + 10f64.powf((rb - rw + white_shift) / SCALE));
                let black = 1.0 / (1.0 + 10f64.powf((rw - rb - black_shift) / SCALE));
                // Below a mean rating of about 1000 the two curves overlap: no draws then,
                // the two wins in proportion.
                let wins = white + black;
                if wins > 1.0 {
                    [white / wins, 0.0, black / wins]
                } else {
                    [white, 1.0 - wins, black]
                }
            }
        }
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ResultModel::Elo => "elo",
            ResultModel::Tec => "tec",
        }
    }
}

impl std::str::FromStr for ResultModel {
    type Err = String;
    fn from_str(name: &str) -> Result<ResultModel, String> {
        match name.trim().to_ascii_lowercase().as_str() {
            "elo" => Ok(ResultModel::Elo),
            "tec" => Ok(ResultModel::Tec),
            other => Err(format!(
                "unknown result model {other:?}: expected elo or tec"
            )),
        }
    }
}

/// The expected score of a player `difference` Elo points stronger: the normal
/// distribution with σ = 2000/7 (FIDE's B.02 table).
pub(crate) fn expected_score(difference: f64) -> f64 {
    0.5 * erfc(-difference / (2000.0 / 7.0) / std::f64::consts::SQRT_2)
}

/// Complementary error function (Numerical Recipes' Chebyshev fit, |error| < 1.2e-7).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hand-computed: equal players rated 2000 under the TEC model: White wins
    /// 1/(1+10^(96/370)) = 0.3550, Black 1/(1+10^(150/370)) = 0.2824, a draw 0.3626.
    #[test]
    fn the_tec_model_at_2000_gives_white_its_advantage() {
        let [w, d, b] = ResultModel::Tec.probabilities(2000.0, 2000.0, 0.3);
        assert!((w - 0.3550).abs() < 5e-4, "{w}");
        assert!((b - 0.2824).abs() < 5e-4, "{b}");
        assert!((d - 0.3626).abs() < 5e-4, "{d}");
    }

    /// Both models give probabilities (non-negative, summing to 1) over every rating pair
    /// from 0 to 3000, the stronger player never does worse for being stronger, and the
    /// TEC model draws more in stronger fields.
    #[test]
    fn both_models_give_probabilities_that_follow_the_ratings() {
        for model in [ResultModel::Elo, ResultModel::Tec] {
            for rw in (0..=3000).step_by(50) {
                let mut last_white = f64::INFINITY;
                for rb in (0..=3000).step_by(50) {
                    let p = model.probabilities(f64::from(rw), f64::from(rb), 0.3);
                    assert!(p.iter().all(|&x| x >= 0.0), "{model:?} {rw} {rb}: {p:?}");
                    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
                    assert!(p[0] <= last_white + 1e-12, "{model:?} {rw} {rb}");
                    last_white = p[0];
                }
            }
        }
        let draw = |r: f64| ResultModel::Tec.probabilities(r, r, 0.0)[1];
        assert!(draw(1600.0) < draw(2000.0) && draw(2000.0) < draw(2600.0));
    }

    #[test]
    fn names_read_back() {
        for model in [ResultModel::Elo, ResultModel::Tec] {
            assert_eq!(model.name().parse::<ResultModel>(), Ok(model));
        }
        assert!("glicko".parse::<ResultModel>().is_err());
    }
}
