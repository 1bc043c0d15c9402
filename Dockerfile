# The quiz show server: Node 26 (the current LTS) on Debian slim. Build context: the repository root (see .dockerignore).
# Used by docker-compose.yml; on its own: docker build -t quiz-show . && docker run -p 3000:3000 quiz-show
# The Node major is the one in .nvmrc, which CI tests on (.ci/run reads it; test/lint/node-version.test.ts keeps them equal).
ARG NODE_MAJOR=26

# Build stage: all dependencies, then server (dist/, nest build: no test, bench or fuzz code) and web app (web/dist/).
FROM node:${NODE_MAJOR}-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Runtime stage: production dependencies and the build output only.
FROM node:${NODE_MAJOR}-trixie-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
# Only the build output: the runtime starts the compiled server directly (npm start would build, and the
# build tools are not in this stage).
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
# The example quiz a fresh install loads from the control page (POST /api/quizzes/example).
COPY examples ./examples
RUN mkdir -p /data && chown node:node /data
USER node
ENV PORT=3000 DATA_DIR=/data
EXPOSE 3000
VOLUME /data
# Liveness, for a plain `docker run` too (compose checks readiness, /api/ready, on its own): /api/health
# answers from memory while the process lives. The slim image has no curl: node asks.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/src/main.js"]
