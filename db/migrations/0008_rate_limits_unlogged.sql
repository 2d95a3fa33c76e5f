-- Rate-limit windows are counted on every /api call: an unlogged table writes no WAL, so the count costs no disk
-- flush at commit. After a crash PostgreSQL empties it, which only forgives the windows then open.
ALTER TABLE "rate_limits" SET UNLOGGED;
