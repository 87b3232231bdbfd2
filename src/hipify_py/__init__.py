"""hipify-py: port CUDA source trees to HIP, and report precisely what could not be ported."""

__version__ = "0.1.0"
