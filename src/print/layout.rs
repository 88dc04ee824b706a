//! Page arithmetic, in PDF points (1/72 inch): paper sizes, how many rows fit on a page,
//! how a table's rows fall onto pages, and how wide each column is.

use std::ops::Range;
use std::str::FromStr;

use super::document::Orientation;

/// Paper sizes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Width and height in points, turned as asked.
    pub(crate) fn size(self, orientation: Orientation) -> (f32, f32) {
        let (short, long) = match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        };
        match orientation {
            Orientation::Portrait => (short, long),
            Orientation::Landscape => (long, short),
        }
    }

    /// The CSS `@page` size name.
    pub(crate) fn css_name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
        }
    }
}

impl FromStr for Paper {
    type Err = String;
    fn from_str(s: &str) -> Result<Paper, String> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            other => Err(format!("unknown paper {other:?}: expected a4 or letter")),
        }
    }
}

/// The margin on every side of a page.
pub(crate) const MARGIN: f32 = 36.0;

/// The usable area of a page: its size less the margins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Frame {
    pub(crate) page_width: f32,
    pub(crate) page_height: f32,
}

impl Frame {
    /// The frame of a paper turned as asked.
    pub(crate) fn new(paper: Paper, orientation: Orientation) -> Frame {
        let (page_width, page_height) = paper.size(orientation);
        Frame {
            page_width,
            page_height,
        }
    }

    /// The width between the margins.
    pub(crate) fn width(&self) -> f32 {
        self.page_width - 2.0 * MARGIN
    }

    /// The height between the margins.
    pub(crate) fn height(&self) -> f32 {
        self.page_height - 2.0 * MARGIN
    }
}

/// How many items of `item_height` fit in `height` (at least one, so that a page always
/// makes progress).
pub(crate) fn items_per_page(height: f32, item_height: f32) -> usize {
    ((height / item_height).floor() as usize).max(1)
}

/// The items of each page: the first page holds `first` items (it also carries the title
/// block), the others `other`. No items still make one (empty) page.
pub(crate) fn paginate(items: usize, first: usize, other: usize) -> Vec<Range<usize>> {
    let mut start = items.min(first);
    let mut pages = Vec::new();
    pages.push(0..start);
    while start < items {
        let end = (start + other).min(items);
        pages.push(start..end);
        start = end;
    }
    pages
}

/// Column widths for a table `available` points wide, from each column's natural width
/// (its widest cell) and whether it stretches.
///
/// When the natural widths fit, the stretching columns share what is left, each growing
/// to at most twice its natural width (so that a short table does not spread its few
/// columns across the page). When they do not fit, the stretching columns give up width
/// first, down to half their natural width; if that is still too wide, every column
/// shrinks in proportion (and the renderer shortens the text). The widths never add up
/// to more than `available`.
pub(crate) fn column_widths(natural: &[f32], stretch: &[bool], available: f32) -> Vec<f32> {
    let total: f32 = natural.iter().sum();
    let stretchy: f32 = natural
        .iter()
        .zip(stretch)
        .filter(|(_, s)| **s)
        .map(|(w, _)| w)
        .sum();
    if total <= available {
        if stretchy <= 0.0 {
            return natural.to_vec();
        }
        let extra = (available - total).min(stretchy);
        return natural
            .iter()
            .zip(stretch)
            .map(|(w, s)| if *s { w + extra * w / stretchy } else { *w })
            .collect();
    }
    let excess = total - available;
    if excess <= stretchy / 2.0 {
        return natural
            .iter()
            .zip(stretch)
            .map(|(w, s)| if *s { w - excess * w / stretchy } else { *w })
            .collect();
    }
    let halved: Vec<f32> = natural
        .iter()
        .zip(stretch)
        .map(|(w, s)| if *s { w / 2.0 } else { *w })
        .collect();
    let scale = available / halved.iter().sum::<f32>();
    halved.iter().map(|w| w * scale).collect()
}

/// Whether a table of these natural widths fits without shortening anything: the fixed
/// columns whole and the stretching ones at no less than half their natural width.
pub(crate) fn fits(natural: &[f32], stretch: &[bool], available: f32) -> bool {
    let squeezed: f32 = natural
        .iter()
        .zip(stretch)
        .map(|(w, s)| if *s { w / 2.0 } else { *w })
        .sum();
    squeezed <= available
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_per_page_round_down_but_never_to_zero() {
        assert_eq!(items_per_page(100.0, 13.0), 7);
        assert_eq!(items_per_page(104.0, 13.0), 8);
        assert_eq!(items_per_page(5.0, 13.0), 1);
    }

    #[test]
    fn a4_portrait_holds_more_rows_than_letter() {
        let a4 = Frame::new(Paper::A4, Orientation::Portrait);
        let letter = Frame::new(Paper::Letter, Orientation::Portrait);
        assert!(items_per_page(a4.height(), 13.0) > items_per_page(letter.height(), 13.0));
        let landscape = Frame::new(Paper::A4, Orientation::Landscape);
        assert_eq!(landscape.width(), a4.height());
    }

    #[test]
    fn pages_split_rows_with_a_shorter_first_page() {
        assert_eq!(paginate(0, 40, 50), vec![0..0]);
        assert_eq!(paginate(40, 40, 50), vec![0..40]);
        assert_eq!(paginate(41, 40, 50), vec![0..40, 40..41]);
        assert_eq!(
            paginate(150, 40, 50),
            vec![0..40, 40..90, 90..140, 140..150]
        );
    }

    #[test]
    fn spare_width_goes_to_the_name_columns() {
        let widths = column_widths(
            &[20.0, 100.0, 30.0, 100.0],
            &[false, true, false, true],
            350.0,
        );
        assert_eq!(widths, vec![20.0, 150.0, 30.0, 150.0]);
    }

    #[test]
    fn names_grow_to_twice_their_width_at_most() {
        let widths = column_widths(&[20.0, 100.0, 30.0], &[false, true, false], 500.0);
        assert_eq!(widths, vec![20.0, 200.0, 30.0]);
    }

    #[test]
    fn names_give_up_width_first() {
        let widths = column_widths(&[20.0, 100.0, 30.0], &[false, true, false], 130.0);
        assert_eq!(widths, vec![20.0, 80.0, 30.0]);
        assert!(fits(&[20.0, 100.0, 30.0], &[false, true, false], 130.0));
    }

    #[test]
    fn everything_shrinks_when_names_alone_cannot_make_room() {
        let natural = [50.0, 100.0, 50.0];
        let stretch = [false, true, false];
        assert!(!fits(&natural, &stretch, 100.0));
        let widths = column_widths(&natural, &stretch, 100.0);
        assert!((widths.iter().sum::<f32>() - 100.0).abs() < 1e-3);
        assert!((widths[0] - 100.0 / 3.0).abs() < 1e-3);
    }

    #[test]
    fn paper_names_parse() {
        assert_eq!("A4".parse(), Ok(Paper::A4));
        assert_eq!("letter".parse(), Ok(Paper::Letter));
        assert!("a3".parse::<Paper>().is_err());
    }
}
