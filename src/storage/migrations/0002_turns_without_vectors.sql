ALTER TABLE `turns` DROP COLUMN `embedding`;--> statement-breakpoint
ALTER TABLE `turns` DROP COLUMN `embedder_id`;