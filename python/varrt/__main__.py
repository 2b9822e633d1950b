"""Command-line tools: `python -m varrt <command> ...`.

    python -m varrt inspect PATH [--values] [--name KEY]

Each command is a function taking its argument list; add one to COMMANDS to extend.
"""
import argparse
import sys


def _inspect(argv):
    parser = argparse.ArgumentParser(prog="python -m varrt inspect",
                                     description="List the tensors of a checkpoint (like TensorFlow's "
                                                 "inspect_checkpoint): names, dtypes, shapes and, with --values, "
                                                 "values.")
    parser.add_argument("path", help="checkpoint prefix (e.g. dir/ckpt-3) or a directory with a 'checkpoint' file")
    parser.add_argument("--values", action="store_true", help="also print every tensor's value")
    parser.add_argument("--name", default=None, help="print only this tensor (with its value)")
    args = parser.parse_args(argv)

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
        return 1
    return 0


COMMANDS = {"inspect": _inspect}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in COMMANDS:
        print("usage: python -m varrt <command> [args]\n\ncommands:\n" +
              "".join(f"  {name}\n" for name in sorted(COMMANDS)), file=sys.stderr if argv else sys.stdout)
        return 0 if not argv or argv[0] in ("-h", "--help") else 2
    return COMMANDS[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main())
