"""What a benchmark run is doing, told while it runs: which part and which benchmark, how far
it is, and which library gave no figures and why.

A run takes minutes; without this it looks hung. Each part of the suite announces its steps
(`expect`, then `step` before each benchmark, outside any timed region, so the figures are
measured as before) and reports a library that could not run (`failed`), which the results
table then names as the reason for its empty cells.

On a terminal the current step is one line rewritten in place; otherwise (a pipe, a log file,
CI) each step is its own plain line, so the log shows how far a run got. Everything goes to
stderr (or the stream given), never to stdout, which carries the results. A part run on its own
(benchmarks/bench_*.py) makes its own Progress, so it shows its steps too.
"""
import shutil
import sys
import time


class Progress:
    """Steps and failures of one run, told on `stream` (default: sys.stderr when the run starts).
    `parts`: the names of the suite's parts, in order, so a step says which part of how many."""

    def __init__(self, parts=(), stream=None):
        self.parts = list(parts)
        self.stream = sys.stderr if stream is None else stream
        self.failures = {}  # (part, library) -> why it gave no figures
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.part_name = None
        self._steps = 0
        self._done = 0
        self._start = time.monotonic()

    def part(self, name):
        """A part of the suite begins (`name` is one of `parts`)."""
        self.part_name, self._steps, self._done = name, 0, 0

    def expect(self, steps):
        """The current part will announce `steps` steps."""
        self._steps = steps

    def step(self, label):
        """The next benchmark of the current part starts."""
        self._done += 1
        self._write(f"{self._where()}: {label} ...")

    def failed(self, library, error):
        """`library` gave no figures in the current part because of `error` (see `why`)."""
        self.failures[(self.part_name, library)] = text = why(error)
        self._write(f"{self._where()}: {library} failed: {text}", keep=True)

    def failure(self, part, library):
        """Why `library` gave no figures in `part`, or None when it did not fail."""
        return self.failures.get((part, library))

    def close(self):
        """The run is over: say so, in how long."""
        self._write(f"done in {time.monotonic() - self._start:.0f} s", keep=True)

    def _where(self):
        where = ""
        if self.part_name is not None:
            where = self.part_name
            if self.part_name in self.parts:
                where = f"[{self.parts.index(self.part_name) + 1}/{len(self.parts)}] {where}"
        if self._done:
            where += f" {self._done}/{max(self._steps, self._done)}"
        return f"{where} ({time.monotonic() - self._start:.0f} s)".lstrip()

    def _write(self, line, keep=False):
        if self._tty:
            # One line, rewritten: cut to the terminal's width so it never wraps (a wrapped line
            # cannot be rewritten); a line to keep (a failure, the end) ends with a newline.
            width = shutil.get_terminal_size().columns - 1
            line = line if len(line) <= width else line[:max(width - 3, 0)] + "..."
            self.stream.write("\r\x1b[K" + line + ("\n" if keep else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()



def why(error):
    """One line saying what went wrong. `error`: an exception, a finished process (a
    CompletedProcess or CalledProcessError: the last line of its stderr, a traceback's exception,
    else its exit status) or a process's stderr text."""
    stderr = error if isinstance(error, str) else getattr(error, "stderr", None) or ""
    lines = [" ".join(line.split()) for line in stderr.splitlines() if line.strip()]
    if lines:
        return lines[-1]
    if getattr(error, "returncode", None) is not None:
        return f"exit status {error.returncode}, nothing on stderr"
    if isinstance(error, str):
        return "nothing on stderr"
    text = " ".join(str(error).split())
    return text if type(error).__name__ in text else f"{type(error).__name__}: {text}".rstrip(": ")
