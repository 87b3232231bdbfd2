#include <cublas_v2.h>
#include "errors.h"

const char *create(cublasHandle_t *handle) { return status_name(cublasCreate(handle)); }
