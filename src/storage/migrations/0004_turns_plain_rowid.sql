PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_turns` (
	`id` integer PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`turn_number` integer NOT NULL,
	`role` text NOT NULL,
	`content` text,
	`tool_call_id` text,
	`tool_name` text,
	`token_count` integer NOT NULL,
	`continuity` real,
	`domain` text,
	`topic_shift` integer DEFAULT false NOT NULL,
	`state` text DEFAULT 'window' NOT NULL,
	`output_valid` integer,
	`cacheable` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_turns`("id", "session_id", "turn_number", "role", "content", "tool_call_id", "tool_name", "token_count", "continuity", "domain", "topic_shift", "state", "output_valid", "cacheable", "created_at") SELECT "id", "session_id", "turn_number", "role", "content", "tool_call_id", "tool_name", "token_count", "continuity", "domain", "topic_shift", "state", "output_valid", "cacheable", "created_at" FROM `turns`;--> statement-breakpoint
DROP TABLE `turns`;--> statement-breakpoint
ALTER TABLE `__new_turns` RENAME TO `turns`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `turns_session_number` ON `turns` (`session_id`,`turn_number`);