-- CreateTable
CREATE TABLE "PipelineSchedule" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "projectId" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "ref" TEXT NOT NULL,
    "cron" TEXT NOT NULL,
    "cronTimezone" TEXT NOT NULL DEFAULT 'UTC',
    "nextRunAt" DATETIME NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "ownerId" INTEGER,
    "lastPipelineId" INTEGER,
    "inputs" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PipelineSchedule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PipelineScheduleVariable" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "scheduleId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "variableType" TEXT NOT NULL DEFAULT 'env_var',
    CONSTRAINT "PipelineScheduleVariable_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "PipelineSchedule" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "PipelineSchedule_projectId_id_idx" ON "PipelineSchedule"("projectId", "id");

-- CreateIndex
CREATE INDEX "PipelineSchedule_active_nextRunAt_idx" ON "PipelineSchedule"("active", "nextRunAt");

-- CreateIndex
CREATE UNIQUE INDEX "PipelineScheduleVariable_scheduleId_key_key" ON "PipelineScheduleVariable"("scheduleId", "key");
