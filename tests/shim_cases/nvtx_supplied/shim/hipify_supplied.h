// hipify_supplied.h: written by hipify-py; regenerated on each run, do not edit.
// CUDA functions the HIP in use may lack, written in HIP. Each is exposed only where
// that HIP does not declare it (a HIP that has it wins); hipify-py's notes (HPY530)
// mark the lines that use them.
#pragma once
#include <hip/hip_runtime.h>
#include <stddef.h>
#include <stdint.h>

// hipify_py_nvtxRangeId_t: NVTX's range id (uint64_t)
#if 1
typedef uint64_t hipify_py_nvtxRangeId_t;
#endif

// hipify_py_nvtxStringHandle_t: NVTX's registered-string handle, an opaque pointer (the supplied functions give null)
#if 1
typedef struct hipify_py_nvtxStringRegistration_st* hipify_py_nvtxStringHandle_t;
#endif

// hipify_py_nvtxMessageValue_t: NVTX's message union, with its members
#if 1
typedef union hipify_py_nvtxMessageValue_t {
  const char* ascii;
  const wchar_t* unicode;
  hipify_py_nvtxStringHandle_t registered;
} hipify_py_nvtxMessageValue_t;
#endif

// hipify_py_nvtxEventAttributes_t: NVTX's event attributes (version 2), its members and layout
#if 1
typedef struct hipify_py_nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union hipify_py_nvtx_payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  hipify_py_nvtxMessageValue_t message;
} hipify_py_nvtxEventAttributes_t;
#endif

// hipify_py_nvtxMessageType_t: NVTX's message types, with NVTX's values
#if 1
typedef enum hipify_py_nvtxMessageType_t {
  HIPIFY_PY_NVTX_MESSAGE_UNKNOWN = 0,
  HIPIFY_PY_NVTX_MESSAGE_TYPE_ASCII = 1,
  HIPIFY_PY_NVTX_MESSAGE_TYPE_UNICODE = 2,
  HIPIFY_PY_NVTX_MESSAGE_TYPE_REGISTERED = 3
} hipify_py_nvtxMessageType_t;
#endif

// HIPIFY_PY_NVTX_MESSAGE_TYPE_ASCII: NVTX's value, 1
#if 1
#endif

// HIPIFY_PY_NVTX_VERSION: NVTX's value, 3
#if 1
#define HIPIFY_PY_NVTX_VERSION 3
#endif

// HIPIFY_PY_NVTX_EVENT_ATTRIB_STRUCT_SIZE: the size of the supplied nvtxEventAttributes_t, as NVTX's is the size of its own
#if 1
#define HIPIFY_PY_NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(hipify_py_nvtxEventAttributes_t)))
#endif

// HIPIFY_PY_NVTX_NO_PUSH_POP_TRACKING: NVTX's value, -2: what a push or pop returns with no tool attached
#if 1
#define HIPIFY_PY_NVTX_NO_PUSH_POP_TRACKING ((int)-2)
#endif

// hipify_py_nvtxRangePushA: a no-op: the annotation is dropped, and it returns NVTX's -2 (NVTX_NO_PUSH_POP_TRACKING), as NVTX does with no profiler attached; rocTX (roctxRangePushA, roctxMarkA; roctracer/roctx.h, -lroctx64) gives AMD's profilers ranges
#if 1
static inline int hipify_py_nvtxRangePushA(const char* message) {
  (void)message;
  return HIPIFY_PY_NVTX_NO_PUSH_POP_TRACKING;
}
#endif

// hipify_py_nvtxRangePop: a no-op: the annotation is dropped, and it returns NVTX's -2 (NVTX_NO_PUSH_POP_TRACKING), as NVTX does with no profiler attached; rocTX (roctxRangePushA, roctxMarkA; roctracer/roctx.h, -lroctx64) gives AMD's profilers ranges
#if 1
static inline int hipify_py_nvtxRangePop(void) {
  return HIPIFY_PY_NVTX_NO_PUSH_POP_TRACKING;
}
#endif

// hipify_py_nvtxRangeStartEx: a no-op: the annotation is dropped, and it returns 0, as NVTX does with no profiler attached; rocTX (roctxRangePushA, roctxMarkA; roctracer/roctx.h, -lroctx64) gives AMD's profilers ranges
#if 1
static inline hipify_py_nvtxRangeId_t hipify_py_nvtxRangeStartEx(const hipify_py_nvtxEventAttributes_t* attributes) {
  (void)attributes;
  return 0;
}
#endif

// hipify_py_nvtxRangeEnd: a no-op: the annotation is dropped; rocTX (roctxRangePushA, roctxMarkA; roctracer/roctx.h, -lroctx64) gives AMD's profilers ranges
#if 1
static inline void hipify_py_nvtxRangeEnd(hipify_py_nvtxRangeId_t id) {
  (void)id;
}
#endif

// hipify_py_nvtxNameCudaStreamA: a no-op: the annotation is dropped; rocTX (roctxRangePushA, roctxMarkA; roctracer/roctx.h, -lroctx64) gives AMD's profilers ranges
#if 1
static inline void hipify_py_nvtxNameCudaStreamA(hipStream_t stream, const char* name) {
  (void)stream;
  (void)name;
}
#endif
