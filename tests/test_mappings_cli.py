"""`lookup`, `mappings docs` and `mappings stats`, and the strict mapping loader."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hipify_py.cli import app
from hipify_py.settings import Settings
from hipify_py.tables.mapping_model import MappingTable
from hipify_py.tables.mappings import MappingError, load_mapping_table


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


# --- lookup ------------------------------------------------------------------------------------
def test_lookup_known_names() -> None:
    code, out, _ = run("lookup", "cudaMalloc", "cublasSgemm")
    assert code == 0
    assert "cudaMalloc  (runtime" in out and "becomes     hipMalloc (HIP)" in out
    assert "HIP         hipblasSgemm" in out and "ROC         rocblas_sgemm" in out


def test_lookup_says_where_we_differ_from_hipify_clang_and_why() -> None:
    code, out, _ = run("lookup", "cudaDevAttrGpuOverlap")
    assert code == 0 and "becomes     hipDeviceAttributeDeviceOverlap (HIP)" in out
    assert "hipify-clang maps this to hipDeviceAttributeAsyncEngineCount, a count" in out


def test_lookup_roc_and_hip_version_gate() -> None:
    assert "becomes     rocblas_sgemm (rocBLAS)" in run("lookup", "cublasSgemm", "--roc")[1]
    code, out, _ = run("lookup", "cudaStreamBeginCaptureToGraph", "--hip-version", "5.2", "--json")
    record = json.loads(out)[0]
    assert code == 0 and record["becomes"] is None
    assert record["findings"][0]["code"] == "HPY150"


def test_lookup_shows_what_the_cuda_version_makes_of_a_name() -> None:
    code, out, _ = run("lookup", "CUDART_VERSION", "CUBLAS_VER_MAJOR", "--cuda-version", "11.8")
    assert code == 0 and "read as     11080 (CUDA 11.8, --cuda-version)" in out
    assert "read as     11 (CUDA 11.8, --cuda-version)" in out  # CUBLAS_VER_MAJOR
    assert "becomes     11 where its value is used" in out and "HPY101" not in out
    # CUDA 13's cudaMemAdvise takes a location: HIP's _v2 has that shape. A call's argument
    # shows its form; the release decides a use that is no call, and a call whose type is unseen
    old = run("lookup", "cudaMemAdvise", "--cuda-version", "12.0", "--hip-version", "7.2")[1]
    assert "as a value, hipMemAdvise (HIP)" in old
    assert ("call (4 args) by argument 4's type: int: hipMemAdvise; cudaMemLocation: "
            "hipMemAdvise_v2 (type not seen: read as int, --cuda-version, HPY156)") in old
    new = run("lookup", "cudaMemAdvise", "--cuda-version", "13.0", "--hip-version", "7.2")[1]
    assert "as a value, hipMemAdvise_v2 (HIP)" in new
    assert "(type not seen: read as cudaMemLocation, --cuda-version, HPY156)" in new


def test_lookup_shows_each_call_form_by_argument_count() -> None:
    code, out, _ = run("lookup", "cudaGraphAddDependencies", "--hip-version", "7.2", "--json")
    calls = json.loads(out)[0]["calls"]
    assert code == 0
    assert [(c["arguments"], c["becomes"], c["null_argument_dropped"]) for c in calls] == [
        (4, "hipGraphAddDependencies", None), (5, "hipGraphAddDependencies", 4)]
    # a form the target HIP lacks says why
    out = run("lookup", "cudaMemPrefetchAsync", "--hip-version", "5.2")[1]
    assert "call (3 args) hipMemPrefetchAsync" in out
    assert "call (5 args) left (cudaMemPrefetchAsync_v2 -> hipMemPrefetchAsync_v2 needs HIP" in out


def test_lookup_shows_the_name_a_hip_before_the_change_has() -> None:
    code, out, _ = run("lookup", "cublasCgemm", "--hip-version", "6.3")
    assert code == 0 and "HIP before  hipblasCgemm_v2   [HIP 6.0.0 up to 7.0.0]" in out
    assert "becomes     hipblasCgemm_v2 (hipBLAS)" in out
    assert "becomes     hipblasCgemm (hipBLAS)" in run("lookup", "cublasCgemm", "--hip-version",
                                                       "7.2")[1]


def test_lookup_unknown_name_suggests_and_fails() -> None:
    code, out, _ = run("lookup", "cudaMallc")
    assert code == 1 and "did you mean: cudaMalloc" in out


def test_lookup_reverse_and_json() -> None:
    code, out, _ = run("lookup", "hipMalloc", "--json")
    assert code == 0
    assert "cudaMalloc" in json.loads(out)[0]["cuda_names"]


def test_lookup_unsupported_cudnn_names_the_closest_miopen_function(table: MappingTable) -> None:
    name = next(e.cuda for e in table.entries.values()
                if e.family == "cudnn" and e.status.value == "unsupported" and e.closest)
    code, out, _ = run("lookup", name, "--json")
    record = json.loads(out)[0]
    assert code == 0  # known, even though it has no equivalent
    assert record["becomes"] is None and record["findings"][0]["code"] == "HPY112"
    assert record["closest"] in record["findings"][0]["suggestion"]


# --- docs and stats ----------------------------------------------------------------------------
def test_docs_markdown_is_a_valid_table() -> None:
    code, out, _ = run("mappings", "docs", "--format", "md", "--family", "runtime")
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith("|")]
    header, separator, body = rows[0], rows[1], rows[2:]
    width = header.count(" | ") + 1
    assert separator == "|" + "---|" * width
    assert all(line.replace("\\|", "").count(" | ") + 1 == width for line in body)
    assert any(line.startswith("| cudaMalloc | hipMalloc |") for line in body)


def test_docs_html_and_csv(tmp_path: Path, table: MappingTable) -> None:
    out_file = tmp_path / "apis.html"
    assert run("mappings", "docs", "--format", "html", "-o", str(out_file))[0] == 0
    html = out_file.read_text()
    assert "<table>" in html and "<td>cudaMalloc</td>" in html
    code, out, _ = run("mappings", "docs", "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0
    assert rows[0] == ["family", "CUDA", "HIP", "ROC", "CUDA A/D/R", "HIP A/D/R/E", "status",
                       "differs on AMD"]
    capability = next(r for r in rows if r[1] == "cudaDevAttrComputeCapabilityMajor")
    assert capability[-1].startswith("HPY170: on AMD this is the gfx ISA version")
    managed = next(r for r in rows if r[1] == "cudaMallocManaged")
    assert managed[-1].startswith("HPY171: unless HSA_XNACK=1")
    assert len(rows) - 1 == len(table.entries)


def test_docs_usage_errors() -> None:
    assert run("mappings", "docs", "--format", "pdf")[0] == 2
    code, _, err = run("mappings", "docs", "--family", "cuquantum")
    assert code == 2 and "unknown family" in err


def test_stats_add_up(table: MappingTable) -> None:
    code, out, _ = run("mappings", "stats", "--json")
    doc = json.loads(out)
    assert code == 0
    assert sum(sum(c.values()) for c in doc["families"].values()) == doc["total"] == len(table.entries)
    assert "cublas" in run("mappings", "stats")[1]


# --- the strict loader ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("family: runtime\nentries:\n  cudaFoo: {hip: a}\n  cudaFoo: {hip: b}\n", "duplicate key 'cudaFoo'"),
        ("family: runtime\nentries:\n  on: {hip: a}\n", "on"),
        ("family: runtime\nentries:\n  cudaFoo: {hip: a, hipp: b}\n", "hipp"),
        ("family: runtime\nentries:\n  cudaFoo: {hip: cudaMalloc}\n", "chain"),
        ("family: runtime\nentries:\n  cudaFoo: {hip: [unclosed\n", "extra.yaml"),
    ],
)
def test_loader_rejects_bad_files_naming_file_and_key(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "extra.yaml"
    path.write_text(text)
    with pytest.raises(MappingError) as info:
        load_mapping_table([path], use_cache=False)
    assert "extra.yaml" in str(info.value) and message in str(info.value)


def test_user_files_add_and_override(tmp_path: Path) -> None:
    path = tmp_path / "extra.yaml"
    path.write_text("family: runtime\nentries:\n  myCudaWrapper: {hip: myHipWrapper}\n"
                    "  cudaMalloc: {hip: hipMallocManaged}\n")
    table = load_mapping_table([path], use_cache=False)
    assert table.entries["myCudaWrapper"].hip == "myHipWrapper"
    assert table.entries["cudaMalloc"].hip == "hipMallocManaged"


def test_compiled_cache_follows_file_contents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIPIFY_PY_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "extra.yaml"
    path.write_text("family: runtime\nentries:\n  myCudaWrapper: {hip: first}\n")
    assert load_mapping_table([path]).entries["myCudaWrapper"].hip == "first"
    assert load_mapping_table([path]).entries["myCudaWrapper"].hip == "first"  # from the cache
    path.write_text("family: runtime\nentries:\n  myCudaWrapper: {hip: second}\n")
    assert load_mapping_table([path]).entries["myCudaWrapper"].hip == "second"


def test_compiled_entries_load_on_first_use_and_survive_a_cleaned_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pickle

    from hipify_py.tables import mappings

    monkeypatch.setattr(mappings, "compiled_dir", lambda: tmp_path / "not-installed")
    monkeypatch.setenv("HIPIFY_PY_CACHE_DIR", str(tmp_path / "cache"))
    load_mapping_table()
    table = load_mapping_table()  # from the cache: entries not read yet
    assert table.entries._blobs is None  # type: ignore[attr-defined]
    for entries in (tmp_path / "cache").rglob("*.entries"):
        entries.unlink()  # cleaned while the table was in use
    assert table.entries["cudaMalloc"].hip == "hipMalloc"
    shipped = pickle.loads(pickle.dumps(load_mapping_table()))  # as a spawned worker gets it
    assert shipped.entries["cudaFree"].hip == "hipFree"


def test_the_shipped_table_is_used_while_it_matches_the_yaml(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: MappingTable) -> None:
    """The wheel ships the tables compiled (hatch_build.py): the first run builds nothing, and a
    table edited after installing is built from its YAML instead."""
    import pickle
    import shutil

    from hipify_py.tables import mappings

    package = tmp_path / "mappings"
    shutil.copytree(mappings.mappings_dir(), package, ignore=shutil.ignore_patterns("builtin.*"))
    mappings.write_shipped_table(package, package)
    monkeypatch.setattr(mappings, "mappings_dir", lambda: package)
    monkeypatch.setattr(mappings, "compiled_dir", lambda: package)
    monkeypatch.setenv("HIPIFY_PY_CACHE_DIR", str(tmp_path / "cache"))
    shipped = load_mapping_table()
    assert not list((tmp_path / "cache").rglob("*.table"))  # nothing compiled
    assert shipped.entries._blobs is None  # type: ignore[attr-defined]  # read on first use
    def sourceless(entries: Any) -> dict[str, Any]:  # (sources name the package's files)
        return {name: e._replace(source="") for name, e in entries.items()}

    assert sourceless(shipped.entries) == sourceless(table.entries)
    assert sourceless(shipped.headers) == sourceless(table.headers)
    assert shipped.entries["cudaMalloc"].source == "hipify_py/mappings/runtime.yaml"
    again = pickle.loads(pickle.dumps(shipped))  # as a spawned worker gets it
    assert again.entries["cudaFree"].hip == "hipFree"

    runtime = package / "runtime.yaml"
    runtime.write_text(runtime.read_text().replace("hip: hipFree,", "hip: hipFreeEdited,", 1))
    edited = load_mapping_table()
    assert edited.entries["cudaFree"].hip == "hipFreeEdited"
    assert list((tmp_path / "cache").rglob("*.table"))  # compiled from the YAML


def test_compiled_table_round_trips_through_pickle(table: MappingTable) -> None:
    """The compiled cache is a pickle of the table; entries unpickle through tuple.__new__."""
    import pickle

    from hipify_py.tables.mapping_model import ApiEntry

    again = pickle.loads(pickle.dumps(table, protocol=pickle.HIGHEST_PROTOCOL))
    assert dict(again.entries) == dict(table.entries) and again.digest == table.digest
    entry = next(e for e in again.entries.values() if e.args)
    assert type(entry) is ApiEntry and entry.status is table.entries[entry.cuda].status


def test_merging_types_are_computed_when_the_table_is_built(table: MappingTable) -> None:
    from dataclasses import replace

    from hipify_py.engine.rules.type_clashes import _merging_types
    from hipify_py.tables.targets import merging_type_names

    assert table.merging_types is not None and {"CUresult", "cudaError_t"} <= table.merging_types
    assert table.merging_types == merging_type_names(table)
    assert _merging_types(replace(table, merging_types=None)) == table.merging_types


def test_cublaslt_names_are_said_to_lack_a_hipblaslt_equivalent(table: MappingTable) -> None:
    """cuBLASLt shares the cublas family; a name hipBLASLt lacks is not hipBLAS's to lack."""
    from hipify_py.tables.targets import resolve

    lt = resolve(table.entries["CUBLASLT_POINTER_MODE_MASK_ALPHA_DEVICE_VECTOR_BETA_ZERO"], Settings(),
                 table)
    assert [n.message for n in lt.notes if n.code == "HPY108"] == [
        "CUBLASLT_POINTER_MODE_MASK_ALPHA_DEVICE_VECTOR_BETA_ZERO has no hipBLASLt equivalent"]
    assert any("no hipBLAS equivalent" in n.message
               for e in table.entries.values()
               if e.family == "cublas" and e.status.name == "UNSUPPORTED"
               and not e.cuda.lower().startswith("cublaslt")
               for n in resolve(e, Settings(), table).notes)
