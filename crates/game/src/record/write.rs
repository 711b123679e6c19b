//! Writing a record: tags, then numbered movetext wrapped at 79 columns.

use crate::clock::TimeControl;
use chimera_rules::{Color, EndReason, Game, Position};

use super::syntax::format_hms;
use super::{MatchRecord, RecordError, RecordedMove};

/// The Seven Tag Roster with the values written when unknown.
const ROSTER: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
];

const WIDTH: usize = 79;

fn tag(out: &mut String, name: &str, value: &str) {
    let value: String = value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{value}\"]\n"));
}

/// A comment that reads back as the same text: no `}` (it would end the
/// comment) and no `[%` (it would start a command).
fn comment_text(c: &str) -> String {
    c.replace('}', ")").replace("[%", "[ %")
}

/// Writes `rec`, whose moves `game` has replayed; `stopped` is the
/// `Termination` of an unfinished game. Fails when a move's drawings name
/// a square that is not on the board or its engine line is not legal.
pub(super) fn write(
    rec: &MatchRecord,
    game: &Game,
    stopped: Option<EndReason>,
) -> Result<String, RecordError> {
    let v = game.variant();
    let mut out = String::new();
    for (name, unknown) in ROSTER {
        tag(&mut out, name, rec.tag(name).unwrap_or(unknown));
    }
    let score = rec.result.map_or("*", |r| r.score().text());
    tag(&mut out, "Result", score);
    tag(&mut out, "Variant", v.id());
    if !v.options().is_empty() {
        tag(
            &mut out,
            "Options",
            &chimera_rules::options_text(v.options(), " "),
        );
    }
    let start = game.start().to_vfen();
    if start != v.start_position().to_vfen() {
        tag(&mut out, "VFEN", &start);
    }
    let control = rec.clock.map_or(TimeControl::None, |c| c.control);
    tag(&mut out, "TimeControl", &control.to_string());
    if let Some(t) = rec.result.map(|r| r.reason).or(stopped) {
        tag(&mut out, "Termination", t.word());
    }
    for (name, value) in &rec.tags {
        if !ROSTER.iter().any(|(n, _)| n == name) {
            tag(&mut out, name, value);
        }
    }
    out.push('\n');

    // Units are never split across lines.
    let mut units: Vec<String> = Vec::new();
    let mut pos = game.start().clone();
    let mut after_comment = true;
    for (&m, rm) in game.moves().iter().zip(&rec.moves) {
        let n = pos.fullmove_number();
        let san = pos.san(m);
        units.push(match pos.side_to_move() {
            Color::White => format!("{n}. {san}"),
            Color::Black if after_comment => format!("{n}... {san}"),
            Color::Black => san,
        });
        let before = pos.clone();
        pos.make_move(m);
        after_comment = false;
        units.extend(rm.nags.iter().map(|nag| format!("${nag}")));
        let mut cmds = commands(rm, &before, n)?;
        if let Some(t) = rm.clock.filter(|_| control.is_timed()) {
            cmds.push(format!("[%clk {}]", format_hms(t)));
        }
        if !cmds.is_empty() {
            cmds[0].insert(0, '{');
            if let Some(last) = cmds.last_mut() {
                last.push('}');
            }
            units.extend(cmds);
            after_comment = true;
        }
        if let Some(c) = &rm.comment {
            let words: Vec<&str> = c.split_whitespace().collect();
            if !words.is_empty() {
                let text = comment_text(&words.join(" "));
                let mut parts: Vec<String> = text.split(' ').map(String::from).collect();
                parts[0].insert(0, '{');
                if let Some(last) = parts.last_mut() {
                    last.push('}');
                }
                units.extend(parts);
                after_comment = true;
            }
        }
        if !rm.line.is_empty() {
            let mut p = before.clone();
            let mut first = true;
            for (i, lmn) in rm.line.iter().enumerate() {
                let m = p.parse_lmn(lmn).map_err(|e| {
                    RecordError::Invalid(format!(
                        "move {n} '{}': line move {} '{lmn}': {e}",
                        rm.lmn,
                        i + 1
                    ))
                })?;
                let k = p.fullmove_number();
                let san = p.san(m);
                let mut unit = match p.side_to_move() {
                    Color::White => format!("{k}. {san}"),
                    Color::Black if first => format!("{k}... {san}"),
                    Color::Black => san,
                };
                if first {
                    unit.insert(0, '(');
                }
                units.push(unit);
                p.make_move(m);
                first = false;
            }
            if let Some(last) = units.last_mut() {
                last.push(')');
            }
            after_comment = true;
        }
    }
    units.push(score.to_string());
    let mut line = String::new();
    for u in units {
        if !line.is_empty() && line.len() + 1 + u.len() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&u);
    }
    out.push_str(&line);
    out.push('\n');
    Ok(out)
}

/// The `[%eval]`, `[%cal]` and `[%csl]` commands of move `rm` (played from
/// `before`, move number `n`), the drawings' squares checked on the board.
fn commands(rm: &RecordedMove, before: &Position, n: u32) -> Result<Vec<String>, RecordError> {
    let v = before.variant();
    let square = |name: &str| {
        v.parse_square(name).map(|s| v.square_name(s)).ok_or_else(|| {
            RecordError::Invalid(format!(
                "move {n} '{}': the drawing names '{name}', which is not a square of this board",
                rm.lmn
            ))
        })
    };
    let mut cmds = Vec::new();
    if let Some(e) = rm.eval {
        cmds.push(format!("[%eval {}]", e.text()));
    }
    if !rm.arrows.is_empty() {
        let items = rm
            .arrows
            .iter()
            .map(|a| {
                Ok(format!(
                    "{}{}{}",
                    a.brush.letter(),
                    square(&a.from)?,
                    square(&a.to)?
                ))
            })
            .collect::<Result<Vec<_>, RecordError>>()?;
        cmds.push(format!("[%cal {}]", items.join(",")));
    }
    if !rm.circles.is_empty() {
        let items = rm
            .circles
            .iter()
            .map(|c| Ok(format!("{}{}", c.brush.letter(), square(&c.square)?)))
            .collect::<Result<Vec<_>, RecordError>>()?;
        cmds.push(format!("[%csl {}]", items.join(",")));
    }
    Ok(cmds)
}
