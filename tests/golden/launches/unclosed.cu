// A launch whose chevrons or argument list never close is no launch to rewrite: it is left as
// it is and reported on its line; the scan for its brackets stops at the statement's end
// instead of reading on to the end of the file (issue 30).
__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }

void run(int *d) {
  fill<<<1, 32>>>(d, 1);
  fill<<<1, 32 (d, 2);  // expect: HPY901
  fill<<<1, 32>>>(d, 3;  // expect: HPY901
}
