-- Traces: the W3C traceparent of the request that published an event, so the relay can put it in the
-- envelope and the consumer's span joins that request's trace. NULL when tracing is off.
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS traceparent text;
