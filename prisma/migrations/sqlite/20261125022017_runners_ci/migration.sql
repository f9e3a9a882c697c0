-- AlterTable
ALTER TABLE "Namespace" ADD COLUMN "runnersTokenDigest" TEXT;

-- CreateTable
CREATE TABLE "ProjectBlob" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "projectId" INTEGER NOT NULL,
    "sha" TEXT NOT NULL,
    "content" BLOB NOT NULL,
    "size" INTEGER NOT NULL,
    CONSTRAINT "ProjectBlob_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JobTraceChunk" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "jobId" INTEGER NOT NULL,
    "offset" INTEGER NOT NULL,
    "data" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JobTraceChunk_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Runner" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "runnerType" TEXT NOT NULL,
    "groupId" INTEGER,
    "description" TEXT NOT NULL DEFAULT '',
    "name" TEXT,
    "tokenDigest" TEXT NOT NULL,
    "tokenExpiresAt" DATETIME,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "runUntagged" BOOLEAN NOT NULL DEFAULT true,
    "accessLevel" TEXT NOT NULL DEFAULT 'not_protected',
    "maximumTimeout" INTEGER,
    "maintenanceNote" TEXT NOT NULL DEFAULT '',
    "tagList" TEXT NOT NULL DEFAULT '[]',
    "registrationType" TEXT NOT NULL DEFAULT 'registration_token',
    "creatorId" INTEGER,
    "contactedAt" DATETIME,
    "version" TEXT,
    "revision" TEXT,
    "platform" TEXT,
    "architecture" TEXT,
    "ipAddress" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Runner_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Namespace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RunnerTag" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "runnerId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    CONSTRAINT "RunnerTag_runnerId_fkey" FOREIGN KEY ("runnerId") REFERENCES "Runner" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RunnerProject" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "runnerId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RunnerProject_runnerId_fkey" FOREIGN KEY ("runnerId") REFERENCES "Runner" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RunnerProject_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RunnerManager" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "runnerId" INTEGER NOT NULL,
    "systemId" TEXT NOT NULL,
    "version" TEXT,
    "revision" TEXT,
    "platform" TEXT,
    "architecture" TEXT,
    "ipAddress" TEXT,
    "contactedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "RunnerManager_runnerId_fkey" FOREIGN KEY ("runnerId") REFERENCES "Runner" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CiVariable" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "projectId" INTEGER,
    "groupId" INTEGER,
    "key" TEXT NOT NULL,
    "valueEnc" TEXT NOT NULL,
    "variableType" TEXT NOT NULL DEFAULT 'env_var',
    "protected" BOOLEAN NOT NULL DEFAULT false,
    "masked" BOOLEAN NOT NULL DEFAULT false,
    "raw" BOOLEAN NOT NULL DEFAULT false,
    "environmentScope" TEXT NOT NULL DEFAULT '*',
    "description" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CiVariable_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CiVariable_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Namespace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Project" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "fullPath" TEXT NOT NULL,
    "fullPathLower" TEXT NOT NULL,
    "namespaceId" INTEGER NOT NULL,
    "traversalIds" TEXT NOT NULL,
    "creatorId" INTEGER,
    "visibility" TEXT NOT NULL DEFAULT 'private',
    "description" TEXT NOT NULL DEFAULT '',
    "defaultBranch" TEXT NOT NULL DEFAULT 'main',
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "lastPipelineIid" INTEGER NOT NULL DEFAULT 0,
    "runnersTokenEnc" TEXT,
    "runnersTokenDigest" TEXT,
    "ciConfigPath" TEXT,
    "buildTimeout" INTEGER NOT NULL DEFAULT 3600,
    "sharedRunnersEnabled" BOOLEAN NOT NULL DEFAULT true,
    "lastActivityAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Project_namespaceId_fkey" FOREIGN KEY ("namespaceId") REFERENCES "Namespace" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Project_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Project" ("archived", "createdAt", "creatorId", "defaultBranch", "description", "fullPath", "fullPathLower", "id", "lastActivityAt", "lastPipelineIid", "name", "namespaceId", "path", "traversalIds", "updatedAt", "visibility") SELECT "archived", "createdAt", "creatorId", "defaultBranch", "description", "fullPath", "fullPathLower", "id", "lastActivityAt", "lastPipelineIid", "name", "namespaceId", "path", "traversalIds", "updatedAt", "visibility" FROM "Project";
