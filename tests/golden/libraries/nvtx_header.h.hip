// A project header whose NVTX names are all supplied: its include goes (HPY201), and
// hipify_supplied.h comes in its place for the files that include it.
#pragma once
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"

struct PhaseTimer {
  hipify_py_nvtxRangeId_t range; // expect: HPY530
};

inline void phase_begin(PhaseTimer *t, const char *name) {
  t->range = hipify_py_nvtxRangeStartA(name); // expect: HPY530
}

inline void phase_end(PhaseTimer *t) { hipify_py_nvtxRangeEnd(t->range); } // expect: HPY530
