// The call cache of a tf.function (`Function._fast`): for a call whose positional arguments are
// all plain eager Tensors and Variables (no nesting, no keywords), the traced graph it ran
// before, found by the arguments' dtypes and shapes and run with no Python frame (binding the
// arguments to the graph's inputs, logging the call, packing a single-tensor result). The
// Python Function (framework/function.py) decides which traces may be cached (it adds each
// after a call that used it, so retracing, input signatures and Python-value keys stay its
// rules) and handles every call the cache does not: the cache returns its `miss` sentinel then.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "bindings.h"
#include "interop/handle.h"
#include "interop/tensor_object.h"
#include "varrt/device/executor.h"
#include "varrt/ops/graph.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

constexpr size_t kMaxEntries = 64;  // a function called with ever new shapes keeps its first ones

// What an argument traced as: a Tensor of a dtype and shape, or a Variable of a dtype and
// declared (possibly partial) shape.
struct ArgKey {
  bool variable = false;
  DType dtype = DType::kInvalid;
  bool rank_known = true;
  std::vector<int64_t> dims;
};

enum class Output { kTensor, kNone, kPacked };

struct Entry {
  std::vector<ArgKey> key;
  std::shared_ptr<Graph> graph;
  py::object captures;   // the graph's external captures (a list): inputs after the arguments
  std::string inference_name;
  Output output = Output::kPacked;
  py::object pack;       // ConcreteFunction._pack_results, for Output::kPacked
  py::object reraise;    // ConcreteFunction._reraise_run_error: TensorFlow's text for a failed node
};

struct Classes {
  PyTypeObject* tensor = nullptr;    // varrt.Tensor (exactly: subclasses and graph tensors miss)
  PyTypeObject* variable = nullptr;  // varrt.Variable (exactly)
  PyObject* run_eagerly = nullptr;   // function._run_eagerly: [bool]
  PyObject* graph_state = nullptr;   // func_graph._state (thread-local): .graph, the graph being built
  PyObject* graph_attr = nullptr;
};

Classes& classes() {
  static auto* c = new Classes();  // leaked: outlives interpreter teardown
  return *c;
}

struct TracedCalls {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  // Shared, so a call keeps its entry while the graph runs (a run may release the GIL, and
  // another thread add or clear).
  std::vector<std::shared_ptr<const Entry>>* entries;
  PyObject* miss;      // returned for a call the cache does not handle
  PyObject* counter;   // the tracing detector's [calls without a trace], or null
};

// The key of one argument, false when it cannot be a cached call's.
bool key_of(PyObject* a, ArgKey* k) {
  const Classes& c = classes();
  if (Py_TYPE(a) == c.tensor) {
    const Tensor& t = tensor_of(a).tensor;
    k->variable = false;
    k->dtype = t.dtype();
    k->rank_known = true;
    k->dims = t.shape().dims();
    return true;
  }
  if (Py_TYPE(a) == c.variable) {
    const Var* var = handle_of(a).handle().var();
    const PartialShape& s = var->declared_shape();
    k->variable = true;
    k->dtype = var->dtype();
    k->rank_known = s.known_rank();
    k->dims = s.known_rank() ? s.dims() : std::vector<int64_t>();
    return true;
  }
  return false;
}

bool matches(PyObject* a, const ArgKey& k) {
  const Classes& c = classes();
  if (Py_TYPE(a) == c.tensor) {
    if (k.variable) return false;
    const Tensor& t = tensor_of(a).tensor;
    const Shape& shape = t.shape();
    return t.dtype() == k.dtype && static_cast<size_t>(shape.rank()) == k.dims.size() &&
           std::equal(k.dims.begin(), k.dims.end(), shape.data());
  }
  if (Py_TYPE(a) != c.variable || !k.variable) return false;
  const Var* var = handle_of(a).handle().var();
  const PartialShape& s = var->declared_shape();
  return var->dtype() == k.dtype && s.known_rank() == k.rank_known && (!k.rank_known || s.dims() == k.dims);
}

std::shared_ptr<const Entry> find(const TracedCalls* self, PyObject* const* args, size_t n) {
  for (const std::shared_ptr<const Entry>& e : *self->entries) {
    if (e->key.size() != n) continue;
    size_t i = 0;
    while (i < n && matches(args[i], e->key[i])) ++i;
    if (i == n) return e;
  }
  return nullptr;
}

// 1 when calls may take the cache (eager, not run eagerly), 0 when not, -1 on error.
int cache_usable() {
  const Classes& c = classes();
  if (c.run_eagerly == nullptr) return 0;
  int eager_python = PyObject_IsTrue(PyList_GET_ITEM(c.run_eagerly, 0));
  if (eager_python != 0) return eager_python < 0 ? -1 : 0;
  PyObject* graph = PyObject_GetAttr(c.graph_state, c.graph_attr);
  if (graph == nullptr) return -1;
  Py_DECREF(graph);
  return graph == Py_None;
}

