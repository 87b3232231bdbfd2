// An NVTX header included for nothing (the annotations were taken out): the include goes
// (HPY201). The project's own names that start like NVTX's are not NVTX's.
#include <nvtx3/nvToolsExt.h> // expect: HPY201

static int nvtxCalls = 0;

int count_calls() { return ++nvtxCalls; }
