"""The SummaryMetadata TensorBoard's summary ops (tensorboard/plugins/*/metadata.py) give their
summaries: the plugin's name, its content (each plugin's PluginData message at version 0, which
serializes to nothing), no display name, the description when there is one."""
from varrt.saved_model.proto import Message


def summary_metadata(plugin_name, description=None, content=b""):
    """The serialized SummaryMetadata of a TensorBoard plugin's summary."""
    plugin_data = {"plugin_name": plugin_name}
    if content:
        plugin_data["content"] = content
    fields = {"plugin_data": plugin_data}
    if description:
        fields["summary_description"] = description
    return Message("tensorflow.SummaryMetadata", fields).to_bytes()
