//! The fonts embedded in every PDF (DejaVu Sans Condensed, regular and bold, from
//! `assets/fonts/`; licence in `assets/fonts/LICENSE-DejaVu.txt`) and the text
//! measurement that column widths and shortening rely on.

use std::cell::RefCell;
use std::collections::HashMap;

use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};

use super::PrintError;

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold.ttf");

/// The character that ends a shortened text.
const ELLIPSIS: char = '…';

/// One font: its outlines for the PDF and its metrics for measuring.
pub struct Face {
    metrics: FontRef<'static>,
    /// Advance widths at 1 pt, by character, filled as characters are met.
    advances: RefCell<HashMap<char, f32>>,
    pub pdf: krilla::text::Font,
}

impl Face {
    fn load(data: &'static [u8], name: &str) -> Result<Face, PrintError> {
        let broken = || PrintError::Font(name.to_string());
        let metrics = FontRef::new(data).map_err(|_| broken())?;
        let pdf = krilla::text::Font::new(data.into(), 0).ok_or_else(broken)?;
        Ok(Face {
            metrics,
            advances: RefCell::new(HashMap::new()),
            pdf,
        })
    }

    /// The advance width of `text` at `size` points (no kerning: at most a few tenths of
    /// a point wider or narrower than the shaped text).
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let mut advances = self.advances.borrow_mut();
        let unit: f32 = text
            .chars()
            .map(|c| {
                *advances.entry(c).or_insert_with(|| {
                    let glyph = self.metrics.charmap().map(c).unwrap_or_default();
                    self.metrics
                        .glyph_metrics(Size::new(1.0), LocationRef::default())
                        .advance_width(glyph)
                        .unwrap_or(0.0)
                })
            })
            .sum();
        unit * size
    }

    /// `text` as it fits in `width` points: whole, or cut with an ellipsis.
    pub fn fit(&self, text: &str, size: f32, width: f32) -> String {
        if self.width(text, size) <= width {
            return text.to_string();
        }
        let mut kept: String = text.to_string();
        while kept.pop().is_some() {
            let candidate = format!("{}{ELLIPSIS}", kept.trim_end());
            if self.width(&candidate, size) <= width {
                return candidate;
            }
        }
        String::new()
    }
}

/// The regular and bold faces.
pub struct Fonts {
    pub regular: Face,
    pub bold: Face,
}

impl Fonts {
    /// Loads the embedded fonts.
    pub fn load() -> Result<Fonts, PrintError> {
        Ok(Fonts {
            regular: Face::load(REGULAR, "DejaVuSansCondensed.ttf")?,
            bold: Face::load(BOLD, "DejaVuSansCondensed-Bold.ttf")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn width_grows_with_text_and_size() {
        let fonts = Fonts::load().expect("embedded fonts");
        let f = &fonts.regular;
        assert!(f.width("Łukasz Müller", 9.0) > f.width("Łukasz", 9.0));
        let ratio = f.width("Ødegård", 18.0) / f.width("Ødegård", 9.0);
        assert!((ratio - 2.0).abs() < 1e-3);
        assert!(fonts.bold.width("Board", 9.0) > f.width("Board", 9.0));
    }

    #[test]
    fn fit_keeps_short_text_and_cuts_long_text() {
        let fonts = Fonts::load().expect("embedded fonts");
        let f = &fonts.regular;
        assert_eq!(f.fit("Иван Петров", 9.0, 200.0), "Иван Петров");
        let cut = f.fit("Papadopoulos, Alexandros Konstantinos", 9.0, 60.0);
        assert!(cut.ends_with(ELLIPSIS), "{cut}");
        assert!(f.width(&cut, 9.0) <= 60.0);
        assert_eq!(f.fit("anything", 9.0, 1.0), "");
    }
}
