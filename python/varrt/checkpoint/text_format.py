"""Strings in protobuf's text format, as TensorFlow writes them (the `checkpoint` state file,
object-graph nodes in assertion messages) and reads them back.

The one home of this rule: the C++ core writes no text format, and only Python reads it.
Strings are UTF-8 bytes; str values holding "surrogateescape" code points stand for the bytes
that were not UTF-8, as checkpoint keys do elsewhere.
"""

_ESCAPES = {"n": b"\n", "r": b"\r", "t": b"\t", "\\": b"\\", "'": b"'", '"': b'"', "a": b"\a", "b": b"\b",
            "f": b"\f", "v": b"\v", "?": b"?"}


# protobuf's CEscape for string fields as TensorFlow 2.21 (protobuf 7, as_utf8 on by default)
# prints them: ASCII controls and DEL in octal, the C escapes, other characters as they are
# (UTF-8 in the file); a byte that is not UTF-8 (a "surrogateescape" code point) in octal.
_QUOTE = {i: "\\%03o" % i for i in range(128) if not 32 <= i < 127}
_QUOTE.update({ord("\t"): "\\t", ord("\n"): "\\n", ord("\r"): "\\r", ord('"'): '\\"', ord("'"): "\\'",
               ord("\\"): "\\\\"})
_QUOTE.update({0xDC00 + b: "\\%03o" % b for b in range(128, 256)})


def quote(s):
    """`s` as a double-quoted text-format string."""
    return '"' + s.translate(_QUOTE) + '"'


def unquote(token):
    """The string of a quoted token ('...' or "..."); ValueError for a bad escape."""
    body = token[1:-1]
    out = bytearray()
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out += c.encode("utf-8")
            i += 1
            continue
        i += 1
        if i >= len(body):
            raise ValueError("dangling escape")
        c = body[i]
        if c in "01234567":
            j = i
            while j < len(body) and j < i + 3 and body[j] in "01234567":
                j += 1
            out.append(int(body[i:j], 8) & 0xFF)
            i = j
        elif c in "xX":
            j = i + 1
            while j < len(body) and j < i + 3 and body[j] in "0123456789abcdefABCDEF":
                j += 1
            if j == i + 1:
                raise ValueError("bad \\x escape")
            out.append(int(body[i + 1:j], 16))
            i = j
        elif c in _ESCAPES:
            out += _ESCAPES[c]
            i += 1
        else:
            raise ValueError(f"unknown escape \\{c}")
    return out.decode("utf-8", "surrogateescape")
