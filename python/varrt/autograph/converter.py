"""The AutoGraph source transformation: a function's `if`, `while` and `for` statements become
calls of the operators (operators.py), which pick Python or graph control flow at run time.

Converted:
- `if`/`elif`/`else` assigning names (a name bound in only one branch of a tensor `if` is
  TensorFlow's ValueError "'x' must also be initialized in the else branch");
- an `if` whose body ends in `return`, followed by the rest of the function (or an `else` that
  returns): both become branches of one conditional return;
- `while cond:` and `for x in iterable:` assigning names (over a symbolic tensor: a while loop
  on its first dimension; `tf.range(n)` of a tensor n is one);
- `and`, `or`, `not` in the conditions of those statements (logical ops on tensors).
- `break` and `continue` in those loops (AutoGraph's lowering: flags, the loop condition and
  the statements after them guarded by the flags).
Left as Python (a symbolic condition there raises TensorFlow's OperatorNotAllowedInGraphError):
loops containing `return` or `yield` (or a break inside `with`/`try`), `if` statements containing `return`
in other forms, comprehensions, lambdas, `and`/`or`/`not` outside conditions, and functions the
body calls (TensorFlow converts those too).

The transformed code is compiled with the original file name and line numbers, so tracebacks
and the "in user code:" frames of errors point at the user's source.
"""
import ast
import inspect
import textwrap
import types
import weakref

from varrt.autograph import operators

_counter = [0]


def _fresh(kind):
    _counter[0] += 1
    return f"ag__{kind}_{_counter[0]}"


def _assigned(nodes):
    """The names a list of statements binds (assignment targets, for targets, with-as), not
    looking into nested functions, classes or lambdas, in first-binding order."""
    names = []

    class Visitor(ast.NodeVisitor):
        def visit_Name(self, node):
            if isinstance(node.ctx, ast.Store) and node.id not in names:
                names.append(node.id)

        def visit_FunctionDef(self, node):
            pass  # a nested function's names are its own (and a helper it defines is no loop value)

        visit_AsyncFunctionDef = visit_FunctionDef
        visit_ClassDef = visit_FunctionDef

        def visit_Lambda(self, node):
            pass

    v = Visitor()
    for n in nodes:
        v.visit(n)
    return [n for n in names if not n.startswith("ag__")]


def _contains(nodes, kinds):
    """Whether the statements hold a node of `kinds`, outside nested functions and classes (whose
    `return`s are their own; the converter's generated branch functions are such)."""
    stack = list(nodes)
    while stack:
        n = stack.pop()
        if isinstance(n, kinds):
            return True
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        stack.extend(ast.iter_child_nodes(n))
    return False


class _Unsupported(Exception):
    """A form the converter leaves as Python."""


def _own_jumps(stmts, kinds):
    """Whether `stmts` hold a break/continue (`kinds`) of the loop they are the body of, not of a
    nested loop or function."""
    stack = list(stmts)
    while stack:
        n = stack.pop()
        if isinstance(n, kinds):
            return True
        if isinstance(n, (ast.For, ast.While, ast.AsyncFor, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                          ast.Lambda)):
            continue
        stack.extend(ast.iter_child_nodes(n))
    return False


def _flag(name, value):
    return ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=ast.Constant(value))


def _guarded(stmts, brk, cont):
    """The loop body `stmts` with its break/continue replaced by setting the flags `brk`/`cont`,
    and what follows a statement that may set one run only while neither is set (AutoGraph's
    lowering; the `if`s it makes are converted like the user's)."""
    out = []
    for i, s in enumerate(stmts):
        if isinstance(s, ast.Break):
            out.append(ast.copy_location(_flag(brk, True), s))
            return out
        if isinstance(s, ast.Continue):
            out.append(ast.copy_location(_flag(cont, True), s))
            return out
        if _own_jumps([s], (ast.Break, ast.Continue)):
            if not isinstance(s, ast.If):
                raise _Unsupported()  # a jump inside with/try: left as Python
            s.body = _guarded(s.body, brk, cont)
            s.orelse = _guarded(s.orelse, brk, cont)
            out.append(s)
            rest = stmts[i + 1:]
            if rest:
                flags = [ast.Name(id=f, ctx=ast.Load()) for f in (brk, cont) if f]
                either = flags[0] if len(flags) == 1 else ast.BoolOp(op=ast.Or(), values=flags)
                guard = ast.If(test=ast.UnaryOp(op=ast.Not(), operand=either), body=_guarded(rest, brk, cont),
                               orelse=[])
                out.append(ast.copy_location(guard, rest[0]))
            return out
        out.append(s)
    return out


