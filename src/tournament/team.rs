//! Teams of a team event: who plays for whom, and how a match between two teams scores
//! (FIDE Swiss Team Pairing System C.04.6, 2026; TRF-16 record `013`, TRF-2026 records
//! `300`, `310`, `320`, `352`, `362`).
//!
//! The players' own games stay in their records; a team match is what the games of one
//! team's players against another team's add up to (see [`super::team_round`]).

use serde::{Deserialize, Serialize};

use super::{ByeKind, Colour, Points};

/// A team: its name and its players in board order (the roster; reserves after the
/// regular boards).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// The team's pairing number (TRF-2026 `310` cols 5–7; the order of `013` records).
    pub id: u32,
    pub name: String,
    /// A short name for narrow tables (TRF-2026 `310` cols 42–46).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub(crate) nickname: String,
    /// Pairing numbers of its players, board order first.
    pub players: Vec<u32>,
    /// Rounds in which the team received the pairing-allocated bye (C.04.6 3.4; TRF-2026
    /// `320`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pairing_byes: Vec<u32>,
    /// Who played which board, for the rounds the file or the arbiter recorded it
    /// (TRF-2026 `300`); a round without one was played in roster order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) lineups: Vec<Lineup>,
    /// Half- and full-point byes the team was given, by round (TRF-2026 `240` `H`/`F` in
    /// a team event names teams): the match counts as drawn or won, every board as
    /// drawn or won, no game played. A team's zero-point bye is its players' absence.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requested_byes: Vec<(u32, ByeKind)>,
}

impl Team {
    /// A team with this pairing number, name and roster (board order), no short name, and
    /// no bye or line-up yet.
    pub(crate) fn new(id: u32, name: impl Into<String>, players: Vec<u32>) -> Team {
        Team {
            id,
            name: name.into(),
            nickname: String::new(),
            players,
            pairing_byes: Vec::new(),
            lineups: Vec::new(),
            requested_byes: Vec::new(),
        }
    }
}

/// A team's line-up in one round (TRF-2026 `300`): its player on each board, in board
/// order, against the team it met.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineup {
    pub(crate) round: u32,
    /// The pairing number of the team met.
    pub(crate) opponent: u32,
    /// The player on each board; `None` for a board the team left empty.
    pub boards: Vec<Option<u32>>,
}

/// How the matches of a team event score (C.04.6 1.2; TRF-2026 `362` and `320`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct TeamScoring {
    /// Games per match (TRF-2026 `352`: one colour per board). 0: as many as the most
    /// games one team played in one match.
    pub(crate) boards: u32,
    /// The colour of the first-named team on each board (TRF-2026 `352`, e.g. `WBBW`);
    /// empty when the event does not say (White on odd boards).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) board_colours: Vec<Colour>,
    /// Match points for a match won, drawn and lost (2 - 1 - 0 by default).
    pub(crate) match_win: Points,
    pub(crate) match_draw: Points,
    pub(crate) match_loss: Points,
    /// Match points of the pairing-allocated bye (default: a drawn match).
    pub bye_match_points: Option<Points>,
    /// Game points of the pairing-allocated bye (default: half the boards' points, every
    /// board drawn).
    pub bye_game_points: Option<Points>,
    /// Which colour preferences the pairing uses (C.04.6 1.7; TRF-2026 `192`).
    pub(crate) colour_preferences: TeamColourType,
    /// The primary score, which makes the scoregroups (C.04.6 1.2).
    pub(crate) primary: TeamScore,
    /// Whether the other score breaks ties between the two teams of a match when the
    /// colours are allocated (C.04.6 1.2.1, 4.2.2; the default of 1.2.2 is yes).
    pub(crate) secondary_for_colours: bool,
}

/// The colour preferences of a team competition (C.04.6 1.7): Type A unless the rules of
/// the competition specify Type B or none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TeamColourType {
    /// 1.7.1: one strength of preference.
    #[default]
    TypeA,
    /// 1.7.2: strong and mild preferences.
    TypeB,
    /// No colour preferences at all.
    None,
}

/// A team's score (C.04.6 1.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) enum TeamScore {
    /// Match points (the default of 1.2.2).
    #[default]
    MatchPoints,
    /// Game points: the sum of the team's games.
    GamePoints,
}

impl Default for TeamScoring {
    fn default() -> Self {
        TeamScoring {
            boards: 0,
            board_colours: Vec::new(),
            match_win: Points::whole(2),
            match_draw: Points::ONE,
            match_loss: Points::ZERO,
            bye_match_points: None,
            bye_game_points: None,
            colour_preferences: TeamColourType::TypeA,
            primary: TeamScore::MatchPoints,
            secondary_for_colours: true,
        }
    }
}

impl TeamScoring {
    /// The colour on board `board` (0 for board 1) of the team with White on board 1
    /// (C.04.6 1.6.1): the event's colour sequence (TRF-2026 `352`, e.g. `WBBW`) read from
    /// board 1, else White on the odd boards and Black on the even ones.
    pub fn colour_on_board(&self, board: usize) -> Colour {
        match (self.board_colours.first(), self.board_colours.get(board)) {
            (Some(first), Some(this)) if first == this => Colour::White,
            (Some(_), Some(_)) => Colour::Black,
            _ if board.is_multiple_of(2) => Colour::White,
            _ => Colour::Black,
        }
    }

