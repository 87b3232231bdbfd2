// nvml.h included for nothing (the NVML code went elsewhere): the include goes (HPY201). A
// name of the project's own that starts like NVML's is not NVML's.
#include <hip/hip_runtime.h>

struct nvmlStats { // the project's own
  int calls;
};

int nvml_calls(const nvmlStats &s) { return s.calls; }
