//! How a round pairing is printed.

use crate::pairing::RoundPairing;
use crate::tournament::Tournament;

/// Output formats of `pair`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PairingFormat {
    /// First line the number of lines, then `white black` per board, `id 0` for the bye.
    Javafo,
    /// A board list for people.
    Text,
    /// JSON, for other programs.
    Json,
}

/// The pairing in the chosen format.
pub fn render(t: &Tournament, pairing: &RoundPairing, format: PairingFormat) -> String {
    match format {
        PairingFormat::Javafo => pairing.javafo(),
        PairingFormat::Json => json(t, pairing),
        PairingFormat::Text => text(t, pairing),
    }
}

fn describe(t: &Tournament, id: u32) -> (String, String) {
    match t.player(id) {
        Some(p) => (p.name.clone(), t.score(p).to_string()),
        None => (String::new(), String::new()),
    }
}

fn text(t: &Tournament, pairing: &RoundPairing) -> String {
    let mut out = format!("Round {}\n", pairing.round);
    for (board, pair) in pairing.pairs.iter().enumerate() {
        let (wn, ws) = describe(t, pair.white);
        let (bn, bs) = describe(t, pair.black);
        out.push_str(&format!(
            "{:>4}  {:>4} {:<30} {:>5}  -  {:>4} {:<30} {:>5}\n",
            board + 1,
            pair.white,
            wn,
            ws,
            pair.black,
            bn,
            bs
        ));
    }
    if let Some(bye) = pairing.bye {
        let (name, score) = describe(t, bye);
        out.push_str(&format!("bye   {bye:>4} {name:<30} {score:>5}\n"));
    }
    out
}

fn json(t: &Tournament, pairing: &RoundPairing) -> String {
    let player = |id: u32| {
        let (name, score) = describe(t, id);
        serde_json::json!({ "id": id, "name": name, "points": score })
    };
    let boards: Vec<_> = pairing
        .pairs
        .iter()
        .enumerate()
        .map(|(i, p)| serde_json::json!({ "board": i + 1, "white": player(p.white), "black": player(p.black) }))
        .collect();
    let value = serde_json::json!({
        "round": pairing.round,
        "boards": boards,
        "bye": pairing.bye.map(player),
    });
    let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
    text.push('\n');
    text
}
