//! The workspace's crates are floors (docs/architecture.md): a crate depends
//! only on crates of lower floors, and nothing below the client pulls in
//! Bevy. This test reads every `crates/*/Cargo.toml` and the root's, and
//! fails on a dependency on a crate of the same or a higher floor (the
//! engine and the network are siblings: neither may use the other); then it
//! walks `Cargo.lock` from each crate below the client and fails when Bevy
//! (or a Bevy plugin crate) is anywhere in its tree, naming the chain.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each workspace crate's floor, lowest first.
const FLOORS: &[(&str, usize)] = &[
    ("chimera-rules", 0),
    ("chimera-store", 1),
    ("chimera-game", 2),
    ("chimera-engine", 3),
    ("chimera-net", 3),
    ("chimera-client", 4),
    ("chimera", 5),
];

/// The crate whose floor and those above may use Bevy.
const FIRST_BEVY_FLOOR: &str = "chimera-client";

/// Whether a package is Bevy or a Bevy plugin crate.
fn is_bevy(name: &str) -> bool {
    name == "bevy"
        || name.starts_with("bevy_")
        || name.starts_with("bevy-")
        || name == "leafwing-input-manager"
}

fn floor(name: &str) -> Option<usize> {
    FLOORS.iter().find(|(n, _)| *n == name).map(|&(_, f)| f)
}

/// A `key = value` line's key, or a `[table]` line's name, unquoted.
fn unquote(s: &str) -> String {
    s.trim().trim_matches('"').to_string()
}

/// The package name and every dependency named by a `Cargo.toml` (normal,
/// dev, build and target-specific ones), read line by line: the keys of the
/// dependency tables (`name = …`, `name.workspace = true`) and the
/// `[dependencies.name]` form.
fn manifest(text: &str) -> (String, BTreeSet<String>) {
    let mut package = String::new();
    let mut deps = BTreeSet::new();
    let mut table = String::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if let Some(header) = line.strip_prefix('[') {
            table = header.trim_end_matches(']').trim().to_string();
            let parts: Vec<&str> = table.split('.').collect();
            if let Some(i) = parts.iter().rposition(|p| p.ends_with("dependencies"))
                && i + 1 < parts.len()
            {
                deps.insert(unquote(parts[i + 1]));
            }
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        if table == "package" && key == "name" {
            package = unquote(value);
        }
        let in_deps = table == "dependencies"
            || table == "dev-dependencies"
            || table == "build-dependencies"
            || (table.starts_with("target.") && table.ends_with("dependencies"));
        if in_deps {
            deps.insert(unquote(key.split('.').next().unwrap_or(key)));
        }
    }
    (package, deps)
}

/// The dependencies of `name` (a workspace crate's manifest) that break the
/// floors, one line each.
fn wrong_floors(name: &str, deps: &BTreeSet<String>) -> Vec<String> {
    let Some(own) = floor(name) else {
        return vec![format!("crate '{name}' has no floor in FLOORS")];
    };
    deps.iter()
        .filter_map(|d| {
            let f = floor(d)?;
            (f >= own).then(|| {
                format!(
                    "'{name}' (floor {own}) depends on '{d}' (floor {f}): {}",
                    if f == own {
                        "a sibling"
                    } else {
                        "a higher floor"
                    }
                )
            })
        })
        .collect()
}

/// `Cargo.lock` as a graph: each package (`name` or `name version` when
/// several versions are locked) with the packages it depends on.
struct Lock {
    deps: BTreeMap<(String, String), Vec<String>>,
}

impl Lock {
    fn parse(text: &str) -> Lock {
        let mut deps = BTreeMap::new();
        for block in text.split("[[package]]").skip(1) {
            let mut name = String::new();
            let mut version = String::new();
            let mut list = Vec::new();
            let mut in_list = false;
            for line in block.lines() {
                let line = line.trim();
                if in_list {
                    if line.starts_with(']') {
                        in_list = false;
                    } else {
                        list.push(unquote(line.trim_end_matches(',')));
                    }
                } else if let Some(v) = line.strip_prefix("name = ") {
                    name = unquote(v);
                } else if let Some(v) = line.strip_prefix("version = ") {
                    version = unquote(v);
                } else if line.starts_with("dependencies = [") {
                    in_list = !line.ends_with(']');
                }
            }
            deps.insert((name, version), list);
        }
        Lock { deps }
    }

    /// The package a dependency entry (`name`, `name version` or
    /// `name version (source)`) means.
    fn resolve(&self, entry: &str) -> Option<(String, String)> {
        let mut words = entry.split_whitespace();
        let name = words.next()?;
        match words.next() {
            Some(v) => Some((name.to_string(), v.to_string())),
            None => self.deps.keys().find(|(n, _)| n == name).cloned(),
        }
    }

