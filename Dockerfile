# syntax=docker/dockerfile:1
# The portal's image: build once, run many (docs/deploy.md). Multi-stage: the packages, the build (Next's standalone
# output), and a small runtime with only what the server loads, run as the unprivileged `node` user.
#
#   docker build -t pet-portal .
#   docker run -p 3000:3000 -v portal-data:/data pet-portal          # the one-line trial: PGlite in the volume
#
# With DATABASE_URL (PostgreSQL 15+) and S3_* set, run as many containers as you like (compose.yaml).

ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# postinstall mends postgres.js's write scheduler (scripts/patch-postgres.mjs).
COPY scripts/patch-postgres.mjs ./scripts/
# As CI does (.ci/run): `npm ci` refuses lock files written where other platforms' optional packages are absent.
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_OUTPUT=standalone
RUN npx next build

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# The standalone server's files and the node_modules it uses (traced by Next), the static assets, the migrations
# (applied at start under an advisory lock), and the portal's own server (scripts/server.mjs: client addresses,
# request ids, access log, graceful shutdown) with what it imports.
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/db/migrations ./db/migrations
COPY --from=build --chown=node:node /app/scripts/start.mjs /app/scripts/server.mjs /app/scripts/client-address.mjs ./scripts/
COPY --from=build --chown=node:node /app/lib/platform/logger.mjs ./lib/platform/logger.mjs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness: the process answers. (Readiness, /api/ready, is for the load balancer: see compose.yaml.)
HEALTHCHECK --interval=15s --timeout=3s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains requests in flight for SHUTDOWN_DRAIN_SECONDS (25) and exits 0: give `docker stop` longer (-t 30).
STOPSIGNAL SIGTERM
# start.mjs keeps a generated AUTH_SECRET in /data when none is set (set one, the same on every instance, when
# several run), then runs the server in this one process (PID 1 gets the signals).
CMD ["node", "scripts/start.mjs"]
