"""Both pre-commit hooks under the real pre-commit, against a temporary git repository.

The hooks repository is a snapshot of this checkout (uncommitted changes included) committed
into a temporary git repository, named by path and commit in the project's
.pre-commit-config.yaml exactly as a user's `repo:` entry would be. pre-commit installs it into
its own environment (that install needs the package index, which CI has); PRE_COMMIT_HOME is
shared by the tests so it happens once.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false",
         *args], cwd=cwd, check=True, capture_output=True, text=True,
    ).stdout


@pytest.fixture(scope="module")
def hooks_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    pytest.importorskip("pre_commit", reason="pre-commit is not installed (test extra)")
    snapshot = tmp_path_factory.mktemp("hooks-repo")
    names = _git(REPO, "ls-files", "-co", "--exclude-standard", "-z").split("\0")
    for name in filter(None, names):
        source = REPO / name
        if source.is_file():
            (snapshot / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, snapshot / name)
    _git(snapshot, "init", "-q")
    _git(snapshot, "add", "-A")
    _git(snapshot, "commit", "-qm", "snapshot")
    return snapshot, _git(snapshot, "rev-parse", "HEAD").strip()


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture
def project(tmp_path: Path, hooks_repo: tuple[Path, str]) -> Path:
    repo, rev = hooks_repo
    _git(tmp_path, "init", "-q")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "ok.cu").write_text(
        "__global__ void k(float* p) { p[threadIdx.x] = 1; }\n"
        "void run(float* p) { k<<<1, 64>>>(p); cudaDeviceSynchronize(); }\n"
    )
    (tmp_path / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {repo}\n  rev: {rev}\n  hooks:\n  - id: hipify-py-check\n"
        "  - id: hipify-py-sync\n    args: [src, --output-dir, hip]\n"
        "  - id: hipify-py-shim\n    args: [src, --shim, shim]\n"
    )
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-qm", "base")
    return tmp_path


def _pre_commit(cwd: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "HIPIFY_PY_CACHE_DIR": str(home / "cache"),
           "NO_COLOR": "1"}
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run(["python", "-m", "pre_commit", "run", "--verbose", *args], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=1200)


def _hipify(cwd: Path, home: Path, *args: str) -> None:
    """hipify-py as a developer runs it in the project, sharing the hooks' cache."""
    env = {**os.environ, "HIPIFY_PY_CACHE_DIR": str(home / "cache")}
    subprocess.run(["python", "-m", "hipify_py", *args], cwd=cwd, env=env, check=True,
                   capture_output=True)


def test_check_hook_fails_on_new_unportable_code_in_staged_files(project: Path,
                                                                 pre_commit_home: Path) -> None:
    passed = _pre_commit(project, pre_commit_home, "hipify-py-check", "--all-files")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    (project / "src" / "bad.cu").write_text(
        '__device__ unsigned lane() {\n  unsigned r;\n  asm("mov.u32 %0, %%warpid;" : "=r"(r));\n'
        "  return r;\n}\n"
    )
    (project / "src" / "unstaged.cu").write_text("#include <cuda_egl_interop.h>\n")
    _git(project, "add", "src/bad.cu")
    failed = _pre_commit(project, pre_commit_home, "hipify-py-check")
    output = failed.stdout + failed.stderr
    assert failed.returncode == 1, output
    assert "src/bad.cu:3:" in output and "HPY300" in output
    assert "unstaged.cu" not in output  # only staged files are checked


def test_sync_hook_fails_when_hip_copies_are_stale(project: Path, pre_commit_home: Path) -> None:
    missing = _pre_commit(project, pre_commit_home, "hipify-py-sync", "--all-files")
    assert missing.returncode == 1, missing.stdout + missing.stderr
    assert "hip/ok.cu: out of date" in missing.stdout + missing.stderr
    _hipify(project, pre_commit_home, "translate", "src", "--output-dir", "hip")
    _git(project, "add", ".")
    _git(project, "commit", "-qm", "hip copy")
    in_sync = _pre_commit(project, pre_commit_home, "hipify-py-sync", "--all-files")
    assert in_sync.returncode == 0, in_sync.stdout + in_sync.stderr
    (project / "src" / "ok.cu").write_text("void later() { cudaFree(0); }\n")
    _git(project, "add", ".")
    stale = _pre_commit(project, pre_commit_home, "hipify-py-sync")
    assert stale.returncode == 1 and "hip/ok.cu: out of date" in stale.stdout + stale.stderr


def test_shim_hook_fails_until_the_shim_covers_a_new_cuda_name(project: Path,
                                                              pre_commit_home: Path) -> None:
    missing = _pre_commit(project, pre_commit_home, "hipify-py-shim", "--all-files")
    assert missing.returncode == 1, missing.stdout + missing.stderr
    _hipify(project, pre_commit_home, "shim", "src", "--output-dir", "shim")
    _git(project, "add", ".")
    _git(project, "commit", "-qm", "shim")
    covered = _pre_commit(project, pre_commit_home, "hipify-py-shim", "--all-files")
    assert covered.returncode == 0, covered.stdout + covered.stderr
    source = project / "src" / "ok.cu"
    source.write_text(source.read_text() + "void reset() { cudaDeviceReset(); }\n")
    _git(project, "add", ".")
    uncovered = _pre_commit(project, pre_commit_home, "hipify-py-shim")
    output = uncovered.stdout + uncovered.stderr
    assert uncovered.returncode == 1 and "src/ok.cu:3:" in output and "HPY701" in output, output
    _hipify(project, pre_commit_home, "shim", "src", "--output-dir", "shim")
    _git(project, "add", ".")
    again = _pre_commit(project, pre_commit_home, "hipify-py-shim")
    assert again.returncode == 0, again.stdout + again.stderr
