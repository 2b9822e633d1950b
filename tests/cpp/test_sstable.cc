// The sstable (LevelDB table) behind a bundle's index: round trips across block sizes and
// restart intervals, the builder's key-order rule, and damage of every kind read as DataLoss.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "check.h"
#include "varrt/core/error.h"
#include "varrt/io/sstable.h"

using namespace varrt;

namespace {

using Entries = std::vector<std::pair<std::string, std::string>>;

Entries sample_entries(int n) {
  Entries out;
  for (int i = 0; i < n; ++i) {
    char key[32];
    std::snprintf(key, sizeof key, "model/layer_%04d/kernel", i);
    out.emplace_back(key, std::string(static_cast<size_t>(i % 50), static_cast<char>('a' + i % 26)));
  }
  return out;
}

std::string build(const Entries& entries, size_t block_size = 262144, int restart_interval = 16) {
  sstable::Options options;
  options.block_size = block_size;
  options.restart_interval = restart_interval;
  sstable::TableBuilder builder(options);
  for (const auto& kv : entries) builder.add(kv.first, kv.second);
  return builder.finish();
}

}  // namespace

TEST(round_trip_across_block_sizes_and_restart_intervals) {
  Entries entries = sample_entries(300);
  for (size_t block_size : {size_t{1}, size_t{64}, size_t{4096}, size_t{262144}}) {
    for (int restart_interval : {1, 2, 16}) {
      sstable::Table table = sstable::Table::parse(build(entries, block_size, restart_interval), "t");
      CHECK(table.entries() == entries);
      CHECK(table.find("model/layer_0123/kernel") != nullptr);
      CHECK(*table.find("model/layer_0123/kernel") == entries[123].second);
      CHECK(table.find("model/layer_0123/kernel_") == nullptr);
      CHECK(table.find("") == nullptr);
    }
  }
}

TEST(empty_table_and_empty_values) {
  CHECK(sstable::Table::parse(build({}), "empty").entries().empty());
  Entries entries = {{"", ""}, {"a", ""}, {std::string("b\0c", 3), std::string("\0\xff", 2)}};
  CHECK(sstable::Table::parse(build(entries), "t").entries() == entries);
}

TEST(builder_rejects_unsorted_or_duplicate_keys) {
  sstable::TableBuilder builder;
  builder.add("b", "1");
  CHECK_THROWS_CODE(builder.add("a", "2"), Code::kInternal);
  CHECK_THROWS_CODE(builder.add("b", "3"), Code::kInternal);
}

TEST(every_flipped_byte_is_data_loss) {
  std::string file = build(sample_entries(20), 128, 4);
  for (size_t i = 0; i < file.size(); ++i) {
    std::string damaged = file;
    damaged[i] = static_cast<char>(damaged[i] ^ 0x01);
    CHECK_THROWS_CODE(sstable::Table::parse(damaged, "damaged"), Code::kDataLoss);
  }
}

TEST(every_truncation_and_extension_is_data_loss) {
  std::string file = build(sample_entries(20), 128, 4);
  for (size_t n = 0; n < file.size(); ++n) {
    CHECK_THROWS_CODE(sstable::Table::parse(file.substr(0, n), "truncated"), Code::kDataLoss);
  }
  CHECK_THROWS_CODE(sstable::Table::parse(file + "x", "extended"), Code::kDataLoss);
}

TEST(damage_message_names_the_file) {
  std::string file = build(sample_entries(3));
  file[0] = static_cast<char>(file[0] ^ 0x40);
  try {
    sstable::Table::parse(file, "/ckpt/model.index");
    CHECK(false);
  } catch (const Error& e) {
    CHECK(e.code() == Code::kDataLoss);
    CHECK(e.message().find("/ckpt/model.index") != std::string::npos);
  }
}

TEST_MAIN()
