"""One file in, one file out: parse (the only libclang user), the rules, the edits."""
