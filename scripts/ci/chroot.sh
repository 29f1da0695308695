#!/usr/bin/env bash
# A Debian 12 (bookworm) chroot for rocmdesk's end-to-end install tests, built once and cached; with
# ROCMDESK_CI_SUITE=trixie a Debian 13 one, with jammy or noble an Ubuntu 22.04 or 24.04 one (for installing
# the .deb there).
#
#   chroot.sh build            build the cached base (debootstrap) unless a matching one is there
#   chroot.sh new DIR          a fresh working chroot in DIR, extracted from the cache (builds it first if needed)
#   chroot.sh run DIR CMD...   run CMD inside DIR with /proc mounted only for that command (in a private
#                              mount namespace), and the host's /dev bound when DIR has no device nodes
#   chroot.sh with DIR CMD...  run CMD on the host while DIR has those mounts (for Ansible's chroot connection)
#   chroot.sh mirror           print the mirror of the suite (Debian's: the one this machine's apt uses)
#   chroot.sh sources          print apt source lines for the suite, with the keyring that signs it
#   chroot.sh path             print the cache tarball's path
#
# Debian's mirror is read from this machine's own apt configuration at run time (ROCMDESK_CI_MIRROR overrides
# it).  Ubuntu's is debootstrap's own default for the release (ROCMDESK_CI_UBUNTU_MIRROR overrides it), and
# its archive keyring comes from the ubuntu-keyring package on that mirror, checked against the SHA-256 below
# (Debian 12 does not package it).  Exit 77: the Ubuntu archive cannot be reached from here.
# The cache lives in ${ROCMDESK_CI_CACHE:-/var/cache/rocmdesk-ci}.  Must run as root.
set -euo pipefail

SUITE=${ROCMDESK_CI_SUITE:-bookworm}
case ${SUITE} in
  bookworm | trixie) DISTRO=debian COMPONENTS=main ;;
  jammy | noble) DISTRO=ubuntu COMPONENTS=main,universe ;;  # python3-tomli-w and friends are in universe
  *) echo "chroot.sh: unknown suite ${SUITE} (bookworm, trixie, jammy or noble)" >&2; exit 2 ;;
esac
UBUNTU_KEYRING_DEB=pool/main/u/ubuntu-keyring/ubuntu-keyring_2023.11.28.1_all.deb
UBUNTU_KEYRING_SHA256=36de43b15853ccae0028e9a767613770c704833f82586f28eb262f0311adb8a8
# python3-packaging: the helper's one dependency beyond the standard library (packaging/README.md);
# python3-apt: Ansible's apt and apt_repository modules need it on the target (the chroot connection)
INCLUDE=python3,ca-certificates,passwd,gpgv,python3-packaging,python3-apt
CACHE=${ROCMDESK_CI_CACHE:-/var/cache/rocmdesk-ci}
TARBALL=${CACHE}/${SUITE}-base.tar
STAMP=${TARBALL}.stamp

die() {
  echo "chroot.sh: $*" >&2
  exit 1
}

need_root() {
  [[ ${EUID} -eq 0 ]] || die "must run as root"
}

mirror() {
  if [[ ${DISTRO} == ubuntu ]]; then
    ubuntu_mirror
  else
    debian_mirror
  fi
}

# debootstrap's default for current Ubuntu releases on amd64 (its script names it; old releases and other
# architectures have their own hosts)
ubuntu_mirror() {
  if [[ -n ${ROCMDESK_CI_UBUNTU_MIRROR:-} ]]; then
    echo "${ROCMDESK_CI_UBUNTU_MIRROR}"
    return
  fi
  local uri
  uri=$(awk '$1 == "default_mirror" && $2 !~ /old-releases|ports/ { print $2; exit }' \
    /usr/share/debootstrap/scripts/gutsy 2>/dev/null || true)
  [[ -n ${uri} ]] || die "debootstrap names no Ubuntu mirror here; set ROCMDESK_CI_UBUNTU_MIRROR"
  echo "${uri}"
}

keyring() {
  if [[ ${DISTRO} == ubuntu ]]; then
    echo "${CACHE}/ubuntu-archive-keyring.gpg"
  else
    echo /usr/share/keyrings/debian-archive-keyring.gpg
  fi
}

