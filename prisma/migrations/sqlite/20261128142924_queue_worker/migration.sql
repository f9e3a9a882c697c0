-- CreateTable
CREATE TABLE "QueueWorker" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "QueueWorker_heartbeatAt_idx" ON "QueueWorker"("heartbeatAt");
