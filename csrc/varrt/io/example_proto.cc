#include "varrt/io/example_proto.h"

#include <cstring>

#include "varrt/io/coding.h"
#include "varrt/io/proto_wire.h"

namespace varrt {
namespace example {

std::string encode_list(const Feature& list) {
  std::string out;
  switch (list.kind) {
    case Kind::kBytes:
      for (const std::string& b : list.bytes) {
        coding::put_varint32(&out, (1 << 3) | proto::kLengthDelimited);
        coding::put_varint64(&out, b.size());
        out += b;
      }
      break;
    case Kind::kFloat:
      if (!list.floats.empty()) {  // packed, as protobuf writes repeated scalars in proto3
        coding::put_varint32(&out, (1 << 3) | proto::kLengthDelimited);
        coding::put_varint64(&out, list.floats.size() * 4);
        for (float f : list.floats) {
          uint32_t bits;
          std::memcpy(&bits, &f, 4);
          coding::put_fixed32(&out, bits);
        }
      }
      break;
    case Kind::kInt64:
      if (!list.ints.empty()) {
        std::string packed;
        for (int64_t v : list.ints) coding::put_varint64(&packed, static_cast<uint64_t>(v));
        coding::put_varint32(&out, (1 << 3) | proto::kLengthDelimited);
        coding::put_varint64(&out, packed.size());
        out += packed;
      }
      break;
    case Kind::kNone:
      break;
  }
  return out;
}

std::string encode_feature(const Feature& feature) {
  proto::Writer w;
  if (feature.kind != Kind::kNone) w.bytes(static_cast<uint32_t>(feature.kind), encode_list(feature));
  return w.take();
}

std::string encode_features(const FeatureMap& features) {
  proto::Writer w;
  for (const auto& entry : features) {
    proto::Writer e;
    e.bytes(1, entry.first);
    e.bytes(2, encode_feature(entry.second));
    w.bytes(1, e.str());
  }
  return w.take();
}

std::string encode_example(const FeatureMap& features) {
  proto::Writer w;
  // protobuf writes a set message field even when empty; an empty Features is still written
  // when the caller set it, which the Python layer decides (it calls encode_features then).
  w.bytes(1, encode_features(features));
  return w.take();
}

bool decode_list(std::string_view data, Kind kind, Feature* list) {
  list->kind = kind;
  proto::Reader r(data);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number != 1) continue;
    switch (kind) {
      case Kind::kBytes:
        if (f.type != proto::kLengthDelimited) return false;
        list->bytes.emplace_back(f.bytes);
        break;
      case Kind::kFloat:
        if (f.type == proto::kFixed32) {
          uint32_t bits = static_cast<uint32_t>(f.varint);
          float v;
          std::memcpy(&v, &bits, 4);
          list->floats.push_back(v);
        } else if (f.type == proto::kLengthDelimited) {
          if (f.bytes.size() % 4 != 0) return false;
          for (size_t i = 0; i < f.bytes.size(); i += 4) {
            uint32_t bits = coding::decode_fixed32(f.bytes.data() + i);
            float v;
            std::memcpy(&v, &bits, 4);
            list->floats.push_back(v);
          }
        } else {
          return false;
        }
        break;
      case Kind::kInt64:
        if (f.type == proto::kVarint) {
          list->ints.push_back(static_cast<int64_t>(f.varint));
        } else if (f.type == proto::kLengthDelimited) {
          const char* p = f.bytes.data();
          const char* end = p + f.bytes.size();
          while (p < end) {
            uint64_t v;
            p = coding::get_varint64(p, end, &v);
            if (p == nullptr) return false;
            list->ints.push_back(static_cast<int64_t>(v));
          }
        } else {
          return false;
        }
        break;
      case Kind::kNone:
        return false;
    }
  }
  return r.ok();
}

bool decode_feature(std::string_view data, Feature* feature) {
  proto::Reader r(data);
  proto::Field f;
  *feature = Feature();
  while (r.next(&f)) {
    if (f.number < 1 || f.number > 3) continue;
    if (f.type != proto::kLengthDelimited) return false;
    Feature list;  // a later member of the oneof replaces an earlier one, as protobuf merges
    if (!decode_list(f.bytes, static_cast<Kind>(f.number), &list)) return false;
    if (feature->kind == list.kind) {  // the same member twice: merged (repeated fields append)
      feature->bytes.insert(feature->bytes.end(), list.bytes.begin(), list.bytes.end());
      feature->floats.insert(feature->floats.end(), list.floats.begin(), list.floats.end());
      feature->ints.insert(feature->ints.end(), list.ints.begin(), list.ints.end());
    } else {
      *feature = std::move(list);
    }
  }
  return r.ok();
}

