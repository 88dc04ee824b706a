//! The page around every page of the site: one self-contained HTML file (UTF-8, a
//! viewport for phones, the style inline, no external font, script, style sheet or image),
//! readable at 375 px wide, with no script needed. Wide tables scroll inside their own
//! box, not the page.

use crate::print::escape;

use super::SiteOptions;

/// The style sheet: mobile first (one column, system fonts, large enough links to tap),
/// wider margins from 40em; wide tables scroll horizontally in `div.scroll`.
pub const STYLE: &str = "\
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,\"Noto Sans\",\"Helvetica Neue\",Arial,sans-serif;font-size:16px;line-height:1.4;color:#111;background:#fff}
header{background:#1d3557;color:#fff;padding:.5rem .75rem}
header a{color:#fff}
header .event{font-weight:600;display:block;margin-bottom:.25rem}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .9rem}
nav a{display:inline-block;padding:.2rem 0}
main{padding:.75rem;max-width:60rem}
h1{font-size:1.3rem;margin:.25rem 0 .75rem}
h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
a{color:#0b57d0}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;max-width:100%;margin:0 0 1rem}
table{border-collapse:collapse;font-size:.95rem}
th,td{padding:.3rem .45rem;border-bottom:1px solid #ddd;text-align:left;white-space:nowrap}
th{background:#f1f3f5;font-weight:600}
td.n,th.n{text-align:right}
td.c,th.c{text-align:center}
tr.match td{background:#f8f9fa;font-weight:600}
.note{color:#444;font-size:.9rem}
.error{border-left:4px solid #b00020;padding:.5rem .75rem;background:#fff4f4}
ul.links{padding-left:1.2rem}
ul.links li{margin:.3rem 0}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem .75rem;margin:0 0 1rem}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0}
ul.why{margin:.25rem 0 .75rem;padding-left:1.2rem;font-size:.9rem}
@media (min-width:40em){main{padding:1rem 1.5rem}h1{font-size:1.5rem}}
";

/// The script of the pages the server serves: asks `/api/revision` every 5 seconds and
/// reloads the page when the answer changes from the first one it saw; does nothing when
/// it cannot ask (a page opened from a folder, `file://`).
pub const LIVE_JS: &str = "\
(function(){
  var first = null;
  function check(){
    if (!window.fetch) return;
    fetch('/api/revision', {cache: 'no-store'})
      .then(function(r){ return r.ok ? r.text() : null; })
      .then(function(text){
        if (text === null) return;
        if (first === null) { first = text; }
        else if (text !== first) { location.reload(); }
      })
      .catch(function(){});
  }
  check();
  setInterval(check, 5000);
})();
";

/// The common layout of a page at the top of the site (its `nav` links to `index.html`):
/// doctype, UTF-8, viewport, `title` (escaped), the inline style, a header with the
/// navigation, then `body_html` (already HTML) in `main`. With `options.live`, the page
/// loads `/live.js` (the server's; the static site has no script).
pub fn layout(title: &str, body_html: &str, options: &SiteOptions) -> String {
    page_layout(
        title,
        "",
        &[("index.html".to_string(), "Event".to_string())],
        body_html,
        options,
    )
}

/// A page with its own header: `event` (text, may be empty) over the `nav` links (relative
/// href, label as text; both escaped here), then `body_html` in `main`.
pub(crate) fn page_layout(
    title: &str,
    event: &str,
    nav: &[(String, String)],
    body_html: &str,
    options: &SiteOptions,
) -> String {
    let mut html = String::with_capacity(body_html.len() + STYLE.len() + 1024);
    html.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    html.push_str(&format!("<title>{}</title>\n", escape(title)));
    html.push_str("<style>\n");
    html.push_str(STYLE);
    html.push_str("</style>\n");
    if options.live {
        html.push_str("<script src=\"/live.js\" defer></script>\n");
    }
    html.push_str("</head>\n<body>\n<header>\n");
    if !event.is_empty() {
        html.push_str(&format!("<span class=\"event\">{}</span>\n", escape(event)));
    }
    html.push_str("<nav><ul>");
    for (href, label) in nav {
        html.push_str(&format!(
            "<li><a href=\"{}\">{}</a></li>",
            escape(href),
            escape(label)
        ));
    }
    html.push_str("</ul></nav>\n</header>\n<main>\n");
    html.push_str(body_html);
    html.push_str("\n</main>\n</body>\n</html>\n");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_is_self_contained() {
        let page = layout("Café <1>", "<p>x</p>", &SiteOptions { live: false });
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(page.contains("<meta charset=\"utf-8\">"));
        assert!(page.contains("name=\"viewport\""));
        assert!(page.contains("<title>Café &lt;1&gt;</title>"));
        assert!(page.contains("<nav>"));
        assert!(!page.contains("<script"));
        for external in ["http://", "https://", "<img", "<link", "@import", "url("] {
            assert!(!page.contains(external), "{external}");
        }
        let live = layout("x", "", &SiteOptions { live: true });
        assert!(live.contains("<script src=\"/live.js\" defer></script>"));
    }

    #[test]
    fn the_live_script_polls_the_revision() {
        assert!(LIVE_JS.contains("/api/revision"));
        assert!(LIVE_JS.contains("5000"));
        assert!(LIVE_JS.contains("location.reload()"));
        assert!(LIVE_JS.contains(".catch("));
    }
}
