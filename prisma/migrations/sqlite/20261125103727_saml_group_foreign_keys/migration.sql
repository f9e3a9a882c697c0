-- Rows of groups deleted before these were foreign keys would break the constraint (group deletion
-- removed them, so normally there are none).
DELETE FROM "Identity" WHERE "groupId" NOT IN (SELECT "id" FROM "Namespace");
DELETE FROM "SamlGroupLink" WHERE "groupId" NOT IN (SELECT "id" FROM "Namespace");

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Identity" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "groupId" INTEGER NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'group_saml',
    "externUid" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Identity_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Identity_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Namespace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Identity" ("createdAt", "externUid", "groupId", "id", "provider", "updatedAt", "userId") SELECT "createdAt", "externUid", "groupId", "id", "provider", "updatedAt", "userId" FROM "Identity";
DROP TABLE "Identity";
ALTER TABLE "new_Identity" RENAME TO "Identity";
CREATE INDEX "Identity_userId_idx" ON "Identity"("userId");
CREATE UNIQUE INDEX "Identity_groupId_externUid_key" ON "Identity"("groupId", "externUid");
CREATE UNIQUE INDEX "Identity_groupId_userId_key" ON "Identity"("groupId", "userId");
CREATE TABLE "new_SamlGroupLink" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "groupId" INTEGER NOT NULL,
    "samlGroupName" TEXT NOT NULL,
    "provider" TEXT NOT NULL DEFAULT '',
    "accessLevel" INTEGER NOT NULL,
    "memberRoleId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SamlGroupLink_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Namespace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_SamlGroupLink" ("accessLevel", "createdAt", "groupId", "id", "memberRoleId", "provider", "samlGroupName", "updatedAt") SELECT "accessLevel", "createdAt", "groupId", "id", "memberRoleId", "provider", "samlGroupName", "updatedAt" FROM "SamlGroupLink";
DROP TABLE "SamlGroupLink";
ALTER TABLE "new_SamlGroupLink" RENAME TO "SamlGroupLink";
CREATE INDEX "SamlGroupLink_samlGroupName_idx" ON "SamlGroupLink"("samlGroupName");
CREATE UNIQUE INDEX "SamlGroupLink_groupId_samlGroupName_provider_key" ON "SamlGroupLink"("groupId", "samlGroupName", "provider");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
