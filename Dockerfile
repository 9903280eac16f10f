# The harness as a container, for vendors who do not run Node. Mount a directory for the reports and
# give the target with flags or a mounted target file, e.g.
#   docker run --rm --network host -v "$PWD/out:/out" cap-conformance run --target /out/target.json --report-dir /out
# The image runs what the published package runs: the modules compiled to dist/ (scripts/build-dist.ts),
# with the dependencies package-lock.json pins and no TypeScript toolchain.
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx tsx scripts/build-dist.ts

FROM node:24-bookworm-slim
WORKDIR /opt/cap-conformance
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY bin ./bin
COPY --from=build /src/dist ./dist
USER node
ENTRYPOINT ["node", "/opt/cap-conformance/bin/cap-conformance.js"]
CMD ["run", "--report-dir", "/tmp/reports"]
