"""`python -m varrt inspect PATH [--values] [--name KEY]`: the tensors of a checkpoint, like
TensorFlow's inspect_checkpoint tool (names, dtypes, shapes and, with --values, values)."""
import argparse
import re
import sys
from varrt import train
from varrt.base import errors
from varrt.train import NewCheckpointReader

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


# --- TensorFlow's inspect_checkpoint functions (tensorflow/python/tools/inspect_checkpoint.py) -----

def _count_total_params(reader, count_exclude_pattern=""):
    """The number of elements of every tensor, less those whose names match `count_exclude_pattern`."""
    import numpy as np
    var_to_shape_map = reader.get_variable_to_shape_map()
    if count_exclude_pattern:
        regex_pattern = re.compile(count_exclude_pattern)
        kept = {}
        exclude_num_tensors = 0
        exclude_num_params = 0
        for v in var_to_shape_map:
            if regex_pattern.search(v):
                exclude_num_tensors += 1
                exclude_num_params += np.prod(var_to_shape_map[v])
            else:
                kept[v] = var_to_shape_map[v]
        var_to_shape_map = kept
        print("# Excluding %d tensors (%d params) that match %s when counting." % (
            exclude_num_tensors, exclude_num_params, count_exclude_pattern))
    return np.sum([np.prod(var_to_shape_map[v]) for v in var_to_shape_map], dtype=int)


def print_tensors_in_checkpoint_file(file_name, tensor_name, all_tensors, all_tensor_names=False,
                                     count_exclude_pattern=""):
    """Prints a checkpoint's tensors as TensorFlow's function of this name does: every name, dtype
    and shape (`all_tensor_names`), with values (`all_tensors`), one tensor (`tensor_name`), or the
    reader's debug string; then the number of parameters. Errors are printed, not raised."""
    try:
        reader = NewCheckpointReader(file_name)
        if all_tensors or all_tensor_names:
            var_to_shape_map = reader.get_variable_to_shape_map()
            var_to_dtype_map = reader.get_variable_to_dtype_map()
            for key, value in sorted(var_to_shape_map.items()):
                print("tensor: %s (%s) %s" % (key, var_to_dtype_map[key].name, value))
                if all_tensors:
                    try:
                        print(reader.get_tensor(key))
                    except errors.InternalError:
                        print("<not convertible to a numpy dtype>")
        elif not tensor_name:
            print(reader.debug_string().decode("utf-8", errors="ignore"))
        else:
            if not reader.has_tensor(tensor_name):
                print("Tensor %s not found in checkpoint" % tensor_name)
                return
            var_to_shape_map = reader.get_variable_to_shape_map()
            var_to_dtype_map = reader.get_variable_to_dtype_map()
            print("tensor: %s (%s) %s" % (tensor_name, var_to_dtype_map[tensor_name].name,
                                          var_to_shape_map[tensor_name]))
            print(reader.get_tensor(tensor_name))
        print("# Total number of params: %d" % _count_total_params(reader, count_exclude_pattern=count_exclude_pattern))
    except Exception as e:  # noqa: BLE001 - printed, as TensorFlow's tool does
        print(str(e))
        if "Data loss" in str(e) and any(part in file_name for part in [".index", ".meta", ".data"]):
            proposed_file = ".".join(file_name.split(".")[0:-1])
            print("\nIt's likely that this is a V2 checkpoint and you need to provide the filename\n"
                  "*prefix*.  Try removing the '.' and extension.  Try:\n"
                  "inspect checkpoint --file_name = {}".format(proposed_file))
