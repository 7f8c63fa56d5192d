#!/bin/sh
# Installs what the build needs from Debian's packages; silent when all is there.
set -e
# --test: also what only the tests need (the HTML report's browser test).
TEST_PKGS="chromium chromium-driver python3-selenium"
PKGS="libzstd-dev libtcmalloc-minimal4 clang-22 libclang-22-dev llvm-22-dev llvm-22-tools clang-tidy-22 clang-format-22 libclang-rt-22-dev cmake ninja-build libgtest-dev python3 python3-jsonschema make pre-commit time"
[ "${1:-}" = --test ] && PKGS="$PKGS $TEST_PKGS"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "bootstrap: installing$missing"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
