# A CUDA project's CMake (a *.cmake file is read as CMakeLists.txt is): the language, the
# toolkit package, CUDA:: targets, architectures, CUDA variables and properties, nvcc flags.
cmake_minimum_required(VERSION 3.18)  # expect[hip]: HPY600
project(demo VERSION 1.0 LANGUAGES CXX)  # expect: HPY600

set(CMAKE_CXX_STANDARD 17)  # expect: HPY600
set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} -O3 -ffast-math")  # expect: HPY600, HPY601
if(NOT DEFINED GPU_TARGETS)
  set(GPU_TARGETS "gfx90a;gfx942" CACHE STRING "AMD GPU targets to compile for")  # expect: HPY600
endif()
set(CMAKE_CUDA_SEPARABLE_COMPILATION ON)  # expect: HPY603

find_package(hip REQUIRED)  # expect: HPY600, HPY601

set(KERNELS solver.cu reduce.cu)
add_library(kernels STATIC ${KERNELS} host_part.cpp)
set_source_files_properties(solver.cu reduce.cu PROPERTIES LANGUAGE CXX)
set_property(TARGET kernels APPEND PROPERTY LINK_LIBRARIES hip::device)  # expect: HPY600
target_compile_options(kernels PRIVATE
  "$<$<COMPILE_LANGUAGE:CXX>:-gline-tables-only>")  # expect: HPY600, HPY602
set_target_properties(kernels PROPERTIES
  CUDA_SEPARABLE_COMPILATION ON  # expect: HPY603
  # expect: HPY601
  )  # expect[default]: HPY601 | expect[hip]: HPY600
find_package(hipblas REQUIRED)
find_package(hipfft REQUIRED)
target_link_libraries(kernels PUBLIC hip::host roc::hipblas hip::hipfft)  # expect: HPY600

add_executable(demo main.cu)
set_source_files_properties(main.cu PROPERTIES LANGUAGE CXX)
set_property(TARGET demo APPEND PROPERTY LINK_LIBRARIES hip::device)  # expect: HPY600
target_link_libraries(demo PRIVATE kernels CUDA::nvml)  # expect: HPY603
set_property(TARGET demo PROPERTY CXX_STANDARD 17)  # expect: HPY600
