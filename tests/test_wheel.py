"""The wheel ships the mapping tables: build it, install it into a fresh virtual environment
(system site-packages for the dependencies, so no download), and translate a file with it from
outside the repository. The README's editable install compiles them too (issue 32)."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_installs_and_translates(tmp_path: Path) -> None:
    pytest.importorskip("hatchling", reason="hatchling (the build backend) is not installed")
    dist = tmp_path / "dist"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(dist),
         str(ROOT)], capture_output=True, text=True, check=False)
    assert build.returncode == 0, build.stderr[-3000:]
    wheel = next(dist.glob("hipify_py-*.whl"))
    import zipfile

    names = zipfile.ZipFile(wheel).namelist()
    assert "hipify_py/mappings/runtime.yaml" in names
    assert "hipify_py/reporting/templates/report.html.j2" in names
    assert "hipify_py/reporting/schemas/report-v1.schema.json" in names
    assert "hipify_py/engine/prelude/cuda_prelude.h" in names
    assert "hipify_py/mappings/builtin.table" in names  # compiled by hatch_build.py

    env_dir = _fresh_venv(tmp_path)
    _pip_install(env_dir, str(wheel))
    _first_run_compiles_nothing(tmp_path, env_dir, installed_in=env_dir)


@pytest.mark.slow
def test_editable_install_compiles_the_tables_when_installed(tmp_path: Path) -> None:
    """`pip install -e .`, the README's install: the tables are compiled into the checkout's
    build/compiled-tables, so the first run compiles nothing either."""
    pytest.importorskip("hatchling", reason="hatchling (the build backend) is not installed")
    import shutil

    checkout = tmp_path / "checkout"
    checkout.mkdir()
    for name in ("pyproject.toml", "hatch_build.py", "README.md"):
        shutil.copy2(ROOT / name, checkout / name)
    for name in ("src", "mappings"):
        shutil.copytree(ROOT / name, checkout / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "builtin.*"))
    env_dir = _fresh_venv(tmp_path)
    _pip_install(env_dir, "--no-build-isolation", "-e", str(checkout))
    assert (checkout / "build" / "compiled-tables" / "builtin.table").is_file()
    _first_run_compiles_nothing(tmp_path, env_dir, installed_in=checkout)


def _fresh_venv(tmp_path: Path) -> Path:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    # The dependencies (and pip) come from the environment running the tests, which may itself be
    # a virtual environment: its site-packages, not the base interpreter's (system_site_packages
    # would give the base's, where a venv's typer is missing). Listed in a .pth, their own .pth
    # files are not read, so the editable install of this repository stays out.
    site = next((env_dir / "lib").glob("python*/site-packages"))
    paths = sysconfig.get_paths()
    (site / "_outer_environment.pth").write_text(
        "\n".join(sorted({paths["purelib"], paths["platlib"]})) + "\n")
    return env_dir


def _pip_install(env_dir: Path, *what: str) -> None:
    install = subprocess.run(
        [str(env_dir / "bin" / "python"), "-m", "pip", "install", "--no-deps", "--ignore-installed",
         "--quiet", *what], capture_output=True, text=True, check=False)
    assert install.returncode == 0, install.stderr[-3000:]


def _first_run_compiles_nothing(tmp_path: Path, env_dir: Path, *, installed_in: Path) -> None:
    python = env_dir / "bin" / "python"
    work = tmp_path / "work"
    work.mkdir()
    (work / "k.cu").write_text("void f(float** p) { cudaMalloc(p, 4); cudaDeviceSynchronize(); }\n")
    env = {"PATH": f"{env_dir / 'bin'}:/usr/bin:/bin", "HIPIFY_PY_CACHE_DIR": str(tmp_path / "cache")}
    where = subprocess.run([str(python), "-c", "import hipify_py.tables.mappings as m; print(m.mappings_dir())"],
                           cwd=work, capture_output=True, text=True, env=env, check=True)
    assert str(installed_in) in where.stdout  # the installed copy, not the repository's
    for argv in ([str(env_dir / "bin" / "hipify-py")], [str(python), "-m", "hipify_py"]):
        proc = subprocess.run([*argv, "translate", "k.cu"], cwd=work, capture_output=True, text=True,
                              env=env, check=False)
        assert proc.returncode == 0, proc.stderr
        assert "hipMalloc(p, 4)" in proc.stdout and "hipDeviceSynchronize" in proc.stdout
    # the first run used the compiled table: nothing compiled into the cache
    assert not list((tmp_path / "cache").rglob("*.table"))
