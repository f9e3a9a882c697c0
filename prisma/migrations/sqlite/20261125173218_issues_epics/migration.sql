-- CreateTable
CREATE TABLE "Issue" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "projectId" INTEGER NOT NULL,
    "iid" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "state" TEXT NOT NULL DEFAULT 'opened',
    "authorId" INTEGER,
    "confidential" BOOLEAN NOT NULL DEFAULT false,
    "dueDate" TEXT,
    "weight" INTEGER,
    "discussionLocked" BOOLEAN,
    "relativePosition" INTEGER,
    "closedAt" DATETIME,
    "closedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Issue_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Issue_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IssueAssignee" (
    "issueId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,

    PRIMARY KEY ("issueId", "userId"),
    CONSTRAINT "IssueAssignee_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "IssueAssignee_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IssueLabel" (
    "issueId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    PRIMARY KEY ("issueId", "name"),
    CONSTRAINT "IssueLabel_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Epic" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "groupId" INTEGER NOT NULL,
    "iid" INTEGER NOT NULL,
    "parentId" INTEGER,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "state" TEXT NOT NULL DEFAULT 'opened',
    "authorId" INTEGER,
    "confidential" BOOLEAN NOT NULL DEFAULT false,
    "startDateFixed" TEXT,
    "startDateIsFixed" BOOLEAN NOT NULL DEFAULT false,
    "dueDateFixed" TEXT,
    "dueDateIsFixed" BOOLEAN NOT NULL DEFAULT false,
    "color" TEXT NOT NULL DEFAULT '#1068bf',
    "closedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Epic_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Namespace" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Epic_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Epic" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Epic_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EpicLabel" (
    "epicId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    PRIMARY KEY ("epicId", "name"),
    CONSTRAINT "EpicLabel_epicId_fkey" FOREIGN KEY ("epicId") REFERENCES "Epic" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WorkItemParentLink" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "parentId" INTEGER NOT NULL,
    "childId" INTEGER NOT NULL,
    "relativePosition" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "WorkItemParentLink_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Epic" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WorkItemParentLink_childId_fkey" FOREIGN KEY ("childId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

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
    "lastEpicIid" INTEGER NOT NULL DEFAULT 0,
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
    "lastPipelineIid" INTEGER NOT NULL DEFAULT 0,
    "lastIssueIid" INTEGER NOT NULL DEFAULT 0,
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
INSERT INTO "new_Project" ("archived", "buildTimeout", "ciConfigPath", "containerRegistryAccessLevel", "createdAt", "creatorId", "defaultBranch", "description", "fullPath", "fullPathLower", "id", "lastActivityAt", "lastPipelineIid", "name", "namespaceId", "path", "runnersTokenDigest", "runnersTokenEnc", "sharedRunnersEnabled", "traversalIds", "updatedAt", "visibility") SELECT "archived", "buildTimeout", "ciConfigPath", "containerRegistryAccessLevel", "createdAt", "creatorId", "defaultBranch", "description", "fullPath", "fullPathLower", "id", "lastActivityAt", "lastPipelineIid", "name", "namespaceId", "path", "runnersTokenDigest", "runnersTokenEnc", "sharedRunnersEnabled", "traversalIds", "updatedAt", "visibility" FROM "Project";
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
CREATE INDEX "Issue_projectId_state_id_idx" ON "Issue"("projectId", "state", "id");

-- CreateIndex
CREATE INDEX "Issue_projectId_createdAt_id_idx" ON "Issue"("projectId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Issue_projectId_updatedAt_id_idx" ON "Issue"("projectId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "Issue_projectId_title_id_idx" ON "Issue"("projectId", "title", "id");

-- CreateIndex
CREATE INDEX "Issue_projectId_dueDate_id_idx" ON "Issue"("projectId", "dueDate", "id");

-- CreateIndex
CREATE INDEX "Issue_projectId_weight_id_idx" ON "Issue"("projectId", "weight", "id");

-- CreateIndex
CREATE INDEX "Issue_projectId_relativePosition_id_idx" ON "Issue"("projectId", "relativePosition", "id");

-- CreateIndex
CREATE INDEX "Issue_authorId_idx" ON "Issue"("authorId");

-- CreateIndex
CREATE UNIQUE INDEX "Issue_projectId_iid_key" ON "Issue"("projectId", "iid");

-- CreateIndex
CREATE INDEX "IssueAssignee_userId_issueId_idx" ON "IssueAssignee"("userId", "issueId");

-- CreateIndex
CREATE INDEX "IssueLabel_name_issueId_idx" ON "IssueLabel"("name", "issueId");

-- CreateIndex
CREATE INDEX "Epic_groupId_id_idx" ON "Epic"("groupId", "id");

-- CreateIndex
CREATE INDEX "Epic_groupId_createdAt_id_idx" ON "Epic"("groupId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Epic_groupId_updatedAt_id_idx" ON "Epic"("groupId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "Epic_groupId_title_id_idx" ON "Epic"("groupId", "title", "id");

-- CreateIndex
CREATE INDEX "Epic_parentId_idx" ON "Epic"("parentId");

-- CreateIndex
CREATE INDEX "Epic_authorId_idx" ON "Epic"("authorId");

-- CreateIndex
CREATE UNIQUE INDEX "Epic_groupId_iid_key" ON "Epic"("groupId", "iid");

-- CreateIndex
CREATE INDEX "EpicLabel_name_epicId_idx" ON "EpicLabel"("name", "epicId");

-- CreateIndex
CREATE UNIQUE INDEX "WorkItemParentLink_childId_key" ON "WorkItemParentLink"("childId");

-- CreateIndex
CREATE INDEX "WorkItemParentLink_parentId_relativePosition_id_idx" ON "WorkItemParentLink"("parentId", "relativePosition", "id");

-- CreateIndex
CREATE UNIQUE INDEX "WorkItemParentLink_parentId_relativePosition_key" ON "WorkItemParentLink"("parentId", "relativePosition");
