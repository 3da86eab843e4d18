# A throwaway PostgreSQL cluster, sourced by .ci/run and scripts/bench.sh:
#   source scripts/postgres/cluster.sh; postgres_up LOG_DIR; …; postgres_down
# A cluster of its own in a temp folder, owned and run by the `postgres` user (the server refuses to run
# as root), on a free loopback port with a password login (Debian's `postgresql` package). postgres_up
# exports LINE_LOGIN_POSTGRES_URL, or prints why it could not and returns 1; postgres_down stops it,
# copies its log to LOG_DIR and removes the folder (safe to call twice).
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
pg_dir=""
pg_logs=""
as_postgres=""
if [ "$(id -u)" -eq 0 ]; then as_postgres="runuser -u postgres --"; fi

postgres_up() {
  pg_logs=$1
  if [ -z "$pg_bin" ]; then
    echo "no PostgreSQL server under /usr/lib/postgresql"
    return 1
  fi
  pg_dir=$(mktemp -d /tmp/line-login-postgres.XXXXXX)
  [ -z "$as_postgres" ] || chown postgres "$pg_dir"
  local port password
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  password=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
  if $as_postgres "$pg_bin/initdb" -D "$pg_dir/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
       >"$pg_logs/postgres-initdb.log" 2>&1 \
    && $as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w \
       -o "-c listen_addresses=127.0.0.1 -p $port -k $pg_dir" start >/dev/null \
    && $as_postgres "$pg_bin/psql" -h "$pg_dir" -p "$port" -U postgres -d postgres -qAt -v ON_ERROR_STOP=1 \
       -c "CREATE ROLE line_login LOGIN PASSWORD '$password'" -c "CREATE DATABASE line_login OWNER line_login" >/dev/null
  then
    export LINE_LOGIN_POSTGRES_URL="postgres://line_login:$password@127.0.0.1:$port/line_login"
    echo "PostgreSQL $("$pg_bin/postgres" --version | grep -Eo '[0-9]+[.][0-9]+' | head -1) on 127.0.0.1:$port"
  else
    cat "$pg_logs/postgres-initdb.log" "$pg_dir/server.log" 2>/dev/null | tail -30
    echo "PostgreSQL did not come up"
    return 1
  fi
}

postgres_down() {
  [ -n "$pg_dir" ] || return 0
  $as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast stop >/dev/null 2>&1 || true
  [ -z "$pg_logs" ] || cp "$pg_dir/server.log" "$pg_logs/postgres.log" 2>/dev/null || true
  rm -rf "$pg_dir"
  pg_dir=""
}
