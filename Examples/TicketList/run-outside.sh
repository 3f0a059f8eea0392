#!/bin/sh
# Builds and runs the ticket-list package as an outside program would: copied into a folder
# outside the checkout, depending on the checkout by path, run from its own folder with no
# REFRESHLAB_ASSETS. Its PNGs (and the package) stay in OUTDIR when one is given; without one
# they go to a temporary folder removed at the end.
# usage: Examples/TicketList/run-outside.sh [OUTDIR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
checkout=$(cd "$here/../.." && pwd)
if [ $# -ge 1 ]; then
  out=$1
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out/TicketList"
cp -r "$here/Package.swift" "$here/Sources" "$out/TicketList/"
sed -i "s|path: \"../..\"|path: \"$checkout\"|" "$out/TicketList/Package.swift"
cd "$out/TicketList"
unset REFRESHLAB_ASSETS REFRESHLAB_OPTIMIZE
${SWIFT:-swift} build --product ticket-list 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]|^Building|^Build of|Compiling|Write|Emitting|Linking|Fetching|Fetched|Cloning|Cloned|Computing|Computed|Creating|Working copy|Resolving|Resolved' || true
bin=$(${SWIFT:-swift} build --show-bin-path)
test -x "$bin/ticket-list" || { echo "run-outside: ticket-list did not build in $out/TicketList" >&2; exit 1; }
"$bin/ticket-list" "$out"
