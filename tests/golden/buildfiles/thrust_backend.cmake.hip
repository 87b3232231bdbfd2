# A project that selects Thrust's CUDA backend in its build: rocThrust's is HIP (kept, the
# define sent rocThrust down Thrust's CUDA backend: stdgpu's examples failed with no finding).
cmake_minimum_required(VERSION 3.18)
project(containers LANGUAGES CXX)  # expect: HPY600
find_package(hip REQUIRED)
add_executable(demo demo.cu)
set_source_files_properties(demo.cu PROPERTIES LANGUAGE CXX)
set_property(TARGET demo APPEND PROPERTY LINK_LIBRARIES hip::device)  # expect: HPY600
target_compile_definitions(demo PUBLIC THRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_HIP)  # expect: HPY600
add_compile_definitions("THRUST_HOST_SYSTEM=THRUST_HOST_SYSTEM_CPP")
