#include "varrt/device/device_spec.h"

#include <cctype>
#include <limits>
#include <vector>

#include "varrt/core/error.h"

namespace varrt {
namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    size_t at = s.find(sep, start);
    if (at == std::string::npos) {
      parts.push_back(s.substr(start));
      return parts;
    }
    parts.push_back(s.substr(start, at - start));
    start = at + 1;
  }
}

bool python_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }

// Python's int(text) for base 10 (surrounding whitespace, a sign, and '_' between digits
// are accepted), because TensorFlow converts the index fields with int().
int64_t python_int(const std::string& text) {
  auto fail = [&]() -> int64_t {
    throw_value_error("invalid literal for int() with base 10: " + python_repr(text));
  };
  size_t b = 0, e = text.size();
  while (b < e && python_space(static_cast<unsigned char>(text[b]))) ++b;
  while (e > b && python_space(static_cast<unsigned char>(text[e - 1]))) --e;
  bool negative = false;
  if (b < e && (text[b] == '+' || text[b] == '-')) negative = text[b++] == '-';
  if (b == e) return fail();
  uint64_t value = 0;
  bool previous_digit = false;
  for (size_t i = b; i < e; ++i) {
    char c = text[i];
    if (c == '_') {
      if (!previous_digit || i + 1 == e) return fail();
      previous_digit = false;
      continue;
    }
    if (c < '0' || c > '9') return fail();
    previous_digit = true;
    if (value > (static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) - (c - '0')) / 10) {
      throw_value_error("device index " + text + " is out of range");
    }
    value = value * 10 + static_cast<uint64_t>(c - '0');
  }
  return negative ? -static_cast<int64_t>(value) : static_cast<int64_t>(value);
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

bool valid_device_type(const std::string& upper_name) {
  return upper_name == "CPU" || upper_name == "GPU" || upper_name == "TPU" || upper_name == "CUSTOM" ||
         upper_name == "EPU";
}

// The DeviceSpec setter's legacy spelling fix: "cpu"/"gpu" (exactly) become upper case.
std::string canonical_type(const std::string& t) { return t == "cpu" || t == "gpu" ? upper(t) : t; }

// --- DeviceNameUtils (C++) parsing --------------------------------------------------------

bool alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool alnum_(char c) { return alpha(c) || (c >= '0' && c <= '9') || c == '_'; }

bool consume(const std::string& s, size_t* pos, const char* prefix) {
  size_t n = std::char_traits<char>::length(prefix);
  if (s.compare(*pos, n, prefix) != 0) return false;
  *pos += n;
  return true;
}

// A name up to one of `terminators`: a letter, then letters, digits or '_'.
bool consume_name(const std::string& s, size_t* pos, const char* terminators, std::string* out) {
  size_t end = s.find_first_of(terminators, *pos);
  if (end == std::string::npos) end = s.size();
  if (end == *pos || !alpha(s[*pos])) return false;
  for (size_t i = *pos; i < end; ++i) {
    if (!alnum_(s[i])) return false;
  }
  *out = s.substr(*pos, end - *pos);
  *pos = end;
  return true;
}

bool consume_number(const std::string& s, size_t* pos, int64_t* out) {
  size_t i = *pos;
  uint64_t v = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    v = v * 10 + static_cast<uint64_t>(s[i] - '0');
    if (v > static_cast<uint64_t>(std::numeric_limits<int32_t>::max())) return false;
    ++i;
  }
  if (i == *pos) return false;
  *out = static_cast<int64_t>(v);
  *pos = i;
  return true;
}

// "*" leaves the field unset; otherwise a number is required.
bool consume_number_or_any(const std::string& s, size_t* pos, std::optional<int64_t>* field) {
  if (consume(s, pos, "*")) {
    field->reset();
    return true;
  }
  int64_t v = 0;
  if (!consume_number(s, pos, &v)) return false;
  *field = v;
  return true;
}

