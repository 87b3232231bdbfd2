"""Single-source support: a generated compatibility folder instead of translated sources.

`hipify-py shim TREE --output-dir DIR` reads the tree as `translate` would (same discovery,
parsing, options and findings) and writes DIR so that the unchanged CUDA sources compile with
`hipcc -x hip -I DIR -include cuda_runtime.h`. `hipify-py check TREE --shim DIR` reports every
use the folder does not cover (HPY701) and a folder that regenerating would change (HPY702).

needs.py reads a file's needs off the engine's plan of its translation; generate.py renders the
folder; the runs that read a tree and write or check the folder are port/shim_folder.py's.
"""
