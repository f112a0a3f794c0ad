# syntax=docker/dockerfile:1.7
#
# Cairn's cluster images, one target each, all built from the repository root:
#
#   docker build --target search          -t <registry>/cairn-search:<tag> .
#   docker build --target generation      -t <registry>/cairn-generation:<tag> .
#   docker build --target conversations   -t <registry>/cairn-conversations:<tag> .
#   docker build --target saved-protocols -t <registry>/cairn-saved-protocols:<tag> .
#   docker build --target uploads         -t <registry>/cairn-uploads:<tag> .
#   docker build --target accounts        -t <registry>/cairn-accounts:<tag> .
#   docker build --target frontend-shell   -t <registry>/cairn-frontend-shell:<tag> .
#   docker build --target frontend-chat    -t <registry>/cairn-frontend-chat:<tag> .
#   docker build --target frontend-sidebar -t <registry>/cairn-frontend-sidebar:<tag> .
#   docker build --target frontend-upload  -t <registry>/cairn-frontend-upload:<tag> .
#
# Every image carries a CycloneDX SBOM of the npm packages in it: /app/sbom.cdx.json in the service
# images (that service's production node_modules), sbom.cdx.json beside the app's files in the frontend
# images (the app's npm dependencies; nginx does not serve it). `docker buildx build --sbom=true` attaches
# a BuildKit SBOM attestation (a scan of the whole image, Debian/Alpine packages included) as well.
#
# Base images are pinned by tag and digest (multi-platform index); update both together.
#
# Stages:
#   manifests        every package.json + the lockfile, nothing else (keeps `npm ci` cached across code changes)
#   build            full `npm ci` + `npm run build` (nx builds every workspace: services, shared packages, frontends)
#                    + each frontend app's SBOM
#   deps-<service>   `npm ci --omit=dev --workspace services/<service>`: that service's production node_modules only,
#                    and their SBOM
#   runtime          Node 24 LTS slim image without npm, non-root (uid 1000), DATA_DIR=/data
#   <service>        runtime + the service's dist, the shared packages' dist and its production node_modules
#   frontend-base    nginx-unprivileged (uid 101) with the settings the frontend images share
#   frontend-shell   the shell (Module Federation host) at /, with /runtime-config.json
#   frontend-remote  nginx serving one remote at /remotes/<name>/, with CORS
#   frontend-<name>  frontend-remote + that remote's dist (chat, sidebar, upload)
#
# The chart (charts/cairn) runs these with a read-only root filesystem, an emptyDir at /data and /tmp.

ARG NODE_BUILD_IMAGE=node:24.21.0-bookworm@sha256:64af3819f9275802414d7cdc38c27e9d82bd564dec4d4da87d008255d36c63b4
ARG NODE_RUNTIME_IMAGE=node:24.21.0-bookworm-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.30.5-alpine@sha256:ed04ec1ff34502c339ee5c3ae3f855442398edc1d05591e2b98981dcbbd20b1e

# ---------------------------------------------------------------------------------------------------
# Node toolchain (Debian bookworm): the same npm as the lockfile's authors, so `allowScripts` in
# package.json is honoured (better-sqlite3 builds its native addon, nx's postinstall does not run),
# and cyclonedx-npm for the SBOMs (`npm sbom` cannot: it stops at the workspace links and at the
# packages a `--workspace --omit=dev` install leaves out).
#
# better-sqlite3 is compiled from source against the Node 24.18.1 headers (ABI 137, as every 24.x):
# from 24.19.0, node::ObjectWrap's destructor (compiled into the addon from node_object_wrap.h)
# removes an environment cleanup hook, which aborts the process when V8 collects a Statement while no
# JS context is entered (nodejs/node#65446). scripts/test-node24.mjs builds the tests' copy the same way.
FROM ${NODE_BUILD_IMAGE} AS node-build-base
ARG NPM_VERSION=11.19.1
ARG CYCLONEDX_NPM_VERSION=6.0.1
RUN npm install --global --no-audit --no-fund "npm@${NPM_VERSION}" \
 && npm install --global --no-audit --no-fund --ignore-scripts "@cyclonedx/cyclonedx-npm@${CYCLONEDX_NPM_VERSION}"
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE=true \
    npm_config_build_from_source=better-sqlite3 \
    npm_config_target=24.18.1
WORKDIR /app

