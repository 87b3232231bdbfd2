/* A graphics header's content in a .cu file: words CUDA also uses (texture, surface, warp,
 * lane, 32, full masks) must give no finding, whatever the file kind. */
#ifndef LOOK_ALIKE_GRAPHICS_H
#define LOOK_ALIKE_GRAPHICS_H
#include <hip/hip_runtime.h>

typedef unsigned int GLuint;
typedef struct Image { int width, height; } Image;

void bindTexture(GLuint texture, int unit);
void uploadSurface(const Image* surface, GLuint texture);
int texture_count(const GLuint* texture, int n);

struct Warp { float strength; int lane; };
static inline int lane_of(int thread) { return thread % 32; }
static inline int warp_of(int thread) { return thread / 32; }
static inline unsigned all_bits(void) { return 0xffffffffu; }
static inline unsigned ballot_like(const int* votes) {
  unsigned mask = 0;
  for (int lane = 0; lane < 32; ++lane) mask |= (votes[lane] != 0) << lane;
  return mask;
}
#define MAX_SURFACES 32
#define SHARED_BUFFER_SIZE 1024

#endif
