-- The colour scheme each person chose on /profile. 'system' follows the device's setting.
ALTER TABLE users ADD COLUMN theme text NOT NULL DEFAULT 'system' CHECK (theme IN ('system', 'light', 'dark'));
