// A launch right after a case, default or goto label is a statement of its own: rewritten.
// After the ':' of a ?: it is part of an expression and keeps its chevrons.
__global__ void fill(int* out, int v) { out[threadIdx.x] = v; }

enum Mode { ONE, TWO, THREE };

void run(int* out, Mode mode, bool flag) {
  switch (mode) {
    case ONE:
      fill<<<1, 32>>>(out, 1);
      break;
    case (TWO):
      fill<<<1, 32>>>(out,
                      2);
      break;
    default:
      fill<<<1, 32>>>(out, 3);
  }
  if (flag) goto done;
  fill<<<1, 32>>>(out, 4);
done:
  fill<<<1, 32>>>(out, 5);
  flag ? (void)0 : fill<<<1, 32>>>(out, 6);  // expect: HPY901
}
