// A header keeps an include of mma.h even if it uses nothing from it: its includers may.
#include <mma.h>  // expect: HPY200
