#!/usr/bin/env bash
# Makes .venv-eval for scripts/bench_voice_vs_valhalla.py: pyvalhalla 3.9.1 ships only cp312-abi3 wheels, so
# this venv needs Python 3.12 or newer (Debian 12's python3 is 3.11). Uses the first python3.12+ on PATH or
# under pyenv; prints what to install when there is none.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -x .venv-eval/bin/python ] && .venv-eval/bin/python -c "import valhalla, zmq, osmium" 2>/dev/null; then exit 0; fi
python=""
for candidate in python3.13 python3.12 "$HOME"/.pyenv/versions/3.1[2-9]*/bin/python3; do
  if command -v "$candidate" >/dev/null 2>&1 \
    && "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
    python=$candidate
    break
  fi
done
[ -n "$python" ] || { echo "voice-eval-setup: needs Python >= 3.12 for the pyvalhalla wheel (e.g. uv python install 3.12)" >&2; exit 1; }
"$python" -m venv .venv-eval
.venv-eval/bin/pip install -q pyvalhalla==3.9.1 pyzmq==26.2.0 osmium==4.3.2
