/* NVTX from C: the supplied no-ops are C, so a C file gets them too; the include goes
   (HPY201) and each use carries a note (HPY530). */
#include <nvToolsExt.h> /* expect: HPY201 */

int annotated_sum(const int *v, int n) {
  int total = 0, i;
  int level = nvtxRangePushA("sum"); /* expect: HPY530 */
  for (i = 0; i < n; ++i)
    total += v[i];
  nvtxMarkA("summed"); /* expect: HPY530 */
  nvtxRangePop(); /* expect: HPY530 */
  return level == NVTX_NO_PUSH_POP_TRACKING ? total : -1; /* expect: HPY530 */
}
