#!/usr/bin/env bash
# Real pkexec for rocmdesk's tests, on a throw-away CI machine (root needed; safe to run again).
#
# Installs pkexec, polkitd and dbus; starts a system bus and polkitd without systemd; makes the test users
# rdtest (allowed), rdnope (denied) and rdask (must authenticate as an administrator; with python3-gi a test
# stands in for the password dialog and dismisses it); installs a root-owned copy of rocmdesk in
# /usr/lib/rocmdesk/python, the launcher as /usr/libexec/rocmdesk/rocmdesk-helper, the polkit action, and a
# rule that answers for the test users.  It never touches /etc/apt.
#
# Exit 0: ready.  Exit 77: this machine cannot provide it (not root, no apt, no network, dbus or polkitd
# will not start): the tests skip.  Anything else: a real failure.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cannot() { echo "pkexec-harness: cannot run here: $*" >&2; exit 77; }

[[ ${EUID} -eq 0 ]] || cannot "not root"
command -v apt-get >/dev/null 2>&1 || cannot "no apt-get"

# -- packages (Debian 12 splits policykit-1 into pkexec + polkitd) ------------------------------------
installed() { [[ "$(dpkg-query -W -f '${db:Status-Status}' "$1" 2>/dev/null || true)" == installed ]]; }
if apt-cache show pkexec >/dev/null 2>&1 || installed pkexec; then
  want=(pkexec polkitd dbus python3-packaging python3-gi)
else
  want=(policykit-1 dbus python3-packaging python3-gi)
fi
missing=()
for p in "${want[@]}"; do installed "$p" || missing+=("$p"); done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "pkexec-harness: installing ${missing[*]}" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      "${missing[@]}"; } >/dev/null 2>&1 || cannot "apt-get could not install ${missing[*]}"
fi
pkexec_bin="$(command -v pkexec || true)"
polkitd_bin=/usr/lib/polkit-1/polkitd
[[ -x "${polkitd_bin}" ]] || polkitd_bin=/usr/libexec/polkitd
[[ -n "${pkexec_bin}" && -u "${pkexec_bin}" && -x "${polkitd_bin}" ]] || cannot "pkexec or polkitd missing"

# -- users and groups (render comes from udev/systemd on a real system; a container may lack it) -------
getent group render >/dev/null || groupadd --system render
getent group video >/dev/null || groupadd --system video
for u in rdtest rdnope rdask; do
  getent passwd "$u" >/dev/null || useradd --no-create-home --shell /bin/bash "$u"
done
for g in render video; do  # each session starts with rdtest outside the GPU groups
  gpasswd -d rdtest "$g" >/dev/null 2>&1 || true
done

# -- the helper, its launcher, the policy and the test rule ----------------------------------------------
lib=/usr/lib/rocmdesk/python
rm -rf "${lib}.new"
mkdir -p "${lib}.new"
cp -r "${here}/src/rocmdesk" "${lib}.new/"
find "${lib}.new" -name __pycache__ -prune -exec rm -rf {} +
chown -R root:root "${lib}.new"
chmod -R u=rwX,go=rX "${lib}.new"
rm -rf "${lib}"
mv "${lib}.new" "${lib}"
install -d -o root -g root -m 0755 /usr/libexec/rocmdesk
install -o root -g root -m 0755 "${here}/packaging/rocmdesk-helper" /usr/libexec/rocmdesk/rocmdesk-helper
install -d -m 0755 /usr/share/polkit-1/actions /etc/polkit-1/rules.d
install -o root -g root -m 0644 "${here}/packaging/polkit/org.rocmdesk.setup.policy" /usr/share/polkit-1/actions/
rules=/etc/polkit-1/rules.d/50-rocmdesk-test.rules
cat >"${rules}.new" <<'RULES'
// rocmdesk CI only (scripts/ci/pkexec-harness.sh): the test users and the helper's action
polkit.addRule(function(action, subject) {
    if (action.id != "org.rocmdesk.setup.apply-plan") {
        return polkit.Result.NOT_HANDLED;
    }
    if (subject.user == "rdtest") {
        return polkit.Result.YES;
    }
    if (subject.user == "rdnope") {
        return polkit.Result.NO;
    }
    if (subject.user == "rdask") {
        return polkit.Result.AUTH_ADMIN;
    }
    return polkit.Result.NOT_HANDLED;
});
RULES
chmod 0644 "${rules}.new"
mv "${rules}.new" "${rules}"

# -- a system bus and polkitd, without systemd ------------------------------------------------------------
alive() { [[ -n "${1:-}" && -d "/proc/$1" ]] && grep -qx "$2" "/proc/$1/comm" 2>/dev/null; }
mkdir -p /run/dbus
[[ -s /etc/machine-id || -s /var/lib/dbus/machine-id ]] || dbus-uuidgen --ensure
if ! alive "$(cat /run/dbus/pid 2>/dev/null || true)" dbus-daemon; then
  rm -f /run/dbus/pid /run/dbus/system_bus_socket
  dbus-daemon --system --fork || cannot "dbus-daemon --system will not start"
fi
has_polkit() {
  dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.PolicyKit1 2>/dev/null | grep -q 'boolean true'
}
pidfile=/run/rocmdesk-test-polkitd.pid
if ! has_polkit; then
  if ! alive "$(cat "${pidfile}" 2>/dev/null || true)" polkitd; then
    nohup "${polkitd_bin}" --no-debug >/var/log/rocmdesk-test-polkitd.log 2>&1 &
    echo $! >"${pidfile}"
  fi
  for _ in $(seq 1 100); do
    has_polkit && break
    sleep 0.1
  done
  has_polkit || cannot "polkitd did not come up on the system bus (see /var/log/rocmdesk-test-polkitd.log)"
fi
# polkitd reads rules and actions again when the files change; give it that moment
sleep 0.5
echo "pkexec-harness: ready (${pkexec_bin}, ${polkitd_bin})" >&2
