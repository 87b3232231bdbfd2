/* Plain C (a numerical library next to the CUDA code): names that are also CUDA device
   functions (umin, umax, llmin) are the library's own variables and functions here. */
#include <stdio.h>

static double umax(double a, double b) { return a > b ? a : b; }

double spread(const double *v, int n) {
  double umin = v[0], llmin = v[0];
  int i;
  for (i = 1; i < n; i++) {
    if (v[i] < umin) umin = v[i];
    llmin = umax(llmin, v[i]);
  }
  printf("%f\n", umin);
  return llmin - umin;
}
