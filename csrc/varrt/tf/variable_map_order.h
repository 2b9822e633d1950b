// The order TensorFlow's CheckpointReader lists a checkpoint's variables in
// (get_variable_to_shape_map / get_variable_to_dtype_map): it inserts the index's keys, in their
// sorted order, into a std::unordered_map<std::string, ...> and Python iterates that map. The
// same container filled the same way here gives the same order (libstdc++'s, as TensorFlow's
// Linux builds use), so ported code that prints or zips those dicts sees TensorFlow's order.
#pragma once

#include <string>
#include <vector>

namespace varrt {
namespace tf {

// `sorted_keys` (the index's keys, in index order) in the order TensorFlow's map iterates them.
std::vector<std::string> variable_map_order(const std::vector<std::string>& sorted_keys);

}  // namespace tf
}  // namespace varrt
