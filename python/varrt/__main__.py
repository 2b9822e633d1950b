"""Command line: `python -m varrt <command>`.

    tour           a short runnable walk through the main features
    --cmake-dir    the directory of varrtConfig.cmake (for find_package(varrt CONFIG))
    --include-dir  the directory holding varrt/varrt.h and varrt/varrt_c.h
    --lib-dir      the directory holding the core library (libvarrt_core.so)
"""
import sys


def _locations():
    import os
    package = os.path.dirname(os.path.abspath(__file__))
    lib = os.path.join(package, "lib")
    return {"--cmake-dir": os.path.join(lib, "cmake", "varrt"), "--include-dir": os.path.join(package, "include"),
            "--lib-dir": lib}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("--cmake-dir", "--include-dir", "--lib-dir"):
        print(_locations()[argv[0]])  # paths only: no import of the extension
        return 0
    commands = {"tour": "varrt.tour"}
    if not argv or argv[0] not in commands:
        print(__doc__.strip())
        return 0 if not argv else 2
    import importlib
    return importlib.import_module(commands[argv[0]]).main(*argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
