# syntax=docker/dockerfile:1
# Multi-stage build on the official Bun image. The runtime image runs as the non-root `bun` user,
# applies pending migrations, then serves. Configure with the environment variables in README.md.

FROM oven/bun:1.4.5 AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN bun install --ignore-scripts

FROM deps AS build
COPY . .
RUN PRISMA_SCHEMA_ENGINE_BINARY=/bin/true bunx prisma generate \
 && bun scripts/print-schema.ts \
 && bun scripts/build-web.ts

FROM oven/bun:1.4.5 AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN bun install --production --ignore-scripts

FROM oven/bun:1.4.5 AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/api ./api
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/web/dist ./web/dist
COPY package.json prisma.config.ts ./
RUN mkdir -p /app/data && chown -R bun:bun /app/data
USER bun
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD bun -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1)).catch(() => process.exit(1))"
CMD ["sh", "-c", "bun scripts/db.ts migrate && exec bun api/src/server.ts"]
