-- Each person's IANA time zone (e.g. America/New_York), for the dates screens and e-mails show her. NULL until she
-- sets it or the web sends the browser's at her first sign-in; the users service checks the name (contracts).
ALTER TABLE users ADD COLUMN time_zone text CHECK (time_zone IS NULL OR length(time_zone) BETWEEN 1 AND 64);
