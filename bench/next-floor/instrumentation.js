// Its own (empty) instrumentation hook: without it Next would find the portal's, one folder up the tree.
export function register() {}
