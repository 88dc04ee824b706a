//! HTML output: one self-contained page per document (inline CSS, no scripts, no links),
//! for the event's website. Browsers repeat the table header on every printed page.

use std::fmt::Write;

use super::document::{Align, Body, DRAFT, Document, Orientation, Slip, Table};
use super::layout::Paper;

const STYLE: &str = "\
body{font-family:'DejaVu Sans Condensed','DejaVu Sans','Noto Sans',Arial,sans-serif;font-size:10pt;margin:1.5em;color:#000}
h1{font-size:14pt;margin:0}
h2{font-size:12pt;margin:.2em 0}
div.draft{position:fixed;top:0;right:0;font-weight:bold;font-size:14pt;border:2px solid #000;padding:.1em .4em;background:#fff}
p.detail{font-size:8.5pt;margin:0}
table{border-collapse:collapse;margin-top:1em}
thead{display:table-header-group}
th{background:#e1e1e1;border-bottom:1px solid #000;padding:2px 4px}
td{padding:1px 4px;white-space:nowrap}
tbody tr:nth-child(even){background:#f3f3f3}
tbody{border-bottom:1px solid #000}
.l{text-align:left}.c{text-align:center}.r{text-align:right}
.notes{font-size:8.5pt;margin-top:1em}
.notes p{margin:0}
.slips{display:grid;grid-template-columns:1fr 1fr;margin-top:1em}
.slip{border:1px dashed #777;padding:.6em;break-inside:avoid}
.slip h3{font-size:10pt;margin:0 0 .4em 0}
.slip p{margin:.2em 0}
.slip .choices span{margin-right:2em}
.slip .sign{display:flex;gap:2em;margin-top:1.5em;font-size:8pt}
.slip .sign span{flex:1;border-top:1px solid #000}
";

/// The text with `& < > " '` escaped, safe inside elements and quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The document as a complete HTML page.
pub(crate) fn render(doc: &Document, paper: Paper) -> String {
    let orientation = match doc.orientation {
        Some(Orientation::Landscape) => "landscape",
        _ => "portrait",
    };
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"generator\" content=\"swiss-arbiter {}\">\n<title>{}</title>\n\
         <style>\n@page{{size:{} {orientation};margin:12mm}}\n{STYLE}</style>\n</head>\n<body>\n",
        env!("CARGO_PKG_VERSION"),
        escape(&doc.heading()),
        paper.css_name(),
    );
    if doc.draft {
        // Fixed: a browser prints it on every page.
        let _ = writeln!(
            out,
            "<div class=\"draft\">{}</div>",
            escape(&DRAFT.to_uppercase())
        );
    }
    let _ = writeln!(
        out,
        "<header>\n<h1>{}</h1>\n<h2>{}</h2>",
        escape(&doc.event),
        escape(&doc.full_title())
    );
    for line in &doc.details {
        let _ = writeln!(out, "<p class=\"detail\">{}</p>", escape(line));
    }
    out.push_str("</header>\n<main>\n");
    match &doc.body {
        Body::Table(table) => table_html(&mut out, table),
        Body::Slips(slips) => slips_html(&mut out, slips),
    }
    out.push_str("</main>\n");
    if !doc.notes.is_empty() {
        out.push_str("<footer class=\"notes\">\n");
        for note in &doc.notes {
            let _ = writeln!(out, "<p>{}</p>", escape(note));
        }
        out.push_str("</footer>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

fn class(align: Align) -> &'static str {
    match align {
        Align::Left => "l",
        Align::Centre => "c",
        Align::Right => "r",
    }
}

fn table_html(out: &mut String, table: &Table) {
    out.push_str("<table>\n<thead>\n<tr>");
    for column in &table.columns {
        let _ = write!(
            out,
            "<th class=\"{}\">{}</th>",
            class(column.align),
            escape(&column.title)
        );
    }
    out.push_str("</tr>\n</thead>\n<tbody>\n");
    for row in &table.rows {
        out.push_str("<tr>");
        for (column, text) in table.columns.iter().zip(row) {
            let _ = write!(
                out,
                "<td class=\"{}\">{}</td>",
                class(column.align),
                escape(text)
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
}

fn slips_html(out: &mut String, slips: &[Slip]) {
    out.push_str("<div class=\"slips\">\n");
    for slip in slips {
        let _ = write!(
            out,
            "<section class=\"slip\">\n<h3>{}</h3>\n<p><b>White</b> {}</p>\n<p><b>Black</b> {}</p>\n<p class=\"choices\">",
            escape(&slip.heading),
            escape(&slip.white),
            escape(&slip.black)
        );
        for choice in &slip.choices {
            let _ = write!(out, "<span>☐ {}</span>", escape(choice));
        }
        if let Some(svg) = slip
            .code
            .as_deref()
            .and_then(|c| crate::venue::qr::svg(c, 96))
        {
            let _ = write!(
                out,
                "</p>\n<p class=\"code\">{svg}<br><small>{}</small>",
                escape(slip.code.as_deref().unwrap_or_default())
            );
        }
        out.push_str(
            "</p>\n<p class=\"sign\"><span>White's signature</span><span>Black's signature</span></p>\n</section>\n",
        );
    }
    out.push_str("</div>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::document::Column;

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            escape(r#"<b>"O'Neil" & co</b>"#),
            "&lt;b&gt;&quot;O&#39;Neil&quot; &amp; co&lt;/b&gt;"
        );
        assert_eq!(escape("Ødegård ½"), "Ødegård ½");
    }

    #[test]
    fn a_table_has_one_header_and_a_row_per_line() {
        let doc = Document {
            event: "Open <2026>".into(),
            title: "Standings".into(),
            draft: false,
            details: vec![],
            orientation: Some(Orientation::Landscape),
            body: Body::Table(Table {
                columns: vec![Column::names("Name"), Column::fixed("Pts", Align::Right)],
                rows: vec![
                    vec!["A".into(), "1.0".into()],
                    vec!["B".into(), "0.0".into()],
                ],
            }),
            notes: vec!["a & b".into()],
        };
        let html = render(&doc, Paper::Letter);
        assert_eq!(html.matches("<thead>").count(), 1);
        assert_eq!(html.matches("<tr>").count(), 3);
        assert!(html.contains("@page{size:letter landscape"));
        assert!(html.contains("<h1>Open &lt;2026&gt;</h1>"));
        assert!(html.contains("<p>a &amp; b</p>"));
        assert!(!html.contains("<script"));
    }
}
