#!/usr/bin/env bash
# Launch rocmdesk (sets itself up on first run). On a machine without an AMD GPU it offers a simulated one.
# Any arguments go to rocmdesk, e.g.  ./run.sh --simulate rx6600xt-ubuntu2204   or   ./run.sh detect
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$here/scripts/bootstrap.sh"
exec "${ROCMDESK_VENV:-$here/.venv}/bin/rocmdesk" "$@"
