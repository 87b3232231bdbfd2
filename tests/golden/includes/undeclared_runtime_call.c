/* C lets a file call the runtime with no header (an implicit declaration): gcc links the HIP
   call from libamdhip64 on AMD, but HIP's NVIDIA runtime is inline functions in its headers.
   Said once, at the first call; no header is added, since a plain C compiler rejects HIP's
   headers without the platform's flags. */
int pick_device(int n) {
  if (n > 0) cudaSetDevice(n - 1);  /* expect: HPY531 */
  return cudaDeviceSynchronize();
}
