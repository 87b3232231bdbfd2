# A CUDA build as Makefiles write it. Comments stay as they are: nvcc -arch=sm_70 -lcudart.
CUDA_HOME ?= /usr/local/cuda-12.4  # expect: HPY600
CUDA_LIB := /usr/local/cuda/lib64  # expect: HPY600
NVCC=nvcc  # expect: HPY600
CXX = g++

NVCC_FLAGS = -O3 -std=c++17 -arch=sm_80 --use_fast_math -lineinfo  # expect: HPY600, HPY600, HPY600
NVCC_FLAGS += --expt-relaxed-constexpr --extended-lambda  # expect: HPY601, HPY601
NVCC_FLAGS += -Xcompiler -fopenmp,-Wall -Xptxas -v -maxrregcount=64  # expect: HPY600, HPY602, HPY602
NVCC_FLAGS += -gencode arch=compute_70,code=sm_70 -gencode=arch=compute_80,code=sm_80  # expect: HPY600, HPY601
CUDA_OBJS = kernel.o \
            util.o
RDC_FLAGS = -rdc=true -ccbin g++  # expect: HPY600, HPY601
LIBS = -L$(CUDA_HOME)/lib64 -lcudart -lcublas -lcurand -lcudadevrt -lm  # expect: HPY600, HPY600, HPY600, HPY602

all: app

kernel.o: kernel.cu
	$(NVCC) $(NVCC_FLAGS) -x cu -c $< -o $@  # expect: HPY600

app: kernel.o main.cpp
	$(CUDA_HOME)/bin/nvcc $(RDC_FLAGS) -o $@ $^ $(LIBS)  # expect: HPY600

clean:
	rm -f app *.o
