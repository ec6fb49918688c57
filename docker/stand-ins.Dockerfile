# syntax=docker/dockerfile:1
# The local Stripe and AI stand-ins (scripts/lib/stripe-stand-in.ts, scripts/lib/ai-stand-in.ts) that docker-compose
# runs in place of Stripe and an OpenAI-compatible endpoint, as `npm start` and the tests do. Not for production.
# Build from the repository root:
#   docker build -f docker/stand-ins.Dockerfile -t rainmakers/stand-ins:dev .
# Compiled at build time (scripts/build-services.mjs stand-ins: esbuild, every dependency compiled in), so the image
# holds two modules and no node_modules. The default command is the Stripe stand-in; the AI one is
#   node --enable-source-maps ai-stand-in.mjs
ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: billing's dependencies (the Stripe SDK the stand-in signs webhooks with; esbuild comes with the kit's tsx)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
COPY package.json package-lock.json tsconfig.base.json ./
COPY services/kit/package.json services/kit/
COPY services/contracts/package.json services/contracts/
COPY services/billing/package.json services/billing/
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund --ignore-scripts --workspace services/billing
COPY scripts/build-services.mjs scripts/
COPY scripts/lib/stripe-stand-in.ts scripts/lib/ai-stand-in.ts scripts/lib/
RUN node scripts/build-services.mjs stand-ins && test -f scripts/dist/stand-ins/stripe-stand-in.mjs

# --- runtime: the two compiled modules; the Stripe stand-in keeps its objects under /data ---------------------------
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    STRIPE_STAND_IN_HOST=0.0.0.0 \
    STRIPE_STAND_IN_PORT=4191 \
    STRIPE_STAND_IN_STATE_FILE=/data/stripe/state.json \
    AI_STAND_IN_HOST=0.0.0.0 \
    AI_STAND_IN_PORT=4190
WORKDIR /app
COPY --from=build /app/scripts/dist/stand-ins ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4191 4190
CMD ["node", "--enable-source-maps", "stripe-stand-in.mjs"]
