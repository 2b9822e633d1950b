"""Command-line tools: `varrt <command> ...` (or `python -m varrt <command> ...`).

    varrt tour                                  a short walk through the main features
    varrt inspect PATH [--values] [--name KEY]  the tensors of a checkpoint
    varrt saved_model show DIR                  a SavedModel, as saved_model_cli show --all prints it
    varrt coverage [MODULE ...] [--missing]     TensorFlow's public names varrt has, per module
    varrt bench [--quick] [--json] [--plot F]   the benchmark suite against NumPy, PyTorch, TensorFlow
                                                (its progress on stderr, the results on stdout)
    varrt --version                             the installed version
    varrt --cmake-dir                           where varrtConfig.cmake is (find_package(varrt))
    varrt --include-dir                         where varrt/varrt.h and varrt/varrt_c.h are
    varrt --lib-dir                             where the core library (libvarrt_core.so) is
    varrt --blas                                the BLAS library the core's matrix products use

Each command is a module with `add_arguments(parser)` and `run(args)`; add one to COMMANDS to
extend. Usage errors exit 2 with argparse's message; a closed output pipe ends quietly.
"""
import argparse
import importlib
import os
import sys
from varrt import _C

# name -> (module, one-line help)
COMMANDS = {
    "tour": ("varrt.tour", "a short walk through the main features"),
    "inspect": ("varrt.tools.inspect_checkpoint", "list the tensors of a checkpoint"),
    "saved_model": ("varrt.tools.saved_model_cli", "inspect a SavedModel directory (like saved_model_cli)"),
    "coverage": ("varrt.tools.api_coverage", "how much of TensorFlow's public API varrt has, per module"),
    "bench": ("varrt.benchmarks.suite", "time varrt against NumPy, PyTorch and TensorFlow on this machine"),
}


def _locations():
    package = os.path.dirname(os.path.abspath(__file__))
    lib = os.path.join(package, "lib")
    return {"cmake_dir": os.path.join(lib, "cmake", "varrt"), "include_dir": os.path.join(package, "include"),
            "lib_dir": lib}


def _version():
    from importlib import metadata
    try:
        return metadata.version("varrt")
    except metadata.PackageNotFoundError:  # running from a source tree
        return "0.0.0"


def _parser(prog):
    parser = argparse.ArgumentParser(prog=prog, description="varrt: TensorFlow's resource variables in a small "
                                                            "C++ core. Commands and build locations.")
    parser.add_argument("--version", action="version", version=f"varrt {_version()}")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--cmake-dir", action="store_true", help="print where varrtConfig.cmake is")
    where.add_argument("--include-dir", action="store_true", help="print where varrt/varrt.h and varrt_c.h are")
    where.add_argument("--lib-dir", action="store_true", help="print where the core library is")
    parser.add_argument("--blas", action="store_true", help="print the BLAS library the core's matrix products use")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for name, (module, summary) in COMMANDS.items():
        sub = commands.add_parser(name, help=summary, description=summary[0].upper() + summary[1:] + ".")
        sub.set_defaults(module=module)
        _command_module(module).add_arguments(sub)
    return parser


def _blas():
    info = _C.blas_info()  # loads it, as the first matrix product would
    if not info["loaded"]:
        return f"none: the core's own loop computes ({info['error']})"
    return f"OpenBLAS, {info['core']} kernels, {info['threads']} threads: {info['path']}"


def _command_module(module):
    return importlib.import_module(module)


def _prog():
    # `varrt` when run as the console script, `python -m varrt` otherwise.
    return "varrt" if os.path.basename(sys.argv[0] or "") == "varrt" else "python -m varrt"


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = _parser(_prog())
    args = parser.parse_args(argv)  # usage errors (an unknown command, ...) exit 2 with argparse's message
    for key, path in _locations().items():
        if getattr(args, key):
            print(path)
            return 0
    if args.blas:
        print(_blas())
        return 0
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return _command_module(args.module).run(args) or 0
    except BrokenPipeError:
        # The reader went away (`varrt inspect X --values | head -1`): stop quietly, as `cat` does.
        # stdout is pointed at devnull so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
