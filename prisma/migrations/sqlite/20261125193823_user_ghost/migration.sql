-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_User" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "username" TEXT NOT NULL,
    "usernameLower" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "emailLower" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT,
    "admin" BOOLEAN NOT NULL DEFAULT false,
    "state" TEXT NOT NULL DEFAULT 'active',
    "bio" TEXT NOT NULL DEFAULT '',
    "bot" BOOLEAN NOT NULL DEFAULT false,
    "projectsLimit" INTEGER NOT NULL DEFAULT 100000,
    "canCreateGroup" BOOLEAN NOT NULL DEFAULT true,
    "external" BOOLEAN NOT NULL DEFAULT false,
    "confirmedAt" DATETIME,
    "lastSignInAt" DATETIME,
    "currentSignInAt" DATETIME,
    "lastActivityOn" DATETIME,
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "enterpriseGroupId" INTEGER,
    "botResourceType" TEXT,
    "botResourceId" INTEGER,
    "ghost" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_User" ("admin", "bio", "bot", "botResourceId", "botResourceType", "canCreateGroup", "confirmedAt", "createdAt", "createdById", "currentSignInAt", "email", "emailLower", "enterpriseGroupId", "external", "id", "lastActivityOn", "lastSignInAt", "name", "passwordHash", "projectsLimit", "state", "updatedAt", "username", "usernameLower") SELECT "admin", "bio", "bot", "botResourceId", "botResourceType", "canCreateGroup", "confirmedAt", "createdAt", "createdById", "currentSignInAt", "email", "emailLower", "enterpriseGroupId", "external", "id", "lastActivityOn", "lastSignInAt", "name", "passwordHash", "projectsLimit", "state", "updatedAt", "username", "usernameLower" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_username_key" ON "User"("username");
CREATE UNIQUE INDEX "User_usernameLower_key" ON "User"("usernameLower");
CREATE UNIQUE INDEX "User_emailLower_key" ON "User"("emailLower");
CREATE INDEX "User_name_id_idx" ON "User"("name", "id");
CREATE INDEX "User_createdAt_id_idx" ON "User"("createdAt", "id");
CREATE INDEX "User_updatedAt_id_idx" ON "User"("updatedAt", "id");
CREATE INDEX "User_state_id_idx" ON "User"("state", "id");
CREATE INDEX "User_enterpriseGroupId_id_idx" ON "User"("enterpriseGroupId", "id");
CREATE INDEX "User_botResourceType_botResourceId_idx" ON "User"("botResourceType", "botResourceId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
