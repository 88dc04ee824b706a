//! The event's public pages (`venue::site`) and `swiss-arbiter publish`: on events from
//! our own generator (individual with a draft round, and a team event), every link of
//! every page resolves, `page` gives what `site` gives, a draft round never shows, no
//! private data and no unescaped text from the event, and `publish` writes exactly the
//! site into a folder of its own and refuses any other. In headless Chromium (skipped
//! when it is not installed), the published folder of a two-section event reads from
//! `file://`: every link of every page reached from the index opens a page of the site,
//! and every page of the folder is reached.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use std::time::Instant;

use swiss_arbiter::generator::teams::{self, TeamEvent};
use swiss_arbiter::generator::{GeneratorConfig, generate};
use swiss_arbiter::pairing::PairingRequest;
use swiss_arbiter::tournament::{ScoringSystem, SystemId, Tournament};
use swiss_arbiter::venue::site::{Page, SiteOptions, page, site};

use super::common::webdriver::{self, Driver, Session, screenshots_dir};
use super::common::{run, skipped};

const HOSTILE: &str = "<script>alert(1)</script> & \"x\"";
const BIRTH_DATE: &str = "1987/06/15";

/// 14 players, 4 rounds played of 6, round 5 paired as a draft (not published); one
/// player with a hostile name, one with a birth date, names in other scripts.
fn individual_with_draft() -> Tournament {
    let cfg = GeneratorConfig {
        players: 14,
        rounds: 4,
        planned_rounds: Some(6),
        seed: 11,
        draw_rate: 0.25,
        results: Default::default(),
        forfeit_rate: 0.05,
        bye_rate: 0.05,
        baku: false,
        absences: Default::default(),
        scoring: ScoringSystem::standard(),
    };
    let mut t = generate(&cfg, SystemId::Dutch2026).expect("generated");
    t.event.name = "Open Á & <B>".into();
    t.event.city = "Tallinn".into();
    t.event.start_date = "2026/03/01".into();
    t.players[2].name = HOSTILE.into();
    t.players[3].birth_date = BIRTH_DATE.into();
    t.players[4].name = "Ñúñez, Łukasz".into();
    t.players[5].name = "Иванов, Пётр".into();
    t.players[6].name = "王, 伟".into();
    let pairing = PairingRequest::recorded(&t, SystemId::Dutch2026, 5)
        .pair()
        .expect("round 5 pairs");
    let boards: Vec<[u32; 2]> = pairing.pairs.iter().map(|p| [p.white, p.black]).collect();
    t.record_pairing(5, &boards, pairing.bye);
    t.set_published(5, false).expect("paired");
    assert!(t.is_paired(5) && !t.is_published(5));
    t
}

/// Six teams of four boards, three rounds played.
fn team_event() -> Tournament {
    let mut t = teams::generate(&teams::config(3, 5), &TeamEvent::new(6, 4)).expect("generated");
    t.event.name = "Team Cup".into();
    t.teams[0].name = HOSTILE.into();
    t
}

/// The pages of `sections`, by path.
fn pages(sections: &[Tournament]) -> BTreeMap<String, String> {
    site(sections, &SiteOptions { live: false })
        .into_iter()
        .map(|Page { path, html }| (path, html))
        .collect()
}

