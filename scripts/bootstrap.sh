#!/usr/bin/env bash
# Shared set-up for run.sh and test.sh: system libraries Qt needs, then a venv with rocmdesk in it.
# Safe to run again: each step is skipped when already done.
#   bootstrap.sh [--test] [--print-missing]
# --test: also what the tests need; --print-missing: print the system packages that would be installed, and stop.
set -euo pipefail

tests=no
print_missing=no
for arg in "$@"; do
  case $arg in
    --test) tests=yes ;;
    --print-missing) print_missing=yes ;;
    *) echo "usage: bootstrap.sh [--test] [--print-missing]" >&2; exit 2 ;;
  esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${ROCMDESK_VENV:-$here/.venv}"
python="${PYTHON:-python3}"

# Debian/Ubuntu packages: venv support, and the X11/EGL/font libraries PySide6 links against.
apt_packages=(python3-venv libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libdbus-1-3
  libglib2.0-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxcb-xinerama0 libxcb-randr0
  libxcb-render-util0 libxcb-image0 fonts-dejavu-core)
# a font with Chinese glyphs for the zh_CN translation (Language menu or a Chinese locale), unless one is there
if ! { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=zh family 2>/dev/null | head -n 1)" ]; }; then
  apt_packages+=(fonts-noto-cjk)
fi
if [ "$tests" = yes ]; then
  apt_packages+=(xvfb xauth shellcheck)
  # the tests that use real system tools (shells, rocm-smi, chroots, pkexec) skip without them;
  # as root (CI) they are installed too, so every proof runs
  if [ "$(id -u)" -eq 0 ]; then
    apt_packages+=(zsh fish direnv tcsh csh rocm-smi iproute2 debootstrap apt-utils gnupg openssl
      pkexec polkitd dbus python3-gi prometheus
      # the man page's test renders it (man --warnings, groff -ww)
      man-db groff-base
      # packaging: the .deb build (debhelper, pybuild), lintian, and the desktop-file / AppStream validators
      dpkg-dev debhelper dh-python pybuild-plugin-pyproject python3-all python3-setuptools python3-wheel lintian
      desktop-file-utils appstream)
  fi
fi

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  # one query for all of them: one per package cost ~150 ms at every ./run.sh, as much as the window itself.
  # A package dpkg does not know is left out of the answer; one it knows but has not installed says so.
  declare -A installed=()
  while IFS=$'\t' read -r package status; do
    if [ "$status" = "installed" ]; then installed["$package"]=1; fi
  done < <(dpkg-query -W -f '${Package}\t${db:Status-Status}\n' "${apt_packages[@]}" 2>/dev/null || true)
  for p in "${apt_packages[@]}"; do
    [ -n "${installed[$p]:-}" ] || missing+=("$p")
  done
fi
if [ "$print_missing" = yes ]; then
  [ "${#missing[@]}" -eq 0 ] || printf '%s\n' "${missing[@]}"
  exit 0
fi
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "rocmdesk: installing system packages: ${missing[*]}" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  elif command -v sudo >/dev/null 2>&1; then
    echo "rocmdesk: these system packages are needed: ${missing[*]}" >&2
    sudo apt-get install -y --no-install-recommends "${missing[@]}"
  else
    echo "rocmdesk: please install: ${missing[*]} (apt-get install as root), then run this again" >&2
    exit 1
  fi
fi

if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
stamp="$venv/.rocmdesk-installed"
if [ ! -f "$stamp" ] || [ "$here/pyproject.toml" -nt "$stamp" ] || [ "$here/setup.py" -nt "$stamp" ]; then
  "$venv/bin/python" -m pip install -q --upgrade pip >/dev/null
  "$venv/bin/python" -m pip install -q -e "${here}[test]"
  touch "$stamp"
fi
