//! `swiss-arbiter publish EVENT -o DIR`: the event's public pages as a static site, as
//! [`crate::venue::publish`] writes them.

use std::path::PathBuf;

use crate::formats;

use super::CliError;

/// Options of `publish`.
#[derive(clap::Args, Debug)]
pub(crate) struct PublishArgs {
    /// The event (.sarb, .ron or .trf); every section of a native file.
    pub(crate) input: PathBuf,
    /// The folder to write the site in: new, empty, or written by an earlier `publish`.
    #[arg(short, long)]
    pub(crate) output: PathBuf,
}

/// Runs `publish`.
pub(crate) fn run(args: &PublishArgs) -> Result<(), CliError> {
    let (sections, reading) = formats::open_sections_reporting(&args.input)?;
    super::input::report(&args.input, reading.as_ref());
    let dir = &args.output;
    let pages = crate::venue::publish(&sections, dir).map_err(CliError::file)?;
    println!("{pages} pages written to {}", dir.display());
    Ok(())
}
