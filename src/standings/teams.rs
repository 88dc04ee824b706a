//! Team standings: teams ranked by their primary score (match points unless the event
//! ranks by game points, C.04.6 1.2) and the team tie-breaks of C.07: the secondary score
//! (13.1), direct encounter and its extended form (6, 13.3), Buchholz and its average and
//! fore variants (8.1-8.3), Sonneborn-Berger and the four Extended Sonneborn-Berger
//! variants (9.1, 13.2), Koya (9.2), progressive scores (7.5), wins, rounds elected to
//! play and the standard score (7.1, 7.2, 7.6, 7.7), on match or game points, with Cut and
//! Median modifiers (14.1, 14.2) and the unplayed-round rules of C.07 15-16 (a round
//! without a played match counts a dummy opponent).

use std::cmp::Ordering;

use crate::tournament::{self, Points, Tournament};

use super::cut::{CutRule, Term, sum_after_cuts};
use super::direct_encounter::{Tally, split_once};
use super::ranking::split;
use super::team_record::{TeamRecord, team_records};
use super::{Edition, Value};

/// Which of a team's two scores a tie-break reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamScore {
    /// Match points (2 - 1 - 0 by default).
    Match,
    /// Game points: the sum of the board results.
    Game,
}

/// The score a tie-break names: one of the two, or the event's primary or secondary score
/// (a code without `:MP` / `:GP` reads the primary score, C.07 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreOf {
    Primary,
    Secondary,
    Fixed(TeamScore),
}

impl ScoreOf {
    fn resolve(self, primary: TeamScore) -> TeamScore {
        let other = match primary {
            TeamScore::Match => TeamScore::Game,
            TeamScore::Game => TeamScore::Match,
        };
        match self {
            ScoreOf::Primary => primary,
            ScoreOf::Secondary => other,
            ScoreOf::Fixed(score) => score,
        }
    }

    /// `:MP` / `:GP`, or nothing for the primary score.
    fn suffix(self) -> &'static str {
        match self {
            ScoreOf::Fixed(TeamScore::Match) => ":MP",
            ScoreOf::Fixed(TeamScore::Game) => ":GP",
            ScoreOf::Primary | ScoreOf::Secondary => "",
        }
    }
}

/// Cut and Median modifiers (C.07 14.1, 14.2): the least and most significant values
/// left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cut {
    pub(crate) lowest: u8,
    pub(crate) highest: u8,
}

impl Cut {
    fn suffix(self) -> String {
        match (self.lowest, self.highest) {
            (0, 0) => String::new(),
            (n, m) if n == m => format!("/M{n}"),
            (n, 0) => format!("/C{n}"),
            (n, m) => format!("/C{n}/H{m}"),
        }
    }
}

/// A team tie-break (C.07 for team events).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamTieBreak {
    /// The team's total of one score (`MP`, `GP`, `PTS`, `MPvGP` for the secondary score,
    /// C.07 13.1).
    Total(ScoreOf),
    /// Buchholz (C.07 8.1): the sum of the opponents' scores (`BH`, `BH:MP`, `BH:GP`,
    /// with `/C1`, `/M1`...).
    Buchholz { score: ScoreOf, cut: Cut },
    /// Sonneborn-Berger for teams (C.07 9.1 and 13.2, `SB`, `EMMSB` `EMGSB` `EGMSB`
    /// `EGGSB`): over the rounds, the opponent's `opponent` score times the team's own
    /// `own` score in that match.
    ExtendedSb {
        opponent: ScoreOf,
        own: ScoreOf,
        cut: Cut,
    },
    /// Progressive scores (C.07 7.5, `PS`): the sum of the running totals after each
    /// round; Cut-n leaves out the first n rounds.
    Progressive { score: ScoreOf, cut: u8 },
    /// Number of wins (C.07 7.1 `WIN`: rounds won, played or not, and a bye worth a win)
    /// or of wins over the board (7.2 `WON`): on match points the matches, on game points
    /// the games.
    Wins {
        score: ScoreOf,
        over_the_board: bool,
    },
    /// Board Count (C.07 12.1, `BC`): the sum over the boards of the board's number times
    /// the team's points on it; the lower ranks higher.
    BoardCount,
    /// Top Board Result (C.07 12.2, `TBR`) and Bottom-Board Elimination (12.3, `BBE`):
    /// among the teams still tied, the points on board 1, then board 2...; or the game
    /// points without the bottom board, then without the two bottom boards... The team's
    /// place among the teams tied with it (1 = first).
    Boards { top: bool },
    /// Average of Opponents' Buchholz (C.07 8.2, `AOB`): the mean Buchholz of the teams
    /// met in played matches.
    AverageBuchholz { score: ScoreOf, cut: Cut },
    /// Fore Buchholz (C.07 8.3, `FB`): Buchholz as if every match of the final round
    /// had been played and drawn.
    ForeBuchholz { score: ScoreOf, cut: Cut },
    /// Koya (C.07 9.2, `KS`): the score made against the teams that scored at least half
    /// the maximum possible score.
    Koya(ScoreOf),
    /// Rounds one Elected to Play (C.07 7.6, `REP` or `REP:MP`): the rounds that were not
    /// voluntary unplayed rounds.
    RoundsElectedToPlay,
    /// Direct Encounter (C.07 6, `DE`) on the primary score, or the Extended Direct
    /// Encounter (13.3, `EDE`) on the primary and then the secondary score: the team's
    /// place among the teams tied with it (1 = first).
    DirectEncounter { extended: bool },
    /// Standard score (C.07 7.7, 2026, `STD` or `STD:MP`) on match points: 1 for each
    /// round with more than a drawn match's points, 1/2 for each with exactly a draw's.
    Standard,
}

