#!/usr/bin/env bash
# Installs what building and testing Boost.UTF needs on Debian 12, and nothing that is already
# there. Safe to run again. Extra package groups: BOOST_UTF_SETUP="bench fuzz big_endian".
set -euo pipefail

packages=(g++ cmake ninja-build python3 libboost1.81-dev libboost-test1.81-dev
          libboost1.81-tools-dev librange-v3-dev clang-16 asciidoctor qemu-user)
for extra in ${BOOST_UTF_SETUP:-}; do
  case "$extra" in
    bench) packages+=(libbenchmark-dev libutfcpp-dev libicu-dev) ;;
    fuzz) packages+=(libclang-rt-16-dev libicu-dev) ;;
    big_endian) packages+=(g++-s390x-linux-gnu) ;;
    *) echo "setup.sh: unknown group $extra" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  as_root=()
  [ "$(id -u)" = 0 ] || as_root=(sudo)
  echo "setup.sh: installing ${missing[*]}"
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" > /dev/null
fi
