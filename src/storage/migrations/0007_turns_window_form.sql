ALTER TABLE `turns` ADD `window_content` text;--> statement-breakpoint
ALTER TABLE `turns` ADD `window_token_count` integer;