DROP TABLE "Project";
ALTER TABLE "new_Project" RENAME TO "Project";
CREATE UNIQUE INDEX "Project_fullPathLower_key" ON "Project"("fullPathLower");
CREATE UNIQUE INDEX "Project_runnersTokenDigest_key" ON "Project"("runnersTokenDigest");
CREATE INDEX "Project_namespaceId_id_idx" ON "Project"("namespaceId", "id");
CREATE INDEX "Project_traversalIds_idx" ON "Project"("traversalIds");
CREATE INDEX "Project_visibility_id_idx" ON "Project"("visibility", "id");
CREATE INDEX "Project_name_id_idx" ON "Project"("name", "id");
CREATE INDEX "Project_path_id_idx" ON "Project"("path", "id");
CREATE INDEX "Project_createdAt_id_idx" ON "Project"("createdAt", "id");
CREATE INDEX "Project_updatedAt_id_idx" ON "Project"("updatedAt", "id");
CREATE INDEX "Project_lastActivityAt_id_idx" ON "Project"("lastActivityAt", "id");
CREATE INDEX "Project_creatorId_id_idx" ON "Project"("creatorId", "id");
CREATE TABLE "new_Commit" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "projectId" INTEGER NOT NULL,
    "sha" TEXT NOT NULL,
    "parentSha" TEXT,
    "title" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "authorName" TEXT NOT NULL,
    "authorEmail" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "tree" TEXT NOT NULL DEFAULT '[]',
    CONSTRAINT "Commit_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Commit" ("authorEmail", "authorName", "createdAt", "id", "message", "parentSha", "projectId", "sha", "title") SELECT "authorEmail", "authorName", "createdAt", "id", "message", "parentSha", "projectId", "sha", "title" FROM "Commit";