/// Every `href="…"` of a page.
fn hrefs(html: &str) -> Vec<String> {
    html.split("href=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_string)
        .collect()
}

/// A relative link from the page at `from` resolved to a site path (`..` and `.` folded).
fn resolve(from: &str, href: &str) -> String {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in href.split('/') {
        match part {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            p => parts.push(p),
        }
    }
    parts.join("/")
}

fn assert_links_resolve(pages: &BTreeMap<String, String>) {
    for (path, html) in pages {
        for href in hrefs(html) {
            assert!(
                !href.starts_with('/') && !href.contains("://"),
                "{path}: link {href} is not relative"
            );
            let target = resolve(path, &href);
            assert!(
                pages.contains_key(&target),
                "{path}: link {href} ({target}) is broken"
            );
        }
    }
}

#[test]
fn venue_publish_every_link_resolves_and_page_equals_site() {
    let individual = individual_with_draft();
    let team = team_event();
    for sections in [
        vec![individual.clone()],
        vec![team.clone()],
        vec![individual, team],
    ] {
        let all = pages(&sections);
        assert!(all.contains_key("index.html"));
        assert_links_resolve(&all);
        let options = SiteOptions { live: false };
        for (path, html) in &all {
            assert_eq!(
                page(&sections, path, &options).as_ref(),
                Some(html),
                "{path}"
            );
            assert!(html.contains("<meta charset=\"utf-8\">"), "{path}");
            assert!(
                !html.contains("<script"),
                "{path}: the static site has no script"
            );
        }
        assert_eq!(page(&sections, "s9/standings.html", &options), None);
        assert_eq!(page(&sections, "s1/player-999.html", &options), None);
        // Every player and every team has a page.
        for (i, t) in sections.iter().enumerate() {
            for p in &t.players {
                assert!(all.contains_key(&format!("s{}/player-{}.html", i + 1, p.id)));
            }
            for team in &t.teams {
                assert!(all.contains_key(&format!("s{}/team-{}.html", i + 1, team.id)));
            }
        }
        // Live pages are the same with the script.
        let live = site(&sections, &SiteOptions { live: true });
        assert!(
            live.iter()
                .all(|p| p.html.contains("<script src=\"/live.js\" defer></script>"))
        );
    }
}

#[test]
fn venue_publish_a_draft_round_never_shows() {
    let t = individual_with_draft();
    let all = pages(std::slice::from_ref(&t));
    for r in 1..=4 {
        assert!(all.contains_key(&format!("s1/round-{r}.html")));
        assert!(all.contains_key(&format!("s1/round-{r}-names.html")));
    }
    assert!(
        !all.keys().any(|p| p.contains("round-5")),
        "a page for the draft round"
    );
    // No link leads to it (every link resolves, and it has no page).
    assert_links_resolve(&all);
    let options = SiteOptions { live: false };
    assert_eq!(
        page(std::slice::from_ref(&t), "s1/round-5.html", &options),
        None
    );
    assert_eq!(
        page(std::slice::from_ref(&t), "s1/round-5-names.html", &options),
        None
    );
    // A player's games stop before the draft: his round-5 opponent is not named.
    let player = t
        .players
        .iter()
        .find(|p| p.outcome(5).opponent().is_some() && p.outcome(4).opponent().is_none())
        .or_else(|| t.players.iter().find(|p| p.outcome(5).opponent().is_some()))
        .expect("someone is paired in round 5");
    let html = &all[&format!("s1/player-{}.html", player.id)];
    let rows = html.matches("<tr>").count();
    // A header row and one row per published round.
    assert_eq!(rows, 1 + 4, "{html}");
}

#[test]
fn venue_publish_no_private_data_and_every_text_escaped() {
    for sections in [vec![individual_with_draft()], vec![team_event()]] {
        let mut sections = sections;
        for p in &mut sections[0].players {
            p.birth_date = BIRTH_DATE.into();
        }
        let all = pages(&sections);
        let mut seen_escaped = false;
        for (path, html) in &all {
            assert!(!html.contains(BIRTH_DATE), "{path} shows a birth date");
            assert!(!html.contains("1987"), "{path} shows a birth year");
            assert!(
                !html.contains("alert(1)</script>"),
                "{path} has the name unescaped"
            );
            assert!(!html.contains("& \"x\""), "{path} has the name unescaped");
            seen_escaped |=
                html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;");
        }
        assert!(seen_escaped, "the hostile name appears escaped");
    }
    let all = pages(&[individual_with_draft()]);
    let index = &all["index.html"];
    assert!(index.contains("Open Á &amp; &lt;B&gt;"), "{index}");
    for name in ["Ñúñez, Łukasz", "Иванов, Пётр", "王, 伟"] {
        assert!(all["s1/players.html"].contains(name), "{name}");
    }
}

#[test]
fn venue_publish_player_page_explains_the_tiebreaks() {
    let t = individual_with_draft();
    let all = pages(std::slice::from_ref(&t));
    let html = &all["s1/player-1.html"];
    assert!(html.contains("Rank <strong>"), "{html}");
    assert!(html.contains("after round 4"), "{html}");
    assert!(html.contains("<ul class=\"why\">"), "{html}");
    let standings = &all["s1/standings.html"];
    assert!(standings.contains("Standings after round 4"), "{standings}");
}

/// A folder for one test, empty.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("venue-publish-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary folder");
    dir
}

/// Every file under `dir`, relative, `/`-separated, with its content.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(dir).expect("inside");
                let rel: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.insert(rel.join("/"), std::fs::read(&path).expect("read"));
            }
        }
    }
    out
}

