"""tf.strings.regex_replace and regex_full_match (RegexReplace, StaticRegexReplace,
RegexFullMatch, StaticRegexFullMatch): TensorFlow's regex kernels (core/kernels/
regex_replace_op.cc, regex_full_match_op.cc) on RE2 patterns, run by Python's `re` through
re2_syntax.py (which refuses what RE2 refuses); global replacement follows RE2::GlobalReplace
(no empty match right after the previous match), rewrites RE2::Rewrite (\\0..\\9 and \\\\)."""
from __future__ import annotations

import numpy as np

from varrt.base import dtypes
from varrt.framework.tensor import Tensor
from varrt.ops import op_def_lib, re2_syntax
from varrt.ops.op_util import kernel_error, run, shape_text, suffix
from varrt.ops.string_ops import string_operand


def _text(value):
    return value.decode("utf-8", "surrogateescape") if isinstance(value, bytes) else str(value)


def _compiled(op, pattern, name, end):
    try:
        return re2_syntax.compile_pattern(pattern)
    except re2_syntax.PatternError as e:
        raise kernel_error(op, f"Invalid pattern: {_text(pattern)}, error: {e}", name, end=end) from None


def _replace_global(regex, s, template):
    """RE2::GlobalReplace of every match of `regex` in `s`."""
    groups = re2_syntax.max_group(template)
    if groups > regex.groups:
        return s
    out, p, last_end, count = [], 0, None, 0
    while p <= len(s):
        m = regex.search(s, p)
        if m is None:
            break
        out.append(s[p:m.start()])
        if m.start() == last_end and m.end() == m.start():
            # No empty match at the end of the last match: copy one character and go on.
            if p < len(s):
                out.append(s[p])
            p += 1
            continue
        out.append(re2_syntax.rewrite(template, m)[0])
        p = last_end = m.end()
        count += 1
    if count == 0:
        return s
    out.append(s[p:])
    return "".join(out)


def _replace_first(regex, s, template):
    """RE2::Replace of the first match (the string unchanged when the rewrite is invalid)."""
    if re2_syntax.max_group(template) > regex.groups:
        return s
    m = regex.search(s)
    if m is None:
        return s
    text, ok = re2_syntax.rewrite(template, m)
    return s[:m.start()] + text + s[m.end():] if ok else s


def _replace_kernel(op, pattern_of, template_of, replace_global, name, end):
    def kernel(x, *scalars):
        pattern, template = pattern_of(*scalars), template_of(*scalars)
        regex = _compiled(op, pattern, name, end)
        template = _text(template)
        fn = _replace_global if replace_global else _replace_first
        out = np.empty(x.size, dtype=object)
        out[:] = [fn(regex, _text(s), template).encode("utf-8", "surrogateescape") for s in x.reshape(-1)]
        return out.reshape(x.shape)
    return kernel


def _scalar_input(op, what, value, name, end):
    if value.ndim != 0:
        raise kernel_error(op, f"{what} must be scalar, but received {shape_text(value.shape)}", name, end=end)
    return value[()]


@op_def_lib.implements("StaticRegexReplace")
def _static_regex_replace(input, pattern, rewrite, replace_global=True, name=None) -> Tensor:  # noqa: A002
    a, _ = string_operand("StaticRegexReplace", input, name)
    end = suffix(name, input)
    kernel = _replace_kernel("StaticRegexReplace", lambda: pattern, lambda: rewrite, replace_global, name, end)
    _compiled("StaticRegexReplace", pattern, name, end)  # TensorFlow compiles it with the kernel
    return run("StaticRegexReplace", kernel, (a,), dtypes.string,
               attrs={"replace_global": bool(replace_global)}, name=name)


@op_def_lib.implements("RegexReplace")
def _regex_replace(input, pattern, rewrite, replace_global=True, name=None) -> Tensor:  # noqa: A002
    a, _ = string_operand("RegexReplace", input, name)
    p, _ = string_operand("RegexReplace", pattern, name, 1)
    r, _ = string_operand("RegexReplace", rewrite, name, 2)
    end = suffix(name, input, pattern, rewrite)
    kernel = _replace_kernel("RegexReplace", lambda p, r: _scalar_input("RegexReplace", "Pattern", p, name, end),
                             lambda p, r: _scalar_input("RegexReplace", "Rewrite", r, name, end),
                             replace_global, name, end)
    return run("RegexReplace", kernel, (a, p, r), dtypes.string,
               attrs={"replace_global": bool(replace_global)}, name=name)


def regex_replace(input, pattern, rewrite, replace_global=True, name=None) -> Tensor:  # noqa: A002
    """Each string with the matches of the RE2 regular expression `pattern` replaced by `rewrite`
    (\\1 a group, \\0 the match), all of them or (replace_global=False) the first
    (tf.strings.regex_replace)."""
    if isinstance(pattern, (str, bytes)) and isinstance(rewrite, (str, bytes)):
        return _static_regex_replace(input, pattern, rewrite, replace_global, name)
    return _regex_replace(input, pattern, rewrite, replace_global, name)


def _full_match_kernel(op, pattern_of, name, end):
    def kernel(x, *scalars):
        regex = _compiled(op, pattern_of(*scalars), name, end)
        out = np.empty(x.size, dtype=np.bool_)
        out[:] = [regex.fullmatch(_text(s)) is not None for s in x.reshape(-1)]
        return out.reshape(x.shape)
    return kernel


@op_def_lib.implements("StaticRegexFullMatch")
def _static_regex_full_match(input, pattern, name=None) -> Tensor:  # noqa: A002
    a, _ = string_operand("StaticRegexFullMatch", input, name)
    end = suffix(name, input)
    _compiled("StaticRegexFullMatch", pattern, name, end)
    return run("StaticRegexFullMatch", _full_match_kernel("StaticRegexFullMatch", lambda: pattern, name, end),
               (a,), dtypes.bool, name=name)


@op_def_lib.implements("RegexFullMatch")
def _regex_full_match(input, pattern, name=None) -> Tensor:  # noqa: A002
    a, _ = string_operand("RegexFullMatch", input, name)
    p, _ = string_operand("RegexFullMatch", pattern, name, 1)
    end = suffix(name, input, pattern)
    kernel = _full_match_kernel("RegexFullMatch",
                                lambda p: _scalar_input("RegexFullMatch", "Pattern", p, name, end), name, end)
    return run("RegexFullMatch", kernel, (a, p), dtypes.bool, name=name)


def regex_full_match(input, pattern, name=None) -> Tensor:  # noqa: A002
    """Whether each whole string matches the RE2 regular expression `pattern`
    (tf.strings.regex_full_match)."""
    if isinstance(pattern, (str, bytes)):
        return _static_regex_full_match(input, pattern, name)
    return _regex_full_match(input, pattern, name)
