"""Runs varrt.benchmarks.recurrent, the installed package's LSTM benchmark (its docstring says
what it measures). Arguments pass through."""
import sys

from varrt.benchmarks.recurrent import main

if __name__ == "__main__":
    sys.exit(main())
