// Transcript normalisation and matchers (issue 5; work in progress).
export {};
