"""RE2's syntax (the regular expressions of TensorFlow's regex ops) on Python's `re`: a pattern is
read once, the constructs RE2 refuses are refused with RE2's error text (TensorFlow raises it as
"Invalid pattern: <pattern>, error: <text>"), and the rest is rewritten where the two dialects
mean different things:

- backreferences (`\\1`, `(?P=name)`), lookarounds, atomic groups, conditionals, comments,
  possessive quantifiers and `\\Z`, which Python accepts, are RE2 errors;
- `$` (without the m flag) is the end of the text in RE2 (Python's `$` also matches before a
  final newline): `\\Z`; RE2's `\\z` is Python's `\\Z`; `\\Q...\\E` is quoted text;
- `\\w`, `\\d`, `\\s`, `\\b` are ASCII classes in RE2: the pattern is compiled with re.ASCII,
  unless it folds case (the i flag) and names none of them (RE2 folds Unicode letters);
- POSIX classes (`[[:alpha:]]`) become their ASCII ranges.

What RE2 accepts and this translation cannot express (Unicode classes `\\p{..}`, `\\C`, the U
flag, negated POSIX classes) raises NotImplementedError; a pattern both refuse raises Python's
message (its wording is not RE2's).
"""
import re

_POSIX = {"alpha": "a-zA-Z", "digit": "0-9", "alnum": "0-9A-Za-z", "upper": "A-Z", "lower": "a-z",
          "space": "\\t\\n\\v\\f\\r ", "punct": "!-/:-@\\[-`{-~", "word": "0-9A-Za-z_", "xdigit": "0-9A-Fa-f",
          "blank": "\\t ", "cntrl": "\\x00-\\x1f\\x7f", "print": "\\x20-\\x7e", "graph": "\\x21-\\x7e",
          "ascii": "\\x00-\\x7f"}
_ASCII_CLASSES = set("wWdDsSbB")
_QUANTIFIERS = set("*+?}")


class PatternError(Exception):
    """A pattern RE2 refuses; the message is RE2's error text."""


def _unsupported(what, pattern):
    return NotImplementedError(f"varrt does not implement RE2's {what} (in the pattern {pattern!r}): its regular "
                               "expressions run on Python's re module")


def translate(pattern):
    """(Python pattern, flags) for RE2 pattern `pattern` (a str), or PatternError."""
    out = []
    i, n = 0, len(pattern)
    multiline = False
    named_ascii = False
    folds = False
    in_class = False
    while i < n:
        c = pattern[i]
        if c == "\\":
            if i + 1 >= n:
                raise PatternError("trailing \\")
            e = pattern[i + 1]
            if e == "Q" and not in_class:
                stop = pattern.find("\\E", i + 2)
                literal = pattern[i + 2:] if stop < 0 else pattern[i + 2:stop]
                out.append(re.escape(literal))
                i = n if stop < 0 else stop + 2
                continue
            if e.isdigit() and e != "0":
                raise PatternError(f"invalid escape sequence: \\{e}")
            if e == "Z":
                raise PatternError("invalid escape sequence: \\Z")
            if e in "pP":
                raise _unsupported("Unicode classes (\\p, \\P)", pattern)
            if e == "C":
                raise _unsupported("single-byte class \\C", pattern)
            if e in _ASCII_CLASSES:
                named_ascii = True
            out.append("\\Z" if e == "z" and not in_class else pattern[i:i + 2])
            i += 2
            continue
        if in_class:
            if c == "[" and pattern.startswith("[:", i):
                stop = pattern.find(":]", i + 2)
                if stop > 0:
                    name = pattern[i + 2:stop]
                    if name.startswith("^"):
                        raise _unsupported("negated POSIX classes", pattern)
                    if name not in _POSIX:
                        raise PatternError(f"invalid character class range: [:{name}:]")
                    out.append(_POSIX[name])
                    i = stop + 2
                    continue
            if c == "[":
                out.append("\\[")  # a literal [ in RE2's classes; Python warns of nested sets
                i += 1
                continue
            if c == "]":
                in_class = False
            out.append(c)
            i += 1
            continue
        if c == "[":
            in_class = True
            out.append(c)
            i += 1
            if i < n and pattern[i] == "^":
                out.append("^")
                i += 1
            if i < n and pattern[i] == "]":  # a leading ] is a literal
                out.append("\\]")
                i += 1
            continue
        if c == "(" and pattern.startswith("(?", i):
            rest = pattern[i + 2:i + 3]
            if rest in ("=", "!", "#", ">", "("):
                raise PatternError(f"invalid perl operator: (?{rest}")
            if rest == "<":
                raise PatternError("invalid perl operator: (?<")
            if rest == "P":
                if not pattern.startswith("(?P<", i):
                    raise PatternError("invalid perl operator: (?P")
                out.append("(?P<")
                i += 4
                continue
            # A flag group: (?flags) or (?flags:...), RE2's flags i, m, s, U.
            m = re.match(r"\(\?([A-Za-z-]*)([:)])", pattern[i:])
            if m is None:
                raise PatternError("missing argument to repetition operator: ?" if not rest else
                                   f"invalid perl operator: (?{rest}")
            flags = m.group(1)
            bad = [f for f in flags if f not in "imsU-"]
            if bad:
                raise PatternError(f"invalid perl operator: (?{flags[:flags.index(bad[0]) + 1]}")
            if "U" in flags:
                raise _unsupported("U (ungreedy) flag", pattern)
            on = flags.split("-")[0]
            multiline = multiline or "m" in on
            folds = folds or "i" in on
            out.append(m.group(0))
            i += len(m.group(0))
            continue
        if c in "*+?" and i + 1 < n and pattern[i + 1] == "+" and (i == 0 or pattern[i - 1] != "\\"):
            raise PatternError(f"bad repetition operator: {c}+")
        if c == "{":
            m = re.match(r"\{(\d+)(,(\d*))?\}", pattern[i:])
            if m is not None:
                low = int(m.group(1))
                high = low if m.group(2) is None else (int(m.group(3)) if m.group(3) else None)
                if low > 1000 or (high is not None and (high > 1000 or high < low)):
                    raise PatternError(f"invalid repetition size: {m.group(0)}")
        if c == "}" and i + 1 < n and pattern[i + 1] == "+":
            raise PatternError("bad repetition operator: }+")
        if c == "$" and not multiline:
            out.append("\\Z")
            i += 1
            continue
        out.append(c)
        i += 1
    flags = 0 if folds and not named_ascii else re.ASCII
    return "".join(out), flags


