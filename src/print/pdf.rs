//! PDF output with krilla: the plan drawn page by page, fonts embedded and subset, text
//! extractable (every glyph maps back to its character). Each text is drawn run by run,
//! each run with the face that has its characters ([`Typeface::runs`]).

use krilla::color::luma;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::TextDirection;

use super::PrintError;
use super::document::{Align, Body, DRAFT, Document, Slip, Table};
use super::fonts::{Fonts, Typeface};
use super::layout::{MARGIN, Paper};
use super::plan::{self, Plan, metrics::*};

/// The document as PDF bytes, and the warnings for the reader (characters no installed
/// font has, printed as empty boxes).
pub(crate) fn render(doc: &Document, paper: Paper) -> Result<(Vec<u8>, Vec<String>), PrintError> {
    let fonts = Fonts::load()?;
    let plan = plan::plan(doc, paper, &fonts);
    let mut pdf = krilla::Document::new();
    pdf.set_metadata(
        Metadata::new()
            .title(doc.heading())
            .creator(format!("swiss-arbiter {}", env!("CARGO_PKG_VERSION"))),
    );
    let settings = PageSettings::from_wh(plan.frame.page_width, plan.frame.page_height)
        .ok_or_else(|| PrintError::Pdf("invalid page size".to_string()))?;
    let count = plan.pages.len();
    for (index, items) in plan.pages.iter().enumerate() {
        let mut page = pdf.start_page_with(settings.clone());
        {
            let mut painter = Painter {
                surface: page.surface(),
                fonts: &fonts,
            };
            let top = if index == 0 && matches!(doc.body, Body::Table(_)) {
                painter.title_block(doc, &plan)
            } else {
                painter.running_head(doc, &plan)
            };
            match &doc.body {
                Body::Table(table) => painter.table_page(table, &plan, items.clone(), top),
                Body::Slips(slips) => painter.slips_page(&slips[items.clone()], &plan, top),
            }
            painter.footer(&plan, index + 1, count, doc.draft);
            painter.surface.finish();
        }
        page.finish();
    }
    let bytes = pdf
        .finish()
        .map_err(|e| PrintError::Pdf(format!("{e:?}")))?;
    Ok((bytes, fonts.warnings()))
}

/// Drawing helpers over one page's surface. `y` is the baseline, measured down from the
/// top of the page.
struct Painter<'a, 'b> {
    surface: Surface<'a>,
    fonts: &'b Fonts,
}

impl Painter<'_, '_> {
    fn text(&mut self, x: f32, y: f32, face: &Typeface, size: f32, text: &str) {
        if text.is_empty() {
            return;
        }
        self.surface.set_fill(Some(Fill::default()));
        self.surface.set_stroke(None);
        let mut x = x;
        for (face, run) in face.runs(text) {
            self.surface.draw_text(
                Point::from_xy(x, y),
                face.pdf.clone(),
                size,
                run,
                false,
                TextDirection::Auto,
            );
            x += face.width(run, size);
        }
    }

    /// Text inside the box from `x` to `x + width`, shortened to fit.
    fn cell(
        &mut self,
        (x, width): (f32, f32),
        y: f32,
        bold: bool,
        size: f32,
        text: &str,
        align: Align,
    ) {
        let face = if bold {
            &self.fonts.bold
        } else {
            &self.fonts.regular
        };
        let inner = (width - 2.0 * CELL_PAD).max(0.0);
        let shown = face.fit(text, size, inner);
        let used = face.width(&shown, size);
        let offset = match align {
            Align::Left => 0.0,
            Align::Centre => (inner - used) / 2.0,
            Align::Right => inner - used,
        };
        self.text(x + CELL_PAD + offset, y, face, size, &shown);
    }