# The Ubuntu archive's keyring, once: the ubuntu-keyring .deb from the mirror, only if its hash is the pinned one
ensure_ubuntu_keyring() {
  local target work m
  target=$(keyring)
  [[ -s ${target} ]] && return
  work=$(mktemp -d "${CACHE}/keyring.XXXXXX")
  m=$(ubuntu_mirror)
  if ! curl -fsS --max-time 120 -o "${work}/k.deb" "${m}/${UBUNTU_KEYRING_DEB}" 2>"${work}/err"; then
    echo "chroot.sh: the Ubuntu archive cannot be reached from here: $(tail -n1 "${work}/err")" >&2
    rm -rf "${work}"
    exit 77
  fi
  if [[ "$(sha256sum <"${work}/k.deb" | cut -d' ' -f1)" != "${UBUNTU_KEYRING_SHA256}" ]]; then
    rm -rf "${work}"
    die "${UBUNTU_KEYRING_DEB} from ${m} does not have the expected SHA-256; not trusting it"
  fi
  dpkg-deb -x "${work}/k.deb" "${work}/x"
  install -m 0644 "${work}/x/usr/share/keyrings/ubuntu-archive-keyring.gpg" "${target}"
  rm -rf "${work}"
}

# apt source lines for the release and its updates, signed by the suite's keyring (for apt run on the host)
sources() {
  if [[ ${DISTRO} == ubuntu ]]; then
    ensure_ubuntu_keyring
  fi
  local m k c
  m=$(mirror)
  k=$(keyring)
  c=${COMPONENTS//,/ }
  printf 'deb [signed-by=%s] %s %s %s\n' "${k}" "${m}" "${SUITE}" "${c}" "${k}" "${m}" "${SUITE}-updates" "${c}"
}

# The first plain Debian archive (not security, not backports) in /etc/apt's one-line and deb822 lists.
debian_mirror() {
  if [[ -n ${ROCMDESK_CI_MIRROR:-} ]]; then
    echo "${ROCMDESK_CI_MIRROR}"
    return
  fi
  local f uri
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [[ -r ${f} ]] || continue
    uri=$(awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i !~ /^\[/ && $i !~ /\]$/ && $i !~ /^[a-z-]+=/) { print $i; break } }' "${f}" |
      grep -E '^https?://' | grep -Ev 'security|backports|updates' | head -n1 || true)
    if [[ -n ${uri} ]]; then
      echo "${uri}"
      return
    fi
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -r ${f} ]] || continue
    uri=$(awk 'tolower($1) == "uris:" { for (i = 2; i <= NF; i++) print $i }' "${f}" |
      grep -E '^https?://' | grep -Ev 'security|backports|updates' | head -n1 || true)
    if [[ -n ${uri} ]]; then
      echo "${uri}"
      return
    fi
  done
  die "no Debian mirror in /etc/apt/sources.list(.d); set ROCMDESK_CI_MIRROR"
}

stamp_text() {
  printf 'suite=%s\ninclude=%s\nvariant=minbase\n' "${SUITE}" "${INCLUDE}"
  if [[ ${DISTRO} == ubuntu ]]; then
    printf 'components=%s\nkeyring=%s\n' "${COMPONENTS}" "${UBUNTU_KEYRING_SHA256}"
  fi
}

cache_ok() {
  [[ -f ${TARBALL} && -f ${STAMP} ]] && [[ "$(cat "${STAMP}")" == "$(stamp_text)" ]]
}

ensure_debootstrap() {
  command -v debootstrap >/dev/null 2>&1 && return
  # a CI image may come with empty package lists: refresh them once if the first try finds nothing
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >&2 ||
    { apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >&2; }
}

