// With --experimental the experimental HIP API is used, and that is reported.
void policy() {
  cudaClusterSchedulingPolicy policy = cudaClusterSchedulingPolicyDefault;  // expect: HPY141
  (void)policy;
}