// Counts a call that ran an existing trace, as the tracing detector's not_traced() would.
int count_call(TracedCalls* self) {
  if (self->counter == nullptr) return 0;
  Py_ssize_t n = PyLong_AsSsize_t(PyList_GET_ITEM(self->counter, 0));
  if (n == -1 && PyErr_Occurred()) return -1;
  PyObject* next = PyLong_FromSsize_t(n + 1);
  if (next == nullptr) return -1;
  return PyList_SetItem(self->counter, 0, next);  // steals `next`
}

PyObject* run_entry(const Entry& e, PyObject* const* args, size_t n) {
  std::vector<PlacedTensor> inputs;
  std::vector<ResourceHandle> variables;
  std::vector<PlacedTensor> out;
  try {
    for (size_t i = 0; i < n; ++i) {
      if (e.key[i].variable) {
        variables.push_back(handle_of(args[i]).handle());
      } else {
        const PyTensor& t = tensor_of(args[i]);
        inputs.push_back(PlacedTensor{t.tensor, t.device});
      }
    }
    for (py::handle c : e.captures) {
      if (!is_tensor_object(c.ptr())) throw py::type_error("a graph takes varrt Tensors");
      const PyTensor& t = tensor_of(c.ptr());
      inputs.push_back(PlacedTensor{t.tensor, t.device});
    }
    Executor::log_op(e.inference_name.c_str(), Executor::current_device());
    out = e.graph->run(inputs, variables);
  } catch (...) {
    set_python_error_from_current_exception();
    PyObject *type, *value, *traceback;
    PyErr_Fetch(&type, &value, &traceback);
    PyErr_NormalizeException(&type, &value, &traceback);
    if (traceback != nullptr) PyException_SetTraceback(value, traceback);
    PyObject* r = PyObject_CallOneArg(e.reraise.ptr(), value);  // raises (TensorFlow's text for OpErrors)
    Py_XDECREF(r);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(traceback);
    if (r != nullptr) PyErr_SetString(PyExc_SystemError, "internal: _reraise_run_error returned");
    return nullptr;
  }
  if (e.output == Output::kNone) Py_RETURN_NONE;
  if (e.output == Output::kTensor && out.size() == 1) return wrap_tensor(PyTensor{out[0].tensor, out[0].device});
  PyObject* results = PyTuple_New(static_cast<Py_ssize_t>(out.size()));
  if (results == nullptr) return nullptr;
  for (size_t i = 0; i < out.size(); ++i) {
    PyObject* t = wrap_tensor(PyTensor{out[i].tensor, out[i].device});
    if (t == nullptr) {
      Py_DECREF(results);
      return nullptr;
    }
    PyTuple_SET_ITEM(results, static_cast<Py_ssize_t>(i), t);
  }
  PyObject* packed = PyObject_CallOneArg(e.pack.ptr(), results);
  Py_DECREF(results);
  return packed;
}

PyObject* traced_calls_call(PyObject* callable, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
  auto* self = reinterpret_cast<TracedCalls*>(callable);
  size_t n = PyVectorcall_NARGS(nargsf);
  if ((kwnames != nullptr && PyTuple_GET_SIZE(kwnames) != 0) || self->entries->empty()) {
    return Py_NewRef(self->miss);
  }
  int usable = cache_usable();
  if (usable <= 0) return usable < 0 ? nullptr : Py_NewRef(self->miss);
  std::shared_ptr<const Entry> e;
  try {
    e = find(self, args, n);
  } catch (...) {  // a Variable whose __init__ never ran: the general path raises TensorFlow's error
    return Py_NewRef(self->miss);
  }
  if (e == nullptr) return Py_NewRef(self->miss);
  if (count_call(self) < 0) return nullptr;
  return run_entry(*e, args, n);
}

PyObject* traced_calls_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  PyObject* miss = nullptr;
  static const char* names[] = {"miss", nullptr};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O", const_cast<char**>(names), &miss)) return nullptr;
  auto* self = reinterpret_cast<TracedCalls*>(type->tp_alloc(type, 0));
  if (self == nullptr) return nullptr;
  self->vectorcall = traced_calls_call;
  self->entries = new std::vector<std::shared_ptr<const Entry>>();
  self->miss = Py_NewRef(miss);
  self->counter = nullptr;
  return reinterpret_cast<PyObject*>(self);
}

void traced_calls_dealloc(PyObject* o) {
  auto* self = reinterpret_cast<TracedCalls*>(o);
  PyObject_GC_UnTrack(o);
  delete self->entries;
  Py_XDECREF(self->miss);
  Py_XDECREF(self->counter);
  Py_TYPE(o)->tp_free(o);
}

int traced_calls_traverse(PyObject* o, visitproc visit, void* arg) {
  auto* self = reinterpret_cast<TracedCalls*>(o);
  Py_VISIT(self->miss);
  Py_VISIT(self->counter);
  for (const std::shared_ptr<const Entry>& e : *self->entries) {
    Py_VISIT(e->captures.ptr());
    Py_VISIT(e->pack.ptr());
    Py_VISIT(e->reraise.ptr());
  }
  return 0;
}

