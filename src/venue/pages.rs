//! The pages only the server shows: a board's page (from its QR code: the players enter
//! and confirm the result) and a deputy's page (the boards of his code). Forms work
//! without JavaScript; each carries a fresh submission key, so that a double tap or a
//! resend counts once.

use std::fmt::Write;

use crate::print::escape;
use crate::tournament::{BoardResult, Tournament};

use super::site::{SiteOptions, page_layout};
use super::state::{Concern, Entry, LineupItem, QueueItem};
use super::submission::{BoardKey, Choice, Reply, Side};

/// A new submission key for a form (random, from the CSPRNG).
pub(crate) fn form_key() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // Without randomness the form still works; a repeat is then told "unchanged"
        // or is a second identical entry, which changes nothing either.
        return "no-random-key-0".to_string();
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn player(t: &Tournament, id: u32) -> String {
    t.player(id)
        .map(|p| match p.rating {
            Some(r) => format!("{} ({r})", p.name),
            None => p.name.clone(),
        })
        .unwrap_or_else(|| format!("player {id}"))
}

/// A board's page: its players and result, the entries waiting, the form.
pub(crate) fn board_page(
    t: &Tournament,
    board: &BoardKey,
    token: &str,
    (entries, held): (&[Entry], Option<&QueueItem>),
    result: BoardResult,
    reply: Option<&Reply>,
) -> String {
    let mut body = String::new();
    let white = escape(&player(t, board.white));
    let black = escape(&player(t, board.black));
    let _ = write!(
        body,
        "<h1>Board {}</h1><p class=\"sub\">Round {} · {}</p>\
         <p class=\"pair\"><span class=\"w\">{white}</span> – <span class=\"b\">{black}</span></p>",
        board.board,
        board.round,
        escape(&t.event.name),
    );
    reply_html(&mut body, reply);
    if result != BoardResult::Pending {
        let _ = write!(
            body,
            "<p class=\"result\">Result: <strong>{}</strong></p>",
            escape(result.text())
        );
    }
    for e in entries {
        let _ = write!(
            body,
            "<p class=\"entry\">{} entered <strong>{}</strong>: waiting for {}'s confirmation.</p>",
            e.side.name(),
            e.result.text(),
            match e.side {
                Side::White => "Black",
                Side::Black => "White",
            }
        );
    }
    if let (BoardResult::Pending, Some(item)) = (result, held) {
        let text = match &item.concern {
            Concern::Confirmed(c) | Concern::Held { result: c, .. } => format!(
                "Both players entered <strong>{}</strong>: the arbiter records it.",
                escape(c.text())
            ),
            Concern::Disagreement { white, black } => format!(
                "White entered <strong>{}</strong>, Black <strong>{}</strong>: the arbiter decides.",
                escape(white.text()),
                escape(black.text())
            ),
            Concern::Disputed { .. } => String::new(),
        };
        let _ = write!(body, "<p class=\"entry\">{text}</p>");
    } else if result == BoardResult::Pending {
        let key = form_key();
        let action = format!(
            "/board/{}/{}/{}",
            board.section + 1,
            board.round,
            board.board
        );
        let _ = write!(
            body,
            "<form method=\"post\" action=\"{action}\">\
             <input type=\"hidden\" name=\"t\" value=\"{}\">\
             <input type=\"hidden\" name=\"key\" value=\"{key}\">\
             <fieldset><legend>I am</legend>\
             <label><input type=\"radio\" name=\"side\" value=\"white\" required> White: {white}</label>\
             <label><input type=\"radio\" name=\"side\" value=\"black\" required> Black: {black}</label>\
             </fieldset><fieldset><legend>Result</legend><div class=\"choices\">",
            escape(token)
        );
        for choice in [Choice::WhiteWins, Choice::Draw, Choice::BlackWins] {
            let _ = write!(
                body,
                "<button type=\"submit\" name=\"result\" value=\"{0}\">{0}</button>",
                choice.text()
            );
        }
        body.push_str(
            "</div></fieldset></form><p class=\"help\">One player enters the result; the \
             other confirms it by entering the same, on his phone or this one. A \
             disagreement goes to the arbiter.</p>",
        );
    }
    page(&format!("Board {}", board.board), &body)
}

