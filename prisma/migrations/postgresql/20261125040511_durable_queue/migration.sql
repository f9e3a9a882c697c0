-- CreateTable
CREATE TABLE "QueuedTask" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "concurrencyKey" TEXT,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 5,
    "lockedBy" TEXT,
    "heartbeatAt" TIMESTAMP(3),
    "progress" TEXT NOT NULL DEFAULT '{}',
    "result" TEXT,
    "lastError" TEXT,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "QueuedTask_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QueueLock" (
    "key" TEXT NOT NULL,
    "taskId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QueueLock_pkey" PRIMARY KEY ("key")
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
