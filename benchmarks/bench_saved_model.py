"""SavedModel speed: first the issue's rows (varrt.benchmarks.saved_model_io: exporting and loading
a 100 MB tf.Module and calling what was loaded, against TensorFlow), then parsing a large
saved_model.pb (varrt.benchmarks.saved_model_read). Their docstrings say what they measure.

    python benchmarks/bench_saved_model.py [--quick] [--tf-python PATH] [--threads N] [--nodes N]

--threads goes to the first, --nodes to the second; the exit status is 1 when a target is missed."""
import argparse
import sys

from varrt.benchmarks import saved_model_io, saved_model_read

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--tf-python")
    parser.add_argument("--threads")
    parser.add_argument("--nodes")
    args = parser.parse_args()
    shared = (["--quick"] if args.quick else []) + (["--tf-python", args.tf_python] if args.tf_python else [])
    status = saved_model_io.main(shared + (["--threads", args.threads] if args.threads else []))
    print()
    saved_model_read.main(shared + (["--nodes", args.nodes] if args.nodes else []))
    sys.exit(status)
