// `tf.Variable(value)` with nothing else: Variable.__init__'s default path in C, with no Python
// frame. Only the call shape is decided here (one positional host value, every other argument
// at its default, nothing watching creation, no graph being built, no name scope); anything
// else goes to the Python __init__ (framework/variables.py), which owns every rule and would
// do exactly these steps for this call shape: convert the value (TensorFlow's inference),
// create an anonymous variable named "Variable", link it as the resource's front object.
#include <pybind11/pybind11.h>

#include <string>

#include "bindings.h"
#include "interop/handle.h"
#include "interop/tensor.h"
#include "interop/variable_inputs.h"
#include "varrt/api/internal/variable_access.h"
#include "varrt/api/variable.h"

namespace py = pybind11;

namespace varrt {
namespace bind {
namespace {

// What the Python layer registers (all owned, leaked: they outlive interpreter teardown).
struct DefaultInit {
  PyObject* general = nullptr;      // the Python __init__: every other call shape
  PyObject* watching = nullptr;     // variables._watching: [threads with creation watchers]
  PyObject* graph_state = nullptr;  // func_graph._state (thread-local): .graph, the graph being built
  PyObject* scope_state = nullptr;  // name_scopes._state (thread-local): .scope, "" at top level
  PyObject* graph_attr = nullptr;
  PyObject* scope_attr = nullptr;
  std::string default_name;         // the default name at top level ("Variable")
};

DefaultInit& registered() {
  static auto* init = new DefaultInit();
  return *init;
}

// A host value the converter turns into a tensor by itself: no callable, no Tensor (which may
// be a graph's), no Variable (copied through its value).
bool plain_host_value(PyObject* value) {
  return PyList_CheckExact(value) || PyTuple_CheckExact(value) || PyFloat_CheckExact(value) ||
         PyLong_CheckExact(value);
}

// 1: the attribute `name` of `state` is `want` (identity, or an empty str for want null);
// 0: it is not; -1: error.
int attr_is(PyObject* state, PyObject* name, PyObject* want) {
  PyObject* value = PyObject_GetAttr(state, name);
  if (value == nullptr) return -1;
  int result = want != nullptr ? value == want : PyUnicode_Check(value) && PyUnicode_GET_LENGTH(value) == 0;
  Py_DECREF(value);
  return result;
}

// Whether `Variable(*args)` called with `kwnames` takes the default path: 1, 0, or -1 on error.
int default_call(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  const DefaultInit& d = registered();
  if (nargs != 1 || (kwnames != nullptr && PyTuple_GET_SIZE(kwnames) != 0) || !plain_host_value(args[0])) return 0;
  PyObject* count = PyList_GET_ITEM(d.watching, 0);
  if (!PyLong_CheckExact(count) || PyLong_AsLong(count) != 0) return 0;
  int r = attr_is(d.graph_state, d.graph_attr, Py_None);
  if (r != 1) return r;
  return attr_is(d.scope_state, d.scope_attr, nullptr);
}

// The Python __init__ with the same arguments.
PyObject* general_init(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* bound = PyMethod_New(registered().general, self);
  if (bound == nullptr) return nullptr;
  PyObject* r = PyObject_Vectorcall(bound, args, static_cast<size_t>(nargs), kwnames);
  Py_DECREF(bound);
  return r;
}

// Variable.__init__(self, *args, **kwargs).
PyObject* variable_init(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  int is_default = default_call(args, nargs, kwnames);
  if (is_default < 0) return nullptr;
  if (!is_default) return general_init(self, args, nargs, kwnames);
  try {
    PyTensor value = initial_tensor(args[0], DType::kInvalid);
    VariableOptions options;
    options.name = registered().default_name;
    set_holder(self, VariableAccess::owned_handle(Variable::create(value.tensor, options)));
    claim_front(self);
    Py_RETURN_NONE;
  } catch (...) {
    set_python_error_from_current_exception();
    return nullptr;
  }
}

}  // namespace

void bind_variable_default_init(py::module_& m) {
  m.def("_install_variable_default_init",
        [](py::handle cls, py::object general, py::list watching, py::object graph_state, py::object scope_state,
           std::string default_name, std::string doc) {
          DefaultInit& d = registered();
          d.general = general.release().ptr();
          d.watching = watching.release().ptr();
          d.graph_state = graph_state.release().ptr();
          d.scope_state = scope_state.release().ptr();
          d.graph_attr = PyUnicode_InternFromString("graph");
          d.scope_attr = PyUnicode_InternFromString("scope");
          d.default_name = std::move(default_name);
          static std::string* method_doc = new std::string();  // the general __init__'s signature and text
          *method_doc = std::move(doc);
          static PyMethodDef def = {"__init__",
                                    reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(&variable_init)),
                                    METH_FASTCALL | METH_KEYWORDS, nullptr};
          def.ml_doc = method_doc->c_str();
          PyObject* descr = PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), &def);
          if (descr == nullptr || PyObject_SetAttrString(cls.ptr(), "__init__", descr) < 0) {
            Py_XDECREF(descr);
            throw py::error_already_set();
          }
          Py_DECREF(descr);
        },
        "Makes cls.__init__ the C default path for `cls(host_value)`, `general` (the Python __init__) for the rest.");
}

}  // namespace bind
}  // namespace varrt
