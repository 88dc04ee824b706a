//! The fonts of every PDF and the text measurement that column widths and shortening
//! rely on.
//!
//! DejaVu Sans Condensed (regular and bold, from `assets/fonts/`; licence in
//! `assets/fonts/LICENSE-DejaVu.txt`) is embedded and comes first: Latin, Cyrillic,
//! Greek, Arabic and Hebrew print the same on every machine. The characters it lacks
//! (Chinese, Japanese, Korean, Devanagari, ...) are drawn with a fallback face found
//! among the system's fonts at run time with `fontique` (fontconfig on Linux, DirectWrite
//! on Windows, Core Text on macOS): the family the system itself falls back to for the
//! character's script, else any installed font that has it. The system is only asked
//! when a document holds a character DejaVu lacks.
//!
//! Text is cut into runs, each drawn and measured with the one face that has its
//! characters ([`Typeface::runs`]). A character no installed font has prints as DejaVu's
//! empty box; [`Fonts::warnings`] names it and its script.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::rc::Rc;
use std::sync::Arc;

use fontique::{
    Collection, CollectionOptions, FallbackKey, FamilyInfo, FontInfo, FontStyle, FontWeight,
    FontWidth, SourceCache,
};
use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};
use unicode_script::{Script, UnicodeScript};

use super::PrintError;

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold.ttf");

/// The character that ends a shortened text.
const ELLIPSIS: char = '…';

/// A font file's bytes, shared with the PDF writer.
type Bytes = Arc<dyn AsRef<[u8]> + Send + Sync>;

/// What one face knows of a character: whether it has a glyph, and its advance at 1 pt.
#[derive(Clone, Copy)]
struct Glyph {
    covered: bool,
    advance: f32,
}

/// One font: its outlines for the PDF and its metrics for measuring.
pub(crate) struct Face {
    data: Bytes,
    index: u32,
    /// By character, filled as characters are met.
    glyphs: RefCell<HashMap<char, Glyph>>,
    pub(crate) pdf: krilla::text::Font,
}

impl Face {
    /// The font at `index` in `data` (a TrueType collection holds several); `None` when
    /// it cannot be read.
    fn load(data: Bytes, index: u32) -> Option<Face> {
        FontRef::from_index((*data).as_ref(), index).ok()?;
        let pdf = krilla::text::Font::new(krilla::Data::from(data.clone()), index)?;
        Some(Face {
            data,
            index,
            glyphs: RefCell::new(HashMap::new()),
            pdf,
        })
    }

    fn embedded(data: &'static [u8], name: &str) -> Result<Face, PrintError> {
        let data: Bytes = Arc::new(data);
        Face::load(data, 0).ok_or_else(|| PrintError::Font(name.to_string()))
    }

    fn glyph(&self, c: char) -> Glyph {
        if let Some(glyph) = self.glyphs.borrow().get(&c) {
            return *glyph;
        }
        let glyph = match FontRef::from_index((*self.data).as_ref(), self.index) {
            Ok(font) => {
                let id = font.charmap().map(c).filter(|g| g.to_u32() != 0);
                let advance = font
                    .glyph_metrics(Size::new(1.0), LocationRef::default())
                    .advance_width(id.unwrap_or_default())
                    .unwrap_or(0.0);
                Glyph {
                    covered: id.is_some(),
                    advance,
                }
            }
            Err(_) => Glyph {
                covered: false,
                advance: 0.0,
            },
        };
        self.glyphs.borrow_mut().insert(c, glyph);
        glyph
    }

    /// Whether the face has a glyph for `c`.
    pub(crate) fn covers(&self, c: char) -> bool {
        self.glyph(c).covered
    }

    /// The advance width of `text` at `size` points in this face alone (no kerning: at
    /// most a few tenths of a point wider or narrower than the shaped text).
    pub(crate) fn width(&self, text: &str, size: f32) -> f32 {
        text.chars().map(|c| self.glyph(c).advance).sum::<f32>() * size
    }
}

/// Whether `c` belongs to no script of its own (spaces, punctuation, digits, combining
/// marks): it goes with the text around it.
fn is_neutral(script: Script) -> bool {
    matches!(script, Script::Common | Script::Inherited | Script::Unknown)
}

/// The language a run of Han characters is most likely in, from the kana or hangul
/// around it (Japanese and Korean forms of some ideographs differ from Chinese ones).
fn han_language(text: &str) -> Option<&'static str> {
    text.chars().find_map(|c| match c.script() {
        Script::Hiragana | Script::Katakana => Some("ja"),
        Script::Hangul => Some("ko"),
        _ => None,
    })
}

