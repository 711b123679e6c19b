//! The rule lessons' texts: data (`rules.txt` beside this file), one block
//! per rule, quoting or closely summarising the rule book
//! (docs/rules.md), with a variant's own text before the common one.

/// The lesson texts, as written.
pub const RULE_TEXTS: &str = include_str!("rules.txt");

/// One rule's lesson text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleText {
    /// The key it was found under (`castling.holygrail`, `checkmate`).
    pub key: String,
    /// The lesson's title.
    pub title: String,
    /// The rule book's section (`§4`).
    pub section: String,
    /// The rule book's own words, one sentence or part a line.
    pub quotes: Vec<String>,
    /// Close summaries where the book has no one sentence for the rule.
    pub rules: Vec<String>,
    /// What the learner does.
    pub task: String,
}

impl RuleText {
    /// The text shown: the rule (quoted or summarised), then the task, with
    /// `{name}` placeholders filled from `fill`.
    pub fn render(&self, fill: &[(&str, String)]) -> String {
        let quoted = self.quotes.iter().map(|q| format!("“{q}”"));
        let rule: Vec<String> = quoted.chain(self.rules.iter().cloned()).collect();
        let mut text = format!("{}\n\n{}", rule.join(" "), self.task);
        for (name, value) in fill {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }
}

/// Every block of [`RULE_TEXTS`].
pub fn all() -> Vec<RuleText> {
    let mut out: Vec<RuleText> = Vec::new();
    for line in RULE_TEXTS.lines() {
        if let Some(head) = line.strip_prefix("== ") {
            let mut parts = head.split('|').map(str::trim);
            out.push(RuleText {
                key: parts.next().unwrap_or_default().to_string(),
                title: parts.next().unwrap_or_default().to_string(),
                section: parts.next().unwrap_or_default().to_string(),
                ..RuleText::default()
            });
        } else if let Some(block) = out.last_mut() {
            if let Some(q) = line.strip_prefix("quote:") {
                block.quotes.push(q.trim().to_string());
            } else if let Some(r) = line.strip_prefix("rule:") {
                block.rules.push(r.trim().to_string());
            } else if let Some(t) = line.strip_prefix("task:") {
                block.task = t.trim().to_string();
            }
        }
    }
    out
}

/// The text of rule `id` for `variant`: its own, else the common one.
pub fn rule_text(id: &str, variant: &str) -> Option<RuleText> {
    let all = all();
    let own = format!("{id}.{variant}");
    let find = |key: &str| all.iter().find(|t| t.key == key).cloned();
    find(&own).or_else(|| find(id))
}
