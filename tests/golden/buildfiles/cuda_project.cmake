# A CUDA project's CMake (a *.cmake file is read as CMakeLists.txt is): the language, the
# toolkit package, CUDA:: targets, architectures, CUDA variables and properties, nvcc flags.
cmake_minimum_required(VERSION 3.18)  # expect[hip]: HPY600
project(demo VERSION 1.0 LANGUAGES CXX CUDA)  # expect: HPY600

set(CMAKE_CUDA_STANDARD 17)  # expect: HPY600
set(CMAKE_CUDA_FLAGS "${CMAKE_CUDA_FLAGS} -O3 --use_fast_math --expt-extended-lambda")  # expect: HPY600, HPY601
if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
  set(CMAKE_CUDA_ARCHITECTURES 70 75 80-real)  # expect: HPY600
endif()
set(CMAKE_CUDA_SEPARABLE_COMPILATION ON)  # expect: HPY603

find_package(CUDAToolkit 11.4 REQUIRED)  # expect: HPY600, HPY601

set(KERNELS solver.cu reduce.cu)
add_library(kernels STATIC ${KERNELS} host_part.cpp)  # expect: HPY600
target_compile_options(kernels PRIVATE
  "$<$<COMPILE_LANGUAGE:CUDA>:-lineinfo;-Xptxas=-v;--maxrregcount=64>")  # expect: HPY600, HPY602
set_target_properties(kernels PROPERTIES
  CUDA_SEPARABLE_COMPILATION ON  # expect: HPY603
  CUDA_RESOLVE_DEVICE_SYMBOLS ON  # expect: HPY601
  CUDA_ARCHITECTURES "80;90")  # expect[default]: HPY601 | expect[hip]: HPY600
target_link_libraries(kernels PUBLIC CUDA::cudart CUDA::cublas CUDA::cufft)  # expect: HPY600

add_executable(demo main.cu)  # expect: HPY600
target_link_libraries(demo PRIVATE kernels CUDA::nvml)  # expect: HPY603
set_property(TARGET demo PROPERTY CUDA_STANDARD 17)  # expect: HPY600
