//! The literal every match of a JavaScript pattern contains, when it has one:
//! the longest run of plain characters that the pattern's top-level
//! concatenation requires (no alternation at the top, no quantifier on the
//! run's characters, no case folding). A text without it cannot match, so a
//! substring search (memchr's) decides most non-matching texts before the
//! PikeVM runs, as the `regex` crate's own prefilter does for `validatePattern`.
//!
//! Conservative by construction: anything not certainly a mandatory literal
//! (groups, classes, `.`, anchors, escapes other than escaped punctuation,
//! a character before a quantifier or a `{`) ends the current run, so the
//! answer can only be shorter than the true required literal, never wrong.

use super::Flags;

/// The longest literal every match of `source` (a JS pattern under `flags`)
/// contains, or `None` (no such run, top-level alternation, or the `i` flag).
pub(super) fn required_literal(source: &str, flags: &Flags) -> Option<String> {
    if flags.fold {
        return None;
    }
    let chars: Vec<char> = source.chars().collect();
    let (mut best, mut run) = (String::new(), String::new());
    let end_run = |run: &mut String, best: &mut String| {
        if run.chars().count() > best.chars().count() {
            *best = std::mem::take(run);
        }
        run.clear();
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            '|' => return None,
            '*' | '+' | '?' => {
                // The quantified character is not mandatory (or not alone).
                run.pop();
                end_run(&mut run, &mut best);
            }
            '{' => {
                // A quantifier `{n}`, `{n,}`, `{n,m}` (skipped whole), or in
                // JS's non-`u` syntax a literal `{`: either way a run ends here.
                run.pop();
                end_run(&mut run, &mut best);
                let body = chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit() || **c == ',')
                    .count();
                if body > 0 && chars.get(i + body) == Some(&'}') {
                    i += body + 1;
                }
            }
            '(' => {
                end_run(&mut run, &mut best);
                i = skip_group(&chars, i);
            }
            '[' => {
                end_run(&mut run, &mut best);
                i = skip_class(&chars, i);
            }
            '\\' => {
                let Some(&n) = chars.get(i) else { break };
                i += 1;
                if n.is_ascii_punctuation() {
                    run.push(n);
                } else {
                    end_run(&mut run, &mut best);
                    i = skip_escape_payload(&chars, i, n);
                }
            }
            '.' | '^' | '$' | ')' | ']' | '}' => end_run(&mut run, &mut best),
            c => run.push(c),
        }
    }
    end_run(&mut run, &mut best);
    (!best.is_empty()).then_some(best)
}

/// Where a pattern that is one literal is anchored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Anchor {
    /// `^lit$`: the whole text.
    Whole,
    /// `^lit`: a prefix.
    Start,
    /// `lit$`: a suffix.
    End,
}

/// A pattern that is one literal with `^`, `$` or both (`/\.rs$/`,
/// `/^src\//`), under flags that keep those anchors at the text's ends
/// (no `m`, no `i`, no `y`): its `RegExp#test` is `startsWith`, `endsWith`
/// or equality (ECMA-262 §22.2.2.6: without Multiline, `^` and `$` assert
/// the input's start and end). `None` for any other pattern. The literal's
/// characters are plain ones and escaped punctuation (as in
/// [`required_literal`]); the pattern has compiled already, so each escape
/// is valid.
pub(crate) fn anchored_literal(source: &str, flags: &Flags) -> Option<(Anchor, String)> {
    if flags.fold || flags.multi_line || flags.sticky {
        return None;
    }
    let (start, body) = match source.strip_prefix('^') {
        Some(rest) => (true, rest),
        None => (false, source),
    };
    let (end, body) = match body.strip_suffix('$') {
        // After an odd number of backslashes the `$` is escaped: a literal dollar.
        Some(rest) if rest.bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 0 => (true, rest),
        _ => (false, body),
    };
    let mut lit = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(n) if n.is_ascii_punctuation() => lit.push(n),
                _ => return None,
            },
            '^' | '$' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|' | '/' => return None,
            c => lit.push(c),
        }
    }
    let anchor = match (start, end) {
        (true, true) => Anchor::Whole,
        (true, false) => Anchor::Start,
        (false, true) => Anchor::End,
        (false, false) => return None,
    };
    Some((anchor, lit))
}

/// The index after the group opened before `i` (nested groups, classes and escapes skipped).
fn skip_group(chars: &[char], mut i: usize) -> usize {
    let mut depth = 1;
    while i < chars.len() && depth > 0 {
        match chars[i] {
            '\\' => i += 1,
            '[' => {
                i = skip_class(chars, i + 1);
                continue;
            }
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    i
}

/// The index after the class opened before `i`.
fn skip_class(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            ']' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// The index after what follows an escape letter `n`: `\xHH`, `\uHHHH` or
/// `\u{…}`, `\cX`, `\k<name>`, `\p{…}`, or the digits of `\0`…`\9`.
fn skip_escape_payload(chars: &[char], i: usize, n: char) -> usize {
    let upto = |close: char| {
        chars[i..]
            .iter()
            .position(|&c| c == close)
            .map_or(chars.len(), |p| i + p + 1)
    };
    match n {
        'x' => (i + 2).min(chars.len()),
        'u' if chars.get(i) == Some(&'{') => upto('}'),
        'u' => (i + 4).min(chars.len()),
        'c' => (i + 1).min(chars.len()),
        'k' if chars.get(i) == Some(&'<') => upto('>'),
        'p' | 'P' if chars.get(i) == Some(&'{') => upto('}'),
        '0'..='9' => i + chars[i..].iter().take_while(|c| c.is_ascii_digit()).count(),
        _ => i,
    }
}
