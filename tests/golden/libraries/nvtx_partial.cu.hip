// NVTX's resource API is not supplied: the include stays, reported (HPY200), and each such
// name is reported on its line (HPY119); the names that are supplied are renamed all the same.
#include <hip/hip_runtime.h>
#include "hipify_supplied.h"
#include <nvToolsExt.h> // expect: HPY200

void tag_buffer(void *buffer) {
  hipify_py_nvtxDomainHandle_t domain = hipify_py_nvtxDomainCreateA("buffers"); // expect: HPY530, HPY530
  nvtxResourceAttributes_t attributes = {}; // expect: HPY119
  attributes.identifierType = NVTX_RESOURCE_TYPE_GENERIC_POINTER; // expect: HPY119
  attributes.identifier.pValue = buffer;
  nvtxDomainResourceCreate(domain, &attributes); // expect: HPY119
  hipify_py_nvtxMarkA("tagged"); // expect: HPY530
}
