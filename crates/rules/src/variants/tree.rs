//! A variant file read into a small tree of values that remember where they
//! were written, so that every error can name its line, its key and the
//! problem. Option overlays are merged into the tree before it is read.

use std::ops::Range;

use thiserror::Error;
use toml_edit::{Document, Item, Value};

/// What is wrong with a variant file, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}{}{problem}", line.map(|l| format!("line {l}: ")).unwrap_or_default(), if key.is_empty() { String::new() } else { format!("{key}: ") })]
pub struct FileError {
    /// 1-based line the problem is on, when known.
    pub line: Option<usize>,
    /// Dotted key of the value at fault (`pieces.dragon.moves`), or empty.
    pub key: String,
    /// The problem in words.
    pub problem: String,
}

/// A value of the file with the byte range it was written at.
#[derive(Clone, Debug)]
pub struct Node {
    /// Where the value was written (empty for values a merge created).
    pub span: Range<usize>,
    /// The value.
    pub val: Val,
}

/// The kinds of values a variant file holds.
#[derive(Clone, Debug)]
pub enum Val {
    /// A string.
    Str(String),
    /// A whole number.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// A list.
    List(Vec<Node>),
    /// A table, in written order.
    Table(Vec<(String, Node)>),
    /// A value no key takes (a decimal number, a date), by its type's name:
    /// reading it gives a "wrong type" error naming the key.
    Other(&'static str),
}

/// The file's text (for line numbers) and its root table.
#[derive(Clone, Debug)]
pub struct Tree {
    text: String,
    /// The root table.
    pub root: Node,
}

impl Tree {
    /// Parses TOML `text`.
    pub fn parse(text: &str) -> Result<Tree, FileError> {
        let doc = Document::parse(text.to_string()).map_err(|e| FileError {
            line: e.span().map(|s| line_of(text, s.start)),
            key: String::new(),
            problem: match e.message().trim() {
                // The TOML reader's limit on tables, lists and dotted keys
                // inside one another, in words.
                m if m.contains("recurs") => {
                    "tables, lists or dotted keys nested too deeply".to_string()
                }
                m => m.to_string(),
            },
        })?;
        let root = Node {
            span: 0..0,
            val: table_of(doc.as_table().iter()),
        };
        Ok(Tree {
            text: text.to_string(),
            root,
        })
    }

    /// The error `problem` about the value at `key` written at `span`.
    pub fn error(&self, key: &str, span: &Range<usize>, problem: impl Into<String>) -> FileError {
        FileError {
            line: (span.end > 0).then(|| line_of(&self.text, span.start)),
            key: key.to_string(),
            problem: problem.into(),
        }
    }
}

/// 1-based line of byte offset `at`.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

fn table_of<'a>(items: impl Iterator<Item = (&'a str, &'a Item)>) -> Val {
    Val::Table(
        items
            .filter_map(|(k, item)| node_of_item(item).map(|n| (k.to_string(), n)))
            .collect(),
    )
}

fn node_of_item(item: &Item) -> Option<Node> {
    match item {
        Item::None => None,
        Item::Value(v) => Some(node_of_value(v)),
        Item::Table(t) => Some(Node {
            span: t.span().unwrap_or(0..0),
            val: table_of(t.iter()),
        }),
        Item::ArrayOfTables(a) => Some(Node {
            span: a.span().unwrap_or(0..0),
            val: Val::List(
                a.iter()
                    .map(|t| Node {
                        span: t.span().unwrap_or(0..0),
                        val: table_of(t.iter()),
                    })
                    .collect(),
            ),
        }),
    }
}

fn node_of_value(v: &Value) -> Node {
    let span = v.span().unwrap_or(0..0);
    let val = match v {
        Value::String(s) => Val::Str(s.value().clone()),
        Value::Integer(i) => Val::Int(*i.value()),
        Value::Boolean(b) => Val::Bool(*b.value()),
        // Floats and dates have no use in a variant.
        Value::Float(_) => Val::Other("a decimal number"),
        Value::Datetime(_) => Val::Other("a date"),
        Value::Array(a) => Val::List(a.iter().map(node_of_value).collect()),
        Value::InlineTable(t) => Val::Table(
            t.iter()
                .map(|(k, v)| (k.to_string(), node_of_value(v)))
                .collect(),
        ),
    };
    Node { span, val }
}

impl Node {
    /// The entries if this is a table.
    pub fn entries(&self) -> Option<&[(String, Node)]> {
        match &self.val {
            Val::Table(t) => Some(t),
            _ => None,
        }
    }

    /// The value under `key` if this is a table that has it.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.entries()?
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, n)| n)
    }

    /// Merges `over` into this node: tables merge key by key, anything else
    /// is replaced.
    pub fn merge(&mut self, over: &Node) {
        match (&mut self.val, &over.val) {
            (Val::Table(mine), Val::Table(theirs)) => {
                for (k, v) in theirs {
                    match mine.iter_mut().find(|(m, _)| m == k) {
                        Some((_, n)) => n.merge(v),
                        None => mine.push((k.clone(), v.clone())),
                    }
                }
            }
            _ => *self = over.clone(),
        }
    }

    /// Removes `key` from this table (if it is one and has it).
    pub fn remove(&mut self, key: &str) {
        if let Val::Table(t) = &mut self.val {
            t.retain(|(k, _)| k != key);
        }
    }

    /// Name of the value's type, for messages.
    pub fn type_name(&self) -> &'static str {
        match self.val {
            Val::Str(_) => "a string",
            Val::Int(_) => "a number",
            Val::Bool(_) => "true or false",
            Val::List(_) => "a list",
            Val::Table(_) => "a table",
            Val::Other(name) => name,
        }
    }
}

