#!/usr/bin/env bash
# The reference deployment of docs/deployment.md on one machine, for tests and try-outs: a PostgreSQL
# cluster, N portal instances (`node --import tsx server/main.ts`, no demo mode), HAProxy from
# Debian's package balancing them round-robin with health checks, and one media store for all of them
# (an S3-compatible test server, s3rver from the dev dependencies, unless S3_ENDPOINT names a real one).
#
#   deploy/local-cluster.sh start    prints the balancer's URL as its last line
#   deploy/local-cluster.sh stop     stops everything it started and removes CLUSTER_DIR
#   deploy/local-cluster.sh status
#   deploy/local-cluster.sh restart-db   stops PostgreSQL (pg_ctl -m fast), waits DB_DOWN_SECONDS (default
#                                        0), starts it again on the same data folder and port; returns
#                                        once it accepts connections (the fault test, deploy/test/)
#   deploy/local-cluster.sh start-instance N   starts instance N again (after it died or was killed)
#                                        with the settings of `start`; returns once it answers
#
# Settings (environment):
#   CLUSTER_DIR        /tmp/youngengineer-cluster  state: pg/, instance-N/ (DATA_DIR), logs, pids,
#                                                  cluster.env (the URLs and AUTH_KEY, for tests)
#   CLUSTER_PORT       18480   the balancer's port; instance N listens on CLUSTER_PORT + N
#   CLUSTER_INSTANCES  3
#   CLUSTER_PG_PORT    54480
#   CLUSTER_S3_PORT    CLUSTER_PORT + CLUSTER_INSTANCES + 1   the S3 test server's port
#   CLUSTER_SEED       demo    `demo` seeds the demo content (deploy/seedDemo.ts) before the instances
#                              start; `none` starts empty (then ADMIN_PASSWORD creates the first admin)
#   JWT_SECRET, AUTH_KEY       generated once into CLUSTER_DIR/secrets.env unless set
#   MEDIA_DRIVER       s3      `local` gives each instance its own folder (then media are not shared)
#   WORKERS            1       server processes per instance (each instance stands for one machine;
#                              its processes and the instances share everything through PostgreSQL)
#   S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY   a real store; unset: the test server
# Every other variable (ARGON2_*, SMTP_URL, MEDIA_URL_TTL, ... see server/CONFIG.md) passes through to
# the instances. Needs Debian's postgresql and haproxy packages (apt-get install -y postgresql haproxy).
# The PostgreSQL cluster is server/test/pgCluster.sh's, with its own folder and port and without its
# state file, so it never touches the cluster of a CI run.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${CLUSTER_DIR:-/tmp/youngengineer-cluster}"
lb_port="${CLUSTER_PORT:-18480}"
count="${CLUSTER_INSTANCES:-3}"
pg_port="${CLUSTER_PG_PORT:-54480}"
seed="${CLUSTER_SEED:-demo}"
s3_port="${CLUSTER_S3_PORT:-$((lb_port + count + 1))}"
cmd="${1:-}"
# Debian installs it in /usr/sbin, which a non-root PATH may lack.
haproxy_bin="$(command -v haproxy || echo /usr/sbin/haproxy)"

