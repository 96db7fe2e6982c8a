//! Transcript exports (issue 5; work in progress).
