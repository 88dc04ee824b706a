//! The guides of `assets/help/`, compiled into the program and shown in a window from
//! the Help menu: the arbiter reads them at the venue without a network. The Markdown
//! is drawn as plain text blocks (headings, paragraphs, lists, code and tables in a
//! fixed-width font); links show their text.

use eframe::egui;

/// A guide: its menu entry and its Markdown text.
pub struct Guide {
    pub title: &'static str,
    pub text: &'static str,
}

/// Every guide, the user guide first.
pub const GUIDES: [Guide; 8] = [
    Guide {
        title: "User guide",
        text: include_str!("../../../assets/help/user-guide.md"),
    },
    Guide {
        title: "The venue network",
        text: include_str!("../../../assets/help/venue-network.md"),
    },
    Guide {
        title: "The command line",
        text: include_str!("../../../assets/help/command-line.md"),
    },
    Guide {
        title: "Title norms",
        text: include_str!("../../../assets/help/norms.md"),
    },
    Guide {
        title: "Rating changes",
        text: include_str!("../../../assets/help/ratings.md"),
    },
    Guide {
        title: "FIDE checklist",
        text: include_str!("../../../assets/help/fide-checklist.md"),
    },
    Guide {
        title: "The engines and their evidence",
        text: include_str!("../../../assets/help/engines.md"),
    },
    Guide {
        title: "Reliability",
        text: include_str!("../../../assets/help/reliability.md"),
    },
];

/// Draws the guide `open` (an index into [`GUIDES`]) in its own window; closing the
/// window sets `open` to `None`.
pub fn show(ctx: &egui::Context, open: &mut Option<usize>) {
    let Some(guide) = open.and_then(|i| GUIDES.get(i)) else {
        *open = None;
        return;
    };
    let mut shown = true;
    egui::Window::new(guide.title)
        .open(&mut shown)
        .default_size([640.0, 520.0])
        .vscroll(true)
        .show(ctx, |ui| markdown(ui, guide.text));
    if !shown {
        *open = None;
    }
}

/// A block of the Markdown text.
#[derive(Debug, PartialEq, Eq)]
enum Block {
    Heading(usize, String),
    Paragraph(String),
    Item(String),
    Fixed(String),
}

/// The blocks of a Markdown text: `#` headings, paragraphs (lines joined), `-`/`*`/`1.`
/// list items, fenced code and `|` tables kept line by line in a fixed-width block.
fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let mut fixed: Option<Vec<&str>> = None;
    let flush = |paragraph: &mut Vec<&str>, out: &mut Vec<Block>| {
        if !paragraph.is_empty() {
            out.push(Block::Paragraph(inline(&paragraph.join(" "))));
            paragraph.clear();
        }
    };
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(code) = &mut fixed {
            if line.trim_start().starts_with("```") {
                out.push(Block::Fixed(code.join("\n")));
                fixed = None;
            } else {
                code.push(line);
            }
            continue;
        }
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            flush(&mut paragraph, &mut out);
            fixed = Some(Vec::new());
        } else if trimmed.starts_with('|') {
            flush(&mut paragraph, &mut out);
            let mut table = vec![trimmed];
            while let Some(next) = lines.next_if(|l| l.trim().starts_with('|')) {
                table.push(next.trim());
            }
            out.push(Block::Fixed(table.join("\n")));
        } else if let Some(level) = heading_level(trimmed) {
            flush(&mut paragraph, &mut out);
            let title = trimmed[level..].trim();
            out.push(Block::Heading(level, inline(title)));
        } else if let Some(item) = list_item(trimmed) {
            flush(&mut paragraph, &mut out);
            out.push(Block::Item(inline(item)));
        } else if trimmed.is_empty() {
            flush(&mut paragraph, &mut out);
        } else if line.starts_with("  ")
            && paragraph.is_empty()
            && let Some(Block::Item(item)) = out.last_mut()
        {
            // The continuation of a list item.
            item.push(' ');
            item.push_str(&inline(trimmed));
        } else {
            paragraph.push(trimmed);
        }
    }
    flush(&mut paragraph, &mut out);
    if let Some(code) = fixed {
        out.push(Block::Fixed(code.join("\n")));
    }
    out
}

fn heading_level(line: &str) -> Option<usize> {
    let level = line.chars().take_while(|&c| c == '#').count();
    (1..=6)
        .contains(&level)
        .then_some(level)
        .filter(|&l| line[l..].starts_with(' '))
}

fn list_item(line: &str) -> Option<&str> {
    if let Some(rest) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
        return Some(rest);
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    (digits > 0)
        .then(|| line[digits..].strip_prefix(". "))
        .flatten()
}

/// Inline Markdown as plain text: emphasis marks dropped, `[text](link)` shown as its
/// text.
fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let (before, from) = rest.split_at(open);
        out.push_str(before);
        let link = from
            .find("](")
            .and_then(|close| Some((close, from[close..].find(')')? + close)));
        match link {
            Some((close, end)) => {
                out.push_str(&from[1..close]);
                rest = &from[end + 1..];
            }
            None => {
                out.push('[');
                rest = &from[1..];
            }
        }
    }
    out.push_str(rest);
    out.replace("**", "")
}

/// Draws a Markdown text.
fn markdown(ui: &mut egui::Ui, text: &str) {
    for block in blocks(text) {
        match block {
            Block::Heading(1, title) => {
                ui.heading(title);
            }
            Block::Heading(_, title) => {
                ui.add_space(6.0);
                ui.label(egui::RichText::new(title).strong().size(16.0));
            }
            Block::Paragraph(text) => {
                ui.label(text);
            }
            Block::Item(text) => {
                ui.horizontal_wrapped(|ui| {
                    ui.label("•");
                    ui.label(text);
                });
            }
            Block::Fixed(text) => {
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.label(egui::RichText::new(text).monospace());
                });
            }
        }
        ui.add_space(4.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_blocks() {
        let text = "# Title\n\nA line\njoined, see [the guide](x.md).\n\n- **one**\n  more\n2. two\n\n```sh\ncode  here\n```\n| a | b |\n|---|---|\n";
        assert_eq!(
            blocks(text),
            [
                Block::Heading(1, "Title".into()),
                Block::Paragraph("A line joined, see the guide.".into()),
                Block::Item("one more".into()),
                Block::Item("two".into()),
                Block::Fixed("code  here".into()),
                Block::Fixed("| a | b |\n|---|---|".into()),
            ]
        );
    }

    /// Every guide has a title heading and no fence left open.
    #[test]
    fn every_guide_reads() {
        for guide in &GUIDES {
            let blocks = blocks(guide.text);
            assert!(
                matches!(blocks.first(), Some(Block::Heading(1, _))),
                "{}",
                guide.title
            );
            assert_eq!(guide.text.matches("```").count() % 2, 0, "{}", guide.title);
        }
    }
}
