//! Trace-reader exports (issue 4; work in progress).