build() {
  need_root
  install -d -m 0755 "${CACHE}"
  exec 9>"${CACHE}/.lock"
  flock 9  # two test sessions building at once: the second waits and reuses the first one's work
  if cache_ok; then
    return
  fi
  ensure_debootstrap
  if [[ ${DISTRO} == ubuntu ]]; then
    ensure_ubuntu_keyring
  fi
  local work
  work=$(mktemp -d "${CACHE}/build.XXXXXX")
  # debootstrap mounts /proc and friends inside the target itself; unmount whatever it leaves on failure
  trap 'umount_all "${work}/root"; rm -rf --one-file-system "${work}"' EXIT
  local m
  m=$(mirror)
  echo "chroot.sh: debootstrap ${SUITE} from ${m} (once; cached in ${TARBALL})" >&2
  if [[ ${DISTRO} == ubuntu ]]; then
    # Debian 12's debootstrap has no script named noble: every current Ubuntu release uses gutsy's
    debootstrap --variant=minbase --components="${COMPONENTS}" --include="${INCLUDE}" --keyring="$(keyring)" \
      "${SUITE}" "${work}/root" "${m}" /usr/share/debootstrap/scripts/gutsy >&2
  else
    debootstrap --variant=minbase --include="${INCLUDE}" "${SUITE}" "${work}/root" "${m}" >&2
  fi
  umount_all "${work}/root"
  # apt's downloaded .debs are not needed in the cache
  apt_clean "${work}/root"
  tar --numeric-owner -C "${work}/root" -cf "${work}/base.tar" .
  mv -f "${work}/base.tar" "${TARBALL}"
  stamp_text >"${STAMP}"
  trap - EXIT
  rm -rf --one-file-system "${work}"
}

apt_clean() {
  rm -rf "$1"/var/cache/apt/archives/*.deb "$1"/var/lib/apt/lists/* 2>/dev/null || true
}

new() {
  local dir=${1:?new DIR}
  build
  install -d -m 0755 "${dir}"
  [[ -z "$(ls -A "${dir}")" ]] || die "${dir} is not empty"
  tar --numeric-owner -C "${dir}" -xpf "${TARBALL}"
}

umount_all() {
  local dir=$1 mp
  [[ -d ${dir} ]] || return 0
  dir=$(realpath "${dir}")
  # deepest first, so /dev/pts goes before /dev
  while read -r mp; do
    umount -l "${mp}" 2>/dev/null || true
  done < <(awk -v d="${dir}/" 'index($2 "/", d) == 1 { print $2 }' /proc/self/mounts | sort -r)
}

# run: CMD inside the chroot; with: CMD on the host while the chroot has its mounts (Ansible's chroot connection)
run() {
  need_root
  local how=$1 dir=${2:?${1} DIR CMD...}
  shift 2
  [[ $# -gt 0 ]] || die "${how}: no command"
  [[ -x ${dir}/bin/sh ]] || die "${dir} is not a chroot"
  dir=$(realpath "${dir}")
  # a private mount namespace too: whatever happens, the mounts end with the command
  if [[ -z ${ROCMDESK_CI_MOUNTNS:-} ]] && command -v unshare >/dev/null 2>&1; then
    ROCMDESK_CI_MOUNTNS=1 exec unshare --mount --propagation private "$0" "${how}" "${dir}" "$@"
  fi
  unset ROCMDESK_CI_MOUNTNS
  trap 'umount_all "${dir}"' EXIT
  mount -t proc proc "${dir}/proc"
  # debootstrap leaves static nodes in the chroot's /dev (kept by the tarball), and tests add their own
  # there (a stand-in /dev/kfd); the host's /dev is bound only when they are missing (mknod was refused)
  if [[ -n ${ROCMDESK_CI_BIND_DEV:-} || ! -c ${dir}/dev/null ]]; then
    mount --rbind /dev "${dir}/dev"
    mount --make-rslave "${dir}/dev"
  fi
  local rc=0
  if [[ ${how} == run ]]; then
    chroot "${dir}" "$@" || rc=$?
  else
    "$@" || rc=$?
  fi
  umount_all "${dir}"
  trap - EXIT
  return "${rc}"
}

case ${1:-} in
  build) build ;;
  new) shift; new "$@" ;;
  run | with) run "$@" ;;
  mirror) mirror ;;
  sources) sources ;;
  path) echo "${TARBALL}" ;;
  umount) shift; umount_all "${1:?umount DIR}" ;;
  *) die "usage: chroot.sh build | new DIR | run DIR CMD... | with DIR CMD... | mirror | sources | path | umount DIR" ;;
esac
