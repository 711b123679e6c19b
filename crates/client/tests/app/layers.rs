//! The client's modules form layers (`chimera_client::LAYERS`, lowest first):
//! a module uses only modules of lower layers, never a sibling of its own
//! layer nor anything above it, so data flows one way. This test reads every
//! file of the client's `src/` and fails on any path into another module —
//! `use crate::…`, `super::…` that leaves the module, or a path written
//! inline — that runs against that order, naming the file, the line and the
//! two layers. The root (`src/lib.rs`, which composes the plugins, and its
//! tests) is exempt.

use chimera_client::LAYERS;
use std::path::Path;

/// Files of the root module, which composes the layers.
const ROOT_FILES: &[&str] = &["lib.rs", "tests.rs"];

/// Modules with no Bevy at all (plain data and rules: the settings file,
/// which sound a move plays), testable without an app.
const PURE: &[&str] = &["config", "cues"];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The code alone: comments, string contents and character literals blanked
/// out, same length and lines.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let blank = |from: usize, to: usize, out: &mut Vec<u8>| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            let end = rest
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |n| i + n);
            blank(i, end, &mut out);
            i = end;
        } else if rest.starts_with(b"/*") {
            let end = text[i..].find("*/").map_or(b.len(), |n| i + n + 2);
            blank(i, end, &mut out);
            i = end;
        } else if rest[0] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(i + 1, j, &mut out);
            i = j + 1;
        } else if rest[0] == b'\'' && rest.get(2) == Some(&b'\'') {
            blank(i + 1, i + 2, &mut out);
            i += 3;
        } else if rest[0] == b'\'' && rest.get(1) == Some(&b'\\') && rest.get(3) == Some(&b'\'') {
            blank(i + 1, i + 3, &mut out);
            i += 4;
        } else {
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn skip_space(b: &[u8], i: &mut usize) {
    while *i < b.len() && b[*i].is_ascii_whitespace() {
        *i += 1;
    }
}

fn ident(b: &[u8], i: &mut usize) -> String {
    let start = *i;
    while *i < b.len() && is_ident(b[*i]) {
        *i += 1;
    }
    String::from_utf8_lossy(&b[start..*i]).into_owned()
}

/// The first segments of the path(s) starting at `i`: one name, or the first
/// name of every item of a `{…}` group.
fn first_segments(b: &[u8], mut i: usize) -> Vec<String> {
    skip_space(b, &mut i);
    if i < b.len() && b[i] == b'{' {
        let mut out = Vec::new();
        let mut depth = 0;
        let mut expect_item = true;
        while i < b.len() {
            match b[i] {
                b'{' => {
                    depth += 1;
                    expect_item = depth == 1;
                    i += 1;
                }
                b'}' => {
                    depth -= 1;
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
                b',' => {
                    expect_item = depth == 1;
                    i += 1;
                }
                c if is_ident(c) && expect_item => {
                    out.push(ident(b, &mut i));
                    expect_item = false;
                }
                _ => i += 1,
            }
        }
        out
    } else {
        vec![ident(b, &mut i)]
    }
}

/// The inline modules (`mod name { … }`) enclosing each byte of the text.
fn inline_modules(b: &[u8]) -> Vec<usize> {
    let mut depth_at = vec![0usize; b.len()];
    let mut braces = 0usize;
    let mut open: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let word_start = i == 0 || !is_ident(b[i - 1]);
        if word_start && b[i..].starts_with(b"mod ") {
            let mut j = i + 4;
            skip_space(b, &mut j);
            ident(b, &mut j);
            skip_space(b, &mut j);
            if j < b.len() && b[j] == b'{' {
                braces += 1;
                open.push(braces);
                for d in &mut depth_at[i..=j] {
                    *d = open.len();
                }
                i = j + 1;
                continue;
            }
        }
        if b[i] == b'{' {
            braces += 1;
        } else if b[i] == b'}' {
            if open.last() == Some(&braces) {
                open.pop();
            }
            braces = braces.saturating_sub(1);
        }
        depth_at[i] = open.len();
        i += 1;
    }
    depth_at
}

/// The imports of `file` (relative to `src/`, e.g. `input/mouse.rs`)
/// that run against the layers, one line each.
fn violations(file: &str, text: &str) -> Vec<String> {
    if ROOT_FILES.contains(&file) {
        return Vec::new();
    }
    let mut path: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
    if path.last() == Some(&"mod") {
        path.pop();
    }
    let own = path[0];
    let Some(own_layer) = layer_of(own) else {
        return vec![format!(
            "src/{file}: module '{own}' is in no layer of LAYERS"
        )];
    };
    let code = code_only(text);
    let b = code.as_bytes();
    let nested = inline_modules(b);
    let mut found = Vec::new();
    let check = |at: usize, target: &str, found: &mut Vec<String>| {
        let line = code[..at].matches('\n').count() + 1;
        let place = format!("src/{file}:{line}");
        if target == own || target.is_empty() || target == "self" {
            return;
        }
        match layer_of(target) {
            Some(l) if l < own_layer => {}
            Some(l) => found.push(format!(
                "{place}: '{own}' (layer {own_layer}) uses '{target}' (layer {l}): {}",
                if l == own_layer {
                    "a sibling of the same layer"
                } else {
                    "a higher layer"
                }
            )),
            None => found.push(format!(
                "{place}: '{own}' uses 'crate::{target}', which is not a module of LAYERS"
            )),
        }
    };
    let mut i = 0;
    while i < b.len() {
        let word_start = i == 0 || !is_ident(b[i - 1]) && b[i - 1] != b':';
        if word_start && b[i..].starts_with(b"crate::") {
            for t in first_segments(b, i + "crate::".len()) {
                check(i, &t, &mut found);
            }
            i += "crate::".len();
        } else if word_start && b[i..].starts_with(b"super::") {
            let mut j = i;
            let mut ups = 0;
            while b[j..].starts_with(b"super::") {
                ups += 1;
                j += "super::".len();
                skip_space(b, &mut j);
            }
            // The module this `super` starts from: the file's, plus the
            // inline modules around it.
            let depth = path.len() + nested[i];
            if ups > depth {
                found.push(format!("src/{file}: 'super' climbs above the crate root"));
            } else if depth - ups == 0 {
                for t in first_segments(b, j) {
                    check(i, &t, &mut found);
                }
            }
            i = j;
        } else {
            i += 1;
        }
    }
    found
}

fn rust_files(dir: &Path, base: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("read src") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            rust_files(&path, base, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(base).expect("under src");
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn no_import_runs_against_the_layers() {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&base, &base, &mut files);
    files.sort();
    assert!(files.len() > 30, "found the client's files: {files:?}");
    let mut all = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(base.join(f)).expect("read");
        all.extend(violations(f, &text));
    }
    assert!(
        all.is_empty(),
        "imports against the layers:\n{}",
        all.join("\n")
    );
}

#[test]
fn every_module_of_the_client_has_one_layer() {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules: Vec<String> = std::fs::read_dir(&base)
        .expect("read src")
        .map(|e| e.expect("entry").path())
        .filter_map(|p| {
            let name = p.file_stem()?.to_string_lossy().into_owned();
            let file = p.file_name()?.to_string_lossy().into_owned();
            (p.is_dir() || (file.ends_with(".rs") && !ROOT_FILES.contains(&file.as_str())))
                .then_some(name)
        })
        .collect();
    modules.sort();
    for m in &modules {
        let n = LAYERS.iter().filter(|l| l.contains(&m.as_str())).count();
        assert_eq!(n, 1, "module '{m}' must be in exactly one layer");
    }
    let listed: usize = LAYERS.iter().map(|l| l.len()).sum();
    assert_eq!(listed, modules.len(), "LAYERS names only existing modules");
}

#[test]
fn the_checker_catches_imports_up_sideways_and_through_super() {
    let text = "\
use crate::schedule::AppSystems;
use crate::interaction::Selection;
use crate::animation::glide;
use crate::{scene::BoardLayout, menus::MenuFocus};
// use crate::ui::Toast;  (a comment, not an import)
fn f(x: Res<crate::board_view::BoardScene>) {}
use super::mouse::PointerTarget;
#[cfg(test)]
mod tests {
    use super::*;
}
";
    let found = violations("input/mouse.rs", text);
    assert_eq!(found.len(), 3, "{found:#?}");
    assert!(found[0].starts_with("src/input/mouse.rs:3: 'input'"));
    assert!(found[0].contains("'animation'") && found[0].contains("a higher layer"));
    assert!(found[1].starts_with("src/input/mouse.rs:4:"));
    assert!(found[1].contains("'menus'") && found[1].contains("a sibling"));
    assert!(found[2].starts_with("src/input/mouse.rs:6:"));
    assert!(found[2].contains("'board_view'"));
    // From a folder's `mod.rs`, `super` is the root: its modules are checked.
    let up = "use super::ui::panel;\nuse super::scene::ViewMode;\nmod tests { use super::*; }\n";
    let found = violations("help/mod.rs", up);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].contains("help/mod.rs:1") && found[0].contains("'ui'"));
    // A root item (the root composes; nothing uses it), and a module missing
    // from the layers.
    let found = violations("menus/mod.rs", "use crate::headless_app;\n");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(violations("nowhere/mod.rs", "").len(), 1);
    // The pure modules are the lowest layer: even each other is off limits.
    let found = violations(
        "cues.rs",
        "use crate::config::Settings;\nuse chimera_rules::Move;\n",
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].contains("'config'") && found[0].contains("a sibling"));
    assert_eq!(
        bevy_uses("use bevy::prelude::*;\n// bevy:: in a comment\n").len(),
        1
    );
}

/// The lines of `text` that name Bevy (or a Bevy plugin crate), comments
/// and strings aside.
fn bevy_uses(text: &str) -> Vec<usize> {
    let code = code_only(text);
    code.lines()
        .enumerate()
        .filter(|(_, l)| {
            ["bevy", "bevy_egui", "leafwing_input_manager"]
                .iter()
                .any(|c| l.contains(&format!("{c}::")))
        })
        .map(|(n, _)| n + 1)
        .collect()
}

#[test]
fn the_pure_modules_have_no_bevy() {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for m in PURE {
        assert_eq!(layer_of(m), Some(0), "'{m}' is in the lowest layer");
        let text = std::fs::read_to_string(base.join(format!("{m}.rs"))).expect("read");
        let lines = bevy_uses(&text);
        assert!(lines.is_empty(), "src/{m}.rs uses Bevy on lines {lines:?}");
    }
}
