"""Command line: `python -m varrt <command>`.

    tour      a short runnable walk through the main features
"""
import sys


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    commands = {"tour": "varrt.tour"}
    if not argv or argv[0] not in commands:
        print(__doc__.strip())
        return 0 if not argv else 2
    import importlib
    return importlib.import_module(commands[argv[0]]).main(*argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
