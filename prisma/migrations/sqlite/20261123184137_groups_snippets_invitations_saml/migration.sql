-- AlterTable
ALTER TABLE "User" ADD COLUMN "botResourceId" INTEGER;
ALTER TABLE "User" ADD COLUMN "botResourceType" TEXT;
ALTER TABLE "User" ADD COLUMN "enterpriseGroupId" INTEGER;

-- CreateTable
CREATE TABLE "CustomAttribute" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "subjectType" TEXT NOT NULL,
    "subjectId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceType" TEXT NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "emailLower" TEXT NOT NULL,
    "accessLevel" INTEGER NOT NULL,
    "expiresAt" DATETIME,
    "tokenDigest" TEXT NOT NULL,
    "inviteSource" TEXT NOT NULL DEFAULT 'invitations-api',
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "MemberApproval" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceType" TEXT NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "accessLevel" INTEGER NOT NULL,
    "expiresAt" DATETIME,
    "requestedById" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "reviewedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Identity" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "groupId" INTEGER NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'group_saml',
    "externUid" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Identity_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SamlGroupLink" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "groupId" INTEGER NOT NULL,
    "samlGroupName" TEXT NOT NULL,
    "provider" TEXT NOT NULL DEFAULT '',
    "accessLevel" INTEGER NOT NULL,
    "memberRoleId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Snippet" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "projectId" INTEGER,
    "authorId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "visibility" TEXT NOT NULL DEFAULT 'private',
    "headSha" TEXT NOT NULL,
    "userAgent" TEXT NOT NULL DEFAULT '',
    "ipAddress" TEXT NOT NULL DEFAULT '',
    "spamfilterSubmitted" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Snippet_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Snippet_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SnippetVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "snippetId" INTEGER NOT NULL,
    "sha" TEXT NOT NULL,
    "parentSha" TEXT,
    "files" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "authorId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SnippetVersion_snippetId_fkey" FOREIGN KEY ("snippetId") REFERENCES "Snippet" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SnippetBlob" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "snippetId" INTEGER NOT NULL,
    "sha" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "size" INTEGER NOT NULL
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Namespace_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Namespace" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Namespace_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Namespace" ("createdAt", "description", "fullName", "fullPath", "fullPathLower", "id", "kind", "name", "ownerId", "parentId", "path", "traversalIds", "updatedAt", "visibility") SELECT "createdAt", "description", "fullName", "fullPath", "fullPathLower", "id", "kind", "name", "ownerId", "parentId", "path", "traversalIds", "updatedAt", "visibility" FROM "Namespace";
DROP TABLE "Namespace";
ALTER TABLE "new_Namespace" RENAME TO "Namespace";
CREATE UNIQUE INDEX "Namespace_fullPathLower_key" ON "Namespace"("fullPathLower");
CREATE UNIQUE INDEX "Namespace_ownerId_key" ON "Namespace"("ownerId");
CREATE INDEX "Namespace_parentId_id_idx" ON "Namespace"("parentId", "id");
CREATE INDEX "Namespace_traversalIds_idx" ON "Namespace"("traversalIds");
CREATE INDEX "Namespace_kind_name_id_idx" ON "Namespace"("kind", "name", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "CustomAttribute_subjectType_key_value_idx" ON "CustomAttribute"("subjectType", "key", "value");

-- CreateIndex
CREATE UNIQUE INDEX "CustomAttribute_subjectType_subjectId_key_key" ON "CustomAttribute"("subjectType", "subjectId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_tokenDigest_key" ON "Invitation"("tokenDigest");

-- CreateIndex
CREATE INDEX "Invitation_emailLower_idx" ON "Invitation"("emailLower");

-- CreateIndex
CREATE INDEX "Invitation_sourceType_sourceId_id_idx" ON "Invitation"("sourceType", "sourceId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_sourceType_sourceId_emailLower_key" ON "Invitation"("sourceType", "sourceId", "emailLower");

-- CreateIndex
CREATE INDEX "MemberApproval_status_id_idx" ON "MemberApproval"("status", "id");

-- CreateIndex
CREATE INDEX "MemberApproval_sourceType_sourceId_userId_idx" ON "MemberApproval"("sourceType", "sourceId", "userId");

-- CreateIndex
CREATE INDEX "Identity_userId_idx" ON "Identity"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Identity_groupId_externUid_key" ON "Identity"("groupId", "externUid");

-- CreateIndex
CREATE UNIQUE INDEX "Identity_groupId_userId_key" ON "Identity"("groupId", "userId");

-- CreateIndex
CREATE INDEX "SamlGroupLink_samlGroupName_idx" ON "SamlGroupLink"("samlGroupName");

-- CreateIndex
CREATE UNIQUE INDEX "SamlGroupLink_groupId_samlGroupName_provider_key" ON "SamlGroupLink"("groupId", "samlGroupName", "provider");

-- CreateIndex
CREATE INDEX "Snippet_projectId_id_idx" ON "Snippet"("projectId", "id");

-- CreateIndex
CREATE INDEX "Snippet_authorId_id_idx" ON "Snippet"("authorId", "id");

-- CreateIndex
CREATE INDEX "SnippetVersion_snippetId_id_idx" ON "SnippetVersion"("snippetId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "SnippetVersion_snippetId_sha_key" ON "SnippetVersion"("snippetId", "sha");

-- CreateIndex
CREATE UNIQUE INDEX "SnippetBlob_snippetId_sha_key" ON "SnippetBlob"("snippetId", "sha");

-- CreateIndex
CREATE INDEX "User_enterpriseGroupId_id_idx" ON "User"("enterpriseGroupId", "id");

-- CreateIndex
CREATE INDEX "User_botResourceType_botResourceId_idx" ON "User"("botResourceType", "botResourceId");
