#!/usr/bin/env bash
# Runs before `npm test` and `npm run test:e2e` (npm's pre scripts): the signature tests read
# signed PDFs with poppler's pdfsig and pdftotext, trusting the platform CA through an NSS
# database that certutil makes. When all three are there it only looks; as root on Debian or
# Ubuntu it installs what is missing; anywhere else it says in one line what to install and
# stops the test run.
set -euo pipefail

tools=(pdfsig pdftotext certutil)
packages=(poppler-utils libnss3-tools)

missing_tools() {
  local tool
  for tool in "${tools[@]}"; do command -v "$tool" >/dev/null || printf '%s ' "$tool"; done
}

missing=$(missing_tools)
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "The signature tests need ${missing% }: install them first, e.g. sudo apt-get install -y ${packages[*]} (macOS: brew install poppler nss)" >&2
  exit 1
fi

echo "Installing ${packages[*]} for the signature tests (${missing% } missing)"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
missing=$(missing_tools)
if [ -n "$missing" ]; then
  echo "The signature tests need ${missing% }, still missing after installing ${packages[*]}" >&2
  exit 1
fi
