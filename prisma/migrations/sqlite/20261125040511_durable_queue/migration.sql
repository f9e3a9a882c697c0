-- CreateTable
CREATE TABLE "QueuedTask" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "concurrencyKey" TEXT,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "runAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 5,
    "lockedBy" TEXT,
    "heartbeatAt" DATETIME,
    "progress" TEXT NOT NULL DEFAULT '{}',
    "result" TEXT,
    "lastError" TEXT,
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "startedAt" DATETIME,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "QueueLock" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "taskId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "QueuedTask_status_runAt_priority_id_idx" ON "QueuedTask"("status", "runAt", "priority", "id");

-- CreateIndex
CREATE INDEX "QueuedTask_status_heartbeatAt_idx" ON "QueuedTask"("status", "heartbeatAt");

-- CreateIndex
CREATE INDEX "QueuedTask_kind_id_idx" ON "QueuedTask"("kind", "id");

-- CreateIndex
CREATE INDEX "QueuedTask_concurrencyKey_idx" ON "QueuedTask"("concurrencyKey");

-- CreateIndex
CREATE INDEX "QueueLock_taskId_idx" ON "QueueLock"("taskId");