/// A deputy's page: the boards of his code in the round, each with a form.
pub(crate) fn deputy_page(
    t: &Tournament,
    boards: &[(BoardKey, BoardResult)],
    code: &str,
    label: &str,
    reply: Option<&Reply>,
) -> String {
    let mut body = String::new();
    let _ = write!(
        body,
        "<h1>Results</h1><p class=\"sub\">{} · {}</p>",
        escape(&t.event.name),
        escape(label)
    );
    reply_html(&mut body, reply);
    if boards.is_empty() {
        body.push_str("<p>No board of this code is paired and published.</p>");
    }
    for (board, result) in boards {
        let action = format!(
            "/deputy/{}/{}/{}",
            board.section + 1,
            board.round,
            board.board
        );
        let _ = write!(
            body,
            "<form method=\"post\" action=\"{action}\" class=\"board\">\
             <input type=\"hidden\" name=\"c\" value=\"{}\">\
             <input type=\"hidden\" name=\"key\" value=\"{}\">\
             <p><strong>{}</strong> {} – {} <span class=\"result\">{}</span></p><div class=\"choices\">",
            escape(code),
            form_key(),
            board.board,
            escape(&player(t, board.white)),
            escape(&player(t, board.black)),
            escape(result.text()),
        );
        for choice in Choice::ALL {
            let _ = write!(
                body,
                "<button type=\"submit\" name=\"result\" value=\"{0}\">{0}</button>",
                choice.text()
            );
        }
        body.push_str("</div></form>");
    }
    page("Results", &body)
}

/// Whose page a captain's is: his team's match in a round.
pub(crate) struct Captain<'a> {
    pub(crate) t: &'a Tournament,
    /// From 0.
    pub(crate) section: usize,
    pub(crate) team: u32,
    /// The section's last published round (0: none yet).
    pub(crate) round: u32,
    pub(crate) code: &'a str,
    pub(crate) label: &'a str,
}

/// A captain's page: the team's match in the round and a form with a choice of player
/// (or nobody) for each board, set to the line-up waiting for the arbiter if there is
/// one, else to the event's (C.04.6; the competition's board order is checked when it
/// is sent, [`Tournament::set_team_lineup`]).
pub(crate) fn lineup_page(
    c: &Captain,
    waiting: Option<&LineupItem>,
    reply: Option<&Reply>,
) -> String {
    let t = c.t;
    let team_name = |id: u32| {
        t.team(id)
            .map_or_else(|| format!("team {id}"), |team| team.name.clone())
    };
    let mut body = String::new();
    let _ = write!(
        body,
        "<h1>Line-up</h1><p class=\"sub\">{} · {} · {}</p>",
        escape(&t.event.name),
        escape(&team_name(c.team)),
        escape(c.label)
    );
    reply_html(&mut body, reply);
    let Some(lineup) = t.team_lineup(c.round, c.team) else {
        body.push_str("<p>Your team plays no match in a published round yet.</p>");
        return page("Line-up", &body);
    };
    let _ = write!(
        body,
        "<p class=\"pair\">Round {}: {} – {}</p>",
        c.round,
        escape(&team_name(c.team)),
        escape(&team_name(lineup.opponent))
    );
    if let Err(e) = t.lineup_changeable(c.round, c.team) {
        let _ = write!(
            body,
            "<p class=\"result\">The line-up can no longer change: {}.</p>",
            escape(&e.to_string())
        );
        return page("Line-up", &body);
    }
    let shown = match waiting {
        Some(w) => {
            body.push_str(
                "<p class=\"entry\">Your line-up below waits for the arbiter; sending \
                 another replaces it.</p>",
            );
            w.players.clone()
        }
        None => lineup.boards.clone(),
    };
    let roster = t
        .team(c.team)
        .map(|team| team.players.clone())
        .unwrap_or_default();
    let _ = write!(
        body,
        "<form method=\"post\" action=\"/lineup/{}/{}/{}\">\
         <input type=\"hidden\" name=\"c\" value=\"{}\">\
         <input type=\"hidden\" name=\"key\" value=\"{}\">",
        c.section + 1,
        c.round,
        c.team,
        escape(c.code),
        form_key()
    );
    for (i, on_board) in shown.iter().enumerate() {
        let _ = write!(
            body,
            "<label class=\"lineup\">Board {0}<select name=\"b{0}\">\
             <option value=\"\">nobody (the board is forfeited)</option>",
            i + 1
        );
        for &id in &roster {
            let _ = write!(
                body,
                "<option value=\"{id}\"{}>{}</option>",
                if *on_board == Some(id) {
                    " selected"
                } else {
                    ""
                },
                escape(&player(t, id))
            );
        }
        body.push_str("</select></label>");
    }
    body.push_str(
        "<div class=\"choices\"><button type=\"submit\">Send the line-up</button></div></form>\
         <p class=\"help\">The players keep the roster's order from board 1 down. The \
         arbiter accepts the line-up before the round starts.</p>",
    );
    page("Line-up", &body)
}

