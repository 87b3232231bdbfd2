"""Port the CMake projects of a CUDA tree with hipify-py and configure each with cmake.

    python scripts/cmake_check.py TREE OUT [--only SUBDIR ...] [--cmake-style cxx|hip]
        [--package-dir NAME=DIR ...] [--hip-version X.Y] [--gpu-targets gfx90a]

Every folder whose CMakeLists.txt calls project() is configured (cxx style: CXX=hipcc,
HIP_PLATFORM=amd) after translation. --package-dir points find_package(NAME) at a config folder
(for HIP libraries the default install lacks, e.g. another ROCm's hipblas). Prints how many
configure, the first CMake errors of the others, and the HPY602/HPY603/HPY900 findings of the
CMake files grouped by message: what the port left for a person. Nothing is downloaded; the tree
is read and the output written under OUT.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

_PROJECT = re.compile(r"^\s*project\s*\(", re.M | re.I)
_LEFT_FOR_A_PERSON = ("HPY602", "HPY603", "HPY900")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tree", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--only", action="append", default=[], help="a subfolder of TREE (repeat)")
    ap.add_argument("--cmake-style", default="cxx", choices=("cxx", "hip"))
    ap.add_argument("--package-dir", action="append", default=[], metavar="NAME=DIR")
    ap.add_argument("--hip-version", default="auto")
    ap.add_argument("--gpu-targets", default="gfx90a")
    args = ap.parse_args(argv)
    hipcc = shutil.which("hipcc")
    if hipcc is None or shutil.which("cmake") is None:
        print("needs hipcc and cmake on PATH", file=sys.stderr)
        return 2
    shutil.rmtree(args.out, ignore_errors=True)
    args.out.mkdir(parents=True)
    findings: dict[str, list[str]] = {}
    failures: list[tuple[str, str]] = []
    configured = total = 0
    for part in args.only or ["."]:
        source, ported = args.tree / part, args.out / "ported" / part
        report = args.out / f"report-{len(findings)}-{part.replace('/', '_')}.json"
        subprocess.run([sys.executable, "-m", "hipify_py", "translate", str(source),
                        "--output-dir", str(ported), "-q", "--no-cache",
                        "--cmake-style", args.cmake_style, "--hip-version", args.hip_version,
                        "--report", str(report)], check=False, capture_output=True)
        for d in json.loads(report.read_text()).get("diagnostics", []):
            if d["path"].endswith(("CMakeLists.txt", ".cmake")) and d["code"] in _LEFT_FOR_A_PERSON:
                findings.setdefault(f"{d['code']} {d['message'][:100]}", []).append(
                    f"{d['path']}:{d['line']}")
        for lists in sorted(ported.rglob("CMakeLists.txt")):
            if not _PROJECT.search(lists.read_text(errors="replace")):
                continue
            total += 1
            argv_ = ["cmake", "-S", str(lists.parent), "-B", str(args.out / "build" / str(total)),
                     f"-DGPU_TARGETS={args.gpu_targets}",
                     f"-DCMAKE_HIP_ARCHITECTURES={args.gpu_targets}"]
            argv_ += [f"-D{spec.split('=', 1)[0]}_DIR={spec.split('=', 1)[1]}"
                      for spec in args.package_dir]
            env = dict(os.environ, HIP_PLATFORM="amd", CXX=hipcc)
            proc = subprocess.run(argv_, env=env, capture_output=True, text=True, timeout=600,
                                  check=False)
            if proc.returncode == 0:
                configured += 1
                continue
            lines = proc.stderr.splitlines()
            errors = [" ".join(x.strip() for x in lines[i : i + 3])
                      for i, line in enumerate(lines) if "CMake Error" in line]
            failures.append((str(lists.relative_to(args.out / "ported")), " | ".join(errors[:2])))
    print(f"configured {configured}/{total} CMake projects")
    for where, why in failures:
        print(f"  FAIL {where}: {why[:240]}")
    print("left for a person (HPY602/HPY603/HPY900 in CMake files), by message:")
    for message, places in sorted(findings.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(places):4d} {message}  e.g. {places[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