impl TeamTieBreak {
    /// Parses a code: `MP`, `GP`, `PTS`, `MPvGP`, `BH` `BH:MP` `BH:GP`, `SB` `SB:MP`
    /// `SB:GP`, `ESB` `EMMSB` `EMGSB` `EGMSB` `EGGSB` (first letter after `E`: the
    /// opponents' score; second: the team's own), `PS` `PS:MP` `PS:GP`, `WIN`, `WON`;
    /// BH and the SB family take `/C1` `/C2` `/M1` `/M2`, PS takes `/C1` `/C2`.
    pub fn parse(code: &str) -> Option<TeamTieBreak> {
        let code = code.trim().to_ascii_uppercase();
        let mut parts = code.split('/');
        let head = parts.next()?;
        let mut cut = Cut::default();
        for modifier in parts {
            let n: u8 = modifier.get(1..)?.parse().ok()?;
            match modifier.chars().next()? {
                'C' => cut.lowest = n,
                'M' => {
                    cut.lowest = n;
                    cut.highest = n;
                }
                'H' => cut.highest = n,
                _ => return None,
            }
        }
        let (name, score) = match head.split_once(':') {
            Some((name, "MP")) => (name, ScoreOf::Fixed(TeamScore::Match)),
            Some((name, "GP")) => (name, ScoreOf::Fixed(TeamScore::Game)),
            Some(_) => return None,
            None => (head, ScoreOf::Primary),
        };
        let letter = |c: char| match c {
            'M' => Some(ScoreOf::Fixed(TeamScore::Match)),
            'G' => Some(ScoreOf::Fixed(TeamScore::Game)),
            _ => None,
        };
        let no_cut = cut == Cut::default();
        let fixed = score != ScoreOf::Primary;
        let tb = match name {
            "MP" if !fixed => TeamTieBreak::Total(ScoreOf::Fixed(TeamScore::Match)),
            "GP" if !fixed => TeamTieBreak::Total(ScoreOf::Fixed(TeamScore::Game)),
            "PTS" => TeamTieBreak::Total(score),
            "MPVGP" if !fixed => TeamTieBreak::Total(ScoreOf::Secondary),
            "BH" => TeamTieBreak::Buchholz { score, cut },
            "SB" => TeamTieBreak::ExtendedSb {
                opponent: score,
                own: score,
                cut,
            },
            "ESB" if !fixed => TeamTieBreak::ExtendedSb {
                opponent: ScoreOf::Primary,
                own: ScoreOf::Secondary,
                cut,
            },
            "PS" if cut.highest == 0 => TeamTieBreak::Progressive {
                score,
                cut: cut.lowest,
            },
            "WIN" | "WON" => TeamTieBreak::Wins {
                score,
                over_the_board: name == "WON",
            },
            "BC" if !fixed => TeamTieBreak::BoardCount,
            "TBR" | "BBE" if !fixed => TeamTieBreak::Boards { top: name == "TBR" },
            "AOB" => TeamTieBreak::AverageBuchholz { score, cut },
            "FB" => TeamTieBreak::ForeBuchholz { score, cut },
            "KS" => TeamTieBreak::Koya(score),
            "REP" | "GE" if score != ScoreOf::Fixed(TeamScore::Game) => {
                TeamTieBreak::RoundsElectedToPlay
            }
            "STD" if score != ScoreOf::Fixed(TeamScore::Game) => TeamTieBreak::Standard,
            "DE" | "EDE" if !fixed => TeamTieBreak::DirectEncounter {
                extended: name == "EDE",
            },
            _ if !fixed => {
                let letters: Vec<char> = name
                    .strip_prefix('E')?
                    .strip_suffix("SB")?
                    .chars()
                    .collect();
                match letters.as_slice() {
                    [o, s] => TeamTieBreak::ExtendedSb {
                        opponent: letter(*o)?,
                        own: letter(*s)?,
                        cut,
                    },
                    _ => return None,
                }
            }
            _ => return None,
        };
        let takes_cut = matches!(
            tb,
            TeamTieBreak::Buchholz { .. }
                | TeamTieBreak::ExtendedSb { .. }
                | TeamTieBreak::Progressive { .. }
                | TeamTieBreak::AverageBuchholz { .. }
                | TeamTieBreak::ForeBuchholz { .. }
        );
        (no_cut || takes_cut).then_some(tb)
    }

