// Trace readers and PromptResult (issue 4; work in progress).
export {};
