"""scripts/differential_run.py: the comparison of two runs and the verdict, without a GPU."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from script_modules import load_script

ROOT = Path(__file__).resolve().parents[1]
dr = load_script("differential_run")

Rules = dr.Rules
RunResult = dr.RunResult


def ok(stdout: str = "", code: int = 0, **files: str) -> RunResult:
    status = "ok" if code == 0 else f"exit {code}"
    return RunResult(status, code, 0.1, stdout, "", dict(files))


# --- masking and tolerance ---------------------------------------------------------------------

def test_mask_replaces_only_the_match() -> None:
    rules = Rules.from_dict({"mask": [r"took [0-9.]+ ms"]})
    assert dr.normalise("sum 42, took 3.25 ms\n", rules) == ["sum 42, <masked>"]
    assert dr.first_difference("sum 42 took 1.0 ms", "sum 42 took 9.5 ms", rules) == []
    assert dr.first_difference("sum 42 took 1.0 ms", "sum 43 took 1.0 ms", rules) != []


def test_ignored_lines_and_trailing_blanks() -> None:
    rules = Rules.from_dict({"ignore_lines": [r"(?i)\btime\b"]})
    assert dr.normalise("a \nTime: 3.1\nb\n\n\n", rules) == ["a", "b"]
    assert dr.first_difference("a\nTime: 1\nb\n", "a\r\nTime: 7\r\nb", rules) == []


def test_sort_lines_for_output_in_any_order() -> None:
    rules = Rules.from_dict({"sort_lines": True})
    assert dr.first_difference("block 0\nblock 1\n", "block 1\nblock 0\n", rules) == []
    assert dr.first_difference("block 0\nblock 1\n", "block 1\nblock 1\n", Rules()) != []


def test_numbers_within_tolerance() -> None:
    assert dr.lines_match("x = 1.000001", "x = 1.000002", rtol=1e-5, atol=0)
    assert not dr.lines_match("x = 1.0001", "x = 1.0002", rtol=1e-5, atol=0)
    assert dr.lines_match("err 1e-9", "err 3e-9", rtol=0, atol=1e-8)
    # Exact by default: a result one unit off is a different result.
    assert not dr.lines_match("count 100", "count 101", rtol=0, atol=0)
    # The words between the numbers must agree exactly.
    assert not dr.lines_match("PASS 1.0", "FAIL 1.0", rtol=1, atol=1)
    # Different counts of numbers on the line are a difference, not an error.
    assert not dr.lines_match("1 2", "1 2 3", rtol=1, atol=1)


def test_nan_equals_only_nan() -> None:
    assert dr.lines_match("v nan", "v nan", rtol=0, atol=0)
    assert dr.lines_match("v nan", "v -nan", rtol=0, atol=0)
    assert not dr.lines_match("v nan", "v 0.0", rtol=1, atol=1)
    assert dr.lines_match("v inf", "v inf", rtol=0, atol=0)


def test_difference_names_the_line_and_the_extra_lines() -> None:
    diff = dr.first_difference("a 1\nb 2\n", "a 1\nb 3\n", Rules())
    assert diff == ["line 2:", "- b 2", "+ b 3"]
    diff = dr.first_difference("a\n", "a\nb\n", Rules())
    assert diff[0].startswith("1 lines vs 2") and diff[1] == "+ b"


def test_output_files_and_stderr_are_compared_when_asked() -> None:
    rules = Rules.from_dict({"files": ["result.txt"], "rtol": 1e-3})
    a = ok("done", **{"result.txt": "0) 1.0000\n1) 2.0000\n"})
    b = ok("done", **{"result.txt": "0) 1.0001\n1) 2.5000\n"})
    assert dr.output_difference(a, b, rules)[0] == "result.txt: line 2:"
    a.stderr, b.stderr = "warn 1", "warn 2"
    assert dr.output_difference(a, a, Rules.from_dict({"stderr": True})) == []
    assert dr.output_difference(a, b, Rules())[:1] == []
    assert dr.output_difference(a, b, Rules.from_dict({"stderr": True}))[0].startswith("stderr")


# --- verdicts ------------------------------------------------------------------------------------

def test_verdict_pass_and_wrong_result() -> None:
    rules = Rules.from_dict({"rtol": 1e-6})
    assert dr.decide(True, True, ok("s 1.0"), ok("s 1.0"), ok("s 1.0000001"), rules) == ("pass", [])
    verdict, detail = dr.decide(True, True, ok("s 1.0"), ok("s 1.0"), ok("s 2.0"), rules)
    assert verdict == "wrong-result" and detail[0] == "stdout: line 1:"


def test_verdict_builds() -> None:
    assert dr.decide(False, True, None, None, None, Rules())[0] == "original-fails"
    assert dr.decide(True, False, ok(), ok(), None, Rules())[0] == "port-build-fail"
    # A port that does not build is that, even where the original's run is no reference.
    assert dr.decide(True, False, ok("t 1"), ok("t 2"), None, Rules())[0] == "port-build-fail"
    assert dr.decide(True, False, None, None, None, Rules())[0] == "port-build-fail"


def test_verdict_hang_and_run_failures() -> None:
    hang = RunResult("timeout", None, 60.0)
    assert dr.decide(True, True, ok("x"), ok("x"), hang, Rules())[0] == "hang"
    crash = RunResult("signal 11", -11, 0.1)
    assert dr.decide(True, True, ok("x"), ok("x"), crash, Rules())[0] == "port-run-fail"
    # A port that exits otherwise than the original failed, whatever it printed.
    assert dr.decide(True, True, ok("x"), ok("x"), ok("x", code=1), Rules())[0] == "port-run-fail"


def test_verdict_original_fails() -> None:
    rules = Rules()
    # The original must finish as the manifest expects ...
    assert dr.decide(True, True, ok("x", code=2), None, ok("x"), rules)[0] == "original-fails"
    assert dr.decide(True, True, RunResult("timeout", None, 9), None, ok(), rules)[0] == \
        "original-fails"
    # ... unless the manifest says another exit status (or any) is its normal end.
    assert dr.decide(True, True, ok("x", code=2), None, ok("x", code=2),
                     Rules.from_dict({"exit": 2}))[0] == "pass"
    assert dr.decide(True, True, ok("x", code=3), None, ok("x", code=3),
                     Rules.from_dict({"exit": "any"}))[0] == "pass"
    # An original whose output changes between two runs is no reference: mask what varies.
    verdict, detail = dr.decide(True, True, ok("t 1"), ok("t 2"), ok("t 1"), rules)
    assert verdict == "original-fails" and "varies" in detail[0]


# --- rules, manifests and logs -------------------------------------------------------------------

def test_rules_reject_unknown_keys_and_bad_regexes() -> None:
    with pytest.raises(ValueError, match="unknown compare rule"):
        Rules.from_dict({"tolerance": 1})
    with pytest.raises(re.error):
        Rules.from_dict({"mask": ["(unclosed"]})


def test_program_rules_extend_the_defaults() -> None:
    merged = dr.merge_rules({"ignore_lines": ["time"], "rtol": 1e-4},
                            {"ignore_lines": ["GB/s"], "rtol": 1e-2})
    assert merged == {"ignore_lines": ["time", "GB/s"], "rtol": 1e-2}


def test_manifest_merges_defaults_and_lists_skips(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text("""
corpus: demo
folders: [shared]
defaults: {flags: [-O2], timeout: 5, compare: {ignore_lines: [time]}}
programs:
  - {name: a, folder: src/a, sources: [a.cu], flags: [-DX], compare: {rtol: 0.1}}
  - {name: b, folder: src/b, skip: "needs a video"}