bool decode_features(std::string_view data, FeatureMap* features) {
  proto::Reader r(data);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number != 1) continue;
    if (f.type != proto::kLengthDelimited) return false;
    proto::Reader e(f.bytes);
    proto::Field ef;
    std::string key;
    Feature value;
    while (e.next(&ef)) {
      if (ef.type != proto::kLengthDelimited) return false;
      if (ef.number == 1) key.assign(ef.bytes);
      if (ef.number == 2 && !decode_feature(ef.bytes, &value)) return false;
    }
    if (!e.ok()) return false;
    bool replaced = false;
    for (auto& entry : *features) {
      if (entry.first == key) {
        entry.second = std::move(value);
        replaced = true;
        break;
      }
    }
    if (!replaced) features->emplace_back(std::move(key), std::move(value));
  }
  return r.ok();
}

bool decode_example(std::string_view data, FeatureMap* features) {
  proto::Reader r(data);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number != 1) continue;
    if (f.type != proto::kLengthDelimited) return false;
    if (!decode_features(f.bytes, features)) return false;  // repeated message fields merge
  }
  return r.ok();
}

std::string encode_feature_list(const std::vector<Feature>& features) {
  proto::Writer w;
  for (const Feature& f : features) w.bytes(1, encode_feature(f));
  return w.take();
}

std::string encode_feature_lists(const FeatureListMap& lists) {
  proto::Writer w;
  for (const auto& entry : lists) {
    proto::Writer e;
    e.bytes(1, entry.first);
    e.bytes(2, encode_feature_list(entry.second));
    w.bytes(1, e.str());
  }
  return w.take();
}

std::string encode_sequence_example(const FeatureMap* context, const FeatureListMap* lists) {
  proto::Writer w;
  if (context != nullptr) w.bytes(1, encode_features(*context));
  if (lists != nullptr) w.bytes(2, encode_feature_lists(*lists));
  return w.take();
}

bool decode_feature_list(std::string_view data, std::vector<Feature>* features) {
  proto::Reader r(data);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number != 1) continue;
    if (f.type != proto::kLengthDelimited) return false;
    Feature feature;
    if (!decode_feature(f.bytes, &feature)) return false;
    features->push_back(std::move(feature));
  }
  return r.ok();
}

bool decode_feature_lists(std::string_view data, FeatureListMap* lists) {
  proto::Reader r(data);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number != 1) continue;
    if (f.type != proto::kLengthDelimited) return false;
    proto::Reader e(f.bytes);
    proto::Field ef;
    std::string key;
    std::vector<Feature> value;
    while (e.next(&ef)) {
      if (ef.type != proto::kLengthDelimited) return false;
      if (ef.number == 1) key.assign(ef.bytes);
      if (ef.number == 2) {
        value.clear();
        if (!decode_feature_list(ef.bytes, &value)) return false;
      }
    }
    if (!e.ok()) return false;
    bool replaced = false;
    for (auto& entry : *lists) {
      if (entry.first == key) {
        entry.second = std::move(value);
        replaced = true;
        break;
      }
    }
    if (!replaced) lists->emplace_back(std::move(key), std::move(value));
  }
  return r.ok();
}

bool decode_sequence_example(std::string_view data, FeatureMap* context, bool* has_context, FeatureListMap* lists,
                             bool* has_lists) {
  *has_context = *has_lists = false;
  proto::Reader r(data);
  proto::Field f;
  while (r.next(&f)) {
    if (f.number != 1 && f.number != 2) continue;
    if (f.type != proto::kLengthDelimited) return false;
    if (f.number == 1) {
      *has_context = true;
      if (!decode_features(f.bytes, context)) return false;
    } else {
      *has_lists = true;
      if (!decode_feature_lists(f.bytes, lists)) return false;
    }
  }
  return r.ok();
}

}  // namespace example
}  // namespace varrt
