# syntax=docker/dockerfile:1
# Bait web, the production image (docs/operations.md "Deploying with compose"): built in stages so
# that the runtime holds only the production dependencies and the build, runs as a user without
# privileges, and says it is ready only when /readyz does.
#
#   docker build -t bait-web .
#
# The settings come from the environment at run time (compose.yaml, deploy/compose/bait.env); none
# is baked in but NODE_ENV=production and MOCKS=false: a container without its settings refuses
# to start (app/lib/boot-rules.mjs), it never serves the demo. The demo runs from a clone (npm start).

ARG NODE_IMAGE=node:24-slim

# ——— deps: every dependency, as the lock file says (patch-package applies patches/ on install) ———
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# ——— build: the Remix build, the compiled server and the compile hints (npm run build) ———
FROM deps AS build
COPY . .
RUN npm run build

# ——— prod-deps: the production dependencies alone (tsx runs the operators' commands: npm run studio:user, …) ———
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ——— runtime: node 24 slim, the build, the server, not root ———
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    MOCKS=false \
    PORT=3000
WORKDIR /app
# The code belongs to root and is only read by the app's user; it writes only data/ and the
# studio's accounts folder (a volume in compose.yaml takes this folder's owner).
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/server ./server
COPY --from=build /app/app ./app
COPY --from=build /app/schemas ./schemas
COPY --from=build /app/locales ./locales
COPY --from=build /app/pages-config ./pages-config
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /app/data /var/lib/bait-studio && chown node:node /app/data /var/lib/bait-studio
# The node image's own user without privileges (uid 1000).
USER node
EXPOSE 3000
# Ready: a valid config to serve and Redis answering (server/app.ts). node:24-slim has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((answer) => process.exit(answer.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs in each worker (scripts/start.mjs), without npm or the cluster in between:
# one process per container (scale with instances), SIGTERM straight to it, so it drains
# (DRAIN_SECONDS) before it leaves. The start rules are checked first, in this process.
CMD ["node", "--import", "./build/tracing.js", "build/server.js"]
