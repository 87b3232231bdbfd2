// A dense matrix keeps its storage order in every target (rocSPARSE included).
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

void describe(hipsparseDnMatDescr_t* b, hipsparseDnMatDescr_t* c, float* vb, float* vc) {
  hipsparseCreateDnMat(b, 4, 4, 4, vb, HIP_R_32F, HIPSPARSE_ORDER_COLUMN);
  hipsparseCreateDnMat(c, 4, 4, 4, vc, HIP_R_32F, HIPSPARSE_ORDER_ROW);
}
