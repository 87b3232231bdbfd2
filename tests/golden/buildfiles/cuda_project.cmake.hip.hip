# A CUDA project's CMake (a *.cmake file is read as CMakeLists.txt is): the language, the
# toolkit package, CUDA:: targets, architectures, CUDA variables and properties, nvcc flags.
cmake_minimum_required(VERSION 3.21)  # expect[hip]: HPY600
project(demo VERSION 1.0 LANGUAGES CXX HIP)  # expect: HPY600

set(CMAKE_HIP_STANDARD 17)  # expect: HPY600
set(CMAKE_HIP_FLAGS "${CMAKE_HIP_FLAGS} -O3 -ffast-math")  # expect: HPY600, HPY601
if(NOT DEFINED CMAKE_HIP_ARCHITECTURES)
  set(CMAKE_HIP_ARCHITECTURES "gfx90a;gfx942")  # expect: HPY600
endif()
set(CMAKE_CUDA_SEPARABLE_COMPILATION ON)  # expect: HPY603

find_package(hip REQUIRED)  # expect: HPY600, HPY601

set(KERNELS solver.cu reduce.cu)
add_library(kernels STATIC ${KERNELS} host_part.cpp)
set_source_files_properties(solver.cu reduce.cu PROPERTIES LANGUAGE HIP)  # expect: HPY600
target_compile_options(kernels PRIVATE
  "$<$<COMPILE_LANGUAGE:HIP>:-gline-tables-only>")  # expect: HPY600, HPY602
set_target_properties(kernels PROPERTIES
  CUDA_SEPARABLE_COMPILATION ON  # expect: HPY603
  # expect: HPY601
  HIP_ARCHITECTURES "gfx90a;gfx942")  # expect[default]: HPY601 | expect[hip]: HPY600
find_package(hipblas REQUIRED)
find_package(hipfft REQUIRED)
target_link_libraries(kernels PUBLIC hip::host roc::hipblas hip::hipfft)  # expect: HPY600

add_executable(demo main.cu)
set_source_files_properties(main.cu PROPERTIES LANGUAGE HIP)  # expect: HPY600
target_link_libraries(demo PRIVATE kernels CUDA::nvml)  # expect: HPY603
set_property(TARGET demo PROPERTY HIP_STANDARD 17)  # expect: HPY600
