#!/usr/bin/env bash
# Builds a Debian base image for podman from a debootstrapped root file system, for machines that cannot
# pull registry images. Usage: scripts/make-base-image.sh [IMAGE] [SUITE]
#   IMAGE defaults to localhost/navbus-debian:bookworm, SUITE to bookworm.
# The packages come from the Debian mirror this machine's apt already uses. An existing IMAGE is kept, so
# a second run costs nothing; remove it (podman rmi IMAGE) to rebuild.
set -euo pipefail
image=${1:-localhost/navbus-debian:bookworm}
suite=${2:-bookworm}

if podman image exists "$image"; then
  echo "base image $image already present" >&2
  exit 0
fi
command -v debootstrap >/dev/null || { echo "make-base-image: debootstrap is not installed" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "make-base-image: debootstrap needs root" >&2; exit 1; }

# The mirror apt uses for the suite, so the rootfs comes from wherever this machine is allowed to reach.
# shellcheck disable=SC2016 # $(RELEASE) and $(REPO_URI) are apt's placeholders, not the shell's
mirror=$(apt-get indextargets --format '$(RELEASE) $(REPO_URI)' 2>/dev/null | awk -v s="$suite" '$1 == s {print $2; exit}')
mirror=${mirror:-http://deb.debian.org/debian/}

rootfs=$(mktemp -d /var/tmp/navbus-rootfs.XXXXXX)
trap 'rm -rf "$rootfs"' EXIT
echo "debootstrap $suite from $mirror" >&2
debootstrap --variant=minbase --include=ca-certificates "$suite" "$rootfs" "$mirror" >"$rootfs.log" 2>&1 || {
  tail -20 "$rootfs.log" >&2
  rm -f "$rootfs.log"
  exit 1
}
rm -f "$rootfs.log"
# Same shape as the official slim images: no package lists, no caches, no documentation beyond copyrights.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb
cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache ""; Dir::Cache::srcpkgcache "";
EOF

tar --numeric-owner -C "$rootfs" -c . |
  podman import --quiet --change 'CMD ["/bin/bash"]' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --message "debootstrap $suite ($mirror)" - "$image" >/dev/null
echo "base image $image built" >&2
