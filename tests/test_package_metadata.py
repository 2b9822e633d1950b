"""The installed distribution's metadata: PEP 639 license expression and files, classifiers."""
from importlib import metadata

import pytest


@pytest.fixture(scope="module")
def dist():
    return metadata.distribution("varrt")


def test_license_is_an_spdx_expression(dist):
    assert dist.metadata["License-Expression"] == "Apache-2.0"
    assert "License ::" not in " ".join(dist.metadata.get_all("Classifier") or [])  # PEP 639 forbids both


def test_wheel_carries_both_license_files(dist):
    declared = dist.metadata.get_all("License-File") or []
    assert sorted(declared) == ["LICENSE", "third_party/dlpack/LICENSE"]
    shipped = {str(f) for f in dist.files or [] if "/licenses/" in str(f)}
    assert {f.split("/licenses/", 1)[1] for f in shipped} == set(declared)
    for f in dist.files:
        if str(f).endswith("/licenses/LICENSE"):
            assert "Apache License" in f.read_text() and "Version 2.0, January 2004" in f.read_text()


def test_classifiers_are_declared(dist):
    classifiers = dist.metadata.get_all("Classifier") or []
    assert "Programming Language :: Python :: 3 :: Only" in classifiers
