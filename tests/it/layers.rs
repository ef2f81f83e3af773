//! The shape of `src/`: the top-level modules point one way. Read from the
//! `crate::` paths of every file outside its test module, as a reader of
//! the `use` lines would.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<PathBuf>>>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its test module (which by convention closes
/// the file) and without line comments.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    text.lines()
        .map(|l| l.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first path segment of every `crate::` path in `code`, the groups
/// `crate::{a, b::c}` included.
fn named(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        // `ccgate_core::` or `my_crate::` are other crates.
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The group's items at its own depth, each `name`, `name::…` or
            // `name as other`: the first word of each.
            let mut depth = 0;
            let mut items = vec![String::new()];
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => items.push(String::new()),
                    _ => {}
                }
                if depth == 0 && c != ',' {
                    items.last_mut().unwrap().push(c);
                }
            }
            for item in items {
                let word: String = item
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !word.is_empty() {
                    out.insert(word);
                }
            }
        } else {
            let word: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.insert(word);
        }
    }
    out
}

fn graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let top = |p: &Path| {
        let first = p.strip_prefix(&src).unwrap().components().next().unwrap();
        let name = first.as_os_str().to_string_lossy();
        name.trim_end_matches(".rs").to_string()
    };
    let modules: BTreeSet<String> = files.iter().map(|f| top(f)).collect();
    let mut graph = Graph::new();
    for file in &files {
        let from = top(file);
        if from == "lib" || from == "main" {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        for to in named(&code(&text)) {
            if to != from && modules.contains(&to) {
                graph
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_default()
                    .insert(file.strip_prefix(&src).unwrap().to_path_buf());
            }
        }
    }
    graph
}

/// A cycle through the graph, as the modules in their order, if any.
fn cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        graph: &Graph,
        node: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|n| n == node) {
            let mut found = path[i..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flat_map(|e| e.keys()) {
            if let Some(c) = visit(graph, next, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(graph, n, &mut Vec::new(), &mut done))
}

#[test]
fn paths_are_read_with_their_groups() {
    let code = "use crate::{store::{self, Store}, service as s};\nlet x = crate::web::f();";
    let found: Vec<String> = named(code).into_iter().collect();
    assert_eq!(found, ["service", "store", "web"]);
    assert!(named("ccgate_core::game::x; my_crate::y").is_empty());
}

#[test]
fn a_cycle_is_found() {
    let mut g = Graph::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
        g.entry(a.into()).or_default().entry(b.into()).or_default();
    }
    assert_eq!(cycle(&g).unwrap(), ["a", "b", "c", "a"]);
    g.get_mut("c").unwrap().remove("a");
    assert_eq!(cycle(&g), None);
}

#[test]
fn the_top_level_modules_form_no_cycle() {
    let graph = graph();
    assert!(graph.len() > 5, "the source was read: {graph:?}");
    if let Some(c) = cycle(&graph) {
        let files: Vec<String> = c
            .windows(2)
            .map(|w| format!("{} -> {}: {:?}", w[0], w[1], graph[&w[0]][&w[1]]))
            .collect();
        panic!(
            "a cycle of modules: {}\n{}",
            c.join(" -> "),
            files.join("\n")
        );
    }
}

#[test]
fn the_store_and_the_service_name_no_outer_layer() {
    let graph = graph();
    for inner in ["store", "service", "read", "metrics"] {
        for outer in ["transport", "web", "daemon", "cli", "status", "config"] {
            let files = graph.get(inner).and_then(|e| e.get(outer));
            assert!(files.is_none(), "{inner} names {outer} in {files:?}");
        }
    }
    // The channels and the pages take their settings from their own
    // modules, never from the file that composes them.
    for component in ["transport", "web", "store", "service"] {
        for above in ["config", "daemon", "cli"] {
            let files = graph.get(component).and_then(|e| e.get(above));
            assert!(files.is_none(), "{component} names {above} in {files:?}");
        }
    }
}
