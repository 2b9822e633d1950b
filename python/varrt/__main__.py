"""Command-line tools: `python -m varrt <command> ...`.

    python -m varrt tour                               a short walk through the main features
    python -m varrt inspect PATH [--values] [--name KEY]  the tensors of a checkpoint

Each command is a module with `main(argv)`; add one to COMMANDS to extend.
"""
import importlib
import sys

COMMANDS = {"tour": "varrt.tour", "inspect": "varrt.inspect_checkpoint"}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in COMMANDS:
        print(__doc__.strip(), file=sys.stderr if argv and argv[0] not in ("-h", "--help") else sys.stdout)
        return 0 if not argv or argv[0] in ("-h", "--help") else 2
    return importlib.import_module(COMMANDS[argv[0]]).main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
