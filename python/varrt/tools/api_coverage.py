"""`varrt coverage [MODULE ...] [--missing]`: how much of TensorFlow's public API varrt has, per
module, from TensorFlow 2.21's list of public names (varrt/base/tensorflow_public_names.json).

A name is present when varrt's module of the same path has it (present does not mean every
argument of TensorFlow's function is supported). With module paths (`tf.nn`, `tf.compat.v1.train`)
only those are reported; `--missing` lists the names varrt lacks. The docs' Supported API page is
generated from the same counts (docs/hooks/api_support.py).
"""
import varrt
from varrt.base import missing_names


def varrt_module(tf_path):
    """varrt's namespace at TensorFlow's path ("tf.compat.v1.nn"), or None when varrt has none."""
    obj = varrt
    for part in tf_path.split(".")[1:]:
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def module_coverage(tf_path):
    """(present, missing): TensorFlow's public names of `tf_path` that varrt has and lacks, sorted."""
    names = sorted(missing_names.tensorflow_names(tf_path))
    module = varrt_module(tf_path)
    present = [n for n in names if module is not None and hasattr(module, n)]
    have = set(present)
    return present, [n for n in names if n not in have]


def add_arguments(parser):
    parser.add_argument("modules", nargs="*", metavar="MODULE",
                        help="TensorFlow module paths to report (default: all), e.g. tf.nn tf.compat.v1.train")
    parser.add_argument("--missing", action="store_true", help="also list the names varrt lacks")


def run(args):
    known = missing_names.tensorflow_modules()
    paths = args.modules or sorted(known)
    unknown = [p for p in paths if p not in known]
    if unknown:
        raise SystemExit(f"varrt coverage: not one of TensorFlow's public modules: {', '.join(unknown)}")
    width = max(len(p) for p in paths)
    print(f"{'module':<{width}}  present  missing  share")
    total_present = total = 0
    for path in paths:
        present, missing = module_coverage(path)
        count = len(present) + len(missing)
        total_present, total = total_present + len(present), total + count
        share = f"{100 * len(present) // count}%" if count else "-"
        print(f"{path:<{width}}  {len(present):>7}  {len(missing):>7}  {share:>5}")
        if args.missing and missing:
            print("  missing: " + ", ".join(missing))
    print(f"{'all':<{width}}  {total_present:>7}  {total - total_present:>7}  "
          f"{100 * total_present // total if total else 0:>4}%")
    return 0
