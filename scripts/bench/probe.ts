/**
 * Each search term alone, one request at a time (no concurrency): the latency a single member sees on an idle
 * stack, the size of the answer (the All tab's shape the web asks first) and how many items it lists.
 */
import { type LatencySummary, summarize } from './load';
import { allTabPath } from './scenarios';

export interface TermProbe {
  term: string;
  kind: string;
  status: number;
  latency: LatencySummary;
  /** Bytes of the JSON body. */
  bytes: number;
  counts: Record<string, number> | null;
  listed: Record<string, number> | null;
}

interface CatalogueBody {
  counts?: Record<string, number>;
  courses?: unknown[];
  modules?: unknown[];
  lessonsTitles?: unknown[];
  lessonsContent?: unknown[];
}

export async function probeTerms(
  gatewayUrl: string,
  headers: Record<string, string>,
  terms: ReadonlyArray<{ term: string; kind: string }>,
  options: { warm: number; measured: number },
): Promise<TermProbe[]> {
  const probes: TermProbe[] = [];
  for (const { term, kind } of terms) {
    const url = `${gatewayUrl}${allTabPath(term)}`;
    const times: number[] = [];
    let status = 0;
    let text = '';
    for (let i = 0; i < options.warm + options.measured; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      text = await response.text();
      const elapsed = performance.now() - started;
      status = response.status;
      if (i >= options.warm) times.push(elapsed);
    }
    let body: CatalogueBody | null = null;
    try {
      body = JSON.parse(text) as CatalogueBody;
    } catch {
      body = null;
    }
    probes.push({
      term,
      kind,
      status,
      latency: summarize(times),
      bytes: Buffer.byteLength(text),
      counts: body?.counts ?? null,
      listed: body
        ? {
            courses: body.courses?.length ?? 0,
            modules: body.modules?.length ?? 0,
            lessonsTitles: body.lessonsTitles?.length ?? 0,
            lessonsContent: body.lessonsContent?.length ?? 0,
          }
        : null,
    });
  }
  return probes;
}
