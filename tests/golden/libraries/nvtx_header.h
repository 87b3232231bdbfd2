// A project header whose NVTX names are all supplied: its include goes (HPY201), and
// hipify_supplied.h comes in its place for the files that include it.
#pragma once
#include <nvToolsExt.h> // expect: HPY201

struct PhaseTimer {
  nvtxRangeId_t range; // expect: HPY530
};

inline void phase_begin(PhaseTimer *t, const char *name) {
  t->range = nvtxRangeStartA(name); // expect: HPY530
}

inline void phase_end(PhaseTimer *t) { nvtxRangeEnd(t->range); } // expect: HPY530
