// A stand-in for libFuzzer's main where clang is not available: runs every file named on the
// command line (or in named directories), then feeds random mutations of them to the target
// until -max_total_time=<seconds> (default 10) has passed. It accepts the libFuzzer flags the
// smoke script passes and ignores the others. Deterministic for a given -seed=<n>.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) __attribute__((weak));

namespace {

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void run(const std::string& s) { LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(s.data()), s.size()); }

std::string mutate(std::string s, const std::vector<std::string>& corpus, std::mt19937_64& rng) {
  int steps = 1 + static_cast<int>(rng() % 4);
  for (int k = 0; k < steps; ++k) {
    size_t pos = s.empty() ? 0 : rng() % (s.size() + 1);
    switch (rng() % 6) {
      case 0:  // flip a bit
        if (!s.empty()) s[rng() % s.size()] ^= static_cast<char>(1u << (rng() % 8));
        break;
      case 1:  // insert a random byte
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(pos), static_cast<char>(rng() & 0xff));
        break;
      case 2:  // erase a range
        if (!s.empty()) s.erase(rng() % s.size(), 1 + rng() % 8);
        break;
      case 3: {  // splice in part of another input
        const std::string& other = corpus[rng() % corpus.size()];
        if (!other.empty()) {
          size_t from = rng() % other.size();
          s.insert(pos, other.substr(from, 1 + rng() % 16));
        }
        break;
      }
      case 4:  // an interesting byte
        if (!s.empty()) {
          static const char interesting[] = {0, '/', ':', '*', '-', '9', '\xff', '\n', '_', ' '};
          s[rng() % s.size()] = interesting[rng() % sizeof(interesting)];
        }
        break;
      default:  // duplicate a range
        if (!s.empty()) {
          size_t from = rng() % s.size();
          s.insert(pos, s.substr(from, 1 + rng() % 16));
        }
        break;
    }
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  double seconds = 10;
  uint64_t seed = 1;
  std::vector<std::string> corpus;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "-max_total_time=", 16) == 0) {
      seconds = std::atof(argv[i] + 16);
    } else if (std::strncmp(argv[i], "-seed=", 6) == 0) {
      seed = std::strtoull(argv[i] + 6, nullptr, 10);
    } else if (argv[i][0] == '-') {
      continue;  // other libFuzzer flags
    } else if (std::filesystem::is_directory(argv[i])) {
      for (const auto& e : std::filesystem::directory_iterator(argv[i])) corpus.push_back(read_file(e.path()));
    } else {
      corpus.push_back(read_file(argv[i]));
    }
  }
  if (corpus.empty()) corpus.push_back("");
  uint64_t execs = 0;
  for (const std::string& s : corpus) {
    run(s);
    ++execs;
  }
  std::mt19937_64 rng(seed);
  auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < end) {
    for (int k = 0; k < 256; ++k) {
      std::string s = mutate(corpus[rng() % corpus.size()], corpus, rng);
      run(s);
      ++execs;
      if (rng() % 64 == 0 && corpus.size() < 4096) corpus.push_back(std::move(s));
    }
  }
  std::printf("Done %llu runs (standalone driver)\n", static_cast<unsigned long long>(execs));
  return 0;
}
