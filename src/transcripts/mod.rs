//! Agent transcripts: harness adapters and reeval's transcript matchers.
//! Work in progress (issue 5).