int traced_calls_clear(PyObject* o) {
  auto* self = reinterpret_cast<TracedCalls*>(o);
  self->entries->clear();  // the entries hold the concrete function's bound methods: a cycle
  Py_CLEAR(self->counter);
  return 0;
}

// add(args, graph, captures, inference_name, output, pack, reraise, counter): caches the trace
// a call with `args` (each a plain Tensor or Variable) ran. `output`: "tensor", "none" or
// "packed". False (nothing cached) when the arguments cannot key a cached call or it is full.
PyObject* traced_calls_add(PyObject* o, PyObject* const* args, Py_ssize_t nargs) {
  auto* self = reinterpret_cast<TracedCalls*>(o);
  if (nargs != 8) {
    PyErr_SetString(PyExc_TypeError, "add(args, graph, captures, inference_name, output, pack, reraise, counter)");
    return nullptr;
  }
  try {
    if (self->entries->size() >= kMaxEntries || !PyTuple_Check(args[0]) || !PyList_Check(args[2]) ||
        !PyList_Check(args[7])) {
      Py_RETURN_FALSE;
    }
    auto e = std::make_shared<Entry>();
    for (py::handle a : py::reinterpret_borrow<py::tuple>(args[0])) {
      ArgKey k;
      if (!key_of(a.ptr(), &k)) Py_RETURN_FALSE;
      e->key.push_back(std::move(k));
    }
    e->graph = py::cast<std::shared_ptr<Graph>>(py::handle(args[1]));
    e->captures = py::reinterpret_borrow<py::object>(args[2]);
    e->inference_name = py::cast<std::string>(py::handle(args[3]));
    std::string output = py::cast<std::string>(py::handle(args[4]));
    e->output = output == "tensor" ? Output::kTensor : output == "none" ? Output::kNone : Output::kPacked;
    e->pack = py::reinterpret_borrow<py::object>(args[5]);
    e->reraise = py::reinterpret_borrow<py::object>(args[6]);
    Py_XSETREF(self->counter, Py_NewRef(args[7]));
    self->entries->push_back(std::move(e));
    Py_RETURN_TRUE;
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

PyObject* traced_calls_reset(PyObject* o, PyObject*) {
  reinterpret_cast<TracedCalls*>(o)->entries->clear();
  Py_RETURN_NONE;
}

PyObject* traced_calls_len(PyObject* o, PyObject*) {
  return PyLong_FromSize_t(reinterpret_cast<TracedCalls*>(o)->entries->size());
}

PyMethodDef traced_calls_methods[] = {
    {"add", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(&traced_calls_add)), METH_FASTCALL,
     "add(args, graph, captures, inference_name, output, pack, reraise, counter) -> whether cached."},
    {"clear", traced_calls_reset, METH_NOARGS, "Forgets every cached trace."},
    {"size", traced_calls_len, METH_NOARGS, "How many traces are cached."},
    {nullptr, nullptr, 0, nullptr},
};

PyTypeObject traced_calls_type = [] {
  PyTypeObject t{};  // every slot zero, then the header
  t.ob_base = PyVarObject{PyObject_HEAD_INIT(nullptr) 0};
  t.tp_name = "varrt._C.TracedCalls";
  t.tp_basicsize = sizeof(TracedCalls);
  t.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL;
  t.tp_doc = "A tf.function's cache of traces for calls with plain Tensor and Variable arguments (internal).";
  t.tp_new = traced_calls_new;
  t.tp_dealloc = traced_calls_dealloc;
  t.tp_traverse = traced_calls_traverse;
  t.tp_clear = traced_calls_clear;
  t.tp_call = PyVectorcall_Call;
  t.tp_vectorcall_offset = offsetof(TracedCalls, vectorcall);
  t.tp_methods = traced_calls_methods;
  return t;
}();

}  // namespace

void bind_traced_calls(py::module_& m) {
  if (PyType_Ready(&traced_calls_type) < 0) throw py::error_already_set();
  Py_INCREF(&traced_calls_type);
  if (PyModule_AddObject(m.ptr(), "TracedCalls", reinterpret_cast<PyObject*>(&traced_calls_type)) < 0) {
    throw py::error_already_set();
  }
  m.def("_set_traced_call_context",
        [](py::handle tensor_cls, py::handle variable_cls, py::list run_eagerly, py::object graph_state) {
          Classes& c = classes();
          c.tensor = reinterpret_cast<PyTypeObject*>(tensor_cls.inc_ref().ptr());
          c.variable = reinterpret_cast<PyTypeObject*>(variable_cls.inc_ref().ptr());
          c.run_eagerly = run_eagerly.release().ptr();
          c.graph_state = graph_state.release().ptr();
          c.graph_attr = PyUnicode_InternFromString("graph");
        },
        "Registers what TracedCalls checks: the Tensor and Variable classes, function._run_eagerly and "
        "func_graph._state.");
}

}  // namespace bind
}  // namespace varrt
