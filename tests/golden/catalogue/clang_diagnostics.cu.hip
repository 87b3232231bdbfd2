// With --show-clang-diagnostics clang's own parse errors are shown as notes (HPY910).
#include <hip/hip_runtime.h>
undeclared_type global_value;  // expect: HPY910
