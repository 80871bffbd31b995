#!/usr/bin/env bash
# Brings up the WordPress peer for the WordPress journeys: copies ../shared/peers/wordpress (or
# WP_PEER_DIR) to $TMPDIR/youngengineer-wp-peer-PORT and runs its setup.sh PORT there (Debian
# packages, MariaDB, WordPress, seeded content; idempotent, a few seconds when all is in place).
#
# The peer runs from its own copy: MariaDB, php-fpm and nginx drop to users of their own, who
# cannot enter a clone under a private folder (mktemp -d is 0700), and shared/ may be read-only.
# The scripts are refreshed on every run; data/ (the database, the site) is kept.
# e2e/wordpress/run.ts calls this first; CI calls it early, beside npm ci and the build, so that
# the packages are installed by the time the journeys start.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SOURCE=$(cd "${WP_PEER_DIR:-$ROOT/../shared/peers/wordpress}" 2>/dev/null && pwd) || SOURCE=""
PORT=${WP_PORT:-8089}
PEER="${TMPDIR:-/tmp}/youngengineer-wp-peer-$PORT"
if [ -z "$SOURCE" ] || [ ! -f "$SOURCE/portal-setup.sh" ]; then
  echo "the WordPress peer is missing: no portal-setup.sh in ${WP_PEER_DIR:-$ROOT/../shared/peers/wordpress} (expected at ../shared/peers/wordpress next to the project, or set WP_PEER_DIR)" >&2
  exit 2
fi
mkdir -p "$PEER"
(cd "$SOURCE" && tar --exclude=./data --exclude=./results --exclude=./node_modules -cf - .) | (cd "$PEER" && tar -xf -)
chmod 755 "$PEER"
exec bash "$PEER/setup.sh" "$PORT"
