// Device names of modern CUDA: what HIP has under another name, what it gained in 6.2, and what
// it lacks. The hip52 variant keeps (and reports) what HIP 5.2 does not have.
#include <cuda_runtime.h>
#include <cuda_bf16.h>  // expect[hip52]: HPY150
#include <cuda_fp16.h>

__global__ void modern(unsigned* u, long long* l, nv_bfloat16* b, int* counter) {  // expect[hip52]: HPY150
  u[0] = umin(u[1], 4u);
  u[1] = umax(u[2], u[3]);
  l[0] = llmin(l[1], -1);
  if (u[0] == 0xdead) __trap();
  __syncwarp();  // expect[hip52]: HPY530
  int total = __reduce_add_sync(0xffffffffu, (int)u[2]);  // expect: HPY401 expect[hip52]: HPY150
  atomicAdd_system(counter, 1);
  b[0] = b[1];
  __half h = __hadd_rn(__float2half(1.0f), __float2half(2.0f));  // expect[hip52]: HPY530
  u[2] = (unsigned)__half2float(h);
  u[3] = total;
}