bool parse_full_name(const std::string& s, DeviceSpec* p) {
  *p = DeviceSpec();
  if (s == "/") return true;
  size_t pos = 0;
  while (pos < s.size()) {
    bool progress = false;
    if (consume(s, &pos, "/job:")) {
      if (!consume(s, &pos, "*")) {
        std::string job;
        if (!consume_name(s, &pos, "/", &job)) return false;
        p->job = job;
      }
      progress = true;
    }
    if (consume(s, &pos, "/replica:")) {
      if (!consume_number_or_any(s, &pos, &p->replica)) return false;
      progress = true;
    }
    if (consume(s, &pos, "/task:")) {
      if (!consume_number_or_any(s, &pos, &p->task)) return false;
      progress = true;
    }
    if (consume(s, &pos, "/device:")) {
      if (!consume(s, &pos, "*")) {
        std::string type;
        if (!consume_name(s, &pos, "/:", &type)) return false;
        p->device_type = type;
      }
      if (consume(s, &pos, ":")) {
        if (!consume_number_or_any(s, &pos, &p->device_index)) return false;
      } else {
        p->device_index.reset();
      }
      progress = true;
    }
    for (const char* legacy : {"CPU", "GPU"}) {
      std::string lower_prefix = "/" + std::string(legacy) + ":";
      std::string upper_prefix = lower_prefix;
      for (char& c : lower_prefix) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (consume(s, &pos, lower_prefix.c_str()) || consume(s, &pos, upper_prefix.c_str())) {
        p->device_type = legacy;
        if (!consume_number_or_any(s, &pos, &p->device_index)) return false;
        progress = true;
      }
    }
    if (!progress) return false;
  }
  return true;
}

bool parse_local_name(const std::string& s, DeviceSpec* p) {
  *p = DeviceSpec();
  size_t pos = 0;
  std::string type;
  int64_t index = 0;
  if (!consume_name(s, &pos, "/:", &type) || !consume(s, &pos, ":") || !consume_number(s, &pos, &index)) {
    return false;
  }
  p->device_type = type;
  p->device_index = index;
  return pos == s.size();
}

}  // namespace

std::string python_repr(const std::string& s) {
  char quote = s.find('\'') != std::string::npos && s.find('"') == std::string::npos ? '"' : '\'';
  std::string out(1, quote);
  for (unsigned char c : s) {
    if (c == '\\' || c == static_cast<unsigned char>(quote)) {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      static const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  out += quote;
  return out;
}

DeviceSpec DeviceSpec::parse(const std::string& spec) {
  DeviceSpec out;
  std::optional<std::string> replica_text, task_text;
  for (const std::string& part : split(spec, '/')) {
    std::vector<std::string> y = split(part, ':');
    size_t n = y.size();
    if (n == 2 && y[0] == "job") {
      out.job = y[1];
    } else if (n == 2 && y[0] == "replica") {
      replica_text = y[1];
    } else if (n == 2 && y[0] == "task") {
      task_text = y[1];
    } else if ((n == 1 || n == 2) && valid_device_type(upper(y[0]))) {
      if (out.device_type) {
        throw_value_error("Multiple device types are not allowed while parsing the device spec: " + spec + ".");
      }
      out.device_type = upper(y[0]);
      if (n == 2 && y[1] != "*") out.device_index = python_int(y[1]);
    } else if (n == 3 && y[0] == "device") {
      if (out.device_type) {
        throw_value_error("Multiple device types are not allowed while parsing the device spec: " + spec + ".");
      }
      out.device_type = canonical_type(y[1]);
      if (y[2] != "*") out.device_index = python_int(y[2]);
    } else if (!y[0].empty()) {
      throw_value_error("Unknown attribute '" + y[0] + "' is encountered while parsing the device spec: '" + spec +
                        "'.");
    }
  }
  // TensorFlow converts these after the scan (in the DeviceSpec constructor).
  if (replica_text) out.replica = python_int(*replica_text);
  if (task_text) out.task = python_int(*task_text);
  return out;
}

bool DeviceSpec::parse_name(const std::string& name, DeviceSpec* out) {
  return parse_full_name(name, out) || parse_local_name(name, out);
}

DeviceSpec DeviceSpec::merged_with(const DeviceSpec& inner) const {
  DeviceSpec m;
  m.job = inner.job ? inner.job : job;
  m.replica = inner.replica ? inner.replica : replica;
  m.task = inner.task ? inner.task : task;
  m.device_type = inner.device_type ? inner.device_type : device_type;
  m.device_index = inner.device_index ? inner.device_index : device_index;
  return m;
}

bool DeviceSpec::compatible_with(const DeviceSpec& o) const {
  auto ok = [](const auto& a, const auto& b) { return !a || !b || *a == *b; };
  return ok(job, o.job) && ok(replica, o.replica) && ok(task, o.task) && ok(device_type, o.device_type) &&
         ok(device_index, o.device_index);
}

std::string DeviceSpec::to_string() const {
  std::string out;
  if (job) out += "/job:" + *job;
  if (replica) out += "/replica:" + std::to_string(*replica);
  if (task) out += "/task:" + std::to_string(*task);
  if (device_type) out += "/device:" + *device_type + ":" + (device_index ? std::to_string(*device_index) : "*");
  return out;
}

}  // namespace varrt