    fn rule(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32, dashed: bool) {
        let mut path = PathBuilder::new();
        path.move_to(x1, y1);
        path.line_to(x2, y2);
        let Some(path) = path.finish() else { return };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(Stroke {
            width,
            dash: dashed.then(|| StrokeDash {
                array: vec![3.0, 3.0],
                offset: 0.0,
            }),
            ..Stroke::default()
        }));
        self.surface.draw_path(&path);
    }

    fn shade(&mut self, x: f32, y: f32, width: f32, height: f32, lightness: u8) {
        let Some(rect) = Rect::from_xywh(x, y, width, height) else {
            return;
        };
        let mut path = PathBuilder::new();
        path.push_rect(rect);
        let Some(path) = path.finish() else { return };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(Fill {
            paint: luma::Color::new(lightness).into(),
            ..Fill::default()
        }));
        self.surface.draw_path(&path);
    }

    /// The QR code of `text`, `size` points wide, its top left corner at (x, y): one
    /// path of the dark modules (vectors, sharp at any print size).
    fn qr(&mut self, text: &str, x: f32, y: f32, size: f32) {
        let Some((modules, dark)) = crate::venue::qr::modules(text) else {
            return;
        };
        let cell = size / modules as f32;
        let mut path = PathBuilder::new();
        for (i, _) in dark.iter().enumerate().filter(|(_, d)| **d) {
            let (row, column) = (i / modules, i % modules);
            if let Some(rect) =
                Rect::from_xywh(x + column as f32 * cell, y + row as f32 * cell, cell, cell)
            {
                path.push_rect(rect);
            }
        }
        let Some(path) = path.finish() else { return };
        self.surface.set_stroke(None);
        self.surface.set_fill(Some(Fill {
            paint: luma::Color::new(0).into(),
            ..Fill::default()
        }));
        self.surface.draw_path(&path);
    }

    fn outline(&mut self, x: f32, y: f32, width: f32, height: f32) {
        let Some(rect) = Rect::from_xywh(x, y, width, height) else {
            return;
        };
        let mut path = PathBuilder::new();
        path.push_rect(rect);
        let Some(path) = path.finish() else { return };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(Stroke {
            width: 0.6,
            ..Stroke::default()
        }));
        self.surface.draw_path(&path);
    }

    /// The first page's title block, each line shortened to the frame's width; returns
    /// the top of the body.
    fn title_block(&mut self, doc: &Document, plan: &Plan) -> f32 {
        let fonts = self.fonts;
        let title = doc.full_title();
        let lines = [
            (&fonts.bold, EVENT_SIZE, doc.event.as_str()),
            (&fonts.bold, TITLE_SIZE, title.as_str()),
        ]
        .into_iter()
        .chain(
            doc.details
                .iter()
                .map(|line| (&fonts.regular, SMALL_SIZE, line.as_str())),
        );
        let mut y = MARGIN;
        for (face, size, text) in lines {
            y += size * LEADING;
            let shown = face.fit(text, size, plan.frame.width());
            self.text(MARGIN, y - size * 0.4, face, size, &shown);
        }
        MARGIN + plan::title_block_height(doc)
    }

    /// The one-line heading of the other pages; returns the top of the body.
    fn running_head(&mut self, doc: &Document, plan: &Plan) -> f32 {
        let y = MARGIN + SMALL_SIZE * LEADING - SMALL_SIZE * 0.4;
        let heading = self
            .fonts
            .bold
            .fit(&doc.heading(), SMALL_SIZE, plan.frame.width());
        self.text(MARGIN, y, &self.fonts.bold, SMALL_SIZE, &heading);
        let below = MARGIN + plan::running_head_height() - GAP / 2.0;
        self.rule(
            MARGIN,
            below,
            MARGIN + plan.frame.width(),
            below,
            0.5,
            false,
        );
        MARGIN + plan::running_head_height()
    }

    /// The page number, the program, and on a draft the draft mark in the middle.
    fn footer(&mut self, plan: &Plan, page: usize, count: usize, draft: bool) {
        let y = plan.frame.page_height - MARGIN;
        let text = format!("Page {page} of {count}");
        let width = self.fonts.regular.width(&text, SMALL_SIZE);
        let right = MARGIN + plan.frame.width();
        self.text(right - width, y, &self.fonts.regular, SMALL_SIZE, &text);
        self.text(MARGIN, y, &self.fonts.regular, SMALL_SIZE, "swiss-arbiter");
        if draft {
            let mark = DRAFT.to_uppercase();
            let width = self.fonts.bold.width(&mark, TITLE_SIZE);
            let x = MARGIN + (plan.frame.width() - width) / 2.0;
            self.text(x, y, &self.fonts.bold, TITLE_SIZE, &mark);
        }
    }

    fn table_page(&mut self, table: &Table, plan: &Plan, items: std::ops::Range<usize>, top: f32) {
        let row = plan.row_height();
        let width: f32 = plan.widths.iter().sum();
        let baseline = |y: f32| y + row - (row - plan.size) / 2.0 - plan.size * 0.2;
        let rows = items.start.min(table.rows.len())..items.end.min(table.rows.len());
        let mut y = top;
        if !rows.is_empty() {
            self.shade(MARGIN, y, width, row, 225);
            let mut x = MARGIN;
            for (column, w) in table.columns.iter().zip(&plan.widths) {
                self.cell(
                    (x, *w),
                    baseline(y),
                    true,
                    plan.size,
                    &column.title,
                    column.align,
                );
                x += w;
            }
            y += row;
            self.rule(MARGIN, y, MARGIN + width, y, 0.6, false);
        }
        for index in rows.clone() {
            if index % 2 == 1 {
                self.shade(MARGIN, y, width, row, 243);
            }
            let mut x = MARGIN;
            for ((column, w), text) in table
                .columns
                .iter()
                .zip(&plan.widths)
                .zip(&table.rows[index])
            {
                self.cell((x, *w), baseline(y), false, plan.size, text, column.align);
                x += w;
            }
            y += row;
        }
        if !rows.is_empty() {
            self.rule(MARGIN, y, MARGIN + width, y, 0.6, false);
        }
        // Items past the rows: a blank line, then the notes.
        let first_note = table.rows.len() + 1;
        if items.start > table.rows.len() {
            y = top;
        } else {
            y += row * (first_note.min(items.end) - rows.end) as f32;
        }
        for index in items.start.max(first_note)..items.end {
            if let Some(line) = plan.note_lines.get(index - first_note) {
                self.text(MARGIN, baseline(y), &self.fonts.regular, SMALL_SIZE, line);
            }
            y += row;
        }
    }

    fn slips_page(&mut self, slips: &[Slip], plan: &Plan, top: f32) {
        let width = plan.frame.width() / SLIPS_ACROSS as f32;
        for (i, slip) in slips.iter().enumerate() {
            let x = MARGIN + (i % SLIPS_ACROSS) as f32 * width;
            let y = top + (i / SLIPS_ACROSS) as f32 * SLIP_HEIGHT;
            self.slip(slip, x, y, width);
        }
        // Cutting lines between the slips.
        let rows = slips.len().div_ceil(SLIPS_ACROSS);
        for r in 1..rows {
            let y = top + r as f32 * SLIP_HEIGHT;
            self.rule(MARGIN, y, MARGIN + plan.frame.width(), y, 0.4, true);
        }
        if slips.len() > 1 {
            let x = MARGIN + width;
            self.rule(x, top, x, top + rows as f32 * SLIP_HEIGHT, 0.4, true);
        }
    }

    fn slip(&mut self, slip: &Slip, x: f32, y: f32, width: f32) {
        let pad = 10.0;
        // The board's QR code in the top right corner, the text beside it.
        let qr_size = SLIP_HEIGHT - 2.0 * pad - 30.0;
        let inner = match &slip.code {
            Some(code) => {
                self.qr(code, x + width - pad - qr_size, y + pad, qr_size);
                width - 3.0 * pad - qr_size
            }
            None => width - 2.0 * pad,
        };
        let line = TABLE_SIZE * 1.9;
        let bold = &self.fonts.bold;
        let regular = &self.fonts.regular;
        let mut y = y + pad + TABLE_SIZE;
        self.text(x + pad, y, bold, TABLE_SIZE + 1.0, &slip.heading);
        let label = bold
            .width("Black ", TABLE_SIZE)
            .max(bold.width("White ", TABLE_SIZE));
        for (name, player) in [("White", &slip.white), ("Black", &slip.black)] {
            y += line;
            self.text(x + pad, y, bold, TABLE_SIZE, name);
            let shown = regular.fit(player, TABLE_SIZE, inner - label);
            self.text(x + pad + label, y, regular, TABLE_SIZE, &shown);
        }
        y += line;
        let mut cx = x + pad;
        for choice in &slip.choices {
            self.outline(cx, y - TABLE_SIZE * 0.8, TABLE_SIZE, TABLE_SIZE);
            self.text(cx + TABLE_SIZE * 1.5, y, regular, TABLE_SIZE, choice);
            cx += inner / slip.choices.len().max(1) as f32;
        }
        y += line * 1.5;
        let half = inner / 2.0;
        for (i, who) in ["White's signature", "Black's signature"]
            .iter()
            .enumerate()
        {
            let sx = x + pad + i as f32 * half;
            self.rule(
                sx,
                y - TABLE_SIZE,
                sx + half - pad,
                y - TABLE_SIZE,
                0.4,
                false,
            );
            self.text(sx, y, regular, SMALL_SIZE - 1.0, who);
        }
    }
}
