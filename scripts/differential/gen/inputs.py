"""Input files for the differential run, made from a fixed seed (stdlib only: runs on the GPU machine).

The corpora expect data from a separate download that we neither copy nor fetch; these write
files of the same format, sized for a quick run:

    python3 inputs.py KIND ARGS... > FILE     (or writes the files it names)

Each kind documents the format its program reads.
"""

from __future__ import annotations

import os
import random
import struct
import subprocess
import sys
from collections.abc import Callable

RNG = random.Random(28)


def ints(n: str) -> None:
    """b+tree: the count, then that many keys, one a line."""
    count = int(n)
    keys = RNG.sample(range(1, 10 * count), count)
    sys.stdout.write(f"{count}\n" + "".join(f"{k}\n" for k in keys))


def graph(n: str, degree: str = "4") -> None:
    """Rodinia bfs: nodes, (first edge, edge count) per node, source, edge count, (dest, cost)."""
    nodes, d = int(n), int(degree)
    edges: list[list[int]] = [[] for _ in range(nodes)]
    for i in range(nodes):  # a ring keeps it connected; random chords make it interesting
        for j in {(i + 1) % nodes, *(RNG.randrange(nodes) for _ in range(d - 1))}:
            edges[i].append(j)
    out, start = [str(nodes)], 0
    for e in edges:
        out.append(f"{start} {len(e)}")
        start += len(e)
    out += ["", "0", "", str(start)]
    out += [f"{j} {RNG.randint(1, 10)}" for e in edges for j in e]
    sys.stdout.write("\n".join(out) + "\n")


def floats(count: str, low: str = "0", high: str = "1") -> None:
    """One float a line (hotspot's temperature and power grids, row-major)."""
    lo, hi = float(low), float(high)
    sys.stdout.write("".join(f"{RNG.uniform(lo, hi):.6f}\n" for _ in range(int(count))))


def points(n: str, features: str) -> None:
    """kmeans: `id f1 f2 ...` per line; points around a few centres so clusters exist."""
    centres = [[RNG.uniform(0, 100) for _ in range(int(features))] for _ in range(5)]
    for i in range(int(n)):
        c = centres[i % len(centres)]
        sys.stdout.write(f"{i + 1} " + " ".join(f"{x + RNG.gauss(0, 3):.4f}" for x in c) + "\n")


def hurricanes(files: str, records: str) -> None:
    """nn: files of fixed-width hurricane records (lat at column 29, long at 35) and a list."""
    names = ["ALBERTO", "BERYL", "CHRIS", "DEBBY", "ERNESTO", "HELENE", "ISAAC", "JOYCE"]
    with open("filelist", "w") as listing:
        for f in range(int(files)):
            name = os.path.abspath(f"cane_{f}.db")
            listing.write(name + "\n")
            with open(name, "w") as db:
                for _ in range(int(records)):
                    lat = 7 + RNG.randrange(63) + RNG.random()
                    lon = RNG.randrange(358) + RNG.random()
                    db.write(f"{1950 + RNG.randrange(55):4d} {1 + RNG.randrange(12):2d} "
                             f"{1 + RNG.randrange(28):2d} {RNG.choice([0, 6, 12, 18]):2d} "
                             f"{1 + RNG.randrange(28):2d} {RNG.choice(names):<9s} "
                             f"{lat:5.1f} {lon:5.1f} {10 + RNG.randrange(155):4d} "
                             f"{RNG.randrange(900):4d}\n")


def matrix(n: str) -> None:
    """lud: the size, then a diagonally dominant matrix (LU without pivoting stays stable)."""
    size = int(n)
    sys.stdout.write(f"{size}\n")
    for i in range(size):
        row = [RNG.uniform(0, 1) + (size if i == j else 0) for j in range(size)]
        sys.stdout.write(" ".join(f"{x:.6f}" for x in row) + "\n")


def pgm(width: str, height: str) -> None:
    """srad: an ASCII PGM (P2) of smooth shapes with noise."""
    w, h = int(width), int(height)
    sys.stdout.write(f"P2\n{w} {h}\n255\n")
    for y in range(h):
        row = []
        for x in range(w):
            inside = (x - w / 2) ** 2 + (y - h / 2) ** 2 < (min(w, h) / 3) ** 2
            row.append(max(0, min(255, (180 if inside else 60) + RNG.randint(-20, 20))))
        sys.stdout.write(" ".join(map(str, row)) + "\n")


def raw(size: str) -> None:
    """dwt2d's raw image and huffman's symbols: bytes skewed towards small values."""
    data = bytes(min(255, int(RNG.expovariate(1 / 24))) for _ in range(int(size)))
    sys.stdout.buffer.write(data)


