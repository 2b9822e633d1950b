// A minimal test harness: TEST(name) { CHECK(...); } and a main that runs every test and
// prints "N passed, N failed". Small on purpose: the core's tests need no dependency.
#pragma once

#include <cstdio>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "varrt/core/error.h"

namespace check {

struct Case {
  const char* name;
  std::function<void()> fn;
};

inline std::vector<Case>& cases() {
  static std::vector<Case> all;
  return all;
}

struct Failure : std::exception {
  std::string what_;
  explicit Failure(std::string w) : what_(std::move(w)) {}
  const char* what() const noexcept override { return what_.c_str(); }
};

struct Register {
  Register(const char* name, std::function<void()> fn) { cases().push_back({name, std::move(fn)}); }
};

inline int run_all() {
  int passed = 0, failed = 0;
  for (const Case& c : cases()) {
    try {
      c.fn();
      ++passed;
    } catch (const std::exception& e) {
      ++failed;
      std::printf("FAILED %s: %s\n", c.name, e.what());
    }
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}

// The code of the varrt::Error `fn` throws, kOk when it returns.
template <class Fn>
varrt::Code code_of(Fn&& fn) {
  try {
    fn();
  } catch (const varrt::Error& e) {
    return e.code();
  }
  return varrt::Code::kOk;
}

}  // namespace check

#define CHECK_CONCAT2(a, b) a##b
#define CHECK_CONCAT(a, b) CHECK_CONCAT2(a, b)
#define TEST(name)                                                        \
  static void name();                                                     \
  static check::Register CHECK_CONCAT(register_, name)(#name, &name);     \
  static void name()
#define CHECK(cond)                                                                                      \
  do {                                                                                                   \
    if (!(cond)) throw check::Failure(std::string(__FILE__) + ":" + std::to_string(__LINE__) + ": " #cond); \
  } while (0)
// Checks that `stmt` throws varrt::Error and that `checks` (which may use `e`, the error) hold.
#define CHECK_THROWS_WITH(stmt, checks)                   \
  do {                                                    \
    bool thrown = false;                                  \
    try {                                                 \
      stmt;                                               \
    } catch (const varrt::Error& e) {                     \
      thrown = true;                                      \
      checks;                                             \
    }                                                     \
    CHECK(thrown);                                        \
  } while (0)
// Checks that `stmt` throws varrt::Error with `code`.
#define CHECK_THROWS_CODE(stmt, want) CHECK_THROWS_WITH(stmt, CHECK(e.code() == (want)))
// Checks that `stmt` throws varrt::Error of `kind` with exactly `message`.
#define CHECK_THROWS_MESSAGE(stmt, want_kind, want_message) \
  CHECK_THROWS_WITH(stmt, CHECK(e.kind() == (want_kind)); CHECK(e.message() == (want_message)))
#define TEST_MAIN() \
  int main() { return check::run_all(); }
