# The harness as a container, for vendors who do not run Node. Mount a directory for the reports and
# give the target with flags or a mounted target file, e.g.
#   docker run --rm --network host -v "$PWD/out:/out" cap-conformance run --target /out/target.json --report-dir /out
FROM node:24-bookworm-slim
WORKDIR /opt/cap-conformance
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY bin ./bin
COPY cli ./cli
COPY spec ./spec
COPY suites ./suites
COPY fixtures ./fixtures
COPY simulators ./simulators
COPY reports ./reports
COPY load ./load
USER node
ENTRYPOINT ["node", "/opt/cap-conformance/bin/cap-conformance.js"]
CMD ["run", "--report-dir", "/tmp/reports"]
