// The tensor bundle (BundleWriter -> BundleReader): round trips of every kind of dtype,
// strings included, and damaged, truncated or missing files read as DataLoss/NotFound.
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "check.h"
#include "temp_dir.h"
#include "varrt/core/error.h"
#include "varrt/io/bundle_reader.h"
#include "varrt/io/bundle_writer.h"

using namespace varrt;

namespace {

std::string prefix(const std::string& name) { return check::temp_dir() + "/" + name; }

std::string data_file(const std::string& prefix) { return prefix + ".data-00000-of-00001"; }

// A tensor of `dtype` whose bytes count up from `seed` (any bit pattern is a valid value to store).
Tensor counting(DType dtype, Shape shape, int seed) {
  Tensor t = Tensor::allocate(dtype, shape);
  auto* bytes = static_cast<unsigned char*>(t.mutable_data());
  for (size_t i = 0; i < t.byte_size(); ++i) bytes[i] = static_cast<unsigned char>(seed + i * 7);
  if (dtype == DType::kBool) {
    for (size_t i = 0; i < t.byte_size(); ++i) bytes[i] &= 1;
  }
  return t;
}

Tensor strings(const std::vector<std::string>& values, Shape shape) {
  Tensor t = Tensor::allocate(DType::kString, shape);
  auto* out = static_cast<std::string*>(t.mutable_data());
  for (size_t i = 0; i < values.size(); ++i) out[i] = values[i];
  return t;
}

bool same_value(const Tensor& a, const Tensor& b) {
  if (a.dtype() != b.dtype() || a.shape().dims() != b.shape().dims()) return false;
  if (a.dtype() == DType::kString) {
    for (int64_t i = 0; i < a.num_elements(); ++i) {
      if (a.data_as<std::string>()[i] != b.data_as<std::string>()[i]) return false;
    }
    return true;
  }
  return a.byte_size() == 0 || std::memcmp(a.data(), b.data(), a.byte_size()) == 0;
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// A one-tensor bundle: a float32 vector under "w".
std::string write_one(const std::string& name) {
  std::string p = prefix(name);
  bundle::BundleWriter writer(p);
  writer.add("w", counting(DType::kFloat32, Shape{16}, 3));
  writer.finish();
  return p;
}

}  // namespace

TEST(round_trip_of_several_dtypes_and_shapes) {
  std::string p = prefix("dtypes");
  std::vector<std::pair<std::string, Tensor>> values = {
      {"f32", counting(DType::kFloat32, Shape{2, 3}, 1)},
      {"f64", counting(DType::kFloat64, Shape{4}, 2)},
      {"i64/scalar", counting(DType::kInt64, Shape{}, 3)},
      {"i8", counting(DType::kInt8, Shape{5}, 4)},
      {"u16", counting(DType::kUInt16, Shape{3, 1}, 5)},
      {"f16", counting(DType::kFloat16, Shape{7}, 6)},
      {"bf16", counting(DType::kBFloat16, Shape{2, 2}, 7)},
      {"c128", counting(DType::kComplex128, Shape{2}, 8)},
      {"bool", counting(DType::kBool, Shape{9}, 9)},
      {"empty", counting(DType::kFloat32, Shape{0, 3}, 10)},
      {"strings", strings({"", "a", std::string("nul\0inside", 10), std::string(300, 'x')}, Shape{2, 2})},
      {"string/scalar", strings({"only"}, Shape{})},
  };
  bundle::BundleWriter writer(p);
  for (const auto& kv : values) writer.add(kv.first, kv.second);
  writer.finish();

  bundle::BundleReader reader(p);
  CHECK(reader.keys().size() == values.size());
  CHECK(reader.header().num_shards == 1);
  for (const auto& kv : values) {
    CHECK(reader.contains(kv.first));
    bundle::Entry e = reader.entry(kv.first);
    CHECK(e.dtype == static_cast<int32_t>(kv.second.dtype()));
    CHECK(e.shape.dims() == kv.second.shape().dims());
    CHECK(same_value(reader.read(kv.first), kv.second));
  }
}

TEST(writer_rejects_the_header_key_and_duplicates) {
  bundle::BundleWriter writer(prefix("bad_keys"));
  CHECK_THROWS_CODE(writer.add("", counting(DType::kInt32, Shape{1}, 0)), Code::kInvalidArgument);
  writer.add("k", counting(DType::kInt32, Shape{1}, 0));
  CHECK_THROWS_CODE(writer.add("k", counting(DType::kInt32, Shape{1}, 0)), Code::kInvalidArgument);
}

TEST(missing_files_and_keys_are_not_found) {
  CHECK_THROWS_CODE(bundle::BundleReader(prefix("never_written")), Code::kNotFound);
  bundle::BundleReader reader(write_one("keys"));
  CHECK(!reader.contains("v"));
  CHECK_THROWS_CODE(reader.entry("v"), Code::kNotFound);
  CHECK_THROWS_CODE(reader.read("v"), Code::kNotFound);
}

TEST(every_flipped_data_byte_is_data_loss) {
  std::string p = write_one("flipped_data");
  const std::string good = read_bytes(data_file(p));
  CHECK(good.size() == 64);
  for (size_t i = 0; i < good.size(); ++i) {
    std::string damaged = good;
    damaged[i] = static_cast<char>(damaged[i] ^ 0x80);
    write_bytes(data_file(p), damaged);
    bundle::BundleReader reader(p);  // the index is intact; the value is checked when read
    CHECK_THROWS_CODE(reader.read("w"), Code::kDataLoss);
  }
}

TEST(truncated_data_is_data_loss) {
  std::string p = write_one("truncated_data");
  std::string good = read_bytes(data_file(p));
  write_bytes(data_file(p), good.substr(0, good.size() - 1));
  bundle::BundleReader reader(p);
  CHECK_THROWS_CODE(reader.checked_entry("w"), Code::kDataLoss);
  CHECK_THROWS_CODE(reader.read("w"), Code::kDataLoss);
}

TEST(damaged_index_is_data_loss) {
  std::string p = write_one("damaged_index");
  const std::string good = read_bytes(p + ".index");
  for (size_t i = 0; i < good.size(); ++i) {
    std::string damaged = good;
    damaged[i] = static_cast<char>(damaged[i] ^ 0x01);
    write_bytes(p + ".index", damaged);
    CHECK_THROWS_CODE(bundle::BundleReader{p}, Code::kDataLoss);
  }
  write_bytes(p + ".index", "");
  CHECK_THROWS_CODE(bundle::BundleReader{p}, Code::kDataLoss);
}

TEST(damaged_string_data_is_data_loss) {
  std::string p = prefix("damaged_strings");
  {
    bundle::BundleWriter writer(p);
    writer.add("s", strings({"alpha", "beta", "gamma"}, Shape{3}));
    writer.finish();
  }
  const std::string good = read_bytes(data_file(p));
  for (size_t i = 0; i < good.size(); ++i) {
    std::string damaged = good;
    damaged[i] = static_cast<char>(damaged[i] ^ 0x04);
    write_bytes(data_file(p), damaged);
    bundle::BundleReader reader(p);
    CHECK_THROWS_CODE(reader.read("s"), Code::kDataLoss);
  }
}

TEST_MAIN()
