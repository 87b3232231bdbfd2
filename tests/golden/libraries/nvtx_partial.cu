// NVTX's resource API is not supplied: the include stays, reported (HPY200), and each such
// name is reported on its line (HPY119); the names that are supplied are renamed all the same.
#include <nvToolsExt.h> // expect: HPY200

void tag_buffer(void *buffer) {
  nvtxDomainHandle_t domain = nvtxDomainCreateA("buffers"); // expect: HPY530, HPY530
  nvtxResourceAttributes_t attributes = {}; // expect: HPY119
  attributes.identifierType = NVTX_RESOURCE_TYPE_GENERIC_POINTER; // expect: HPY119
  attributes.identifier.pValue = buffer;
  nvtxDomainResourceCreate(domain, &attributes); // expect: HPY119
  nvtxMarkA("tagged"); // expect: HPY530
}
