// With --show-clang-diagnostics clang's own parse errors are shown as notes (HPY910).
undeclared_type global_value;  // expect: HPY910
