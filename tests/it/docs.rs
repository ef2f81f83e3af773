//! The documentation as a reader meets it: every relative link in
//! `README.md`, `docs/` and `bench/README.md` leads to a file, and every
//! `#anchor` into a Markdown file to a heading there; the README stays
//! short; and no page reads as a diary of how the work was done.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The README's longest allowed length, in lines.
const README_LINES: usize = 250;

/// The pages checked: the README, every `.md` under `docs/`, the
/// benchmarks' README.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut pages = vec![root.join("README.md"), root.join("bench/README.md")];
    pages.extend(markdown_under(&root.join("docs")));
    pages
}

/// Every `.md` file under `dir`, in a stable order.
fn markdown_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(dir) = todo.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A page's lines outside fenced code blocks, with their numbers (from 1).
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fence: Option<&str> = None;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(open), Some(m)) if open == m => fence = None,
            (None, None) => lines.push((i + 1, line)),
            _ => {}
        }
    }
    lines
}

/// The line without its code spans (`` `…` ``), which hold text, not links.
fn without_code_spans(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let ticks = rest[start..].len() - rest[start..].trim_start_matches('`').len();
        let after = &rest[start + ticks..];
        match after.find(&"`".repeat(ticks)) {
            Some(end) => rest = &after[end + ticks..],
            None => {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The targets of a page's links, with their line numbers: inline links
/// and images `[text](target "title")`, and reference definitions
/// `[label]: target`.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in prose_lines(text) {
        let line = without_code_spans(line);
        let trimmed = line.trim_start();
        if trimmed.starts_with('[')
            && let Some(end) = trimmed.find("]:")
            && !trimmed[..end].contains("](")
        {
            if let Some(target) = trimmed[end + 2..].split_whitespace().next() {
                found.push((number, target.trim_matches(['<', '>']).to_string()));
            }
            continue;
        }
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            // The target ends at the parenthesis that closes this one.
            let mut depth = 0usize;
            let mut end = after.len();
            for (i, c) in after.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' if depth == 0 => {
                        end = i;
                        break;
                    }
                    ')' => depth -= 1,
                    _ => {}
                }
            }
            let inside = after[..end].trim();
            let target = match inside.strip_prefix('<') {
                Some(angled) => angled.split('>').next().unwrap_or(""),
                None => inside.split_whitespace().next().unwrap_or(""),
            };
            found.push((number, target.to_string()));
            rest = &after[end.min(after.len())..];
        }
    }
    found
}

/// Whether a target points outside the repository (a web page, a mail
/// address).
fn is_external(target: &str) -> bool {
    target.contains("://") || target.starts_with("mailto:") || target.starts_with("tel:")
}

/// GitHub's anchor for a heading: lower case, punctuation dropped (but
/// `-` and `_`), each space a `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// A heading's text as it reads: a link shows its text only.
fn heading_text(raw: &str) -> String {
    let mut out = String::new();
    let mut rest = raw;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](") else {
            break;
        };
        let Some(paren) = rest[open + close..].find(')') else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..open + close]);
        rest = &rest[open + close + paren + 1..];
    }
    out.push_str(rest);
    out
}

/// The anchors of a Markdown page's headings, with GitHub's `-1`, `-2`
/// for a heading repeated.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut anchors = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.len() - line.trim_start_matches('#').len();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let text = line[hashes..].trim().trim_end_matches('#').trim_end();
        let base = slug(&heading_text(text));
        let mut anchor = base.clone();
        let mut n = 0;
        while anchors.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        anchors.insert(anchor);
    }
    anchors
}

/// What is wrong with the relative links of `page` (whose text is
/// `text`): one line per link that leads to no file or to no heading.
fn broken_links(page: &Path, text: &str) -> Vec<String> {
    let dir = page.parent().expect("a page in a directory");
    let shown = page
        .strip_prefix(ROOT)
        .unwrap_or(page)
        .display()
        .to_string();
    let mut problems = Vec::new();
    for (line, target) in links(text) {
        if target.is_empty() || is_external(&target) {
            continue;
        }
        let (file, anchor) = match target.split_once('#') {
            Some((file, anchor)) => (file, Some(anchor)),
            None => (target.as_str(), None),
        };
        let file = file.split('?').next().unwrap_or(file);
        let path = if file.is_empty() {
            page.to_path_buf()
        } else {
            dir.join(file)
        };
        if !file.is_empty() && !path.exists() {
            problems.push(format!("{shown}:{line}: {target}: no such file"));
            continue;
        }
        let Some(anchor) = anchor else { continue };
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let headings = if file.is_empty() {
            anchors(text)
        } else {
            anchors(&read(&path))
        };
        if !headings.contains(anchor) {
            problems.push(format!(
                "{shown}:{line}: {target}: no heading #{anchor} there"
            ));
        }
    }
    problems
}

