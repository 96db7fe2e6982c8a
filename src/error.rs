//! The one error type of the crate: a malformed call, never a mismatch.
//!
//! A mismatch is a result (`passed: false`); only a call whose arguments have
//! the wrong shape, an option outside its domain, or a value that cannot be
//! represented yields a [`MatcherError`]. In JavaScript it becomes an `Error`
//! whose `code` and `path` are the fields below (see `pkg-template/index.js`).

use std::fmt;

/// Stable error codes. Their string forms (`code()`) are part of the public
/// API in Rust and JavaScript and never change meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// A value of the wrong type or shape at `path`
    /// (e.g. `actual[3].toolName` is not a string).
    InvalidArgument,
    /// An option with a value outside its domain
    /// (e.g. `options.toolCallOrder` is `"sorted"`).
    InvalidOption,
    /// A value that has no JSON form the matchers can compare: a circular
    /// reference, or a string holding a lone UTF-16 surrogate.
    UnsupportedValue,
    /// Text handed to a `*_json` entry point that is not JSON.
    InvalidJson,
    /// A transcript matcher that cannot check its subject: the harness does
    /// not report the events it asks about (`toHaveSearched` over a harness
    /// without `web-search` events); from a
    /// [`HarnessCapabilityError`](crate::transcripts::HarnessCapabilityError).
    HarnessCapability,
}

impl ErrorCode {
    /// The stable string form, e.g. `"INVALID_ARGUMENT"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidArgument => "INVALID_ARGUMENT",
            ErrorCode::InvalidOption => "INVALID_OPTION",
            ErrorCode::UnsupportedValue => "UNSUPPORTED_VALUE",
            ErrorCode::InvalidJson => "INVALID_JSON",
            ErrorCode::HarnessCapability => "HARNESS_CAPABILITY",
        }
    }
}

/// A malformed call: `code` says what kind, `path` names the bad field in the
/// caller's terms (`expected`, `actual[3].toolName`, `options.maxExtraToolCalls`),
/// `message` says what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatcherError {
    /// What kind of malformed call.
    pub code: ErrorCode,
    /// The bad field in the caller's terms (`actual[3].toolName`).
    pub path: String,
    /// What was expected there, in words.
    pub message: String,
}

impl MatcherError {
    pub(crate) fn new(code: ErrorCode, path: impl Into<String>, message: impl Into<String>) -> Self {
        MatcherError {
            code,
            path: path.into(),
            message: message.into(),
        }
    }

    pub(crate) fn invalid_argument(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InvalidArgument, path, message)
    }

    pub(crate) fn invalid_option(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InvalidOption, path, message)
    }
}

impl fmt::Display for MatcherError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at {}: {}", self.code.as_str(), self.path, self.message)
    }
}

impl std::error::Error for MatcherError {}

/// The error a caller's own function returns to this crate: a judge model
/// ([`crate::responses::JudgeModel`]) or an agent model
/// ([`crate::agent::Model`]). Any `std::error::Error + Send + Sync`, or a
/// `String`/`&str` (`"out of replies".into()`); the crate uses its
/// `to_string()` as the message the reference reports.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Shorthand for results of this crate.
pub type Result<T> = std::result::Result<T, MatcherError>;
