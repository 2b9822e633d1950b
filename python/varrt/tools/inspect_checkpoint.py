"""`python -m varrt inspect PATH [--values] [--name KEY]`: the tensors of a checkpoint, like
TensorFlow's inspect_checkpoint tool (names, dtypes, shapes and, with --values, values)."""
import argparse
import re
import sys

_DESCRIPTION = ("List the tensors of a checkpoint (like TensorFlow's inspect_checkpoint): names, dtypes, shapes "
                "and, with --values, values.")
# A checkpoint's files are PREFIX.index and PREFIX.data-00000-of-00001; users often pass one of them.
_FILE_SUFFIX = re.compile(r"\.(index|data-\d{5}-of-\d{5})$")


def add_arguments(parser):
    parser.add_argument("path", help="checkpoint prefix (e.g. dir/ckpt-3) or a directory with a 'checkpoint' file")
    parser.add_argument("--values", action="store_true", help="also print every tensor's value")
    parser.add_argument("--name", default=None, help="print only this tensor (with its value)")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m varrt inspect", description=_DESCRIPTION)
    add_arguments(parser)
    return run(parser.parse_args(argv))


def _prefix_hint(path):
    match = _FILE_SUFFIX.search(path)
    if match is None:
        return None
    prefix = path[:match.start()]
    return f"hint: {path!r} is one of a checkpoint's files; pass the checkpoint's prefix instead: {prefix}"


def run(args):
    import numpy as np

    from varrt import errors, train

    try:
        reader = train.load_checkpoint(args.path)
        dtype_map = reader.get_variable_to_dtype_map()
        shape_map = reader.get_variable_to_shape_map()
        names = [args.name] if args.name is not None else sorted(shape_map)
        with np.printoptions(threshold=sys.maxsize if args.values else 1000):
            for name in names:
                if name not in shape_map:
                    raise errors.NotFoundError(None, None, f"Key {name} not found in checkpoint")
                dtype = dtype_map.get(name)
                print(f"tensor_name:  {name}  dtype: {dtype.name if dtype else '?'}  shape: {shape_map[name]}")
                if args.values or args.name is not None:
                    print(reader.get_tensor(name))
    except (errors.OpError, ValueError) as e:
        print(f"{type(e).__name__}: {e}", file=sys.stderr)
        hint = _prefix_hint(args.path)
        if hint is not None:
            print(hint, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
