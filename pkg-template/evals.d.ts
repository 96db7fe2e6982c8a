// Judge, custom predicates and eval datasets (issue 3; work in progress).
export {};
