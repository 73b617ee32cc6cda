#!/bin/bash
# Installs what building and testing perf-delta needs, with apt-get.
. "$(dirname "$0")/lib.sh"

PACKAGES="
	build-essential g++ git xz-utils make pkg-config flex bison
	binutils python3 python3-dev
	linux-source-6.1
	libdw-dev libelf-dev libunwind-dev libslang2-dev zlib1g-dev
	libzstd-dev liblzma-dev libcap-dev libnuma-dev libperl-dev libssl-dev
	linux-perf libxml2-utils tmux bc time chromium chromium-driver
	python3-selenium
	clang libclang-rt-14-dev
"

missing=$(for p in $PACKAGES; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' ||
		echo "$p"
done)
[ -z "$missing" ] && exit 0

[ "$(id -u)" = 0 ] || die "missing packages: $(echo $missing); run 'make' as root to install them"
say "installing:" $missing
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q --no-install-recommends $missing >/dev/null
