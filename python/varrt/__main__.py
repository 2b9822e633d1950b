"""Command-line tools: `python -m varrt <command> ...`.

    python -m varrt tour                               a short walk through the main features
    python -m varrt inspect PATH [--values] [--name KEY]  the tensors of a checkpoint
    python -m varrt --cmake-dir                        where varrtConfig.cmake is (find_package(varrt))
    python -m varrt --include-dir                      where varrt/varrt.h and varrt/varrt_c.h are
    python -m varrt --lib-dir                          where the core library (libvarrt_core.so) is

Each command is a module with `main(argv)`; add one to COMMANDS to extend.
"""
import importlib
import os
import sys

COMMANDS = {"tour": "varrt.tour", "inspect": "varrt.tools.inspect_checkpoint"}


def _locations():
    package = os.path.dirname(os.path.abspath(__file__))
    lib = os.path.join(package, "lib")
    return {"--cmake-dir": os.path.join(lib, "cmake", "varrt"), "--include-dir": os.path.join(package, "include"),
            "--lib-dir": lib}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in _locations():
        print(_locations()[argv[0]])
        return 0
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in COMMANDS:
        print(__doc__.strip(), file=sys.stderr if argv and argv[0] not in ("-h", "--help") else sys.stdout)
        return 0 if not argv or argv[0] in ("-h", "--help") else 2
    return importlib.import_module(COMMANDS[argv[0]]).main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
