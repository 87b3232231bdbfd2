/* NVTX from C: the supplied no-ops are C, so a C file gets them too; the include goes
   (HPY201) and each use carries a note (HPY530). */
#include "hipify_supplied.h"

int annotated_sum(const int *v, int n) {
  int total = 0, i;
  int level = hipify_py_nvtxRangePushA("sum"); /* expect: HPY530 */
  for (i = 0; i < n; ++i)
    total += v[i];
  hipify_py_nvtxMarkA("summed"); /* expect: HPY530 */
  hipify_py_nvtxRangePop(); /* expect: HPY530 */
  return level == HIPIFY_PY_NVTX_NO_PUSH_POP_TRACKING ? total : -1; /* expect: HPY530 */
}