/// The answer to a submission, as the page's status line.
fn reply_html(body: &mut String, reply: Option<&Reply>) {
    if let Some(reply) = reply {
        let _ = write!(
            body,
            "<p class=\"reply {}\" role=\"status\">{}</p>",
            reply.outcome.name(),
            escape(&reply.message)
        );
    }
}

/// A plain page with a message (errors, refusals).
pub(crate) fn message_page(title: &str, message: &str) -> String {
    page(
        title,
        &format!("<h1>{}</h1><p>{}</p>", escape(title), escape(message)),
    )
}

/// What a phone needs of the venue's own pages besides the site's layout (which carries
/// the viewport): fingertip-sized controls and the answers' colours; inline, as the
/// pages' CSP allows.
const PHONE_STYLE: &str = "<style>\
body{font-family:system-ui,sans-serif;line-height:1.4;max-width:36rem;margin:0 auto;padding:0 1rem 2rem}\
h1{margin:.5em 0 0}.sub{color:#555;margin-top:.2em}.pair{font-size:1.1rem}\
.reply,.result,.entry{padding:.6em .8em;border-radius:6px;border-left:4px solid #3a76d8;background:#eef4fd}\
.reply.recorded,.result{border-color:#2e8b4a;background:#e9f6ed}\
.reply.refused,.reply.failed{border-color:#c62828;background:#fdecec}\
fieldset{border:1px solid #bbb;border-radius:6px;margin:0 0 1em;padding:.3em .8em .6em}\
legend{font-weight:600;padding:0 .3em}\
fieldset label{display:flex;align-items:center;gap:.6em;min-height:2.75rem;font-size:1.05rem}\
input[type=radio]{width:1.4em;height:1.4em;margin:0;flex:none}\
.choices{display:flex;gap:.5em;flex-wrap:wrap}\
.choices button{flex:1;min-width:4.5rem;min-height:3rem;font-size:1.25rem;border:1px solid #888;border-radius:6px;background:#f4f4f4;color:#000}\
.board{border-top:1px solid #ddd;padding:.5em 0}\
label.lineup{display:block;margin:.4em 0;font-weight:600}\
label.lineup select{display:block;width:100%;min-height:2.75rem;font-size:1.05rem;font-weight:400}\
.help{color:#555;font-size:.9rem}\
</style>";

/// A server page: its links are absolute (it is served at `/board/…`, never published).
fn page(title: &str, body: &str) -> String {
    page_layout(
        title,
        "",
        &[("/".to_string(), "Event".to_string())],
        &format!("{PHONE_STYLE}{body}"),
        &SiteOptions { live: false },
    )
}
