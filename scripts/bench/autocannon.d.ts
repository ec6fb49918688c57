/**
 * The part of autocannon 9's programmatic API the benchmark uses (the package ships no types and
 * @types/autocannon is not installed). See node_modules/autocannon/README.md.
 */
declare module 'autocannon' {
  namespace autocannon {
    type Context = Record<string, unknown>;

    interface RequestData {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      [key: string]: unknown;
    }

    interface Request extends RequestData {
      /** Called before every request of a connection; returns the request to send (or null to skip). */
      setupRequest?: (request: RequestData, context: Context) => RequestData | null;
      /** Called with every response (the whole body as text) before the 'response' event. */
      onResponse?: (status: number, body: string, context: Context, headers: Record<string, string>) => void;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Stop after this many requests in all (instead of a duration). */
      amount?: number;
      /** Seconds before a request counts as a timeout. */
      timeout?: number;
      pipelining?: number;
      requests?: Request[];
      headers?: Record<string, string>;
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    }

    interface Result {
      latency: Histogram;
      requests: Histogram & { sent: number };
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
      /** Seconds. */
      duration: number;
      start: Date;
      finish: Date;
    }

    interface Instance {
      /** client, status code, bytes of the response, response time in ms (hrtime based). */
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): Instance;
      on(event: 'reqError', listener: (error: Error) => void): Instance;
      on(event: 'done', listener: (result: Result) => void): Instance;
      stop(): void;
    }
  }

  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  export = autocannon;
}