    /// The code as [`TeamTieBreak::parse`] reads it.
    pub fn code(self) -> String {
        let letter = |s: ScoreOf| match s {
            ScoreOf::Fixed(TeamScore::Match) => "M",
            ScoreOf::Fixed(TeamScore::Game) => "G",
            ScoreOf::Primary | ScoreOf::Secondary => "",
        };
        match self {
            TeamTieBreak::Total(ScoreOf::Fixed(TeamScore::Match)) => "MP".into(),
            TeamTieBreak::Total(ScoreOf::Fixed(TeamScore::Game)) => "GP".into(),
            TeamTieBreak::Total(ScoreOf::Primary) => "PTS".into(),
            TeamTieBreak::Total(ScoreOf::Secondary) => "MPvGP".into(),
            TeamTieBreak::Buchholz { score, cut } => {
                format!("BH{}{}", score.suffix(), cut.suffix())
            }
            TeamTieBreak::ExtendedSb { opponent, own, cut } => {
                let name = match (opponent, own) {
                    (ScoreOf::Fixed(_), ScoreOf::Fixed(_)) => {
                        format!("E{}{}SB", letter(opponent), letter(own))
                    }
                    (ScoreOf::Primary, ScoreOf::Secondary) => "ESB".into(),
                    _ => format!("SB{}", opponent.suffix()),
                };
                format!("{name}{}", cut.suffix())
            }
            TeamTieBreak::Progressive { score, cut } => {
                let cut = Cut {
                    lowest: cut,
                    highest: 0,
                };
                format!("PS{}{}", score.suffix(), cut.suffix())
            }
            TeamTieBreak::Wins {
                score,
                over_the_board,
            } => format!(
                "{}{}",
                if over_the_board { "WON" } else { "WIN" },
                score.suffix()
            ),
            TeamTieBreak::BoardCount => "BC".into(),
            TeamTieBreak::Boards { top: true } => "TBR".into(),
            TeamTieBreak::Boards { top: false } => "BBE".into(),
            TeamTieBreak::AverageBuchholz { score, cut } => {
                format!("AOB{}{}", score.suffix(), cut.suffix())
            }
            TeamTieBreak::ForeBuchholz { score, cut } => {
                format!("FB{}{}", score.suffix(), cut.suffix())
            }
            TeamTieBreak::Koya(score) => format!("KS{}", score.suffix()),
            TeamTieBreak::RoundsElectedToPlay => "REP".into(),
            TeamTieBreak::Standard => "STD".into(),
            TeamTieBreak::DirectEncounter { extended: false } => "DE".into(),
            TeamTieBreak::DirectEncounter { extended: true } => "EDE".into(),
        }
    }

    /// Whether a larger value ranks higher (all but the places among tied teams and the
    /// board count).
    pub(crate) fn higher_is_better(self) -> bool {
        !matches!(
            self,
            TeamTieBreak::DirectEncounter { .. }
                | TeamTieBreak::BoardCount
                | TeamTieBreak::Boards { .. }
        )
    }
}

