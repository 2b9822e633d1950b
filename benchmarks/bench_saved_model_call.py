"""Runs varrt.benchmarks.saved_model_call, the installed package's benchmark (its docstring says
what it measures), on the repository's recorded SavedModel unless --dir says otherwise."""
import os
import sys

from varrt.benchmarks.saved_model_call import main

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures", "saved_model",
                       "module_one_signature")

if __name__ == "__main__":
    argv = sys.argv[1:]
    sys.exit(main(argv if "--dir" in argv else ["--dir", FIXTURE, *argv]))
