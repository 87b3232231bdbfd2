// cudaMemAdvise takes four arguments in every CUDA release, but the fourth is a device before
// CUDA 13 and a cudaMemLocation from CUDA 13 on: its type picks hipMemAdvise or HIP's
// hipMemAdvise_v2. cudaMemPrefetchAsync with four arguments is (device, stream) before CUDA 13
// and (location, flags) from 13 on; with three or five the count tells. Only where the type
// cannot be seen does --cuda-version decide, and the line says which form it assumed.
#include <cuda.h>
#include <cuda_runtime.h>

struct Placement {
  cudaMemLocation where;
  int device;
};

static cudaMemLocation on_device(int device) {
  cudaMemLocation loc = {};
  loc.type = cudaMemLocationTypeDevice;
  loc.id = device;
  return loc;
}

// a macro's value is not looked into
#define PREFERRED_LOCATION on_device(1)

// a use that is no call, and a call in a macro's body (whose names are the macro's use's),
// show no form either
using Advise = cudaError_t (*)(const void*, size_t, cudaMemoryAdvise, cudaMemLocation);
static Advise advise_function() { return cudaMemAdvise; }  // expect: HPY156
#define ADVISE_READ_MOSTLY(data, bytes, where) \
  cudaMemAdvise(data, bytes, cudaMemAdviseSetReadMostly, where)  // expect: HPY156

void advise(float* data, size_t bytes, int device, const Placement& placement,
            const cudaMemLocation* locations, cudaStream_t stream) {
  // CUDA 13: a location
  cudaMemLocation where = {};
  where.type = cudaMemLocationTypeDevice;
  where.id = device;
  cudaMemAdvise(data, bytes, cudaMemAdviseSetReadMostly, where);
  cudaMemAdvise(data, bytes, cudaMemAdviseSetPreferredLocation,
                {cudaMemLocationTypeDevice, device});
  cudaMemAdvise(data, bytes, cudaMemAdviseSetAccessedBy,
                cudaMemLocation{cudaMemLocationTypeHost, 0});
  cudaMemAdvise(data, bytes, cudaMemAdviseSetAccessedBy, on_device(device));
  cudaMemAdvise(data, bytes, cudaMemAdviseSetAccessedBy, placement.where);
  cudaMemAdvise(data, bytes, cudaMemAdviseUnsetAccessedBy, locations[1]);
  auto home = on_device(0);
  home.id = device;
  cudaMemAdvise(data, bytes, cudaMemAdviseUnsetAccessedBy, home);
  ADVISE_READ_MOSTLY(data, bytes, where);
  cudaMemPrefetchAsync(data, bytes, where, 0);
  cudaMemPrefetchAsync(data, bytes, where, 0, stream);

  // before CUDA 13: a device
  cudaMemAdvise(data, bytes, cudaMemAdviseSetReadMostly, device);
  cudaMemAdvise(data, bytes, cudaMemAdviseSetAccessedBy, 0);
  cudaMemAdvise(data, bytes, cudaMemAdviseSetPreferredLocation, cudaCpuDeviceId);
  cudaMemAdvise(data, bytes, cudaMemAdviseUnsetAccessedBy, placement.device);
  cudaMemAdvise(data, bytes, cudaMemAdviseUnsetAccessedBy, (device + 1) % 2);
  cudaMemPrefetchAsync(data, bytes, device, stream);
  cudaMemPrefetchAsync(data, bytes, cudaCpuDeviceId);

  // not seen: --cuda-version decides
  cudaMemAdvise(data, bytes, cudaMemAdviseSetPreferredLocation, PREFERRED_LOCATION);  // expect: HPY156
}

void advise_driver(CUdeviceptr data, size_t bytes, CUdevice device, CUstream stream) {
  CUmemLocation where = {};
  where.type = CU_MEM_LOCATION_TYPE_DEVICE;
  where.id = device;
  cuMemAdvise(data, bytes, CU_MEM_ADVISE_SET_READ_MOSTLY, where);
  cuMemAdvise(data, bytes, CU_MEM_ADVISE_SET_READ_MOSTLY, device);
  cuMemPrefetchAsync(data, bytes, where, 0, stream);
  cuMemPrefetchAsync(data, bytes, device, stream);
}
