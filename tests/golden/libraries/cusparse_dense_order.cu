// A dense matrix keeps its storage order in every target (rocSPARSE included).
#include <cusparse.h>

void describe(cusparseDnMatDescr_t* b, cusparseDnMatDescr_t* c, float* vb, float* vc) {
  cusparseCreateDnMat(b, 4, 4, 4, vb, CUDA_R_32F, CUSPARSE_ORDER_COL);
  cusparseCreateDnMat(c, 4, 4, 4, vc, CUDA_R_32F, CUSPARSE_ORDER_ROW);
}