    /// The chain from `root` to the first Bevy package in its tree, if any.
    fn bevy_chain(&self, root: &str) -> Option<Vec<String>> {
        let start = self.resolve(root)?;
        let mut came_from: BTreeMap<(String, String), (String, String)> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start.clone()]);
        let mut seen = BTreeSet::from([start.clone()]);
        while let Some(p) = queue.pop_front() {
            if is_bevy(&p.0) {
                let mut chain = vec![p.0.clone()];
                let mut at = &p;
                while let Some(prev) = came_from.get(at) {
                    chain.push(prev.0.clone());
                    at = prev;
                }
                chain.reverse();
                return Some(chain);
            }
            for d in self.deps.get(&p).into_iter().flatten() {
                if let Some(q) = self.resolve(d)
                    && seen.insert(q.clone())
                {
                    came_from.insert(q.clone(), p.clone());
                    queue.push_back(q);
                }
            }
        }
        None
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every workspace manifest: the root's and each `crates/*/Cargo.toml`.
fn manifests() -> Vec<(String, BTreeSet<String>)> {
    let mut files = vec![root().join("Cargo.toml")];
    for entry in std::fs::read_dir(root().join("crates")).expect("read crates/") {
        let toml = entry.expect("entry").path().join("Cargo.toml");
        if toml.is_file() {
            files.push(toml);
        }
    }
    files
        .iter()
        .map(|f| manifest(&std::fs::read_to_string(f).expect("read a Cargo.toml")))
        .collect()
}

#[test]
fn every_crate_depends_only_on_lower_floors() {
    let all = manifests();
    let names: BTreeSet<&str> = all.iter().map(|(n, _)| n.as_str()).collect();
    let expected: BTreeSet<&str> = FLOORS.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, expected, "the workspace's crates are FLOORS' crates");
    let wrong: Vec<String> = all.iter().flat_map(|(n, d)| wrong_floors(n, d)).collect();
    assert!(
        wrong.is_empty(),
        "dependencies against the floors:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_crate_below_the_client_has_bevy_in_its_tree() {
    let lock =
        Lock::parse(&std::fs::read_to_string(root().join("Cargo.lock")).expect("read Cargo.lock"));
    let client = floor(FIRST_BEVY_FLOOR).expect("the client has a floor");
    let mut found = Vec::new();
    for &(name, f) in FLOORS.iter().filter(|(_, f)| *f < client) {
        assert!(
            lock.resolve(name).is_some(),
            "'{name}' (floor {f}) is in Cargo.lock"
        );
        if let Some(chain) = lock.bevy_chain(name) {
            found.push(chain.join(" -> "));
        }
    }
    assert!(
        found.is_empty(),
        "Bevy below the client:\n{}",
        found.join("\n")
    );
    // The check sees Bevy where it is.
    assert!(
        lock.bevy_chain(FIRST_BEVY_FLOOR).is_some(),
        "the client's tree has Bevy"
    );
}

#[test]
fn the_checks_catch_a_wrong_dependency_and_a_hidden_bevy() {
    let (name, deps) = manifest(
        "[package]\nname = \"chimera-engine\"\n\n[dependencies]\nchimera-rules.workspace = true\n\
         chimera-net = { path = \"../net\" } # a sibling\n\n[dev-dependencies.chimera-client]\npath = \"../client\"\n",
    );
    assert_eq!(name, "chimera-engine");
    let wrong = wrong_floors(&name, &deps);
    assert_eq!(wrong.len(), 2, "{wrong:#?}");
    assert!(wrong[0].contains("'chimera-client'") && wrong[0].contains("a higher floor"));
    assert!(wrong[1].contains("'chimera-net'") && wrong[1].contains("a sibling"));
    assert_eq!(wrong_floors("chimera-new", &BTreeSet::new()).len(), 1);
    let lock = Lock::parse(
        "version = 4\n\n[[package]]\nname = \"chimera-rules\"\nversion = \"0.1.0\"\ndependencies = [\n \"helper 1.0.0\",\n]\n\n\
         [[package]]\nname = \"helper\"\nversion = \"1.0.0\"\nsource = \"registry+x\"\ndependencies = [\n \"bevy_ecs\",\n]\n\n\
         [[package]]\nname = \"helper\"\nversion = \"2.0.0\"\n\n[[package]]\nname = \"bevy_ecs\"\nversion = \"0.19.1\"\n",
    );
    assert_eq!(
        lock.bevy_chain("chimera-rules"),
        Some(vec![
            "chimera-rules".into(),
            "helper".into(),
            "bevy_ecs".into()
        ])
    );
    assert_eq!(lock.bevy_chain("helper 2.0.0"), None);
}

/// The `pub struct` and `pub enum` names declared at the start of a line of
/// Rust source `text`.
fn public_types(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let rest = l
                .strip_prefix("pub struct ")
                .or_else(|| l.strip_prefix("pub enum "))?;
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty()).then_some(name)
        })
        .collect()
}

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).expect("read dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// No two public types of the whole workspace share a name (issue 20: two
/// `Score`s, two `Clock`s and two `Player`s once had to be told apart by
/// their paths), so a name says which type it is.
#[test]
fn no_two_public_types_share_a_name() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    for c in std::fs::read_dir(root().join("crates"))
        .expect("crates")
        .flatten()
    {
        rust_files(&c.path().join("src"), &mut files);
    }
    assert!(files.len() > 50, "found the sources: {}", files.len());
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read");
        for name in public_types(&text) {
            let at = f.strip_prefix(root()).unwrap_or(f).display().to_string();
            seen.entry(name).or_default().push(at);
        }
    }
    let twice: Vec<String> = seen
        .iter()
        .filter(|(_, at)| at.len() > 1)
        .map(|(name, at)| format!("{name}: {}", at.join(", ")))
        .collect();
    assert!(
        twice.is_empty(),
        "public types of one name:\n{}",
        twice.join("\n")
    );
    // The check sees a repeated name.
    let probe = "pub struct Table {\n}\nfn f() {}\npub enum Table2 {}\npub struct Table;\n";
    assert_eq!(public_types(probe), ["Table", "Table2", "Table"]);
}
