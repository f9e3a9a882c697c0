-- CreateTable
CREATE TABLE "PipelineSchedule" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "ref" TEXT NOT NULL,
    "cron" TEXT NOT NULL,
    "cronTimezone" TEXT NOT NULL DEFAULT 'UTC',
    "nextRunAt" TIMESTAMP(3) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "ownerId" INTEGER,
    "lastPipelineId" INTEGER,
    "inputs" TEXT NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PipelineSchedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PipelineScheduleVariable" (
    "id" SERIAL NOT NULL,
    "scheduleId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "variableType" TEXT NOT NULL DEFAULT 'env_var',

    CONSTRAINT "PipelineScheduleVariable_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PipelineSchedule_projectId_id_idx" ON "PipelineSchedule"("projectId", "id");

-- CreateIndex
CREATE INDEX "PipelineSchedule_active_nextRunAt_idx" ON "PipelineSchedule"("active", "nextRunAt");

-- CreateIndex
CREATE UNIQUE INDEX "PipelineScheduleVariable_scheduleId_key_key" ON "PipelineScheduleVariable"("scheduleId", "key");

-- AddForeignKey
ALTER TABLE "PipelineSchedule" ADD CONSTRAINT "PipelineSchedule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PipelineScheduleVariable" ADD CONSTRAINT "PipelineScheduleVariable_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "PipelineSchedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;
