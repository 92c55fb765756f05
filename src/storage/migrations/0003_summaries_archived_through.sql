ALTER TABLE `sessions` ADD `archived_through` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `sessions` SET `archived_through` = coalesce((SELECT max(`seq`) FROM `summaries` WHERE `summaries`.`session_id` = `sessions`.`id` AND `summaries`.`status` = 'archived'), 0);--> statement-breakpoint
DROP INDEX `summaries_session_status_seq`;--> statement-breakpoint
CREATE INDEX `summaries_session_seq_span` ON `summaries` (`session_id`,`seq`,`started_at`,`ended_at`,`id`);--> statement-breakpoint
ALTER TABLE `summaries` DROP COLUMN `status`;--> statement-breakpoint
ALTER TABLE `summaries` DROP COLUMN `archived_at`;
