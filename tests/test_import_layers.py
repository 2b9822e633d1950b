"""The Python package's layers: every import (module-level or inside a function) of a varrt
module by another runs down the layer order written at the top of varrt/__init__.py, and no
imports form a circle. Read from the source with `ast`, so what runs only on some paths counts
too; `if TYPE_CHECKING:` blocks are left out (they never run)."""
import ast
import collections
import os
import pickle
import re

import pytest

import varrt

PACKAGE_DIR = os.path.dirname(varrt.__file__)
FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")


def layer_table():
    """[(layer name, [entries])] from varrt's docstring: an entry is a folder ("ops/") or a
    module at the package root ("compat")."""
    lines = varrt.__doc__.split("\n")
    start = next(i for i, line in enumerate(lines) if "layers, bottom to top" in line)
    table, started = [], False
    for line in lines[start + 1:]:
        if not line.startswith("    "):
            if started:
                break
            continue
        started = True
        m = re.match(r"    (\S.*?)\s{2,}(.*)$", line)
        if m:
            table.append((m.group(1), m.group(2).split()))
        else:  # a continuation line of the entries above
            table[-1][1].extend(line.split())
    return table


def modules():
    """{dotted name: file} for every .py module of the package."""
    out = {}
    for d, _, files in os.walk(PACKAGE_DIR):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(d, f)
                rel = os.path.relpath(path, os.path.dirname(PACKAGE_DIR))[:-3].replace(os.sep, ".")
                out[rel[:-len(".__init__")] if rel.endswith(".__init__") else rel] = path
    return out


def layer_of(module, table):
    rel = module[len("varrt."):] if module != "varrt" else "__init__"
    for rank, (_, entries) in enumerate(table):
        for entry in entries:
            if entry.endswith("/"):
                folder = entry[:-1].replace("/", ".")
                if rel == folder or rel.startswith(folder + "."):
                    return rank
            elif rel == entry:
                return rank
    return None


def imports_of(module, path, known):
    """[(imported module, line, inside a function)]: each varrt module the file imports, and the
    packages an import runs first (`from varrt.ops.gradients import registry` runs
    varrt/ops/gradients/__init__.py). The package root, which every import runs first, counts
    only when it is what is imported (`import varrt`, `from varrt import Variable`)."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    found = []

    def resolve(name):
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name

    def add(target, node, local):
        if target == "varrt":  # the package root itself (`import varrt`, a name it re-exports): the top
            found.append((target, node.lineno, local))
            return
        parts = target.split(".")
        for i in range(2, len(parts) + 1):  # the packages on the way, then the module
            name = ".".join(parts[:i])
            if name in known and name != module and not module.startswith(name + "."):
                found.append((name, node.lineno, local))

    class Visitor(ast.NodeVisitor):
        depth = 0

        def visit_FunctionDef(self, node):
            self.depth += 1
            self.generic_visit(node)
            self.depth -= 1

        visit_AsyncFunctionDef = visit_FunctionDef
        visit_Lambda = visit_FunctionDef

        def visit_If(self, node):
            test = node.test
            if (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
                    (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"):
                for child in node.orelse:
                    self.visit(child)
                return
            self.generic_visit(node)

        def visit_Import(self, node):
            for alias in node.names:
                if alias.name.split(".")[0] == "varrt":
                    add(resolve(alias.name), node, self.depth > 0)

        def visit_ImportFrom(self, node):
            assert not node.level, f"{path}:{node.lineno}: relative import (the package uses absolute ones)"
            if (node.module or "").split(".")[0] != "varrt":
                return
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                add(full if full in known else resolve(node.module), node, self.depth > 0)

    Visitor().visit(tree)
    return found


def import_graph():
    known = modules()
    known["varrt._C"] = None  # the extension module
    edges = collections.defaultdict(list)
    for module, path in known.items():
        if path is not None:
            for target, line, local in imports_of(module, path, known):
                edges[module].append((target, line, local))
    return known, edges


def circles(known, edges):
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index, low, on_stack, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in known:
        if root in index:
            continue
        work = [(root, iter(edges.get(root, ())))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            for target, _, _ in it:
                if target not in index:
                    index[target] = low[target] = counter[0]
                    counter[0] += 1
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(edges.get(target, ()))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        out.append(sorted(component))
    return out


def test_every_module_has_a_layer():
    table = layer_table()
    assert [name for name, _ in table][:3] == ["native", "base", "core types"]
    unplaced = [m for m in modules() if layer_of(m, table) is None]
    assert not unplaced, f"modules in no layer of varrt/__init__.py's table: {unplaced}"


def test_imports_run_down_the_layers():
    table = layer_table()
    known, edges = import_graph()
    upward = []
    for module, targets in sorted(edges.items()):
        for target, line, local in targets:
            if layer_of(target, table) > layer_of(module, table):
                where = "inside a function" if local else "module level"
                upward.append(f"{known[module]}:{line} ({table[layer_of(module, table)][0]}) imports {target} "
                              f"({table[layer_of(target, table)][0]}), {where}")
    assert not upward, "imports up the layer order:\n" + "\n".join(upward)


def test_no_import_circles():
    known, edges = import_graph()
    found = circles(known, edges)
    described = []
    for component in found:
        members = set(component)
        ties = [f"  {known[m]}:{line} -> {t}" for m in component for t, line, _ in edges[m] if t in members]
        described.append(f"{len(component)} modules: " + ", ".join(component) + "\n" + "\n".join(ties))
    assert not found, "import circles:\n" + "\n".join(described)


def test_the_checker_sees_a_circle_and_an_upward_import(tmp_path):
    # The checks above must be able to fail: a two-module circle, and base importing ops.
    edges = {"a": [("b", 1, True)], "b": [("a", 1, False)], "c": [("a", 1, False)]}
    assert circles({"a": 0, "b": 0, "c": 0}, edges) == [["a", "b"]]
    table = layer_table()
    assert layer_of("varrt.ops.math_ops", table) > layer_of("varrt.base.dtypes", table)
    assert layer_of("varrt.nothing_here", table) is None


def test_pickles_written_before_the_modules_moved_still_load():
    # tests/tools/write_layout_pickle.py wrote it with the package as it was before issue 26.
    with open(os.path.join(FIXTURES, "pickles", "before_layout.pkl"), "rb") as f:
        objects = pickle.load(f)
    assert objects["tensor"].numpy().tolist() == [[1.0, 2.0]]
    v = objects["variable"]
    assert isinstance(v, varrt.Variable) and v.numpy().tolist() == [3.0, 4.0] and not v.trainable
    assert v.name == "v:0"
    assert objects["dtype"] is varrt.float16
    assert objects["shape"].as_list() == [None, 3]
    assert objects["spec"] == varrt.TensorSpec([2, None], varrt.int32, name="x")
    assert isinstance(objects["error"], varrt.errors.InvalidArgumentError) and objects["error"].message == "bad"
    assert objects["list_wrapper"][1] == 2 and objects["list_wrapper"][0].numpy() == 1.0
    assert objects["dict_wrapper"]["b"].numpy().tolist() == [1, 2]


def documented_folders():
    """{folder under python/varrt/ (no trailing slash, "" for the package root): layer name}
    from the Python package's table in docs/development/layout.md."""
    path = os.path.join(os.path.dirname(__file__), "..", "docs", "development", "layout.md")
    text = open(path, encoding="utf-8").read()
    section = text[text.index("## The Python package"):]
    section = section[:section.index("\n## ", 1)] if "\n## " in section[1:] else section
    rows = re.findall(r"^\| ([^|]+?) \| `python/varrt/([^`]*)` \|", section, re.M)
    return {folder.rstrip("/"): layer for layer, folder in rows}


