//! swiss-arbiter: the tournament model, file formats and pairing engines behind the arbiter's
//! desktop application and command line.
//!
//! This is the architecture, for whoever picks the project up. What the program does for the
//! arbiter is in `README.md` and the guides of `assets/help/` (the user guide, the command
//! line, the engines and their evidence, the FIDE checklist, reliability, title norms, rating
//! changes).
//!
//! # The layers
//!
//! From the bottom up. Each layer uses only the ones below it, apart from tests and a few
//! shared helpers (the model's drawing of lots takes the seeded random numbers of
//! `generator::random`; the event reads its rating list from a time control with `rating`).
//!
//! 1. **The model**: [`tournament`]. The one record of an event: its settings
//!    ([`tournament::Event`]: the pairing system, the scoring, FIDE mode), its players, what
//!    happened in each round (outcomes, board results, adjournments, byes, withdrawals,
//!    two-game matches, teams and line-ups), and the logs a checker of the event reads (the
//!    integrity log, the audit of pairing overrides). It checks itself
//!    ([`tournament::Tournament::check`]: a record that contradicts itself never reaches an
//!    engine, a sheet or a file) and grades the warnings of a change by FIDE's levels. Points
//!    are exact (tenths), never floats.
//! 2. **What is computed from the model**, read-only, knowing nothing of files or windows:
//!    - [`pairing`]: one engine per system (the Dutch 2026, 2017 and 2012 rules, the 1998
//!      rating-based Swiss, Lim, Burstein, Dubov, Double-Swiss, the Swiss Team system),
//!      each a `pairing::PairingSystem` that pairs a round and explains it, all private and
//!      entered through [`pairing::PairingRequest`]; the explanations and the check of an
//!      arbiter's pairing ([`pairing::Explainer`]), and the arbiter's changes of a round
//!      pairing ([`pairing::PairingChange`], the override workflow).
//!    - `matching` (private): maximum-weight matching on general graphs, which the Dutch engines pair
//!      each bracket with (it knows nothing of chess).
//!    - [`standings`]: the ranking by score and tie-breaks (C.07), shared places, the
//!      crosstable, team standings, and for each value the terms behind it.
//!    - [`rating`]: rating changes (B.02): which games are rated, K, the change, an unrated
//!      player's first rating.
//!    - [`norms`]: title norms (B.01), with the figures of the IT1 report.
//!    - [`prizes`]: the prize list given from the final standings.
//!    - [`conformance`]: the free pairings and tie-break checker (re-pair every round,
//!      compare the final ranks; the `check` command); [`generator`]: the random tournament
//!      generator (and synthetic FIDE rating lists). Together they are FIDE's PTC and RTG
//!      (C.02.03).
//! 3. **The one door for changes**: [`document`]. Every change to an event is a
//!    [`document::Edit`] value applied by `Tournament::apply` (in `document::apply`): the
//!    rules are checked (each refusal a typed [`document::EditError`] naming its rule), the
//!    change is made, [`tournament::Tournament::check`] re-checks the whole record and the
//!    integrity-log entries FIDE's checklist asks for are written; a refused edit changes
//!    nothing. [`document::Document`] is the open event around it: the sections, the file
//!    it belongs to, the dirty flag, a revision that background work compares against, and
//!    the undo history. The window, the command line and the venue network change an event
//!    only through it.
//! 4. **Files**: [`formats`] is the one door for every file read or written, by the command
//!    line, the window and the library alike: events (`formats::native`, the `.sarb` format
//!    with its backups; `formats::trf`, every TRF dialect), player lists (`formats::roster`),
//!    FIDE's rating lists and their index (`formats::rating_list`), the outputs (pairings,
//!    standings, rating changes, prize awards), and `formats::output`, which decides where a
//!    write may go (atomic replace, never over an event, never through a link).
//!    [`print`](mod@print) turns the model and the computations into documents (PDF or HTML,
//!    one description for both) and writes the FIDE rating report.
//! 5. **The front ends**: [`cli`], the command line (its commands and formats are a contract
//!    that other programs and our own checks call), and `gui`, the desktop application (feature
//!    `gui`, on by default; eframe/egui), which holds no pairing or scoring logic.
//!    `src/main.rs` chooses between them: no arguments or one event file open the window,
//!    anything else is the command line.
//!
//! # Which module owns which concept
//!
//! Each module is the folder of `src/` of its name (`src/tournament/`, `src/standings/`,
//! `src/prizes/`, …; `conformance` and `plural` are the files `src/conformance.rs` and
//! `src/plural.rs`), and `src/main.rs` is the program.
//!
//! | concept | module |
//! |---|---|
//! | event, player, round record, outcome, board result, points, scoring | `tournament` (`event`, `player`, `round_record`, `outcome`, `board_result`, `points`, `scoring`) |
//! | pairing system names and TRF `192` codes | `tournament::system` |
//! | pairing numbers, late entries, seeding ties; drawing of lots | `tournament::seeding`, `tournament::drawing_of_lots` |
//! | who may play a round (withdrawals, late entries) | `tournament::availability` |
//! | acceleration (Baku, virtual points) | `tournament::acceleration` |
//! | adjourned games; unusual and unrated results | `tournament::adjournment`, `tournament::board_result` |
//! | FIDE mode, what it refuses; warning levels | `tournament::fide_mode`, `tournament::warning` |
//! | integrity log (`###` lines); override audit | `tournament::integrity_log`, `tournament::audit` |
//! | consistency of a record | `tournament::consistency` |
//! | teams, rosters, line-ups, team rounds | `tournament::team`, `team_entry`, `team_lineup`, `team_round` |
//! | two-game matches (Double-Swiss) | `tournament::two_game_match` |
//! | board order (C.04.2) | `tournament::board_order` |
//! | prize list and title-event kind, as the event stores them | `tournament::prize_list`, `tournament::title_event` |
//! | engines, one folder each | `pairing::dutch`, `swiss_1998`, `lim`, `burstein`, `dubov`, `double_swiss`, `fide_team` (private: entered through `pairing::PairingRequest`) |
//! | player state for pairing (scores, colours, floats) | `pairing::state`, `pairing::colour` |
//! | explanations and the override check; an arbiter's change of a round pairing | `pairing::explanation`, each engine's `explain` (`pairing::dutch::explain`, …); `pairing::change` |
//! | weighted matching | `matching` |
//! | tie-breaks, crosstables, team standings | `standings` |
//! | rating changes (B.02) | `rating` |
//! | title norms (B.01) | `norms` (every article in `norms::regulations`) |
//! | prizes and their award | `prizes` |
//! | pairings and tie-break checker (PTC), generator (RTG) | `conformance`, `generator` |
//! | native files, backups, the data folder | `formats::native` |
//! | TRF reading and writing, what its columns hold | `formats::trf` |
//! | CSV player lists; FIDE rating lists | `formats::roster`; `formats::rating_list` |
//! | where a write may go | `formats::output` |
//! | outputs for other programs: pairings, standings, rating changes, prize awards | `formats::round_pairing`, `team_pairing`, `standings`, `team_standings`, `rating_changes`, `prize_awards` |
//! | PDF and HTML documents, the FIDE report | `print` (`print::sheets`, `print::rating_report`) |
//! | the command line | `cli`, one file per command (`cli::compat`: JaVaFo's form) |
//! | edits, their rules and warnings; the open document and its undo history | `document` (`edit`, `apply`, `error`, `warnings`, `history`) |
//! | counts in words (`1 player`, `2 players`) for messages | `plural` |
//! | the window: the app and its commands, files, background jobs, questions, menus; autosave; views | `gui` (`app` with `app/dispatch`, `file_work`, `jobs`, `questions`, `menu`, `section_views`; `command`, `autosave`, `storage`, `worker`, `files`, `import_check`, `instance`, `views`) |
//!
//! # How a change flows to the file
//!
//! **From a click.** A view of `gui::views` draws from a read-only tournament and pushes a
//! `gui::Command`; the app runs the commands after the frame, in one place
//! (`gui::app::dispatch`); dialogs only push commands too. Before an edit runs, the app asks
//! the model for its warnings ([`document::Edit::warnings`], graded by FIDE's levels), for
//! the edit to ask about in its place ([`document::Edit::as_asked`]: a withdrawal from a
//! draft round removes the draft with it) and for the later rounds paired from a result it
//! changes ([`document::Edit::later_rounds_paired`]), and asks the arbiter what the gravest
//! level asks. Then [`document::Document::apply`] applies the edit to the section shown
//! through `Tournament::apply` (above); on success the sections as they were go to the undo
//! history, the document is marked changed, and the autosave thread (`gui::autosave`,
//! `gui::storage`) writes a snapshot through [`formats::native`] and [`formats::output`]
//! (temporary file, fsync, rename, backup). *Save* writes the event file the same way, on a
//! background thread (`gui::worker`), as do pairing, explaining, checking an override and
//! printing. A pairing found in the background is recorded as an edit too
//! (`Edit::RecordPairing`), into the section it was asked for, only if the document is still
//! at the revision it was computed from.
//!
//! **From a command.** [`cli`] parses the arguments (clap), reads the event through
//! [`formats::open`] (which picks the reader by extension or content and checks the record),
//! computes (an engine through [`pairing::PairingRequest`], [`standings`], [`rating`],
//! [`norms`], [`prizes`], [`print`](mod@print)) and writes the result through [`formats`] and
//! [`formats::output`], which refuse to write over the event read or through a link. The
//! command line changes an event file only where asked to write one (`convert`, `rating-list
//! update`), and changes an event only through `Tournament::apply` (`rating-list update` is
//! an `Edit::UpdatePlayers`; `pair --adjourn-missing` an `Edit::AdjournMissing`, logged).
//!
//! **Pairing a round.** A request names the tournament and the round; the engine reads the
//! rounds before it from the model and returns the pairs, their colours and the
//! pairing-allocated bye, with the explainer of the same solve. It changes nothing: the window
//! records it with `Edit::RecordPairing` (a draft), checked and undoable as any edit;
//! *Publish* is an edit.

pub mod cli;
pub mod conformance;
pub mod document;
pub mod formats;
pub mod generator;
#[cfg(feature = "gui")]
pub mod gui;
pub(crate) mod matching;
pub mod norms;
pub mod pairing;
pub(crate) mod plural;
pub mod print;
pub mod prizes;
pub mod rating;
pub mod standings;
pub mod tournament;
pub mod venue;