_CACHE = {}


def _re2_message(error, pattern):
    """RE2's text for the errors both dialects find (Python's positions are in the translated
    pattern, equal to the original's before any rewritten construct), else Python's."""
    msg, pos = error.msg, error.pos or 0
    if msg == "unbalanced parenthesis":
        return f"unexpected ): {pattern}"
    if msg.startswith("missing ), unterminated subpattern"):
        return f"missing ): {pattern}"
    if msg == "nothing to repeat" and pos < len(pattern):
        return f"no argument for repetition operator: {pattern[pos]}"
    if msg == "multiple repeat" and 0 < pos < len(pattern):
        return f"bad repetition operator: {pattern[pos - 1:pos + 1]}"
    if msg == "unterminated character set":
        return f"missing ]: {pattern[pos:]}"
    if msg.startswith("bad character range "):
        return "invalid character class range: " + msg[len("bad character range "):]
    if msg == "bad escape (end of pattern)":
        return "trailing \\"
    return str(error)


def compile_pattern(pattern):
    """The compiled Python regex of RE2 pattern `pattern` (bytes or str), or PatternError with
    RE2's text (or Python's, for a pattern both refuse)."""
    key = pattern
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    text = pattern.decode("utf-8", "surrogateescape") if isinstance(pattern, bytes) else pattern
    source, flags = translate(text)
    try:
        compiled = re.compile(source, flags)
    except re.error as e:
        raise PatternError(_re2_message(e, text)) from None
    if len(_CACHE) > 256:
        _CACHE.clear()
    _CACHE[key] = compiled
    return compiled


def rewrite(template, match):
    """RE2::Rewrite of `template` (a str) for `match`: \\0..\\9 the groups (empty when a group
    did not take part), \\\\ a backslash; (text, ok), ok False after an invalid escape (the text
    so far, as RE2 leaves it)."""
    out = []
    i, n = 0, len(template)
    while i < n:
        c = template[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = template[i + 1] if i + 1 < n else ""
        if e.isdigit():
            out.append(match.group(int(e)) or "")
        elif e == "\\":
            out.append("\\")
        else:
            return "".join(out), False
        i += 2
    return "".join(out), True


def max_group(template):
    """The largest \\N a rewrite template names (-1 for none), RE2's MaxSubmatch."""
    best, i = -1, 0
    while i < len(template):
        if template[i] == "\\" and i + 1 < len(template):
            if template[i + 1].isdigit():
                best = max(best, int(template[i + 1]))
            i += 2
            continue
        i += 1
    return best
