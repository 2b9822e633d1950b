import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
# The project's shared folder, where a checkout sits beside it: it may add conformance cases.
SHARED = REPO.parent / "shared"


@pytest.fixture(autouse=True)
def _default_placement():
    """Every test starts and ends with placement logging off and soft placement on (the defaults)."""
    import varrt
    varrt.config.set_soft_device_placement(True)
    varrt.debugging.set_log_device_placement(False)
    yield
    varrt.config.set_soft_device_placement(True)
    varrt.debugging.set_log_device_placement(False)
