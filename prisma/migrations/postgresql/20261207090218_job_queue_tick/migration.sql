-- CreateTable
CREATE TABLE "JobQueueTick" (
    "id" INTEGER NOT NULL,
    "count" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "JobQueueTick_pkey" PRIMARY KEY ("id")
);

-- The one row every queueing transaction moves (lib/pipelines/queue-signal.ts).
INSERT INTO "JobQueueTick" ("id", "count") VALUES (1, 0);
