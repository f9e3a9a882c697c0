-- AlterTable
ALTER TABLE "Namespace" ADD COLUMN     "runnersTokenDigest" TEXT;

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "buildTimeout" INTEGER NOT NULL DEFAULT 3600,
ADD COLUMN     "ciConfigPath" TEXT,
ADD COLUMN     "runnersTokenDigest" TEXT,
ADD COLUMN     "runnersTokenEnc" TEXT,
ADD COLUMN     "sharedRunnersEnabled" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Commit" ADD COLUMN     "tree" TEXT NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "Pipeline" ADD COLUMN     "failureReason" TEXT,
ADD COLUMN     "variables" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "yamlErrors" TEXT;

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "allowFailure" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "coverage" DOUBLE PRECISION,
ADD COLUMN     "exitCode" INTEGER,
ADD COLUMN     "failureReason" TEXT,
ADD COLUMN     "options" TEXT NOT NULL DEFAULT '{}',
ADD COLUMN     "protected" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "queuedAt" TIMESTAMP(3),
ADD COLUMN     "retried" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "runnerId" INTEGER,
ADD COLUMN     "runnerManagerId" INTEGER,
ADD COLUMN     "stageIdx" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "tags" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "tokenDigest" TEXT,
ADD COLUMN     "traceSize" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "userId" INTEGER,
ADD COLUMN     "when" TEXT NOT NULL DEFAULT 'on_success';

-- CreateTable
CREATE TABLE "ProjectBlob" (
    "id" SERIAL NOT NULL,
    "projectId" INTEGER NOT NULL,
    "sha" TEXT NOT NULL,
    "content" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,

    CONSTRAINT "ProjectBlob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobTraceChunk" (
    "id" SERIAL NOT NULL,
    "jobId" INTEGER NOT NULL,
    "offset" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JobTraceChunk_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Runner" (
    "id" SERIAL NOT NULL,
    "runnerType" TEXT NOT NULL,
    "groupId" INTEGER,
    "description" TEXT NOT NULL DEFAULT '',
    "name" TEXT,
    "tokenDigest" TEXT NOT NULL,
    "tokenExpiresAt" TIMESTAMP(3),
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "runUntagged" BOOLEAN NOT NULL DEFAULT true,
    "accessLevel" TEXT NOT NULL DEFAULT 'not_protected',
    "maximumTimeout" INTEGER,
    "maintenanceNote" TEXT NOT NULL DEFAULT '',
    "tagList" TEXT NOT NULL DEFAULT '[]',
    "registrationType" TEXT NOT NULL DEFAULT 'registration_token',
    "creatorId" INTEGER,
    "contactedAt" TIMESTAMP(3),
    "version" TEXT,
    "revision" TEXT,
    "platform" TEXT,
    "architecture" TEXT,
    "ipAddress" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Runner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RunnerTag" (
    "id" SERIAL NOT NULL,
    "runnerId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "RunnerTag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RunnerProject" (
    "id" SERIAL NOT NULL,
    "runnerId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunnerProject_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RunnerManager" (
    "id" SERIAL NOT NULL,
    "runnerId" INTEGER NOT NULL,
    "systemId" TEXT NOT NULL,
    "version" TEXT,
    "revision" TEXT,
    "platform" TEXT,
    "architecture" TEXT,
    "ipAddress" TEXT,
    "contactedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RunnerManager_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CiVariable" (
    "id" SERIAL NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CiVariable_pkey" PRIMARY KEY ("id")
);

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

-- CreateIndex
CREATE UNIQUE INDEX "Project_runnersTokenDigest_key" ON "Project"("runnersTokenDigest");

-- CreateIndex
CREATE UNIQUE INDEX "Job_tokenDigest_key" ON "Job"("tokenDigest");

-- CreateIndex
CREATE INDEX "Job_status_id_idx" ON "Job"("status", "id");

-- CreateIndex
CREATE INDEX "Job_runnerId_id_idx" ON "Job"("runnerId", "id");

-- AddForeignKey
ALTER TABLE "ProjectBlob" ADD CONSTRAINT "ProjectBlob_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_runnerId_fkey" FOREIGN KEY ("runnerId") REFERENCES "Runner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JobTraceChunk" ADD CONSTRAINT "JobTraceChunk_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Runner" ADD CONSTRAINT "Runner_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Namespace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunnerTag" ADD CONSTRAINT "RunnerTag_runnerId_fkey" FOREIGN KEY ("runnerId") REFERENCES "Runner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunnerProject" ADD CONSTRAINT "RunnerProject_runnerId_fkey" FOREIGN KEY ("runnerId") REFERENCES "Runner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunnerProject" ADD CONSTRAINT "RunnerProject_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunnerManager" ADD CONSTRAINT "RunnerManager_runnerId_fkey" FOREIGN KEY ("runnerId") REFERENCES "Runner"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CiVariable" ADD CONSTRAINT "CiVariable_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CiVariable" ADD CONSTRAINT "CiVariable_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Namespace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
