//! `swiss-arbiter generate`: the random tournament generator (RTG, C.02.03) on the command
//! line, with the options of FIDE's checklist for tournament programs (Q24).

use std::path::PathBuf;

use clap::Args;

use crate::formats::output::{self as output_file, Content};
use crate::formats::{EventFormat, trf};
use crate::generator::absences::Absences;
use crate::generator::amount::Amount;
use crate::generator::teams::{MAX_BOARDS as MAX_TEAM_BOARDS, TeamEvent};
use crate::generator::{self, GeneratorConfig, ResultModel};
use crate::print::record_ranks;
use crate::tournament::{MAX_ROUNDS, Points, ScoringSystem, SystemId, TeamScoring, Tournament};

use super::{CliError, input};

/// The options of `generate`.
#[derive(Args, Debug)]
pub(crate) struct GenerateArgs {
    #[arg(long)]
    system: SystemId,
    /// The players (individual systems).
    #[arg(long, required_unless_present = "teams")]
    players: Option<u32>,
    /// The teams (the Swiss Team system, swiss-team): rosters of --boards players plus
    /// up to --reserves reserves; --bye-rate is then the chance that a player is
    /// unavailable for a round (a reserve takes his board).
    #[arg(long, conflicts_with = "players")]
    teams: Option<u32>,
    /// Games per match of a team event.
    #[arg(long, default_value_t = 4, requires = "teams")]
    boards: u32,
    /// Most reserves per team (each roster has 0 to this many).
    #[arg(long, default_value_t = 0, requires = "teams")]
    reserves: u32,
    /// The Swiss Team system's variant, as TRF-2026 record 192 names it:
    /// FIDE_TEAM_TYPEA_MP_GP (the default), FIDE_TEAM_TYPEB_GP, FIDE_TEAM_MP, …
    #[arg(long, requires = "teams")]
    team_system: Option<String>,
    /// The rounds to pair and play.
    #[arg(long)]
    rounds: u32,
    /// The rounds the event plans (TRF XXR; default: --rounds): more leave the event in
    /// progress, with its next round to pair.
    #[arg(long)]
    planned_rounds: Option<u32>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Share of drawn games between equally rated players (0-1).
    #[arg(long, default_value_t = 0.3)]
    draw_rate: f64,
    /// How a played game's result is drawn from the ratings: `elo` (the expected score,
    /// draws at --draw-rate between equal players) or `tec` (the Technical Commission's
    /// statistical model: White's advantage, draws rising with the mean rating; it ignores
    /// --draw-rate).
    #[arg(long, default_value = "elo")]
    results: ResultModel,
    /// Probability that a player misses a paired game (0-1; default 0.02, or 0 with
    /// --forfeits or --double-forfeits).
    #[arg(long, conflicts_with_all = ["forfeits", "double_forfeits"])]
    forfeit_rate: Option<f64>,
    /// Probability of a requested half-point bye per player and round (0-1); a tenth of it
    /// is the probability of withdrawing (default 0.02, or 0 with any of --fpb, --hpb,
    /// --zpb, --withdrawals).
    #[arg(long, conflicts_with_all = ["fpb", "hpb", "zpb", "withdrawals"])]
    bye_rate: Option<f64>,
    /// Full-point byes requested before the pairing (TRF F), in each round: a count of
    /// players (3) or a percentage of the players registered (5%), optionally limited to
    /// rounds (3@2-5, 1@4, 10%@3-); several parts separated by commas (1@1-3,2@4-).
    #[arg(long, value_name = "AMOUNT")]
    fpb: Option<Amount>,
    /// Half-point byes requested before the pairing (TRF H); AMOUNT as for --fpb.
    #[arg(long, value_name = "AMOUNT")]
    hpb: Option<Amount>,
    /// Zero-point byes requested before the pairing (TRF Z); AMOUNT as for --fpb.
    #[arg(long, value_name = "AMOUNT")]
    zpb: Option<Amount>,
    /// Players withdrawing from the round on (TRF Z in it and every later round); AMOUNT
    /// as for --fpb, counted in the round they leave.
    #[arg(long, value_name = "AMOUNT")]
    withdrawals: Option<Amount>,
    /// Boards where one player does not turn up (a forfeit win and loss, TRF +/-): a count
    /// or a percentage of the round's boards, optionally per round, as for --fpb.
    #[arg(long, value_name = "AMOUNT")]
    forfeits: Option<Amount>,
    /// Boards where neither player turns up (TRF -/-); AMOUNT as for --forfeits.
    #[arg(long, value_name = "AMOUNT")]
    double_forfeits: Option<Amount>,
    /// Boards played and scored ½-0, 0-½ or 0-0 by the arbiter (TRF = 0, 0 =, 0 0);
    /// AMOUNT as for --forfeits. Not for Double-Swiss.
    #[arg(long, value_name = "AMOUNT")]
    unusual: Option<Amount>,
    /// Points of a win, a draw and a loss, such as 1-0.5-0, 3-1-0 or 2-1-0.
    #[arg(long, default_value = "1-0.5-0")]
    scoring: String,
    /// Points of the pairing-allocated bye (C.04.1: a win unless the regulations say
    /// otherwise), such as 1, 0.5 or 0; at most a win (Double-Swiss: a match won).
    #[arg(long)]
    pab: Option<String>,
    /// Baku acceleration (C.04.7).
    #[arg(long)]
    baku: bool,
    /// The event's tie-break list, C.07 / MTB26 codes, e.g. BH/C1,BH,SB,DE; each code is
    /// checked. Written as TRF-2026 202 and 212 (PTS, then the list), with each player's
    /// rank after the last round in 001, so that `check --tiebreaks` reads the output.
    #[arg(long)]
    tiebreaks: Option<String>,
    #[arg(short, long)]
    output: PathBuf,
}

