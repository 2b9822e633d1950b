"""Runs TensorFlow's recorded conformance cases against installed varrt: the repository's own
(tests/conformance, recorded by tests/tools/record_tf.py) plus any case ../shared/conformance
adds. A case both have runs from the repository: the repository's copy wins."""
import importlib.util
import pathlib

import pytest

from conftest import SHARED

HERE = pathlib.Path(__file__).resolve().parent
OWN = HERE / "conformance"


def _load_runner():
    """tests/conformance/run.py: the same comparison as the project's external checker."""
    spec = importlib.util.spec_from_file_location("conformance_run", OWN / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cases():
    """{case file name: folder holding cases/ and golden/}; the repository's entries come last and win."""
    found = {}
    for root in (SHARED / "conformance", OWN):
        for case in sorted((root / "cases").glob("[0-9]*.py")):
            found[case.name] = root
    return found


CASES = _cases()


def test_the_repository_carries_its_own_cases():
    own = sorted(p.name for p in (OWN / "cases").glob("[0-9]*.py"))
    assert own, f"no conformance cases in {OWN / 'cases'}"
    assert all((OWN / "golden" / name.replace(".py", ".out")).exists() for name in own)


@pytest.mark.parametrize("case", sorted(CASES))
def test_case_prints_what_tensorflow_prints(case):
    root = CASES[case]
    got, code = _load_runner().run_case((root / "cases" / case).resolve(), "varrt", timeout=120)
    want = (root / "golden" / case.replace(".py", ".out")).read_text()
    assert got == want, f"{case} ({root}) differs from TensorFlow's output (exit {code}):\n{got}"
