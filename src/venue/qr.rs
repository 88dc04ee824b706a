//! QR codes of the venue's addresses: as SVG (board cards, the printed address) and as a
//! grid of modules (the window draws it).

use qrcode::{EcLevel, QrCode};

/// The modules of the QR code of `text`, row by row (`true` dark), with its width; `None`
/// when the text is too long for a QR code.
pub fn modules(text: &str) -> Option<(usize, Vec<bool>)> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let dark = code
        .to_colors()
        .into_iter()
        .map(|c| c == qrcode::Color::Dark)
        .collect();
    Some((width, dark))
}

/// The QR code of `text` as an inline SVG element, `size` CSS pixels wide.
pub fn svg(text: &str, size: u32) -> Option<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let image = code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(size, size)
        .quiet_zone(true)
        .build();
    // The renderer writes an XML declaration first: inline SVG in HTML starts at <svg.
    Some(match image.find("<svg") {
        Some(at) => image[at..].to_string(),
        None => image,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_makes_a_square_code() {
        let (width, dark) =
            modules("http://192.168.1.20:8080/board/1/3/12?t=abcdefghjkmnpqrs").unwrap();
        assert_eq!(dark.len(), width * width);
        assert!(dark.iter().any(|d| *d) && dark.iter().any(|d| !*d));
        let svg = svg("http://127.0.0.1:8080/", 120).unwrap();
        assert!(svg.starts_with("<svg"), "{svg:.40}");
        assert!(modules(&"x".repeat(5000)).is_none());
    }
}