/// The list used when the event has none: the secondary score (game points when match
/// points rank, C.07 13.1), then EGGSB, then Buchholz on the primary score.
pub const DEFAULT_TEAM_TIEBREAKS: [TeamTieBreak; 3] = [
    TeamTieBreak::Total(ScoreOf::Secondary),
    TeamTieBreak::ExtendedSb {
        opponent: ScoreOf::Fixed(TeamScore::Game),
        own: ScoreOf::Fixed(TeamScore::Game),
        cut: Cut {
            lowest: 0,
            highest: 0,
        },
    },
    TeamTieBreak::Buchholz {
        score: ScoreOf::Primary,
        cut: Cut {
            lowest: 0,
            highest: 0,
        },
    },
];

/// One team's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRow {
    /// Shared places have the same rank.
    pub rank: u32,
    pub team: u32,
    pub name: String,
    /// Matches won, drawn and lost (the bye and rounds without a match not counted).
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub match_points: Points,
    pub game_points: Points,
    /// The tie-breaks, in the order asked for.
    pub tiebreaks: Vec<Value>,
}

impl TeamRow {
    /// The row as a table shows it: rank, number, name, W, D, L, MP, GP, then the
    /// tie-breaks of `columns` ([`tiebreak_columns`]), as printed.
    pub(crate) fn cells(&self, columns: &[usize]) -> Vec<String> {
        let mut cells = self.team_cells();
        cells.extend([
            self.won.to_string(),
            self.drawn.to_string(),
            self.lost.to_string(),
        ]);
        cells.extend(self.score_cells(columns));
        cells
    }

    /// The cells that name the team: rank, number, name.
    pub(crate) fn team_cells(&self) -> Vec<String> {
        vec![
            self.rank.to_string(),
            self.team.to_string(),
            self.name.clone(),
        ]
    }

    /// The cells of the scores: MP, GP, then the tie-breaks of `columns`
    /// ([`tiebreak_columns`]).
    pub(crate) fn score_cells(&self, columns: &[usize]) -> Vec<String> {
        let mut cells = vec![self.match_points.to_string(), self.game_points.to_string()];
        cells.extend(
            columns
                .iter()
                .filter_map(|&k| self.tiebreaks.get(k))
                .map(ToString::to_string),
        );
        cells
    }
}

/// The headings of a team standings table (see `TeamRow::cells`): the team's
/// (`TeamRow::team_cells`), W D L, then the scores' (`TeamRow::score_cells`).
pub const TEAM_TABLE_HEADINGS: [&str; 8] = ["Rank", "No", "Team", "W", "D", "L", "MP", "GP"];

/// The tie-breaks that get a column of their own (indices into `tiebreaks`): all but the
/// totals of the two scores (`MP`, `GP`, `MPvGP`...), which the MP and GP columns
/// already show. They still break ties in their place in the list.
pub fn tiebreak_columns(tiebreaks: &[TeamTieBreak]) -> Vec<usize> {
    (0..tiebreaks.len())
        .filter(|&k| !matches!(tiebreaks[k], TeamTieBreak::Total(_)))
        .collect()
}

/// The event's primary score (C.04.6 1.2).
pub fn primary_score(t: &Tournament) -> TeamScore {
    match t.event.team_scoring.primary {
        tournament::TeamScore::MatchPoints => TeamScore::Match,
        tournament::TeamScore::GamePoints => TeamScore::Game,
    }
}

