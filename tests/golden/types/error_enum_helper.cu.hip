// An error-name helper in the style many projects copy: one switch per CUDA error type,
// declared first and defined later. Some error codes have no HIP counterpart, and the two
// overloads collapse into one after translation.
#include <cstdio>
#include <hip/hip_runtime.h>

static const char *errorName(hipError_t error);
static const char *errorName_CUresult(hipError_t error);  // expect: HPY510

static const char *errorName(hipError_t error) {
  switch (error) {
    case hipSuccess:
      return "hipSuccess";
    case hipErrorInvalidValue:
      return "hipErrorInvalidValue";
    /* case cudaErrorInvalidHostPointer: */  // expect: HPY513
      return "cudaErrorInvalidHostPointer";
    /* case cudaErrorTextureFetchFailed: */  // expect: HPY513
    /* case cudaErrorTextureNotBound: */  // expect: HPY513
      return "texture error";
    default:
      break;
  }
  return "<unknown>";
}

static const char *errorName_CUresult(hipError_t error) {  // expect: HPY510
  switch (error) {
    case hipSuccess:
      return "hipSuccess";
    /* case CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING: */ return "incompatible texturing";  // expect: HPY513
    default:
      return "<unknown>";
  }
}

template <typename T>
void check(T result, const char *func) {
  if (result) fprintf(stderr, "%s: %s\n", func, errorName(result));
}

int main() {
  check(hipSetDevice(0), "hipSetDevice");
  check(hipInit(0), "hipInit");
  return 0;
}
