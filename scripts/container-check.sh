#!/usr/bin/env bash
# scripts/container-check.sh: the image proven with a real container engine (docs/going-live.md#proof).
# Not part of `npm test`: it builds images and takes minutes. Run it as root from the repository:
#
#   bash scripts/container-check.sh
#
# 1. Builds the image from our Dockerfile, unchanged, with Docker (when a daemon answers) or podman.
#    Where the official node:24-bookworm-slim and debian:bookworm-slim cannot be pulled, it first
#    builds faithful local stand-ins under those names (debootstrap --variant=minbase bookworm,
#    slimmed as Debian's slim image is; Node 24 from the npm `node` package), and says so.
# 2. Starts the image against a PostgreSQL and a Redis (the machine's own, with a fresh database)
#    on a read-only root with /tmp as a tmpfs, and checks: liveness and readiness, a page in two
#    languages, a social image with a Chinese title, jemalloc loaded as the allocator, the user it
#    runs as (not root, cannot write /app), logs that are all JSON, and a clean SIGTERM (exit code 0
#    within the grace period).
# 3. Runs the compose stack's shape by hand: two replicas and nginx with deploy/nginx.conf on a
#    network with DNS; kills one replica and sees the site keep answering within the connect
#    timeout; starts it again (a new address) and sees it back in rotation.
#
# Settings (environment): CHECK_PG_URL (admin URL, default postgres://postgres@127.0.0.1:5432/postgres),
# CHECK_DB (database to create afresh, default expo_container_check), CHECK_REDIS_URL (default
# redis://127.0.0.1:6379/9), CHECK_PORT (default 3480), CHECK_PROXY_PORT (default 8480),
# CHECK_CACHE (stand-in root filesystems, default /var/tmp/expo-container-check), MAX_IMAGE_MB (350).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
HERE=$ROOT/scripts/container
CACHE=${CHECK_CACHE:-/var/tmp/expo-container-check}
PG_URL=${CHECK_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
DB=${CHECK_DB:-expo_container_check}
REDIS_URL=${CHECK_REDIS_URL:-redis://127.0.0.1:6379/9}
PORT=${CHECK_PORT:-3480}
PROXY_PORT=${CHECK_PROXY_PORT:-8480}
MAX_IMAGE_MB=${MAX_IMAGE_MB:-350}
IMAGE=localhost/aurum-expo:check
NET=expo-check-net
NODE=$ROOT/node_modules/.bin/node
OUT=$ROOT/out/container-check
mkdir -p "$CACHE" "$OUT"

say() { printf '\n== %s\n' "$*"; }
ok() { printf '   ok: %s\n' "$*"; }
fail() { printf '   FAILED: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------------------------------------
say "Container engine"
if command -v docker >/dev/null && timeout 10 docker info >/dev/null 2>&1; then
  ENGINE=(docker)
  BUILD_FLAGS=()
  echo "   Docker with a daemon"
else
  command -v docker >/dev/null && echo "   docker is installed but no daemon answers: using podman"
  if ! command -v podman >/dev/null || ! command -v debootstrap >/dev/null || ! command -v runc >/dev/null; then
    echo "   installing podman, runc, debootstrap and socat from Debian (apt-get)"
    apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q podman runc debootstrap socat >/dev/null
  fi
  # Root in a sandbox without CAP_SYS_RESOURCE and with hybrid cgroups: scripts/container/containers.conf.
  export CONTAINERS_CONF=$HERE/containers.conf
  ENGINE=(podman)
  # Docker's image format keeps the Dockerfile's HEALTHCHECK (OCI's has none).
  BUILD_FLAGS=(--format docker)
  podman --version
fi
engine() { "${ENGINE[@]}" "$@" 2> >(grep -v -e 'failed to connect to syslog' -e 'systemd connection' >&2); }
has_image() { engine image exists "$1" 2>/dev/null || engine image inspect "$1" >/dev/null 2>&1; }

# ---------------------------------------------------------------------------------------------
# Stand-ins for the official base images, only where they cannot be had.
standin_rootfs() { # $1 suite, $2 folder, $3 extra packages
  local dir=$CACHE/$2
  if [ ! -f "$dir.tar" ]; then
    rm -rf "$dir"
    debootstrap --variant=minbase ${3:+--include=$3} "$1" "$dir" http://deb.debian.org/debian >"$CACHE/$2.log" 2>&1 || fail "debootstrap $1 (see $CACHE/$2.log)"
    # What Debian's slim images do: no docs, man pages or translations, no package lists or
    # downloaded packages left behind by apt.
    cp "$HERE/debian-slim.dpkg.cfg" "$dir/etc/dpkg/dpkg.cfg.d/docker"
    cp "$HERE/debian-slim.apt.conf" "$dir/etc/apt/apt.conf.d/docker-clean"
    find "$dir/usr/share/doc" -mindepth 2 ! -name copyright ! -type d -delete
    find "$dir/usr/share/doc" -mindepth 1 -type d -empty -delete
    rm -rf "$dir"/usr/share/{man,info,locale,groff,lintian}/* "$dir"/var/cache/apt/* "$dir"/var/lib/apt/lists/* "$dir"/var/log/*.log "$dir"/var/log/apt/*
    tar -C "$dir" -cf "$dir.tar" .
  fi
  echo "$dir.tar"
}

say "Base images"
if ! has_image docker.io/library/debian:bookworm-slim && ! engine pull -q docker.io/library/debian:bookworm-slim >/dev/null 2>&1; then
  echo "   debian:bookworm-slim cannot be pulled: STAND-IN from debootstrap --variant=minbase bookworm (slimmed)"
  engine import --change 'LABEL expo-check.stand-in=debootstrap-bookworm-minbase' "$(standin_rootfs bookworm debian-bookworm)" docker.io/library/debian:bookworm-slim >/dev/null
fi
if ! has_image docker.io/library/node:24-bookworm-slim && ! engine pull -q docker.io/library/node:24-bookworm-slim >/dev/null 2>&1; then
  echo "   node:24-bookworm-slim cannot be pulled: STAND-IN = debian:bookworm-slim above + Node $("$NODE" --version) from the npm"
  echo "   'node' package + npm from the npm registry, laid out as the official image (/usr/local, user node 1000)"
  ctx=$(mktemp -d)
  cp "$(readlink -f "$NODE")" "$ctx/node"
  (cd "$ctx" && npm pack -q npm@11 >/dev/null && tar xzf npm-*.tgz && mv package npm && rm npm-*.tgz)
  cp "$HERE/docker-entrypoint.sh" "$ctx/"
  cp "$HERE/node-standin.Containerfile" "$ctx/Containerfile"
  # Behind an intercepting egress proxy (NODE_EXTRA_CA_CERTS on this machine), npm ci inside the
  # build trusts the same authorities as the host; the runtime image never sees this.
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    echo "   (the stand-in trusts this machine's extra CA certificates for npm: NODE_EXTRA_CA_CERTS)"
    cp "$NODE_EXTRA_CA_CERTS" "$ctx/extra-ca.crt"
    printf 'COPY extra-ca.crt /usr/local/share/expo-check/extra-ca.crt\nENV NODE_EXTRA_CA_CERTS=/usr/local/share/expo-check/extra-ca.crt\n' >>"$ctx/Containerfile"
  fi
  engine build -q --pull=never -t docker.io/library/node:24-bookworm-slim "$ctx" >/dev/null
  rm -rf "$ctx"
fi
for image in docker.io/library/debian:bookworm-slim docker.io/library/node:24-bookworm-slim; do
  standin=$(engine image inspect --format '{{index .Config.Labels "expo-check.stand-in"}}' "$image" 2>/dev/null || true)
  echo "   $image $(engine image inspect --format '{{.Size}}' "$image" | awk '{ printf "%d MB", $1 / 1e6 }')${standin:+ (STAND-IN: $standin)}"
done

# ---------------------------------------------------------------------------------------------
say "Image build (our Dockerfile, unchanged)"
start=$(date +%s)
engine build "${BUILD_FLAGS[@]}" --pull=never -t "$IMAGE" "$ROOT" >"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; fail "image build (see $OUT/build.log)"; }
grep -E '^node_modules: ' "$OUT/build.log" | sed 's/^/   /' || echo '   (build steps cached)'
bytes=$(engine image inspect --format '{{.Size}}' "$IMAGE")
mb=$((bytes / 1000000))
echo "   built in $(($(date +%s) - start)) s; image size: $mb MB (limit $MAX_IMAGE_MB MB)"
engine history --format '{{.Size}}\t{{.CreatedBy}}' "$IMAGE" | cut -c1-110 | grep -v '^0 B' | sed 's/^/     /'
[ "$mb" -le "$MAX_IMAGE_MB" ] && ok "image size $mb MB <= $MAX_IMAGE_MB MB" || echo "   OVER: image size $mb MB > $MAX_IMAGE_MB MB"

# ---------------------------------------------------------------------------------------------
say "One instance against PostgreSQL and Redis (read-only root, /tmp a tmpfs)"
db_url() { echo "${PG_URL%/*}/$1"; }
fresh_db() { psql -q "$PG_URL" -c "DROP DATABASE IF EXISTS $1 WITH (FORCE)" -c "CREATE DATABASE $1" 2>&1 >/dev/null | grep -v NOTICE || true; }
TOKEN_SECRET=$(head -c 48 /dev/urandom | base64 | tr -d '\n')
SITE=expo-check-site
stop_forwarders() { # each forwarder and the connections it forked
  for pid in ${FORWARDERS:-}; do
    pkill -P "$pid" 2>/dev/null || true
    kill "$pid" 2>/dev/null || true
  done
  FORWARDERS=""
}
cleanup() {
  for name in "$SITE" expo-check-site-1 expo-check-site-2 expo-check-proxy expo-check-placeholder expo-check-anchor; do
    engine kill "$name" >/dev/null 2>&1 || true
    engine rm -f "$name" >/dev/null 2>&1 || true
  done
  engine network rm "$NET" >/dev/null 2>&1 || true
  stop_forwarders
}
trap cleanup EXIT
cleanup
fresh_db "$DB"
# The demo content is asked for here only so that an exhibition exists to draw a social image of.
engine run -d --name "$SITE" --network host --read-only --tmpfs /tmp \
  -e DATABASE_URL="$(db_url "$DB")" -e REDIS_URL="$REDIS_URL" -e TOKEN_SECRET="$TOKEN_SECRET" \
  -e HOST=127.0.0.1 -e PORT="$PORT" -e PUBLIC_ORIGIN="http://127.0.0.1:$PORT" -e DEMO_CONTENT=on \
  "$IMAGE" >/dev/null
status() { curl -s -o /dev/null -w '%{http_code}' --max-time "${2:-5}" "$1" || true; }
wait_for() { # url, seconds[, container that must stay up]
  local deadline=$(($(date +%s) + $2))
  until [ "$(status "$1")" = 200 ]; do
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    [ -z "${3:-}" ] || [ "$(engine inspect --format '{{.State.Running}}' "$3")" = true ] || return 1
    sleep 1
  done
}
base=http://127.0.0.1:$PORT
started=$(date +%s)
wait_for "$base/HealthCheck/Get" 180 "$SITE" || { engine logs "$SITE" | tail -20; fail "liveness never answered 200"; }
ok "liveness /HealthCheck/Get 200 after $(($(date +%s) - started)) s"
wait_for "$base/HealthCheck/Ready" 60 "$SITE" || fail "readiness never answered 200"
ok "readiness /HealthCheck/Ready 200"
for lang in en zh-cn; do
  page=$(curl -s --max-time 10 -w '\n%{http_code}' "$base/$lang")
  code=$(tail -1 <<<"$page")
  html_lang=$(grep -o '<html lang="[^"]*"' <<<"$page" | head -1)
  [ "$code" = 200 ] && [ -n "$html_lang" ] || fail "/$lang answered $code"
  ok "/$lang 200, $html_lang"
done
id=$(psql -tA "$(db_url "$DB")" -c "SELECT e.id FROM exhibitions e JOIN exhibition_texts t ON t.exhibition_id = e.id WHERE t.locale = 'zh-cn' AND t.title ~ '[一-龥]' AND e.cover_image LIKE '/%' AND e.published LIMIT 1")
[ -n "$id" ] || fail "no exhibition with a Chinese title and a cover"
title=$(psql -tA "$(db_url "$DB")" -c "SELECT title FROM exhibition_texts WHERE exhibition_id = $id AND locale = 'zh-cn'")
curl -s --max-time 30 -o "$OUT/social-zh-cn.png" -D "$OUT/social-zh-cn.headers" "$base/social-images/zh-cn/exhibition/$id.png"
"$NODE" -e '
  const png = require("node:fs").readFileSync(process.argv[1])
  const signature = png.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))
  const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)]
  console.log(`   social image: ${png.length} bytes, ${width}x${height}`)
  process.exit(signature && width === 1200 && height === 630 && png.length > 30000 ? 0 : 1)
' "$OUT/social-zh-cn.png" || fail "the social image is not a 1200x630 PNG of sensible size"
grep -qi '^content-type: image/png' "$OUT/social-zh-cn.headers" || fail "the social image is not served as image/png"
ok "/social-images/zh-cn/exhibition/$id.png: '$title' drawn (saved as $OUT/social-zh-cn.png)"
engine exec "$SITE" sh -c 'test -f /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc' || fail "no CJK font in the image"
ok "Noto Sans CJK Bold is in the image"
# The server's own process (PID 1 is node: exec-form CMD) allocates through the preloaded jemalloc.
engine exec "$SITE" sh -c 'grep -q libjemalloc /proc/1/maps' || fail "jemalloc is not loaded into the server's process"
ok "the server allocates with jemalloc ($(engine exec "$SITE" sh -c 'readlink -f "$LD_PRELOAD"'))"

uid=$(engine exec "$SITE" id -u)
[ "$uid" != 0 ] || fail "runs as root"
ok "runs as uid $uid ($(engine exec "$SITE" id -un)); /app owned by $(engine exec "$SITE" stat -c %U /app/server/index.ts)"
engine exec "$SITE" sh -c 'touch /app/server/index.ts' 2>/dev/null && fail "the process can rewrite its own code"
ok "cannot write /app"
engine exec "$SITE" sh -c 'touch /etc/expo-check' 2>/dev/null && fail "the root filesystem is writable"
ok "root filesystem read-only"
engine exec "$SITE" sh -c 'touch /data/expo-check /tmp/expo-check' || fail "/data or /tmp is not writable"
ok "/data and /tmp writable"

engine logs "$SITE" >"$OUT/site.log" 2>&1
"$NODE" -e '
  const lines = require("node:fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean)
  const plain = lines.filter((line) => { try { JSON.parse(line); return false } catch { return true } })
  for (const line of plain) console.log(`   not JSON: ${line}`)
  console.log(`   ${lines.length} log lines, ${plain.length} not JSON`)
  process.exit(plain.length ? 1 : 0)
' "$OUT/site.log" || fail "the logs are not all JSON"
ok "logs are JSON"

stop_started=$(date +%s%N)
engine stop -t 30 "$SITE" >/dev/null
stop_ms=$((($(date +%s%N) - stop_started) / 1000000))
code=$(engine inspect --format '{{.State.ExitCode}}' "$SITE")
[ "$code" = 0 ] || fail "exit code $code after SIGTERM"
[ "$stop_ms" -lt 30000 ] || fail "took $stop_ms ms to stop"
ok "SIGTERM: exit code 0 after $stop_ms ms (drain 5 s by default, grace 30 s)"
engine rm "$SITE" >/dev/null

# ---------------------------------------------------------------------------------------------
say "Compose shape: two replicas and nginx (deploy/nginx.conf) on a network with DNS"
if ! has_image docker.io/library/nginx:1.28 && ! engine pull -q docker.io/library/nginx:1.28 >/dev/null 2>&1; then
  # Debian bookworm's nginx is 1.22, older than `resolve` in upstreams (1.27.3): the stand-in is
  # Debian's current nginx (unstable), laid out as the official image (conf.d, logs to stdout).
  echo "   nginx:1.28 cannot be pulled: STAND-IN from debootstrap --variant=minbase sid with Debian's nginx"
  rootfs=$(standin_rootfs sid nginx-sid nginx)
  ctx=$(mktemp -d)
  cp "$HERE/nginx-standin.Containerfile" "$ctx/Containerfile"
  engine import "$rootfs" localhost/expo-check/nginx-sid-rootfs >/dev/null
  engine build -q --pull=never -t docker.io/library/nginx:1.28 "$ctx" >/dev/null
  rm -rf "$ctx"
fi
echo "   $(engine run --rm docker.io/library/nginx:1.28 nginx -v 2>&1)"
engine network create "$NET" >/dev/null
if [ "${ENGINE[0]}" = podman ]; then
  gateway=$(engine network inspect "$NET" --format '{{range .Subnets}}{{.Gateway}}{{end}}')
else
  gateway=$(engine network inspect "$NET" --format '{{range .IPAM.Config}}{{.Gateway}}{{end}}')
fi
# The machine's PostgreSQL and Redis listen on loopback: the replicas reach them through forwarders
# on the network's gateway (ports of this check's range), which exists once a container is on it.
engine run -d --name expo-check-anchor --network "$NET" docker.io/library/debian:bookworm-slim sleep 3600 >/dev/null
for _ in $(seq 20); do ip -o addr | grep -q " $gateway/" && break; sleep 0.5; done
FORWARDERS=""
socat TCP-LISTEN:$((PORT + 1)),bind="$gateway",fork,reuseaddr TCP:127.0.0.1:"$(sed -E 's#.*:([0-9]+)/.*#\1#' <<<"$PG_URL")" & FORWARDERS="$FORWARDERS $!"
socat TCP-LISTEN:$((PORT + 2)),bind="$gateway",fork,reuseaddr TCP:127.0.0.1:"$(sed -E 's#.*:([0-9]+)(/.*)?$#\1#' <<<"${REDIS_URL%/*}")" & FORWARDERS="$FORWARDERS $!"
COMPOSE_DB=${DB}_compose
fresh_db "$COMPOSE_DB"
inner_db=$(db_url "$COMPOSE_DB" | sed -E "s#@[^/]+/#@$gateway:$((PORT + 1))/#")
inner_redis="redis://$gateway:$((PORT + 2))/${REDIS_URL##*/}"
site_env=(-e DATABASE_URL="$inner_db" -e REDIS_URL="$inner_redis" -e TOKEN_SECRET="$TOKEN_SECRET"
  -e PUBLIC_ORIGIN="http://127.0.0.1:$PROXY_PORT" -e TRUST_PROXY=uniquelocal -e COMPRESSION=off -e SHUTDOWN_DRAIN_SECONDS=1)
engine run --rm --network "$NET" --read-only --tmpfs /tmp "${site_env[@]}" "$IMAGE" node scripts/db-migrate.ts | sed 's/^/   migrate: /'
replica() { engine run -d --name "expo-check-$1" --network "$NET" --network-alias "$1" --read-only --tmpfs /tmp "${site_env[@]}" "$IMAGE" >/dev/null; }
address() { engine inspect --format '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "expo-check-$1"; }
replica site-1
replica site-2
for name in site-1 site-2; do
  deadline=$(($(date +%s) + 180))
  until engine exec "expo-check-$name" node -e "fetch('http://127.0.0.1:3000/HealthCheck/Ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" 2>/dev/null; do
    [ "$(date +%s)" -lt "$deadline" ] || fail "$name never became ready"
    sleep 2
  done
done
ok "site-1 ($(address site-1)) and site-2 ($(address site-2)) ready (compose's health check command)"
# Our nginx.conf as it is, with two changes for this engine: podman's DNS is the network gateway,
# not Docker's 127.0.0.11; and a response header names the replica that answered.
dns=$(engine run --rm --network "$NET" docker.io/library/nginx:1.28 sh -c "awk '/^nameserver/ { print \$2; exit }' /etc/resolv.conf")
sed -e "s/resolver 127\.0\.0\.11 /resolver $dns /" -e 's/^  location \/ {$/  location \/ {\n    add_header X-Upstream $upstream_addr always;/' \
  "$ROOT/deploy/nginx.conf" >"$OUT/nginx.conf"
echo "   resolver $dns (podman's DNS) in place of 127.0.0.11"
engine run -d --name expo-check-proxy --network "$NET" -p 127.0.0.1:"$PROXY_PORT":80 -v "$OUT/nginx.conf:/etc/nginx/conf.d/default.conf:ro" docker.io/library/nginx:1.28 >/dev/null
proxy=http://127.0.0.1:$PROXY_PORT
wait_for "$proxy/en" 30 || { engine logs expo-check-proxy | tail; fail "the proxy never served /en"; }
upstreams() { # n requests: prints "slowest_ms failures distinct-upstreams"
  local slowest=0 failures=0 seen=""
  for _ in $(seq "$1"); do
    local out code ms up
    out=$(curl -s -o /dev/null -D - -w 'CODE %{http_code} %{time_total}\n' --max-time 10 "$proxy/en" || true)
    code=$(awk '/^CODE/ { print $2 }' <<<"$out")
    ms=$(awk '/^CODE/ { printf "%d", $3 * 1000 }' <<<"$out")
    up=$(awk -F': ' 'tolower($1) == "x-upstream" { gsub("\r", "", $2); print $2 }' <<<"$out" | awk -F', ' '{ print $NF }')
    [ "$code" = 200 ] || failures=$((failures + 1))
    [ "${ms:-0}" -gt "$slowest" ] && slowest=$ms
    case " $seen " in *" $up "*) ;; *) seen="$seen $up" ;; esac
  done
  echo "$slowest $failures$seen"
}
read -r slowest failures seen <<<"$(upstreams 20)"
[ "$failures" = 0 ] || fail "$failures of 20 requests failed with both replicas up"
ok "20 requests through nginx: all 200, slowest $slowest ms, answered by: $seen"

old=$(address site-1)
engine kill expo-check-site-1 >/dev/null
read -r slowest failures seen <<<"$(upstreams 30)"
[ "$failures" = 0 ] || fail "$failures of 30 requests failed after site-1 was killed"
[ "$slowest" -lt 5000 ] || fail "a request took $slowest ms after site-1 was killed (connect timeout 2 s)"
ok "site-1 killed: 30 requests all 200, slowest $slowest ms (proxy_connect_timeout 2s), answered by: $seen"

engine rm -f expo-check-site-1 >/dev/null
# A placeholder takes the freed address, so the new site-1 gets another one, as a recreated
# compose container may.
engine run -d --name expo-check-placeholder --network "$NET" docker.io/library/debian:bookworm-slim sleep 600 >/dev/null
replica site-1
new=$(address site-1)
deadline=$(($(date +%s) + 180))
until engine exec expo-check-site-1 node -e "fetch('http://127.0.0.1:3000/HealthCheck/Ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" 2>/dev/null; do
  [ "$(date +%s)" -lt "$deadline" ] || fail "the new site-1 never became ready"
  sleep 2
done
engine kill expo-check-placeholder >/dev/null && engine rm -f expo-check-placeholder >/dev/null
back=""
for _ in $(seq 20); do
  read -r slowest failures seen <<<"$(upstreams 10)"
  [ "$failures" = 0 ] || fail "$failures requests failed while site-1 came back"
  case " $seen " in *" $new:3000 "*) back=yes; break ;; esac
  sleep 1
done
[ -n "$back" ] || fail "site-1 at its new address $new never got traffic (nginx kept the old one?)"
ok "site-1 recreated at $new (was $old): back in rotation, answered by: $seen"

for name in site-1 site-2; do engine stop -t 30 "expo-check-$name" >/dev/null; done
ok "stopped; exit codes $(engine inspect --format '{{.State.ExitCode}}' expo-check-site-1) and $(engine inspect --format '{{.State.ExitCode}}' expo-check-site-2)"
stop_forwarders
psql -q "$PG_URL" -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "DROP DATABASE IF EXISTS $COMPOSE_DB WITH (FORCE)" >/dev/null
say "All container checks passed"