def _lower_jumps(node):
    """(statements before the loop, the loop) with the loop's own break/continue lowered to flags;
    the flags as (break flag or None, continue flag or None)."""
    has_break = _own_jumps(node.body, ast.Break)
    has_continue = _own_jumps(node.body, ast.Continue)
    if not (has_break or has_continue):
        return [], node, (None, None)
    # Flags are loop variables like the user's (names not starting with "ag__", which the
    # converter's own helper functions use).
    brk = _fresh("brk").replace("ag__", "ag_flag_") if has_break else None
    cont = _fresh("cont").replace("ag__", "ag_flag_") if has_continue else None
    body = _guarded(node.body, brk, cont)
    if cont:
        body = [ast.copy_location(_flag(cont, False), node)] + body
    pre = [ast.copy_location(_flag(f, False), node) for f in (brk, cont) if f]
    node.body = body
    if brk and isinstance(node, ast.While):
        node.test = ast.BoolOp(op=ast.And(), values=[node.test, ast.UnaryOp(op=ast.Not(), operand=ast.Name(
            id=brk, ctx=ast.Load()))])
    return pre, node, (brk, cont)


def _ends_in_return(body):
    return bool(body) and isinstance(body[-1], ast.Return)


def _call(func, args):
    return ast.Call(func=ast.Attribute(value=ast.Name(id="ag__", ctx=ast.Load()), attr=func, ctx=ast.Load()),
                    args=args, keywords=[])


def _values(names):
    """(ag__.ld(lambda: a, 'a'), ...): the current values of `names`."""
    return ast.Tuple(elts=[_call("ld", [ast.Lambda(args=_no_args(), body=ast.Name(id=n, ctx=ast.Load())),
                                        ast.Constant(n)]) for n in names], ctx=ast.Load())


def _no_args():
    return ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])


def _args(names):
    return ast.arguments(posonlyargs=[], args=[ast.arg(arg=n) for n in names], vararg=None, kwonlyargs=[],
                         kw_defaults=[], kwarg=None, defaults=[])


def _function(name, params, body, returns):
    stmts = list(body) + ([ast.Return(value=ast.Tuple(elts=[ast.Name(id=n, ctx=ast.Load()) for n in returns],
                                                       ctx=ast.Load()))] if returns is not None else [])
    return ast.FunctionDef(name=name, args=_args(params), body=stmts or [ast.Pass()], decorator_list=[], returns=None,
                           type_params=[])


def _unpack(names, value):
    if not names:
        return ast.Expr(value=value)
    return ast.Assign(targets=[ast.Tuple(elts=[ast.Name(id=n, ctx=ast.Store()) for n in names], ctx=ast.Store())],
                      value=value)


