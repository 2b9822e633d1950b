// A BundleReader opened while a BundleWriter replaces the same prefix: the reader maps the data
// its own index names (checked by the index file's identity), so every read gives the values
// of the one checkpoint it opened, however the writer's renames interleave with the open.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <thread>

#include "check.h"
#include "temp_dir.h"
#include "varrt/core/error.h"
#include "varrt/io/bundle_reader.h"
#include "varrt/io/bundle_writer.h"
#include "varrt/io/file_io.h"

using namespace varrt;

namespace {

constexpr int64_t kRows = 32;

// Save `gen`'s value of tensor `id`: every element names the save, the tensor and its row.
int64_t element(int64_t gen, int64_t id, int64_t row) { return gen * 1000000 + row * 10 + id; }

Tensor value(int64_t gen, int64_t id) {
  Tensor t = Tensor::allocate(DType::kInt64, Shape{kRows});
  for (int64_t r = 0; r < kRows; ++r) static_cast<int64_t*>(t.mutable_data())[r] = element(gen, id, r);
  return t;
}

// A first tensor whose size changes with each save, so that values' offsets move: another
// save's data under this index would hold other tensors' bytes where this one points.
Tensor padding(int64_t gen) {
  Tensor t = Tensor::allocate(DType::kInt64, Shape{gen % 5 * 50 + 1});
  for (int64_t i = 0; i < t.num_elements(); ++i) static_cast<int64_t*>(t.mutable_data())[i] = gen;
  return t;
}

void save(const std::string& prefix, int64_t gen) {
  Tensor g = Tensor::allocate(DType::kInt64, Shape{});
  *static_cast<int64_t*>(g.mutable_data()) = gen;
  bundle::BundleWriter writer(prefix);
  writer.add("0pad", padding(gen));
  writer.add("a", value(gen, 1));
  writer.add("b", value(gen, 2));
  writer.add("gen", g);
  writer.finish();
}

// Every read of `reader` gives save `gen`'s values: whole (checksummed) and by rows (not).
void check_reads(bundle::BundleReader& reader, int64_t gen) {
  for (int64_t id : {1, 2}) {
    const std::string key = id == 1 ? "a" : "b";
    Tensor whole = reader.read(key);
    for (int64_t r = 0; r < kRows; ++r) CHECK(whole.data_as<int64_t>()[r] == element(gen, id, r));
    int64_t rows[8];
    reader.unverified_rows(key, reader.entry(key), 5, 13).copy_to(rows);
    for (int64_t r = 0; r < 8; ++r) CHECK(rows[r] == element(gen, id, 5 + r));
  }
}

}  // namespace

TEST(an_input_file_knows_whether_its_path_still_names_it) {
  const std::string path = check::temp_dir() + "/named";
  const std::string other = check::temp_dir() + "/other";
  std::fclose(std::fopen(path.c_str(), "w"));
  const file_io::InputFile opened(path);
  CHECK(opened.still_at_path());
  std::fclose(std::fopen(other.c_str(), "w"));
  file_io::rename_file(other, path);  // replaced, as a writer commits an index
  CHECK(!opened.still_at_path());
  const file_io::InputFile replaced(path);
  CHECK(replaced.still_at_path());
  file_io::remove_file(path);
  CHECK(!replaced.still_at_path());
}

TEST(readers_opened_while_a_writer_replaces_the_checkpoint_read_the_one_they_opened) {
  const std::string prefix = check::temp_dir() + "/ckpt";
  save(prefix, 1);
  std::atomic<bool> stop{false};
  std::atomic<int64_t> saved{1};
  std::thread writer([&] {
    for (int64_t gen = 2; gen <= 1000000 && !stop; ++gen) {
      save(prefix, gen);
      saved = gen;
    }
  });
  int64_t first_gen = 0, last_gen = 0;
  std::string failure;
  try {
    bundle::BundleReader first(prefix);
    first_gen = first.read("gen").data_as<int64_t>()[0];
    // At least 3000 reads, and on until the writer has replaced the checkpoint ten times and a
    // read has seen a newer one (a loaded machine may run the writer rarely), within two minutes.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
    for (int i = 0; i < 3000 || ((saved < 10 || last_gen <= first_gen) &&
                                 std::chrono::steady_clock::now() < deadline); ++i) {
      bundle::BundleReader reader(prefix);
      const int64_t gen = reader.read("gen").data_as<int64_t>()[0];
      check_reads(reader, gen);
      last_gen = gen;
      if (i % 100 == 0) check_reads(first, first_gen);  // its files were replaced long ago
    }
  } catch (const std::exception& e) {
    failure = e.what();
  }
  stop = true;
  writer.join();
  if (!failure.empty()) throw check::Failure(failure);
  CHECK(saved >= 10 && last_gen > first_gen);  // the reads met a checkpoint being replaced
}

TEST_MAIN()
