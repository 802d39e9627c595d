# syntax=docker/dockerfile:1.7
# One small image for every instance: build with dev dependencies, run with production ones only,
# as the unprivileged `node` user. Proven without a Docker engine by test/deploy/dockerfile.test.ts,
# which performs these same build and start steps in a scratch copy.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Social preview images draw titles with the system's fonts: Latin, Cyrillic and Vietnamese from
# DejaVu, Chinese and Japanese from Noto CJK (Thai ships in node_modules); docs/decisions/0008.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-noto-cjk && rm -rf /var/lib/apt/lists/*
# The server runs its TypeScript directly (Node's type stripping); it needs its sources, the
# contracts it shares with the pages, the translations, the demo content with the public files it
# names (checked when the demo content is seeded) and the built bundles.
COPY --from=build --chown=node:node /app/package.json /app/index.html ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/src ./src
COPY --from=build --chown=node:node /app/locales ./locales
COPY --from=build --chown=node:node /app/content ./content
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/scripts ./scripts
# /data/media exists owned by node, so a named volume mounted there (compose.yaml) is writable.
RUN mkdir -p /data/media && chown -R node:node /data
USER node
VOLUME ["/data"]
# With METRICS_PORT set (compose and Kubernetes use 9464), /metrics is served only there: publish
# that port to the monitoring network alone, never to the public.
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/HealthCheck/Get`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "server/index.ts"]
