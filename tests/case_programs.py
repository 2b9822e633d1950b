"""Programs that print one line per case, run as `python PROGRAM tf|varrt` under TensorFlow or
varrt, so the same program's output can be compared with a recording (data_cases.py,
keras_callbacks_cases.py)."""
import subprocess

from conftest import REPO


def printed_lines(python, program, which, timeout=900):
    """The non-empty lines `python program which` printed (it must succeed)."""
    result = subprocess.run([python, str(REPO / "tests" / program), which], capture_output=True, text=True,
                            timeout=timeout, cwd=REPO)
    assert result.returncode == 0, result.stdout + result.stderr
    return [line for line in result.stdout.splitlines() if line.strip()]