# ---------------------------------------------------------------------------------------------------
# Every workspace manifest (found, not listed, so a new workspace needs no change here). The later
# `COPY --from=manifests` layers only change when a package.json or the lockfile changes.
FROM node-build-base AS manifests
COPY . /src
RUN mkdir /manifests \
 && cd /src \
 && cp package.json package-lock.json /manifests/ \
 && find . -name package.json -not -path '*/node_modules/*' -not -path './package.json' \
      -exec cp --parents {} /manifests/ \;

# ---------------------------------------------------------------------------------------------------
FROM node-build-base AS build
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build
RUN for app in shell chat sidebar upload; do \
      cyclonedx-npm --omit dev --workspace "frontends/$app" --output-reproducible --output-format JSON \
        --output-file "frontends/$app/dist/sbom.cdx.json" || exit 1; \
    done

# ---------------------------------------------------------------------------------------------------
# Production dependencies, one workspace at a time. Workspace dependencies (@cairn/platform,
# @cairn/contracts, @cairn/rules) are symlinks into services/shared/*, filled in by the service targets.
# The SBOM lists the installed tree (--ignore-npm-errors: the dev and other workspaces' packages that
# --omit=dev --workspace leaves out are reported missing by `npm ls`). The test harnesses (tools/testing,
# @cairn/testing) are no service's dependency, so nothing of them is installed; their manifest, which
# npm ci needs to read the lockfile, is removed afterwards so that no image carries any part of them.
FROM node-build-base AS deps-search
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund --workspace services/search
RUN cyclonedx-npm --omit dev --workspace services/search --ignore-npm-errors --output-reproducible --output-format JSON --output-file sbom.cdx.json
RUN rm -r tools

FROM node-build-base AS deps-generation
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund --workspace services/generation
RUN cyclonedx-npm --omit dev --workspace services/generation --ignore-npm-errors --output-reproducible --output-format JSON --output-file sbom.cdx.json
RUN rm -r tools

FROM node-build-base AS deps-conversations
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund --workspace services/conversations
RUN cyclonedx-npm --omit dev --workspace services/conversations --ignore-npm-errors --output-reproducible --output-format JSON --output-file sbom.cdx.json
RUN rm -r tools

FROM node-build-base AS deps-saved-protocols
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund --workspace services/saved-protocols
RUN cyclonedx-npm --omit dev --workspace services/saved-protocols --ignore-npm-errors --output-reproducible --output-format JSON --output-file sbom.cdx.json
RUN rm -r tools

FROM node-build-base AS deps-uploads
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund --workspace services/uploads
RUN cyclonedx-npm --omit dev --workspace services/uploads --ignore-npm-errors --output-reproducible --output-format JSON --output-file sbom.cdx.json
RUN rm -r tools

FROM node-build-base AS deps-accounts
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund --workspace services/accounts
RUN cyclonedx-npm --omit dev --workspace services/accounts --ignore-npm-errors --output-reproducible --output-format JSON --output-file sbom.cdx.json
RUN rm -r tools

