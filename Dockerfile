# syntax=docker/dockerfile:1.7
# One small image for every instance (docs/going-live.md#the-image): build with dev dependencies,
# run with what the server loads only, as the unprivileged `node` user, on a read-only root.
# Proven without an engine by test/deploy/dockerfile.test.ts (these steps replayed in a scratch
# copy; `npm ci` and `npm run build` checked against the CI run's own, not repeated) and with one
# by scripts/container-check.sh (podman or Docker).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
# Only what the build reads, each named: a change to the docs or the tests keeps every layer above
# and the build below cached (.dockerignore keeps the rest out of the context too).
COPY index.html vite.config.ts tsconfig.json bundle-budget.json ./
COPY public ./public
COPY locales ./locales
COPY locales-console ./locales-console
COPY content ./content
COPY scripts ./scripts
COPY server ./server
COPY shared ./shared
COPY src ./src
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund \
  && node scripts/container/prune-runtime-modules.ts

# Node without its debug symbols (121 -> 108 MB): the runtime stage is plain Debian, without npm,
# corepack and the headers of the Node image, which the server never uses.
FROM node:24-bookworm-slim AS node
RUN apt-get update && apt-get install -y --no-install-recommends binutils && rm -rf /var/lib/apt/lists/* \
  && cp /usr/local/bin/node /node && strip /node && /node --version

FROM debian:bookworm-slim AS runtime
# jemalloc as the process's allocator (LD_PRELOAD below): after a render load glibc's malloc held
# 45-80 MB more outside V8's heap, and about 90 MB more once the load stopped; jemalloc hands pages
# back two seconds after they fall idle (docs/performance.md#allocator).
# Social preview images draw titles through fontconfig (docs/decisions/0008-social-preview-images.md): DejaVu Sans for Latin,
# Cyrillic and Vietnamese, Noto Sans CJK for Chinese and Japanese, both in bold only (Thai and the
# PDF tickets' Noto Sans SC ship in node_modules). The serif, mono and regular faces stay out.
RUN printf '%s\n' \
    'path-exclude=/usr/share/fonts/opentype/noto/NotoSerifCJK*' \
    'path-exclude=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc' \
    'path-exclude=/usr/share/fonts/truetype/dejavu/DejaVuSerif*' \
    'path-exclude=/usr/share/fonts/truetype/dejavu/DejaVuSansMono*' \
    'path-exclude=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf' \
    > /etc/dpkg/dpkg.cfg.d/expo-fonts \
  && apt-get update && apt-get install -y --no-install-recommends fontconfig-config fonts-dejavu-core fonts-noto-cjk libjemalloc2 \
  && rm -rf /var/lib/apt/lists/* \
  && ln -s "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" /usr/local/lib/libjemalloc.so.2 \
  && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
COPY --from=node /node /usr/local/bin/node
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    XDG_CACHE_HOME=/tmp/.cache \
    LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=background_thread:true,dirty_decay_ms:2000,muzzy_decay_ms:0
WORKDIR /app
# The server runs its TypeScript directly (Node's type stripping); it needs its sources, the
# contracts it shares with the pages, the translations, the demo content with the public files it
# names (checked when the demo content is seeded) and the built bundles. Owned by root and not
# writable by `node`: the running process cannot change its own code.
COPY --from=build /app/package.json /app/index.html ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/server ./server
COPY --from=build /app/shared ./shared
COPY --from=build /app/locales ./locales
COPY --from=build /app/content ./content
COPY --from=build /app/scripts ./scripts
# public/ is inside dist/client already (the build copies it there): one copy, reached by both names.
RUN ln -s dist/client public
# fontconfig's cache of the fonts above, written now by the fontconfig inside sharp (another version
# than Debian's), so that a read-only root never makes it try to write one and print a plain-text
# "Fontconfig error" into the JSON logs. /data (and /data/media) belong to node: the only place
# besides /tmp where the server writes; a volume mounted there takes that ownership.
RUN node -e "require('sharp')({ text: { text: 'Aa 字', font: 'sans-serif Bold 12' } }).png().toBuffer().then(() => {}, (error) => { console.error(error); process.exit(1) })" \
  && mkdir -p /data/media && chown -R node:node /data
USER node
VOLUME ["/data"]
# With METRICS_PORT set (compose and Kubernetes use 9464), /metrics is served only there: publish
# that port to the monitoring network alone, never to the public.
EXPOSE 3000
# Liveness only (the process serves; no database call): a database outage must not restart it.
HEALTHCHECK --interval=15s --timeout=3s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/HealthCheck/Get`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# A young generation of 16 MB semi-spaces: Node 24 sizes them from the machine's memory (64 MB each
# on 24 GiB), about 120 MB more resident, idle or busy; the renders' figures stayed within the noise of
# our shared machine (docs/performance.md#memory). The old generation may grow to 1.2 times what the
# last full collection kept: V8's own factor let the heap of a busy instance reach 2 to 5 times its
# live objects and keep them, 150 to 340 MB more resident, for no render measurably faster
# (docs/performance.md#heap-growing).
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=20", "server/index.ts"]
