"""Stable build directories for the C++ builds the tests make (build/<name> in the checkout, ignored
by git): CMake and Ninja rebuild only what changed, so the C++ is compiled once per checkout, not
once per pytest run. A directory configured differently (another checkout path, interpreter or
installed varrt) is started afresh, since CMake refuses or keeps stale cached paths there."""
import json
import shutil

from conftest import REPO

ROOT = REPO / "build"
STAMP = "varrt-test-configuration.json"


def stable_build_dir(name, configure_args):
    """REPO/build/<name>, emptied first when configure_args differ from the ones it was made with."""
    build = ROOT / name
    key = json.dumps({"args": [str(a) for a in configure_args], "repo": str(REPO)})
    stamp = build / STAMP
    if build.exists() and (not stamp.exists() or stamp.read_text() != key):
        shutil.rmtree(build)
    build.mkdir(parents=True, exist_ok=True)
    stamp.write_text(key)
    return build

