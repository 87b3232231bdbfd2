// Host code in a .cu file: hipcc (clang) compiles it.
// g++ accepts a macro glued to a string literal (with a warning); clang rejects it as a
// literal suffix. A space keeps g++'s meaning. Real suffixes (_x, s) stay.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <string>
#define FMT_ID "%d"
using namespace std::string_literals;
long long operator""_kb(const char*, unsigned long);

void show(int id) {
  std::printf("node (" FMT_ID")\n", id);  // expect: HPY520
  std::printf("plain " FMT_ID "\n", id);
  auto s = "text"s;
  auto k = "12"_kb;
  (void)s; (void)k;
}