/// Runs `generate`.
pub(crate) fn run(args: GenerateArgs) -> Result<(), CliError> {
    let GenerateArgs {
        system,
        players,
        teams,
        boards,
        reserves,
        team_system,
        rounds,
        planned_rounds,
        seed,
        draw_rate,
        results,
        forfeit_rate,
        bye_rate,
        fpb,
        hpb,
        zpb,
        withdrawals,
        forfeits,
        double_forfeits,
        unusual,
        scoring,
        pab,
        baku,
        tiebreaks,
        output,
    } = args;
    let games = win_draw_loss(&scoring)?;
    let tiebreaks = match &tiebreaks {
        Some(list) => Some(
            crate::standings::parse_list(list)
                .map_err(|e| CliError::input(format!("--tiebreaks: {e}")))?,
        ),
        None => None,
    };
    let mut scoring = ScoringSystem::for_system(games, Some(system));
    if let Some(text) = &pab {
        scoring.pab = pab_points(text, &scoring, system)?;
    }
    let absences = Absences {
        full_byes: fpb.unwrap_or_default(),
        half_byes: hpb.unwrap_or_default(),
        zero_byes: zpb.unwrap_or_default(),
        withdrawals: withdrawals.unwrap_or_default(),
        forfeits: forfeits.unwrap_or_default(),
        double_forfeits: double_forfeits.unwrap_or_default(),
        unusual: unusual.unwrap_or_default(),
    };
    if system == SystemId::DoubleSwiss && !absences.unusual.is_none() {
        return Err(CliError::input(
            "--unusual: a two-game match (Double-Swiss) holds no unusual score",
        ));
    }
    // The rates' defaults give way to the exact options of the same kind.
    let byes_exact = [
        &absences.full_byes,
        &absences.half_byes,
        &absences.zero_byes,
        &absences.withdrawals,
    ]
    .iter()
    .any(|a| !a.is_none());
    let forfeits_exact = !absences.forfeits.is_none() || !absences.double_forfeits.is_none();
    let bye_rate = bye_rate.unwrap_or(if byes_exact { 0.0 } else { 0.02 });
    let forfeit_rate = forfeit_rate.unwrap_or(if forfeits_exact { 0.0 } else { 0.02 });
    for (name, rate) in [
        ("draw-rate", draw_rate),
        ("forfeit-rate", forfeit_rate),
        ("bye-rate", bye_rate),
    ] {
        if !(0.0..=1.0).contains(&rate) {
            return Err(CliError::input(format!(
                "--{name} must be between 0 and 1, got {rate}"
            )));
        }
    }
    let team_event = match (teams, system.pairs_teams()) {
        (Some(_), false) => {
            return Err(CliError::input(format!(
                "--teams: {system} pairs players; generate a team event with --system swiss-team"
            )));
        }
        (None, true) => {
            return Err(CliError::input(format!(
                "--system {system} pairs teams: say how many with --teams N"
            )));
        }
        (None, false) => None,
        (Some(teams), true) => {
            let mut scoring = TeamScoring::default();
            if let Some(code) = &team_system
                && !scoring.apply_trf_system_code(code)
            {
                return Err(CliError::input(format!(
                    "--team-system {code}: not a variant of the Swiss Team system (FIDE_TEAM[_TYPEA|_TYPEB]_MP|_GP[_GP|_MP])"
                )));
            }
            if teams < 2 || !(1..=MAX_TEAM_BOARDS).contains(&boards) {
                return Err(CliError::input(format!(
                    "a team event needs at least 2 teams and 1 to {MAX_TEAM_BOARDS} boards"
                )));
            }
            if !absences.is_none() {
                return Err(CliError::arguments(
                    "--fpb, --hpb, --zpb, --withdrawals, --forfeits and --double-forfeits are \
                     for individual events; a team event takes --bye-rate and --forfeit-rate",
                ));
            }
            Some(TeamEvent {
                teams,
                boards,
                reserves: reserves.min(MAX_TEAM_BOARDS),
                scoring,
            })
        }
    };
    let players = match &team_event {
        Some(e) => e.teams * (e.boards + e.reserves),
        None => players.unwrap_or(0),
    };
    if players < 2 || !(1..=MAX_ROUNDS).contains(&rounds) {
        return Err(CliError::input(format!(
            "a tournament needs at least 2 players and 1 to {MAX_ROUNDS} rounds"
        )));
    }
    if let Some(planned) = planned_rounds.filter(|p| !(rounds..=MAX_ROUNDS).contains(p)) {
        return Err(CliError::input(format!(
            "--planned-rounds {planned}: from --rounds ({rounds}) to {MAX_ROUNDS}"
        )));
    }
    absences
        .validate(players, rounds)
        .map_err(CliError::arguments)?;
    // Refused before the work, not after: what the output cannot hold, and an output
    // that may not be written.
    let format = EventFormat::for_path(&output);
    if matches!(format, EventFormat::Trf(_)) && players > trf::MAX_NUMBER {
        return Err(CliError::file(format!(
            "{}: TRF holds pairing numbers up to {}; write {players} players to a .sarb file",
            output.display(),
            trf::MAX_NUMBER
        )));
    }
    let content = match format {
        EventFormat::Native => Content::NativeEvent,
        EventFormat::Trf(_) => Content::Event,
    };
    output_file::Target::resolve(&output, content, &[]).map_err(crate::formats::FileError::from)?;
    let config = GeneratorConfig {
        players,
        rounds,
        planned_rounds,
        seed,
        draw_rate,
        results,
        forfeit_rate,
        bye_rate,
        absences,
        scoring,
        baku,
    };
    let generated = match &team_event {
        Some(event) => generator::teams::generate(&config, event),
        None => generator::generate(&config, system),
    };
    let with_list = |t: &mut Tournament| {
        if let Some(list) = &tiebreaks {
            t.event.tiebreaks = list.iter().map(ToString::to_string).collect();
        }
    };
    match generated {
        Ok(mut t) => {
            with_list(&mut t);
            if tiebreaks.is_some() && !t.is_team_event() {
                record_ranks(&mut t)
                    .map_err(|e| CliError::failure(format!("the standings: {e}")))?;
            }
            input::save(&t, &output, None, &[])
        }
        // The rounds made are kept, so that the round that could not be paired can be
        // examined (by another program too); the exit status says the tournament is not
        // the one asked for.
        Err(mut stopped) => {
            with_list(&mut stopped.partial);
            input::save(&stopped.partial, &output, None, &[])?;
            Err(CliError::failure(format!(
                "{}; the rounds before it, and the absences recorded for it, are written to {}",
                stopped.error,
                output.display()
            )))
        }
    }
}

