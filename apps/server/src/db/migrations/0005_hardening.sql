-- Hardening: a per-user session epoch. Access tokens issued (iat) before it are refused,
-- so a password reset or a suspension ends every signed-in session at once.

ALTER TABLE users ADD COLUMN sessions_revoked_at timestamptz;
