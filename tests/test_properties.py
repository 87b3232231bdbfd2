"""Property tests: translation never raises, leaves CUDA-free input byte-identical, and is
idempotent (translate . translate == translate)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hipify_py.engine.translate import translate_source
from hipify_py.results import FileStatus
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import MappingTable

# C/C++-like token soup, with CUDA names, launches, directives, comments and strings mixed in.
PLAIN = [
    "int", "x", "y", "(", ")", "{", "}", "[", "]", ";", ",", "=", "+", "<", ">", "<<", ">>",
    "::", ".", "->", "0", "32", "1.5f", '"text"', "'c'", "\n", " ", "\t", "#define M(a) a\n",
    "#if 0\n", "#endif\n", "#include <vector>\n", "// comment\n", "/* block */", "template",
    "namespace", "struct", "return", "static", "\\\n", "\r\n",
]
CUDA = [
    "cudaMalloc", "cudaFree", "cudaMemcpy", "cudaStream_t", "cudaSuccess", "__global__",
    "__device__", "__shared__", "threadIdx", "<<<", ">>>", "cudaMemcpyToSymbol",
    "cudaEventCreate", "cub", "cublasSgemm", "#include <cuda_runtime.h>\n",
    '"cudaMalloc failed"', "__shfl_down_sync", "cudaMallocHost", "k<<<1, 2>>>(a);",
]

soup = st.lists(st.sampled_from(PLAIN + CUDA), max_size=60).map("".join)
plain_soup = st.lists(st.sampled_from(PLAIN), max_size=60).map("".join)
CHECK = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@CHECK
@given(data=st.binary(max_size=400))
def test_random_bytes_never_raise(data: bytes, table: MappingTable) -> None:
    result = translate_source(data, "random.cu", table, Settings())
    assert result.status in (FileStatus.UNCHANGED, FileStatus.TRANSLATED, FileStatus.FAILED)
    assert result.output is not None


@CHECK
@given(text=plain_soup)
def test_cuda_free_input_is_byte_identical(text: str, table: MappingTable) -> None:
    data = text.encode()
    result = translate_source(data, "plain.cpp", table, Settings())
    assert result.output == data


@CHECK
@given(text=soup)
def test_translation_is_idempotent(text: str, table: MappingTable) -> None:
    data = text.encode()
    once = translate_source(data, "soup.cu", table, Settings())
    assert once.output is not None
    if once.status is FileStatus.FAILED:
        return  # an edit conflict leaves the file unchanged (and is reported)
    twice = translate_source(once.output, "soup.cu", table, Settings())
    assert twice.output == once.output
