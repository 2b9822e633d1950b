"""Runs varrt.benchmarks.conv2d, the installed package's conv2d benchmark (its docstring says what it
measures). Arguments pass through."""
import sys

from varrt.benchmarks.conv2d import main

if __name__ == "__main__":
    sys.exit(main())
