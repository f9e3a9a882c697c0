-- CreateTable
CREATE TABLE "Pipeline" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "iid" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "ref" TEXT NOT NULL,
    "sha" TEXT NOT NULL,
    "tag" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'created',
    "source" TEXT NOT NULL,
    "userId" INTEGER,
    "scheduleId" INTEGER,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Pipeline_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Job" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "pipelineId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "stage" TEXT NOT NULL DEFAULT 'test',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Job_pipelineId_fkey" FOREIGN KEY ("pipelineId") REFERENCES "Pipeline" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Pipeline_projectId_id_idx" ON "Pipeline"("projectId", "id");

-- CreateIndex
CREATE INDEX "Pipeline_projectId_status_id_idx" ON "Pipeline"("projectId", "status", "id");

-- CreateIndex
CREATE INDEX "Pipeline_projectId_ref_id_idx" ON "Pipeline"("projectId", "ref", "id");

-- CreateIndex
CREATE INDEX "Pipeline_scheduleId_id_idx" ON "Pipeline"("scheduleId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Pipeline_projectId_iid_key" ON "Pipeline"("projectId", "iid");

-- CreateIndex
CREATE INDEX "Job_pipelineId_idx" ON "Job"("pipelineId");

-- CreateIndex
CREATE INDEX "Job_projectId_status_id_idx" ON "Job"("projectId", "status", "id");
