//! Fonts: DejaVu Sans is bundled (`assets/fonts/DejaVuSans.ttf`, Bitstream Vera licence) so that
//! Latin, Greek and Cyrillic names look the same on every machine; eframe's system font
//! fallback (feature `system_fonts`) finds installed fonts for other scripts (Chinese,
//! Arabic, ...).

use eframe::egui::{self, FontData, FontFamily};
use egui::epaint::text::{FontInsert, FontPriority, InsertFontFamily};

static DEJAVU_SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// Makes DejaVu Sans the first proportional font, and a fallback for monospace text.
pub fn install(ctx: &egui::Context) {
    ctx.add_font(FontInsert::new(
        "DejaVuSans",
        FontData::from_static(DEJAVU_SANS),
        vec![
            InsertFontFamily {
                family: FontFamily::Proportional,
                priority: FontPriority::Highest,
            },
            InsertFontFamily {
                family: FontFamily::Monospace,
                priority: FontPriority::Lowest,
            },
        ],
    ));
}
