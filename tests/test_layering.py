"""The core's folders are layers: each includes only the layers before it in LAYERS (the order of
the table of docs/development/layout.md), and none includes Python. Keeps the architecture the tree shows true."""
import re

from conftest import REPO

CORE = REPO / "csrc" / "varrt"
LAYERS = ["core", "tf", "device", "resource", "kernels", "io", "ops", "api", "c"]
INCLUDE = re.compile(r'^#include [<"]varrt/(\w+)/', re.M)


def test_every_folder_is_a_known_layer():
    folders = {p.name for p in CORE.iterdir() if p.is_dir()}
    assert folders == set(LAYERS)


def test_layers_include_only_layers_before_them():
    wrong = []
    for rank, layer in enumerate(LAYERS):
        allowed = set(LAYERS[:rank + 1])
        for path in sorted((CORE / layer).rglob("*")):
            if path.suffix not in (".h", ".cc"):
                continue
            for used in INCLUDE.findall(path.read_text()):
                if used not in allowed:
                    wrong.append(f"{path.relative_to(CORE)} includes varrt/{used}/")
    assert not wrong, wrong


def test_core_never_includes_python():
    offenders = [str(p.relative_to(CORE)) for p in CORE.rglob("*") if p.suffix in (".h", ".cc")
                 and re.search(r'#include [<"](Python\.h|pybind11/)', p.read_text())]
    assert not offenders, offenders
