"""TensorBoard event files as JSON-able data, the same way for TensorFlow's files (parsed by
TensorFlow's reader, tests/tools/record_summaries.py) and varrt's (parsed by varrt's TFRecord reader
and protobuf codec, tests/test_summary.py): each Event's set fields by protobuf's field names,
bytes as "b64:<base64>", wall_time left out (it is the time of the run), an image summary's PNGs
as their decoded pixels (two encoders may compress the same pixels differently) and a GraphDef as
its size only being present."""
import base64
import glob
import os
import re


def read_logdir(logdir, read_events):
    """{"<dir under logdir>/events.out.tfevents.*<suffix>" (the time, host, pid and file number as
    *): read_events(path)}."""
    out = {}
    for path in sorted(glob.glob(os.path.join(logdir, "**", "events.out.tfevents.*"), recursive=True)):
        rel = os.path.relpath(path, logdir)
        pattern = re.sub(r"events\.out\.tfevents\.\d+\.[^/]*\.\d+\.\d+([^/]*)$", r"events.out.tfevents.*\1", rel)
        assert pattern not in out, f"two event files match {pattern}"
        out[pattern] = read_events(path)
    return out


def event_dict(event, decode_png):
    """The JSON form of an Event given as {field name: value} (nested messages as dicts)."""
    event = dict(event)
    event.pop("wall_time", None)
    if "graph_def" in event:
        event["graph_def"] = "<GraphDef>"
    summary = event.get("summary")
    if summary:
        values = []
        for value in summary.get("value", []):
            value = dict(value)
            plugin = value.get("metadata", {}).get("plugin_data", {}).get("plugin_name")
            if plugin == "images" and "tensor" in value:
                tensor = dict(value["tensor"])
                strings = list(tensor["string_val"])
                tensor["string_val"] = strings[:2] + [{"png_pixels": decode_png(s)} for s in strings[2:]]
                value["tensor"] = tensor
            values.append(value)
        event["summary"] = dict(summary, value=values)
    return _jsonable(event)


def _jsonable(x):
    if isinstance(x, (bytes, bytearray)):
        return "b64:" + base64.b64encode(bytes(x)).decode()
    if isinstance(x, dict):
        return {k: _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    return x
