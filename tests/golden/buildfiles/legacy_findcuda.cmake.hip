# FindCUDA, CMake's module before CUDA was a language: its package, commands, flags variable and
# result variables.
cmake_minimum_required(VERSION 3.10)  # expect[hip]: HPY600
project(legacy CXX)
find_package(hip REQUIRED)  # expect: HPY600
string(APPEND CMAKE_CXX_FLAGS " -O3 --offload-arch=gfx90a --offload-arch=gfx942 -fopenmp")  # expect: HPY600
include_directories(${hip_INCLUDE_DIRS})  # expect: HPY600
add_executable(legacy main.cu kernels.cu)
set_source_files_properties(main.cu kernels.cu PROPERTIES LANGUAGE CXX)
set_property(TARGET legacy APPEND PROPERTY LINK_LIBRARIES hip::device)  # expect: HPY600
find_package(hipblas REQUIRED)
target_link_libraries(legacy hip::host roc::hipblas)  # expect: HPY600
cuda_compile_ptx(ptx_files kernels.cu)  # expect: HPY603

include(CheckLanguage)
check_language(CUDA)  # expect[default]: HPY603
if(CMAKE_CUDA_COMPILER)  # expect[default]: HPY603
  message(STATUS "nvcc at ${CMAKE_CUDA_COMPILER}")
endif()
# Sources handed to a function of the project; a language set on a source; plain library names.
my_add_example(demo_tool tool.cu)
set_source_files_properties(tool.cu PROPERTIES LANGUAGE CXX)  # expect: HPY600
set_source_files_properties(host.cpp PROPERTIES LANGUAGE CXX)  # expect: HPY600
find_package(hipsparse REQUIRED)
target_link_libraries(demo_tool hip::host roc::hipsparse)  # expect: HPY600
if(CMAKE_CUDA_COMPILER_VERSION VERSION_LESS "11.0")  # expect: HPY603
  message(WARNING "needs CUDA 11")
endif()
