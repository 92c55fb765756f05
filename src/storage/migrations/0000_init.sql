CREATE TABLE `errors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text,
	`code` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `errors_created` ON `errors` (`created_at`);--> statement-breakpoint
CREATE INDEX `errors_session` ON `errors` (`session_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `facts` (
	`id` text PRIMARY KEY NOT NULL,
	`domain` text NOT NULL,
	`fact` text NOT NULL,
	`subject` text,
	`confidence` text NOT NULL,
	`source` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`superseded_by` text,
	`deleted_reason` text,
	`provenance_session` text,
	`provenance_turns` text DEFAULT '[]' NOT NULL,
	`token_count` integer NOT NULL,
	`embedding` blob,
	`embedder_id` text,
	`created_at` integer NOT NULL,
	`last_confirmed_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `facts_status_domain` ON `facts` (`status`,`domain`);--> statement-breakpoint
CREATE INDEX `facts_subject` ON `facts` (`subject`);--> statement-breakpoint
CREATE INDEX `facts_superseded_by` ON `facts` (`superseded_by`);--> statement-breakpoint
CREATE TABLE `job_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job` text NOT NULL,
	`trigger` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`counts` text DEFAULT '{}' NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `job_runs_job` ON `job_runs` (`job`,`started_at`);--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `response_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`query` text NOT NULL,
	`language` text NOT NULL,
	`response` text NOT NULL,
	`domains` text NOT NULL,
	`session_id` text NOT NULL,
	`embedding` blob,
	`embedder_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `response_cache_expires` ON `response_cache` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`last_turn_number` integer DEFAULT 0 NOT NULL,
	`last_turn_at` integer,
	`last_output_valid` integer,
	`used_tools` text DEFAULT '[]' NOT NULL,
	`window_size` integer,
	`window_reason` text,
	`window_detail` text,
	`side_effect_at` integer,
	`ended_at` integer
);
--> statement-breakpoint
CREATE TABLE `summaries` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`seq` integer NOT NULL,
	`body` text NOT NULL,
	`topic` text NOT NULL,
	`token_count` integer NOT NULL,
	`search_text` text NOT NULL,
	`compact_body` text NOT NULL,
	`compact_token_count` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`first_turn` integer NOT NULL,
	`last_turn` integer NOT NULL,
	`turn_numbers` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`archived_at` integer,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `summaries_session_seq` ON `summaries` (`session_id`,`seq`);--> statement-breakpoint
CREATE TABLE `tool_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`tool_name` text NOT NULL,
	`result` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tool_cache_expires` ON `tool_cache` (`expires_at`);--> statement-breakpoint
CREATE TABLE `turns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
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
	`embedding` blob,
	`embedder_id` text,
	`output_valid` integer,
	`cacheable` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `turns_session_number` ON `turns` (`session_id`,`turn_number`);