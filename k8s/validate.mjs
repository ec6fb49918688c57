/**
 * Validates rendered manifests against the Kubernetes API schemas, strict on unknown fields, without a cluster.
 *
 * The schemas are the ones compiled into the npm packages kubernetes-models (the built-in kinds, from the
 * Kubernetes OpenAPI document), @kubernetes-models/prometheus-operator (PodMonitor, PrometheusRule) and
 * @kubernetes-models/keda (ScaledObject). Their validators check types, formats, enums and required fields, but
 * like the API's own OpenAPI document they do not say `additionalProperties: false`, so a typo such as
 * `spec.replcas` would pass them (and the API server would drop it silently, or refuse it under
 * `kubectl apply --validate=strict`). To be strict, each manifest is validated through a Proxy that records
 * which properties the validator looks at: a typed object's validator reads every property its schema declares,
 * a map (labels, annotations, ConfigMap data, resource quantities) is enumerated, and a free-form object
 * (x-kubernetes-preserve-unknown-fields) is neither. A key the validator never read on an object whose other
 * properties it did read is a field the schema does not know.
 */

/** API group -> the package holding its models (the rest are built-in kinds in kubernetes-models). */
const CRD_PACKAGES = {
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
  'keda.sh': '@kubernetes-models/keda',
};

const modelCache = new Map();

/** The model class of an apiVersion and kind, or null when no kept package has its schema. */
async function modelOf(apiVersion, kind) {
  const id = `${apiVersion}/${kind}`;
  if (modelCache.has(id)) return modelCache.get(id);
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const pkg = CRD_PACKAGES[group] ?? 'kubernetes-models';
  let model = null;
  if (/^[A-Za-z0-9]+$/.test(kind) && /^[a-z0-9]+$/.test(version)) {
    try {
      const module = await import(`${pkg}/${group ? `${group}/` : ''}${version}/${kind}`);
      model = module[kind] ?? null;
    } catch (error) {
      if (error.code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED' && error.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    }
  }
  modelCache.set(id, model);
  return model;
}

const isObject = (value) => value !== null && typeof value === 'object';
const pointer = (segments) => segments.map((s) => String(s)).join('.');

/**
 * Runs a model's validator on the document through a recording Proxy.
 * Returns the schema errors and, per object the validator reached, the keys it read and whether it enumerated it.
 */
function tracedValidate(model, doc) {
  const seen = new Map(); // target object -> { path, reads: Set, enumerated: boolean }
  const proxies = new WeakMap();
  const wrap = (value, path) => {
    if (!isObject(value)) return value;
    if (proxies.has(value)) return proxies.get(value);
    const record = { path, reads: new Set(), enumerated: false };
    seen.set(value, record);
    const proxy = new Proxy(value, {
      get(target, key, receiver) {
        const child = Reflect.get(target, key, receiver);
        if (typeof key !== 'string') return child;
        if (!Array.isArray(target)) record.reads.add(key);
        return Object.hasOwn(target, key) ? wrap(child, [...path, key]) : child;
      },
      has(target, key) {
        if (typeof key === 'string') record.reads.add(key);
        return Reflect.has(target, key);
      },
      ownKeys(target) {
        record.enumerated = true;
        return Reflect.ownKeys(target);
      },
    });
    proxies.set(value, proxy);
    return proxy;
  };
  const errors = [];
  try {
    // A model's validate() runs its compiled schema on `this`: call it on the proxy, not on a copy.
    model.prototype.validate.call(wrap(doc, []));
  } catch (error) {
    if (!Array.isArray(error.errors)) throw error;
    for (const e of error.errors) {
      const at = e.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(root)';
      errors.push(`${at} ${e.message}`);
    }
  }
  return { errors, seen };
}

/**
 * Problems of one manifest: schema errors and unknown fields; `skipped` names a kind no kept package knows.
 * @returns {Promise<{ problems: string[], skipped: string | null }>}
 */
export async function validateManifest(doc) {
  const id = `${doc.kind}/${doc.metadata?.name}`;
  if (typeof doc.apiVersion !== 'string' || typeof doc.kind !== 'string') {
    return { problems: [`${id}: no apiVersion or kind`], skipped: null };
  }
  const model = await modelOf(doc.apiVersion, doc.kind);
  if (!model) return { problems: [], skipped: `${doc.apiVersion} ${doc.kind}` };
  const { errors, seen } = tracedValidate(model, doc);
  const problems = errors.map((e) => `${id}: ${e}`);
  for (const [object, { path, reads, enumerated }] of seen) {
    if (Array.isArray(object) || enumerated || reads.size === 0) continue;
    for (const key of Object.keys(object)) {
      if (!reads.has(key)) problems.push(`${id}: unknown field ${pointer([...path, key])}`);
    }
  }
  return { problems, skipped: null };
}

/** Validates every document; returns the problems and the distinct kinds skipped for want of a schema. */
export async function validateManifests(docs) {
  const problems = [];
  const skipped = new Set();
  for (const doc of docs) {
    const result = await validateManifest(doc);
    problems.push(...result.problems);
    if (result.skipped) skipped.add(result.skipped);
  }
  return { problems, skipped: [...skipped] };
}
