-- CreateTable
CREATE TABLE "ContainerRegistryProtectionTagRule" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "projectId" INTEGER NOT NULL,
    "tagNamePattern" TEXT NOT NULL,
    "minimumAccessLevelForPush" INTEGER,
    "minimumAccessLevelForDelete" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ContainerRegistryProtectionTagRule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
    "containerRegistryAccessLevel" TEXT NOT NULL DEFAULT 'enabled',
    "lastActivityAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Project_namespaceId_fkey" FOREIGN KEY ("namespaceId") REFERENCES "Namespace" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Project_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Project" ("archived", "buildTimeout", "ciConfigPath", "createdAt", "creatorId", "defaultBranch", "description", "fullPath", "fullPathLower", "id", "lastActivityAt", "lastPipelineIid", "name", "namespaceId", "path", "runnersTokenDigest", "runnersTokenEnc", "sharedRunnersEnabled", "traversalIds", "updatedAt", "visibility") SELECT "archived", "buildTimeout", "ciConfigPath", "createdAt", "creatorId", "defaultBranch", "description", "fullPath", "fullPathLower", "id", "lastActivityAt", "lastPipelineIid", "name", "namespaceId", "path", "runnersTokenDigest", "runnersTokenEnc", "sharedRunnersEnabled", "traversalIds", "updatedAt", "visibility" FROM "Project";
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
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "ContainerRegistryProtectionTagRule_projectId_id_idx" ON "ContainerRegistryProtectionTagRule"("projectId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ContainerRegistryProtectionTagRule_projectId_tagNamePattern_key" ON "ContainerRegistryProtectionTagRule"("projectId", "tagNamePattern");
