#include "varrt/tf/messages.h"

#include "varrt/tf/type_names.h"

namespace varrt {
namespace tf {

std::string op_suffix(const char* op, const char* name) {
  std::string s = std::string(" [Op:") + op + "]";
  if (name != nullptr) s += std::string(" name: ") + name;
  return s;
}

std::string op_error(const char* op, const std::string& message, const char* name) {
  return message + op_suffix(op, name);
}

std::string kernel_error(const char* op, const std::string& device, const std::string& message, const char* name,
                         const char* node) {
  return std::string("{{function_node __wrapped__") + (node != nullptr ? node : op) + "_device_" + device + "}} " +
         message + op_suffix(op, name);
}

std::string no_kernel_error(const char* op, DType dtype, const char* name) {
  return std::string("No OpKernel was registered to support Op '") + op + "' used by {{node " + op +
         "}} with these attrs: [dtype=" + enum_name(dtype) + "]\nRegistered devices: [CPU]\n\n\t [[" + op + "]]" +
         op_suffix(op, name);
}

std::string no_device_error(const char* op, const char* attr, DType dtype, const std::string& registered) {
  return std::string("Could not find device for node: {{node ") + op + "}} = " + op + "[" + attr + "=" +
         enum_name(dtype) + "]\n" + registered;
}

std::string input_dtype_mismatch(const char* node, int index, DType want, DType got) {
  return std::string("cannot compute ") + node + " as input #" + std::to_string(index) +
         "(zero-based) was expected to be a " + type_name(want) + " tensor but is a " + type_name(got) + " tensor";
}

std::string attr_value_error(const char* attr, DType dtype, const std::string& rest) {
  return std::string("Value for attr '") + attr + "' of " + type_name(dtype) + rest;
}

std::string not_in_allowed_values(const char* op, const char* allowed) {
  return std::string(" is not in the list of allowed values: ") + allowed + "\n\t; NodeDef: {{node " + op + "}}";
}

}  // namespace tf
}  // namespace varrt