/// `--pab`: the points of the pairing-allocated bye, from nothing up to what the pairing's
/// win is worth (C.04.1 c; a match won, two games, under Double-Swiss).
fn pab_points(text: &str, scoring: &ScoringSystem, system: SystemId) -> Result<Points, CliError> {
    let points = text
        .replace('½', ".5")
        .parse::<Points>()
        .map_err(|e| CliError::arguments(format!("--pab {text:?}: {e}")))?;
    let win = if system == SystemId::DoubleSwiss {
        scoring.win.times(2)
    } else {
        scoring.win
    };
    if points < Points::ZERO || points > win {
        return Err(CliError::arguments(format!(
            "--pab {text}: from 0 to a win ({win} points)"
        )));
    }
    Ok(points)
}

/// `--scoring W-D-L` of `generate`: the points of a win, a draw and a loss (`1-0.5-0`,
/// `3-1-0`, `2-1-0`, `½` allowed); a win must be worth more than a draw, a draw more than
/// a loss. Byes and forfeits score as the results they stand for.
fn win_draw_loss(text: &str) -> Result<ScoringSystem, CliError> {
    let bad = |why: &str| CliError::input(format!("--scoring {text:?}: {why}"));
    let values: Vec<&str> = text.split('-').collect();
    let [win, draw, loss] = values[..] else {
        return Err(bad("expected win-draw-loss, such as 1-0.5-0 or 3-1-0"));
    };
    let points = |v: &str| {
        v.replace('½', ".5")
            .parse::<Points>()
            .map_err(|e| bad(&e.to_string()))
    };
    let (win, draw, loss) = (points(win)?, points(draw)?, points(loss)?);
    if !(win > draw && draw > loss) {
        return Err(bad(
            "a win must score more than a draw, and a draw more than a loss",
        ));
    }
    Ok(ScoringSystem::from_win_draw_loss(win, draw, loss))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generate_takes_any_win_draw_loss_that_orders_the_results() {
        let p = |t: &str| t.parse::<Points>().expect("points");
        let two_one = win_draw_loss("2-1-0").expect("2-1-0");
        assert_eq!(
            (two_one.win, two_one.draw, two_one.pab),
            (p("2"), p("1"), p("2"))
        );
        assert_eq!(
            win_draw_loss("1-½-0").expect("1-½-0"),
            ScoringSystem::standard()
        );
        for bad in ["3-1", "1-1-0", "1-0.5-0.5", "x-1-0", "1-0.5-0-0"] {
            assert!(win_draw_loss(bad).is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn the_pab_is_from_nothing_to_a_win() {
        let p = |t: &str| t.parse::<Points>().expect("points");
        let standard = ScoringSystem::standard();
        for (text, points) in [("1", "1"), ("0.5", "0.5"), ("½", "0.5"), ("0", "0")] {
            let got = pab_points(text, &standard, SystemId::Dutch2026).expect(text);
            assert_eq!(got, p(points));
        }
        for bad in ["1.5", "-1", "x", ""] {
            let e = pab_points(bad, &standard, SystemId::Dutch2026).expect_err(bad);
            assert_eq!(e.code, 2, "{bad}");
        }
        let double = ScoringSystem::for_system(standard, Some(SystemId::DoubleSwiss));
        assert_eq!(
            pab_points("2", &double, SystemId::DoubleSwiss).expect("2"),
            p("2")
        );
        assert!(pab_points("2.5", &double, SystemId::DoubleSwiss).is_err());
    }
}
