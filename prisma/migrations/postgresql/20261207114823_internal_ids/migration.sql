-- CreateTable
CREATE TABLE "InternalId" (
    "id" SERIAL NOT NULL,
    "usage" TEXT NOT NULL,
    "projectId" INTEGER,
    "namespaceId" INTEGER,
    "lastValue" INTEGER NOT NULL,

    CONSTRAINT "InternalId_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "InternalId_projectId_usage_key" ON "InternalId"("projectId", "usage");

-- CreateIndex
CREATE UNIQUE INDEX "InternalId_namespaceId_usage_key" ON "InternalId"("namespaceId", "usage");

-- AddForeignKey
ALTER TABLE "InternalId" ADD CONSTRAINT "InternalId_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InternalId" ADD CONSTRAINT "InternalId_namespaceId_fkey" FOREIGN KEY ("namespaceId") REFERENCES "Namespace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the counters move off the project and group rows (GitLab's internal_ids) with their values.
INSERT INTO "InternalId" ("usage", "projectId", "lastValue") SELECT 'ci_pipelines', "id", "lastPipelineIid" FROM "Project" WHERE "lastPipelineIid" > 0;
INSERT INTO "InternalId" ("usage", "projectId", "lastValue") SELECT 'issues', "id", "lastIssueIid" FROM "Project" WHERE "lastIssueIid" > 0;
INSERT INTO "InternalId" ("usage", "namespaceId", "lastValue") SELECT 'epics', "id", "lastEpicIid" FROM "Namespace" WHERE "lastEpicIid" > 0;

-- AlterTable
ALTER TABLE "Namespace" DROP COLUMN "lastEpicIid";

-- AlterTable
ALTER TABLE "Project" DROP COLUMN "lastIssueIid",
DROP COLUMN "lastPipelineIid";
