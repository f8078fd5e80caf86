"""compose/compose.yaml against the keys `navbus keygen --bus` really makes, without starting containers.

`make compose-test` brings the stack up with podman, which takes minutes; these checks take a second and catch
the mistakes that stack would only show as a container that exits at start: a bus service without its own
secret key, without the keys volume, started before the key-init step, or using another service's key; and that
each service can read only its own secret key (its own `secret-NAME` volume, none of the others').
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
SECRETS_DIR = "/var/lib/navbus/secrets"
# One-shot steps that do not join the bus.
NOT_ON_BUS = {"key-init", "map-init"}


@pytest.fixture(scope="module")
def compose() -> dict:
    document = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    assert isinstance(document.get("services"), dict), "compose.yaml has no services"
    return document


@pytest.fixture(scope="module")
def bus_keys(tmp_path_factory: pytest.TempPathFactory) -> tuple[set[str], set[str]]:
    """The secret key files (as `NAME/NAME.key`) and ACL client names `navbus keygen --bus --secrets` writes: what
    key-init puts in the volumes."""
    base = tmp_path_factory.mktemp("keys")
    out, secret_dir = base / "keys", base / "secrets"
    subprocess.run(
        [str(bin_dir() / "navbus"), "keygen", "--bus", "--out", str(out), "--secrets", str(secret_dir)],
        check=True, capture_output=True,
    )
    secrets = {str(path.relative_to(secret_dir)) for path in secret_dir.glob("*/*.key")}
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
        assert str(path.parent) == f"{SECRETS_DIR}/{path.stem}", f"service {name} reads its key from {path.parent}"
        relative = f"{path.stem}/{path.name}"
        assert relative in secrets, f"service {name} uses {relative}, which navbus keygen --bus --secrets does not make"
        assert path.stem in clients, f"the ACL has no client {path.stem} for service {name}"
        if name != "demo":  # the demo trip is a person at the console: it uses the cli key, as people do
            assert path.name not in used, f"services {used.get(path.name)} and {name} share the key {path.name}"
        used[path.name] = name
        assert environment.get("NAVBUS_SERVER_KEY") == f"{KEYS_DIR}/proxy.pub", f"{name} does not know the proxy's key"


def test_every_bus_service_mounts_the_keys_volume_and_its_own_secret_only_read_only(compose: dict) -> None:
    for name, service in bus_services(compose).items():
        volumes = service.get("volumes") or []
        assert f"keys:{KEYS_DIR}:ro" in volumes, f"service {name} does not mount the keys volume read-only: {volumes}"
        role = pathlib.PurePosixPath(service["environment"]["NAVBUS_SECRET_KEY"]).stem
        secret_volumes = [volume for volume in volumes if volume.startswith("secret-")]
        assert secret_volumes == [f"secret-{role}:{SECRETS_DIR}/{role}:ro"], f"service {name} mounts {secret_volumes}"


def test_key_init_writes_every_secret_into_its_own_volume(compose: dict, bus_keys) -> None:
    secrets, _ = bus_keys
    init = compose["services"]["key-init"]
    command = " ".join(init["command"])
    assert f"--out {KEYS_DIR}" in command and f"--secrets {SECRETS_DIR}" in command, command
    roles = {secret.split("/")[0] for secret in secrets}
    mounted = {volume for volume in init["volumes"] if volume.startswith("secret-")}
    assert mounted == {f"secret-{role}:{SECRETS_DIR}/{role}" for role in roles}
    assert {f"secret-{role}" for role in roles} <= set(compose["volumes"])


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
        if volume.startswith(("keys:", "secret-")) and not volume.endswith(":ro")
    ]
    assert set(writable) == {"key-init"}
