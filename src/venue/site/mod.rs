//! The public pages of an event (placeholder until the site lands).
use crate::tournament::Tournament;
pub struct SiteOptions {
    pub live: bool,
}
pub struct Page {
    pub path: String,
    pub html: String,
}
pub fn site(_sections: &[Tournament], _options: &SiteOptions) -> Vec<Page> {
    Vec::new()
}
pub fn page(sections: &[Tournament], path: &str, options: &SiteOptions) -> Option<String> {
    (path == "index.html").then(|| layout(&sections[0].event.name, "", options))
}
pub fn layout(title: &str, body_html: &str, _options: &SiteOptions) -> String {
    format!(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{}</title></head><body>{body_html}</body></html>",
        crate::print::escape(title)
    )
}
pub const LIVE_JS: &str = "";
