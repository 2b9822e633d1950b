// TFRecord files and Examples in the core: records written and read back through every
// compression, every damaged byte and every truncation of a file refused (DataLoss, never a crash
// or a shorter read), and the Example codec and parser on what they write.
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "check.h"
#include "temp_dir.h"
#include "varrt/io/example_parser.h"
#include "varrt/io/example_proto.h"
#include "varrt/io/record_reader.h"
#include "varrt/io/record_writer.h"

using namespace varrt;
using zlib_stream::Compression;

namespace {

std::vector<std::string> sample_records() {
  std::vector<std::string> out = {"", "x", std::string(70000, 'q')};
  for (int i = 0; i < 50; ++i) out.push_back(std::string(static_cast<size_t>(i * 7 % 61), static_cast<char>(i)));
  return out;
}

std::string write_file(const std::string& name, Compression c, const std::vector<std::string>& records) {
  std::string path = check::temp_dir() + "/" + name;
  record_io::RecordWriter w(path, c, -1);
  for (const auto& r : records) w.write(r);
  w.close();
  return path;
}

std::vector<std::string> read_all(const std::string& path, Compression c, size_t buffer = 0) {
  record_io::RecordReader r(path, c, buffer);
  std::vector<std::string> out;
  std::string record;
  while (r.next(&record)) out.push_back(record);
  return out;
}

std::string contents(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

void put(const std::string& path, const std::string& data) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << data;
}

}  // namespace

TEST(records_round_trip_in_every_compression) {
  auto records = sample_records();
  for (Compression c : {Compression::kNone, Compression::kZlib, Compression::kGzip}) {
    std::string path = write_file("rt" + std::to_string(static_cast<int>(c)), c, records);
    CHECK(read_all(path, c) == records);
    CHECK(read_all(path, c, 5) == records);  // a buffer smaller than any header
  }
}

TEST(every_damaged_byte_and_every_truncation_is_data_loss) {
  std::vector<std::string> records = {"", "x", std::string(300, 'q'), "yz"};
  for (Compression c : {Compression::kNone, Compression::kGzip}) {
    std::string path = write_file("dmg", c, records);
    const std::string good = contents(path);
    std::string probe = path + ".probe";
    for (size_t i = 0; i < good.size(); i += (c == Compression::kNone ? 1 : 3)) {
      std::string bad = good;
      bad[i] = static_cast<char>(bad[i] ^ 0x10);
      put(probe, bad);
      bool refused = false;
      try {
        refused = read_all(probe, c) != records;  // a flipped bit in gzip's header may be harmless
      } catch (const Error& e) {
        refused = e.code() == Code::kDataLoss;
        CHECK(refused);
      }
      if (c == Compression::kNone) CHECK(refused);  // gzip's header has bytes no reader checks (its time stamp)
    }
    // A cut at a record boundary of an uncompressed file is a valid shorter file; any other cut is refused.
    std::vector<size_t> boundaries = {0};
    for (const auto& r : records) boundaries.push_back(boundaries.back() + 16 + r.size());
    for (size_t n = 1; n < good.size(); ++n) {
      put(probe, good.substr(0, n));
      size_t whole = 0;
      while (c == Compression::kNone && whole < boundaries.size() && boundaries[whole] != n) ++whole;
      if (c == Compression::kNone && whole < boundaries.size()) {
        CHECK(read_all(probe, c) == std::vector<std::string>(records.begin(), records.begin() + whole));
        continue;
      }
      CHECK_THROWS_CODE(read_all(probe, c), Code::kDataLoss);
    }
  }
}

TEST(a_data_crc_mismatch_names_the_record_offset) {
  std::string path = write_file("crc", Compression::kNone, {"abc", "defg"});
  std::string data = contents(path);
  data[12 + 3 + 4 + 12 + 1] ^= 1;  // second record's data
  put(path, data);
  CHECK_THROWS_MESSAGE(read_all(path, Compression::kNone), ErrorKind::kOp, "corrupted record at 31");
}

TEST(examples_encode_decode_and_parse) {
  example::FeatureMap m;
  example::Feature f;
  f.kind = example::Kind::kFloat;
  f.floats = {1.5f, -2.0f};
  m.emplace_back("x", f);
  example::Feature g;
  g.kind = example::Kind::kBytes;
  g.bytes = {"a", std::string("\0b", 2)};
  m.emplace_back("s", g);
  std::string bytes = example::encode_example(m);
  example::FeatureMap back;
  CHECK(example::decode_example(bytes, &back));
  CHECK(back.size() == 2 && back[0].second.floats == f.floats && back[1].second.bytes == g.bytes);
  CHECK(!example::decode_example(bytes.substr(0, bytes.size() - 1), &back));

  example::DenseSpec x{"x", DType::kFloat32, {2}, false, Tensor()};
  example::SparseSpec s{"s", DType::kString};
  std::vector<std::string_view> batch = {bytes, bytes, bytes};
  example::Parsed p = example::parse_examples(batch, false, {s}, {x});
  CHECK(p.dense_values[0].shape() == Shape({3, 2}));
  CHECK(p.dense_values[0].data_as<float>()[5] == -2.0f);
  CHECK(p.sparse_values[0].num_elements() == 6);
  CHECK(p.sparse_shapes[0].data_as<int64_t>()[1] == 2);
  example::DenseSpec wrong{"x", DType::kFloat32, {3}, false, Tensor()};
  CHECK_THROWS_CODE(example::parse_examples(batch, false, {}, {wrong}), Code::kInvalidArgument);
  std::string garbage = "\xff\xff";
  CHECK_THROWS_CODE(example::parse_examples({garbage}, true, {}, {x}), Code::kInvalidArgument);
}

TEST_MAIN()
