"""The equation of tf.einsum as TensorFlow's einsum parses it (special_math_ops.py): one home for
the op's Python (ops/einsum_ops.py) and its shape function (shape_fns/linalg.py)."""
import collections
import re

ELLIPSIS = "0"  # TensorFlow's stand-in label for "..." while it parses


def parse(equation, count):
    """(input labels, output labels, whether "..." occurs) of `equation` for `count` operands,
    the output made implicit as TensorFlow makes it; TensorFlow's ValueErrors."""
    resolved = equation.replace(" ", "")
    has_ellipsis = "..." in equation
    if has_ellipsis:
        if ELLIPSIS in resolved:
            raise ValueError(f'Invalid character "{ELLIPSIS}" in equation: {equation}.')
        resolved = resolved.replace("...", ELLIPSIS)
    allowed = "a-zA-Z" + (ELLIPSIS if has_ellipsis else "")
    match = re.match("^([{0},]*)(->[{0}]*)?$".format(allowed), resolved)
    if not match:
        raise ValueError(f"Subscripts have incorrect format: {resolved}")
    inputs = match.group(1).split(",")
    output = match.group(2)[2:] if match.group(2) else None
    if count != len(inputs):
        raise ValueError(f'Got {count} inputs for equation "{equation}", expecting {len(inputs)}')
    if "->" not in resolved:
        counts = collections.Counter(match.group(1))
        output = "".join(x for x in sorted(counts) if x != "," and counts[x] == 1)
    if output and len(set(output)) != len(output):
        raise ValueError(f"Output subscripts contain a label appearing more than once: {equation}")
    for label in output:
        if label != ELLIPSIS and label not in set(match.group(1)):
            raise ValueError(f"Output subscripts contain the label {label} not present in the input subscripts.")
    if has_ellipsis and output.count(ELLIPSIS) > 1:
        raise ValueError(f"Output subscripts contain multiple ellipsis: {equation}")
    return inputs, output, has_ellipsis
