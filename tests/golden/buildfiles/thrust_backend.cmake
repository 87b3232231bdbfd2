# A project that selects Thrust's CUDA backend in its build: rocThrust's is HIP (kept, the
# define sent rocThrust down Thrust's CUDA backend: stdgpu's examples failed with no finding).
cmake_minimum_required(VERSION 3.18)
project(containers LANGUAGES CXX CUDA)  # expect: HPY600
add_executable(demo demo.cu)  # expect: HPY600
target_compile_definitions(demo PUBLIC THRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CUDA)  # expect: HPY600
add_compile_definitions("THRUST_HOST_SYSTEM=THRUST_HOST_SYSTEM_CPP")