/// A script, the language of the text (for Han) and whether bold.
type ScriptKey = (Script, Option<&'static str>, bool);

/// The system's fonts, asked once a character DejaVu lacks is met.
struct System {
    collection: Collection,
    sources: SourceCache,
    /// Faces already loaded, by file and index in it.
    loaded: HashMap<(u64, u32), Rc<Face>>,
    /// The fallback face for a script, language and weight.
    by_script: HashMap<ScriptKey, Option<Rc<Face>>>,
    /// The face found for a single character by looking through every family.
    by_char: HashMap<(char, bool), Option<Rc<Face>>>,
    /// Every family, by name (looked through in that order: the same on every run).
    families: Option<Vec<FamilyInfo>>,
}

impl System {
    fn new() -> System {
        let mut collection = Collection::new(CollectionOptions {
            shared: false,
            system_fonts: true,
        });
        // Without fontconfig's library (it is loaded at run time) the collection is empty:
        // read the usual folders directly.
        if cfg!(all(unix, not(target_vendor = "apple")))
            && collection.family_names().next().is_none()
        {
            let mut folders = vec![
                std::path::PathBuf::from("/usr/share/fonts"),
                std::path::PathBuf::from("/usr/local/share/fonts"),
            ];
            if let Some(home) = std::env::var_os("HOME") {
                let home = std::path::PathBuf::from(home);
                folders.push(home.join(".local/share/fonts"));
                folders.push(home.join(".fonts"));
            }
            folders.retain(|f| f.is_dir());
            collection.load_fonts_from_paths(folders);
        }
        System {
            collection,
            sources: SourceCache::default(),
            loaded: HashMap::new(),
            by_script: HashMap::new(),
            by_char: HashMap::new(),
            families: None,
        }
    }

    fn face(&mut self, font: &FontInfo) -> Option<Rc<Face>> {
        let key = (font.source().id().to_u64(), font.index());
        if let Some(face) = self.loaded.get(&key) {
            return Some(face.clone());
        }
        let blob = font.load(Some(&mut self.sources))?;
        let face = Rc::new(Face::load(Arc::new(blob), font.index())?);
        self.loaded.insert(key, face.clone());
        Some(face)
    }

    /// The member of `family` closest to the weight asked for.
    fn member(&mut self, family: &FamilyInfo, bold: bool) -> Option<Rc<Face>> {
        let weight = if bold {
            FontWeight::BOLD
        } else {
            FontWeight::NORMAL
        };
        let font = family
            .match_font(FontWidth::NORMAL, FontStyle::Normal, weight, false)
            .or_else(|| family.default_font())?
            .clone();
        self.face(&font)
    }

    /// The system's fallback face for `script` (and `language`, for Han).
    fn for_script(
        &mut self,
        script: Script,
        language: Option<&'static str>,
        bold: bool,
    ) -> Option<Rc<Face>> {
        let key = (script, language, bold);
        if let Some(found) = self.by_script.get(&key) {
            return found.clone();
        }
        let mut found = None;
        if let Ok(tag) = fontique::Script::parse(script.short_name()) {
            let key = match language {
                Some(language) => FallbackKey::from((tag, language)),
                None => FallbackKey::from(tag),
            };
            let ids: Vec<_> = self.collection.fallback_families(key).collect();
            for id in ids {
                if let Some(family) = self.collection.family(id) {
                    found = self.member(&family, bold);
                    if found.is_some() {
                        break;
                    }
                }
            }
        }
        self.by_script.insert(key, found.clone());
        found
    }

    /// The first family, by name, with a glyph for `c`.
    fn for_char(&mut self, c: char, bold: bool) -> Option<Rc<Face>> {
        if let Some(found) = self.by_char.get(&(c, bold)) {
            return found.clone();
        }
        let families = match self.families.take() {
            Some(families) => families,
            None => {
                let mut names: Vec<String> =
                    self.collection.family_names().map(str::to_string).collect();
                names.sort();
                names.dedup();
                names
                    .iter()
                    .filter_map(|name| self.collection.family_by_name(name))
                    .collect()
            }
        };
        let mut found = None;
        for family in &families {
            // The character map first: only the family that has it is loaded as a face.
            let Some(font) = family.default_font() else {
                continue;
            };
            let Some(blob) = font.load(Some(&mut self.sources)) else {
                continue;
            };
            let has = font
                .charmap_index()
                .charmap(blob.as_ref())
                .and_then(|charmap| charmap.map(c))
                .is_some_and(|glyph| glyph != 0);
            if has {
                found = self.member(family, bold).filter(|face| face.covers(c));
                if found.is_some() {
                    break;
                }
            }
        }
        self.families = Some(families);
        self.by_char.insert((c, bold), found.clone());
        found
    }
}

/// The system's fonts, shared by the regular and bold typefaces, and the characters no
/// font has.
#[derive(Default)]
struct Fallback {
    system: RefCell<Option<System>>,
    missing: RefCell<BTreeSet<char>>,
}

impl Fallback {
    fn with_system<T>(&self, f: impl FnOnce(&mut System) -> T) -> T {
        let mut system = self.system.borrow_mut();
        f(system.get_or_insert_with(System::new))
    }
}

/// A face and, behind it, the system's fonts for the characters it lacks.
pub(crate) struct Typeface {
    primary: Rc<Face>,
    bold: bool,
    fallback: Rc<Fallback>,
}

impl Typeface {
    /// `text` cut into runs, each with the face that draws it: the primary face wherever
    /// it has every character of a script's stretch of text, else the system's fallback
    /// for that script, else, character by character, any installed font that has it. A
    /// character no font has stays with the primary face (its empty box) and is noted
    /// for [`Fonts::warnings`]. Spaces, punctuation and marks go with the text around
    /// them, so that a word is shaped as one run.
    pub(crate) fn runs<'t>(&self, text: &'t str) -> Vec<(Rc<Face>, &'t str)> {
        if text.chars().all(|c| self.primary.covers(c)) {
            return vec![(self.primary.clone(), text)];
        }
        let mut runs: Vec<(Rc<Face>, usize, usize)> = Vec::new();
        for (start, end, script) in items(text) {
            let item = &text[start..end];
            let face = if item.chars().all(|c| self.primary.covers(c)) {
                Some(self.primary.clone())
            } else {
                let language = (script == Script::Han)
                    .then(|| han_language(text))
                    .flatten();
                self.fallback
                    .with_system(|system| system.for_script(script, language, self.bold))
                    .filter(|face| item.chars().all(|c| face.covers(c)))
            };
            match face {
                Some(face) => push(&mut runs, face, start, end),
                None => {
                    for (offset, c) in item.char_indices() {
                        let face = self.face_for_char(c, script);
                        let at = start + offset;
                        push(&mut runs, face, at, at + c.len_utf8());
                    }
                }
            }
        }
        runs.into_iter()
            .map(|(face, start, end)| (face, &text[start..end]))
            .collect()
    }

    /// The face that draws `c` met alone in a stretch of `script`.
    fn face_for_char(&self, c: char, script: Script) -> Rc<Face> {
        if self.primary.covers(c) {
            return self.primary.clone();
        }
        let script = if is_neutral(script) {
            c.script()
        } else {
            script
        };
        let found = self.fallback.with_system(|system| {
            let by_script = (!is_neutral(script))
                .then(|| system.for_script(script, None, self.bold))
                .flatten()
                .filter(|face| face.covers(c));
            by_script.or_else(|| system.for_char(c, self.bold))
        });
        found.unwrap_or_else(|| {
            if !c.is_whitespace() && !c.is_control() {
                self.fallback.missing.borrow_mut().insert(c);
            }
            self.primary.clone()
        })
    }

    /// The advance width of `text` at `size` points, each character measured in the face
    /// that draws it (no kerning: at most a few tenths of a point off the shaped text).
    pub(crate) fn width(&self, text: &str, size: f32) -> f32 {
        self.runs(text)
            .iter()
            .map(|(face, run)| face.width(run, size))
            .sum()
    }

    /// `text` as it fits in `width` points: whole, or cut with an ellipsis.
    pub(crate) fn fit(&self, text: &str, size: f32, width: f32) -> String {
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

/// Appends `start..end` drawn with `face`, joined to the last run when it has the same
/// face and they touch.
fn push(runs: &mut Vec<(Rc<Face>, usize, usize)>, face: Rc<Face>, start: usize, end: usize) {
    if let Some((last, _, last_end)) = runs.last_mut()
        && Rc::ptr_eq(last, &face)
        && *last_end == start
    {
        *last_end = end;
        return;
    }
    runs.push((face, start, end));
}

/// `text` cut where its script changes: byte ranges and the script of each. Spaces,
/// punctuation, digits and marks join the stretch before them (or, at the start, the
/// one after).
fn items(text: &str) -> Vec<(usize, usize, Script)> {
    let mut items: Vec<(usize, usize, Script)> = Vec::new();
    for (at, c) in text.char_indices() {
        let end = at + c.len_utf8();
        let script = c.script();
        match items.last_mut() {
            Some(last) if is_neutral(script) || last.2 == script => last.1 = end,
            Some(last) if is_neutral(last.2) => {
                last.1 = end;
                last.2 = script;
            }
            _ => items.push((at, end, script)),
        }
    }
    items
}

/// The regular and bold typefaces.
pub(crate) struct Fonts {
    pub(crate) regular: Typeface,
    pub(crate) bold: Typeface,
    fallback: Rc<Fallback>,
}

impl Fonts {
    /// Loads the embedded fonts (the system's are looked up when first needed).
    pub(crate) fn load() -> Result<Fonts, PrintError> {
        let fallback = Rc::new(Fallback::default());
        let typeface = |data, name, bold| -> Result<Typeface, PrintError> {
            Ok(Typeface {
                primary: Rc::new(Face::embedded(data, name)?),
                bold,
                fallback: fallback.clone(),
            })
        };
        Ok(Fonts {
            regular: typeface(REGULAR, "DejaVuSansCondensed.ttf", false)?,
            bold: typeface(BOLD, "DejaVuSansCondensed-Bold.ttf", true)?,
            fallback: fallback.clone(),
        })
    }

    /// The characters met so far that no installed font has: one warning naming them,
    /// by script, or none.
    pub(crate) fn warnings(&self) -> Vec<String> {
        let missing = self.fallback.missing.borrow();
        if missing.is_empty() {
            return Vec::new();
        }
        let mut by_script: BTreeMap<&str, Vec<char>> = BTreeMap::new();
        for c in missing.iter() {
            let script = match c.script() {
                Script::Unknown => "no script (private use or unassigned)",
                script => script.full_name(),
            };
            by_script.entry(script).or_default().push(*c);
        }
        let scripts: Vec<String> = by_script
            .iter()
            .map(|(script, chars)| {
                let shown: String = chars.iter().take(12).collect();
                let more = if chars.len() > 12 { "…" } else { "" };
                let codes: Vec<String> = chars
                    .iter()
                    .take(3)
                    .map(|c| format!("U+{:04X}", u32::from(*c)))
                    .collect();
                let more_codes = if chars.len() > 3 { ", …" } else { "" };
                format!("{script}: {shown}{more} ({}{more_codes})", codes.join(", "))
            })
            .collect();
        vec![format!(
            "no font on this machine has {} character(s), printed as empty boxes: {}; \
             install a font for {} and print again",
            missing.len(),
            scripts.join("; "),
            if scripts.len() == 1 {
                "that script"
            } else {
                "those scripts"
            }
        )]
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

    #[test]
    fn scripts_dejavu_has_stay_in_one_run_without_the_system() {
        let fonts = Fonts::load().expect("embedded fonts");
        for text in [
            "Müller, Łukasz",
            "Петров, Иван",
            "Παπαδόπουλος",
            "محمد",
            "כהן",
        ] {
            let runs = fonts.regular.runs(text);
            assert_eq!(runs.len(), 1, "{text}");
            assert!(Rc::ptr_eq(&runs[0].0, &fonts.regular.primary));
        }
        assert!(fonts.regular.fallback.system.borrow().is_none());
        assert!(fonts.warnings().is_empty());
    }

    #[test]
    fn items_keep_spaces_and_punctuation_with_their_words() {
        assert_eq!(
            items_of("王, 小龙 Smith"),
            [("王, 小龙 ", Script::Han), ("Smith", Script::Latin)]
        );
        assert_eq!(items_of("1. Шарма"), [("1. Шарма", Script::Cyrillic)]);
    }

    fn items_of(text: &str) -> Vec<(&str, Script)> {
        items(text)
            .into_iter()
            .map(|(s, e, script)| (&text[s..e], script))
            .collect()
    }

    #[test]
    fn other_scripts_are_drawn_and_measured_with_a_face_that_has_them() {
        let fonts = Fonts::load().expect("embedded fonts");
        for text in ["王小龙", "山田 太郎", "김민준", "राहुल शर्मा"] {
            let runs = fonts.regular.runs(text);
            let joined: String = runs.iter().map(|(_, run)| *run).collect();
            assert_eq!(joined, text);
            if !fonts.warnings().is_empty() {
                // No font for the script on this machine: the empty box, and a warning.
                eprintln!("SKIPPED: no installed font has {text:?}");
                continue;
            }
            assert_eq!(runs.len(), 1, "{text}: one face for the whole name");
            let (face, _) = &runs[0];
            assert!(!Rc::ptr_eq(face, &fonts.regular.primary));
            assert!(
                text.chars()
                    .filter(|c| !c.is_whitespace())
                    .all(|c| face.covers(c))
            );
            let width = fonts.regular.width(text, 9.0);
            assert!((width - face.width(text, 9.0)).abs() < 1e-3);
            assert!(width > 9.0, "{text}: {width}");
        }
    }

    #[test]
    fn a_character_no_font_has_is_named_in_a_warning() {
        let fonts = Fonts::load().expect("embedded fonts");
        // A private-use character: no font a test machine has should draw it.
        let text = "Smith \u{F0000}";
        let runs = fonts.regular.runs(text);
        let joined: String = runs.iter().map(|(_, run)| *run).collect();
        assert_eq!(joined, text);
        assert!(fonts.regular.width(text, 9.0) > fonts.regular.width("Smith ", 9.0));
        let warnings = fonts.warnings();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("U+F0000"), "{}", warnings[0]);
    }
}
