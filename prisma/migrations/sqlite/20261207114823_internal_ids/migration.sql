-- CreateTable
CREATE TABLE "InternalId" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "usage" TEXT NOT NULL,
    "projectId" INTEGER,
    "namespaceId" INTEGER,
    "lastValue" INTEGER NOT NULL,
    CONSTRAINT "InternalId_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "InternalId_namespaceId_fkey" FOREIGN KEY ("namespaceId") REFERENCES "Namespace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Backfill: the counters move off the project and group rows (GitLab's internal_ids) with their values.
INSERT INTO "InternalId" ("usage", "projectId", "lastValue") SELECT 'ci_pipelines', "id", "lastPipelineIid" FROM "Project" WHERE "lastPipelineIid" > 0;
INSERT INTO "InternalId" ("usage", "projectId", "lastValue") SELECT 'issues', "id", "lastIssueIid" FROM "Project" WHERE "lastIssueIid" > 0;
INSERT INTO "InternalId" ("usage", "namespaceId", "lastValue") SELECT 'epics', "id", "lastEpicIid" FROM "Namespace" WHERE "lastEpicIid" > 0;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Namespace" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "fullPath" TEXT NOT NULL,
    "fullPathLower" TEXT NOT NULL,
    "fullName" TEXT NOT NULL,
    "parentId" INTEGER,
    "traversalIds" TEXT NOT NULL,
    "visibility" TEXT NOT NULL DEFAULT 'private',
    "description" TEXT NOT NULL DEFAULT '',
    "ownerId" INTEGER,
    "settings" TEXT NOT NULL DEFAULT '{}',
    "avatarPath" TEXT,
    "avatarFilename" TEXT,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "markedForDeletionOn" DATETIME,
    "runnersTokenEnc" TEXT,
    "runnersTokenDigest" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Namespace_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Namespace" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Namespace_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Namespace" ("archived", "avatarFilename", "avatarPath", "createdAt", "description", "fullName", "fullPath", "fullPathLower", "id", "kind", "markedForDeletionOn", "name", "ownerId", "parentId", "path", "runnersTokenDigest", "runnersTokenEnc", "settings", "traversalIds", "updatedAt", "visibility") SELECT "archived", "avatarFilename", "avatarPath", "createdAt", "description", "fullName", "fullPath", "fullPathLower", "id", "kind", "markedForDeletionOn", "name", "ownerId", "parentId", "path", "runnersTokenDigest", "runnersTokenEnc", "settings", "traversalIds", "updatedAt", "visibility" FROM "Namespace";
DROP TABLE "Namespace";
ALTER TABLE "new_Namespace" RENAME TO "Namespace";
CREATE UNIQUE INDEX "Namespace_fullPathLower_key" ON "Namespace"("fullPathLower");
CREATE UNIQUE INDEX "Namespace_ownerId_key" ON "Namespace"("ownerId");
CREATE UNIQUE INDEX "Namespace_runnersTokenDigest_key" ON "Namespace"("runnersTokenDigest");
CREATE INDEX "Namespace_parentId_id_idx" ON "Namespace"("parentId", "id");
CREATE INDEX "Namespace_parentId_kind_name_id_idx" ON "Namespace"("parentId", "kind", "name", "id");
CREATE INDEX "Namespace_traversalIds_idx" ON "Namespace"("traversalIds");
CREATE INDEX "Namespace_kind_name_id_idx" ON "Namespace"("kind", "name", "id");
CREATE INDEX "Namespace_kind_visibility_name_id_idx" ON "Namespace"("kind", "visibility", "name", "id");
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
    "issuesAccessLevel" TEXT NOT NULL DEFAULT 'enabled',
    "runnersTokenEnc" TEXT,
    "runnersTokenDigest" TEXT,
    "ciConfigPath" TEXT,
    "buildTimeout" INTEGER NOT NULL DEFAULT 3600,
    "sharedRunnersEnabled" BOOLEAN NOT NULL DEFAULT true,
    "containerRegistryAccessLevel" TEXT NOT NULL DEFAULT 'enabled',
    "lastActivityAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Project_namespaceId_fkey" FOREIGN KEY ("namespaceId") REFERENCES "Namespace" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Project_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Project" ("archived", "buildTimeout", "ciConfigPath", "containerRegistryAccessLevel", "createdAt", "creatorId", "defaultBranch", "description", "fullPath", "fullPathLower", "id", "issuesAccessLevel", "lastActivityAt", "name", "namespaceId", "path", "runnersTokenDigest", "runnersTokenEnc", "sharedRunnersEnabled", "traversalIds", "updatedAt", "visibility") SELECT "archived", "buildTimeout", "ciConfigPath", "containerRegistryAccessLevel", "createdAt", "creatorId", "defaultBranch", "description", "fullPath", "fullPathLower", "id", "issuesAccessLevel", "lastActivityAt", "name", "namespaceId", "path", "runnersTokenDigest", "runnersTokenEnc", "sharedRunnersEnabled", "traversalIds", "updatedAt", "visibility" FROM "Project";
DROP TABLE "Project";
ALTER TABLE "new_Project" RENAME TO "Project";
CREATE UNIQUE INDEX "Project_fullPathLower_key" ON "Project"("fullPathLower");
CREATE UNIQUE INDEX "Project_runnersTokenDigest_key" ON "Project"("runnersTokenDigest");
CREATE INDEX "Project_namespaceId_id_idx" ON "Project"("namespaceId", "id");
CREATE INDEX "Project_namespaceId_createdAt_id_idx" ON "Project"("namespaceId", "createdAt", "id");
CREATE INDEX "Project_traversalIds_idx" ON "Project"("traversalIds");
CREATE INDEX "Project_visibility_id_idx" ON "Project"("visibility", "id");
CREATE INDEX "Project_name_id_idx" ON "Project"("name", "id");
CREATE INDEX "Project_path_id_idx" ON "Project"("path", "id");
CREATE INDEX "Project_createdAt_id_idx" ON "Project"("createdAt", "id");
CREATE INDEX "Project_updatedAt_id_idx" ON "Project"("updatedAt", "id");
CREATE INDEX "Project_lastActivityAt_id_idx" ON "Project"("lastActivityAt", "id");
CREATE INDEX "Project_creatorId_id_idx" ON "Project"("creatorId", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "InternalId_projectId_usage_key" ON "InternalId"("projectId", "usage");

-- CreateIndex
CREATE UNIQUE INDEX "InternalId_namespaceId_usage_key" ON "InternalId"("namespaceId", "usage");
