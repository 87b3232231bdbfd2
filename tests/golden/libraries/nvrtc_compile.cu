// NVRTC: compile a kernel from a string at run time and fetch the code.
#include <nvrtc.h>
#include <cstdio>
#include <vector>

const char *kSource = "extern \"C\" __global__ void axpy(float a, float *x, float *y) {\n"
                      "  y[threadIdx.x] += a * x[threadIdx.x];\n}\n";

std::vector<char> compile() {
  nvrtcProgram prog;
  nvrtcCreateProgram(&prog, kSource, "axpy.cu", 0, nullptr, nullptr);
  const char *opts[] = {"--gpu-architecture=compute_80"};
  nvrtcResult result = nvrtcCompileProgram(prog, 1, opts);
  size_t logSize;
  nvrtcGetProgramLogSize(prog, &logSize);
  std::vector<char> log(logSize);
  nvrtcGetProgramLog(prog, log.data());
  if (result != NVRTC_SUCCESS) fprintf(stderr, "%s\n%s\n", nvrtcGetErrorString(result), log.data());
  size_t ptxSize;
  nvrtcGetPTXSize(prog, &ptxSize);
  std::vector<char> ptx(ptxSize);
  nvrtcGetPTX(prog, ptx.data());
  nvrtcDestroyProgram(&prog);
  return ptx;
}
