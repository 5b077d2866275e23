#!/usr/bin/env bash
# A throw-away PostgreSQL cluster on loopback for the tests (issue 17).
#   .ci/postgres.sh start DIR   installs PostgreSQL from Debian's packages when missing,
#                               initdb's a cluster into DIR, starts it on 127.0.0.1 and
#                               prints its URL (postgresql://...) on stdout.
#   .ci/postgres.sh stop DIR    stops that cluster (its files stay in DIR for the caller).
# Exits non-zero (with the reason on stderr) when PostgreSQL cannot be had; .ci/run then
# fails under CI=true, and elsewhere runs without it, the PostgreSQL tests skipping loudly.
set -euo pipefail
action=${1:?start or stop}
dir=${2:?a directory for the cluster}

bindir() {
    local found
    found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    [ -n "$found" ] && [ -x "$found/initdb" ] && echo "$found"
}

as_owner() {  # initdb and the server refuse to run as root
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

case "$action" in
start)
    if ! bindir >/dev/null; then
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            echo "postgres.sh: installing PostgreSQL from Debian's packages" >&2
            (apt-get update -q && DEBIAN_FRONTEND=noninteractive \
                apt-get install -y -q --no-install-recommends postgresql) >&2 \
                || { echo "postgres.sh: apt-get install postgresql failed" >&2; exit 1; }
        else
            echo "postgres.sh: PostgreSQL is not installed and cannot be (not root or no apt-get)" >&2
            exit 1
        fi
    fi
    bin=$(bindir) || { echo "postgres.sh: no initdb after installing" >&2; exit 1; }
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
        useradd --system --home-dir "$dir" --shell /bin/false postgres
    fi
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    # fsync off: a throw-away cluster, the tests want speed, not durability across a crash
    # of the machine (a killed client process is still tested against a real server).
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" \
        start >&2 || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgresql://postgres@127.0.0.1:$port/postgres"
    ;;
stop)
    bin=$(bindir) || exit 0
    [ -f "$dir/data/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