port_free() { ! (echo >"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# 0 when GET url answers 200 (node's fetch: curl may not be installed).
answers() {
  node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(2000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$1"
}

stop_pid_file() { # file: TERM, then KILL after 10 s
  local file=$1 pid
  [ -f "$file" ] || return 0
  pid=$(cat "$file")
  if kill -TERM "$pid" 2>/dev/null; then
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$file"
}

stop_all() {
  stop_pid_file "$dir/haproxy.pid"
  for file in "$dir"/instance-*.pid; do stop_pid_file "$file"; done
  stop_pid_file "$dir/s3.pid"
  if [ -d "$dir/pg" ]; then PG_CLUSTER_STATE='' bash "$root/server/test/pgCluster.sh" stop "$dir/pg"; fi
}

start_all() {
  if [ -f "$dir/cluster.env" ]; then echo "local-cluster: already started in $dir (stop it first)" >&2; exit 1; fi
  [ -x "$haproxy_bin" ] || { echo "local-cluster: haproxy not found (apt-get install -y haproxy)" >&2; exit 1; }
  for port in "$lb_port" $(seq $((lb_port + 1)) $((lb_port + count))) "$pg_port"; do
    port_free "$port" || { echo "local-cluster: port $port is taken (set CLUSTER_PORT / CLUSTER_PG_PORT)" >&2; exit 1; }
  done
  mkdir -p "$dir"
  # As root the PostgreSQL cluster runs as the postgres user, who must reach CLUSTER_DIR/pg.
  chmod 755 "$dir"

  if [ ! -f "$dir/secrets.env" ]; then
    (umask 077; node -e 'const r = () => require("node:crypto").randomBytes(32).toString("base64url"); console.log(`JWT_SECRET=${r()}\nAUTH_KEY=${r()}`)' >"$dir/secrets.env")
  fi
  local generated_jwt generated_key
  generated_jwt=$(sed -n 's/^JWT_SECRET=//p' "$dir/secrets.env")
  generated_key=$(sed -n 's/^AUTH_KEY=//p' "$dir/secrets.env")
  export JWT_SECRET="${JWT_SECRET:-$generated_jwt}" AUTH_KEY="${AUTH_KEY:-$generated_key}"

  local server_url
  server_url=$(PG_CLUSTER_STATE='' bash "$root/server/test/pgCluster.sh" start "$dir/pg" "$pg_port" | tail -n 1)
  psql "$server_url" -qAtc 'create database portal' >/dev/null
  export DATABASE_URL="${server_url%/postgres}/portal"

  cd "$root"
  start_media
  local balancer="http://127.0.0.1:$lb_port" urls=() i
  if [ "$seed" = "demo" ]; then PUBLIC_URL="$balancer" node --import tsx deploy/seedDemo.ts; fi

  # Instance 1 first: it migrates an empty database (and creates the first administrator); the
  # others then find it ready.
  # What the instances were started with, so start-instance starts one again the same way.
  export CLUSTER_PORT="$lb_port" CLUSTER_INSTANCES="$count"
  (umask 077; export -p | grep -vE '^declare -x (PWD|OLDPWD|SHLVL|_)=' >"$dir/instances.env")
  for i in $(seq 1 "$count"); do
    launch_instance "$i"
    urls+=("http://127.0.0.1:$((lb_port + i))")
    if [ "$i" -eq 1 ]; then wait_ready 1; fi
  done
  for i in $(seq 2 "$count"); do wait_ready "$i"; done

  {
    echo "global"
    echo "  maxconn 4096"
    # `show stat` on this socket tells when the balancer took an instance out (the fault test).
    echo "  stats socket $dir/haproxy.sock mode 600 level user"
    echo "defaults"
    echo "  mode http"
    echo "  option forwardfor"
    echo "  option redispatch"
    echo "  retries 2"
    echo "  timeout connect 2s"
    echo "  timeout client 60s"
    echo "  timeout server 60s"
    echo "  timeout queue 30s"
    echo "frontend portal"
    echo "  bind 127.0.0.1:$lb_port"
    echo "  http-request del-header X-Forwarded-For"
    # No TLS on this machine's balancer: it says so, as the recipe's says https behind TLS.
    echo "  http-request set-header X-Forwarded-Proto http"
    echo "  use_backend streams if { path /wp-json/yo/v1/class-now/events }"
    echo "  default_backend instances"
    # The recipe's shape (docs/deployment.md), with limits that leave the tests' bursts unqueued.
    for backend in instances streams; do
      echo "backend $backend"
      echo "  balance roundrobin"
      echo "  option httpchk GET /readyz"
      echo "  http-check expect status 200"
      echo "  default-server inter 1s fall 2 rise 2 maxconn 600"
      for i in $(seq 1 "$count"); do echo "  server portal-$i 127.0.0.1:$((lb_port + i)) check"; done
    done
  } >"$dir/haproxy.cfg"
  "$haproxy_bin" -c -q -f "$dir/haproxy.cfg"
  "$haproxy_bin" -D -f "$dir/haproxy.cfg" -p "$dir/haproxy.pid"
  for _ in $(seq 1 50); do answers "$balancer/wp-json/" && break; sleep 0.2; done
  answers "$balancer/wp-json/" || { echo "local-cluster: the balancer does not answer" >&2; exit 1; }

  (umask 077; {
    echo "BALANCER_URL=$balancer"
    echo "INSTANCE_URLS=${urls[*]}"
    echo "DATABASE_URL=$DATABASE_URL"
    echo "AUTH_KEY=$AUTH_KEY"
    echo "MEDIA_DRIVER=$MEDIA_DRIVER"
  } >"$dir/cluster.env")
  echo "$balancer"
}

start_media() { # exports the MEDIA_*/S3_* settings every instance and the seeding share
  export MEDIA_DRIVER="${MEDIA_DRIVER:-s3}"
  [ "$MEDIA_DRIVER" = "s3" ] || return 0
  if [ -n "${S3_ENDPOINT:-}" ]; then return 0; fi
  port_free "$s3_port" || { echo "local-cluster: port $s3_port is taken (set CLUSTER_S3_PORT)" >&2; exit 1; }
  mkdir -p "$dir/s3"
  export S3_BUCKET="${S3_BUCKET:-portal-media}"
  setsid node "$root/node_modules/s3rver/bin/s3rver.js" -d "$dir/s3" -a 127.0.0.1 -p "$s3_port" --silent \
    --configure-bucket "$S3_BUCKET" >"$dir/s3.log" 2>&1 </dev/null &
  echo $! >"$dir/s3.pid"
  export S3_ENDPOINT="http://127.0.0.1:$s3_port" S3_ACCESS_KEY_ID=S3RVER S3_SECRET_ACCESS_KEY=S3RVER S3_REGION=us-east-1
  # s3rver answers 404 NoSuchBucket at its root until it has created the bucket; any answer means it listens.
  for _ in $(seq 1 50); do
    node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(1000) }).then(() => process.exit(0), () => process.exit(1))' "$S3_ENDPOINT/$S3_BUCKET" && return 0
    sleep 0.2
  done
  echo "local-cluster: the S3 test server did not start; its log:" >&2
  tail -n 30 "$dir/s3.log" >&2
  exit 1
}

launch_instance() { # instance number, in the environment of start_all (or instances.env)
  local i=$1
  mkdir -p "$dir/instance-$i"
  PORT=$((lb_port + i)) HOST=127.0.0.1 DATA_DIR="$dir/instance-$i" DIST_DIR="$root/dist" PUBLIC_URL="http://127.0.0.1:$lb_port" \
    INSTANCE_NAME="portal-$i" TRUST_PROXY=127.0.0.1 LOG_LEVEL="${LOG_LEVEL:-warn}" WORKERS="${WORKERS:-1}" \
    setsid node --import tsx server/main.ts >>"$dir/instance-$i.log" 2>&1 </dev/null &
  echo $! >"$dir/instance-$i.pid"
}

start_instance() { # instance number: starts it again (after a crash or a kill); returns once it answers
  local i=$1 pid
  [[ "$i" =~ ^[0-9]+$ ]] && [ "$i" -ge 1 ] && [ "$i" -le "$count" ] || { echo "local-cluster: no instance '$i' (1 to $count)" >&2; exit 2; }
  pid=$(cat "$dir/instance-$i.pid" 2>/dev/null || echo '')
  # A killed process stays a zombie until init reaps it, which here may take a while: dead all the same.
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && [ "$(ps -o stat= -p "$pid" | cut -c1)" != "Z" ]; then
    echo "local-cluster: instance $i is running (pid $pid)" >&2
    exit 1
  fi
  port_free $((lb_port + i)) || { echo "local-cluster: port $((lb_port + i)) is taken" >&2; exit 1; }
  cd "$root"
  launch_instance "$i"
  wait_ready "$i"
  echo "http://127.0.0.1:$((lb_port + i))"
}

wait_ready() { # instance number: its port answers within 60 s, or its log is shown
  local i=$1 url="http://127.0.0.1:$((lb_port + $1))/wp-json/" pid
  pid=$(cat "$dir/instance-$i.pid")
  for _ in $(seq 1 300); do
    answers "$url" && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  echo "local-cluster: instance $i did not start; its log:" >&2
  tail -n 30 "$dir/instance-$i.log" >&2
  exit 1
}

restart_db() {
  [ -f "$dir/pg/data/PG_VERSION" ] || { echo "local-cluster: no PostgreSQL in $dir/pg" >&2; exit 1; }
  local bin port
  # The port it runs on (line 4 of postmaster.pid), so only CLUSTER_DIR need be given.
  port=$(sed -n 4p "$dir/pg/data/postmaster.pid" 2>/dev/null || echo "$pg_port")
  bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  if [ "$(id -u)" = "0" ]; then
    runuser -u postgres -- "$bin/pg_ctl" -D "$dir/pg/data" -m fast -w stop >/dev/null
  else
    "$bin/pg_ctl" -D "$dir/pg/data" -m fast -w stop >/dev/null
  fi
  sleep "${DB_DOWN_SECONDS:-0}"
  PG_CLUSTER_STATE='' bash "$root/server/test/pgCluster.sh" start "$dir/pg" "$port" >/dev/null
}

case "$cmd" in
  start)
    trap 'status=$?; if [ "$status" -ne 0 ]; then stop_all; fi' EXIT
    start_all
    ;;
  stop)
    stop_all
    rm -rf "$dir"
    ;;
  restart-db)
    restart_db
    ;;
  start-instance)
    [ -f "$dir/instances.env" ] || { echo "local-cluster: not started in $dir" >&2; exit 1; }
    # At the top level: declare inside a function would make these local.
    # shellcheck disable=SC1091
    source "$dir/instances.env"
    lb_port=$CLUSTER_PORT
    count=$CLUSTER_INSTANCES
    start_instance "${2:-}"
    ;;
  status)
    for file in "$dir"/instance-*.pid "$dir/haproxy.pid"; do
      [ -f "$file" ] || continue
      if kill -0 "$(cat "$file")" 2>/dev/null; then echo "$(basename "$file" .pid): running"; else echo "$(basename "$file" .pid): not running"; fi
    done
    ;;
  *)
    echo "usage: $0 start|stop|status|restart-db|start-instance N" >&2
    exit 2
    ;;
esac