/// The team standings after `round` rounds, ranked by the primary score and then
/// `tiebreaks`; teams equal on everything share a place.
pub fn team_standings(
    t: &Tournament,
    round: u32,
    tiebreaks: &[TeamTieBreak],
    edition: Edition,
) -> Vec<TeamRow> {
    let ts = &t.event.team_scoring;
    let records = team_records(t, round);
    let primary = primary_score(t);
    let boards = t.team_rounds().boards;
    let rounds = round.min(t.rounds_recorded());
    let context = Context {
        rounds,
        match_draw: ts.match_draw,
        match_win: ts.match_win,
        game_draw: t.event.scoring.draw.times(boards as i32),
        game_win: t.event.scoring.win.times(boards as i32),
        board_win: t.event.scoring.win,
        edition,
        primary,
        final_round: rounds == t.planned_rounds(),
    };
    let mut rows: Vec<TeamRow> = t
        .teams
        .iter()
        .enumerate()
        .map(|(i, team)| {
            let own = &records[i];
            let count = |points: Points| {
                own.rounds
                    .iter()
                    .filter(|r| r.opponent.is_some() && r.match_points == points)
                    .count() as u32
            };
            TeamRow {
                rank: 0,
                team: team.id,
                name: team.name.clone(),
                won: count(ts.match_win),
                drawn: count(ts.match_draw),
                lost: count(ts.match_loss),
                match_points: own.match_points,
                game_points: own.game_points,
                tiebreaks: tiebreaks
                    .iter()
                    .map(|&tb| value(tb, &records, i, &context))
                    .collect(),
            }
        })
        .collect();
    // Every team by the primary score, then split by each tie-break in turn; the direct
    // encounter is computed within the groups still tied when its turn comes (C.07 6).
    let everyone: Vec<usize> = (0..rows.len()).collect();
    let mut groups = split(everyone, |a, b| {
        records[a].total(primary).cmp(&records[b].total(primary))
    });
    for (k, tb) in tiebreaks.iter().enumerate() {
        for group in &groups {
            let places = match *tb {
                TeamTieBreak::DirectEncounter { extended } => {
                    direct_encounter(&records, group, extended, &context)
                }
                TeamTieBreak::Boards { top } => board_places(&records, group, top, boards),
                _ => continue,
            };
            for (i, place) in places {
                rows[i].tiebreaks[k] = Value::Count(place);
            }
        }
        let better = tb.higher_is_better();
        groups = groups
            .into_iter()
            .flat_map(|group| {
                split(group, |a, b| {
                    rows[a].tiebreaks[k].rank_cmp(rows[b].tiebreaks[k], better)
                })
            })
            .collect();
    }
    let mut ranked = Vec::with_capacity(rows.len());
    for group in groups {
        let rank = ranked.len() as u32 + 1;
        for i in group {
            let mut row = rows[i].clone();
            row.rank = rank;
            ranked.push(row);
        }
    }
    ranked
}

/// C.07 12.2 (`top`) and 12.3 for one group of teams tied on everything before: each
/// member (index) with its place in the group, by its points on board 1, then board 2...
/// (`top`), or by its points without the bottom board, then without the two bottom
/// boards... (`boards` boards per match).
fn board_places(
    records: &[TeamRecord],
    group: &[usize],
    top: bool,
    boards: u32,
) -> Vec<(usize, u32)> {
    let key = |team: usize| -> Vec<Points> {
        let on = |number: u32| -> Points {
            records[team]
                .rounds
                .iter()
                .flat_map(|r| &r.boards)
                .filter(|b| b.number == number)
                .map(|b| b.points)
                .sum()
        };
        (1..=boards)
            .map(|k| {
                if top {
                    on(k)
                } else {
                    (1..=boards - k).map(on).sum()
                }
            })
            .collect()
    };
    let keys: Vec<(usize, Vec<Points>)> = group.iter().map(|&i| (i, key(i))).collect();
    keys.iter()
        .map(|(i, own)| {
            let ahead = keys.iter().filter(|(_, other)| other > own).count() as u32;
            (*i, ahead + 1)
        })
        .collect()
}

/// C.07 6 and 13.3 for one group of teams tied on everything before: each member (index)
/// with its place in the group (1 = first; equal places for the teams it does not
/// separate). Direct Encounter compares the primary score the teams made in the matches
/// played among them, again and again within the groups it leaves tied; the Extended
/// Direct Encounter then turns to the secondary score, and back to the primary score for
/// the groups that one separates, until neither separates any more teams.
fn direct_encounter(
    records: &[TeamRecord],
    group: &[usize],
    extended: bool,
    c: &Context,
) -> Vec<(usize, u32)> {
    let scores: Vec<TeamScore> = if extended {
        vec![c.primary, ScoreOf::Secondary.resolve(c.primary)]
    } else {
        vec![c.primary]
    };
    let mut tiers = vec![group.to_vec()];
    let mut stable = vec![false; scores.len()];
    let mut turn = 0;
    while !stable.iter().all(|&s| s) {
        let score = scores[turn];
        let mut changed = false;
        let mut next = Vec::with_capacity(tiers.len());
        for tier in tiers {
            if tier.len() < 2 {
                next.push(tier);
                continue;
            }
            let tallies: Vec<Tally> = tier
                .iter()
                .map(|&m| {
                    let mut tally = Tally::new();
                    for r in records[m].rounds.iter().filter(|r| r.played) {
                        if let Some(o) = r.opponent.filter(|o| *o != m && tier.contains(o)) {
                            let t = tally.entry(o as u32).or_default();
                            t.0 += i64::from(r.score(score).tenths());
                            t.1 += 1;
                        }
                    }
                    tally
                })
                .collect();
            let split = split_once(&tallies, i64::from(c.win(score).tenths()));
            changed |= split.len() > 1;
            next.extend(
                split
                    .into_iter()
                    .map(|part| part.into_iter().map(|i| tier[i]).collect::<Vec<_>>()),
            );
        }
        tiers = next;
        if changed {
            stable.fill(false);
        } else {
            stable[turn] = true;
            turn = (turn + 1) % scores.len();
        }
    }
    let mut places = Vec::with_capacity(group.len());
    let mut ahead = 0;
    for tier in &tiers {
        places.extend(tier.iter().map(|&i| (i, ahead + 1)));
        ahead += tier.len() as u32;
    }
    places
}

