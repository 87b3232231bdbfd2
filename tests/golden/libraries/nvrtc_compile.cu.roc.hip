// NVRTC: compile a kernel from a string at run time and fetch the code.
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>
#include <cstdio>
#include <vector>

const char *kSource = "extern \"C\" __global__ void axpy(float a, float *x, float *y) {\n"
                      "  y[threadIdx.x] += a * x[threadIdx.x];\n}\n";

std::vector<char> compile() {
  hiprtcProgram prog;
  hiprtcCreateProgram(&prog, kSource, "axpy.cu", 0, const_cast<const char**>(nullptr), const_cast<const char**>(nullptr));
  const char *opts[] = {"--gpu-architecture=compute_80"};
  hiprtcResult result = hiprtcCompileProgram(prog, 1, const_cast<const char**>(opts));
  size_t logSize;
  hiprtcGetProgramLogSize(prog, &logSize);
  std::vector<char> log(logSize);
  hiprtcGetProgramLog(prog, log.data());
  if (result != HIPRTC_SUCCESS) fprintf(stderr, "%s\n%s\n", hiprtcGetErrorString(result), log.data());
  size_t ptxSize;
  hiprtcGetCodeSize(prog, &ptxSize);
  std::vector<char> ptx(ptxSize);
  hiprtcGetCode(prog, ptx.data());
  hiprtcDestroyProgram(&prog);
  return ptx;
}
