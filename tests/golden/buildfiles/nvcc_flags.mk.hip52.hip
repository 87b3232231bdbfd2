# A CUDA build as Makefiles write it. Comments stay as they are: nvcc -arch=sm_70 -lcudart.
CUDA_HOME ?= /opt/rocm  # expect: HPY600
CUDA_LIB := /opt/rocm/lib  # expect: HPY600
NVCC=hipcc  # expect: HPY600
CXX = g++

NVCC_FLAGS = -O3 -std=c++17 --offload-arch=gfx90a -ffast-math -gline-tables-only  # expect: HPY600, HPY600, HPY600
NVCC_FLAGS +=  # expect: HPY601, HPY601
NVCC_FLAGS += -fopenmp -Wall  # expect: HPY600, HPY602, HPY602
NVCC_FLAGS += --offload-arch=gfx90a  # expect: HPY600, HPY601
CUDA_OBJS = kernel.o \
            util.o
RDC_FLAGS = -fgpu-rdc  # expect: HPY600, HPY601
LIBS = -L$(CUDA_HOME)/lib64 -lamdhip64 -lhipblas -lhiprand -lm  # expect: HPY600, HPY600, HPY600, HPY602

all: app

kernel.o: kernel.cu
	$(NVCC) $(NVCC_FLAGS) -x hip -c $< -o $@  # expect: HPY600

app: kernel.o main.cpp
	hipcc $(RDC_FLAGS) -o $@ $^ $(LIBS)  # expect: HPY600

clean:
	rm -f app *.o
