// Host code that defines its own uint4 is not CUDA: left byte for byte ("x"FMT too).
#include <stdint.h>
#include <stdio.h>
#define uint4 uint32_t
#define FMT "%u"

void show(uint4 v) { printf("v="FMT"\n", v); }