    /// The match points of a team that scored `own` game points against `other`'s.
    pub(crate) fn match_points(&self, own: Points, other: Points) -> Points {
        match own.cmp(&other) {
            std::cmp::Ordering::Greater => self.match_win,
            std::cmp::Ordering::Equal => self.match_draw,
            std::cmp::Ordering::Less => self.match_loss,
        }
    }

    /// The match points of the pairing-allocated bye.
    pub(crate) fn pab_match_points(&self) -> Points {
        self.bye_match_points.unwrap_or(self.match_draw)
    }

    /// The TRF-2026 `192` code of the FIDE Swiss Team system with these settings
    /// (`FIDE_TEAM_TYPEA_MP_GP` by default), as Gacrux reads it.
    pub fn trf_system_code(&self) -> String {
        let colours = match self.colour_preferences {
            TeamColourType::TypeA => "TYPEA_",
            TeamColourType::TypeB => "TYPEB_",
            TeamColourType::None => "",
        };
        let (primary, secondary) = match self.primary {
            TeamScore::MatchPoints => ("MP", "_GP"),
            TeamScore::GamePoints => ("GP", "_MP"),
        };
        let secondary = if self.secondary_for_colours {
            secondary
        } else {
            ""
        };
        format!("FIDE_TEAM_{colours}{primary}{secondary}")
    }

    /// The settings named by a TRF-2026 `192` code of the FIDE Swiss Team system
    /// (`FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP[_GP|_MP]]`, `_BAKU` already taken off), applied
    /// to `self`; `false` when the code is not one. `FIDE_TEAM` alone is Type A, match
    /// points first and game points for colours (1.2.2, 1.7).
    pub fn apply_trf_system_code(&mut self, code: &str) -> bool {
        let Some(rest) = code.strip_prefix("FIDE_TEAM") else {
            return false;
        };
        let (colours, rest) = if let Some(r) = rest.strip_prefix("_TYPEA") {
            (TeamColourType::TypeA, r)
        } else if let Some(r) = rest.strip_prefix("_TYPEB") {
            (TeamColourType::TypeB, r)
        } else if rest.is_empty() {
            (TeamColourType::TypeA, rest)
        } else {
            (TeamColourType::None, rest)
        };
        let (primary, secondary) = match rest {
            "" | "_MP_GP" => (TeamScore::MatchPoints, true),
            "_MP" => (TeamScore::MatchPoints, false),
            "_GP_MP" => (TeamScore::GamePoints, true),
            "_GP" => (TeamScore::GamePoints, false),
            _ => return false,
        };
        self.colour_preferences = colours;
        self.primary = primary;
        self.secondary_for_colours = secondary;
        true
    }

    /// The game points of the pairing-allocated bye in a match of `boards` games, each
    /// drawn game worth `draw`.
    pub(crate) fn pab_game_points(&self, boards: u32, draw: Points) -> Points {
        self.bye_game_points
            .unwrap_or_else(|| draw.times(boards as i32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_is_won_drawn_or_lost_on_game_points() {
        let s = TeamScoring::default();
        let p = |t| Points::from_tenths(t);
        assert_eq!(s.match_points(p(35), p(25)), Points::whole(2));
        assert_eq!(s.match_points(p(30), p(30)), Points::ONE);
        assert_eq!(s.match_points(p(5), p(55)), Points::ZERO);
    }

    #[test]
    fn the_bye_defaults_to_a_drawn_match_with_every_board_drawn() {
        let s = TeamScoring::default();
        assert_eq!(s.pab_match_points(), Points::ONE);
        assert_eq!(s.pab_game_points(6, Points::HALF), Points::whole(3));
        let explicit = TeamScoring {
            bye_match_points: Some(Points::whole(2)),
            bye_game_points: Some(Points::whole(4)),
            ..s
        };
        assert_eq!(explicit.pab_match_points(), Points::whole(2));
        assert_eq!(explicit.pab_game_points(6, Points::HALF), Points::whole(4));
    }

    #[test]
    fn record_192_names_the_colour_type_and_the_scores() {
        let mut s = TeamScoring::default();
        assert_eq!(s.trf_system_code(), "FIDE_TEAM_TYPEA_MP_GP");
        assert!(s.apply_trf_system_code("FIDE_TEAM_TYPEB_GP"));
        assert_eq!(
            (s.colour_preferences, s.primary, s.secondary_for_colours),
            (TeamColourType::TypeB, TeamScore::GamePoints, false)
        );
        assert_eq!(s.trf_system_code(), "FIDE_TEAM_TYPEB_GP");
        assert!(s.apply_trf_system_code("FIDE_TEAM_MP_GP"));
        assert_eq!(s.colour_preferences, TeamColourType::None);
        assert!(s.apply_trf_system_code("FIDE_TEAM"));
        assert_eq!(s, TeamScoring::default());
        assert!(!s.apply_trf_system_code("FIDE_TEAM_ROUNDROBIN"));
        assert!(!s.apply_trf_system_code("FIDE_DUTCH_2025"));
    }
}
