// The checkpoint ops, named as TensorFlow names them: SaveV2 writes tensors to a bundle,
// RestoreV2 reads a bundle into variables.
//
// RestoreV2 is all-or-nothing across its variables: every entry is looked up, checked
// against its variable (dtype, shape) and verified (bounds, CRC) before any variable is
// written, so a damaged checkpoint or a mismatch leaves every variable unchanged. Then each
// variable is written under its lock: in place, straight from the mapped file into its
// buffer, when the variable holds the buffer alone and the element count matches; into a
// fresh buffer otherwise (a reader still holds the old one: copy-on-write). A shard truncated
// by someone else between the check and the copy gives DataLoss, though variables already
// written keep their new values.
#pragma once

#include <string>
#include <vector>

#include "varrt/io/bundle_reader.h"
#include "varrt/io/bundle_writer.h"
#include "varrt/resource/resource_mgr.h"

namespace varrt {
namespace ops {

// Writes `tensors[i]` under `keys[i]` to the bundle at `prefix`, atomically.
void SaveV2(const std::string& prefix, const std::vector<std::string>& keys, const std::vector<Tensor>& tensors,
            const bundle::WriterOptions& options = bundle::WriterOptions());

// Restores `keys[i]` into `vars[i]`. Errors: NotFound (missing key), InvalidArgument (dtype
// or shape that the variable cannot take, with TensorFlow's messages), DataLoss (damage).
void RestoreV2(bundle::BundleReader& reader, const std::vector<std::string>& keys,
               const std::vector<ResourceHandle>& vars);

// RestoreV2 for a front end that reports shape mismatches its own way (TensorFlow's Python
// ValueError): every entry first gets the checks that need no data bytes (DataLoss when
// damaged, NotFound when missing), then each stored shape is compared with its variable's
// declared shape. When any differ, nothing is restored and their positions are returned;
// otherwise the restore runs as RestoreV2's and the result is empty.
std::vector<size_t> RestoreV2UnlessShapesDiffer(bundle::BundleReader& reader, const std::vector<std::string>& keys,
                                                const std::vector<ResourceHandle>& vars);

}  // namespace ops
}  // namespace varrt
