# syntax=docker/dockerfile:1
# Multi-stage build: compile native modules and the bundles in "build", install the server's runtime
# dependencies alone in "deps", run as a non-root user in "run".
#
# The base image is pinned to one Node.js release (not a moving tag such as node:20). To pin the
# exact bytes too, add the digest the registry reports for it:
#   docker buildx imagetools inspect node:20.20.2-bookworm-slim   →   FROM node:20.20.2-bookworm-slim@sha256:…
ARG NODE_IMAGE=node:20.20.2-bookworm-slim
# npm 11.19 reads package.json's allowScripts; --strict-allow-scripts makes an unreviewed install
# script fail the build instead of running (entries set to false are skipped).
ARG NPM_VERSION=11.19.1

FROM ${NODE_IMAGE} AS toolchain
ARG NPM_VERSION
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/* \
 && npm install -g npm@${NPM_VERSION} --no-audit --no-fund

FROM toolchain AS build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --strict-allow-scripts
COPY . .
RUN npm run build

# Runtime dependencies only: the browser-only packages (Mantine, Tiptap, the firebase web SDK,
# react-hook-form) are devDependencies, bundled into dist/client at build time.
FROM toolchain AS deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --strict-allow-scripts

FROM ${NODE_IMAGE} AS run
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /api/health reads a document through the store, so a broken database makes the container unhealthy.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Accounts from the shell: docker exec <container> node dist/server/cli/user.js list
# The same node flags as package.json's start script (tests/unit/deploy-config.test.ts checks it):
# --max-old-space-size bounds how far V8 lets the heap grow past the live data between full
# collections (README, "Performance"), so the server stays near 200 MB RSS under load.
CMD ["node", "--max-old-space-size=1536", "dist/server/main.js"]