# ---------------------------------------------------------------------------------------------------
# Runtime base: same Node and Debian release as the build stage, so native addons (better-sqlite3) load.
# No package manager at run time: npm, npx, corepack and yarn are removed from the Node image.
FROM ${NODE_RUNTIME_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack /opt/yarn-v* \
      /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg
RUN ! command -v npm && ! command -v npx && ! command -v corepack && ! command -v yarn && ! test -e /usr/local/lib/node_modules/npm
RUN mkdir -p /data && chown 1000:1000 /data
VOLUME ["/data"]
# Numeric, so Kubernetes' runAsNonRoot can verify it (uid 1000 is the image's `node` user).
USER 1000:1000

# The shared packages every service imports (compiled output only; their package.json files come
# with the deps stage).
FROM runtime AS service-runtime
COPY --from=build /app/services/shared/contracts/dist/ services/shared/contracts/dist/
COPY --from=build /app/services/shared/platform/dist/ services/shared/platform/dist/
COPY --from=build /app/services/shared/rules/dist/ services/shared/rules/dist/
COPY --from=build /app/services/shared/documents/dist/ services/shared/documents/dist/

# ---------------------------------------------------------------------------------------------------
FROM service-runtime AS search
COPY --from=deps-search /app/ ./
COPY --from=build /app/services/search/dist/ services/search/dist/
# The starter corpus is indexed at start-up; the local embedder's weights and the compiled medical vocabulary ship with the image.
COPY --from=build /app/services/search/corpus/ services/search/corpus/
COPY --from=build /app/services/search/models/ services/search/models/
COPY --from=build /app/services/search/vocabulary/ services/search/vocabulary/
ENV PORT=8081
EXPOSE 8081
CMD ["node", "services/search/dist/main.js"]

FROM service-runtime AS generation
COPY --from=deps-generation /app/ ./
COPY --from=build /app/services/generation/dist/ services/generation/dist/
# Prompt templates of the OpenAI-compatible generator, read relative to dist at run time.
COPY --from=build /app/services/generation/prompts/ services/generation/prompts/
ENV PORT=8082
EXPOSE 8082
CMD ["node", "services/generation/dist/main.js"]

FROM service-runtime AS conversations
COPY --from=deps-conversations /app/ ./
COPY --from=build /app/services/conversations/dist/ services/conversations/dist/
ENV PORT=8083
EXPOSE 8083
CMD ["node", "services/conversations/dist/main.js"]

FROM service-runtime AS saved-protocols
COPY --from=deps-saved-protocols /app/ ./
COPY --from=build /app/services/saved-protocols/dist/ services/saved-protocols/dist/
ENV PORT=8084
EXPOSE 8084
CMD ["node", "services/saved-protocols/dist/main.js"]

FROM service-runtime AS uploads
# OCR of scanned PDF pages: poppler renders a page, tesseract reads it.
USER root
RUN apt-get update && apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-eng poppler-utils \
    && rm -rf /var/lib/apt/lists/*
USER 1000:1000
COPY --from=deps-uploads /app/ ./
COPY --from=build /app/services/uploads/dist/ services/uploads/dist/
ENV PORT=8085
EXPOSE 8085
CMD ["node", "services/uploads/dist/main.js"]

FROM service-runtime AS accounts
COPY --from=deps-accounts /app/ ./
COPY --from=build /app/services/accounts/dist/ services/accounts/dist/
ENV PORT=8086
EXPOSE 8086
CMD ["node", "services/accounts/dist/main.js"]

# ---------------------------------------------------------------------------------------------------
# Static frontends: one image per app, so the shell and each remote are deployed, versioned and rolled
# back on their own. The shell finds the remotes through /runtime-config.json (their manifest URLs);
# each remote image serves its files at /remotes/<name>/, the prefix the chart's Ingress routes to it.
FROM ${NGINX_IMAGE} AS frontend-base
COPY <<'EOF' /etc/nginx/conf.d/cairn-http.conf
# Shared by every Cairn frontend server. Mirrors services/standalone/src/frontends.ts.

# Content-hashed bundles (`name.<8+ hex digits>.ext`) never change once published: cache for a year.
# Everything else (index.html, mf-manifest.json, remoteEntry.js, /runtime-config.json) is
# revalidated on every load, so a new release, a rollback or a new runtime config is picked up at once.
map $uri $cairn_cache_control {
    "~\.[0-9a-f]{8,}\.(js|css|woff2?|ttf|svg|png|jpe?g|gif|webp|ico|wasm)(\.map)?$" "public, max-age=31536000, immutable";
    default "no-cache";
}

# HSTS only for requests that reached the ingress over TLS. An empty value sends no header.
map $http_x_forwarded_proto $cairn_hsts {
    https "max-age=31536000; includeSubDomains";
    default "";
}

server_tokens off;
gzip on;
gzip_vary on;
gzip_min_length 1024;
gzip_types text/css application/javascript application/json image/svg+xml;
EOF
COPY <<'EOF' /etc/nginx/cairn/security-headers.conf
# The headers of services/shared/platform/src/http/security-headers.ts that every response carries.
add_header X-Content-Type-Options nosniff always;
add_header Referrer-Policy strict-origin-when-cross-origin always;
add_header Strict-Transport-Security $cairn_hsts always;
EOF
# nginx-unprivileged already runs as uid 101; restated numerically for runAsNonRoot.
USER 101
EXPOSE 8080

# The shell at /. /runtime-config.json is read from /etc/cairn/runtime-config.json, which the chart
# replaces with a ConfigMap volume; the file baked in here is the same-origin, local-auth default.
FROM frontend-base AS frontend-shell
COPY <<'EOF' /etc/nginx/conf.d/default.conf
# Cairn shell (Module Federation host). The remotes are their own images, behind /remotes/<name>/.
server {
    listen 8080;
    server_name _;
    root /srv/cairn;
    # Redirects keep the scheme and host the browser used (behind the ingress).
    absolute_redirect off;

    # Not `always`: a 404 must never be cached as immutable.
    add_header Cache-Control $cairn_cache_control;
    # The CSP comes from /etc/cairn/content-security-policy.conf (the chart's runtime-config
    # ConfigMap, with the remotes' origins).
    include /etc/cairn/content-security-policy.conf;
    add_header Content-Security-Policy $cairn_csp always;
    add_header X-Frame-Options DENY always;
    include /etc/nginx/cairn/security-headers.conf;

    # Liveness/readiness of the static server itself.
    location = /healthz {
        access_log off;
        default_type text/plain;
        return 200 "ok\n";
    }

    # keycloak-js's silent sign-in check loads this page in a hidden iframe of the app itself
    # (SILENT_CHECK_POLICY in services/standalone/src/frontends.ts).
    location = /silent-check-sso.html {
        add_header Content-Security-Policy "default-src 'none'; script-src 'self'; frame-ancestors 'self'" always;
        add_header X-Content-Type-Options nosniff always;
        add_header X-Frame-Options SAMEORIGIN always;
        add_header Referrer-Policy strict-origin-when-cross-origin always;
        add_header Cache-Control no-cache;
    }

    location = /runtime-config.json {
        alias /etc/cairn/runtime-config.json;
        default_type application/json;
    }

    # The app's SBOM is in the image for scanners, not for browsers.
    location = /sbom.cdx.json {
        return 404;
    }

    # The API is routed by the ingress; a request that lands here matched no service.
    location /api/ {
        default_type application/json;
        return 404 '{"detail":{"message":"Not found","category":"not_found"}}';
    }

    # The remotes are routed by the ingress to their own servers; never answer for them with the shell.
    location /remotes/ {
        return 404;
    }

    # Client-side routes of the shell (SPA_ROUTES), with or without a trailing slash.
    location = / {
        try_files /index.html =404;
    }
    location ~ ^/(login|signup|forgot-password|dashboard|oidc-popup)/*$ {
        try_files /index.html =404;
    }

    location / {
        try_files $uri @unknown;
    }

    # Like the standalone server: a missing file is a 404, any other unknown page goes to the landing page.
    location @unknown {
        if ($uri ~ "\.[A-Za-z0-9]+$") {
            return 404;
        }
        return 302 /;
    }
}
EOF
COPY <<'EOF' /etc/cairn/runtime-config.json
{
  "apiBaseUrl": "/api",
  "remotes": {
    "chat": "/remotes/chat/mf-manifest.json",
    "sidebar": "/remotes/sidebar/mf-manifest.json",
    "upload": "/remotes/upload/mf-manifest.json"
  },
  "auth": { "mode": "local" }
}
EOF
COPY <<'EOF' /etc/cairn/content-security-policy.conf
set $cairn_csp "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-src 'self'; img-src 'self' data: blob: https:; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
EOF
COPY --from=build /app/frontends/shell/dist/ /srv/cairn/

# One remote at /remotes/<name>/ (remotes are built with `publicPath: 'auto'`, so any prefix works).
# The shell may load it from another origin (a CDN, another host): every file is sent with CORS.
FROM frontend-base AS frontend-remote
COPY <<'EOF' /etc/nginx/conf.d/default.conf
# One Cairn Module Federation remote.
server {
    listen 8080;
    server_name _;
    root /srv/cairn;
    absolute_redirect off;

    # Not `always`: a 404 must never be cached as immutable.
    add_header Cache-Control $cairn_cache_control;
    # Static, credential-free files: any origin may fetch mf-manifest.json and the chunks.
    add_header Access-Control-Allow-Origin * always;
    include /etc/nginx/cairn/security-headers.conf;

    location = /healthz {
        access_log off;
        default_type text/plain;
        return 200 "ok\n";
    }

    # Files only; a missing chunk is a plain 404.
    location /remotes/ {
        try_files $uri =404;
    }

    # The remote's SBOM is in the image for scanners, not for browsers.
    location ~ ^/remotes/[^/]+/sbom\.cdx\.json$ {
        return 404;
    }

    location / {
        return 404;
    }
}
EOF

FROM frontend-remote AS frontend-chat
COPY --from=build /app/frontends/chat/dist/ /srv/cairn/remotes/chat/

FROM frontend-remote AS frontend-sidebar
COPY --from=build /app/frontends/sidebar/dist/ /srv/cairn/remotes/sidebar/

FROM frontend-remote AS frontend-upload
COPY --from=build /app/frontends/upload/dist/ /srv/cairn/remotes/upload/
