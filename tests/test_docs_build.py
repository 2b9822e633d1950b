"""The documentation site builds with no warning (`mkdocs build --strict`, mkdocs.yml's `validation`
making broken internal links and anchors warnings), and a broken link does fail it.

Runs where MkDocs is installed (`pip install -r docs/requirements.txt`; .ci/run does); under
CI=true a missing MkDocs is a failure, not a skip.
"""
import os
import re
import shutil
import subprocess
import sys

import pytest

from conftest import REPO


def _mkdocs_or_skip():
    try:
        import mkdocs  # noqa: F401
        import mkdocstrings  # noqa: F401
    except ImportError:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("MkDocs is not installed: CI installs docs/requirements.txt before the tests")
        pytest.skip("MkDocs is not installed (pip install -r docs/requirements.txt)")


def _env():
    """The environment of a subprocess that imports the varrt this test imported (installed, or a
    source tree on PYTHONPATH), without Material's banner about MkDocs 2."""
    import varrt
    where = os.path.dirname(os.path.dirname(varrt.__file__))
    return dict(os.environ, NO_MKDOCS_2_WARNING="1",
                PYTHONPATH=os.pathsep.join(filter(None, [where, os.environ.get("PYTHONPATH")])))


def _build(config_dir, site_dir):
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config_dir / "mkdocs.yml"),
                           "-d", str(site_dir)], capture_output=True, text=True, env=_env(), timeout=600)


def test_site_builds_without_warnings(tmp_path):
    _mkdocs_or_skip()
    result = _build(REPO, tmp_path / "site")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr, result.stderr
    for page in ("index.html", "getting-started.html", "api/supported.html", "api/tensors-and-variables.html"):
        assert (tmp_path / "site" / page).is_file(), page


def _copy_of_the_site_sources(tmp_path):
    copy = tmp_path / "repo"
    shutil.copytree(REPO / "docs", copy / "docs")
    shutil.copy(REPO / "mkdocs.yml", copy / "mkdocs.yml")
    (copy / "python").symlink_to(REPO / "python")
    return copy


@pytest.mark.parametrize("broken, reported", [
    ("[a page that is not there](no-such-page.md)", "no-such-page.md"),
    ("[an anchor that is not there](getting-started.md#no-such-heading)", "no-such-heading"),
])
def test_a_broken_internal_link_fails_the_build(tmp_path, broken, reported):
    _mkdocs_or_skip()
    copy = _copy_of_the_site_sources(tmp_path)
    index = copy / "docs" / "index.md"
    index.write_text(index.read_text() + f"\n{broken}\n")
    result = _build(copy, tmp_path / "site")
    assert result.returncode != 0, result.stdout + result.stderr
    assert reported in result.stderr, result.stderr


def test_supported_api_page_is_current():
    """The committed page is what docs/hooks/api_support.py makes of today's varrt (the build checks
    this too; this test says so without MkDocs)."""
    # In a fresh interpreter, as the docs build runs it: tests before this one import modules
    # (varrt.tools, varrt.benchmarks) that add attributes to the package.
    script = ("import sys; sys.path.insert(0, sys.argv[1]); import api_support; "
              "sys.stdout.write(api_support.render())")
    rendered = subprocess.run([sys.executable, "-c", script, str(REPO / "docs" / "hooks")], capture_output=True,
                              text=True, check=True).stdout
    assert (REPO / "docs" / "api" / "supported.md").read_text() == rendered, \
        "docs/api/supported.md is stale: run `python docs/hooks/api_support.py`"


def test_readme_links_name_existing_pages():
    """The README links the site's pages by relative path (GitHub shows them); MkDocs does not
    check the README, so this does."""
    links = re.findall(r"\]\((docs/[^)#]+)(?:#[^)]*)?\)", (REPO / "README.md").read_text())
    assert len(links) > 10
    missing = sorted({link for link in links if not (REPO / link).is_file()})
    assert not missing, missing


def test_readme_fits_two_screens():
    assert len((REPO / "README.md").read_text().splitlines()) <= 120


def _python_blocks(page):
    return re.findall(r"```python\n(.*?)```", (REPO / page).read_text(), re.S)


def _run(code, tmp_path):
    # The examples write under /tmp; here they write under the test's own directory.
    code = code.replace('"/tmp/', f'"{tmp_path}/')
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env(), timeout=300,
                            cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("page, blocks, printed", [
    # Getting started: the TensorFlow 2 loop (then its checkpoint lines), and the TensorFlow 1 session.
    ("docs/getting-started.md", (1, 2), ["loss 0.0101  w 3.00  b -1.01"]),
    ("docs/getting-started.md", (3,), ["loss 0.000000 [1.9999992] [0.49999997]", 'Tensor("Mean:0", shape=(), dtype=float32)']),
    ("README.md", (0,), ["[[3.0000532]] [-1.000003]"]),
    ("docs/index.md", (0,), ["[[66.]\n [88.]], shape=(2, 1), dtype=float32)"]),
    ("docs/concepts/graphs.md", (0,), ['Tensor("add:0", shape=(None,), dtype=float32)', "2.5", "3.0"]),
    ("docs/concepts/gradients.md", (0,), ["27.0 18.0"]),
    ("docs/concepts/checkpoints.md", (0,), ["[1. 2.]", "('model/w/.ATTRIBUTES/VARIABLE_VALUE', [2])"]),
    ("docs/concepts/devices.md", (1,), ["/job:localhost/replica:0/task:0/device:CPU:1"]),
])
def test_examples_print_what_the_pages_say(tmp_path, page, blocks, printed):
    """The examples run and print what their comments say (TensorFlow 2.21 prints the same: the
    figures were taken from it)."""
    code = "\n".join(_python_blocks(page)[i] for i in blocks)
    out = _run(code, tmp_path)
    for text in printed:
        assert text in code.replace("# ", "") or text.replace("\n", "\n# ") in code, f"{page} no longer says {text!r}"
        assert text in out, out
