# TripPlus in one image: the web server and the background worker (docs/operations.md#containers).
# Build: docker build --build-arg BUILD_COMMIT=$(git rev-parse --short HEAD) -t tripplus .

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 MEDIA_DIR=/var/lib/tripplus/media
ARG BUILD_COMMIT=""
ENV BUILD_COMMIT=${BUILD_COMMIT}
WORKDIR /app
# The built server, the web app it renders, and what it reads at run time (data, catalogs, migrations).
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/data ./data
COPY --from=build /app/locales ./locales
COPY --from=build /app/server/db/migrations ./server/db/migrations
RUN mkdir -p /var/lib/tripplus/media && chown -R node:node /var/lib/tripplus
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/node/server/main.js"]
