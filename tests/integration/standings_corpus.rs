//! Standings for every tournament of the shared corpus, with every tie-break: each file
//! ranks, and the values keep the relations the definitions imply (a cut never adds, the
//! ranking follows the values). The values themselves are compared with FIDE's checker by
//! `.ci/tiebreak-crosscheck.sh`.

use crate::common;

use std::cmp::Ordering;

use swiss_arbiter::formats::trf;
use swiss_arbiter::standings::{self, Edition, Options, Rules, Value, parse_list};

const LIST: &str = "BH,BH/C1,BH/C2,BH/M1,BH/M2,SB,SB/C1,SB/C2,FB,FB/C1,AOB,ARO,ARO/C1,TPR,PTP,\
                    APRO,APPO,DE,WIN,WON,BPG,BWG,PS,PS/C1,REP,STD,KS,TPN,RTNG";

fn points(v: Value) -> i64 {
    match v {
        Value::Points(p) => i64::from(p.tenths()),
        Value::Hundredths(h) => h,
        other => panic!("not a sum: {other:?}"),
    }
}

#[test]
fn every_corpus_file_ranks_with_every_tiebreak() {
    let tiebreaks = parse_list(LIST).expect("list");
    let mut files = 0;
    for sub in ["dutch-2012", "dutch-2017", "dutch-2026", "examples"] {
        let Some(dir) = common::conformance_dir(sub) else {
            return;
        };
        for (i, path) in common::trf_files(&dir).into_iter().enumerate() {
            let t = trf::read_file(&path).unwrap_or_else(|e| panic!("{e}"));
            // The rules in force on every file; the older ones on every fifth.
            let editions: &[Edition] = if i % 5 == 0 {
                &[
                    Edition::Dummy2026,
                    Edition::Dummy2023,
                    Edition::VirtualOpponent,
                ]
            } else {
                &[Edition::Dummy2026]
            };
            for &edition in editions {
                let options = Options {
                    tiebreaks: tiebreaks.clone(),
                    round: None,
                    rules: Rules {
                        edition,
                        predetermined: false,
                        unrated_rating: Some(1000),
                    },
                };
                let s = standings::compute(&t, &options)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let name = path.display();
                assert_eq!(s.rows.len(), t.players.len(), "{name}");
                for pair in s.rows.windows(2) {
                    let (a, b) = (&pair[0], &pair[1]);
                    assert!(a.points >= b.points, "{name}: {} before {}", a.id, b.id);
                    assert!(a.rank <= b.rank, "{name}");
                    // The first tie-break that differs decides, in the right direction.
                    if a.points == b.points {
                        let decided = a
                            .tiebreaks
                            .iter()
                            .zip(&b.tiebreaks)
                            .zip(&s.tiebreaks)
                            .map(|((x, y), tb)| x.value.rank_cmp(y.value, tb.higher_is_better()))
                            .find(|o| *o != Ordering::Equal);
                        assert_ne!(decided, Some(Ordering::Less), "{name}: {} {}", a.id, b.id);
                        assert_eq!(decided.is_none(), a.rank == b.rank, "{name}");
                    }
                }
                for row in &s.rows {
                    let v = |i: usize| points(row.tiebreaks[i].value);
                    // BH >= C1 >= C2, C1 >= M1 >= M2; SB >= C1 >= C2; FB >= FB/C1.
                    assert!(v(0) >= v(1) && v(1) >= v(2), "{name}: {}", row.id);
                    assert!(v(1) >= v(3) && v(3) >= v(4), "{name}: {}", row.id);
                    assert!(v(5) >= v(6) && v(6) >= v(7), "{name}: {}", row.id);
                    assert!(v(8) >= v(9), "{name}: {}", row.id);
                }
            }
            files += 1;
        }
    }
    assert!(files > 0);
}
