# Outlay's production image: the client and the server built in one stage, run by plain node in a slim one.
#   docker build -t outlay .
#   docker run -p 3000:3000 -v outlay-data:/data outlay                      (embedded PGlite in the volume)
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… outlay              (PostgreSQL; see compose.yaml)
# NODE_ENV=production loads no demo data: create the first company with setup.js (docs/operations.md).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# only the run-time dependencies: no TypeScript, vite or test tools in the final image
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
WORKDIR /app
# the data directory is a folder of the volume, not the volume itself: its lock (/data/pglite.lock)
# must sit beside it, where the non-root user may write
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data/pglite
COPY --from=deps /app/node_modules ./node_modules
# package.json: "type": "module" for node, and the project root the server finds its folders from (src/server/paths.ts)
COPY package.json ./
COPY migrations ./migrations
COPY locales ./locales
COPY assets ./assets
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server/src/server/main.js"]