/// Where a page reads as a diary of the work (`issue 21`, `session 7`,
/// "built issue by issue"), one line each.
fn diary_words(page: &Path, text: &str) -> Vec<String> {
    let shown = page
        .strip_prefix(ROOT)
        .unwrap_or(page)
        .display()
        .to_string();
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let lower = line.to_lowercase();
        if lower.contains("built issue by issue") {
            found.push(format!("{shown}:{}: {line}", number + 1));
            continue;
        }
        for word in ["issue", "session"] {
            let numbered = lower.match_indices(word).any(|(at, _)| {
                let before = lower[..at].chars().next_back();
                let after = &lower[at + word.len()..];
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    && after
                        .strip_prefix(' ')
                        .is_some_and(|a| a.starts_with(|c: char| c.is_ascii_digit()))
            });
            if numbered {
                found.push(format!("{shown}:{}: {line}", number + 1));
                break;
            }
        }
    }
    found
}

#[test]
fn every_relative_link_leads_to_a_file_and_every_anchor_to_a_heading() {
    let mut problems = Vec::new();
    for page in pages() {
        problems.extend(broken_links(&page, &read(&page)));
    }
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_checker_finds_a_missing_file_and_a_missing_heading() {
    let page = Path::new(ROOT).join("docs/example.md");
    let text = "# Example\n\
                [fine](../README.md) and [here](#example) and [web](https://example.org/x.md)\n\
                [gone](no-such-page.md) and `[code](not-a-link.md)`\n\
                [nowhere](../README.md#no-such-heading) ![picture](img/none.png)\n\
                ```\n[fenced](not-a-link-either.md)\n```\n\
                [ref]: ./missing.md\n";
    let problems = broken_links(&page, text);
    assert_eq!(problems.len(), 4, "{problems:#?}");
    for (problem, what) in problems.iter().zip([
        "no-such-page.md",
        "#no-such-heading",
        "img/none.png",
        "missing.md",
    ]) {
        assert!(problem.contains(what), "{problem} does not name {what}");
    }
}

#[test]
fn anchors_are_githubs() {
    assert_eq!(slug("The director's desk"), "the-directors-desk");
    assert_eq!(slug("1. Reading a message"), "1-reading-a-message");
    assert_eq!(
        slug("`ccgate submit`: one message"),
        "ccgate-submit-one-message"
    );
    assert_eq!(slug("Email, SMS & radio"), "email-sms--radio");
    assert_eq!(slug("Übersicht"), "übersicht");
    let found =
        anchors("# Install\n## Install\n```\n# not a heading\n```\n## See [the guide](x.md)\n");
    let want: BTreeSet<String> = ["install", "install-1", "see-the-guide"]
        .map(String::from)
        .into();
    assert_eq!(found, want);
}

#[test]
fn the_readme_is_short() {
    let lines = read(&Path::new(ROOT).join("README.md")).lines().count();
    assert!(
        lines <= README_LINES,
        "README.md has {lines} lines, more than {README_LINES}"
    );
}

#[test]
fn no_page_reads_as_a_diary_of_the_work() {
    let mut found = Vec::new();
    for page in pages() {
        found.extend(diary_words(&page, &read(&page)));
    }
    assert!(
        found.is_empty(),
        "pages that name work periods:\n{}",
        found.join("\n")
    );
    let page = Path::new(ROOT).join("docs/example.md");
    let diary = "Fixed in Issue 21.\nsession 7 measured it\nThis repository is built issue by issue.\n\
                 An issue tracker; sessions 12 h long; reissue 3 times.\n";
    assert_eq!(diary_words(&page, diary).len(), 3);
}