/// What every tie-break value of one standings table depends on besides the records.
struct Context {
    /// Rounds so far (C.07 16.4.2's "rounds in the tournament" for intermediate standings).
    rounds: u32,
    /// A drawn match's match points and game points, and a won match's match points.
    match_draw: Points,
    match_win: Points,
    game_draw: Points,
    /// A won match's game points (a win on every board), and a won game's.
    game_win: Points,
    board_win: Points,
    edition: Edition,
    primary: TeamScore,
    /// The standings include the event's final round (C.07 8.3).
    final_round: bool,
}

impl Context {
    fn draw(&self, score: TeamScore) -> Points {
        match score {
            TeamScore::Match => self.match_draw,
            TeamScore::Game => self.game_draw,
        }
    }

    fn win(&self, score: TeamScore) -> Points {
        match score {
            TeamScore::Match => self.match_win,
            TeamScore::Game => self.game_win,
        }
    }
}

/// C.07 16.4: the score of the opponent a round counts. A played match counts the
/// opponent's score as 16.3 adjusts it; any other round a dummy opponent with the team's
/// own score, which from 2026 is at most the scheduled opponent's adjusted score for a
/// forfeit (16.4.1) and at most a draw in every round so far otherwise (16.4.2).
fn opponent_score(
    records: &[TeamRecord],
    team: usize,
    round: usize,
    score: TeamScore,
    c: &Context,
) -> Points {
    let own = &records[team];
    let r = &own.rounds[round];
    let adjusted = |o: usize| records[o].adjusted(score, c.draw(score));
    match r.opponent {
        Some(o) if r.played => adjusted(o),
        scheduled => {
            let dummy = own.total(score);
            match (c.edition, scheduled) {
                (Edition::Dummy2026, Some(o)) => dummy.min(adjusted(o)),
                (Edition::Dummy2026, None) => dummy.min(c.draw(score).times(c.rounds as i32)),
                (Edition::Dummy2023 | Edition::VirtualOpponent, _) => dummy,
            }
        }
    }
}

/// C.07 8.1, 9.1 and 13.2 with the cuts of 14.1, 14.2 and 16.5: one term per round, the
/// opponent's (or the dummy's) `score`, times the team's own `times` score in SB.
fn opponents_sum(
    records: &[TeamRecord],
    team: usize,
    score: TeamScore,
    times: Option<TeamScore>,
    cut: Cut,
    c: &Context,
) -> i64 {
    let own = &records[team];
    let terms: Vec<Term> = (0..own.rounds.len())
        .map(|i| {
            let r = &own.rounds[i];
            let score = i64::from(opponent_score(records, team, i, score, c).tenths());
            Term {
                score,
                value: times.map_or(score, |s| score * i64::from(r.score(s).tenths())),
                voluntary: !r.played && r.voluntary,
            }
        })
        .collect();
    let rule = match (c.edition, times) {
        (Edition::VirtualOpponent, _) => CutRule::Plain,
        (_, None) => CutRule::BuchholzVoluntaryFirst,
        (_, Some(_)) => CutRule::SonnebornBergerHigher,
    };
    sum_after_cuts(&terms, cut.lowest, cut.highest, rule).0
}