/// A string of the file with the span it was written at.
pub type Spanned<'a> = (&'a str, &'a Range<usize>);

/// Reads typed values out of a table of the tree, naming the dotted key in
/// every error and refusing keys nobody reads.
pub struct Reader<'a> {
    tree: &'a Tree,
    node: &'a Node,
    path: String,
    known: std::cell::RefCell<Vec<&'static str>>,
}

impl<'a> Reader<'a> {
    /// A reader of `node` (a table) at dotted `path`.
    pub fn new(tree: &'a Tree, node: &'a Node, path: &str) -> Result<Reader<'a>, FileError> {
        if node.entries().is_none() {
            return Err(tree.error(
                path,
                &node.span,
                format!("expected a table, found {}", node.type_name()),
            ));
        }
        Ok(Reader {
            tree,
            node,
            path: path.to_string(),
            known: Default::default(),
        })
    }

    /// Dotted key of `key` in this table.
    pub fn key(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// The raw node under `key`, marking the key as known.
    pub fn node(&self, key: &'static str) -> Option<&'a Node> {
        self.known.borrow_mut().push(key);
        self.node.get(key)
    }

    /// An error about the value under `key` (or about this table if absent).
    pub fn error(&self, key: &str, problem: impl Into<String>) -> FileError {
        let span = self.node.get(key).map_or(&self.node.span, |n| &n.span);
        self.tree.error(&self.key(key), span, problem)
    }

    fn wrong(&self, key: &str, n: &Node, want: &str) -> FileError {
        self.tree.error(
            &self.key(key),
            &n.span,
            format!("expected {want}, found {}", n.type_name()),
        )
    }

    /// Optional string.
    pub fn opt_str(&self, key: &'static str) -> Result<Option<&'a str>, FileError> {
        match self.node(key) {
            None => Ok(None),
            Some(Node {
                val: Val::Str(s), ..
            }) => Ok(Some(s)),
            Some(n) => Err(self.wrong(key, n, "a string")),
        }
    }

    /// Required string.
    pub fn str(&self, key: &'static str) -> Result<&'a str, FileError> {
        self.opt_str(key)?
            .ok_or_else(|| self.error(key, "missing (a string is required)"))
    }

    /// Optional whole number within `lo..=hi`.
    pub fn opt_int(&self, key: &'static str, lo: i64, hi: i64) -> Result<Option<i64>, FileError> {
        match self.node(key) {
            None => Ok(None),
            Some(Node {
                val: Val::Int(i), ..
            }) if (lo..=hi).contains(i) => Ok(Some(*i)),
            Some(Node {
                val: Val::Int(i), ..
            }) => Err(self.error(key, format!("{i} is out of range ({lo} to {hi})"))),
            Some(n) => Err(self.wrong(key, n, "a whole number")),
        }
    }

    /// Optional `true`/`false`.
    pub fn opt_bool(&self, key: &'static str) -> Result<Option<bool>, FileError> {
        match self.node(key) {
            None => Ok(None),
            Some(Node {
                val: Val::Bool(b), ..
            }) => Ok(Some(*b)),
            Some(n) => Err(self.wrong(key, n, "true or false")),
        }
    }

    /// `true`/`false`, `false` when absent.
    pub fn flag(&self, key: &'static str) -> Result<bool, FileError> {
        Ok(self.opt_bool(key)?.unwrap_or(false))
    }

    /// Optional list of strings, each with its span.
    pub fn opt_strs(&self, key: &'static str) -> Result<Option<Vec<Spanned<'a>>>, FileError> {
        match self.node(key) {
            None => Ok(None),
            Some(Node {
                val: Val::List(items),
                ..
            }) => items
                .iter()
                .map(|n| match &n.val {
                    Val::Str(s) => Ok((s.as_str(), &n.span)),
                    _ => Err(self.wrong(key, n, "a list of strings")),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Some),
            Some(n) => Err(self.wrong(key, n, "a list of strings")),
        }
    }

    /// Optional sub-table.
    pub fn opt_table(&self, key: &'static str) -> Result<Option<Reader<'a>>, FileError> {
        match self.node(key) {
            None => Ok(None),
            Some(n) => Reader::new(self.tree, n, &self.key(key)).map(Some),
        }
    }

    /// Optional list of tables.
    pub fn opt_tables(&self, key: &'static str) -> Result<Vec<Reader<'a>>, FileError> {
        match self.node(key) {
            None => Ok(Vec::new()),
            Some(Node {
                val: Val::List(items),
                ..
            }) => items
                .iter()
                .enumerate()
                .map(|(i, n)| Reader::new(self.tree, n, &format!("{}[{i}]", self.key(key))))
                .collect(),
            Some(n) => Err(self.wrong(key, n, "a list of tables")),
        }
    }

    /// The entries of this table (for tables keyed by the file's own names).
    pub fn entries(&self) -> &'a [(String, Node)] {
        self.node.entries().unwrap_or(&[])
    }

    /// Reader of an entry of [`Reader::entries`].
    pub fn child(&self, key: &str, node: &'a Node) -> Result<Reader<'a>, FileError> {
        Reader::new(self.tree, node, &self.key(key))
    }

    /// Fails on the first key that no read asked for (a typo must not be
    /// silently ignored).
    pub fn finish(&self) -> Result<(), FileError> {
        let known = self.known.borrow();
        for (k, n) in self.entries() {
            if !known.contains(&k.as_str()) {
                return Err(self.tree.error(
                    &self.key(k),
                    &n.span,
                    format!("unknown key (this table takes: {})", known.join(", ")),
                ));
            }
        }
        Ok(())
    }

    /// The tree being read.
    pub fn tree(&self) -> &'a Tree {
        self.tree
    }
}
