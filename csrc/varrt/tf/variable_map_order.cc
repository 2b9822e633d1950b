#include "varrt/tf/variable_map_order.h"

#include <cstdint>
#include <unordered_map>

namespace varrt {
namespace tf {

std::vector<std::string> variable_map_order(const std::vector<std::string>& sorted_keys) {
  // The mapped type does not affect the order: only the keys' hashes, the insertion sequence
  // and the rehashes (the same for any value type) do. TensorFlow uses operator[].
  std::unordered_map<std::string, int64_t> map;
  for (const std::string& key : sorted_keys) map[key] = 0;
  std::vector<std::string> out;
  out.reserve(map.size());
  for (const auto& entry : map) out.push_back(entry.first);
  return out;
}

}  // namespace tf
}  // namespace varrt
