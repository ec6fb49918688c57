/**
 * GET /api/account/export: everything the product holds about the signed-in person, as one JSON file. The gateway
 * asks every service's `GET /internal/users/{id}/export` at once (a gateway service token; the id is always the
 * caller's own, from her session), each within ACCOUNT_EXPORT_PART_DEADLINE_MS. Unlike the dashboard and the member
 * page, a missing part is not shown as missing: the whole answer is 503, because a file that silently lacks a part
 * would tell her the product holds less than it does (docs/decisions.md "Closing one's own account").
 */
import {
  ACCOUNT_EXPORT_PARTS,
  ACCOUNT_EXPORT_UNAVAILABLE,
  type AccountExport,
  type AccountExportPart,
  SERVICE_UNAVAILABLE,
} from '@rainmakers/contracts';
import { HttpError } from '@rainmakers/kit';
import type { Upstream } from './config';
import { gatewayServiceToken, type OverviewGatherer, upstreamAsker } from './member-overview';

/** Each part from the service that owns it; the part's name is its service's. */
export const ACCOUNT_EXPORT_CALLS: Record<AccountExportPart, { service: Upstream; path: (id: number) => string }> =
  Object.fromEntries(
    ACCOUNT_EXPORT_PARTS.map((part) => [part, { service: part, path: (id: number) => `/internal/users/${id}/export` }]),
  ) as Record<AccountExportPart, { service: Upstream; path: (id: number) => string }>;

export type ExportPartResult = { ok: true; body: unknown } | { ok: false };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The file from every part's answer (pure); null when any part is missing or not an object. */
export function assembleAccountExport(
  userId: number,
  results: Partial<Record<AccountExportPart, ExportPartResult>>,
  now: Date,
): AccountExport | null {
  const parts: Partial<Record<AccountExportPart, Record<string, unknown>>> = {};
  for (const part of ACCOUNT_EXPORT_PARTS) {
    const result = results[part];
    if (!result?.ok || !isRecord(result.body)) return null;
    parts[part] = result.body;
  }
  return { exportedAt: now.toISOString(), userId, ...(parts as Record<AccountExportPart, Record<string, unknown>>) };
}

/** Asks every part at once; 503 unless every one answered in time. */
export async function gatherAccountExport(
  gatherer: Pick<OverviewGatherer, 'upstreams' | 'agents' | 'isUp' | 'deadlineMs' | 'internalTokenSecret'>,
  userId: number,
  requestId: string | undefined,
  now = new Date(),
): Promise<AccountExport> {
  const ask = upstreamAsker(gatherer, requestId);
  const token = gatewayServiceToken(gatherer.internalTokenSecret);
  const settled = await Promise.allSettled(
    ACCOUNT_EXPORT_PARTS.map((part) => {
      const call = ACCOUNT_EXPORT_CALLS[part];
      return ask(call.service, call.path(userId), token);
    }),
  );
  const results: Partial<Record<AccountExportPart, ExportPartResult>> = {};
  ACCOUNT_EXPORT_PARTS.forEach((part, i) => {
    const answer = settled[i];
    results[part] =
      answer?.status === 'fulfilled' && answer.value.status < 400
        ? { ok: true, body: answer.value.body }
        : { ok: false };
  });
  const file = assembleAccountExport(userId, results, now);
  if (!file) throw new HttpError(503, ACCOUNT_EXPORT_UNAVAILABLE, undefined, SERVICE_UNAVAILABLE);
  return file;
}
