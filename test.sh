#!/usr/bin/env bash
# Run rocmdesk's tests (sets itself up on first run). Extra arguments go to pytest.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$here/scripts/bootstrap.sh" --test
cd "$here"
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
# the venv's own tools (uv) can be found, after the system's (tests run python3 and expect the system one)
export PATH="$PATH:${ROCMDESK_VENV:-$here/.venv}/bin"
exec "${ROCMDESK_VENV:-$here/.venv}/bin/python" -m pytest "$@"
