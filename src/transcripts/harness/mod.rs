//! One adapter per coding-agent harness: each reads that harness's recorded
//! transcript records into the shared [`super::builder::RunBuilder`], which
//! makes reeval's event form ([`super::Event`]). Each file names the
//! harness's public format it follows.

pub(crate) mod acp;
pub(crate) mod claude;
pub(crate) mod codex;
pub(crate) mod codex_rollout;
pub(crate) mod cursor;
pub(crate) mod gemini;
pub(crate) mod goose;
pub(crate) mod opencode;
pub(crate) mod pi;
