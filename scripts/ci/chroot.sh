#!/usr/bin/env bash
# A Debian 12 (bookworm) chroot for rocmdesk's end-to-end install tests, built once and cached.
#
#   chroot.sh build            build the cached base (debootstrap) unless a matching one is there
#   chroot.sh new DIR          a fresh working chroot in DIR, extracted from the cache (builds it first if needed)
#   chroot.sh run DIR CMD...   run CMD inside DIR with /proc mounted only for that command (in a private
#                              mount namespace), and the host's /dev bound when DIR has no device nodes
#   chroot.sh with DIR CMD...  run CMD on the host while DIR has those mounts (for Ansible's chroot connection)
#   chroot.sh mirror           print the Debian mirror this machine's apt uses
#   chroot.sh path             print the cache tarball's path
#
# The mirror is read from this machine's own apt configuration at run time (ROCMDESK_CI_MIRROR overrides it);
# the cache lives in ${ROCMDESK_CI_CACHE:-/var/cache/rocmdesk-ci}.  Must run as root.
set -euo pipefail

SUITE=bookworm
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

# The first plain Debian archive (not security, not backports) in /etc/apt's one-line and deb822 lists.
mirror() {
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
  local work
  work=$(mktemp -d "${CACHE}/build.XXXXXX")
  # debootstrap mounts /proc and friends inside the target itself; unmount whatever it leaves on failure
  trap 'umount_all "${work}/root"; rm -rf --one-file-system "${work}"' EXIT
  local m
  m=$(mirror)
  echo "chroot.sh: debootstrap ${SUITE} from ${m} (once; cached in ${TARBALL})" >&2
  debootstrap --variant=minbase --include="${INCLUDE}" "${SUITE}" "${work}/root" "${m}" >&2
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
  path) echo "${TARBALL}" ;;
  umount) shift; umount_all "${1:?umount DIR}" ;;
  *) die "usage: chroot.sh build | new DIR | run DIR CMD... | with DIR CMD... | mirror | path | umount DIR" ;;
esac
