-- CreateTable
CREATE TABLE "QueueWorker" (
    "id" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "QueueWorker_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "QueueWorker_heartbeatAt_idx" ON "QueueWorker"("heartbeatAt");