/// C.07 8.3: the records as Fore Buchholz reads them, every match of the event's final
/// round played and drawn (unchanged when the standings stop before the final round).
fn fore(records: &[TeamRecord], c: &Context) -> Vec<TeamRecord> {
    records
        .iter()
        .map(|record| {
            let mut record = record.clone();
            if let Some(last) = record.rounds.last_mut().filter(|_| c.final_round)
                && last.opponent.is_some()
            {
                record.match_points += c.match_draw - last.match_points;
                record.game_points += c.game_draw - last.game_points;
                last.match_points = c.match_draw;
                last.game_points = c.game_draw;
                last.played = true;
                last.voluntary = false;
            }
            record
        })
        .collect()
}

fn value(tb: TeamTieBreak, records: &[TeamRecord], team: usize, c: &Context) -> Value {
    let own = &records[team];
    let buchholz = |records: &[TeamRecord], team: usize, score: ScoreOf, cut: Cut| {
        opponents_sum(records, team, score.resolve(c.primary), None, cut, c)
    };
    match tb {
        TeamTieBreak::Total(score) => Value::Points(own.total(score.resolve(c.primary))),
        TeamTieBreak::Buchholz { score, cut } => Value::Points(Points::from_tenths(buchholz(
            records, team, score, cut,
        )
            as i32)),
        TeamTieBreak::ForeBuchholz { score, cut } => {
            Value::Points(Points::from_tenths(
                buchholz(&fore(records, c), team, score, cut) as i32,
            ))
        }
        TeamTieBreak::AverageBuchholz { score, cut } => {
            let met: Vec<usize> = own
                .rounds
                .iter()
                .filter(|r| r.played)
                .filter_map(|r| r.opponent)
                .collect();
            match met.len() {
                0 => Value::Missing,
                count => Value::Average {
                    sum: met.iter().map(|&o| buchholz(records, o, score, cut)).sum(),
                    count: count as i64,
                },
            }
        }
        TeamTieBreak::ExtendedSb {
            opponent,
            own: own_score,
            cut,
        } => Value::Hundredths(opponents_sum(
            records,
            team,
            opponent.resolve(c.primary),
            Some(own_score.resolve(c.primary)),
            cut,
            c,
        )),
        TeamTieBreak::Progressive { score, cut } => {
            let score = score.resolve(c.primary);
            let mut running = Points::ZERO;
            let mut total = Points::ZERO;
            for (i, r) in own.rounds.iter().enumerate() {
                running += r.score(score);
                if i >= usize::from(cut) {
                    total += running;
                }
            }
            Value::Points(total)
        }
        TeamTieBreak::Wins {
            score,
            over_the_board,
        } => Value::Count(match score.resolve(c.primary) {
            TeamScore::Match => own
                .rounds
                .iter()
                .filter(|r| r.match_points == c.match_win && (r.played || !over_the_board))
                .count(),
            TeamScore::Game => own
                .rounds
                .iter()
                .flat_map(|r| &r.boards)
                .filter(|b| b.points == c.board_win && (b.played || !over_the_board))
                .count(),
        } as u32),
        TeamTieBreak::BoardCount => Value::Points(
            own.rounds
                .iter()
                .flat_map(|r| &r.boards)
                .map(|b| b.points.times(b.number as i32))
                .sum(),
        ),
        TeamTieBreak::Koya(score) => {
            let score = score.resolve(c.primary);
            // The maximum possible score: a win in every round so far; an opponent counts
            // with at least half of it.
            let maximum = c.win(score).times(c.rounds as i32);
            Value::Points(
                own.rounds
                    .iter()
                    .filter(|r| {
                        r.opponent
                            .is_some_and(|o| records[o].total(score).times(2) >= maximum)
                    })
                    .map(|r| r.score(score))
                    .sum(),
            )
        }
        TeamTieBreak::RoundsElectedToPlay => {
            Value::Count(own.rounds.iter().filter(|r| !r.voluntary).count() as u32)
        }
        // Filled in group by group by the ranking.
        TeamTieBreak::DirectEncounter { .. } | TeamTieBreak::Boards { .. } => Value::Missing,
        TeamTieBreak::Standard => Value::Points(
            own.rounds
                .iter()
                .map(|r| match r.match_points.cmp(&c.match_draw) {
                    Ordering::Greater => Points::ONE,
                    Ordering::Equal => Points::from_tenths(5),
                    Ordering::Less => Points::ZERO,
                })
                .sum(),
        ),
    }
}
