"""Checks Protocols/ with an independent validator (jsonschema, draft-07, format checking on).

Static part: every schema is a valid draft-07 schema, every example envelope validates against the
envelope schema and its topic's payload schema, asyncapi.yaml describes every topic exactly once and
only refers to files that exist, and the generated files are up to date.

Code part: with NAVBUS_BIN set to the directory holding a built `navbus`, runs
`navbus examples --out DIR` (one envelope per topic, encoded by the Swift bus encoder from
ProtocolSamples) and validates what the code emits the same way.

Needs: pip install pytest jsonschema pyyaml rfc3339-validator
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import pathlib
import re
import subprocess

import pytest
import yaml
from jsonschema import Draft7Validator

ROOT = pathlib.Path(__file__).resolve().parents[2]
PROTOCOLS = ROOT / "Protocols"
FORMATS = Draft7Validator.FORMAT_CHECKER


def swift_catalogue(relative: str) -> list[str]:
    """The raw values of a Swift string enum, read from its source file."""
    source = (ROOT / relative).read_text(encoding="utf-8")
    return re.findall(r'^\s*case \w+ = "([^"]+)"', source, flags=re.MULTILINE)


TOPICS = swift_catalogue("Sources/NavProtocol/Topic.swift")
METHODS = swift_catalogue("Sources/NavProtocol/Methods/Method.swift")


def load(relative: str) -> dict:
    return json.loads((PROTOCOLS / relative).read_text(encoding="utf-8"))


def validator(schema: dict) -> Draft7Validator:
    return Draft7Validator(schema, format_checker=FORMATS)


def errors(schema: dict, instance: object) -> list[str]:
    return [
        f"{'/'.join(map(str, error.absolute_path)) or '<root>'}: {error.message}"
        for error in validator(schema).iter_errors(instance)
    ]


def definition(schema: dict, name: str) -> dict:
    """`schema` rooted at definitions/<name>, keeping the other definitions reachable."""
    rooted = copy.deepcopy(schema)
    rooted.pop("title", None)
    rooted.update({"$ref": f"#/definitions/{name}"})
    return rooted


def check_envelope(topic: str, envelope: dict) -> None:
    problems = errors(load("envelope.schema.json"), envelope)
    assert not problems, f"{topic}: envelope invalid: {problems}"
    assert envelope["type"] == f"navbus.{topic}"
    assert envelope["dataschema"] == f"topics/{topic}.schema.json"
    problems = errors(load(envelope["dataschema"]), envelope["data"])
    assert not problems, f"{topic}: data invalid against {envelope['dataschema']}: {problems}"


def test_catalogues_were_read_from_the_swift_sources():
    assert len(TOPICS) >= 14 and "sys.heartbeat.v1" in TOPICS
    assert len(METHODS) >= 13 and "router.route" in METHODS


def test_format_checking_is_active():
    # Without rfc3339-validator installed, jsonschema silently accepts any date-time string.
    assert errors({"type": "string", "format": "date-time"}, "2026-02-30T00:00:00Z"), "pip install rfc3339-validator"


SCHEMA_FILES = sorted(str(path.relative_to(PROTOCOLS)) for path in PROTOCOLS.rglob("*.schema.json"))


@pytest.mark.parametrize("relative", SCHEMA_FILES)
def test_every_schema_is_a_valid_draft07_schema(relative):
    schema = load(relative)
    Draft7Validator.check_schema(schema)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert schema["$id"] == relative


def test_schema_and_example_files_match_the_catalogues():
    def names(folder: str) -> list[str]:
        return sorted(path.name for path in (PROTOCOLS / folder).iterdir() if path.is_file())

    assert names("topics") == sorted(f"{topic}.schema.json" for topic in TOPICS)
    assert names("examples") == sorted(f"{topic}.json" for topic in TOPICS)
    assert names("methods") == sorted(f"{method}.schema.json" for method in METHODS)
    assert names("examples/rpc") == sorted(f"{method}.json" for method in METHODS)


@pytest.mark.parametrize("topic", TOPICS)
def test_topic_schema_lets_receivers_ignore_unknown_fields(topic):
    schema = load(f"topics/{topic}.schema.json")
    assert schema["type"] == "object" and schema["additionalProperties"] is True and schema["required"]


@pytest.mark.parametrize("method", METHODS)
def test_method_schema_has_params_with_optional_vehicle_and_a_result(method):
    schema = load(f"methods/{method}.schema.json")
    params = schema["definitions"]["params"]
    assert params["type"] == "object"
    assert params["properties"]["vehicle"] == {"$ref": "#/definitions/vehicle"}
    assert "vehicle" not in params.get("required", [])
    assert "result" in schema["definitions"]
    assert not errors(definition(schema, "params"), {"vehicle": "default", "unexpected": 1} | minimal_params(method))


def minimal_params(method: str) -> dict:
    return {
        "navigator.setDestinations": {"waypoints": [{"title": "Kamppi", "latitude": 60.1688, "longitude": 24.932}]},
        "navigator.setGuidanceActive": {"active": True},
        "router.route": {
            "waypoints": [
                {"title": "A", "placeID": "osm:node/1"},
                {"title": "B", "latitude": 60.17, "longitude": 24.94},
            ]
        },
        "locationSimulator.simulateLocation": {"latitude": 60.171, "longitude": 24.9414},
    }.get(method, {})


@pytest.mark.parametrize("topic", TOPICS)
def test_example_validates_against_envelope_and_topic_schema(topic):
    check_envelope(topic, load(f"examples/{topic}.json"))


@pytest.mark.parametrize("method", METHODS)
def test_rpc_example_validates_against_jsonrpc_and_method_schema(method):
    example = load(f"examples/rpc/{method}.json")
    envelope, schema = load("jsonrpc.schema.json"), load(f"methods/{method}.schema.json")
    request, response = example["request"], example["response"]
    assert not errors(definition(envelope, "request"), request)
    assert not errors(definition(envelope, "response"), response)
    assert request["method"] == method and request["id"] == response["id"]
    assert not errors(definition(schema, "params"), request["params"])
    assert not errors(definition(schema, "result"), response["result"])


# The schemas must reject what the contract forbids, or the checks above prove nothing.
INVALID_PAYLOADS = [
    ("gps.fix.v1", "/latitude", 90.5),
    ("gps.fix.v1", "/longitude", -180.1),
    ("gps.fix.v1", "/course", 360),
    ("gps.fix.v1", "/speed", -1),
    ("gps.fix.v1", "/timestamp", "2026-11-29 16:05:12Z"),
    ("gps.fix.v1", "/timestamp", "2026-11-29T18:05:12+02:00"),
    ("nav.location.v1", "/onRoute", "yes"),
    ("nav.arrival.v1", "/waypoint", {"title": "nowhere"}),
    ("nav.arrival.v1", "/waypoint", {"title": "half", "latitude": 60.1}),
    ("nav.route_changed.v1", "/reason", "detour"),
    ("nav.route_changed.v1", "/routeLegs/0/geometry/type", "Point"),
    ("nav.route_changed.v1", "/routeLegs/0/geometry/coordinates", [[24.94, 60.17]]),
    ("nav.route_changed.v1", "/routeLegs/0/geometry/coordinates/0", [60.17, 124.94]),
    ("nav.route_changed.v1", "/routeLegs/0/segmentSpeeds/0", None),
    ("nav.delay_category.v1", "/categoryNumber", 3),
    ("nav.lighting_mode.v1", "/mode", "night"),
    ("nav.speeding.v1", "/severity", "none"),
    ("nav.nav_info.v1", "/navState", "driving"),
    ("nav.nav_info.v1", "/currentStep/maneuver/modifier", "backwards"),
    ("nav.voice_prompt.v1", "/kind", "whisper"),
    ("nav.voice_prompt.v1", "/volumeLevel", "loud"),
    ("nav.voice_prompt.v1", "/text", ""),
    ("alert.speeding.v1", "/severity", "notSpeeding"),
    ("ui.lighting.v1", "/theme/primaryBackground", "blue"),
    (  # wayIds and an area at once
        "traffic.conditions.v1",
        "/conditions/0/area",
        {"type": "circle", "center": {"latitude": 60.1, "longitude": 24.9}, "radiusMeters": 5},
    ),
    ("traffic.conditions.v1", "/conditions/1/speedFactor", 1.5),
    ("sys.heartbeat.v1", "/counters", {"sent": 1, "received": 2, "dropped": 0}),
    ("sys.heartbeat.v1", "/counters/sent", -1),
]


@pytest.mark.parametrize(("topic", "pointer", "value"), INVALID_PAYLOADS)
def test_topic_schema_rejects_contract_violations(topic, pointer, value):
    data = copy.deepcopy(load(f"examples/{topic}.json")["data"])
    *parents, last = [int(part) if part.isdigit() else part for part in pointer.strip("/").split("/")]
    node = data
    for part in parents:
        node = node[part]
    node[last] = value
    assert errors(load(f"topics/{topic}.schema.json"), data), f"{topic}{pointer} = {value!r} was accepted"


def test_envelope_schema_rejects_a_bad_envelope():
    good = load("examples/nav.arrival.v1.json")
    assert not errors(load("envelope.schema.json"), good)
    for field, value in [("specversion", "0.3"), ("type", "nav.arrival.v1"), ("sequence", -1), ("data", "x"),
                         ("datacontenttype", "text/plain"), ("time", "2026-11-29T16:05:12")]:
        assert errors(load("envelope.schema.json"), good | {field: value}), f"{field}={value!r} accepted"
    missing = {key: value for key, value in good.items() if key != "subject"}
    assert errors(load("envelope.schema.json"), missing)


def test_jsonrpc_schema_accepts_requests_responses_and_standard_errors():
    schema = load("jsonrpc.schema.json")
    assert not errors(schema, {"jsonrpc": "2.0", "method": "navigator.getState", "params": {"vehicle": "v1"}, "id": 7})
    assert not errors(schema, {"jsonrpc": "2.0", "result": {"routeStatus": "OK"}, "id": "a"})
    for code in (-32700, -32600, -32601, -32602, -32603, -32001):
        assert not errors(schema, {"jsonrpc": "2.0", "error": {"code": code, "message": "m"}, "id": None})
    codes = [entry.get("const") for entry in schema["definitions"]["errorCode"]["anyOf"]]
    assert {-32700, -32600, -32601, -32602, -32603} <= set(codes)
    assert errors(schema, {"jsonrpc": "1.0", "method": "x", "id": 1})
    assert errors(schema, {"jsonrpc": "2.0", "method": "x", "params": [1, 2], "id": 1})
    assert errors(schema, {"jsonrpc": "2.0", "error": {"code": "bad", "message": "m"}, "id": 1})


def collect_refs(node: object, found: list[str]) -> list[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                found.append(value)
            else:
                collect_refs(value, found)
    elif isinstance(node, list):
        for value in node:
            collect_refs(value, found)
    return found


def resolve_pointer(document: object, pointer: str) -> object:
    node = document
    for part in pointer.strip("/").split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def test_asyncapi_describes_every_topic_once_and_refers_only_to_existing_files():
    document = yaml.safe_load((PROTOCOLS / "asyncapi.yaml").read_text(encoding="utf-8"))
    assert document["asyncapi"] == "3.0.0"
    addresses = [channel["address"] for channel in document["channels"].values()]
    assert sorted(addresses) == sorted(TOPICS), "each topic must be exactly one channel"
    assert {server["protocol"] for server in document["servers"].values()} == {"zmq"}
    assert document["servers"]["publisher"]["host"].endswith(":5560")
    assert document["servers"]["subscriber"]["host"].endswith(":5561")

    for ref in collect_refs(document, []):
        path, _, pointer = ref.partition("#")
        if path:
            target = (PROTOCOLS / path).resolve()
            assert target.is_file(), f"asyncapi.yaml refers to missing {path}"
            if pointer:
                resolve_pointer(json.loads(target.read_text(encoding="utf-8")), pointer)
        else:
            resolve_pointer(document, pointer)

    payload_files = [message["payload"]["$ref"] for message in document["components"]["messages"].values()]
    assert sorted(payload_files) == sorted(f"./topics/{topic}.schema.json" for topic in TOPICS)

    actions = {}
    for operation in document["operations"].values():
        channel = resolve_pointer(document, operation["channel"]["$ref"].removeprefix("#"))
        actions.setdefault(channel["address"], set()).add(operation["action"])
    assert actions == {topic: {"send", "receive"} for topic in TOPICS}


def test_generated_files_are_up_to_date():
    spec = importlib.util.spec_from_file_location("generate", PROTOCOLS / "tools" / "generate.py")
    generate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generate)
    stale = [str(path.relative_to(PROTOCOLS)) for path, text in generate.outputs().items()
             if not path.is_file() or path.read_text(encoding="utf-8") != text]
    assert not stale, f"run python3 Protocols/tools/generate.py; out of date: {stale}"


def test_code_emitted_envelopes_validate(tmp_path):
    """What the Swift encoder emits (navbus examples) validates against the schemas."""
    binaries = os.environ.get("NAVBUS_BIN")
    if not binaries:
        pytest.fail(
            "NAVBUS_BIN is not set: point it at the directory holding the built navbus executable "
            "(e.g. NAVBUS_BIN=$(swift build --show-bin-path)) so the envelopes the code emits can be validated"
        )
    navbus = pathlib.Path(binaries) / "navbus"
    assert navbus.is_file(), f"NAVBUS_BIN={binaries} has no navbus executable; run swift build first"
    completed = subprocess.run(
        [str(navbus), "examples", "--out", str(tmp_path)], capture_output=True, text=True, timeout=120
    )
    assert completed.returncode == 0, f"navbus examples failed ({completed.returncode}): {completed.stderr}"
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == sorted(f"{topic}.json" for topic in TOPICS)
    for topic in TOPICS:
        envelope = json.loads((tmp_path / f"{topic}.json").read_text(encoding="utf-8"))
        check_envelope(topic, envelope)
