//! A QR code drawn with the painter: dark squares on white, with the quiet zone of four
//! modules the standard asks for (a phone reads it off the screen in a dark theme too).

use eframe::egui;

/// Modules of quiet zone on each side.
const QUIET: usize = 4;

/// Draws the QR code of `text`, `size` points wide; says so in words when the text is
/// too long for one.
pub fn show(ui: &mut egui::Ui, text: &str, size: f32) {
    let Some((width, dark)) = crate::venue::qr::modules(text) else {
        ui.label("(too long for a QR code)");
        return;
    };
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Image, true, format!("QR code of {text}"))
    });
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, egui::Color32::WHITE);
    let module = size / (width + 2 * QUIET) as f32;
    for (i, _) in dark.iter().enumerate().filter(|(_, d)| **d) {
        let (x, y) = ((i % width + QUIET) as f32, (i / width + QUIET) as f32);
        let min = rect.min + egui::vec2(x * module, y * module);
        painter.rect_filled(
            egui::Rect::from_min_size(min, egui::vec2(module, module)),
            0.0,
            egui::Color32::BLACK,
        );
    }
}
