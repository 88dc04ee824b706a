//! Errors in TRF input, located by file, line and column.

use std::fmt;

/// A problem in a TRF file, with where it is and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// The file name as given by the caller (empty for text read from memory).
    pub(crate) file: String,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong, and what was expected.
    pub(crate) message: String,
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = if self.file.is_empty() {
            "<input>"
        } else {
            &self.file
        };
        write!(f, "{file}:{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for TrfError {}
