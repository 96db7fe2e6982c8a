//! Tool-response exports (issue 3; work in progress).
