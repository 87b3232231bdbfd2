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
  message(STATUS "nvcc at ${CMAKE_CUDA_COMPILER}")
endif()
# Sources handed to a function of the project; a language set on a source; plain library names.
my_add_example(demo_tool tool.cu)  # expect: HPY600
set_source_files_properties(host.cpp PROPERTIES LANGUAGE CUDA)  # expect: HPY600
target_link_libraries(demo_tool cudart cusparse)  # expect: HPY600
if(CMAKE_CUDA_COMPILER_VERSION VERSION_LESS "11.0")  # expect: HPY603
  message(WARNING "needs CUDA 11")
endif()
