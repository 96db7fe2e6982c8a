//! Workspace globs for `toHaveChanged` (fast-glob: `*`, `**`, `?`, `[…]`,
//! `{a,b}`; dotfiles match like other files) and `.gitignore` rules.
//!
//! fast-glob tries every alternative of a brace group against the rest of
//! the glob, so its time is proportional to the glob's expansion count (the
//! number of brace-free globs it stands for: `{a,b}/{c,d,e}` is 6) times the
//! path: measured natively, 4^k alternatives of `{*,*,*,*}` ×k cost 4^k times
//! one. A glob is therefore bounded by what it expands to, not by how it is
//! written: at most 512 characters and 256 expansions, which keeps any match
//! under a millisecond per path (`{a,b}`×8 is the largest kind allowed).

use super::paths::relative_path;
use super::query::TextOrRegex;
use crate::error::{MatcherError, Result};

const MAX_LEN: usize = 512;
const MAX_EXPANSIONS: u64 = 256;

/// How many brace-free globs `glob` stands for (saturating): a brace group
/// adds its alternatives' counts, a sequence multiplies; `\x` and `[...]`
/// are literal, as in fast-glob, and an unclosed `{` is literal text.
pub fn expansion_count(glob: &str) -> u64 {
    // One frame per open group: (count of the alternatives closed so far, product of the current one).
    let b = glob.as_bytes();
    let mut stack: Vec<(u64, u64)> = Vec::new();
    let mut product: u64 = 1;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'[' => {
                if let Some(end) = b[i + 1..].iter().position(|&c| c == b']') {
                    i += end + 1;
                }
            }
            b'{' if b[i + 1..].contains(&b'}') => {
                stack.push((0, product));
                product = 1;
            }
            b',' if !stack.is_empty() => {
                let top = stack.last_mut().expect("checked");
                top.0 = top.0.saturating_add(product);
                product = 1;
            }
            b'}' if !stack.is_empty() => {
                let (alts, outer) = stack.pop().expect("checked");
                product = outer.saturating_mul(alts.saturating_add(product));
            }
            _ => {}
        }
        i += 1;
    }
    // Groups left open: their text is literal, the products so far multiply.
    stack.into_iter().fold(product, |p, (_, outer)| p.saturating_mul(outer))
}

/// A checked glob, or a regex on the path.
#[derive(Clone, Debug)]
pub enum PathPattern {
    /// A workspace-relative glob (`*`, `**`, `{a,b}`; a directory means everything under it).
    Glob(String),
    /// A regular expression matched against the path.
    Regex(TextOrRegex),
}

impl PathPattern {
    /// Checks and normalises a glob (`./` and the workspace prefix removed,
    /// `\` to `/`, a trailing `/` dropped).
    /// Errors: `INVALID_ARGUMENT` at `path` for an empty glob, one longer than
    /// 512 characters, one that expands to more than 256 brace-free globs
    /// ([`expansion_count`]), or one fast-glob rejects.
    pub fn glob(glob: &str, workspace: Option<&str>, path: &str) -> Result<PathPattern> {
        if glob.len() > MAX_LEN {
            return Err(MatcherError::invalid_argument(
                path,
                format!("glob longer than {MAX_LEN} characters"),
            ));
        }
        let n = expansion_count(glob);
        if n > MAX_EXPANSIONS {
            return Err(MatcherError::invalid_argument(
                path,
                format!("glob expands to {n} alternatives (at most {MAX_EXPANSIONS}: each costs a match of its own)"),
            ));
        }
        let g = relative_path(glob, workspace);
        let g = g.trim_end_matches('/');
        if g.is_empty() || g == "." {
            return Err(MatcherError::invalid_argument(path, "empty glob"));
        }
        fast_glob::validate(g)
            .map_err(|e| MatcherError::invalid_argument(path, format!("invalid glob {glob:?}: {e:?}")))?;
        Ok(PathPattern::Glob(g.to_string()))
    }

    /// For messages: the glob, or `/source/flags`.
    pub fn display(&self) -> String {
        match self {
            PathPattern::Glob(g) => g.clone(),
            PathPattern::Regex(p) => p.display(),
        }
    }

    /// Whether a workspace-relative `path` matches: the glob itself, or a
    /// directory glob naming anything under it (`test` is `test/**`).
    pub fn matches(&self, path: &str) -> bool {
        match self {
            PathPattern::Regex(p) => p.matches_sub(path),
            PathPattern::Glob(g) => glob_or_dir(g, path),
        }
    }
}

fn glob_or_dir(g: &str, path: &str) -> bool {
    fast_glob::glob_match(g, path) || (!g.ends_with("**") && fast_glob::glob_match(format!("{g}/**"), path))
}

/// Whether `.gitignore` `rules` (one per item, as in the file) ignore
/// `path`: blank lines and `#` comments skipped, `!` re-includes, a leading
/// or inner `/` anchors to the root, a trailing `/` names a directory, and
/// a rule without `/` matches a name at any depth. The last matching rule wins;
/// rules that are not valid globs, or past the limits of [`PathPattern::glob`],
/// are skipped.
pub fn gitignored(path: &str, rules: &[String]) -> bool {
    let mut ignored = false;
    for rule in rules {
        let r = rule.trim_end();
        if r.is_empty() || r.starts_with('#') || r.len() > MAX_LEN || expansion_count(r) > MAX_EXPANSIONS {
            continue;
        }
        let (negate, r) = match r.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, r.strip_prefix('\\').unwrap_or(r)),
        };
        let body = r.trim_end_matches('/');
        let anchored = body.contains('/');
        let body = body.trim_start_matches('/');
        if body.is_empty() || fast_glob::validate(body).is_err() {
            continue;
        }
        let hit = if anchored {
            glob_or_dir(body, path)
        } else {
            glob_or_dir(&format!("**/{body}"), path) || glob_or_dir(body, path)
        };
        if hit {
            ignored = !negate;
        }
    }
    ignored
}
