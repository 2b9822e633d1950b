"""Runs TensorFlow's recorded conformance cases (../shared/conformance) against installed varrt."""
import importlib.util
import sys

import pytest

from conftest import SHARED

CONFORMANCE = SHARED / "conformance"


def _runner():
    if not (CONFORMANCE / "run.py").exists():
        pytest.fail(f"conformance cases not found at {CONFORMANCE}: the shared/ folder must sit beside the repo")
    spec = importlib.util.spec_from_file_location("conformance_run", CONFORMANCE / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CASES = sorted(p.name for p in (CONFORMANCE / "cases").glob("[0-9]*.py")) or ["<missing>"]


@pytest.mark.parametrize("case", CASES)
def test_case_prints_what_tensorflow_prints(case):
    run = _runner()
    got, code = run.run_case((CONFORMANCE / "cases" / case).resolve(), "varrt", timeout=120)
    want = (CONFORMANCE / "golden" / case.replace(".py", ".out")).read_text()
    assert got == want, f"{case} differs from TensorFlow's output (exit {code}):\n{got}"
    assert sys.executable  # the runner uses this interpreter, i.e. the installed varrt
