# Cyrene as a Home Assistant add-on. The Supervisor builds this on the device (`docker buildx build
# --platform …` in the repository root); there is no build.yaml.
#
# Base: Home Assistant's Debian trixie image (s6-overlay, bashio, tempio), the multi-arch manifest for amd64
# and aarch64, pinned to a docker-base release. Debian rather than Alpine: trixie's nodejs is 20.19 (what
# package.json's engines ask for), better-sqlite3's native module is built and loaded against glibc, and
# sqlite-vec ships glibc builds only. See DOCS.md, "Why Debian".
#
# The base is deliberately not called BUILD_FROM: Supervisors before 2026.04 pass
# BUILD_FROM=ghcr.io/home-assistant/<arch>-base:latest (Alpine) to every add-on without a build.yaml, which
# would replace it; newer ones pass none. This argument is what both leave alone.
ARG CYRENE_BASE_IMAGE=ghcr.io/home-assistant/base-debian:trixie-2026.06.1

# Node, npm and a C++ toolchain (better-sqlite3 compiles itself when no prebuilt binary fits).
FROM ${CYRENE_BASE_IMAGE} AS toolchain
RUN apt-get update \
    && apt-get install -y --no-install-recommends nodejs npm python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./

# dist/ and web/dist/: every dependency, then the TypeScript build and the web UI's (vite; its packages are
# devDependencies, bundled into static files, so the runtime needs none of them).
FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY web ./web
RUN npm run build

# node_modules/ with production dependencies only, native modules built for this Node.
FROM toolchain AS production-dependencies
RUN npm ci --omit=dev --no-audit --no-fund

# The add-on: Node and the built app, no npm and no compiler.
FROM ${CYRENE_BASE_IMAGE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends nodejs \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY package.json ./
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
COPY --chmod=755 run.sh /run.sh

ARG BUILD_ARCH
ARG BUILD_VERSION
LABEL \
    io.hass.name="Cyrene" \
    io.hass.description="An LLM assistant for your home that acts through tools" \
    io.hass.type="addon" \
    io.hass.arch="${BUILD_ARCH}" \
    io.hass.version="${BUILD_VERSION}" \
    io.hass.url="https://github.com/cyrene-assistant/cyrene" \
    org.opencontainers.image.title="Cyrene" \
    org.opencontainers.image.source="https://github.com/cyrene-assistant/cyrene"

CMD ["/run.sh"]
