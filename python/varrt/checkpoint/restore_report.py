"""What a restore did, as data: the keys that were missing, unexpected or of another shape.

TensorFlow's load status only asserts; varrt's also says, key by key, what did not line up,
as PyTorch's `load_state_dict` does (`missing_keys`, `unexpected_keys`), and for each missing
key the checkpoint's closest one, the usual cause being a renamed attribute or layer:

    status = ckpt.restore(path)
    status.missing_keys       # live variables the checkpoint holds no value for, by the key
                              # a save would write them under
    status.unexpected_keys    # checkpoint values no live object took
    status.closest_key("model/dense_1/kernel/.ATTRIBUTES/VARIABLE_VALUE")

A shape mismatch stops the restore with TensorFlow's ValueError (nothing is restored); the
error carries the report too, as `error.report`, whose `mismatched_keys` lists every one.
The load status's assertions raise TensorFlow's AssertionError texts unchanged, with the
report attached the same way and its lines added as a note (shown under the traceback).
"""
import difflib


class RestoreReport:
    """The keys of a restore that did not line up (see the module's docstring)."""

    def __init__(self, missing_keys, unexpected_keys, mismatched_keys=(), checkpoint_keys=()):
        self.missing_keys = list(missing_keys)
        self.unexpected_keys = list(unexpected_keys)
        # (key, shape in the checkpoint, shape of the variable), as TensorShapes.
        self.mismatched_keys = list(mismatched_keys)
        self._checkpoint_keys = frozenset(checkpoint_keys)

    def closest_key(self, key):
        """The checkpoint key most like `key` (an unexpected one first: the value nobody took is
        the likeliest match), or None when the checkpoint has no value at all, or has `key`
        itself: its value is there, no other name is a better guess (describe() says so)."""
        if key in self._checkpoint_keys:
            return None
        for candidates in (self.unexpected_keys, self._checkpoint_keys):
            found = difflib.get_close_matches(key, candidates, n=1, cutoff=0.0)
            if found:
                return found[0]
        return None

    @property
    def closest_keys(self):
        """{missing key: closest checkpoint key} for every missing key."""
        return {key: self.closest_key(key) for key in self.missing_keys}

    def describe(self, limit=10):
        """Lines naming the keys that did not line up (at most `limit` of each kind)."""
        lines = []
        if self.missing_keys:
            lines.append(f"Missing keys ({len(self.missing_keys)}; closest key in the checkpoint in brackets):")
            for key in self.missing_keys[:limit]:
                if key in self._checkpoint_keys:  # a live variable the restore did not reach
                    lines.append(f"  {key} [in the checkpoint, but not restored: created after the restore?]")
                else:
                    lines.append(f"  {key} [{self.closest_key(key)}]")
        if self.unexpected_keys:
            lines.append(f"Unexpected keys ({len(self.unexpected_keys)}):")
            lines += [f"  {key}" for key in self.unexpected_keys[:limit]]
        if self.mismatched_keys:
            lines.append(f"Shape mismatches ({len(self.mismatched_keys)}; checkpoint vs variable):")
            lines += [f"  {key}: {stored} vs {live}" for key, stored, live in self.mismatched_keys[:limit]]
        return lines

    def __bool__(self):
        return bool(self.missing_keys or self.unexpected_keys or self.mismatched_keys)

    def __repr__(self):
        return (f"RestoreReport(missing_keys={self.missing_keys!r}, unexpected_keys={self.unexpected_keys!r}, "
                f"mismatched_keys={self.mismatched_keys!r})")


def assertion_error(message, report):
    """AssertionError with TensorFlow's `message` as its text (str(error) is exactly TensorFlow's)
    and the report's lines as a note (PEP 678: printed under the traceback), the report itself
    as `error.report`."""
    error = AssertionError(message)
    attach(error, report)
    return error


def attach(error, report):
    """Gives `error` the report, as `.report` and as a note naming the keys."""
    error.report = report
    lines = report.describe()
    if lines:
        note = "\n".join(lines)
        if hasattr(error, "add_note"):
            error.add_note(note)
        else:  # Python 3.10: the same attribute, not printed
            error.__notes__ = [note]