class _LogicalOps(ast.NodeTransformer):
    """`a and b`, `a or b`, `not a` in a condition: ag__.and_/or_/not_ (logical ops on tensors,
    Python's lazy semantics otherwise)."""

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        func = "and_" if isinstance(node.op, ast.And) else "or_"
        result = node.values[-1]
        for value in reversed(node.values[:-1]):
            result = _call(func, [ast.Lambda(args=_no_args(), body=value), ast.Lambda(args=_no_args(), body=result)])
        return ast.copy_location(result, node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return ast.copy_location(_call("not_", [node.operand]), node)
        return node

    def visit_Lambda(self, node):
        return node


def _condition(test):
    return _LogicalOps().visit(test)


class _Transformer(ast.NodeTransformer):
    def __init__(self):
        self.converted = 0

    def _block(self, stmts):
        """Transforms a statement list, joining an `if ...: ...; return` with the statements after it."""
        out = []
        stmts = list(stmts)
        i = 0
        while i < len(stmts):
            s = stmts[i]
            if (isinstance(s, ast.If) and _ends_in_return(s.body) and not s.orelse and i + 1 < len(stmts)
                    and _ends_in_return(stmts[i + 1:]) ):
                joined = ast.If(test=s.test, body=s.body, orelse=stmts[i + 1:])
                ast.copy_location(joined, s)
                result = self.visit(joined)
                out.extend(result if isinstance(result, list) else [result])
                return out
            result = self.visit(s)
            if isinstance(result, list):
                out.extend(result)
            elif result is not None:
                out.append(result)
            i += 1
        return out

    def generic_visit(self, node):
        for field in ("body", "orelse", "finalbody"):
            value = getattr(node, field, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                setattr(node, field, self._block(value))
        return node

    def visit_FunctionDef(self, node):
        node.body = self._block(node.body)
        return node

    def visit_Lambda(self, node):
        return node

    def visit_If(self, node):
        body = self._block(node.body)
        orelse = self._block(node.orelse)
        if _ends_in_return(body) and _ends_in_return(orelse) and not _contains(body[:-1] + orelse[:-1], ast.Return):
            self.converted += 1
            t, f = _fresh("if_true"), _fresh("if_false")
            defs = [_function(t, [], body, None), _function(f, [], orelse, None)]
            ret = ast.Return(value=_call("if_return", [_condition(node.test), ast.Name(id=t, ctx=ast.Load()),
                                                         ast.Name(id=f, ctx=ast.Load())]))
            return [ast.copy_location(d, node) for d in defs] + [ast.copy_location(ret, node)]
        if _contains(body + orelse, (ast.Return, ast.Yield, ast.YieldFrom, ast.Global, ast.Nonlocal, ast.Break,
                                     ast.Continue)):
            node.body, node.orelse = body, orelse
            return node
        names = _assigned(body + orelse)
        self.converted += 1
        t, f = _fresh("if_true"), _fresh("if_false")
        defs = [_function(t, names, body, names), _function(f, names, orelse, names)]
        call = _call("if_stmt", [_condition(node.test), ast.Name(id=t, ctx=ast.Load()), ast.Name(id=f, ctx=ast.Load()),
                                 _values(names), ast.Constant(tuple(names))])
        return [ast.copy_location(d, node) for d in defs] + [ast.copy_location(_unpack(names, call), node)]

    def _loop_convertible(self, node):
        return not node.orelse and not _contains(node.body, (ast.Return, ast.Yield, ast.YieldFrom, ast.Global,
                                                             ast.Nonlocal))

    def _lowered(self, node):
        """The loop with its break/continue lowered (pre-statements, loop, flags), or None."""
        if not self._loop_convertible(node):
            return None
        try:
            return _lower_jumps(node)
        except _Unsupported:
            return None

    def visit_While(self, node):
        lowered = self._lowered(node)
        if lowered is None:
            return self.generic_visit(node)
        pre, node, _ = lowered
        body = self._block(node.body)
        names = _assigned(body)
        self.converted += 1
        c, b = _fresh("while_cond"), _fresh("while_body")
        test = ast.FunctionDef(name=c, args=_args(names), body=[ast.Return(value=_condition(node.test))],
                               decorator_list=[],
                               returns=None, type_params=[])
        defs = [test, _function(b, names, body, names)]
        call = _call("while_stmt", [ast.Name(id=c, ctx=ast.Load()), ast.Name(id=b, ctx=ast.Load()), _values(names),
                                    ast.Constant(tuple(names))])
        return pre + [ast.copy_location(d, node) for d in defs] + [ast.copy_location(_unpack(names, call), node)]

    def visit_For(self, node):
        lowered = self._lowered(node) if isinstance(node.target, (ast.Name, ast.Tuple)) else None
        if lowered is None:
            return self.generic_visit(node)
        pre, node, (brk, _) = lowered
        body = self._block(node.body)
        target_names = _assigned([ast.Assign(targets=[node.target], value=ast.Constant(None))])
        names = [n for n in _assigned(body) if n not in target_names]
        self.converted += 1
        b, item = _fresh("for_body"), _fresh("item")
        bind = ast.Assign(targets=[node.target], value=ast.Name(id=item, ctx=ast.Load()))
        ast.copy_location(bind, node)
        defs = [_function(b, [item] + names, [bind] + body, names)]
        extra = ast.Constant(None)
        if brk:  # the loop goes on while the break flag is unset
            t = _fresh("for_test")
            defs.append(ast.FunctionDef(name=t, args=_args(names), body=[ast.Return(value=_call("not_", [
                ast.Name(id=brk, ctx=ast.Load())]))], decorator_list=[], returns=None, type_params=[]))
            extra = ast.Name(id=t, ctx=ast.Load())
        call = _call("for_stmt", [node.iter, ast.Name(id=b, ctx=ast.Load()), _values(names),
                                  ast.Constant(tuple(names)), extra])
        return pre + [ast.copy_location(d, node) for d in defs] + [ast.copy_location(_unpack(names, call), node)]


def _source_tree(fn):
    # The code's own source: inspect.getsource(fn) follows __wrapped__, which functools.wraps
    # points at another function.
    source = textwrap.dedent(inspect.getsource(fn.__code__))
    tree = ast.parse(source)
    node = tree.body[0]
    if not isinstance(node, ast.FunctionDef):
        raise ValueError("not a function definition")
    node.decorator_list = []
    ast.increment_lineno(tree, fn.__code__.co_firstlineno - 1)
    return tree, node


def transformed_source(fn):
    """The converted function's source (what tf.autograph.to_code shows)."""
    tree, node = _source_tree(fn)
    _Transformer().visit(node)
    ast.fix_missing_locations(tree)
    return ast.unparse(node)


# The converted function is kept on the function it was converted from (this attribute), so the
# two live and die together. A weak-key table keyed by the function cannot hold it: the converted
# function refers to the original through __wrapped__ (and a nested recursive function through
# its own closure cell), so the entry would keep its own key alive forever.
CONVERTED_ATTRIBUTE = "__ag_converted__"

# original code object -> converted code object (None: nothing to convert), so a function
# defined again (in a loop, per call) is converted once. Weak: code made at run time (exec, a
# function factory's source) is dropped with its last function.
_converted_code = weakref.WeakKeyDictionary()


def convert_function(fn):
    """`fn` with its control flow converted, or `fn` itself when there is nothing to convert or
    its source cannot be read."""
    code = getattr(fn, "__code__", None)
    if code is None or fn.__name__ == "<lambda>" or inspect.isgeneratorfunction(fn) or inspect.iscoroutinefunction(fn):
        return fn
    if code not in _converted_code:
        _converted_code[code] = _convert_code(fn, code)
    inner = _converted_code[code]
    if inner is None:
        return fn
    cells = dict(zip(code.co_freevars, fn.__closure__ or ()))
    cells["ag__"] = types.CellType(operators)
    closure = tuple(cells[name] for name in inner.co_freevars)
    converted = types.FunctionType(inner, fn.__globals__, fn.__name__, fn.__defaults__, closure)
    converted.__kwdefaults__ = fn.__kwdefaults__
    converted.__dict__.update((k, v) for k, v in fn.__dict__.items() if k != CONVERTED_ATTRIBUTE)
    converted.__wrapped__ = fn
    converted.__qualname__ = fn.__qualname__
    return converted


def _convert_code(fn, code):
    """The converted function's code object, or None."""
    try:
        tree, node = _source_tree(fn)
    except (OSError, TypeError, ValueError, SyntaxError, IndentationError):
        return None
    transformer = _Transformer()
    transformer.visit(node)
    if not transformer.converted:
        return None
    freevars = list(code.co_freevars)
    body = [node, ast.Return(value=ast.Name(id=node.name, ctx=ast.Load()))]
    if node.name not in freevars:
        # The factory's `def` binds the function's name, which would make a recursive call a
        # closure over that binding; the original looks the name up as a global (its decorated
        # value, the tf.function), and so must the converted code. The factory is never run.
        body.insert(0, ast.Global(names=[node.name]))
    factory = ast.FunctionDef(name="ag__factory", args=_args(["ag__"] + freevars), body=body,
                              decorator_list=[], returns=None, type_params=[])
    module = ast.Module(body=[factory], type_ignores=[])
    ast.fix_missing_locations(module)
    compiled = compile(module, code.co_filename, "exec")
    factory_code = next(c for c in compiled.co_consts if isinstance(c, types.CodeType) and c.co_name == "ag__factory")
    return next(c for c in factory_code.co_consts if isinstance(c, types.CodeType) and c.co_name == node.name)
