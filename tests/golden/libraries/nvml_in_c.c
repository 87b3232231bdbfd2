/* NVML from C: hipify_supplied.h is C++, so nothing is supplied to a C file; the include stays
   (HPY200) and each NVML name is reported on its line (HPY101). */
#include <nvml.h> /* expect: HPY200 */

unsigned int gpu_count(void) {
  unsigned int count = 0;
  if (nvmlInit() != NVML_SUCCESS) /* expect: HPY101 */
    return 0;
  nvmlDeviceGetCount(&count); /* expect: HPY101 */
  nvmlShutdown(); /* expect: HPY101 */
  return count;
}