def cfd_mesh(nx: str, ny: str) -> None:
    """cfd: element count, then per element its volume and 4 faces (neighbour, normal x y z).

    A flat grid of cells: neighbours left, right, below, above (1-based, as Fortran numbers
    them); -1 a wall, -2 the far field at the grid's edge.
    """
    w, h = int(nx), int(ny)
    out = [str(w * h)]
    for y in range(h):
        for x in range(w):
            faces = []
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                X, Y = x + dx, y + dy
                nb = Y * w + X + 1 if 0 <= X < w and 0 <= Y < h else (-2 if dy else -1)
                faces.append(f"{nb} {dx * 0.01:.4f} {dy * 0.01:.4f} 0.0")
            out.append(f"{0.0001 * (1 + 0.1 * RNG.random()):.7f} " + " ".join(faces))
    sys.stdout.write("\n".join(out) + "\n")


def fasta(length: str, name: str = "ref") -> None:
    """mummergpu: one DNA sequence in FASTA."""
    seq = "".join(RNG.choice("ACGT") for _ in range(int(length)))
    sys.stdout.write(f">{name}\n" + "\n".join(seq[i:i + 60] for i in range(0, len(seq), 60))
                     + "\n")


def float_file(count: str, path: str) -> None:
    """Parboil-style binary: float32 values in little-endian order."""
    with open(path, "wb") as f:
        f.write(struct.pack(f"<{int(count)}f", *(RNG.uniform(-1, 1) for _ in range(int(count)))))


def colmajor(rows: str, cols: str) -> None:
    """Parboil sgemm: `rows cols`, then the values in column-major order, as text."""
    r, c = int(rows), int(cols)
    sys.stdout.write(f"{r} {c}\n" + " ".join(f"{RNG.uniform(-1, 1):.6f}" for _ in range(r * c))
                     + "\n")


def pqr(atoms: str) -> None:
    """Parboil cutcp: PQR atom lines (x y z charge in columns 6-9) in a 40 A box of water."""
    for i in range(int(atoms)):
        x, y, z = (RNG.uniform(0, 40) for _ in range(3))
        q = -0.834 if i % 3 == 0 else 0.417
        sys.stdout.write(f"ATOM {i + 1} OH2 TIP3 {i // 3 + 1} {x:.3f} {y:.3f} {z:.3f} {q:.3f} "
                         f"1.52\n")


def histo_image(width: str, height: str, hwidth: str, hheight: str, path: str) -> None:
    """Parboil histo: img_width, img_height, histo_width, histo_height (uint32), then the
    pixels' bins, clustered the way a photo's would be."""
    w, h, bins = int(width), int(height), int(hwidth) * int(hheight)
    pixels = [min(bins - 1, int(RNG.gauss(bins / 2, bins / 16)) % bins) for _ in range(w * h)]
    with open(path, "wb") as f:
        f.write(struct.pack("<4I", w, h, int(hwidth), int(hheight)))
        f.write(struct.pack(f"<{w * h}I", *pixels))


def mriq(numk: str, numx: str, path: str) -> None:
    """Parboil mri-q: numK, numX (int32), then kx ky kz (numK), x y z (numX), phiR phiI (numK)."""
    k, x = int(numk), int(numx)
    with open(path, "wb") as f:
        f.write(struct.pack("<2i", k, x))
        for count in (k, k, k, x, x, x, k, k):
            f.write(struct.pack(f"<{count}f", *(RNG.uniform(-0.5, 0.5) for _ in range(count))))


def obstacles(nx: str, ny: str, nz: str) -> None:
    """Parboil lbm: one character a cell ('.' open, '#' solid), rows of x, a blank line after
    each z plane; a sphere in a channel."""
    x_, y_, z_ = int(nx), int(ny), int(nz)
    for z in range(z_):
        for y in range(y_):
            sys.stdout.write("".join(
                "#" if (x - x_ / 2) ** 2 + (y - y_ / 2) ** 2 + (z - z_ / 3) ** 2 < (x_ / 6) ** 2
                else "." for x in range(x_)) + "\n")
        sys.stdout.write("\n")


def sky(points: str) -> None:
    """Parboil tpacf: `ra dec` in degrees, one point a line."""
    for _ in range(int(points)):
        sys.stdout.write(f"{RNG.uniform(0, 360):.6f} {RNG.uniform(-90, 90):.6f}\n")


def fixed_time(path: str = "fixed_time.so") -> None:
    """A library for LD_PRELOAD whose time() always answers the same second: a program that
    seeds rand() with time(NULL) then makes the same inputs on every run, original and port."""
    source = path + ".c"
    with open(source, "w") as f:
        f.write("#include <time.h>\n"
                "time_t time(time_t *t) { if (t) *t = 1000000000; return 1000000000; }\n")
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", path, source], check=True)


KINDS: dict[str, Callable[..., None]] = {
    "ints": ints, "graph": graph, "floats": floats, "points": points,
    "hurricanes": hurricanes, "matrix": matrix, "pgm": pgm, "raw": raw, "cfd_mesh": cfd_mesh,
    "fasta": fasta, "float_file": float_file, "colmajor": colmajor, "pqr": pqr,
    "histo_image": histo_image, "mriq": mriq, "obstacles": obstacles, "sky": sky,
    "fixed_time": fixed_time,
}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in KINDS:
        sys.exit(f"usage: inputs.py {{{','.join(KINDS)}}} ARGS...")
    KINDS[sys.argv[1]](*sys.argv[2:])
