#!/usr/bin/env bash
# Build rocmdesk's .deb with the standard tools (dpkg-buildpackage, debhelper, pybuild) and check it with lintian.
#
#   scripts/ci/build-deb.sh [OUTDIR]     the .deb(s) and the lintian report in OUTDIR (default: dist/deb)
#
# Two packages: rocmdesk (all) and rocmdesk-pyside6 (amd64, the window's Qt for releases without PySide6).
# The wheels packaging/vendor-requirements.txt names are downloaded once with pip (--require-hashes) into
# ${ROCMDESK_WHEEL_CACHE:-/var/cache/rocmdesk-ci/wheels} and handed to debian/rules; the build itself is offline.
#
# The tree is copied (tracked and untracked-but-not-ignored files) to a scratch folder first: the build writes
# .pybuild/, debian/rocmdesk/ and the .deb beside its tree, and none of that belongs in the checkout.
# As root, missing build tools are apt-installed (like scripts/bootstrap.sh); otherwise it says which are missing.
# ROCMDESK_LINTIAN=0 skips lintian.  Exit 0: built and lintian clean (overrides in debian/*.lintian-overrides).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$(realpath -m "${1:-${here}/dist/deb}")"

build_deps=(dpkg-dev debhelper dh-python pybuild-plugin-pyproject python3-all python3-setuptools python3-pip lintian)
missing=()
for p in "${build_deps[@]}"; do
  [[ "$(dpkg-query -W -f '${db:Status-Status}' "${p}" 2>/dev/null || true)" == installed ]] || missing+=("${p}")
done
# and every package debian/control's Build-Depends names (among them the libraries rocmdesk-pyside6's Qt
# links, which dpkg-shlibdeps must find); read from the file, so that a machine without dpkg-dev gets them too
while read -r p; do
  [[ -n ${p} && ${p} != debhelper-compat && " ${build_deps[*]} ${missing[*]} " != *" ${p} "* ]] || continue
  [[ "$(dpkg-query -W -f '${db:Status-Status}' "${p}" 2>/dev/null || true)" == installed ]] || missing+=("${p}")
done < <(awk '/^#/ { next } /^Build-Depends:/ { on = 1; sub(/^Build-Depends:/, "") } on && /^[A-Za-z-]+:/ && !/^Build-Depends:/ { on = 0 }
  on { print }' "${here}/debian/control" | tr ',' '\n' | sed -E 's/\(.*\)//; s/\|.*//; s/^[[:space:]]+//; s/[[:space:]]+$//')
if [[ ${#missing[@]} -gt 0 ]]; then
  if [[ ${EUID} -eq 0 ]]; then
    echo "build-deb: installing ${missing[*]}" >&2
    { DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" ||
      { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
          "${missing[@]}"; }; } >&2
  else
    echo "build-deb: missing build tools: ${missing[*]} (apt-get install them as root)" >&2
    exit 77
  fi
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/rocmdesk-deb.XXXXXX")"
trap 'rm -rf "${work}"' EXIT
src="${work}/rocmdesk"
mkdir -p "${src}"
if git -C "${here}" rev-parse --git-dir >/dev/null 2>&1; then
  (cd "${here}" && git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' f; do [[ -e ${f} ]] && printf '%s\0' "${f}"; done |
    tar --null -T - -cf -) | tar -C "${src}" -xf -
else
  tar -C "${here}" --exclude=.venv --exclude=dist --exclude=build --exclude=__pycache__ -cf - . | tar -C "${src}" -xf -
fi

# the window's wheels: hash-pinned, cached between runs (80 MB), copied where debian/rules looks
wheels="${ROCMDESK_WHEEL_CACHE:-/var/cache/rocmdesk-ci/wheels}"
mkdir -p "${wheels}" "${src}/debian/vendor-wheels"
env -u PIP_REQUIRE_VIRTUALENV /usr/bin/python3 -m pip download -q --disable-pip-version-check --no-deps --require-hashes \
  --only-binary=:all: --platform manylinux_2_34_x86_64 --python-version 3.10 --implementation cp \
  -d "${wheels}" -r "${here}/packaging/vendor-requirements.txt" >"${work}/pip.log" 2>&1 || {
  cat "${work}/pip.log" >&2
  echo "build-deb: could not download the window's wheels (packaging/vendor-requirements.txt)" >&2
  exit 1
}
while read -r name; do
  cp "${wheels}/${name}" "${src}/debian/vendor-wheels/"
done < <(sed -n 's/^\([A-Za-z0-9_-]*\)==\([^ ]*\).*/\1 \2/p' "${here}/packaging/vendor-requirements.txt" |
  while read -r n v; do n=$(echo "${n}" | tr 'A-Z-' 'a-z_'); (cd "${wheels}" && ls "${n}-${v}"-*.whl); done)

# SOURCE_DATE_EPOCH from debian/changelog (dpkg-buildpackage does this too): the same tree, the same .deb
# the system's Python and nothing else (a venv or pyenv first on PATH would build for the wrong python3.X)
(cd "${src}" && env -u PYTHONPATH -u VIRTUAL_ENV -u PYTHONHOME PATH=/usr/sbin:/usr/bin:/sbin:/bin \
  dpkg-buildpackage -b -us -uc --no-pre-clean) >"${work}/build.log" 2>&1 || {
  tail -n 60 "${work}/build.log" >&2
  echo "build-deb: dpkg-buildpackage failed (log above)" >&2
  exit 1
}
mkdir -p "${out}"
rm -f "${out}"/rocmdesk*.deb
cp "${work}"/*.deb "${out}/"
cp "${work}/build.log" "${out}/build.log"
echo "build-deb: built $(cd "${out}" && ls ./*.deb | tr '\n' ' ')" >&2

if [[ ${ROCMDESK_LINTIAN:-1} != 0 ]]; then
  # --fail-on warning: errors and warnings fail the build; every accepted tag is overridden with a reason
  if ! env PATH=/usr/sbin:/usr/bin:/sbin:/bin lintian --info --display-info --fail-on error,warning --suppress-tags-from-file /dev/null \
      "${work}"/*.changes >"${out}/lintian.txt" 2>&1; then
    cat "${out}/lintian.txt" >&2
    echo "build-deb: lintian found problems (above)" >&2
    exit 1
  fi
  echo "build-deb: lintian clean ($(grep -c . "${out}/lintian.txt" || true) info lines in ${out}/lintian.txt)" >&2
fi
ls "${out}"/*.deb
