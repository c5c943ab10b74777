# Trading Account Service image: Bun runs the server; Node 20 is present for the EA hosts
# (isolated-vm is a V8 addon and needs Node plus a C++ toolchain at build time).

# --- build: install all dependencies (native addons compile here), typecheck ---
FROM node:20-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends g++ make python3 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run typecheck && npm prune --omit=dev --no-audit --no-fund \
    && npm install --no-save --no-audit --no-fund bun@$(node -p "require('./package-lock.json').packages['node_modules/bun'].version")

# --- runtime: node + the bun binary from npm, production dependencies, sources ---
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=8080 \
    NODE_OPTIONS=--no-node-snapshot
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["/app/node_modules/.bin/bun", "src/cli.ts", "serve"]
