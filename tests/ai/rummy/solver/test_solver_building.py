"""The process that plays only loads the compiled solver: a kernel missing from numba's cache is
compiled by a short-lived child process, and what the compiler leaves resident goes back."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ai.rummy.solver import compiled
from tests.paths import ROOT

needs_numba = pytest.mark.skipif(not compiled.available(), reason="numba missing or switched off")

KERNEL = """
import os
from numba import njit

@njit(cache=True)
def add(a, b):
    return a + b

if __name__ == "__main__":
    add(1, 2)
    with open(os.environ["BUILT_BY"], "w") as out:
        out.write(str(os.getpid()))
"""

PROBE = """
import os, sys
import tinykernel
from ai.rummy.solver.compiled.building import build_in_child, load_only

def warm():
    tinykernel.add(1, 2)

first = load_only(warm, (tinykernel,))
compiled_here = len(tinykernel.add.signatures)
built = build_in_child("tinykernel", timeout=120)
second = load_only(warm, (tinykernel,))
print(first, compiled_here, built, second, tinykernel.add.stats.cache_hits.total(), os.getpid())
"""


def run(code: str, env: dict[str, str]) -> str:
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
        cwd=ROOT,
        check=True,
    )
    return result.stdout.strip()


@needs_numba
def test_a_kernel_missing_from_the_cache_is_compiled_by_a_child_and_only_loaded_here(
    tmp_path: Path,
) -> None:
    (tmp_path / "tinykernel.py").write_text(KERNEL)
    built_by = tmp_path / "built_by"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), str(tmp_path)]),
        "NUMBA_CACHE_DIR": str(tmp_path / "cache"),
        "BUILT_BY": str(built_by),
    }
    first, compiled_here, built, second, hits, pid = run(PROBE, env).split()
    assert (first, compiled_here) == ("False", "0")  # refused, not compiled here
    assert (built, second, hits) == ("True", "True", "1")  # the child's work, loaded here
    assert built_by.read_text() != pid
    assert not Path(f"/proc/{built_by.read_text()}").exists() or sys.platform != "linux"


RESIDENT = """
from pathlib import Path
from ai.rummy_solver import warm_up

def compiler_code_kb():
    total, inside = 0, False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        head = line.split()
        if "-" in head[0] and not head[0].endswith(":"):
            inside = len(head) >= 6 and head[1] == "r-xp" and "libllvmlite" in head[5]
        elif inside and head[0] == "Rss:":
            total += int(head[1])
    return total

print(warm_up(), compiler_code_kb())
"""


@needs_numba
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_loaded_solver_keeps_none_of_the_compilers_code_resident() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    ready, resident_kb = run(RESIDENT, env).split()
    assert ready == "True"
    assert int(resident_kb) < 4096  # about 50 MB before it was handed back


FREED = """
import numpy as np
from ai.rummy_solver import warm_up

def rss_kb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])

warm_up()
big = np.ones(1 << 21)  # 16 MB, a block of its own
del big  # left alone, glibc would now keep blocks below 16 MB in its heap
before = rss_kb()
table = np.ones(1 << 20)  # 8 MB, the size of a search's tables
del table
small = np.ones(10)  # on top of the heap: a freed table below it can't be trimmed away
print(rss_kb() - before)
"""


@needs_numba
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_searchs_freed_tables_go_back_once_the_solver_is_loaded() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    assert int(run(FREED, env)) < 2048  # 8 MB kept before


FIRST_START = """
import sys, threading
from pathlib import Path

seen = {"child": None, "numba": None}
child_started = threading.Event()

def own_children():
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text() if entry.name.isdigit() else ""
        except OSError:
            continue
        if stat and int(stat.rsplit(")", 1)[1].split()[1]) == __import__("os").getpid():
            found.append(entry.name)
    return found

def hook(event, args):
    if event == "subprocess.Popen" and "ai.rummy.solver.compiled.building" in list(args[1]):
        if seen["child"] is None:
            seen["child"] = "numba" in sys.modules  # loaded when the compile starts?
        child_started.set()
    elif event == "import" and args[0] == "numba" and seen["numba"] is None:
        seen["numba"] = len(own_children())  # children still running when numba comes in

sys.addaudithook(hook)
from ai.rummy_solver import best_play, warm_up
from ai.rummy.solver import compiled
from game.rummy.cards import parse_cards

warming = threading.Thread(target=warm_up)
warming.start()
answered = None
while warming.is_alive() and not child_started.wait(0.02):
    pass  # until the child starts, or the warm-up ends without one
if child_started.is_set():
    # the player's turn during the compile: answered by the Python solver, numba still out
    table = [parse_cards("5H 6H 7H")]
    answered = best_play(table, parse_cards("8H 9H KS"), True)
    answered = [str(c) for s in answered for c in s] if answered else None
    during = ("numba" in sys.modules, compiled.ready())
else:
    during = None
warming.join()
print(seen["child"], seen["numba"], during, answered is not None and "9H" in answered,
      compiled.ready(), "numba" in sys.modules, sep="|")
"""


def stamp_file() -> Path:
    from ai.rummy.solver.compiled import stamp

    return stamp.stamp_path()


@needs_numba
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_numba_stays_out_of_the_playing_process_until_the_child_has_filled_the_cache() -> None:
    """A damaged stamp beside the cache means the cache is compiled again by a child; the
    process that plays answers meanwhile with the Python solver and imports numba only once the
    child has ended, then loads the cache. With the stamp the child wrote, no child at all."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    path = stamp_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xff{not json")  # damaged: the conftest's warm-up left a good one
    child, numba_with_children, during, answered, ready, numba = run(FIRST_START, env).split("|")
    assert child == "False"  # numba not imported when the child was started
    assert during == "(False, False)"  # nor while it ran, the Python solver answering
    assert answered == "True"  # the 8 and 9 of hearts go on the run
    assert numba_with_children == "0"  # numba came in only once the child had ended
    assert (ready, numba) == ("True", "True")  # and the cache was loaded
    child, *_, ready, numba = run(FIRST_START, env).split("|")
    assert (child, ready, numba) == ("None", "True", "True")  # the stamp matched: no child
