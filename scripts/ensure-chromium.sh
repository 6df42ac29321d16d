#!/usr/bin/env bash
# Finds a Chromium for the end-to-end tests, installing Debian's package when none is there
# (Playwright's own browser download cannot reach its servers from these machines).
# Prints the executable's path.
set -euo pipefail

find_chromium() {
  if [[ -n "${CHROMIUM_PATH:-}" && -x "${CHROMIUM_PATH}" ]]; then echo "$CHROMIUM_PATH"; return 0; fi
  for candidate in chromium chromium-browser google-chrome; do
    if command -v "$candidate" >/dev/null 2>&1; then command -v "$candidate"; return 0; fi
  done
  return 1
}

if ! find_chromium; then
  echo "Chromium not found: installing Debian's chromium package" >&2
  if [[ "$(id -u)" -eq 0 ]]; then sudo_cmd=(); else sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq chromium >&2
  find_chromium
fi
