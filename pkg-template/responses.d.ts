// Tool-response expectations (issue 3; work in progress).
export {};
