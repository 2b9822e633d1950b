import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


@pytest.fixture(autouse=True)
def _placement_logging_off():
    """Every test starts and ends with placement logging off."""
    import varrt
    varrt._C.set_log_device_placement(False)
    yield
    varrt._C.set_log_device_placement(False)
