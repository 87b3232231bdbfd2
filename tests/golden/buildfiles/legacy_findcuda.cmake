# FindCUDA, CMake's module before CUDA was a language: its package, commands, flags variable and
# result variables.
cmake_minimum_required(VERSION 3.10)  # expect[hip]: HPY600
project(legacy CXX)
find_package(CUDA REQUIRED)  # expect: HPY600
list(APPEND CUDA_NVCC_FLAGS -O3 -arch=sm_61 -Xcompiler -fopenmp)  # expect: HPY600
include_directories(${CUDA_INCLUDE_DIRS})  # expect: HPY600
cuda_add_executable(legacy main.cu kernels.cu)  # expect: HPY600
target_link_libraries(legacy ${CUDA_LIBRARIES} ${CUDA_CUBLAS_LIBRARIES})  # expect: HPY600
cuda_compile_ptx(ptx_files kernels.cu)  # expect: HPY603

include(CheckLanguage)
check_language(CUDA)  # expect[default]: HPY603
if(CMAKE_CUDA_COMPILER)  # expect[default]: HPY603
  message(STATUS "nvcc at ${CMAKE_CUDA_COMPILER}")  # expect[default]: HPY603
endif()
