// cudaMemAdvise takes four arguments in every CUDA release, but the fourth is a device before
// CUDA 13 and a cudaMemLocation from CUDA 13 on: its type picks hipMemAdvise or HIP's
// hipMemAdvise_v2. cudaMemPrefetchAsync with four arguments is (device, stream) before CUDA 13
// and (location, flags) from 13 on; with three or five the count tells. Only where the type
// cannot be seen does --cuda-version decide, and the line says which form it assumed.
#include <hip/hip_runtime.h>

struct Placement {
  hipMemLocation where;
  int device;
};

static hipMemLocation on_device(int device) {
  hipMemLocation loc = {};
  loc.type = hipMemLocationTypeDevice;
  loc.id = device;
  return loc;
}

// a macro's value is not looked into
#define PREFERRED_LOCATION on_device(1)

// a use that is no call, and a call in a macro's body (whose names are the macro's use's),
// show no form either
using Advise = hipError_t (*)(const void*, size_t, hipMemoryAdvise, hipMemLocation);
static Advise advise_function() { return hipMemAdvise; }  // expect: HPY156
#define ADVISE_READ_MOSTLY(data, bytes, where) \
  hipMemAdvise(data, bytes, hipMemAdviseSetReadMostly, where)  // expect: HPY156

void advise(float* data, size_t bytes, int device, const Placement& placement,
            const hipMemLocation* locations, hipStream_t stream) {
  // CUDA 13: a location
  hipMemLocation where = {};
  where.type = hipMemLocationTypeDevice;
  where.id = device;
  hipMemAdvise_v2(data, bytes, hipMemAdviseSetReadMostly, where);
  hipMemAdvise_v2(data, bytes, hipMemAdviseSetPreferredLocation,
                {hipMemLocationTypeDevice, device});
  hipMemAdvise_v2(data, bytes, hipMemAdviseSetAccessedBy,
                hipMemLocation{hipMemLocationTypeHost, 0});
  hipMemAdvise_v2(data, bytes, hipMemAdviseSetAccessedBy, on_device(device));
  hipMemAdvise_v2(data, bytes, hipMemAdviseSetAccessedBy, placement.where);
  hipMemAdvise_v2(data, bytes, hipMemAdviseUnsetAccessedBy, locations[1]);
  auto home = on_device(0);
  home.id = device;
  hipMemAdvise_v2(data, bytes, hipMemAdviseUnsetAccessedBy, home);
  ADVISE_READ_MOSTLY(data, bytes, where);
  hipMemPrefetchAsync_v2(data, bytes, where, 0);
  hipMemPrefetchAsync_v2(data, bytes, where, 0, stream);

  // before CUDA 13: a device
  hipMemAdvise(data, bytes, hipMemAdviseSetReadMostly, device);
  hipMemAdvise(data, bytes, hipMemAdviseSetAccessedBy, 0);
  hipMemAdvise(data, bytes, hipMemAdviseSetPreferredLocation, hipCpuDeviceId);
  hipMemAdvise(data, bytes, hipMemAdviseUnsetAccessedBy, placement.device);
  hipMemAdvise(data, bytes, hipMemAdviseUnsetAccessedBy, (device + 1) % 2);
  hipMemPrefetchAsync(data, bytes, device, stream);
  hipMemPrefetchAsync(data, bytes, hipCpuDeviceId);

  // not seen: --cuda-version decides
  hipMemAdvise(data, bytes, hipMemAdviseSetPreferredLocation, PREFERRED_LOCATION);  // expect: HPY156
}

void advise_driver(hipDeviceptr_t data, size_t bytes, hipDevice_t device, hipStream_t stream) {
  hipMemLocation where = {};
  where.type = hipMemLocationTypeDevice;
  where.id = device;
  hipMemAdvise_v2(data, bytes, hipMemAdviseSetReadMostly, where);
  hipMemAdvise(data, bytes, hipMemAdviseSetReadMostly, device);
  hipMemPrefetchAsync_v2(data, bytes, where, 0, stream);
  hipMemPrefetchAsync(data, bytes, device, stream);
}
