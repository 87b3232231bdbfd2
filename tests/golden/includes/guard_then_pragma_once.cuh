// A guard whose #define comes after #pragma once: the runtime header goes right inside the
// guard, where hipify-clang puts it.
#ifndef GUARD_THEN_PRAGMA_H
#pragma once
#define GUARD_THEN_PRAGMA_H
#include <cstdio>

inline void sync_all() { cudaDeviceSynchronize(); }

#endif
