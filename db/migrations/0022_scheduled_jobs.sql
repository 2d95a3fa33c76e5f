CREATE TABLE "scheduled_jobs" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"last_finished_at" timestamp with time zone,
	"last_ok" boolean
);
