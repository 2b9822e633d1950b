"""Reading a large saved_model.pb, varrt against TensorFlow 2.21's protobuf library, each in its
own process, in one run.

    python -m varrt.benchmarks.saved_model_read [--quick] [--nodes N] [--tf-python PATH]
    (benchmarks/bench_saved_model.py runs it after saved_model_io)

The file is written once by varrt: a SavedModel whose GraphDef holds N nodes (200,000; 20,000 with
--quick), each a MatMul with two inputs, a dtype attribute and an `_output_shapes` list, and whose
function library holds one function of 64 such nodes per 1,000 nodes. Rows (milliseconds, the
median of 5 reads after a warm-up read, the file in the page cache):
  parse         bytes -> message (varrt: the core's decode and the dict of fields; TensorFlow:
                SavedModel.ParseFromString).
  parse + walk  the same, then every node's op and its dtype attribute read through the message
                objects (what a loader or `saved_model_cli show` does).
No target: the issue's targets are for loading and exporting models, which this measures a part of.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROUNDS = 5


def node(i):
    return {"name": f"dense_{i}/MatMul", "op": "MatMul", "input": [f"dense_{i - 1}/MatMul", f"w_{i}"],
            "attr": {"T": {"type": 1},
                     "_output_shapes": {"list": {"shape": [{"dim": [{"size": -1}, {"size": 128}]}]}}}}


def write_file(path, nodes):
    """Writes the benchmark's saved_model.pb with varrt; returns its size in bytes."""
    from varrt.saved_model.proto import Message  # the library under test, imported only where it writes (a peer runs this file without it)
    functions = [{"signature": {"name": f"__inference_f_{k}"}, "node_def": [node(j) for j in range(64)]}
                 for k in range(max(1, nodes // 1000))]
    saved_model = Message("tensorflow.SavedModel", {
        "saved_model_schema_version": 1,
        "meta_graphs": [{"meta_info_def": {"tags": ["serve"]},
                         "graph_def": {"node": [node(i) for i in range(nodes)], "library": {"function": functions}}}]})
    with open(path, "wb") as f:
        f.write(saved_model.to_bytes())
    return os.path.getsize(path)


def run_cases(library, path):
    with open(path, "rb") as f:
        data = f.read()
    if library == "varrt":
        from varrt.saved_model.proto import Message  # the library under test (this runs in its own process)

        def parse():
            return Message.from_bytes("tensorflow.SavedModel", data)
    else:
        from tensorflow.core.protobuf import saved_model_pb2  # TensorFlow's process only

        def parse():
            message = saved_model_pb2.SavedModel()
            message.ParseFromString(data)
            return message

    def parse_and_walk():
        graph = parse().meta_graphs[0].graph_def
        return sum(1 for n in graph.node if n.op == "MatMul" and n.attr["T"].type == 1)

    out = {}
    for name, fn in (("parse", parse), ("parse + walk", parse_and_walk)):
        fn()
        times = []
        for _ in range(ROUNDS):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        out[name] = statistics.median(times) * 1e3
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--nodes", type=int, default=None)
    parser.add_argument("--tf-python", default=os.environ.get("VARRT_TF_PYTHON"))
    parser.add_argument("--peer", nargs=2, metavar=("LIBRARY", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.peer:
        print(json.dumps(run_cases(*args.peer)))
        return 0
    nodes = args.nodes or (20_000 if args.quick else 200_000)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "saved_model.pb")
        size = write_file(path, nodes)
        results = {}
        for library, python in (("varrt", sys.executable), ("tensorflow", args.tf_python)):
            if not python:  # no TensorFlow (an empty VARRT_TF_PYTHON says so too)
                continue
            out = subprocess.run([python, "-m", "varrt.benchmarks.saved_model_read", "--peer", library, path]
                                 if library == "varrt" else [python, __file__, "--peer", library, path],
                                 capture_output=True, text=True, check=True)
            results[library] = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"saved_model.pb of {nodes} nodes, {size / 2**20:.1f} MB; milliseconds, median of {ROUNDS}")
    for row in ("parse", "parse + walk"):
        line = f"  {row:<14} varrt {results['varrt'][row]:9.1f}"
        if "tensorflow" in results:
            tf_ms = results["tensorflow"][row]
            line += f"   TensorFlow {tf_ms:9.1f}   ratio {results['varrt'][row] / tf_ms:5.2f}x"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
