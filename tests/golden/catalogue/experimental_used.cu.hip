// With --experimental the experimental HIP API is used, and that is reported.
#include <hip/hip_runtime.h>
void policy() {
  hipClusterSchedulingPolicy policy = hipClusterSchedulingPolicyDefault;  // expect: HPY141
  (void)policy;
}
