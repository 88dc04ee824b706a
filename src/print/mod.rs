//! Printed and published documents: pairings by board, the alphabetical list, result
//! slips, standings, the crosstable and the starting rank list, as PDF (A4 or Letter,
//! embedded fonts, repeated table headers, page numbers) or as a self-contained HTML page;
//! and the FIDE rating report.
//!
//! Each sheet is first built as a [`Document`] (title block, table or slips, notes); the
//! PDF and HTML renderers both read that one description; `write_document` writes one to
//! a `.pdf` or `.html` file.

// Only the window uses some of this module (a sheet's file name); without the `gui`
// feature it would be dead code. The default build still reports dead code here.
#![cfg_attr(not(feature = "gui"), allow(dead_code, unused_imports))]

mod boards;
mod document;
mod fonts;
mod html;
mod layout;
mod pdf;
mod plan;
mod rating_report;
mod sheets;

use std::path::Path;

pub(crate) use boards::unpaired;
pub use boards::{Board, boards};
pub use document::{Align, Body, Column, DRAFT, Document, Orientation, Slip, Table};
pub use html::escape;
pub use layout::Paper;
pub use plan::Plan;
pub(crate) use rating_report::{rating_report, record_ranks};
pub use sheets::{RoundKind, Sheet, build, build_under};
pub(crate) use sheets::{build_norm_report, collation_key};

use crate::formats::output::{self, Content, OutputError};
use crate::formats::trf::Unwritable;
use crate::standings::StandingsError;

/// Why a document could not be made or written.
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    #[error("no round is paired yet: there is nothing to print")]
    NothingPaired,
    #[error("the event has no prize list: enter the prizes first")]
    NoPrizes,
    #[error("round {round} is not paired")]
    RoundNotPaired { round: u32 },
    #[error(
        "round {round} {why}: the FIDE report is made from the rounds played; publish it and enter its results, or clear its pairing, first"
    )]
    NotPlayed { round: u32, why: String },
    #[error("player {id} is referred to but not registered (inconsistent file)")]
    UnknownPlayer { id: u32 },
    #[error(transparent)]
    Standings(#[from] StandingsError),
    #[error("the event's tie-break list: {0}")]
    TieBreaks(String),
    #[error("embedded font {0} cannot be read")]
    Font(String),
    #[error("PDF: {0}")]
    Pdf(String),
    #[error("{path}: the output format comes from the extension: .pdf or .html")]
    UnknownFormat { path: String },
    #[error(transparent)]
    Write(#[from] OutputError),
    #[error(transparent)]
    Unwritable(#[from] Unwritable),
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Pdf,
    Html,
}

impl Format {
    /// The format named by a file's extension (`.pdf`, `.html`, `.htm`).
    pub(crate) fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "pdf" => Some(Format::Pdf),
            "html" | "htm" => Some(Format::Html),
            _ => None,
        }
    }
}

/// The document in a format, as bytes.
pub fn render(doc: &Document, format: Format, paper: Paper) -> Result<Vec<u8>, PrintError> {
    Ok(render_with_warnings(doc, format, paper)?.bytes)
}

/// A document in a format, and what its reader should be told.
#[derive(Clone, Debug)]
pub struct Rendered {
    pub bytes: Vec<u8>,
    /// What will not print as it should (characters no installed font has, in a PDF).
    pub warnings: Vec<String>,
}

/// The document in a format, as bytes, with the warnings for its reader.
pub fn render_with_warnings(
    doc: &Document,
    format: Format,
    paper: Paper,
) -> Result<Rendered, PrintError> {
    match format {
        Format::Pdf => {
            let (bytes, warnings) = pdf::render(doc, paper)?;
            Ok(Rendered { bytes, warnings })
        }
        Format::Html => Ok(Rendered {
            bytes: html::render(doc, paper).into_bytes(),
            warnings: Vec::new(),
        }),
    }
}

/// How the PDF of a document is laid out: orientation, type size, rows on each page.
pub fn page_plan(doc: &Document, paper: Paper) -> Result<Plan, PrintError> {
    Ok(plan::plan(doc, paper, &fonts::Fonts::load()?))
}

/// Writes `doc` to `path` atomically, as PDF or HTML by the extension. `inputs` are the
/// files the event was read from: a document never replaces one of them, nor any event
/// file ([`crate::formats::output`]). Returns the warnings for the reader: characters
/// that no font installed on this machine has print as empty boxes in a PDF (the
/// document is still written).
pub(crate) fn write_document(
    doc: &Document,
    paper: Paper,
    path: &Path,
    inputs: &[&Path],
) -> Result<Vec<String>, PrintError> {
    let format = Format::from_path(path).ok_or_else(|| PrintError::UnknownFormat {
        path: path.display().to_string(),
    })?;
    let rendered = render_with_warnings(doc, format, paper)?;
    output::write(path, &rendered.bytes, Content::Document, inputs)?;
    Ok(rendered.warnings)
}