""")
    m = dr.load_manifest(path)
    a, b = m["programs"]
    assert a["flags"] == ["-O2", "-DX"] and a["timeout"] == 5.0
    assert a["compare"] == {"ignore_lines": ["time"], "rtol": 0.1}
    assert b == {"name": "b", "folder": "src/b", "skip": "needs a video"}
    assert m["folders"] == ["shared", "src/a"]  # a skipped program's folder is not copied
    path.write_text("corpus: d\nprograms:\n  - {name: a, folder: x, sources: [a.cu], argz: []}\n")
    with pytest.raises(ValueError, match="unknown keys"):
        dr.load_manifest(path)


def test_error_locations_of_nvcc_and_gcc() -> None:
    log = ("a.cu(12): error: identifier \"x\" is undefined\n"
           "b.c:7:3: error: unknown type name\n"
           "a.cu(3): warning #177-D: unused\n")
    assert dr.error_locations(log) == [("a.cu", 12), ("b.c", 7)]
    assert dr.first_error("x\nmain.o: undefined reference to `cuInit'\n") == \
        ["main.o: undefined reference to `cuInit'"]


def test_findings_in_a_program_folder() -> None:
    findings = {"cuda/bfs/bfs.cu": {"10": ["HPY160 warning: mask dropped"],
                                    "3": ["HPY600 note: build"]},
                "cuda/bfs2/x.cu": {"1": ["HPY101 error: none"]}}
    assert dr.program_findings(findings, "cuda/bfs") == \
        ["cuda/bfs/bfs.cu:10: HPY160 warning: mask dropped"]
    assert dr.findings_near(findings, "cuda/bfs/./bfs.cu", 3) == ["HPY600 note: build"]


def test_summary_table_counts_verdicts() -> None:
    def entry(verdict: str, built: bool = True) -> dict[str, object]:
        return {"corpus": "c", "program": verdict, "verdict": verdict, "detail": ["why"],
                "original": {"build": "ok"},
                "port": {"build": "ok" if built else "fail", "error": ["e.cu(1): error: x"]}}
    doc = {"programs": [entry("pass"), entry("wrong-result"), entry("hang"),
                        entry("port-build-fail", built=False)],
           "skipped": [{"corpus": "c", "program": "s", "reason": "data"}]}
    text = dr.summarise(doc)
    assert "| c | 4 | 4 | 3 | 1 | 1 | 1 | 0 | 0 | 1 |" in text
    assert "**c/wrong-result**: wrong-result" in text and "e.cu(1): error: x" in text


def test_binary_float_files_within_tolerance() -> None:
    import struct

    def f32(*values: float) -> bytes:
        return struct.pack(f"<{len(values)}f", *values)

    rules = Rules.from_dict({"binary": ["out.bin"], "rtol": 1e-4})
    a = ok("", **{})
    a.blobs["out.bin"] = f32(1.0, 2.0, 3.0)
    b = ok("")
    b.blobs["out.bin"] = f32(1.0, 2.0001, 3.0)
    assert dr.output_difference(a, b, rules) == []
    b.blobs["out.bin"] = f32(1.0, 2.5, 3.0)
    assert dr.output_difference(a, b, rules)[0] == "out.bin: float 1 (byte 4):"
    # An integer header read as a float is subnormal: it must match bit for bit.
    header = struct.pack("<I", 64)
    diff = dr.binary_difference(header + f32(1.0), struct.pack("<I", 65) + f32(1.0), 1, 1)
    assert diff[0] == "float 0 (byte 0):"
    assert dr.binary_difference(f32(1.0), f32(1.0) + b"x", 0, 0) == ["4 bytes vs 5"]


def test_findings_move_to_the_port_lines(tmp_path: Path) -> None:
    (tmp_path / "o").mkdir()
    (tmp_path / "p").mkdir()
    (tmp_path / "o" / "k.cu").write_text("a\nb\nk<<<1, 1>>>(x);\nc\n")
    (tmp_path / "p" / "k.cu").write_text("#include <hip/hip_runtime.h>\na\nb\n"
                                         "hipLaunchKernelGGL(k,\n  1, 1, 0, 0, x);\nc\n")
    findings = {"k.cu": {"2": ["HPY1 warning: on b"], "3": ["HPY2 error: on the launch"],
                         "4": ["HPY3 note: on c"]}}
    moved = dr.port_lines(findings, tmp_path / "o", tmp_path / "p")["k.cu"]
    assert moved["3"] == ["HPY1 warning: on b"]  # one line down: the include came first
    assert moved["4"] == moved["5"] == ["HPY2 error: on the launch"]  # rewritten in 2 lines
    assert moved["6"] == ["HPY3 note: on c"]
