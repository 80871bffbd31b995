#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the API tests (TEST_DATABASE_URL).
#
#   server/test/pgCluster.sh start [BASE_DIR] [PORT]   prints the connection URL as its last line
#   server/test/pgCluster.sh stop  [BASE_DIR]
#
# The cluster's data folder is BASE_DIR/data (BASE_DIR: a new temp folder by default); BASE_DIR is
# written to /tmp/youngengineer-pg-dir so that `stop` (or CI's cleanup) finds it. PORT defaults to
# 54329, or the next free port after it. PG_CLUSTER_STATE= (empty) writes and reads no state file:
# a cluster started so (deploy/local-cluster.sh) is stopped by its BASE_DIR and leaves CI's alone.
#   export TEST_DATABASE_URL="$(server/test/pgCluster.sh start)"; npx jest --selectProjects server; server/test/pgCluster.sh stop
# Uses Debian's postgresql package (/usr/lib/postgresql/<version>/bin). initdb refuses to run as
# root, so as root the cluster runs as the postgres system user in a folder that user owns.
set -euo pipefail

STATE="${PG_CLUSTER_STATE-/tmp/youngengineer-pg-dir}"
cmd="${1:-start}"

bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "pgCluster.sh: PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install -y postgresql)" >&2
  exit 1
fi

as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

port_free() {
  ! (echo >"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

case "$cmd" in
  start)
    base="${2:-$(mktemp -d /tmp/youngengineer-pg.XXXXXX)}"
    port="${3:-54329}"
    if [ -z "${3:-}" ]; then
      while ! port_free "$port"; do port=$((port + 1)); done
    fi
    data="$base/data"
    mkdir -p "$data"
    if [ "$(id -u)" = "0" ]; then chown -R postgres:postgres "$base"; fi
    chmod 700 "$base" "$data"
    if [ ! -f "$data/PG_VERSION" ]; then
      as_pg "$bin/initdb" -D "$data" -A trust -U postgres --no-sync >/dev/null
    fi
    # fsync off: a throwaway test cluster, faster on CI.
    as_pg "$bin/pg_ctl" -D "$data" -l "$base/server.log" -w \
      -o "-p $port -c listen_addresses=127.0.0.1 -k $base -c fsync=off" start >/dev/null
    if [ -n "$STATE" ]; then echo "$base" >"$STATE"; fi
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    base="${2:-$( [ -n "$STATE" ] && cat "$STATE" 2>/dev/null || true)}"
    if [ -n "$base" ] && [ -f "$base/data/PG_VERSION" ]; then
      as_pg "$bin/pg_ctl" -D "$base/data" -m fast -w stop >/dev/null 2>&1 || true
      rm -rf "$base"
    fi
    if [ -n "$STATE" ] && [ "$(cat "$STATE" 2>/dev/null || true)" = "$base" ]; then rm -f "$STATE"; fi
    ;;
  *)
    echo "usage: $0 start|stop [BASE_DIR] [PORT]" >&2
    exit 2
    ;;
esac
