-- Full-text index of summary bodies, for retrieving archived summaries when a message
-- asks about the past (ranked with bm25). drizzle-kit does not model FTS5 tables, so
-- this migration is hand-written (drizzle-kit generate --custom). External content: the
-- text lives in summaries; triggers keep the index in step.
CREATE VIRTUAL TABLE `summaries_fts` USING fts5(body, content='summaries', content_rowid='pk', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `summaries_fts_insert` AFTER INSERT ON `summaries` BEGIN
  INSERT INTO `summaries_fts` (rowid, body) VALUES (new.pk, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `summaries_fts_delete` AFTER DELETE ON `summaries` BEGIN
  INSERT INTO `summaries_fts` (`summaries_fts`, rowid, body) VALUES ('delete', old.pk, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `summaries_fts_update` AFTER UPDATE OF body ON `summaries` BEGIN
  INSERT INTO `summaries_fts` (`summaries_fts`, rowid, body) VALUES ('delete', old.pk, old.body);
  INSERT INTO `summaries_fts` (rowid, body) VALUES (new.pk, new.body);
END;
