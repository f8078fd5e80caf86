"""compose/compose.yaml against the keys `navbus keygen --bus` really makes, without starting containers.

`make compose-test` brings the stack up with podman, which takes minutes; these checks take a second and catch
the mistakes that stack would only show as a container that exits at start: a bus service without its own
secret key, without the keys volume, started before the key-init step, or using another service's key.
"""

from __future__ import annotations

import json
import pathlib
import subprocess

import pytest
import yaml

from conftest import ROOT, bin_dir

COMPOSE = ROOT / "compose" / "compose.yaml"
KEYS_DIR = "/var/lib/navbus/keys"
# One-shot steps that do not join the bus.
NOT_ON_BUS = {"key-init", "map-init"}


@pytest.fixture(scope="module")
def compose() -> dict:
    document = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    assert isinstance(document.get("services"), dict), "compose.yaml has no services"
    return document


@pytest.fixture(scope="module")
def bus_keys(tmp_path_factory: pytest.TempPathFactory) -> tuple[set[str], set[str]]:
    """The secret key files and ACL client names `navbus keygen --bus` writes: what key-init puts in the volume."""
    out = tmp_path_factory.mktemp("keys") / "keys"
    subprocess.run([str(bin_dir() / "navbus"), "keygen", "--bus", "--out", str(out)], check=True, capture_output=True)
    secrets = {path.name for path in out.glob("*.key")}
    clients = {client["name"] for client in json.loads((out / "acl.json").read_text())["clients"]}
    return secrets, clients


def bus_services(compose: dict) -> dict[str, dict]:
    return {name: service for name, service in compose["services"].items() if name not in NOT_ON_BUS}


def test_every_bus_service_has_its_own_secret_key_from_key_init(compose: dict, bus_keys) -> None:
    secrets, clients = bus_keys
    used: dict[str, str] = {}
    for name, service in bus_services(compose).items():
        environment = service.get("environment") or {}
        key = environment.get("NAVBUS_SECRET_KEY")
        assert key, f"service {name} has no NAVBUS_SECRET_KEY: on the CURVE bus it exits at start"
        path = pathlib.PurePosixPath(key)
        assert str(path.parent) == KEYS_DIR, f"service {name} reads its key from {path.parent}, not the keys volume"
        assert path.name in secrets, f"service {name} uses {path.name}, which navbus keygen --bus does not make"
        assert path.stem in clients, f"the ACL has no client {path.stem} for service {name}"
        if name != "demo":  # the demo trip is a person at the console: it uses the cli key, as people do
            assert path.name not in used, f"services {used.get(path.name)} and {name} share the key {path.name}"
        used[path.name] = name
        assert environment.get("NAVBUS_SERVER_KEY") == f"{KEYS_DIR}/proxy.pub", f"{name} does not know the proxy's key"


def test_every_bus_service_mounts_the_keys_volume_read_only(compose: dict) -> None:
    for name, service in bus_services(compose).items():
        volumes = service.get("volumes") or []
        assert f"keys:{KEYS_DIR}:ro" in volumes, f"service {name} does not mount the keys volume read-only: {volumes}"


def test_no_bus_service_starts_before_the_keys_exist(compose: dict) -> None:
    services = compose["services"]

    def waits_for_keys(name: str, seen: frozenset[str] = frozenset()) -> bool:
        depends = services[name].get("depends_on") or {}
        if depends.get("key-init", {}).get("condition") == "service_completed_successfully":
            return True
        return any(waits_for_keys(other, seen | {name}) for other in depends if other not in seen)

    for name in bus_services(compose):
        assert waits_for_keys(name), f"service {name} may start before key-init has written the keys"


def test_only_key_init_may_write_the_keys(compose: dict) -> None:
    writable = [
        name
        for name, service in compose["services"].items()
        for volume in service.get("volumes") or []
        if volume.startswith("keys:") and not volume.endswith(":ro")
    ]
    assert writable == ["key-init"]