def test_the_documented_layout_matches_the_folders():
    table = layer_table()
    documented = documented_folders()
    folders = set()
    for d, subdirs, files in os.walk(PACKAGE_DIR):
        subdirs[:] = [s for s in subdirs if s != "__pycache__"]
        if any(f.endswith(".py") for f in files):
            rel = os.path.relpath(d, PACKAGE_DIR)
            top = "" if rel == "." else rel.split(os.sep)[0]
            folders.add(top)
    assert set(documented) == folders, (
        f"folders the layout page does not list: {sorted(folders - set(documented))}; "
        f"listed but not there: {sorted(set(documented) - folders)}")
    for folder, layer in documented.items():
        module = "varrt" if folder == "" else f"varrt.{folder}"
        rank = layer_of(module, table)
        assert rank is not None and table[rank][0] == layer, \
            f"python/varrt/{folder}/ is in layer {layer!r} on the layout page, " \
            f"{table[rank][0] if rank is not None else None!r} in varrt/__init__.py"


def test_packages_named_like_tensorflow_modules_are_those_modules():
    # autodiff/, losses/ and optimizers/ are implementation folders and, as attributes of the
    # package, TensorFlow 2.21's tf.autodiff, tf.losses and tf.optimizers (Keras 3's); TensorFlow
    # 1's namespace has no autodiff or optimizers, and its losses are TensorFlow 1's functions, not
    # the folder.
    import varrt as tf
    assert tf.autodiff.GradientTape is tf.GradientTape
    assert tf.losses.MeanSquaredError is tf.keras.losses.MeanSquaredError
    assert tf.optimizers.Adam is tf.keras.optimizers.Adam
    assert tf.optimizers.schedules.ExponentialDecay is tf.keras.optimizers.schedules.ExponentialDecay
    assert tf.layers.dense.Dense is tf.keras.layers.Dense
    assert tf.compat.v1.losses.Reduction.MEAN == "weighted_mean"
    assert not hasattr(tf.compat.v1.losses, "MeanSquaredError")
    for name in ("autodiff", "optimizers"):
        with pytest.raises(AttributeError, match=f"has no attribute '{name}'"):
            getattr(tf.compat.v1, name)


def test_imports_inside_functions_say_why():
    # An import of a varrt module inside a function hides a dependency from the module's header:
    # it stays only where it buys something (a library chosen at run time, import time) and says so.
    silent = []
    for module, path in modules().items():
        source = open(path, encoding="utf-8").read()
        lines = source.split("\n")

        class Visitor(ast.NodeVisitor):
            depth = 0

            def visit_FunctionDef(self, node):
                self.depth += 1
                self.generic_visit(node)
                self.depth -= 1

            visit_AsyncFunctionDef = visit_FunctionDef

            def check(self, node, name):
                text = "\n".join(lines[node.lineno - 1:node.end_lineno])
                if self.depth and name.split(".")[0] == "varrt" and "#" not in text:
                    silent.append(f"{path}:{node.lineno}: {text.strip()}")

            def visit_Import(self, node):
                for alias in node.names:
                    self.check(node, alias.name)

            def visit_ImportFrom(self, node):
                self.check(node, node.module or "")

        Visitor().visit(ast.parse(source))
    assert not silent, "imports inside functions with no reason given:\n" + "\n".join(silent)