DROP TABLE "Commit";
ALTER TABLE "new_Commit" RENAME TO "Commit";
CREATE UNIQUE INDEX "Commit_projectId_sha_key" ON "Commit"("projectId", "sha");
CREATE TABLE "new_Pipeline" (
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
    "yamlErrors" TEXT,
    "failureReason" TEXT,
    "variables" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Pipeline_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Pipeline" ("createdAt", "finishedAt", "id", "iid", "projectId", "ref", "scheduleId", "sha", "source", "startedAt", "status", "tag", "updatedAt", "userId") SELECT "createdAt", "finishedAt", "id", "iid", "projectId", "ref", "scheduleId", "sha", "source", "startedAt", "status", "tag", "updatedAt", "userId" FROM "Pipeline";
DROP TABLE "Pipeline";
ALTER TABLE "new_Pipeline" RENAME TO "Pipeline";
CREATE INDEX "Pipeline_projectId_id_idx" ON "Pipeline"("projectId", "id");
CREATE INDEX "Pipeline_projectId_status_id_idx" ON "Pipeline"("projectId", "status", "id");
CREATE INDEX "Pipeline_projectId_ref_id_idx" ON "Pipeline"("projectId", "ref", "id");
CREATE INDEX "Pipeline_scheduleId_id_idx" ON "Pipeline"("scheduleId", "id");
CREATE UNIQUE INDEX "Pipeline_projectId_iid_key" ON "Pipeline"("projectId", "iid");
CREATE TABLE "new_Job" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "pipelineId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "stage" TEXT NOT NULL DEFAULT 'test',
    "stageIdx" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "when" TEXT NOT NULL DEFAULT 'on_success',
    "allowFailure" BOOLEAN NOT NULL DEFAULT false,
    "tags" TEXT NOT NULL DEFAULT '[]',
    "options" TEXT NOT NULL DEFAULT '{}',
    "protected" BOOLEAN NOT NULL DEFAULT false,
    "userId" INTEGER,
    "runnerId" INTEGER,
    "runnerManagerId" INTEGER,
    "tokenDigest" TEXT,
    "exitCode" INTEGER,
    "failureReason" TEXT,
    "coverage" REAL,
    "traceSize" INTEGER NOT NULL DEFAULT 0,
    "retried" BOOLEAN NOT NULL DEFAULT false,
    "queuedAt" DATETIME,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Job_pipelineId_fkey" FOREIGN KEY ("pipelineId") REFERENCES "Pipeline" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Job_runnerId_fkey" FOREIGN KEY ("runnerId") REFERENCES "Runner" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Job" ("createdAt", "finishedAt", "id", "name", "pipelineId", "projectId", "stage", "startedAt", "status", "updatedAt") SELECT "createdAt", "finishedAt", "id", "name", "pipelineId", "projectId", "stage", "startedAt", "status", "updatedAt" FROM "Job";
DROP TABLE "Job";
ALTER TABLE "new_Job" RENAME TO "Job";
CREATE UNIQUE INDEX "Job_tokenDigest_key" ON "Job"("tokenDigest");
CREATE INDEX "Job_pipelineId_idx" ON "Job"("pipelineId");
CREATE INDEX "Job_projectId_status_id_idx" ON "Job"("projectId", "status", "id");
CREATE INDEX "Job_status_id_idx" ON "Job"("status", "id");
CREATE INDEX "Job_runnerId_id_idx" ON "Job"("runnerId", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "ProjectBlob_projectId_sha_key" ON "ProjectBlob"("projectId", "sha");

-- CreateIndex
CREATE UNIQUE INDEX "JobTraceChunk_jobId_offset_key" ON "JobTraceChunk"("jobId", "offset");

-- CreateIndex
CREATE UNIQUE INDEX "Runner_tokenDigest_key" ON "Runner"("tokenDigest");

-- CreateIndex
CREATE INDEX "Runner_runnerType_id_idx" ON "Runner"("runnerType", "id");

-- CreateIndex
CREATE INDEX "Runner_groupId_id_idx" ON "Runner"("groupId", "id");

-- CreateIndex
CREATE INDEX "Runner_contactedAt_id_idx" ON "Runner"("contactedAt", "id");

-- CreateIndex
CREATE INDEX "Runner_createdAt_id_idx" ON "Runner"("createdAt", "id");

-- CreateIndex
CREATE INDEX "RunnerTag_name_runnerId_idx" ON "RunnerTag"("name", "runnerId");

-- CreateIndex
CREATE UNIQUE INDEX "RunnerTag_runnerId_name_key" ON "RunnerTag"("runnerId", "name");

-- CreateIndex
CREATE INDEX "RunnerProject_projectId_runnerId_idx" ON "RunnerProject"("projectId", "runnerId");

-- CreateIndex
CREATE UNIQUE INDEX "RunnerProject_runnerId_projectId_key" ON "RunnerProject"("runnerId", "projectId");

-- CreateIndex
CREATE INDEX "RunnerManager_version_idx" ON "RunnerManager"("version");

-- CreateIndex
CREATE UNIQUE INDEX "RunnerManager_runnerId_systemId_key" ON "RunnerManager"("runnerId", "systemId");

-- CreateIndex
CREATE INDEX "CiVariable_groupId_idx" ON "CiVariable"("groupId");

-- CreateIndex
CREATE UNIQUE INDEX "CiVariable_projectId_key_environmentScope_key" ON "CiVariable"("projectId", "key", "environmentScope");

-- CreateIndex
CREATE UNIQUE INDEX "CiVariable_groupId_key_environmentScope_key" ON "CiVariable"("groupId", "key", "environmentScope");

-- CreateIndex
CREATE UNIQUE INDEX "Namespace_runnersTokenDigest_key" ON "Namespace"("runnersTokenDigest");
