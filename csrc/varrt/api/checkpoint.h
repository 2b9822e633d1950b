// Public C++ API: checkpoints of variables, in TensorFlow's tensor-bundle format (the files
// tf.train.Checkpoint and tf.train.Saver write: "<prefix>.index" + "<prefix>.data-00000-of-00001").
//
//   varrt::save_checkpoint("/tmp/run/ckpt", {{"weights", w}, {"step", step}});
//   varrt::restore_checkpoint("/tmp/run/ckpt", {{"weights", w}, {"step", step}});
//
// Keys are names you choose. Python reads such a checkpoint with
// varrt.train.load_checkpoint(prefix).get_tensor(key) or restores it with
// varrt.train.Saver({key: variable}) (TensorFlow likewise); the keys of a Python
// tf.train.Checkpoint(w=v) are object paths ("w/.ATTRIBUTES/VARIABLE_VALUE"), which
// restore_checkpoint accepts as any other key.
//
// Atomicity: save writes temporary files and renames them into place only when complete, so a
// crash or an error leaves any previous checkpoint at the prefix intact. Each variable's value
// is a zero-copy snapshot taken when save starts, so concurrent updates (other threads) are
// either wholly in or wholly out of the file, and the save never blocks them while writing.
// Restore is all or nothing: every key is found and checked (dtype, declared shape, bounds,
// CRC32C) before any variable changes; then each variable is written under its lock.
//
// Errors (varrt::Error, with TensorFlow's messages): NotFound (no checkpoint at the prefix,
// or a missing key), InvalidArgument (a dtype or shape a variable cannot take, an empty
// key), DataLoss (a damaged or hostile file: never a crash), FailedPrecondition (a destroyed
// or uninitialised variable). Every function may be called from any thread.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "varrt/api/variable.h"
#include "varrt/core/tensor.h"

namespace varrt {

struct CheckpointOptions {
  // fsync the files (and directory) before returning: survives power loss, costs a disk
  // flush. Without it a killed process still leaves either the old or the new checkpoint.
  bool sync = false;
};

// Writes each variable's current value under its key.
void save_checkpoint(const std::string& prefix, const std::map<std::string, Variable>& variables,
                     const CheckpointOptions& options = CheckpointOptions());
// Reads each key into its variable.
void restore_checkpoint(const std::string& prefix, const std::map<std::string, Variable>& variables);
// The keys stored at `prefix`, sorted.
std::vector<std::string> checkpoint_keys(const std::string& prefix);
// One stored value as a new tensor.
Tensor load_checkpoint_tensor(const std::string& prefix, const std::string& key);

// Object-based checkpoints: the files tf.train.Checkpoint(w=v, step=s).write(prefix) writes,
// each variable under "<name>/.ATTRIBUTES/VARIABLE_VALUE" ('.' and '/' in a name escaped)
// plus the object graph, so TensorFlow and Python's varrt restore them with
// tf.train.Checkpoint(w=..., step=...).restore(prefix). A variable under two names is one
// object, stored once, as in TensorFlow.
void write_object_checkpoint(const std::string& prefix, const std::map<std::string, Variable>& variables,
                             const CheckpointOptions& options = CheckpointOptions());
// Restores each variable from the object of that name under the checkpoint's root (the
// object graph decides the key, as tf.train.Checkpoint.read does), all or nothing. NotFound
// for a name the checkpoint lacks or a checkpoint without an object graph.
void read_object_checkpoint(const std::string& prefix, const std::map<std::string, Variable>& variables);

}  // namespace varrt
