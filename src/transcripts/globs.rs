//! Workspace globs for `toHaveChanged` (fast-glob: `*`, `**`, `?`, `[…]`,
//! `{a,b}`; dotfiles match like other files) and `.gitignore` rules.
//!
//! fast-glob's time grows exponentially with brace groups followed by
//! stars, so a glob is bounded: at most 512 characters and 8 brace groups.

use super::paths::relative_path;
use super::query::TextOrRegex;
use crate::error::{MatcherError, Result};

const MAX_LEN: usize = 512;
const MAX_BRACES: usize = 8;

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
    /// 512 characters, with more than 8 `{` groups, or one fast-glob rejects.
    pub fn glob(glob: &str, workspace: Option<&str>, path: &str) -> Result<PathPattern> {
        if glob.len() > MAX_LEN {
            return Err(MatcherError::invalid_argument(
                path,
                format!("glob longer than {MAX_LEN} characters"),
            ));
        }
        if glob.matches('{').count() > MAX_BRACES {
            return Err(MatcherError::invalid_argument(
                path,
                format!("glob with more than {MAX_BRACES} brace groups"),
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
/// rules that are not valid globs are skipped.
pub fn gitignored(path: &str, rules: &[String]) -> bool {
    let mut ignored = false;
    for rule in rules {
        let r = rule.trim_end();
        if r.is_empty() || r.starts_with('#') || r.len() > MAX_LEN || r.matches('{').count() > MAX_BRACES {
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
