// hipLaunchKernelGGL expands to a statement: a launch that is part of an expression (a macro
// argument, a ?:, a return, a cast) keeps the chevrons, which hip-clang accepts.
#define CHECK_LAUNCH(call) do { call; } while (0)
#define RUN_ON(p) scale<<<1, 64>>>(p, 1.0f)

__global__ void scale(float* x, float a) { x[threadIdx.x] *= a; }

void run(float* x, bool twice) {
  CHECK_LAUNCH((scale<<<1, 64>>>(x, 2.0f)));  // expect: HPY901
  twice ? scale<<<1, 64>>>(x, 2.0f) : (void)0;  // expect: HPY901
  (void)scale<<<1, 64>>>(x, 3.0f);  // expect: HPY901
  auto later = [&] { return scale<<<1, 64>>>(x, 4.0f); };  // expect: HPY901
  later();
  // Statements of their own are rewritten, after a control statement too.
  if (twice) scale<<<1, 64>>>(x, 5.0f);
  else scale<<<1, 64>>>(x, 6.0f);
  RUN_ON(x);
}

void guarded(float* x) {
#ifndef SOME_MACRO
  scale<<<1, 64>>>(x, 7.0f);  // after a directive line: a statement, rewritten
#endif
}
