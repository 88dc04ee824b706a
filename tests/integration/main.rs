//! The integration tests, in one binary (one link of the whole application instead of one
//! per file: a fresh clone's `target/` stays a few GB). Each module is one former test file;
//! run one with a filter, e.g. `cargo test --test integration gui_round_flow::`.

mod common;

mod baku_acceleration;
mod burstein_properties;
mod cli;
mod comparison_properties;
mod conformance_dutch;
mod conformance_dutch_2012;
mod damaged_files;
mod double_swiss_properties;
mod dubov_properties;
mod dutch_examples;
mod dutch_properties;
mod explain_dutch;
mod explainer_pairs_as_engine;
mod fide_team;
mod file_integrity;
mod gui_big_event;
mod gui_rating_list;
mod gui_real_world;
mod gui_responsive;
mod gui_round_flow;
mod gui_sections;
mod gui_team;
mod gui_team_override;
mod kill_durability;
mod lim_properties;
mod native_fuzz;
mod outputs_read_back;
mod print_cli;
mod print_html;
mod print_pdf;
mod rating_1998_properties;
mod rating_list;
mod real_world_trf;
mod standings_cli;
mod standings_corpus;
mod standings_hand_checked;
mod team_standings;
mod team_tiebreaks;
mod trf_errors;
mod trf_forfeited_matches;
mod trf_fuzz;
mod trf_round_trip;
