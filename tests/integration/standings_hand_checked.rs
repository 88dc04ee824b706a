//! Every tie-break of C.07 on small events worked out by hand: byes of every kind,
//! forfeits, a withdrawal and a late entry (Swiss, Art. 16), and a round robin with a
//! forfeit (Art. 15.2).

use crate::common;

use std::collections::HashMap;

use swiss_arbiter::formats::trf;
use swiss_arbiter::standings::{
    self, Edition, Options, Rules, Standings, Value, crosstable, parse_list,
};
use swiss_arbiter::tournament::{Colour, Outcome, Tournament};

fn load(name: &str) -> Tournament {
    let path = common::fixtures_dir().join("standings").join(name);
    trf::read_file(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn rules(edition: Edition) -> Rules {
    Rules {
        edition,
        predetermined: false,
        unrated_rating: None,
    }
}

fn compute(t: &Tournament, list: &str, rules: Rules, round: Option<u32>) -> Standings {
    let options = Options {
        tiebreaks: parse_list(list).expect("tie-break list"),
        round,
        rules,
    };
    standings::compute(t, &options).expect("standings")
}

/// The values printed for each player: pairing number → [rank, points, values...].
fn table(s: &Standings) -> HashMap<u32, Vec<String>> {
    s.rows
        .iter()
        .map(|row| {
            let mut values = vec![row.rank.to_string(), row.points.to_string()];
            values.extend(row.tiebreaks.iter().map(|b| b.value.to_string()));
            (row.id, values)
        })
        .collect()
}

/// `unplayed-rounds.trf`, four rounds, standard scoring:
///
/// | no | rating | R1        | R2          | R3        | R4        | pts |
/// |----|--------|-----------|-------------|-----------|-----------|-----|
/// | 1  | 2400   | 4 w 1     | 3 b =       | 2 b 0     | 6 w 1     | 2.5 |
/// | 2  | 2300   | 5 b =     | 4 w + (fw)  | 1 w 1     | 3 w =     | 3.0 |
/// | 3  | 2200   | 7 b 1     | 1 w =       | 6 w =     | 2 b =     | 2.5 |
/// | 4  | 2100   | 1 b 0     | 2 b - (fl)  | 5 w 0     | ZPB       | 0.0 |
/// | 5  | 2000   | 2 w =     | 6 b 0       | 4 b 1     | FPB       | 2.5 |
/// | 6  | 1900   | HPB (late entry) | 5 w 1 | 3 b =     | 1 b 0     | 2.0 |
/// | 7  | 1800   | 3 w 0     | PAB         | withdrawn | withdrawn | 1.0 |
///
/// Scores opponents see (C.07 16.3): 4's last-round ZPB follows only a forfeit loss and
/// counts as a draw (16.2.5): 0.5. 7's absences after the withdrawal likewise: 2.0. 6's
/// late-entry bye is followed by games (16.2.3) and counts as awarded. Others: their
/// score.
const SWISS: &str = "unplayed-rounds.trf";

const EVERY_TIEBREAK: &str = "BH/C1,BH,SB,SB/C1,FB,AOB,WIN,WON,BPG,BWG,PS,PS/C1,REP,STD,TPN,RTNG,\
                              ARO,ARO/C1,TPR,PTP,APRO,APPO,KS,DE";

#[test]
fn every_tiebreak_by_hand_2026() {
    let s = compute(
        &load(SWISS),
        EVERY_TIEBREAK,
        rules(Edition::Dummy2026),
        None,
    );
    assert_eq!(s.round, 4);
    let t = table(&s);
    let row = |id: u32| t[&id].join(" ");
    // Player 1, all rounds played: BH 0.5 + 2.5 + 3.0 + 2.0 = 8.0, Cut-1 drops 0.5.
    // SB 0.5 + 1.25 + 0 + 2.0 = 3.75; SB/C1 drops the lowest opponent's 0.5.
    // FB: round 4 drawn: 6 has 2.5, 1 itself 2.0: 0.5 + 2.5 + 3.0 + 2.5 = 8.5.
    // AOB: (BH of 4, 3, 2, 6) = (5.0 + 9.5 + 8.0 + 9.5) / 4 = 8.00.
    // PS 1 + 1.5 + 1.5 + 2.5. ARO (2100+2200+2300+1900)/4 = 2125; C1 drops 1900: 2200.
    // TPR: p = 2.5/4 = .625 → .63, dp 95: 2220. PTP: lowest R expecting 2.5: 2230.
    // KS: limit 2.0: ½ (3) + 0 (2) + 1 (6); 4 (0.0) is below.
    assert_eq!(
        row(1),
        "3 2.5 7.5 8.0 3.75 3.25 8.5 8.00 2 2 2 0 6.5 5.5 4 2.5 1 2400 2125 2200 2220 2230 \
         2030 1994 1.5 1"
    );
    // Player 2, forfeit win in round 2: a dummy with the own score 3.0 capped at the
    // scheduled opponent's 0.5 (2026 16.4): BH 2.5 + 0.5 + 2.5 + 2.5 = 8.0; Cut-1 drops
    // the dummy (not voluntary, just lowest). SB 1.25 + 0.5 + 2.5 + 1.25 = 5.50.
    // WIN counts the forfeit, WON does not. TPR: 2.0 of 3 → .67, dp 125: 2325.
    assert_eq!(
        row(2),
        "1 3.0 7.5 8.0 5.50 5.00 7.5 8.33 2 1 1 0 7.5 7.0 4 3.0 2 2300 2200 2300 2325 2345 \
         2172 2187 2.0 1"
    );
    // Player 4, forfeit loss and a last-round ZPB: dummies of min(0.0, ...) = 0;
    // BH 2.5 + 0 + 2.5 + 0 = 5.0, Cut-1 drops a voluntary unplayed round (16.5), a 0.
    // REP: 4 rounds − forfeit loss − ZPB = 2. TPR: 0 of 2: 2200 − 800; PTP 2000 − 800.
    assert_eq!(
        row(4),
        "7 0.0 5.0 5.0 0.00 0.00 4.5 7.75 0 0 1 0 0.0 0.0 2 0.0 4 2100 2200 2400 1400 1200 \
         2160 2164 0.0 1"
    );
    // Player 5, FPB in round 4: a dummy of 2.5 capped at 4 draws = 2.0, not voluntary:
    // BH 3.0 + 2.0 + 0.5 + 2.0 = 7.5, Cut-1 drops 0.5. WIN counts the FPB. STD ½ + 0 + 1
    // + 1 = 2.5.
    assert_eq!(
        row(5),
        "4 2.5 7.0 7.5 4.00 3.50 8.0 7.50 2 1 2 1 5.0 4.5 4 2.5 5 2000 2100 2200 2100 2098 \
         1975 1914 0.5 1"
    );
    // Player 6, late entry (HPB in round 1, a voluntary unplayed round): dummy 2.0 (own
    // score, within the cap): BH 2.0 + 2.5 + 2.5 + 2.5 = 9.5; Cut-1 drops the HPB (16.5)
    // although it is not lower than the others. REP 3. SB/C1: the HPB's 1.0 is the
    // lowest-scoring opponent's product and the voluntary one: 4.75 − 1.0.
    assert_eq!(
        row(6),
        "5 2.0 7.5 9.5 4.75 3.75 9.0 8.33 1 1 2 0 6.0 5.5 3 2.0 6 1900 2200 2300 2200 2198 \
         2172 2187 1.5 1"
    );
    // Player 7, withdrawn after a PAB: dummies of the own 1.0 in rounds 2-4; the
    // absences are voluntary: BH 2.5 + 1 + 1 + 1 = 5.5, Cut-1 drops one absence. SB: only
    // the PAB scored: 1.0. ARO/C1 with one game left: no value. REP 2, STD 1.
    assert_eq!(
        row(7),
        "6 1.0 4.5 5.5 1.00 1.00 5.5 9.50 1 0 0 0 3.0 3.0 2 1.0 7 1800 2200  1400 1400 2195 \
         2232 0.0 1"
    );
    // Player 3: opponents 7 (seen 2.0), 1, 6, 2: BH 2.0 + 2.5 + 2.0 + 3.0 = 9.5.
    assert_eq!(
        row(3),
        "2 2.5 7.5 9.5 5.75 4.75 9.5 7.75 1 1 2 1 7.0 6.0 4 2.5 3 2200 2100 2200 2195 2232 \
         2036 2043 1.5 1"
    );
}

#[test]
fn the_2023_dummy_has_the_players_own_score() {
    let s = compute(&load(SWISS), "BH,SB", rules(Edition::Dummy2023), None);
    let t = table(&s);
    // Player 2's forfeit win: a dummy of 3.0: BH 2.5 + 3.0 + 2.5 + 2.5; SB + 3.0 × 1.
    assert_eq!(t[&2][2..], ["10.5", "8.00"]);
    // Player 5's FPB: a dummy of 2.5: BH 8.0, SB 1.5 + 0 + 0.5 + 2.5.
    assert_eq!(t[&5][2..], ["8.0", "4.50"]);
    // Unchanged where the own score is within the 2026 caps.
    assert_eq!(t[&6][2..], ["9.5", "4.75"]);
}

#[test]
fn before_2023_a_virtual_opponent() {
    let s = compute(&load(SWISS), "BH,SB", rules(Edition::VirtualOpponent), None);
    let t = table(&s);
    // Opponents' unplayed rounds count as draws: 2 is seen with 2.5, 6 with 2.0, 4 with
    // 1.0. Player 1: 1.0 + 2.5 + 2.5 + 2.0 = 8.0.
    assert_eq!(t[&1][2], "8.0");
    // Player 2's round-2 forfeit win: a virtual opponent with 0.5 before the round, the
    // loss, and two draws: 1.5. BH 2.0 + 1.5 + 2.5 + 2.5 = 8.5; SB 1.0 + 1.5 + 2.5 + 1.25.
    assert_eq!(t[&2][2..], ["8.5", "6.25"]);
    // Player 7: 3 (2.5); PAB: 0 + 0 + 1.0 = 1.0; round 3: 1.0 + 1 + 0.5; round 4: 1.0 +
    // 1 + 0: BH 8.0.
    assert_eq!(t[&7][2], "8.0");
}

#[test]
fn standings_after_an_earlier_round() {
    let s = compute(&load(SWISS), "BH,REP", rules(Edition::Dummy2026), Some(2));
    let t = table(&s);
    // After round 2: 4's forfeit loss counts as awarded (16.2.4): 0. Player 2: 0.5 (5) +
    // dummy min(1.5, 0) = 0.5.
    assert_eq!(t[&2][1..], ["1.5", "0.5", "2"]);
    // Player 6: HPB dummy min(1.5, 2 draws = 1.0) + 0.5 (5).
    assert_eq!(t[&6][1..], ["1.5", "1.5", "1"]);
}

#[test]
fn ranking_with_the_default_list_and_shared_places() {
    let t = load(SWISS);
    let s = standings::compute(
        &t,
        &Options {
            tiebreaks: standings::default_tiebreaks(),
            round: None,
            rules: rules(Edition::Dummy2026),
        },
    )
    .expect("standings");
    let order: Vec<(u32, u32)> = s.rows.iter().map(|r| (r.rank, r.id)).collect();
    // 2.5 points: 1, 3 and 5; BH/C1 puts 5 last (7.0), BH puts 3 (9.5) before 1 (8.0).
    assert_eq!(
        order,
        [(1, 2), (2, 3), (3, 1), (4, 5), (5, 6), (6, 7), (7, 4)]
    );
    // WIN alone: 1 and 5 have two wins each and share the place.
    let s = compute(&t, "WIN", rules(Edition::Dummy2026), None);
    let order: Vec<(u32, u32)> = s.rows.iter().map(|r| (r.rank, r.id)).collect();
    assert_eq!(
        order,
        [(1, 2), (2, 1), (2, 5), (4, 3), (5, 6), (6, 7), (7, 4)]
    );
}

#[test]
fn breakdowns_name_opponents_and_adjustments() {
    let s = compute(&load(SWISS), "BH/C1,SB", rules(Edition::Dummy2026), None);
    let row = |id: u32| s.rows.iter().find(|r| r.id == id).expect("row");
    let bh = &row(2).tiebreaks[0];
    let forfeit = &bh.parts[1];
    assert_eq!((forfeit.round, forfeit.opponent), (Some(2), Some(4)));
    assert!(forfeit.note.contains("capped") && forfeit.note.contains("16.4"));
    assert!(forfeit.cut, "{:?}", bh.parts);
    // Player 1's opponent 4 is seen with 0.5: the last-round ZPB counts as a draw.
    let seen = &row(1).tiebreaks[0].parts[0];
    assert_eq!(seen.amount, Value::Points("0.5".parse().expect("points")));
    assert!(seen.note.contains("16.3.2"), "{}", seen.note);
    // Player 7's first absence is the voluntary unplayed round cut (16.5).
    let cut: Vec<Option<u32>> = row(7).tiebreaks[0]
        .parts
        .iter()
        .filter(|p| p.cut)
        .map(|p| p.round)
        .collect();
    assert_eq!(cut, [Some(3)]);
    let lines = row(2).tiebreaks[1].lines();
    assert_eq!(lines.len(), 4);
    assert!(
        lines[0].starts_with("R1 vs 5 1.25: 2.5 × 0.5 scored"),
        "{}",
        lines[0]
    );
}

#[test]
fn crosstable_in_rank_order() {
    let t = load(SWISS);
    let s = compute(&t, "BH/C1,BH", rules(Edition::Dummy2026), None);
    let lines = crosstable(&t, &s);
    let ids: Vec<u32> = lines.iter().map(|l| l.id).collect();
    assert_eq!(ids, [2, 3, 1, 5, 6, 7, 4]);
    let seven = &lines[5];
    let cells: Vec<(Option<u32>, Option<Colour>, char, String)> = seven
        .rounds
        .iter()
        .map(|c| (c.opponent_rank, c.colour, c.result, c.running.to_string()))
        .collect();
    assert_eq!(
        cells,
        [
            (Some(2), Some(Colour::White), '0', "0.0".to_string()),
            (None, None, 'U', "1.0".to_string()),
            (None, None, ' ', "1.0".to_string()),
            (None, None, ' ', "1.0".to_string()),
        ]
    );
    assert_eq!(lines[0].rounds[1].result, '+');
    assert_eq!(lines[0].rounds[1].opponent, Some(4));
}

#[test]
fn rating_tiebreaks_are_dropped_with_unrated_players() {
    let mut t = load(SWISS);
    t.players[6].rating = None;
    let s = compute(&t, "ARO,TPR,RTNG", rules(Edition::Dummy2026), None);
    assert!(
        s.rows
            .iter()
            .all(|r| r.tiebreaks.iter().all(|b| b.value == Value::Missing))
    );
    assert_eq!(s.notes.len(), 3);
    assert!(s.notes[0].contains("unrated"));
    // Unless the rules give unrated players a rating.
    let with_rating = Rules {
        unrated_rating: Some(1800),
        ..rules(Edition::Dummy2026)
    };
    let s = compute(&t, "ARO", with_rating, None);
    assert!(s.notes.is_empty());
    let row3 = s.rows.iter().find(|r| r.id == 3).expect("row");
    assert_eq!(row3.tiebreaks[0].value, Value::Rating(2100));
}

#[test]
fn missing_results_and_unrecorded_rounds_are_errors() {
    let mut t = load(SWISS);
    let options = |round| Options {
        tiebreaks: Vec::new(),
        round,
        rules: rules(Edition::Dummy2026),
    };
    assert!(matches!(
        standings::compute(&t, &options(Some(5))),
        Err(standings::StandingsError::RoundNotRecorded {
            round: 5,
            recorded: 4
        })
    ));
    t.players[0].set_outcome(
        4,
        Outcome::Scheduled {
            opponent: 6,
            colour: Colour::White,
        },
    );
    t.players[5].set_outcome(
        4,
        Outcome::Scheduled {
            opponent: 1,
            colour: Colour::Black,
        },
    );
    assert!(matches!(
        standings::compute(&t, &options(Some(4))),
        Err(standings::StandingsError::ResultMissing {
            round: 4,
            player: 1,
            opponent: 6
        })
    ));
    // By default: the last round with every result.
    let s = standings::compute(&t, &options(None)).expect("standings");
    assert_eq!(s.round, 3);
}

/// `round-robin.trf` (192 FIDE_ROUNDROBIN): 1 beat 4, lost to 2 and 3; 2 drew 3 and 4;
/// 4 won against 3 by forfeit. Scores: 1 1.0, 2 2.0, 3 1.5, 4 1.5.
#[test]
fn round_robin_forfeits_are_games() {
    let t = load("round-robin.trf");
    let rules = Rules::for_event(&t.event);
    assert!(rules.predetermined);
    let s = compute(&t, "DE,SB,KS,WON,BPG,REP,ARO", rules, None);
    let t = table(&s);
    // DE: 4 beat 3 (the forfeit counts, 15.2).
    assert_eq!(t[&4][..3], ["2", "1.5", "1"]);
    assert_eq!(t[&3][..3], ["3", "1.5", "2"]);
    // SB of 4: 1.0 × 0 + 1.5 × 1 (forfeit) + 2.0 × 0.5. KS: limit 1.5 of 3 games: 3 and
    // 2 qualify: 1 + 0.5. WON counts the forfeit win; BPG not the forfeit loss of 3 with
    // Black; REP subtracts it; ARO leaves the forfeit out: (2300 + 2200) / 2.
    assert_eq!(t[&4][3..], ["2.50", "1.5", "1", "2", "3", "2250"]);
    assert_eq!(t[&3][3..], ["2.00", "0.5", "1", "1", "2", "2250"]);
}

#[test]
fn the_event_list_round_trips_through_trf() {
    let mut t = load("round-robin.trf");
    assert_eq!(
        standings::event_tiebreaks(&t.event).expect("202"),
        Some(parse_list("DE,SB,KS").expect("list"))
    );
    let list = parse_list("SB/C1,KS/L+1,DE/P").expect("list");
    standings::store_in_event(&mut t.event, &list);
    let text = trf::write(&t, trf::Dialect::Trf26).expect("fits");
    assert!(text.contains("202 SB/C1,KS/L+1,DE/P"), "{text}");
    assert!(text.contains("212 PTS,SB/C1,KS/L+1,DE/P"), "{text}");
    let back = trf::read(text.as_bytes(), "round trip").expect("read back");
    assert_eq!(standings::event_tiebreaks(&back.event), Ok(Some(list)));
}
