-- CreateTable
CREATE TABLE "JobQueueTick" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "count" BIGINT NOT NULL DEFAULT 0
);

-- The one row every queueing transaction moves (lib/pipelines/queue-signal.ts).
INSERT INTO "JobQueueTick" ("id", "count") VALUES (1, 0);