#[test]
fn venue_publish_writes_the_site_and_refuses_unrelated_folders() {
    let dir = temp_dir("cli");
    let t = individual_with_draft();
    let event = dir.join("event.sarb");
    swiss_arbiter::formats::native::save(&t, &event).expect("saved");
    let sections = swiss_arbiter::formats::native::load_sections(&event).expect("loads");
    let expected = pages(&sections);

    let out = dir.join("site");
    let result = run(&[
        "publish",
        event.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let stdout = String::from_utf8_lossy(&result.stdout);
    assert!(
        stdout.contains(&format!("{} pages", expected.len())),
        "{stdout}"
    );
    let mut written = files(&out);
    assert!(
        written.remove(".swiss-arbiter-site").is_some(),
        "the marker is written"
    );
    let on_disk: BTreeMap<String, String> = written
        .into_iter()
        .map(|(k, v)| (k, String::from_utf8(v).expect("UTF-8")))
        .collect();
    assert_eq!(on_disk, expected);

    // Again into the same folder: accepted (the marker says it is the site's).
    let again = run(&[
        "publish",
        event.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );

    // A folder of other files: refused, nothing changes in it.
    let unrelated = dir.join("documents");
    std::fs::create_dir_all(unrelated.join("s1")).expect("folder");
    std::fs::write(unrelated.join("index.html"), "my own page").expect("written");
    std::fs::write(unrelated.join("s1/notes.txt"), "keep").expect("written");
    let before = files(&unrelated);
    let refused = run(&[
        "publish",
        event.to_str().unwrap(),
        "-o",
        unrelated.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(5), "{refused:?}");
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("not empty"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
    assert_eq!(files(&unrelated), before);

    // A file in the way: refused too.
    let refused = run(&[
        "publish",
        event.to_str().unwrap(),
        "-o",
        event.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(5));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn venue_publish_every_path_is_unique_and_inside() {
    let all = site(
        &[individual_with_draft(), team_event()],
        &SiteOptions::default(),
    );
    let paths: BTreeSet<&str> = all.iter().map(|p| p.path.as_str()).collect();
    assert_eq!(paths.len(), all.len(), "a path twice");
    for p in paths {
        assert!(!p.starts_with('/') && !p.contains(".."), "{p}");
        assert!(p.ends_with(".html"), "{p}");
    }
}

/// The sections as a native file of several sections (format version 2, as the window
/// saves them: the library's writer of several sections is the window's).
fn save_sections(sections: &[Tournament], path: &Path) {
    #[derive(serde::Serialize)]
    struct Saved<'a> {
        format_version: u32,
        sections: &'a [Tournament],
    }
    let text = ron::ser::to_string_pretty(
        &Saved {
            format_version: 2,
            sections,
        },
        ron::ser::PrettyConfig::new().struct_names(false),
    )
    .expect("serialises");
    std::fs::write(path, text).expect("written");
    let read = swiss_arbiter::formats::native::load_sections(path).expect("reads back");
    assert_eq!(read, sections);
}

/// The `file://` address of a local file (its path percent-encoded but for the plain
/// characters).
fn file_url(path: &Path) -> String {
    let text = path.to_str().expect("a UTF-8 path");
    let mut url = String::from("file://");
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            url.push(b as char);
        } else {
            url.push_str(&format!("%{b:02X}"));
        }
    }
    url
}

/// The local file a `file://` address names (its fragment and query left out); `None`
/// for any other address.
fn url_file(url: &str) -> Option<PathBuf> {
    let path = url.strip_prefix("file://")?;
    let path = path.split(['#', '?']).next().unwrap_or_default();
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    Some(PathBuf::from(String::from_utf8(out).ok()?))
}

/// The text of a page's `<title>` as the browser reads it (the entities `escape` writes
/// undone).
fn title_of(html: &str) -> String {
    let title = html
        .split_once("<title>")
        .and_then(|(_, rest)| rest.split_once("</title>"))
        .map_or("", |(title, _)| title);
    title
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// What the crawl reads of each page in the browser: its address and title, whether it
/// is laid out as the site's pages are (a header with the navigation, a `main`), its
/// links (as written, and resolved by the browser against the page's address), and every
/// resource it refers to or loaded.
const PAGE_SCRIPT: &str = "return {\
    href: location.href,\
    title: document.title,\
    charset: document.characterSet,\
    site: !!document.querySelector('header nav') && !!document.querySelector('main'),\
    links: [...document.querySelectorAll('a[href]')].map(a => [a.getAttribute('href'), a.href]),\
    resources: [...document.querySelectorAll('[src], link[href], object[data], [srcset], [poster]')]\
        .map(e => e.src || e.href || e.data || e.outerHTML.slice(0, 120)),\
    loaded: performance.getEntriesByType('resource').map(r => r.name)\
};";

/// The most pages the crawl opens (the event below has about 70).
const MAX_PAGES: usize = 400;

#[test]
fn venue_publish_the_site_reads_from_its_folder_in_a_browser() {
    if !webdriver::available() {
        skipped(format_args!(
            "chromium/chromedriver not installed (apt-get install chromium chromium-driver)"
        ));
        return;
    }
    let started = Instant::now();
    let dir = temp_dir("browser");
    // Two sections: an individual one with a draft round, and a team event.
    let sections = vec![individual_with_draft(), team_event()];
    let event = dir.join("event.sarb");
    save_sections(&sections, &event);
    let out = dir.join("site");
    let result = run(&[
        "publish",
        event.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    let root = out.canonicalize().expect("the site's folder");
    let written: BTreeSet<String> = files(&root)
        .into_keys()
        .filter(|p| p != ".swiss-arbiter-site")
        .collect();
    assert!(
        written.iter().any(|p| p.starts_with("s2/team-")),
        "{written:?}"
    );

    // Every link of every page reachable from the index, followed in the browser.
    let driver = Driver::start();
    let s = Session::new(&driver, &dir.join("profile"));
    let index = file_url(&root.join("index.html"));
    let mut queue = VecDeque::from([index.clone()]);
    let mut seen = BTreeSet::from([index.clone()]);
    let mut visited = BTreeSet::new();
    let mut links = 0;
    while let Some(url) = queue.pop_front() {
        assert!(
            visited.len() < MAX_PAGES,
            "more than {MAX_PAGES} pages reached from the index"
        );
        let file = url_file(&url).expect("a local file");
        let relative = file
            .strip_prefix(&root)
            .unwrap_or_else(|_| panic!("{url}: outside the site's folder"))
            .to_str()
            .expect("UTF-8")
            .replace('\\', "/");
        let html = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("{url}: not a file of the site: {e}"));
        s.goto(&url);
        let page = s.execute(PAGE_SCRIPT);
        assert_eq!(page["href"].as_str(), Some(url.as_str()), "{page}");
        assert_eq!(
            page["site"].as_bool(),
            Some(true),
            "{relative}: not a page of the site (Chromium's error page?): {page}"
        );
        assert_eq!(
            page["title"].as_str(),
            Some(title_of(&html).as_str()),
            "{relative}"
        );
        assert_eq!(page["charset"].as_str(), Some("UTF-8"), "{relative}");
        for kind in ["resources", "loaded"] {
            for resource in page[kind].as_array().expect("a list") {
                let resource = resource.as_str().unwrap_or_default();
                assert!(
                    url_file(resource).is_some_and(|f| f.starts_with(&root) && f.is_file()),
                    "{relative}: refers to {resource}, which is not a file of the site"
                );
            }
        }
        for link in page["links"].as_array().expect("a list") {
            let (href, resolved) = (
                link[0].as_str().unwrap_or_default(),
                link[1].as_str().unwrap_or_default(),
            );
            links += 1;
            assert!(
                !href.contains(':') && !href.starts_with('/'),
                "{relative}: the link {href:?} is not relative"
            );
            let target = url_file(resolved)
                .unwrap_or_else(|| panic!("{relative}: the link {href:?} leaves the site"));
            assert!(
                target.starts_with(&root) && target.is_file(),
                "{relative}: the link {href:?} ({resolved}) is broken"
            );
            let target = file_url(&target);
            if seen.insert(target.clone()) {
                queue.push_back(target);
            }
        }
        visited.insert(relative);
    }
    // Every page of the folder is reached.
    let unreached: Vec<&String> = written.difference(&visited).collect();
    assert!(
        unreached.is_empty(),
        "pages no link reaches from the index: {unreached:?}"
    );
    assert_eq!(visited, written);

    let shots = screenshots_dir();
    s.goto(&index);
    let shot = s.screenshot_to(&shots, "site-file-index.png");
    drop(s);
    drop(driver);
    println!("screenshot: {}", shot.display());
    println!(
        "venue_publish from file://: {} pages, {links} links followed in {:?}",
        visited.len(),
        started.elapsed()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
