// A fresh directory for one test executable's files, removed when the executable exits.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>

namespace check {

inline const std::string& temp_dir() {
  struct TempDir {
    std::string path;
    TempDir() {
      char pattern[] = "/tmp/varrt_cpp_test_XXXXXX";
      path = mkdtemp(pattern);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
  };
  static TempDir dir;
  return dir.path;
}

}  // namespace check
